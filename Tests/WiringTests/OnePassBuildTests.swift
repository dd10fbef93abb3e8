import Testing
import Wiring

private final class Bucket: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

private enum BucketKind: Sendable { case images, videos }

/// A tag equal to another built elsewhere, but stored in different bits: longer than a small
/// string, so each call allocates its own storage.
private func longTag() -> String { String(repeating: "user-uploads-", count: 4) }

private let longTagDuplicateLine = #line + 2
private func longTagDuplicates() -> [Definition] {
    [single(tag: longTag()) { Bucket("first") },
     single(tag: longTag()) { Bucket("second") }]
}

private let repeatedIntegerTagLine = #line + 2
private func repeatedIntegerTag() -> [Definition] {
    (0..<40).map { index in single(tag: index) { Bucket("\(index)") } }
        + [single(tag: 17) { Bucket("again") }]
}

/// Modules of untagged and tagged definitions without scopes, bindings or overrides are built in
/// one pass; these check that it answers exactly as the general path does.
@Suite struct OnePassBuildTests {
    @Test func everyKindOfTagResolvesFromAOnePassModule() {
        let container = module {
            single { Bucket("plain") }
            single(tag: BucketKind.images) { Bucket("images") }
            single(tag: BucketKind.videos) { Bucket("videos") }
            single(tag: 7) { Bucket("seven") }
            single(tag: "short") { Bucket("short") }
            single(tag: longTag()) { Bucket("long") }
            factory(tag: "fresh") { Bucket("fresh") }
        }
        #expect((container.resolve() as Bucket).name == "plain")
        #expect((container.resolve(tag: BucketKind.images) as Bucket).name == "images")
        #expect((container.resolve(tag: BucketKind.videos) as Bucket).name == "videos")
        #expect((container.resolve(tag: 7) as Bucket).name == "seven")
        #expect((container.resolve(tag: "short") as Bucket).name == "short")
        // Equal to the registered tag, in other storage: found by `==`, not by its bits.
        let long: Bucket = container.resolve(tag: longTag())
        #expect(long.name == "long")
        #expect(container.resolve(tag: longTag()) as Bucket === long)
        #expect(container.resolve(tag: BucketKind.images) as Bucket === container.resolve(tag: BucketKind.images) as Bucket)
        #expect(container.resolve(tag: "fresh") as Bucket !== container.resolve(tag: "fresh") as Bucket)
        #expect(container.resolveOptional(tag: 8) as Bucket? == nil)
        #expect(container.resolveAll(Bucket.self).map(\.name) == ["plain", "images", "videos", "seven", "short", "long", "fresh"])
    }

    @Test func equalTagsInDifferentStorageAreADuplicate() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module { longTagDuplicates() })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("`Bucket` with tag \"\(longTag())\" is defined twice."))
            #expect(output.contains("First definition: WiringTests/OnePassBuildTests.swift:\(longTagDuplicateLine)"))
            #expect(output.contains("Second definition: WiringTests/OnePassBuildTests.swift:\(longTagDuplicateLine + 1)"))
        }
    }

    /// An integer tag's bits are its value, so the one-pass build finds a repeated one by its bits
    /// alone: many of them, beside string and enum tags of the same type, still each resolve to
    /// their own definition.
    @Test func manyIntegerTagsBesideOtherTagsOfTheSameType() {
        let container = module {
            for index in 0..<100 { single(tag: index) { Bucket("int \(index)") } }
            for index in 0..<20 { single(tag: "name \(index)") { Bucket("string \(index)") } }
            single(tag: BucketKind.videos) { Bucket("videos") }
            single(tag: UInt8(3)) { Bucket("byte 3") }
        }
        #expect((container.resolve(tag: 0) as Bucket).name == "int 0")
        #expect((container.resolve(tag: 99) as Bucket).name == "int 99")
        #expect((container.resolve(tag: "name 19") as Bucket).name == "string 19")
        #expect((container.resolve(tag: BucketKind.videos) as Bucket).name == "videos")
        // Equal bits, another type: not the integer tag 3.
        #expect((container.resolve(tag: UInt8(3)) as Bucket).name == "byte 3")
        #expect((container.resolve(tag: 3) as Bucket).name == "int 3")
        #expect(container.resolveOptional(tag: 100) as Bucket? == nil)
        #expect(container.resolveAll(Bucket.self).count == 122)
    }

    @Test func aRepeatedIntegerTagAmongManyIsADuplicate() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module { repeatedIntegerTag() })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("`Bucket` with tag Int(17) is defined twice."))
            #expect(output.contains("First definition: WiringTests/OnePassBuildTests.swift:\(repeatedIntegerTagLine)"))
            #expect(output.contains("Second definition: WiringTests/OnePassBuildTests.swift:\(repeatedIntegerTagLine + 1)"))
        }
    }

    @Test func aModuleListedTwiceWithTagsIsComposedOnce() {
        let tagged = module {
            single(tag: BucketKind.images) { Bucket("images") }
            single(tag: longTag()) { Bucket("long") }
        }
        let container = modules { tagged; tagged }
        #expect(container.resolveAll(Bucket.self).count == 2)
        #expect(container.resolve(tag: longTag()) as Bucket === container.resolve(tag: longTag()) as Bucket)
    }
}
