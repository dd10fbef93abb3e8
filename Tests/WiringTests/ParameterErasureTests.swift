import Testing
import Wiring

private protocol Shape: Sendable { var sides: Int { get } }
private struct Square: Shape { let sides = 4 }
private struct Label: Sendable {
    let text: String
}
private struct Failure: Error {}

/// Factories with parameters are stored without a variadic generic type (they back-deploy);
/// these check that every kind of parameter still reaches the factory exactly.
@Suite struct ParameterErasureTests {
    @Test func existentialOptionalAndTupleParametersArriveIntact() {
        let container = module {
            factory { (shape: any Shape, count: Int?, pair: (Int, String)) in
                Label(text: "\(shape.sides) \(count.map(String.init) ?? "nil") \(pair.0)\(pair.1)")
            }
        }
        let label: Label = container.resolve(parameters: Square() as any Shape, Int?.none, (1, "a"))
        #expect(label.text == "4 nil 1a")
    }

    @Test func fiveParametersInOrder() {
        let container = module {
            factory { (a: Int, b: String, c: Double, d: Bool, e: [Int]) in
                Label(text: "\(a)\(b)\(c)\(d)\(e)")
            }
        }
        let label: Label = container.resolve(parameters: 1, "b", 2.5, true, [3])
        #expect(label.text == "1b2.5true[3]")
    }

    @Test func aMismatchIsStillAnErrorNotACrash() throws {
        let container = module { factory { (count: Int, name: String) in Label(text: "\(count)\(name)") } }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Label.self, parameters: "x", 1) }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Label.self, parameters: 1) }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Label.self, parameters: 1, "x", 2) }
        #expect(try container.resolveThrowing(Label.self, parameters: 1, "x").text == "1x")
    }

    @Test func aFactoryWithParametersMayThrow() throws {
        let container = module {
            factory { (fail: Bool) throws -> Label in
                if fail { throw Failure() }
                return Label(text: "ok")
            }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Label.self, parameters: true) }
        guard case let .factoryFailed(type, _, _, underlying, _) = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(type == "Label")
        #expect(underlying is Failure)
        #expect(try container.resolveThrowing(Label.self, parameters: false).text == "ok")
    }
}
