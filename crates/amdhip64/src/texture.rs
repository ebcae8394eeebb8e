//! Arrays, textures and surfaces: `hipArray*`, mipmapped arrays, copies to and from arrays,
//! texture and surface objects (runtime and driver forms).
//!
//! Arrays and mipmapped arrays are validated handles ([`crate::handles`]). A texture or surface
//! object is the address of a [`hip::texture::TexObject`] that device code reads (the fetch
//! functions are C++ in the headers); this module keeps the live ones in a table, so a stale or
//! foreign object is an error code, never a dereference.

use crate::abi::{hipExtent, hipMemcpy3DParms};
use crate::handles::{self, HandleKind};
use crate::stream::{hipStream_t, with_stream};
use crate::{entry, err, hipError_t, memcpy_kind, put, ApiResult};
use hip::texture::{array_flags, channel_kind, Array, ChannelFormat, Level, TexObject};
use hip::texture::{texture_type, SURFACE_MAGIC, TEXTURE_MAGIC};
use hip::{HipError, MemcpyKind};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

// --- C structures --------------------------------------------------------------------------

/// `hipChannelFormatDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct hipChannelFormatDesc {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub w: i32,
    /// A `hipChannelFormatKind`.
    pub f: i32,
}

impl From<hipChannelFormatDesc> for ChannelFormat {
    fn from(d: hipChannelFormatDesc) -> ChannelFormat {
        ChannelFormat {
            x: d.x,
            y: d.y,
            z: d.z,
            w: d.w,
            kind: d.f,
        }
    }
}

impl From<ChannelFormat> for hipChannelFormatDesc {
    fn from(c: ChannelFormat) -> hipChannelFormatDesc {
        hipChannelFormatDesc {
            x: c.x,
            y: c.y,
            z: c.z,
            w: c.w,
            f: c.kind,
        }
    }
}

/// `HIP_ARRAY_DESCRIPTOR`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HIP_ARRAY_DESCRIPTOR {
    pub Width: usize,
    pub Height: usize,
    /// A `hipArray_Format`.
    pub Format: u32,
    pub NumChannels: u32,
}

/// `HIP_ARRAY3D_DESCRIPTOR`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HIP_ARRAY3D_DESCRIPTOR {
    pub Width: usize,
    pub Height: usize,
    pub Depth: usize,
    /// A `hipArray_Format`.
    pub Format: u32,
    pub NumChannels: u32,
    pub Flags: u32,
}

/// `hipResourceDesc::res::linear`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ResLinear {
    pub devPtr: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub sizeInBytes: usize,
}

/// `hipResourceDesc::res::pitch2D`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ResPitch2D {
    pub devPtr: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub width: usize,
    pub height: usize,
    pub pitchInBytes: usize,
}

/// `hipResourceDesc::res`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union hipResourceDescRes {
    /// `array.array`: a `hipArray_t`.
    pub array: *mut c_void,
    /// `mipmap.mipmap`: a `hipMipmappedArray_t`.
    pub mipmap: *mut c_void,
    pub linear: ResLinear,
    pub pitch2D: ResPitch2D,
}

/// `hipResourceDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipResourceDesc {
    /// A `hipResourceType`.
    pub resType: i32,
    pub res: hipResourceDescRes,
}

/// `hipTextureDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipTextureDesc {
    pub addressMode: [i32; 3],
    pub filterMode: i32,
    pub readMode: i32,
    pub sRGB: i32,
    pub borderColor: [f32; 4],
    pub normalizedCoords: i32,
    pub maxAnisotropy: u32,
    pub mipmapFilterMode: i32,
    pub mipmapLevelBias: f32,
    pub minMipmapLevelClamp: f32,
    pub maxMipmapLevelClamp: f32,
}

/// `hipResourceViewDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipResourceViewDesc {
    /// A `hipResourceViewFormat`.
    pub format: i32,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub firstMipmapLevel: u32,
    pub lastMipmapLevel: u32,
    pub firstLayer: u32,
    pub lastLayer: u32,
}

/// `HIP_RESOURCE_DESC::res::linear` (driver form).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct DrvResLinear {
    pub devPtr: *mut c_void,
    pub format: u32,
    pub numChannels: u32,
    pub sizeInBytes: usize,
}

/// `HIP_RESOURCE_DESC::res::pitch2D` (driver form).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct DrvResPitch2D {
    pub devPtr: *mut c_void,
    pub format: u32,
    pub numChannels: u32,
    pub width: usize,
    pub height: usize,
    pub pitchInBytes: usize,
}

/// `HIP_RESOURCE_DESC::res`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union HIP_RESOURCE_DESC_res {
    pub hArray: *mut c_void,
    pub hMipmappedArray: *mut c_void,
    pub linear: DrvResLinear,
    pub pitch2D: DrvResPitch2D,
    pub reserved: [i32; 32],
}

/// `HIP_RESOURCE_DESC`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HIP_RESOURCE_DESC {
    pub resType: i32,
    pub res: HIP_RESOURCE_DESC_res,
    pub flags: u32,
}

/// `HIP_TEXTURE_DESC`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HIP_TEXTURE_DESC {
    pub addressMode: [i32; 3],
    pub filterMode: i32,
    pub flags: u32,
    pub maxAnisotropy: u32,
    pub mipmapFilterMode: i32,
    pub mipmapLevelBias: f32,
    pub minMipmapLevelClamp: f32,
    pub maxMipmapLevelClamp: f32,
    pub borderColor: [f32; 4],
    pub reserved: [i32; 12],
}

/// `HIP_RESOURCE_VIEW_DESC`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HIP_RESOURCE_VIEW_DESC {
    pub format: i32,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub firstMipmapLevel: u32,
    pub lastMipmapLevel: u32,
    pub firstLayer: u32,
    pub lastLayer: u32,
    pub reserved: [u32; 16],
}

/// `hipResourceType`.
const RES_ARRAY: i32 = 0;
const RES_MIPMAPPED: i32 = 1;
const RES_LINEAR: i32 = 2;
const RES_PITCH2D: i32 = 3;

/// Largest extent of a pitched 2-D texture (the device's 2-D image limit).
const MAX_DIM: usize = 16384;
/// Alignment a linear or pitched texture's data and pitch need (`textureAlignment`,
/// `texturePitchAlignment`).
const TEXTURE_ALIGN: usize = 256;

// --- handles -------------------------------------------------------------------------------

/// A `hipArray_t`.
pub struct ArrayHandle(Mutex<Array>);

impl HandleKind for ArrayHandle {
    const TAG: u32 = 0x4152_5259; // "ARRY"
    const NAME: &'static str = "array";
}

/// A `hipMipmappedArray_t`: the array with all its levels, and one view handle per level
/// (what `hipGetMipmappedArrayLevel` hands out).
pub struct MipmappedHandle {
    array: Mutex<Array>,
    level_handles: Vec<usize>,
}

impl HandleKind for MipmappedHandle {
    const TAG: u32 = 0x4d49_504d; // "MIPM"
    const NAME: &'static str = "mipmapped array";
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The array behind `h`; `hipErrorInvalidHandle` for null, stale or foreign handles.
fn array(h: *const c_void) -> ApiResult<Arc<ArrayHandle>> {
    handles::lookup::<ArrayHandle>(h).ok_or_else(|| {
        err(
            HipError::InvalidHandle,
            format!("{h:p} is not a live hipArray"),
        )
    })
}

fn mipmapped(h: *const c_void) -> ApiResult<Arc<MipmappedHandle>> {
    handles::lookup::<MipmappedHandle>(h).ok_or_else(|| {
        err(
            HipError::InvalidHandle,
            format!("{h:p} is not a live hipMipmappedArray"),
        )
    })
}

/// Level 0 of the array `h` and its element size: what copies use.
fn array_level(h: *const c_void) -> ApiResult<(Level, usize)> {
    let a = array(h)?;
    let a = lock(&a.0);
    Ok((a.levels[0], a.element_size()))
}

// --- array creation ------------------------------------------------------------------------

/// Checks an array's extent and flags as ROCm does (width > 0, sizes within the device's
/// limits, gather only for 2-D, cubemaps square with 6 faces per layer) and allocates it.
fn create_array(
    format: ChannelFormat,
    width: usize,
    height: usize,
    depth: usize,
    flags: u32,
    levels: u32,
) -> ApiResult<Array> {
    let known = array_flags::LAYERED
        | array_flags::SURFACE_LOAD_STORE
        | array_flags::CUBEMAP
        | array_flags::TEXTURE_GATHER;
    let bad = |why: String| Err(err(HipError::InvalidValue, why));
    if flags & !known != 0 {
        return bad(format!("unknown array flags {flags:#x}"));
    }
    if width == 0 {
        return bad("array width is 0".into());
    }
    let layered = flags & array_flags::LAYERED != 0;
    if height == 0 && depth > 0 && !layered {
        return bad("a 3-D array needs a height".into());
    }
    // The device's limits (what hipDeviceGetAttribute reports), by the array's shape.
    use crate::device::image_limits as lim;
    let cube = flags & array_flags::CUBEMAP != 0;
    let (max_w, max_h, max_d) = match (height > 0, depth > 0, layered || cube) {
        (false, _, _) => (lim::DIM_1D, 0, lim::LAYERS),
        (true, false, _) => (lim::DIM_2D[0], lim::DIM_2D[1], 0),
        (true, true, false) => (lim::DIM_3D[0], lim::DIM_3D[1], lim::DIM_3D[2]),
        (true, true, true) => (
            lim::DIM_2D[0],
            lim::DIM_2D[1],
            if cube { lim::LAYERS * 6 } else { lim::LAYERS },
        ),
    };
    let over = |n: usize, max: i32| n > max.max(0) as usize;
    if over(width, max_w)
        || (height > 0 && over(height, max_h))
        || (depth > 0 && over(depth, max_d))
    {
        return bad(format!(
            "array extent {width}x{height}x{depth} exceeds the device's {max_w}x{max_h}x{max_d}"
        ));
    }
    if layered && depth == 0 {
        return bad("a layered array needs its layer count in depth".into());
    }
    if flags & array_flags::TEXTURE_GATHER != 0 && (height == 0 || depth > 0) {
        return bad("hipArrayTextureGather is for 2-D arrays".into());
    }
    if flags & array_flags::CUBEMAP != 0
        && (width != height || depth == 0 || !depth.is_multiple_of(6))
    {
        return bad(format!(
            "a cubemap array is square with 6 faces per layer ({width}x{height}x{depth})"
        ));
    }
    if flags & array_flags::CUBEMAP != 0 && !layered && depth != 6 {
        return bad("a cubemap array that is not layered has depth 6".into());
    }
    format
        .validate()
        .map_err(|e| err(e, "invalid channel format"))?;
    Array::new(format, width, height, depth, flags, levels).map_err(|e| err(e, "array"))
}

fn register_array(a: Array) -> *mut c_void {
    handles::register(Arc::new(ArrayHandle(Mutex::new(a))))
}

/// # Safety
/// `array` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocArray(
    array: *mut *mut c_void,
    desc: *const hipChannelFormatDesc,
    width: usize,
    height: usize,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if array.is_null() || desc.is_null() {
            return Err(err(HipError::InvalidValue, "null array or desc"));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        let a = create_array(d.into(), width, height, 0, flags, 1)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(array, register_array(a), "array") }
    })
}

