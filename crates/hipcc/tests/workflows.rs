//! ROCm workflows that whole programs rely on, each built with the prefix's tools and run:
//! hipify-perl called from a Makefile, the HIP → LLVM IR → edit → code object round trip, device code
//! in static libraries under `-fgpu-rdc`, hipRTC linked through hipcc alone, and host OpenMP with
//! `-fopenmp`.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where cargo put this build's binaries and libraries (target/<profile>/).
fn build_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_hipcc"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicU64 = AtomicU64::new(0);
        let d = std::env::temp_dir().join(format!(
            "hipcc-workflow-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }
    fn path(&self) -> &Path {
        &self.0
    }
    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }
    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dst = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &dst);
        } else {
            std::fs::copy(e.path(), dst).unwrap();
        }
    }
}

/// `lib/NAME.so -> NAME.so.6 -> NAME.so.6.2.0` in `lib`, as scripts/dist.sh lays it out.
fn install_library(built: &Path, lib: &Path, name: &str) {
    std::fs::copy(built, lib.join(format!("{name}.so.6.2.0"))).unwrap();
    std::os::unix::fs::symlink(format!("{name}.so.6.2.0"), lib.join(format!("{name}.so.6")))
        .unwrap();
    std::os::unix::fs::symlink(format!("{name}.so.6"), lib.join(format!("{name}.so"))).unwrap();
}

/// A prefix laid out as scripts/dist.sh does (bin/hipcc, bin/hipify-perl when hipify is built,
/// include/, lib/libamdhip64.so, lib/libhiprtc.so), or `None`, with the reason printed, while the
/// runtime libraries are not built (`cargo build --workspace` builds them).
fn prefix(what: &str) -> Option<TempDir> {
    let build = build_dir();
    let (amdhip, hiprtc) = (
        build.join("libamdhip64.so"),
        build.join("libhiprtc_capi.so"),
    );
    if !amdhip.exists() || !hiprtc.exists() {
        eprintln!(
            "SKIPPED: libamdhip64.so or libhiprtc_capi.so is not built (cargo build --workspace); {what} not tested"
        );
        return None;
    }
    let t = TempDir::new("prefix");
    let bin = t.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_hipcc"), bin.join("hipcc")).unwrap();
    let hipify = build.join("hipify");
    if hipify.exists() {
        std::fs::copy(&hipify, bin.join("hipify")).unwrap();
        std::os::unix::fs::symlink("hipify", bin.join("hipify-perl")).unwrap();
    }
    copy_tree(&repo_root().join("include"), &t.path().join("include"));
    let lib = t.path().join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    install_library(&amdhip, &lib, "libamdhip64");
    install_library(&hiprtc, &lib, "libhiprtc");
    Some(t)
}

/// Runs `prog` in `cwd` with HIP_PATH/ROCM_PATH cleared (the tools find the prefix from their place).
fn run(prog: impl AsRef<std::ffi::OsStr>, cwd: &Path, args: &[&str]) -> Output {
    Command::new(prog)
        .args(args)
        .current_dir(cwd)
        .env_remove("HIP_PATH")
        .env_remove("ROCM_PATH")
        .env_remove("HIP_COMPILE_CXX_AS_HIP")
        .output()
        .unwrap()
}

