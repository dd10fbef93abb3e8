import Wiring

protocol Greeter: Sendable { func greet() -> String }
struct Hello: Greeter { func greet() -> String { "hello from Wiring" } }

let app = module {
    single { Hello() as any Greeter }
}
let greeter: any Greeter = app.resolve()
print(greeter.greet())