/// # Safety
/// As [`hipMallocArray`].
#[no_mangle]
pub unsafe extern "C" fn hipMalloc3DArray(
    array: *mut *mut c_void,
    desc: *const hipChannelFormatDesc,
    extent: hipExtent,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if array.is_null() || desc.is_null() {
            return Err(err(HipError::InvalidValue, "null array or desc"));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        let a = create_array(
            d.into(),
            extent.width,
            extent.height,
            extent.depth,
            flags,
            1,
        )?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(array, register_array(a), "array") }
    })
}

fn driver_format(format: u32, channels: u32) -> ApiResult<ChannelFormat> {
    ChannelFormat::from_array_format(format, channels).ok_or_else(|| {
        err(
            HipError::InvalidValue,
            format!("array format {format:#x} with {channels} channel(s)"),
        )
    })
}

/// # Safety
/// `array` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipArrayCreate(
    array: *mut *mut c_void,
    desc: *const HIP_ARRAY_DESCRIPTOR,
) -> hipError_t {
    entry(|| {
        if array.is_null() || desc.is_null() {
            return Err(err(HipError::InvalidValue, "null array or descriptor"));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        let f = driver_format(d.Format, d.NumChannels)?;
        let a = create_array(f, d.Width, d.Height, 0, 0, 1)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(array, register_array(a), "array") }
    })
}

/// # Safety
/// As [`hipArrayCreate`].
#[no_mangle]
pub unsafe extern "C" fn hipArray3DCreate(
    array: *mut *mut c_void,
    desc: *const HIP_ARRAY3D_DESCRIPTOR,
) -> hipError_t {
    entry(|| {
        if array.is_null() || desc.is_null() {
            return Err(err(HipError::InvalidValue, "null array or descriptor"));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        let f = driver_format(d.Format, d.NumChannels)?;
        let a = create_array(f, d.Width, d.Height, d.Depth, d.Flags, 1)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(array, register_array(a), "array") }
    })
}

/// Frees an array; null is `hipErrorInvalidValue`, a stale or foreign handle
/// `hipErrorContextIsDestroyed` (ROCm's code).
#[no_mangle]
pub extern "C" fn hipFreeArray(array: *mut c_void) -> hipError_t {
    entry(|| {
        if array.is_null() {
            return Err(err(HipError::InvalidValue, "array is null"));
        }
        // ROCm's answer for an array it does not hold (freed already, or foreign).
        let Some(a) = handles::unregister::<ArrayHandle>(array) else {
            return Err(err(
                HipError::ContextIsDestroyed,
                format!("{array:p} is not a live hipArray"),
            ));
        };
        // SAFETY: the handle is gone, so no new copy or texture can name the array; HIP
        // leaves textures still made from it undefined, as here.
        let r = unsafe { lock(&a.0).free() };
        r.map_err(|e| err(e, "hipFreeArray"))
    })
}

/// The driver API's `hipFreeArray`.
#[no_mangle]
pub extern "C" fn hipArrayDestroy(array: *mut c_void) -> hipError_t {
    hipFreeArray(array)
}

/// # Safety
/// Each out-pointer is null (not wanted) or writable.
#[no_mangle]
pub unsafe extern "C" fn hipArrayGetInfo(
    desc: *mut hipChannelFormatDesc,
    extent: *mut hipExtent,
    flags: *mut u32,
    array: *mut c_void,
) -> hipError_t {
    entry(|| {
        let a = self::array(array)?;
        let a = lock(&a.0);
        // SAFETY: each is null or writable per the caller.
        unsafe {
            if !desc.is_null() {
                desc.write(a.format.into());
            }
            if !extent.is_null() {
                extent.write(hipExtent {
                    width: a.width,
                    height: a.height,
                    depth: a.depth,
                });
            }
            if !flags.is_null() {
                flags.write(a.flags);
            }
        }
        Ok(())
    })
}

/// # Safety
/// `desc` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipArrayGetDescriptor(
    desc: *mut HIP_ARRAY_DESCRIPTOR,
    array: *mut c_void,
) -> hipError_t {
    entry(|| {
        if desc.is_null() {
            return Err(err(HipError::InvalidValue, "descriptor is null"));
        }
        let a = self::array(array)?;
        let a = lock(&a.0);
        let d = HIP_ARRAY_DESCRIPTOR {
            Width: a.width,
            Height: a.height,
            Format: a.format.array_format(),
            NumChannels: a.format.channels(),
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(desc, d, "descriptor") }
    })
}

/// # Safety
/// `desc` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipArray3DGetDescriptor(
    desc: *mut HIP_ARRAY3D_DESCRIPTOR,
    array: *mut c_void,
) -> hipError_t {
    entry(|| {
        if desc.is_null() {
            return Err(err(HipError::InvalidValue, "descriptor is null"));
        }
        let a = self::array(array)?;
        let a = lock(&a.0);
        let d = HIP_ARRAY3D_DESCRIPTOR {
            Width: a.width,
            Height: a.height,
            Depth: a.depth,
            Format: a.format.array_format(),
            NumChannels: a.format.channels(),
            Flags: a.flags,
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(desc, d, "descriptor") }
    })
}

/// # Safety
/// `desc` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetChannelDesc(
    desc: *mut hipChannelFormatDesc,
    array: *const c_void,
) -> hipError_t {
    entry(|| {
        if desc.is_null() {
            return Err(err(HipError::InvalidValue, "desc is null"));
        }
        let a = self::array(array)?;
        let f = lock(&a.0).format;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(desc, f.into(), "desc") }
    })
}

/// A channel format descriptor from its parts (no validation: that happens where it is used,
/// as in HIP).
#[no_mangle]
pub extern "C" fn hipCreateChannelDesc(
    x: i32,
    y: i32,
    z: i32,
    w: i32,
    f: i32,
) -> hipChannelFormatDesc {
    hipChannelFormatDesc { x, y, z, w, f }
}

// --- mipmapped arrays ----------------------------------------------------------------------

fn create_mipmapped(
    format: ChannelFormat,
    e: hipExtent,
    levels: u32,
    flags: u32,
) -> ApiResult<*mut c_void> {
    let a = create_array(format, e.width, e.height, e.depth, flags, levels)?;
    let level_handles = (0..a.levels.len())
        .filter_map(|i| a.level_view(i))
        .map(|v| register_array(v) as usize)
        .collect();
    Ok(handles::register(Arc::new(MipmappedHandle {
        array: Mutex::new(a),
        level_handles,
    })))
}

/// # Safety
/// `mm` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocMipmappedArray(
    mm: *mut *mut c_void,
    desc: *const hipChannelFormatDesc,
    extent: hipExtent,
    num_levels: u32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if mm.is_null() || desc.is_null() || num_levels == 0 {
            return Err(err(
                HipError::InvalidValue,
                "null mipmapped array or desc, or no levels",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        let h = create_mipmapped(d.into(), extent, num_levels, flags)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mm, h, "mipmappedArray") }
    })
}

/// # Safety
/// `mm` is null or writable; `desc` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMipmappedArrayCreate(
    mm: *mut *mut c_void,
    desc: *const HIP_ARRAY3D_DESCRIPTOR,
    num_levels: u32,
) -> hipError_t {
    entry(|| {
        if mm.is_null() || desc.is_null() || num_levels == 0 {
            return Err(err(
                HipError::InvalidValue,
                "null mipmapped array or descriptor, or no levels",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let d = unsafe { *desc };
        let f = driver_format(d.Format, d.NumChannels)?;
        let e = hipExtent {
            width: d.Width,
            height: d.Height,
            depth: d.Depth,
        };
        let h = create_mipmapped(f, e, num_levels, d.Flags)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mm, h, "mipmappedArray") }
    })
}

#[no_mangle]
pub extern "C" fn hipFreeMipmappedArray(mm: *mut c_void) -> hipError_t {
    entry(|| {
        if mm.is_null() {
            return Err(err(HipError::InvalidValue, "mipmapped array is null"));
        }
        // ROCm's answer for a mipmapped array it does not hold (freed already, or foreign).
        let Some(m) = handles::unregister::<MipmappedHandle>(mm) else {
            return Err(err(
                HipError::ContextIsDestroyed,
                format!("{mm:p} is not a live hipMipmappedArray"),
            ));
        };
        for &h in &m.level_handles {
            handles::unregister::<ArrayHandle>(h as *const c_void);
        }
        // SAFETY: the handle and its level views are gone.
        let r = unsafe { lock(&m.array).free() };
        r.map_err(|e| err(e, "hipFreeMipmappedArray"))
    })
}

#[no_mangle]
pub extern "C" fn hipMipmappedArrayDestroy(mm: *mut c_void) -> hipError_t {
    hipFreeMipmappedArray(mm)
}

/// # Safety
/// `level_array` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetMipmappedArrayLevel(
    level_array: *mut *mut c_void,
    mm: *const c_void,
    level: u32,
) -> hipError_t {
    entry(|| {
        if level_array.is_null() {
            return Err(err(HipError::InvalidValue, "levelArray is null"));
        }
        // A null mipmapped array is an invalid handle, as in HIP.
        let m = mipmapped(mm)?;
        let Some(&h) = m.level_handles.get(level as usize) else {
            return Err(err(
                HipError::InvalidValue,
                format!("level {level} of {} levels", m.level_handles.len()),
            ));
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(level_array, h as *mut c_void, "levelArray") }
    })
}

/// # Safety
/// As [`hipGetMipmappedArrayLevel`].
#[no_mangle]
pub unsafe extern "C" fn hipMipmappedArrayGetLevel(
    level_array: *mut *mut c_void,
    mm: *mut c_void,
    level: u32,
) -> hipError_t {
    // SAFETY: forwarded.
    unsafe { hipGetMipmappedArrayLevel(level_array, mm, level) }
}

// --- copies with arrays --------------------------------------------------------------------

/// One side of a box copy: base address, bytes per row, bytes per slice.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Side {
    pub base: usize,
    pub pitch: usize,
    pub slice: usize,
}

/// Copies `depth` slices of `height` rows of `width` bytes from `src` to `dst`, queued on `s`.
///
/// # Safety
/// Both sides describe memory valid for the box (device sides are validated per row).
pub(crate) unsafe fn copy_box(
    dst: Side,
    src: Side,
    width: usize,
    height: usize,
    depth: usize,
    kind: MemcpyKind,
    s: &hip::Stream,
) -> ApiResult {
    if width > dst.pitch || width > src.pitch {
        return Err(err(
            HipError::InvalidPitchValue,
            format!(
                "width {width} exceeds a pitch ({}, {})",
                dst.pitch, src.pitch
            ),
        ));
    }
    for z in 0..depth {
        for y in 0..height {
            let at = |side: Side| {
                z.checked_mul(side.slice)
                    .and_then(|o| o.checked_add(y.checked_mul(side.pitch)?))
                    .and_then(|o| side.base.checked_add(o))
            };
            let (Some(d), Some(sr)) = (at(dst), at(src)) else {
                return Err(err(HipError::InvalidValue, "copy addresses overflow"));
            };
            // SAFETY: forwarded caller contract; hip validates device sides.
            unsafe { hip::memcpy_async(d as *mut c_void, sr as *const c_void, width, kind, s)? };
        }
    }
    Ok(())
}

