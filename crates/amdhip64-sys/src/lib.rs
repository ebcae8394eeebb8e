//! libamdhip64's C ABI, opened at run time: how ferrocm's library C edges (librocblas,
//! libhipblas, ...) queue their kernels on the caller's HIP streams.
//!
//! A program using such a library has libamdhip64 loaded already (its streams are what it
//! passes in), so opening it by soname finds that same copy: one runtime per process, as with
//! ROCm, and the library carries no runtime of its own. Errors are the runtime's messages.

use kernel_abi::WorkGroupFn;
use std::any::TypeId;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CString};
use std::sync::{Mutex, OnceLock};

/// A `hipStream_t`: a handle the runtime checks (a foreign or destroyed one is its
/// `hipErrorInvalidHandle`), never dereferenced here.
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HipStream(pub *mut c_void);
type HipFunction = *mut c_void;

type LaunchFn = unsafe extern "C" fn(
    HipFunction,
    u32,
    u32,
    u32,
    u32,
    u32,
    u32,
    u32,
    *mut c_void,
    *mut *mut c_void,
    *mut *mut c_void,
) -> i32;
type NativeFn =
    unsafe extern "C" fn(*mut HipFunction, *const c_char, Option<WorkGroupFn>, u32) -> i32;
type SyncFn = unsafe extern "C" fn(*mut c_void) -> i32;
type ErrorStringFn = unsafe extern "C" fn(i32) -> *const c_char;
type Memcpy2DFn =
    unsafe extern "C" fn(*mut c_void, usize, *const c_void, usize, usize, usize, i32) -> i32;
type Memcpy2DAsyncFn = unsafe extern "C" fn(
    *mut c_void,
    usize,
    *const c_void,
    usize,
    usize,
    usize,
    i32,
    *mut c_void,
) -> i32;

struct Api {
    _lib: libloading::Library,
    launch: LaunchFn,
    native: NativeFn,
    sync: SyncFn,
    error_string: ErrorStringFn,
    memcpy_2d: Memcpy2DFn,
    memcpy_2d_async: Memcpy2DAsyncFn,
}

/// The runtime's name for a HIP error.
fn hip_error_text(api: &Api, code: i32) -> String {
    // SAFETY: hipGetErrorString returns a static C string for any code.
    let p = unsafe { (api.error_string)(code) };
    if p.is_null() {
        return format!("HIP error {code}");
    }
    // SAFETY: non-null static C string.
    unsafe { std::ffi::CStr::from_ptr(p) }
        .to_string_lossy()
        .into_owned()
}

const SONAMES: [&str; 2] = ["libamdhip64.so.6", "libamdhip64.so"];

fn api() -> Result<&'static Api, String> {
    static API: OnceLock<Result<Api, String>> = OnceLock::new();
    API.get_or_init(|| {
        let mut tried = Vec::new();
        for name in SONAMES {
            // SAFETY: libamdhip64's initializers are safe to run (it is usually loaded
            // already, and then this only takes a reference).
            match unsafe { libloading::Library::new(name) } {
                Ok(lib) => return open(lib),
                Err(e) => tried.push(format!("{name}: {e}")),
            }
        }
        Err(format!(
            "the HIP runtime could not be opened ({})",
            tried.join("; ")
        ))
    })
    .as_ref()
    .map_err(Clone::clone)
}

fn open(lib: libloading::Library) -> Result<Api, String> {
    fn sym<T: Copy>(lib: &libloading::Library, name: &str) -> Result<T, String> {
        // SAFETY: each symbol is looked up with its C signature (declared above).
        unsafe { lib.get::<T>(name.as_bytes()) }
            .map(|s| *s)
            .map_err(|e| format!("libamdhip64 lacks {name}: {e}"))
    }
    Ok(Api {
        launch: sym(&lib, "hipModuleLaunchKernel")?,
        native: sym(&lib, "__ferrocmNativeFunction")?,
        sync: sym(&lib, "hipStreamSynchronize")?,
        error_string: sym(&lib, "hipGetErrorString")?,
        memcpy_2d: sym(&lib, "hipMemcpy2D")?,
        memcpy_2d_async: sym(&lib, "hipMemcpy2DAsync")?,
        _lib: lib,
    })
}

