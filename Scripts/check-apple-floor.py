#!/usr/bin/env python3
"""Fails on Swift constructs that need a newer Apple runtime than Wiring's declared floor.

No build here can target an Apple SDK, and Apple's compiler is what rejects these below their
OS version, so this is a guard, not a proof: it reads the library's sources for the constructs
known to need a newer runtime than the floor in Package.swift (iOS 15, macOS 12, tvOS 15,
watchOS 8, visionOS 1), and fails CI if one appears outside an `@available` declaration.

Usage: python3 Scripts/check-apple-floor.py [DIRECTORY ...]   (default: the library targets)
Exit status: 0 when clean, 1 with one line per finding (file:line: rule: the line).
"""
import re
import sys
from pathlib import Path

# The targets that reach users' apps. Tests, the Example and Benchmarks never ship to a device.
DEFAULT_ROOTS = ["Sources/Wiring", "Sources/WiringTesting", "Sources/_WiringShims"]

RULES = [
    (
        # Generic *types* with a parameter pack (`struct Box<each T>`) need the Swift 5.9 runtime
        # (iOS 17, macOS 14): their metadata is instantiated from the pack at run time. Generic
        # *functions* with packs back-deploy, so erase the pack into a non-variadic stored closure.
        "generic type with a parameter pack",
        re.compile(r"\b(struct|class|enum|actor|typealias)\s+\w+\s*<[^>{=]*\beach\s+\w+"),
    ),
    (
        # `@_implementationOnly import` in a module built without library evolution is unsafe
        # (a type of the hidden module can leak into the layout of a public one) and warned about
        # since Swift 6; `internal import` (SE-0409) is the supported spelling.
        "@_implementationOnly import",
        re.compile(r"@_implementationOnly\b"),
    ),
    (
        # The Synchronization module's `Mutex` and `Atomic` exist from iOS 18 / macOS 15 /
        # tvOS 18 / watchOS 11 on. Below that floor, use the pthread-based `Lock` and the C atomics
        # in `_WiringShims`.
        "Synchronization (Mutex/Atomic) below iOS 18 / macOS 15",
        re.compile(r"^\s*(public\s+|internal\s+|package\s+)?import\s+Synchronization\b|\b(Mutex|Atomic)\s*<"),
    ),
    (
        # A typed-throws *function type* whose metadata is formed at run time needs the Swift 6
        # runtime (iOS 18 / macOS 15): stored in a property, used as a generic argument (an
        # array, an optional, `Result`), cast to, or named by a typealias. Typed throws on a
        # function declaration, or on a closure passed straight to a (generic) function, needs
        # no such metadata and back-deploys.
        "typed-throws function type in a stored property",
        re.compile(r"(?:^|[{;])\s*(?:(?:public|internal|private|fileprivate|package|static|final|nonisolated|lazy|weak|unowned)\s+)*(let|var)\s+\w+\s*:[^=]*\bthrows\s*\("),
    ),
    (
        "typed-throws function type as a generic argument",
        re.compile(r"<[^<>]*\bthrows\s*\([^<>]*>|\[[^\]]*\bthrows\s*\([^\]]*\]|\bthrows\s*\([^)]*\)[^,\n]*\)\s*\?"),
    ),
    (
        "typed-throws function type in a cast or typealias",
        re.compile(r"\b(as[?!]?|is)\s+(@\w+\s+)*\([^\n]*\bthrows\s*\(|\btypealias\s+\w+[^=]*=\s*[^\n]*\bthrows\s*\("),
    ),
    (
        # Generic parameters that suppress Copyable or Escapable (`<T: ~Copyable>`, SE-0427 and
        # SE-0446) need the Swift 6 runtime for casts and for metadata of such instantiations.
        # A noncopyable *type* with ordinary generic parameters (`OnceValue<Value>: ~Copyable`)
        # back-deploys.
        "noncopyable or nonescapable generic parameter",
        re.compile(r"<[^>]*:\s*~(Copyable|Escapable)|\bwhere\b[^{]*:\s*~(Copyable|Escapable)"),
    ),
]

# A finding on a declaration that carries its own availability (`@available(iOS 18, …)` on the
# line or the line before) is allowed: the feature is marked, the rest of the library keeps the floor.
AVAILABLE = re.compile(r"@available\s*\(")


def strip_comments(line: str) -> str:
    """The code of a line, without a trailing `//` comment (strings with `//` are rare here)."""
    if line.lstrip().startswith("//"):
        return ""
    return re.sub(r"\s//.*$", "", line)


def check(path: Path) -> list[str]:
    findings = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, raw in enumerate(lines, start=1):
        code = strip_comments(raw)
        if not code.strip():
            continue
        for name, pattern in RULES:
            if not pattern.search(code):
                continue
            previous = lines[number - 2] if number > 1 else ""
            if AVAILABLE.search(code) or AVAILABLE.search(previous):
                continue
            findings.append(f"{path}:{number}: {name}: {raw.strip()}")
    return findings


def main(arguments: list[str]) -> int:
    roots = [Path(argument) for argument in arguments] or [Path(root) for root in DEFAULT_ROOTS]
    findings = []
    checked = 0
    for root in roots:
        if not root.exists():
            print(f"check-apple-floor: {root} does not exist: nothing to check there.")
            return 1
        files = [root] if root.is_file() else sorted(root.rglob("*.swift"))
        for path in files:
            findings += check(path)
            checked += 1
    if checked == 0:
        print("check-apple-floor: no Swift file found: nothing was checked.")
        return 1
    for finding in findings:
        print(finding)
    if findings:
        print(f"check-apple-floor: {len(findings)} construct(s) need a newer Apple runtime than the floor.")
        return 1
    print(f"check-apple-floor: no construct in {checked} files needs a newer Apple runtime than the floor.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
