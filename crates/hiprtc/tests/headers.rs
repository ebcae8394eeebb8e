//! The device headers (include/hip/*.h) under the exact device compile `comgr` runs:
//! `clang-19 -x hip --offload=spirv64 --cuda-device-only -nogpuinc -nogpulib -emit-llvm -O3
//! -I<include> -include hip/hip_runtime.h`, checked on the IR clang produces. Running the
//! kernels is the lowering's and the runtime's part; this checks that the headers give the IR
//! the lowering expects.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn include_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include")
}

/// Runs the device compile on `source` (from stdin) with `extra` flags; Ok(IR) or Err(stderr).
fn clang(source: &str, extra: &[&str]) -> Result<String, String> {
    let mut child = Command::new("clang-19")
        .args([
            "-x",
            "hip",
            "--offload=spirv64",
            "--cuda-device-only",
            "-nogpuinc",
            "-nogpulib",
        ])
        .args(["-emit-llvm", "-S", "-O3", "-o", "-"])
        .arg(format!("-I{}", include_dir().display()))
        .args(["-include", "hip/hip_runtime.h"])
        .args(extra)
        .args(["-Wall", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clang-19 must be installed to test the device headers");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(source.as_bytes())
        .expect("write source to clang");
    let out = child.wait_with_output().expect("clang-19 runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(stderr)
    }
}

fn device_ir(source: &str) -> String {
    match clang(source, &[]) {
        Ok(ir) => ir,
        Err(log) => panic!("device compile failed:\n{log}\nsource:\n{source}"),
    }
}

fn call_lines<'a>(ir: &'a str, callee: &str) -> Vec<&'a str> {
    let needle = format!("@{callee}(");
    ir.lines()
        .filter(|l| l.contains(" call ") && l.contains(&needle))
        .collect()
}

/// The argument types of a call line: each top-level argument's text before ` noundef` / `%`.
fn call_arg_types(line: &str, callee: &str) -> Vec<String> {
    let start = line.find(&format!("@{callee}(")).expect("callee in line") + callee.len() + 2;
    let mut depth = 0;
    let mut args = Vec::new();
    let mut cur = String::new();
    for c in line[start..].chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => break,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                args.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    args.push(cur);
    args.iter()
        .map(|a| {
            let a = a.trim();
            let end = [" noundef", " %", " addrspacecast", " @"]
                .iter()
                .filter_map(|m| a.find(m))
                .min()
                .unwrap_or(a.len());
            a[..end].to_string()
        })
        .collect()
}

#[test]
fn float_atomic_add_is_atomicrmw_fadd_on_global_and_shared() {
    let ir = device_ir(
        "__global__ void k(float *g, double *d) {
           __shared__ float s[64];
           s[threadIdx.x] = 0.0f;
           __syncthreads();
           atomicAdd(&s[threadIdx.x % 8], 1.0f);
           atomicAdd(g, 2.0f);
           atomicAdd(d, 3.0);
         }",
    );
    let fadd: Vec<&str> = ir
        .lines()
        .filter(|l| l.contains("atomicrmw fadd"))
        .collect();
    // Whether the pointer an atomicrmw works on is (one step from) the shared array.
    let on_shared = |line: &str| {
        if line.contains("addrspace(3)") {
            return true;
        }
        let ptr = line
            .split("ptr addrspace(4) ")
            .nth(1)
            .and_then(|r| r.split(',').next());
        ptr.and_then(|p| {
            ir.lines()
                .find(|l| l.trim_start().starts_with(&format!("{p} = ")))
        })
        .is_some_and(|def| def.contains("addrspace(3)"))
    };
    assert!(
        fadd.iter().any(|l| on_shared(l) && l.contains("float")),
        "shared-memory float atomicAdd:\n{ir}"
    );
    assert!(
        fadd.iter().any(|l| !on_shared(l) && l.contains("float")),
        "global-memory float atomicAdd:\n{ir}"
    );
    assert!(
        fadd.iter().any(|l| l.contains("double")),
        "double atomicAdd:\n{ir}"
    );
    assert!(
        !ir.contains("cmpxchg"),
        "float add needs no CAS loop:\n{ir}"
    );
}

