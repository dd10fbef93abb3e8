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
    /// Every singleton the root already built is kept. A definition marked `.override()`
    /// replaces the root's until the module is unloaded (the root's is then built afresh). Its
    /// `createdAtStart()` singletons are built now. Other threads may resolve meanwhile: they
    /// see the root before or after, never a mix, and the resolve path of the root's own
    /// singletons is unchanged. The module's singletons are held so that ``unload(_:file:line:)``
    /// can release them, which costs their resolves a lock.
    ///
    /// > Warning: Stops the program with a message if no root is defined, if the module is
    /// > already loaded, or if it defines a type and tag the root has without `.override()`.
    public static func load(_ module: DependencyContainer, file: StaticString = #fileID, line: UInt = #line) {
        let site = CodeLocation(file, line)
        do {
            let replacement = try root.load(module, at: site)
            try replacement.startEagerSingletons()
        } catch {
            wiringFailure(error.requested(at: site))
        }
    }

    /// Removes a module added with ``load(_:file:line:)`` from the root and releases its
    /// singletons.
    ///
    /// Resolving one of its types afterwards is a missing definition (or, from code that still
    /// holds the old root, a ``WiringError/moduleUnloaded(type:definedAt:requestedAt:)``).
    /// Instances the app still holds stay alive until it lets them go.
    ///
    /// > Warning: Stops the program with a message if the module was not loaded.
    public static func unload(_ module: DependencyContainer, file: StaticString = #fileID, line: UInt = #line) {
        do {
            let released = try root.unload(module, at: CodeLocation(file, line))
            _ = released  // released here, outside every lock
        } catch {
            wiringFailure(error.requested(at: CodeLocation(file, line)))
        }
    }
}
