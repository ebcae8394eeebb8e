//! Devices, streams, events and memory: HIP's semantics over the `hsa` core.
//!
//! Every stream is an hsa [`Queue`]; every operation is one packet with a fresh completion
//! signal, remembered as the stream's `last` operation. The legacy null stream and blocking
//! streams order against each other with barrier-AND packets on those signals.

use crate::error::{fail, track, HipError, Result};
use hsa::{Agent, CpuAgent, DispatchErrorKind, Queue, Signal, SignalCondition};
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Instant;

/// Packets per stream queue.
const QUEUE_SIZE: u32 = 1024;

/// The device's shader clock in kHz: `clock64()` counts nanoseconds of the host's monotonic clock.
pub const SHADER_CLOCK_KHZ: i32 = 1_000_000;

/// `hipStreamDefault`.
pub const STREAM_DEFAULT: u32 = 0;
/// `hipStreamNonBlocking`: no implicit ordering with the null stream.
pub const STREAM_NON_BLOCKING: u32 = 1;

/// `hipEventDefault`.
pub const EVENT_DEFAULT: u32 = 0;
/// `hipEventBlockingSync`.
pub const EVENT_BLOCKING_SYNC: u32 = 1;
/// `hipEventDisableTiming`.
pub const EVENT_DISABLE_TIMING: u32 = 2;
/// `hipEventInterprocess`.
pub const EVENT_INTERPROCESS: u32 = 4;

pub(crate) struct StreamInner {
    queue: Queue,
    flags: u32,
    is_null: bool,
    last: Mutex<Option<Signal>>,
}

impl StreamInner {
    fn last(&self) -> Option<Signal> {
        self.last.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Waits for the last operation (hence all earlier ones: the queue is in order).
    fn wait_idle(&self) {
        if let Some(s) = self.last() {
            s.wait(SignalCondition::Eq, 0, None);
        }
    }

    /// Waits, then turns a recorded kernel failure into HIP's error.
    fn synchronize(&self) -> Result<()> {
        self.wait_idle();
        self.check_errors()
    }

    fn check_errors(&self) -> Result<()> {
        let mut first: Option<hsa::DispatchError> = None;
        while let Some(e) = self.queue.take_error() {
            first.get_or_insert(e);
        }
        match first {
            None => Ok(()),
            Some(e) => {
                let code = match e.kind {
                    DispatchErrorKind::Assert => HipError::Assert,
                    DispatchErrorKind::OutOfResources => HipError::LaunchOutOfResources,
                    _ => HipError::LaunchFailure,
                };
                fail(code, e.message)
            }
        }
    }
}

pub(crate) struct Runtime {
    pub(crate) agent: Arc<CpuAgent>,
    null: Arc<StreamInner>,
    streams: Mutex<Vec<Weak<StreamInner>>>,
    // Held while submitting so that "last op" of the null and blocking streams is consistent.
    submit: Mutex<()>,
}

pub(crate) fn runtime() -> Result<&'static Runtime> {
    if let Some(why) = device_hidden() {
        return fail(HipError::NoDevice, why.clone());
    }
    static RT: OnceLock<std::result::Result<Runtime, String>> = OnceLock::new();
    let rt = RT.get_or_init(|| {
        let agent = hsa::cpu_agent();
        let queue = agent.create_queue(QUEUE_SIZE).map_err(|e| e.to_string())?;
        Ok(Runtime {
            agent,
            null: Arc::new(StreamInner {
                queue,
                flags: STREAM_DEFAULT,
                is_null: true,
                last: Mutex::new(None),
            }),
            streams: Mutex::new(Vec::new()),
            submit: Mutex::new(()),
        })
    });
    match rt {
        Ok(rt) => Ok(rt),
        Err(e) => fail(HipError::NotInitialized, e.clone()),
    }
}

fn hsa_err(e: hsa::HsaError) -> HipError {
    match e {
        hsa::HsaError::OutOfResources(_) => HipError::OutOfMemory,
        hsa::HsaError::InvalidArgument(_) | hsa::HsaError::InvalidAllocation(_) => {
            HipError::InvalidValue
        }
        hsa::HsaError::InvalidQueue(_) => HipError::InvalidHandle,
        _ => HipError::Unknown,
    }
}

impl Runtime {
    fn live_streams(&self) -> Vec<Arc<StreamInner>> {
        let mut v = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        v.retain(|w| w.strong_count() > 0);
        v.iter().filter_map(Weak::upgrade).collect()
    }

    /// Submits one operation on `s`, first making it wait for what HIP's null-stream rules
    /// require; returns the operation's completion signal.
    fn enqueue(
        &self,
        s: &StreamInner,
        extra_deps: &[Signal],
        op: impl FnOnce(&Queue, &Signal) -> hsa::Result<u64>,
    ) -> Result<Signal> {
        let _g = self.submit.lock().unwrap_or_else(|e| e.into_inner());
        let mut deps: Vec<Signal> = extra_deps.to_vec();
        if s.is_null {
            for b in self.live_streams() {
                if b.flags & STREAM_NON_BLOCKING == 0 {
                    deps.extend(b.last());
                }
            }
        } else if s.flags & STREAM_NON_BLOCKING == 0 {
            deps.extend(self.null.last());
        }
        deps.retain(|d| d.load() != 0);
        for chunk in deps.chunks(5) {
            let refs: Vec<&Signal> = chunk.iter().collect();
            s.queue.submit_barrier_and(&refs, None).map_err(hsa_err)?;
        }
        let sig = Signal::new(1);
        op(&s.queue, &sig).map_err(hsa_err)?;
        *s.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(sig.clone());
        Ok(sig)
    }

    /// Submits `n` operations on `s` as one: the null-stream ordering is added before the
    /// first only (the queue orders the rest), the submit lock is taken once, and only the
    /// last carries a completion signal. On a failure part-way, a barrier marks what was
    /// submitted so that synchronization still waits for it.
    fn enqueue_batch(
        &self,
        s: &StreamInner,
        n: usize,
        op: impl FnMut(usize, &Queue, Option<&Signal>) -> hsa::Result<u64>,
    ) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        let mut first = Some(op);
        let mut failed = None;
        let r = self.enqueue(s, &[], |q, done| {
            let Some(mut op) = first.take() else {
                return Err(hsa::HsaError::InvalidArgument("batch reused".into()));
            };
            for i in 0..n - 1 {
                if let Err(e) = op(i, q, None) {
                    failed = Some(e);
                    // Marks the operations submitted so far as the stream's last.
                    return q.submit_barrier_and(&[], Some(done));
                }
            }
            op(n - 1, q, Some(done))
        });
        match failed {
            Some(e) => Err(hsa_err(e)),
            None => r.map(|_| ()),
        }
    }
}

