#!/usr/bin/env bash
# Builds ferrocm (cargo build --release) and lays out a ROCm-style install prefix:
#   bin/hipcc bin/hipconfig bin/rocminfo bin/hipify (bin/hipify-clang, bin/hipify-perl -> hipify)
#   include/hip/**           (a mirror of include/hip, subfolders included)
#   lib/libamdhip64.so -> libamdhip64.so.6 -> libamdhip64.so.6.2.0
#   lib/libhiprtc.so   -> libhiprtc.so.6   -> libhiprtc.so.6.2.0   (when the hiprtc-capi crate is built)
#   lib/librocblas.so  -> librocblas.so.4  -> librocblas.so.4.2.0  include/rocblas/
#   lib/libhipblas.so  -> libhipblas.so.2  -> libhipblas.so.2.2.0  include/hipblas/
#   lib/libhipblaslt.so -> libhipblaslt.so.0 -> libhipblaslt.so.0.8.0  include/hipblaslt/
#   lib/librocsolver.so -> librocsolver.so.0 -> librocsolver.so.0.3.26  include/rocsolver/
#   lib/libhipsolver.so -> libhipsolver.so.0 -> libhipsolver.so.0.2.2  include/hipsolver/
#   bin/rocm_agent_enumerator  lib/llvm/bin/clang++ (clang, amdclang++, amdclang -> clang++; llvm -> lib/llvm)
#   lib/cmake/hip/ lib/cmake/hip-lang/ lib/cmake/hiprtc/ lib/cmake/rocblas/ lib/cmake/hipblas/ lib/cmake/hipblaslt/ lib/cmake/rocsolver/ lib/cmake/hipsolver/   (CMake packages, from cmake/)
#   share/ferrocm/README
#
# usage: scripts/dist.sh [--prefix DIR] [--no-build]
#   --prefix DIR  install there instead of dist/ at the repository root
#   --no-build    lay out what target/release already holds (no cargo build)
# Idempotent: files are copied only when their contents changed, so a second run is quick.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="$repo/dist"
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "dist.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "dist.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"

target="${CARGO_TARGET_DIR:-$repo/target}/release"
if [ "$build" = 1 ]; then
    (cd "$repo" && cargo build --release -p hipcc -p hipify)
    # The runtime libraries come from their own crates; build the ones that exist.
    for crate in amdhip64 hiprtc-capi rocblas-capi hipblas-capi hipblaslt-capi rocsolver-capi hipsolver-capi; do
        if [ -f "$repo/crates/$crate/Cargo.toml" ]; then
            (cd "$repo" && cargo build --release -p "$crate")
        fi
    done
fi

# Copies $1 to $2 unless $2 already has the same bytes (keeps timestamps, so make-style users see no change).
install_file() {
    local src="$1" dst="$2" mode="$3"
    if [ -f "$dst" ] && [ ! -L "$dst" ] && cmp -s "$src" "$dst"; then
        return
    fi
    rm -f "$dst"
    cp "$src" "$dst.tmp.$$"
    chmod "$mode" "$dst.tmp.$$"
    mv -f "$dst.tmp.$$" "$dst"
}

# Points link $1 at $2 (relative) unless it already does.
install_link() {
    local link="$1" to="$2"
    if [ -L "$link" ] && [ "$(readlink "$link")" = "$to" ]; then
        return
    fi
    rm -rf "$link"
    ln -s "$to" "$link"
}

mkdir -p "$prefix/bin" "$prefix/include/hip" "$prefix/lib" "$prefix/share/ferrocm"

for tool in hipcc hipconfig rocminfo hipify; do
    [ -x "$target/$tool" ] || { echo "dist.sh: $target/$tool is missing (build failed?)" >&2; exit 1; }
    install_file "$target/$tool" "$prefix/bin/$tool" 755
done
# hipify-clang: the name ROCm scripts call; the same program.
install_link "$prefix/bin/hipify-clang" hipify
# hipify-perl: the same program, which takes hipify-perl's command line when called by that name.
install_link "$prefix/bin/hipify-perl" hipify

# rocm_agent_enumerator: each device's ISA name (CMake and hip-config.cmake pick their default target with it).
# The clang driver where ROCm has its clang (lib/llvm/bin/clang++, hipconfig -l): CMake's HIP compiler. One
# program, the C or C++ driver by the name it is called by.
if [ -x "$target/rocm_agent_enumerator" ] && [ -x "$target/ferrocm-clang" ]; then
    install_file "$target/rocm_agent_enumerator" "$prefix/bin/rocm_agent_enumerator" 755
    mkdir -p "$prefix/lib/llvm/bin"
    install_file "$target/ferrocm-clang" "$prefix/lib/llvm/bin/clang++" 755
    install_link "$prefix/lib/llvm/bin/clang" clang++
    install_link "$prefix/lib/llvm/bin/amdclang++" clang++
    install_link "$prefix/lib/llvm/bin/amdclang" clang++
    # ROCm's <prefix>/llvm, which scripts name (CXX=$ROCM_PATH/llvm/bin/clang++).
    install_link "$prefix/llvm" lib/llvm
    # LLVM's tools ROCm ships beside clang, which build scripts call by that path (hip-tests preprocesses its
    # configuration with llvm/bin/clang-cpp): the system's LLVM 19 tools, linked.
    for t in clang-cpp llvm-objdump llvm-readelf llvm-ar llvm-nm lld ld.lld; do
        if command -v "$t-19" >/dev/null 2>&1; then
            install_link "$prefix/lib/llvm/bin/$t" "$(command -v "$t-19")"
        fi
    done
else
    echo "dist.sh: warning: $target has no rocm_agent_enumerator or ferrocm-clang (older build?); bin/rocm_agent_enumerator and lib/llvm/bin/clang++ left out" >&2
