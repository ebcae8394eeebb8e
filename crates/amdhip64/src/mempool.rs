//! Stream-ordered allocation and memory pools: `hipMallocAsync`, `hipFreeAsync`,
//! `hipMallocFromPoolAsync`, `hipMemPool*`, `hipDevice{Get,Set}MemPool`. Error codes follow
//! ROCm's clr (hip_mempool.cpp).

use crate::handles::{self, HandleKind};
use crate::stream::{hipStream_t, with_stream};
use crate::{check_device, entry, err, hipError_t, put, ApiResult};
use hip::mempool::MemPool;
use hip::HipError;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock};

/// `hipMemPool_t`.
pub type hipMemPool_t = *mut c_void;

/// `hipMemLocationType`: `hipMemLocationTypeDevice`.
pub const MEM_LOCATION_TYPE_DEVICE: i32 = 1;
/// `hipMemAllocationType`: `hipMemAllocationTypePinned`.
pub const MEM_ALLOCATION_TYPE_PINNED: i32 = 1;
/// `hipMemAllocationHandleType`: `hipMemHandleTypeNone`.
pub const MEM_HANDLE_TYPE_NONE: i32 = 0;
/// `hipMemAllocationHandleType`: `hipMemHandleTypePosixFileDescriptor`.
pub const MEM_HANDLE_TYPE_POSIX_FD: i32 = 1;
/// `hipMemAccessFlags`.
pub const MEM_ACCESS_PROT_NONE: i32 = 0;
pub const MEM_ACCESS_PROT_READ: i32 = 1;
pub const MEM_ACCESS_PROT_READ_WRITE: i32 = 3;

/// `hipMemLocation`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct hipMemLocation {
    pub type_: i32,
    pub id: i32,
}

/// `hipMemAccessDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct hipMemAccessDesc {
    pub location: hipMemLocation,
    pub flags: i32,
}

/// `hipMemPoolProps`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemPoolProps {
    pub allocType: i32,
    pub handleTypes: i32,
    pub location: hipMemLocation,
    pub win32SecurityAttributes: *mut c_void,
    pub maxSize: usize,
    pub reserved: [u8; 56],
}

/// `hipMemPoolPtrExportData`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemPoolPtrExportData {
    pub reserved: [u8; 64],
}

/// A pool behind a `hipMemPool_t`.
pub struct PoolObj {
    pub pool: Arc<MemPool>,
    /// The `hipMemAllocationHandleType`s it was created for.
    pub handle_types: i32,
}

impl HandleKind for PoolObj {
    const TAG: u32 = 0x4d50_4f4c; // "MPOL"
    const NAME: &'static str = "memory pool";
}

/// Pool id -> its registered handle, so that every query of a pool gives one handle.
fn handle_of() -> std::sync::MutexGuard<'static, HashMap<u64, usize>> {
    static H: OnceLock<Mutex<HashMap<u64, usize>>> = OnceLock::new();
    H.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The handle of `pool`, registering it the first time (default pools are made lazily).
pub(crate) fn handle_for(pool: Arc<MemPool>) -> hipMemPool_t {
    let mut h = handle_of();
    if let Some(&p) = h.get(&pool.id()) {
        return p as hipMemPool_t;
    }
    let id = pool.id();
    let p = handles::register(Arc::new(PoolObj {
        pool,
        handle_types: MEM_HANDLE_TYPE_NONE,
    }));
    h.insert(id, p as usize);
    p
}

/// `hipDeviceReset`'s part for memory pools, as ROCm's (which deletes every pool of the
/// device and makes a new default one): the pools the program created on `dev` are destroyed
/// and their handles go stale (`hipErrorInvalidValue`), every stream-ordered allocation of
/// the device is released, and the default pool is current again with nothing cached. The
/// device is idle. Gives the number of allocations released.
pub(crate) fn reset_device_pools(dev: i32) -> ApiResult<usize> {
    for h in handles::live::<PoolObj>() {
        let Some(obj) = handles::lookup::<PoolObj>(h) else {
            continue;
        };
        if obj.pool.device() != dev || obj.pool.is_default() {
            continue;
        }
        // Destroyed by the program already or now: the handle goes either way.
        let _ = obj.pool.destroy();
        handle_of().remove(&obj.pool.id());
        handles::unregister::<PoolObj>(h);
    }
    let n = hip::mempool::reset_device_pools(dev)?;
    Ok(n)
}

