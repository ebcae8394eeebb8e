//! Streams and events. `0` (and `hipStreamLegacy`, `(hipStream_t)1`) is the legacy null
//! stream; `hipStreamPerThread` (`(hipStream_t)2`) is the calling thread's own default stream,
//! a blocking stream made on first use and released at thread exit. The `*_spt` entry points
//! (what `HIP_API_PER_THREAD_DEFAULT_STREAM` / `-fgpu-default-stream=per-thread` select) read
//! stream `0` as that per-thread stream.

use crate::handles::{self, HandleKind};
use crate::{entry, err, hipError_t, put, ApiResult};
use hip::HipError;
use std::ffi::c_void;
use std::sync::Arc;

/// `hipStream_t`.
pub type hipStream_t = *mut c_void;
/// `hipEvent_t`.
pub type hipEvent_t = *mut c_void;
/// `hipStreamCallback_t`.
pub type hipStreamCallback_t = Option<unsafe extern "C" fn(hipStream_t, hipError_t, *mut c_void)>;
/// `hipHostFn_t`.
pub type hipHostFn_t = Option<unsafe extern "C" fn(*mut c_void)>;

/// `hipStreamLegacy`.
pub const STREAM_LEGACY: usize = 1;
/// `hipStreamPerThread`.
pub const STREAM_PER_THREAD: usize = 2;
/// `hipDeviceGetStreamPriorityRange`'s (least, greatest) priorities; numerically lower is
/// higher priority. The CPU device records priorities but does not schedule by them.
pub const PRIORITY_RANGE: (i32, i32) = (0, -1);

/// A stream behind a `hipStream_t`.
pub struct StreamObj {
    pub stream: hip::Stream,
    pub priority: i32,
    /// `hipExtStreamCreateWithCUMask`'s mask, cut to the device's compute units.
    pub cu_mask: Option<Vec<u32>>,
}

impl HandleKind for StreamObj {
    const TAG: u32 = 0x5354_524d; // "STRM"
    const NAME: &'static str = "stream";
}

/// An event behind a `hipEvent_t`.
pub struct EventObj {
    pub event: hip::Event,
    pub flags: u32,
}

impl HandleKind for EventObj {
    const TAG: u32 = 0x4556_4e54; // "EVNT"
    const NAME: &'static str = "event";
}

/// The error for a stream handle that is not live: ROCm answers `hipErrorContextIsDestroyed`
/// for any handle missing from its set of streams (a destroyed one, typically).
pub(crate) fn stale_stream(h: hipStream_t) -> HipError {
    err(
        HipError::ContextIsDestroyed,
        format!("{h:p} is not a live stream (destroyed?)"),
    )
}

/// Runs `f` on the stream `h` names; a handle that is not live is
/// `hipErrorContextIsDestroyed`, as in ROCm.
pub(crate) fn with_stream<R>(
    h: hipStream_t,
    f: impl FnOnce(&hip::Stream) -> ApiResult<R>,
) -> ApiResult<R> {
    match h as usize {
        0 | STREAM_LEGACY => f(&hip::Stream::null()),
        STREAM_PER_THREAD => {
            // The thread's stream is made here on first use; its own failure (a stream the
            // device cannot make) is reported like any other.
            let mut out = None;
            hip::Stream::with_per_thread(|s| {
                out = Some(f(s));
                Ok(())
            })?;
            out.unwrap_or_else(|| Err(err(HipError::Unknown, "per-thread stream unavailable")))
        }
        _ => match handles::lookup::<StreamObj>(h) {
            Some(s) => f(&s.stream),
            None => Err(stale_stream(h)),
        },
    }
}

/// Whether `h` names a stream a launch may use: the null and special streams or a live
/// handle. ROCm's `hipLaunchKernel` answers a stale one with `hipErrorInvalidValue`.
pub(crate) fn check_launch_stream(h: hipStream_t) -> ApiResult {
    if matches!(h as usize, 0 | STREAM_LEGACY | STREAM_PER_THREAD)
        || handles::lookup::<StreamObj>(h).is_some()
    {
        return Ok(());
    }
    Err(err(
        HipError::InvalidValue,
        format!("{h:p} is not a live stream (destroyed?)"),
    ))
}

