/// Makes a module build on other modules, KOIN's `includes`: their definitions become part of
/// this one wherever it is composed.
///
/// ```swift
/// extension DependencyContainer {
///     static let core = module {
///         single { Network() as NetworkProtocol }
///     }
///     static let profile = module {
///         includes(.core)
///         factory { ProfileViewModel() }
///     }
///     static let chat = module {
///         includes(.core)
///         single { ChatService() }
///     }
/// }
///
/// DependencyContainer.defined(by: modules { .profile; .chat })   // one Network, not two
/// ```
///
/// A module reached through several paths (a shared core, a module listed twice, nested
/// `modules { }`) is composed once: the same definition is one definition, with one singleton
/// per container. Two *different* definitions of one type and tag are still a duplicate unless
/// the later one says `.override()`. Works with `if` and `for` like any other line of a module.
///
/// - Parameter modules: The modules this one builds on, such as `.core`.
/// - Parameter line: The line of the call, for messages.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Returns: Markers that ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` expands in place, in declaration order.
public func includes(
    _ modules: DependencyContainer..., file: StaticString = #fileID, line: UInt = #line
) -> [AnyDefinition] {
    let site = CodeLocation(file, line)
    return modules.map { AnyDefinition(including: $0, site: site) }
}
