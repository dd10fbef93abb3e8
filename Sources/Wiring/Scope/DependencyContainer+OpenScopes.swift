extension DependencyContainer {
    /// How many scopes opened from the root are open now: opened (directly or from another such
    /// scope) and neither closed nor freed. The root is the global one, or the task's own inside
    /// ``withRoot(_:operation:)`` or a test's `.wired` trait.
    ///
    /// ```swift
    /// let session = DependencyContainer.shared.openScope(UserSession.self, id: user.id)
    /// print(DependencyContainer.openScopeCount)   // 1
    /// session.close()
    /// print(DependencyContainer.openScopeCount)   // 0
    /// ```
    ///
    /// A scope opened with an id stays open, and counted, until it is closed, even when nothing
    /// else holds it (``openedScope(_:id:)`` can still find it); a scope opened without an id
    /// also leaves the count when it is freed. A count that only grows is a scope left open:
    /// close every scope you open with an id, on every path. Scopes opened from a container you
    /// hold, rather than from the root, are not counted. Reading it takes the root's lock.
    public static var openScopeCount: Int {
        RootState.ofCurrentTask.openScopeCount()
    }

    /// How many scopes of type `S` opened from the root are open now; see
    /// ``openScopeCount``. Counts by looking at every open scope: meant for diagnostics and tests.
    ///
    /// ```swift
    /// #expect(DependencyContainer.openScopeCount(of: RequestScope.self) == 0)
    /// ```
    public static func openScopeCount<S>(of scope: S.Type) -> Int {
        RootState.ofCurrentTask.openScopeCount(of: ObjectIdentifier(scope))
    }
}
