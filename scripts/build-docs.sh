#!/usr/bin/env bash
# Builds the library's DocC documentation from the compiler's symbol graph
# with the toolchain's own docc (no package plugin, no dependency), and fails
# on any DocC warning (an unresolved symbol link, a malformed article) and on
# any public declaration without a doc comment (scripts/check-api-docs.py).
#
#   scripts/build-docs.sh [OUTPUT_DIR]      # default: .build/documentation
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --target FaultSim -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  >/dev/null
python3 scripts/check-api-docs.py "$graphs"
docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
rm -rf "$output"
"$docc" convert Sources/FaultSim/FaultSim.docc --additional-symbol-graph-dir "$graphs" --output-path "$output" \
  --fallback-display-name FaultSim --fallback-bundle-identifier org.faultsim.FaultSim \
  --transform-for-static-hosting --warnings-as-errors
echo "documentation: $output (open $output/index.html through a web server, or read the JSON under $output/data)"
