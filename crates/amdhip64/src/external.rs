//! External resource interoperability: memory and semaphores other APIs (Vulkan, Direct3D)
//! export.
//!
//! Memory: an opaque file descriptor is real on the CPU device. Whatever it names (a memory
//! file, a regular file, memory a Vulkan CPU driver exports) is mapped shared, read and
//! write, and registered as device memory, so buffers mapped from it work in copies, fills,
//! pointer queries and kernels while the exporter sees every write. The runtime owns the
//! descriptor once an import succeeds and closes it at `hipDestroyExternalMemory`; the
//! mapping lives until the import and every buffer mapped from it (each released by
//! `hipFree`) are gone, as ROCm counts its references. Windows and Direct3D handles do not
//! exist on Linux: `hipErrorNotSupported`.
//!
//! Semaphores: the CPU device has no driver that signals or waits on one, so none can be
//! imported (`hipErrorNotSupported` once the arguments pass ROCm's checks). Every call taking
//! a semaphore, graph nodes included, therefore only ever sees invalid ones and answers as
//! ROCm answers an invalid semaphore: `hipErrorInvalidValue`.
//!
//! Argument checks and their order follow ROCm's clr (hip_memory.cpp, hip_graph.cpp).

use crate::abi::hipExtent;
use crate::graph::{hipGraphExec_t, hipGraphNode_t, hipGraph_t, ExecObj, GraphObj, NodeObj};
use crate::handles::{self, HandleKind};
use crate::stream::{check_launch_stream, hipStream_t};
use crate::texture::hipChannelFormatDesc;
use crate::{entry, err, hipError_t, put, ApiResult};
use hip::mempool::RangeOwner;
use hip::HipError;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

// --- C structures --------------------------------------------------------------------------

/// `hipExternalMemory_t`.
pub type hipExternalMemory_t = *mut c_void;
/// `hipExternalSemaphore_t`.
pub type hipExternalSemaphore_t = *mut c_void;
/// `hipMipmappedArray_t`.
pub type hipMipmappedArray_t = *mut c_void;

/// `hipExternalMemoryHandleType`.
pub const EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD: i32 = 1;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32: i32 = 2;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_KMT: i32 = 3;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_HEAP: i32 = 4;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE: i32 = 5;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE: i32 = 6;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT: i32 = 7;
pub const EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF: i32 = 8;
/// `hipExternalMemoryDedicated`, the one `hipExternalMemoryHandleDesc.flags` bit.
pub const EXTERNAL_MEMORY_DEDICATED: u32 = 1;

/// `hipExternalSemaphoreHandleType`.
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD: i32 = 1;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32: i32 = 2;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32_KMT: i32 = 3;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE: i32 = 4;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE: i32 = 5;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC: i32 = 6;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_KEYED_MUTEX: i32 = 7;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_KEYED_MUTEX_KMT: i32 = 8;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD: i32 = 9;
pub const EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32: i32 = 10;

/// The `win32` member of the handle unions: a handle and/or a name.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipExternalWin32Handle {
    pub handle: *mut c_void,
    pub name: *const c_void,
}

/// The `handle` member of `hipExternalMemoryHandleDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union hipExternalMemoryHandle {
    pub fd: i32,
    pub win32: hipExternalWin32Handle,
    pub nvSciBufObject: *const c_void,
}

/// `hipExternalMemoryHandleDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipExternalMemoryHandleDesc {
    /// A `hipExternalMemoryHandleType`.
    pub type_: i32,
    pub handle: hipExternalMemoryHandle,
    pub size: u64,
    pub flags: u32,
    pub reserved: [u32; 16],
}

/// `hipExternalMemoryBufferDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipExternalMemoryBufferDesc {
    pub offset: u64,
    pub size: u64,
    pub flags: u32,
    pub reserved: [u32; 16],
}

/// `hipExternalMemoryMipmappedArrayDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipExternalMemoryMipmappedArrayDesc {
    pub offset: u64,
    pub formatDesc: hipChannelFormatDesc,
    pub extent: hipExtent,
    pub flags: u32,
    pub numLevels: u32,
}

/// The `handle` member of `hipExternalSemaphoreHandleDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union hipExternalSemaphoreHandle {
    pub fd: i32,
    pub win32: hipExternalWin32Handle,
    pub NvSciSyncObj: *const c_void,
}

/// `hipExternalSemaphoreHandleDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipExternalSemaphoreHandleDesc {
    /// A `hipExternalSemaphoreHandleType`.
    pub type_: i32,
    pub handle: hipExternalSemaphoreHandle,
    pub flags: u32,
    pub reserved: [u32; 16],
}

/// The `fence` member of the signal and wait parameters: the value of a timeline semaphore.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipExternalSemaphoreFence {
    pub value: u64,
}

/// The `nvSciSync` member of the signal and wait parameters.
#[repr(C)]
#[derive(Clone, Copy)]
pub union hipExternalSemaphoreNvSciSync {
    pub fence: *mut c_void,
    pub reserved: u64,
}

/// The `keyedMutex` member of the signal parameters.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipExternalSemaphoreSignalKeyedMutex {
    pub key: u64,
}

/// The `params` member of `hipExternalSemaphoreSignalParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipExternalSemaphoreSignalParamsBody {
    pub fence: hipExternalSemaphoreFence,
    pub nvSciSync: hipExternalSemaphoreNvSciSync,
    pub keyedMutex: hipExternalSemaphoreSignalKeyedMutex,
    pub reserved: [u32; 12],
}

/// `hipExternalSemaphoreSignalParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipExternalSemaphoreSignalParams {
    pub params: hipExternalSemaphoreSignalParamsBody,
    pub flags: u32,
    pub reserved: [u32; 16],
}

/// The `keyedMutex` member of the wait parameters.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipExternalSemaphoreWaitKeyedMutex {
    pub key: u64,
    pub timeoutMs: u32,
}

/// The `params` member of `hipExternalSemaphoreWaitParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipExternalSemaphoreWaitParamsBody {
    pub fence: hipExternalSemaphoreFence,
    pub nvSciSync: hipExternalSemaphoreNvSciSync,
    pub keyedMutex: hipExternalSemaphoreWaitKeyedMutex,
    pub reserved: [u32; 10],
}

/// `hipExternalSemaphoreWaitParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipExternalSemaphoreWaitParams {
    pub params: hipExternalSemaphoreWaitParamsBody,
    pub flags: u32,
    pub reserved: [u32; 16],
}

/// `hipExternalSemaphoreSignalNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipExternalSemaphoreSignalNodeParams {
    pub extSemArray: *mut hipExternalSemaphore_t,
    pub paramsArray: *const hipExternalSemaphoreSignalParams,
    pub numExtSems: u32,
}

/// `hipExternalSemaphoreWaitNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipExternalSemaphoreWaitNodeParams {
    pub extSemArray: *mut hipExternalSemaphore_t,
    pub paramsArray: *const hipExternalSemaphoreWaitParams,
    pub numExtSems: u32,
}

// --- external memory -----------------------------------------------------------------------

/// An imported file mapped shared and registered as device memory; unmapped when the
/// import and the last buffer mapped from it are released.
struct Mapping {
    base: usize,
    size: usize,
}

impl Drop for Mapping {
    fn drop(&mut self) {
        hip::mempool::unregister_range(self.base as *mut c_void);
        crate::memory::forget_buffer(self.base);
        // SAFETY: `import` mapped exactly this range; the mapping is released once, here,
        // after the last reference (import or buffer) went away.
        unsafe { libc::munmap(self.base as *mut c_void, self.size) };
    }
}

/// What a `hipExternalMemory_t` points to.
pub struct ExternalMemory {
    /// The imported descriptor, owned by the runtime from the import on.
    fd: i32,
    map: Arc<Mapping>,
}

impl HandleKind for ExternalMemory {
    const TAG: u32 = 0x4558_544d; // "EXTM"
    const NAME: &'static str = "external memory";
}

impl Drop for ExternalMemory {
    fn drop(&mut self) {
        // SAFETY: the descriptor was handed over at the import and is closed once, here.
        unsafe { libc::close(self.fd) };
    }
}

/// Buffers handed out by `hipExternalMemoryGetMappedBuffer`: address -> one reference to
/// the mapping per call that returned it (two calls may return the same address).
fn buffers() -> MutexGuard<'static, HashMap<usize, Vec<Arc<Mapping>>>> {
    static B: OnceLock<Mutex<HashMap<usize, Vec<Arc<Mapping>>>>> = OnceLock::new();
    B.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

