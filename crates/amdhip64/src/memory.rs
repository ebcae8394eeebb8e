//! Memory: allocation, copies (1-D, 2-D, 3-D, peer), fills, host registration, pointer
//! attributes.

use crate::abi::{hipMemcpy3DParms, hipPointerAttribute_t, memory_type};
use crate::stream::{hipStream_t, with_stream};
use crate::{check_device, entry, err, hipError_t, memcpy_kind, put, ApiResult};
use hip::{HipError, MemcpyKind, PointerKind};
use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
use std::ptr::null;
use std::sync::{Mutex, MutexGuard, OnceLock};

/// `hipHostMalloc` flags ROCm defines: Portable, Mapped, WriteCombined, NumaUser, Coherent,
/// NonCoherent (all mean the same on the CPU device: host memory both sides see).
const HOST_MALLOC_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;
/// `hipHostRegister` flags: Portable, Mapped, IoMemory, ReadOnly.
const HOST_REGISTER_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x8;
/// `hipMemAttachGlobal`, `hipMemAttachHost`.
const MEM_ATTACH_FLAGS: u32 = 0x1 | 0x2;
/// Row alignment `hipMallocPitch` rounds the pitch up to (the texture pitch alignment).
const PITCH_ALIGN: usize = 256;

#[derive(Default)]
struct Tracking {
    /// `hipHostRegister`ed ranges: base -> (size, flags).
    registered: BTreeMap<usize, (usize, u32)>,
    /// `hipHostMalloc` allocations: base -> flags.
    host_flags: HashMap<usize, u32>,
    /// `hipMallocManaged` allocations: base -> flags.
    managed: HashMap<usize, u32>,
}

fn tracking() -> MutexGuard<'static, Tracking> {
    static T: OnceLock<Mutex<Tracking>> = OnceLock::new();
    T.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The registered host range holding `p`: (base, size, flags).
fn registered_range(p: usize) -> Option<(usize, usize, u32)> {
    let t = tracking();
    let (&base, &(size, flags)) = t.registered.range(..=p).next_back()?;
    (p < base + size).then_some((base, size, flags))
}

/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> hipError_t {
    entry(|| {
        if ptr.is_null() {
            return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
        }
        hip::graph::check_unsafe_call("hipMalloc")?;
        // SAFETY: the allocation is handed to the caller, who frees it with hipFree.
        let p = unsafe { hip::malloc(size)? };
        hip::track_user_allocation(p);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, p, "ptr") }
    })
}

/// # Safety
/// Nothing uses the memory afterwards.
#[no_mangle]
pub unsafe extern "C" fn hipFree(p: *mut c_void) -> hipError_t {
    entry(|| {
        hip::graph::check_unsafe_call("hipFree")?;
        // A buffer mapped from external memory gives back its reference to the mapping.
        if crate::external::free_mapped_buffer(p)? {
            return Ok(());
        }
        // Graph memory the program frees itself is no longer the graph's to free.
        hip::graph::forget_allocation(p as usize);
        let managed = hip::pointer_info(p)?.filter(|&(_, base, _)| base == p);
        if matches!(managed, Some((PointerKind::PinnedHost, _, _))) {
            // ROCm's hipFree releases pinned host memory too.
            // SAFETY: forwarded: `p` is the start of a pinned host allocation.
            unsafe { hip::host_free(p)? };
            tracking().host_flags.remove(&(p as usize));
            forget_buffer(p as usize);
            return Ok(());
        }
        // SAFETY: forwarded caller contract; the pool rejects unknown pointers.
        unsafe { hip::free(p)? };
        forget_buffer(p as usize);
        if tracking().managed.remove(&(p as usize)).is_some() {
            if let Some((_, base, size)) = managed {
                forget_hints(base as usize, size);
            }
        }
        Ok(())
    })
}

/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocManaged(
    ptr: *mut *mut c_void,
    size: usize,
    flags: u32,
) -> hipError_t {
    entry(|| {
        hip::graph::check_unsafe_call("hipMallocManaged")?;
        if ptr.is_null() || size == 0 {
            return Err(err(HipError::InvalidValue, "null ptr or zero size"));
        }
        if flags == 0 || flags & !MEM_ATTACH_FLAGS != 0 || flags == MEM_ATTACH_FLAGS {
            return Err(err(
                HipError::InvalidValue,
                format!("managed memory flags {flags:#x}: hipMemAttachGlobal or hipMemAttachHost"),
            ));
        }
        // Device memory is host memory on the CPU device, which is what managed memory
        // needs; the pages are zero-filled when first touched, so more than the free RAM
        // can be allocated.
        let p = hip::mempool::malloc_managed(size)?;
        tracking().managed.insert(p as usize, flags);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, p, "ptr") }
    })
}

/// # Safety
/// `ptr` and `pitch` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> hipError_t {
    entry(|| {
        hip::graph::check_unsafe_call("hipMallocPitch")?;
        if ptr.is_null() || pitch.is_null() {
            return Err(err(HipError::InvalidValue, "null ptr or pitch"));
        }
        let p = width.next_multiple_of(PITCH_ALIGN);
        let Some(bytes) = p.checked_mul(height) else {
            return Err(err(HipError::OutOfMemory, "pitch * height overflows"));
        };
        // SAFETY: as hipMalloc.
        let mem = unsafe { hip::malloc(bytes)? };
        hip::track_user_allocation(mem);
        // SAFETY: both non-null and writable per the caller.
        unsafe {
            put(pitch, p, "pitch")?;
            put(ptr, mem, "ptr")
        }
    })
}

/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostMalloc(
    ptr: *mut *mut c_void,
    size: usize,
    flags: u32,
) -> hipError_t {
    entry(|| {
        hip::graph::check_unsafe_call("hipHostMalloc")?;
        if ptr.is_null() {
            return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
        }
        if flags & !HOST_MALLOC_FLAGS != 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("unknown hipHostMalloc flags {flags:#x}"),
            ));
        }
        if flags & 0x4000_0000 != 0 && flags & 0x8000_0000 != 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipHostMallocCoherent with hipHostMallocNonCoherent",
            ));
        }
        // SAFETY: handed to the caller, freed with hipHostFree.
        let p = unsafe { hip::host_malloc(size)? };
        if !p.is_null() {
            tracking().host_flags.insert(p as usize, flags);
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, p, "ptr") }
    })
}

/// # Safety
/// Nothing uses the memory afterwards.
#[no_mangle]
pub unsafe extern "C" fn hipHostFree(p: *mut c_void) -> hipError_t {
    entry(|| {
        hip::graph::check_unsafe_call("hipHostFree")?;
        // SAFETY: forwarded; the pool rejects unknown pointers.
        unsafe { hip::host_free(p)? };
        tracking().host_flags.remove(&(p as usize));
        forget_buffer(p as usize);
        Ok(())
    })
}

/// Deprecated spelling of `hipHostMalloc(ptr, size, 0)`.
///
/// # Safety
/// As [`hipHostMalloc`].
#[no_mangle]
pub unsafe extern "C" fn hipMallocHost(ptr: *mut *mut c_void, size: usize) -> hipError_t {
    // SAFETY: forwarded.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// Deprecated spelling of `hipHostFree`.
///
/// # Safety
/// As [`hipHostFree`].
#[no_mangle]
pub unsafe extern "C" fn hipFreeHost(p: *mut c_void) -> hipError_t {
    // SAFETY: forwarded.
    unsafe { hipHostFree(p) }
}

/// Registers host memory. On the CPU device every host range is already device-visible; the
/// registration is recorded so pointer attributes and `hipHostGetDevicePointer` answer as
/// HIP does; overlapping registrations from another start are refused.
#[no_mangle]
pub extern "C" fn hipHostRegister(p: *mut c_void, size: usize, flags: u32) -> hipError_t {
    entry(|| {
        if p.is_null() || size == 0 {
            return Err(err(HipError::InvalidValue, "null pointer or zero size"));
        }
        if flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("unknown hipHostRegister flags {flags:#x}"),
            ));
        }
        let base = p as usize;
        let Some(end) = base.checked_add(size) else {
            return Err(err(
                HipError::InvalidValue,
                "range wraps around the address space",
            ));
        };
        if hip::pointer_info(p)?.is_some() {
            return Err(err(
                HipError::HostMemoryAlreadyRegistered,
                format!("{p:p} is memory the runtime allocated"),
            ));
        }
        // ROCm pins the pages, which fails for a range that is not all mapped.
        if !pages_mapped(base, end) {
            return Err(err(
                HipError::InvalidValue,
                format!("{size} bytes at {p:p} are not all mapped memory"),
            ));
        }
        // A registration at the same start is stale (its memory was freed without
        // hipHostUnregister and handed out again): ROCm registers over it, and so does this.
        // One overlapping from another start is refused, as CUDA does.
        let mut t = tracking();
        let overlaps = t
            .registered
            .range(..end)
            .rfind(|(&b, _)| b != base)
            .is_some_and(|(&b, &(s, _))| b + s > base);
        if overlaps {
            return Err(err(
                HipError::HostMemoryAlreadyRegistered,
                format!("{size} bytes at {p:p} overlap a registered range"),
            ));
        }
        if t.registered.remove(&base).is_some() {
            hip::remove_registered_host_range(base);
            forget_buffer(base);
        }
        t.registered.insert(base, (size, flags));
        hip::add_registered_host_range(base, size);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipHostUnregister(p: *mut c_void) -> hipError_t {
    if p.is_null() {
        // ROCm's answer for a null pointer (a non-null unknown one is NotRegistered).
        return entry(|| Err(err(HipError::InvalidValue, "hostPtr is a null pointer")));
    }
    entry(|| match tracking().registered.remove(&(p as usize)) {
        Some(_) => {
            hip::remove_registered_host_range(p as usize);
            forget_buffer(p as usize);
            Ok(())
        }
        None => Err(err(
            HipError::HostMemoryNotRegistered,
            format!("{p:p} is not the start of a registered range"),
        )),
    })
}

/// # Safety
/// `dev_ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetDevicePointer(
    dev_ptr: *mut *mut c_void,
    host: *mut c_void,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipHostGetDevicePointer flags must be 0",
            ));
        }
        let known = matches!(
            hip::pointer_info(host)?,
            Some((PointerKind::PinnedHost, _, _))
        ) || registered_range(host as usize).is_some();
        if !known {
            return Err(err(
                HipError::InvalidValue,
                format!("{host:p} is neither hipHostMalloc'ed nor registered"),
            ));
        }
        // Host and device share one address space on the CPU device.
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(dev_ptr, host, "devPtr") }
    })
}

