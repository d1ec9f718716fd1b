#!/usr/bin/env bash
# Checks schemas/faultsim-scenario.schema.json with a real JSON Schema
# validator, Python's jsonschema (from PyPI when the machine lacks it), by
# running scripts/check-scenario-schema.py: the schema is valid draft
# 2020-12, accepts every shipped scenario and valid fixture, rejects every
# invalid fixture, and is never stricter than 'faultsim check' on
# mutations of the shipped scenarios. The product itself takes no
# dependency: this is a check of the generated file.
#
#   scripts/check-scenario-schema.sh <faultsim binary>
#
# Exit 0: all good; 1: a check failed; 2: jsonschema could not be set up here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=python3
if ! "$python" -c 'import jsonschema' >/dev/null 2>&1; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  if ! { python3 -m venv "$work/venv" && "$work/venv/bin/pip" install --quiet jsonschema==4.26.0; } >"$work/pip.log" 2>&1; then
    echo "cannot install jsonschema from PyPI:"
    tail -3 "$work/pip.log"
    exit 2
  fi
  python=$work/venv/bin/python
fi
"$python" "$here/check-scenario-schema.py" "$1"
