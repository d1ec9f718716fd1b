#!/usr/bin/env bash
# `swift package experimental-install`, the install for users without make,
# as a user does it: faultsim goes to SwiftPM's bin directory, runs a shipped
# scenario by name from `/` and says its version from the PATH; `swift
# package experimental-uninstall` then leaves no file behind. SwiftPM builds
# the product in release in .build, so after `swift build -c release`
# nothing is compiled again.
#
# SwiftPM's bin directory is $XDG_CONFIG_HOME/swiftpm/bin when that is set,
# else ~/.swiftpm/bin with the home directory as Foundation finds it (as
# root, from the password database: HOME does not move it). The check sets
# XDG_CONFIG_HOME to a fresh temporary directory, so the machine's ~/.swiftpm
# is never written, and fails (after uninstalling) if SwiftPM installed
# anywhere else.
#
# Usage: bash scripts/check-swiftpm-install.sh
# Exits 0 when every step works, 1 when one does not, 2 (with a message)
# when this toolchain's `swift package` has no experimental-install.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! swift package experimental-install --help >/dev/null 2>&1; then
  echo "SKIP: this toolchain's swift package has no experimental-install"
  exit 2
fi
config=$(mktemp -d /tmp/faultsim-config.XXXXXX)
# SwiftPM locks its directory with a file named after the path in the
# temporary directory, and leaves it there.
lock="${TMPDIR:-/tmp}/$(tr / _ <<<"$config/swiftpm").lock"
trap 'rm -rf "$config"; rm -f "$lock"' EXIT
bin="$config/swiftpm/bin"
fail() {
  echo "FAIL: $1"
  exit 1
}

set +e
log=$(XDG_CONFIG_HOME="$config" PATH="$bin:$PATH" swift package experimental-install --product faultsim 2>&1)
status=$?
set -e
[ "$status" -eq 0 ] || { echo "$log"; fail "swift package experimental-install --product faultsim exited $status"; }
target=$(sed -n 's/^Executable product `faultsim` was successfully installed to \(.*\)\.$/\1/p' <<<"$log")
if [ "$target" != "$bin/faultsim" ]; then
  echo "$log"
  [ -z "$target" ] || XDG_CONFIG_HOME="$config" swift package experimental-uninstall faultsim || true
  fail "experimental-install installed to '$target', not $bin/faultsim (uninstalled again)"
fi
[ -x "$bin/faultsim" ] || { echo "$log"; fail "no executable at $bin/faultsim after experimental-install"; }
compiled=$(grep -c "Compiling" <<<"$log" || true)
echo "ok: experimental-install put faultsim in $bin ($compiled compile steps)"

version=$(cd / && XDG_CONFIG_HOME="$config" PATH="$bin:/usr/bin:/bin" faultsim --version)
expected="faultsim $(sed -n 's/.*faultSimVersion = "\(.*\)".*/\1/p' Sources/FaultSim/Scenarios/Scenario.swift)"
[ "$version" = "$expected" ] || fail "faultsim --version from the PATH says '$version', expected '$expected'"
set +e
output=$(cd / && XDG_CONFIG_HOME="$config" PATH="$bin:/usr/bin:/bin" faultsim run checkout-reference --seed 1 2>&1)
status=$?
set -e
[ "$status" -eq 0 ] || { echo "$output"; fail "faultsim run checkout-reference --seed 1 from / exited $status"; }
echo "ok: $version from the PATH; faultsim run checkout-reference --seed 1 from / exits 0:"
head -3 <<<"$output" | sed 's/^/     /'

set +e
log=$(XDG_CONFIG_HOME="$config" swift package experimental-uninstall faultsim 2>&1)
status=$?
set -e
[ "$status" -eq 0 ] || { echo "$log"; fail "swift package experimental-uninstall faultsim exited $status"; }
left=$(find "$bin" -type f)
[ -z "$left" ] || fail "experimental-uninstall left: $left"
echo "ok: experimental-uninstall removed every installed file"