fi
# CMake packages: find_package(hip), find_package(hiprtc), and hip-lang for enable_language(HIP).
for pkg in hip hip-lang hiprtc rocblas hipblas hipblaslt rocsolver hipsolver; do
    mkdir -p "$prefix/lib/cmake/$pkg"
    for f in "$repo/cmake/$pkg"/*.cmake; do
        install_file "$f" "$prefix/lib/cmake/$pkg/$(basename "$f")" 644
    done
done

# Headers: an exact mirror of each of include/hip and the libraries' folders, subfolders
# (hip/amd_detail/...) included: files and folders removed from the repository go away here too,
# and unchanged files are not rewritten.
for inc in hip rocblas hipblas hipblaslt rocsolver hipsolver; do
    mkdir -p "$prefix/include/$inc"
    (cd "$repo/include/$inc" && find . -type d) | while IFS= read -r d; do
        mkdir -p "$prefix/include/$inc/$d"
    done
    (cd "$repo/include/$inc" && find . -type f) | while IFS= read -r h; do
        install_file "$repo/include/$inc/$h" "$prefix/include/$inc/$h" 644
    done
    (cd "$prefix/include/$inc" && find . -depth -mindepth 1) | while IFS= read -r h; do
        if [ -d "$prefix/include/$inc/$h" ] && [ ! -L "$prefix/include/$inc/$h" ]; then
            [ -d "$repo/include/$inc/$h" ] || rm -rf "$prefix/include/$inc/$h"
        elif [ ! -f "$repo/include/$inc/$h" ]; then
            rm -f "$prefix/include/$inc/$h"
        fi
    done
done

# lib/NAME.so -> NAME.so.MAJOR -> NAME.so.VERSION (the file); HIP's libraries are 6.2.0.
install_library() {
    local built="$1" name="$2" version="${3:-6.2.0}"
    install_file "$built" "$prefix/lib/$name.so.$version" 755
    install_link "$prefix/lib/$name.so.${version%%.*}" "$name.so.$version"
    install_link "$prefix/lib/$name.so" "$name.so.${version%%.*}"
}
if [ -f "$target/libamdhip64.so" ]; then
    install_library "$target/libamdhip64.so" libamdhip64
else
    echo "dist.sh: warning: $target/libamdhip64.so not built yet (crates/amdhip64); lib/libamdhip64.so left out" >&2
fi
if [ -f "$target/libhiprtc_capi.so" ]; then
    install_library "$target/libhiprtc_capi.so" libhiprtc
else
    echo "dist.sh: warning: $target/libhiprtc_capi.so not built (crates/hiprtc-capi); lib/libhiprtc.so left out" >&2
fi

# The math libraries: crate, the built file's name, ROCm's library name and version.
for lib in rocblas-capi:librocblas_capi:librocblas:4.2.0 \
           hipblas-capi:libhipblas_capi:libhipblas:2.2.0 \
           hipblaslt-capi:libhipblaslt_capi:libhipblaslt:0.8.0 \
           rocsolver-capi:librocsolver_capi:librocsolver:0.3.26 \
           hipsolver-capi:libhipsolver_capi:libhipsolver:0.2.2; do
    IFS=: read -r crate built name version <<<"$lib"
    if [ -f "$target/$built.so" ]; then
        install_library "$target/$built.so" "$name" "$version"
    else
        echo "dist.sh: warning: $target/$built.so not built (crates/$crate); lib/$name.so left out" >&2
    fi
done

readme="$prefix/share/ferrocm/README"
cat > "$readme.tmp.$$" <<'TEXT'
ferrocm install prefix (ROCm layout)

  bin/hipcc       HIP compiler driver: hipcc -O2 saxpy.hip -o saxpy && ./saxpy
  bin/hipconfig   version, paths, flags (hipconfig --full, hipconfig --check)
  bin/rocminfo    the agents (devices) and their memory pools
  bin/hipify      CUDA -> HIP source translation: hipify app.cu -o=app.hip (also as bin/hipify-clang)
  bin/hipify-perl the same with hipify-perl's command line: hipify-perl app.cu > app.hip
  bin/rocm_agent_enumerator  the device's processor name (gcnArchName), one line per device
  lib/llvm/bin/clang++  a clang driver for build systems (CMake's HIP language): HIP sources go through
                  ferrocm's device compiler, C and C++ straight to clang-19
  lib/cmake/      CMake packages: find_package(hip) (hip::host, hip::device), find_package(hiprtc),
                  hip-lang for enable_language(HIP), find_package(rocblas) (roc::rocblas),
                  find_package(hipblas) (roc::hipblas),
                  find_package(hipblaslt) (roc::hipblaslt), find_package(rocsolver) (roc::rocsolver),
                  find_package(hipsolver) (roc::hipsolver)
  include/hip/    HIP headers; include/rocblas/, include/hipblas/, include/hipblaslt/, include/rocsolver/,
                  include/hipsolver/ the libraries'
  lib/            libamdhip64.so (HIP runtime), libhiprtc.so (hipRTC), librocblas.so (rocBLAS),
                  libhipblas.so (hipBLAS), libhipblaslt.so (hipBLASLt),
                  librocsolver.so (rocSOLVER), libhipsolver.so (hipSOLVER)

The tools find this prefix from their own location; HIP_PATH or ROCM_PATH override it.
Programs built by hipcc carry an rpath to lib/, so they run with no environment set.
Kernels run on the CPU device (any --offload-arch compiles for it).
TEXT
if cmp -s "$readme.tmp.$$" "$readme"; then rm -f "$readme.tmp.$$"; else mv -f "$readme.tmp.$$" "$readme"; fi

echo "ferrocm installed in $prefix"
