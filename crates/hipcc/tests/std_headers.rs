//! HIP programs that include the C++ standard library's heavier headers (`<memory>`, `<thread>`,
//! `<functional>`) next to `hip/hip_runtime.h`, built by hipcc from a ROCm-style prefix laid out in
//! a temporary folder and run: both clang passes must accept them, and the kernels' results (in a
//! poisoned buffer) must equal what the test computes here.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("hipcc-std-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("create temp dir");
        TempDir(d)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create folder");
    for e in std::fs::read_dir(from).expect("read folder") {
        let e = e.expect("folder entry");
        let target = to.join(e.file_name());
        if e.file_type().expect("file type").is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy file");
        }
    }
}

/// bin/hipcc, include/ (the repository's, subfolders included) and lib/libamdhip64.so, or `None`
/// while the runtime is not built.
fn prefix(tag: &str) -> Option<TempDir> {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_hipcc")).parent()?;
    let runtime = bin_dir.join("libamdhip64.so");
    if !runtime.exists() {
        eprintln!("SKIPPED: libamdhip64.so is not built yet (cargo build -p amdhip64)");
        return None;
    }
    let t = TempDir::new(tag);
    std::fs::create_dir_all(t.path().join("bin")).expect("bin");
    std::fs::copy(env!("CARGO_BIN_EXE_hipcc"), t.path().join("bin/hipcc")).expect("copy hipcc");
    copy_tree(&repo_root().join("include"), &t.path().join("include"));
    let lib = t.path().join("lib");
    std::fs::create_dir_all(&lib).expect("lib");
    std::fs::copy(&runtime, lib.join("libamdhip64.so.6.2.0")).expect("copy runtime");
    std::os::unix::fs::symlink("libamdhip64.so.6.2.0", lib.join("libamdhip64.so.6")).expect("link");
    std::os::unix::fs::symlink("libamdhip64.so.6", lib.join("libamdhip64.so")).expect("link");
    Some(t)
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Builds `source` (a .hip file) with hipcc in the prefix and runs it; its stdout.
fn build_and_run(tag: &str, source: &str, flags: &[&str]) -> Option<String> {
    let p = prefix(tag)?;
    let src = p.path().join("app.hip");
    std::fs::write(&src, source).expect("write source");
    let exe = p.path().join("app");
    let build = Command::new(p.path().join("bin/hipcc"))
        .args(flags)
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .current_dir(p.path())
        .env_remove("HIP_PATH")
        .env_remove("ROCM_PATH")
        .output()
        .expect("hipcc runs");
    assert_eq!(
        build.status.code(),
        Some(0),
        "hipcc failed:\n{}",
        text(&build)
    );
    let run = Command::new(&exe)
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("program runs");
    assert_eq!(
        run.status.code(),
        Some(0),
        "program failed:\n{}",
        text(&run)
    );
    Some(String::from_utf8_lossy(&run.stdout).into_owned())
}

/// The standard headers come first and after hip_runtime.h; the kernel uses what of them is
/// constexpr (usable in device code), the host side shared_ptr with a hipFree deleter, a
/// std::function launching the kernel, and a std::thread that runs it.
const STD_PROGRAM: &str = r#"
#include <memory>
#include <hip/hip_runtime.h>
#include <thread>
#include <functional>
#include <algorithm>
#include <cstdio>

__noinline__ __device__ int twice(int v) { return 2 * v; }

__global__ void combine(int *out, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  std::plus<int> add;
  std::multiplies<int> mul;
  int a = std::min(i, n), b = std::max(in[i], -1000);
  out[i] = add(mul(a, 3), twice(b)) ^ std::bit_xor<int>{}(i, 0x55);
}

int main() {
  const int n = 300;
  int host[n];
  for (int i = 0; i < n; ++i) host[i] = (i * 37) % 101 - 50;
  auto free_device = [](int *p) { hipFree(p); };
  int *raw_in = nullptr, *raw_out = nullptr;
  if (hipMalloc(&raw_in, sizeof host) != hipSuccess) return 10;
  if (hipMalloc(&raw_out, sizeof host) != hipSuccess) return 11;
  std::shared_ptr<int> in(raw_in, free_device), out(raw_out, free_device);
  std::weak_ptr<int> watch = out;
  if (hipMemcpy(in.get(), host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) return 12;
  if (hipMemset(out.get(), 0xFF, sizeof host) != hipSuccess) return 13;
  std::function<hipError_t()> launch = [&] {
    hipLaunchKernelGGL(combine, dim3((n + 63) / 64), dim3(64), 0, 0, out.get(), in.get(), n);
    return hipDeviceSynchronize();
  };
  hipError_t status = hipErrorUnknown;
  std::thread worker([&] { status = launch(); });
  worker.join();
  if (status != hipSuccess) return 14;
  int result[n];
  if (hipMemcpy(result, out.get(), sizeof result, hipMemcpyDeviceToHost) != hipSuccess) return 15;
  for (int i = 0; i < n; ++i) printf("%d\n", result[i]);
  out.reset();
  return watch.expired() ? 0 : 16;
}
"#;

#[test]
fn memory_thread_and_functional_build_and_run_in_hip_programs() {
    for opt in ["-O0", "-O2"] {
        let Some(out) = build_and_run("std", STD_PROGRAM, &[opt, "-std=c++17"]) else {
            return;
        };
        let got: Vec<i32> = out
            .lines()
            .map(|l| {
                l.parse()
                    .unwrap_or_else(|_| panic!("{opt}: bad line {l:?}"))
            })
            .collect();
        let want: Vec<i32> = (0..300)
            .map(|i| {
                let v = (i * 37) % 101 - 50;
                (i * 3 + 2 * v) ^ (i ^ 0x55)
            })
            .collect();
        assert_eq!(got, want, "{opt}");
    }
}

/// Host code using what ROCm's headers bring without further includes: memcpy/memset and
/// INT_MAX, the 3-D copy builders with hipMemcpy3D, hipExtLaunchKernelGGL with its events, fp8
/// on both sides, and printf from host code that the device pass parses too.
const ROCM_HOST_PROGRAM: &str = r#"
#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>
#include <hip/hip_fp8.h>

__global__ void widen(float *out, const unsigned char *codes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __hip_fp8_e4m3 v;
  v.__x = codes[i];
  out[i] = (float)v * 2.0f + (float)(INT_MAX > 0);
}

static void report(const char *what, int value) { printf("%s %d\n", what, value); }

int main() {
  const int w = 5, h = 3, d = 2, n = w * h * d;
  unsigned char host[n], back[n];
  // (1 + k/8) * 2^e with alternating signs: exact in E4M3 (three mantissa bits).
  for (int i = 0; i < n; ++i) {
    float v = (float)(8 + i % 8) / 8.0f * ldexpf(1.0f, i / 8 - 2) * (i % 2 ? -1.0f : 1.0f);
    host[i] = (unsigned char)__hip_fp8_e4m3(v).__x;
  }
  memset(back, 0, sizeof back);
  void *dev = nullptr;
  if (hipMalloc(&dev, n) != hipSuccess) return 10;
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(host, w, w, h);
  p.dstPtr = make_hipPitchedPtr(dev, w, w, h);
  p.srcPos = make_hipPos(0, 0, 0);
  p.dstPos = make_hipPos(0, 0, 0);
  p.extent = make_hipExtent(w, h, d);
  p.kind = hipMemcpyHostToDevice;
  if (hipMemcpy3D(&p) != hipSuccess) return 11;
  float *out = nullptr;
  if (hipMalloc(&out, n * sizeof(float)) != hipSuccess) return 12;
  if (hipMemset(out, 0xFF, n * sizeof(float)) != hipSuccess) return 13;
  hipEvent_t start, stop;
  hipEventCreate(&start);
  hipEventCreate(&stop);
  hipExtLaunchKernelGGL(widen, dim3(1), dim3(64), 0, 0, start, stop, 0, out,
                        (const unsigned char *)dev, n);
  if (hipEventSynchronize(stop) != hipSuccess) return 14;
  float ms = -1.0f;
  if (hipEventElapsedTime(&ms, start, stop) != hipSuccess || ms < 0.0f) return 15;
  float result[n];
  if (hipMemcpy(result, out, sizeof result, hipMemcpyDeviceToHost) != hipSuccess) return 16;
  hipFuncCache_t cache = hipFuncCachePreferShared;
  report("cache", (int)cache);
  report("extent", (int)(make_hipExtent(w, h, d).width * 100 + make_hipExtent(w, h, d).depth));
  for (int i = 0; i < n; ++i) printf("%a\n", result[i]);
  return 0;
}
"#;

#[test]
fn rocm_host_side_declarations_build_and_run() {
    let Some(out) = build_and_run("rocm", ROCM_HOST_PROGRAM, &["-O2"]) else {
        return;
    };
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("cache 1"));
    assert_eq!(lines.next(), Some("extent 502"));
    // The E4M3 values written by the host, read back on the device, doubled, plus one.
    let got: Vec<String> = lines.map(str::to_string).collect();
    let want: Vec<String> = (0..30)
        .map(|i: i32| {
            let sign = if i % 2 == 1 { -1.0 } else { 1.0 };
            let v = f64::from(8 + i % 8) / 8.0 * 2f64.powi(i / 8 - 2) * sign;
            format_hex_float(v * 2.0 + 1.0)
        })
        .collect();
    assert_eq!(got, want);
}

/// hip_bfloat16 prints as its float value, and a program's own `operator<<` for a type that converts
/// from it (hipCUB's test bfloat16) does not make `stream << x` ambiguous.
const BFLOAT16_STREAM_PROGRAM: &str = r#"
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>
#include <cstdio>
#include <sstream>

struct own_bf16 {
  unsigned short bits;
  own_bf16(const hip_bfloat16 &b) : bits(b.data) {}
};
inline std::ostream &operator<<(std::ostream &out, const own_bf16 &) { return out << "own"; }

int main() {
  std::stringstream ss;
  const hip_bfloat16 x(1.5f);
  ss << x << ' ' << own_bf16(x);
  printf("%s\n", ss.str().c_str());
  return 0;
}
"#;

#[test]
fn bfloat16_prints_as_its_float_beside_a_programs_own_overload() {
    let Some(out) = build_and_run("bf16", BFLOAT16_STREAM_PROGRAM, &["-O2"]) else {
        return;
    };
    assert_eq!(out.trim(), "1.5 own");
}

/// Launch and half-precision spellings that ROCm's headers accept: hipLaunchKernelGGL with its
/// launch parameters coming from one macro (expanded before they are counted) and a template
/// kernel whose argument list is a macro, and a program's own by-value host comparisons of
/// __half and __half2 beside the header's (which take references, so both can be declared).
const LAUNCH_AND_HALF_PROGRAM: &str = r#"
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

static bool operator==(__half x, __half y) {
  return static_cast<__half_raw>(x).x == static_cast<__half_raw>(y).x;
}
static bool operator!=(__half x, __half y) { return !(x == y); }
static bool operator==(__half2 x, __half2 y) { return __hbeq2(x, y); }
static bool operator!=(__half2 x, __half2 y) { return !__hbeq2(x, y); }

template <typename A, typename B> __global__ void scaled(A *out, B k) {
  out[threadIdx.x] = static_cast<A>(threadIdx.x) * static_cast<A>(k);
}
__global__ void halves(__half *out, __half2 *pair) {
  // The header's comparisons in device code.
  out[0] = (out[0] == out[1]) ? __float2half(1.0f) : __float2half(2.0f);
  pair[0] = (pair[0] != pair[1]) ? pair[1] : pair[0];
}

#define CONFIG dim3(1), dim3(8), 0, 0
#define TYPES int, int

int main() {
  int *out = nullptr;
  if (hipMalloc(&out, 8 * sizeof(int)) != hipSuccess) return 10;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scaled<TYPES>), CONFIG, out, 3);
  int r[8];
  if (hipMemcpy(r, out, sizeof r, hipMemcpyDeviceToHost) != hipSuccess) return 11;
  for (int i = 0; i < 8; ++i) printf("%d ", r[i]);
  printf("\n");
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scaled<int, short>), CONFIG, out, (short)5);
  if (hipMemcpy(r, out, sizeof r, hipMemcpyDeviceToHost) != hipSuccess) return 12;
  printf("%d\n", r[7]);

  __half h[2] = {__float2half(0.5f), __float2half(0.5f)};
  __half2 p[2] = {__floats2half2_rn(1.0f, 2.0f), __floats2half2_rn(1.0f, 3.0f)};
  __half *dh = nullptr;
  __half2 *dp = nullptr;
  if (hipMalloc(&dh, sizeof h) != hipSuccess || hipMalloc(&dp, sizeof p) != hipSuccess) return 13;
  hipMemcpy(dh, h, sizeof h, hipMemcpyHostToDevice);
  hipMemcpy(dp, p, sizeof p, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(halves, dim3(1), dim3(1), 0, 0, dh, dp);
  hipMemcpy(h, dh, sizeof h, hipMemcpyDeviceToHost);
  hipMemcpy(p, dp, sizeof p, hipMemcpyDeviceToHost);
  // The program's own operators on the host (bits equal: +0 and -0 differ).
  printf("%d %d %d %d\n", h[0] == __float2half(1.0f), __float2half(0.0f) != __float2half(-0.0f),
         p[0] == p[1], p[0] != __floats2half2_rn(1.0f, 2.0f));
  return 0;
}
"#;

#[test]
fn launch_macro_arguments_and_program_half_comparisons() {
    let Some(out) = build_and_run("launch", LAUNCH_AND_HALF_PROGRAM, &["-O1"]) else {
        return;
    };
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, ["0 3 6 9 12 15 18 21 ", "35", "1 1 1 1"]);
}

/// C's `%a` for a double that is a small exact value, as glibc prints it.
fn format_hex_float(v: f64) -> String {
    if v == 0.0 {
        return if v.is_sign_negative() {
            "-0x0p+0"
        } else {
            "0x0p+0"
        }
        .to_string();
    }
    let bits = v.to_bits();
    let sign = if v < 0.0 { "-" } else { "" };
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut mant = format!("{:013x}", bits & 0xf_ffff_ffff_ffff);
    while mant.ends_with('0') {
        mant.pop();
    }
    let dot = if mant.is_empty() {
        String::new()
    } else {
        format!(".{mant}")
    };
    format!("{sign}0x1{dot}p{exp:+}")
}
