#!/usr/bin/env bash
# docs/cluster.md's GNU parallel recipe for real, with Debian's `parallel`: 8
# shards of a sweep run as 8 processes, merged with `faultsim merge`, and
# the table compared byte for byte with the same sweep run in one process.
# The seed range is reduced from the recipe's 0..<100000 to 0..<64 so the
# check takes seconds; the commands are the recipe's.
#
# Usage: bash scripts/cluster/gnu-parallel.sh <faultsim binary>
# Exits 0 when the tables match, 1 when they do not, 2 (with a message)
# when GNU parallel is not installed and cannot be.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "${1:?usage: gnu-parallel.sh <faultsim binary>}")
SECONDS=0
if ! command -v parallel >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get install -y -qq parallel >/dev/null 2>&1 ||
    (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq parallel >/dev/null 2>&1)) || true
fi
if ! parallel --version 2>/dev/null | grep -q "GNU parallel"; then
  echo "SKIP: GNU parallel is not installed and Debian's parallel package could not be installed here"
  exit 2
fi
work=$(mktemp -d /tmp/faultsim-parallel.XXXXXX)
trap 'rm -rf "$work"' EXIT
scenario=$(realpath scenarios/checkout-reference.json)
mkdir -p "$work/bin"
ln -s "$bin" "$work/bin/faultsim"
export PATH="$work/bin:$PATH"
cd "$work"
# docs/cluster.md's recipe, seeds reduced:
parallel faultsim sweep "$scenario" --seeds "'0..<64'" --jobs 1 --quiet \
  --shard {}/8 --out part-{}.csv ::: 1 2 3 4 5 6 7 8 2>parallel.err
faultsim merge part-*.csv --out table.csv
faultsim sweep "$scenario" --seeds '0..<64' --jobs 1 --quiet --out single.csv
if cmp -s table.csv single.csv; then
  echo "ok: GNU parallel $(parallel --version | head -1 | awk '{print $3}'): 8 shards merged, byte-identical to one process (${SECONDS}s)"
else
  echo "FAIL: the merged table differs from the single-process table"
  cat parallel.err
  diff single.csv table.csv | head -20
  exit 1
fi