/// The pool behind `h`: null or stale is `hipErrorInvalidValue`, as in ROCm.
fn pool(h: hipMemPool_t) -> ApiResult<Arc<PoolObj>> {
    handles::lookup::<PoolObj>(h).ok_or_else(|| {
        err(
            HipError::InvalidValue,
            format!("{h:p} is not a live memory pool"),
        )
    })
}

/// Runs `f` on stream `h`; a handle that is not a live stream is `hipErrorInvalidHandle`, the
/// answer of ROCm's stream-ordered allocator (other calls answer hipErrorContextIsDestroyed).
fn with_pool_stream<R>(
    h: hipStream_t,
    f: impl FnOnce(&hip::Stream) -> ApiResult<R>,
) -> ApiResult<R> {
    let special = matches!(
        h as usize,
        0 | crate::stream::STREAM_LEGACY | crate::stream::STREAM_PER_THREAD
    );
    if !special && handles::lookup::<crate::stream::StreamObj>(h).is_none() {
        return Err(err(
            HipError::InvalidHandle,
            format!("{h:p} is not a live stream"),
        ));
    }
    with_stream(h, f)
}

/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocAsync(
    ptr: *mut *mut c_void,
    size: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() {
            return Err(err(HipError::InvalidValue, "dev_ptr is a null pointer"));
        }
        with_pool_stream(stream, |s| {
            let pool = hip::mempool::current_pool(hip::get_device()?)?;
            let p = pool.allocate(size, s)?;
            // SAFETY: non-null, writable per the caller.
            unsafe { put(ptr, p, "dev_ptr") }
        })
    })
}

/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocFromPoolAsync(
    ptr: *mut *mut c_void,
    size: usize,
    mem_pool: hipMemPool_t,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() {
            return Err(err(HipError::InvalidValue, "dev_ptr is a null pointer"));
        }
        let pool = pool(mem_pool)?;
        with_pool_stream(stream, |s| {
            let p = pool.pool.allocate(size, s)?;
            // SAFETY: non-null, writable per the caller.
            unsafe { put(ptr, p, "dev_ptr") }
        })
    })
}

/// No work queued after this on `stream` may use `p`; earlier work still can.
#[no_mangle]
pub extern "C" fn hipFreeAsync(p: *mut c_void, stream: hipStream_t) -> hipError_t {
    entry(|| {
        if p.is_null() {
            return Err(err(HipError::InvalidValue, "dev_ptr is a null pointer"));
        }
        with_pool_stream(stream, |s| hip::mempool::free_async(p, s))?;
        crate::memory::forget_buffer(p as usize);
        Ok(())
    })
}

/// # Safety
/// `mem_pool` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetDefaultMemPool(
    mem_pool: *mut hipMemPool_t,
    device: i32,
) -> hipError_t {
    entry(|| {
        if mem_pool.is_null() {
            return Err(err(HipError::InvalidValue, "mem_pool is a null pointer"));
        }
        check_device(device)?;
        let h = handle_for(hip::mempool::default_pool(device)?);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mem_pool, h, "mem_pool") }
    })
}

/// A device ordinal for the current-pool calls: unknown ones are `hipErrorInvalidValue`.
fn pool_device(device: i32) -> ApiResult {
    let n = hip::device_count()?;
    if device < 0 || device >= n {
        return Err(err(
            HipError::InvalidValue,
            format!("device {device} does not exist ({n} device(s))"),
        ));
    }
    Ok(())
}

