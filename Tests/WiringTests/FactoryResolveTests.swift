import Testing
import Wiring

private final class Counted: Sendable {
    static let made = Collected<Int>()
    let serial: Int
    init() {
        serial = Counted.made.all.count
        Counted.made.append(serial)
    }
}
private protocol Printing: Sendable { var name: String { get } }
private struct Printer: Printing { let name: String }
private final class Report: Sendable {
    let printer: Printing
    let counted: Counted
    init(printer: Printing, counted: Counted) {
        self.printer = printer
        self.counted = counted
    }
}
private final class Unregistered: Sendable {}
private final class NeedsUnregistered: Sendable {
    init(missing: Unregistered) {}
}
private enum Paper: Hashable, Sendable { case draft }

/// A factory's value goes to a typed `resolve()` unboxed (the factory's closure is called where
/// the resolve's type is known): every form must still build anew each time, with its frame,
/// its path and its tag, and a binding or a differently typed resolve must still get the value.
@Suite(.serialized) struct FactoryResolveTests {
    @Test func everyTypedResolveOfAFactoryCallsItsClosureOnce() {
        let before = Counted.made.all.count
        let container = module { factory { Counted() } }
        let first: Counted = container.resolve()
        let second: Counted = container.resolve()
        #expect(first !== second)
        #expect(Counted.made.all.count == before + 2)
    }

    @Test func aTaggedFactoryAndAnExistentialOneKeepTheirValues() {
        let container = module {
            factory { Printer(name: "plain") as Printing }
            factory(tag: Paper.draft) { Printer(name: "draft") as Printing }
        }
        #expect((container.resolve() as Printing).name == "plain")
        #expect((container.resolve(tag: Paper.draft) as Printing).name == "draft")
    }

    @Test func aFactoryNestedInABuildResolvesFromThatBuildsContainer() {
        let container = module {
            factory { Printer(name: "nested") as Printing }
            factory { Counted() }
            factory { Report(printer: resolve(), counted: resolve()) }
        }
        let one: Report = container.resolve()
        let two: Report = container.resolve()
        #expect(one.printer.name == "nested")
        #expect(one.counted !== two.counted)
    }

    @Test func aBindingOfAFactoryGivesTheFactorysValueAsTheBoundType() {
        let container = module { factory { Printer(name: "bound") }.bind(Printing.self) }
        #expect((container.resolve() as Printing).name == "bound")
        #expect((container.resolve() as Printer).name == "bound")
    }

    @Test func aFailureInsideADeliveredFactoryNamesThePath() throws {
        let container = module {
            factory { NeedsUnregistered(missing: try resolveThrowing()) }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(NeedsUnregistered.self) }
        let text = try #require(error).description
        #expect(text.contains("NeedsUnregistered → Unregistered"))
    }

    @Test func aMainActorFactoryResolvedOnTheMainActorBuildsEachTime() async {
        let container = module { factory { @MainActor in Counted() } }
        let (first, second) = await MainActor.run {
            (container.resolve() as Counted, container.resolve() as Counted)
        }
        #expect(first !== second)
    }
}

private class Shape: @unchecked Sendable {}  // no state: nothing to guard
private final class Circle: Shape, @unchecked Sendable {}

/// A typed resolve takes a factory's closure, or a kept instance's box, by a class check of the
/// resolved type: these try to make it take one of another type (a subclass value, a binding, an
/// instance built where its type was not known).
@Suite struct TypedTakeTests {
    @Test func aSubclassValueIsTakenAsTheTypeItIsDeclaredAs() {
        let container = module {
            factory { Circle() as Shape }
            single(tag: Paper.draft) { Circle() as Shape }
        }
        let made: Shape = container.resolve()
        #expect(made is Circle)
        #expect((container.resolve() as Shape) !== made)
        let kept: Shape = container.resolve(tag: Paper.draft)
        #expect(kept is Circle)
        #expect((container.resolve(tag: Paper.draft) as Shape) === kept)
        #expect((container.resolveOptional() as Circle?) == nil)
    }

    @Test func aBindingOfASubclassGivesTheSameObjectAsEitherType() {
        let container = module { single { Circle() }.bind(Shape.self) }
        let circle: Circle = container.resolve()
        #expect((container.resolve() as Shape) === circle)
        let again: Circle = container.resolve()
        #expect(again === circle)
    }

    @Test func aWeakInstanceFoundAgainIsTakenThroughTheCast() {
        let container = module { weakSingle { Circle() as Shape } }
        let first: Shape = container.resolve()
        let second: Shape = container.resolve()
        #expect(first === second)
        #expect(second is Circle)
    }
}
