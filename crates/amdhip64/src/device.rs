//! Devices, errors and versions: `hipGetDeviceCount` ... `hipDeviceGetAttribute`,
//! `hipGetDevicePropertiesR0600`, `hipGetLastError`, `hipGetErrorString`, `hipInit`.

use crate::abi::hipDeviceProp_tR0600;
use crate::{check_device, entry, err, hipError_t, put, ApiResult};
use hip::HipError;
use std::ffi::{c_char, CString};
use std::sync::OnceLock;

/// HIP version this runtime implements: 6.2.0, as `HIP_VERSION` encodes it
/// (major * 10000000 + minor * 100000 + patch); `hip/hip_version.h` agrees.
pub const HIP_VERSION: i32 = 6 * 10_000_000 + 2 * 100_000;

/// `hipDeviceArch_t` bits the CPU device has, the same as the `__HIP_ARCH_HAS_*__` macros device
/// code sees (programs compare the two): every atomic, doubles, warp vote, ballot and shuffle
/// (bits 0-10), system fences (12), surface functions (14), 3-D grids (15); not funnel shift (11,
/// as on AMD GPUs), the extended syncthreads (13) or dynamic parallelism (16).
pub const ARCH_BITS: u32 = 0x7ff | 1 << 12 | 1 << 14 | 1 << 15;

fn copy_c_string(dst: &mut [c_char], s: &str) {
    let n = s.len().min(dst.len().saturating_sub(1));
    for (d, b) in dst.iter_mut().zip(s.as_bytes()[..n].iter()) {
        *d = *b as c_char;
    }
    if let Some(d) = dst.get_mut(n) {
        *d = 0;
    }
}

/// The CPU device's `hipDeviceProp_t`.
pub fn device_prop(dev: i32) -> ApiResult<hipDeviceProp_tR0600> {
    check_device(dev)?;
    let p = hip::get_device_properties(dev)?;
    let mut d = hipDeviceProp_tR0600::zeroed();
    copy_c_string(&mut d.name, &p.name);
    copy_c_string(&mut d.gcnArchName, &p.gcn_arch_name);
    // A stable, recognisable UUID: "ferrocm-cpu-0" padded with zeros.
    copy_c_string(&mut d.uuid.bytes, "ferrocm-cpu-0");
    d.totalGlobalMem = p.total_global_mem;
    d.sharedMemPerBlock = p.shared_mem_per_block;
    d.regsPerBlock = p.regs_per_block;
    d.warpSize = p.warp_size;
    d.memPitch = i32::MAX as usize;
    d.maxThreadsPerBlock = p.max_threads_per_block;
    d.maxThreadsDim = p.max_threads_dim;
    d.maxGridSize = p.max_grid_size;
    d.clockRate = p.clock_rate;
    d.totalConstMem = p.total_const_mem;
    d.major = p.major;
    d.minor = p.minor;
    d.textureAlignment = 256;
    d.texturePitchAlignment = 256;
    d.deviceOverlap = 1;
    d.multiProcessorCount = p.multi_processor_count;
    d.integrated = p.integrated;
    d.canMapHostMemory = p.can_map_host_memory;
    d.computeMode = p.compute_mode;
    d.surfaceAlignment = 256;
    d.concurrentKernels = p.concurrent_kernels;
    d.pciBusID = p.pci_bus_id;
    d.pciDeviceID = p.pci_device_id;
    d.asyncEngineCount = 1;
    d.unifiedAddressing = 1;
    d.memoryClockRate = p.memory_clock_rate;
    d.memoryBusWidth = p.memory_bus_width;
    d.l2CacheSize = p.l2_cache_size;
    d.maxThreadsPerMultiProcessor = p.max_threads_per_multi_processor;
    d.sharedMemPerMultiprocessor = p.max_shared_memory_per_multi_processor;
    d.regsPerMultiprocessor = p.regs_per_block;
    d.managedMemory = p.managed_memory;
    d.isMultiGpuBoard = p.is_multi_gpu_board;
    d.hostNativeAtomicSupported = 1;
    d.singleToDoublePrecisionPerfRatio = 2;
    d.pageableMemoryAccess = 1;
    d.concurrentManagedAccess = 1;
    d.canUseHostPointerForRegisteredMem = 1;
    d.cooperativeLaunch = p.cooperative_launch;
    // Multi-device cooperative launches take a list of one launch, the only device; the
    // "unmatched" answers say, as ROCm's do, that the entries need not share a kernel, grid,
    // block or shared-memory size (vacuous with one entry).
    d.cooperativeMultiDeviceLaunch = p.cooperative_launch;
    d.cooperativeMultiDeviceUnmatchedFunc = p.cooperative_launch;
    d.cooperativeMultiDeviceUnmatchedGridDim = p.cooperative_launch;
    d.cooperativeMultiDeviceUnmatchedBlockDim = p.cooperative_launch;
    d.cooperativeMultiDeviceUnmatchedSharedMem = p.cooperative_launch;
    // The host reads and writes device memory directly, as through a large PCIe BAR.
    d.isLargeBar = 1;
    // Stream-ordered allocation and memory pools (crates/hip/src/mempool.rs).
    d.memoryPoolsSupported = 1;
    d.sharedMemPerBlockOptin = p.shared_mem_per_block;
    d.pageableMemoryAccessUsesHostPageTables = 1;
    d.directManagedMemAccessFromHost = 1;
    d.maxBlocksPerMultiProcessor = p.max_blocks_per_multi_processor;
    d.hostRegisterSupported = 1;
    d.gcnArchName[255] = 0;
    d.maxSharedMemoryPerMultiProcessor = p.max_shared_memory_per_multi_processor;
    // clock64() (and s_memtime) count nanoseconds on the CPU device: a 1 GHz "shader clock", in
    // kHz, which clockRate reports too.
    d.clockInstructionRate = hip::SHADER_CLOCK_KHZ;
    d.arch.bits = ARCH_BITS;
    set_image_limits(&mut d);
    Ok(d)
}

