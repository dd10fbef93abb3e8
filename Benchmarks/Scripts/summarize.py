#!/usr/bin/env python3
"""Prints p50 wall clock and mallocs per benchmark from `swift package benchmark` output.

Usage: swift package benchmark --no-progress | python3 Scripts/summarize.py
       python3 Scripts/summarize.py before.txt after.txt   (side by side)
"""
import re
import sys


def parse(lines):
    results, name = {}, None
    for line in lines:
        line = line.rstrip("\n")
        if re.match(r"^\d+ .+: .+", line):
            name = line.strip()
        elif name and line.startswith("│ Time (wall clock)"):
            cells = [c.strip() for c in line.split("│")[1:-1]]
            unit = re.search(r"\((\w+)\)", cells[0]).group(1)
            results.setdefault(name, {})["p50"] = f"{cells[3]} {unit}"
        elif name and line.startswith("│ Malloc (total)"):
            cells = [c.strip() for c in line.split("│")[1:-1]]
            results.setdefault(name, {})["mallocs"] = cells[3]
    return results


runs = [parse(open(path, encoding="utf-8", errors="replace")) for path in sys.argv[1:]] or [parse(sys.stdin)]
names = list(dict.fromkeys(name for run in runs for name in run))
for name in names:
    columns = [f"{run.get(name, {}).get('p50', '-'):>10} ({run.get(name, {}).get('mallocs', '-')} mallocs)" for run in runs]
    print(f"{name:<45} " + "   ".join(columns))
