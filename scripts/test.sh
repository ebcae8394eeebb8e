#!/usr/bin/env bash
# The whole test suite: set-up, then every crate's unit, conformance and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# A current CMake (the Python package cmake) beside Debian's 3.25, for the CMake tests
# (crates/hipcc/tests/cmake.rs run with both); optional: without it they use Debian's alone.
pycmake=target/pycmake
if [[ ! -x $pycmake/bin/cmake ]] && command -v python3 >/dev/null 2>&1; then
  if python3 -m venv "$pycmake" >/dev/null 2>&1 && "$pycmake/bin/python3" -m pip install -q cmake >/dev/null 2>&1; then
    echo "ferrocm test: a current CMake in $pycmake/bin for the CMake tests"
  else
    echo "ferrocm test: note: could not install the Python package cmake; the CMake tests use $(command -v cmake) alone" >&2
    rm -rf "$pycmake"
  fi
fi
# The C ABI libraries (cdylib targets) are what the C and hipcc tests link against: cargo test alone
# builds only their rlib side.
cargo build --workspace
cargo test --workspace --no-fail-fast "$@"