/// Texture and surface limits, in elements: those an AMD GFX9 GPU reports through ROCm, so
/// that programs sizing images from them make the same choices. Cubemaps, gathers and 2-D
/// linear or alternate 3-D images are 0, as ROCm reports them.
pub mod image_limits {
    pub const DIM_1D: i32 = 16384;
    pub const DIM_1D_LINEAR: i32 = 1 << 27;
    pub const DIM_2D: [i32; 2] = [16384, 16384];
    pub const DIM_3D: [i32; 3] = [2048, 2048, 2048];
    pub const LAYERS: i32 = 2048;
}

fn set_image_limits(d: &mut hipDeviceProp_tR0600) {
    use image_limits::*;
    d.maxTexture1D = DIM_1D;
    d.maxSurface1D = DIM_1D;
    d.maxTexture1DLinear = DIM_1D_LINEAR;
    d.maxTexture1DMipmap = DIM_1D;
    d.maxTexture2D = DIM_2D;
    d.maxSurface2D = DIM_2D;
    d.maxTexture2DMipmap = DIM_2D;
    d.maxTexture3D = DIM_3D;
    d.maxSurface3D = DIM_3D;
    d.maxTexture1DLayered = [DIM_1D, LAYERS];
    d.maxSurface1DLayered = [DIM_1D, LAYERS];
    d.maxTexture2DLayered = [DIM_2D[0], DIM_2D[1], LAYERS];
    d.maxSurface2DLayered = [DIM_2D[0], DIM_2D[1], LAYERS];
}

/// The value of `hipDeviceAttribute_t` `attr`; `None` for attributes the CPU device has no
/// answer for (textures, surfaces, HDP registers, ...).
pub fn device_attribute(attr: i32, dev: i32) -> ApiResult<Option<i64>> {
    let d = device_prop(dev)?;
    let v: i64 = match attr {
        0 => d.ECCEnabled.into(),
        1 => d.accessPolicyMaxWindowSize.into(),
        2 => d.asyncEngineCount.into(),
        3 => d.canMapHostMemory.into(),
        4 => d.canUseHostPointerForRegisteredMem.into(),
        5 => d.clockRate.into(),
        6 => d.computeMode.into(),
        7 => d.computePreemptionSupported.into(),
        8 => d.concurrentKernels.into(),
        9 => d.concurrentManagedAccess.into(),
        10 => d.cooperativeLaunch.into(),
        11 => d.cooperativeMultiDeviceLaunch.into(),
        12 => d.deviceOverlap.into(),
        13 => d.directManagedMemAccessFromHost.into(),
        14 => d.globalL1CacheSupported.into(),
        15 => d.hostNativeAtomicSupported.into(),
        16 => d.integrated.into(),
        17 => d.isMultiGpuBoard.into(),
        18 => d.kernelExecTimeoutEnabled.into(),
        19 => d.l2CacheSize.into(),
        20 => d.localL1CacheSupported.into(),
        22 => d.luidDeviceNodeMask.into(),
        23 => d.major.into(),
        24 => d.managedMemory.into(),
        25 => d.maxBlocksPerMultiProcessor.into(),
        26 => d.maxThreadsDim[0].into(),
        27 => d.maxThreadsDim[1].into(),
        28 => d.maxThreadsDim[2].into(),
        29 => d.maxGridSize[0].into(),
        30 => d.maxGridSize[1].into(),
        31 => d.maxGridSize[2].into(),
        // Texture and surface limits: the ones ROCm's hipDeviceGetAttribute answers.
        32 => d.maxSurface1D.into(),
        39 => d.maxTexture1D.into(),
        41 => d.maxTexture1DLinear.into(),
        42 => d.maxTexture1DMipmap.into(),
        43 => d.maxTexture2D[0].into(),
        44 => d.maxTexture2D[1].into(),
        49 => d.maxTexture3D[0].into(),
        50 => d.maxTexture3D[1].into(),
        51 => d.maxTexture3D[2].into(),
        53 => d.maxTextureCubemap.into(),
        56 => d.maxThreadsPerBlock.into(),
        57 => d.maxThreadsPerMultiProcessor.into(),
        58 => d.memPitch as i64,
        59 => d.memoryBusWidth.into(),
        60 => d.memoryClockRate.into(),
        61 => d.minor.into(),
        62 => d.multiGpuBoardGroupID.into(),
        63 => d.multiProcessorCount.into(),
        65 => d.pageableMemoryAccess.into(),
        66 => d.pageableMemoryAccessUsesHostPageTables.into(),
        67 => d.pciBusID.into(),
        68 => d.pciDeviceID.into(),
        69 => d.pciDomainID.into(),
        70 => d.persistingL2CacheMaxSize.into(),
        71 => d.regsPerBlock.into(),
        72 => d.regsPerMultiprocessor.into(),
        73 => d.reservedSharedMemPerBlock as i64,
        74 => d.sharedMemPerBlock as i64,
        75 => d.sharedMemPerBlockOptin as i64,
        76 => d.sharedMemPerMultiprocessor as i64,
        77 => d.singleToDoublePrecisionPerfRatio.into(),
        78 => d.streamPrioritiesSupported.into(),
        79 => d.surfaceAlignment as i64,
        80 => d.tccDriver.into(),
        81 => d.textureAlignment as i64,
        82 => d.texturePitchAlignment as i64,
        83 => d.totalConstMem as i64,
        84 => d.totalGlobalMem as i64,
        85 => d.unifiedAddressing.into(),
        87 => d.warpSize.into(),
        88 => d.memoryPoolsSupported.into(),
        89 => 1, // virtual memory management (vmm.rs)
        90 => d.hostRegisterSupported.into(),
        10000 => d.clockInstructionRate.into(),
        10002 => d.maxSharedMemoryPerMultiProcessor as i64,
        // The HDP flush registers' addresses: the CPU device has none, so a null pointer.
        // ROCm stores a whole pointer through the int*; only an int's worth is written here,
        // which is all the signature promises the caller has room for.
        10005 | 10006 => 0,
        10007 => d.cooperativeMultiDeviceUnmatchedFunc.into(),
        10008 => d.cooperativeMultiDeviceUnmatchedGridDim.into(),
        10009 => d.cooperativeMultiDeviceUnmatchedBlockDim.into(),
        10010 => d.cooperativeMultiDeviceUnmatchedSharedMem.into(),
        10011 => d.isLargeBar.into(),
        10012 => d.asicRevision.into(),
        10013 => 1, // hipStreamWaitValue32/64 work
        10014 => 1, // arrays, textures and surfaces work
        10015 => d.multiProcessorCount.into(),
        10016 => 1,       // fine-grained memory: host and device share coherent memory
        10017 => 100_000, // wall clock rate, kHz: wall_clock64() (s_memrealtime) counts at 100 MHz, as on AMD GPUs
        _ => return Ok(None),
    };
    Ok(Some(v))
}

