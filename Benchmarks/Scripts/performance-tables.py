#!/usr/bin/env python3
"""Prints the README's performance table and Benchmarks/README.md's wall-clock table, from one run.

The README's table puts callgrind's instructions per operation beside the median wall clock of
one `swift package benchmark` run ("instructions · time"); Benchmarks/README.md's table has the
same run's medians of every scenario, Wiring-only rows included (rows 6 and 16, two threads,
as the 25th–75th percentile). Both read the times from one saved run, so that every ratio in a
row is taken within that run. A benchmark is put in its row by its name, as
Benchmarks/Resolution/Resolution.swift writes them: "N title: Library …" (its number, then its
library after the last ": ").

Usage (from Benchmarks/):
    swift package benchmark --no-progress > run.txt
    python3 Scripts/instruction-counts.py > instructions.txt
    python3 Scripts/performance-tables.py run.txt instructions.txt
    python3 Scripts/performance-tables.py run.txt --count   # run instruction-counts.py first
    python3 Scripts/performance-tables.py run.txt           # the wall-clock table alone
    python3 Scripts/performance-tables.py run.txt --mallocs # and mallocs per definition at start-up

instructions.txt may be instruction-counts.py's plain table or its `--markdown` one.
"""
import math
import re
import subprocess
import sys
from pathlib import Path

LIBRARIES = ["Wiring", "swift-dependencies", "Swinject", "hand-written"]
# The README's rows: scenario number and its title there.
README_ROWS = [
    ("1", "1. Singleton via `resolve()`"),
    ("2", "2. Factory building a new object"),
    ("3", "3. Graph: a factory taking 1 single and 2 factories"),
    ("4", "4. Tagged singleton"),
    ("5", "5. Object with five `@Inject`"),
    ("7", "7. 1,000 definitions made beforehand, installed, each resolved"),
    ("12", "12. Request scope: open, declare, 3 scoped services, close"),
    ("13", "13. Start-up: one module of 1,000 `single`s, installed, each resolved"),
    ("14", "14. Start-up: ten modules of 100, composed, installed, each resolved"),
    ("15", "15. Start-up: 200 definitions with bindings, overrides, a scope"),
]
# Benchmarks/README.md's rows.
BENCHMARKS_ROWS = [
    ("1", "1 singleton"), ("2", "2 factory"), ("3", "3 graph"), ("4", "4 tagged singleton"),
    ("5", "5 five @Inject"), ("6", "6 two threads × 10,000"), ("7", "7 1,000 made beforehand"),
    ("9", "9 singleton of a loaded module"), ("10", "10 async single, built"),
    ("11", "11 scope cycle, 10 / 1,000 / 100,000 open"), ("12", "12 request scope"),
    ("13", "13 start-up, one module of 1,000"), ("14", "14 start-up, ten modules of 100"),
    ("15", "15 start-up, general path of 200"), ("16", "16 request scopes on two threads × 1,000"),
]
MILLISECONDS = {"7", "13", "14", "15"}  # start-ups: times in ms, instructions in millions
RANGES = {"6", "16"}                     # two threads: p25–p75
UNITS = {"ns": 1, "us": 1e3, "μs": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9, "K": 1e3, "M": 1e6}
DEFINITIONS = {"7": 1_000, "13": 1_000, "14": 1_000, "15": 200}


def parse_run(path):
    """{(scenario, library): [(p25, p50, p75) in ns, …]} in the run's order (row 11 has three),
    and {(scenario, library): median mallocs per operation}."""
    times, mallocs, key = {}, {}, None
    for line in open(path, encoding="utf-8", errors="replace"):
        if re.match(r"^\d+ .+: .+", line):
            number, library = line.split()[0], line.rstrip().rsplit(": ", 1)[1]
            key = next(((number, name) for name in LIBRARIES if library.startswith(name)), None)
        elif key and line.startswith(("│ Time (wall clock)", "│ Malloc (total)")):
            cells = [c.strip() for c in line.split("│")[1:-1]]
            unit = re.search(r"\((\w+)\)\s*\*?$", cells[0])  # "(ns) *", "(K) *"; not "(total) *"
            scale = UNITS.get(unit.group(1), 1) if unit else 1
            values = [float(c.replace(",", "")) * scale for c in cells[2:5]]
            if cells[0].startswith("Malloc"):
                mallocs[key] = values[1]
            else:
                times.setdefault(key, []).append(tuple(values))
    return times, mallocs


