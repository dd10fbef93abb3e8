#!/usr/bin/env python3
"""Asks glibc whether a start-up would stop growing and trimming the heap if some of its blocks
were smaller.

glibc keeps about 132 KB free at the top of its heap between start-ups (`M_TOP_PAD`). A
start-up that takes more than that from the top grows the heap, and its teardown trims it
again, every time: about 25 µs of scenario 13's start-up (see `start-up-wall-clock.py
--no-trim`). Whether a layout change crosses that line depends on the order of the blocks and
on which fit into which holes, so this does not guess: it logs every allocation and free of a
few start-ups of the release `InstructionCounts` harness (an `LD_PRELOAD` logger), then replays
them through glibc in a small C program, allocating TO bytes wherever the trace allocated FROM,
and counts how often the heap's end moved. A trace whose start-ups no longer move it has
crossed. The C sources are in `heap-replay/`; `cc` builds them.

Usage (from Benchmarks/, after `swift build -c release --product InstructionCounts`):
    python3 Scripts/heap-replay.py start-up-one-module                   # the blocks of one start-up
    python3 Scripts/heap-replay.py start-up-one-module 64048:48048 40032:32032 32904:16904
    python3 Scripts/heap-replay.py --verbose start-up-one-module 64048:48048
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = Path(__file__).resolve().parent / "heap-replay"
BINARY = PACKAGE / ".build" / "release" / "InstructionCounts"
START_UPS = 8


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", help="a scenario of the harness, such as start-up-one-module")
    parser.add_argument("substitutions", nargs="*", help="FROM:TO, a block size and what to replay it as")
    parser.add_argument("--binary", default=str(BINARY), help="the InstructionCounts harness to trace")
    parser.add_argument("--verbose", action="store_true", help="print the heap's top after every large block")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        logger = Path(scratch) / "logger.so"
        replay = Path(scratch) / "replay"
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", str(logger), str(SOURCES / "logger.c"), "-ldl"],
                       check=True)
        subprocess.run(["cc", "-O2", "-o", str(replay), str(SOURCES / "replay.c")], check=True)
        trace = Path(scratch) / "trace.txt"
        with open(trace, "w") as output:
            # The logger writes to descriptor 3: the trace file, put there in the child and kept
            # open across `exec` (Python opens files close-on-exec).
            def to_descriptor_3() -> None:
                if output.fileno() != 3:
                    os.dup2(output.fileno(), 3)
                os.set_inheritable(3, True)

            subprocess.run([arguments.binary, f"{arguments.scenario}/wiring", str(START_UPS)],
                           env=dict(os.environ, LD_PRELOAD=str(logger)), stdout=subprocess.DEVNULL,
                           close_fds=False, preexec_fn=to_descriptor_3, check=True)
        sizes = collections.Counter()
        for line in trace.read_text().splitlines():
            kind, _, size, _ = line.split()
            if kind in "MAR" and int(size) >= 4000:
                sizes[int(size)] += 1
        print(f"blocks of 4,000 bytes or more in {START_UPS} start-ups (and the harness's own):")
        for size, count in sorted(sizes.items()):
            print(f"  {size:>8} bytes × {count}")
        environment = dict(os.environ, REPLAY_VERBOSE="1") if arguments.verbose else None
        result = subprocess.run([str(replay), str(trace), *arguments.substitutions], capture_output=True, text=True,
                                env=environment, check=True)
        print(result.stdout, end="")
        print(f"(a trace whose heap end moves only while the harness starts, about 3 times, has crossed; "
              f"moving about 3 times per start-up, {3 * START_UPS} or so in all, it has not)")


if __name__ == "__main__":
    sys.exit(main())