/// # Safety
/// `free` and `total` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> hipError_t {
    entry(|| {
        let (f, t) = hip::mem_get_info()?;
        // Either pointer may be null (ROCm writes the ones given).
        // SAFETY: each non-null pointer is writable per the caller.
        unsafe {
            if !free.is_null() {
                *free = f;
            }
            if !total.is_null() {
                *total = t;
            }
        }
        Ok(())
    })
}

/// `hipPointer_attribute` values.
pub mod pointer_attribute {
    pub const CONTEXT: i32 = 1;
    pub const MEMORY_TYPE: i32 = 2;
    pub const DEVICE_POINTER: i32 = 3;
    pub const HOST_POINTER: i32 = 4;
    pub const P2P_TOKENS: i32 = 5;
    pub const SYNC_MEMOPS: i32 = 6;
    pub const BUFFER_ID: i32 = 7;
    pub const IS_MANAGED: i32 = 8;
    pub const DEVICE_ORDINAL: i32 = 9;
    pub const IS_LEGACY_HIP_IPC_CAPABLE: i32 = 10;
    pub const RANGE_START_ADDR: i32 = 11;
    pub const RANGE_SIZE: i32 = 12;
    pub const MAPPED: i32 = 13;
    pub const ALLOWED_HANDLE_TYPES: i32 = 14;
    pub const IS_GPU_DIRECT_RDMA_CAPABLE: i32 = 15;
    pub const ACCESS_FLAGS: i32 = 16;
    pub const MEMPOOL_HANDLE: i32 = 17;
}

/// What the runtime knows of the allocation holding a pointer: the answers of the pointer
/// queries.
#[derive(Debug, Clone, Copy)]
struct PointerRecord {
    base: usize,
    size: usize,
    /// Pinned (`hipHostMalloc`), registered or managed memory: the host reaches it at the same
    /// address. Device memory has no host pointer, as in ROCm.
    host_visible: bool,
    managed: bool,
    /// The allocation's `hipHostMalloc`, `hipHostRegister` or `hipMallocManaged` flags.
    flags: u32,
}

/// Per-allocation state the pointer queries hand out: a unique buffer id, and the
/// `HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS` setting. Keyed by base; dropped when the allocation
/// is released ([`forget_buffer`]), and checked against the allocation's size so a record
/// left by memory released elsewhere is never taken for a new allocation's.
#[derive(Debug, Clone, Copy)]
struct BufferState {
    size: usize,
    id: u32,
    sync_memops: bool,
}

fn buffers() -> MutexGuard<'static, HashMap<usize, BufferState>> {
    static B: OnceLock<Mutex<HashMap<usize, BufferState>>> = OnceLock::new();
    B.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The buffer state of `r`, made on first use.
fn buffer_state(r: &PointerRecord) -> BufferState {
    static NEXT_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
    let mut b = buffers();
    match b.get(&r.base) {
        Some(s) if s.size == r.size => *s,
        _ => {
            let s = BufferState {
                size: r.size,
                id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                sync_memops: false,
            };
            b.insert(r.base, s);
            s
        }
    }
}

/// Drops the pointer-query state of the allocation at `base` (called where memory is
/// released: frees, unregistration, unmapping, IPC close, device reset).
pub(crate) fn forget_buffer(base: usize) {
    buffers().remove(&base);
}

/// Drops the pointer-query state of every allocation that no longer exists.
pub(crate) fn forget_released_buffers() {
    let bases: Vec<usize> = buffers().keys().copied().collect();
    for base in bases {
        if !matches!(pointer_record(base as *const c_void), Ok(Some(r)) if r.base == base) {
            forget_buffer(base);
        }
    }
}

/// Whether `p` lies in device memory proper: not managed, pinned or registered host memory
/// (the only records that are not host-visible).
fn plain_device(p: *const c_void) -> bool {
    matches!(pointer_record(p), Ok(Some(r)) if !r.host_visible)
}

/// Whether ROCm returns from a synchronous fill of `p` before it ran: it does for the start
/// of a device allocation (the fill is ordered on the null stream like a kernel), and waits
/// for host memory and offset pointers. Memory marked SYNC_MEMOPS always waits.
fn fill_returns_early(p: *const c_void) -> bool {
    matches!(pointer_record(p), Ok(Some(r)) if !r.host_visible && r.base == p as usize)
        && !sync_memops(p)
}

/// Whether `p` lies in an allocation whose synchronous memory operations were asked to
/// synchronize (`hipPointerSetAttribute(HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS)`).
fn sync_memops(p: *const c_void) -> bool {
    if p.is_null() || buffers().is_empty() {
        return false;
    }
    match pointer_record(p) {
        Ok(Some(r)) => buffers()
            .get(&r.base)
            .is_some_and(|s| s.size == r.size && s.sync_memops),
        _ => false,
    }
}

/// The allocation holding `p`, of any kind the runtime hands out: device memory (`hipMalloc`
/// and its forms, stream-ordered pools, virtual-memory and IPC mappings), managed memory,
/// pinned host memory and registered host ranges. `None` for memory it does not know.
fn pointer_record(p: *const c_void) -> ApiResult<Option<PointerRecord>> {
    Ok(match hip::pointer_info(p)? {
        Some((PointerKind::Device, base, size)) => {
            let managed = tracking().managed.get(&(base as usize)).copied();
            Some(PointerRecord {
                base: base as usize,
                size,
                host_visible: managed.is_some(),
                managed: managed.is_some(),
                flags: managed.unwrap_or(0),
            })
        }
        Some((PointerKind::PinnedHost, base, size)) => Some(PointerRecord {
            base: base as usize,
            size,
            host_visible: true,
            managed: false,
            flags: tracking()
                .host_flags
                .get(&(base as usize))
                .copied()
                .unwrap_or(0),
        }),
        None => registered_range(p as usize).map(|(base, size, flags)| PointerRecord {
            base,
            size,
            host_visible: true,
            managed: false,
            flags,
        }),
    })
}

/// Pointer attributes. Memory the runtime did not allocate or register is
/// `hipMemoryTypeUnregistered` on device `hipInvalidDeviceId`, with success (ROCm 6 and
/// CUDA 11+).
///
/// # Safety
/// `attr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttributes(
    attr: *mut hipPointerAttribute_t,
    p: *const c_void,
) -> hipError_t {
    entry(|| {
        if p.is_null() || attr.is_null() {
            return Err(err(HipError::InvalidValue, "null attributes or ptr"));
        }
        let q = p as *mut c_void;
        let a = match pointer_record(p)? {
            Some(r) => hipPointerAttribute_t {
                type_: if r.managed {
                    memory_type::MANAGED
                } else if r.host_visible {
                    memory_type::HOST
                } else {
                    memory_type::DEVICE
                },
                device: 0,
                devicePointer: q,
                hostPointer: if r.host_visible {
                    q
                } else {
                    std::ptr::null_mut()
                },
                isManaged: r.managed as i32,
                allocationFlags: r.flags,
            },
            None => hipPointerAttribute_t {
                type_: memory_type::UNREGISTERED,
                device: INVALID_DEVICE_ID,
                devicePointer: std::ptr::null_mut(),
                hostPointer: std::ptr::null_mut(),
                isManaged: 0,
                allocationFlags: 0,
            },
        };
        // SAFETY: writable per the caller.
        unsafe { put(attr, a, "attributes") }
    })
}

/// The value of one pointer attribute, in the C type the attribute is answered in.
#[derive(Debug, Clone, Copy)]
enum AttrValue {
    U32(u32),
    I32(i32),
    Bool(bool),
    Ptr(*const c_void),
}

