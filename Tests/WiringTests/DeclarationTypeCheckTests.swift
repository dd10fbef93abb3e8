import Testing
import Wiring

private final class Connection: Sendable {}
private final class Store: Sendable {}
private protocol Closable: Sendable {}
private class Resource: @unchecked Sendable {}
private final class File: Resource, Closable, @unchecked Sendable {}
private struct Settings: Sendable {}

/// An `.onStart`, `.onClose` or `.bind` that can never apply to the definition's
/// instances stops where it is written, with the message; anything that may apply is kept.
struct DeclarationTypeCheckTests {
    @Test func anOnCloseForAnUnrelatedClassStopsAtDeclaration() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module {
                single { Connection() }.onClose { (_: Store) in }
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("on a definition of `Connection` would never run"))
            #expect(output.contains("Fix: take the definition's type, `.onClose { (instance: Connection) in … }`"))
            #expect(output.contains("DeclarationTypeCheckTests.swift"))
        }
    }

    @Test func anOnStartForAnUnrelatedClassSaysOnStartNotOnClose() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module {
                single { Connection() }.onStart { (_: Store) in }
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("`.onStart { (instance: Store) in … }` on a definition of `Connection` never runs"))
            #expect(output.contains("Fix: take the definition's type, `.onStart { (instance: Connection) in … }`"))
            #expect(!output.contains("onClose"))
        }
    }

    @Test func anOnCloseForAnotherValueTypeStopsAtDeclaration() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module {
                single { Settings() }.onClose { (_: Connection) in }
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("`.onClose { (instance: Connection) in … }` on a definition of `Settings`"))
        }
    }

    @Test func aBindingToAnUnrelatedClassStopsAtDeclaration() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module {
                single { Connection() }.bind(Store.self)
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Connection` is bound to `Store`, but it is not one."))
        }
    }

    @Test func callbacksThatMayApplyAreKeptAndRun() {
        let closedAsProtocol = Counter()
        let closedAsSuperclass = Counter()
        let closedAsAny = Counter()
        let container = module {
            single { File() }.onClose { (_: any Closable) in closedAsProtocol.increment() }
            single(tag: "base") { File() as Resource }.onClose { (_: File) in closedAsSuperclass.increment() }
            single(tag: "any") { Settings() }.onClose { (_: Any) in closedAsAny.increment() }
            single(tag: "bound") { File() }.bind((any Closable).self).bind(Resource.self)
        }
        _ = container.resolve() as File
        _ = container.resolve(tag: "base") as Resource
        _ = container.resolve(tag: "any") as Settings
        _ = container.resolve(tag: "bound") as Resource
        container.close()
        #expect(closedAsProtocol.count == 1)
        #expect(closedAsSuperclass.count == 1)
        #expect(closedAsAny.count == 1)
    }
}
