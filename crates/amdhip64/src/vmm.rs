//! Virtual memory management: physical allocations (`hipMemCreate`) are memory files
//! (`memfd`), address ranges (`hipMemAddressReserve`) are inaccessible anonymous mappings, and
//! `hipMemMap` maps a file over part of a range (`MAP_FIXED | MAP_SHARED`). Mapped ranges made
//! accessible are registered with the runtime, so copies, fills, pointer queries and kernels
//! take them as device memory. Access (`hipMemSetAccess`) is the pages' protection, as on a GPU: memory
//! mapped but not made accessible faults. Physical memory can be exported as a file
//! descriptor and imported in another process. Error codes follow ROCm's clr (hip_vm.cpp).

use crate::handles::{self, HandleKind};
use crate::mempool::{
    hipMemAccessDesc, hipMemLocation, MEM_ACCESS_PROT_NONE, MEM_ACCESS_PROT_READ,
    MEM_ACCESS_PROT_READ_WRITE, MEM_ALLOCATION_TYPE_PINNED, MEM_HANDLE_TYPE_NONE,
    MEM_HANDLE_TYPE_POSIX_FD, MEM_LOCATION_TYPE_DEVICE,
};
use crate::{entry, err, hipError_t, put, ApiResult};
use hip::mempool::RangeOwner;
use hip::HipError;
use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// `hipMemGenericAllocationHandle_t`.
pub type hipMemGenericAllocationHandle_t = *mut c_void;

/// `hipMemAllocationGranularity_flags`.
pub const GRANULARITY_MINIMUM: i32 = 0;
pub const GRANULARITY_RECOMMENDED: i32 = 1;

/// `hipMemAllocationProp`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemAllocationProp {
    pub type_: i32,
    pub requestedHandleType: i32,
    pub location: hipMemLocation,
    pub win32HandleMetaData: *mut c_void,
    pub allocFlags: hipMemAllocFlags,
}

/// The `allocFlags` member of `hipMemAllocationProp`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipMemAllocFlags {
    pub compressionType: u8,
    pub gpuDirectRDMACapable: u8,
    pub usage: u16,
}

pub(crate) fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

/// Recommended granularity: a huge page, so large mappings can use them.
const RECOMMENDED_GRANULARITY: usize = 2 << 20;

/// Physical memory: a memory file, closed when the last handle and mapping are gone.
struct PhysAlloc {
    id: u64,
    fd: i32,
    size: usize,
    prop: hipMemAllocationProp,
}

// SAFETY: the only pointer (`win32HandleMetaData`) is an opaque value never dereferenced.
unsafe impl Send for PhysAlloc {}
// SAFETY: as above; all fields are read-only after creation.
unsafe impl Sync for PhysAlloc {}

impl Drop for PhysAlloc {
    fn drop(&mut self) {
        // SAFETY: the descriptor is owned by this allocation and closed once, here.
        unsafe { libc::close(self.fd) };
    }
}

/// What a `hipMemGenericAllocationHandle_t` points to.
pub struct AllocHandle {
    alloc: Arc<PhysAlloc>,
}

impl HandleKind for AllocHandle {
    const TAG: u32 = 0x564d_4d48; // "VMMH"
    const NAME: &'static str = "allocation handle";
}

struct Mapping {
    size: usize,
    /// Keeps the physical memory alive while mapped.
    alloc: Arc<PhysAlloc>,
    flags: i32,
}

#[derive(Default)]
struct State {
    /// Reserved ranges: base -> size.
    reserved: BTreeMap<usize, usize>,
    /// Mapped stretches: base -> mapping.
    mapped: BTreeMap<usize, Mapping>,
    /// Allocation id -> (live handle, references: hipMemCreate and each retain).
    handles: HashMap<u64, (usize, usize)>,
}

fn state() -> MutexGuard<'static, State> {
    static S: OnceLock<Mutex<State>> = OnceLock::new();
    S.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

