/// Resolves a dependency on first read, or `nil` if nothing is registered for it.
///
/// ```swift
/// final class FirstViewController {
///     @OptionalInject var stopwatch: StopWatchProtocol?
///     @OptionalInject(tag: StorageContext.systemdata) var storage: LocalStorageProtocol?
/// }
/// ```
///
/// Lazy like ``LazyInject``: resolved once, on first read, with a non-mutating getter.
///
/// > Warning: The root must be defined before the first read (unless the owner was created by a
/// > container); reading before ``DependencyContainer/defined(by:file:line:)-(DependencyContainer,_,_)`` stops the program
/// > with a message.
@propertyWrapper
public struct OptionalInject<Value> {
    private let storage: LazyStorage<Value?>

    /// Resolves `Value`, registered with `tag` (or without one if `tag` is left out), on first
    /// read.
    public init(tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line) {
        let tag = tag.map { Tag($0) }
        storage = LazyStorage(file: file, line: line, tag: tag) { container in
            container.resolveOptional(Value.self, boxedTag: tag, at: CodeLocation(file, line))
        }
    }

    /// The dependency, or `nil` if nothing is registered; resolved on the first read.
    public var wrappedValue: Value? {
        storage.value
    }
}

extension OptionalInject: Sendable where Value: Sendable {}
