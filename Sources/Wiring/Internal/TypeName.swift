/// A type's name for messages, such as `LocalStorageProtocol` or `Array<Int>`.
///
/// Only ever called when a message is built, never when resolving.
func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}
