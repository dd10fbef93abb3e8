internal import _WiringShims

/// What one instance resolved while it was built (and, later, through its `@LazyInject`s): the
/// creation numbers (see `nextCreationSequence()`) of the kept instances it uses. A factory keeps
/// nothing, so what a factory resolved counts for the kept build it is part of.
///
/// These edges, not build times, order start hooks, the services list and closing: an instance
/// comes after what it uses, whenever either was built.
struct Dependencies {
    /// Kept instances resolved during the build, in resolve order (repeats are harmless).
    var direct = Sequences()
    /// What the instance's `@LazyInject`s resolve later; made by the first one, if any.
    var late: LateDependencies?

    var isEmpty: Bool { direct.isEmpty && late == nil }

    /// Every creation number, direct and late.
    var all: [UInt64] {
        guard let late else { return direct.array }
        return direct.array + late.sequences
    }

    /// Creation numbers, the first two kept inline: most kept builds resolve at most two kept
    /// instances (a request's service, its request and its database), and an array for them
    /// cost an allocation per build. Creation numbers start at 1, so 0 marks an empty place.
    struct Sequences {
        private var first: UInt64 = 0
        private var second: UInt64 = 0
        private var more: [UInt64] = []

        var isEmpty: Bool { first == 0 }

        mutating func append(_ sequence: UInt64) {
            if first == 0 {
                first = sequence
            } else if second == 0 {
                second = sequence
            } else {
                more.append(sequence)
            }
        }

        var array: [UInt64] {
            if first == 0 { return [] }
            if second == 0 { return [first] }
            return [first, second] + more
        }
    }
}

/// The dependencies an instance's `@LazyInject`s resolve after it was built. Shared by the frame
/// that built it, the instance's state and every lazy wrapper the build made.
final class LateDependencies: @unchecked Sendable {
    // `added` is only touched under `lock`; `owner` is immutable.
    private let lock = Lock()
    private var added: [UInt64] = []
    /// The definition being built when the first lazy wrapper was made: the resolution path a
    /// lazy resolve reports starts there.
    let owner: DefinitionInfo

    init(owner: DefinitionInfo) {
        self.owner = owner
    }

    func add(_ sequences: [UInt64]) {
        guard !sequences.isEmpty else { return }
        lock.withLock { added.append(contentsOf: sequences) }
    }

    var sequences: [UInt64] {
        lock.withLock { added }
    }
}

/// Orders instances so that each comes after what it depends on.
enum DependencyOrder {
    /// `items` in start order: every item after the items it depends on, otherwise in creation
    /// order. A cycle (possible only through `@LazyInject`) is broken at the item reached first.
    static func starting<Item>(
        _ items: [Item], sequence: (Item) -> UInt64, dependencies: (Item) -> [UInt64]
    ) -> [Item] {
        guard items.count > 1 else { return items }
        var byCreation = Array(items.indices)
        byCreation.sort { sequence(items[$0]) < sequence(items[$1]) }
        var indexOf: [UInt64: Int] = [:]
        indexOf.reserveCapacity(items.count)
        for index in items.indices { indexOf[sequence(items[index])] = index }
        var visited = [Bool](repeating: false, count: items.count)
        var order: [Int] = []
        order.reserveCapacity(items.count)
        // Depth first, without recursion: a long chain of singletons must not exhaust the stack.
        var stack: [(index: Int, next: Int, dependencies: [UInt64])] = []
        for root in byCreation where !visited[root] {
            visited[root] = true
            stack.append((root, 0, dependencies(items[root])))
            while let top = stack.last {
                if top.next < top.dependencies.count {
                    stack[stack.count - 1].next += 1
                    if let index = indexOf[top.dependencies[top.next]], !visited[index] {
                        visited[index] = true
                        stack.append((index, 0, dependencies(items[index])))
                    }
                } else {
                    stack.removeLast()
                    order.append(top.index)
                }
            }
        }
        return order.map { items[$0] }
    }

    /// `items` in close order: the reverse of ``starting(_:sequence:dependencies:)``, every
    /// item before what it depends on.
    static func closing<Item>(
        _ items: [Item], sequence: (Item) -> UInt64, dependencies: (Item) -> [UInt64]
    ) -> [Item] {
        starting(items, sequence: sequence, dependencies: dependencies).reversed()
    }
}