#[test]
fn integer_and_float_atomics() {
    let ir = device_ir(
        "__global__ void k(int *i, unsigned *u, unsigned long long *ull, long long *ll,
                           float *f, double *d) {
           atomicSub(i, 1); atomicExch(i + 1, 5); atomicMin(i + 2, 3); atomicMax(i + 3, 4);
           atomicAnd(u, 1u); atomicOr(u + 1, 2u); atomicXor(u + 2, 3u);
           atomicAdd(ull, 1ull); atomicMax(ll, -1ll);
           atomicMin(f, 1.0f); atomicMax(d, 2.0); atomicExch(f + 1, 3.0f);
           atomicAdd_block(i + 4, 1); atomicAdd_system(i + 5, 1);
           i[6] = atomicCAS(i + 7, 1, 2);
         }",
    );
    for op in [
        "atomicrmw sub",
        "atomicrmw xchg",
        "atomicrmw min",
        "atomicrmw max",
        "atomicrmw and",
        "atomicrmw or",
        "atomicrmw xor",
        "atomicrmw add",
        "atomicrmw fmin",
        "atomicrmw fmax",
        "cmpxchg",
    ] {
        assert!(ir.contains(op), "missing {op}:\n{ir}");
    }
    assert!(
        ir.lines()
            .any(|l| l.contains("atomicrmw add") && l.contains("i64")),
        "{ir}"
    );
    assert!(
        ir.lines()
            .any(|l| l.contains("atomicrmw max") && l.contains("i64")),
        "{ir}"
    );
}

#[test]
fn atomic_inc_dec_are_cas_loops() {
    let ir = device_ir(
        "__global__ void k(unsigned *u) { u[2] = atomicInc(u, 9u) + atomicDec(u + 1, 9u); }",
    );
    assert_eq!(ir.matches("cmpxchg weak").count(), 2, "{ir}");
    // The wrap comparisons against the limit are in the loop.
    assert!(ir.contains("icmp"), "{ir}");
}

#[test]
fn builtin_variables_call_the_lowering_functions() {
    let ir = device_ir(
        "__global__ void k(unsigned *o) {
           o[0] = threadIdx.x; o[1] = threadIdx.y; o[2] = threadIdx.z;
           o[3] = blockIdx.x; o[4] = blockIdx.y; o[5] = blockIdx.z;
           o[6] = blockDim.x; o[7] = blockDim.y; o[8] = blockDim.z;
           o[9] = gridDim.x; o[10] = gridDim.y; o[11] = gridDim.z;
           o[12] = warpSize;
           dim3 b = blockDim; o[13] = b.x * b.y * b.z;
         }",
    );
    for f in [
        "workitem_id",
        "workgroup_id",
        "workgroup_size",
        "num_workgroups",
    ] {
        for d in ["x", "y", "z"] {
            let name = format!("__ferrocm_{f}_{d}");
            assert!(
                !call_lines(&ir, &name).is_empty(),
                "no call to {name}:\n{ir}"
            );
        }
    }
    // warpSize is a compile-time constant (__AMDGCN_WAVEFRONT_SIZE, 64 by default, as ROCm 6
    // declares it), and the size the code was built for travels in __ferrocm_wavefront_size.
    assert!(!ir.contains("@warpSize"), "{ir}");
    assert!(ir.contains("@__ferrocm_wavefront_size"), "{ir}");
    assert!(
        ir.contains("store i32 64,"),
        "o[12] = warpSize stores the constant 64:\n{ir}"
    );
    // The objects are only syntax: no global named threadIdx is referenced or defined.
    assert!(!ir.contains("threadIdx"), "{ir}");
}

#[test]
fn syncthreads_is_one_barrier_call() {
    let ir = device_ir(
        "__global__ void k(float *x) {
           __shared__ float s[32];
           s[threadIdx.x] = x[threadIdx.x];
           __syncthreads();
           x[threadIdx.x] = s[31 - threadIdx.x];
         }",
    );
    assert_eq!(call_lines(&ir, "__ferrocm_barrier").len(), 1, "{ir}");
    assert!(
        ir.contains("declare") && ir.contains("@__ferrocm_barrier()"),
        "{ir}"
    );
}

