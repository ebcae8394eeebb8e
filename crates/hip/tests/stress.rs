//! Multi-threaded stress tests of the HIP runtime on the CPU device.
//!
//! * `stress_many_threads_streams_copies_events_mallocs`: 8 host threads, each with its own
//!   stream, pairs of threads sharing a stream, thousands of launches, async copies, events and
//!   mallocs/frees, every result checked; afterwards the device's free memory and the process's
//!   thread count must be back where they started.
//! * `launches_from_many_threads_onto_one_stream_stay_ordered`
//! * `two_streams_run_concurrently`: a two-way handshake between kernels on two streams, with
//!   bounded spins so a runtime that serialises streams fails instead of hanging.
//!
//! The tests measure process-wide state (thread count, free memory), so they run one at a time
//! under [`SERIAL`].

use hip::{DeviceBuffer, Dim3, Event, Function, KernelArg, Module, Stream};
use std::ffi::c_void;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    // A failed test poisons the lock; the next test may still run.
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

const KERNELS: &str = r#"
#include <hip/hip_runtime.h>

// Moves *slot from `expect` to `expect + 1`; if the launches ran out of order the slot holds
// something else, and *err records it. The read-delay-write on *shared is deliberately not
// atomic: it only adds up if no two launches on the stream overlap.
extern "C" __global__ void step(int* slot, int expect, int* err, int* shared) {
    if (threadIdx.x != 0 || blockIdx.x != 0) {
        return;
    }
    if (*slot == expect) {
        *slot = expect + 1;
    } else {
        atomicOr(err, 1);
    }
    if (shared) {
        volatile int* s = shared;
        int v = *s;
        for (volatile int d = 0; d < 200; ++d) {
        }
        *s = v + 1;
    }
}

// Fills n ints with `value` (many work-items, so launches have real work-groups).
extern "C" __global__ void fill_int(int* p, int n, int value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i] = value;
    }
}

// Two-way handshake between kernels on different streams. state[0]: A started, state[1]: B's
// flag, state[2]/state[3]: whether A/B saw the other before their bound ran out.
extern "C" __global__ void handshake_a(int* state, long long bound) {
    volatile int* st = state;
    st[0] = 1;
    long long i = 0;
    while (st[1] == 0 && i < bound) {
        ++i;
    }
    st[2] = st[1] != 0 ? 1 : 0;
}

extern "C" __global__ void handshake_b(int* state, long long bound) {
    volatile int* st = state;
    long long i = 0;
    while (st[0] == 0 && i < bound) {
        ++i;
    }
    st[3] = st[0] != 0 ? 1 : 0;
    st[1] = 1;
}
"#;

/// The module is compiled once and shared by all tests (compiling is slow in debug builds).
fn module() -> &'static Module {
    static MODULE: OnceLock<Module> = OnceLock::new();
    MODULE.get_or_init(|| match Module::from_source(KERNELS, &["-O2"]) {
        Ok(m) => m,
        Err(e) => panic!("stress kernels failed to compile: {e:?}"),
    })
}

fn function(name: &str) -> Function {
    module()
        .function(name)
        .unwrap_or_else(|e| panic!("function {name}: {e:?}"))
}

/// A failed call's error with the runtime's explanation of it.
fn why(what: &str, e: hip::HipError) -> String {
    format!(
        "{what}: {e:?} ({})",
        hip::last_error_detail().unwrap_or_default()
    )
}

/// `expect` for HIP results, with the runtime's detail in the panic message.
trait OrFail<T> {
    fn or_fail(self, what: &str) -> T;
}

impl<T> OrFail<T> for hip::Result<T> {
    fn or_fail(self, what: &str) -> T {
        self.unwrap_or_else(|e| panic!("{}", why(what, e)))
    }
}

fn one() -> Dim3 {
    Dim3 { x: 1, y: 1, z: 1 }
}

/// The names libtest gives the threads that run this file's tests (Linux keeps 15 bytes).
const TEST_NAMES: [&str; 4] = [
    "thread_count_sees_new_threads",
    "stress_many_threads_streams_copies_events_mallocs",
    "launches_from_many_threads_onto_one_stream_stay_ordered",
    "two_streams_run_concurrently",
];

