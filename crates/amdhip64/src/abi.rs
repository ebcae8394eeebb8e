//! The `#[repr(C)]` structures of the HIP 6 C API, laid out as ROCm's headers lay them out
//! (field order and types; the tests assert sizes and offsets).

use std::ffi::{c_char, c_void};

/// `dim3` (three `unsigned int`; passed by value in the registration and launch ABI).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl From<dim3> for hip::Dim3 {
    fn from(d: dim3) -> hip::Dim3 {
        hip::Dim3::new(d.x, d.y, d.z)
    }
}

/// `hipUUID`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipUUID {
    pub bytes: [c_char; 16],
}

/// `hipDeviceArch_t`: 17 one-bit flags in one `unsigned int`, the first declared in the
/// lowest bit (as GCC and clang allocate bit-fields on x86-64).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipDeviceArch_t {
    pub bits: u32,
}

/// `hipDeviceProp_t` in its HIP 6 layout (`hipDeviceProp_tR0600`), 1472 bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipDeviceProp_tR0600 {
    pub name: [c_char; 256],
    pub uuid: hipUUID,
    pub luid: [c_char; 8],
    pub luidDeviceNodeMask: u32,
    pub totalGlobalMem: usize,
    pub sharedMemPerBlock: usize,
    pub regsPerBlock: i32,
    pub warpSize: i32,
    pub memPitch: usize,
    pub maxThreadsPerBlock: i32,
    pub maxThreadsDim: [i32; 3],
    pub maxGridSize: [i32; 3],
    pub clockRate: i32,
    pub totalConstMem: usize,
    pub major: i32,
    pub minor: i32,
    pub textureAlignment: usize,
    pub texturePitchAlignment: usize,
    pub deviceOverlap: i32,
    pub multiProcessorCount: i32,
    pub kernelExecTimeoutEnabled: i32,
    pub integrated: i32,
    pub canMapHostMemory: i32,
    pub computeMode: i32,
    pub maxTexture1D: i32,
    pub maxTexture1DMipmap: i32,
    pub maxTexture1DLinear: i32,
    pub maxTexture2D: [i32; 2],
    pub maxTexture2DMipmap: [i32; 2],
    pub maxTexture2DLinear: [i32; 3],
    pub maxTexture2DGather: [i32; 2],
    pub maxTexture3D: [i32; 3],
    pub maxTexture3DAlt: [i32; 3],
    pub maxTextureCubemap: i32,
    pub maxTexture1DLayered: [i32; 2],
    pub maxTexture2DLayered: [i32; 3],
    pub maxTextureCubemapLayered: [i32; 2],
    pub maxSurface1D: i32,
    pub maxSurface2D: [i32; 2],
    pub maxSurface3D: [i32; 3],
    pub maxSurface1DLayered: [i32; 2],
    pub maxSurface2DLayered: [i32; 3],
    pub maxSurfaceCubemap: i32,
    pub maxSurfaceCubemapLayered: [i32; 2],
    pub surfaceAlignment: usize,
    pub concurrentKernels: i32,
    pub ECCEnabled: i32,
    pub pciBusID: i32,
    pub pciDeviceID: i32,
    pub pciDomainID: i32,
    pub tccDriver: i32,
    pub asyncEngineCount: i32,
    pub unifiedAddressing: i32,
    pub memoryClockRate: i32,
    pub memoryBusWidth: i32,
    pub l2CacheSize: i32,
    pub persistingL2CacheMaxSize: i32,
    pub maxThreadsPerMultiProcessor: i32,
    pub streamPrioritiesSupported: i32,
    pub globalL1CacheSupported: i32,
    pub localL1CacheSupported: i32,
    pub sharedMemPerMultiprocessor: usize,
    pub regsPerMultiprocessor: i32,
    pub managedMemory: i32,
    pub isMultiGpuBoard: i32,
    pub multiGpuBoardGroupID: i32,
    pub hostNativeAtomicSupported: i32,
    pub singleToDoublePrecisionPerfRatio: i32,
    pub pageableMemoryAccess: i32,
    pub concurrentManagedAccess: i32,
    pub computePreemptionSupported: i32,
    pub canUseHostPointerForRegisteredMem: i32,
    pub cooperativeLaunch: i32,
    pub cooperativeMultiDeviceLaunch: i32,
    pub sharedMemPerBlockOptin: usize,
    pub pageableMemoryAccessUsesHostPageTables: i32,
    pub directManagedMemAccessFromHost: i32,
    pub maxBlocksPerMultiProcessor: i32,
    pub accessPolicyMaxWindowSize: i32,
    pub reservedSharedMemPerBlock: usize,
    pub hostRegisterSupported: i32,
    pub sparseHipArraySupported: i32,
    pub hostRegisterReadOnlySupported: i32,
    pub timelineSemaphoreInteropSupported: i32,
    pub memoryPoolsSupported: i32,
    pub gpuDirectRDMASupported: i32,
    pub gpuDirectRDMAFlushWritesOptions: u32,
    pub gpuDirectRDMAWritesOrdering: i32,
    pub memoryPoolSupportedHandleTypes: u32,
    pub deferredMappingHipArraySupported: i32,
    pub ipcEventSupported: i32,
    pub clusterLaunch: i32,
    pub unifiedFunctionPointers: i32,
    pub reserved: [i32; 63],
    pub hipReserved: [i32; 32],
    pub gcnArchName: [c_char; 256],
    pub maxSharedMemoryPerMultiProcessor: usize,
    pub clockInstructionRate: i32,
    pub arch: hipDeviceArch_t,
    pub hdpMemFlushCntl: *mut u32,
    pub hdpRegFlushCntl: *mut u32,
    pub cooperativeMultiDeviceUnmatchedFunc: i32,
    pub cooperativeMultiDeviceUnmatchedGridDim: i32,
    pub cooperativeMultiDeviceUnmatchedBlockDim: i32,
    pub cooperativeMultiDeviceUnmatchedSharedMem: i32,
    pub isLargeBar: i32,
    pub asicRevision: i32,
}

