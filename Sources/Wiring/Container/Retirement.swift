/// How an entry holds a singleton.
enum EntryMode: Sendable {
    /// Published for the lock-free fast path; released with the container, or on unload once no
    /// read section can see it.
    case published
    /// In a verification sandbox: built without `stateLock`, never on the fast path.
    case sandboxed
}

/// Why an entry resolves no more: its module was unloaded, or its container closed.
enum RetiredBy {
    case unload
    case close

    /// The error a resolve of `type`, defined at `site`, gets.
    func error(for type: Any.Type, definedAt site: CodeLocation?) -> WiringError {
        switch self {
        case .unload: .moduleUnloaded(type: typeName(type), definedAt: site, requestedAt: nil)
        case .close: .containerClosed(type: typeName(type), requestedAt: nil)
        }
    }
}

/// What an entry held when its module was unloaded: dropped, or freed, once no reader sees it.
enum Retirement {
    /// A held (scoped) instance: released when this value is dropped.
    case instance(Released)
    /// A published singleton's storage: `onClose` runs on its value, then `free` deinitializes
    /// and deallocates it.
    case storage(sequence: UInt64, onClose: () -> Void, free: () -> Void)

    var sequence: UInt64 {
        switch self {
        case let .instance(released): released.sequence
        case let .storage(sequence, _, _): sequence
        }
    }

    /// Runs the definition's `.onClose` callback, then frees what needs freeing.
    func release() {
        switch self {
        case let .instance(released):
            released.onClose?(released.value)
        case let .storage(_, onClose, free):
            onClose()
            free()
        }
    }
}
