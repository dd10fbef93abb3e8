import Testing
import Wiring

/// A location is its file's text and its line, however it was made: from `#fileID` or from a
/// `String`, which Wiring keeps one copy of per name.
@Suite struct CodeLocationTests {
    @Test func aLocationMadeFromAStringKeepsItsFileAndLine() {
        let name = "Feature/" + String(repeating: "Long", count: 8) + "File.swift"
        let first = CodeLocation(fileID: name, line: 42)
        let second = CodeLocation(fileID: String(name.reversed().reversed()), line: 42)
        #expect(first.fileID == name)
        #expect(first.line == 42)
        #expect(first.description == "\(name):42")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != CodeLocation(fileID: name, line: 43))
        #expect(first != CodeLocation(fileID: name + "x", line: 42))
        #expect(Set([first, second, CodeLocation(fileID: name, line: 43)]).count == 2)
    }

    @Test func aMessageNamesTheFileOfTheLiteral() {
        let here = CodeLocation(fileID: #fileID, line: #line)
        #expect(here.fileID == "WiringTests/CodeLocationTests.swift")
        let container = module { single { Registered() } }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Unregistered.self) }
        #expect(error?.description.contains("WiringTests/CodeLocationTests.swift:") == true)
    }

    @Test func aLineBeyondThirtyTwoBitsIsClamped() {
        #expect(CodeLocation(fileID: "A.swift", line: Int(Int32.max) + 10).line == Int(Int32.max))
        #expect(CodeLocation(fileID: "A.swift", line: 7).line == 7)
    }
}

private final class Unregistered {}
private final class Registered: Sendable {}