fn hipcc(p: &TempDir, cwd: &Path, args: &[&str]) -> Output {
    run(p.path().join("bin/hipcc"), cwd, args)
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[track_caller]
fn ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", text(o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const CUDA_VADD: &str = r#"#include <cuda_runtime.h>
#include <cstdio>
__global__ void vadd(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
int main() {
    const int n = 1000;
    float ha[n], hb[n], hc[n];
    for (int i = 0; i < n; ++i) { ha[i] = i; hb[i] = 2 * i; }
    float *a, *b, *c;
    cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&c, sizeof hc);
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
    vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
    cudaDeviceSynchronize();
    cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
    cudaFree(a); cudaFree(b); cudaFree(c);
    for (int i = 0; i < n; ++i)
        if (hc[i] != 3 * i) { printf("FAILED at %d\n", i); return 1; }
    printf("PASSED\n");
    return 0;
}
"#;

/// `hipify-perl foo.cu > foo.hip` as a Makefile rule, the result built by hipcc and run; then
/// `-inplace`, which keeps the original as `.prehip` and gives the same translation when run again.
#[test]
fn hipify_perl_in_a_makefile_and_in_place() {
    let Some(p) = prefix("hipify-perl") else {
        return;
    };
    if !p.path().join("bin/hipify-perl").exists() {
        eprintln!("SKIPPED: hipify is not built (cargo build -p hipify); hipify-perl not tested");
        return;
    }
    let w = TempDir::new("hipify-perl");
    w.write("vadd.cu", CUDA_VADD);
    w.write(
        "Makefile",
        "HIP_PATH ?= ../dist\nHIPCXX ?= $(HIP_PATH)/bin/hipcc\nHIPIFY ?= $(HIP_PATH)/bin/hipify-perl\n\
         \nall: vadd\n\nvadd.hip: vadd.cu\n\t$(HIPIFY) vadd.cu > vadd.hip\n\
         \nvadd: vadd.hip\n\t$(HIPCXX) -O2 vadd.hip -o vadd\n\nrun: vadd\n\t./vadd\n",
    );
    let make = |target: &str| {
        run(
            "make",
            w.path(),
            &[target, &format!("HIP_PATH={}", p.path().display())],
        )
    };
    ok(&make("all"));
    let hip = w.read("vadd.hip");
    assert!(
        hip.contains("hipMalloc(&a, sizeof ha)") && hip.contains("hipMemcpyHostToDevice"),
        "{hip}"
    );
    assert!(!hip.contains("cuda"), "{hip}");
    assert!(ok(&make("run")).contains("PASSED"));

    // In place, with statistics on stderr; a second run translates the .prehip original again.
    w.write("inplace.cu", CUDA_VADD);
    let hipify_perl = p.path().join("bin/hipify-perl");
    let o = run(
        &hipify_perl,
        w.path(),
        &["-inplace", "-print-stats", "inplace.cu"],
    );
    ok(&o);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("CUDA->HIP refs"),
        "{}",
        text(&o)
    );
    assert_eq!(w.read("inplace.cu.prehip"), CUDA_VADD);
    assert_eq!(w.read("inplace.cu"), hip);
    ok(&run(&hipify_perl, w.path(), &["--inplace", "inplace.cu"]));
    assert_eq!(w.read("inplace.cu"), hip);
    assert_eq!(w.read("inplace.cu.prehip"), CUDA_VADD);
    // Several files to -o, one after another; an unknown option is one line.
    w.write("b.cu", "void f() { cudaDeviceSynchronize(); }\n");
    ok(&run(
        &hipify_perl,
        w.path(),
        &["-quiet-warnings", "-o=both.hip", "vadd.cu", "b.cu"],
    ));
    let both = w.read("both.hip");
    assert!(both.starts_with(&hip) && both.ends_with("void f() { hipDeviceSynchronize(); }\n"));
    let bad = run(&hipify_perl, w.path(), &["-bogus", "vadd.cu"]);
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "hipify-perl: error: Unknown option: bogus (see 'hipify-perl -help')\n"
    );
}

const AFFINE_KERNEL: &str = r#"#include <hip/hip_runtime.h>
extern "C" __global__ void affine(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 3.0f + 7.0f;
}
"#;

/// Loads the code object argv[1], runs `affine` on 0..255 and checks x*3 + argv[2].
const MODULE_HOST: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
    if (argc != 3) return 2;
    float add = std::atof(argv[2]);
    hipModule_t m;
    hipFunction_t f;
    if (hipModuleLoad(&m, argv[1]) != hipSuccess) { printf("FAILED: load\n"); return 1; }
    if (hipModuleGetFunction(&f, m, "affine") != hipSuccess) { printf("FAILED: function\n"); return 1; }
    const int n = 256;
    float h[n];
    for (int i = 0; i < n; ++i) h[i] = i;
    float *d;
    hipMalloc(&d, sizeof h);
    hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
    int count = n;
    void *args[] = {&d, &count};
    if (hipModuleLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr) != hipSuccess) {
        printf("FAILED: launch\n");
        return 1;
    }
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        if (h[i] != i * 3.0f + add) { printf("FAILED at %d: %f\n", i, h[i]); return 1; }
    printf("PASSED\n");
    return 0;
}
"#;