fn external_memory(h: hipExternalMemory_t) -> ApiResult<Arc<ExternalMemory>> {
    handles::lookup::<ExternalMemory>(h).ok_or_else(|| {
        err(
            HipError::InvalidValue,
            format!("{h:p} is not a live external memory object (destroyed?)"),
        )
    })
}

/// `hipFree` of a buffer mapped from external memory releases that buffer's reference;
/// `Ok(false)` when `p` is no such buffer.
pub(crate) fn free_mapped_buffer(p: *mut c_void) -> ApiResult<bool> {
    if !buffers().contains_key(&(p as usize)) {
        return Ok(false);
    }
    // As any hipFree: queued work may still use the memory (and a host function waiting for
    // its own stream would never return).
    hip::check_not_in_host_callback("freeing memory")?;
    hip::mempool::wait_device_idle()?;
    let released = {
        let mut b = buffers();
        let Some(refs) = b.get_mut(&(p as usize)) else {
            // Freed by another thread meanwhile: this free found nothing to release.
            return Ok(false);
        };
        let r = refs.pop();
        if refs.is_empty() {
            b.remove(&(p as usize));
        }
        r
    };
    // Dropped outside the lock: the last reference unmaps, which takes other locks.
    drop(released);
    Ok(true)
}

/// Maps `size` bytes of the file `fd` names, shared, for reading and writing.
fn map_fd(fd: i32, size: u64) -> ApiResult<Mapping> {
    if fd < 0 {
        return Err(err(
            HipError::InvalidValue,
            format!("{fd} is not a file descriptor"),
        ));
    }
    // SAFETY: an all-zero `stat` is a valid value of the plain C struct.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is writable; fstat checks the descriptor itself.
    if unsafe { libc::fstat(fd, &mut st) } != 0 {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "descriptor {fd}: {} (the import takes an open memory file)",
                std::io::Error::last_os_error()
            ),
        ));
    }
    let have = u64::try_from(st.st_size).unwrap_or(0);
    if have < size {
        return Err(err(
            HipError::InvalidValue,
            format!("descriptor {fd} holds {have} bytes, fewer than the {size} imported"),
        ));
    }
    let len = usize::try_from(size)
        .map_err(|_| err(HipError::InvalidValue, format!("{size} bytes is too large")))?;
    // SAFETY: a new mapping chosen by the kernel; the descriptor and length were checked.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            fd,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        let e = std::io::Error::last_os_error();
        let code = if e.raw_os_error() == Some(libc::ENOMEM) {
            HipError::OutOfMemory
        } else {
            HipError::InvalidValue
        };
        return Err(err(
            code,
            format!("descriptor {fd} cannot be mapped for reading and writing: {e}"),
        ));
    }
    hip::mempool::register_range(p, len, RangeOwner::Mapped);
    Ok(Mapping {
        base: p as usize,
        size: len,
    })
}

/// # Safety
/// `out` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipImportExternalMemory(
    out: *mut hipExternalMemory_t,
    desc: *const hipExternalMemoryHandleDesc,
) -> hipError_t {
    entry(|| {
        if out.is_null() || desc.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "extMem_out or memHandleDesc is a null pointer",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        if d.flags != 0 && d.flags != EXTERNAL_MEMORY_DEDICATED {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "flags {:#x}: only hipExternalMemoryDedicated is defined",
                    d.flags
                ),
            ));
        }
        if d.size == 0 {
            return Err(err(HipError::InvalidValue, "size is 0"));
        }
        match d.type_ {
            EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD => {}
            EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32
                ..=EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT => {
                return Err(err(
                    HipError::NotSupported,
                    format!(
                        "hipImportExternalMemory: handle type {} is a Windows or Direct3D \
                         handle, which Linux does not have",
                        d.type_
                    ),
                ))
            }
            t => {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{t} is not a hipExternalMemoryHandleType that can be imported"),
                ))
            }
        }
        // SAFETY: `type` says the union holds a descriptor.
        let fd = unsafe { d.handle.fd };
        let map = map_fd(fd, d.size)?;
        let h = handles::register(Arc::new(ExternalMemory {
            fd,
            map: Arc::new(map),
        }));
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "extMem_out") }
    })
}