/// The event behind `h`: null is `hipErrorInvalidHandle`, a handle that is not live
/// (destroyed) `hipErrorContextIsDestroyed`, as ROCm answers.
pub(crate) fn event(h: hipEvent_t) -> ApiResult<Arc<EventObj>> {
    if h.is_null() {
        return Err(err(HipError::InvalidHandle, "event is null"));
    }
    handles::lookup::<EventObj>(h).ok_or_else(|| {
        err(
            HipError::ContextIsDestroyed,
            format!("{h:p} is not a live event (destroyed?)"),
        )
    })
}

fn create_stream(out: *mut hipStream_t, flags: u32, priority: i32) -> ApiResult {
    create_stream_with_mask(out, flags, priority, None)
}

fn create_stream_with_mask(
    out: *mut hipStream_t,
    flags: u32,
    priority: i32,
    cu_mask: Option<Vec<u32>>,
) -> ApiResult {
    if out.is_null() {
        return Err(err(HipError::InvalidValue, "stream is a null pointer"));
    }
    let stream = hip::Stream::with_flags(flags)?;
    let (least, greatest) = PRIORITY_RANGE;
    let priority = priority.clamp(greatest, least);
    let h = handles::register(Arc::new(StreamObj {
        stream,
        priority,
        cu_mask,
    }));
    // SAFETY: non-null, writable per the caller.
    unsafe { put(out, h, "stream") }
}

/// # Safety
/// `stream` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreate(stream: *mut hipStream_t) -> hipError_t {
    entry(|| create_stream(stream, hip::STREAM_DEFAULT, 0))
}

/// # Safety
/// `stream` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithFlags(
    stream: *mut hipStream_t,
    flags: u32,
) -> hipError_t {
    entry(|| create_stream(stream, flags, 0))
}

/// # Safety
/// `stream` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithPriority(
    stream: *mut hipStream_t,
    flags: u32,
    priority: i32,
) -> hipError_t {
    entry(|| create_stream(stream, flags, priority))
}

/// # Safety
/// Both are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetStreamPriorityRange(
    least: *mut i32,
    greatest: *mut i32,
) -> hipError_t {
    entry(|| {
        // SAFETY: writable per the caller; HIP allows either to be null.
        unsafe {
            if !least.is_null() {
                put(least, PRIORITY_RANGE.0, "leastPriority")?;
            }
            if !greatest.is_null() {
                put(greatest, PRIORITY_RANGE.1, "greatestPriority")?;
            }
        }
        Ok(())
    })
}

/// Waits for the stream's work, then releases it. The null and special streams are
/// `hipErrorInvalidHandle`, a stale handle `hipErrorContextIsDestroyed` (ROCm's answers).
#[no_mangle]
pub extern "C" fn hipStreamDestroy(stream: hipStream_t) -> hipError_t {
    entry(|| {
        if matches!(stream as usize, 0 | STREAM_LEGACY | STREAM_PER_THREAD) {
            return Err(err(
                HipError::InvalidHandle,
                "the null stream cannot be destroyed",
            ));
        }
        match handles::unregister::<StreamObj>(stream) {
            Some(s) => {
                hip::graph::forget_stream(&s.stream);
                // Dropping the last reference waits for the stream's work (hip::Stream's Drop).
                drop(s);
                Ok(())
            }
            None => Err(stale_stream(stream)),
        }
    })
}

#[no_mangle]
pub extern "C" fn hipStreamSynchronize(stream: hipStream_t) -> hipError_t {
    entry(|| with_stream(stream, |s| s.synchronize()))
}

#[no_mangle]
pub extern "C" fn hipStreamQuery(stream: hipStream_t) -> hipError_t {
    entry(|| with_stream(stream, |s| s.query()))
}