/// The array side of a copy at element `(x, y, z)` (x in bytes), checking that a box of
/// `width` bytes × `height` × `depth` fits.
pub(crate) fn array_side(
    h: *const c_void,
    x_bytes: usize,
    y: usize,
    z: usize,
    width: usize,
    height: usize,
    depth: usize,
) -> ApiResult<Side> {
    let (l, _) = array_level(h)?;
    let fits = |off: usize, n: usize, max: u64| off.checked_add(n).is_some_and(|e| e as u64 <= max);
    if !fits(x_bytes, width, l.pitch) || !fits(y, height, l.rows) || !fits(z, depth, l.slices) {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "a {width}-byte x {height} x {depth} box at ({x_bytes}, {y}, {z}) exceeds the array ({} bytes x {} x {})",
                l.pitch, l.rows, l.slices
            ),
        ));
    }
    let base = l.data as usize + z * l.slice_pitch as usize + y * l.pitch as usize + x_bytes;
    Ok(Side {
        base,
        pitch: l.pitch as usize,
        slice: l.slice_pitch as usize,
    })
}

fn nonnull(p: *const c_void, what: &str) -> ApiResult {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, format!("{what} is null")));
    }
    Ok(())
}

/// Runs a copy on the null stream and waits for it (the synchronous forms).
fn sync_copy(f: impl FnOnce(&hip::Stream) -> ApiResult) -> ApiResult {
    let null = hip::Stream::null();
    f(&null)?;
    null.synchronize()
}

/// # Safety
/// `src` holds `height` rows of `spitch` bytes.
#[allow(clippy::too_many_arguments)] // HIP's parameters
unsafe fn to_array_2d(
    dst: *const c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    s: &hip::Stream,
) -> ApiResult {
    let (l, _) = array_level(dst)?;
    nonnull(src, "src")?;
    let k = memcpy_kind(kind)?;
    if width > spitch {
        return Err(err(
            HipError::InvalidPitchValue,
            format!("width {width} exceeds spitch {spitch}"),
        ));
    }
    // A 2-D copy reaches all rows of all slices (a 1-D array has one row).
    let rows = (l.rows * l.slices) as usize;
    let side = array_side(dst, w_offset, 0, 0, width, 0, 0)?;
    if h_offset.checked_add(height).is_none_or(|e| e > rows) {
        return Err(err(
            HipError::InvalidValue,
            format!("rows {h_offset}+{height} exceed the array's {rows}"),
        ));
    }
    let d = Side {
        base: side.base + h_offset * side.pitch,
        ..side
    };
    let sr = Side {
        base: src as usize,
        pitch: spitch,
        slice: 0,
    };
    // SAFETY: forwarded caller contract; the array box was checked.
    unsafe { copy_box(d, sr, width, height, 1, k, s) }
}

/// # Safety
/// `dst` holds `height` rows of `dpitch` bytes.
#[allow(clippy::too_many_arguments)] // HIP's parameters
unsafe fn from_array_2d(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: i32,
    s: &hip::Stream,
) -> ApiResult {
    let (l, _) = array_level(src)?;
    nonnull(dst, "dst")?;
    let k = memcpy_kind(kind)?;
    if width > dpitch {
        return Err(err(
            HipError::InvalidPitchValue,
            format!("width {width} exceeds dpitch {dpitch}"),
        ));
    }
    let rows = (l.rows * l.slices) as usize;
    let side = array_side(src, w_offset, 0, 0, width, 0, 0)?;
    if h_offset.checked_add(height).is_none_or(|e| e > rows) {
        return Err(err(
            HipError::InvalidValue,
            format!("rows {h_offset}+{height} exceed the array's {rows}"),
        ));
    }
    let sr = Side {
        base: side.base + h_offset * side.pitch,
        ..side
    };
    let d = Side {
        base: dst as usize,
        pitch: dpitch,
        slice: 0,
    };
    // SAFETY: forwarded caller contract; the array box was checked.
    unsafe { copy_box(d, sr, width, height, 1, k, s) }
}

/// # Safety
/// `src` holds `height` rows of `spitch` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DToArray(
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        sync_copy(|s| {
            // SAFETY: forwarded caller contract.
            unsafe { to_array_2d(dst, w_offset, h_offset, src, spitch, width, height, kind, s) }
        })
    })
}

/// # Safety
/// As [`hipMemcpy2DToArray`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DToArrayAsync(
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        with_stream(stream, |s| {
            // SAFETY: forwarded caller contract.
            unsafe { to_array_2d(dst, w_offset, h_offset, src, spitch, width, height, kind, s) }
        })
    })
}

/// # Safety
/// `dst` holds `height` rows of `dpitch` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DFromArray(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        sync_copy(|s| {
            // SAFETY: forwarded caller contract.
            unsafe { from_array_2d(dst, dpitch, src, w_offset, h_offset, width, height, kind, s) }
        })
    })
}

/// # Safety
/// As [`hipMemcpy2DFromArray`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DFromArrayAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    kind: i32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        with_stream(stream, |s| {
            // SAFETY: forwarded caller contract.
            unsafe { from_array_2d(dst, dpitch, src, w_offset, h_offset, width, height, kind, s) }
        })
    })
}

/// The array range `[row h_offset, byte w_offset)` .. `+count` bytes, row after row (the
/// deprecated linear copies): base address after checking it fits.
fn array_linear(
    h: *const c_void,
    w_offset: usize,
    h_offset: usize,
    count: usize,
) -> ApiResult<usize> {
    let (l, _) = array_level(h)?;
    let total = (l.pitch * l.rows * l.slices) as usize;
    let start = h_offset
        .checked_mul(l.pitch as usize)
        .and_then(|o| o.checked_add(w_offset));
    if start
        .and_then(|s| s.checked_add(count))
        .is_none_or(|e| e > total)
        || w_offset as u64 > l.pitch
    {
        return Err(err(
            HipError::InvalidValue,
            format!("{count} bytes at ({w_offset}, {h_offset}) exceed the array's {total}"),
        ));
    }
    Ok(l.data as usize + start.unwrap_or(0))
}

/// # Safety
/// `src` is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToArray(
    dst: *mut c_void,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let d = array_linear(dst, w_offset, h_offset, count)?;
        nonnull(src, "src")?;
        let k = memcpy_kind(kind)?;
        // SAFETY: forwarded caller contract; the array range was checked.
        unsafe { hip::memcpy(d as *mut c_void, src, count, k) }
    })
}

/// # Safety
/// `dst` is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromArray(
    dst: *mut c_void,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    count: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let sr = array_linear(src, w_offset, h_offset, count)?;
        nonnull(dst, "dst")?;
        let k = memcpy_kind(kind)?;
        // SAFETY: forwarded caller contract; the array range was checked.
        unsafe { hip::memcpy(dst, sr as *const c_void, count, k) }
    })
}

/// The address of byte `offset` of an array's first row, after checking that `count` bytes
/// from there stay in that row: ROCm's driver-style copies (`hipMemcpyAtoH`/`HtoA`) treat
/// the array as one row of `count` bytes, so a 2-D array's second row is out of range.
fn array_row0(h: *const c_void, offset: usize, count: usize) -> ApiResult<usize> {
    if h.is_null() {
        return Err(err(HipError::InvalidValue, "the array is a null handle"));
    }
    let (l, elem) = array_level(h)?;
    let row = l.width as usize * elem;
    if offset.checked_add(count).is_none_or(|e| e > row) {
        return Err(err(
            HipError::InvalidValue,
            format!("{count} bytes at offset {offset} exceed the array's row of {row} bytes"),
        ));
    }
    Ok(l.data as usize + offset)
}

/// # Safety
/// `dst` is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAtoH(
    dst: *mut c_void,
    src: *mut c_void,
    src_offset: usize,
    count: usize,
) -> hipError_t {
    entry(|| {
        nonnull(dst, "dstHost")?;
        let sr = array_row0(src, src_offset, count)?;
        // SAFETY: forwarded caller contract; the array range was checked.
        unsafe { hip::memcpy(dst, sr as *const c_void, count, MemcpyKind::DeviceToHost) }
    })
}

/// # Safety
/// `src` is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoA(
    dst: *mut c_void,
    dst_offset: usize,
    src: *const c_void,
    count: usize,
) -> hipError_t {
    entry(|| {
        nonnull(src, "srcHost")?;
        let d = array_row0(dst, dst_offset, count)?;
        // SAFETY: forwarded caller contract; the array range was checked.
        unsafe { hip::memcpy(d as *mut c_void, src, count, MemcpyKind::HostToDevice) }
    })
}

/// Copies `width` bytes × `height` rows between two arrays.
#[no_mangle]
pub extern "C" fn hipMemcpyArrayToArray(
    dst: *mut c_void,
    w_offset_dst: usize,
    h_offset_dst: usize,
    src: *const c_void,
    w_offset_src: usize,
    h_offset_src: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let k = memcpy_kind(kind)?;
        let d = array_side(dst, w_offset_dst, h_offset_dst, 0, width, height, 1)?;
        let sr = array_side(src, w_offset_src, h_offset_src, 0, width, height, 1)?;
        // SAFETY: both boxes were checked against their arrays.
        sync_copy(|s| unsafe { copy_box(d, sr, width, height, 1, k, s) })
    })
}

/// The array operands of `hipMemcpy3D(Async)`: positions and the extent count elements of an
/// array (bytes of linear memory for the pitched side's x), as in HIP.
///
/// # Safety
/// The pitched side describes valid memory.
pub(crate) unsafe fn copy_3d_arrays(p: &hipMemcpy3DParms, s: &hip::Stream) -> ApiResult {
    let k = memcpy_kind(p.kind)?;
    let elem = if !p.srcArray.is_null() {
        array_level(p.srcArray)?.1
    } else {
        array_level(p.dstArray)?.1
    };
    let e = p.extent;
    let (w, h, d) = (e.width * elem, e.height.max(1), e.depth.max(1));
    if e.width == 0 {
        return Ok(());
    }
    let side = |arr: *mut c_void, pos: crate::abi::hipPos, pp: crate::abi::hipPitchedPtr| {
        if !arr.is_null() {
            let (_, el) = array_level(arr)?;
            if el != elem {
                return Err(err(
                    HipError::InvalidValue,
                    "arrays of different element sizes",
                ));
            }
            array_side(arr, pos.x * el, pos.y, pos.z, w, h, d)
        } else {
            nonnull(pp.ptr, "pitched pointer")?;
            let slice = pp.pitch * pp.ysize.max(1);
            if pp.ysize > 0 && pos.y + h > pp.ysize {
                return Err(err(
                    HipError::InvalidValue,
                    "extent height exceeds a pitched pointer's ysize",
                ));
            }
            Ok(Side {
                base: pp.ptr as usize + pos.z * slice + pos.y * pp.pitch + pos.x,
                pitch: pp.pitch,
                slice,
            })
        }
    };
    let dst = side(p.dstArray, p.dstPos, p.dstPtr)?;
    let src = side(p.srcArray, p.srcPos, p.srcPtr)?;
    // SAFETY: array sides were checked; the pitched side is the caller's contract.
    unsafe { copy_box(dst, src, w, h, d, k, s) }
}

