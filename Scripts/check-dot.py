#!/usr/bin/env python3
"""Checks that a DOT file from `swift run Example graph` is a well-formed `digraph`, as Graphviz
would read it: one `digraph Wiring { … }` with balanced braces and quotes, every statement a node
(`n0 [attributes];`), an edge between two declared nodes (`n0 -> n1 [attributes];`) or a
graph attribute, and at least one node and one edge.

Usage: python3 Scripts/check-dot.py FILE
Exit status: 0 when well formed; 1 with the first problem found (an empty file is one).
"""
import re
import sys

ID = r'("(?:[^"\\]|\\.)+"|[A-Za-z_][A-Za-z_0-9]*)'
# Attribute lists: `[key=value, …]`, values bare or quoted (a quoted one may hold `]` or `,`).
ATTRIBUTES = r'(\s*\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\])?'
NODE = re.compile(rf'^{ID}{ATTRIBUTES};$')
EDGE = re.compile(rf'^{ID}\s*->\s*{ID}{ATTRIBUTES};$')
ATTRIBUTE = re.compile(rf'^(graph|node|edge){ATTRIBUTES};$|^\w+\s*=\s*("[^"]*"|\w+);$')


def check(text: str) -> str | None:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return "the file is empty"
    if lines[0] != "digraph Wiring {":
        return f"the first line is not `digraph Wiring {{`: {lines[0]!r}"
    if lines[-1] != "}":
        return f"the last line does not close the graph: {lines[-1]!r}"
    nodes, edges = set(), []
    for number, line in enumerate(lines[1:-1], start=2):
        if (line.count('"') - line.count('\\"')) % 2:
            return f"line {number}: unbalanced quotes: {line!r}"
        if match := EDGE.match(line):
            edges.append((number, match.group(1), match.group(2)))
        elif match := NODE.match(line):
            nodes.add(match.group(1))
        elif not ATTRIBUTE.match(line):
            return f"line {number}: not a node, an edge or an attribute: {line!r}"
    for number, source, target in edges:
        for end in (source, target):
            if end not in nodes:
                return f"line {number}: the edge names `{end}`, which is not declared as a node"
    if not nodes or not edges:
        return f"{len(nodes)} nodes and {len(edges)} edges: a graph of the example app has both"
    return None


def main(arguments: list[str]) -> int:
    if len(arguments) != 1:
        print("usage: check-dot.py FILE")
        return 1
    with open(arguments[0], encoding="utf-8") as file:
        problem = check(file.read())
    if problem:
        print(f"check-dot: {arguments[0]}: {problem}")
        return 1
    print(f"check-dot: {arguments[0]} is a well-formed digraph.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