fn os_err(what: &str) -> HipError {
    err(
        HipError::OutOfMemory,
        format!("{what}: {}", std::io::Error::last_os_error()),
    )
}

fn check_prop(prop: *const hipMemAllocationProp) -> ApiResult<hipMemAllocationProp> {
    if prop.is_null() {
        return Err(err(HipError::InvalidValue, "prop is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let p = unsafe { *prop };
    if p.type_ != MEM_ALLOCATION_TYPE_PINNED {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "allocation type {} is not hipMemAllocationTypePinned",
                p.type_
            ),
        ));
    }
    let n = hip::device_count()?;
    if p.location.type_ != MEM_LOCATION_TYPE_DEVICE || p.location.id < 0 || p.location.id >= n {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "location ({}, {}) is not a device",
                p.location.type_, p.location.id
            ),
        ));
    }
    if !matches!(
        p.requestedHandleType,
        MEM_HANDLE_TYPE_NONE | MEM_HANDLE_TYPE_POSIX_FD
    ) {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "handle type {:#x} is not available on Linux",
                p.requestedHandleType
            ),
        ));
    }
    Ok(p)
}

/// # Safety
/// `granularity` is null or writable; `prop` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetAllocationGranularity(
    granularity: *mut usize,
    prop: *const hipMemAllocationProp,
    option: i32,
) -> hipError_t {
    entry(|| {
        if granularity.is_null() {
            return Err(err(HipError::InvalidValue, "granularity is a null pointer"));
        }
        check_prop(prop)?;
        let g = match option {
            GRANULARITY_MINIMUM => page_size(),
            GRANULARITY_RECOMMENDED => RECOMMENDED_GRANULARITY,
            o => {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{o} is not a hipMemAllocationGranularity_flags"),
                ))
            }
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(granularity, g, "granularity") }
    })
}

/// A handle for `alloc`: its live one (one more reference) or a new one.
fn handle_for(st: &mut State, alloc: &Arc<PhysAlloc>) -> hipMemGenericAllocationHandle_t {
    if let Some((h, refs)) = st.handles.get_mut(&alloc.id) {
        *refs += 1;
        return *h as hipMemGenericAllocationHandle_t;
    }
    let h = handles::register(Arc::new(AllocHandle {
        alloc: alloc.clone(),
    }));
    st.handles.insert(alloc.id, (h as usize, 1));
    h
}

fn new_alloc(fd: i32, size: usize, prop: hipMemAllocationProp) -> Arc<PhysAlloc> {
    static ID: AtomicU64 = AtomicU64::new(1);
    Arc::new(PhysAlloc {
        id: ID.fetch_add(1, Ordering::Relaxed),
        fd,
        size,
        prop,
    })
}

/// # Safety
/// `handle` is null or writable; `prop` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemCreate(
    handle: *mut hipMemGenericAllocationHandle_t,
    size: usize,
    prop: *const hipMemAllocationProp,
    flags: u64,
) -> hipError_t {
    entry(|| {
        if handle.is_null() {
            return Err(err(HipError::InvalidValue, "handle is a null pointer"));
        }
        let p = check_prop(prop)?;
        if flags != 0 {
            return Err(err(HipError::InvalidValue, "flags must be 0"));
        }
        if size == 0 || !size.is_multiple_of(page_size()) {
            return Err(err(
                HipError::InvalidValue,
                format!("size {size} is not a positive multiple of the granularity"),
            ));
        }
        // SAFETY: a NUL-terminated name; the descriptor is owned by the new allocation.
        let fd = unsafe { libc::memfd_create(c"hip-physical-memory".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return Err(os_err("hipMemCreate: memfd_create"));
        }
        // SAFETY: `fd` is the memory file just created.
        if unsafe { libc::ftruncate(fd, size as libc::off_t) } != 0 {
            let e = os_err("hipMemCreate: sizing the memory file");
            // SAFETY: not handed out yet; closed once.
            unsafe { libc::close(fd) };
            return Err(e);
        }
        let alloc = new_alloc(fd, size, p);
        let h = handle_for(&mut state(), &alloc);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(handle, h, "handle") }
    })
}