#[no_mangle]
pub extern "C" fn hipStreamWaitEvent(
    stream: hipStream_t,
    ev: hipEvent_t,
    flags: u32,
) -> hipError_t {
    entry(|| {
        // ROCm checks the handles before the flags, and answers a stream that is not live
        // here with hipErrorInvalidHandle (not hipErrorContextIsDestroyed as elsewhere).
        if ev.is_null() {
            return Err(err(HipError::InvalidHandle, "event is null"));
        }
        if check_launch_stream(stream).is_err() {
            return Err(err(
                HipError::InvalidHandle,
                format!("{stream:p} is not a live stream (destroyed?)"),
            ));
        }
        if flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipStreamWaitEvent flags must be 0",
            ));
        }
        if crate::ipc::is_imported(ev) {
            return with_stream(stream, |s| crate::ipc::imported_wait(ev, s));
        }
        let e = event(ev)?;
        with_stream(stream, |s| {
            if let Some(r) = crate::graph::capture_event_wait(s, ev, e.clone()) {
                return r;
            }
            s.wait_event(&e.event)
        })
    })
}

/// A stream's flags. ROCm answers the null stream (0) with `hipErrorInvalidValue`, as a null
/// `flags`; `hipStreamLegacy` and `hipStreamPerThread` have the default flags.
///
/// # Safety
/// `flags` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetFlags(stream: hipStream_t, flags: *mut u32) -> hipError_t {
    entry(|| {
        if stream.is_null() || flags.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "hipStreamGetFlags takes a non-null stream and flags pointer",
            ));
        }
        // SAFETY: writable per the caller.
        with_stream(stream, |s| unsafe { put(flags, s.flags(), "flags") })
    })
}

/// # Safety
/// `priority` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetPriority(
    stream: hipStream_t,
    priority: *mut i32,
) -> hipError_t {
    entry(|| {
        let p = match stream as usize {
            0 | STREAM_LEGACY | STREAM_PER_THREAD => 0,
            _ => match handles::lookup::<StreamObj>(stream) {
                Some(s) => s.priority,
                None => return Err(stale_stream(stream)),
            },
        };
        // SAFETY: writable per the caller.
        unsafe { put(priority, p, "priority") }
    })
}

/// A raw pointer carried into a host callback (the callback's contract makes it the C
/// caller's business which thread uses it).
struct SendPtr(usize);

/// `callback(stream, hipSuccess, user_data)` runs on a runtime thread once earlier work of
/// the stream finished; later work waits for it.
#[no_mangle]
pub extern "C" fn hipStreamAddCallback(
    stream: hipStream_t,
    callback: hipStreamCallback_t,
    user_data: *mut c_void,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipStreamAddCallback flags must be 0",
            ));
        }
        let Some(cb) = callback else {
            return Err(err(HipError::InvalidValue, "callback is null"));
        };
        let (sh, ud) = (SendPtr(stream as usize), SendPtr(user_data as usize));
        with_stream(stream, |s| {
            let node = crate::graph::callback_node(stream, cb, user_data);
            if let Some(r) = crate::graph::capture_host_fn(s, node) {
                return r;
            }
            s.enqueue_host_fn(Box::new(move || {
                let (sh, ud) = (sh, ud);
                // SAFETY: the C caller supplied the callback and its data for this call.
                hip::run_host_callback(|| unsafe {
                    cb(
                        sh.0 as hipStream_t,
                        HipError::Success.code(),
                        ud.0 as *mut c_void,
                    )
                })
            }))
        })
    })
}

#[no_mangle]
pub extern "C" fn hipLaunchHostFunc(
    stream: hipStream_t,
    f: hipHostFn_t,
    user_data: *mut c_void,
) -> hipError_t {
    entry(|| {
        let Some(f) = f else {
            return Err(err(HipError::InvalidValue, "host function is null"));
        };
        let ud = SendPtr(user_data as usize);
        with_stream(stream, |s| {
            if let Some(r) = crate::graph::capture_host_fn(s, crate::graph::host_node(f, user_data))
            {
                return r;
            }
            s.enqueue_host_fn(Box::new(move || {
                let ud = ud;
                // SAFETY: the C caller supplied the function and its data for this call.
                hip::run_host_callback(|| unsafe { f(ud.0 as *mut c_void) })
            }))
        })
    })
}

