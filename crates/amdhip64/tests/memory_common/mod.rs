//! Shared by the memory tests (pools, ranges, virtual memory, IPC): error checks, random
//! data, and a kernel compiled through hipRTC and launched with hipModuleLaunchKernel.

#![allow(dead_code)] // each test binary uses a part

use amdhip64::rtc::*;
use amdhip64::*;
use std::ffi::{c_void, CString};
use std::ptr::null_mut;

pub const SUCCESS: i32 = 0;
pub const INVALID_VALUE: i32 = 1;
pub const OUT_OF_MEMORY: i32 = 2;
pub const INVALID_DEVICE: i32 = 101;
pub const INVALID_HANDLE: i32 = 400;
pub const NOT_SUPPORTED: i32 = 801;

/// Properties of a pinned pool on device 0 with no size limit, for `handle_types`
/// (`MEM_HANDLE_TYPE_NONE` or `MEM_HANDLE_TYPE_POSIX_FD`).
pub fn pool_props(handle_types: i32) -> amdhip64::mempool::hipMemPoolProps {
    use amdhip64::mempool::*;
    hipMemPoolProps {
        allocType: MEM_ALLOCATION_TYPE_PINNED,
        handleTypes: handle_types,
        location: hipMemLocation {
            type_: MEM_LOCATION_TYPE_DEVICE,
            id: 0,
        },
        win32SecurityAttributes: null_mut(),
        maxSize: 0,
        reserved: [0; 56],
    }
}

/// `code` came back and is also this thread's last error (which is then reset).
pub fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {code}, wanted {want}");
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

/// A success, with nothing left as last error.
pub fn ok(code: i32) {
    assert_eq!(code, SUCCESS, "returned {code}");
}

/// A host function that holds its stream until the `AtomicBool` its user data points to is
/// set (`hipLaunchHostFunc(s, Some(wait_for_flag), flag_ptr(&FLAG))`).
///
/// # Safety
/// `flag` points to an `AtomicBool` that outlives the call.
pub unsafe extern "C" fn wait_for_flag(flag: *mut c_void) {
    // SAFETY: per the contract above.
    let flag = unsafe { &*flag.cast::<std::sync::atomic::AtomicBool>() };
    while !flag.load(std::sync::atomic::Ordering::Acquire) {
        std::thread::yield_now();
    }
}

/// `flag` as the user data of [`wait_for_flag`].
pub fn flag_ptr(flag: &'static std::sync::atomic::AtomicBool) -> *mut c_void {
    (flag as *const std::sync::atomic::AtomicBool)
        .cast_mut()
        .cast()
}

/// Deterministic pseudo-random floats in [-1, 1) (xorshift; the seed varies per call site).
pub fn random_floats(n: usize, seed: u64) -> Vec<f32> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

const AXPB: &str = r#"
#include <hip/hip_runtime.h>
extern "C" __global__ void axpb(const float* x, float* y, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
}
"#;

/// `y[i] = a * x[i] + b`, compiled once per test binary.
pub fn axpb_kernel() -> hipFunction_t {
    use std::sync::OnceLock;
    static F: OnceLock<usize> = OnceLock::new();
    *F.get_or_init(|| {
        let src = CString::new(AXPB).unwrap();
        let name = CString::new("axpb.hip").unwrap();
        let mut prog = null_mut();
        let mut size = 0usize;
        // SAFETY: valid strings and out-pointers; the code buffer has the reported size.
        unsafe {
            assert_eq!(
                hiprtcCreateProgram(
                    &mut prog,
                    src.as_ptr(),
                    name.as_ptr(),
                    0,
                    null_mut(),
                    null_mut()
                ) as i32,
                0
            );
            assert_eq!(
                hiprtcCompileProgram(prog, 0, null_mut()) as i32,
                0,
                "compile"
            );
            assert_eq!(hiprtcGetCodeSize(prog, &mut size) as i32, 0);
            let mut code = vec![0u8; size];
            assert_eq!(hiprtcGetCode(prog, code.as_mut_ptr().cast()) as i32, 0);
            let mut m = null_mut();
            ok(hipModuleLoadData(&mut m, code.as_ptr().cast()));
            let mut f = null_mut();
            let kname = CString::new("axpb").unwrap();
            ok(hipModuleGetFunction(&mut f, m, kname.as_ptr()));
            f as usize
        }
    }) as hipFunction_t
}

/// Queues `y = a * x + b` over `n` floats on `stream`.
///
/// # Safety
/// `x` and `y` are device memory holding `n` floats.
pub unsafe fn axpb(x: *const c_void, y: *mut c_void, a: f32, b: f32, n: i32, stream: hipStream_t) {
    let f = axpb_kernel();
    let (mut x, mut y, mut a, mut b, mut n2) = (x, y, a, b, n);
    let mut params: [*mut c_void; 5] = [
        (&mut x as *mut *const c_void).cast(),
        (&mut y as *mut *mut c_void).cast(),
        (&mut a as *mut f32).cast(),
        (&mut b as *mut f32).cast(),
        (&mut n2 as *mut i32).cast(),
    ];
    let blocks = (n as u32).div_ceil(64);
    // SAFETY: parameters match the kernel's signature.
    ok(unsafe {
        hipModuleLaunchKernel(
            f,
            blocks,
            1,
            1,
            64,
            1,
            1,
            0,
            stream,
            params.as_mut_ptr(),
            null_mut(),
        )
    });
}

/// Held for the whole of each test in a binary that checks freed pointers are refused: the
/// tests run on parallel threads, and another test's allocation could otherwise take the
/// freed address between the free and the check.
pub fn alone() -> std::sync::MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}
