/// A module made only when it is prepared, off the launching thread (KOIN's `lazyModule`).
///
/// Declare them in `extension LazyModule`, as modules are declared in `extension
/// DependencyContainer`, so that `.chat` reads as it does in `modules { }`:
///
/// ```swift
/// extension LazyModule {
///     static let chat = lazyModule {
///         single { ChatService() }
///         factoryOf(ChatViewModel.init)
///     }
/// }
///
/// DependencyContainer.defined(by: modules { .core })
/// DependencyContainer.load(inBackground: .chat, .feed)
/// ```
///
/// Nothing of it exists until ``DependencyContainer/load(inBackground:file:line:)`` prepares it:
/// its definitions are made, and its registry built, on a thread of its own.
public struct LazyModule: Sendable {
    let site: CodeLocation
    let make: @Sendable () -> DependencyContainer
    /// Which module this is: `make` returns a new container each time, so loading it twice is
    /// told by this, made once per `lazyModule { … }`.
    let identity = Identity()

    final class Identity: Sendable {}
}

/// Declares a module whose definitions are made when it is prepared in the background; see
/// ``LazyModule``.
///
/// ```swift
/// static let feed = lazyModule { singleOf(FeedStore.init) }
/// ```
///
/// - Parameters:
///   - file: The file of the call (`#fileID`), for messages.
///   - line: The line of the call, for messages.
///   - content: The module's definitions, as in ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)``.
public func lazyModule(
    file: StaticString = #fileID, line: UInt = #line,
    @ModuleBuilder _ content: @escaping @Sendable () -> ModuleBuilder.Content
) -> LazyModule {
    let site = CodeLocation(file, line)
    return LazyModule(site: site) { DependencyContainer(moduleOf: content().parts, site: site) }
}
