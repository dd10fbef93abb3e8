#!/usr/bin/env python3
"""Prints the CPU time of one start-up for Wiring and the hand-written baseline, and their ratio.

package-benchmark's medians of the start-up scenarios spread by half from run to run on a
shared machine, which is as wide as the gaps they should show. This runs the release
`InstructionCounts` harness as separate processes instead, alternating Wiring and the
hand-written baseline so that both see the same neighbours, at two operation counts, and keeps
the fastest of each: the difference of the fastest runs, divided by the difference in
operations, is one start-up's time with the process's own start (the runtime, the warm-up run,
10 to 20 ms) taken out. A process's time is its user and system CPU time (`wait4`), so page
faults and the kernel's work on the heap are counted, as an app pays them.

Usage (from Benchmarks/):
    python3 Scripts/start-up-wall-clock.py                     # scenarios 13, 14 and 7
    python3 Scripts/start-up-wall-clock.py --runs 30 start-up-one-module
    python3 Scripts/start-up-wall-clock.py --binary /tmp/InstructionCounts-before   # another build
"""
import argparse
import os
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
BINARY = PACKAGE / ".build" / "release" / "InstructionCounts"
SCENARIOS = {
    "start-up-one-module": "13 start-up: one inline module of 1,000",
    "start-up-ten-modules": "14 start-up: ten modules of 100 composed",
    "1000-types": "7 module of 1,000 premade lines",
    "start-up-general": "15 start-up: general path, 200",
}
LIBRARIES = ["wiring", "hand-written"]


def cpu_seconds(scenario: str, library: str, operations: int) -> float:
    """The user and system CPU time of one run of the harness."""
    process = subprocess.Popen(
        [str(BINARY), f"{scenario}/{library}", str(operations)], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{scenario}/{library} failed")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenarios", nargs="*", default=["start-up-one-module", "start-up-ten-modules", "1000-types"])
    parser.add_argument("--runs", type=int, default=15, help="runs at each count; the fastest is kept")
    parser.add_argument("--low", type=int, default=500)
    parser.add_argument("--high", type=int, default=2500)
    parser.add_argument("--binary", help="a harness built elsewhere (an earlier commit's), instead of building this one")
    arguments = parser.parse_args()
    global BINARY
    if arguments.binary:
        BINARY = Path(arguments.binary)
    else:
        subprocess.run(["swift", "build", "-c", "release", "--product", "InstructionCounts"], cwd=PACKAGE, check=True,
                       stdout=subprocess.DEVNULL)
    fastest: dict[tuple[str, str, int], float] = {}
    for _ in range(arguments.runs):
        for scenario in arguments.scenarios:
            for library in LIBRARIES:
                for operations in (arguments.low, arguments.high):
                    key = (scenario, library, operations)
                    seconds = cpu_seconds(scenario, library, operations)
                    fastest[key] = min(fastest.get(key, seconds), seconds)
    span = arguments.high - arguments.low
    print(f"fastest of {arguments.runs} runs at {arguments.low} and {arguments.high} start-ups, per start-up:")
    print(f"{'scenario':44} {'Wiring':>10} {'hand-written':>13} {'ratio':>7}")
    for scenario in arguments.scenarios:
        per = {library: (fastest[(scenario, library, arguments.high)] - fastest[(scenario, library, arguments.low)])
               / span * 1e6 for library in LIBRARIES}
        print(f"{SCENARIOS.get(scenario, scenario):44} {per['wiring']:8.1f} µs {per['hand-written']:10.1f} µs "
              f"{per['wiring'] / per['hand-written']:6.2f}×")


if __name__ == "__main__":
    main()