/// # Safety
/// `dst` is device memory valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAtoD(
    dst: *mut c_void,
    src: *mut c_void,
    src_offset: usize,
    count: usize,
) -> hipError_t {
    entry(|| {
        let sr = array_row0(src, src_offset, count)?;
        nonnull(dst, "dstDevice")?;
        // SAFETY: forwarded caller contract; the array range was checked.
        unsafe { hip::memcpy(dst, sr as *const c_void, count, MemcpyKind::DeviceToDevice) }
    })
}

/// # Safety
/// `src` is device memory valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoA(
    dst: *mut c_void,
    dst_offset: usize,
    src: *mut c_void,
    count: usize,
) -> hipError_t {
    entry(|| {
        let d = array_row0(dst, dst_offset, count)?;
        nonnull(src, "srcDevice")?;
        // SAFETY: forwarded caller contract; the array range was checked.
        unsafe { hip::memcpy(d as *mut c_void, src, count, MemcpyKind::DeviceToDevice) }
    })
}

/// Copies `count` bytes between two arrays, each addressed as its rows one after another.
#[no_mangle]
pub extern "C" fn hipMemcpyAtoA(
    dst: *mut c_void,
    dst_offset: usize,
    src: *mut c_void,
    src_offset: usize,
    count: usize,
) -> hipError_t {
    entry(|| {
        let d = array_row0(dst, dst_offset, count)?;
        let sr = array_row0(src, src_offset, count)?;
        // SAFETY: both ranges were checked against their arrays.
        unsafe {
            hip::memcpy(
                d as *mut c_void,
                sr as *const c_void,
                count,
                MemcpyKind::DeviceToDevice,
            )
        }
    })
}

/// # Safety
/// As [`hipMemcpyAtoH`]; `dst` stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAtoHAsync(
    dst: *mut c_void,
    src: *mut c_void,
    src_offset: usize,
    count: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let sr = array_row0(src, src_offset, count)?;
        nonnull(dst, "dstHost")?;
        with_stream(stream, |s| {
            // SAFETY: forwarded caller contract; the array range was checked.
            unsafe {
                hip::memcpy_async(dst, sr as *const c_void, count, MemcpyKind::DeviceToHost, s)
            }
        })
    })
}

/// # Safety
/// As [`hipMemcpyHtoA`]; `src` stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoAAsync(
    dst: *mut c_void,
    dst_offset: usize,
    src: *const c_void,
    count: usize,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let d = array_row0(dst, dst_offset, count)?;
        nonnull(src, "srcHost")?;
        with_stream(stream, |s| {
            // SAFETY: forwarded caller contract; the array range was checked.
            unsafe { hip::memcpy_async(d as *mut c_void, src, count, MemcpyKind::HostToDevice, s) }
        })
    })
}

/// `hipMemcpy2DArrayToArray`: the 2-D copy between arrays (offsets and width in bytes).
#[no_mangle]
pub extern "C" fn hipMemcpy2DArrayToArray(
    dst: *mut c_void,
    w_offset_dst: usize,
    h_offset_dst: usize,
    src: *const c_void,
    w_offset_src: usize,
    h_offset_src: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> hipError_t {
    hipMemcpyArrayToArray(
        dst,
        w_offset_dst,
        h_offset_dst,
        src,
        w_offset_src,
        h_offset_src,
        width,
        height,
        kind,
    )
}

/// `HIP_MEMCPY3D`: the driver API's 3-D copy, each side host, device or array memory.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HIP_MEMCPY3D {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcZ: usize,
    pub srcLOD: usize,
    /// A `hipMemoryType`.
    pub srcMemoryType: i32,
    pub srcHost: *const c_void,
    pub srcDevice: *mut c_void,
    pub srcArray: *mut c_void,
    pub srcPitch: usize,
    pub srcHeight: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstZ: usize,
    pub dstLOD: usize,
    pub dstMemoryType: i32,
    pub dstHost: *mut c_void,
    pub dstDevice: *mut c_void,
    pub dstArray: *mut c_void,
    pub dstPitch: usize,
    pub dstHeight: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
    pub Depth: usize,
}

/// One side of a `HIP_MEMCPY3D`.
#[allow(clippy::too_many_arguments)] // the structure's fields for one side
fn drv_side(
    mem_type: i32,
    host: *const c_void,
    device: *mut c_void,
    arr: *mut c_void,
    (x, y, z): (usize, usize, usize),
    pitch: usize,
    height: usize,
    c: &HIP_MEMCPY3D,
) -> ApiResult<Side> {
    let (w, h, d) = (c.WidthInBytes, c.Height.max(1), c.Depth.max(1));
    let base = match mem_type {
        // hipMemoryTypeArray
        10 => return array_side(arr, x, y, z, w, h, d),
        1 => host as usize,
        2 | 3 | 11 => device as usize,
        t => {
            return Err(err(
                HipError::InvalidValue,
                format!("{t} is not a hipMemoryType"),
            ))
        }
    };
    nonnull(base as *const c_void, "a side's pointer")?;
    if pitch < w || (height > 0 && y + h > height) {
        return Err(err(
            HipError::InvalidValue,
            format!("pitch {pitch} / height {height} cannot hold the copy"),
        ));
    }
    // No height: slices are as tall as the copy (ROCm's rule for a zero slice pitch).
    let slice = pitch * if height > 0 { height } else { h };
    let off = z
        .checked_mul(slice)
        .and_then(|o| o.checked_add(y.checked_mul(pitch)?))
        .and_then(|o| o.checked_add(x))
        .and_then(|o| base.checked_add(o));
    let Some(base) = off else {
        return Err(err(HipError::InvalidValue, "3-D copy addresses overflow"));
    };
    Ok(Side { base, pitch, slice })
}

/// # Safety
/// `p` is null or a readable description of valid ranges.
pub(crate) unsafe fn drv_copy_3d(p: *const HIP_MEMCPY3D, s: &hip::Stream) -> ApiResult {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "pCopy is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let c = unsafe { *p };
    if c.srcLOD != 0 || c.dstLOD != 0 {
        return Err(err(
            HipError::InvalidValue,
            "srcLOD and dstLOD must be 0 (copy a mip level through its own array)",
        ));
    }
    let src = drv_side(
        c.srcMemoryType,
        c.srcHost,
        c.srcDevice,
        c.srcArray,
        (c.srcXInBytes, c.srcY, c.srcZ),
        c.srcPitch,
        c.srcHeight,
        &c,
    )?;
    let dst = drv_side(
        c.dstMemoryType,
        c.dstHost,
        c.dstDevice,
        c.dstArray,
        (c.dstXInBytes, c.dstY, c.dstZ),
        c.dstPitch,
        c.dstHeight,
        &c,
    )?;
    // An empty box copies nothing and succeeds, as in ROCm (which checks this first).
    if c.WidthInBytes == 0 || c.Height == 0 || c.Depth == 0 {
        return Ok(());
    }
    let memory_pitches: Vec<usize> = [(c.srcArray, c.srcPitch), (c.dstArray, c.dstPitch)]
        .into_iter()
        .filter(|(a, _)| a.is_null())
        .map(|(_, pitch)| pitch)
        .collect();
    crate::memory::check_3d_pitches(&memory_pitches)?;
    // SAFETY: array sides were checked; the others are the caller's contract (device sides
    // are validated per row).
    unsafe {
        copy_box(
            dst,
            src,
            c.WidthInBytes,
            c.Height,
            c.Depth,
            MemcpyKind::Default,
            s,
        )
    }
}

/// # Safety
/// `p` is null or a readable description of valid ranges.
#[no_mangle]
pub unsafe extern "C" fn hipDrvMemcpy3D(p: *const HIP_MEMCPY3D) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| sync_copy(|s| unsafe { drv_copy_3d(p, s) }))
}

/// # Safety
/// As [`hipDrvMemcpy3D`]; host memory stays valid until the copy ran.
#[no_mangle]
pub unsafe extern "C" fn hipDrvMemcpy3DAsync(
    p: *const HIP_MEMCPY3D,
    stream: hipStream_t,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| with_stream(stream, |s| unsafe { drv_copy_3d(p, s) }))
}

// --- texture and surface objects -----------------------------------------------------------

/// A live texture or surface object: its device descriptor and what it was made from.
struct Object {
    desc: Box<TexObject>,
    res: hipResourceDesc,
    tex: hipTextureDesc,
    view: Option<hipResourceViewDesc>,
}

// SAFETY: the raw pointers inside are addresses the C side handed over, never dereferenced
// here.
unsafe impl Send for Object {}

fn objects() -> MutexGuard<'static, HashMap<usize, Object>> {
    static T: OnceLock<Mutex<HashMap<usize, Object>>> = OnceLock::new();
    lock(T.get_or_init(Default::default))
}