/// HIP → device LLVM IR (`--cuda-device-only -S -emit-llvm`, and bitcode with `-c -emit-llvm`) →
/// an edit of the IR text → `hipcc --genco x.ll` → hipModuleLoad runs the edited kernel.
#[test]
fn device_ir_round_trip_through_an_edit() {
    let Some(p) = prefix("the device IR round trip") else {
        return;
    };
    let w = TempDir::new("ir");
    w.write("affine.hip", AFFINE_KERNEL);
    w.write("host.hip", MODULE_HOST);
    ok(&hipcc(&p, w.path(), &["-O2", "host.hip", "-o", "host"]));

    ok(&hipcc(
        &p,
        w.path(),
        &[
            "--cuda-device-only",
            "-S",
            "-emit-llvm",
            "-O2",
            "affine.hip",
            "-o",
            "affine.ll",
        ],
    ));
    let ll = w.read("affine.ll");
    assert!(ll.contains("target triple = \"spirv64"), "{ll}");
    assert!(ll.contains("@affine("), "{ll}");
    assert!(ll.contains("7.000000e+00"), "{ll}");
    w.write("edited.ll", &ll.replace("7.000000e+00", "-2.500000e+00"));
    ok(&hipcc(
        &p,
        w.path(),
        &["--genco", "edited.ll", "-o", "edited.co"],
    ));
    ok(&hipcc(
        &p,
        w.path(),
        &["--genco", "affine.ll", "-o", "affine.co"],
    ));

    // Bitcode, with clang's default name for it, lowered the same way.
    ok(&hipcc(
        &p,
        w.path(),
        &["--cuda-device-only", "-c", "-emit-llvm", "affine.hip"],
    ));
    let bc = std::fs::read(w.path().join("affine.bc")).unwrap();
    assert!(bc.starts_with(b"BC\xc0\xde"), "not bitcode");
    ok(&hipcc(
        &p,
        w.path(),
        &["--genco", "affine.bc", "-o", "bc.co"],
    ));

    for (co, add) in [("affine.co", "7"), ("bc.co", "7"), ("edited.co", "-2.5")] {
        let out = ok(&run(w.path().join("host"), w.path(), &[co, add]));
        assert_eq!(out, "PASSED\n", "{co}");
    }

    // What is not device IR is a one-line error.
    w.write("host.c", "int main(void) { return 0; }\n");
    let o = hipcc(&p, w.path(), &["--cuda-device-only", "-c", "host.c"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "hipcc: error: host.c: --cuda-device-only compiles HIP and CUDA sources and device IR (.ll, .bc) only\n"
    );
}

/// `-fgpu-rdc`: a `__device__` function defined in a static library is found, with the library named
/// by `-L. -ldev` and by its path, and the main file compiled in the same command.
#[test]
fn rdc_device_code_in_a_static_library() {
    let Some(p) = prefix("-fgpu-rdc static libraries") else {
        return;
    };
    let w = TempDir::new("rdc-lib");
    w.write(
        "lib.hip",
        "#include <hip/hip_runtime.h>\n__device__ int device_square(int x) { return x * x; }\n",
    );
    w.write(
        "main.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__device__ int device_square(int x);
__global__ void k(int *out) { out[threadIdx.x] = device_square(threadIdx.x); }
int main() {
    int *d = nullptr, h[64];
    hipMalloc(&d, sizeof h);
    k<<<1, 64>>>(d);
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    for (int i = 0; i < 64; ++i)
        if (h[i] != i * i) { printf("FAILED at %d: %d\n", i, h[i]); return 1; }
    printf("PASSED\n");
    return 0;
}
"#,
    );
    ok(&hipcc(&p, w.path(), &["-fgpu-rdc", "-c", "lib.hip"]));
    let ar = run("ar", w.path(), &["rcs", "libdev.a", "lib.o"]);
    ok(&ar);
    for args in [
        &["-fgpu-rdc", "main.hip", "-L.", "-ldev", "-o", "by_l"][..],
        &[
            "-fgpu-rdc",
            "main.hip",
            "-L",
            ".",
            "-l",
            "dev",
            "-o",
            "by_l2",
        ][..],
        &["-fgpu-rdc", "main.hip", "libdev.a", "-o", "by_path"][..],
    ] {
        ok(&hipcc(&p, w.path(), args));
        let exe = args[args.len() - 1];
        assert_eq!(ok(&run(w.path().join(exe), w.path(), &[])), "PASSED\n");
    }
}

const RTC_PROGRAM: &str = r#"#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <vector>
static const char *src = R"(
extern "C" __global__ void fill(int *x, int v) { x[threadIdx.x] = v + threadIdx.x; }
)";
int main() {
    hiprtcProgram prog;
    if (hiprtcCreateProgram(&prog, src, "fill.hip", 0, nullptr, nullptr) != HIPRTC_SUCCESS) return 1;
    if (hiprtcCompileProgram(prog, 0, nullptr) != HIPRTC_SUCCESS) { printf("FAILED: compile\n"); return 1; }
    size_t size = 0;
    hiprtcGetCodeSize(prog, &size);
    std::vector<char> code(size);
    hiprtcGetCode(prog, code.data());
    hiprtcDestroyProgram(&prog);
    hipModule_t m;
    hipFunction_t f;
    if (hipModuleLoadData(&m, code.data()) != hipSuccess) { printf("FAILED: load\n"); return 1; }
    if (hipModuleGetFunction(&f, m, "fill") != hipSuccess) { printf("FAILED: function\n"); return 1; }
    int *d, h[32];
    hipMalloc(&d, sizeof h);
    int v = 100;
    void *args[] = {&d, &v};
    hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr);
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    for (int i = 0; i < 32; ++i)
        if (h[i] != 100 + i) { printf("FAILED at %d\n", i); return 1; }
    printf("PASSED %s\n", hiprtcGetErrorString(HIPRTC_SUCCESS));
    return 0;
}
"#;

