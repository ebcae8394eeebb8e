//! The per-thread default stream (`hipStreamPerThread`) and the `*_spt` entry points through
//! the C ABI: one stream per host thread, capturable, ordered with the legacy null stream but
//! not with other threads' default streams, and stream `0` read as it by the `_spt` calls.

mod common;

use amdhip64::graph::*;
use amdhip64::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Barrier, Mutex, MutexGuard};
use std::time::{Duration, Instant};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_HANDLE: i32 = 400;
const CAPTURE_GLOBAL: i32 = 0;
const CAPTURE_THREAD_LOCAL: i32 = 1;
const H2D: i32 = 1;
const D2H: i32 = 2;

fn per_thread() -> hipStream_t {
    stream::STREAM_PER_THREAD as hipStream_t
}

/// Capture state is process-wide: one test at a time.
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

fn ok(code: i32) {
    expect(code, SUCCESS);
}

fn device_alloc(bytes: usize) -> *mut c_void {
    let mut p = null_mut();
    // SAFETY: writable out-pointer.
    ok(unsafe { hipMalloc(&mut p, bytes) });
    p
}

fn nodes(g: hipGraph_t) -> usize {
    let mut n = 0usize;
    // SAFETY: a null node array asks for the count only.
    ok(unsafe { hipGraphGetNodes(g, null_mut(), &mut n) });
    n
}

/// A pseudo-random vector (xorshift) for copy checks.
fn random_bytes(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

#[test]
fn per_thread_stream_is_capturable_and_replays() {
    let _g = serial();
    let n = 4096;
    let d = device_alloc(n);
    let mut host = vec![0xAAu8; n];
    // SAFETY: d holds n bytes, host n bytes.
    unsafe {
        ok(hipMemcpy(d, host.as_ptr().cast(), n, H2D));
        ok(hipStreamBeginCapture(per_thread(), CAPTURE_THREAD_LOCAL));
        let mut status = -1;
        ok(hipStreamIsCapturing(per_thread(), &mut status));
        assert_eq!(status, 1, "hipStreamCaptureStatusActive");
        // Stream 0 through an _spt call is the same, capturing, stream.
        ok(stream::hipMemsetAsync_spt(d, 0x5A, n, null_mut()));
        let mut g: hipGraph_t = null_mut();
        ok(stream::hipStreamEndCapture_spt(null_mut(), &mut g));
        assert_eq!(nodes(g), 1);
        // Captured, not run.
        ok(hipMemcpy(host.as_mut_ptr().cast(), d, n, D2H));
        assert!(host.iter().all(|&b| b == 0xAA));
        let mut exec: hipGraphExec_t = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(stream::hipGraphLaunch_spt(exec, null_mut()));
        ok(stream::hipStreamSynchronize_spt(null_mut()));
        ok(hipMemcpy(host.as_mut_ptr().cast(), d, n, D2H));
        assert!(host.iter().all(|&b| b == 0x5A));
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipFree(d));
    }
}

#[test]
fn each_thread_captures_its_own_default_stream() {
    let _g = serial();
    let barrier = Arc::new(Barrier::new(2));
    let workers: Vec<_> = (0..2)
        .map(|i| {
            let barrier = barrier.clone();
            std::thread::spawn(move || capture_on_this_thread(i, &barrier))
        })
        .collect();
    for w in workers {
        assert_eq!(w.join().expect("worker"), 1);
    }
}

/// Both threads are capturing their default streams at once (global mode): two streams.
/// Allocation and release happen while neither captures (a global capture forbids them).
fn capture_on_this_thread(i: usize, barrier: &Barrier) -> usize {
    let d = device_alloc(64);
    barrier.wait();
    // SAFETY: d holds 64 bytes.
    unsafe {
        ok(hipStreamBeginCapture(per_thread(), CAPTURE_GLOBAL));
        barrier.wait();
        ok(hipMemsetAsync(d, i as i32, 64, per_thread()));
        let mut id = 0u64;
        let mut status = -1;
        ok(hipStreamGetCaptureInfo(per_thread(), &mut status, &mut id));
        assert_eq!(status, 1);
        barrier.wait();
        let mut g: hipGraph_t = null_mut();
        ok(hipStreamEndCapture(per_thread(), &mut g));
        let n = nodes(g);
        ok(hipGraphDestroy(g));
        barrier.wait();
        ok(hipFree(d));
        n
    }
}

