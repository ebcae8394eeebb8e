//! When an asynchronous copy has run, as the host sees it: a copy with pageable host memory
//! has run when `hipMemcpyAsync` returns (ROCm stages it through the calling thread), except a
//! small upload, whose source is staged at the call while the copy stays queued; one between
//! device and pinned memory stays queued behind the stream's earlier work.

mod memory_common;

use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, Ordering};

const H2D: i32 = 1;
const D2H: i32 = 2;
const N: usize = 1 << 16;

unsafe extern "C" fn sleep_200ms(_: *mut c_void) {
    std::thread::sleep(std::time::Duration::from_millis(200));
}

static RELEASE: AtomicBool = AtomicBool::new(false);

#[test]
fn copies_with_pageable_memory_have_run_when_the_call_returns() {
    let host = random_floats(N, 0x5eed_0010);
    // SAFETY: every pointer is a live allocation or Vec of N floats.
    unsafe {
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        let mut d = null_mut();
        ok(hipMalloc(&mut d, N * 4));
        // Into device memory from a pageable source the program changes right after the
        // call: the device holds what the source held at the call.
        let mut src = host.clone();
        ok(hipLaunchHostFunc(s, Some(sleep_200ms), null_mut()));
        ok(hipMemcpyAsync(d, src.as_ptr().cast(), N * 4, H2D, s));
        src.fill(0.0);
        // Into pageable memory behind slow work: read without synchronizing.
        let mut out = vec![f32::NAN; N];
        ok(hipLaunchHostFunc(s, Some(sleep_200ms), null_mut()));
        ok(hipMemcpyAsync(out.as_mut_ptr().cast(), d, N * 4, D2H, s));
        assert_eq!(out, host);
        // The directed form too.
        let mut out2 = vec![f32::NAN; N];
        ok(hipLaunchHostFunc(s, Some(sleep_200ms), null_mut()));
        ok(hipMemcpyDtoHAsync(out2.as_mut_ptr().cast(), d, N * 4, s));
        assert_eq!(out2, host);
        ok(hipStreamSynchronize(s));
        ok(hipStreamDestroy(s));
        ok(hipFree(d));
    }
}

static HOLD: AtomicBool = AtomicBool::new(false);

#[test]
fn small_pageable_uploads_are_staged_and_stay_queued() {
    const SMALL: usize = 1024;
    let host = random_floats(SMALL, 0x5eed_0012);
    // SAFETY: every pointer is a live allocation or Vec of SMALL floats; the host function
    // is released before the stream is synchronized.
    unsafe {
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        let mut d = null_mut();
        ok(hipMalloc(&mut d, SMALL * 4));
        ok(hipLaunchHostFunc(s, Some(wait_for_flag), flag_ptr(&HOLD)));
        let mut src = host.clone();
        ok(hipMemcpyAsync(d, src.as_ptr().cast(), SMALL * 4, H2D, s));
        // Returned with the stream still held, and the source may change at once.
        expect(hipStreamQuery(s), 600);
        src.fill(0.0);
        HOLD.store(true, Ordering::Release);
        ok(hipStreamSynchronize(s));
        let mut out = vec![f32::NAN; SMALL];
        ok(hipMemcpy(out.as_mut_ptr().cast(), d, SMALL * 4, D2H));
        assert_eq!(out, host);
        ok(hipStreamDestroy(s));
        ok(hipFree(d));
    }
}