/// Fills the format and levels of `t` from `res`, validated as ROCm does.
fn describe_resource(t: &mut TexObject, res: &hipResourceDesc) -> ApiResult {
    let inval = |why: String| Err(err(HipError::InvalidValue, why));
    t.res_type = res.resType as u32;
    match res.resType {
        RES_ARRAY | RES_MIPMAPPED => {
            // SAFETY: the union's first member is a pointer in both of these cases.
            let h = unsafe { res.res.array };
            if h.is_null() {
                return inval("resource array is null".into());
            }
            let (levels, format, dims) = if res.resType == RES_ARRAY {
                let a = array(h)?;
                let a = lock(&a.0);
                (a.levels.clone(), a.format, a.texture_type())
            } else {
                let m = mipmapped(h)?;
                let a = lock(&m.array);
                (a.levels.clone(), a.format, a.texture_type())
            };
            t.set_format(&format);
            t.dims = dims;
            t.num_levels = levels.len() as u32;
            t.levels[..levels.len()].copy_from_slice(&levels);
        }
        RES_LINEAR => {
            // SAFETY: resType says the union holds `linear`.
            let l = unsafe { res.res.linear };
            let f: ChannelFormat = l.desc.into();
            f.validate().map_err(|e| err(e, "linear resource format"))?;
            if l.devPtr.is_null() || !(l.devPtr as usize).is_multiple_of(TEXTURE_ALIGN) {
                return inval(format!(
                    "linear devPtr {:p} is null or not {TEXTURE_ALIGN}-byte aligned",
                    l.devPtr
                ));
            }
            let n = l.sizeInBytes / f.element_size();
            if n == 0 || n >= 1 << 27 {
                return inval(format!("{n} elements in a linear texture"));
            }
            t.set_format(&f);
            t.dims = texture_type::D1;
            t.num_levels = 1;
            t.levels[0] = Level {
                data: l.devPtr as u64,
                width: n as u64,
                rows: 1,
                slices: 1,
                pitch: (n * f.element_size()) as u64,
                slice_pitch: (n * f.element_size()) as u64,
            };
        }
        RES_PITCH2D => {
            // SAFETY: resType says the union holds `pitch2D`.
            let p = unsafe { res.res.pitch2D };
            let f: ChannelFormat = p.desc.into();
            f.validate()
                .map_err(|e| err(e, "pitch2D resource format"))?;
            if p.devPtr.is_null()
                || !(p.devPtr as usize).is_multiple_of(TEXTURE_ALIGN)
                || !p.pitchInBytes.is_multiple_of(TEXTURE_ALIGN)
                || p.width == 0
                || p.height == 0
                || p.width > MAX_DIM
                || p.height > MAX_DIM
                || p.width * f.element_size() > p.pitchInBytes
            {
                return inval(format!(
                    "pitch2D {:p} {}x{} pitch {}: null or unaligned pointer or pitch, or a bad extent",
                    p.devPtr, p.width, p.height, p.pitchInBytes
                ));
            }
            t.set_format(&f);
            t.dims = texture_type::D2;
            t.num_levels = 1;
            t.levels[0] = Level {
                data: p.devPtr as u64,
                width: p.width as u64,
                rows: p.height as u64,
                slices: 1,
                pitch: p.pitchInBytes as u64,
                slice_pitch: (p.pitchInBytes * p.height) as u64,
            };
        }
        other => return inval(format!("{other} is not a hipResourceType")),
    }
    Ok(())
}

fn check_modes(td: &hipTextureDesc) -> ApiResult {
    let bad = td.addressMode.iter().any(|&m| !(0..=3).contains(&m))
        || !(0..=1).contains(&td.filterMode)
        || !(0..=1).contains(&td.readMode)
        || !(0..=1).contains(&td.mipmapFilterMode);
    if bad {
        return Err(err(
            HipError::InvalidValue,
            format!("texture descriptor has an unknown mode: {td:?}"),
        ));
    }
    Ok(())
}

/// Builds and registers a texture object.
fn create_texture(
    res: &hipResourceDesc,
    td: &hipTextureDesc,
    view: Option<&hipResourceViewDesc>,
) -> ApiResult<*mut c_void> {
    if view.is_some() && !matches!(res.resType, RES_ARRAY | RES_MIPMAPPED) {
        return Err(err(
            HipError::InvalidValue,
            "a resource view needs an array or mipmapped array resource",
        ));
    }
    // ROCm refuses a mipmapped texture with unnormalized coordinates; its own suite (hip-tests'
    // tex*Lod and tex*Grad) samples such textures, so here unnormalized coordinates address
    // the texels of the level sampled, as they do for a single level.
    check_modes(td)?;
    let mut t = Box::new(TexObject::new(TEXTURE_MAGIC));
    describe_resource(&mut t, res)?;
    if let Some(v) = view {
        apply_view(&mut t, v)?;
    }
    // Only 8- and 16-bit integers read as normalized floats (32-bit integers and floats
    // always read as they are).
    let int_small = t.kind != channel_kind::FLOAT as u32 && t.bits < 32;
    t.read_mode = if int_small { td.readMode as u32 } else { 0 };
    t.filter_mode = td.filterMode as u32;
    t.normalized = (td.normalizedCoords != 0) as u32;
    t.srgb = (td.sRGB != 0) as u32;
    t.mip_filter = td.mipmapFilterMode as u32;
    // Wrap and mirror need normalized coordinates; without them the hardware clamps.
    t.address = td.addressMode.map(|m| {
        if t.normalized == 0 && (m == 0 || m == 2) {
            1
        } else {
            m as u32
        }
    });
    if res.resType == RES_LINEAR {
        // Linear textures are fetched by index (tex1Dfetch): no filtering, clamped.
        t.filter_mode = 0;
        t.address = [3; 3];
    }
    t.border = td.borderColor;
    t.mip_bias = td.mipmapLevelBias;
    t.min_mip_clamp = td.minMipmapLevelClamp;
    t.max_mip_clamp = if td.maxMipmapLevelClamp == 0.0 && t.num_levels > 1 {
        (t.num_levels - 1) as f32
    } else {
        td.maxMipmapLevelClamp
    };
    let h = &*t as *const TexObject as usize;
    objects().insert(
        h,
        Object {
            desc: t,
            res: *res,
            tex: *td,
            view: view.copied(),
        },
    );
    Ok(h as *mut c_void)
}

/// A view over a subset of mip levels (and the same format): levels shift so that
/// `firstMipmapLevel` becomes level 0.
fn apply_view(t: &mut TexObject, v: &hipResourceViewDesc) -> ApiResult {
    let first = v.firstMipmapLevel;
    let last = v.lastMipmapLevel.max(first);
    if last >= t.num_levels || v.firstLayer > v.lastLayer {
        return Err(err(
            HipError::InvalidValue,
            format!("resource view levels {first}..={last} of {}", t.num_levels),
        ));
    }
    let (f, n) = (first as usize, (last - first + 1) as usize);
    t.levels.copy_within(f..f + n, 0);
    t.num_levels = n as u32;
    Ok(())
}

/// # Safety
/// `tex` is null or writable; the descriptors are null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipCreateTextureObject(
    tex: *mut *mut c_void,
    res: *const hipResourceDesc,
    desc: *const hipTextureDesc,
    view: *const hipResourceViewDesc,
) -> hipError_t {
    entry(|| {
        if tex.is_null() || res.is_null() || desc.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "null texture object, resource or texture descriptor",
            ));
        }
        // SAFETY: non-null (or, for the view, checked), readable per the caller.
        let (r, d, v) = unsafe { (*res, *desc, view.as_ref().copied()) };
        let h = create_texture(&r, &d, v.as_ref())?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(tex, h, "pTexObject") }
    })
}

/// Destroys a texture object; null is a no-op (as in HIP), an unknown one is
/// `hipErrorInvalidValue`.
#[no_mangle]
pub extern "C" fn hipDestroyTextureObject(tex: *mut c_void) -> hipError_t {
    entry(|| destroy_object(tex, TEXTURE_MAGIC, "texture"))
}

fn destroy_object(h: *mut c_void, magic: u32, what: &str) -> ApiResult {
    if h.is_null() {
        return Ok(());
    }
    let t = objects();
    match t.get(&(h as usize)) {
        Some(o) if o.desc.magic == magic => {
            // Kernels already queued may still read the descriptor: let them finish.
            drop(t);
            hip::device_synchronize()?;
            objects().remove(&(h as usize));
            Ok(())
        }
        _ => {
            drop(t);
            Err(err(
                HipError::InvalidValue,
                format!("{h:p} is not a live {what} object"),
            ))
        }
    }
}