fn handle_alloc(h: hipMemGenericAllocationHandle_t) -> ApiResult<Arc<PhysAlloc>> {
    handles::lookup::<AllocHandle>(h)
        .map(|a| a.alloc.clone())
        .ok_or_else(|| {
            err(
                HipError::InvalidValue,
                format!("{h:p} is not a live allocation handle"),
            )
        })
}

/// Drops one reference to the handle; the physical memory lives on while mapped.
#[no_mangle]
pub extern "C" fn hipMemRelease(handle: hipMemGenericAllocationHandle_t) -> hipError_t {
    entry(|| {
        let alloc = handle_alloc(handle)?;
        let mut st = state();
        let gone = match st.handles.get_mut(&alloc.id) {
            Some((_, refs)) if *refs > 1 => {
                *refs -= 1;
                false
            }
            _ => true,
        };
        if gone {
            st.handles.remove(&alloc.id);
            handles::unregister::<AllocHandle>(handle);
        }
        Ok(())
    })
}

/// # Safety
/// `prop` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetAllocationPropertiesFromHandle(
    prop: *mut hipMemAllocationProp,
    handle: hipMemGenericAllocationHandle_t,
) -> hipError_t {
    entry(|| {
        if prop.is_null() {
            return Err(err(HipError::InvalidValue, "prop is a null pointer"));
        }
        let a = handle_alloc(handle)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(prop, a.prop, "prop") }
    })
}

/// # Safety
/// `ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemAddressReserve(
    ptr: *mut *mut c_void,
    size: usize,
    alignment: usize,
    addr: *mut c_void,
    flags: u64,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() {
            return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
        }
        let page = page_size();
        if size == 0 || !size.is_multiple_of(page) || flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "size {size} is not a positive multiple of the granularity, or flags are not 0"
                ),
            ));
        }
        if alignment != 0 && !alignment.is_power_of_two() {
            return Err(err(
                HipError::InvalidValue,
                format!("alignment {alignment} is not a power of two"),
            ));
        }
        let align = alignment.max(page);
        let Some(span) = size.checked_add(align - page) else {
            return Err(err(HipError::OutOfMemory, "reservation size overflows"));
        };
        // SAFETY: a fresh inaccessible anonymous mapping; `addr` is only a hint.
        let raw = unsafe {
            libc::mmap(
                addr,
                span,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return Err(os_err("hipMemAddressReserve"));
        }
        // Trim to the aligned range.
        let start = (raw as usize).next_multiple_of(align);
        let (head, tail) = (start - raw as usize, span - (start - raw as usize) - size);
        // SAFETY: the trimmed pieces are parts of the mapping just made, not handed out.
        unsafe {
            if head > 0 {
                libc::munmap(raw, head);
            }
            if tail > 0 {
                libc::munmap((start + size) as *mut c_void, tail);
            }
        }
        state().reserved.insert(start, size);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, start as *mut c_void, "ptr") }
    })
}

/// Returns a stretch to the reserved, inaccessible state.
fn unmap_stretch(base: usize, size: usize) {
    // SAFETY: `[base, base + size)` lies in a reservation this module owns; replacing it with
    // an inaccessible anonymous mapping keeps the address range reserved.
    unsafe {
        libc::mmap(
            base as *mut c_void,
            size,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_FIXED,
            -1,
            0,
        );
    }
    hip::mempool::unregister_range(base as *mut c_void);
}