def parse_instructions(lines):
    """{scenario: {library: instructions or None}} from instruction-counts.py's output."""
    counts = {}
    for line in lines:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            title, values = cells[0], cells[1:5]
        else:
            words = line.split()
            if len(words) < 6 or not words[-1].endswith("x"):
                continue
            title, values = " ".join(words[:-5]), words[-5:-1]
        number = title.split()[0] if title else ""
        if not re.match(r"^\d+[a-z]?$", number) or len(values) < 4:
            continue
        counts[number] = {library: None if value in ("–", "-", "nan") else float(value.replace(",", ""))
                          for library, value in zip(LIBRARIES, values)}
    return counts


def figures(value, significant):
    """`value` to `significant` figures, and below 1 to two figures and at least two decimals."""
    digits = math.floor(math.log10(value)) + 1 if value > 0 else 1
    decimals = max(2, 2 - digits) if value < 1 else max(significant - digits, 0)
    return f"{value:,.{decimals}f}"


def readme_time(number, ns):
    if number in MILLISECONDS:
        return f"{figures(ns / 1e6, 2)} ms"
    return f"{ns:.0f} ns" if ns < 1e3 else f"{figures(ns / 1e3, 2)} µs"


def benchmarks_time(number, stats):
    if number in RANGES:  # two figures, or three where two would not tell p25 and p75 apart
        low, high = (figures(stats[0][0] / 1e6, 2), figures(stats[0][2] / 1e6, 2))
        if low == high:
            low, high = (figures(stats[0][0] / 1e6, 3), figures(stats[0][2] / 1e6, 3))
        return f"{low}–{high} ms"
    medians = [p50 for _, p50, _ in stats]
    if number in MILLISECONDS:
        return " / ".join(figures(ns / 1e6, 3) for ns in medians) + " ms"
    if number in ("11", "12") and all(ns >= 1e3 for ns in medians):
        return " / ".join(figures(ns / 1e3, 3) for ns in medians) + " µs"
    return " / ".join(f"{ns:,.0f} ns" for ns in medians)


def readme_table(times, counts):
    print("| Scenario (instructions · time) | Wiring | swift-dependencies | Swinject | hand-written |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for number, title in README_ROWS:
        row = counts.get(number, {})
        millions = any(value and value >= 1e6 for value in row.values())
        cells = []
        for library in LIBRARIES:
            count, stats = row.get(library), times.get((number, library))
            instructions = "–" if count is None else f"{figures(count / 1e6, 3)} M" if millions else f"{count:,.0f}"
            time = "–" if not stats else readme_time(number, stats[0][1])
            cells.append("–" if count is None and not stats else f"{instructions} · {time}")
        print(f"| {title} | " + " | ".join(cells) + " |")


def benchmarks_table(times):
    print("| Scenario | Wiring | swift-dependencies | Swinject | hand-written |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for number, title in BENCHMARKS_ROWS:
        cells = [benchmarks_time(number, times[(number, library)]) if (number, library) in times else "–"
                 for library in LIBRARIES]
        print(f"| {title} | " + " | ".join(cells) + " |")


def mallocs_table(mallocs):
    print("| mallocs per definition (package-benchmark) | " + " | ".join(LIBRARIES) + " |")
    print("| --- |" + " ---: |" * len(LIBRARIES))
    for number, title in BENCHMARKS_ROWS:
        if number in DEFINITIONS:
            cells = [f"{mallocs[(number, library)] / DEFINITIONS[number]:.2f}" if (number, library) in mallocs
                     else "–" for library in LIBRARIES]
            print(f"| {title} | " + " | ".join(cells) + " |")


def main(arguments):
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if arguments else 2
    times, mallocs = parse_run(arguments[0])
    if not times:
        sys.exit(f"performance-tables: no wall-clock results in {arguments[0]}")
    if "--count" in arguments:
        script = Path(__file__).resolve().parent / "instruction-counts.py"
        output = subprocess.run([sys.executable, str(script)], check=True, capture_output=True, text=True).stdout
        counts = parse_instructions(output.splitlines())
    elif len(arguments) > 1 and not arguments[1].startswith("--"):
        counts = parse_instructions(open(arguments[1], encoding="utf-8"))
    else:
        counts = None
    if counts is not None:
        print("README.md, ## Performance:\n")
        readme_table(times, counts)
        print()
    print("Benchmarks/README.md, median wall clock per operation:\n")
    benchmarks_table(times)
    if "--mallocs" in arguments:
        print("\nMallocs per definition at start-up, median of the same run (the instance included):\n")
        mallocs_table(mallocs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