thread_local! {
    /// Set while a host function of a stream (`hipLaunchHostFunc`, `hipStreamAddCallback`)
    /// runs on this thread.
    static IN_HOST_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

/// Runs a stream's host function, marked as such: inside it, calls that wait for device
/// work fail instead of waiting for the work that waits for them (a deadlock).
pub fn run_host_callback(f: impl FnOnce()) {
    struct Unmark;
    impl Drop for Unmark {
        fn drop(&mut self) {
            IN_HOST_CALLBACK.with(|c| c.set(false));
        }
    }
    IN_HOST_CALLBACK.with(|c| c.set(true));
    let _unmark = Unmark;
    f();
}

/// Whether the calling thread is running a stream's host function.
pub(crate) fn in_host_callback() -> bool {
    IN_HOST_CALLBACK.with(|c| c.get())
}

/// CUDA forbids HIP calls that wait for the device inside a host function; ROCm has no
/// check and hangs. Here they fail with `hipErrorNotSupported`, naming the call.
pub fn check_not_in_host_callback(what: &str) -> Result<()> {
    if IN_HOST_CALLBACK.with(|c| c.get()) {
        return fail(
            HipError::NotSupported,
            format!("{what} inside a stream's host function would wait for itself (not permitted)"),
        );
    }
    Ok(())
}

thread_local! {
    static CURRENT_DEVICE: Cell<i32> = const { Cell::new(0) };
}

/// Number of devices (`hipGetDeviceCount`): the CPU device.
pub fn device_count() -> Result<i32> {
    runtime()?;
    Ok(1)
}

/// The ordinals a `*_VISIBLE_DEVICES` list keeps out of `n` devices, as ROCm reads them:
/// comma-separated decimal indices in the order given, duplicates dropped, the list ending at
/// the first entry that is not exactly an index below `n` ("-1", "01", "x", "" all end it).
pub fn parse_visible_devices(list: &str, n: usize) -> Vec<usize> {
    let mut kept = Vec::new();
    for entry in list.split(',') {
        match entry.parse::<usize>() {
            Ok(i) if i < n && entry == i.to_string() => {
                if !kept.contains(&i) {
                    kept.push(i);
                }
            }
            _ => break,
        }
    }
    kept
}

/// Why the CPU device is hidden, when an environment variable hides it: `ROCR_VISIBLE_DEVICES`
/// filters the agents when set (even empty), then `HIP_VISIBLE_DEVICES` (or, when that is
/// unset or empty, `CUDA_VISIBLE_DEVICES`) filters what is left when non-empty, as ROCm's
/// layers do. Every runtime call then fails with `hipErrorNoDevice`. Read once per process.
fn device_hidden() -> &'static Option<String> {
    static HIDDEN: OnceLock<Option<String>> = OnceLock::new();
    HIDDEN.get_or_init(|| {
        let var = |name: &str| std::env::var(name).ok();
        if let Some(list) = var("ROCR_VISIBLE_DEVICES") {
            if parse_visible_devices(&list, 1).is_empty() {
                return Some(format!(
                    "ROCR_VISIBLE_DEVICES={list:?} hides the only device (the CPU device is 0)"
                ));
            }
        }
        let (name, list) = match var("HIP_VISIBLE_DEVICES").filter(|v| !v.is_empty()) {
            Some(v) => ("HIP_VISIBLE_DEVICES", v),
            None => (
                "CUDA_VISIBLE_DEVICES",
                var("CUDA_VISIBLE_DEVICES").unwrap_or_default(),
            ),
        };
        if !list.is_empty() && parse_visible_devices(&list, 1).is_empty() {
            return Some(format!(
                "{name}={list:?} hides the only device (the CPU device is 0)"
            ));
        }
        None
    })
}

/// Selects this thread's device.
pub fn set_device(dev: i32) -> Result<()> {
    if dev < 0 || dev >= device_count()? {
        return fail(
            HipError::InvalidDevice,
            format!("device {dev} does not exist"),
        );
    }
    CURRENT_DEVICE.with(|d| d.set(dev));
    Ok(())
}

/// This thread's device.
pub fn get_device() -> Result<i32> {
    runtime()?;
    Ok(CURRENT_DEVICE.with(|d| d.get()))
}

/// `hipDeviceProp_t`'s main fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceProp {
    pub name: String,
    pub total_global_mem: usize,
    pub shared_mem_per_block: usize,
    pub regs_per_block: i32,
    pub warp_size: i32,
    pub max_threads_per_block: i32,
    pub max_threads_dim: [i32; 3],
    pub max_grid_size: [i32; 3],
    /// kHz.
    pub clock_rate: i32,
    pub memory_clock_rate: i32,
    pub memory_bus_width: i32,
    pub total_const_mem: usize,
    pub major: i32,
    pub minor: i32,
    pub multi_processor_count: i32,
    pub l2_cache_size: i32,
    pub max_threads_per_multi_processor: i32,
    /// Blocks one multiprocessor holds at once (the cap of the occupancy calls).
    pub max_blocks_per_multi_processor: i32,
    pub compute_mode: i32,
    pub concurrent_kernels: i32,
    pub pci_bus_id: i32,
    pub pci_device_id: i32,
    pub max_shared_memory_per_multi_processor: usize,
    pub is_multi_gpu_board: i32,
    pub can_map_host_memory: i32,
    pub integrated: i32,
    /// 1: [`crate::Function::launch_cooperative`] works (multi-device launches do not).
    pub cooperative_launch: i32,
    pub managed_memory: i32,
    pub gcn_arch_name: String,
}

