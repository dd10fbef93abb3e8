#!/usr/bin/env python3
"""Prints instructions per operation for each benchmark scenario and library, counted by callgrind.

Wall-clock time on a shared machine moves by tens of percent between runs; instruction counts
do not. This builds the `InstructionCounts` harness in release, runs each scenario under
`valgrind --tool=callgrind` at two operation counts, and divides the difference in instructions
by the difference in operations, so that start-up, the warm-up run and the first builds of
singletons cancel out.

Usage (from Benchmarks/):
    python3 Scripts/instruction-counts.py              # every scenario, as a table
    python3 Scripts/instruction-counts.py --markdown   # the same, as the README's Markdown table
    python3 Scripts/instruction-counts.py factory graph   # only scenarios whose name starts so

Needs valgrind. The binary is stripped first: valgrind 3.19 cannot read the DWARF 5 that
Swift emits, and needs no symbols to count.
"""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
LIBRARIES = ["wiring", "dependencies", "swinject", "hand-written"]
HEADINGS = {"wiring": "Wiring", "dependencies": "swift-dependencies", "swinject": "Swinject", "hand-written": "hand-written"}
# Scenario, what it is, and the two operation counts to difference (1000-types builds a whole
# container per operation, so it needs fewer).
SCENARIOS = [
    ("singleton", "1 singleton via resolve()", 2_000, 6_000),
    ("factory", "2 factory building a new object", 2_000, 6_000),
    ("main-actor-factory", "2b main-actor factory, from the main actor", 2_000, 6_000),
    ("main-actor-module-factory", "2c main-actor module's factory, from the main actor", 2_000, 6_000),
    ("graph", "3 graph: A(B single, C(B) factory)", 2_000, 6_000),
    ("tagged", "4 tagged singleton", 2_000, 6_000),
    ("five-inject", "5 object with five @Inject", 2_000, 6_000),
    ("1000-types", "7 module of 1,000 definitions made beforehand, root, each resolved once", 2, 6),
    ("start-up-one-module", "13 start-up: one inline module of 1,000, root, each resolved", 2, 6),
    ("start-up-ten-modules", "14 start-up: ten modules of 100 composed, root, each resolved", 2, 6),
    ("start-up-general", "15 start-up: 200 with bindings, overrides, scope, includes", 2, 6),
    ("request-scope", "12 request scope (open, declare, 3 scoped, close)", 2_000, 6_000),
]
# Wiring alone, at several sizes, to show what does not grow with size: scenario, what one unit
# is, the two operation counts, and the units per operation (levels of the chain resolved,
# definitions of the module built).
SCALE = [
    ("main-actor-module-factory/baseline", "2c's baseline: a non-isolated module's factory, same path", 2_000, 6_000, 1),
    ("async-singleton/wiring", "10 async single, built: await container.resolveAsync()", 1_000, 3_000, 1),
    ("scope-cycle-10/wiring", "scope cycle beside 10 open scopes", 2_000, 6_000, 1),
    ("scope-cycle-1000/wiring", "scope cycle beside 1,000 open scopes", 2_000, 6_000, 1),
    ("scope-cycle-100000/wiring", "scope cycle beside 100,000 open scopes", 2_000, 6_000, 1),
    ("depth-100/wiring", "depth: per level, chain of 100", 20, 60, 100),
    ("depth-1000/wiring", "depth: per level, chain of 1,000", 20, 60, 1_000),
    ("depth-5000/wiring", "depth: per level, chain of 5,000", 4, 12, 5_000),
    ("breadth-1000/wiring", "breadth: per tagged single, module of 1,000", 4, 12, 1_000),
    ("breadth-10000/wiring", "breadth: per tagged single, module of 10,000", 1, 3, 10_000),
    ("breadth-100000/wiring", "breadth: per tagged single, module of 100,000", 1, 2, 100_000),
    ("breadth-untagged/wiring", "breadth: per untagged single, module of 1,000 types", 4, 12, 1_000),
    ("breadth-tagged-no-capture/wiring", "breadth: per tagged single, closure capturing nothing", 4, 12, 1_000),
]


