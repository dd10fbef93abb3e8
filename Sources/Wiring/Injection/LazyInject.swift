/// Resolves a dependency on first read, exactly once, even when threads race to read it first.
///
/// ```swift
/// final class FirstViewController {
///     @LazyInject var backend: BackendProtocol
///     @LazyInject(tag: StorageContext.userdata) var storage: LocalStorageProtocol
/// }
/// ```
///
/// The getter is not `mutating`, so the wrapper works in classes, structs held in `let`s and
/// `@MainActor` types. If the owner was created by a container (inside a `single` or `factory`
/// closure), the value comes from that container, otherwise from the global root.
///
/// > Warning: The first read stops the program with a full message if nothing is registered.
@propertyWrapper
public struct LazyInject<Value> {
    private let storage: LazyStorage<Value>

    /// Resolves `Value`, registered with `tag` (or without one if `tag` is left out), on first
    /// read.
    public init(tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line) {
        let tag = tag.map { Tag($0) }
        storage = LazyStorage(file: file, line: line, tag: tag) { container in
            return orStop(at: CodeLocation(file, line)) { () throws(WiringError) -> Value in
                try container.resolveCore(Value.self, tag: tag)
            }
        }
    }

    /// The dependency, resolved on the first read.
    public var wrappedValue: Value {
        storage.value
    }
}

extension LazyInject: Sendable where Value: Sendable {}