/// # Safety
/// `mem_pool` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetMemPool(
    mem_pool: *mut hipMemPool_t,
    device: i32,
) -> hipError_t {
    entry(|| {
        if mem_pool.is_null() {
            return Err(err(HipError::InvalidValue, "mem_pool is a null pointer"));
        }
        // ROCm answers an unknown device here with hipErrorInvalidValue (the default-pool query
        // with hipErrorInvalidDevice).
        pool_device(device)?;
        let h = handle_for(hip::mempool::current_pool(device)?);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mem_pool, h, "mem_pool") }
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceSetMemPool(device: i32, mem_pool: hipMemPool_t) -> hipError_t {
    entry(|| {
        if mem_pool.is_null() {
            return Err(err(HipError::InvalidValue, "mem_pool is a null pointer"));
        }
        pool_device(device)?;
        let p = pool(mem_pool)?;
        hip::mempool::set_current_pool(device, &p.pool)
    })
}

/// # Safety
/// `mem_pool` is null or writable; `props` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolCreate(
    mem_pool: *mut hipMemPool_t,
    props: *const hipMemPoolProps,
) -> hipError_t {
    entry(|| {
        if mem_pool.is_null() || props.is_null() {
            return Err(err(HipError::InvalidValue, "null mem_pool or props"));
        }
        // SAFETY: non-null, readable per the caller.
        let props = unsafe { *props };
        if props.allocType != MEM_ALLOCATION_TYPE_PINNED {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "allocType {} is not hipMemAllocationTypePinned",
                    props.allocType
                ),
            ));
        }
        if props.location.type_ != MEM_LOCATION_TYPE_DEVICE {
            return Err(err(
                HipError::InvalidValue,
                format!("location type {} is not a device", props.location.type_),
            ));
        }
        let n = hip::device_count()?;
        if props.location.id < 0 || props.location.id >= n {
            return Err(err(
                HipError::InvalidValue,
                format!("location id {} is not a device", props.location.id),
            ));
        }
        if !matches!(
            props.handleTypes,
            MEM_HANDLE_TYPE_NONE | MEM_HANDLE_TYPE_POSIX_FD
        ) {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "handle type {:#x} is not available on Linux",
                    props.handleTypes
                ),
            ));
        }
        let pool = if props.handleTypes == MEM_HANDLE_TYPE_POSIX_FD {
            MemPool::create_shareable(props.location.id, props.maxSize)?
        } else {
            MemPool::create(props.location.id, props.maxSize)?
        };
        let id = pool.id();
        let h = handles::register(Arc::new(PoolObj {
            pool,
            handle_types: props.handleTypes,
        }));
        handle_of().insert(id, h as usize);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mem_pool, h, "mem_pool") }
    })
}

#[no_mangle]
pub extern "C" fn hipMemPoolDestroy(mem_pool: hipMemPool_t) -> hipError_t {
    entry(|| {
        let p = pool(mem_pool)?;
        p.pool.destroy()?;
        handles::unregister::<PoolObj>(mem_pool);
        handle_of().remove(&p.pool.id());
        Ok(())
    })
}

/// Whether the attribute's value is an `int` (the reuse policies) rather than a `uint64_t`.
fn int_attribute(attr: i32) -> bool {
    use hip::mempool::attr::*;
    matches!(
        attr,
        REUSE_FOLLOW_EVENT_DEPENDENCIES
            | REUSE_ALLOW_OPPORTUNISTIC
            | REUSE_ALLOW_INTERNAL_DEPENDENCIES
    )
}

fn check_attribute(attr: i32) -> ApiResult {
    if !(1..=8).contains(&attr) {
        return Err(err(
            HipError::InvalidValue,
            format!("{attr} is not a hipMemPoolAttr"),
        ));
    }
    Ok(())
}

/// # Safety
/// `value` is null or points at an `int` (reuse policies) or a `uint64_t` (the others).
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolSetAttribute(
    mem_pool: hipMemPool_t,
    attr: i32,
    value: *mut c_void,
) -> hipError_t {
    entry(|| {
        let p = pool(mem_pool)?;
        check_attribute(attr)?;
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        let v = if int_attribute(attr) {
            // SAFETY: readable `int` per the caller.
            unsafe { *(value as *const i32) as u64 }
        } else {
            // SAFETY: readable `uint64_t` per the caller.
            unsafe { *(value as *const u64) }
        };
        p.pool.set_attribute(attr, v)
    })
}

