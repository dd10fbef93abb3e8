/// Resolves a dependency when its owner is created.
///
/// ```swift
/// final class Backend: BackendProtocol {
///     @Inject var network: NetworkProtocol
///     @Inject(tag: StorageContext.systemdata) var storage: LocalStorageProtocol
/// }
/// ```
///
/// The value comes from the container building the owner if a container is building it (a
/// `single` or `factory` closure), otherwise from the global root.
///
/// > Warning: Stops the program with a message naming the type, tag, resolution path and fix if
/// > nothing is registered. Use ``OptionalInject`` for dependencies that may be absent.
@propertyWrapper
public struct Inject<Value> {
    /// The resolved dependency.
    public let wrappedValue: Value

    /// Resolves `Value`, registered without a tag.
    @inlinable
    public init(file: StaticString = #fileID, line: UInt = #line) {
        wrappedValue = resolve(file: file, line: line)
    }

    /// Resolves `Value`, registered with `tag`.
    public init<Tag: Hashable & Sendable>(tag: Tag, file: StaticString = #fileID, line: UInt = #line) {
        wrappedValue = resolve(tag: tag, file: file, line: line)
    }
}

extension Inject: Sendable where Value: Sendable {}