fn needed_libraries(exe: &Path) -> String {
    let o = Command::new("readelf").arg("-d").arg(exe).output().unwrap();
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| l.contains("(NEEDED)"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A program calling hipRTC links with hipcc alone (libamdhip64 exports hiprtc*, as ROCm's does), and
/// still links and runs with `-lhiprtc` too (both libraries loaded).
#[test]
fn hiprtc_links_through_hipcc_alone() {
    let Some(p) = prefix("hipRTC through hipcc") else {
        return;
    };
    let w = TempDir::new("rtc");
    w.write("rtc.cpp", RTC_PROGRAM);
    ok(&hipcc(&p, w.path(), &["rtc.cpp", "-o", "alone"]));
    let needed = needed_libraries(&w.path().join("alone"));
    assert!(!needed.contains("libhiprtc"), "{needed}");
    assert_eq!(
        ok(&run(w.path().join("alone"), w.path(), &[])),
        "PASSED HIPRTC_SUCCESS\n"
    );
    for (exe, lib_first) in [("both", false), ("rtc_first", true)] {
        let mut args = vec!["-o", exe];
        if lib_first {
            args.extend(["-lhiprtc", "rtc.cpp"]);
        } else {
            args.extend(["rtc.cpp", "-lhiprtc"]);
        }
        ok(&hipcc(&p, w.path(), &args));
        assert!(needed_libraries(&w.path().join(exe)).contains("libhiprtc.so.6"));
        assert_eq!(
            ok(&run(w.path().join(exe), w.path(), &[])),
            "PASSED HIPRTC_SUCCESS\n",
            "{exe}"
        );
    }
}

/// `hipcc -fopenmp`: host OpenMP (`#pragma omp parallel for`, `omp_get_num_threads`) beside a kernel,
/// linked with LLVM's OpenMP runtime.
#[test]
fn openmp_host_code_beside_a_kernel() {
    let Some(p) = prefix("-fopenmp") else {
        return;
    };
    let w = TempDir::new("omp");
    w.write(
        "omp.hip",
        r#"#include <hip/hip_runtime.h>
#include <omp.h>
#include <cstdio>
__global__ void twice(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2;
}
int main() {
    const int n = 1000;
    int h[n];
    int threads = 0;
#pragma omp parallel for reduction(max : threads)
    for (int i = 0; i < n; ++i) { h[i] = i; threads = omp_get_num_threads(); }
    int *d;
    hipMalloc(&d, sizeof h);
    hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d, n);
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    long sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < n; ++i) sum += h[i];
    printf("%s: sum %ld, %d threads\n", sum == 999000 ? "PASSED" : "FAILED", sum, threads);
    return sum == 999000 ? 0 : 1;
}
"#,
    );
    let o = hipcc(&p, w.path(), &["-fopenmp", "-O2", "omp.hip", "-o", "omp"]);
    if o.status.code() == Some(1) && text(&o).contains("libomp-19-dev") {
        eprintln!("SKIPPED: {}", text(&o).trim());
        return;
    }
    ok(&o);
    let out = Command::new(w.path().join("omp"))
        .env("OMP_NUM_THREADS", "3")
        .output()
        .unwrap();
    assert_eq!(ok(&out), "PASSED: sum 999000, 3 threads\n");
}

/// Debian's rocPRIM headers, which scripts/setup.sh unpacks (or `ROCPRIM_INCLUDE`).
fn rocprim_include() -> PathBuf {
    let dir = std::env::var_os("ROCPRIM_INCLUDE")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target/deps/rocprim/usr/include"));
    assert!(
        dir.join("rocprim/rocprim.hpp").exists(),
        "rocPRIM's headers are not in {} (scripts/setup.sh unpacks Debian's librocprim-dev there)",
        dir.display()
    );
    dir
}

/// rocPRIM's device-wide radix sort, reduce and histograms (shared-memory and global bins) from
/// Debian's headers, built by hipcc unchanged; the program checks every result against the host.
/// Built for each warp size and run on a device of that size.
#[test]
fn rocprim_device_algorithms_match_the_host_at_both_warp_sizes() {
    check_rocprim_program("rocprim_device", |_| {
        [
            "radix_sort_keys",
            "radix_sort_pairs keys",
            "radix_sort_pairs values",
            "reduce",
            "reduce max",
            "histogram_even 100 bins",
            "histogram_even 40000 bins",
        ]
        .map(String::from)
        .to_vec()
    });
}

/// Builds `crates/hipcc/tests/data/<name>.hip` against Debian's rocPRIM headers for each warp
/// size, runs it on a device of that size, and expects `<case>: ok` for each of `cases(ws)` and a
/// final `PASSED`.
fn check_rocprim_program(name: &str, cases: impl Fn(u32) -> Vec<String>) {
    let Some(p) = prefix(name) else { return };
    let inc = format!("-I{}", rocprim_include().display());
    let src = repo_root().join(format!("crates/hipcc/tests/data/{name}.hip"));
    let src = src.to_string_lossy();
    for (ws, flag) in [(64, "-mwavefrontsize64"), (32, "-mno-wavefrontsize64")] {
        let exe = p.path().join(format!("{name}{ws}"));
        let exe_s = exe.to_string_lossy();
        ok(&hipcc(
            &p,
            p.path(),
            &["-O2", flag, &inc, &src, "-o", &exe_s],
        ));
        let out = Command::new(&exe)
            .env("FERROCM_WARP_SIZE", ws.to_string())
            .output()
            .unwrap();
        let stdout = ok(&out);
        assert!(stdout.contains(&format!("warp size {ws}")), "{stdout}");
        for case in cases(ws) {
            assert!(
                stdout.contains(&format!("{case}: ok")),
                "warp size {ws}: `{case}: ok` missing:\n{stdout}"
            );
        }
        assert!(stdout.ends_with("PASSED\n"), "{stdout}");
    }
}

/// rocPRIM's block primitives (reduce, inclusive and exclusive scan, radix sort) and warp primitives
/// (reduce and scan at a logical width of 16 and at the full warp) from Debian's headers, built by
/// hipcc unchanged; the program checks every result against the host. Built for each warp size and
/// run on a device of that size.
#[test]
fn rocprim_block_and_warp_primitives_match_the_host_at_both_warp_sizes() {
    check_rocprim_program("rocprim_primitives", |ws| {
        let mut cases: Vec<String> = [
            "block_reduce",
            "block_scan inclusive",
            "block_scan exclusive",
            "block_radix_sort",
            "warp_reduce<16>",
            "warp_scan<16>",
        ]
        .map(String::from)
        .to_vec();
        cases.push(format!("warp_reduce<{ws}>"));
        cases.push(format!("warp_scan<{ws}>"));
        cases
    });
}

/// Host and device passes read one set of headers, the prefix's: a macro added to the prefix's
/// hip_runtime.h reaches device code, and editing it again is seen (the kernel cache checks the
/// prefix's headers like the program's own).
#[test]
fn device_code_reads_the_prefix_headers() {
    let Some(p) = prefix("one set of headers") else {
        return;
    };
    let header = p.path().join("include/hip/hip_runtime.h");
    let original = std::fs::read_to_string(&header).unwrap();
    let src = p.write(
        "mark.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void mark(int *out) { *out = FERROCM_TEST_PREFIX_MARK; }
int main() {
  int *d, h = -1;
  hipMalloc(&d, sizeof(int));
  mark<<<1, 1>>>(d);
  hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost);
  std::printf("device %d host %d\n", h, FERROCM_TEST_PREFIX_MARK);
}
"#,
    );
    let src = src.to_string_lossy();
    for mark in [41, 42] {
        std::fs::write(
            &header,
            format!("{original}\n#define FERROCM_TEST_PREFIX_MARK {mark}\n"),
        )
        .unwrap();
        ok(&hipcc(&p, p.path(), &[&src, "-o", "mark"]));
        let out = ok(&run(p.path().join("mark"), p.path(), &[]));
        assert_eq!(out, format!("device {mark} host {mark}\n"));
    }
}