/// # Safety
/// `value` is null or points at a writable `int` or `uint64_t`, as for the setter.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolGetAttribute(
    mem_pool: hipMemPool_t,
    attr: i32,
    value: *mut c_void,
) -> hipError_t {
    entry(|| {
        let p = pool(mem_pool)?;
        check_attribute(attr)?;
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        let v = p.pool.get_attribute(attr)?;
        if int_attribute(attr) {
            // SAFETY: writable `int` per the caller.
            unsafe { *(value as *mut i32) = v as i32 };
        } else {
            // SAFETY: writable `uint64_t` per the caller.
            unsafe { *(value as *mut u64) = v };
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipMemPoolTrimTo(mem_pool: hipMemPool_t, min_bytes_to_hold: usize) -> hipError_t {
    entry(|| {
        pool(mem_pool)?.pool.trim_to(min_bytes_to_hold);
        Ok(())
    })
}

/// The CPU device is the only device, so a pool is always readable and writable by its own
/// device: that access can be set again but not revoked.
///
/// # Safety
/// `desc_list` is null or holds `count` readable descriptors.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolSetAccess(
    mem_pool: hipMemPool_t,
    desc_list: *const hipMemAccessDesc,
    count: usize,
) -> hipError_t {
    entry(|| {
        let p = pool(mem_pool)?;
        let n = hip::device_count()?;
        if count > n as usize {
            return Err(err(
                HipError::InvalidDevice,
                format!("{count} descriptors for {n} device(s)"),
            ));
        }
        if count > 0 && desc_list.is_null() {
            return Err(err(HipError::InvalidValue, "desc_list is a null pointer"));
        }
        for i in 0..count {
            // SAFETY: `count` readable descriptors per the caller.
            let d = unsafe { *desc_list.add(i) };
            if d.location.type_ != MEM_LOCATION_TYPE_DEVICE {
                return Err(err(
                    HipError::InvalidValue,
                    format!("location type {} is not a device", d.location.type_),
                ));
            }
            if d.location.id < 0 || d.location.id >= n {
                return Err(err(
                    HipError::InvalidDevice,
                    format!("location id {} is not a device", d.location.id),
                ));
            }
            if !matches!(
                d.flags,
                MEM_ACCESS_PROT_NONE | MEM_ACCESS_PROT_READ | MEM_ACCESS_PROT_READ_WRITE
            ) {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{} is not a hipMemAccessFlags", d.flags),
                ));
            }
            if d.location.id == p.pool.device() && d.flags != MEM_ACCESS_PROT_READ_WRITE {
                return Err(err(
                    HipError::InvalidDevice,
                    "a pool's own device keeps read-write access",
                ));
            }
        }
        Ok(())
    })
}

/// # Safety
/// `flags` is null or writable; `location` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolGetAccess(
    flags: *mut i32,
    mem_pool: hipMemPool_t,
    location: *const hipMemLocation,
) -> hipError_t {
    entry(|| {
        let p = pool(mem_pool)?;
        if flags.is_null() || location.is_null() {
            return Err(err(HipError::InvalidValue, "null flags or location"));
        }
        // SAFETY: non-null, readable per the caller.
        let loc = unsafe { *location };
        let n = hip::device_count()?;
        if loc.type_ != MEM_LOCATION_TYPE_DEVICE || loc.id < 0 || loc.id >= n {
            return Err(err(
                HipError::InvalidValue,
                format!("location ({}, {}) is not a device", loc.type_, loc.id),
            ));
        }
        let f = if loc.id == p.pool.device() {
            MEM_ACCESS_PROT_READ_WRITE
        } else {
            MEM_ACCESS_PROT_NONE
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(flags, f, "flags") }
    })
}

/// `hipMemPoolPtrExportData` as ferrocm fills it: a tag, then the pool file's inode and the
/// allocation's offset and size in it (little-endian u64s).
const EXPORT_TAG: &[u8; 8] = b"FCMPOOL1";

fn encode_export(e: &hip::mempool::ExportedPointer) -> hipMemPoolPtrExportData {
    let mut r = [0u8; 64];
    r[..8].copy_from_slice(EXPORT_TAG);
    r[8..16].copy_from_slice(&e.inode.to_le_bytes());
    r[16..24].copy_from_slice(&e.offset.to_le_bytes());
    r[24..32].copy_from_slice(&e.size.to_le_bytes());
    hipMemPoolPtrExportData { reserved: r }
}

fn decode_export(d: &hipMemPoolPtrExportData) -> Option<hip::mempool::ExportedPointer> {
    let r = &d.reserved;
    if &r[..8] != EXPORT_TAG {
        return None;
    }
    let u = |i: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&r[i..i + 8]);
        u64::from_le_bytes(b)
    };
    Some(hip::mempool::ExportedPointer {
        inode: u(8),
        offset: u(16),
        size: u(24),
    })
}