/// One `hipPointer_attribute` of `p`, written to `data` (whose type the attribute gives).
/// Follows ROCm's answers: memory the runtime does not know gives the attribute's default
/// value and `hipErrorInvalidValue` (except the access flags: 0, with success).
///
/// # Safety
/// `data` is valid for a write of the attribute's type.
unsafe fn pointer_attribute(data: *mut c_void, attribute: i32, p: *const c_void) -> ApiResult {
    let (value, result) = pointer_attribute_value(attribute, p)?;
    // SAFETY: `data` holds the attribute's type, per the caller; C callers' buffers need not
    // be aligned for it.
    unsafe {
        match value {
            AttrValue::U32(v) => data.cast::<u32>().write_unaligned(v),
            AttrValue::I32(v) => data.cast::<i32>().write_unaligned(v),
            AttrValue::Bool(v) => data.cast::<bool>().write_unaligned(v),
            AttrValue::Ptr(v) => data.cast::<*const c_void>().write_unaligned(v),
        }
    }
    result
}

/// What [`pointer_attribute`] writes, and its answer. `Err` before the value: nothing is
/// written (attributes ROCm does not support, unknown attributes).
fn pointer_attribute_value(attribute: i32, p: *const c_void) -> ApiResult<(AttrValue, ApiResult)> {
    use pointer_attribute as pa;
    use AttrValue::*;
    let not_supported = |what: &str| {
        Err(err(
            HipError::NotSupported,
            format!("hipPointerGetAttribute: {what} is not supported (as in ROCm)"),
        ))
    };
    let rec = pointer_record(p)?;
    let known = || match rec {
        Some(_) => Ok(()),
        None => Err(err(
            HipError::InvalidValue,
            format!("{p:p} is not memory the runtime allocated, mapped or registered"),
        )),
    };
    Ok(match attribute {
        pa::CONTEXT => return not_supported("HIP_POINTER_ATTRIBUTE_CONTEXT"),
        pa::P2P_TOKENS => return not_supported("HIP_POINTER_ATTRIBUTE_P2P_TOKENS"),
        pa::IS_LEGACY_HIP_IPC_CAPABLE => {
            return not_supported("HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE")
        }
        pa::ALLOWED_HANDLE_TYPES => {
            return not_supported("HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES")
        }
        pa::IS_GPU_DIRECT_RDMA_CAPABLE => {
            return not_supported("HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE")
        }
        pa::MEMORY_TYPE => match rec {
            // ROCm answers host for every host-visible kind, managed memory included.
            Some(r) if r.host_visible => (U32(memory_type::HOST), Ok(())),
            Some(_) => (U32(memory_type::DEVICE), Ok(())),
            None if crate::handles::lookup::<crate::texture::ArrayHandle>(p).is_some() => {
                (U32(memory_type::ARRAY), Ok(()))
            }
            None => (U32(0), known()),
        },
        pa::DEVICE_POINTER => (Ptr(if rec.is_some() { p } else { null() }), known()),
        pa::HOST_POINTER => match rec {
            Some(r) if r.host_visible => (Ptr(p), Ok(())),
            Some(_) => (
                Ptr(null()),
                Err(err(
                    HipError::InvalidValue,
                    format!("{p:p} is device memory: it has no host pointer"),
                )),
            ),
            None => (Ptr(null()), known()),
        },
        pa::SYNC_MEMOPS => (
            Bool(rec.is_some_and(|r| buffer_state(&r).sync_memops)),
            known(),
        ),
        pa::BUFFER_ID => (U32(rec.map_or(0, |r| buffer_state(&r).id)), known()),
        pa::IS_MANAGED => (Bool(rec.is_some_and(|r| r.managed)), known()),
        pa::DEVICE_ORDINAL => (
            I32(if rec.is_some() { 0 } else { INVALID_DEVICE_ID }),
            known(),
        ),
        pa::RANGE_START_ADDR => (Ptr(rec.map_or(0, |r| r.base) as *const c_void), known()),
        // ROCm answers in 32 bits; a larger range saturates rather than wraps.
        pa::RANGE_SIZE => (
            U32(rec.map_or(0, |r| u32::try_from(r.size).unwrap_or(u32::MAX))),
            known(),
        ),
        pa::MAPPED => (Bool(rec.is_some()), known()),
        pa::ACCESS_FLAGS => (U32(rec.map_or(0, |r| r.flags)), Ok(())),
        pa::MEMPOOL_HANDLE => {
            // Stream-ordered allocations name their pool; ROCm answers no allocation's.
            match rec.and_then(|r| hip::mempool::pool_of(r.base as *const c_void)) {
                Some(pool) => (Ptr(crate::mempool::handle_for(pool)), Ok(())),
                None => {
                    return not_supported(
                        "HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE of memory not from a memory pool",
                    )
                }
            }
        }
        a => {
            return Err(err(
                HipError::InvalidValue,
                format!("{a} is not a hipPointer_attribute"),
            ))
        }
    })
}

/// # Safety
/// `data` is null or valid for a write of the attribute's type.
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttribute(
    data: *mut c_void,
    attribute: i32,
    p: *mut c_void,
) -> hipError_t {
    entry(|| {
        if data.is_null() || p.is_null() {
            return Err(err(HipError::InvalidValue, "null data or ptr"));
        }
        // SAFETY: forwarded caller contract.
        unsafe { pointer_attribute(data, attribute, p) }
    })
}

/// Several attributes at once. As in ROCm, an attribute that cannot be answered gets its
/// default value and the call still succeeds.
///
/// # Safety
/// `attributes` holds `num` values and `data` `num` pointers, each valid for a write of its
/// attribute's type.
#[no_mangle]
pub unsafe extern "C" fn hipDrvPointerGetAttributes(
    num: u32,
    attributes: *const i32,
    data: *mut *mut c_void,
    p: *mut c_void,
) -> hipError_t {
    entry(|| {
        if num == 0 || attributes.is_null() || data.is_null() || p.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "numAttributes is 0, or null attributes, data or ptr",
            ));
        }
        // SAFETY: both arrays hold `num` elements per the caller.
        let (attrs, outs) = unsafe {
            (
                std::slice::from_raw_parts(attributes, num as usize),
                std::slice::from_raw_parts(data, num as usize),
            )
        };
        for (&a, &out) in attrs.iter().zip(outs) {
            if out.is_null() {
                continue;
            }
            // SAFETY: `out` holds attribute `a`'s type per the caller. Its answer is
            // ignored: a query that fails leaves the default value (and the last error).
            let _ = unsafe { pointer_attribute(out, a, p) };
        }
        Ok(())
    })
}

/// Sets `HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS` (0 or 1, an `unsigned int`) of the allocation
/// holding `p`: synchronous copies and fills touching it then wait for all of the device's
/// work first. Other attributes are `hipErrorInvalidValue`; memory the runtime does not know
/// is `hipErrorInvalidDevicePointer` (ROCm's codes).
///
/// # Safety
/// `value` is null or points to an `unsigned int`.
#[no_mangle]
pub unsafe extern "C" fn hipPointerSetAttribute(
    value: *const c_void,
    attribute: i32,
    p: *mut c_void,
) -> hipError_t {
    entry(|| {
        if value.is_null() || p.is_null() {
            return Err(err(HipError::InvalidValue, "null value or ptr"));
        }
        if attribute != pointer_attribute::SYNC_MEMOPS {
            return Err(err(
                HipError::InvalidValue,
                format!("attribute {attribute}: only HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS can be set"),
            ));
        }
        // SAFETY: non-null, an unsigned int per the caller.
        let v = unsafe { value.cast::<u32>().read_unaligned() };
        if v > 1 {
            return Err(err(
                HipError::InvalidValue,
                format!("sync memops value {v}: 0 or 1"),
            ));
        }
        let Some(r) = pointer_record(p)? else {
            return Err(err(
                HipError::InvalidDevicePointer,
                format!("{p:p} is not memory the runtime allocated, mapped or registered"),
            ));
        };
        let mut s = buffer_state(&r);
        s.sync_memops = v == 1;
        buffers().insert(r.base, s);
        Ok(())
    })
}

// --- copies -----------------------------------------------------------------------------

/// # Safety
/// Host ranges valid for `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let k = memcpy_kind(kind)?;
        // ROCm returns from a copy between two device allocations once it is queued, unless
        // both are marked HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS.
        let device_to_device = plain_device(dst) && plain_device(src);
        let (sync_dst, sync_src) = (sync_memops(dst), sync_memops(src));
        let wait = !device_to_device || (sync_dst && sync_src);
        if wait && (sync_dst || sync_src) {
            // Marked memory: all of the device's work first, non-blocking streams included.
            hip::mempool::wait_device_idle()?;
        }
        // SAFETY: forwarded caller contract; device sides are validated.
        unsafe { hip::memcpy_on_null(dst, src, size, k, wait) }
    })
}

/// # Safety
/// As [`hipMemcpy`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let k = memcpy_kind(kind)?;
        // SAFETY: forwarded caller contract.
        with_stream(stream, |s| unsafe {
            hip::memcpy_async(dst, src, size, k, s)
        })
    })
}