/// Looks up a live texture object's record.
fn with_texture<R>(h: *const c_void, f: impl FnOnce(&Object) -> R) -> ApiResult<R> {
    let t = objects();
    match t.get(&(h as usize)) {
        Some(o) if o.desc.magic == TEXTURE_MAGIC => Ok(f(o)),
        _ => Err(err(
            HipError::InvalidValue,
            format!("{h:p} is not a live texture object"),
        )),
    }
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetTextureObjectResourceDesc(
    out: *mut hipResourceDesc,
    tex: *mut c_void,
) -> hipError_t {
    entry(|| {
        let r = with_texture(tex, |o| o.res)?;
        // SAFETY: writable per the caller (null refused).
        unsafe { put(out, r, "pResDesc") }
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetTextureObjectTextureDesc(
    out: *mut hipTextureDesc,
    tex: *mut c_void,
) -> hipError_t {
    entry(|| {
        let d = with_texture(tex, |o| o.tex)?;
        // SAFETY: writable per the caller (null refused).
        unsafe { put(out, d, "pTexDesc") }
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetTextureObjectResourceViewDesc(
    out: *mut hipResourceViewDesc,
    tex: *mut c_void,
) -> hipError_t {
    entry(|| {
        let v = with_texture(tex, |o| o.view.unwrap_or_default())?;
        // SAFETY: writable per the caller (null refused).
        unsafe { put(out, v, "pResViewDesc") }
    })
}

// --- driver forms --------------------------------------------------------------------------

fn from_driver_resource(r: &HIP_RESOURCE_DESC) -> ApiResult<hipResourceDesc> {
    let mut out = hipResourceDesc {
        resType: r.resType,
        res: hipResourceDescRes {
            pitch2D: ResPitch2D {
                devPtr: std::ptr::null_mut(),
                desc: hipChannelFormatDesc::default(),
                width: 0,
                height: 0,
                pitchInBytes: 0,
            },
        },
    };
    match r.resType {
        RES_ARRAY | RES_MIPMAPPED => {
            // SAFETY: resType says which union member is live.
            out.res.array = unsafe { r.res.hArray };
        }
        RES_LINEAR => {
            // SAFETY: resType says which union member is live.
            let l = unsafe { r.res.linear };
            out.res.linear = ResLinear {
                devPtr: l.devPtr,
                desc: driver_format(l.format, l.numChannels)?.into(),
                sizeInBytes: l.sizeInBytes,
            };
        }
        RES_PITCH2D => {
            // SAFETY: resType says which union member is live.
            let p = unsafe { r.res.pitch2D };
            out.res.pitch2D = ResPitch2D {
                devPtr: p.devPtr,
                desc: driver_format(p.format, p.numChannels)?.into(),
                width: p.width,
                height: p.height,
                pitchInBytes: p.pitchInBytes,
            };
        }
        other => {
            return Err(err(
                HipError::InvalidValue,
                format!("{other} is not a HIPresourcetype"),
            ))
        }
    }
    Ok(out)
}

/// `HIP_TRSF_READ_AS_INTEGER`, `HIP_TRSF_NORMALIZED_COORDINATES`, `HIP_TRSF_SRGB`.
const TRSF_READ_AS_INTEGER: u32 = 0x01;
const TRSF_NORMALIZED_COORDINATES: u32 = 0x02;
const TRSF_SRGB: u32 = 0x10;

fn from_driver_texture(d: &HIP_TEXTURE_DESC) -> hipTextureDesc {
    hipTextureDesc {
        addressMode: d.addressMode,
        filterMode: d.filterMode,
        readMode: (d.flags & TRSF_READ_AS_INTEGER == 0) as i32,
        sRGB: (d.flags & TRSF_SRGB != 0) as i32,
        borderColor: d.borderColor,
        normalizedCoords: (d.flags & TRSF_NORMALIZED_COORDINATES != 0) as i32,
        maxAnisotropy: d.maxAnisotropy,
        mipmapFilterMode: d.mipmapFilterMode,
        mipmapLevelBias: d.mipmapLevelBias,
        minMipmapLevelClamp: d.minMipmapLevelClamp,
        maxMipmapLevelClamp: d.maxMipmapLevelClamp,
    }
}

/// # Safety
/// `tex` is null or writable; the descriptors are null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipTexObjectCreate(
    tex: *mut *mut c_void,
    res: *const HIP_RESOURCE_DESC,
    desc: *const HIP_TEXTURE_DESC,
    view: *const HIP_RESOURCE_VIEW_DESC,
) -> hipError_t {
    entry(|| {
        if tex.is_null() || res.is_null() || desc.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "null texture object, resource or texture descriptor",
            ));
        }
        // SAFETY: non-null (or, for the view, checked), readable per the caller.
        let (r, d, v) = unsafe { (*res, *desc, view.as_ref().copied()) };
        let r = from_driver_resource(&r)?;
        let v = v.map(|v| hipResourceViewDesc {
            format: v.format,
            width: v.width,
            height: v.height,
            depth: v.depth,
            firstMipmapLevel: v.firstMipmapLevel,
            lastMipmapLevel: v.lastMipmapLevel,
            firstLayer: v.firstLayer,
            lastLayer: v.lastLayer,
        });
        let h = create_texture(&r, &from_driver_texture(&d), v.as_ref())?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(tex, h, "pTexObject") }
    })
}

#[no_mangle]
pub extern "C" fn hipTexObjectDestroy(tex: *mut c_void) -> hipError_t {
    hipDestroyTextureObject(tex)
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipTexObjectGetResourceDesc(
    out: *mut HIP_RESOURCE_DESC,
    tex: *mut c_void,
) -> hipError_t {
    entry(|| {
        let r = with_texture(tex, |o| o.res)?;
        let mut d = HIP_RESOURCE_DESC {
            resType: r.resType,
            res: HIP_RESOURCE_DESC_res { reserved: [0; 32] },
            flags: 0,
        };
        match r.resType {
            RES_ARRAY | RES_MIPMAPPED => {
                // SAFETY: resType says which union member is live.
                d.res.hArray = unsafe { r.res.array };
            }
            RES_LINEAR => {
                // SAFETY: resType says which union member is live.
                let l = unsafe { r.res.linear };
                let f: ChannelFormat = l.desc.into();
                d.res.linear = DrvResLinear {
                    devPtr: l.devPtr,
                    format: f.array_format(),
                    numChannels: f.channels(),
                    sizeInBytes: l.sizeInBytes,
                };
            }
            _ => {
                // SAFETY: resType says which union member is live.
                let p = unsafe { r.res.pitch2D };
                let f: ChannelFormat = p.desc.into();
                d.res.pitch2D = DrvResPitch2D {
                    devPtr: p.devPtr,
                    format: f.array_format(),
                    numChannels: f.channels(),
                    width: p.width,
                    height: p.height,
                    pitchInBytes: p.pitchInBytes,
                };
            }
        }
        // SAFETY: writable per the caller (null refused).
        unsafe { put(out, d, "pResDesc") }
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipTexObjectGetTextureDesc(
    out: *mut HIP_TEXTURE_DESC,
    tex: *mut c_void,
) -> hipError_t {
    entry(|| {
        let t = with_texture(tex, |o| o.tex)?;
        let mut flags = 0;
        if t.readMode == 0 {
            flags |= TRSF_READ_AS_INTEGER;
        }
        if t.normalizedCoords != 0 {
            flags |= TRSF_NORMALIZED_COORDINATES;
        }
        if t.sRGB != 0 {
            flags |= TRSF_SRGB;
        }
        let d = HIP_TEXTURE_DESC {
            addressMode: t.addressMode,
            filterMode: t.filterMode,
            flags,
            maxAnisotropy: t.maxAnisotropy,
            mipmapFilterMode: t.mipmapFilterMode,
            mipmapLevelBias: t.mipmapLevelBias,
            minMipmapLevelClamp: t.minMipmapLevelClamp,
            maxMipmapLevelClamp: t.maxMipmapLevelClamp,
            borderColor: t.borderColor,
            reserved: [0; 12],
        };
        // SAFETY: writable per the caller (null refused).
        unsafe { put(out, d, "pTexDesc") }
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipTexObjectGetResourceViewDesc(
    out: *mut HIP_RESOURCE_VIEW_DESC,
    tex: *mut c_void,
) -> hipError_t {
    entry(|| {
        let v = with_texture(tex, |o| o.view.unwrap_or_default())?;
        let d = HIP_RESOURCE_VIEW_DESC {
            format: v.format,
            width: v.width,
            height: v.height,
            depth: v.depth,
            firstMipmapLevel: v.firstMipmapLevel,
            lastMipmapLevel: v.lastMipmapLevel,
            firstLayer: v.firstLayer,
            lastLayer: v.lastLayer,
            reserved: [0; 16],
        };
        // SAFETY: writable per the caller (null refused).
        unsafe { put(out, d, "pResViewDesc") }
    })
}

// --- surfaces ------------------------------------------------------------------------------

/// # Safety
/// `surf` is null or writable; `res` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipCreateSurfaceObject(
    surf: *mut *mut c_void,
    res: *const hipResourceDesc,
) -> hipError_t {
    entry(|| {
        if surf.is_null() || res.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "null surface object or resource",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let r = unsafe { *res };
        if r.resType != RES_ARRAY {
            return Err(err(
                HipError::InvalidValue,
                "a surface's resource is an array",
            ));
        }
        // SAFETY: resType says the union holds `array`.
        let h = unsafe { r.res.array };
        array(h)?;
        let mut t = Box::new(TexObject::new(SURFACE_MAGIC));
        describe_resource(&mut t, &r)?;
        let addr = &*t as *const TexObject as usize;
        objects().insert(
            addr,
            Object {
                desc: t,
                res: r,
                tex: hipTextureDesc::default(),
                view: None,
            },
        );
        // SAFETY: non-null, writable per the caller.
        unsafe { put(surf, addr as *mut c_void, "pSurfObject") }
    })
}

/// Destroys a surface object; null is a no-op, an unknown one `hipErrorInvalidValue`.
#[no_mangle]
pub extern "C" fn hipDestroySurfaceObject(surf: *mut c_void) -> hipError_t {
    entry(|| destroy_object(surf, SURFACE_MAGIC, "surface"))
}

// --- texture references (the legacy API) ---------------------------------------------------

/// `textureReference`: the state a `texture<T, dim, mode>` variable carries (both its host
/// shadow and its device copy).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct textureReference {
    pub normalized: i32,
    pub readMode: i32,
    pub filterMode: i32,
    pub addressMode: [i32; 3],
    pub channelDesc: hipChannelFormatDesc,
    pub sRGB: i32,
    pub maxAnisotropy: u32,
    pub mipmapFilterMode: i32,
    pub mipmapLevelBias: f32,
    pub minMipmapLevelClamp: f32,
    pub maxMipmapLevelClamp: f32,
    pub textureObject: *mut c_void,
    pub numChannels: i32,
    /// A `hipArray_Format`.
    pub format: u32,
}

/// `surfaceReference`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct surfaceReference {
    pub surfaceObject: *mut c_void,
}

/// A `texture<T, dim, mode>` variable: registered as the device variable it is (its host
/// shadow holds the reference's state), so bindings can update the device copy.
///
/// # Safety
/// As `__hipRegisterVar`.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterTexture(
    modules: *mut *mut c_void,
    host_var: *mut c_void,
    device_name: *const std::ffi::c_char,
    host_name: *mut std::ffi::c_char,
    _dim: i32,
    _norm: i32,
    ext: i32,
) {
    // SAFETY: forwarded caller contract.
    unsafe {
        crate::register::__hipRegisterVar(
            modules,
            host_var,
            host_name,
            device_name,
            ext,
            std::mem::size_of::<textureReference>(),
            0,
            0,
        )
    }
}

/// A `surface<...>` variable, registered like [`__hipRegisterTexture`].
///
/// # Safety
/// As `__hipRegisterVar`.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterSurface(
    modules: *mut *mut c_void,
    host_var: *mut c_void,
    device_name: *const std::ffi::c_char,
    host_name: *mut std::ffi::c_char,
    _dim: i32,
    ext: i32,
) {
    // SAFETY: forwarded caller contract.
    unsafe {
        crate::register::__hipRegisterVar(
            modules,
            host_var,
            host_name,
            device_name,
            ext,
            std::mem::size_of::<surfaceReference>(),
            0,
            0,
        )
    }
}

/// The texture description a reference's state gives.
fn reference_desc(r: &textureReference) -> hipTextureDesc {
    hipTextureDesc {
        addressMode: r.addressMode,
        filterMode: r.filterMode,
        readMode: r.readMode,
        sRGB: r.sRGB,
        borderColor: [0.0; 4],
        normalizedCoords: r.normalized,
        maxAnisotropy: r.maxAnisotropy,
        mipmapFilterMode: r.mipmapFilterMode,
        mipmapLevelBias: r.mipmapLevelBias,
        minMipmapLevelClamp: r.minMipmapLevelClamp,
        maxMipmapLevelClamp: r.maxMipmapLevelClamp,
    }
}

/// Binds the reference at `tex` to `res`: a texture object made from its state replaces the
/// one bound before, in the host shadow and in the device variable when `tex` is a registered
/// `texture<...>` variable (what kernels read).
///
/// # Safety
/// `tex` is null or a writable `textureReference`.
unsafe fn bind(tex: *const textureReference, res: &hipResourceDesc) -> ApiResult {
    if tex.is_null() {
        return Err(err(HipError::InvalidValue, "texture reference is null"));
    }
    let tex = tex as *mut textureReference;
    // SAFETY: non-null, a textureReference per the caller.
    let mut r = unsafe { *tex };
    let h = create_texture(res, &reference_desc(&r), None)?;
    let old = std::mem::replace(&mut r.textureObject, h);
    // SAFETY: writable per the caller.
    unsafe { publish(tex, r)? };
    if !old.is_null() {
        // A reference never bound holds null; a stale value is not ours to report.
        let _ = destroy_object(old, TEXTURE_MAGIC, "texture");
    }
    Ok(())
}

/// Writes `r` to the host shadow `tex` and, when it is a registered texture variable, to its
/// device copy.
///
/// # Safety
/// `tex` is a writable `textureReference`.
unsafe fn publish(tex: *mut textureReference, r: textureReference) -> ApiResult {
    // SAFETY: writable per the caller.
    unsafe { tex.write(r) };
    let size = std::mem::size_of::<textureReference>();
    // A driver API reference need not be a variable: then there is no device copy, and the
    // failed lookup's error is not the call's (the thread's last error is put back).
    let before = hip::peek_at_last_error();
    let dev = crate::register::symbol_range(tex as *const c_void, size, 0);
    if dev.is_err() {
        hip::record_error(before, None);
    }
    if let Ok(dev) = dev {
        // SAFETY: the device variable is `size` bytes of the loaded code object's memory,
        // which is host memory on the CPU device.
        unsafe {
            std::ptr::copy_nonoverlapping(
                &r as *const textureReference as *const u8,
                dev as *mut u8,
                size,
            )
        };
    }
    Ok(())
}

/// # Safety
/// `offset` is null or writable; `tex` a writable reference; `desc` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipBindTexture(
    offset: *mut usize,
    tex: *const textureReference,
    dev_ptr: *const c_void,
    desc: *const hipChannelFormatDesc,
    size: usize,
) -> hipError_t {
    entry(|| {
        if desc.is_null() || dev_ptr.is_null() {
            return Err(err(HipError::InvalidValue, "null devPtr or desc"));
        }
        // The texture starts at the aligned address below devPtr; `offset` says where devPtr
        // is within it (HIP's contract: fetches add it).
        let aligned = (dev_ptr as usize) & !(TEXTURE_ALIGN - 1);
        let off = dev_ptr as usize - aligned;
        if off != 0 && offset.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "devPtr is not texture-aligned and offset is null",
            ));
        }
        let res = hipResourceDesc {
            resType: RES_LINEAR,
            res: hipResourceDescRes {
                linear: ResLinear {
                    devPtr: aligned as *mut c_void,
                    // SAFETY: non-null, readable per the caller.
                    desc: unsafe { *desc },
                    sizeInBytes: size + off,
                },
            },
        };
        // SAFETY: forwarded caller contract.
        unsafe { bind(tex, &res)? };
        if !offset.is_null() {
            // SAFETY: non-null, writable per the caller.
            unsafe { offset.write(off) };
        }
        Ok(())
    })
}

