#!/usr/bin/env bash
# `make install` into a fresh temporary prefix, then what a user does next:
# `faultsim --version` from the PATH, `man faultsim` from MANPATH (rendered
# by man and checked by groff with all warnings), and the completions where
# each shell finds them. Then `make uninstall` leaves no file behind.
#
# Usage: bash scripts/check-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d /tmp/faultsim-prefix.XXXXXX)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" >/dev/null
version=$(PATH="$prefix/bin:/usr/bin:/bin" faultsim --version)
expected="faultsim $(sed -n 's/.*faultSimVersion = "\(.*\)".*/\1/p' Sources/FaultSim/Scenarios/Scenario.swift)"
[ "$version" = "$expected" ] || { echo "FAIL: faultsim --version from the PATH says '$version', expected '$expected'"; exit 1; }
echo "ok: $version from $prefix/bin on the PATH"
if command -v man >/dev/null 2>&1; then
  MANPATH="$prefix/share/man" man -P cat faultsim 2>&1 | grep -q "^NAME" ||
    { echo "FAIL: man faultsim did not render"; exit 1; }
  warnings=$(groff -man -Tutf8 -ww -z "$prefix/share/man/man1/faultsim.1" 2>&1)
  [ -z "$warnings" ] || { echo "FAIL: groff warns about faultsim.1:"; echo "$warnings"; exit 1; }
  echo "ok: man faultsim renders ($(MANPATH="$prefix/share/man" man -P cat faultsim 2>/dev/null | wc -l) lines), groff -ww: no warnings"
else
  echo "note: man is not installed; the manual page was not rendered"
fi
bash -n "$prefix/share/bash-completion/completions/faultsim"
if command -v zsh >/dev/null 2>&1; then zsh -n "$prefix/share/zsh/site-functions/_faultsim"; fi
if command -v fish >/dev/null 2>&1; then fish --no-execute "$prefix/share/fish/vendor_completions.d/faultsim.fish"; fi
echo "ok: completions parse in their shells"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f)
[ -z "$left" ] || { echo "FAIL: make uninstall left: $left"; exit 1; }
echo "ok: make uninstall removed every installed file"