#[no_mangle]
pub extern "C" fn hipInit(flags: u32) -> hipError_t {
    entry(|| {
        if flags != 0 {
            return Err(err(HipError::InvalidValue, "hipInit flags must be 0"));
        }
        hip::device_count().map(|_| ())
    })
}

/// # Safety
/// `count` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceCount(count: *mut i32) -> hipError_t {
    entry(|| {
        if count.is_null() {
            return Err(err(HipError::InvalidValue, "count is a null pointer"));
        }
        // ROCm writes 0 before answering hipErrorNoDevice (every device hidden).
        let n = hip::device_count();
        // SAFETY: non-null, writable per the caller.
        unsafe { put(count, *n.as_ref().unwrap_or(&0), "count")? };
        n.map(|_| ())
    })
}

#[no_mangle]
pub extern "C" fn hipSetDevice(dev: i32) -> hipError_t {
    entry(|| {
        check_device(dev)?;
        hip::set_device(dev)
    })
}

/// # Safety
/// `dev` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDevice(dev: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(dev, hip::get_device()?, "device") })
}

/// # Safety
/// `value` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetAttribute(value: *mut i32, attr: i32, dev: i32) -> hipError_t {
    entry(|| {
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        match device_attribute(attr, dev)? {
            // SAFETY: non-null, writable per the caller; values beyond int saturate.
            Some(v) => unsafe { put(value, v.clamp(0, i32::MAX as i64) as i32, "value") },
            None => Err(err(
                HipError::InvalidValue,
                format!("device attribute {attr} is unknown or has no value on the CPU device"),
            )),
        }
    })
}

/// # Safety
/// `prop` is null or points to a writable `hipDeviceProp_tR0600`.
#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0600(
    prop: *mut hipDeviceProp_tR0600,
    dev: i32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(prop, device_prop(dev)?, "prop") })
}