impl hipDeviceProp_tR0600 {
    /// All zeros (every field is an integer, array or raw pointer, so zero is valid).
    pub fn zeroed() -> Self {
        // SAFETY: all fields are plain integers, arrays of them, or raw pointers, for which
        // the all-zero bit pattern is a valid value.
        unsafe { std::mem::zeroed() }
    }
}

/// `hipMemoryType`.
pub mod memory_type {
    pub const UNREGISTERED: u32 = 0;
    pub const HOST: u32 = 1;
    pub const DEVICE: u32 = 2;
    pub const MANAGED: u32 = 3;
    pub const ARRAY: u32 = 10;
}

/// `hipPointerAttribute_t`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipPointerAttribute_t {
    /// A `hipMemoryType`.
    pub type_: u32,
    pub device: i32,
    pub devicePointer: *mut c_void,
    pub hostPointer: *mut c_void,
    pub isManaged: i32,
    pub allocationFlags: u32,
}

/// `hipFuncAttributes`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipFuncAttributes {
    pub binaryVersion: i32,
    pub cacheModeCA: i32,
    pub constSizeBytes: usize,
    pub localSizeBytes: usize,
    pub maxDynamicSharedSizeBytes: i32,
    pub maxThreadsPerBlock: i32,
    pub numRegs: i32,
    pub preferredShmemCarveout: i32,
    pub ptxVersion: i32,
    pub sharedSizeBytes: usize,
}

/// `hipPitchedPtr`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipPitchedPtr {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}

/// `hipExtent`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipExtent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

/// `hipPos`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipPos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// `hipMemcpy3DParms`. The arrays are `hipArray_t`; array copies are not supported.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemcpy3DParms {
    pub srcArray: *mut c_void,
    pub srcPos: hipPos,
    pub srcPtr: hipPitchedPtr,
    pub dstArray: *mut c_void,
    pub dstPos: hipPos,
    pub dstPtr: hipPitchedPtr,
    pub extent: hipExtent,
    /// A `hipMemcpyKind`.
    pub kind: i32,
}

/// `hipLaunchParams` (`hipLaunchCooperativeKernelMultiDevice`'s list entries).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipLaunchParams {
    /// The kernel's host function.
    pub func: *mut c_void,
    pub gridDim: dim3,
    pub blockDim: dim3,
    /// One pointer per kernel argument.
    pub args: *mut *mut c_void,
    pub sharedMem: usize,
    /// A `hipStream_t`.
    pub stream: *mut c_void,
}

/// `hipFunctionLaunchParams` (`hipModuleLaunchCooperativeKernelMultiDevice`'s list entries).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipFunctionLaunchParams {
    /// A `hipFunction_t`.
    pub function: *mut c_void,
    pub gridDimX: u32,
    pub gridDimY: u32,
    pub gridDimZ: u32,
    pub blockDimX: u32,
    pub blockDimY: u32,
    pub blockDimZ: u32,
    pub sharedMemBytes: u32,
    /// A `hipStream_t`.
    pub hStream: *mut c_void,
    pub kernelParams: *mut *mut c_void,
}

