import Testing
import Wiring

/// A definition built on any thread whose build resolves a main-actor one (issue 80): resolved
/// off the main actor, every throwing form throws with the path, and `verify()` reports it from
/// wherever it is called. Containers of their own, so these run in parallel.
@Suite struct PlainUsingMainActorTests {
    @MainActor final class Session {}
    final class Reader: Sendable {
        let session: Session
        init(session: Session) { self.session = session }
    }
    final class Feed: Sendable {
        let reader: Reader
        init(reader: Reader) { self.reader = reader }
    }

    /// `Feed → Reader → Session`, with every resolve on the way throwing: constructor forms,
    /// closures that say `try resolveThrowing()`, and the two mixed over a singleton.
    static func throwingChain(_ form: String) -> DependencyContainer {
        switch form {
        case "constructors":
            module {
                single { @MainActor in Session() }
                factoryOf(Reader.init)
                factoryOf(Feed.init)
            }
        case "throwing closures":
            module {
                single { @MainActor in Session() }
                factory { Reader(session: try resolveThrowing()) }
                factory { Feed(reader: try resolveThrowing()) }
            }
        default:
            module {
                single { @MainActor in Session() }
                singleOf(Reader.init)
                single { Feed(reader: try resolveThrowing()) }
            }
        }
    }

    @Test(arguments: ["constructors", "throwing closures", "mixed"])
    func offTheMainActorResolveThrowingThrowsWithThePath(form: String) async {
        let container = Self.throwingChain(form)
        let error = await offMainActor { () -> WiringError? in
            do {
                _ = try container.resolveThrowing(Feed.self)
                return nil
            } catch let error as WiringError {
                return error
            } catch {
                return nil
            }
        }
        guard case let .mainActorIsolated(type, _, path, _, requestedAt) = error else {
            Issue.record("expected mainActorIsolated, got \(String(describing: error))")
            return
        }
        #expect(type == "Session")
        #expect(path.map { $0.type } == ["Feed", "Reader", "Session"])
        #expect(requestedAt != nil)
        // Nothing was kept half-built: from the main actor the same container resolves it all.
        let feed = await MainActor.run { try? container.resolveThrowing(Feed.self) }
        #expect(feed != nil)
    }

    @Test(arguments: ["constructors", "throwing closures", "mixed"])
    func offTheMainActorResolveAsyncThrowingBuildsItOnTheMainActor(form: String) async throws {
        let container = Self.throwingChain(form)
        let result = await offMainActor { () async -> Result<Feed, WiringError> in
            do throws(WiringError) { return .success(try await container.resolveAsyncThrowing(Feed.self)) } catch {
                return .failure(error)
            }
        }
        let feed = try result.get()
        let session = await MainActor.run { try? container.resolveThrowing(Session.self) }
        #expect(feed.reader.session === session)
    }

    /// What an app writes and the compiler accepts: a plain closure whose `resolve()` reaches a
    /// main-actor definition. `verify()` names it and the main-actor one, with the fix.
    static let mixed = module {
        single { @MainActor in Session() }
        factory { Reader(session: resolve()) }
        factory { Feed(reader: resolve()) }
    }

    @Test @MainActor func verifyOnTheMainActorReportsThePlainDefinitionThatUsesAMainActorOne() throws {
        let error = try #require(throws: VerificationError.self) { try Self.mixed.verify() }
        Self.expectReaderReported(error)
    }

    @Test func asyncVerifyOffTheMainActorReportsItToo() async throws {
        let container = Self.mixed
        let error = await offMainActor { () async -> VerificationError? in
            do {
                try await container.verify()
                return nil
            } catch let error as VerificationError {
                return error
            } catch {
                return nil
            }
        }
        Self.expectReaderReported(try #require(error))
    }

    @Test @MainActor func verifyReportsAPlainConstructorThatTakesAMainActorOne() throws {
        let error = try #require(throws: VerificationError.self) { try Self.throwingChain("constructors").verify() }
        Self.expectReaderReported(error)
    }

    @MainActor final class Screen {
        let session: Session
        init(session: Session) { self.session = session }
    }

    @Test @MainActor func mainActorDefinitionsThatUseEachOtherPass() throws {
        try module {
            single { @MainActor in Session() }
            singleOf(Screen.init)
            factory(tag: "closure") { @MainActor in Screen(session: resolve()) }
            // A binding of a main-actor definition is built as its definition is.
            factory(tag: "bound") { @MainActor in Screen(session: resolve()) }.bind(AnyObject.self)
        }.verify()
    }

    static func expectReaderReported(_ error: VerificationError) {
        let reported = error.problems.compactMap { problem -> (String, String)? in
            guard case let .needsMainActor(type, _, uses, _, _) = problem else { return nil }
            return (type, uses.type)
        }
        // Reader uses Session directly; Feed reaches it through Reader, on the path shown.
        #expect(reported.count == 1)
        #expect(reported.first?.0 == "Reader")
        #expect(reported.first?.1 == "Session")
        let message = error.description
        #expect(message.contains("`Reader` is built on any thread, and its build resolves `Session`, which is built on the main actor"))
        #expect(message.contains("Fix: make its definition main-actor too (`{ @MainActor in … }`"))
        #expect(message.contains("`await resolveAsync()`"))
    }
}
