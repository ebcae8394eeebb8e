//! What a hipRTC program may use without including anything, as with ROCm's hipRTC: __half and
//! __half2 arithmetic, __hip_bfloat16 and hip_bfloat16, the 8-bit floats, hipDoubleComplex, the
//! math constants, the texture and surface enums, and the ROCm header pieces hip_runtime.h
//! brings (INT_MAX, memcpy, clock64, __ldg). The program is compiled by hipRTC, loaded with
//! hipModuleLoadData and run into poisoned buffers; results are checked against values computed
//! here.

use hip::{DeviceBuffer, Module};
use hiprtc::{HiprtcResult, Program};

const SOURCE: &str = r#"
extern "C" __global__ void builtins(float *f, double *d, int *n, const float *in) {
  if (threadIdx.x != 0) return;
  __half h = __float2half(in[0]);
  __half2 h2 = __floats2half2_rn(in[0], in[1]);
  h2 = __hadd2(h2, h2);
  f[0] = __half2float(h * h);
  f[1] = __low2float(h2) + __high2float(h2);
  __hip_bfloat16 b = __float2bfloat16(in[1]);
  f[2] = __bfloat162float(b);
  hip_bfloat16 old(in[2]);
  f[3] = (float)old;
  __hip_fp8_e4m3_fnuz e(in[0] * 3.0f);
  f[4] = e;
  f[5] = HIP_PI_F;
  hipDoubleComplex z = make_hipDoubleComplex(1.0, 2.0);
  hipDoubleComplex w = hipCmul(z, z);
  d[0] = hipCreal(w);
  d[1] = hipCimag(w);
  d[2] = HIP_SQRT_TWO;
  n[0] = hipAddressModeClamp + 10 * hipFilterModeLinear + 100 * hipReadModeNormalizedFloat +
         1000 * hipBoundaryModeTrap;
  n[1] = INT_MAX;
  int copy;
  memcpy(&copy, &n[1], sizeof copy);
  n[2] = copy == INT_MAX;
  n[3] = clock64() > 0;
  n[4] = (int)__ldg(in + 3);
}
"#;

fn poisoned<T: Copy>(len: usize) -> DeviceBuffer<T> {
    let b = DeviceBuffer::<T>::new(len).unwrap_or_else(|e| panic!("alloc failed: {e:?}"));
    b.fill_bytes(0xFF)
        .unwrap_or_else(|e| panic!("fill failed: {e:?}"));
    b
}

#[test]
fn rocm_builtins_are_available_without_includes() {
    let mut prog = Program::new(SOURCE, Some("builtins.hip"), &[]).expect("new program");
    if let Err(e) = prog.compile(&["-O2"]) {
        panic!("compile failed: {e:?}\n{}", prog.log());
    }
    let module = Module::load_data(&prog.code().expect("code")).expect("load code object");
    let kernel = module.function("builtins").expect("kernel");
    let (f, d, n) = (poisoned::<f32>(6), poisoned::<f64>(3), poisoned::<i32>(5));
    let input = DeviceBuffer::from_slice(&[1.5f32, -2.25, 0.1, 42.0]).expect("upload");
    kernel
        .launch(
            (1, 1, 1).into(),
            (32, 1, 1).into(),
            0,
            None,
            &[&f, &d, &n, &input],
        )
        .expect("launch");
    hip::device_synchronize().expect("synchronize");
    // 0.1 in bfloat16 (round to nearest even of the float's upper 16 bits): 0x3dcd.
    let bf01 = f32::from_bits(0x3dcd_0000);
    assert_eq!(
        f.to_vec().expect("read f"),
        [2.25, -1.5, -2.25, bf01, 4.5, std::f32::consts::PI]
    );
    assert_eq!(
        d.to_vec().expect("read d"),
        [-3.0, 4.0, std::f64::consts::SQRT_2]
    );
    assert_eq!(n.to_vec().expect("read n"), [1111, i32::MAX, 1, 1, 42]);
}

#[test]
fn user_headers_still_shadow_nothing_and_bad_code_still_fails() {
    // A program's own definitions of names the built-ins do not take (a struct named Half) keep
    // compiling; an undeclared name is still a compile error with the exact result code.
    let ok = "struct Half { float v; };\n\
              extern \"C\" __global__ void k(float *o) { Half h{2.0f}; o[0] = h.v; }";
    let mut prog = Program::new(ok, Some("own.hip"), &[]).expect("new");
    prog.compile(&[])
        .unwrap_or_else(|e| panic!("{e:?}\n{}", prog.log()));
    let bad = "extern \"C\" __global__ void k(float *o) { o[0] = not_declared_anywhere; }";
    let mut prog = Program::new(bad, Some("bad.hip"), &[]).expect("new");
    let err = prog.compile(&[]).expect_err("undeclared name");
    assert_eq!(err.result, HiprtcResult::ErrorCompilation);
    assert!(
        prog.log().contains("not_declared_anywhere"),
        "{}",
        prog.log()
    );
}
