#!/usr/bin/env python3
"""Prints the heap one start-up holds at its peak, per library, measured by valgrind's DHAT.

Wall clock of a repeated start-up depends on its footprint as much as on its instructions: a
start-up that holds more at its peak than glibc's trim threshold gives that memory back to the
kernel when it is torn down, and faults it in again the next time (see the README's
"Memory at start-up"). This runs the `InstructionCounts` harness once per scenario with an
operation count of 0, so that it does exactly one start-up (the warm-up run), under
`valgrind --tool=dhat`, and subtracts the peak ("t-gmax") of a run that starts up nothing
(`singleton/hand-written 0`): what is left is the start-up's own peak heap, in bytes (malloc's
own headers not counted), which the script also divides by the scenario's definitions.

Usage (from Benchmarks/):
    python3 Scripts/peak-heap.py              # the start-up scenarios, as a table
    python3 Scripts/peak-heap.py --markdown   # the same, as Markdown

Needs valgrind; builds the harness in release, as Scripts/instruction-counts.py does.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from importlib import import_module  # noqa: E402

counts = import_module("instruction-counts")

# Scenario, what it is, and how many definitions it declares.
SCENARIOS = [
    ("start-up-one-module", "13 start-up: one inline module of 1,000", 1_000),
    ("start-up-ten-modules", "14 start-up: ten modules of 100 composed", 1_000),
    ("start-up-general", "15 start-up: general path, 200", 200),
    ("1000-types", "7 module of 1,000 premade lines", 1_000),
]
BASELINE = "singleton/hand-written"


def peak(binary: Path, scenario: str) -> int:
    return counts.valgrind_figure(binary, "dhat", scenario, 0, r"At t-gmax:\s+([\d,]+) bytes", "peak-heap")


def main(arguments: list[str]) -> int:
    markdown = "--markdown" in arguments
    binary = counts.build()
    known = counts.known_scenarios(binary)
    base = peak(binary, BASELINE)
    if markdown:
        print("| peak heap of one start-up, bytes (per definition) | "
              + " | ".join(counts.HEADINGS[library] for library in counts.LIBRARIES) + " |")
        print("| --- |" + " ---: |" * len(counts.LIBRARIES))
    for name, title, definitions in SCENARIOS:
        cells = []
        for library in counts.LIBRARIES:
            if f"{name}/{library}" not in known:
                cells.append("–" if markdown else f"{'-':>22}")
                continue
            held = peak(binary, f"{name}/{library}") - base
            cells.append(f"{held:,} ({held / definitions:,.0f})" if markdown
                         else f"{held:>12,} {held / definitions:>7,.0f}/def")
        print(f"| {title} | " + " | ".join(cells) + " |" if markdown else f"{title:<44}" + "".join(cells),
              flush=True)
    return 0


if __name__ == "__main__":
    counts.run_script(__doc__, "peak-heap", main)
