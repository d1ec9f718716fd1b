#!/usr/bin/env bash
# Instruction counts of FaultSim's figures, whole process, under
# `valgrind --tool=callgrind`: unlike wall time on a shared machine, a count
# is the same on every run of the same binary (within a few instructions
# where threads are involved), so any two commits can be compared, and CI
# can fail on a regression.
#
#   bash Benchmarks/instructions.sh [--size small|full] [--bin DIR]
#                                   [--check FILE] [--tolerance PERCENT]
#                                   [--write FILE]
#
#   --size small|full   full (the default): the sizes of the figures as the
#                       performance issue states them, the million-order run
#                       included (about a minute of it under callgrind).
#                       small: CI's sizes, under two minutes on 2 cores.
#   --bin DIR           DIR holds faultsim and faultsim-bench (e.g.
#                       .build/release after `swift build -c release`).
#                       Without it the script builds them in release mode.
#   --check FILE        Compare with the counts in FILE (written by --write at
#                       the same --size): exit 1 when a figure takes more than
#                       --tolerance percent (default 3) more instructions.
#   --write FILE        Write the counts to FILE, with the machine and
#                       toolchain they were measured on.
#
# Figures (each one process; the C++ peer's rows only if `c++` compiles
# Benchmarks/cpp-checkout/checkout.cpp):
#   run-reference       faultsim run scenarios/checkout-reference.json --seed 1,
#                       also per event
#   run-million         the same, 1,000,000 orders over 100 s (full only)
#   help                faultsim --help
#   run-one-order       the reference run with --set workload.operations=1
#   bench-<mode>        faultsim-bench reference, transfer, sweep, policy,
#                       app-policy and async-checkout at small sizes (each
#                       includes its warm-up run and its start-up)
#   cpp-<figure>        the C++ peer's reference, one-order and million runs
#
# Updating the baseline is deliberate: after a change that is meant to cost
# (or save) instructions, run
#   bash Benchmarks/instructions.sh --size small --write Benchmarks/instructions-baseline.txt
# and commit the file with the change, saying why in the message.
#
# Counts depend on the toolchain, the C library and the CPU (the C
# library's string and memory routines are chosen by CPU features): the
# baseline's header names what it was measured on, and --check says so when
# this machine differs. Requires valgrind (Debian's package `valgrind`).
set -euo pipefail
cd "$(dirname "$0")/.."

size=full
bin=
check=
write=
tolerance=3
usage() { sed -n '8,23p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=${2:-}; shift 2 || usage ;;
    --bin) bin=${2:-}; shift 2 || usage ;;
    --check) check=${2:-}; shift 2 || usage ;;
    --write) write=${2:-}; shift 2 || usage ;;
    --tolerance) tolerance=${2:-}; shift 2 || usage ;;
    -h | --help) usage ;;
    *) echo "instructions.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
