#!/usr/bin/env bash
# The main job: set-up, build everything (release) and the ROCm-style prefix dist/, list the devices,
# run the HIP sample programs on the CPU device, then build every example under examples/ with
# dist/bin/hipcc and its own Makefile, and run it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --workspace
scripts/dist.sh
cargo run --release -q -p ferrocm-samples -- "$@"
echo
echo "== examples/ built with $(pwd)/dist/bin/hipcc =="
make -s -C examples HIP_PATH="$(pwd)/dist" all
make -s -C examples HIP_PATH="$(pwd)/dist" run