/// The pre-HIP-6 entry point fills the older (R0000) `hipDeviceProp_t`, a different layout:
/// writing the HIP 6 one there would overrun the caller's struct, so it is refused.
/// Programs built with HIP 6 headers (including ferrocm's) call
/// `hipGetDevicePropertiesR0600` through a `#define`.
#[no_mangle]
pub extern "C" fn hipGetDeviceProperties(_prop: *mut std::ffi::c_void, _dev: i32) -> hipError_t {
    entry(|| {
        Err(err(
            HipError::NotSupported,
            "hipGetDeviceProperties with the pre-HIP-6 hipDeviceProp_t layout is not \
             supported; build against HIP 6 headers (hipGetDevicePropertiesR0600)",
        ))
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceSynchronize() -> hipError_t {
    entry(hip::device_synchronize)
}

/// Releases what the device owns, as ROCm's `hipDeviceReset` does: waits for its work (a
/// kernel failure is discarded with it), frees the program's device allocations (`hipMalloc`
/// and its forms; freeing one again is `hipErrorInvalidValue`), every stream-ordered
/// allocation, and the memory pools the program created (their handles go stale), closes the
/// memory opened from other processes, destroys every stream the program created (their handles are then stale:
/// `hipErrorContextIsDestroyed`), and puts the device flags, limits, cache and shared-memory
/// configuration back to their defaults. Events, loaded modules, and pinned host and managed
/// memory stay: ROCm keeps them in contexts other than the device's (its host context spans
/// every device). Inside a stream's host function: `hipErrorNotSupported`.
#[no_mangle]
pub extern "C" fn hipDeviceReset() -> hipError_t {
    entry(|| {
        let mut freed = hip::reset_device()?;
        freed += crate::mempool::reset_device_pools(hip::get_device()?)?;
        freed += crate::ipc::reset_device_mappings();
        crate::memory::forget_released_buffers();
        let streams = crate::handles::live::<crate::stream::StreamObj>();
        for h in &streams {
            if let Some(s) = crate::handles::unregister::<crate::stream::StreamObj>(*h) {
                hip::graph::forget_stream(&s.stream);
                // The device is idle: dropping the stream releases its queue at once.
                drop(s);
            }
        }
        reset_device_state();
        tracing::info!(
            "hipDeviceReset: {freed} allocation(s) freed, {} stream(s) destroyed",
            streams.len()
        );
        Ok(())
    })
}

/// Copies `s` and a NUL into `dst[..len]`, truncating.
///
/// # Safety
/// `dst` is valid for `len` bytes.
unsafe fn write_c_string(dst: *mut c_char, len: i32, s: &str) -> ApiResult {
    if dst.is_null() || len <= 0 {
        return Err(err(
            HipError::InvalidValue,
            "null buffer or non-positive length",
        ));
    }
    // SAFETY: the caller's buffer holds `len` bytes.
    let out = unsafe { std::slice::from_raw_parts_mut(dst, len as usize) };
    copy_c_string(out, s);
    Ok(())
}

/// # Safety
/// `name` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetName(name: *mut c_char, len: i32, dev: i32) -> hipError_t {
    entry(|| {
        check_device(dev)?;
        let p = hip::get_device_properties(dev)?;
        // SAFETY: forwarded caller contract.
        unsafe { write_c_string(name, len, &p.name) }
    })
}

/// # Safety
/// `bus_id` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetPCIBusId(
    bus_id: *mut c_char,
    len: i32,
    dev: i32,
) -> hipError_t {
    entry(|| {
        let d = device_prop(dev)?;
        let s = pci_bus_id(&d);
        // SAFETY: forwarded caller contract.
        unsafe { write_c_string(bus_id, len, &s)? };
        // ROCm writes what fits (snprintf), then refuses a buffer without room for the
        // whole 12-character id and its NUL.
        if (len as usize) <= s.len() {
            return Err(err(
                HipError::InvalidValue,
                format!("a {len}-byte buffer cannot hold the PCI bus id {s:?} and its NUL"),
            ));
        }
        Ok(())
    })
}

/// `domain:bus:device.function`, as `hipDeviceGetPCIBusId` writes it.
fn pci_bus_id(d: &hipDeviceProp_tR0600) -> String {
    format!(
        "{:04x}:{:02x}:{:02x}.0",
        d.pciDomainID, d.pciBusID, d.pciDeviceID
    )
}

/// # Safety
/// `v` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipRuntimeGetVersion(v: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(v, HIP_VERSION, "runtimeVersion") })
}

/// # Safety
/// `v` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDriverGetVersion(v: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(v, HIP_VERSION, "driverVersion") })
}

#[no_mangle]
pub extern "C" fn hipGetLastError() -> hipError_t {
    std::panic::catch_unwind(|| hip::get_last_error().code()).unwrap_or(HipError::Unknown.code())
}

#[no_mangle]
pub extern "C" fn hipPeekAtLastError() -> hipError_t {
    std::panic::catch_unwind(|| hip::peek_at_last_error().code())
        .unwrap_or(HipError::Unknown.code())
}

/// NUL-terminated names and messages, built once and kept for the process's life.
fn error_strings() -> &'static Vec<(i32, CString, CString)> {
    static S: OnceLock<Vec<(i32, CString, CString)>> = OnceLock::new();
    S.get_or_init(|| {
        HipError::ALL
            .iter()
            .map(|e| {
                let c = |s: &str| CString::new(s).unwrap_or_default();
                (e.code(), c(e.name()), c(e.message()))
            })
            .collect()
    })
}

fn error_string(code: hipError_t, name: bool) -> *const c_char {
    let r = std::panic::catch_unwind(|| {
        let t = error_strings();
        let pick = |(_, n, m): &(i32, CString, CString)| if name { n.as_ptr() } else { m.as_ptr() };
        t.iter()
            .find(|(c, _, _)| *c == code)
            .or_else(|| t.iter().find(|(c, _, _)| *c == HipError::Unknown.code()))
            .map_or(c"hipErrorUnknown".as_ptr(), pick)
    });
    r.unwrap_or(c"hipErrorUnknown".as_ptr())
}

/// The enumerator's name; unknown codes give `"hipErrorUnknown"`.
#[no_mangle]
pub extern "C" fn hipGetErrorName(code: hipError_t) -> *const c_char {
    error_string(code, true)
}

/// The error's description; unknown codes give `"unknown error"`.
#[no_mangle]
pub extern "C" fn hipGetErrorString(code: hipError_t) -> *const c_char {
    error_string(code, false)
}

/// Whether `code` is one of ROCm's codes (hipErrorUnknown included).
fn known_error(code: hipError_t) -> bool {
    HipError::ALL.iter().any(|e| e.code() == code)
}