/// # Safety
/// `dev_ptr` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipExternalMemoryGetMappedBuffer(
    dev_ptr: *mut *mut c_void,
    ext_mem: hipExternalMemory_t,
    desc: *const hipExternalMemoryBufferDesc,
) -> hipError_t {
    entry(|| {
        if dev_ptr.is_null() || ext_mem.is_null() || desc.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "devPtr, extMem or bufferDesc is a null pointer",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        if d.flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("bufferDesc.flags is {:#x}, not 0", d.flags),
            ));
        }
        let m = external_memory(ext_mem)?;
        let size = m.map.size as u64;
        if d.offset.checked_add(d.size).is_none_or(|end| end > size) {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "{} bytes at offset {} run past the {size} bytes imported",
                    d.size, d.offset
                ),
            ));
        }
        let p = m.map.base + d.offset as usize;
        buffers().entry(p).or_default().push(m.map.clone());
        // SAFETY: non-null, writable per the caller.
        unsafe { put(dev_ptr, p as *mut c_void, "devPtr") }
    })
}

/// # Safety
/// `mipmap` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipExternalMemoryGetMappedMipmappedArray(
    mipmap: *mut hipMipmappedArray_t,
    ext_mem: hipExternalMemory_t,
    desc: *const hipExternalMemoryMipmappedArrayDesc,
) -> hipError_t {
    entry(|| {
        if mipmap.is_null() || ext_mem.is_null() || desc.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "mipmap, extMem or mipmapDesc is a null pointer",
            ));
        }
        hip::graph::check_unsafe_call("hipExternalMemoryGetMappedMipmappedArray")?;
        external_memory(ext_mem)?;
        Err(err(
            HipError::NotSupported,
            "hipExternalMemoryGetMappedMipmappedArray: the runtime lays out array memory \
             itself, so an array cannot alias imported memory; map a buffer instead",
        ))
    })
}

#[no_mangle]
pub extern "C" fn hipDestroyExternalMemory(ext_mem: hipExternalMemory_t) -> hipError_t {
    entry(|| {
        if ext_mem.is_null() {
            return Err(err(HipError::InvalidValue, "extMem is a null pointer"));
        }
        external_memory(ext_mem)?;
        // Queued work may still use the memory when this is its last reference.
        hip::check_not_in_host_callback("hipDestroyExternalMemory")?;
        hip::mempool::wait_device_idle()?;
        // The descriptor is closed here; buffers mapped from the import keep the mapping.
        drop(handles::unregister::<ExternalMemory>(ext_mem));
        Ok(())
    })
}

// --- external semaphores -------------------------------------------------------------------

/// The answer to a semaphore handle: none can be imported, so every one is invalid.
fn invalid_semaphore(h: hipExternalSemaphore_t) -> HipError {
    err(
        HipError::InvalidValue,
        format!("{h:p} is not an imported external semaphore (the CPU device has none)"),
    )
}

/// # Safety
/// `out` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipImportExternalSemaphore(
    out: *mut hipExternalSemaphore_t,
    desc: *const hipExternalSemaphoreHandleDesc,
) -> hipError_t {
    entry(|| {
        if out.is_null() || desc.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "extSem_out or semHandleDesc is a null pointer",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        match d.type_ {
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD => {
                // SAFETY: `type` says the union holds a descriptor.
                let fd = unsafe { d.handle.fd };
                // ROCm refuses descriptor 0 as well as the invalid ones.
                if fd <= 0 {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("{fd} is not a semaphore's file descriptor"),
                    ));
                }
            }
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32
                ..=EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE => {
                // SAFETY: `type` says the union holds a Windows handle.
                if unsafe { d.handle.win32.handle }.is_null() {
                    return Err(err(HipError::InvalidValue, "handle.win32.handle is null"));
                }
            }
            t => {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{t} is not a hipExternalSemaphoreHandleType ROCm imports"),
                ))
            }
        }
        Err(err(
            HipError::NotSupported,
            "hipImportExternalSemaphore: the CPU device has no Vulkan or Direct3D semaphore \
             driver to signal or wait on",
        ))
    })
}

