#!/usr/bin/env bash
# Whole-process measurements of sweeps that a single in-process benchmark
# cannot give: peak memory against the number of seeds, and the cost of
# sharding a sweep and merging the parts against running it in one piece.
#
#   bash Benchmarks/sweep-scale.sh            (builds in release mode first)
#   bash Benchmarks/sweep-scale.sh --bin OTHER/faultsim --memory-only
#
# --bin measures that faultsim instead of building this checkout's (another
# build, for a comparison); --memory-only stops after the memory table
# (Benchmarks/whole-process.sh calls it so for its sweep-memory figure).
# Uses /usr/bin/time (GNU time) for peak RSS and elapsed time.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=
memory_only=0
while [ $# -gt 0 ]; do
  case "$1" in
  --bin)
    bin=${2:?--bin needs the path of a faultsim}
    shift 2
    ;;
  --memory-only)
    memory_only=1
    shift
    ;;
  *)
    echo "Error: unknown argument '$1'" >&2
    echo "Usage: bash Benchmarks/sweep-scale.sh [--bin FAULTSIM] [--memory-only]" >&2
    exit 64
    ;;
  esac
done
if [ -z "$bin" ]; then
  swift build -c release --product faultsim >/dev/null
  bin=.build/release/faultsim
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() { /usr/bin/time -f "%M %e" "$@" 2>&1 >/dev/null | tail -1; }

echo "== peak RSS against seeds (10-order reference scenario, --jobs 2)"
printf '%10s  %12s  %9s\n' seeds peak_rss_kb seconds
for seeds in 10000 100000 1000000; do
  read -r rss seconds < <(measure "$bin" sweep scenarios/checkout-reference.json --set workload.operations=10 \
    --seeds "0..<$seeds" --jobs 2 --quiet --out "$work/m.csv" --force)
  printf '%10s  %12s  %9s\n' "$seeds" "$rss" "$seconds"
done
[ "$memory_only" -eq 1 ] && exit 0

echo
echo "== shard + merge against one run (reference scenario, 40 seeds, 2 response-loss cells, --jobs 1)"
args=(scenarios/checkout-reference.json --seeds '0..<40' --vary network.responseLoss=0.05,0.1 --jobs 1 --quiet)
read -r _ single < <(measure "$bin" sweep "${args[@]}" --out "$work/single.csv")
total=0
for k in 1 2 3 4; do
  read -r _ part < <(measure "$bin" sweep "${args[@]}" --shard "$k/4" --out "$work/part-$k.csv")
  total=$(echo "$total + $part" | bc)
done
read -r _ merge < <(measure "$bin" merge "$work"/part-*.csv --out "$work/merged.csv")
cmp "$work/single.csv" "$work/merged.csv"
echo "single run:            ${single}s"
echo "4 shards (sequential): ${total}s, merge: ${merge}s"
echo "merged table identical to the single run: yes"
