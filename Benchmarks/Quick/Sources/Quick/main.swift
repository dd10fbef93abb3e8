// Each scenario as a loop of COUNT operations; `measure.sh` differences two counts under
// callgrind, so that start-up and the warm-up cancel out.
import Foundation
import QuickFixtures
import Wiring
DependencyContainer.defined(by: wiringModule)
let args = CommandLine.arguments
guard args.count == 3, let count = Int(args[2]) else {
    print("usage: Quick SCENARIO COUNT")
    exit(2)
}
switch args[1] {
case "singleton": for _ in 0..<count { sink(resolve() as ServiceProtocol) }
case "tagged": for _ in 0..<count { sink(resolve(tag: Flavor.tagged) as ServiceProtocol) }
case "factory": for _ in 0..<count { sink(resolve() as Part) }
case "request":
    DependencyContainer.load(requestModule)
    let root = DependencyContainer.shared
    for index in 0..<count { sink(wiringRequest(index, in: root)) }
case "builds": for _ in 0..<count { buildMany() }
default:
    print("usage: Quick singleton|tagged|factory|request|builds COUNT")
    exit(2)
}
