import Testing
import Wiring

private protocol Store: Sendable {
    var name: String { get }
}

private struct MemoryStore: Store { let name = "memory" }

/// Seed 001's pattern: a private initialiser, `make(dependency:)` the only way in.
private final class ProfileModel: DependencyInjectable, Sendable {
    struct Dependency {
        let userID: Int
        var store: Store = resolve()
        var missing: Missing? = resolveOptional()
    }

    let userID: Int
    let store: Store
    let hasMissing: Bool

    private init(dependency: Dependency) {
        userID = dependency.userID
        store = dependency.store
        hasMissing = dependency.missing != nil
    }

    static func make(dependency: Dependency) -> ProfileModel {
        ProfileModel(dependency: dependency)
    }
}

private protocol Missing: Sendable {}

private struct SessionModel: DependencyInjectable {
    struct Dependency {
        let store: Store
    }

    let store: Store

    static func make(dependency: Dependency) -> SessionModel {
        SessionModel(store: dependency.store)
    }
}

@Suite struct DependencyBundleTests {
    let container = module {
        single { MemoryStore() as Store }
        injectable(SessionModel.self) { .init(store: resolve()) }
        injectable(SessionModel.self, tag: "shared", lifetime: .singleton) { .init(store: resolve()) }
    }

    @Test func aRegisteredTypeIsBuiltFromAResolvedBundle() {
        let model: SessionModel = container.resolve()
        #expect(model.store.name == "memory")
        let shared: SessionModel = container.resolve(tag: "shared")
        #expect(shared.store.name == "memory")
    }

    @Test func theCallerSuppliesWhatOnlyItKnows() {
        // `store` comes from `container` through the bundle's default; no root is involved.
        let model = container.make(ProfileModel.self) { .init(userID: 42) }
        #expect(model.userID == 42)
        #expect(model.store.name == "memory")
        #expect(!model.hasMissing)
    }

    @Test func theCallerCanSupplyEveryMember() {
        struct OtherStore: Store { let name = "other" }
        let model = container.make(ProfileModel.self) { .init(userID: 7, store: OtherStore()) }
        #expect(model.store.name == "other")
    }
}