/// The driver-API form of hipGetErrorName: the name through `errStr`; an unknown code still gets
/// `"hipErrorUnknown"` but returns hipErrorInvalidValue. As in ROCm it does not touch the
/// thread's last error (it is how a program describes that error).
///
/// # Safety
/// `errStr` is null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn hipDrvGetErrorName(
    code: hipError_t,
    errStr: *mut *const c_char,
) -> hipError_t {
    // SAFETY: the caller passes `errStr` null or valid for a write.
    unsafe { drv_error_string(code, errStr, true) }
}

/// The driver-API form of hipGetErrorString (see hipDrvGetErrorName).
///
/// # Safety
/// `errStr` is null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn hipDrvGetErrorString(
    code: hipError_t,
    errStr: *mut *const c_char,
) -> hipError_t {
    // SAFETY: the caller passes `errStr` null or valid for a write.
    unsafe { drv_error_string(code, errStr, false) }
}

unsafe fn drv_error_string(code: hipError_t, out: *mut *const c_char, name: bool) -> hipError_t {
    if out.is_null() {
        return HipError::InvalidValue.code();
    }
    // SAFETY: `out` is non-null and the caller passes it valid for a write.
    unsafe { out.write(error_string(code, name)) };
    if known_error(code) {
        HipError::Success.code()
    } else {
        HipError::InvalidValue.code()
    }
}

// --- device management ------------------------------------------------------------------

/// `hipDeviceSchedule*` (the mask of the scheduling choices), `hipDeviceMapHost`,
/// `hipDeviceLmemResizeToMax`.
pub const DEVICE_SCHEDULE_SPIN: u32 = 0x1;
pub const DEVICE_SCHEDULE_YIELD: u32 = 0x2;
pub const DEVICE_SCHEDULE_BLOCKING_SYNC: u32 = 0x4;
pub const DEVICE_SCHEDULE_MASK: u32 = 0x7;
pub const DEVICE_MAP_HOST: u32 = 0x8;
pub const DEVICE_LMEM_RESIZE_TO_MAX: u32 = 0x10;

/// `hipLimit_t` values this runtime keeps.
pub const LIMIT_STACK_SIZE: u32 = 0;
pub const LIMIT_PRINTF_FIFO_SIZE: u32 = 1;
pub const LIMIT_MALLOC_HEAP_SIZE: u32 = 2;

/// What the CPU device remembers between calls: the flags of `hipSetDeviceFlags` /
/// `hipCtxCreate`, the limits, and the cache and shared-memory preferences (which select
/// nothing on a CPU, but read back as set).
pub(crate) struct DeviceState {
    pub flags: u32,
    /// Stack, printf FIFO and malloc heap sizes, by `hipLimit_t`.
    pub limits: [usize; 3],
    pub cache_config: i32,
    pub shared_mem_config: i32,
}

/// Defaults: ROCm's 1 KiB stack per work-item and 4 MiB printf buffer; CUDA's 8 MiB heap.
const DEFAULT_LIMITS: [usize; 3] = [1024, hsa::printf::DEFAULT_FIFO_SIZE, 8 << 20];

pub(crate) fn device_state() -> std::sync::MutexGuard<'static, DeviceState> {
    static S: std::sync::Mutex<DeviceState> = std::sync::Mutex::new(DeviceState {
        flags: 0,
        limits: DEFAULT_LIMITS,
        cache_config: 0,
        shared_mem_config: 0,
    });
    S.lock().unwrap_or_else(|e| e.into_inner())
}

/// Puts the device's remembered settings back to their defaults (`hipDeviceReset`).
pub(crate) fn reset_device_state() {
    let mut s = device_state();
    s.flags = 0;
    s.limits = DEFAULT_LIMITS;
    hsa::printf::set_fifo_size(DEFAULT_LIMITS[LIMIT_PRINTF_FIFO_SIZE as usize]);
    s.cache_config = 0;
    s.shared_mem_config = 0;
}

/// `hipDeviceCanAccessPeer` as ROCm answers it: a device is never its own peer (0, success,
/// checked before the ordinals); the CPU device being the only one, no pair qualifies.
fn can_access_peer(dev: i32, peer: i32) -> ApiResult<i32> {
    if dev == peer {
        return Ok(0);
    }
    check_device(dev)?;
    check_device(peer)?;
    Ok(0)
}

/// # Safety
/// `can_access` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceCanAccessPeer(
    can_access: *mut i32,
    dev: i32,
    peer: i32,
) -> hipError_t {
    entry(|| {
        if can_access.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "canAccessPeer is a null pointer",
            ));
        }
        let v = can_access_peer(dev, peer)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(can_access, v, "canAccessPeer") }
    })
}

/// ROCm: flags other than 0 are `hipErrorInvalidValue`; a device that cannot access the peer
/// (itself included) `hipErrorInvalidDevice`.
#[no_mangle]
pub extern "C" fn hipDeviceEnablePeerAccess(peer: i32, flags: u32) -> hipError_t {
    entry(|| {
        if flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipDeviceEnablePeerAccess flags must be 0",
            ));
        }
        peer_access(peer)
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceDisablePeerAccess(peer: i32) -> hipError_t {
    entry(|| peer_access(peer))
}

fn peer_access(peer: i32) -> ApiResult {
    let dev = hip::get_device()?;
    match can_access_peer(dev, peer) {
        Ok(1) => Ok(()),
        _ => Err(err(
            HipError::InvalidDevice,
            format!("device {dev} cannot access device {peer} as a peer (one device only)"),
        )),
    }
}

