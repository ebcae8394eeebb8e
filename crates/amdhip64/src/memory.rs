//! Memory: allocation, copies (1-D, 2-D, 3-D, peer), fills, host registration, pointer
//! attributes.

use crate::abi::{hipMemcpy3DParms, hipPointerAttribute_t, memory_type};
use crate::stream::{hipStream_t, with_stream};
use crate::{check_device, entry, err, hipError_t, memcpy_kind, put, ApiResult};
use hip::{HipError, MemcpyKind, PointerKind};
use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
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
        // SAFETY: the allocation is handed to the caller, who frees it with hipFree.
        let p = unsafe { hip::malloc(size)? };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ptr, p, "ptr") }
    })
}

/// # Safety
/// Nothing uses the memory afterwards.
#[no_mangle]
pub unsafe extern "C" fn hipFree(p: *mut c_void) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract; the pool rejects unknown pointers.
        unsafe { hip::free(p)? };
        tracking().managed.remove(&(p as usize));
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
        if ptr.is_null() || size == 0 {
            return Err(err(HipError::InvalidValue, "null ptr or zero size"));
        }
        if flags == 0 || flags & !MEM_ATTACH_FLAGS != 0 || flags == MEM_ATTACH_FLAGS {
            return Err(err(
                HipError::InvalidValue,
                format!("managed memory flags {flags:#x}: hipMemAttachGlobal or hipMemAttachHost"),
            ));
        }
        // SAFETY: as hipMalloc; device memory is host memory on the CPU device, which is
        // what managed memory needs.
        let p = unsafe { hip::malloc(size)? };
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
        if ptr.is_null() || pitch.is_null() {
            return Err(err(HipError::InvalidValue, "null ptr or pitch"));
        }
        let p = width.next_multiple_of(PITCH_ALIGN);
        let Some(bytes) = p.checked_mul(height) else {
            return Err(err(HipError::OutOfMemory, "pitch * height overflows"));
        };
        // SAFETY: as hipMalloc.
        let mem = unsafe { hip::malloc(bytes)? };
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
        // SAFETY: forwarded; the pool rejects unknown pointers.
        unsafe { hip::host_free(p)? };
        tracking().host_flags.remove(&(p as usize));
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
/// HIP does, and overlapping registrations are refused.
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
        let mut t = tracking();
        let overlaps = t
            .registered
            .range(..end)
            .next_back()
            .is_some_and(|(&b, &(s, _))| b + s > base);
        if overlaps {
            return Err(err(
                HipError::HostMemoryAlreadyRegistered,
                format!("{size} bytes at {p:p} overlap a registered range"),
            ));
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
        // SAFETY: writable per the caller.
        unsafe {
            put(free, f, "free")?;
            put(total, t, "total")
        }
    })
}

/// Pointer attributes. Memory the runtime did not allocate or register is reported as
/// `hipMemoryTypeUnregistered` with success (as CUDA 11+ and HIP 6 do).
///
/// # Safety
/// `attr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttributes(
    attr: *mut hipPointerAttribute_t,
    p: *const c_void,
) -> hipError_t {
    entry(|| {
        if p.is_null() {
            return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
        }
        let mut a = hipPointerAttribute_t {
            type_: memory_type::UNREGISTERED,
            device: 0,
            devicePointer: std::ptr::null_mut(),
            hostPointer: std::ptr::null_mut(),
            isManaged: 0,
            allocationFlags: 0,
        };
        let q = p as *mut c_void;
        match hip::pointer_info(p)? {
            Some((PointerKind::Device, base, _)) => {
                let managed = tracking().managed.get(&(base as usize)).copied();
                a.type_ = if managed.is_some() {
                    memory_type::MANAGED
                } else {
                    memory_type::DEVICE
                };
                a.isManaged = managed.is_some() as i32;
                a.allocationFlags = managed.unwrap_or(0);
                a.devicePointer = q;
                // ROCm reports no host pointer for device memory; managed memory has one
                // (the CPU device's memory is host memory: the same address).
                if managed.is_some() {
                    a.hostPointer = q;
                }
            }
            Some((PointerKind::PinnedHost, base, _)) => {
                a.type_ = memory_type::HOST;
                a.allocationFlags = tracking()
                    .host_flags
                    .get(&(base as usize))
                    .copied()
                    .unwrap_or(0);
                a.devicePointer = q;
                a.hostPointer = q;
            }
            None => {
                if let Some((_, _, flags)) = registered_range(p as usize) {
                    a.type_ = memory_type::HOST;
                    a.allocationFlags = flags;
                    a.devicePointer = q;
                    a.hostPointer = q;
                } else {
                    a.device = -1;
                }
            }
        }
        // SAFETY: writable per the caller.
        unsafe { put(attr, a, "attributes") }
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
        // SAFETY: forwarded caller contract; device sides are validated.
        unsafe { hip::memcpy(dst, src, size, k) }
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
    // SAFETY: validated by hip.
    entry(|| unsafe { hip::memset(dst, value, size) })
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
            // SAFETY: validated by hip.
            entry(|| unsafe { hip::memset_pattern(dst, value as u32, $w, count, &null, true) })
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
    if width > pitch {
        return Err(err(
            HipError::InvalidPitchValue,
            format!("width {width} exceeds pitch {pitch}"),
        ));
    }
    for row in 0..height {
        let Some(d) = row
            .checked_mul(pitch)
            .and_then(|o| (dst as usize).checked_add(o))
        else {
            return Err(err(HipError::InvalidValue, "2-D fill addresses overflow"));
        };
        // SAFETY: each row is validated by hip.
        unsafe { hip::memset_async(d as *mut c_void, value, width, s)? };
    }
    Ok(())
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