/// # Safety
/// As [`hipBindTexture`].
#[no_mangle]
pub unsafe extern "C" fn hipBindTexture2D(
    offset: *mut usize,
    tex: *const textureReference,
    dev_ptr: *const c_void,
    desc: *const hipChannelFormatDesc,
    width: usize,
    height: usize,
    pitch: usize,
) -> hipError_t {
    entry(|| {
        if desc.is_null() {
            return Err(err(HipError::InvalidValue, "desc is null"));
        }
        let res = hipResourceDesc {
            resType: RES_PITCH2D,
            res: hipResourceDescRes {
                pitch2D: ResPitch2D {
                    devPtr: dev_ptr as *mut c_void,
                    // SAFETY: non-null, readable per the caller.
                    desc: unsafe { *desc },
                    width,
                    height,
                    pitchInBytes: pitch,
                },
            },
        };
        // SAFETY: forwarded caller contract.
        unsafe { bind(tex, &res)? };
        if !offset.is_null() {
            // SAFETY: non-null, writable per the caller.
            unsafe { offset.write(0) };
        }
        Ok(())
    })
}

/// # Safety
/// `tex` is a writable reference; `desc` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipBindTextureToArray(
    tex: *const textureReference,
    array: *const c_void,
    desc: *const hipChannelFormatDesc,
) -> hipError_t {
    entry(|| {
        if !desc.is_null() && !tex.is_null() {
            // SAFETY: both non-null; the reference is writable per the caller.
            unsafe { (*(tex as *mut textureReference)).channelDesc = *desc };
        }
        let res = hipResourceDesc {
            resType: RES_ARRAY,
            res: hipResourceDescRes {
                array: array as *mut c_void,
            },
        };
        // SAFETY: forwarded caller contract.
        unsafe { bind(tex, &res) }
    })
}

/// # Safety
/// As [`hipBindTextureToArray`].
#[no_mangle]
pub unsafe extern "C" fn hipBindTextureToMipmappedArray(
    tex: *const textureReference,
    mm: *const c_void,
    desc: *const hipChannelFormatDesc,
) -> hipError_t {
    entry(|| {
        if !desc.is_null() && !tex.is_null() {
            // SAFETY: both non-null; the reference is writable per the caller.
            unsafe { (*(tex as *mut textureReference)).channelDesc = *desc };
        }
        let res = hipResourceDesc {
            resType: RES_MIPMAPPED,
            res: hipResourceDescRes {
                mipmap: mm as *mut c_void,
            },
        };
        // SAFETY: forwarded caller contract.
        unsafe { bind(tex, &res) }
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipUnbindTexture(tex: *const textureReference) -> hipError_t {
    entry(|| {
        if tex.is_null() {
            return Err(err(HipError::InvalidValue, "texture reference is null"));
        }
        let tex = tex as *mut textureReference;
        // SAFETY: non-null, a textureReference per the caller.
        let mut r = unsafe { *tex };
        let old = std::mem::replace(&mut r.textureObject, std::ptr::null_mut());
        // SAFETY: writable per the caller.
        unsafe { publish(tex, r)? };
        destroy_object(old, TEXTURE_MAGIC, "texture")
    })
}

/// The reference behind a `texture<...>` variable: its host shadow.
///
/// # Safety
/// `texref` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetTextureReference(
    texref: *mut *const textureReference,
    symbol: *const c_void,
) -> hipError_t {
    entry(|| {
        if symbol.is_null() {
            return Err(err(HipError::InvalidValue, "symbol is null"));
        }
        crate::register::symbol_range(symbol, std::mem::size_of::<textureReference>(), 0)?;
        // SAFETY: writable per the caller (null refused).
        unsafe { put(texref, symbol as *const textureReference, "texref") }
    })
}

/// Bindings start at texture-aligned addresses ([`hipBindTexture`] reports the offset then):
/// nothing further to add.
///
/// # Safety
/// `offset` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetTextureAlignmentOffset(
    offset: *mut usize,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if tex.is_null() {
            return Err(err(HipError::InvalidValue, "texture reference is null"));
        }
        // SAFETY: writable per the caller (null refused).
        unsafe { put(offset, 0, "offset") }
    })
}

/// Applies `f` to the reference at `tex` and publishes it.
///
/// # Safety
/// `tex` is null or a writable reference.
unsafe fn update_ref(
    tex: *mut textureReference,
    f: impl FnOnce(&mut textureReference) -> ApiResult,
) -> ApiResult {
    if tex.is_null() {
        return Err(err(HipError::InvalidValue, "texture reference is null"));
    }
    // SAFETY: non-null, a textureReference per the caller.
    let mut r = unsafe { *tex };
    f(&mut r)?;
    // SAFETY: writable per the caller.
    unsafe { publish(tex, r) }
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetAddressMode(
    tex: *mut textureReference,
    dim: i32,
    mode: i32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            update_ref(tex, |r| {
                if !(0..3).contains(&dim) || !(0..=3).contains(&mode) {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("dimension {dim}, address mode {mode}"),
                    ));
                }
                r.addressMode[dim as usize] = mode;
                Ok(())
            })
        }
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetFilterMode(
    tex: *mut textureReference,
    mode: i32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            update_ref(tex, |r| {
                if !(0..=1).contains(&mode) {
                    return Err(err(HipError::InvalidValue, format!("filter mode {mode}")));
                }
                r.filterMode = mode;
                Ok(())
            })
        }
    })
}

/// `HIP_TRSF_*` flags: read as integer, normalized coordinates, sRGB.
///
/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetFlags(tex: *mut textureReference, flags: u32) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            update_ref(tex, |r| {
                r.readMode = (flags & TRSF_READ_AS_INTEGER == 0) as i32;
                r.normalized = (flags & TRSF_NORMALIZED_COORDINATES != 0) as i32;
                r.sRGB = (flags & TRSF_SRGB != 0) as i32;
                Ok(())
            })
        }
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetFormat(
    tex: *mut textureReference,
    format: u32,
    num_components: i32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            update_ref(tex, |r| {
                let f = driver_format(format, num_components.max(0) as u32)?;
                r.format = format;
                r.numChannels = num_components;
                r.channelDesc = f.into();
                Ok(())
            })
        }
    })
}

/// # Safety
/// Each out-pointer is null or writable; `tex` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetAddressMode(
    mode: *mut i32,
    tex: *const textureReference,
    dim: i32,
) -> hipError_t {
    entry(|| {
        if tex.is_null() || !(0..3).contains(&dim) {
            return Err(err(
                HipError::InvalidValue,
                "null reference or bad dimension",
            ));
        }
        // SAFETY: non-null and readable; `mode` writable per the caller (null refused).
        unsafe { put(mode, (*tex).addressMode[dim as usize], "pam") }
    })
}

/// # Safety
/// `mode` is null or writable; `tex` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetFilterMode(
    mode: *mut i32,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if tex.is_null() {
            return Err(err(HipError::InvalidValue, "texture reference is null"));
        }
        // SAFETY: non-null and readable; `mode` writable per the caller (null refused).
        unsafe { put(mode, (*tex).filterMode, "pfm") }
    })
}

/// # Safety
/// `flags` is null or writable; `tex` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetFlags(
    flags: *mut u32,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if tex.is_null() {
            return Err(err(HipError::InvalidValue, "texture reference is null"));
        }
        // SAFETY: non-null and readable.
        let r = unsafe { *tex };
        let mut f = 0;
        if r.readMode == 0 {
            f |= TRSF_READ_AS_INTEGER;
        }
        if r.normalized != 0 {
            f |= TRSF_NORMALIZED_COORDINATES;
        }
        if r.sRGB != 0 {
            f |= TRSF_SRGB;
        }
        // SAFETY: writable per the caller (null refused).
        unsafe { put(flags, f, "pFlags") }
    })
}

/// # Safety
/// Out-pointers null or writable; `tex` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetFormat(
    format: *mut u32,
    num_channels: *mut i32,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if tex.is_null() {
            return Err(err(HipError::InvalidValue, "texture reference is null"));
        }
        // SAFETY: non-null and readable.
        let r = unsafe { *tex };
        let f: ChannelFormat = r.channelDesc.into();
        // SAFETY: writable per the caller (null refused).
        unsafe {
            put(format, f.array_format(), "pFormat")?;
            put(num_channels, f.channels() as i32, "pNumChannels")
        }
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetArray(
    tex: *mut textureReference,
    array: *const c_void,
    _flags: u32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe { hipBindTextureToArray(tex, array, null_desc()) }
}

fn null_desc() -> *const hipChannelFormatDesc {
    std::ptr::null()
}

/// # Safety
/// `offset` null or writable; `tex` a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetAddress(
    offset: *mut usize,
    tex: *mut textureReference,
    dptr: *mut c_void,
    bytes: usize,
) -> hipError_t {
    if tex.is_null() {
        return entry(|| Err(err(HipError::InvalidValue, "texture reference is null")));
    }
    // SAFETY: non-null; forwarded caller contract.
    let desc = unsafe { (*tex).channelDesc };
    // SAFETY: forwarded caller contract.
    unsafe { hipBindTexture(offset, tex, dptr, &desc, bytes) }
}