/// # Safety
/// `value` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetP2PAttribute(
    value: *mut i32,
    attr: i32,
    src: i32,
    dst: i32,
) -> hipError_t {
    entry(|| {
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        let n = hip::device_count()?;
        if src == dst || src < 0 || dst < 0 || src >= n || dst >= n {
            return Err(err(
                HipError::InvalidDevice,
                format!("devices {src} and {dst} are not two distinct devices ({n} device(s))"),
            ));
        }
        // Unreachable with one device; kept for the attribute check's order.
        Err(err(HipError::InvalidValue, format!("P2P attribute {attr}")))
    })
}

/// # Safety
/// Both out-pointers are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipExtGetLinkTypeAndHopCount(
    dev1: i32,
    dev2: i32,
    link_type: *mut u32,
    hop_count: *mut u32,
) -> hipError_t {
    entry(|| {
        if link_type.is_null() || hop_count.is_null() || dev1 == dev2 || dev1 < 0 || dev2 < 0 {
            return Err(err(
                HipError::InvalidValue,
                "null out-pointer, or not two distinct devices",
            ));
        }
        check_device(dev1)?;
        check_device(dev2)?;
        Err(err(HipError::InvalidDevice, "one device only"))
    })
}

/// `hipLimitRange`: one past the last `hipLimit_t`.
const LIMIT_RANGE: i32 = 0x1003;

/// ROCm compares the limit with `hipLimitRange` as a C `int` (what the enum promotes to):
/// at or past it is `hipErrorInvalidValue`, while a negative or unknown one below it reaches
/// the switch and is `hipErrorUnsupportedLimit`.
fn check_limit_range(limit: u32) -> ApiResult {
    if limit as i32 >= LIMIT_RANGE {
        return Err(err(
            HipError::InvalidValue,
            format!("limit {limit:#x} is past hipLimitRange"),
        ));
    }
    Ok(())
}

/// # Safety
/// `value` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetLimit(value: *mut usize, limit: u32) -> hipError_t {
    entry(|| {
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "pValue is a null pointer"));
        }
        check_limit_range(limit)?;
        let v = match limit {
            LIMIT_STACK_SIZE | LIMIT_PRINTF_FIFO_SIZE | LIMIT_MALLOC_HEAP_SIZE => {
                device_state().limits[limit as usize]
            }
            _ => {
                return Err(err(
                    HipError::UnsupportedLimit,
                    format!("limit {limit} is not supported"),
                ))
            }
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(value, v, "pValue") }
    })
}

/// Stores a limit. The printf FIFO bounds what each later launch of code built with
/// `-mprintf-kind=buffered` may print (printf returns -1 once it is full, as on AMD GPUs; the
/// default hostcall printf is unbounded there too). The others bound nothing on the CPU device:
/// work-items run on worker threads with 64 MiB stacks and device `malloc` is the process heap;
/// they are kept so programs read back what they set.
#[no_mangle]
pub extern "C" fn hipDeviceSetLimit(limit: u32, value: usize) -> hipError_t {
    entry(|| match check_limit_range(limit).map(|()| limit)? {
        LIMIT_STACK_SIZE | LIMIT_PRINTF_FIFO_SIZE | LIMIT_MALLOC_HEAP_SIZE => {
            if value == 0 {
                return Err(err(HipError::InvalidValue, "a limit of 0 bytes"));
            }
            device_state().limits[limit as usize] = value;
            if limit == LIMIT_PRINTF_FIFO_SIZE {
                hsa::printf::set_fifo_size(value);
            }
            Ok(())
        }
        _ => Err(err(
            HipError::UnsupportedLimit,
            format!("limit {limit} is not supported"),
        )),
    })
}

/// `hipFuncCache_t`: PreferNone, PreferShared, PreferL1, PreferEqual.
pub(crate) fn check_cache_config(c: i32) -> ApiResult {
    if (0..=3).contains(&c) {
        Ok(())
    } else {
        Err(err(
            HipError::InvalidValue,
            format!("{c} is not a hipFuncCache_t"),
        ))
    }
}

/// `hipSharedMemConfig`: Default, FourByte, EightByte.
pub(crate) fn check_shared_mem_config(c: i32) -> ApiResult {
    if (0..=2).contains(&c) {
        Ok(())
    } else {
        Err(err(
            HipError::InvalidValue,
            format!("{c} is not a hipSharedMemConfig"),
        ))
    }
}

/// # Safety
/// `config` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetCacheConfig(config: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(config, device_state().cache_config, "cacheConfig") })
}

#[no_mangle]
pub extern "C" fn hipDeviceSetCacheConfig(config: i32) -> hipError_t {
    entry(|| {
        check_cache_config(config)?;
        device_state().cache_config = config;
        Ok(())
    })
}

/// ROCm reports four-byte banks whatever was set (AMD's LDS banks are four bytes wide); the
/// CPU device has no banks, and answers the same.
///
/// # Safety
/// `config` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetSharedMemConfig(config: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(config, 1, "pConfig") })
}

#[no_mangle]
pub extern "C" fn hipDeviceSetSharedMemConfig(config: i32) -> hipError_t {
    entry(|| {
        check_shared_mem_config(config)?;
        device_state().shared_mem_config = config;
        Ok(())
    })
}

/// # Safety
/// `flags` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceFlags(flags: *mut u32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(flags, device_state().flags, "flags") })
}

