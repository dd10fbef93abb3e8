#!/usr/bin/env python3
"""Prints the CPU time of one start-up for Wiring and the hand-written baseline, and their ratio.

package-benchmark's medians of the start-up scenarios spread by half from run to run on a
shared machine, which is as wide as the gaps they should show. This runs the release
`InstructionCounts` harness as separate processes instead, alternating Wiring and the
hand-written baseline so that both see the same neighbours, at two operation counts, and keeps
the fastest of each: the difference of the fastest runs, divided by the difference in
operations, is one start-up's time with the process's own start (the runtime, the warm-up run,
10 to 20 ms) taken out. A process's time is its user and system CPU time (`wait4`), so page
faults and the kernel's work on the heap are counted, as an app pays them. Page faults per
start-up are differenced the same way.

`--no-trim` is a diagnostic: it also runs every measurement with glibc's heap padded by 1 MB
(`GLIBC_TUNABLES=glibc.malloc.top_pad=1048576`), alternating with the default, and prints that
table too. glibc gives the top of the heap back to the system (`brk`) whenever more than 128 KB
of it is free, and keeps 128 KB when it grows it: a start-up whose memory peaks above that
grows the heap and has it trimmed again, every time, and faults its pages in again. With the
padding, neither library's start-up does: the difference between the tables is what that cycle
costs in this loop. (An app starts once: it faults in all the memory its start-up touches, and
never trims it between start-ups.)

`--thread` runs the start-ups on a thread of their own, as package-benchmark runs its
closures. Off the main thread glibc allocates from a per-thread arena, which keeps the same
128 KB at its top but gives the rest back with `madvise(MADV_DONTNEED)` instead of `brk`:
scenario 13 there makes two such calls per start-up (24 and 32 KB), and faults those pages in
again. `--no-trim` pads that arena too.

Usage (from Benchmarks/):
    python3 Scripts/start-up-wall-clock.py                     # scenarios 13, 14 and 7
    python3 Scripts/start-up-wall-clock.py --runs 30 start-up-one-module
    python3 Scripts/start-up-wall-clock.py --binary /tmp/InstructionCounts-before   # another build
    python3 Scripts/start-up-wall-clock.py --no-trim           # also without the heap's trim cycle
    python3 Scripts/start-up-wall-clock.py --no-trim --pad 152 start-up-one-module   # a smaller padding
    python3 Scripts/start-up-wall-clock.py --thread --no-trim  # off the main thread, as package-benchmark
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


NO_TRIM = "glibc.malloc.top_pad=1048576"
ON_THREAD = False


def measure(scenario: str, library: str, operations: int, no_trim: bool) -> tuple[float, int]:
    """The user and system CPU time of one run of the harness, and its minor page faults."""
    environment = dict(os.environ)
    if no_trim:
        environment["GLIBC_TUNABLES"] = NO_TRIM
    if ON_THREAD:
        environment["INSTRUCTION_COUNTS_THREAD"] = "1"
    process = subprocess.Popen(
        [str(BINARY), f"{scenario}/{library}", str(operations)], stdout=subprocess.DEVNULL, env=environment)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{scenario}/{library} failed")
    return usage.ru_utime + usage.ru_stime, usage.ru_minflt


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenarios", nargs="*", default=["start-up-one-module", "start-up-ten-modules", "1000-types"])
    parser.add_argument("--runs", type=int, default=15, help="runs at each count; the fastest is kept")
    parser.add_argument("--low", type=int, default=500)
    parser.add_argument("--high", type=int, default=2500)
    parser.add_argument("--binary", help="a harness built elsewhere (an earlier commit's), instead of building this one")
    parser.add_argument("--no-trim", action="store_true",
                        help="also measure with glibc's heap padded, so that no start-up grows and trims it")
    parser.add_argument("--pad", type=int, default=1024,
                        help="the padding --no-trim sets, in KB (glibc's own is 128; the cycle of "
                             "scenario 13 stops between 152 and 160)")
    parser.add_argument("--thread", action="store_true",
                        help="run the start-ups off the main thread (a per-thread glibc arena), as package-benchmark does")
    arguments = parser.parse_args()
    global BINARY, NO_TRIM, ON_THREAD
    NO_TRIM = f"glibc.malloc.top_pad={arguments.pad * 1024}"
    ON_THREAD = arguments.thread
    if arguments.binary:
        BINARY = Path(arguments.binary)
    else:
        subprocess.run(["swift", "build", "-c", "release", "--product", "InstructionCounts"], cwd=PACKAGE, check=True,
                       stdout=subprocess.DEVNULL)
    modes = [False, True] if arguments.no_trim else [False]
    fastest: dict[tuple[bool, str, str, int], float] = {}
    faults: dict[tuple[bool, str, str, int], int] = {}
    for _ in range(arguments.runs):
        for no_trim in modes:
            for scenario in arguments.scenarios:
                for library in LIBRARIES:
                    for operations in (arguments.low, arguments.high):
                        key = (no_trim, scenario, library, operations)
                        seconds, minor = measure(scenario, library, operations, no_trim)
                        fastest[key] = min(fastest.get(key, seconds), seconds)
                        faults[key] = min(faults.get(key, minor), minor)
    span = arguments.high - arguments.low
    for no_trim in modes:
        heading = f"with {NO_TRIM} (diagnostic: the heap padded)" if no_trim else "as measured"
        if ON_THREAD:
            heading += ", on a thread of its own"
        print(f"{heading}: fastest of {arguments.runs} runs at {arguments.low} and {arguments.high} start-ups, "
              "per start-up:")
        print(f"{'scenario':44} {'Wiring':>10} {'hand-written':>13} {'ratio':>7} {'faults':>14}")
        for scenario in arguments.scenarios:
            per = {library: (fastest[(no_trim, scenario, library, arguments.high)]
                             - fastest[(no_trim, scenario, library, arguments.low)]) / span * 1e6
                   for library in LIBRARIES}
            # Rounded, then `+ 0.0`, so that a difference of nothing prints as 0.0, never -0.0.
            fault = {library: round((faults[(no_trim, scenario, library, arguments.high)]
                                     - faults[(no_trim, scenario, library, arguments.low)]) / span, 1) + 0.0
                     for library in LIBRARIES}
            print(f"{SCENARIOS.get(scenario, scenario):44} {per['wiring']:8.1f} µs {per['hand-written']:10.1f} µs "
                  f"{per['wiring'] / per['hand-written']:6.2f}× {fault['wiring']:6.1f} / {fault['hand-written']:4.1f}")


if __name__ == "__main__":
    main()
