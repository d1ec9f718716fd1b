#!/usr/bin/env bash
# Compares what two faultsim binaries print for every shipped scenario: the
# sweep table, the trace in every format, explore, check and the lessons; and
# the help of every subcommand and a usage error of each kind (help is wrapped
# to 80 columns here: COLUMNS is unset and the output is a file).
# A refactoring that promises byte-identical results runs this with the binary
# built before it and the one built after it.
#
#   scripts/compare-outputs.sh OLD_FAULTSIM NEW_FAULTSIM [SEEDS]
#
# SEEDS is the sweep's seed range (default '0..<3'). Prints one line per
# output that differs and exits 1 if any does; the outputs are kept in a
# temporary directory named at the end, for diffing.
set -uo pipefail
old=${1:?usage: compare-outputs.sh OLD_FAULTSIM NEW_FAULTSIM [SEEDS]}
new=${2:?usage: compare-outputs.sh OLD_FAULTSIM NEW_FAULTSIM [SEEDS]}
seeds=${3:-0..<3}
cd "$(dirname "$0")/.."
unset COLUMNS
out=$(mktemp -d)
mkdir -p "$out/old" "$out/new"

# Every output, as a name and the arguments that produce it.
cases=()
for file in scenarios/*.json; do
  name=$(basename "$file" .json)
  cases+=("sweep-$name|sweep $file --seeds $seeds --jobs 2 --quiet")
  cases+=("sweep-interleaved-$name|sweep $file --seeds 0..<2 --jobs 1 --quiet --interleavings 4")
  for format in text json mermaid; do
    cases+=("trace-$format-$name|run $file --seed 1 --trace --format $format")
  done
  cases+=("run-$name|run $file --seed 7")
  cases+=("explore-$name|explore $file --seed 1 --limit 16")
  cases+=("check-$name|check $file")
done
cases+=("lessons|lessons")
cases+=("demo|demo --orders 2000")
cases+=("help|--help")
for command in demo run sweep explore merge plot check lessons; do
  cases+=("help-$command|$command --help")
done
reference=scenarios/checkout-reference.json
cases+=("usage-unknown-subcommand|swep")
cases+=("usage-unknown-top-level-option|--verison")
cases+=("usage-unknown-option|run $reference --sed 3")
cases+=("usage-missing-value|lessons --block")
cases+=("usage-missing-required-option|sweep $reference --sed 0..<3")
cases+=("usage-missing-positional|explore")
cases+=("usage-missing-positionals|merge --force")
cases+=("usage-unexpected-argument|lessons extra")
cases+=("usage-extra-positional|run $reference $reference")
cases+=("usage-bad-integer|demo --orders 0")
cases+=("usage-bad-seed|run $reference --seed -1")
cases+=("usage-bad-choice|run $reference --format csv")
cases+=("usage-given-twice|explore $reference --limit 2 --limit=3")
cases+=("usage-bad-block|lessons --block nope")
cases+=("usage-not-svg|plot t.csv --x a --y b --out p.png")
cases+=("usage-bad-order|run $reference --order 0,x")
cases+=("usage-bad-budget|sweep $reference --seeds 0..<2 --memory-budget 1KiB")

differ=0
for entry in "${cases[@]}"; do
  label=${entry%%|*}
  read -r -a arguments <<<"${entry#*|}"
  "$old" "${arguments[@]}" >"$out/old/$label.out" 2>"$out/old/$label.err"
  echo "exit $?" >>"$out/old/$label.err"
  "$new" "${arguments[@]}" >"$out/new/$label.out" 2>"$out/new/$label.err"
  echo "exit $?" >>"$out/new/$label.err"
  for part in out err; do
    if ! cmp -s "$out/old/$label.$part" "$out/new/$label.$part"; then
      echo "differs: $label ($([ $part = out ] && echo stdout || echo 'stderr and exit status')): faultsim ${entry#*|}"
      differ=1
    fi
  done
done
echo "compared ${#cases[@]} outputs (stdout, stderr and exit status each); kept in $out"
exit $differ