/// ROCm's validation: at most one scheduling choice, no unknown bits; the scheduling part
/// is kept (how the runtime waits; the CPU device's waits block either way).
#[no_mangle]
pub extern "C" fn hipSetDeviceFlags(flags: u32) -> hipError_t {
    entry(|| {
        hip::device_count()?;
        let schedule = flags & DEVICE_SCHEDULE_MASK;
        let known = DEVICE_SCHEDULE_MASK | DEVICE_MAP_HOST | DEVICE_LMEM_RESIZE_TO_MAX;
        if schedule.count_ones() > 1 || flags & !known != 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("{flags:#x} is not a valid combination of hipDevice* flags"),
            ));
        }
        device_state().flags = schedule;
        Ok(())
    })
}

/// # Safety
/// `device` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGet(device: *mut i32, ordinal: i32) -> hipError_t {
    entry(|| {
        if device.is_null() {
            return Err(err(HipError::InvalidValue, "device is a null pointer"));
        }
        check_device(ordinal)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(device, ordinal, "device") }
    })
}

/// # Safety
/// `device` is null or writable; `bus_id` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetByPCIBusId(
    device: *mut i32,
    bus_id: *const c_char,
) -> hipError_t {
    entry(|| {
        if device.is_null() || bus_id.is_null() {
            return Err(err(HipError::InvalidValue, "null device or pciBusId"));
        }
        // SAFETY: non-null, a C string per the caller.
        let want = unsafe { crate::c_str(bus_id, "pciBusId")? };
        for dev in 0..hip::device_count()? {
            if parse_pci_bus_id(want) == parse_pci_bus_id(&pci_bus_id(&device_prop(dev)?))
                && parse_pci_bus_id(want).is_some()
            {
                // SAFETY: non-null, writable per the caller.
                return unsafe { put(device, dev, "device") };
            }
        }
        Err(err(
            HipError::InvalidValue,
            format!("no device has PCI bus id {want:?}"),
        ))
    })
}

/// `(domain, bus, device, function)` from `dddd:bb:dd.f` (hex fields, as ROCm reads them).
fn parse_pci_bus_id(s: &str) -> Option<(u32, u32, u32, u32)> {
    let (domain, rest) = s.split_once(':')?;
    let (bus, rest) = rest.split_once(':')?;
    let (dev, func) = rest.split_once('.')?;
    let hex = |t: &str| u32::from_str_radix(t.trim(), 16).ok();
    Some((hex(domain)?, hex(bus)?, hex(dev)?, hex(func)?))
}

/// # Safety
/// `bytes` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceTotalMem(bytes: *mut usize, device: i32) -> hipError_t {
    entry(|| {
        check_device(device)?;
        let d = device_prop(device)?;
        // SAFETY: writable per the caller.
        unsafe { put(bytes, d.totalGlobalMem, "bytes") }
    })
}

/// # Safety
/// Both are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceComputeCapability(
    major: *mut i32,
    minor: *mut i32,
    device: i32,
) -> hipError_t {
    entry(|| {
        check_device(device)?;
        if major.is_null() || minor.is_null() {
            return Err(err(HipError::InvalidValue, "null major or minor"));
        }
        let d = device_prop(device)?;
        // SAFETY: non-null, writable per the caller.
        unsafe {
            put(major, d.major, "major")?;
            put(minor, d.minor, "minor")
        }
    })
}

/// # Safety
/// `uuid` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetUuid(
    uuid: *mut crate::abi::hipUUID,
    device: i32,
) -> hipError_t {
    entry(|| {
        check_device(device)?;
        let d = device_prop(device)?;
        // SAFETY: writable per the caller.
        unsafe { put(uuid, d.uuid, "uuid") }
    })
}

