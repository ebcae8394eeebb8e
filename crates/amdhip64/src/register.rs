//! The registration ABI clang's host code calls, and the APIs that take host-side handles:
//!
//! * a static constructor calls `__hipRegisterFatBinary(&wrapper)` with the offload bundle
//!   `-fcuda-include-gpubinary` embedded, then `__hipRegisterFunction` per kernel (host stub
//!   handle -> device name) and `__hipRegisterVar` per device variable (host shadow ->
//!   device name); `atexit` calls `__hipUnregisterFatBinary`;
//! * `kernel<<<g, b, shmem, s>>>(args)` is `__hipPushCallConfiguration(g, b, shmem, s)`, then
//!   the stub: `__hipPopCallConfiguration(..)` and `hipLaunchKernel(handle, g, b, args, ..)`.
//!
//! The bundle is checked at registration (so a missing CPU entry is known early), but the
//! code object is loaded on first use: static constructors stay cheap and start no threads.

use crate::abi::{dim3, FatBinaryWrapper, FATBIN_MAGIC, FATBIN_VERSION};
use crate::handles::{self, HandleKind};
use crate::module::{cpu_code_object, launch};
use crate::stream::{hipStream_t, with_stream};
use crate::{c_str, entry, err, hipError_t, memcpy_kind, put, ApiResult};
use hip::{HipError, MemcpyKind};
use kernel_abi::{bundle, CodeObject};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

type Failure = (HipError, String);

/// One registered fat binary (the handle clang keeps in `__hip_gpubin_handle`).
pub struct FatBinary {
    /// The CPU code object, or why there is none usable.
    code: Mutex<Option<Result<CodeObject, Failure>>>,
    loaded: OnceLock<Result<Arc<hip::Module>, Failure>>,
    /// Managed variables: device name and the memory given to the host variable.
    managed: Mutex<Vec<(String, usize)>>,
}

impl HandleKind for FatBinary {
    const TAG: u32 = 0x4649_4e42; // "FINB"
    const NAME: &'static str = "fat binary";
}

impl FatBinary {
    /// The module, loading it on first use; the registration's or the load's failure again
    /// on every call.
    fn module(&self) -> ApiResult<Arc<hip::Module>> {
        let r = self.loaded.get_or_init(|| {
            let code = self.code.lock().unwrap_or_else(|e| e.into_inner()).take();
            let co = match code {
                Some(Ok(co)) => co,
                Some(Err(f)) => return Err(f),
                None => {
                    return Err((
                        HipError::InvalidImage,
                        "fat binary has no code object".into(),
                    ))
                }
            };
            let m = match hip::Module::from_code_object(co) {
                Ok(m) => m,
                Err(e) => return Err((e, hip::last_error_detail().unwrap_or_default())),
            };
            // Managed variables: the device copy of each holds the address of the memory the
            // host variable points to.
            for (name, addr) in self
                .managed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
            {
                if let Ok((p, 8)) = m.global(name) {
                    // SAFETY: `p` is the device global `name`, 8 bytes (a pointer) long.
                    unsafe { (p as *mut usize).write_unaligned(*addr) };
                }
            }
            Ok(Arc::new(m))
        });
        match r {
            Ok(m) => Ok(m.clone()),
            Err((e, d)) => Err(err(*e, d.clone())),
        }
    }
}

struct RegisteredFunction {
    fatbin: Arc<FatBinary>,
    name: String,
    function: OnceLock<hip::Function>,
}

impl RegisteredFunction {
    fn function(&self) -> ApiResult<hip::Function> {
        if let Some(f) = self.function.get() {
            return Ok(f.clone());
        }
        let f = self.fatbin.module()?.function(&self.name)?;
        Ok(self.function.get_or_init(|| f).clone())
    }
}

struct RegisteredVar {
    fatbin: Arc<FatBinary>,
    name: String,
    size: usize,
}

#[derive(Default)]
struct Tables {
    functions: HashMap<usize, Arc<RegisteredFunction>>,
    vars: HashMap<usize, Arc<RegisteredVar>>,
}

fn tables() -> MutexGuard<'static, Tables> {
    static T: OnceLock<Mutex<Tables>> = OnceLock::new();
    T.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The kernel registered for host stub handle `host`; unknown: `hipErrorInvalidDeviceFunction`.
