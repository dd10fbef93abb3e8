extension DependencyContainer {
    /// Adds `module`'s definitions to the running root: a feature module or a plugin that
    /// arrives after start-up.
    ///
    /// ```swift
    /// extension DependencyContainer {
    ///     static let chat = module {
    ///         single { ChatService() as ChatServiceProtocol }
    ///         single(tag: "chat") { ChatPlugin() as Plugin }
    ///     }
    /// }
    ///
    /// DependencyContainer.load(.chat)      // when the user opens the chat
    /// let chat: ChatServiceProtocol = resolve()
    /// DependencyContainer.unload(.chat)    // releases ChatService
    /// ```
    ///
    /// Every singleton the root already built is kept. A module the root already includes
    /// through another (a shared core) is composed once. A definition marked `.override()`
    /// replaces the root's until the module is unloaded (the root's is then built afresh). Its
    /// `createdAtStart()` singletons are built now. Other threads may resolve meanwhile: they
    /// see the root before or after, never a mix, and resolving takes no lock, before, during or
    /// after.
    ///
    /// Inside a task with a root of its own (``withRoot(_:operation:)``, a test's `.wired`
    /// trait) it changes that root, for that task and the tasks it created; the global root and
    /// other tests' roots are untouched.
    ///
    /// > Warning: Stops the program with a message if no root is defined, if the module is
    /// > already part of the root, or if it defines a type and tag the root has without
    /// > `.override()`; ``loadThrowing(_:file:line:)`` throws instead.
    public static func load(_ module: DependencyContainer, file: StaticString = #fileID, line: UInt = #line) {
        orStop { () throws(WiringError) in try loadThrowing(module, file: file, line: line) }
    }

    /// Adds `module`'s definitions to the running root (see ``load(_:file:line:)``), or throws
    /// what keeps it from being added: the form for a plugin system that may be asked twice, or
    /// that must report a conflicting module rather than stop.
    ///
    /// ```swift
    /// do {
    ///     try DependencyContainer.loadThrowing(.chat)
    /// } catch .moduleAlreadyLoaded {
    ///     // another screen loaded it first
    /// } catch {
    ///     log(error.description)
    /// }
    /// ```
    ///
    /// - Throws: ``WiringError/rootNeeded(operation:requestedAt:)`` if no root is defined,
    ///   ``WiringError/moduleAlreadyLoaded(module:first:requestedAt:)`` if the root has the
    ///   module already, ``WiringError/duplicateDefinition(type:tag:first:second:)`` if it defines
    ///   a type and tag the root has without `.override()`; or the error of a `createdAtStart()`
    ///   singleton it brings that fails to build (the module stays loaded).
    public static func loadThrowing(_ module: DependencyContainer, file: StaticString = #fileID, line: UInt = #line)
        throws(WiringError)
    {
        let site = CodeLocation(file, line)
        try requested(at: site) { () throws(WiringError) in
            let replacement = try RootState.ofCurrentTask.load(module, at: site)
            try replacement.startEagerSingletons()
        }
    }

    /// Removes a module from the root and releases its singletons: a module added with
    /// ``load(_:file:line:)``, or any module of the root given to ``defined(by:file:line:)-(DependencyContainer,_,_)``, at
    /// any depth, as KOIN's `unloadModules` does.
    ///
    /// ```swift
    /// DependencyContainer.defined(by: modules { .core; .chat })
    /// DependencyContainer.unload(.chat)    // core stays; ChatService is released
    /// ```
    ///
    /// A definition that another module of the root still brings (a shared core module
    /// included by both) stays. Scopes already open lose the module's scoped instances too: they
    /// are released, and resolving them there afterwards is an error. Resolving one of its types
    /// from the root afterwards is a missing definition (or, from code that still holds the old
    /// root, a ``WiringError/moduleUnloaded(type:definedAt:requestedAt:)``). Instances the app
    /// still holds stay alive until it lets them go. The old root and the released singletons
    /// are freed as soon as no thread is in the middle of reading them, so memory stays bounded
    /// however many times modules come and go.
    ///
    /// > Warning: Stops the program with a message naming the module's declaration site if the
    /// > root does not include it; ``unloadThrowing(_:file:line:)`` throws instead.
    public static func unload(_ module: DependencyContainer, file: StaticString = #fileID, line: UInt = #line) {
        orStop { () throws(WiringError) in try unloadThrowing(module, file: file, line: line) }
    }

    /// Removes `module` from the root (see ``unload(_:file:line:)``), or throws what keeps it
    /// from being removed.
    ///
    /// ```swift
    /// try? DependencyContainer.unloadThrowing(.chat)   // nothing to do if it was not loaded
    /// ```
    ///
    /// - Throws: ``WiringError/moduleNotLoaded(module:requestedAt:)`` if the root does not
    ///   include the module, ``WiringError/rootNeeded(operation:requestedAt:)`` if no root is
    ///   defined.
    public static func unloadThrowing(_ module: DependencyContainer, file: StaticString = #fileID, line: UInt = #line)
        throws(WiringError)
    {
        let site = CodeLocation(file, line)
        try requested(at: site) { () throws(WiringError) in
            try RootState.ofCurrentTask.unload(module, at: site)
        }
    }
}