/// The checks of `hipSignal/WaitExternalSemaphoresAsync`: arrays, stream, then each
/// semaphore with its parameters' flags.
///
/// # Safety
/// `sems` is null or holds `n` handles; `flags(i)` reads entry `i` of a non-null array of `n`.
unsafe fn check_semaphore_call(
    sems: *const hipExternalSemaphore_t,
    params_null: bool,
    n: u32,
    stream: hipStream_t,
    flags: impl Fn(usize) -> u32,
) -> ApiResult {
    if sems.is_null() || params_null {
        return Err(err(
            HipError::InvalidValue,
            "extSemArray or paramsArray is a null pointer",
        ));
    }
    check_launch_stream(stream)?;
    if n == 0 {
        return Ok(());
    }
    // ROCm checks the entries in order and stops at the first bad one; the first is always
    // bad here, as no semaphore exists.
    // SAFETY: non-null with `n` > 0 handles per the caller.
    let h = unsafe { *sems };
    if h.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "extSemArray[0] is a null pointer",
        ));
    }
    if flags(0) != 0 {
        return Err(err(
            HipError::InvalidValue,
            "paramsArray[0].flags must be 0 (NvSciSync does not exist here)",
        ));
    }
    Err(invalid_semaphore(h))
}

/// # Safety
/// `sems` and `params` are null or hold `n` entries each.
#[no_mangle]
pub unsafe extern "C" fn hipSignalExternalSemaphoresAsync(
    sems: *const hipExternalSemaphore_t,
    params: *const hipExternalSemaphoreSignalParams,
    n: u32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract; `params` is only read when non-null.
        unsafe {
            check_semaphore_call(sems, params.is_null(), n, stream, |i| {
                (*params.add(i)).flags
            })
        }
    })
}

/// # Safety
/// `sems` and `params` are null or hold `n` entries each.
#[no_mangle]
pub unsafe extern "C" fn hipWaitExternalSemaphoresAsync(
    sems: *const hipExternalSemaphore_t,
    params: *const hipExternalSemaphoreWaitParams,
    n: u32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract; `params` is only read when non-null.
        unsafe {
            check_semaphore_call(sems, params.is_null(), n, stream, |i| {
                (*params.add(i)).flags
            })
        }
    })
}

#[no_mangle]
pub extern "C" fn hipDestroyExternalSemaphore(sem: hipExternalSemaphore_t) -> hipError_t {
    entry(|| {
        if sem.is_null() {
            return Err(err(HipError::InvalidValue, "extSem is a null pointer"));
        }
        Err(invalid_semaphore(sem))
    })
}

// --- external-semaphore graph nodes --------------------------------------------------------

/// The semaphores a node would name: at least one, each an imported semaphore (never, here).
///
/// # Safety
/// `sems` is null or holds `n` handles.
unsafe fn check_node_semaphores(
    sems: *const hipExternalSemaphore_t,
    params_null: bool,
    n: u32,
) -> ApiResult {
    if sems.is_null() || params_null || n == 0 {
        return Err(err(
            HipError::InvalidValue,
            "the node names no semaphore (null extSemArray or paramsArray, or numExtSems 0)",
        ));
    }
    // SAFETY: non-null with `n` handles per the caller.
    let first = unsafe { *sems };
    Err(invalid_semaphore(first))
}

/// The checks of the add-node calls before the parameters: out-pointer, graph, and each
/// dependency a node of that graph.
///
/// # Safety
/// `deps` is null or holds `n` handles.
unsafe fn check_add(
    out: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
) -> ApiResult {
    if out.is_null() {
        return Err(err(HipError::InvalidValue, "pGraphNode is a null pointer"));
    }
    if handles::lookup::<GraphObj>(graph).is_none() {
        return Err(err(
            HipError::InvalidValue,
            format!("{graph:p} is not a live graph"),
        ));
    }
    if n == 0 {
        return Ok(());
    }
    if deps.is_null() {
        return Err(err(
            HipError::InvalidValue,
            format!("the node list is null with {n} entries"),
        ));
    }
    let mut count = 0usize;
    // SAFETY: a live graph and a writable count (a null array asks for the count only).
    let code = unsafe { crate::graph::hipGraphGetNodes(graph, std::ptr::null_mut(), &mut count) };
    if code != 0 {
        return Err(code_error(code));
    }
    let mut nodes = vec![std::ptr::null_mut(); count];
    // SAFETY: `nodes` holds `count` writable entries.
    let code = unsafe { crate::graph::hipGraphGetNodes(graph, nodes.as_mut_ptr(), &mut count) };
    if code != 0 {
        return Err(code_error(code));
    }
    // SAFETY: non-null with `n` handles per the caller.
    let deps = unsafe { std::slice::from_raw_parts(deps, n) };
    for (i, &d) in deps.iter().enumerate() {
        if !nodes.contains(&d) || deps[..i].contains(&d) {
            return Err(err(
                HipError::InvalidValue,
                format!("dependency {d:p} is not a node of this graph, or is listed twice"),
            ));
        }
    }
    Ok(())
}

