#!/usr/bin/env bash
# Tests scripts/check-doc-snippets.sh on small Markdown files written here:
# every rule must catch what it is for (an unmarked or unknown block, a stray
# or unknown marker, a reduction that changes nothing, a failing command, an
# output that differs, a snippet that does not compile or whose test fails),
# and the conventions must work (frames, reductions, environments, `…`).
#
# Usage: bash scripts/doc-snippets/self-test.sh [--no-swift]
#   --no-swift  skip the Swift cases (each builds a package against FaultSim)
# Needs .build/release/faultsim for the shell cases. DOC_SNIPPETS_PACKAGE is
# passed on, so a kept package spares the Swift cases a rebuild of FaultSim.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd -P)
check="$repo/scripts/check-doc-snippets.sh"
swift_cases=1
[ "${1:-}" = "--no-swift" ] && swift_cases=0

work=$(mktemp -d "${TMPDIR:-/tmp}/faultsim-doc-self-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
fence='```'

# expect NAME STATUS TEXT [checker options]: the Markdown on stdin, checked,
# must exit with STATUS (0 or "fail") and print every line of TEXT.
expect() {
  local name=$1 want=$2 text=$3
  shift 3
  cat >"$work/$name.md"
  local status=0
  (cd "$work" && bash "$check" "$@" "$name.md") >"$work/$name.log" 2>&1 || status=$?
  if { [ "$want" = 0 ] && [ "$status" -eq 0 ]; } || { [ "$want" = fail ] && [ "$status" -ne 0 ]; }; then
    local line missing=0
    while IFS= read -r line; do
      grep -q -F -- "$line" "$work/$name.log" || missing=1
    done <<<"$text"
    if [ "$missing" -eq 0 ]; then
      passed=$((passed + 1))
      echo "ok   $name"
      return
    fi
  fi
  failed=$((failed + 1))
  echo "FAIL $name: wanted exit $want and \"$text\"; got exit $status:"
  sed 's/^/    /' "$work/$name.log"
}

echo "== fences and markers (--extract-only)"
expect bare-fence fail "bare-fence.md:1: a fence without a language" --extract-only <<EOF
${fence}
faultsim run scenarios/checkout-keyed.json --seed 1
${fence}
EOF
expect unknown-language fail "\`\`\`python is not a language this check knows" --extract-only <<EOF
${fence}python
print(1)
${fence}
EOF
expect blank-line-after-marker fail "blank-line-after-marker.md:1: marker \"illustrative: long\" is not directly above a fence" --extract-only <<EOF
<!-- illustrative: long -->

${fence}sh
true
${fence}
EOF
expect marker-at-end fail "marker-at-end.md:2: marker \"output\" is not directly above a fence" --extract-only <<EOF
text
<!-- output -->
EOF
expect misspelt-marker fail "unknown marker \"ilustrative: long\" above a fence" --extract-only <<EOF
<!-- ilustrative: long -->
${fence}sh
true
${fence}
EOF
expect illustrative-without-reason fail "needs a reason" --extract-only <<EOF
<!-- illustrative: -->
${fence}sh
true
${fence}
EOF
expect illustrative-with-more fail "an illustrative block is not run, so it takes no other marker" --extract-only <<EOF
<!-- illustrative: long -->
<!-- shell-env: A=1 -->
${fence}sh
true
${fence}
EOF
expect reduction-that-changes-nothing fail "'0..<1000' does not occur in the block" --extract-only <<EOF
<!-- shell-reduce: 0..<1000 => 0..<2 -->
${fence}sh
faultsim sweep scenarios/checkout-keyed.json --seeds '0..<100'
${fence}
EOF
expect reduction-without-arrow fail "shell-reduce wants 'FROM => TO'" --extract-only <<EOF
<!-- shell-reduce: 0..<100 -->
${fence}sh
echo 0..<100
${fence}
EOF
expect bad-environment fail "shell-env wants NAME=VALUE, got 'SLURM'" --extract-only <<EOF
<!-- shell-env: SLURM -->
${fence}sh
true
${fence}
EOF
expect unclosed-fence fail "unclosed-fence.md:2: the fence opened here is never closed" --extract-only <<EOF
text
${fence}sh
true
EOF
expect marker-on-data fail "\`\`\`json is never run; it takes only the output marker" --extract-only <<EOF
<!-- shell-env: A=1 -->
${fence}json
{}
${fence}
EOF
expect output-without-code fail "<!-- output --> but no code block above it" --extract-only <<EOF
<!-- output -->
${fence}text
hello
${fence}
EOF
expect output-of-illustrative fail "which is illustrative and never runs" --extract-only <<EOF
<!-- illustrative: a cluster -->
${fence}sh
sbatch sweep.sh
${fence}

<!-- output -->
${fence}text
Submitted batch job 1
${fence}
EOF
expect unknown-frame fail "no frame 'nope'" --extract-only <<EOF
<!-- swift-frame: nope -->
${fence}swift
print(1)
${fence}
EOF
expect shell-marker-on-swift fail "a Swift block takes only swift-frame or illustrative" --extract-only <<EOF
<!-- shell-env: A=1 -->
${fence}swift
print(1)
${fence}
EOF
expect counted fail "illustrative: counted.md:2 (sh): a cluster" --extract-only <<EOF
<!-- illustrative: a cluster -->
${fence}sh
sbatch sweep.sh
${fence}

${fence}
no language
${fence}
EOF
expect code-span-is-no-fence 0 "doc snippets: ok" --extract-only <<EOF
Paste it into a \`\`\`\` \`\`\`mermaid \`\`\`\` block.
~~~text
a tilde fence
~~~
EOF

echo "== shell blocks (run)"
expect failing-command fail "failing-command.md:1: the shell block exits with status 3" <<EOF
${fence}sh
echo before
exit 3
${fence}
EOF
expect error-stops-the-block fail "exits with status 1" <<EOF
${fence}bash
false
echo "not reached"
${fence}
EOF
expect reduced-with-environment 0 "reduced: reduced-with-environment.md:3: 0..<1000000 => 0..<3" <<EOF
<!-- shell-env: GREETING=hi SLURM_ARRAY_TASK_ID=2 -->
<!-- shell-reduce: 0..<1000000 => 0..<3 -->
${fence}sh
test "\$GREETING" = hi
test "\$SLURM_ARRAY_TASK_ID" = 2
echo '0..<1000000'
${fence}

<!-- output -->
${fence}text
0..<3
${fence}
EOF
expect faultsim-on-path 0 "ok   faultsim-on-path.md:6 (output of faultsim-on-path.md:1)" <<EOF
${fence}sh
faultsim check scenarios/checkout-keyed.json
${fence}

<!-- output -->
${fence}text
scenarios/checkout-keyed.json: ok (request world, 100000 keyed-write operations)
${fence}
EOF
expect output-that-differs fail "the output shown is not what output-that-differs.md:1 prints" <<EOF
${fence}sh
echo hello
${fence}

<!-- output -->
${fence}text
goodbye
${fence}
EOF
expect output-with-gaps 0 "doc snippets: ok" <<EOF
${fence}sh
printf 'a\nb\nc\nd  \n'
${fence}

<!-- output -->
${fence}text
a
…
d
${fence}
EOF
expect output-without-gap-is-consecutive fail "no run of printed lines (after the ones matched so far) is:" <<EOF
${fence}sh
printf 'a\nb\nc\n'
${fence}

<!-- output -->
${fence}text
a
c
${fence}
EOF
expect output-in-order fail "the output shown is not what" <<EOF
${fence}sh
printf 'a\nb\n'
${fence}

<!-- output -->
${fence}text
b
…
a
${fence}
EOF

if [ "$swift_cases" -eq 1 ]; then
  echo "== Swift snippets (build and run)"
  expect swift-runs 0 "ok   swift-runs.md:2 (Swift tests
ok   swift-runs.md:14 (output of swift-runs.md:6)
Swift: 2 compiled (1 test files run with swift test, 1 programs run)" <<EOF
<!-- swift-frame: test-body -->
${fence}swift
#expect(try Scenario.shipped("checkout-keyed").name == "checkout-keyed")
${fence}

${fence}swift
import FaultSim

let scenario = try Scenario.shipped("checkout-keyed")
print(scenario.name, scenario.world.name)
${fence}

<!-- output -->
${fence}text
checkout-keyed request
${fence}
EOF
  expect swift-test-fails fail "swift-test-fails.md:2: the Swift test fails" <<EOF
<!-- swift-frame: test-body -->
${fence}swift
#expect(try Scenario.shipped("checkout-reference").name.isEmpty)
${fence}
EOF
  expect swift-does-not-compile fail "the Swift snippets do not build" <<EOF
${fence}swift
import FaultSim

let run = try RequestWorld.run(RequestWorldOptions(), seed: 42)
${fence}
EOF
  expect swift-warning-is-an-error fail "the Swift snippets do not build" <<EOF
${fence}swift
import FaultSim

func names() throws {
  var unused = try Scenario.shipped("checkout-reference")
}
${fence}
EOF
  expect swift-program-fails fail "swift-program-fails.md:1: the Swift program exits with status" <<EOF
${fence}swift
import FaultSim

_ = try Scenario.shipped("checkout-refrence")
${fence}
EOF
  expect swift-needs-no-repository fail "no such file" <<EOF
${fence}swift
import FaultSim

_ = try Scenario.load(path: "scenarios/checkout-keyed.json")
${fence}
EOF
fi

echo
echo "self-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
