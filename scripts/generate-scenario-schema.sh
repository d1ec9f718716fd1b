#!/usr/bin/env bash
# Writes what the scenario option tables generate: the JSON Schema of
# scenario files (schemas/faultsim-scenario.schema.json) and the option
# tables in docs/*.md, each between a line starting with
# "<!-- options: NAME" and the line "<!-- end options -->".
#
# The tables in the code (Sources/FaultSim/Worlds/*/…+OptionTable.swift) are
# the one source of truth: change a key there, then run this script.
# ScenarioOptionTableTests fails while the schema file or a docs table
# differs from what the code generates, naming this script.
#
# Usage: bash scripts/generate-scenario-schema.sh [<faultsim binary>]
# (without one, it builds and uses .build/release/faultsim)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  swift build -c release --product faultsim >/dev/null
  bin=.build/release/faultsim
fi

mkdir -p schemas
"$bin" schema >schemas/faultsim-scenario.schema.json.tmp
mv schemas/faultsim-scenario.schema.json.tmp schemas/faultsim-scenario.schema.json
echo "wrote schemas/faultsim-scenario.schema.json"

for page in docs/*.md; do
  grep -q '^<!-- options: ' "$page" || continue
  awk -v bin="$bin" '
    skipping && $0 == "<!-- end options -->" { skipping = 0 }
    skipping { next }
    /^<!-- options: / {
      print
      name = $3
      command = "\"" bin "\" schema --markdown \"" name "\""
      while ((command | getline line) > 0) print line
      if (close(command) != 0) { print "error: " FILENAME ": no option table " name > "/dev/stderr"; exit 1 }
      skipping = 1
      next
    }
    { print }
    END { if (skipping) { print "error: " FILENAME ": an options block is never closed" > "/dev/stderr"; exit 1 } }
  ' "$page" >"$page.tmp"
  mv "$page.tmp" "$page"
  echo "wrote the option tables of $page"
done
