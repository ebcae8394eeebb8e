#!/usr/bin/env bash
# Installs what ferrocm needs from Debian 12's packages when it is missing (as root), or says exactly what to
# install. Idempotent: a machine that has everything is left alone.
set -euo pipefail

# pocl-opencl-icd and ocl-icd-libopencl1: PoCL, the OpenCL peer that ferrocm-bench runs beside ferrocm;
# libopenblas0-pthread: OpenBLAS, its reference for the BLAS libraries.
PACKAGES=(clang-19 lld-19 llvm-19 llvm-19-dev llvm-19-tools libpolly-19-dev libzstd-dev zlib1g-dev make cmake binutils libmpfr-dev libgmp-dev libomp-19-dev
  pocl-opencl-icd ocl-icd-libopencl1 libopenblas0-pthread)
# The command each package must provide (checked before asking apt anything).
declare -A PROVIDES=(
  [clang-19]=clang-19 [lld-19]=ld.lld-19 [llvm-19]=llvm-objcopy-19 [llvm-19-dev]=llvm-config-19
  [llvm-19-tools]=FileCheck-19 [make]=make [cmake]=cmake [binutils]=ar
)

missing=()
for p in "${PACKAGES[@]}"; do
  if [[ -n "${PROVIDES[$p]:-}" ]]; then
    command -v "${PROVIDES[$p]}" >/dev/null 2>&1 || missing+=("$p")
  elif ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "ferrocm setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "ferrocm setup: missing packages: ${missing[*]}" >&2
    echo "install them with:  sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "ferrocm setup: cargo not found: install a stable Rust toolchain (rustup) and re-run" >&2
  exit 1
fi

# Debian's rocPRIM (librocprim-dev, headers only), unpacked into target/deps/rocprim without its
# dependencies, which would bring Debian's own HIP runtime: the rocPRIM tests build against it with
# ferrocm's hipcc.
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rocprim_dir="$repo/target/deps/rocprim"
if [[ ! -f "$rocprim_dir/usr/include/rocprim/rocprim.hpp" ]]; then
  tmp="$(mktemp -d)"
  if ! (cd "$tmp" && apt-get download librocprim-dev >/dev/null 2>&1); then
    [[ $(id -u) -eq 0 ]] && apt-get update -qq
    if ! (cd "$tmp" && apt-get download librocprim-dev >/dev/null); then
      echo "ferrocm setup: cannot download Debian's librocprim-dev (run 'apt-get update' as root)" >&2
      rm -rf "$tmp"
      exit 1
    fi
  fi
  mkdir -p "$rocprim_dir"
  dpkg -x "$tmp"/librocprim-dev_*.deb "$rocprim_dir"
  rm -rf "$tmp"
  echo "ferrocm setup: rocPRIM headers in $rocprim_dir/usr/include"
fi