/// The device of those given that meets every non-zero requirement of `prop` (ROCm's
/// `hipChooseDevice`): the CPU device when it does, else device 0 all the same.
///
/// # Safety
/// `device` is null or writable; `prop` is null or a readable `hipDeviceProp_tR0600`.
#[no_mangle]
pub unsafe extern "C" fn hipChooseDeviceR0600(
    device: *mut i32,
    prop: *const hipDeviceProp_tR0600,
) -> hipError_t {
    entry(|| {
        if device.is_null() || prop.is_null() {
            return Err(err(HipError::InvalidValue, "null device or properties"));
        }
        // SAFETY: non-null, readable per the caller.
        let want = unsafe { &*prop };
        let mut best = (0, 0u32);
        for dev in 0..hip::device_count()? {
            let have = device_prop(dev)?;
            let reqs: [(i64, i64); 14] = [
                (want.major.into(), have.major.into()),
                (want.minor.into(), have.minor.into()),
                (want.totalGlobalMem as i64, have.totalGlobalMem as i64),
                (want.sharedMemPerBlock as i64, have.sharedMemPerBlock as i64),
                (
                    want.maxThreadsPerBlock.into(),
                    have.maxThreadsPerBlock.into(),
                ),
                (want.totalConstMem as i64, have.totalConstMem as i64),
                (
                    want.multiProcessorCount.into(),
                    have.multiProcessorCount.into(),
                ),
                (
                    want.maxThreadsPerMultiProcessor.into(),
                    have.maxThreadsPerMultiProcessor.into(),
                ),
                (want.memoryClockRate.into(), have.memoryClockRate.into()),
                (want.memoryBusWidth.into(), have.memoryBusWidth.into()),
                (want.l2CacheSize.into(), have.l2CacheSize.into()),
                (want.regsPerBlock.into(), have.regsPerBlock.into()),
                (
                    want.maxSharedMemoryPerMultiProcessor as i64,
                    have.maxSharedMemoryPerMultiProcessor as i64,
                ),
                (want.warpSize.into(), have.warpSize.into()),
            ];
            let asked = reqs.iter().filter(|(w, _)| *w != 0).count() as u32;
            let met = reqs.iter().filter(|(w, h)| *w != 0 && h >= w).count() as u32;
            if asked == met && met > best.1 {
                best = (dev, met);
            }
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { put(device, best.0, "device") }
    })
}

/// The pre-HIP-6 `hipDeviceProp_t` has another layout; see `hipGetDeviceProperties`.
#[no_mangle]
pub extern "C" fn hipChooseDevice(_device: *mut i32, _prop: *const std::ffi::c_void) -> hipError_t {
    entry(|| {
        Err(err(
            HipError::NotSupported,
            "hipChooseDevice with the pre-HIP-6 hipDeviceProp_t layout is not supported; \
             build against HIP 6 headers (hipChooseDeviceR0600)",
        ))
    })
}

/// Restricts the devices the runtime may pick to `devices[..len]`: each must exist. The
/// CPU device being the only one, a valid list can only name it, and nothing changes.
///
/// # Safety
/// `devices` is null or holds `len` ints.
#[no_mangle]
pub unsafe extern "C" fn hipSetValidDevices(devices: *mut i32, len: i32) -> hipError_t {
    entry(|| {
        if len < 0 || (devices.is_null() && len > 0) {
            return Err(err(
                HipError::InvalidValue,
                "null device list or negative length",
            ));
        }
        if len == 0 {
            return Ok(());
        }
        // SAFETY: non-null, `len` ints per the caller.
        let list = unsafe { std::slice::from_raw_parts(devices, len as usize) };
        for &d in list {
            check_device(d)?;
        }
        Ok(())
    })
}

/// `hipDriverProcAddressQueryResult`.
pub const PROC_ADDRESS_SUCCESS: i32 = 0;
pub const PROC_ADDRESS_SYMBOL_NOT_FOUND: i32 = 1;

/// The address of the HIP function `symbol` in this library (`dlsym` on its own handle).
/// From HIP version 600 on, the names HIP 6 versioned (`hipGetDeviceProperties`,
/// `hipChooseDevice`) give their R0600 forms, as in ROCm.
///
/// # Safety
/// `symbol` is null or a C string; `pfn` and `status` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetProcAddress(
    symbol: *const c_char,
    pfn: *mut *mut std::ffi::c_void,
    hip_version: i32,
    _flags: u64,
    status: *mut i32,
) -> hipError_t {
    entry(|| {
        if symbol.is_null() || pfn.is_null() {
            return Err(err(HipError::InvalidValue, "null symbol or pfn"));
        }
        // SAFETY: non-null C string per the caller.
        let name = unsafe { crate::c_str(symbol, "symbol")? };
        if name.is_empty() {
            return Err(err(HipError::InvalidValue, "symbol is an empty string"));
        }
        let name = match name {
            "hipGetDeviceProperties" if hip_version >= 600 => "hipGetDevicePropertiesR0600",
            "hipChooseDevice" if hip_version >= 600 => "hipChooseDeviceR0600",
            n => n,
        };
        let p = own_symbol(name);
        // SAFETY: writable per the caller (null allowed for status).
        unsafe {
            if !status.is_null() {
                let st = if p.is_null() {
                    PROC_ADDRESS_SYMBOL_NOT_FOUND
                } else {
                    PROC_ADDRESS_SUCCESS
                };
                put(status, st, "symbolStatus")?;
            }
            put(pfn, p, "pfn")?;
        }
        if p.is_null() {
            return Err(err(
                HipError::InvalidValue,
                format!("{name} is not a function of this library"),
            ));
        }
        Ok(())
    })
}

/// `dlsym` in the object that holds this function (libamdhip64.so, or a program this
/// crate is linked into); null when the name is not there or not a HIP name.
fn own_symbol(name: &str) -> *mut std::ffi::c_void {
    if !name.starts_with("hip") {
        return std::ptr::null_mut();
    }
    let Ok(cname) = CString::new(name) else {
        return std::ptr::null_mut();
    };
    // SAFETY: dladdr reads our own function's address and fills `info`; dlopen with
    // RTLD_NOLOAD only returns a handle to an object already loaded (our own), which
    // dlclose then releases; dlsym reads the NUL-terminated name.
    unsafe {
        let mut info: libc::Dl_info = std::mem::zeroed();
        let here = hipGetProcAddress as *const std::ffi::c_void;
        let handle = if libc::dladdr(here, &mut info) != 0 && !info.dli_fname.is_null() {
            libc::dlopen(info.dli_fname, libc::RTLD_NOW | libc::RTLD_NOLOAD)
        } else {
            std::ptr::null_mut()
        };
        let handle = if handle.is_null() {
            libc::dlopen(std::ptr::null(), libc::RTLD_NOW)
        } else {
            handle
        };
        if handle.is_null() {
            return std::ptr::null_mut();
        }
        let p = libc::dlsym(handle, cname.as_ptr());
        libc::dlclose(handle);
        p
    }
}
