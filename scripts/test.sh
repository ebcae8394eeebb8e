#!/usr/bin/env bash
# The whole test suite: set-up, then every crate's unit, conformance and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --no-fail-fast "$@"
