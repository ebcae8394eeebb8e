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

/// `hipDeviceArch_t` bits the CPU device has: every atomic, doubles, warp vote, ballot and
/// shuffle, funnel shift, system fences, 3-D grids; not the extended syncthreads, surface
/// functions or dynamic parallelism (bits 13, 14, 16).
const ARCH_BITS: u32 = 0x1fff | 1 << 15;

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
    d.sharedMemPerBlockOptin = p.shared_mem_per_block;
    d.pageableMemoryAccessUsesHostPageTables = 1;
    d.directManagedMemAccessFromHost = 1;
    d.maxBlocksPerMultiProcessor = p.max_blocks_per_multi_processor;
    d.hostRegisterSupported = 1;
    d.gcnArchName[255] = 0;
    d.maxSharedMemoryPerMultiProcessor = p.max_shared_memory_per_multi_processor;
    // clock64() (and s_memtime) count nanoseconds on the CPU device: a 1 GHz "shader clock", in kHz.
    d.clockInstructionRate = 1_000_000;
    d.arch.bits = ARCH_BITS;
    Ok(d)
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
        89 => 0, // virtual memory management
        90 => d.hostRegisterSupported.into(),
        10000 => d.clockInstructionRate.into(),
        10002 => d.maxSharedMemoryPerMultiProcessor as i64,
        10007..=10010 => 0, // cooperative multi-device launches are not supported
        10011 => 0,         // isLargeBar: no PCIe BAR on the CPU device
        10012 => d.asicRevision.into(),
        10013 => 0, // stream wait-value
        10014 => 0, // image support
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
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(count, hip::device_count()?, "count") })
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

/// Waits for all work. Device memory and streams stay as they are: the CPU device has no
/// context to tear down, so this is `hipDeviceSynchronize` without reporting kernel errors.
#[no_mangle]
pub extern "C" fn hipDeviceReset() -> hipError_t {
    entry(|| {
        let _ = hip::device_synchronize();
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
        let s = format!(
            "{:04x}:{:02x}:{:02x}.0",
            d.pciDomainID, d.pciBusID, d.pciDeviceID
        );
        // SAFETY: forwarded caller contract.
        unsafe { write_c_string(bus_id, len, &s) }
    })
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
