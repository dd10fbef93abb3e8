#!/usr/bin/env python3
"""Checks what a package resolved, from `swift package show-dependencies --format json`.

    check-dependencies.py TREE.json --exactly wiring          # the package depends on these alone
    check-dependencies.py TREE.json --without hummingbird ... # none of these anywhere in the tree

Identities are SwiftPM's (the last part of a URL, lower-cased). Exit status 0 when the tree is as
asked; 1, naming what is there that must not be (and where), otherwise.
"""
import json
import sys


def walk(node, path):
    """Yields (identity, path to it) for every package below `node`, at any depth."""
    for dependency in node.get("dependencies", []):
        identity = dependency["identity"]
        yield identity, path + [identity]
        yield from walk(dependency, path + [identity])


def main(arguments: list[str]) -> int:
    if len(arguments) < 3 or arguments[1] not in ("--exactly", "--without"):
        print(__doc__)
        return 2
    with open(arguments[0], encoding="utf-8") as file:
        tree = json.load(file)
    found = list(walk(tree, [tree["identity"]]))
    if not found:
        print(f"check-dependencies: {tree['identity']} depends on nothing: there is nothing to check")
        return 1
    names = set(arguments[2:])
    if arguments[1] == "--exactly":
        wrong = [(identity, path) for identity, path in found if identity not in names]
        missing = names - {identity for identity, _ in found}
    else:
        wrong = [(identity, path) for identity, path in found if identity in names]
        missing = set()
    for identity, path in wrong:
        print(f"check-dependencies: {identity} is resolved ({' -> '.join(path)})")
    for identity in sorted(missing):
        print(f"check-dependencies: {identity} is not a dependency")
    if wrong or missing:
        return 1
    print(f"check-dependencies: {tree['identity']} resolves {', '.join(sorted({i for i, _ in found}))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
