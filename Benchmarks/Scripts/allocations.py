#!/usr/bin/env python3
"""Prints allocations per definition of each start-up scenario, per library, counted by DHAT.

This runs the `InstructionCounts` harness under `valgrind --tool=dhat` at two operation counts
of each start-up scenario, reads the blocks DHAT saw allocated in all ("Total: … bytes in N
blocks"), and divides the difference by the difference in operations and by the scenario's
definitions (1,000, or 200 for scenario 15), so that the process's own start and the warm-up
run cancel out. The count includes the user's own object (the instance each definition builds,
one allocation): the hand-written baseline is that object and little else, so Wiring's figure
minus one is what Wiring adds per definition, from `module { }` to a root that has resolved it
once. Scenario 7's definitions are made once, beforehand, so its figure leaves them out.

Usage (from Benchmarks/):
    python3 Scripts/allocations.py              # the start-up scenarios, as a table
    python3 Scripts/allocations.py --markdown   # the same, as Markdown

Needs valgrind; builds the harness in release, as Scripts/instruction-counts.py does.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from importlib import import_module  # noqa: E402

counts = import_module("instruction-counts")
SCENARIOS = import_module("peak-heap").SCENARIOS  # (scenario, title, definitions)
LOW, HIGH = 2, 6


def blocks(binary: Path, scenario: str, count: int) -> int:
    return counts.valgrind_figure(
        binary, "dhat", scenario, count, r"Total:\s+[\d,]+ bytes in ([\d,]+) blocks", "allocations")


def main(arguments: list[str]) -> int:
    markdown = "--markdown" in arguments
    binary = counts.build()
    known = counts.known_scenarios(binary)
    libraries = [library for library in counts.LIBRARIES if library != "dependencies"]
    headings = [counts.HEADINGS[library] for library in libraries]
    if markdown:
        print("| allocations per definition | " + " | ".join(headings) + " | Wiring − hand-written |")
        print("| --- |" + " ---: |" * (len(libraries) + 1))
    else:
        print(f"{'allocations per definition':<44}" + "".join(f"{h:>14}" for h in headings) + f"{'Wiring - hand':>15}")
    for name, title, definitions in SCENARIOS:
        per = {}
        for library in libraries:
            if f"{name}/{library}" in known:
                difference = blocks(binary, f"{name}/{library}", HIGH) - blocks(binary, f"{name}/{library}", LOW)
                per[library] = difference / (HIGH - LOW) / definitions
        added = per["wiring"] - per["hand-written"] if "wiring" in per and "hand-written" in per else None
        cells = [f"{per[library]:.2f}" if library in per else "–" for library in libraries]
        cells.append("–" if added is None else f"{added:.2f}")
        print(f"| {title} | " + " | ".join(cells) + " |" if markdown
              else f"{title:<44}" + "".join(f"{cell:>14}" for cell in cells[:-1]) + f"{cells[-1]:>15}", flush=True)
    print("(each figure includes the user's own object, the instance a definition builds: one allocation)")
    return 0


if __name__ == "__main__":
    counts.run_script(__doc__, "allocations", main)