#[test]
fn copies_with_pinned_memory_stay_queued() {
    let host = random_floats(N, 0x5eed_0011);
    // SAFETY: every pointer is a live allocation of N floats; the host function is released
    // before the stream is synchronized.
    unsafe {
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        let (mut d, mut pinned) = (null_mut(), null_mut());
        ok(hipMalloc(&mut d, N * 4));
        ok(hipHostMalloc(&mut pinned, N * 4, 0));
        ok(hipMemcpy(d, host.as_ptr().cast(), N * 4, H2D));
        let out = std::slice::from_raw_parts_mut(pinned.cast::<f32>(), N);
        out.fill(f32::NAN);
        ok(hipLaunchHostFunc(
            s,
            Some(wait_for_flag),
            flag_ptr(&RELEASE),
        ));
        ok(hipMemcpyAsync(pinned, d, N * 4, D2H, s));
        // The stream is still held by the host function: nothing was copied yet.
        assert!(out.iter().all(|v| v.is_nan()));
        RELEASE.store(true, Ordering::Release);
        ok(hipStreamSynchronize(s));
        assert_eq!(out, &host[..]);
        ok(hipStreamDestroy(s));
        ok(hipHostFree(pinned));
        ok(hipFree(d));
    }
}

/// A pitch over the device's maximum (`hipDeviceAttributeMaxPitch`; for 3-D copies, the maximum
/// itself too) is an invalid value before any row is copied: the rows after the first would lie gigabytes past a host buffer.
#[test]
fn pitches_over_the_device_maximum_are_refused() {
    use amdhip64::abi::{hipExtent, hipMemcpy3DParms, hipPitchedPtr, hipPos};
    use amdhip64::memory::hip_Memcpy2D;
    const W: usize = 128;
    let mut max = 0i32;
    // SAFETY: valid out-pointer.
    ok(unsafe { hipDeviceGetAttribute(&mut max, 58, 0) });
    let over = max as usize + 1;
    let mut host = vec![0u8; W * W];
    let h: *mut c_void = host.as_mut_ptr().cast();
    // SAFETY: a device buffer of W×W bytes and a host one; every call is refused before it
    // touches a row past the first.
    unsafe {
        let mut d = null_mut();
        ok(hipMalloc(&mut d, W * W));
        expect(hipMemcpy2D(d, W, h, over, W, W, H2D), INVALID_VALUE);
        expect(hipMemcpy2D(h, over, d, W, W, W, D2H), INVALID_VALUE);
        expect(
            hipMemcpy2DAsync(d, W, h, over, W, W, H2D, null_mut()),
            INVALID_VALUE,
        );
        let p = hip_Memcpy2D {
            srcXInBytes: 0,
            srcY: 0,
            srcMemoryType: 1, // hipMemoryTypeHost
            srcHost: h,
            srcDevice: null_mut(),
            srcArray: null_mut(),
            srcPitch: W,
            dstXInBytes: 0,
            dstY: 0,
            dstMemoryType: 2, // hipMemoryTypeDevice
            dstHost: null_mut(),
            dstDevice: d,
            dstArray: null_mut(),
            dstPitch: over,
            WidthInBytes: W,
            Height: W,
        };
        expect(hipMemcpyParam2D(&p), INVALID_VALUE);
        let pitched = |ptr: *mut c_void, pitch: usize| hipPitchedPtr {
            ptr,
            pitch,
            xsize: W,
            ysize: W,
        };
        let zero = hipPos { x: 0, y: 0, z: 0 };
        let p3 = hipMemcpy3DParms {
            srcArray: null_mut(),
            srcPos: zero,
            srcPtr: pitched(h, over),
            dstArray: null_mut(),
            dstPos: zero,
            dstPtr: pitched(d, W),
            extent: hipExtent {
                width: W,
                height: W,
                depth: 1,
            },
            kind: H2D,
        };
        expect(hipMemcpy3D(&p3), INVALID_VALUE);
        // 3-D copies refuse the maximum itself, as ROCm's do.
        let mut at_max = p3;
        at_max.srcPtr.pitch = max as usize;
        expect(hipMemcpy3D(&at_max), INVALID_VALUE);
        expect(hipMemcpy3DAsync(&at_max, null_mut()), INVALID_VALUE);
        // A copy with nothing to copy is no error, whatever its pitches.
        ok(hipMemcpy2D(d, W, h, over, 0, W, H2D));
        // The maximum itself is a valid pitch (one row read).
        ok(hipMemcpy2D(d, W, h, max as usize, W, 1, H2D));
        ok(hipFree(d));
    }
}