macro_rules! directed_copies {
    ($($sync:ident, $async_:ident, $kind:expr, $dt:ty, $st:ty;)*) => {$(
        /// # Safety
        /// As [`hipMemcpy`].
        #[no_mangle]
        pub unsafe extern "C" fn $sync(dst: $dt, src: $st, size: usize) -> hipError_t {
            // SAFETY: forwarded caller contract.
            entry(|| unsafe { hip::memcpy(dst as *mut c_void, src as *const c_void, size, $kind) })
        }

        /// # Safety
        /// As [`hipMemcpyAsync`].
        #[no_mangle]
        pub unsafe extern "C" fn $async_(dst: $dt, src: $st, size: usize, stream: hipStream_t) -> hipError_t {
            entry(|| {
                // SAFETY: forwarded caller contract.
                with_stream(stream, |s| unsafe {
                    hip::memcpy_async(dst as *mut c_void, src as *const c_void, size, $kind, s)
                })
            })
        }
    )*};
}

directed_copies! {
    hipMemcpyHtoD, hipMemcpyHtoDAsync, MemcpyKind::HostToDevice, *mut c_void, *const c_void;
    hipMemcpyDtoH, hipMemcpyDtoHAsync, MemcpyKind::DeviceToHost, *mut c_void, *mut c_void;
    hipMemcpyDtoD, hipMemcpyDtoDAsync, MemcpyKind::DeviceToDevice, *mut c_void, *mut c_void;
}

/// # Safety
/// As [`hipMemcpy`].
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyPeer(
    dst: *mut c_void,
    dst_dev: i32,
    src: *const c_void,
    src_dev: i32,
    size: usize,
) -> hipError_t {
    entry(|| {
        check_device(dst_dev)?;
        check_device(src_dev)?;
        // SAFETY: forwarded caller contract.
        unsafe { hip::memcpy(dst, src, size, MemcpyKind::DeviceToDevice) }
    })
}

/// # Safety
/// As [`hipMemcpyAsync`].
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyPeerAsync(
    dst: *mut c_void,
    dst_dev: i32,
    src: *const c_void,
    src_dev: i32,
    size: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        check_device(dst_dev)?;
        check_device(src_dev)?;
        // SAFETY: forwarded caller contract.
        with_stream(stream, |s| unsafe {
            hip::memcpy_async(dst, src, size, MemcpyKind::DeviceToDevice, s)
        })
    })
}

/// One row copy per row of a 2-D (or one slice of a 3-D) copy, queued on `s`.
///
/// # Safety
/// The ranges described are valid (device sides are validated per row).
#[allow(clippy::too_many_arguments)] // the 2-D copy's own parameters
unsafe fn copy_rows(
    dst: usize,
    dpitch: usize,
    src: usize,
    spitch: usize,
    width: usize,
    height: usize,
    kind: MemcpyKind,
    s: &hip::Stream,
) -> ApiResult {
    if width > dpitch || width > spitch {
        return Err(err(
            HipError::InvalidPitchValue,
            format!("width {width} exceeds a pitch ({dpitch}, {spitch})"),
        ));
    }
    if width == 0 || height == 0 {
        return Ok(());
    }
    // A pitch over the device's maximum is refused before any row is touched, as in ROCm: the
    // rows after the first would lie gigabytes away.
    let max_pitch = crate::device::device_attribute(58, 0)?.unwrap_or(i64::MAX);
    if dpitch as u64 > max_pitch as u64 || spitch as u64 > max_pitch as u64 {
        return Err(err(
            HipError::InvalidValue,
            format!("a pitch ({dpitch}, {spitch}) exceeds the device's {max_pitch}"),
        ));
    }
    if dpitch == width && spitch == width {
        let Some(bytes) = width.checked_mul(height) else {
            return Err(err(HipError::InvalidValue, "copy size overflows"));
        };
        // SAFETY: one contiguous block; forwarded caller contract.
        return unsafe {
            hip::memcpy_async(dst as *mut c_void, src as *const c_void, bytes, kind, s)
        };
    }
    for row in 0..height {
        let (Some(d), Some(sr)) = (
            row.checked_mul(dpitch).and_then(|o| dst.checked_add(o)),
            row.checked_mul(spitch).and_then(|o| src.checked_add(o)),
        ) else {
            return Err(err(HipError::InvalidValue, "2-D copy addresses overflow"));
        };
        // SAFETY: forwarded caller contract; each row is validated by hip.
        unsafe { hip::memcpy_async(d as *mut c_void, sr as *const c_void, width, kind, s)? };
    }
    Ok(())
}

/// # Safety
/// The 2-D ranges are valid.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let k = memcpy_kind(kind)?;
        let null = hip::Stream::null();
        // SAFETY: forwarded caller contract.
        unsafe {
            copy_rows(
                dst as usize,
                dpitch,
                src as usize,
                spitch,
                width,
                height,
                k,
                &null,
            )?
        };
        null.synchronize()
    })
}

/// # Safety
/// As [`hipMemcpy2D`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let k = memcpy_kind(kind)?;
        with_stream(stream, |s| {
            // SAFETY: forwarded caller contract.
            unsafe {
                copy_rows(
                    dst as usize,
                    dpitch,
                    src as usize,
                    spitch,
                    width,
                    height,
                    k,
                    s,
                )
            }
        })
    })
}

/// The pitches of a 3-D copy's memory sides: at or over the device's maximum pitch is
/// `hipErrorInvalidValue`, as ROCm's 3-D copies refuse it (hip-tests pass the maximum itself).
pub(crate) fn check_3d_pitches(pitches: &[usize]) -> ApiResult {
    let max = crate::device::device_attribute(58, 0)?.unwrap_or(i64::MAX) as u64;
    match pitches.iter().find(|&&p| p as u64 >= max) {
        Some(p) => Err(err(
            HipError::InvalidValue,
            format!("3-D copy pitch {p} is not under the device's maximum {max}"),
        )),
        None => Ok(()),
    }
}

/// # Safety
/// `p` is null or a readable `hipMemcpy3DParms` describing valid ranges.
unsafe fn copy_3d(p: *const hipMemcpy3DParms, s: &hip::Stream) -> ApiResult {
    if p.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "hipMemcpy3DParms is a null pointer",
        ));
    }
    // SAFETY: non-null, readable per the caller.
    let p = unsafe { *p };
    if !p.srcArray.is_null() || !p.dstArray.is_null() {
        // SAFETY: forwarded caller contract.
        return unsafe { crate::texture::copy_3d_arrays(&p, s) };
    }
    let k = memcpy_kind(p.kind)?;
    let e = p.extent;
    check_3d_pitches(&[p.srcPtr.pitch, p.dstPtr.pitch])?;
    let addr =
        |pp: crate::abi::hipPitchedPtr, pos: crate::abi::hipPos, z: usize| -> Option<usize> {
            let slice = pp.pitch.checked_mul(pp.ysize)?;
            let off = (pos.z + z)
                .checked_mul(slice)?
                .checked_add(pos.y.checked_mul(pp.pitch)?)?
                .checked_add(pos.x)?;
            (pp.ptr as usize).checked_add(off)
        };
    if e.height > 0
        && (p.srcPtr.ysize < p.srcPos.y + e.height || p.dstPtr.ysize < p.dstPos.y + e.height)
    {
        return Err(err(
            HipError::InvalidValue,
            "extent height exceeds a pitched pointer's ysize",
        ));
    }
    for z in 0..e.depth {
        let (Some(d), Some(sr)) = (addr(p.dstPtr, p.dstPos, z), addr(p.srcPtr, p.srcPos, z)) else {
            return Err(err(HipError::InvalidValue, "3-D copy addresses overflow"));
        };
        // SAFETY: forwarded caller contract.
        unsafe {
            copy_rows(
                d,
                p.dstPtr.pitch,
                sr,
                p.srcPtr.pitch,
                e.width,
                e.height,
                k,
                s,
            )?
        };
    }
    Ok(())
}

/// # Safety
/// `p` is null or a readable `hipMemcpy3DParms` describing valid ranges.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy3D(p: *const hipMemcpy3DParms) -> hipError_t {
    entry(|| {
        let null = hip::Stream::null();
        // SAFETY: forwarded caller contract.
        unsafe { copy_3d(p, &null)? };
        // Between two device allocations it returns once queued, as hipMemcpy does.
        // SAFETY: `p` was read by copy_3d, so it is non-null and readable.
        let c = unsafe { *p };
        if c.srcArray.is_null()
            && c.dstArray.is_null()
            && plain_device(c.srcPtr.ptr)
            && plain_device(c.dstPtr.ptr)
        {
            return Ok(());
        }
        null.synchronize()
    })
}

/// # Safety
/// As [`hipMemcpy3D`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy3DAsync(
    p: *const hipMemcpy3DParms,
    stream: hipStream_t,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| with_stream(stream, |s| unsafe { copy_3d(p, s) }))
}

// --- fills ------------------------------------------------------------------------------

/// # Safety
/// `dst` is device memory (validated).
#[no_mangle]
pub unsafe extern "C" fn hipMemset(dst: *mut c_void, value: i32, size: usize) -> hipError_t {
    entry(|| {
        if sync_memops(dst) {
            // As in hipMemcpy.
            hip::mempool::wait_device_idle()?;
        }
        // SAFETY: validated by hip.
        unsafe { hip::memset_on_null(dst, value, size, !fill_returns_early(dst)) }
    })
}

/// # Safety
/// As [`hipMemset`].
#[no_mangle]
pub unsafe extern "C" fn hipMemsetAsync(
    dst: *mut c_void,
    value: i32,
    size: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        // SAFETY: the destination is validated by hip.
        with_stream(stream, |s| unsafe {
            hip::memset_async(dst, value, size, s)
        })
    })
}