// --- events -----------------------------------------------------------------------------

fn create_event(out: *mut hipEvent_t, flags: u32) -> ApiResult {
    if out.is_null() {
        return Err(err(HipError::InvalidValue, "event is a null pointer"));
    }
    // hipEventReleaseToDevice / hipEventReleaseToSystem / hipEventDisableSystemFence only
    // choose a cache scope; the CPU device's memory is coherent, so they have no further
    // effect. ROCm accepts at most one of them.
    const RELEASE: u32 = 0x4000_0000 | 0x8000_0000 | 0x2000_0000;
    if (flags & RELEASE).count_ones() > 1 {
        return Err(err(
            HipError::InvalidValue,
            format!("event flags {flags:#x} name more than one release scope"),
        ));
    }
    let event = hip::Event::with_flags(flags & !RELEASE)?;
    let h = handles::register(Arc::new(EventObj { event, flags }));
    // SAFETY: non-null, writable per the caller.
    unsafe { put(out, h, "event") }
}

/// # Safety
/// `ev` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipEventCreate(ev: *mut hipEvent_t) -> hipError_t {
    entry(|| create_event(ev, 0))
}

/// # Safety
/// `ev` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipEventCreateWithFlags(ev: *mut hipEvent_t, flags: u32) -> hipError_t {
    entry(|| create_event(ev, flags))
}

#[no_mangle]
pub extern "C" fn hipEventRecord(ev: hipEvent_t, stream: hipStream_t) -> hipError_t {
    entry(|| {
        let e = event(ev)?;
        with_stream(stream, |s| {
            if let Some(r) = crate::graph::capture_event_record(&e.event, s) {
                return r;
            }
            e.event.record(s)?;
            crate::ipc::event_recorded(ev, s)
        })
    })
}

#[no_mangle]
pub extern "C" fn hipEventSynchronize(ev: hipEvent_t) -> hipError_t {
    entry(|| match crate::ipc::imported_synchronize(ev) {
        Some(r) => r,
        None => event(ev)?.event.synchronize(),
    })
}

#[no_mangle]
pub extern "C" fn hipEventQuery(ev: hipEvent_t) -> hipError_t {
    entry(|| match crate::ipc::imported_query(ev) {
        Some(r) => r,
        None => event(ev)?.event.query(),
    })
}

/// # Safety
/// `ms` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipEventElapsedTime(
    ms: *mut f32,
    start: hipEvent_t,
    stop: hipEvent_t,
) -> hipError_t {
    entry(|| {
        if ms.is_null() {
            return Err(err(HipError::InvalidValue, "ms is a null pointer"));
        }
        let (a, b) = (event(start)?, event(stop)?);
        let t = hip::Event::elapsed_time(&a.event, &b.event)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ms, t, "ms") }
    })
}

#[no_mangle]
pub extern "C" fn hipEventDestroy(ev: hipEvent_t) -> hipError_t {
    entry(|| {
        if ev.is_null() {
            return Err(err(HipError::InvalidHandle, "event is null"));
        }
        if let Some(r) = crate::ipc::imported_destroy(ev) {
            return r;
        }
        match handles::unregister::<EventObj>(ev) {
            Some(e) => {
                crate::ipc::event_destroyed(ev);
                hip::graph::forget_event(&e.event);
                Ok(())
            }
            None => Err(err(
                HipError::ContextIsDestroyed,
                format!("{ev:p} is not a live event (destroyed?)"),
            )),
        }
    })
}

/// The device a stream belongs to: the current device for the null stream, -1 for a handle that is
/// not a live stream (ROCm's answer; this function returns no error code).
#[no_mangle]
pub extern "C" fn hipGetStreamDeviceId(stream: hipStream_t) -> i32 {
    std::panic::catch_unwind(|| match with_stream(stream, |_| Ok(())) {
        // Streams are created on the current device, and the CPU device is the only one.
        Ok(()) => hip::get_device().unwrap_or(-1),
        Err(_) => -1,
    })
    .unwrap_or(-1)
}