#[test]
fn sqrtf_becomes_the_intrinsic() {
    let ir = device_ir("__global__ void k(float *x) { x[0] = sqrtf(x[1]) + sqrt(x[2]); }");
    assert!(
        ir.contains("@llvm.sqrt.f32") || ir.contains("@sqrtf"),
        "{ir}"
    );
    let ir = device_ir("__global__ void k(double *x) { x[0] = sqrt(x[1]); }");
    assert!(ir.contains("@llvm.sqrt.f64"), "{ir}");
}

#[test]
fn printf_arguments_are_promoted() {
    let ir = device_ir(
        "__global__ void k(char c, short s, float f, long l, unsigned char u, const char *str) {
           printf(\"%c %hd %f %ld %u %s\\n\", c, s, f, l, u, str);
         }",
    );
    let calls = call_lines(&ir, "printf");
    assert_eq!(calls.len(), 1, "{ir}");
    assert_eq!(
        call_arg_types(calls[0], "printf"),
        [
            "ptr addrspace(4)",
            "i32",
            "i32",
            "double",
            "i64",
            "i32",
            "ptr addrspace(4)"
        ],
        "{}",
        calls[0]
    );
}

#[test]
fn failing_assert_calls_assert_fail_with_location() {
    let src = "__global__ void k(int *x) {\n  assert(x[0] == 42);\n}\n";
    let ir = device_ir(src);
    let calls = call_lines(&ir, "__ferrocm_assert_fail");
    assert_eq!(calls.len(), 1, "{ir}");
    assert!(
        calls[0].contains("i32 noundef 2"),
        "line number 2 expected: {}",
        calls[0]
    );
    // The expression text and the function name are in the module's strings.
    assert!(ir.contains("x[0] == 42"), "{ir}");
    assert!(ir.contains("__func__"), "{ir}");
    // NDEBUG removes it.
    let ir = clang(src, &["-DNDEBUG"]).expect("compiles");
    assert!(call_lines(&ir, "__ferrocm_assert_fail").is_empty(), "{ir}");
}

#[test]
fn trap_and_abort_call_the_trap_function() {
    let ir = device_ir(
        "__global__ void k(int *x) { if (x[0] == 1) __trap(); if (x[0] == 2) abort(); x[1] = 0; }",
    );
    assert!(!call_lines(&ir, "__ferrocm_trap").is_empty(), "{ir}");
}

#[test]
fn undeclared_function_is_a_compile_error() {
    let err = clang(
        "__global__ void k(float *x) { x[0] = no_such_function(x[1]); }",
        &[],
    )
    .expect_err("must not compile");
    assert!(err.contains("no_such_function"), "{err}");
    assert!(err.contains("error:"), "{err}");
    assert!(
        err.contains("<stdin>:1:"),
        "diagnostic names file:line: {err}"
    );
}

#[test]
fn launch_bounds_are_recorded() {
    let ir = device_ir(
        "__global__ void __launch_bounds__(128) k(float *x) { x[threadIdx.x] = 0; }
         __global__ void __launch_bounds__(256, 2) j(float *x) { x[threadIdx.x] = 1; }",
    );
    assert!(ir.contains("ferrocm.launch_bounds"), "{ir}");
    assert!(ir.contains("i32 128"), "{ir}");
    assert!(ir.contains("i32 256, i32 2"), "{ir}");
}