/// The process's threads (the tasks behind `/proc/self/status`'s `Threads:`), less the test
/// harness's own: those come and go as the other tests start and finish, whatever the runtime
/// does. A harness thread carries its test's name, except just after it starts, when it still
/// has the main thread's; so threads named like a test or like the main thread are left out
/// (the main thread itself is counted once). The runtime names its threads `ferrocm-*`, so
/// none of them is filtered.
fn thread_count() -> usize {
    let main_comm = std::fs::read_to_string("/proc/self/comm").expect("read /proc/self/comm");
    let tasks = std::fs::read_dir("/proc/self/task").expect("read /proc/self/task");
    let others = tasks
        .filter_map(|t| t.ok())
        .filter_map(|t| std::fs::read_to_string(t.path().join("comm")).ok())
        .filter(|comm| {
            let c = comm.trim_end();
            let harness = c.len() >= 15 && TEST_NAMES.iter().any(|n| n.starts_with(c));
            !harness && comm != &main_comm
        })
        .count();
    others + 1
}

#[test]
fn thread_count_sees_new_threads() {
    let _g = serial();
    let before = thread_count();
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let (started_tx, started) = std::sync::mpsc::channel::<()>();
    // Named: an unnamed thread inherits the test thread's name and would be filtered out. The
    // name is set once the thread runs, so wait for it to start before counting.
    let t = std::thread::Builder::new()
        .name("count-probe".into())
        .spawn(move || {
            let _ = started_tx.send(());
            let _ = rx.recv();
        })
        .expect("spawn");
    started.recv().expect("probe thread started");
    assert_eq!(thread_count(), before + 1);
    drop(tx);
    t.join().expect("join");
    assert_eq!(settle(before, Duration::from_secs(2), thread_count), before);
}