/// The pool's memory file as a POSIX file descriptor (written as an `int`, as ROCm writes it),
/// for another process to receive over a Unix socket and import. The pool must have been
/// created with `hipMemHandleTypePosixFileDescriptor`.
///
/// # Safety
/// `shared_handle` is writable for an `int`.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolExportToShareableHandle(
    shared_handle: *mut c_void,
    mem_pool: hipMemPool_t,
    handle_type: i32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if shared_handle.is_null() || flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "shared_handle is a null pointer, or flags are not 0",
            ));
        }
        let p = pool(mem_pool)?;
        if handle_type != MEM_HANDLE_TYPE_POSIX_FD || p.handle_types & MEM_HANDLE_TYPE_POSIX_FD == 0
        {
            return Err(err(
                HipError::InvalidValue,
                "the pool was not created for hipMemHandleTypePosixFileDescriptor handles",
            ));
        }
        let fd = p.pool.export_fd()?;
        // SAFETY: non-null, writable for an int per the caller (ROCm's contract).
        unsafe { put(shared_handle.cast::<i32>(), fd, "shared_handle") }
    })
}

/// A pool over another pool's memory file: `shared_handle` is the file descriptor (its
/// integer value as a pointer, as ROCm takes it), which stays the caller's. The new pool maps
/// the exporter's allocations (`hipMemPoolImportPointer`) and allocates none.
///
/// # Safety
/// `mem_pool` is writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolImportFromShareableHandle(
    mem_pool: *mut hipMemPool_t,
    shared_handle: *mut c_void,
    handle_type: i32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if mem_pool.is_null() || shared_handle.is_null() || flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "null mem_pool or handle, or flags are not 0",
            ));
        }
        if handle_type != MEM_HANDLE_TYPE_POSIX_FD {
            return Err(err(
                HipError::InvalidValue,
                format!("handle type {handle_type} is not hipMemHandleTypePosixFileDescriptor"),
            ));
        }
        // The low 32 bits are the descriptor (ROCm reads them through a union).
        let fd = shared_handle as usize as u32 as i32;
        let imported = MemPool::import(0, fd)?;
        let id = imported.id();
        let h = handles::register(Arc::new(PoolObj {
            pool: imported,
            handle_types: MEM_HANDLE_TYPE_POSIX_FD,
        }));
        handle_of().insert(id, h as usize);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mem_pool, h, "mem_pool") }
    })
}

/// Where a live allocation of a shareable pool lies, for another process to map
/// (`hipMemPoolImportPointer` on the imported pool).
///
/// # Safety
/// `export_data` is writable for 64 bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolExportPointer(
    export_data: *mut hipMemPoolPtrExportData,
    ptr: *mut c_void,
) -> hipError_t {
    entry(|| {
        if export_data.is_null() || ptr.is_null() {
            return Err(err(HipError::InvalidValue, "null export_data or dev_ptr"));
        }
        let e = hip::mempool::export_pointer(ptr)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(export_data, encode_export(&e), "export_data") }
    })
}

/// Maps an allocation exported from the pool `mem_pool` was imported from; `hipFree`
/// releases the mapping (the memory stays the exporter's).
///
/// # Safety
/// `ptr` is writable; `export_data` is readable for 64 bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolImportPointer(
    ptr: *mut *mut c_void,
    mem_pool: hipMemPool_t,
    export_data: *mut hipMemPoolPtrExportData,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() || export_data.is_null() {
            return Err(err(HipError::InvalidValue, "null dev_ptr or export_data"));
        }
        let p = pool(mem_pool)?;
        // SAFETY: non-null; the caller gives 64 readable bytes.
        let data = unsafe { std::ptr::read_unaligned(export_data) };
        let Some(e) = decode_export(&data) else {
            return Err(err(
                HipError::InvalidValue,
                "export_data was not written by hipMemPoolExportPointer",
            ));
        };
        let mapped = p.pool.import_pointer(&e)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, mapped, "ptr") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_hip() {
        assert_eq!(size_of::<hipMemLocation>(), 8);
        assert_eq!(size_of::<hipMemAccessDesc>(), 12);
        assert_eq!(offset_of!(hipMemPoolProps, win32SecurityAttributes), 16);
        assert_eq!(offset_of!(hipMemPoolProps, maxSize), 24);
        assert_eq!(offset_of!(hipMemPoolProps, reserved), 32);
        assert_eq!(size_of::<hipMemPoolProps>(), 88);
        assert_eq!(size_of::<hipMemPoolPtrExportData>(), 64);
    }
}
