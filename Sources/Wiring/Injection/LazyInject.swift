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

    /// Resolves `Value`, registered without a tag, on first read.
    public init(file: StaticString = #fileID, line: UInt = #line) {
        storage = LazyStorage(file: file, line: line) { container in
            container.resolve(file: file, line: line)
        }
    }

    /// Resolves `Value`, registered with `tag`, on first read.
    public init<Tag: Hashable & Sendable>(tag: Tag, file: StaticString = #fileID, line: UInt = #line) {
        storage = LazyStorage(file: file, line: line, tag: Wiring.Tag(tag)) { container in
            container.resolve(tag: tag, file: file, line: line)
        }
    }

    /// The dependency, resolved on the first read.
    public var wrappedValue: Value {
        storage.value
    }
}

extension LazyInject: Sendable where Value: Sendable {}