/// Waits (bounded) until `f` returns `want`; returns the last value seen.
fn settle<T: PartialEq + Copy>(want: T, timeout: Duration, mut f: impl FnMut() -> T) -> T {
    let t0 = Instant::now();
    loop {
        let v = f();
        if v == want || t0.elapsed() > timeout {
            return v;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Memory in use in the CPU agent's pools (device, kernarg, pinned host). The HIP runtime
/// allocates from the process-wide agent, so this is exact where `mem_get_info` is not: its free
/// figure is capped by the host's available memory, which other processes move.
fn pool_usage() -> [u64; 3] {
    use hsa::Agent as _;
    let agent = hsa::cpu_agent();
    [
        agent.global_pool().used(),
        agent.kernarg_pool().used(),
        agent.host_pool().used(),
    ]
}

/// `mem_get_info`'s free figure, and whether it was set by the device pool (rather than by the
/// host's available memory).
fn free_mem() -> (usize, bool) {
    use hsa::Agent as _;
    let (free, _) = hip::mem_get_info().or_fail("mem_get_info");
    let pool = hsa::cpu_agent().global_pool().clone();
    let pool_free = pool.capacity().saturating_sub(pool.used()) as usize;
    (free, free == pool_free)
}

/// Brings up the runtime (device, worker threads, module) so that baselines taken afterwards
/// only see what a test itself creates.
fn warm_up() {
    hip::set_device(0).or_fail("set_device(0)");
    let buf = DeviceBuffer::<i32>::new(64).or_fail("alloc");
    let n = 64i32;
    let args: [&dyn KernelArg; 3] = [&buf, &n, &5i32];
    function("fill_int")
        .launch(one(), Dim3 { x: 64, y: 1, z: 1 }, 0, None, &args)
        .or_fail("launch");
    hip::device_synchronize().or_fail("sync");
    assert_eq!(buf.to_vec().or_fail("to_vec"), vec![5; 64]);
}

const THREADS: usize = 8;
const ITERS: i32 = 2000;

/// One worker of the big stress test: returns a description of the first wrong result.
fn stress_worker(t: usize, shared_stream: &Stream, err: *mut c_void) -> Result<(), String> {
    let step = function("step");
    let fill = function("fill_int");
    let own = Stream::new().map_err(|e| why("stream", e))?;
    // slots[0] advances on the thread's own stream, slots[1] on the stream shared with its pair.
    let slots = DeviceBuffer::<i32>::from_slice(&[0, 0]).map_err(|e| why("alloc", e))?;
    let base = slots.as_ptr();
    let own_slot = base as *mut c_void;
    // SAFETY: `slots` holds two i32s; the second one's address stays inside the allocation.
    let shared_slot = unsafe { base.add(1) } as *mut c_void;
    let null = std::ptr::null_mut::<c_void>();
    // SAFETY: pinned host memory for async copies, freed below.
    let pinned = unsafe { hip::host_malloc(4 * std::mem::size_of::<i32>()) }
        .map_err(|e| why("host_malloc", e))? as *mut i32;
    let ev = Event::new().map_err(|e| why("event", e))?;
    let mut result = Ok(());
    for i in 0..ITERS {
        let a: [&dyn KernelArg; 4] = [&own_slot, &i, &err, &null];
        step.launch(one(), one(), 0, Some(&own), &a)
            .map_err(|e| why("launch", e))?;
        let b: [&dyn KernelArg; 4] = [&shared_slot, &i, &err, &null];
        step.launch(one(), one(), 0, Some(shared_stream), &b)
            .map_err(|e| why("launch shared", e))?;

        if i % 50 == 49 {
            // Event on the own stream, polled then waited; then an async copy of both slots.
            ev.record(&own).map_err(|e| why("record", e))?;
            for (what, r) in [("stream", own.query()), ("event", ev.query())] {
                match r {
                    Ok(()) | Err(hip::HipError::NotReady) => {}
                    Err(e) => return Err(why(what, e)),
                }
            }
            ev.synchronize().map_err(|e| why("event sync", e))?;
            let ev2 = Event::new().map_err(|e| why("event", e))?;
            ev2.record(shared_stream).map_err(|e| why("record", e))?;
            own.wait_event(&ev2).map_err(|e| why("wait_event", e))?;
            // SAFETY: `pinned` has room for 4 i32s, `slots` holds 2; both stay alive until
            // the stream is synchronised below.
            unsafe {
                hip::memcpy_async(
                    pinned as *mut c_void,
                    base as *const c_void,
                    8,
                    hip::MemcpyKind::DeviceToHost,
                    &own,
                )
            }
            .map_err(|e| why("memcpy_async", e))?;
            own.synchronize().map_err(|e| why("stream sync", e))?;
            // SAFETY: the copy into `pinned` completed (stream synchronised).
            let got = unsafe { [*pinned, *pinned.add(1)] };
            if got != [i + 1, i + 1] && result.is_ok() {
                result = Err(format!("thread {t} after {} steps: slots {got:?}", i + 1));
            }
        }

        if i % 20 == 7 {
            // A short-lived allocation: fill it with a kernel on the own stream, memset part
            // of it, copy it back and check, free it.
            let n = 256 + 16 * t + (i as usize % 5);
            let bytes = n * 4;
            // SAFETY: a fresh allocation of `bytes`, freed at the end of this block.
            let p = unsafe { hip::malloc(bytes) }.map_err(|e| why("malloc", e))?;
            let value = (t as i32) << 16 | i;
            let args: [&dyn KernelArg; 3] = [&p, &(n as i32), &value];
            fill.launch(
                Dim3 {
                    x: (n as u32).div_ceil(64),
                    y: 1,
                    z: 1,
                },
                Dim3 { x: 64, y: 1, z: 1 },
                0,
                Some(&own),
                &args,
            )
            .map_err(|e| why("fill", e))?;
            own.synchronize().map_err(|e| why("stream sync", e))?;
            let mut host = vec![0i32; n];
            // SAFETY: `p` has `bytes` bytes; the first 16 are set to 0xff, the rest copied out.
            unsafe {
                hip::memset(p, 0xff, 16).map_err(|e| why("memset", e))?;
                hip::memcpy(
                    host.as_mut_ptr() as *mut c_void,
                    p as *const c_void,
                    bytes,
                    hip::MemcpyKind::DeviceToHost,
                )
                .map_err(|e| why("memcpy", e))?;
                hip::free(p).map_err(|e| why("free", e))?;
            }
            let ok = host[..4].iter().all(|&v| v == -1) && host[4..].iter().all(|&v| v == value);
            if !ok && result.is_ok() {
                result = Err(format!(
                    "thread {t} iteration {i}: fill/memset/copy gave {:?}..",
                    &host[..6]
                ));
            }
        }
    }
    own.synchronize().map_err(|e| why("stream sync", e))?;
    shared_stream
        .synchronize()
        .map_err(|e| why("stream sync", e))?;
    let got = slots.to_vec().map_err(|e| why("alloc", e))?;
    if got != [ITERS, ITERS] && result.is_ok() {
        result = Err(format!(
            "thread {t}: final slots {got:?}, expected [{ITERS}, {ITERS}]"
        ));
    }
    // SAFETY: allocated above by host_malloc, no copy in flight (streams synchronised).
    unsafe { hip::host_free(pinned as *mut c_void) }.map_err(|e| why("host_free", e))?;
    result
}

#[test]
fn stress_many_threads_streams_copies_events_mallocs() {
    let _g = serial();
    warm_up();
    let threads_before = thread_count();
    let free_before = free_mem();
    let pools_before = pool_usage();
    let t0 = Instant::now();
    {
        let err = DeviceBuffer::<i32>::from_slice(&[0]).or_fail("alloc");
        let err_ptr = err.as_ptr() as *mut c_void;
        // Raw pointers are not Send; the address crosses threads as an integer.
        let err_addr = err_ptr as usize;
        let shared: Vec<Stream> = (0..THREADS / 2)
            .map(|_| Stream::new().or_fail("stream"))
            .collect();
        let results: Vec<Result<(), String>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..THREADS)
                .map(|t| {
                    let stream = &shared[t / 2];
                    s.spawn(move || stress_worker(t, stream, err_addr as *mut c_void))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|_| Err("worker panicked".into())))
                .collect()
        });
        for r in &results {
            if let Err(e) = r {
                panic!("{e}");
            }
        }
        for s in &shared {
            s.synchronize().or_fail("sync shared stream");
        }
        assert_eq!(
            err.to_vec().or_fail("read err"),
            vec![0],
            "a step kernel ran out of order"
        );
    }
    let elapsed = t0.elapsed();
    // Every allocation and stream is gone: memory and threads must return to the baseline.
    let pools_after = settle(pools_before, Duration::from_secs(2), pool_usage);
    assert_eq!(
        pools_after, pools_before,
        "memory leaked (device, kernarg, pinned host pools)"
    );
    let free_after = free_mem();
    if free_before.1 && free_after.1 {
        assert_eq!(
            free_after.0, free_before.0,
            "mem_get_info: device free memory leaked"
        );
    }
    let threads_after = settle(threads_before, Duration::from_secs(5), thread_count);
    assert_eq!(
        threads_after, threads_before,
        "threads leaked (streams not torn down?)"
    );
    eprintln!(
        "stress: {THREADS} threads x {ITERS} iterations ({} launches) in {elapsed:.2?}",
        THREADS as i32 * ITERS * 2
    );
}

