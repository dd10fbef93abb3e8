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

/// What an entry held when its module was unloaded or its container closed: released, or freed,
/// once no reader sees it.
struct Retirement {
    let released: Released

    /// A held (scoped) instance, or a published singleton whose `free` destroys its storage.
    static func instance(_ released: Released) -> Retirement {
        Retirement(released: released)
    }

    var sequence: UInt64 { released.sequence }

    /// Runs the definition's `.onClose` callback, then frees what needs freeing.
    func release() {
        Released.finish([released])
    }
}
