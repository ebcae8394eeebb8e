//! Error paths of the C ABI, called directly: bad handles, freed pointers, bad kinds,
//! unregistered host functions, bad fat binary wrappers, malformed bundles. Each failing
//! call also sets the thread's last error.

mod memory_common;

use amdhip64::abi::{dim3, FatBinaryWrapper, FATBIN_MAGIC};
use amdhip64::*;
use memory_common::alone;
use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_MEMCPY_DIRECTION: i32 = 21;
const MISSING_CONFIGURATION: i32 = 52;
const INVALID_DEVICE_FUNCTION: i32 = 98;
const INVALID_DEVICE: i32 = 101;
const INVALID_IMAGE: i32 = 200;
const NO_BINARY_FOR_GPU: i32 = 209;
const INVALID_HANDLE: i32 = 400;
const INVALID_SYMBOL: i32 = 13;
const HOST_MEMORY_ALREADY_REGISTERED: i32 = 712;
const HOST_MEMORY_NOT_REGISTERED: i32 = 713;
const NOT_SUPPORTED: i32 = 801;
const NOT_FOUND: i32 = 500;
const CONTEXT_IS_DESTROYED: i32 = 709;

/// `code` came back and is also this thread's last error (which is then reset).
fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {}", name(code));
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

fn name(code: i32) -> String {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(hipGetErrorName(code)) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn error_names_and_strings() {
    let _alone = alone();
    assert_eq!(name(INVALID_HANDLE), "hipErrorInvalidHandle");
    assert_eq!(name(123456), "hipErrorUnknown");
    // SAFETY: static string.
    let s = unsafe { CStr::from_ptr(hipGetErrorString(INVALID_VALUE)) };
    assert_eq!(s.to_str().unwrap(), "invalid argument");
    assert_eq!(hipPeekAtLastError(), SUCCESS);
}

#[test]
fn device_errors() {
    let _alone = alone();
    expect(hipSetDevice(1), INVALID_DEVICE);
    expect(hipSetDevice(-1), INVALID_DEVICE);
    let mut v = 0;
    // SAFETY: valid out-pointers or deliberate nulls.
    unsafe {
        expect(hipDeviceGetAttribute(&mut v, 87, 3), INVALID_DEVICE);
        expect(hipDeviceGetAttribute(&mut v, 5000, 0), INVALID_VALUE);
        expect(hipDeviceGetAttribute(null_mut(), 87, 0), INVALID_VALUE);
        assert_eq!(hipDeviceGetAttribute(&mut v, 87, 0), SUCCESS);
        assert!(v == 32 || v == 64);
        expect(hipGetDeviceCount(null_mut()), INVALID_VALUE);
        expect(hipGetDevicePropertiesR0600(null_mut(), 0), INVALID_VALUE);
    }
    expect(hipGetDeviceProperties(null_mut(), 0), NOT_SUPPORTED);
    expect(hipInit(1), INVALID_VALUE);
}

#[test]
fn memory_errors() {
    let _alone = alone();
    // SAFETY: deliberate misuse with pointers the runtime validates.
    unsafe {
        let mut p: *mut c_void = null_mut();
        assert_eq!(hipMalloc(&mut p, 256), SUCCESS);
        let mut host = [0u8; 256];
        expect(
            hipMemcpy(host.as_mut_ptr().cast(), p, 256, 9),
            INVALID_MEMCPY_DIRECTION,
        );
        expect(
            hipMemcpy(host.as_mut_ptr().cast(), p, 512, 2),
            INVALID_VALUE,
        ); // past the end
        expect(
            hipMemcpyHtoD(host.as_mut_ptr().cast(), p, 16),
            INVALID_VALUE,
        ); // dst not device
        expect(
            hipMemsetD32(p.cast::<u8>().add(1).cast(), 0, 4),
            INVALID_VALUE,
        ); // misaligned
        expect(hipMemcpy2D(p, 8, host.as_ptr().cast(), 16, 16, 2, 1), 12); // width > dpitch
        expect(hipMalloc(null_mut(), 4), INVALID_VALUE);
        assert_eq!(hipFree(p), SUCCESS);
        expect(hipFree(p), INVALID_VALUE); // double free
        expect(hipMemset(p, 0, 16), INVALID_VALUE); // freed
        expect(
            hipMemcpyDtoH(host.as_mut_ptr().cast(), p, 16),
            INVALID_VALUE,
        );
        expect(hipHostFree(host.as_mut_ptr().cast()), INVALID_VALUE);
        expect(hipHostMalloc(&mut p, 16, 0x100), INVALID_VALUE);
        expect(hipMallocManaged(&mut p, 16, 0), INVALID_VALUE);

        // Host registration.
        let mut buf = vec![0u8; 4096];
        let b = buf.as_mut_ptr().cast::<c_void>();
        assert_eq!(hipHostRegister(b, 4096, 0), SUCCESS);
        expect(
            hipHostRegister(b.cast::<u8>().add(100).cast(), 10, 0),
            HOST_MEMORY_ALREADY_REGISTERED,
        );
        let mut dp = null_mut();
        assert_eq!(hipHostGetDevicePointer(&mut dp, b, 0), SUCCESS);
        assert_eq!(dp, b);
        let mut attr = std::mem::zeroed::<amdhip64::abi::hipPointerAttribute_t>();
        assert_eq!(hipPointerGetAttributes(&mut attr, b), SUCCESS);
        assert_eq!(attr.type_, 1);
        assert_eq!(hipHostUnregister(b), SUCCESS);
        expect(hipHostUnregister(b), HOST_MEMORY_NOT_REGISTERED);
        expect(hipHostGetDevicePointer(&mut dp, b, 0), INVALID_VALUE);
        assert_eq!(hipPointerGetAttributes(&mut attr, b), SUCCESS);
        assert_eq!(attr.type_, 0, "unregistered");

        // A 3-D copy naming something that is no array as its array.
        let mut parms = std::mem::zeroed::<amdhip64::abi::hipMemcpy3DParms>();
        parms.srcArray = b;
        expect(hipMemcpy3D(&parms), INVALID_HANDLE);
        expect(hipMemcpy3D(null()), INVALID_VALUE);
    }
}

#[test]
fn memcpy_3d_copies_a_box() {
    let _alone = alone();
    // SAFETY: ranges sized for the copy below.
    unsafe {
        // A 4 x 3 x 2 box (bytes) from a dense host array into a pitched device volume.
        let src: Vec<u8> = (0..24).collect();
        let (pitch, ysize) = (16usize, 3usize);
        let mut d: *mut c_void = null_mut();
        assert_eq!(hipMalloc(&mut d, pitch * ysize * 2), SUCCESS);
        let mut p = std::mem::zeroed::<amdhip64::abi::hipMemcpy3DParms>();
        p.srcPtr = amdhip64::abi::hipPitchedPtr {
            ptr: src.as_ptr() as *mut c_void,
            pitch: 4,
            xsize: 4,
            ysize: 3,
        };
        p.dstPtr = amdhip64::abi::hipPitchedPtr {
            ptr: d,
            pitch,
            xsize: 4,
            ysize,
        };
        p.extent = amdhip64::abi::hipExtent {
            width: 4,
            height: 3,
            depth: 2,
        };
        p.kind = 1;
        assert_eq!(hipMemcpy3D(&p), SUCCESS);
        let mut back = vec![0u8; pitch * ysize * 2];
        assert_eq!(
            hipMemcpyDtoH(back.as_mut_ptr().cast(), d, back.len()),
            SUCCESS
        );
        for z in 0..2 {
            for y in 0..3 {
                for x in 0..4 {
                    assert_eq!(back[(z * ysize + y) * pitch + x], src[(z * 3 + y) * 4 + x]);
                }
            }
        }
        assert_eq!(hipFree(d), SUCCESS);
    }
}

#[test]
fn stale_and_foreign_handles() {
    let _alone = alone();
    let mut local = 0u64;
    let foreign = (&mut local as *mut u64).cast::<c_void>();
    // ROCm answers any handle missing from its stream or event set (destroyed, foreign)
    // with hipErrorContextIsDestroyed; null is hipErrorInvalidHandle.
    expect(hipStreamSynchronize(foreign), CONTEXT_IS_DESTROYED);
    expect(hipStreamDestroy(null_mut()), INVALID_HANDLE);
    expect(hipEventRecord(foreign, null_mut()), CONTEXT_IS_DESTROYED);
    expect(hipEventQuery(null_mut()), INVALID_HANDLE);
    expect(hipModuleUnload(foreign), NOT_FOUND);
    expect(hipModuleUnload(null_mut()), INVALID_HANDLE);
    // SAFETY: deliberate misuse; handles are validated before use.
    unsafe {
        let mut s = null_mut();
        assert_eq!(hipStreamCreate(&mut s), SUCCESS);
        let mut e = null_mut();
        assert_eq!(hipEventCreate(&mut e), SUCCESS);
        // A stream is not an event, and vice versa.
        expect(hipEventSynchronize(s), CONTEXT_IS_DESTROYED);
        expect(hipStreamQuery(e), CONTEXT_IS_DESTROYED);
        assert_eq!(hipStreamWaitEvent(s, e, 0), SUCCESS);
        expect(hipStreamWaitEvent(s, e, 1), INVALID_VALUE);
        assert_eq!(hipStreamDestroy(s), SUCCESS);
        expect(hipStreamDestroy(s), CONTEXT_IS_DESTROYED);
        expect(hipEventRecord(e, s), CONTEXT_IS_DESTROYED);
        let mut ms = 0f32;
        expect(hipEventElapsedTime(&mut ms, e, e), INVALID_HANDLE); // never recorded
        assert_eq!(hipEventDestroy(e), SUCCESS);
        expect(hipEventDestroy(e), CONTEXT_IS_DESTROYED);
        let mut f = null_mut();
        expect(
            hipModuleGetFunction(&mut f, foreign, c"k".as_ptr()),
            INVALID_HANDLE,
        );
        expect(
            hipModuleLaunchKernel(
                foreign,
                1,
                1,
                1,
                1,
                1,
                1,
                0,
                null_mut(),
                null_mut(),
                null_mut(),
            ),
            INVALID_HANDLE,
        );
        expect(hipStreamCreateWithFlags(&mut s, 0x10), INVALID_VALUE);
        let (mut lo, mut hi) = (7, 7);
        assert_eq!(hipDeviceGetStreamPriorityRange(&mut lo, &mut hi), SUCCESS);
        assert!(hi <= lo);
    }
}

#[test]
fn module_load_errors() {
    let _alone = alone();
    // SAFETY: images the loader must reject without reading past their headers.
    unsafe {
        let mut m = null_mut();
        let junk = [0x55u8; 64];
        expect(
            hipModuleLoadData(&mut m, junk.as_ptr().cast()),
            INVALID_IMAGE,
        );
        expect(hipModuleLoadData(&mut m, null()), INVALID_VALUE);
        let other = kernel_abi::bundle::write(&[
            (kernel_abi::bundle::HOST_ENTRY_ID, b""),
            ("hipv4-amdgcn-amd-amdhsa--gfx90a", b"gpu"),
        ]);
        expect(
            hipModuleLoadData(&mut m, other.as_ptr().cast()),
            NO_BINARY_FOR_GPU,
        );
        expect(
            hipModuleLoad(&mut m, c"/nonexistent/ferrocm.co".as_ptr()),
            301,
        );
    }
}

#[test]
fn registration_errors() {
    let _alone = alone();
    // SAFETY: wrappers and bundles the registration must reject without crashing.
    unsafe {
        // Unregistered host function.
        let host_fn = registration_errors as *const c_void;
        expect(
            hipLaunchKernel(
                host_fn,
                dim3 { x: 1, y: 1, z: 1 },
                dim3 { x: 1, y: 1, z: 1 },
                null_mut(),
                0,
                null_mut(),
            ),
            INVALID_DEVICE_FUNCTION,
        );
        let mut attrs = amdhip64::abi::hipFuncAttributes::default();
        expect(
            hipFuncGetAttributes(&mut attrs, host_fn),
            INVALID_DEVICE_FUNCTION,
        );

        // Bad magic, bad version: no handle.
        let bundle = kernel_abi::bundle::write(&[(kernel_abi::bundle::HOST_ENTRY_ID, b"")]);
        let mut w = FatBinaryWrapper {
            magic: 0x1234,
            version: 1,
            binary: bundle.as_ptr().cast(),
            unused: null(),
        };
        assert!(__hipRegisterFatBinary((&w as *const FatBinaryWrapper).cast()).is_null());
        assert_eq!(hipGetLastError(), INVALID_IMAGE);
        w.magic = FATBIN_MAGIC;
        w.version = 2;
        assert!(__hipRegisterFatBinary((&w as *const FatBinaryWrapper).cast()).is_null());
        assert_eq!(hipGetLastError(), INVALID_IMAGE);
        assert!(__hipRegisterFatBinary(null()).is_null());
        assert_eq!(hipGetLastError(), INVALID_VALUE);

        // No CPU entry: a handle whose kernels fail with hipErrorNoBinaryForGpu.
        w.version = 1;
        let h = __hipRegisterFatBinary((&w as *const FatBinaryWrapper).cast());
        assert!(!h.is_null());
        assert_eq!(hipGetLastError(), NO_BINARY_FOR_GPU);
        static STUB: u8 = 0;
        let stub = (&STUB as *const u8).cast::<c_void>();
        assert_eq!(
            __hipRegisterFunction(
                h,
                stub,
                null_mut(),
                c"k".as_ptr(),
                0,
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut()
            ),
            SUCCESS
        );
        expect(
            hipLaunchKernel(
                stub,
                dim3 { x: 1, y: 1, z: 1 },
                dim3 { x: 1, y: 1, z: 1 },
                null_mut(),
                0,
                null_mut(),
            ),
            NO_BINARY_FOR_GPU,
        );
        static VAR: u32 = 0;
        let var = (&VAR as *const u32).cast::<c_void>();
        __hipRegisterVar(h, var.cast_mut(), null_mut(), c"v".as_ptr(), 0, 4, 0, 0);
        let mut addr = null_mut();
        expect(hipGetSymbolAddress(&mut addr, var), NO_BINARY_FOR_GPU);
        __hipUnregisterFatBinary(h);
        expect(
            hipLaunchKernel(
                stub,
                dim3 { x: 1, y: 1, z: 1 },
                dim3 { x: 1, y: 1, z: 1 },
                null_mut(),
                0,
                null_mut(),
            ),
            INVALID_DEVICE_FUNCTION,
        );
        expect(hipGetSymbolAddress(&mut addr, var), INVALID_SYMBOL);
        // Registering against a dead handle is refused.
        expect(
            __hipRegisterFunction(
                h,
                stub,
                null_mut(),
                c"k".as_ptr(),
                0,
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut(),
            ),
            INVALID_HANDLE,
        );

        // Malformed bundle: entry data past the end.
        let mut bad = bundle.clone();
        bad[32..40].copy_from_slice(&(1u64 << 40).to_le_bytes());
        bad[40..48].copy_from_slice(&16u64.to_le_bytes());
        let w2 = FatBinaryWrapper {
            magic: FATBIN_MAGIC,
            version: 1,
            binary: bad.as_ptr().cast(),
            unused: null(),
        };
        let h2 = __hipRegisterFatBinary((&w2 as *const FatBinaryWrapper).cast());
        assert_eq!(hipGetLastError(), INVALID_IMAGE);
        __hipUnregisterFatBinary(h2);
        let _ = hipGetLastError();
    }
}

#[test]
fn call_configuration_is_a_stack() {
    let _alone = alone();
    // SAFETY: out-pointers to locals.
    unsafe {
        let (mut g, mut b, mut sh, mut st) = (dim3::default(), dim3::default(), 0usize, null_mut());
        expect(
            __hipPopCallConfiguration(&mut g, &mut b, &mut sh, &mut st),
            MISSING_CONFIGURATION,
        );
        assert_eq!(
            __hipPushCallConfiguration(
                dim3 { x: 1, y: 2, z: 3 },
                dim3 { x: 4, y: 5, z: 6 },
                7,
                null_mut()
            ),
            SUCCESS
        );
        assert_eq!(
            __hipPushCallConfiguration(
                dim3 { x: 8, y: 1, z: 1 },
                dim3 { x: 9, y: 1, z: 1 },
                0,
                2 as *mut c_void
            ),
            SUCCESS
        );
        assert_eq!(
            __hipPopCallConfiguration(&mut g, &mut b, &mut sh, &mut st),
            SUCCESS
        );
        assert_eq!((g.x, b.x, sh, st as usize), (8, 9, 0, 2));
        assert_eq!(
            __hipPopCallConfiguration(&mut g, &mut b, &mut sh, &mut st),
            SUCCESS
        );
        assert_eq!(
            (g, b, sh),
            (dim3 { x: 1, y: 2, z: 3 }, dim3 { x: 4, y: 5, z: 6 }, 7)
        );
    }
}