macro_rules! typed_fills {
    ($($sync:ident, $async_:ident, $t:ty, $w:expr;)*) => {$(
        /// # Safety
        /// As [`hipMemset`].
        #[no_mangle]
        pub unsafe extern "C" fn $sync(dst: *mut c_void, value: $t, count: usize) -> hipError_t {
            let null = hip::Stream::null();
            let wait = !fill_returns_early(dst);
            // SAFETY: validated by hip.
            entry(|| unsafe { hip::memset_pattern(dst, value as u32, $w, count, &null, wait) })
        }

        /// # Safety
        /// As [`hipMemset`].
        #[no_mangle]
        pub unsafe extern "C" fn $async_(dst: *mut c_void, value: $t, count: usize, stream: hipStream_t) -> hipError_t {
            entry(|| {
                // SAFETY: validated by hip.
                with_stream(stream, |s| unsafe { hip::memset_pattern(dst, value as u32, $w, count, s, false) })
            })
        }
    )*};
}

typed_fills! {
    hipMemsetD8, hipMemsetD8Async, u8, 1;
    hipMemsetD16, hipMemsetD16Async, u16, 2;
    hipMemsetD32, hipMemsetD32Async, i32, 4;
}

/// # Safety
/// `dst` is device memory holding `height` rows of `pitch` bytes.
unsafe fn set_rows(
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    s: &hip::Stream,
) -> ApiResult {
    // SAFETY: the rows are validated by hip.
    unsafe { hip::memset_2d_async(dst, pitch, value, width, height, s) }.map(|_| ())
}

/// # Safety
/// As [`hipMemset`].
#[no_mangle]
pub unsafe extern "C" fn hipMemset2D(
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
) -> hipError_t {
    entry(|| {
        let null = hip::Stream::null();
        // SAFETY: validated per row.
        unsafe { set_rows(dst, pitch, value, width, height, &null)? };
        if fill_returns_early(dst) {
            return Ok(());
        }
        null.synchronize()
    })
}

/// # Safety
/// As [`hipMemset`].
#[no_mangle]
pub unsafe extern "C" fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        // SAFETY: each row is validated by hip.
        with_stream(stream, |s| unsafe {
            set_rows(dst, pitch, value, width, height, s)
        })
    })
}

/// A copy ordered on `stream` that returns when it is done (the stream's earlier work first).
///
/// # Safety
/// As for `hipMemcpyAsync`.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyWithStream(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let k = memcpy_kind(kind)?;
        with_stream(stream, |s| {
            // SAFETY: forwarded caller contract.
            unsafe { hip::memcpy_async(dst, src, size, k, s) }?;
            s.synchronize()
        })
    })
}

// --- managed memory hints and range queries ---------------------------------------------

/// `hipCpuDeviceId`: the host as a location of managed memory.
pub const CPU_DEVICE_ID: i32 = -1;
/// `hipInvalidDeviceId`: "no device" in range attributes.
pub const INVALID_DEVICE_ID: i32 = -2;

/// `hipMemoryAdvise` values.
pub mod advise {
    pub const SET_READ_MOSTLY: i32 = 1;
    pub const UNSET_READ_MOSTLY: i32 = 2;
    pub const SET_PREFERRED_LOCATION: i32 = 3;
    pub const UNSET_PREFERRED_LOCATION: i32 = 4;
    pub const SET_ACCESSED_BY: i32 = 5;
    pub const UNSET_ACCESSED_BY: i32 = 6;
    pub const SET_COARSE_GRAIN: i32 = 100;
    pub const UNSET_COARSE_GRAIN: i32 = 101;
}

/// `hipMemRangeAttribute` values.
pub mod range_attr {
    pub const READ_MOSTLY: i32 = 1;
    pub const PREFERRED_LOCATION: i32 = 2;
    pub const ACCESSED_BY: i32 = 3;
    pub const LAST_PREFETCH_LOCATION: i32 = 4;
    pub const COHERENCY_MODE: i32 = 100;
}

/// `hipMemRangeCoherencyMode` values.
pub const COHERENCY_FINE_GRAIN: i32 = 0;
pub const COHERENCY_COARSE_GRAIN: i32 = 1;
pub const COHERENCY_INDETERMINATE: i32 = 2;

/// What the hints and prefetches said about one stretch of managed memory.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RangeHints {
    read_mostly: bool,
    preferred: i32,
    /// Devices (or `hipCpuDeviceId`) given `hipMemAdviseSetAccessedBy`, in order.
    accessed_by: Vec<i32>,
    last_prefetch: i32,
    coarse_grain: bool,
}

impl Default for RangeHints {
    fn default() -> Self {
        RangeHints {
            read_mostly: false,
            preferred: INVALID_DEVICE_ID,
            accessed_by: Vec::new(),
            last_prefetch: INVALID_DEVICE_ID,
            coarse_grain: false,
        }
    }
}

/// Hints per managed allocation: start address -> (end, hints), the stretches covering the
/// parts of allocations that were advised or prefetched (others have the defaults).
fn hints() -> MutexGuard<'static, BTreeMap<usize, (usize, RangeHints)>> {
    static H: OnceLock<Mutex<BTreeMap<usize, (usize, RangeHints)>>> = OnceLock::new();
    H.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Splits the stretch holding `at` (if any) so that one starts at `at`.
fn split_at(h: &mut BTreeMap<usize, (usize, RangeHints)>, at: usize) {
    let Some((&s, (e, v))) = h.range(..at).next_back() else {
        return;
    };
    if *e > at {
        let (e, v) = (*e, v.clone());
        h.insert(s, (at, v.clone()));
        h.insert(at, (e, v));
    }
}

/// Applies `f` to the hints of every byte of `[start, end)`.
fn update_hints(start: usize, end: usize, f: impl Fn(&mut RangeHints)) {
    let mut h = hints();
    split_at(&mut h, start);
    split_at(&mut h, end);
    // Fill the gaps with default stretches so every byte is covered.
    let mut at = start;
    let covered: Vec<(usize, usize)> = h.range(start..end).map(|(&s, (e, _))| (s, *e)).collect();
    for (s, e) in covered {
        if s > at {
            h.insert(at, (s, RangeHints::default()));
        }
        at = e;
    }
    if at < end {
        h.insert(at, (end, RangeHints::default()));
    }
    for (_, (_, v)) in h.range_mut(start..end) {
        f(v);
    }
}

/// The hints of each stretch of `[start, end)`.
fn hints_in(start: usize, end: usize) -> Vec<RangeHints> {
    let h = hints();
    let mut out = Vec::new();
    let mut at = start;
    if let Some((_, (e, v))) = h.range(..start).next_back() {
        if *e > start {
            out.push(v.clone());
            at = *e;
        }
    }
    for (&s, (e, v)) in h.range(start..end) {
        if s > at {
            out.push(RangeHints::default());
        }
        out.push(v.clone());
        at = *e;
    }
    if at < end {
        out.push(RangeHints::default());
    }
    out
}

/// Drops the hints of a freed managed allocation.
fn forget_hints(base: usize, size: usize) {
    let mut h = hints();
    let keys: Vec<usize> = h.range(base..base + size).map(|(&k, _)| k).collect();
    for k in keys {
        h.remove(&k);
    }
}

/// `[p, p + count)` inside one managed allocation: its end; otherwise `hipErrorInvalidValue`.
fn managed_range(p: *const c_void, count: usize, what: &str) -> ApiResult<usize> {
    if p.is_null() {
        return Err(err(
            HipError::InvalidValue,
            format!("{what}: dev_ptr is a null pointer"),
        ));
    }
    if count == 0 {
        return Err(err(HipError::InvalidValue, format!("{what}: count is 0")));
    }
    let base = match hip::pointer_info(p)? {
        Some((PointerKind::Device, base, size))
            if tracking().managed.contains_key(&(base as usize)) =>
        {
            let end = base as usize + size;
            match (p as usize).checked_add(count) {
                Some(e) if e <= end => return Ok(e),
                _ => {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("{what}: {count} bytes at {p:p} run past the managed allocation"),
                    ))
                }
            }
        }
        // Pageable host memory: the CPU device reaches it as a device with HMM does
        // (hipDeviceAttributePageableMemoryAccess is 1), so it takes hints as managed memory
        // does, when all of it is mapped.
        None => {
            let end = (p as usize).checked_add(count).ok_or_else(|| {
                err(
                    HipError::InvalidValue,
                    format!("{what}: the range wraps around"),
                )
            })?;
            if pages_mapped(p as usize, end) {
                return Ok(end);
            }
            return Err(err(
                HipError::InvalidValue,
                format!("{what}: {count} bytes at {p:p} are not mapped memory"),
            ));
        }
        _ => p,
    };
    Err(err(
        HipError::InvalidValue,
        format!("{what}: {base:p} is not managed memory"),
    ))
}

/// `[start, end)` widened to whole pages: hints and prefetches apply per page.
fn page_span(start: usize, end: usize) -> (usize, usize) {
    let page = crate::vmm::page_size();
    (
        start & !(page - 1),
        end.checked_next_multiple_of(page).unwrap_or(end),
    )
}