/// Frees a reservation; mappings left in it are unmapped.
///
/// # Safety
/// Nothing uses the range afterwards (it is checked to be a reservation).
#[no_mangle]
pub unsafe extern "C" fn hipMemAddressFree(ptr: *mut c_void, size: usize) -> hipError_t {
    entry(|| {
        if ptr.is_null() || size == 0 {
            return Err(err(HipError::InvalidValue, "null ptr or size 0"));
        }
        let base = ptr as usize;
        let mut st = state();
        if st.reserved.get(&base) != Some(&size) {
            return Err(err(
                HipError::InvalidValue,
                format!("{size} bytes at {ptr:p} are not a reservation"),
            ));
        }
        let inside: Vec<usize> = st
            .mapped
            .range(base..base + size)
            .map(|(&b, _)| b)
            .collect();
        for b in inside {
            st.mapped.remove(&b);
            hip::mempool::unregister_range(b as *mut c_void);
        }
        st.reserved.remove(&base);
        // SAFETY: the whole reservation, owned by this module and now forgotten.
        unsafe { libc::munmap(ptr, size) };
        Ok(())
    })
}

/// Maps `size` bytes of `handle`'s memory from `offset` at `ptr`, inside a reservation.
///
/// # Safety
/// `ptr` is checked to lie in a reservation of this runtime; nothing else is assumed.
#[no_mangle]
pub unsafe extern "C" fn hipMemMap(
    ptr: *mut c_void,
    size: usize,
    offset: usize,
    handle: hipMemGenericAllocationHandle_t,
    flags: u64,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() || size == 0 || flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "null ptr, size 0 or flags other than 0",
            ));
        }
        let alloc = handle_alloc(handle)?;
        let page = page_size();
        let base = ptr as usize;
        let fits = offset
            .checked_add(size)
            .is_some_and(|end| end <= alloc.size);
        if !base.is_multiple_of(page) || !offset.is_multiple_of(page) || !fits {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "{size} bytes from offset {offset} of a {}-byte allocation at {ptr:p}",
                    alloc.size
                ),
            ));
        }
        let mut st = state();
        let in_reservation = st
            .reserved
            .range(..=base)
            .next_back()
            .is_some_and(|(&b, &s)| base + size <= b + s);
        if !in_reservation {
            return Err(err(
                HipError::InvalidValue,
                format!("{ptr:p} + {size} is not inside a reservation"),
            ));
        }
        let overlaps = st
            .mapped
            .range(..base + size)
            .next_back()
            .is_some_and(|(&b, m)| b + m.size > base);
        if overlaps {
            return Err(err(
                HipError::InvalidValue,
                format!("{ptr:p} + {size} overlaps a mapping"),
            ));
        }
        // SAFETY: the stretch lies in a reservation of this module and is not mapped; the
        // file holds `offset + size` bytes.
        let m = unsafe {
            libc::mmap(
                ptr,
                size,
                libc::PROT_NONE,
                libc::MAP_SHARED | libc::MAP_FIXED,
                alloc.fd,
                offset as libc::off_t,
            )
        };
        if m == libc::MAP_FAILED {
            return Err(os_err("hipMemMap"));
        }
        // Registered as device memory once hipMemSetAccess makes it accessible: until then a
        // copy is refused with an error code instead of faulting.
        st.mapped.insert(
            base,
            Mapping {
                size,
                alloc,
                flags: MEM_ACCESS_PROT_NONE,
            },
        );
        Ok(())
    })
}

/// The mapped stretches making up exactly `[base, base + size)`; a gap or a stretch that
/// sticks out is `hipErrorInvalidValue`.
fn stretches(st: &State, base: usize, size: usize) -> ApiResult<Vec<usize>> {
    let end = base + size;
    let mut at = base;
    let mut out = Vec::new();
    if let Some((&b, m)) = st.mapped.range(..base).next_back() {
        if b + m.size > base {
            return Err(err(
                HipError::InvalidValue,
                format!("{base:#x} is inside a mapping, not at its start"),
            ));
        }
    }
    for (&b, m) in st.mapped.range(base..end) {
        if b != at || b + m.size > end {
            break;
        }
        out.push(b);
        at = b + m.size;
    }
    if at != end {
        return Err(err(
            HipError::InvalidValue,
            format!("{size} bytes at {base:#x} are not whole mappings"),
        ));
    }
    Ok(out)
}

