extension DependencyContainer {
    /// Prepares `modules` off the launching thread, each on a thread of its own, and loads each
    /// into the root as soon as it is ready (KOIN's `lazyModules`).
    ///
    /// ```swift
    /// DependencyContainer.defined(by: modules { .core })
    /// DependencyContainer.load(inBackground: .chat, .feed, .settings)
    /// // … the app goes on; a resolve of a type `.chat` defines waits for `.chat` alone.
    /// try await DependencyContainer.waitForBackgroundModules()
    /// ```
    ///
    /// Each module's definitions are made and its registry built concurrently with the others
    /// and with the app; loading it then takes the root's lock as briefly as ``load(_:file:line:)``.
    /// Until a module is loaded, a free `resolve()`, `resolveThrowing()` or `resolveOptional()` of
    /// a type no loaded module defines waits for the modules still being prepared, one by one,
    /// and returns as soon as the one that defines it is in. A module that cannot be loaded (a
    /// duplicate definition) is reported by `waitForBackgroundModules()` and by the first
    /// resolve of a type it defines, never dropped.
    ///
    /// - Parameters:
    ///   - modules: The modules to prepare, declared with ``lazyModule(file:line:_:)``.
    ///   - file: The file of the call (`#fileID`), for messages.
    ///   - line: The line of the call, for messages.
    public static func load(inBackground modules: LazyModule..., file: StaticString = #fileID, line: UInt = #line) {
        let state = RootState.ofCurrentTask
        let site = CodeLocation(file, line)
        state.background.start(modules.count)
        for lazy in modules {
            // Already loaded, or being loaded: said once, by the wait that covers this load.
            if let error = state.background.claim(lazy, at: site) {
                state.background.fail(error)
                continue
            }
            WorkerThread.spawn {
                let module = lazy.make()
                var failure: WiringError?
                do throws(WiringError) {
                    // The module's definitions were made here, off the launching thread, and
                    // the root's next version is built here too.
                    let replacement = try state.load(module, at: site)
                    try replacement.startEagerSingletons()
                } catch {
                    failure = error.requested(at: site)
                }
                state.background.finish(module, failure: failure)
            }
        }
    }

    /// Waits until every module given to ``load(inBackground:file:line:)`` is loaded (KOIN's
    /// `waitAllStartJobs`), suspending the task.
    ///
    /// ```swift
    /// try await DependencyContainer.waitForBackgroundModules()
    /// ```
    ///
    /// - Throws: The ``WiringError`` of the first module that could not be loaded.
    public static func waitForBackgroundModules() async throws(WiringError) {
        try await RootState.ofCurrentTask.background.waitForAll()
    }

    /// Waits until every module given to ``load(inBackground:file:line:)`` is loaded, blocking
    /// the calling thread.
    ///
    /// ```swift
    /// try DependencyContainer.waitForBackgroundModules()
    /// ```
    ///
    /// In async code, where this name means the suspending form, write
    /// ``waitForBackgroundModulesBlocking()`` to block instead.
    ///
    /// - Throws: The ``WiringError`` of the first module that could not be loaded (each failure
    ///   is thrown by one wait, the first that covers it).
    public static func waitForBackgroundModules() throws(WiringError) {
        try RootState.ofCurrentTask.background.waitForAll()
    }

    /// `waitForBackgroundModules()`, blocking the calling thread, under a name async code
    /// can call without `await` (where the plain name means the suspending form).
    ///
    /// ```swift
    /// func startUp() async throws {
    ///     DependencyContainer.load(inBackground: .chat)
    ///     try DependencyContainer.waitForBackgroundModulesBlocking()
    /// }
    /// ```
    public static func waitForBackgroundModulesBlocking() throws(WiringError) {
        try RootState.ofCurrentTask.background.waitForAll()
    }
}
