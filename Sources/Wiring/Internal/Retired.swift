/// What a change of the root unpublished: the old root and the instances of retired entries.
struct Retired {
    private var root: Unmanaged<DependencyContainer>?
    private var releases: [Retirement] = []

    init(root: Unmanaged<DependencyContainer>?) {
        self.root = root
    }

    var isEmpty: Bool { root == nil && releases.isEmpty }

    mutating func take(_ retirement: Retirement?) {
        if let retirement { releases.append(retirement) }
    }

    /// Waits until no read section can see what was unpublished, then releases it: outside every
    /// lock, since releasing instances runs their `deinit` and `.onClose` callbacks.
    func finish() {
        guard !isEmpty else { return }
        ReadSection.synchronize()
        release()
    }

    /// Runs the `.onClose` callbacks, newest instance first, and frees everything; only once no
    /// reader can see it.
    func release() {
        for retirement in releases.sorted(by: { $0.sequence > $1.sequence }) { retirement.release() }
        root?.release()
    }
}
