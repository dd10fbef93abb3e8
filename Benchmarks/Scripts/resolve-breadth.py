#!/usr/bin/env python3
"""Prints how much of Wiring one resolve passes through: the distinct `Sources/Wiring` files and
types whose code a scenario's measured loop executes, counted by callgrind.

A reader follows a resolve file by file; the fewer files and types it passes, the less there is
to read to trust it. This builds the `InstructionCounts` harness in release with DWARF 4 line
information (valgrind 3.19 cannot read Swift's default DWARF 5), runs each scenario under
`valgrind --tool=callgrind` at two operation counts, and keeps the functions whose instruction
count grows with the operations (at least one instruction per operation more in the larger run):
code of the measured loop, not of start-up or the warm-up run. Each kept function is named by
the files its instructions' lines are in (an inlined function's own file included) and,
demangled, by the type it belongs to (a function inlined into another counts only as a file).

Usage (from Benchmarks/):
    python3 Scripts/resolve-breadth.py            # the four scenarios below
    python3 Scripts/resolve-breadth.py --list     # and the files and types of each
    python3 Scripts/resolve-breadth.py factory    # only scenarios whose name starts so

Needs valgrind and swift-demangle (in the toolchain). Code of Wiring's that is inlined into the
harness counts as the harness's, as an optimizer puts it into an app: what is counted is what a
reader of `Sources/Wiring` must read beyond what the call site shows.
"""
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
SCRATCH = PACKAGE / ".build-breadth"
# Scenario, what it is, and the two operation counts to difference.
SCENARIOS = [
    ("singleton/wiring", "a built singleton: resolve() as ServiceProtocol", 2_000, 6_000),
    ("factory-dependency/wiring", "a factory with one dependency (a built singleton)", 2_000, 6_000),
    ("1000-types/wiring", "first builds: a module of 1,000 singletons, root, each resolved once", 2, 6),
    ("request-scope/wiring", "a request: open a scope, declare, 3 scoped services, close", 2_000, 6_000),
]
# `callgrind_annotate` lines: "  1,234 (0.5%)  /path/File.swift:symbol [/path/binary]".
LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*?):(\S.*?)(?:\s+\[[^\]]*\])?$")
WIRING_SOURCES = "/Sources/Wiring/"


def build() -> Path:
    # The C targets too (Wiring's shim, a peer's helpers): clang writes DWARF 5 unless told.
    flags = ["-Xswiftc", "-g", "-Xswiftc", "-debug-info-format=dwarf", "-Xswiftc", "-dwarf-version=4", "-Xcc", "-gdwarf-4"]
    command = ["swift", "build", "-c", "release", "--product", "InstructionCounts", "--scratch-path", str(SCRATCH)]
    built = subprocess.run(command + flags, cwd=PACKAGE, capture_output=True, text=True)
    if built.returncode != 0:
        sys.exit(f"resolve-breadth: the harness does not build:\n{built.stdout}{built.stderr}")
    folder = subprocess.run(command + flags + ["--show-bin-path"], cwd=PACKAGE, check=True, capture_output=True,
                            text=True).stdout.strip()
    return Path(folder) / "InstructionCounts"


def functions(binary: Path, scenario: str, count: int) -> dict:
    """Instructions per (file, mangled function) of `scenario` run `count` times."""
    out = Path(tempfile.mkdtemp()) / "callgrind.out"
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(binary), scenario,
                          str(count)], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"resolve-breadth: {scenario} {count} failed under valgrind:\n{run.stderr[-2000:]}")
    annotated = subprocess.run(["callgrind_annotate", "--threshold=100", "--inclusive=no", str(out)],
                               capture_output=True, text=True, check=True).stdout
    figures = {}
    for line in annotated.splitlines():
        match = LINE.match(line)
        if match:
            figures[(match.group(2), match.group(3))] = int(match.group(1).replace(",", ""))
    return figures


def demangle(symbols: list) -> dict:
    if not symbols:
        return {}
    result = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(symbols), capture_output=True,
                            text=True, check=True)
    return dict(zip(symbols, result.stdout.splitlines()))


def type_of(demangled: str):
    """The Wiring type a function belongs to (`Wiring.Entry.resolve(in:)` gives `Entry`, a closure
    or specialization in it the same), or None for a free function or another module's type."""
    name = re.sub(r"^(?:.* of )?(?:(?:closure|implicit closure) #\d+ .*? in )+", "", demangled)
    name = re.sub(r"^(?:generic specialization|merged|outlined \w+|function signature specialization)\S* ?(?:<[^>]*> )?of ", "",
                  name)
    match = re.search(r"(?:^|[\s(])Wiring\.(?:\(extension in Wiring\):Wiring\.)?([A-Z_a-z][\w]*)(?:<[^.]*?>)?\.", name)
    if not match or not match.group(1)[0].isupper():
        return None
    return match.group(1)


def declared_types() -> set:
    """The types `Sources/Wiring` declares (a generic argument of another module's is none)."""
    pattern = re.compile(r"^\s*(?:[@\w()]+\s+)*(?:class|struct|enum|protocol|actor)\s+([A-Z]\w*)", re.MULTILINE)
    return {name for file in (PACKAGE.parent / "Sources" / "Wiring").rglob("*.swift")
            for name in pattern.findall(file.read_text())}


def breadth(binary: Path, scenario: str, low: int, high: int):
    before, after = functions(binary, scenario, low), functions(binary, scenario, high)
    grown = [key for key, figure in after.items() if figure - before.get(key, 0) >= high - low]
    files, types = set(), set()
    names = demangle([symbol for file, symbol in grown if WIRING_SOURCES in file])
    for file, symbol in grown:
        if WIRING_SOURCES not in file:
            continue
        files.add(file.split(WIRING_SOURCES, 1)[1])
        owner = type_of(names.get(symbol, symbol))
        if owner in WIRING_TYPES:
            types.add(owner)
    return sorted(files), sorted(types)


WIRING_TYPES = declared_types()


def main() -> None:
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    listing = "--list" in sys.argv
    chosen = [s for s in SCENARIOS if not arguments or any(s[0].startswith(a) for a in arguments)]
    if not chosen:
        sys.exit(f"resolve-breadth: no scenario starts with {' or '.join(arguments)}")
    binary = build()
    print(f"{'scenario':<28} {'files':>5} {'types':>5}  what")
    for scenario, what, low, high in chosen:
        files, types = breadth(binary, scenario, low, high)
        print(f"{scenario:<28} {len(files):>5} {len(types):>5}  {what}", flush=True)
        if listing:
            print("    files: " + ", ".join(files))
            print("    types: " + ", ".join(types))


if __name__ == "__main__":
    main()