#[no_mangle]
pub extern "C" fn hipMemUnmap(ptr: *mut c_void, size: usize) -> hipError_t {
    entry(|| {
        if ptr.is_null() || size == 0 {
            return Err(err(HipError::InvalidValue, "null ptr or size 0"));
        }
        // Inside a host function, waiting for the device would wait for that function.
        hip::check_not_in_host_callback("hipMemUnmap")?;
        // Queued work may still use the range: unmapping under it would fault.
        hip::mempool::wait_device_idle()?;
        let mut st = state();
        for b in stretches(&st, ptr as usize, size)? {
            if let Some(m) = st.mapped.remove(&b) {
                unmap_stretch(b, m.size);
                crate::memory::forget_buffer(b);
            }
        }
        Ok(())
    })
}

/// # Safety
/// `desc` is null or holds `count` readable descriptors.
#[no_mangle]
pub unsafe extern "C" fn hipMemSetAccess(
    ptr: *mut c_void,
    size: usize,
    desc: *const hipMemAccessDesc,
    count: usize,
) -> hipError_t {
    entry(|| {
        if ptr.is_null() || size == 0 || desc.is_null() || count == 0 {
            return Err(err(
                HipError::InvalidValue,
                "null ptr or descriptors, size 0 or count 0",
            ));
        }
        let n = hip::device_count()?;
        let mut flags = MEM_ACCESS_PROT_NONE;
        for i in 0..count {
            // SAFETY: `count` readable descriptors per the caller.
            let d = unsafe { *desc.add(i) };
            if d.location.type_ != MEM_LOCATION_TYPE_DEVICE
                || d.location.id < 0
                || d.location.id >= n
            {
                return Err(err(
                    HipError::InvalidValue,
                    format!(
                        "location ({}, {}) is not a device",
                        d.location.type_, d.location.id
                    ),
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
            flags = d.flags;
        }
        let prot = match flags {
            MEM_ACCESS_PROT_READ_WRITE => libc::PROT_READ | libc::PROT_WRITE,
            MEM_ACCESS_PROT_READ => libc::PROT_READ,
            _ => libc::PROT_NONE,
        };
        let mut st = state();
        let list = stretches(&st, ptr as usize, size)?;
        // SAFETY: the range is made of this module's mappings.
        if unsafe { libc::mprotect(ptr, size, prot) } != 0 {
            return Err(os_err("hipMemSetAccess"));
        }
        for b in list {
            if let Some(m) = st.mapped.get_mut(&b) {
                m.flags = flags;
                hip::mempool::unregister_range(b as *mut c_void);
                if flags != MEM_ACCESS_PROT_NONE {
                    hip::mempool::register_range(b as *mut c_void, m.size, RangeOwner::Mapped);
                }
            }
        }
        Ok(())
    })
}

/// # Safety
/// `flags` is null or writable; `location` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetAccess(
    flags: *mut u64,
    location: *const hipMemLocation,
    ptr: *mut c_void,
) -> hipError_t {
    entry(|| {
        if flags.is_null() || location.is_null() || ptr.is_null() {
            return Err(err(HipError::InvalidValue, "null flags, location or ptr"));
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
        let st = state();
        let p = ptr as usize;
        let Some((_, m)) = st
            .mapped
            .range(..=p)
            .next_back()
            .filter(|(&b, m)| p < b + m.size)
        else {
            return Err(err(
                HipError::InvalidValue,
                format!("{ptr:p} is not mapped"),
            ));
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(flags, m.flags as u64, "flags") }
    })
}

/// # Safety
/// `handle` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemRetainAllocationHandle(
    handle: *mut hipMemGenericAllocationHandle_t,
    addr: *mut c_void,
) -> hipError_t {
    entry(|| {
        if handle.is_null() || addr.is_null() {
            return Err(err(HipError::InvalidValue, "null handle or address"));
        }
        let mut st = state();
        let p = addr as usize;
        let Some(alloc) = st
            .mapped
            .range(..=p)
            .next_back()
            .filter(|(&b, m)| p < b + m.size)
            .map(|(_, m)| m.alloc.clone())
        else {
            return Err(err(
                HipError::InvalidValue,
                format!("{addr:p} is not mapped"),
            ));
        };
        let h = handle_for(&mut st, &alloc);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(handle, h, "handle") }
    })
}

/// Exports physical memory as a file descriptor (an `int` written at `shareable_handle`),
/// which another process can import (after receiving it over a unix socket, or opening
/// `/proc/<pid>/fd/<fd>`).
///
/// # Safety
/// `shareable_handle` is null or writable for an `int`.
#[no_mangle]
pub unsafe extern "C" fn hipMemExportToShareableHandle(
    shareable_handle: *mut c_void,
    handle: hipMemGenericAllocationHandle_t,
    handle_type: i32,
    flags: u64,
) -> hipError_t {
    entry(|| {
        if shareable_handle.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "shareableHandle is a null pointer",
            ));
        }
        let alloc = handle_alloc(handle)?;
        if handle_type != MEM_HANDLE_TYPE_POSIX_FD || flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "only hipMemHandleTypePosixFileDescriptor, with flags 0, can be exported",
            ));
        }
        if alloc.prop.requestedHandleType != MEM_HANDLE_TYPE_POSIX_FD {
            return Err(err(
                HipError::InvalidValue,
                "the allocation was not created for hipMemHandleTypePosixFileDescriptor",
            ));
        }
        // SAFETY: the allocation's own descriptor; the copy belongs to the caller.
        let fd = unsafe { libc::fcntl(alloc.fd, libc::F_DUPFD_CLOEXEC, 0) };
        if fd < 0 {
            return Err(os_err("hipMemExportToShareableHandle"));
        }
        // SAFETY: non-null, and the caller passes room for an int (the POSIX handle type).
        unsafe { (shareable_handle as *mut i32).write_unaligned(fd) };
        Ok(())
    })
}