// ---- Per-thread default stream entry points (`*_spt`) ----
//
// Headers map the plain names onto these when `HIP_API_PER_THREAD_DEFAULT_STREAM` is defined
// (clang defines it for `-fgpu-default-stream=per-thread`, and its `<<<>>>` launches then call
// `hipLaunchKernel_spt`). Stream `0` means the calling thread's default stream; any other
// handle, `hipStreamLegacy` included, keeps its meaning. Synchronous calls queue on the
// thread's stream and wait for it, so they order with it (and, through it, with the legacy
// null stream) but not with other threads' default streams.

/// Stream `0` read as the calling thread's default stream.
fn per_thread(stream: hipStream_t) -> hipStream_t {
    if stream.is_null() {
        STREAM_PER_THREAD as hipStream_t
    } else {
        stream
    }
}

/// Finishes a synchronous `*_spt` call queued on the thread's stream: waits for it.
fn sync_per_thread(queued: hipError_t) -> hipError_t {
    if queued != 0 {
        return queued;
    }
    hipStreamSynchronize(STREAM_PER_THREAD as hipStream_t)
}

/// Declares `name_spt(args.., stream)` as `name(args.., stream or the thread's stream)`.
macro_rules! spt_stream {
    ($(#[$m:meta])* $spt:ident => $base:path, ($($a:ident: $t:ty),*), $s:ident) => {
        $(#[$m])*
        #[no_mangle]
        pub unsafe extern "C" fn $spt($($a: $t,)* $s: hipStream_t) -> hipError_t {
            // SAFETY: the caller's pointers are passed on under the base call's contract.
            unsafe { $base($($a,)* per_thread($s)) }
        }
    };
}

/// Declares a synchronous `name_spt(args..)` as `async_name(args.., thread's stream)` followed
/// by a wait for that stream.
macro_rules! spt_sync {
    ($(#[$m:meta])* $spt:ident => $base:path, ($($a:ident: $t:ty),*)) => {
        $(#[$m])*
        #[no_mangle]
        pub unsafe extern "C" fn $spt($($a: $t),*) -> hipError_t {
            // SAFETY: the caller's pointers are passed on under the base call's contract.
            sync_per_thread(unsafe { $base($($a,)* STREAM_PER_THREAD as hipStream_t) })
        }
    };
}

use crate::abi::{dim3, hipExtent, hipMemcpy3DParms, hipPitchedPtr};

spt_stream!(
    /// # Safety
    /// As `hipMemcpyAsync`.
    hipMemcpyAsync_spt => crate::memory::hipMemcpyAsync,
    (dst: *mut c_void, src: *const c_void, size: usize, kind: i32), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemcpy2DAsync`.
    hipMemcpy2DAsync_spt => crate::memory::hipMemcpy2DAsync,
    (dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize,
     height: usize, kind: i32), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemcpy3DAsync`.
    hipMemcpy3DAsync_spt => crate::memory::hipMemcpy3DAsync, (p: *const hipMemcpy3DParms), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemsetAsync`.
    hipMemsetAsync_spt => crate::memory::hipMemsetAsync,
    (dst: *mut c_void, value: i32, size: usize), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemset2DAsync`.
    hipMemset2DAsync_spt => crate::memory::hipMemset2DAsync,
    (dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemset3DAsync`.
    hipMemset3DAsync_spt => crate::memory::hipMemset3DAsync,
    (p: hipPitchedPtr, value: i32, extent: hipExtent), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemcpyToSymbolAsync`.
    hipMemcpyToSymbolAsync_spt => crate::register::hipMemcpyToSymbolAsync,
    (sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: i32), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemcpyFromSymbolAsync`.
    hipMemcpyFromSymbolAsync_spt => crate::register::hipMemcpyFromSymbolAsync,
    (dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: i32), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemcpy2DFromArrayAsync`.
    hipMemcpy2DFromArrayAsync_spt => crate::texture::hipMemcpy2DFromArrayAsync,
    (dst: *mut c_void, dpitch: usize, src: *const c_void, w_offset: usize, h_offset: usize,
     width: usize, height: usize, kind: i32), stream);
spt_stream!(
    /// # Safety
    /// As `hipMemcpy2DToArrayAsync`.
    hipMemcpy2DToArrayAsync_spt => crate::texture::hipMemcpy2DToArrayAsync,
    (dst: *mut c_void, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize,
     width: usize, height: usize, kind: i32), stream);
spt_stream!(
    /// # Safety
    /// As `hipLaunchKernel`.
    hipLaunchKernel_spt => crate::register::hipLaunchKernel,
    (f: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shmem: usize), stream);
spt_stream!(
    /// # Safety
    /// As `hipLaunchCooperativeKernel`.
    hipLaunchCooperativeKernel_spt => crate::module::hipLaunchCooperativeKernel,
    (f: *const c_void, grid: dim3, block: dim3, args: *mut *mut c_void, shmem: u32), stream);

spt_sync!(
    /// # Safety
    /// As `hipMemcpy`.
    hipMemcpy_spt => crate::memory::hipMemcpyAsync,
    (dst: *mut c_void, src: *const c_void, size: usize, kind: i32));
spt_sync!(
    /// # Safety
    /// As `hipMemcpy2D`.
    hipMemcpy2D_spt => crate::memory::hipMemcpy2DAsync,
    (dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize,
     height: usize, kind: i32));
spt_sync!(
    /// # Safety
    /// As `hipMemcpy3D`.
    hipMemcpy3D_spt => crate::memory::hipMemcpy3DAsync, (p: *const hipMemcpy3DParms));
spt_sync!(
    /// # Safety
    /// As `hipMemset`.
    hipMemset_spt => crate::memory::hipMemsetAsync, (dst: *mut c_void, value: i32, size: usize));
spt_sync!(
    /// # Safety
    /// As `hipMemset2D`.
    hipMemset2D_spt => crate::memory::hipMemset2DAsync,
    (dst: *mut c_void, pitch: usize, value: i32, width: usize, height: usize));
spt_sync!(
    /// # Safety
    /// As `hipMemset3D`.
    hipMemset3D_spt => crate::memory::hipMemset3DAsync,
    (p: hipPitchedPtr, value: i32, extent: hipExtent));
spt_sync!(
    /// # Safety
    /// As `hipMemcpyToSymbol`.
    hipMemcpyToSymbol_spt => crate::register::hipMemcpyToSymbolAsync,
    (sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: i32));
spt_sync!(
    /// # Safety
    /// As `hipMemcpyFromSymbol`.
    hipMemcpyFromSymbol_spt => crate::register::hipMemcpyFromSymbolAsync,
    (dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: i32));
spt_sync!(
    /// # Safety
    /// As `hipMemcpy2DFromArray`.
    hipMemcpy2DFromArray_spt => crate::texture::hipMemcpy2DFromArrayAsync,
    (dst: *mut c_void, dpitch: usize, src: *const c_void, w_offset: usize, h_offset: usize,
     width: usize, height: usize, kind: i32));
spt_sync!(
    /// # Safety
    /// As `hipMemcpy2DToArray`.
    hipMemcpy2DToArray_spt => crate::texture::hipMemcpy2DToArrayAsync,
    (dst: *mut c_void, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize,
     width: usize, height: usize, kind: i32));

/// `hipMemcpyFromArray` after this thread's stream: that copy has no stream-ordered form, so
/// the thread's stream is drained first and the copy runs synchronously.
///
/// # Safety
/// As `hipMemcpyFromArray`.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromArray_spt(
    dst: *mut c_void,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    count: usize,
    kind: i32,
) -> hipError_t {
    let r = hipStreamSynchronize(STREAM_PER_THREAD as hipStream_t);
    if r != 0 {
        return r;
    }
    // SAFETY: the caller's pointers are passed on under the base call's contract.
    unsafe { crate::texture::hipMemcpyFromArray(dst, src, w_offset, h_offset, count, kind) }
}

#[no_mangle]
pub extern "C" fn hipStreamQuery_spt(stream: hipStream_t) -> hipError_t {
    hipStreamQuery(per_thread(stream))
}

#[no_mangle]
pub extern "C" fn hipStreamSynchronize_spt(stream: hipStream_t) -> hipError_t {
    hipStreamSynchronize(per_thread(stream))
}

/// # Safety
/// As `hipStreamGetPriority`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetPriority_spt(
    stream: hipStream_t,
    priority: *mut i32,
) -> hipError_t {
    // SAFETY: passed on under the base call's contract.
    unsafe { hipStreamGetPriority(per_thread(stream), priority) }
}

/// # Safety
/// As `hipStreamGetFlags`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetFlags_spt(stream: hipStream_t, flags: *mut u32) -> hipError_t {
    // SAFETY: passed on under the base call's contract.
    unsafe { hipStreamGetFlags(per_thread(stream), flags) }
}

#[no_mangle]
pub extern "C" fn hipStreamWaitEvent_spt(
    stream: hipStream_t,
    ev: hipEvent_t,
    flags: u32,
) -> hipError_t {
    hipStreamWaitEvent(per_thread(stream), ev, flags)
}

#[no_mangle]
pub extern "C" fn hipStreamAddCallback_spt(
    stream: hipStream_t,
    callback: hipStreamCallback_t,
    user_data: *mut c_void,
    flags: u32,
) -> hipError_t {
    hipStreamAddCallback(per_thread(stream), callback, user_data, flags)
}

#[no_mangle]
pub extern "C" fn hipLaunchHostFunc_spt(
    stream: hipStream_t,
    f: hipHostFn_t,
    user_data: *mut c_void,
) -> hipError_t {
    hipLaunchHostFunc(per_thread(stream), f, user_data)
}

#[no_mangle]
pub extern "C" fn hipEventRecord_spt(ev: hipEvent_t, stream: hipStream_t) -> hipError_t {
    hipEventRecord(ev, per_thread(stream))
}

#[no_mangle]
pub extern "C" fn hipGraphLaunch_spt(
    exec: crate::graph::hipGraphExec_t,
    stream: hipStream_t,
) -> hipError_t {
    crate::graph::hipGraphLaunch(exec, per_thread(stream))
}

#[no_mangle]
pub extern "C" fn hipStreamBeginCapture_spt(stream: hipStream_t, mode: i32) -> hipError_t {
    crate::graph::hipStreamBeginCapture(per_thread(stream), mode)
}

/// # Safety
/// As `hipStreamEndCapture`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamEndCapture_spt(
    stream: hipStream_t,
    graph: *mut crate::graph::hipGraph_t,
) -> hipError_t {
    // SAFETY: passed on under the base call's contract.
    unsafe { crate::graph::hipStreamEndCapture(per_thread(stream), graph) }
}

/// # Safety
/// As `hipStreamIsCapturing`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamIsCapturing_spt(
    stream: hipStream_t,
    status: *mut i32,
) -> hipError_t {
    // SAFETY: passed on under the base call's contract.
    unsafe { crate::graph::hipStreamIsCapturing(per_thread(stream), status) }
}

