import Testing
import Wiring

private struct Empty: Equatable {}
private enum Shape: Equatable {
    case circle(Double)
    case square(Int8)
}
private struct Odd: Equatable {
    var head: Int8
    var body: Int64
    var tail: Int8
}
private protocol Labelled: Sendable {
    var label: String { get }
}
private final class Sticker: Labelled {
    let label: String
    init(_ label: String) { self.label = label }
}
private final class Badge: Labelled {
    let label = "badge"
}

/// A container builds and keeps values of every layout: the size and alignment of a value that
/// is not a class instance are read from its type when it is built (in debug builds, checked
/// against `MemoryLayout` on every read), and a tagged definition finds its tag through the
/// records it was made or copied into.
@Suite struct ValueLayoutTests {
    @Test func singlesAndFactoriesOfEveryLayoutKeepTheirValues() {
        let container = module {
            single { SIMD4<Double>(1, 2, 3, 4) }
            factory { SIMD8<Float>(repeating: 0.5) }
            single { Odd(head: -1, body: .max, tail: 7) }
            single { Shape.circle(2.5) }
            factory(tag: "square") { Shape.square(3) }
            single { Empty() }
            single { Int8(-3) as Int8? }
            single { { 42 } as @Sendable () -> Int }
            single { "text" as any Sendable & Hashable }
        }
        #expect(container.resolve() as SIMD4<Double> == SIMD4(1, 2, 3, 4))
        #expect(container.resolve() as SIMD8<Float> == SIMD8(repeating: 0.5))
        #expect(container.resolve() as Odd == Odd(head: -1, body: .max, tail: 7))
        #expect(container.resolve() as Shape == .circle(2.5))
        #expect(container.resolve(tag: "square") as Shape == .square(3))
        #expect(container.resolve() as Empty == Empty())
        #expect(container.resolve() as Int8? == -3)
        #expect((container.resolve() as @Sendable () -> Int)() == 42)
        #expect(container.resolve() as any Sendable & Hashable as? String == "text")
        // Built once, returned again from where it was kept.
        #expect(container.resolve() as SIMD4<Double> == SIMD4(1, 2, 3, 4))
        #expect(container.resolve() as Odd == Odd(head: -1, body: .max, tail: 7))
    }

    @Test func aTaggedDefinitionCopiedByItsModifiersKeepsItsTagForItselfAndItsBindings() throws {
        let base = module {
            single(tag: "sticker") { Sticker("first") }.bind(Labelled.self)
            single(tag: "badge") { Badge() }
        }
        let patch = module {
            single(tag: "sticker") { Sticker("second") }.bind(Labelled.self).override()
        }
        let container = modules { base; patch }
        let sticker: Sticker = container.resolve(tag: "sticker")
        #expect(sticker.label == "second")
        #expect((container.resolve(tag: "sticker") as Labelled) as? Sticker === sticker)
        #expect((container.resolve(tag: "badge") as Badge).label == "badge")
        // No untagged binding was made: the message lists the tagged ones, read from the records.
        let error = #expect(throws: WiringError.self) {
            _ = try container.resolveThrowing(Labelled.self)
        }
        let message = try #require(error?.description)
        #expect(message.contains("tag \"sticker\""))
    }
}