/// Every math function and intrinsic the headers offer, called once; all of them must inline
/// (the kernel is the only function left defined) and compile without warnings at -O0 too.
const MATH_SOURCE: &str = r#"
__global__ void k(float *f, double *d, int *i, unsigned *u, long long *ll,
                  unsigned long long *ull, long *l) {
  float x = f[0], y = f[1], z = f[2]; double a = d[0], b = d[1], c = d[2]; int n = i[0];
  float fs = 0, fc = 0; double ds = 0, dc = 0; float fi = 0; double di = 0; int e = 0;
  f[3] = sqrtf(x) + rsqrtf(x) + cbrtf(x) + expf(x) + exp2f(x) + exp10f(x) + expm1f(x)
       + logf(x) + log2f(x) + log10f(x) + log1pf(x) + sinf(x) + cosf(x) + tanf(x) + asinf(x)
       + acosf(x) + atanf(x) + atan2f(x, y) + sinhf(x) + coshf(x) + tanhf(x) + asinhf(x)
       + acoshf(x) + atanhf(x) + powf(x, y) + powif(x, n) + fabsf(x) + fminf(x, y)
       + fmaxf(x, y) + fmaf(x, y, z) + floorf(x) + ceilf(x) + truncf(x) + roundf(x)
       + rintf(x) + nearbyintf(x) + fmodf(x, y) + remainderf(x, y) + copysignf(x, y)
       + hypotf(x, y) + erff(x) + erfcf(x) + lgammaf(x) + tgammaf(x) + ldexpf(x, n)
       + frexpf(x, &e) + modff(x, &fi) + sinpif(x) + cospif(x) + (float)lroundf(x);
  f[4] = sqrt(x) + rsqrt(x) + sin(x) + cos(x) + pow(x, y) + pow(x, n) + fabs(x) + fma(x, y, z)
       + fmin(x, y) + fmax(x, y) + floor(x) + exp(x) + log(x) + atan2(x, y) + min(x, y)
       + max(x, y) + ldexp(x, n) + frexp(x, &e) + modf(x, &fi);
  d[3] = sqrt(a) + rsqrt(a) + cbrt(a) + exp(a) + exp2(a) + exp10(a) + expm1(a) + log(a)
       + log2(a) + log10(a) + log1p(a) + sin(a) + cos(a) + tan(a) + asin(a) + acos(a)
       + atan(a) + atan2(a, b) + sinh(a) + cosh(a) + tanh(a) + asinh(a) + acosh(a)
       + atanh(a) + pow(a, b) + powi(a, n) + pow(a, n) + fabs(a) + fmin(a, b) + fmax(a, b)
       + fma(a, b, c) + floor(a) + ceil(a) + trunc(a) + round(a) + rint(a) + nearbyint(a)
       + fmod(a, b) + remainder(a, b) + copysign(a, b) + hypot(a, b) + erf(a) + erfc(a)
       + lgamma(a) + tgamma(a) + ldexp(a, n) + frexp(a, &e) + modf(a, &di) + sinpi(a)
       + cospi(a) + (double)lround(a) + min(a, b) + max(a, b);
  sincosf(x, &fs, &fc); sincos(a, &ds, &dc); f[5] = fs + fc; d[4] = ds + dc;
  i[1] = isnan(x) + isinf(a) + isfinite(x) + signbit(a) + isnan(a) + isinf(x)
       + isfinite(a) + signbit(x);
  f[6] = __fdividef(x, y) + __expf(x) + __logf(x) + __sinf(x) + __cosf(x) + __powf(x, y)
       + __saturatef(x);
  i[2] = __popc(u[0]) + __popcll(ull[0]) + __clz(n) + __clzll(ll[0]) + __ffs(n)
       + __ffsll(ll[0]) + __mul24(n, i[3]) + __mulhi(n, i[3]);
  u[1] = __brev(u[0]) + __umul24(u[0], u[2]) + __umulhi(u[0], u[2]);
  ull[1] = __brevll(ull[0]) + __umul64hi(ull[0], ull[2]);
  ll[1] = __mul64hi(ll[0], ll[2]);
  i[4] = min(n, i[5]) + max(n, i[5]); u[3] = min(u[0], u[2]) + max(u[0], u[2]);
  ll[2] = min(ll[0], ll[3]) + max(ll[0], ll[3]); ull[3] = min(ull[0], ull[2]);
  l[0] = min(l[1], l[2]) + max(l[1], l[2]);
}
"#;

fn defined_functions(ir: &str) -> Vec<&str> {
    ir.lines().filter(|l| l.starts_with("define ")).collect()
}

#[test]
fn math_library_compiles_and_inlines() {
    for opt in ["-O3", "-O0"] {
        let ir = match clang(MATH_SOURCE, &[opt, "-Werror"]) {
            Ok(ir) => ir,
            Err(log) => panic!("math source at {opt}:\n{log}"),
        };
        let defs = defined_functions(&ir);
        assert_eq!(
            defs.len(),
            1,
            "only the kernel may remain at {opt}: {defs:#?}"
        );
        assert!(defs[0].contains("spir_kernel"), "{}", defs[0]);
        // Library functions are called by their C names (never defined here, so the native
        // code links them from libm instead of calling itself).
        assert!(
            ir.contains("@llvm.fma.f32") && ir.contains("@llvm.sqrt.f64"),
            "{ir}"
        );
    }
}