/// `x.template f(...)` with the template arguments deduced, as rocPRIM writes it: clang 19 made it an
/// error by default, ROCm's clang accepted it; hipcc keeps it a warning in both passes.
#[test]
fn template_keyword_without_arguments_builds_as_with_rocm() {
    let Some(p) = prefix("template keyword") else {
        return;
    };
    let src = p.write(
        "tk.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
struct helper { template <class T> __host__ __device__ T twice(T v) { return v + v; } };
__global__ void k(int *o) { *o = helper().template twice(*o); }
int main() {
  int h = 21, *d;
  hipMalloc(&d, sizeof(int));
  hipMemcpy(d, &h, sizeof(int), hipMemcpyHostToDevice);
  k<<<1, 1>>>(d);
  hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost);
  std::printf("%d %d\n", h, helper().template twice(1));
}
"#,
    );
    ok(&hipcc(&p, p.path(), &[&src.to_string_lossy(), "-o", "tk"]));
    assert_eq!(ok(&run(p.path().join("tk"), p.path(), &[])), "42 2\n");
}

/// A kernel is an ordinary function to host code, in both passes: kernel tables of plain function
/// pointers, template arguments deduced from a kernel's type (ROCm's hip-tests launch through such a
/// helper), a template kernel's address.
#[test]
fn kernels_convert_to_plain_function_pointers() {
    let Some(p) = prefix("kernel pointers") else {
        return;
    };
    let src = p.write(
        "kp.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void one(int *p) { p[threadIdx.x] = threadIdx.x; }
template <class T> __global__ void two(T *p) { p[threadIdx.x] = 2 * threadIdx.x; }
typedef void (*kernel_fn)(int *);
template <typename... A> int arity(void (*)(A...)) { return sizeof...(A); }
template <typename F, typename... A> void launch(F f, A... a) {
  static_assert(sizeof...(A) == 1, "");
  hipLaunchKernelGGL(f, dim3(1), dim3(64), 0, 0, a...);
}
int main() {
  kernel_fn table[2] = {one, &two<int>};
  int *d, h[64];
  hipMalloc(&d, sizeof h);
  for (int i = 0; i < 2; i++) {
    hipMemset(d, 0xff, sizeof h);
    launch(table[i], d);
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    std::printf("%d %d ", h[5], h[63]);
  }
  std::printf("%d %d\n", arity(one), arity(two<float>));
}
"#,
    );
    ok(&hipcc(&p, p.path(), &[&src.to_string_lossy(), "-o", "kp"]));
    assert_eq!(
        ok(&run(p.path().join("kp"), p.path(), &[])),
        "5 63 10 126 1 1\n"
    );
}

