/// What a change of the root unpublished: the old root and the instances of retired entries.
struct Retired {
    private var root: ReferenceCell<DependencyContainer>?
    private var releases: [Released] = []

    init(root: ReferenceCell<DependencyContainer>?) {
        self.root = root
    }

    var isEmpty: Bool { root == nil && releases.isEmpty }

    mutating func take(_ released: Released?) {
        if let released { releases.append(released) }
    }

    /// Waits until no read section can see what was unpublished, then releases it: outside every
    /// lock, since releasing instances runs their `deinit` and `.onClose` callbacks.
    func finish() {
        guard !isEmpty else { return }
        ReadSection.synchronize()
        release()
    }

    /// Waits until no read section can see what was unpublished, then hands over the instances
    /// to release (the caller awaits their callbacks), releasing the old root.
    consuming func takeForAwaiting() -> [Released] {
        guard !isEmpty else { return [] }
        ReadSection.synchronize()
        root?.free()
        return releases
    }

    /// Runs the `.onClose` callbacks, dependents first (see `Released.finish`), and frees everything; only once no
    /// reader can see it.
    func release() {
        Released.finish(releases)
        root?.free()
    }
}
