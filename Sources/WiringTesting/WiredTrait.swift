import Testing
import Wiring

/// A Swift Testing trait that runs each test with a root of its own.
///
/// ```swift
/// import Testing
/// import Wiring
/// import WiringTesting
///
/// @Test(.wired(module { single { MockBackend() as BackendProtocol } }))
/// func profileLoads() {
///     let backend: BackendProtocol = resolve()   // MockBackend, in this test only
/// }
///
/// @Suite(.wired(overriding: module { single { MockBackend() as BackendProtocol } }))
/// struct ProfileTests { … }   // every test: the app's root, with MockBackend in place
/// ```
///
/// Each test (and each case of a parameterized test) gets a root of its own, made as
/// `defined(by:)` makes the app's, so singletons are never shared between tests. The root is
/// task-local (see ``Wiring/DependencyContainer/withRoot(_:operation:)``): tests running in
/// parallel each see their own, and the global root is untouched. Inside a test it does what
/// the app's root does: `DependencyContainer.load(_:)` and `unload(_:)` of the modules it is
/// made of, `close()`, `openedScope(_:id:)`, `openScopeCount` and `verifyRoot()` act on it.
public struct WiredTrait: TestTrait, SuiteTrait, TestScoping {
    /// Runs a test's body with the root the trait gives it.
    private let withRoot: @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void

    init(_ withRoot: @escaping @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void) {
        self.withRoot = withRoot
    }

    /// Applied to every test of a suite, so each gets its own root.
    public var isRecursive: Bool { true }

    /// Scopes each test case, where the test's body runs.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> WiredTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withRoot(function)
    }
}

extension Trait where Self == WiredTrait {
    /// Runs the test (or each test of the suite) with `container`'s definitions as its root,
    /// with singletons of its own.
    ///
    /// ```swift
    /// @Test(.wired(modules { .backend; .network }))
    /// func backendTalksToTheNetwork() { … }
    /// ```
    public static func wired(_ container: DependencyContainer) -> Self {
        WiredTrait { body in try await DependencyContainer.withTaskRoot(definedBy: container, operation: body) }
    }

    /// Runs the test (or each test of the suite) with the current root, its definitions
    /// replaced by `overrides`' of the same type and tag, with singletons of its own.
    ///
    /// ```swift
    /// @Test(.wired(overriding: module { single { MockBackend() as BackendProtocol } }))
    /// func appStateUsesTheBackend() { … }
    /// ```
    public static func wired(overriding overrides: DependencyContainer) -> Self {
        WiredTrait { body in try await DependencyContainer.withTaskRoot(overriding: overrides, operation: body) }
    }
}
