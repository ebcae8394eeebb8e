#!/usr/bin/env bash
# The main job: set-up, build everything (release), list the devices and run the HIP sample programs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --workspace
cargo run --release -q -p ferrocm-samples -- "$@"