/// Imports physical memory from a file descriptor (passed as the pointer's value, as CUDA
/// and HIP do); the descriptor stays the caller's.
///
/// # Safety
/// `handle` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemImportFromShareableHandle(
    handle: *mut hipMemGenericAllocationHandle_t,
    os_handle: *mut c_void,
    handle_type: i32,
) -> hipError_t {
    entry(|| {
        if handle.is_null() || os_handle.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "null handle or shareable handle",
            ));
        }
        if handle_type != MEM_HANDLE_TYPE_POSIX_FD {
            return Err(err(
                HipError::InvalidValue,
                "only hipMemHandleTypePosixFileDescriptor handles can be imported",
            ));
        }
        let fd = os_handle as usize as i32;
        // SAFETY: fstat writes into the local only.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: `st` is a writable stat buffer.
        if unsafe { libc::fstat(fd, &mut st) } != 0 || st.st_size <= 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("{fd} is not a descriptor of exported memory"),
            ));
        }
        // SAFETY: a valid descriptor (fstat succeeded); the copy is the allocation's.
        let own = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
        if own < 0 {
            return Err(os_err("hipMemImportFromShareableHandle"));
        }
        let prop = hipMemAllocationProp {
            type_: MEM_ALLOCATION_TYPE_PINNED,
            requestedHandleType: MEM_HANDLE_TYPE_POSIX_FD,
            location: hipMemLocation {
                type_: MEM_LOCATION_TYPE_DEVICE,
                id: 0,
            },
            win32HandleMetaData: std::ptr::null_mut(),
            allocFlags: hipMemAllocFlags::default(),
        };
        let alloc = new_alloc(own, st.st_size as usize, prop);
        let h = handle_for(&mut state(), &alloc);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(handle, h, "handle") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_hip() {
        assert_eq!(offset_of!(hipMemAllocationProp, location), 8);
        assert_eq!(offset_of!(hipMemAllocationProp, win32HandleMetaData), 16);
        assert_eq!(offset_of!(hipMemAllocationProp, allocFlags), 24);
        assert_eq!(size_of::<hipMemAllocationProp>(), 32);
    }
}
