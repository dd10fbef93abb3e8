#!/usr/bin/env python3
"""Checks a fresh benchmark run against the committed thresholds in `Thresholds/`.

`swift package benchmark thresholds check` cannot do it here: package-benchmark writes each
threshold file under a shell-safe name (`Resolution.1_singleton:_Wiring_resolve().p90.json`,
spaces made underscores) but looks it up under the benchmark's own name, with its spaces, so it
finds none and fails. This script runs the benchmarks, exports their p90s in the same format
(`--format metricP90AbsoluteThresholds`) and compares file by file:

- mallocs may not grow (`mallocCountTotal`, as the benchmarks' own thresholds say), but for
  the harness's own few (its counts vary by a couple between runs, for every library alike)
  and 0.1%: the counts are per thousand operations, so one more malloc per operation is a
  thousand more. A malloc count that grew fails the check.
- wall clock is compared as a ratio to the scenario's hand-written baseline measured in the
  same run (a scenario without one, in absolute terms, with twice the tolerance), and reported
  when it grew by more than the tolerance (35% by default). On this shared machine the ratios
  of libraries that did not change move by 50% and more between runs, so a wall-clock report
  is a warning, a reason to count instructions (`Scripts/instruction-counts.py`), and fails
  the check only with `--strict-time`.

Usage (from Benchmarks/):
    python3 Scripts/check-thresholds.py                         # every scenario
    python3 Scripts/check-thresholds.py --filter "1[2-5] .*"    # scenarios matching a regex
    python3 Scripts/check-thresholds.py --tolerance 0.5

Exits 1 if a malloc count grew (or, with --strict-time, a wall-clock ratio went over its
tolerance).
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
COMMITTED = PACKAGE / "Thresholds"


def fresh_thresholds(folder: Path, benchmark_filter: str | None) -> None:
    command = ["swift", "package", "--allow-writing-to-directory", str(folder), "benchmark", "--no-progress",
               "--format", "metricP90AbsoluteThresholds", "--path", str(folder)]
    if benchmark_filter:
        command += ["--filter", benchmark_filter]
    run = subprocess.run(command, cwd=PACKAGE, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"check-thresholds: the benchmarks did not run:\n{run.stdout[-3000:]}{run.stderr[-3000:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Compare a benchmark run with the committed thresholds.")
    parser.add_argument("--filter", help="a regular expression of benchmark names, as `benchmark --filter`")
    parser.add_argument("--strict-time", action="store_true", help="fail on wall clock too, not only mallocs")
    parser.add_argument("--tolerance", type=float, default=0.35, help="allowed growth of wall clock over hand-written (0.35 = 35%%)")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        fresh_thresholds(Path(folder), options.filter)
        fresh = {path.name: json.loads(path.read_text()) for path in Path(folder).glob("*.p90.json")}
    if not fresh:
        sys.exit("check-thresholds: the run exported no thresholds (does the filter match a benchmark?)")

    def scenario(name: str) -> str:
        return name.split(":_", 1)[0]

    def baseline(folder: dict[str, dict], name: str) -> dict | None:
        candidates = [other for other in folder if scenario(other) == scenario(name) and ":_hand-written" in other]
        return folder[candidates[0]] if candidates else None

    committed_all = {path.name: json.loads(path.read_text()) for path in COMMITTED.glob("*.p90.json")}
    failures = 0
    slower = 0
    checked = 0
    for name in sorted(fresh):
        if name not in committed_all:
            print(f"new (no committed threshold): {name}")
            continue
        committed, now = committed_all[name], fresh[name]
        checked += 1
        problems, warnings = [], []
        if "mallocCountTotal" in committed:
            slack = 8 + committed["mallocCountTotal"] // 1000
            if now.get("mallocCountTotal", 0) > committed["mallocCountTotal"] + slack:
                problems.append(f"mallocs {committed['mallocCountTotal']:,} -> {now['mallocCountTotal']:,}")
        if "wallClock" in committed and ":_hand-written" not in name:
            then_base, now_base = baseline(committed_all, name), baseline(fresh, name)
            if then_base and now_base and then_base.get("wallClock") and now_base.get("wallClock"):
                then_ratio = committed["wallClock"] / then_base["wallClock"]
                now_ratio = now["wallClock"] / now_base["wallClock"]
                if now_ratio > then_ratio * (1 + options.tolerance):
                    warnings.append(f"wall clock / hand-written {then_ratio:.2f} -> {now_ratio:.2f}")
            elif now.get("wallClock", 0) > committed["wallClock"] * (1 + 2 * options.tolerance):
                growth = now["wallClock"] / committed["wallClock"] - 1
                warnings.append(f"wall clock p90 {committed['wallClock']:,} -> {now['wallClock']:,} (+{growth:.0%})")
        if options.strict_time:
            problems += warnings
            warnings = []
        if problems:
            failures += 1
            print(f"REGRESSION {name}: " + "; ".join(problems))
        if warnings:
            slower += 1
            print(f"slower this run {name}: " + "; ".join(warnings))
    print(f"{checked} benchmarks checked against Thresholds/: {failures} over their thresholds, "
          f"{slower} with wall clock over hand-written more than {options.tolerance:.0%} above the committed run's")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
