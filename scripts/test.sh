#!/usr/bin/env bash
# The whole test suite: set-up, then every crate's unit, conformance and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The C ABI libraries (cdylib targets) are what the C and hipcc tests link against: cargo test alone
# builds only their rlib side.
cargo build --workspace
cargo test --workspace --no-fail-fast "$@"