pub fn get_device_properties(dev: i32) -> Result<DeviceProp> {
    let rt = runtime()?;
    if dev != 0 {
        return fail(
            HipError::InvalidDevice,
            format!("device {dev} does not exist"),
        );
    }
    let p = rt.agent.properties();
    let clamp = |v: u32| v.min(i32::MAX as u32) as i32;
    Ok(DeviceProp {
        name: p.name.clone(),
        total_global_mem: p.total_memory as usize,
        shared_mem_per_block: p.local_memory_size as usize,
        regs_per_block: 65536,
        warp_size: clamp(p.wavefront_size),
        max_threads_per_block: clamp(p.max_workgroup_size),
        max_threads_dim: p.max_workgroup_dims.map(clamp),
        max_grid_size: p.grid_max.map(clamp),
        // The rate clock64() counts at (nanoseconds: 1 GHz), so that programs timing device
        // code with clockRate, as CUDA defines it, measure real time (the host CPU's MHz made
        // their waits 2-3 times too long, and clockRate * 1000 overflowed an int).
        clock_rate: SHADER_CLOCK_KHZ,
        memory_clock_rate: 0,
        memory_bus_width: 64,
        total_const_mem: p.total_memory.min(i32::MAX as u64) as usize,
        // A CDNA-like compute capability, so feature checks on `major` pass.
        major: 9,
        minor: 0,
        multi_processor_count: clamp(p.compute_units),
        l2_cache_size: 0,
        max_threads_per_multi_processor: clamp(p.max_workgroup_size),
        max_blocks_per_multi_processor: clamp(p.max_workgroups_per_cu),
        compute_mode: 0,
        concurrent_kernels: 1,
        pci_bus_id: 0,
        pci_device_id: 0,
        max_shared_memory_per_multi_processor: p.local_memory_size as usize,
        is_multi_gpu_board: 0,
        can_map_host_memory: 1,
        integrated: 1,
        cooperative_launch: 1,
        managed_memory: 1,
        gcn_arch_name: kernel_abi::gcn_arch_name(p.wavefront_size).to_string(),
    })
}

/// Waits for all work of the device; reports the first kernel failure of any stream.
pub fn device_synchronize() -> Result<()> {
    let rt = runtime()?;
    check_not_in_host_callback("hipDeviceSynchronize")?;
    crate::graph::check_device_sync("hipDeviceSynchronize")?;
    let mut result = rt.null.synchronize();
    for s in rt.live_streams() {
        let r = s.synchronize();
        if result.is_ok() {
            result = r;
        }
    }
    result
}

/// Waits for all streams without consuming their errors (what `hipFree` does first).
pub(crate) fn wait_all_idle(rt: &Runtime) {
    rt.null.wait_idle();
    for s in rt.live_streams() {
        s.wait_idle();
    }
}

/// A stream: an in-order queue of device work.
pub struct Stream {
    // None: the legacy null stream, resolved through the runtime on each use.
    owned: Option<Arc<StreamInner>>,
}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream")
            .field("null", &self.is_null())
            .field("flags", &self.flags())
            .finish()
    }
}

impl Stream {
    /// A blocking stream (`hipStreamCreate`).
    pub fn new() -> Result<Stream> {
        Self::with_flags(STREAM_DEFAULT)
    }

