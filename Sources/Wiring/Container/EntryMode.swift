/// How an entry holds a singleton.
enum EntryMode: Sendable {
    /// Published for lock-free readers; released with the container, or on unload once no read
    /// section can see it.
    case published
    /// In a verification sandbox: built without `stateLock`, numbered 0, never started.
    case sandboxed
}
