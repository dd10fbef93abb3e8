import Wiring
import Testing

/// The exact text of every message Wiring prints or throws.
private enum Shop {
    protocol Network: Sendable {}
    final class HTTPNetwork: Network {}

    final class Backend: Sendable {
        let network: Network
        init(network: Network = resolve()) { self.network = network }
    }
    static let backendRequestLine = #line - 2

    final class Cart {
        @Inject var backend: Backend
    }

    final class Ping: Sendable {
        let pong: Pong
        init(pong: Pong = resolve()) { self.pong = pong }
    }
    static let pingRequestLine = #line - 2

    final class Pong: Sendable {
        let ping: Ping
        init(ping: Ping = resolve()) { self.ping = ping }
    }
    static let pongRequestLine = #line - 2
}

private let file = "WiringTests/MessageTests.swift"

// Containers whose definition lines the messages quote; built outside the exit tests' closures.
private let brokenShopLine = #line + 2
private let brokenShop = module {
    factory { Shop.Cart() }
    single { Shop.Backend() }
    single(tag: "mock") { Shop.HTTPNetwork() as Shop.Network }
}

private let missingNetworkMessage = """
    Wiring: nothing is registered for `Network` (no tag).
      Resolution path: Cart → Backend → Network (tag: none)
        Cart: factory at \(file):\(brokenShopLine)
        Backend: single at \(file):\(brokenShopLine + 1)
      Requested at: \(file):\(Shop.backendRequestLine)
      Registered for `Network`: tag "mock" (single at \(file):\(brokenShopLine + 2)).
      Fix: add `single { … as Network }` (or `factory`) to a module of the container you resolve from \
    (for the global root, a module passed to `DependencyContainer.defined(by:)`), or ask for one of the \
    registered tags, or use `@OptionalInject` / `resolveOptional()` if it may be absent.
    """

private let cycleLine = #line + 2
private let cyclicShop = module {
    single { Shop.Ping() }
    single { Shop.Pong() }
}

private let cycleMessage = """
    Wiring: dependency cycle: Ping → Pong → Ping.
      Definitions in the cycle:
        Ping: single at \(file):\(cycleLine)
        Pong: single at \(file):\(cycleLine + 1)
      Requested at: \(file):\(Shop.pongRequestLine)
      Fix: break the cycle: let one of these types take the other lazily (`@LazyInject`) or through a \
    factory closure, instead of in its initialiser.
    """

// Exit tests run their closure with `#line` pointing elsewhere, so the sites they quote are here.
private let duplicatesLine = #line + 2
private func duplicates() -> [Definition] {
    [single(tag: "mock") { Shop.HTTPNetwork() as Shop.Network },
     single(tag: "mock") { Shop.HTTPNetwork() as Shop.Network }]
}

private let registerLateLine = #line + 3
private func registerLate() {
    let container = DependencyContainer()
    container.register { Shop.HTTPNetwork() as Shop.Network }
}

private let defineRootTwiceLine = #line + 2
private func defineRootTwice() {
    DependencyContainer.defined(by: module {})
    DependencyContainer.defined(by: module {})
}

@Suite struct MessageTests {
    @Test func missingDefinitionNamesTypeTagPathSitesAndFix() throws {
        let error = #expect(throws: VerificationError.self) { try brokenShop.verify() }
        #expect(error?.problems.map(\.description) == [missingNetworkMessage])
    }