    /// `hipStreamCreateWithFlags`: [`STREAM_DEFAULT`] or [`STREAM_NON_BLOCKING`].
    pub fn with_flags(flags: u32) -> Result<Stream> {
        if flags & !STREAM_NON_BLOCKING != 0 {
            return fail(
                HipError::InvalidValue,
                format!("unknown stream flags {flags:#x}"),
            );
        }
        let rt = runtime()?;
        let queue = match rt.agent.create_queue(QUEUE_SIZE) {
            Ok(q) => q,
            Err(e) => return fail(HipError::OutOfMemory, e.to_string()),
        };
        let inner = Arc::new(StreamInner {
            queue,
            flags,
            is_null: false,
            last: Mutex::new(None),
        });
        rt.streams
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Arc::downgrade(&inner));
        Ok(Stream { owned: Some(inner) })
    }

    /// The legacy null stream (`0` / `hipStreamLegacy`).
    pub fn null() -> Stream {
        Stream { owned: None }
    }

    /// Runs `f` on this thread's default stream (`hipStreamPerThread`): a blocking stream
    /// made on the thread's first use and released when the thread exits, as in CUDA, so
    /// it orders with the legacy null stream but not with other threads' default streams.
    pub fn with_per_thread<R>(f: impl FnOnce(&Stream) -> Result<R>) -> Result<R> {
        /// Drops capture state with the stream at thread exit, as `hipStreamDestroy` does.
        struct PerThread(Stream);
        impl Drop for PerThread {
            fn drop(&mut self) {
                crate::graph::forget_stream(&self.0);
            }
        }
        thread_local! {
            static PER_THREAD: std::cell::OnceCell<PerThread> = const { std::cell::OnceCell::new() };
        }
        let made = PER_THREAD.try_with(|cell| {
            if cell.get().is_none() {
                let s = Stream::new()?;
                let _ = cell.set(PerThread(s));
            }
            Ok(())
        });
        match made {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e),
            Err(_) => {
                return fail(
                    HipError::ContextIsDestroyed,
                    "this thread's default stream is gone (thread exiting)",
                )
            }
        }
        match PER_THREAD.try_with(|cell| cell.get().map(|p| f(&p.0))) {
            Ok(Some(r)) => r,
            _ => fail(
                HipError::ContextIsDestroyed,
                "this thread's default stream is gone (thread exiting)",
            ),
        }
    }

    pub(crate) fn inner(&self) -> Result<&StreamInner> {
        match &self.owned {
            Some(s) => Ok(s),
            None => Ok(&runtime()?.null),
        }
    }

    pub fn is_null(&self) -> bool {
        self.owned.is_none()
    }

    pub fn flags(&self) -> u32 {
        self.owned.as_ref().map_or(STREAM_DEFAULT, |s| s.flags)
    }

    /// Waits for all work on this stream (`hipStreamSynchronize`); reports a kernel failure
    /// (`hipErrorAssert` / `hipErrorLaunchFailure`, message in `last_error_detail()`).
    ///
    /// The null stream waits for every blocking stream's work too (per-thread streams
    /// included), as ROCm's does: there the null stream is made to wait for them before it
    /// finishes, so work queued on them before the call has run when it returns. Their kernel
    /// failures stay theirs, reported when they are synchronized.
    pub fn synchronize(&self) -> Result<()> {
        check_not_in_host_callback("hipStreamSynchronize")?;
        crate::graph::check_stream_sync(self, "hipStreamSynchronize")?;
        if self.is_null() {
            let rt = runtime()?;
            let blocking: Vec<Signal> = {
                let _g = rt.submit.lock().unwrap_or_else(|e| e.into_inner());
                rt.live_streams()
                    .iter()
                    .filter(|b| b.flags & STREAM_NON_BLOCKING == 0)
                    .filter_map(|b| b.last())
                    .collect()
            };
            for s in blocking {
                s.wait(SignalCondition::Eq, 0, None);
            }
        }
        self.inner()?.synchronize()
    }

    /// Identifies the stream (stream capture keys its state by it).
    pub fn id(&self) -> usize {
        match &self.owned {
            Some(s) => Arc::as_ptr(s) as usize,
            None => 0,
        }
    }

    /// `Ok` when all work finished, `Err(NotReady)` otherwise (`hipStreamQuery`).
    ///
    /// The null stream counts every blocking stream's pending work as its own, as ROCm's
    /// does (there querying it first makes it wait for them), so that it reports ready only
    /// when a `hipStreamSynchronize` of it would not wait. Non-blocking streams do not count.
    pub fn query(&self) -> Result<()> {
        crate::graph::check_stream_sync(self, "hipStreamQuery")?;
        let busy = |s: Option<Signal>| s.is_some_and(|s| s.load() != 0);
        if busy(self.inner()?.last()) {
            return track(Err(HipError::NotReady));
        }
        if self.is_null() {
            let rt = runtime()?;
            let pending = rt
                .live_streams()
                .iter()
                .filter(|b| b.flags & STREAM_NON_BLOCKING == 0)
                .any(|b| busy(b.last()));
            if pending {
                return track(Err(HipError::NotReady));
            }
        }
        Ok(())
    }

    /// Later work on this stream waits for `e`'s recorded work (`hipStreamWaitEvent`).
    pub fn wait_event(&self, e: &Event) -> Result<()> {
        let Some(sig) = e.signal() else {
            // Waiting on a never-recorded event is a no-op in HIP.
            return self.inner().map(|_| ());
        };
        self.submit(&[sig], |q, done| q.submit_barrier_and(&[], Some(done)))
            .map(|_| ())
    }

    /// `hipStreamDestroy`: waits for the stream's work, then releases it. The null stream
    /// cannot be destroyed.
    pub fn destroy(self) -> Result<()> {
        match &self.owned {
            None => fail(
                HipError::InvalidHandle,
                "the null stream cannot be destroyed",
            ),
            // Drop waits and releases.
            Some(_) => Ok(()),
        }
    }

    /// Queues a host function (`hipLaunchHostFunc` / `hipStreamAddCallback`): it runs once
    /// all earlier work of the stream finished, and later work waits for it.
    pub fn enqueue_host_fn(&self, f: hsa::HostCallback) -> Result<()> {
        // A one-shot function cannot be replayed: capture records host functions as
        // `graph::NodeOp::Host` before reaching here.
        if crate::graph::is_capturing(self) {
            return fail(
                HipError::StreamCaptureUnsupported,
                "a one-shot host function cannot be captured",
            );
        }
        self.submit(&[], move |q, done| q.submit_callback(f, Some(done)))
            .map(|_| ())
    }

    /// [`Runtime::enqueue_batch`] on this stream.
    pub(crate) fn submit_batch(
        &self,
        n: usize,
        op: impl FnMut(usize, &Queue, Option<&Signal>) -> hsa::Result<u64>,
    ) -> Result<()> {
        let rt = runtime()?;
        track(rt.enqueue_batch(self.inner()?, n, op))
    }

    pub(crate) fn submit(
        &self,
        deps: &[Signal],
        op: impl FnOnce(&Queue, &Signal) -> hsa::Result<u64>,
    ) -> Result<Signal> {
        let rt = runtime()?;
        track(rt.enqueue(self.inner()?, deps, op))
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if let Some(s) = self.owned.take() {
            // Dropping the last reference drops the queue, whose processor first runs
            // everything submitted; waiting here keeps that visible and cheap.
            s.wait_idle();
        }
    }
}

struct EventState {
    signal: Option<Signal>,
    time: Arc<Mutex<Option<Instant>>>,
}

/// An event: a marker in a stream, completed (with a timestamp) when the stream reaches it.
pub struct Event {
    flags: u32,
    state: Mutex<EventState>,
}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Event").field("flags", &self.flags).finish()
    }
}

impl Event {
    pub fn new() -> Result<Event> {
        Self::with_flags(EVENT_DEFAULT)
    }

    /// `hipEventCreateWithFlags`.
    pub fn with_flags(flags: u32) -> Result<Event> {
        let known = EVENT_BLOCKING_SYNC | EVENT_DISABLE_TIMING | EVENT_INTERPROCESS;
        if flags & !known != 0 {
            return fail(
                HipError::InvalidValue,
                format!("unknown event flags {flags:#x}"),
            );
        }
        if flags & EVENT_INTERPROCESS != 0 && flags & EVENT_DISABLE_TIMING == 0 {
            return fail(
                HipError::InvalidValue,
                "hipEventInterprocess needs hipEventDisableTiming",
            );
        }
        runtime()?;
        Ok(Event {
            flags,
            state: Mutex::new(EventState {
                signal: None,
                time: Arc::new(Mutex::new(None)),
            }),
        })
    }

    fn signal(&self) -> Option<Signal> {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .signal
            .clone()
    }

