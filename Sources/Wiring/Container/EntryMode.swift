/// How an entry holds a singleton.
enum EntryMode: Sendable {
    /// Published for the lock-free fast path; released with the container, or on unload once no
    /// read section can see it.
    case published
    /// In a verification sandbox: built without `stateLock`, never on the fast path.
    case sandboxed
}
