import Wiring
import Testing

private protocol Greeter: AnyObject, Sendable {}
private final class EnglishGreeter: Greeter {}
private final class Cart: Sendable {}
private enum Shopping {}

private let file = "WiringTests/HintMessageTests.swift"

/// Messages that name the real cause: the definition exists, but not where or as what it was
/// asked for.
@Suite struct HintMessageTests {
    @Test func aScopedDefinitionResolvedOutsideItsScope() {
        let line = #line + 2
        let container = module {
            scope(Shopping.self) { scoped { Cart() } }
        }
        let requested = #line + 1
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Cart.self) }
        #expect(
            error?.description == """
                Wiring: `Cart` is scoped to `Shopping`: it is only resolvable from a `Shopping` scope.
                  Defined at: \(file):\(line)
                  Requested at: \(file):\(requested)
                  Fix: resolve it from a scope opened with `openScope(Shopping.self)`, or define it outside \
                `scope(Shopping.self) { … }` if it should live in the container itself.
                  If another scope reaches it at run time through `link(to:)` a `Shopping` scope, say so in that \
                scope's definition with `linked(to: Shopping.self)`, so that `verify()` follows the link; or announce \
                the value there with `declared(Cart.self, example: { … })`.
                """)
    }

    @Test func anOptionalRequestSaysToAskForTheWrappedType() {
        let container = module { single { EnglishGreeter() as Greeter } }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Greeter?.self) }
        let text = error?.description ?? ""
        #expect(
            text.contains(
                "  Fix: ask for the wrapped type, `resolve() as Greeter`, or use `resolveOptional()` / "
                    + "`@OptionalInject` for a dependency that may be absent."))
        #expect(!text.contains("as Optional<Greeter> }"))
    }

    @Test func anImplementationRegisteredWithoutItsProtocol() {
        let line = #line + 1
        let container = module { single { EnglishGreeter() } }
        _ = container.resolve() as EnglishGreeter  // built: its instance can be asked what it is
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Greeter.self) }
        #expect(
            error?.description.contains(
                "  Note: `EnglishGreeter` is registered at \(file):\(line) and its instance is a `Greeter`: "
                    + "register it `as Greeter`, or add `.bind(Greeter.self)` to it.") == true)
    }

    @Test func aClosureTypeWithoutSendable() {
        let line = #line + 1
        let container = module { single { { 42 } as @Sendable () -> Int } }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing((() -> Int).self) }
        #expect(
            error?.description.contains(
                "  Note: `() -> Int` is not registered; `@Sendable () -> Int` is at \(file):\(line). A closure type "
                    + "with and without `@Sendable` are two types: ask for `@Sendable () -> Int`, or register it "
                    + "`as () -> Int`.") == true)
    }

    @Test func loadWithoutARootSaysToDefineOne() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.load(module { single { Cart() } })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `DependencyContainer.load(_:)` needs a root, and none is defined yet."))
            #expect(
                output.contains(
                    "  Fix: call `DependencyContainer.defined(by: modules { … })` first; in a test, give the test a "
                        + "root of its own with `DependencyContainer.withRoot(_:)` or the `.wired(_:)` trait."))
        }
    }

    @Test func aFactoryThatLoadsAModuleSeesItsDefinitions() throws {
        final class Plugin: Sendable {}
        final class Host: Sendable {
            let plugin: Plugin
            init(plugin: Plugin) { self.plugin = plugin }
        }
        let plugins = module { single { Plugin() } }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module {
                factory { () -> Host in
                    DependencyContainer.load(plugins)
                    return Host(plugin: resolve())
                }
            })
            let host: Host = resolve()
            #expect(host.plugin === DependencyContainer.shared.resolve() as Plugin)
        }
    }
}
