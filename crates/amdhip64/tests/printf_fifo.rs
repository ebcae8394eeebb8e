//! The printf FIFO limit (`hipLimitPrintfFifoSize`) bounds each launch of code built with
//! `-mprintf-kind=buffered`, as AMD's printf buffer does: printf returns 0 while its record fits
//! and -1 (printing nothing) once the launch's FIFO is full; the next launch starts empty. The
//! default hostcall printf returns the bytes printed and is unbounded. A test binary of its own:
//! the limit is process-wide.

use amdhip64::*;
use std::ffi::c_void;
use std::ptr::null_mut;

const LIMIT_PRINTF_FIFO_SIZE: u32 = 1;

const KERNEL: &str = r#"extern "C" __global__ void say(int *ret, int n) {
    for (int i = 0; i < n; ++i) ret[i] = printf("fifo %d\n", i);
}"#;

#[track_caller]
fn ok(code: i32) {
    assert_eq!(code, 0, "returned {code}");
}

/// Launches `say` over `n` printfs; gives what each returned.
fn launch(f: hipFunction_t, n: usize) -> Vec<i32> {
    let mut out = vec![0x5a5a_5a5ai32; n];
    // SAFETY: out-pointers are locals; the copies stay inside the allocation; params point to
    // the kernel's arguments.
    unsafe {
        let mut d = null_mut();
        ok(hipMalloc(&mut d, n * 4));
        ok(hipMemset(d, 0x5a, n * 4));
        let (mut dp, mut nn) = (d, n as i32);
        let mut p: [*mut c_void; 2] = [
            (&mut dp as *mut *mut c_void).cast(),
            (&mut nn as *mut i32).cast(),
        ];
        ok(hipModuleLaunchKernel(
            f,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            null_mut(),
            p.as_mut_ptr(),
            null_mut(),
        ));
        ok(hipMemcpy(out.as_mut_ptr().cast(), d, n * 4, 2));
        ok(hipFree(d));
    }
    out
}

fn kernel(args: &[&str]) -> hipFunction_t {
    let opts = comgr::CompileOptions {
        args: args.iter().map(|a| a.to_string()).collect(),
        headers: vec![],
    };
    let co = comgr::compile_hip(KERNEL, "fifo.hip", &opts).expect("compile the kernel");
    let bytes = co.to_bytes();
    let (mut m, mut f) = (null_mut(), null_mut());
    // SAFETY: out-pointers are locals; the image outlives the load (it is copied).
    unsafe {
        ok(hipModuleLoadData(&mut m, bytes.as_ptr().cast()));
        ok(hipModuleGetFunction(&mut f, m, c"say".as_ptr()));
    }
    f
}

#[test]
fn buffered_printf_fails_once_the_launch_fifo_is_full() {
    let mut fifo = 0usize;
    // SAFETY: out-pointer is a local.
    unsafe { ok(hipDeviceGetLimit(&mut fifo, LIMIT_PRINTF_FIFO_SIZE)) };
    assert_eq!(fifo, 4 << 20, "ROCm's 4 MiB printf buffer");

    let buffered = kernel(&["-mprintf-kind=buffered"]);
    let hostcall = kernel(&[]);
    // A record of "fifo %d\n" with one argument: 4 + 8 + 8 bytes; 10 fit in 200.
    ok(hipDeviceSetLimit(LIMIT_PRINTF_FIFO_SIZE, 200));
    for _ in 0..2 {
        let r = launch(buffered, 25);
        let want: Vec<i32> = (0..25).map(|i| if i < 10 { 0 } else { -1 }).collect();
        assert_eq!(r, want, "each launch starts with an empty FIFO");
    }
    // Hostcall printf: the bytes printed ("fifo 7\n" is 7), whatever the FIFO.
    let r = launch(hostcall, 25);
    let want: Vec<i32> = (0..25).map(|i| if i < 10 { 7 } else { 8 }).collect();
    assert_eq!(r, want);
    ok(hipDeviceSetLimit(LIMIT_PRINTF_FIFO_SIZE, fifo));
    assert!(launch(buffered, 25).iter().all(|&v| v == 0));
}