case "$size" in small | full) ;; *) echo "instructions.sh: --size is small or full, not '$size'" >&2; exit 64 ;; esac
[[ "$tolerance" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "instructions.sh: --tolerance is a percentage, e.g. 3, not '$tolerance'" >&2; exit 64; }
if [ -n "$check" ] && [ ! -r "$check" ]; then
  echo "instructions.sh: cannot read the baseline '$check'" >&2
  exit 66
fi

if ! command -v valgrind >/dev/null 2>&1; then
  echo "instructions.sh: valgrind is not installed; it counts the instructions (Debian: apt-get install valgrind)" >&2
  exit 69
fi

if [ -z "$bin" ]; then
  swift build -c release --product faultsim >/dev/null
  swift build -c release --product faultsim-bench >/dev/null
  bin=$(swift build -c release --show-bin-path)
fi
for program in faultsim faultsim-bench; do
  [ -x "$bin/$program" ] || { echo "instructions.sh: no $bin/$program (build it with swift build -c release)" >&2; exit 66; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every figure runs in the same small environment: the terminal width,
# the locale and the size of the environment reach start-up code, and a
# FAULTSIM_ variable could change what runs. A fixed hash seed makes
# dictionaries do the same work in every process (no output depends on it).
clean_env=(env -i "PATH=$PATH" "HOME=${HOME:-/}" COLUMNS=80 LC_ALL=C SWIFT_DETERMINISTIC_HASHING=1)

# count NAME COMMAND...: the command's instructions under callgrind, its
# standard output kept in $work/NAME.out.
counts=()
count() {
  local name=$1
  shift
  if ! "${clean_env[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" \
    >"$work/$name.out" 2>"$work/$name.err"; then
    echo "instructions.sh: $name failed: $*" >&2
    tail -5 "$work/$name.err" >&2
    exit 1
  fi
  local instructions
  instructions=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/$name.err")
  [ -n "$instructions" ] || { echo "instructions.sh: callgrind reported no count for $name" >&2; exit 1; }
  counts+=("$name $instructions")
  local events
  events=$(sed -n 's/^events: *\([0-9]*\).*/\1/p' "$work/$name.out" | head -1)
  if [ -n "$events" ] && [ "$events" -ge 1000 ]; then
    printf '%-22s %15s  (%s per event, %s events)\n' "$name" "$(group "$instructions")" \
      "$((instructions / events))" "$(group "$events")"
  else
    printf '%-22s %15s\n' "$name" "$(group "$instructions")"
  fi
}
# 1234567 -> 1,234,567 (printf's ' flag needs a locale with separators).
group() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }

faultsim=$bin/faultsim
bench=$bin/faultsim-bench
reference=scenarios/checkout-reference.json
echo "instructions (valgrind --tool=callgrind, whole process), size $size"
count run-reference "$faultsim" run "$reference" --seed 1
if [ "$size" = full ]; then
  count run-million "$faultsim" run "$reference" --seed 1 --set workload.operations=1000000 \
    --set workload.arrival.over=100s
fi
count help "$faultsim" --help
count run-one-order "$faultsim" run "$reference" --seed 1 --set workload.operations=1
if [ "$size" = full ]; then
  count bench-reference "$bench" reference --runs 1 --orders 20000
  count bench-transfer "$bench" transfer --runs 1 --users 1000
  count bench-sweep "$bench" sweep --seeds 2 --orders 10000 --jobs 1 --repetitions 1
  count bench-policy "$bench" policy --runs 1 --orders 20000
  count bench-app-policy "$bench" app-policy --runs 1 --users 1000
  count bench-async-checkout "$bench" async-checkout --runs 1 --orders 5000
else
  count bench-reference "$bench" reference --runs 1 --orders 2000
  # The transfer benchmark also runs the 100,000-order request world it
  # compares with: most of its count at any user count.
  count bench-transfer "$bench" transfer --runs 1 --users 100
  count bench-sweep "$bench" sweep --seeds 2 --orders 2000 --jobs 1 --repetitions 1
  count bench-policy "$bench" policy --runs 1 --orders 2000
  count bench-app-policy "$bench" app-policy --runs 1 --users 100
  count bench-async-checkout "$bench" async-checkout --runs 1 --orders 500
fi

if command -v c++ >/dev/null 2>&1 && c++ -O2 -std=c++17 -o "$work/checkout" Benchmarks/cpp-checkout/checkout.cpp 2>"$work/c++.err"; then
  count cpp-reference "$work/checkout" --seed 1
  count cpp-one-order "$work/checkout" --orders 1 --seed 1
  if [ "$size" = full ]; then
    count cpp-million "$work/checkout" --orders 1000000 --over 100 --seed 1
  fi
else
  echo "(no C++ peer: c++ is missing or could not compile Benchmarks/cpp-checkout/checkout.cpp)"
fi

# What the counts were measured on: the toolchain, the C library and the CPU.
machine() {
  echo "# swift: $(swift --version 2>&1 | grep -m1 -o 'Swift version [^ ]*' || echo unknown)"
  echo "# libc: $(getconf GNU_LIBC_VERSION 2>/dev/null || echo unknown)"
  echo "# valgrind: $(valgrind --version)"
  echo "# cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
}

if [ -n "$write" ]; then
  {
    echo "# Instruction counts of Benchmarks/instructions.sh --size $size (whole process,"
    echo "# valgrind --tool=callgrind), checked by CI with a 3% tolerance."
    echo "# Update deliberately, with the change that moves them:"
    echo "#   bash Benchmarks/instructions.sh --size $size --write $write"
    echo "# size: $size"
    machine
    printf '%s\n' "${counts[@]}"
  } >"$write"
  echo "wrote $write"
fi

if [ -n "$check" ]; then
  baseline_size=$(sed -n 's/^# size: //p' "$check")
  if [ "$baseline_size" != "$size" ]; then
    echo "instructions.sh: $check holds --size $baseline_size counts; this run is --size $size" >&2
    exit 64
  fi
  machine >"$work/machine"
  if ! diff <(grep -E '^# (swift|libc|valgrind|cpu):' "$check") "$work/machine" >"$work/machine.diff"; then
    echo "note: the baseline was measured on another toolchain or machine; counts may differ for that reason alone:"
    sed -n 's/^[<>] #/  /p' "$work/machine.diff"
  fi
  echo
  printf '%-22s %15s %15s %8s\n' figure baseline now change
  failed=0
  for line in "${counts[@]}"; do
    name=${line% *}
    now=${line#* }
    old=$(awk -v n="$name" '$1 == n { print $2 }' "$check")
    if [ -z "$old" ]; then
      printf '%-22s %15s %15s %8s\n' "$name" - "$(group "$now")" new
      continue
    fi
    change=$(awk -v a="$now" -v b="$old" 'BEGIN { printf "%+.2f%%", (a - b) * 100 / b }')
    verdict=
    if awk -v a="$now" -v b="$old" -v t="$tolerance" 'BEGIN { exit !(a > b * (1 + t / 100)) }'; then
      verdict="  more than $tolerance% above the baseline"
      failed=1
    fi
    printf '%-22s %15s %15s %8s%s\n' "$name" "$(group "$old")" "$(group "$now")" "$change" "$verdict"
  done
  if [ "$failed" -ne 0 ]; then
    echo
    echo "Instruction counts regressed by more than $tolerance% (see above). If the cost is intended, update"
    echo "the baseline in the same commit: bash Benchmarks/instructions.sh --size $size --write $check"
    exit 1
  fi
  echo "no figure more than $tolerance% above $check"
fi