#[test]
fn launches_from_many_threads_onto_one_stream_stay_ordered() {
    let _g = serial();
    warm_up();
    const N: i32 = 400;
    const WRITERS: usize = 4;
    let step = function("step");
    let stream = Stream::new().or_fail("stream");
    let slots = DeviceBuffer::<i32>::from_slice(&[0; WRITERS]).or_fail("alloc");
    let state = DeviceBuffer::<i32>::from_slice(&[0, 0]).or_fail("alloc"); // err, shared counter
    let base = slots.as_ptr() as usize;
    let err = state.as_ptr() as usize;
    let counter = err + 4;
    std::thread::scope(|s| {
        for t in 0..WRITERS {
            let (stream, step) = (&stream, &step);
            s.spawn(move || {
                let slot = (base + 4 * t) as *mut c_void;
                let (e, c) = (err as *mut c_void, counter as *mut c_void);
                for i in 0..N {
                    let args: [&dyn KernelArg; 4] = [&slot, &i, &e, &c];
                    step.launch(one(), one(), 0, Some(stream), &args)
                        .or_fail("launch");
                }
            });
        }
    });
    stream.synchronize().or_fail("sync");
    assert_eq!(
        slots.to_vec().or_fail("read"),
        vec![N; WRITERS],
        "per-thread order lost"
    );
    let st = state.to_vec().or_fail("read");
    assert_eq!(st[0], 0, "a launch saw its slot out of order");
    // The shared counter is incremented without atomics: a lost update means two launches on
    // the one stream overlapped.
    assert_eq!(
        st[1],
        N * WRITERS as i32,
        "launches on one stream overlapped"
    );
}

#[test]
fn two_streams_run_concurrently() {
    let _g = serial();
    warm_up();
    // About a second of spinning at most: enough for the other stream to start, and the
    // bound means a runtime that runs the streams one after the other fails here instead of
    // hanging.
    let bound: i64 = 1 << 30;
    let state = DeviceBuffer::<i32>::from_slice(&[0; 4]).or_fail("alloc");
    let (sa, sb) = (
        Stream::new().or_fail("stream"),
        Stream::new().or_fail("stream"),
    );
    let args: [&dyn KernelArg; 2] = [&state, &bound];
    let t0 = Instant::now();
    function("handshake_a")
        .launch(one(), one(), 0, Some(&sa), &args)
        .or_fail("launch a");
    function("handshake_b")
        .launch(one(), one(), 0, Some(&sb), &args)
        .or_fail("launch b");
    sa.synchronize().or_fail("sync a");
    sb.synchronize().or_fail("sync b");
    let st = state.to_vec().or_fail("read");
    assert_eq!(st[0], 1, "kernel A never ran");
    assert_eq!(st[1], 1, "kernel B never ran");
    assert_eq!(
        (st[2], st[3]),
        (1, 1),
        "the kernels did not overlap (A saw B: {}, B saw A: {}) after {:?}: streams are serialised",
        st[2],
        st[3],
        t0.elapsed()
    );
}