/// Whether every page of `[start, end)` is mapped in this process.
fn pages_mapped(start: usize, end: usize) -> bool {
    let (first, _) = page_span(start, end);
    // SAFETY: MS_ASYNC flushes nothing (a no-op on Linux); msync only checks that every page
    // of the range is mapped.
    unsafe { libc::msync(first as *mut c_void, end - first, libc::MS_ASYNC) == 0 }
}

/// A device ordinal or `hipCpuDeviceId`; others are `hipErrorInvalidDevice`.
fn check_location(device: i32) -> ApiResult {
    if device == CPU_DEVICE_ID {
        return Ok(());
    }
    check_device(device)
}

/// Records a hint for managed memory. On the CPU device host and device share the memory,
/// so no hint changes where data lives; each is kept for `hipMemRangeGetAttribute(s)`.
#[no_mangle]
pub extern "C" fn hipMemAdvise(
    dev_ptr: *const c_void,
    count: usize,
    advice: i32,
    device: i32,
) -> hipError_t {
    entry(|| {
        use advise::*;
        // ROCm checks the device first, for every advice but read-mostly (which has none).
        if !matches!(advice, SET_READ_MOSTLY | UNSET_READ_MOSTLY) {
            check_location(device)?;
        }
        let end = managed_range(dev_ptr, count, "hipMemAdvise")?;
        if !matches!(advice, 1..=6 | SET_COARSE_GRAIN | UNSET_COARSE_GRAIN) {
            return Err(err(
                HipError::InvalidValue,
                format!("{advice} is not a hipMemoryAdvise"),
            ));
        }
        let (start, end) = page_span(dev_ptr as usize, end);
        update_hints(start, end, |h| match advice {
            SET_READ_MOSTLY => h.read_mostly = true,
            UNSET_READ_MOSTLY => h.read_mostly = false,
            SET_PREFERRED_LOCATION => h.preferred = device,
            UNSET_PREFERRED_LOCATION => h.preferred = INVALID_DEVICE_ID,
            SET_ACCESSED_BY => {
                if !h.accessed_by.contains(&device) {
                    h.accessed_by.push(device)
                }
            }
            UNSET_ACCESSED_BY => h.accessed_by.retain(|&d| d != device),
            SET_COARSE_GRAIN => h.coarse_grain = true,
            _ => h.coarse_grain = false,
        });
        Ok(())
    })
}

/// Queues a prefetch: the memory is already where both sides see it, so the prefetch only
/// records (in stream order) the location `hipMemRangeAttributeLastPrefetchLocation` reports
/// for managed memory. Error order follows ROCm's clr (hip_hmm.cpp).
#[no_mangle]
pub extern "C" fn hipMemPrefetchAsync(
    dev_ptr: *const c_void,
    count: usize,
    device: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        if dev_ptr.is_null() || count == 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipMemPrefetchAsync: null dev_ptr or count 0",
            ));
        }
        // ROCm's order: arguments, the stream, the range, the device.
        with_stream(stream, |_| Ok(()))?;
        let managed = match hip::pointer_info(dev_ptr)? {
            Some((_, base, size)) => {
                let fits = (dev_ptr as usize)
                    .checked_add(count)
                    .is_some_and(|e| e <= base as usize + size);
                if !fits {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("hipMemPrefetchAsync: {count} bytes at {dev_ptr:p} run past the allocation"),
                    ));
                }
                tracking().managed.contains_key(&(base as usize))
            }
            // Other host memory: the CPU device reads and writes it in place (as a device with
            // HMM does), so there is nothing to move and nothing to record.
            None => false,
        };
        check_location(device)?;
        // Recorded at once, per page: nothing moves, and a query right after the call sees
        // the location (as one after a GPU's quick migration does).
        if managed {
            let (start, end) = page_span(dev_ptr as usize, dev_ptr as usize + count);
            update_hints(start, end, |h| h.last_prefetch = device);
        }
        Ok(())
    })
}

/// `hipMemAttachSingle`: attached to one stream (the other two attach flags are
/// [`MEM_ATTACH_FLAGS`]).
const MEM_ATTACH_SINGLE: u32 = 0x4;

/// Attaches memory to a stream. The CPU device and the host share every page coherently, so
/// an attachment changes no access and nothing is queued; what remains are ROCm's checks
/// (clr's hip_hmm.cpp, in its order): a pointer, one attach flag, a stream for
/// `hipMemAttachSingle`, a live stream, and a length that is 0 or the whole allocation for
/// managed and pinned memory; pageable memory (which the device reaches, as with HMM) needs
/// its length.
#[no_mangle]
pub extern "C" fn hipStreamAttachMemAsync(
    stream: hipStream_t,
    dev_ptr: *mut c_void,
    length: usize,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if dev_ptr.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "hipStreamAttachMemAsync: dev_ptr is null",
            ));
        }
        if !matches!(flags, 0x1 | 0x2 | MEM_ATTACH_SINGLE) {
            return Err(err(
                HipError::InvalidValue,
                format!("hipStreamAttachMemAsync: flags {flags:#x} are not one attach flag"),
            ));
        }
        if flags == MEM_ATTACH_SINGLE && stream.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "hipStreamAttachMemAsync: hipMemAttachSingle needs a stream",
            ));
        }
        // A stream that no longer exists is hipErrorContextIsDestroyed, as in ROCm.
        with_stream(stream, |_| Ok(()))?;
        match pointer_record(dev_ptr)? {
            None if length == 0 => Err(err(
                HipError::InvalidValue,
                "hipStreamAttachMemAsync: pageable memory needs a length",
            )),
            Some(r) if r.host_visible && length != 0 && length != r.size => Err(err(
                HipError::InvalidValue,
                format!(
                    "hipStreamAttachMemAsync: length {length} is neither 0 nor the allocation's {}",
                    r.size
                ),
            )),
            _ => Ok(()),
        }
    })
}

/// Writes one range attribute of `[start, end)` into `data` (`size` bytes).
///
/// # Safety
/// `data` is valid for writes of `size` bytes.
unsafe fn range_attribute(
    data: *mut c_void,
    size: usize,
    attr: i32,
    start: usize,
    end: usize,
) -> ApiResult {
    use range_attr::*;
    let int_sized = matches!(
        attr,
        READ_MOSTLY | PREFERRED_LOCATION | LAST_PREFETCH_LOCATION | COHERENCY_MODE
    );
    let ok_size = match attr {
        ACCESSED_BY => size > 0 && size.is_multiple_of(4),
        _ if int_sized => size == 4,
        _ => {
            return Err(err(
                HipError::InvalidValue,
                format!("{attr} is not a hipMemRangeAttribute"),
            ))
        }
    };
    if !ok_size {
        return Err(err(
            HipError::InvalidValue,
            format!("data size {size} does not fit range attribute {attr}"),
        ));
    }
    let parts = hints_in(start, end);
    // One answer for the range when all of it agrees; else what CUDA and ROCm give then.
    let same = |f: &dyn Fn(&RangeHints) -> i32, differ: i32| -> i32 {
        let first = parts.first().map(f).unwrap_or(differ);
        if parts.iter().all(|p| f(p) == first) {
            first
        } else {
            differ
        }
    };
    let v = match attr {
        READ_MOSTLY => parts.iter().all(|p| p.read_mostly) as i32,
        PREFERRED_LOCATION => same(&|p| p.preferred, INVALID_DEVICE_ID),
        LAST_PREFETCH_LOCATION => same(&|p| p.last_prefetch, INVALID_DEVICE_ID),
        COHERENCY_MODE => same(
            &|p| {
                if p.coarse_grain {
                    COHERENCY_COARSE_GRAIN
                } else {
                    COHERENCY_FINE_GRAIN
                }
            },
            COHERENCY_INDETERMINATE,
        ),
        _ => {
            // Devices every part is accessed by, then hipInvalidDeviceId in the rest.
            let slots = size / 4;
            let mut devs: Vec<i32> = parts
                .first()
                .map(|p| p.accessed_by.clone())
                .unwrap_or_default();
            devs.retain(|d| parts.iter().all(|p| p.accessed_by.contains(d)));
            for i in 0..slots {
                let d = devs.get(i).copied().unwrap_or(INVALID_DEVICE_ID);
                // SAFETY: `size` writable bytes per the caller; i < size / 4.
                unsafe { (data as *mut i32).add(i).write_unaligned(d) };
            }
            return Ok(());
        }
    };
    // SAFETY: 4 writable bytes per the caller (checked size).
    unsafe { (data as *mut i32).write_unaligned(v) };
    Ok(())
}

/// # Safety
/// `data` is null or valid for writes of `data_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemRangeGetAttribute(
    data: *mut c_void,
    data_size: usize,
    attribute: i32,
    dev_ptr: *const c_void,
    count: usize,
) -> hipError_t {
    entry(|| {
        if data.is_null() {
            return Err(err(HipError::InvalidValue, "data is a null pointer"));
        }
        // Every allocation has a coherency mode: hipMalloc memory is coarse-grained.
        if attribute == range_attr::COHERENCY_MODE && data_size == 4 && count > 0 {
            if let Some((PointerKind::Device, base, size)) = hip::pointer_info(dev_ptr)? {
                let fits = (dev_ptr as usize)
                    .checked_add(count)
                    .is_some_and(|e| e <= base as usize + size);
                if fits && !tracking().managed.contains_key(&(base as usize)) {
                    // SAFETY: 4 writable bytes per the caller.
                    unsafe { *data.cast::<i32>() = COHERENCY_COARSE_GRAIN };
                    return Ok(());
                }
            }
        }
        let end = managed_range(dev_ptr, count, "hipMemRangeGetAttribute")?;
        // SAFETY: `data_size` writable bytes per the caller.
        unsafe { range_attribute(data, data_size, attribute, dev_ptr as usize, end) }
    })
}

