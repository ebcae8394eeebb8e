//! hipRTC programs through the real compiler (comgr, clang-19, the CPU lowering).

use hiprtc::{HiprtcResult, Program};
use kernel_abi::CodeObject;

#[test]
fn compiles_a_kernel_with_an_in_memory_header() {
    let src = "#include \"params.h\"\n\
               extern \"C\" __global__ void scale(float *x) {\n\
                 x[blockIdx.x * blockDim.x + threadIdx.x] *= FACTOR;\n\
               }\n";
    let mut prog = Program::new(
        src,
        Some("scale.hip"),
        &[("params.h", "#define FACTOR 3.0f\n")],
    )
    .expect("new");
    prog.compile(&["-O3", "--gpu-architecture=cpu"])
        .unwrap_or_else(|e| {
            panic!("compile failed: {e}\n{}", prog.log());
        });
    assert!(prog.is_compiled());
    let bytes = prog.code().expect("code after compile");
    let co = CodeObject::from_bytes(&bytes).expect("a serialized code object");
    assert!(
        co.meta.kernels.iter().any(|k| k.name == "scale"),
        "{:?}",
        co.meta.kernels
    );
    assert!(co.elf.starts_with(b"\x7fELF"));
}

#[test]
fn options_reach_the_compiler() {
    // The kernel only compiles when -D defines N; -U of an undefined macro is harmless.
    let src = "extern \"C\" __global__ void fill(int *x) { x[threadIdx.x] = N; }\n";
    let mut prog = Program::new(src, Some("fill.hip"), &[]).expect("new");
    let e = prog.compile(&[]).expect_err("N is undefined");
    assert_eq!(e.result, HiprtcResult::ErrorCompilation);
    prog.compile(&["-D", "N=7", "-UNOTHING", "-std=c++17", "-O1"])
        .unwrap_or_else(|e| {
            panic!("compile with -D failed: {e}\n{}", prog.log());
        });
    assert!(prog.code().is_ok());
}

#[test]
fn failure_is_error_compilation_with_a_log_naming_file_and_line() {
    let src = "extern \"C\" __global__ void k(float *x) {\n  x[0] = no_such_function(x[1]);\n}\n";
    let mut prog = Program::new(src, Some("broken.hip"), &[]).expect("new");
    let e = prog.compile(&[]).expect_err("must fail");
    assert_eq!(e.result, HiprtcResult::ErrorCompilation);
    let log = prog.log();
    assert!(log.contains("broken.hip:2:"), "log names file:line: {log}");
    assert!(log.contains("no_such_function"), "{log}");
    assert!(!prog.is_compiled());
    assert_eq!(
        prog.code().expect_err("no code").result,
        HiprtcResult::ErrorInvalidProgram
    );
}

#[test]
fn bad_option_is_error_invalid_option() {
    let mut prog = Program::new("__global__ void k() {}", None, &[]).expect("new");
    let e = prog.compile(&["--no-such-option"]).expect_err("bad option");
    assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
    assert!(e.message.contains("--no-such-option"), "{e}");
}

#[test]
fn architecture_the_compiler_does_not_target_is_error_invalid_option() {
    let mut prog = Program::new("__global__ void k() {}", None, &[]).expect("new");
    let e = prog
        .compile(&["--offload-arch=gfx_not_a_target"])
        .expect_err("unknown arch");
    assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
    assert!(e.message.contains("gfx_not_a_target"), "{e}");
}

#[test]
fn code_before_compile_is_an_error() {
    let prog = Program::new("__global__ void k() {}", None, &[]).expect("new");
    assert_eq!(
        prog.code().expect_err("not compiled").result,
        HiprtcResult::ErrorInvalidProgram
    );
}

#[test]
fn version_is_hip_6() {
    assert_eq!(hiprtc::version().0, 6);
}

/// hipRTC programs see ROCm's `__hip_internal` traits; `ptrdiff_t` is `long` unless the program
/// defines `__HIPRTC_PTRDIFF_T_IS_LONG_LONG__` as 1; warning options reach the compiler.
#[test]
fn ptrdiff_type_traits_and_warning_options() {
    let src = r#"
extern "C" __global__ void k(int *r) {
#if __HIPRTC_PTRDIFF_T_IS_LONG_LONG__
  static_assert(__hip_internal::is_same<ptrdiff_t, long long>::value, "long long");
  static_assert(__hip_internal::is_same<std::ptrdiff_t, long long>::value, "std");
#else
  static_assert(__hip_internal::is_same<ptrdiff_t, long>::value, "long");
#endif
  *r = 1;
}
"#;
    for opts in [
        &["-D__HIPRTC_PTRDIFF_T_IS_LONG_LONG__=1", "-Werror"][..],
        &["-D__HIPRTC_PTRDIFF_T_IS_LONG_LONG__=0", "-Wall"],
        &["-std=c++17", "-w"],
    ] {
        let mut p = Program::new(src, Some("ptrdiff.hip"), &[]).expect("program");
        p.compile(opts)
            .unwrap_or_else(|e| panic!("{opts:?}: {e}\n{}", p.log()));
    }
}

/// __half and __hip_bfloat16 share the comparison names: a call with neither argument a
/// bfloat16 is __half's, not ambiguous; hip_bfloat16 has ROCm's std::iszero and friends.
#[test]
fn half_and_bfloat16_overloads_resolve() {
    let src = r#"
extern "C" __global__ void k(float *r) {
  __half x = 2.2, y = 2.3;
  r[0] = __heq((x < y), 1);
  r[1] = __heq(__float2bfloat16(1.0f), __float2bfloat16(1.0f));
  r[2] = std::iszero((hip_bfloat16)(0 * 0)) && !std::isnan(hip_bfloat16(1.0f));
}
"#;
    let mut p = Program::new(src, Some("overloads.hip"), &[]).expect("program");
    p.compile(&["-O2"])
        .unwrap_or_else(|e| panic!("{e}\n{}", p.log()));
}