/// `hipDeviceProp_t::arch` says what device code's `__HIP_ARCH_HAS_*__` macros say (hip-tests compare
/// the two).
#[test]
fn arch_properties_match_the_device_macros() {
    let Some(p) = prefix("arch properties") else {
        return;
    };
    let src = p.write(
        "arch.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void flags(int *f) {
  int v[17] = {__HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__, __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__,
               __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__, __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__,
               __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__, __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__,
               __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__, __HIP_ARCH_HAS_DOUBLES__,
               __HIP_ARCH_HAS_WARP_VOTE__, __HIP_ARCH_HAS_WARP_BALLOT__,
               __HIP_ARCH_HAS_WARP_SHUFFLE__, __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__,
               __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__, __HIP_ARCH_HAS_SYNC_THREAD_EXT__,
               __HIP_ARCH_HAS_SURFACE_FUNCS__, __HIP_ARCH_HAS_3DGRID__,
               __HIP_ARCH_HAS_DYNAMIC_PARALLEL__};
  for (int i = 0; i < 17; i++) f[i] = v[i];
}
int main() {
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  const hipDeviceArch_t &a = p.arch;
  int host[17] = {(int)a.hasGlobalInt32Atomics, (int)a.hasGlobalFloatAtomicExch,
                  (int)a.hasSharedInt32Atomics, (int)a.hasSharedFloatAtomicExch,
                  (int)a.hasFloatAtomicAdd, (int)a.hasGlobalInt64Atomics,
                  (int)a.hasSharedInt64Atomics, (int)a.hasDoubles, (int)a.hasWarpVote,
                  (int)a.hasWarpBallot, (int)a.hasWarpShuffle, (int)a.hasFunnelShift,
                  (int)a.hasThreadFenceSystem, (int)a.hasSyncThreadsExt, (int)a.hasSurfaceFuncs,
                  (int)a.has3dGrid, (int)a.hasDynamicParallelism};
  int *d, dev[17];
  hipMalloc(&d, sizeof dev);
  hipMemset(d, 0xff, sizeof dev);
  flags<<<1, 1>>>(d);
  hipMemcpy(dev, d, sizeof dev, hipMemcpyDeviceToHost);
  for (int i = 0; i < 17; i++) std::printf("%d%d ", host[i], dev[i]);
  std::printf("\n");
}
"#,
    );
    ok(&hipcc(
        &p,
        p.path(),
        &[&src.to_string_lossy(), "-o", "arch"],
    ));
    let out = ok(&run(p.path().join("arch"), p.path(), &[]));
    for (i, pair) in out.split_whitespace().enumerate() {
        let b = pair.as_bytes();
        assert_eq!(b[0], b[1], "bit {i} differs (host, device): {out}");
        assert!(b[0] == b'0' || b[0] == b'1', "{out}");
    }
    assert_eq!(out.split_whitespace().count(), 17, "{out}");
}