pub(crate) fn host_function(host: *const c_void) -> ApiResult<hip::Function> {
    let rf = tables().functions.get(&(host as usize)).cloned();
    match rf {
        Some(rf) => rf.function(),
        None => Err(err(
            HipError::InvalidDeviceFunction,
            format!("{host:p} is not a registered kernel (no __hipRegisterFunction for it)"),
        )),
    }
}

/// The CPU code object of the bundle a wrapper points to.
///
/// # Safety
/// `w` points to a readable wrapper whose `binary` is a complete bundle or code object.
unsafe fn read_fat_binary(w: &FatBinaryWrapper) -> Result<CodeObject, Failure> {
    let fail = |e: HipError| (e, hip::last_error_detail().unwrap_or_default());
    if w.binary.is_null() {
        return Err((
            HipError::InvalidImage,
            "fat binary wrapper holds a null binary".into(),
        ));
    }
    let p = w.binary as *const u8;
    // SAFETY: the caller vouches for the binary; the header gives its length.
    let len = unsafe { crate::module::image_len(p) }.map_err(fail)?;
    // SAFETY: `len` bytes from the binary's own header.
    let bytes = unsafe { std::slice::from_raw_parts(p, len) };
    if !bytes.starts_with(bundle::MAGIC) {
        // Code objects are accepted bare too (what hipModuleLoadData takes).
        tracing::debug!("fat binary is a bare code object, not a bundle");
    }
    cpu_code_object(bytes).map_err(fail)
}

/// Registers the fat binary `wrapper` points to. A wrapper with a bad magic or version gives
/// a null handle; a bundle without a usable CPU entry gives a handle whose kernels fail to
/// launch with the recorded error (`hipErrorNoBinaryForGpu`, `hipErrorInvalidImage`).
///
/// # Safety
/// `wrapper` is null or points to clang's `{ magic, version, binary, unused }` wrapper.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFatBinary(wrapper: *const c_void) -> *mut *mut c_void {
    let r = std::panic::catch_unwind(|| {
        if wrapper.is_null() {
            err(
                HipError::InvalidValue,
                "__hipRegisterFatBinary: null wrapper",
            );
            return std::ptr::null_mut();
        }
        // SAFETY: non-null; clang's wrapper per the caller.
        let w = unsafe { *(wrapper as *const FatBinaryWrapper) };
        if w.magic != FATBIN_MAGIC || w.version != FATBIN_VERSION {
            err(
                HipError::InvalidImage,
                format!(
                    "__hipRegisterFatBinary: wrapper magic {:#x} version {} (expected {FATBIN_MAGIC:#x} version {FATBIN_VERSION})",
                    w.magic, w.version
                ),
            );
            return std::ptr::null_mut();
        }
        // SAFETY: a genuine wrapper points to the embedded binary.
        let code = unsafe { read_fat_binary(&w) };
        if let Err((e, d)) = &code {
            tracing::warn!("fat binary not usable on the CPU device: {}: {d}", e.name());
            err(*e, d.clone());
        }
        let fb = FatBinary {
            code: Mutex::new(Some(code)),
            loaded: OnceLock::new(),
            managed: Mutex::new(Vec::new()),
        };
        handles::register(Arc::new(fb)).cast()
    });
    r.unwrap_or(std::ptr::null_mut())
}

/// Forgets the fat binary's kernels and variables. The loaded native code itself stays
/// mapped: this runs from `atexit`, when runtime threads may still be finishing work that
/// executes it, so unmapping it here could pull code from under them.
#[no_mangle]
pub extern "C" fn __hipUnregisterFatBinary(modules: *mut *mut c_void) {
    let _ = entry(|| {
        let Some(fb) = handles::unregister::<FatBinary>(modules.cast()) else {
            return Err(err(
                HipError::InvalidHandle,
                format!("{modules:p} is not a registered fat binary"),
            ));
        };
        let mut t = tables();
        t.functions.retain(|_, f| !Arc::ptr_eq(&f.fatbin, &fb));
        t.vars.retain(|_, v| !Arc::ptr_eq(&v.fatbin, &fb));
        std::mem::forget(fb);
        Ok(())
    });
}

fn fat_binary(modules: *mut *mut c_void) -> ApiResult<Arc<FatBinary>> {
    handles::lookup::<FatBinary>(modules.cast()).ok_or_else(|| {
        err(
            HipError::InvalidHandle,
            format!("{modules:p} is not a registered fat binary"),
        )
    })
}