/// # Safety
/// As `hipStreamGetCaptureInfo`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo_spt(
    stream: hipStream_t,
    status: *mut i32,
    id: *mut u64,
) -> hipError_t {
    // SAFETY: passed on under the base call's contract.
    unsafe { crate::graph::hipStreamGetCaptureInfo(per_thread(stream), status, id) }
}

/// # Safety
/// As `hipStreamGetCaptureInfo_v2`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2_spt(
    stream: hipStream_t,
    status: *mut i32,
    id: *mut u64,
    graph: *mut crate::graph::hipGraph_t,
    deps: *mut *const crate::graph::hipGraphNode_t,
    n: *mut usize,
) -> hipError_t {
    // SAFETY: passed on under the base call's contract.
    unsafe {
        crate::graph::hipStreamGetCaptureInfo_v2(per_thread(stream), status, id, graph, deps, n)
    }
}

/// The device's compute units as a CU mask (bit i of word i / 32 is compute unit i).
fn device_cu_mask() -> ApiResult<Vec<u32>> {
    let cus = hip::get_device_properties(0)?.multi_processor_count.max(1) as usize;
    let mut words = vec![0u32; cus.div_ceil(32)];
    for cu in 0..cus {
        words[cu / 32] |= 1 << (cu % 32);
    }
    Ok(words)
}