    /// Records the event on `s` (`hipEventRecord`).
    pub fn record(&self, s: &Stream) -> Result<()> {
        let time = Arc::new(Mutex::new(None));
        let t = time.clone();
        let sig = s.submit(&[], move |q, done| {
            q.submit_callback(
                Box::new(move || {
                    *t.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now())
                }),
                Some(done),
            )
        })?;
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = EventState {
            signal: Some(sig),
            time,
        };
        Ok(())
    }

    /// Waits until the recorded work finished; `Ok` for a never-recorded event.
    pub fn synchronize(&self) -> Result<()> {
        runtime()?;
        self.check_not_captured()?;
        check_not_in_host_callback("hipEventSynchronize")?;
        if let Some(s) = self.signal() {
            s.wait(SignalCondition::Eq, 0, None);
        }
        Ok(())
    }

    /// `Ok` when complete (or never recorded), `Err(NotReady)` otherwise.
    pub fn query(&self) -> Result<()> {
        runtime()?;
        self.check_not_captured()?;
        match self.signal() {
            Some(s) if s.load() != 0 => track(Err(HipError::NotReady)),
            _ => Ok(()),
        }
    }

    /// An event last recorded in a capture has no work to wait for.
    fn check_not_captured(&self) -> Result<()> {
        if crate::graph::event_is_captured(self) {
            return fail(
                HipError::CapturedEvent,
                "the event was last recorded on a capturing stream",
            );
        }
        Ok(())
    }

    fn timestamp(&self) -> Result<Instant> {
        if self.flags & EVENT_DISABLE_TIMING != 0 {
            return fail(
                HipError::InvalidHandle,
                "event was created with hipEventDisableTiming",
            );
        }
        let st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let Some(sig) = &st.signal else {
            return fail(HipError::InvalidHandle, "event was never recorded");
        };
        if sig.load() != 0 {
            return track(Err(HipError::NotReady));
        }
        let t = *st.time.lock().unwrap_or_else(|e| e.into_inner());
        match t {
            Some(t) => Ok(t),
            None => fail(HipError::Unknown, "event completed without a timestamp"),
        }
    }

    /// Milliseconds between two completed events (`hipEventElapsedTime`).
    pub fn elapsed_time(start: &Event, end: &Event) -> Result<f32> {
        runtime()?;
        // ROCm checks both events' timing flag before their state: a timing-disabled event
        // is hipErrorInvalidHandle even while the other is not ready.
        if (start.flags | end.flags) & EVENT_DISABLE_TIMING != 0 {
            return fail(
                HipError::InvalidHandle,
                "event was created with hipEventDisableTiming",
            );
        }
        let a = start.timestamp()?;
        let b = end.timestamp()?;
        Ok(if b >= a {
            (b - a).as_secs_f64() as f32 * 1000.0
        } else {
            -((a - b).as_secs_f64() as f32 * 1000.0)
        })
    }
}

// ---------------------------------------------------------------------------------------
// Memory

/// Copy direction (`hipMemcpyKind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum MemcpyKind {
    HostToHost = 0,
    HostToDevice = 1,
    DeviceToHost = 2,
    DeviceToDevice = 3,
    Default = 4,
}

/// Allocates device memory (`hipMalloc`). 0 bytes gives a null pointer.
///
/// # Safety
/// The memory is uninitialized from HIP's point of view; the caller frees it with [`free`].
pub unsafe fn malloc(bytes: usize) -> Result<*mut c_void> {
    let rt = runtime()?;
    if bytes == 0 {
        return Ok(std::ptr::null_mut());
    }
    // Backed by a memory file where possible, so that IPC can share it.
    let pool = rt.agent.global_pool();
    if let Some(p) = crate::mempool::malloc_shareable(bytes, pool.capacity(), pool.used())? {
        return Ok(p);
    }
    match pool.allocate(bytes) {
        Ok(p) => Ok(p.cast()),
        Err(e) => fail(HipError::OutOfMemory, e.to_string()),
    }
}

/// Marks a [`malloc`] allocation as the program's (`hipMalloc` and its forms), for
/// [`reset_device`] to release. Memory the runtime allocates for itself (arrays, graph
/// allocations, managed variables) is not marked: it is released by its owner.
pub fn track_user_allocation(p: *mut c_void) {
    if !p.is_null() {
        live_allocations().insert(p as usize);
    }
}

/// `hipFreeAsync` of memory from `hipMalloc` (ROCm takes it, as CUDA does): the pointer is
/// gone for the host at once, and the memory is released when `stream` reaches this point.
/// `Ok(false)`: `p` is not the start of such an allocation.
pub(crate) fn free_plain_async(p: *mut c_void, stream: &Stream) -> Result<bool> {
    // Allocations freed this way whose stream has not reached the free yet.
    static PENDING: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    fn pending() -> std::sync::MutexGuard<'static, Vec<usize>> {
        PENDING.lock().unwrap_or_else(|e| e.into_inner())
    }
    let rt = runtime()?;
    let key = p as usize;
    let range = crate::mempool::find_range(p);
    let shareable = matches!(range, Some((b, _, crate::mempool::RangeOwner::Shareable)) if b == p);
    let pooled = range.is_none()
        && matches!(pointer_info(p)?, Some((PointerKind::Device, base, _)) if base == p);
    if !shareable && !pooled {
        return Ok(false);
    }
    {
        let mut pending = pending();
        if pending.contains(&key) {
            return fail(
                HipError::InvalidValue,
                format!("{p:p} was already freed (hipFreeAsync)"),
            );
        }
        pending.push(key);
    }
    live_allocations().remove(&key);
    let queued = stream.enqueue_host_fn(Box::new(move || {
        if shareable {
            let _ = crate::mempool::free_range(key as *mut c_void);
        } else {
            let _ = rt.agent.global_pool().free(key as *mut u8);
        }
        pending().retain(|&k| k != key);
    }));
    if let Err(e) = queued {
        pending().retain(|&k| k != key);
        return Err(e);
    }
    Ok(true)
}

/// The program's device allocations not freed yet: what [`reset_device`] releases.
fn live_allocations() -> std::sync::MutexGuard<'static, std::collections::HashSet<usize>> {
    static A: OnceLock<Mutex<std::collections::HashSet<usize>>> = OnceLock::new();
    A.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// `hipDeviceReset`'s part in this crate: waits for the device, then frees every allocation
/// marked by [`track_user_allocation`] that is still live (later uses of those pointers are
/// stale: `hipFree` answers `hipErrorInvalidValue`) and returns the default memory pool's
/// cached memory to the system. Gives the number of allocations freed.
pub fn reset_device() -> Result<usize> {
    runtime()?;
    check_not_in_host_callback("hipDeviceReset")?;
    // A kernel failure belongs to the work being discarded.
    let _ = device_synchronize();
    let ptrs: Vec<usize> = live_allocations().drain().collect();
    let mut freed = 0;
    for p in ptrs {
        // SAFETY: `p` came from `malloc` and was not freed; resetting the device ends the
        // program's right to use it, as in ROCm.
        if unsafe { free(p as *mut c_void) }.is_ok() {
            freed += 1;
        }
    }
    if let Ok(pool) = crate::mempool::default_pool(get_device()?) {
        pool.trim_to(0);
    }
    Ok(freed)
}

