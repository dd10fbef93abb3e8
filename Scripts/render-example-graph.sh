#!/usr/bin/env bash
# Renders the example app's dependency graph into the documentation's resources.
# Needs Graphviz (`apt-get install graphviz` / `brew install graphviz`).
set -euo pipefail
cd "$(dirname "$0")/.."
resources=Sources/Wiring/Wiring.docc/Resources
swift run --quiet Example graph > "$resources/example-graph.dot"
dot -Tsvg "$resources/example-graph.dot" -o "$resources/example-graph.svg"
dot -Tpng -Gdpi=110 "$resources/example-graph.dot" -o "$resources/example-graph.png"
rm "$resources/example-graph.dot"
echo "wrote $resources/example-graph.svg and .png"