/// # Safety
/// `data`, `data_sizes` and `attributes` are null or hold `num_attributes` entries; each
/// `data[i]` is valid for writes of `data_sizes[i]` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemRangeGetAttributes(
    data: *mut *mut c_void,
    data_sizes: *mut usize,
    attributes: *mut i32,
    num_attributes: usize,
    dev_ptr: *const c_void,
    count: usize,
) -> hipError_t {
    entry(|| {
        if data.is_null() || data_sizes.is_null() || attributes.is_null() || num_attributes == 0 {
            return Err(err(
                HipError::InvalidValue,
                "null data, data_sizes or attributes, or no attributes",
            ));
        }
        let end = managed_range(dev_ptr, count, "hipMemRangeGetAttributes")?;
        for i in 0..num_attributes {
            // SAFETY: `num_attributes` readable entries per the caller.
            let (d, size, attr) = unsafe { (*data.add(i), *data_sizes.add(i), *attributes.add(i)) };
            if d.is_null() {
                return Err(err(
                    HipError::InvalidValue,
                    format!("data[{i}] is a null pointer"),
                ));
            }
            // SAFETY: `data[i]` holds `data_sizes[i]` writable bytes per the caller.
            unsafe { range_attribute(d, size, attr, dev_ptr as usize, end)? };
        }
        Ok(())
    })
}

/// # Safety
/// `base` and `size` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetAddressRange(
    base: *mut *mut c_void,
    size: *mut usize,
    dev_ptr: *mut c_void,
) -> hipError_t {
    entry(|| {
        let Some((_, b, s)) = hip::pointer_info(dev_ptr)? else {
            return Err(err(
                HipError::NotFound,
                format!("{dev_ptr:p} is not in an allocation of the runtime"),
            ));
        };
        if base.is_null() && size.is_null() {
            return Err(err(HipError::InvalidValue, "base and size are null"));
        }
        // SAFETY: each is null (skipped, as CUDA allows) or writable per the caller.
        unsafe {
            if !base.is_null() {
                *base = b;
            }
            if !size.is_null() {
                *size = s;
            }
        }
        Ok(())
    })
}

/// # Safety
/// `size` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPtrGetInfo(p: *mut c_void, size: *mut usize) -> hipError_t {
    entry(|| {
        if p.is_null() || size.is_null() {
            return Err(err(HipError::InvalidValue, "null ptr or size"));
        }
        // Runtime allocations, else registered host memory (its device pointer is the host
        // address), whose size is the registration's, as in ROCm.
        let s = match hip::pointer_info(p)? {
            Some((_, _, s)) => s,
            None => match registered_range(p as usize) {
                Some((_, s, _)) => s,
                None => {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("{p:p} is not an allocation of the runtime"),
                    ))
                }
            },
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(size, s, "size") }
    })
}

/// The flags `hipHostMalloc` or `hipHostRegister` was given for the memory holding `host`.
///
/// # Safety
/// `flags` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetFlags(flags: *mut u32, host: *mut c_void) -> hipError_t {
    entry(|| {
        if flags.is_null() || host.is_null() {
            return Err(err(HipError::InvalidValue, "null flags or host pointer"));
        }
        let f = match hip::pointer_info(host)? {
            Some((PointerKind::PinnedHost, base, _)) => tracking()
                .host_flags
                .get(&(base as usize))
                .copied()
                .unwrap_or(0),
            _ => match registered_range(host as usize) {
                Some((_, _, f)) => f,
                None => {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("{host:p} is not hipHostMalloc'ed or registered host memory"),
                    ))
                }
            },
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(flags, f, "flags") }
    })
}

/// `hipDeviceMallocDefault`, `hipDeviceMallocFinegrained`, `hipMallocSignalMemory`,
/// `hipDeviceMallocUncached`, `hipDeviceMallocContiguous`.
const EXT_MALLOC_SIGNAL: u32 = 0x2;

/// Device memory with AMD's allocation flags. The CPU device's memory is coherent and
/// uncached-equivalent already, so the flags select nothing; a signal allocation must be 8
/// bytes, as in ROCm.
///
/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipExtMallocWithFlags(
    ptr: *mut *mut c_void,
    size: usize,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() {
            return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
        }
        if flags > 0x4 || (flags == EXT_MALLOC_SIGNAL && size != 8) {
            return Err(err(
                HipError::InvalidValue,
                format!("hipExtMallocWithFlags: flags {flags:#x} with {size} bytes"),
            ));
        }
        // SAFETY: handed to the caller, who frees it with hipFree.
        let p = unsafe { hip::malloc(size)? };
        hip::track_user_allocation(p);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, p, "ptr") }
    })
}

// --- 3-D and parameter-block 2-D forms on linear memory ---------------------------------

/// `hip_Memcpy2D` (the driver API's 2-D copy description).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hip_Memcpy2D {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcMemoryType: i32,
    pub srcHost: *const c_void,
    pub srcDevice: *mut c_void,
    pub srcArray: *mut c_void,
    pub srcPitch: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstMemoryType: i32,
    pub dstHost: *mut c_void,
    pub dstDevice: *mut c_void,
    pub dstArray: *mut c_void,
    pub dstPitch: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
}

/// One side of a `hip_Memcpy2D`.
struct Param2dSide {
    mem_type: i32,
    host: *const c_void,
    device: *mut c_void,
    array: *mut c_void,
    x: usize,
    y: usize,
    pitch: usize,
}

/// The first byte one side of a `hip_Memcpy2D` names, and that side's pitch (an array side's
/// own rows, for a `width` x `height` copy).
fn param_side(s: Param2dSide, width: usize, height: usize) -> ApiResult<(usize, usize)> {
    // hipMemoryType: Host 1, Device 2, Managed 3, Array 10, Unified 11.
    let base = match s.mem_type {
        10 => {
            if s.array.is_null() {
                return Err(err(HipError::InvalidValue, "a side's array is null"));
            }
            let a = crate::texture::array_side(s.array, s.x, s.y, 0, width, height, 1)?;
            return Ok((a.base, a.pitch));
        }
        1 => s.host as usize,
        2 | 3 | 11 => s.device as usize,
        t => {
            return Err(err(
                HipError::InvalidValue,
                format!("{t} is not a hipMemoryType"),
            ))
        }
    };
    if base == 0 {
        return Err(err(HipError::InvalidValue, "a side's pointer is null"));
    }
    // A pitch of 0 means rows packed tight (ROCm's rectangle rule).
    let pitch = if s.pitch == 0 { width } else { s.pitch };
    let first =
        s.y.checked_mul(pitch)
            .and_then(|o| o.checked_add(s.x))
            .and_then(|o| base.checked_add(o))
            .ok_or_else(|| err(HipError::InvalidValue, "2-D copy addresses overflow"))?;
    // The rows must stay in the allocation the side's pointer names (ROCm checks against that
    // allocation, not whichever one the rows land in).
    if width > 0 && height > 0 {
        if let Some((_, alloc, size)) = hip::pointer_info(base as *const c_void)? {
            let last = (height - 1)
                .checked_mul(pitch)
                .and_then(|o| o.checked_add(width))
                .and_then(|o| o.checked_add(first - alloc as usize));
            if last.is_none_or(|e| e > size) {
                return Err(err(
                    HipError::InvalidValue,
                    format!(
                        "{height} rows of {width} bytes at ({}, {}) pass the end of the \
                         {size}-byte allocation at {alloc:p}",
                        s.x, s.y
                    ),
                ));
            }
        }
    }
    Ok((first, pitch))
}

/// # Safety
/// `p` is null or a readable description of valid ranges.
unsafe fn copy_param_2d(p: *const hip_Memcpy2D, s: &hip::Stream) -> ApiResult {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "pCopy is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let c = unsafe { *p };
    let (src, src_pitch) = param_side(
        Param2dSide {
            mem_type: c.srcMemoryType,
            host: c.srcHost,
            device: c.srcDevice,
            array: c.srcArray,
            x: c.srcXInBytes,
            y: c.srcY,
            pitch: c.srcPitch,
        },
        c.WidthInBytes,
        c.Height,
    )?;
    let (dst, dst_pitch) = param_side(
        Param2dSide {
            mem_type: c.dstMemoryType,
            host: c.dstHost,
            device: c.dstDevice,
            array: c.dstArray,
            x: c.dstXInBytes,
            y: c.dstY,
            pitch: c.dstPitch,
        },
        c.WidthInBytes,
        c.Height,
    )?;
    // The driver-API form reports a row wider than a pitch as an invalid value (hipMemcpy2D's
    // hipErrorInvalidPitchValue is the runtime form's), as ROCm does.
    if c.WidthInBytes > dst_pitch || c.WidthInBytes > src_pitch {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "WidthInBytes {} exceeds a pitch ({dst_pitch}, {src_pitch})",
                c.WidthInBytes
            ),
        ));
    }
    // SAFETY: forwarded caller contract; device sides are validated per row.
    unsafe {
        copy_rows(
            dst,
            dst_pitch,
            src,
            src_pitch,
            c.WidthInBytes,
            c.Height,
            MemcpyKind::Default,
            s,
        )
    }
}