/// `hipExtStreamCreateWithCUMask`: a stream restricted to the compute units of `cu_mask`.
/// The mask is checked and kept (cut to the device's compute units) for
/// `hipExtStreamGetCUMask`; the CPU agent still runs the stream's work-groups on all of its
/// workers, as a CU mask restricts placement, not results.
///
/// # Safety
/// `stream` is null or writable; `cu_mask` is null or readable for `cu_mask_size` words.
#[no_mangle]
pub unsafe extern "C" fn hipExtStreamCreateWithCUMask(
    stream: *mut hipStream_t,
    cu_mask_size: u32,
    cu_mask: *const u32,
) -> hipError_t {
    entry(|| {
        if stream.is_null() {
            return Err(err(HipError::InvalidHandle, "stream is a null pointer"));
        }
        if cu_mask_size == 0 || cu_mask.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "the CU mask is empty (cuMaskSize 0 or a null cuMask)",
            ));
        }
        // SAFETY: non-null, readable for cu_mask_size words per the caller.
        let given = unsafe { std::slice::from_raw_parts(cu_mask, cu_mask_size as usize) };
        let device = device_cu_mask()?;
        let mask: Vec<u32> = device
            .iter()
            .enumerate()
            .map(|(i, d)| d & given.get(i).copied().unwrap_or(0))
            .collect();
        // A mask selecting none of the device's compute units is ignored, as in ROCm: the stream
        // gets the default (every unit).
        let mask = mask.iter().any(|&w| w != 0).then_some(mask);
        create_stream_with_mask(stream, hip::STREAM_DEFAULT, 0, mask)
    })
}