/// A node handle given to an external-semaphore node call: live, and (never, here) a node
/// of that kind.
fn check_semaphore_node(node: hipGraphNode_t, kind: &str) -> ApiResult {
    if handles::lookup::<NodeObj>(node).is_none() {
        return Err(err(
            HipError::InvalidValue,
            format!("{node:p} is not a live graph node"),
        ));
    }
    let mut t = -1i32;
    // SAFETY: a live node and a writable type.
    let code = unsafe { crate::graph::hipGraphNodeGetType(node, &mut t) };
    if code != 0 {
        return Err(code_error(code));
    }
    Err(err(
        HipError::InvalidValue,
        format!("the node is of hipGraphNodeType {t}, not an external-semaphore {kind} node"),
    ))
}

fn check_exec(exec: hipGraphExec_t) -> ApiResult {
    if handles::lookup::<ExecObj>(exec).is_none() {
        return Err(err(
            HipError::InvalidValue,
            format!("{exec:p} is not a live executable graph"),
        ));
    }
    Ok(())
}

/// The error a nested entry point returned (it recorded the detail already).
fn code_error(code: hipError_t) -> HipError {
    HipError::from_code(code).unwrap_or(HipError::Unknown)
}

fn null_params() -> HipError {
    err(HipError::InvalidValue, "nodeParams is a null pointer")
}

/// # Safety
/// `out` is null or writable; `deps` is null or holds `n` handles; `params` is null or
/// readable, its arrays null or holding `numExtSems` entries.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddExternalSemaphoresSignalNode(
    out: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const hipExternalSemaphoreSignalNodeParams,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe { check_add(out, graph, deps, n)? };
        if params.is_null() {
            return Err(null_params());
        }
        // SAFETY: non-null, readable per the caller.
        let p = unsafe { *params };
        // SAFETY: forwarded caller contract.
        unsafe { check_node_semaphores(p.extSemArray, p.paramsArray.is_null(), p.numExtSems) }
    })
}

/// # Safety
/// As [`hipGraphAddExternalSemaphoresSignalNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddExternalSemaphoresWaitNode(
    out: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const hipExternalSemaphoreWaitNodeParams,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe { check_add(out, graph, deps, n)? };
        if params.is_null() {
            return Err(null_params());
        }
        // SAFETY: non-null, readable per the caller.
        let p = unsafe { *params };
        // SAFETY: forwarded caller contract.
        unsafe { check_node_semaphores(p.extSemArray, p.paramsArray.is_null(), p.numExtSems) }
    })
}

/// # Safety
/// `params` is null or readable (it is not read: no node of this kind exists).
#[no_mangle]
pub unsafe extern "C" fn hipGraphExternalSemaphoresSignalNodeSetParams(
    node: hipGraphNode_t,
    params: *const hipExternalSemaphoreSignalNodeParams,
) -> hipError_t {
    entry(|| {
        if handles::lookup::<NodeObj>(node).is_some() && params.is_null() {
            return Err(null_params());
        }
        check_semaphore_node(node, "signal")
    })
}

/// # Safety
/// `params` is null or readable (it is not read: no node of this kind exists).
#[no_mangle]
pub unsafe extern "C" fn hipGraphExternalSemaphoresWaitNodeSetParams(
    node: hipGraphNode_t,
    params: *const hipExternalSemaphoreWaitNodeParams,
) -> hipError_t {
    entry(|| {
        if handles::lookup::<NodeObj>(node).is_some() && params.is_null() {
            return Err(null_params());
        }
        check_semaphore_node(node, "wait")
    })
}

/// # Safety
/// `out` is null or writable (it is not written: no node of this kind exists).
#[no_mangle]
pub unsafe extern "C" fn hipGraphExternalSemaphoresSignalNodeGetParams(
    node: hipGraphNode_t,
    out: *mut hipExternalSemaphoreSignalNodeParams,
) -> hipError_t {
    entry(|| {
        if handles::lookup::<NodeObj>(node).is_some() && out.is_null() {
            return Err(err(HipError::InvalidValue, "params_out is a null pointer"));
        }
        check_semaphore_node(node, "signal")
    })
}