def build() -> Path:
    built = subprocess.run(["swift", "build", "-c", "release", "--product", "InstructionCounts"], cwd=PACKAGE,
                           capture_output=True, text=True)
    if built.returncode != 0:
        sys.exit(f"instruction-counts: the harness does not build:\n{built.stdout}{built.stderr}")
    folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=PACKAGE, check=True,
                            capture_output=True, text=True).stdout.strip()
    stripped = Path(tempfile.mkdtemp()) / "InstructionCounts"
    shutil.copy(Path(folder) / "InstructionCounts", stripped)
    subprocess.run(["strip", str(stripped)], check=True)
    return stripped


def valgrind_figure(binary: Path, tool: str, scenario: str, count: int, pattern: str, script: str) -> int:
    """Runs `scenario` `count` times under valgrind's `tool` (callgrind or dhat), and returns the
    number `pattern`'s first group finds in valgrind's report; `script` names the caller in errors."""
    result = subprocess.run(
        ["valgrind", f"--tool={tool}", f"--{tool}-out-file=/dev/null", str(binary), scenario, str(count)],
        capture_output=True, text=True)
    match = re.search(pattern, result.stderr)
    if result.returncode != 0 or not match:
        sys.exit(f"{script}: {scenario} {count} failed:\n{result.stdout}{result.stderr[-2000:]}")
    return int(match.group(1).replace(",", ""))


def instructions(binary: Path, scenario: str, count: int) -> int:
    return valgrind_figure(binary, "callgrind", scenario, count, r"Collected : (\d+)", "instruction-counts")


def known_scenarios(binary: Path) -> set[str]:
    """The scenarios the harness knows, as its usage line lists them."""
    usage = subprocess.run([str(binary)], capture_output=True, text=True).stdout
    return set(usage.split("(scenarios: ", 1)[-1].rstrip(")\n").split(", "))


def run_script(doc: str, name: str, main) -> None:
    """A script's entry point: `--help` prints `doc`; valgrind must be installed."""
    if "-h" in sys.argv or "--help" in sys.argv:
        print(doc)
        sys.exit(0)
    if not shutil.which("valgrind"):
        sys.exit(f"{name}: valgrind is not installed (apt-get install valgrind)")
    sys.exit(main(sys.argv[1:]))


def per_operation(binary: Path, scenario: str, low: int, high: int) -> float:
    return (instructions(binary, scenario, high) - instructions(binary, scenario, low)) / (high - low)


def main(arguments: list[str]) -> int:
    markdown = "--markdown" in arguments
    prefixes = [argument for argument in arguments if not argument.startswith("--")]
    binary = build()
    known = known_scenarios(binary)
    rows = []
    for name, title, low, high in SCENARIOS:
        if prefixes and not any(name.startswith(prefix) for prefix in prefixes):
            continue
        # A library without this scenario (swift-dependencies has no bindings or scopes) shows "-".
        counts = {library: per_operation(binary, f"{name}/{library}", low, high) if f"{name}/{library}" in known
                  else float("nan") for library in LIBRARIES}
        rows.append((title, counts))
        if not markdown:
            cells = "".join(f"{counts[library]:>14,.0f}" for library in LIBRARIES)
            print(f"{title:<42}{cells}{counts['wiring'] / counts['hand-written']:>9.2f}x", flush=True)
    for name, title, low, high, units in SCALE:
        if prefixes and not any(name.startswith(prefix) for prefix in prefixes):
            continue
        print(f"{title:<48}{per_operation(binary, name, low, high) / units:>14,.0f}", flush=True)
    if markdown:
        print("| instructions per operation | " + " | ".join(HEADINGS[l] for l in LIBRARIES) + " | Wiring / hand-written |")
        print("| --- |" + " ---: |" * (len(LIBRARIES) + 1))
        for title, counts in rows:
            cells = " | ".join("–" if counts[library] != counts[library] else f"{counts[library]:,.0f}"
                              for library in LIBRARIES)
            print(f"| {title} | {cells} | {counts['wiring'] / counts['hand-written']:.2f}× |")
    return 0


if __name__ == "__main__":
    run_script(__doc__, "instruction-counts", main)
