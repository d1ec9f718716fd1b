#!/usr/bin/env bash
# Builds the library's DocC documentation from its symbol graph with the
# toolchain's own tools (no package plugin, no dependency), and fails on any
# public declaration without a doc comment (scripts/check-api-docs.py) and on
# any DocC warning (an unresolved symbol link, a parameter without
# documentation, a malformed article).
#
# The symbol graph is extracted from the debug build's FaultSim module with
# swift-symbolgraph-extract, so after `swift build` or `swift test` nothing
# is compiled again (building with -emit-symbol-graph would change the
# compiler's flags and rebuild the library and everything that uses it).
#
#   scripts/build-docs.sh [OUTPUT_DIR]      # default: .build/documentation
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --target FaultSim >/dev/null
modules="$(swift build --show-bin-path)/Modules"
tools=$(dirname "$(command -v swift)")
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
"$tools/swift-symbolgraph-extract" -module-name FaultSim -I "$modules" -target "$triple" \
  -minimum-access-level public -output-dir "$graphs"
python3 scripts/check-api-docs.py "$graphs"
rm -rf "$output"
"$tools/docc" convert Sources/FaultSim/FaultSim.docc --additional-symbol-graph-dir "$graphs" --output-path "$output" \
  --fallback-display-name FaultSim --fallback-bundle-identifier org.faultsim.FaultSim \
  --transform-for-static-hosting --warnings-as-errors
echo "documentation: $output (open $output/index.html through a web server, or read the JSON under $output/data)"
