/// A value only read and changed under its own lock.
final class LockedValue<Value>: @unchecked Sendable {
    // Sendable by hand: `value` is only touched inside `withLock`, under `lock`.
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
