#!/usr/bin/env bash
# Reruns the FaultSim side of docs/aws-backoff-comparison.md: the AWS
# optimistic-concurrency experiment (scenarios/aws-backoff-occ.json) at
# 10, 20, …, 190 clients for the five strategies.
#
#   bash Benchmarks/aws-backoff-occ.sh [batches] [seeds-per-batch] [sweep options...]
#
# Default: 20 batches of 50 seeds (1000 seeds per cell; about a minute on two
# cores after the release build). Each batch is two `faultsim sweep` runs over
# its own seed range; the spread is that of the batch means. Prints CSV:
#   clients,strategy,seeds,time_mean_ms,time_ci95_ms,calls_mean,calls_ci95
# where time is makespan_mean_ms (all clients done) and calls are write
# calls per run, each with the half-width of its 95% interval (Student t
# over the batch means). Further arguments go to every sweep, e.g.
# `--set client.backoff.firstRetry=0` for FaultSim's own retry numbering.
set -euo pipefail
cd "$(dirname "$0")/.."
batches=${1:-20}
per_batch=${2:-50}
shift $(($# < 2 ? $# : 2))
if ! [[ "$batches" =~ ^[0-9]+$ && "$per_batch" =~ ^[0-9]+$ ]] || [ "$batches" -lt 5 ] || [ "$per_batch" -lt 1 ]; then
  echo "usage: bash Benchmarks/aws-backoff-occ.sh [batches >= 5] [seeds-per-batch >= 1] [sweep options...]" >&2
  exit 64
fi
swift build -c release --product faultsim >/dev/null
bin=.build/release/faultsim
scenario=scenarios/aws-backoff-occ.json
sizes=10,20,30,40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for ((batch = 0; batch < batches; batch++)); do
  seeds="$((batch * per_batch))..<$(((batch + 1) * per_batch))"
  # No backoff: a 412 is followed by an immediate re-read.
  "$bin" sweep "$scenario" --seeds "$seeds" --quiet --vary "workload.operations=$sizes" \
    --set client.backoff.growth=none "$@" >"$work/none-$batch.csv"
  # Exponential backoff without jitter and with full, equal, decorrelated jitter.
  "$bin" sweep "$scenario" --seeds "$seeds" --quiet --vary "workload.operations=$sizes" \
    --vary client.backoff.jitter=none,full,equal,decorrelated "$@" >"$work/exponential-$batch.csv"
done

# One line per (batch, clients, strategy): the batch's mean time and calls.
for file in "$work"/*.csv; do
  awk -F, -v RS='\r\n' '
    NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
    $0 == "" { next }
    {
      strategy = ("client.backoff.jitter" in column) ? $(column["client.backoff.jitter"]) : "no-backoff"
      if (strategy == "none") strategy = "exponential"
      print $(column["workload.operations"]), strategy, $(column["seeds"]),
        $(column["makespan_mean_ms"]), $(column["write_calls"]) / $(column["seeds"])
    }' "$file"
done | awk -v batches="$batches" '
  # Student t quantile (0.975) by the Cornish-Fisher expansion in 1/nu.
  function t975(nu,   z) {
    z = 1.959964
    return z + (z^3 + z) / (4 * nu) + (5 * z^5 + 16 * z^3 + 3 * z) / (96 * nu^2) \
      + (3 * z^7 + 19 * z^5 + 17 * z^3 - 15 * z) / (384 * nu^3)
  }
  {
    cell = $1 "," $2
    if (!(cell in n)) order[++cells] = cell
    n[cell]++; seeds[cell] += $3
    time[cell] += $4; time2[cell] += $4 * $4
    calls[cell] += $5; calls2[cell] += $5 * $5
  }
  END {
    print "clients,strategy,seeds,time_mean_ms,time_ci95_ms,calls_mean,calls_ci95"
    split("no-backoff exponential full equal decorrelated", strategies, " ")
    for (size = 10; size <= 190; size += 10) {
      for (s = 1; s <= 5; s++) {
        cell = size "," strategies[s]
        if (n[cell] != batches) { print "missing batches for " cell > "/dev/stderr"; exit 1 }
        k = n[cell]; t = t975(k - 1)
        tm = time[cell] / k; cm = calls[cell] / k
        tv = (time2[cell] - k * tm * tm) / (k - 1); cv = (calls2[cell] - k * cm * cm) / (k - 1)
        printf "%s,%d,%.1f,%.1f,%.1f,%.1f\n", cell, seeds[cell], tm, t * sqrt((tv > 0 ? tv : 0) / k), cm,
          t * sqrt((cv > 0 ? cv : 0) / k)
      }
    }
  }'