/// What rocPRIM's device algorithms rely on, in one program built by hipcc: `__launch_bounds__` from a
/// constexpr function's temporary, placement new into shared memory, `std::chrono` after
/// hip_runtime.h alone, and device code seeing the processor the host reads from `gcnArchName`
/// (`__amdgcn_processor__`, rocPRIM's configuration key on both sides).
#[test]
fn rocprim_style_kernels_build_and_agree_on_the_processor() {
    let Some(p) = prefix("rocPRIM-style kernels") else {
        return;
    };
    let src = p.write(
        "style.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
struct params_t { unsigned block_size; };
template <unsigned N> constexpr params_t params() { return params_t{N}; }
struct cell { int v; __device__ cell(int x) : v(x + 1) {} };
template <unsigned N>
__global__ __launch_bounds__(params<N>().block_size) void fill(int *out, char *arch) {
  alignas(cell) __shared__ unsigned char slot[sizeof(cell)];
  if (threadIdx.x == 0) new (slot) cell(41);
  __syncthreads();
  out[threadIdx.x] = reinterpret_cast<cell *>(slot)->v;
  if (threadIdx.x == 0) {
#if defined(__amdgcn_processor__)  // the device pass's, as rocPRIM tests it
    const char *name = __amdgcn_processor__;
#else
    const char *name = "";
#endif
    int i = 0;
    for (; name[i]; ++i) arch[i] = name[i];
    arch[i] = 0;
  }
}
int main() {
  auto start = std::chrono::steady_clock::now();
  int *d, h[128];
  char *da, arch[32];
  hipMalloc(&d, sizeof h);
  hipMalloc(&da, sizeof arch);
  fill<128><<<1, 128>>>(d, da);
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  hipMemcpy(arch, da, sizeof arch, hipMemcpyDeviceToHost);
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  int bad = 0;
  for (int i = 0; i < 128; ++i) bad += h[i] != 42;
  size_t n = strcspn(p.gcnArchName, ":");
  bool same = strlen(arch) == n && strncmp(arch, p.gcnArchName, n) == 0;
  bool timed = std::chrono::steady_clock::now() >= start;
  std::printf("%d %s %s %d\n", bad, arch, same ? "same" : "different", timed);
}
"#,
    );
    ok(&hipcc(
        &p,
        p.path(),
        &[&src.to_string_lossy(), "-o", "style"],
    ));
    let out = ok(&run(p.path().join("style"), p.path(), &[]));
    assert!(out.starts_with("0 gfx"), "{out}");
    assert!(out.ends_with(" same 1\n"), "{out}");
}