static GATE_OPEN: AtomicBool = AtomicBool::new(false);
static GATE_TIMED_OUT: AtomicBool = AtomicBool::new(false);

/// Holds its stream until the gate opens (or 10 s pass, recorded as a failure).
unsafe extern "C" fn wait_for_gate(_: *mut c_void) {
    let start = Instant::now();
    while !GATE_OPEN.load(Ordering::SeqCst) {
        if start.elapsed() > Duration::from_secs(10) {
            GATE_TIMED_OUT.store(true, Ordering::SeqCst);
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn default_streams_of_two_threads_do_not_wait_for_each_other() {
    let _g = serial();
    GATE_OPEN.store(false, Ordering::SeqCst);
    GATE_TIMED_OUT.store(false, Ordering::SeqCst);
    // This thread's default stream is held by a host function until the other thread,
    // having synchronized its own default stream, opens the gate.
    ok(hipLaunchHostFunc(
        per_thread(),
        Some(wait_for_gate),
        null_mut(),
    ));
    let other = std::thread::spawn(|| {
        let n = 1 << 16;
        let d = device_alloc(n);
        let src = random_bytes(n, 7);
        let mut back = vec![0u8; n];
        // SAFETY: d holds n bytes; src and back n bytes each.
        unsafe {
            ok(hipMemcpyAsync(d, src.as_ptr().cast(), n, H2D, per_thread()));
            ok(hipMemcpyAsync(
                back.as_mut_ptr().cast(),
                d,
                n,
                D2H,
                per_thread(),
            ));
            ok(hipStreamSynchronize(per_thread()));
        }
        GATE_OPEN.store(true, Ordering::SeqCst);
        assert_eq!(back, src);
        // SAFETY: allocated above.
        ok(unsafe { hipFree(d) });
    });
    other.join().expect("other thread");
    ok(hipStreamSynchronize(per_thread()));
    assert!(!GATE_TIMED_OUT.load(Ordering::SeqCst), "streams serialized");
}

static ORDER: AtomicU32 = AtomicU32::new(0);
static SEEN_BY_NULL: AtomicU32 = AtomicU32::new(u32::MAX);

unsafe extern "C" fn slow_mark(_: *mut c_void) {
    std::thread::sleep(Duration::from_millis(50));
    ORDER.store(1, Ordering::SeqCst);
}

unsafe extern "C" fn read_mark(_: *mut c_void) {
    SEEN_BY_NULL.store(ORDER.load(Ordering::SeqCst), Ordering::SeqCst);
}

#[test]
fn legacy_null_stream_waits_for_the_per_thread_stream() {
    let _g = serial();
    ORDER.store(0, Ordering::SeqCst);
    ok(hipLaunchHostFunc(per_thread(), Some(slow_mark), null_mut()));
    ok(hipLaunchHostFunc(null_mut(), Some(read_mark), null_mut()));
    ok(hipStreamSynchronize(null_mut()));
    assert_eq!(SEEN_BY_NULL.load(Ordering::SeqCst), 1);
}

/// `hipStreamSynchronize(0)` with nothing queued on the null stream still waits for the
/// blocking streams' work, the per-thread stream's and a created stream's, as ROCm's does (a
/// kernel and a copy queued on `hipStreamPerThread` have run when it returns); a non-blocking
/// stream's work is not waited for.
#[test]
fn null_stream_synchronize_waits_for_blocking_streams_only() {
    let _g = serial();
    ORDER.store(0, Ordering::SeqCst);
    ok(hipLaunchHostFunc(per_thread(), Some(slow_mark), null_mut()));
    ok(hipStreamSynchronize(null_mut()));
    assert_eq!(ORDER.load(Ordering::SeqCst), 1, "per-thread stream");

    let mut blocking: hipStream_t = null_mut();
    let mut non_blocking: hipStream_t = null_mut();
    // SAFETY: writable out-pointers.
    unsafe {
        ok(hipStreamCreate(&mut blocking));
        ok(hipStreamCreateWithFlags(&mut non_blocking, 1));
    }
    ORDER.store(0, Ordering::SeqCst);
    ok(hipLaunchHostFunc(blocking, Some(slow_mark), null_mut()));
    ok(hipStreamSynchronize(stream::STREAM_LEGACY as hipStream_t));
    assert_eq!(ORDER.load(Ordering::SeqCst), 1, "created blocking stream");

    GATE_OPEN.store(false, Ordering::SeqCst);
    GATE_TIMED_OUT.store(false, Ordering::SeqCst);
    ok(hipLaunchHostFunc(
        non_blocking,
        Some(wait_for_gate),
        null_mut(),
    ));
    // Returns while the non-blocking stream is still held.
    ok(hipStreamSynchronize(null_mut()));
    GATE_OPEN.store(true, Ordering::SeqCst);
    ok(hipStreamSynchronize(non_blocking));
    assert!(
        !GATE_TIMED_OUT.load(Ordering::SeqCst),
        "the null stream waited for a non-blocking stream"
    );
    ok(hipStreamDestroy(blocking));
    ok(hipStreamDestroy(non_blocking));
}

#[test]
fn spt_copies_and_fills_use_the_per_thread_stream() {
    let _g = serial();
    let n = 10_000;
    let d = device_alloc(n);
    let src = random_bytes(n, 99);
    let mut back = vec![0xEEu8; n];
    // SAFETY: d holds n bytes, src and back n bytes.
    unsafe {
        ok(stream::hipMemcpy_spt(d, src.as_ptr().cast(), n, H2D));
        ok(stream::hipMemcpy_spt(back.as_mut_ptr().cast(), d, n, D2H));
        assert_eq!(back, src);
        ok(stream::hipMemset_spt(d, 3, n / 2));
        ok(stream::hipMemcpy_spt(back.as_mut_ptr().cast(), d, n, D2H));
        assert!(back[..n / 2].iter().all(|&b| b == 3));
        assert_eq!(back[n / 2..], src[n / 2..]);
        // Errors are the plain calls' own.
        expect(stream::hipMemcpy_spt(d, null_mut(), n, H2D), INVALID_VALUE);
        ok(hipFree(d));
    }
}

#[test]
fn per_thread_stream_queries_and_misuse() {
    let _g = serial();
    let mut flags = 7u32;
    let mut prio = 7i32;
    // SAFETY: writable out-pointers.
    unsafe {
        // Stream 0 is the per-thread stream for the _spt form, the legacy one otherwise.
        ok(stream::hipStreamGetFlags_spt(null_mut(), &mut flags));
        assert_eq!(flags, 0);
        expect(hipStreamGetFlags(null_mut(), &mut flags), INVALID_VALUE);
        ok(stream::hipStreamGetPriority_spt(null_mut(), &mut prio));
        assert_eq!(prio, 0);
    }
    ok(stream::hipStreamQuery_spt(null_mut()));
    expect(hipStreamDestroy(per_thread()), INVALID_HANDLE);
}

#[test]
fn a_thread_exit_releases_its_default_stream() {
    let _g = serial();
    for _ in 0..4 {
        std::thread::spawn(|| {
            let d = device_alloc(256);
            // SAFETY: d holds 256 bytes.
            unsafe {
                ok(hipMemsetAsync(d, 1, 256, per_thread()));
                ok(hipStreamSynchronize(per_thread()));
                ok(hipFree(d));
            }
        })
        .join()
        .expect("worker");
    }
    ok(hipDeviceSynchronize());
}

/// A HIP program built with `-fgpu-default-stream=per-thread`: its `<<<>>>` launch calls
/// `hipLaunchKernel_spt`, and the runtime calls it makes on stream 0 are the `_spt` forms, so it
/// captures stream 0 and replays the kernel on random inputs.
#[test]
fn hip_program_with_per_thread_default_stream() {
    let exe = common::hip_program("per_thread", &["-fgpu-default-stream=per-thread"]);
    let out = common::run(&mut std::process::Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}