/// Frees device memory (`hipFree`). Waits for the device first, as HIP does. A pointer that
/// is not a live allocation is `InvalidValue` (ROCm's answer for a double free).
///
/// # Safety
/// No host code may use the memory afterwards.
pub unsafe fn free(p: *mut c_void) -> Result<()> {
    let rt = runtime()?;
    if p.is_null() {
        return Ok(());
    }
    check_not_in_host_callback("freeing memory")?;
    wait_all_idle(rt);
    live_allocations().remove(&(p as usize));
    if let Some(r) = crate::mempool::free_now(p).or_else(|| crate::mempool::free_range(p)) {
        return r;
    }
    if crate::mempool::is_cached_block(p) {
        return fail(
            HipError::InvalidValue,
            format!("{p:p} was already freed (it is cached by a memory pool)"),
        );
    }
    match rt.agent.global_pool().free(p.cast()) {
        Ok(()) => Ok(()),
        Err(e) => fail(HipError::InvalidValue, e.to_string()),
    }
}

/// Allocates pinned host memory (`hipHostMalloc`).
///
/// # Safety
/// As [`malloc`]; free with [`host_free`].
pub unsafe fn host_malloc(bytes: usize) -> Result<*mut c_void> {
    let rt = runtime()?;
    if bytes == 0 {
        return Ok(std::ptr::null_mut());
    }
    match rt.agent.host_pool().allocate(bytes) {
        Ok(p) => Ok(p.cast()),
        Err(e) => fail(HipError::OutOfMemory, e.to_string()),
    }
}

/// Frees pinned host memory (`hipHostFree`).
///
/// # Safety
/// As [`free`].
pub unsafe fn host_free(p: *mut c_void) -> Result<()> {
    let rt = runtime()?;
    if p.is_null() {
        return Ok(());
    }
    check_not_in_host_callback("freeing memory")?;
    wait_all_idle(rt);
    match rt.agent.host_pool().free(p.cast()) {
        Ok(()) => Ok(()),
        Err(e) => fail(HipError::InvalidValue, e.to_string()),
    }
}

/// `(free, total)` device memory bytes (`hipMemGetInfo`).
pub fn mem_get_info() -> Result<(usize, usize)> {
    let rt = runtime()?;
    let pool = rt.agent.global_pool();
    let total = pool.capacity();
    let mut free = total
        .saturating_sub(pool.used())
        .saturating_sub(crate::mempool::shareable_bytes() as u64);
    if let Some(avail) = hsa::host_available_memory() {
        free = free.min(avail);
    }
    Ok((free as usize, total as usize))
}

/// Which tracked pool a pointer belongs to, after checking `len` bytes fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Device,
    PinnedHost,
    Unknown,
}

fn classify(rt: &Runtime, p: *const u8, len: usize, what: &str) -> Result<Side> {
    for (pool, side) in [
        (rt.agent.global_pool(), Side::Device),
        (rt.agent.host_pool(), Side::PinnedHost),
    ] {
        if pool.find(p).is_some() {
            return match pool.check_range(p, len) {
                Ok(()) => Ok(side),
                Err(e) => fail(HipError::InvalidValue, format!("{what}: {e}")),
            };
        }
    }
    // Managed memory, virtual-memory and IPC mappings.
    if let Some((base, size, _)) = crate::mempool::find_range(p.cast()) {
        let off = p as usize - base as usize;
        return match off.checked_add(len) {
            Some(end) if end <= size => Ok(Side::Device),
            _ => fail(
                HipError::InvalidValue,
                format!("{what}: {len} bytes at {p:p} run past the end of a {size}-byte mapping"),
            ),
        };
    }
    Ok(Side::Unknown)
}

/// Checks a copy's pointers: the device side must be a live allocation holding the whole
/// range; an unknown pointer is accepted only as host memory.
fn validate_copy(
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: MemcpyKind,
) -> Result<()> {
    let rt = runtime()?;
    if dst.is_null() || src.is_null() {
        return fail(HipError::InvalidValue, "null pointer in memory copy");
    }
    let d = classify(rt, dst as *const u8, bytes, "destination")?;
    let s = classify(rt, src as *const u8, bytes, "source")?;
    let (need_dst, need_src) = match kind {
        MemcpyKind::HostToDevice => (true, false),
        MemcpyKind::DeviceToHost => (false, true),
        MemcpyKind::DeviceToDevice => (true, true),
        MemcpyKind::HostToHost | MemcpyKind::Default => (false, false),
    };
    // Registered host memory (hipHostRegister) is device memory as well, on either side.
    if need_dst
        && d == Side::Unknown
        && !in_registered_host(dst as usize, bytes)
        && !in_module_global(dst as usize, bytes)
    {
        return fail(
            HipError::InvalidValue,
            format!("destination {dst:p} is not device memory"),
        );
    }
    if need_src
        && s == Side::Unknown
        && !in_registered_host(src as usize, bytes)
        && !in_module_global(src as usize, bytes)
    {
        return fail(
            HipError::InvalidValue,
            format!("source {src:p} is not device memory"),
        );
    }
    Ok(())
}

fn validate_set(dst: *mut c_void, bytes: usize) -> Result<()> {
    let rt = runtime()?;
    if dst.is_null() {
        return fail(HipError::InvalidValue, "null pointer in memset");
    }
    if classify(rt, dst as *const u8, bytes, "destination")? == Side::Unknown
        && !in_registered_host(dst as usize, bytes)
        && !in_module_global(dst as usize, bytes)
    {
        return fail(
            HipError::InvalidValue,
            format!("{dst:p} is not device memory"),
        );
    }
    Ok(())
}

/// Queues a copy on `stream`; returns its completion signal (None for 0 bytes).
pub(crate) fn copy_on(
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: MemcpyKind,
    stream: &Stream,
) -> Result<Option<Signal>> {
    if bytes == 0 {
        runtime()?;
        return Ok(None);
    }
    validate_copy(dst, src, bytes, kind)?;
    let (d, s) = (dst as usize, src as usize);
    if let Some(r) = crate::graph::capture(stream, || {
        crate::graph::NodeOp::Memcpy(crate::graph::MemcpyNode {
            pieces: vec![crate::graph::CopyPiece {
                dst: d,
                src: s,
                bytes,
            }],
            kind,
            tag: Vec::new(),
            arrays: [false, false],
        })
    }) {
        return r.map(|()| None);
    }
    let sig = stream.submit(&[], move |q, done| {
        q.submit_callback(
            Box::new(move || {
                // SAFETY: both ranges were validated (pool memory holding `bytes`, or host
                // memory the caller of the unsafe copy function vouched for); `copy`
                // tolerates overlap.
                unsafe { std::ptr::copy(s as *const u8, d as *mut u8, bytes) }
            }),
            Some(done),
        )
    })?;
    Ok(Some(sig))
}