/// # Safety
/// `out` is null or writable (it is not written: no node of this kind exists).
#[no_mangle]
pub unsafe extern "C" fn hipGraphExternalSemaphoresWaitNodeGetParams(
    node: hipGraphNode_t,
    out: *mut hipExternalSemaphoreWaitNodeParams,
) -> hipError_t {
    entry(|| {
        if handles::lookup::<NodeObj>(node).is_some() && out.is_null() {
            return Err(err(HipError::InvalidValue, "params_out is a null pointer"));
        }
        check_semaphore_node(node, "wait")
    })
}

/// # Safety
/// `params` is null or readable (it is not read: no node of this kind exists).
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecExternalSemaphoresSignalNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const hipExternalSemaphoreSignalNodeParams,
) -> hipError_t {
    entry(|| {
        check_exec(exec)?;
        if handles::lookup::<NodeObj>(node).is_some() && params.is_null() {
            return Err(null_params());
        }
        check_semaphore_node(node, "signal")
    })
}

/// # Safety
/// `params` is null or readable (it is not read: no node of this kind exists).
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecExternalSemaphoresWaitNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const hipExternalSemaphoreWaitNodeParams,
) -> hipError_t {
    entry(|| {
        check_exec(exec)?;
        if handles::lookup::<NodeObj>(node).is_some() && params.is_null() {
            return Err(null_params());
        }
        check_semaphore_node(node, "wait")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_hip() {
        assert_eq!(size_of::<hipExternalMemoryHandleDesc>(), 104);
        assert_eq!(offset_of!(hipExternalMemoryHandleDesc, handle), 8);
        assert_eq!(offset_of!(hipExternalMemoryHandleDesc, size), 24);
        assert_eq!(offset_of!(hipExternalMemoryHandleDesc, flags), 32);
        assert_eq!(offset_of!(hipExternalMemoryHandleDesc, reserved), 36);
        assert_eq!(size_of::<hipExternalMemoryBufferDesc>(), 88);
        assert_eq!(offset_of!(hipExternalMemoryBufferDesc, size), 8);
        assert_eq!(offset_of!(hipExternalMemoryBufferDesc, flags), 16);
        assert_eq!(size_of::<hipExternalMemoryMipmappedArrayDesc>(), 64);
        assert_eq!(
            offset_of!(hipExternalMemoryMipmappedArrayDesc, formatDesc),
            8
        );
        assert_eq!(offset_of!(hipExternalMemoryMipmappedArrayDesc, extent), 32);
        assert_eq!(offset_of!(hipExternalMemoryMipmappedArrayDesc, flags), 56);
        assert_eq!(
            offset_of!(hipExternalMemoryMipmappedArrayDesc, numLevels),
            60
        );
        assert_eq!(size_of::<hipExternalSemaphoreHandleDesc>(), 96);
        assert_eq!(offset_of!(hipExternalSemaphoreHandleDesc, handle), 8);
        assert_eq!(offset_of!(hipExternalSemaphoreHandleDesc, flags), 24);
        assert_eq!(size_of::<hipExternalSemaphoreSignalParams>(), 144);
        assert_eq!(
            offset_of!(hipExternalSemaphoreSignalParamsBody, nvSciSync),
            8
        );
        assert_eq!(
            offset_of!(hipExternalSemaphoreSignalParamsBody, keyedMutex),
            16
        );
        assert_eq!(
            offset_of!(hipExternalSemaphoreSignalParamsBody, reserved),
            24
        );
        assert_eq!(offset_of!(hipExternalSemaphoreSignalParams, flags), 72);
        assert_eq!(size_of::<hipExternalSemaphoreWaitParams>(), 144);
        assert_eq!(
            offset_of!(hipExternalSemaphoreWaitParamsBody, keyedMutex),
            16
        );
        assert_eq!(offset_of!(hipExternalSemaphoreWaitParamsBody, reserved), 32);
        assert_eq!(offset_of!(hipExternalSemaphoreWaitParams, flags), 72);
        assert_eq!(size_of::<hipExternalSemaphoreSignalNodeParams>(), 24);
        assert_eq!(
            offset_of!(hipExternalSemaphoreSignalNodeParams, numExtSems),
            16
        );
        assert_eq!(size_of::<hipExternalSemaphoreWaitNodeParams>(), 24);
        assert_eq!(
            offset_of!(hipExternalSemaphoreWaitNodeParams, paramsArray),
            8
        );
    }
}