/// # Safety
/// `tex` a writable reference; `desc` null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetAddress2D(
    tex: *mut textureReference,
    desc: *const HIP_ARRAY_DESCRIPTOR,
    dptr: *mut c_void,
    pitch: usize,
) -> hipError_t {
    if desc.is_null() {
        return entry(|| Err(err(HipError::InvalidValue, "descriptor is null")));
    }
    // SAFETY: non-null, readable per the caller.
    let d = unsafe { *desc };
    let Some(f) = ChannelFormat::from_array_format(d.Format, d.NumChannels) else {
        return entry(|| Err(err(HipError::InvalidValue, "descriptor format")));
    };
    let cd: hipChannelFormatDesc = f.into();
    // SAFETY: forwarded caller contract.
    unsafe {
        hipBindTexture2D(
            std::ptr::null_mut(),
            tex,
            dptr,
            &cd,
            d.Width,
            d.Height,
            pitch,
        )
    }
}

// The rest of ROCm 6's driver-API texture-reference calls: getters of what a reference is
// bound to, and the mipmap and anisotropy state. Argument checks and codes follow clr's
// hip_texture.cpp; where ROCm returns hipErrorInvalidValue after writing the answer (the
// max-anisotropy and mipmap getters), the answer is a success here.

/// `HIP_TRSA_OVERRIDE_FORMAT`: the only flag ROCm's array binding calls accept.
const TRSA_OVERRIDE_FORMAT: u32 = 0x01;

/// The resource the reference at `tex` is bound to; an unbound one is `hipErrorInvalidValue`.
///
/// # Safety
/// `tex` is a readable `textureReference`.
unsafe fn bound_resource(tex: *const textureReference) -> ApiResult<hipResourceDesc> {
    // SAFETY: readable per the caller.
    let obj = unsafe { (*tex).textureObject };
    with_texture(obj, |o| o.res)
}

fn null_ref_or_out(what: &str) -> ApiResult {
    Err(err(
        HipError::InvalidValue,
        format!("{what} or the texture reference is null"),
    ))
}

/// The device address a reference is bound to (linear or pitched memory); an array binding
/// or none is `hipErrorInvalidValue`.
///
/// # Safety
/// `dptr` is null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetAddress(
    dptr: *mut *mut c_void,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if dptr.is_null() || tex.is_null() {
            return null_ref_or_out("dev_ptr");
        }
        // SAFETY: non-null, readable per the caller.
        let r = unsafe { bound_resource(tex)? };
        let p = match r.resType {
            // SAFETY: resType says the union holds `linear`.
            RES_LINEAR => unsafe { r.res.linear.devPtr },
            // SAFETY: resType says the union holds `pitch2D`.
            RES_PITCH2D => unsafe { r.res.pitch2D.devPtr },
            _ => {
                return Err(err(
                    HipError::InvalidValue,
                    "the texture reference is bound to an array, not to memory",
                ))
            }
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(dptr, p, "dev_ptr") }
    })
}

/// The array a reference is bound to; another binding or none is `hipErrorInvalidValue`.
///
/// # Safety
/// `array` is null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetArray(
    array: *mut *mut c_void,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if array.is_null() || tex.is_null() {
            return null_ref_or_out("pArray");
        }
        // SAFETY: non-null, readable per the caller.
        let r = unsafe { bound_resource(tex)? };
        if r.resType != RES_ARRAY {
            return Err(err(
                HipError::InvalidValue,
                "the texture reference is not bound to an array",
            ));
        }
        // SAFETY: resType says the union holds `array`; `array` is writable per the caller.
        unsafe { put(array, r.res.array, "pArray") }
    })
}

/// The mipmapped array a reference is bound to; another binding or none is
/// `hipErrorInvalidValue`.
///
/// # Safety
/// `mm` is null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetMipMappedArray(
    mm: *mut *mut c_void,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if mm.is_null() || tex.is_null() {
            return null_ref_or_out("pArray");
        }
        // SAFETY: non-null, readable per the caller.
        let r = unsafe { bound_resource(tex)? };
        if r.resType != RES_MIPMAPPED {
            return Err(err(
                HipError::InvalidValue,
                "the texture reference is not bound to a mipmapped array",
            ));
        }
        // SAFETY: resType says the union holds `mipmap`; `mm` is writable per the caller.
        unsafe { put(mm, r.res.mipmap, "pArray") }
    })
}

/// Reads one value of a reference's state into `out`.
///
/// # Safety
/// `out` is null or writable; `tex` is null or a readable reference.
unsafe fn get_ref<T>(
    out: *mut T,
    tex: *const textureReference,
    what: &str,
    f: impl FnOnce(&textureReference) -> T,
) -> hipError_t {
    entry(|| {
        if out.is_null() || tex.is_null() {
            return null_ref_or_out(what);
        }
        // SAFETY: both non-null; readable and writable per the caller.
        unsafe { put(out, f(&*tex), what) }
    })
}

/// # Safety
/// `aniso` is null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetMaxAnisotropy(
    aniso: *mut i32,
    tex: *const textureReference,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe { get_ref(aniso, tex, "pmaxAnsio", |r| r.maxAnisotropy as i32) }
}

/// # Safety
/// `mode` is null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetMipmapFilterMode(
    mode: *mut i32,
    tex: *const textureReference,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe { get_ref(mode, tex, "pfm", |r| r.mipmapFilterMode) }
}

/// # Safety
/// `bias` is null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetMipmapLevelBias(
    bias: *mut f32,
    tex: *const textureReference,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe { get_ref(bias, tex, "pbias", |r| r.mipmapLevelBias) }
}

/// # Safety
/// `min` and `max` are null or writable; `tex` is null or a readable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetMipmapLevelClamp(
    min: *mut f32,
    max: *mut f32,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if min.is_null() || max.is_null() || tex.is_null() {
            return null_ref_or_out("a mipmap level clamp");
        }
        // SAFETY: all non-null; readable and writable per the caller.
        unsafe {
            put(min, (*tex).minMipmapLevelClamp, "pminMipmapLevelClamp")?;
            put(max, (*tex).maxMipmapLevelClamp, "pmaxMipmapLevelClamp")
        }
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetMaxAnisotropy(
    tex: *mut textureReference,
    aniso: u32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe {
        update_ref(tex, |r| {
            r.maxAnisotropy = aniso;
            Ok(())
        })
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetMipmapFilterMode(
    tex: *mut textureReference,
    mode: i32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe {
        update_ref(tex, |r| {
            r.mipmapFilterMode = mode;
            Ok(())
        })
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetMipmapLevelBias(
    tex: *mut textureReference,
    bias: f32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe {
        update_ref(tex, |r| {
            r.mipmapLevelBias = bias;
            Ok(())
        })
    })
}

/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetMipmapLevelClamp(
    tex: *mut textureReference,
    min: f32,
    max: f32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe {
        update_ref(tex, |r| {
            r.minMipmapLevelClamp = min;
            r.maxMipmapLevelClamp = max;
            Ok(())
        })
    })
}

/// Binds a reference to a mipmapped array. As ROCm: a null reference or array, or flags other
/// than `HIP_TRSA_OVERRIDE_FORMAT`, are `hipErrorInvalidValue`.
///
/// # Safety
/// `tex` is null or a writable reference.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetMipmappedArray(
    tex: *mut textureReference,
    mm: *mut c_void,
    flags: u32,
) -> hipError_t {
    if tex.is_null() || mm.is_null() || flags != TRSA_OVERRIDE_FORMAT {
        return entry(|| {
            Err(err(
                HipError::InvalidValue,
                format!("null reference or mipmapped array, or flags {flags:#x} (HIP_TRSA_OVERRIDE_FORMAT)"),
            ))
        });
    }
    // SAFETY: forwarded caller contract.
    unsafe { hipBindTextureToMipmappedArray(tex, mm, null_desc()) }
}

/// HIP 6's `textureReference` has no border color, so none can be kept or read back: after
/// ROCm's argument checks, `hipErrorNotSupported` (ROCm does nothing and reports success).
fn no_border_color(what: &str) -> ApiResult {
    Err(err(
        HipError::NotSupported,
        format!("{what}: HIP 6's textureReference has no border color"),
    ))
}

/// # Safety
/// Pointers are only checked for null.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefSetBorderColor(
    tex: *mut textureReference,
    color: *mut f32,
) -> hipError_t {
    entry(|| {
        if tex.is_null() || color.is_null() {
            return null_ref_or_out("pBorderColor");
        }
        no_border_color("hipTexRefSetBorderColor")
    })
}

/// # Safety
/// Pointers are only checked for null.
#[no_mangle]
pub unsafe extern "C" fn hipTexRefGetBorderColor(
    color: *mut f32,
    tex: *const textureReference,
) -> hipError_t {
    entry(|| {
        if color.is_null() || tex.is_null() {
            return null_ref_or_out("pBorderColor");
        }
        no_border_color("hipTexRefGetBorderColor")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    // Offsets from the field lists of ROCm 6's driver_types.h (LP64), independently of these
    // structs.
    #[test]
    fn layouts_match_hip6() {
        assert_eq!(size_of::<hipChannelFormatDesc>(), 20);
        assert_eq!(size_of::<HIP_ARRAY_DESCRIPTOR>(), 24);
        assert_eq!(size_of::<HIP_ARRAY3D_DESCRIPTOR>(), 40);
        assert_eq!(offset_of!(HIP_ARRAY3D_DESCRIPTOR, Flags), 32);
        assert_eq!(size_of::<hipResourceDesc>(), 64);
        assert_eq!(offset_of!(hipResourceDesc, res), 8);
        assert_eq!(offset_of!(ResPitch2D, width), 32);
        assert_eq!(offset_of!(ResLinear, sizeInBytes), 32);
        assert_eq!(size_of::<hipTextureDesc>(), 64);
        assert_eq!(offset_of!(hipTextureDesc, borderColor), 24);
        assert_eq!(offset_of!(hipTextureDesc, normalizedCoords), 40);
        assert_eq!(size_of::<hipResourceViewDesc>(), 48);
        assert_eq!(offset_of!(hipResourceViewDesc, firstMipmapLevel), 32);
        assert_eq!(size_of::<HIP_RESOURCE_DESC>(), 144);
        assert_eq!(offset_of!(HIP_RESOURCE_DESC, flags), 136);
        assert_eq!(size_of::<HIP_TEXTURE_DESC>(), 104);
        assert_eq!(offset_of!(HIP_TEXTURE_DESC, borderColor), 40);
        assert_eq!(size_of::<HIP_RESOURCE_VIEW_DESC>(), 112);
        assert_eq!(size_of::<HIP_MEMCPY3D>(), 184);
        assert_eq!(size_of::<textureReference>(), 88);
        assert_eq!(offset_of!(textureReference, channelDesc), 24);
        assert_eq!(offset_of!(textureReference, sRGB), 44);
        assert_eq!(offset_of!(textureReference, textureObject), 72);
        assert_eq!(offset_of!(textureReference, format), 84);
        assert_eq!(offset_of!(HIP_MEMCPY3D, srcMemoryType), 32);
        assert_eq!(offset_of!(HIP_MEMCPY3D, srcHost), 40);
        assert_eq!(offset_of!(HIP_MEMCPY3D, dstXInBytes), 80);
        assert_eq!(offset_of!(HIP_MEMCPY3D, WidthInBytes), 160);
    }
}