/// # Safety
/// `device_name` is null or a C string; the other pointers are clang's and unused.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFunction(
    modules: *mut *mut c_void,
    host_function: *const c_void,
    _device_function: *mut c_char,
    device_name: *const c_char,
    _thread_limit: u32,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _block_dim: *mut dim3,
    _grid_dim: *mut dim3,
    _w_size: *mut i32,
) -> hipError_t {
    entry(|| {
        let fatbin = fat_binary(modules)?;
        // SAFETY: forwarded caller contract.
        let name = unsafe { c_str(device_name, "deviceName")? }.to_string();
        let rf = RegisteredFunction {
            fatbin,
            name,
            function: OnceLock::new(),
        };
        tables()
            .functions
            .insert(host_function as usize, Arc::new(rf));
        Ok(())
    })
}

/// # Safety
/// `device_name` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterVar(
    modules: *mut *mut c_void,
    host_var: *mut c_void,
    _host_name: *mut c_char,
    device_name: *const c_char,
    _ext: i32,
    size: usize,
    _constant: i32,
    _global: i32,
) {
    let _ = entry(|| {
        let fatbin = fat_binary(modules)?;
        // SAFETY: forwarded caller contract.
        let name = unsafe { c_str(device_name, "deviceName")? }.to_string();
        tables().vars.insert(
            host_var as usize,
            Arc::new(RegisteredVar { fatbin, name, size }),
        );
        Ok(())
    });
}

/// A `__managed__` variable: managed memory of `size` bytes, initialised from `init`, whose
/// address goes into the host variable `*pointer` (and into the device variable `name` when
/// the module loads).
///
/// # Safety
/// `pointer` is writable; `init` is null or readable for `size` bytes; `name` a C string.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterManagedVar(
    modules: *mut c_void,
    pointer: *mut *mut c_void,
    init: *const c_void,
    name: *const c_char,
    size: usize,
    _align: u32,
) {
    let _ = entry(|| {
        let fatbin = fat_binary(modules.cast())?;
        // SAFETY: forwarded caller contract.
        let name = unsafe { c_str(name, "name")? }.to_string();
        if pointer.is_null() || size == 0 {
            return Err(err(
                HipError::InvalidValue,
                "managed variable without storage",
            ));
        }
        // SAFETY: the memory lives as long as the program (managed variables are static).
        let mem = unsafe { hip::malloc(size)? };
        if !init.is_null() {
            // SAFETY: `init` is readable for `size` bytes; `mem` is a fresh allocation of it.
            unsafe { std::ptr::copy_nonoverlapping(init as *const u8, mem as *mut u8, size) };
        }
        fatbin
            .managed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((name, mem as usize));
        // SAFETY: non-null, writable per the caller.
        unsafe { put(pointer, mem, "pointer") }
    });
}

thread_local! {
    /// `<<<>>>` configurations pushed and not yet popped by a stub (a stack: a launch's
    /// arguments may themselves contain launches).
    static CALL_CONFIG: RefCell<Vec<(dim3, dim3, usize, usize)>> = const { RefCell::new(Vec::new()) };
}

#[no_mangle]
pub extern "C" fn __hipPushCallConfiguration(
    grid: dim3,
    block: dim3,
    shmem: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        CALL_CONFIG.with(|c| c.borrow_mut().push((grid, block, shmem, stream as usize)));
        Ok(())
    })
}

/// # Safety
/// The out-pointers are writable.
#[no_mangle]
pub unsafe extern "C" fn __hipPopCallConfiguration(
    grid: *mut dim3,
    block: *mut dim3,
    shmem: *mut usize,
    stream: *mut hipStream_t,
) -> hipError_t {
    entry(|| {
        let Some((g, b, s, st)) = CALL_CONFIG.with(|c| c.borrow_mut().pop()) else {
            return Err(err(
                HipError::MissingConfiguration,
                "kernel stub called without <<<>>> configuration",
            ));
        };
        // SAFETY: writable per the caller (clang passes locals).
        unsafe {
            put(grid, g, "gridDim")?;
            put(block, b, "blockDim")?;
            put(shmem, s, "sharedMem")?;
            put(stream, st as hipStream_t, "stream")
        }
    })
}

/// Launches the kernel registered for host stub handle `f`. `args` holds one pointer per
/// kernel argument.
///
/// # Safety
/// `args` is null or one valid pointer per kernel argument.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchKernel(
    f: *const c_void,
    grid: dim3,
    block: dim3,
    args: *mut *mut c_void,
    shmem: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        crate::stream::check_launch_stream(stream)?;
        let func = host_function(f)?;
        // A captured launch remembers the host function it was named by.
        hip::graph::with_launch_func_id(f as usize, || {
            // SAFETY: forwarded caller contract.
            unsafe {
                launch(
                    &func,
                    grid,
                    block,
                    shmem,
                    stream,
                    args,
                    std::ptr::null_mut(),
                )
            }
        })
    })
}

