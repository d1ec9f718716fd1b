#!/usr/bin/env bash
# Checks FaultSim's Mermaid traces with Mermaid itself (independently of the
# Swift validator in Tests/FaultSimTests/Support/Mermaid): Mermaid 11.16.0 as bundled
# in the `mermaidx` 0.10.1 wheel on PyPI, run under node (node 20 is on the
# machine; no npm registry is needed). For the samples, Mermaid must give each
# sample's verdict; for every shipped scenario (small, lossy, FIFO and random
# race orders) and a long run past the writer's look-ahead, Mermaid must parse
# the diagram and draw exactly the JSON Lines trace of the same run.
#
#   Tests/Mermaid/check-with-mermaid.sh <faultsim binary>
#
# Exit 0: all good; 1: a check failed; 2: Mermaid could not be set up here.
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

wheel=mermaidx-0.10.1-py3-none-any.whl
sha256=aa2e44648a96629df21acab3cac0ee2d6caca044be72898819d09736ea2f160e
if ! command -v node >/dev/null 2>&1; then
  echo "node is not available"
  exit 2
fi
if ! python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$work" mermaidx==0.10.1 >"$work/pip.log" 2>&1; then
  echo "cannot download $wheel from PyPI:"
  tail -3 "$work/pip.log"
  exit 2
fi
echo "$sha256  $work/$wheel" | sha256sum -c --quiet - || { echo "$wheel has an unexpected digest"; exit 1; }
mkdir -p "$work/assets"
python3 - "$work/$wheel" "$work/assets" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name in ("mermaid.js", "dom_shim.js"):
        with open(sys.argv[2] + "/" + name, "wb") as out:
            out.write(wheel.read("mermaidx/assets/" + name))
PY
echo "Mermaid $(grep -o 'version:"11\.[0-9.]*"' "$work/assets/mermaid.js" | head -1) from $wheel, node $(node --version)"

node "$here/mermaid-check.js" "$work/assets" samples "$root/Tests/FaultSimTests/Fixtures/mermaid/samples.json"

status=0
check() { # <name> <faultsim run arguments…>
  local name=$1
  shift
  "$bin" run "$@" --format mermaid >"$work/$name.mmd"
  "$bin" run "$@" --format json >"$work/$name.jsonl"
  node "$here/mermaid-check.js" "$work/assets" trace "$work/$name.mmd" "$work/$name.jsonl" || status=1
}
for scenario in "$root"/scenarios/*.json; do
  name=$(basename "$scenario" .json)
  case $(grep -o '"world": *"[a-z-]*"' "$scenario" | sed 's/.*"\([a-z-]*\)"$/\1/') in
    request) size=(--set workload.operations=30 --set network.requestLoss=0.15 --set network.responseLoss=0.3) ;;
    transfer) size=(--set workload.users=3) ;;
    background-fetch) size=(--set population.users=3) ;;
    *) echo "unknown world in $scenario"; exit 1 ;;
  esac
  check "$name-0" "$scenario" --seed 0 "${size[@]}"
  check "$name-1" "$scenario" --seed 1 --order random:1 "${size[@]}"
done
check long-run "$root/scenarios/checkout-reference.json" --seed 1 --set workload.operations=700 \
  --set network.responseLoss=0.3
exit $status
