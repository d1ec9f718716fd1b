#!/usr/bin/env bash
# Compares each world's memory estimate with the peak resident size of real
# runs: for a few sizes of a few shipped scenarios, the estimate `run` prints
# when it refuses under a 1 MiB budget, and the maximum RSS of the same run
# under a large budget (GNU time's %M).
#
#   scripts/measure-memory-estimates.sh [FAULTSIM]
#
# FAULTSIM is a release binary (default .build/release/faultsim). Prints one
# row per run: the scenario, the size, the estimate, the peak and their
# ratio. Exits 1 when an estimate is below its peak (it must be an upper
# bound), or, on rows marked `records` (runs large enough that the records
# dominate), more than 3.5 times the peak. (The estimates count growing
# arrays at twice their records and the transfer world at two tasks a file;
# a scenario that creates one task a file sits near 3.2 times.)
set -uo pipefail
faultsim=${1:-.build/release/faultsim}
cd "$(dirname "$0")/.."
time=/usr/bin/time
[ -x "$time" ] || { echo "error: $time (GNU time) is needed for the peak RSS" >&2; exit 69; }
peak=$(mktemp)
status=0

# measure KIND SCENARIO --set ... : one row.
measure() {
  local kind=$1 scenario=$2
  shift 2
  local estimate mib
  estimate=$("$faultsim" run "$scenario" "$@" --memory-budget 1MiB 2>&1 |
    sed -n 's/.*needs about \([0-9.]*\) \([MG]\)iB.*/\1 \2/p' |
    awk '{ print ($2 == "G" ? $1 * 1024 : $1) }')
  "$time" -o "$peak" -f %M "$faultsim" run "$scenario" "$@" --memory-budget 64GiB --max-events none \
    >/dev/null 2>&1
  mib=$(awk '{ printf "%.1f", $1 / 1024 }' "$peak")
  local ratio
  ratio=$(awk -v e="$estimate" -v m="$mib" 'BEGIN { printf "%.2f", e / m }')
  printf '%-8s %-24s %-60s %10s MiB %8s MiB %6s\n' "$kind" "$scenario" "$*" "$estimate" "$mib" "$ratio"
  if awk -v r="$ratio" 'BEGIN { exit !(r < 1) }'; then
    echo "  ^ the estimate is below the peak" >&2
    status=1
  elif [ "$kind" = records ] && awk -v r="$ratio" 'BEGIN { exit !(r > 3.5) }'; then
    echo "  ^ the estimate is more than 3.5 times the peak" >&2
    status=1
  fi
}

printf '%-8s %-24s %-60s %14s %12s %6s\n' kind scenario options estimate peak ratio
for n in 10000 100000 1000000; do
  measure small checkout-reference --set workload.operations=$n
done
# Every operation in flight at once: each is processed for an hour.
for n in 100000 1000000; do
  measure records checkout-reference --set workload.operations=$n --set server.processing=1h \
    --set client.timeout=24h
done
for n in 100000 1000000; do
  measure records gateway-retries-post --set workload.operations=$n
done
for n in 100000 1000000; do
  measure small key-store-lru --set workload.operations=$n
done
for n in 10000 100000; do
  measure records podcast-relaunch-by-id --set workload.users=$n
  measure records bg-processing-reconcile --set workload.users=$n
done
for n in 10000 50000; do
  measure records background-fetch --set population.users=$n
done
rm -f "$peak"
exit $status