/// The fat binary wrapper clang emits (`__hip_fatbin_wrapper`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FatBinaryWrapper {
    pub magic: u32,
    pub version: u32,
    pub binary: *const c_void,
    pub unused: *const c_void,
}

/// `"HIPF"`: the wrapper's magic.
pub const FATBIN_MAGIC: u32 = 0x4849_5046;
/// The wrapper version clang writes.
pub const FATBIN_VERSION: u32 = 1;

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    // Offsets computed from the field list of ROCm 6's hipDeviceProp_tR0600 (natural
    // alignment on LP64), independently of this struct.
    #[test]
    fn device_prop_layout_matches_hip6() {
        type P = hipDeviceProp_tR0600;
        assert_eq!(size_of::<P>(), 1472);
        assert_eq!(offset_of!(P, uuid), 256);
        assert_eq!(offset_of!(P, luidDeviceNodeMask), 280);
        assert_eq!(offset_of!(P, totalGlobalMem), 288);
        assert_eq!(offset_of!(P, maxGridSize), 336);
        assert_eq!(offset_of!(P, clockRate), 348);
        assert_eq!(offset_of!(P, multiProcessorCount), 388);
        assert_eq!(offset_of!(P, surfaceAlignment), 568);
        assert_eq!(offset_of!(P, maxThreadsPerMultiProcessor), 624);
        assert_eq!(offset_of!(P, sharedMemPerMultiprocessor), 640);
        assert_eq!(offset_of!(P, sharedMemPerBlockOptin), 696);
        assert_eq!(offset_of!(P, reservedSharedMemPerBlock), 720);
        assert_eq!(offset_of!(P, unifiedFunctionPointers), 776);
        assert_eq!(offset_of!(P, gcnArchName), 1160);
        assert_eq!(offset_of!(P, maxSharedMemoryPerMultiProcessor), 1416);
        assert_eq!(offset_of!(P, arch), 1428);
        assert_eq!(offset_of!(P, hdpMemFlushCntl), 1432);
        assert_eq!(offset_of!(P, asicRevision), 1468);
    }

    #[test]
    fn small_struct_layouts_match_hip6() {
        assert_eq!(size_of::<hipPointerAttribute_t>(), 32);
        assert_eq!(offset_of!(hipPointerAttribute_t, devicePointer), 8);
        assert_eq!(offset_of!(hipPointerAttribute_t, isManaged), 24);
        assert_eq!(size_of::<hipFuncAttributes>(), 56);
        assert_eq!(offset_of!(hipFuncAttributes, constSizeBytes), 8);
        assert_eq!(offset_of!(hipFuncAttributes, maxDynamicSharedSizeBytes), 24);
        assert_eq!(offset_of!(hipFuncAttributes, sharedSizeBytes), 48);
        assert_eq!(size_of::<hipMemcpy3DParms>(), 160);
        assert_eq!(offset_of!(hipMemcpy3DParms, dstArray), 64);
        assert_eq!(offset_of!(hipMemcpy3DParms, extent), 128);
        assert_eq!(offset_of!(hipMemcpy3DParms, kind), 152);
        assert_eq!(size_of::<dim3>(), 12);
        assert_eq!(size_of::<hipLaunchParams>(), 56);
        assert_eq!(offset_of!(hipLaunchParams, gridDim), 8);
        assert_eq!(offset_of!(hipLaunchParams, blockDim), 20);
        assert_eq!(offset_of!(hipLaunchParams, args), 32);
        assert_eq!(offset_of!(hipLaunchParams, sharedMem), 40);
        assert_eq!(offset_of!(hipLaunchParams, stream), 48);
        assert_eq!(size_of::<hipFunctionLaunchParams>(), 56);
        assert_eq!(offset_of!(hipFunctionLaunchParams, gridDimX), 8);
        assert_eq!(offset_of!(hipFunctionLaunchParams, sharedMemBytes), 32);
        assert_eq!(offset_of!(hipFunctionLaunchParams, hStream), 40);
        assert_eq!(offset_of!(hipFunctionLaunchParams, kernelParams), 48);
        assert_eq!(size_of::<FatBinaryWrapper>(), 24);
    }
}