/// The largest pageable-to-device copy staged and left to run (ROCm's staging buffer size).
const STAGED_COPY_BYTES: usize = 1 << 20;

/// Whether `p` is host memory the runtime knows nothing of (pageable memory): not device,
/// pinned host, mapped or module-global memory.
pub(crate) fn is_pageable(p: *const c_void) -> bool {
    let Ok(rt) = runtime() else {
        return false;
    };
    let p8 = p.cast::<u8>();
    rt.agent.global_pool().find(p8).is_none()
        && rt.agent.host_pool().find(p8).is_none()
        && crate::mempool::find_range(p).is_none()
        && !in_module_global(p as usize, 1)
        && !in_registered_host(p as usize, 1)
}

fn set_on(dst: *mut c_void, value: i32, bytes: usize, stream: &Stream) -> Result<Option<Signal>> {
    if bytes == 0 {
        runtime()?;
        return Ok(None);
    }
    validate_set(dst, bytes)?;
    let d = dst as usize;
    if let Some(r) = capture_fill(stream, d, value as u8 as u32, 1, bytes) {
        return r.map(|()| None);
    }
    let sig = stream.submit(&[], move |q, done| {
        q.submit_callback(
            Box::new(move || {
                // SAFETY: `[d, d + bytes)` lies in a live pool allocation (validated).
                unsafe { std::ptr::write_bytes(d as *mut u8, value as u8, bytes) }
            }),
            Some(done),
        )
    })?;
    Ok(Some(sig))
}

/// Fills `height` rows of `width` bytes, `pitch` bytes apart, with `value as u8` on `stream`
/// (`hipMemset2DAsync`): one queued operation however many rows.
///
/// # Safety
/// As [`memset`].
pub unsafe fn memset_2d_async(
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<Option<Signal>> {
    if width == 0 || height == 0 {
        runtime()?;
        return Ok(None);
    }
    if width > pitch {
        // ROCm's fills answer InvalidValue here (its copies, InvalidPitchValue).
        return fail(
            HipError::InvalidValue,
            format!("width {width} exceeds pitch {pitch}"),
        );
    }
    let Some(span) = pitch
        .checked_mul(height - 1)
        .and_then(|b| b.checked_add(width))
        .filter(|&b| (dst as usize).checked_add(b).is_some())
    else {
        return fail(HipError::InvalidValue, "2-D fill addresses overflow");
    };
    validate_set(dst, span)?;
    let d = dst as usize;
    let node = crate::graph::MemsetNode {
        dst: d,
        pitch,
        value: value as u8 as u32,
        element_size: 1,
        width,
        height,
    };
    if let Some(r) = capture_fill_node(stream, node) {
        return r.map(|()| None);
    }
    let sig = stream.submit(&[], move |q, done| {
        q.submit_callback(
            Box::new(move || {
                for row in 0..height {
                    // SAFETY: every row lies in `[d, d + span)`, a live pool allocation
                    // (validated).
                    unsafe {
                        std::ptr::write_bytes((d + row * pitch) as *mut u8, value as u8, width)
                    }
                }
            }),
            Some(done),
        )
    })?;
    Ok(Some(sig))
}

/// Records a fill of one row as a graph node when `stream` captures.
fn capture_fill(
    stream: &Stream,
    dst: usize,
    value: u32,
    element_size: usize,
    count: usize,
) -> Option<Result<()>> {
    capture_fill_node(
        stream,
        crate::graph::MemsetNode {
            dst,
            pitch: count * element_size,
            value,
            element_size,
            width: count,
            height: 1,
        },
    )
}

/// Records a fill as a graph node when `stream` captures.
fn capture_fill_node(stream: &Stream, node: crate::graph::MemsetNode) -> Option<Result<()>> {
    crate::graph::capture(stream, || crate::graph::NodeOp::Memset(node))
}

/// Synchronous copy on the null stream (`hipMemcpy`): ordered after earlier null-stream
/// and blocking-stream work; returns when the copy is done, reporting an earlier kernel
/// failure of the null stream.
///
/// # Safety
/// Host-side pointers must be valid for `bytes` bytes (device sides are checked).
pub unsafe fn memcpy(
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: MemcpyKind,
) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { memcpy_on_null(dst, src, bytes, kind, true) }
}

/// A copy on the null stream with the checks of a synchronous one (`hipMemcpy`), which
/// returns once queued unless `wait` is set: ROCm does not wait for a copy between two
/// device allocations.
///
/// # Safety
/// As [`memcpy`].
pub unsafe fn memcpy_on_null(
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: MemcpyKind,
    wait: bool,
) -> Result<()> {
    check_not_in_host_callback("hipMemcpy")?;
    crate::graph::check_sync_copy("hipMemcpy")?;
    let null = Stream::null();
    if let Some(sig) = copy_on(dst, src, bytes, kind, &null)? {
        if wait {
            sig.wait(SignalCondition::Eq, 0, None);
        }
    }
    null.inner()?.check_errors()
}

/// Asynchronous copy on `stream` (`hipMemcpyAsync`).
///
/// # Safety
/// As [`memcpy`], and the host memory must stay valid until the copy ran.
pub unsafe fn memcpy_async(
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: MemcpyKind,
    stream: &Stream,
) -> Result<()> {
    // A small copy from pageable memory to the device is staged as ROCm stages it: the source
    // is read now (the program may reuse it at once) and the copy is queued without waiting.
    if bytes > 0
        && bytes <= STAGED_COPY_BYTES
        && is_pageable(src)
        && !is_pageable(dst)
        && !crate::graph::is_capturing(stream)
    {
        validate_copy(dst, src, bytes, kind)?;
        // SAFETY: the caller vouches for `bytes` readable bytes at `src`.
        let staged: Box<[u8]> =
            unsafe { std::slice::from_raw_parts(src.cast::<u8>(), bytes) }.into();
        let d = dst as usize;
        stream.submit(&[], move |q, done| {
            q.submit_callback(
                Box::new(move || {
                    // SAFETY: `[d, d + bytes)` is validated device memory; the staged copy is
                    // owned by this closure.
                    unsafe { std::ptr::copy_nonoverlapping(staged.as_ptr(), d as *mut u8, bytes) }
                }),
                Some(done),
            )
        })?;
        return Ok(());
    }
    let sig = copy_on(dst, src, bytes, kind, stream)?;
    // ROCm stages a copy with pageable host memory through the calling thread, so it has run
    // when the call returns: programs reuse the source or read the result without
    // synchronizing. Inside a host function the copy stays queued: waiting there could wait
    // for that very function.
    if let Some(sig) = sig {
        if (is_pageable(dst) || is_pageable(src)) && !in_host_callback() {
            sig.wait(SignalCondition::Eq, 0, None);
        }
    }
    Ok(())
}