    @Test func trapPrintsExactlyTheMessageTheErrorCarries() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = brokenShop.resolve() as Shop.Cart
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains(missingNetworkMessage))
        }
    }

    @Test func cycleNamesTheWholeCycleAndWhereEachPartIsDefined() throws {
        let error = #expect(throws: VerificationError.self) { try cyclicShop.verify() }
        #expect(error?.problems.map(\.description) == [cycleMessage])
    }

    @Test func cycleTrapsWithTheSameMessageInsteadOfOverflowing() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = cyclicShop.resolve() as Shop.Ping
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains(cycleMessage))
        }
    }

    @Test func throwingResolveOfAMissingTaggedType() throws {
        // Inside `#expect { }`, `#line` default arguments read the macro's own line.
        let line = #line + 1
        let error = #expect(throws: WiringError.self) {
            _ = try brokenShop.resolveThrowing(Shop.Network.self, tag: "live")
        }
        #expect(
            error?.description == """
                Wiring: nothing is registered for `Network` with tag "live".
                  Resolution path: Network (tag: "live")
                  Requested at: \(file):\(line)
                  Registered for `Network`: tag "mock" (single at \(file):\(brokenShopLine + 2)).
                  Fix: add `single(tag: "live") { … as Network }` (or `factory`) to a module of the container \
                you resolve from (for the global root, a module passed to `DependencyContainer.defined(by:)`), \
                or ask for one of the registered tags, or use `@OptionalInject` / `resolveOptional()` if it may be absent.
                """)
    }

    @Test func throwingResolveReportsACycleReachedFromInsideAFactory() throws {
        final class Loop: Sendable {
            static let requestLine = #line + 4
            let error: WiringError?
            init() {
                do {
                    _ = try resolveThrowing(Loop.self)
                    error = nil
                } catch {
                    self.error = error
                }
            }
        }
        let line = #line + 1
        let container = module { single { Loop() } }
        let loop: Loop = container.resolve()
        guard case let .cycle(path, requestedAt) = loop.error else {
            Issue.record("expected a cycle, got \(String(describing: loop.error))")
            return
        }
        #expect(path.map(\.description) == ["Loop", "Loop"])
        #expect(path.map(\.definedAt) == [CodeLocation(fileID: file, line: line), CodeLocation(fileID: file, line: line)])
        #expect(requestedAt == CodeLocation(fileID: file, line: Loop.requestLine))
    }

    @Test func duplicateNamesBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Reported where the module is first used: here, installed as the root.
            DependencyContainer.defined(by: module { duplicates() })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    """
                    Wiring: `Network` with tag "mock" is defined twice.
                      First definition: \(file):\(duplicatesLine)
                      Second definition: \(file):\(duplicatesLine + 1)
                      Fix: remove one of them, give them different tags (`single(tag: …)`), or mark the later one \
                    `.override()` to replace the first deliberately.
                    """))
        }
    }

    @Test func registeringIntoABuiltContainerSaysWhereToRegister() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            registerLate()
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    """
                    Wiring: cannot register `Network`: the container is already built and its definitions are fixed.
                      Registered at: \(file):\(registerLateLine)
                      Fix: register inside the closure of `DependencyContainer { c in … }` or in a `module { … }`.
                    """))
        }
    }
}

/// Messages about the global root; serialized with every other test that defines it.
@Suite(.serialized) struct RootMessageTests {
    @Test func resolvingBeforeTheRootIsDefinedThrows() throws {
        try DependencyContainer.withExclusiveRoot {
            let line = #line + 1
            let error = #expect(throws: WiringError.self) { _ = try resolveThrowing(Shop.Backend.self) }
            #expect(
                error?.description == """
                    Wiring: cannot resolve `Backend`: no root container is defined yet.
                      Requested at: \(file):\(line)
                      Fix: call `DependencyContainer.defined(by: modules { … })` at start-up, before anything is \
                    injected (for example first thing in `main` or in your app delegate's `init`).
                    """)
        }
    }

    @Test func throwingResolveReadsTheRoot() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { Shop.HTTPNetwork() as Shop.Network } })
            let network = try resolveThrowing(Shop.Network.self)
            #expect(network as AnyObject === resolve() as Shop.Network as AnyObject)
            let error = #expect(throws: WiringError.self) { _ = try resolveThrowing(Shop.Network.self, tag: "x") }
            guard case let .missingDefinition(type, tag, _, registered, _, _) = error else {
                Issue.record("expected a missing definition, got \(String(describing: error))")
                return
            }
            #expect(type == "Network")
            #expect(tag == "\"x\"")
            #expect(registered.map(\.tag) == [nil])
        }
    }

    @Test func verifyingTheRoot() throws {
        try DependencyContainer.withExclusiveRoot {
            let line = #line + 1
            let undefined = #expect(throws: VerificationError.self) { try DependencyContainer.verifyRoot() }
            guard case let .rootNotDefined(_, _, requestedAt) = undefined?.problems.first else {
                Issue.record("expected rootNotDefined, got \(String(describing: undefined))")
                return
            }
            #expect(requestedAt == CodeLocation(fileID: file, line: line))

            DependencyContainer.defined(by: brokenShop)
            let broken = #expect(throws: VerificationError.self) { try DependencyContainer.verifyRoot() }
            #expect(broken?.problems.map(\.description) == [missingNetworkMessage])
        }
    }

    @Test func definingTheRootTwiceNamesBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            defineRootTwice()
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    """
                    Wiring: the root container is already defined.
                      First defined at: \(file):\(defineRootTwiceLine)
                      Defined again at: \(file):\(defineRootTwiceLine + 1)
                      Fix: call `DependencyContainer.defined(by:)` once, at start-up, with every module composed \
                    by `modules { … }`.
                    """))
        }
    }
}
