import Wiring

protocol Greeter: Sendable {
    var greeting: String { get }
}

struct EnglishGreeter: Greeter {
    let greeting = "Hello"
}

struct FrenchGreeter: Greeter {
    let greeting = "Bonjour"
}

struct MockGreeter: Greeter {
    let greeting: String
}

final class Welcome: Sendable {
    let greeter: Greeter
    init(greeter: Greeter = resolve()) { self.greeter = greeter }
}

/// A screen that takes its dependencies through wrappers.
final class WelcomeScreen {
    @Inject var welcome: Welcome
    @LazyInject var greeter: Greeter
    @OptionalInject var missing: Missing?
}

protocol Missing: Sendable {}

/// Waits until `parties` tasks have all arrived.
actor Rendezvous {
    private let parties: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        arrived += 1
        if arrived == parties {
            waiting.forEach { $0.resume() }
            waiting = []
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }
}