/// The kernel-taking C++ overloads take the kernel by value, as ROCm's do, so explicit template
/// arguments naming a function-pointer type compile; the variable-shared-memory occupancy search
/// agrees with the plain one for a constant size and rejects null outputs; the host pass sees the
/// `__HIP_ARCH_HAS_*__` feature tests as 0 and the device pass as the device's answers.
#[test]
fn kernel_overloads_take_function_pointer_types_as_rocm() {
    let Some(p) = prefix("kernel overloads") else {
        return;
    };
    let src = p.write(
        "ov.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void fill(int *p) {
#if __HIP_ARCH_HAS_DOUBLES__
  p[threadIdx.x] = 3 * threadIdx.x;
#else
  p[threadIdx.x] = -1;
#endif
}
typedef void (*kfn)(int *);
#if !defined(__HIP_DEVICE_COMPILE__)
static_assert(__HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ == 0, "host pass");
#endif
static_assert(__HIP_ARCH_HAS_DYNAMIC_PARALLEL__ == 0, "none");
int main() {
  kfn f = fill;
  int g0 = 0, b0 = 0, g1 = 0, b1 = 0, g2 = 0, b2 = 0, g3 = 0, b3 = 0, n = 0;
  int e = 0;
  e |= hipOccupancyMaxPotentialBlockSize<kfn>(&g0, &b0, f, 0, 0);
  e |= hipOccupancyMaxPotentialBlockSize(&g1, &b1, (const void *)fill, 0, 0);
  e |= hipOccupancyMaxPotentialBlockSizeVariableSMem(&g2, &b2, f, [](int) { return (size_t)0; });
  e |= hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags<size_t (*)(int), kfn>(
      &g3, &b3, f, [](int) -> size_t { return 0; }, 64, hipOccupancyDefault);
  e |= hipOccupancyMaxActiveBlocksPerMultiprocessor<kfn>(&n, f, b0, 0);
  hipFuncAttributes attr;
  e |= hipFuncGetAttributes<kfn>(&attr, f);
  e |= hipFuncSetCacheConfig<kfn>(f, hipFuncCachePreferNone);
  e |= hipFuncSetAttribute<kfn>(f, hipFuncAttributeMaxDynamicSharedMemorySize, 0);
  int bad = hipOccupancyMaxPotentialBlockSizeVariableSMem(nullptr, &b2, f, [](int) { return (size_t)0; });
  int *d, h[64];
  hipMalloc(&d, sizeof h);
  hipMemset(d, 0xff, sizeof h);
  void *args[] = {&d};
  e |= hipLaunchKernel<kfn>(f, dim3(1), dim3(64), args, 0, 0);
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%d %d %d %d %d %d %d %d %d %d\n", e, g0 == g1 && b0 == b1, g2 == g1 && b2 == b1,
              b3 <= 64 && b3 > 0 && g3 > 0, n > 0, attr.maxThreadsPerBlock >= b0,
              bad == hipErrorInvalidValue, h[0], h[5], h[63]);
}
"#,
    );
    ok(&hipcc(&p, p.path(), &[&src.to_string_lossy(), "-o", "ov"]));
    assert_eq!(
        ok(&run(p.path().join("ov"), p.path(), &[])),
        "0 1 1 1 1 1 1 0 15 189\n"
    );
}

/// `-S` without `-c` writes the listing and stops, as clang does, under `-o` or clang's default
/// name. On a HIP source the listing frames each offload target's device part (kernel metadata and
/// the CPU device's native code, as comments) and the host part as clang's bundler does; it still
/// assembles, and the program built from it runs its kernel.
#[test]
fn assembly_listing_without_c() {
    let Some(p) = prefix("-S") else {
        return;
    };
    let w = TempDir::new("asm");
    w.write(
        "k.hip",
        "#include <hip/hip_runtime.h>\n#include <cstdio>\n\
         __global__ void __launch_bounds__(64) twice(int *a) { a[threadIdx.x] = 2 * threadIdx.x + 1; }\n\
         int main() {\n  int *d, h[64];\n  (void)hipMalloc(&d, sizeof h);\n  twice<<<1, 64>>>(d);\n\
         (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);\n  printf(\"%d %d\\n\", h[0], h[63]);\n}\n",
    );
    ok(&hipcc(
        &p,
        w.path(),
        &["--offload-arch=gfx900", "-S", "k.hip", "-o", "out.s"],
    ));
    let listing = w.read("out.s");
    let starts: Vec<&str> = listing
        .lines()
        .filter_map(|l| l.strip_prefix("# __CLANG_OFFLOAD_BUNDLE____START__ "))
        .collect();
    assert_eq!(
        starts,
        [
            "hip-amdgcn-amd-amdhsa--gfx900",
            "host-x86_64-unknown-linux-gnu-"
        ],
        "{listing}"
    );
    for want in [
        "#     .name:           _Z5twicePi",
        "#     .uniform_work_group_size: 1",
        "#     .max_flat_workgroup_size: 64",
        "# amdhsa.target:   amdgcn-amd-amdhsa--gfx900",
    ] {
        assert!(
            listing.lines().any(|l| l == want),
            "no {want:?} in\n{listing}"
        );
    }
    assert!(listing.contains("main:"), "{listing}");
    ok(&hipcc(&p, w.path(), &["-c", "out.s", "-o", "k.o"]));
    ok(&hipcc(&p, w.path(), &["k.o", "-o", "k"]));
    assert_eq!(ok(&run(w.path().join("k"), w.path(), &[])), "1 127\n");
    ok(&hipcc(&p, w.path(), &["-S", "k.hip"]));
    assert!(w.path().join("k.s").is_file(), "k.s written");
    let piped = ok(&hipcc(&p, w.path(), &["-S", "k.hip", "-o", "-"]));
    assert!(
        piped.starts_with("# __CLANG_OFFLOAD_BUNDLE____START__ hip-"),
        "{piped}"
    );
    assert!(!w.path().join("-").exists(), "-o - is standard output");
}