#[test]
fn vector_types_layout_and_operators() {
    let ir = device_ir(
        "static_assert(sizeof(float4) == 16 && alignof(float4) == 16, \"float4\");
         static_assert(sizeof(float2) == 8 && alignof(float2) == 8, \"float2\");
         static_assert(sizeof(float3) == 12 && alignof(float3) == 4, \"float3\");
         static_assert(sizeof(double2) == 16 && alignof(double2) == 16, \"double2\");
         static_assert(sizeof(double4) == 32 && alignof(double4) == 32, \"double4\");
         static_assert(sizeof(char4) == 4 && alignof(char4) == 4, \"char4\");
         static_assert(sizeof(uchar2) == 2 && sizeof(short2) == 4 && sizeof(ushort4) == 8, \"s\");
         static_assert(sizeof(int4) == 16 && sizeof(uint2) == 8 && sizeof(long2) == 16, \"i\");
         static_assert(sizeof(ulong1) == 8 && sizeof(longlong4) == 32, \"l\");
         static_assert(sizeof(ulonglong3) == 24 && sizeof(double1) == 8, \"ll\");
         static_assert(sizeof(dim3) == 12, \"dim3\");
         __global__ void k(float4 *v, int2 *w, double3 *d) {
           float4 a = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
           v[0] = v[1] * a + 2.0f - v[2] / 4.0f;
           v[3] += a; v[4] = -a;
           int2 b = make_int2(1, 2); w[0] = w[1] * b + 3;
           d[0] = make_double3(1.0, 2.0, 3.0) * d[1];
           dim3 g(4); dim3 h(2, 3);
           w[2].x = (int)(g.x + g.y + g.z + h.y + h.z);
           w[2].y = (v[0] == v[1]) ? 1 : 0;
         }",
    );
    assert!(ir.contains("fmul"), "{ir}");
}

#[test]
fn headers_parse_in_the_host_pass_and_as_plain_cpp() {
    let src = format!(
        "{MATH_SOURCE}\n__global__ void g(float *p) {{ atomicAdd(p, 1.0f); __syncthreads(); \
         printf(\"%d\", 1); assert(p); }}\nint main() {{ dim3 d(2); float4 v = \
         make_float4(1, 2, 3, 4) * 2.0f; assert(d.y == 1); printf(\"%f\", v.x); return 0; }}\n"
    );
    let host = Command::new("clang-19")
        .args([
            "-x",
            "hip",
            "--offload=spirv64",
            "--cuda-host-only",
            "-nogpuinc",
            "-nogpulib",
        ])
        .args(["-fsyntax-only", "-Werror", "-Wall"])
        .arg(format!("-I{}", include_dir().display()))
        .args(["-include", "hip/hip_runtime.h", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().expect("piped").write_all(src.as_bytes())?;
            c.wait_with_output()
        })
        .expect("clang-19 runs");
    assert!(
        host.status.success(),
        "host pass:\n{}",
        String::from_utf8_lossy(&host.stderr)
    );

    let cpp = "#include <hip/hip_runtime.h>\nint main() { dim3 d(2); float4 v = make_float4(1, \
               2, 3, 4) * 2.0f; assert(d.y == 1); return (int)v.x - 2; }\n";
    let plain = Command::new("clang++-19")
        .args(["-x", "c++", "-fsyntax-only", "-Werror", "-Wall"])
        .arg(format!("-I{}", include_dir().display()))
        .arg("-")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().expect("piped").write_all(cpp.as_bytes())?;
            c.wait_with_output()
        })
        .expect("clang++-19 runs");
    assert!(
        plain.status.success(),
        "plain C++:\n{}",
        String::from_utf8_lossy(&plain.stderr)
    );
}

#[test]
fn headers_can_be_included_twice() {
    let ir = device_ir(
        "#include <hip/hip_runtime.h>\n#include <hip/hip_runtime.h>\n\
         __global__ void k(int *x) { x[threadIdx.x] = 1; }",
    );
    assert_eq!(defined_functions(&ir).len(), 1, "{ir}");
}
