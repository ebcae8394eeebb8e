//! The legacy null stream's view of the other streams through the C ABI: querying it counts
//! every blocking stream's pending work (not the non-blocking streams'), as ROCm's does, and
//! `hipStreamWaitEvent` answers a stream that is not live with `hipErrorInvalidHandle`.

use amdhip64::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_HANDLE: i32 = 400;
const NOT_READY: i32 = 600;
const NON_BLOCKING: u32 = 1;

/// The null stream sees every stream of the process: one test at a time.
fn serial() -> MutexGuard<'static, ()> {
    static M: Mutex<()> = Mutex::new(());
    let g = M.lock().unwrap_or_else(|e| e.into_inner());
    hipGetLastError();
    g
}

#[track_caller]
fn expect(code: i32, want: i32) {
    assert_eq!(code, want);
    assert_eq!(hipGetLastError(), want, "last error");
}

#[track_caller]
fn ok(code: i32) {
    expect(code, SUCCESS);
}

/// Holds a stream busy until the `AtomicBool` its argument points to is set.
unsafe extern "C" fn wait_for_gate(gate: *mut c_void) {
    // SAFETY: the tests pass a pointer to a static AtomicBool.
    let gate = unsafe { &*(gate as *const AtomicBool) };
    while !gate.load(Ordering::Acquire) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

fn create(flags: u32) -> hipStream_t {
    let mut s = null_mut();
    // SAFETY: writable out-pointer.
    ok(unsafe { hipStreamCreateWithFlags(&mut s, flags) });
    s
}

/// Keeps `s` busy until `gate` is set.
fn hold(s: hipStream_t, gate: &'static AtomicBool) {
    gate.store(false, Ordering::Release);
    let arg = gate as *const AtomicBool as *mut c_void;
    ok(hipLaunchHostFunc(s, Some(wait_for_gate), arg));
}

#[test]
fn null_stream_query_counts_blocking_streams_only() {
    let _g = serial();
    static GATE: AtomicBool = AtomicBool::new(false);
    let per_thread = stream::STREAM_PER_THREAD as hipStream_t;
    let legacy = stream::STREAM_LEGACY as hipStream_t;
    let blocking = create(0);
    let non_blocking = create(NON_BLOCKING);
    ok(hipDeviceSynchronize());
    ok(hipStreamQuery(null_mut()));

    // Pending work on a blocking stream: the null stream (either name) is not ready; the
    // per-thread stream and the non-blocking stream are.
    hold(blocking, &GATE);
    expect(hipStreamQuery(blocking), NOT_READY);
    expect(hipStreamQuery(null_mut()), NOT_READY);
    expect(hipStreamQuery(legacy), NOT_READY);
    ok(hipStreamQuery(per_thread));
    ok(hipStreamQuery(non_blocking));
    GATE.store(true, Ordering::Release);
    ok(hipStreamSynchronize(null_mut()));
    ok(hipStreamQuery(blocking));
    ok(hipStreamQuery(null_mut()));

    // The per-thread stream is a blocking stream too.
    hold(per_thread, &GATE);
    expect(hipStreamQuery(null_mut()), NOT_READY);
    GATE.store(true, Ordering::Release);
    ok(hipStreamSynchronize(null_mut()));
    ok(hipStreamQuery(per_thread));

    // A non-blocking stream's work is its own.
    hold(non_blocking, &GATE);
    expect(hipStreamQuery(non_blocking), NOT_READY);
    ok(hipStreamQuery(null_mut()));
    GATE.store(true, Ordering::Release);
    ok(hipStreamSynchronize(non_blocking));

    ok(hipStreamDestroy(blocking));
    ok(hipStreamDestroy(non_blocking));
}

#[test]
fn stream_wait_event_on_a_stream_that_is_not_live() {
    let _g = serial();
    let mut ev = null_mut();
    // SAFETY: writable out-pointer.
    ok(unsafe { hipEventCreate(&mut ev) });
    expect(
        hipStreamWaitEvent(0xFFFF as hipStream_t, ev, 0),
        INVALID_HANDLE,
    );
    let s = create(0);
    ok(hipStreamDestroy(s));
    expect(hipStreamWaitEvent(s, ev, 0), INVALID_HANDLE);
    // The handles are checked before the flags, as in ROCm.
    expect(hipStreamWaitEvent(s, ev, 1), INVALID_HANDLE);
    expect(hipStreamWaitEvent(null_mut(), ev, 1), INVALID_VALUE);
    expect(
        hipStreamWaitEvent(null_mut(), null_mut(), 0),
        INVALID_HANDLE,
    );
    expect(
        hipStreamWaitEvent(null_mut(), null_mut(), 1),
        INVALID_HANDLE,
    );
    ok(hipStreamWaitEvent(null_mut(), ev, 0));
    ok(hipEventDestroy(ev));
}
