//! What hiprtcGetCode and hiprtcLinkComplete give is what the HIP runtime loads: compiled through
//! the C ABI, loaded with hip's `Module::load_data` (hipModuleLoadData), found by its lowered name,
//! launched, and its results checked.

use hip::{DeviceBuffer, Dim3, Module};
use hiprtc::HiprtcResult as R;
use hiprtc_capi::*;
use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};

const SRC: &CStr = c"#include \"factor.h\"\n\
template <typename T> __global__ void scale(T *x, int n) {\n\
  int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
  if (i < n) x[i] *= (T)FACTOR;\n\
}\n";

#[test]
fn compiled_code_loads_and_runs_under_its_lowered_name() {
    let headers = [c"#define FACTOR 3\n".as_ptr()];
    let names = [c"factor.h".as_ptr()];
    let mut prog: hiprtcProgram = null_mut();
    let mut lowered: *const c_char = null();
    let mut size = 0usize;
    // SAFETY: valid strings, arrays of the claimed lengths, valid out-pointers.
    let code = unsafe {
        let r = hiprtcCreateProgram(
            &mut prog,
            SRC.as_ptr(),
            c"scale.hip".as_ptr(),
            1,
            headers.as_ptr(),
            names.as_ptr(),
        );
        assert_eq!(r, R::Success);
        assert_eq!(
            hiprtcAddNameExpression(prog, c"scale<int>".as_ptr()),
            R::Success
        );
        assert_eq!(hiprtcCompileProgram(prog, 0, null()), R::Success);
        assert_eq!(
            hiprtcGetLoweredName(prog, c"scale<int>".as_ptr(), &mut lowered),
            R::Success
        );
        assert_eq!(hiprtcGetCodeSize(prog, &mut size), R::Success);
        let mut code = vec![0u8; size];
        assert_eq!(hiprtcGetCode(prog, code.as_mut_ptr().cast()), R::Success);
        code
    };
    // SAFETY: the lowered name lives until the program is destroyed, below.
    let name = unsafe { CStr::from_ptr(lowered) }
        .to_str()
        .expect("ascii")
        .to_string();
    // SAFETY: a valid pointer to a live handle.
    assert_eq!(unsafe { hiprtcDestroyProgram(&mut prog) }, R::Success);

    let module = Module::load_data(&code).expect("hipModuleLoadData accepts hipRTC code");
    let scale = module
        .function(&name)
        .expect("kernel found by its lowered name");
    let n = 100i32;
    let x = DeviceBuffer::from_slice(&(0..n).collect::<Vec<i32>>()).expect("buffer");
    scale
        .launch(Dim3::new(2, 1, 1), Dim3::new(64, 1, 1), 0, None, &[&x, &n])
        .expect("launch");
    hip::device_synchronize().expect("sync");
    let want: Vec<i32> = (0..n).map(|v| v * 3).collect();
    assert_eq!(x.to_vec().expect("read back"), want);
}

/// Bitcode of `src` compiled with -fgpu-rdc.
fn rdc_bitcode(src: &CStr) -> Vec<u8> {
    let mut prog: hiprtcProgram = null_mut();
    let opts = [c"-fgpu-rdc".as_ptr()];
    let mut size = 0usize;
    // SAFETY: valid strings and out-pointers; one option.
    unsafe {
        let r = hiprtcCreateProgram(&mut prog, src.as_ptr(), null(), 0, null(), null());
        assert_eq!(r, R::Success);
        assert_eq!(hiprtcCompileProgram(prog, 1, opts.as_ptr()), R::Success);
        assert_eq!(hiprtcGetBitcodeSize(prog, &mut size), R::Success);
        let mut bc = vec![0u8; size];
        assert_eq!(hiprtcGetBitcode(prog, bc.as_mut_ptr().cast()), R::Success);
        assert_eq!(hiprtcDestroyProgram(&mut prog), R::Success);
        bc
    }
}

#[test]
fn linked_code_loads_and_runs() {
    let lib = rdc_bitcode(c"__device__ int add(int a, int b) { return a + b; }\n");
    let main = rdc_bitcode(
        c"extern __device__ int add(int, int);\n\
          extern \"C\" __global__ void add7(int *x) { x[threadIdx.x] = add(x[threadIdx.x], 7); }\n",
    );
    let mut state: hiprtcLinkState = null_mut();
    let mut bin: *mut c_void = null_mut();
    let mut size = 0usize;
    // SAFETY: live link state; inputs point at their own lengths; valid out-pointers.
    let image = unsafe {
        assert_eq!(
            hiprtcLinkCreate(0, null_mut(), null_mut(), &mut state),
            R::Success
        );
        for (bc, name) in [(&main, c"main"), (&lib, c"lib")] {
            let r = hiprtcLinkAddData(
                state,
                jit_input::LLVM_BITCODE,
                bc.as_ptr() as *mut c_void,
                bc.len(),
                name.as_ptr(),
                0,
                null_mut(),
                null_mut(),
            );
            assert_eq!(r, R::Success);
        }
        assert_eq!(hiprtcLinkComplete(state, &mut bin, &mut size), R::Success);
        std::slice::from_raw_parts(bin.cast::<u8>(), size).to_vec()
    };
    assert_eq!(hiprtcLinkDestroy(state), R::Success);
    let module = Module::load_data(&image).expect("linked code loads");
    let add7 = module.function("add7").expect("kernel");
    let x = DeviceBuffer::from_slice(&[1i32, 2, 3, 4]).expect("buffer");
    add7.launch(Dim3::new(1, 1, 1), Dim3::new(4, 1, 1), 0, None, &[&x])
        .expect("launch");
    hip::device_synchronize().expect("sync");
    assert_eq!(x.to_vec().expect("read back"), [8, 9, 10, 11]);
}
