import Testing
import Wiring

@Suite struct TagTests {
    enum Context: String {
        case userdata
        case systemdata
    }

    final class Storage {
        let name: String
        init(_ name: String) { self.name = name }
    }

    let container = module {
        single(tag: Context.userdata) { Storage("user") }
        single(tag: Context.systemdata) { Storage("system") }
        factory(tag: "scratch") { Storage("scratch") }
        single { Storage("untagged") }
    }

    @Test func enumTagsSelectTheirDefinition() {
        #expect((container.resolve(tag: Context.userdata) as Storage).name == "user")
        #expect((container.resolve(tag: Context.systemdata) as Storage).name == "system")
        #expect((container.resolve() as Storage).name == "untagged")
    }

    @Test func stringTagsSelectTheirDefinition() {
        let first: Storage = container.resolve(tag: "scratch")
        let second: Storage = container.resolve(tag: "scratch")
        #expect(first.name == "scratch")
        #expect(first !== second)
    }

    @Test func tagsOfDifferentTypesNeverMatch() {
        // The raw value of `Context.userdata` is "userdata", but a string is not the enum case.
        #expect(container.resolveOptional(tag: "userdata") as Storage? == nil)
        #expect(container.resolveOptional(tag: Context.userdata) as Storage? != nil)
    }

    @Test func taggedSingletonsAreSharedPerTag() {
        let user: Storage = container.resolve(tag: Context.userdata)
        #expect(user === container.resolve(tag: Context.userdata) as Storage)
        #expect(user !== container.resolve(tag: Context.systemdata) as Storage)
    }

    @Test func missingTagListsTheTagsThatExist() throws {
        let error = #expect(throws: WiringError.self) {
            _ = try container.resolveThrowing(Storage.self, tag: "missing")
        }
        let lines = try #require(error?.description).split(separator: "\n").map(String.init)
        #expect(lines[0] == "Wiring: nothing is registered for `Storage` with tag \"missing\".")
        #expect(lines[1] == "  Resolution path: Storage (tag: \"missing\")")
        #expect(lines[2].hasPrefix("  Requested at: WiringTests/TagTests.swift:"))
        #expect(lines[3].hasPrefix("  Registered for `Storage`: no tag (single at WiringTests/TagTests.swift:"))
        #expect(lines[3].contains("; tag Context.userdata (single at WiringTests/TagTests.swift:"))
        #expect(lines[3].contains("; tag Context.systemdata (single at"))
        #expect(lines[3].contains("; tag \"scratch\" (factory at"))
        #expect(lines[4].hasPrefix("  Fix: add `single(tag: \"missing\") { … as Storage }` (or `factory`)"))
        #expect(lines[4].contains("or ask for one of the registered tags"))
        #expect(lines[4].hasSuffix("or use `@OptionalInject` / `resolveOptional()` if it may be absent."))
    }

    /// A tag type whose every value hashes the same: many tags of one type, where lookups go by
    /// hash, must still tell these apart by `==`, and never take one for a tag of another type.
    struct CollidingTag: Hashable, Sendable {
        let number: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    @Test func manyTagsWhoseHashesCollideEachFindTheirOwnDefinition() {
        let crowded = module {
            for number in 0..<20 { single(tag: CollidingTag(number: number)) { Storage("colliding \(number)") } }
            for number in 0..<20 { single(tag: number) { Storage("int \(number)") } }
        }
        for number in [0, 7, 19] {
            #expect((crowded.resolve(tag: CollidingTag(number: number)) as Storage).name == "colliding \(number)")
            #expect((crowded.resolve(tag: number) as Storage).name == "int \(number)")
        }
        let first: Storage = crowded.resolve(tag: CollidingTag(number: 3))
        #expect(first === crowded.resolve(tag: CollidingTag(number: 3)) as Storage)
        #expect(crowded.resolveOptional(tag: CollidingTag(number: 20)) as Storage? == nil)
        #expect(crowded.resolveOptional(tag: 20) as Storage? == nil)
    }

    /// Tags of types with one value each take no bytes: the comparison reads no memory for them,
    /// and still tells the two types apart.
    enum OnlyCase: Hashable, Sendable { case only }
    enum OtherOnlyCase: Hashable, Sendable { case only }

    @Test func tagsOfTypesWithOneValueFindTheirDefinitionAndNoOther() {
        let tagged = module { single(tag: OnlyCase.only) { Storage("only") } }
        #expect((tagged.resolve(tag: OnlyCase.only) as Storage).name == "only")
        #expect(tagged.resolveOptional(tag: OtherOnlyCase.only) as Storage? == nil)
    }
}