fn check(api: &Api, code: i32, what: &str) -> Result<(), String> {
    if code == 0 {
        return Ok(());
    }
    Err(format!("{what}: {}", hip_error_text(api, code)))
}

/// A kernel written in Rust: its identity (one runtime function per key), its name in launch
/// errors, and its work-group function, which reads `args` from kernarg memory.
pub struct NativeKernel<'a> {
    pub key: TypeId,
    pub name: &'a dyn Fn() -> String,
    pub function: WorkGroupFn,
    pub args: &'a [u8],
}

/// The runtime's function for `k`, made once per process.
fn function(api: &Api, k: &NativeKernel) -> Result<HipFunction, String> {
    static FUNCTIONS: OnceLock<Mutex<HashMap<TypeId, usize>>> = OnceLock::new();
    let mut map = FUNCTIONS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(&f) = map.get(&k.key) {
        return Ok(f as HipFunction);
    }
    let name = CString::new((k.name)()).unwrap_or_default();
    let mut f: HipFunction = std::ptr::null_mut();
    // SAFETY: valid out-pointer and name; the work-group function reads arguments of
    // `args.len()` bytes, as registered (the caller's `NativeKernel` contract).
    let code =
        unsafe { (api.native)(&mut f, name.as_ptr(), Some(k.function), k.args.len() as u32) };
    check(api, code, "registering the kernel")?;
    map.insert(k.key, f as usize);
    Ok(f)
}

/// Queues `groups` work-groups of `k` on `stream` (one work-item each).
pub fn launch(stream: HipStream, groups: u32, k: &NativeKernel) -> Result<(), String> {
    let api = api()?;
    let f = function(api, k)?;
    let bytes = k.args;
    let mut size = bytes.len();
    // HIP_LAUNCH_PARAM_BUFFER_POINTER, _SIZE, _END: the arguments as one buffer.
    let key = std::ptr::without_provenance_mut::<c_void>;
    let mut extra: [*mut c_void; 5] = [
        key(1),
        bytes.as_ptr() as *mut c_void,
        key(2),
        (&mut size as *mut usize).cast(),
        key(3),
    ];
    // SAFETY: a live function handle; the extra array describes a buffer that outlives the
    // call (the runtime copies it into kernarg memory).
    let code = unsafe {
        (api.launch)(
            f,
            groups,
            1,
            1,
            1,
            1,
            1,
            0,
            stream.0,
            std::ptr::null_mut(),
            extra.as_mut_ptr(),
        )
    };
    check(api, code, &format!("launching {}", (k.name)()))
}

/// Waits for `stream`'s work.
pub fn synchronize(stream: HipStream) -> Result<(), String> {
    let api = api()?;
    // SAFETY: the stream is the caller's (checked by the runtime).
    let code = unsafe { (api.sync)(stream.0) };
    check(api, code, "synchronizing the stream")
}

/// A strided copy: `height` rows of `width` bytes, the rows `spitch` bytes apart at `src` and
/// `dpitch` bytes apart at `dst`, either side host or device memory (`hipMemcpyDefault`).
/// Queued on `stream` when one is given (`hipMemcpy2DAsync`), else done before returning, as
/// `hipMemcpy2D` does.
pub struct Copy2D {
    pub dst: *mut c_void,
    pub dpitch: usize,
    pub src: *const c_void,
    pub spitch: usize,
    pub width: usize,
    pub height: usize,
}

/// Runs or queues `c` (see [`Copy2D`]).
///
/// # Safety
/// Both sides cover `height` rows of their pitch; host memory stays valid until an asynchronous
/// copy has run.
pub unsafe fn copy_2d(c: &Copy2D, stream: Option<HipStream>) -> Result<(), String> {
    const DEFAULT_KIND: i32 = 4; // hipMemcpyDefault
    let api = api()?;
    // SAFETY: the caller's contract; the runtime checks the pitches against the width.
    let code = unsafe {
        match stream {
            Some(s) => (api.memcpy_2d_async)(
                c.dst,
                c.dpitch,
                c.src,
                c.spitch,
                c.width,
                c.height,
                DEFAULT_KIND,
                s.0,
            ),
            None => (api.memcpy_2d)(
                c.dst,
                c.dpitch,
                c.src,
                c.spitch,
                c.width,
                c.height,
                DEFAULT_KIND,
            ),
        }
    };
    check(api, code, "copying")
}