/// `hipExtStreamGetCUMask`: the stream's CU mask; every compute unit for a stream created without
/// one (and for the null stream). Words past the device's are written 0.
///
/// # Safety
/// `cu_mask` is null or writable for `cu_mask_size` words.
#[no_mangle]
pub unsafe extern "C" fn hipExtStreamGetCUMask(
    stream: hipStream_t,
    cu_mask_size: u32,
    cu_mask: *mut u32,
) -> hipError_t {
    entry(|| {
        if cu_mask.is_null() || cu_mask_size == 0 {
            return Err(err(
                HipError::InvalidValue,
                "cuMask is a null pointer or cuMaskSize is 0",
            ));
        }
        let device = device_cu_mask()?;
        if (cu_mask_size as usize) < device.len() {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "cuMaskSize {cu_mask_size} is smaller than the device's {} word(s)",
                    device.len()
                ),
            ));
        }
        let mask = match stream as usize {
            0 | STREAM_LEGACY | STREAM_PER_THREAD => device,
            _ => match handles::lookup::<StreamObj>(stream) {
                Some(s) => s.cu_mask.clone().unwrap_or(device),
                None => {
                    return Err(err(
                        HipError::ContextIsDestroyed,
                        format!("{stream:p} is not a live stream"),
                    ))
                }
            },
        };
        // SAFETY: non-null, writable for cu_mask_size words per the caller.
        let out = unsafe { std::slice::from_raw_parts_mut(cu_mask, cu_mask_size as usize) };
        for (i, w) in out.iter_mut().enumerate() {
            *w = mask.get(i).copied().unwrap_or(0);
        }
        Ok(())
    })
}