/// Fills `bytes` bytes with `value as u8` (`hipMemset`), synchronously.
///
/// # Safety
/// `dst` is checked against the device pools; nothing else may use the range meanwhile.
pub unsafe fn memset(dst: *mut c_void, value: i32, bytes: usize) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { memset_on_null(dst, value, bytes, true) }
}

/// A fill on the null stream with the checks of a synchronous one (`hipMemset`), which
/// returns once queued unless `wait` is set: ROCm does not wait for a fill of a whole
/// device allocation.
///
/// # Safety
/// As [`memset`].
pub unsafe fn memset_on_null(dst: *mut c_void, value: i32, bytes: usize, wait: bool) -> Result<()> {
    check_not_in_host_callback("hipMemset")?;
    crate::graph::check_sync_copy("hipMemset")?;
    let null = Stream::null();
    if let Some(sig) = set_on(dst, value, bytes, &null)? {
        if wait {
            sig.wait(SignalCondition::Eq, 0, None);
        }
    }
    null.inner()?.check_errors()
}

/// Asynchronous fill on `stream` (`hipMemsetAsync`).
///
/// # Safety
/// As [`memset`].
pub unsafe fn memset_async(
    dst: *mut c_void,
    value: i32,
    bytes: usize,
    stream: &Stream,
) -> Result<()> {
    set_on(dst, value, bytes, stream).map(|_| ())
}

/// Fills `count` elements of `width` (1, 2 or 4) bytes each with the low bytes of `pattern`
/// (`hipMemsetD8/D16/D32[Async]`) on `stream`; synchronous when `wait` is set, like
/// [`memset`].
///
/// # Safety
/// As [`memset`].
pub unsafe fn memset_pattern(
    dst: *mut c_void,
    pattern: u32,
    width: usize,
    count: usize,
    stream: &Stream,
    wait: bool,
) -> Result<()> {
    if !matches!(width, 1 | 2 | 4) {
        return fail(
            HipError::InvalidValue,
            format!("memset element width {width} is not 1, 2 or 4"),
        );
    }
    let Some(bytes) = count.checked_mul(width) else {
        return fail(HipError::InvalidValue, "memset size overflows");
    };
    if bytes == 0 {
        runtime()?;
        return Ok(());
    }
    validate_set(dst, bytes)?;
    if !(dst as usize).is_multiple_of(width) {
        return fail(
            HipError::InvalidValue,
            format!("{dst:p} is not aligned to the {width}-byte memset element"),
        );
    }
    let d = dst as usize;
    if let Some(r) = capture_fill(stream, d, pattern, width, count) {
        return r;
    }
    let sig = stream.submit(&[], move |q, done| {
        q.submit_callback(
            Box::new(move || {
                let elem = pattern.to_le_bytes();
                // SAFETY: `[d, d + bytes)` lies in a live pool allocation (validated) and is
                // aligned to `width`; nothing else holds a reference to it meanwhile.
                let out = unsafe { std::slice::from_raw_parts_mut(d as *mut u8, bytes) };
                for chunk in out.chunks_exact_mut(width) {
                    chunk.copy_from_slice(&elem[..width]);
                }
            }),
            Some(done),
        )
    })?;
    if wait {
        sig.wait(SignalCondition::Eq, 0, None);
        return stream.inner()?.check_errors();
    }
    Ok(())
}

/// Where a pointer lives, for `hipPointerGetAttributes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointerKind {
    /// Device memory (`hipMalloc`).
    Device,
    /// Pinned host memory (`hipHostMalloc`).
    PinnedHost,
}

/// The tracked allocation holding `p`: its kind, base address and size; `None` for memory
/// the runtime did not allocate.
pub fn pointer_info(p: *const c_void) -> Result<Option<(PointerKind, *mut c_void, usize)>> {
    let rt = runtime()?;
    for (pool, kind) in [
        (rt.agent.global_pool(), PointerKind::Device),
        (rt.agent.host_pool(), PointerKind::PinnedHost),
    ] {
        if let Some((base, size)) = pool.find(p as *const u8) {
            return Ok(Some((kind, base.cast(), size)));
        }
    }
    Ok(crate::mempool::find_range(p).map(|(base, size, _)| (PointerKind::Device, base, size)))
}

/// The CPU agent's raw properties (for device attributes `DeviceProp` does not carry).
pub fn agent_properties() -> Result<hsa::AgentProperties> {
    Ok(runtime()?.agent.properties().clone())
}

/// Device globals of loaded modules (`__device__` variables live in the loaded code, not in
/// a pool): `(address, size)` ranges that copies accept as device memory.
static MODULE_GLOBALS: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

pub(crate) fn add_module_globals(ranges: &[(usize, usize)]) {
    MODULE_GLOBALS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend_from_slice(ranges);
}

pub(crate) fn remove_module_globals(ranges: &[(usize, usize)]) {
    MODULE_GLOBALS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|r| !ranges.contains(r));
}

/// Whether `[p, p + len)` lies inside one loaded module's device global.
fn in_module_global(p: usize, len: usize) -> bool {
    MODULE_GLOBALS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|&(b, n)| p >= b && p.checked_add(len).is_some_and(|end| end <= b + n))
}

/// Host ranges registered with `hipHostRegister` (base, size): device operations such as
/// `hipMemset` accept them, as ROCm does (the device maps registered memory).
static REGISTERED_HOST: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

/// Records a `hipHostRegister`ed range.
pub fn add_registered_host_range(base: usize, size: usize) {
    REGISTERED_HOST
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((base, size));
}

/// Forgets the registered range starting at `base` (`hipHostUnregister`).
pub fn remove_registered_host_range(base: usize) {
    REGISTERED_HOST
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&(b, _)| b != base);
}

/// Whether `[p, p + len)` lies inside one registered host range.
fn in_registered_host(p: usize, len: usize) -> bool {
    REGISTERED_HOST
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|&(b, n)| p >= b && p.checked_add(len).is_some_and(|end| end <= b + n))
}
