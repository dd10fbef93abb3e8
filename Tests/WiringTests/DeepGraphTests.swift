import Foundation
import Testing
import Wiring

private final class Level: Sendable {
    let below: Level?
    init(below: Level?) { self.below = below }
}

/// Whether this process runs under ThreadSanitizer or AddressSanitizer.
private let isSanitized = dlsym(nil, "__tsan_init") != nil
    || dlsym(nil, "__asan_init") != nil

/// Deep graphs (issue 25): cost linear in depth, and a stack small enough for secondary threads.
struct DeepGraphTests {
    /// A chain of `depth` factories tagged by level, each resolving the one below.
    private func chain(depth: Int) -> DependencyContainer {
        module {
            for level in 0..<depth {
                factory(tag: level) { Level(below: level == 0 ? nil : resolve(tag: level - 1) as Level) }
            }
        }
    }

    private func levels(of top: Level) -> Int {
        var count = 0
        var level: Level? = top
        while let current = level {
            count += 1
            level = current.below
        }
        return count
    }

    /// 512 KB is a secondary thread's stack on Apple platforms and Foundation's `Thread`. This
    /// suite runs in a debug build, whose frames are about nine times larger than release's
    /// (4.5 KB a level here, 500 bytes in release, where 1,000 levels resolve on 512 KB): 50
    /// levels here, with room to spare.
    @Test func aDeepChainResolvesOnASmallStack() {
        let container = chain(depth: 50)
        let depth = Collected<Int>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            depth.append(levels(of: container.resolve(tag: 49) as Level))
            done.signal()
        }
        // A sanitizer's instrumentation makes every frame several times larger: give it room.
        thread.stackSize = (isSanitized ? 8 : 1) * 512 * 1024
        thread.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(depth.all == [50])
    }

    /// The stack a level of a chain takes, measured between the factories of two levels: under
    /// 6 KB in a debug build (10 KB before `WiringError` was made indirect: every frame that can
    /// throw one reserved room for its 97 bytes).
    @Test(.enabled(if: !isSanitized)) func aLevelOfADeepChainTakesLittleStack() {
        let marks = Collected<Int>()
        let container = module {
            for level in 0..<40 {
                factory(tag: level) {
                    var local = 0
                    withUnsafeMutablePointer(to: &local) { marks.append(Int(bitPattern: $0)) }
                    return Level(below: level == 0 ? nil : resolve(tag: level - 1) as Level)
                }
            }
        }
        _ = container.resolve(tag: 39) as Level
        let addresses = marks.all
        let perLevel = (addresses[5] - addresses[35]) / 30
        #expect(perLevel > 0 && perLevel < 6 * 1024, "\(perLevel) bytes of stack per level")
    }

    @Test func aCycleDeepInAChainIsReportedWithItsPath() {
        let container = module {
            for level in 0..<300 {
                factory(tag: level) { Level(below: try resolveThrowing(Level.self, tag: level == 0 ? 299 : level - 1)) }
            }
        }
        let error = #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Level.self, tag: 299) }
        #expect(error?.description.contains("dependency cycle") == true)
        #expect(error?.description.contains("Level (tag: Int(0)) → Level (tag: Int(299))") == true)
    }
}