/// # Safety
/// `p` is null or a readable description of valid ranges.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyParam2D(p: *const hip_Memcpy2D) -> hipError_t {
    entry(|| {
        let null = hip::Stream::null();
        // SAFETY: forwarded caller contract.
        unsafe { copy_param_2d(p, &null)? };
        // Between two device allocations it returns once queued, as hipMemcpy does.
        // SAFETY: `p` was read by copy_param_2d, so it is non-null and readable.
        let c = unsafe { *p };
        if c.srcMemoryType == 2
            && c.dstMemoryType == 2
            && plain_device(c.srcDevice)
            && plain_device(c.dstDevice)
        {
            return Ok(());
        }
        null.synchronize()
    })
}

/// # Safety
/// As [`hipMemcpyParam2D`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyParam2DAsync(
    p: *const hip_Memcpy2D,
    stream: hipStream_t,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| with_stream(stream, |s| unsafe { copy_param_2d(p, s) }))
}

/// The same copy as [`hipMemcpyParam2D`]: the CPU device copies at any alignment.
///
/// # Safety
/// As [`hipMemcpyParam2D`].
#[no_mangle]
pub unsafe extern "C" fn hipDrvMemcpy2DUnaligned(p: *const hip_Memcpy2D) -> hipError_t {
    // SAFETY: forwarded.
    unsafe { hipMemcpyParam2D(p) }
}

/// # Safety
/// `pitched` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMalloc3D(
    pitched: *mut crate::abi::hipPitchedPtr,
    extent: crate::abi::hipExtent,
) -> hipError_t {
    entry(|| {
        hip::graph::check_unsafe_call("hipMalloc3D")?;
        if pitched.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "pitchedDevPtr is a null pointer",
            ));
        }
        let pitch = extent.width.next_multiple_of(PITCH_ALIGN);
        let Some(bytes) = pitch
            .checked_mul(extent.height)
            .and_then(|b| b.checked_mul(extent.depth))
        else {
            return Err(err(
                HipError::OutOfMemory,
                "pitch * height * depth overflows",
            ));
        };
        // SAFETY: handed to the caller, who frees it with hipFree (0 bytes gives null).
        let ptr = unsafe { hip::malloc(bytes)? };
        hip::track_user_allocation(ptr);
        let out = crate::abi::hipPitchedPtr {
            ptr,
            pitch,
            xsize: extent.width,
            ysize: extent.height,
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(pitched, out, "pitchedDevPtr") }
    })
}

/// Fills a box of pitched device memory, one row at a time.
///
/// # Safety
/// `p` describes device memory (validated per row).
unsafe fn set_3d(
    p: crate::abi::hipPitchedPtr,
    value: i32,
    e: crate::abi::hipExtent,
    s: &hip::Stream,
) -> ApiResult {
    if e.width == 0 || e.height == 0 || e.depth == 0 {
        return Ok(());
    }
    if p.ptr.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "pitchedDevPtr.ptr is a null pointer",
        ));
    }
    if e.width > p.pitch || (e.depth > 1 && e.height > p.ysize) {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "extent {}x{} does not fit rows of {} bytes, {} rows a slice",
                e.width, e.height, p.pitch, p.ysize
            ),
        ));
    }
    let Some(slice) = p.pitch.checked_mul(p.ysize.max(e.height)) else {
        return Err(err(HipError::InvalidValue, "slice size overflows"));
    };
    for z in 0..e.depth {
        let Some(d) = z
            .checked_mul(slice)
            .and_then(|o| (p.ptr as usize).checked_add(o))
        else {
            return Err(err(HipError::InvalidValue, "3-D fill addresses overflow"));
        };
        // SAFETY: each row is validated by hip.
        unsafe { set_rows(d as *mut c_void, p.pitch, value, e.width, e.height, s)? };
    }
    Ok(())
}

/// # Safety
/// `p` describes device memory (validated).
#[no_mangle]
pub unsafe extern "C" fn hipMemset3D(
    p: crate::abi::hipPitchedPtr,
    value: i32,
    extent: crate::abi::hipExtent,
) -> hipError_t {
    entry(|| {
        let null = hip::Stream::null();
        // SAFETY: validated per row.
        unsafe { set_3d(p, value, extent, &null)? };
        if fill_returns_early(p.ptr) {
            return Ok(());
        }
        null.synchronize()
    })
}

/// # Safety
/// As [`hipMemset3D`].
#[no_mangle]
pub unsafe extern "C" fn hipMemset3DAsync(
    p: crate::abi::hipPitchedPtr,
    value: i32,
    extent: crate::abi::hipExtent,
    stream: hipStream_t,
) -> hipError_t {
    // SAFETY: validated per row.
    entry(|| with_stream(stream, |s| unsafe { set_3d(p, value, extent, s) }))
}

/// Fills `height` rows of `width` elements of `elem` bytes, rows `pitch` bytes apart.
///
/// # Safety
/// `dst` is device memory (validated per row).
unsafe fn set_2d_elements(
    dst: *mut c_void,
    pitch: usize,
    pattern: u32,
    elem: usize,
    width: usize,
    height: usize,
    s: &hip::Stream,
) -> ApiResult {
    let Some(row_bytes) = width.checked_mul(elem) else {
        return Err(err(HipError::InvalidValue, "row size overflows"));
    };
    if row_bytes > pitch && height > 1 {
        return Err(err(
            HipError::InvalidValue,
            format!("{width} elements of {elem} bytes exceed pitch {pitch}"),
        ));
    }
    for row in 0..height {
        let Some(d) = row
            .checked_mul(pitch)
            .and_then(|o| (dst as usize).checked_add(o))
        else {
            return Err(err(HipError::InvalidValue, "2-D fill addresses overflow"));
        };
        // SAFETY: validated by hip.
        unsafe { hip::memset_pattern(d as *mut c_void, pattern, elem, width, s, false)? };
    }
    Ok(())
}

macro_rules! fills_2d {
    ($($sync:ident, $async_:ident, $t:ty, $w:expr;)*) => {$(
        /// # Safety
        /// `dst` is device memory holding `height` rows `pitch` bytes apart.
        #[no_mangle]
        pub unsafe extern "C" fn $sync(dst: *mut c_void, pitch: usize, value: $t, width: usize, height: usize) -> hipError_t {
            entry(|| {
                let null = hip::Stream::null();
                // SAFETY: validated per row.
                unsafe { set_2d_elements(dst, pitch, value as u32, $w, width, height, &null)? };
                null.synchronize()
            })
        }

        /// # Safety
        /// As the synchronous form.
        #[no_mangle]
        pub unsafe extern "C" fn $async_(dst: *mut c_void, pitch: usize, value: $t, width: usize, height: usize, stream: hipStream_t) -> hipError_t {
            entry(|| {
                // SAFETY: validated per row.
                with_stream(stream, |s| unsafe { set_2d_elements(dst, pitch, value as u32, $w, width, height, s) })
            })
        }
    )*};
}

fills_2d! {
    hipMemsetD2D8, hipMemsetD2D8Async, u8, 1;
    hipMemsetD2D16, hipMemsetD2D16Async, u16, 2;
    hipMemsetD2D32, hipMemsetD2D32Async, u32, 4;
}

// --- driver-API and legacy spellings of allocation --------------------------------------

/// `hipHostAlloc`: `hipHostMalloc` limited to the flags `hipHostAllocPortable`,
/// `hipHostAllocMapped` and `hipHostAllocWriteCombined`, as in ROCm.
///
/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostAlloc(
    ptr: *mut *mut c_void,
    size: usize,
    flags: u32,
) -> hipError_t {
    if !ptr.is_null() && flags > 0x7 {
        return entry(|| {
            Err(err(
                HipError::InvalidValue,
                format!("hipHostAlloc flags {flags:#x}: Portable, Mapped, WriteCombined only"),
            ))
        });
    }
    // SAFETY: forwarded.
    unsafe { hipHostMalloc(ptr, size, flags) }
}

/// `hipMemAllocHost`: page-locked host memory with default flags.
///
/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocHost(ptr: *mut *mut c_void, size: usize) -> hipError_t {
    // SAFETY: forwarded.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// `hipMemAllocPitch`: `hipMallocPitch` for the driver API, whose element size must be 4, 8
/// or 16 bytes (the pitch does not depend on it on the CPU device).
///
/// # Safety
/// `dptr` and `pitch` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocPitch(
    dptr: *mut *mut c_void,
    pitch: *mut usize,
    width_bytes: usize,
    height: usize,
    element_size: u32,
) -> hipError_t {
    if width_bytes == 0 || height == 0 || !matches!(element_size, 4 | 8 | 16) {
        return entry(|| {
            Err(err(
                HipError::InvalidValue,
                format!(
                    "hipMemAllocPitch: {width_bytes} x {height} bytes, element size {element_size}"
                ),
            ))
        });
    }
    // SAFETY: forwarded.
    unsafe { hipMallocPitch(dptr, pitch, width_bytes, height) }
}