/// The device address and size of the device variable whose host shadow is `symbol`.
fn symbol(symbol: *const c_void) -> ApiResult<(*mut c_void, usize)> {
    let v = tables().vars.get(&(symbol as usize)).cloned();
    let Some(v) = v else {
        return Err(err(
            HipError::InvalidSymbol,
            format!("{symbol:p} is not a registered device variable"),
        ));
    };
    let (p, n) = v.fatbin.module()?.global(&v.name).map_err(|_| {
        err(
            HipError::InvalidSymbol,
            format!("device variable '{}' is not in the code object", v.name),
        )
    })?;
    // Both sides declare the variable; copies stay inside the smaller (they agree unless the
    // host and device compiles saw different sources).
    Ok((p, n.min(v.size)))
}

/// Whether `p` is the host shadow of a registered device variable.
pub(crate) fn is_symbol(p: *const c_void) -> bool {
    tables().vars.contains_key(&(p as usize))
}

pub(crate) fn symbol_range(
    sym: *const c_void,
    count: usize,
    offset: usize,
) -> ApiResult<*mut c_void> {
    let (p, n) = symbol(sym)?;
    if offset.checked_add(count).is_none_or(|end| end > n) {
        return Err(err(
            HipError::InvalidValue,
            format!("{count} bytes at offset {offset} exceed the {n}-byte device variable"),
        ));
    }
    Ok((p as usize + offset) as *mut c_void)
}

pub(crate) fn to_symbol_kind(kind: i32) -> ApiResult<MemcpyKind> {
    match memcpy_kind(kind)? {
        k @ (MemcpyKind::HostToDevice | MemcpyKind::DeviceToDevice | MemcpyKind::Default) => Ok(k),
        k => Err(err(
            HipError::InvalidMemcpyDirection,
            format!("{k:?} copy to a device variable"),
        )),
    }
}

pub(crate) fn from_symbol_kind(kind: i32) -> ApiResult<MemcpyKind> {
    match memcpy_kind(kind)? {
        k @ (MemcpyKind::DeviceToHost | MemcpyKind::DeviceToDevice | MemcpyKind::Default) => Ok(k),
        k => Err(err(
            HipError::InvalidMemcpyDirection,
            format!("{k:?} copy from a device variable"),
        )),
    }
}

/// # Safety
/// `src` is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbol(
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let k = to_symbol_kind(kind)?;
        let d = symbol_range(sym, count, offset)?;
        // SAFETY: the device range was checked; the host side is the caller's.
        unsafe { hip::memcpy(d, src, count, k) }
    })
}

/// # Safety
/// As [`hipMemcpyToSymbol`]; `src` stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbolAsync(
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let k = to_symbol_kind(kind)?;
        let d = symbol_range(sym, count, offset)?;
        // SAFETY: as hipMemcpyToSymbol.
        with_stream(stream, |s| unsafe {
            hip::memcpy_async(d, src, count, k, s)
        })
    })
}

/// # Safety
/// `dst` is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbol(
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let k = from_symbol_kind(kind)?;
        let s = symbol_range(sym, count, offset)?;
        // SAFETY: the device range was checked; the host side is the caller's.
        unsafe { hip::memcpy(dst, s, count, k) }
    })
}

/// # Safety
/// As [`hipMemcpyFromSymbol`]; `dst` stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbolAsync(
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let k = from_symbol_kind(kind)?;
        let src = symbol_range(sym, count, offset)?;
        // SAFETY: as hipMemcpyFromSymbol.
        with_stream(stream, |s| unsafe {
            hip::memcpy_async(dst, src, count, k, s)
        })
    })
}

/// # Safety
/// `dev_ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolAddress(
    dev_ptr: *mut *mut c_void,
    sym: *const c_void,
) -> hipError_t {
    // SAFETY: writable per the caller.
    entry(|| unsafe { put(dev_ptr, symbol(sym)?.0, "devPtr") })
}

/// # Safety
/// `size` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolSize(size: *mut usize, sym: *const c_void) -> hipError_t {
    // SAFETY: writable per the caller.
    entry(|| unsafe { put(size, symbol(sym)?.1, "size") })
}
