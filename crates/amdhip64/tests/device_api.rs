//! Device management, contexts and ROCm's error answers, through the C ABI. Each failing
//! call asserts the exact code and that it became the thread's last error.

use amdhip64::context::*;
use amdhip64::*;
use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

mod common;

/// Device flags are the device's, shared by every thread: tests that set them take turns.
static FLAGS: Mutex<()> = Mutex::new(());

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_DEVICE: i32 = 101;
const INVALID_CONTEXT: i32 = 201;
const CONTEXT_ALREADY_IN_USE: i32 = 216;
const UNSUPPORTED_LIMIT: i32 = 215;
const INVALID_HANDLE: i32 = 400;
const NOT_FOUND: i32 = 500;
const NOT_READY: i32 = 600;
const CONTEXT_IS_DESTROYED: i32 = 709;

fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {code}, wanted {want}");
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

#[test]
fn destroyed_streams_and_events() {
    // SAFETY: valid out-pointers; stale handles are validated before use.
    unsafe {
        let mut s = null_mut();
        assert_eq!(hipStreamCreate(&mut s), SUCCESS);
        assert_eq!(hipStreamDestroy(s), SUCCESS);
        expect(hipStreamDestroy(s), CONTEXT_IS_DESTROYED);
        expect(hipStreamSynchronize(s), CONTEXT_IS_DESTROYED);
        expect(hipStreamQuery(s), CONTEXT_IS_DESTROYED);
        let mut flags = 0;
        expect(hipStreamGetFlags(s, &mut flags), CONTEXT_IS_DESTROYED);
        expect(hipStreamDestroy(null_mut()), INVALID_HANDLE);
        expect(hipStreamDestroy(2 as *mut c_void), INVALID_HANDLE);

        let mut e = null_mut();
        assert_eq!(hipEventCreate(&mut e), SUCCESS);
        assert_eq!(hipEventDestroy(e), SUCCESS);
        expect(hipEventDestroy(e), CONTEXT_IS_DESTROYED);
        expect(hipEventQuery(e), CONTEXT_IS_DESTROYED);
        expect(hipEventSynchronize(e), CONTEXT_IS_DESTROYED);
        expect(hipEventDestroy(null_mut()), INVALID_HANDLE);
        expect(hipEventQuery(null_mut()), INVALID_HANDLE);
    }
}

#[test]
fn event_release_flags() {
    // SAFETY: valid out-pointers.
    unsafe {
        let mut e = null_mut();
        expect(
            hipEventCreateWithFlags(&mut e, 0x4000_0000 | 0x8000_0000),
            INVALID_VALUE,
        );
        assert_eq!(hipEventCreateWithFlags(&mut e, 0x4000_0000), SUCCESS);
        assert_eq!(hipEventDestroy(e), SUCCESS);
        assert_eq!(hipEventCreateWithFlags(&mut e, 0x8000_0000), SUCCESS);
        assert_eq!(hipEventDestroy(e), SUCCESS);
    }
}

static RELEASE: AtomicBool = AtomicBool::new(false);

unsafe extern "C" fn wait_for_release(_: *mut c_void) {
    while !RELEASE.load(Ordering::Acquire) {
        std::thread::yield_now();
    }
}

#[test]
fn elapsed_time_checks_timing_before_readiness() {
    // SAFETY: valid out-pointers and handles.
    unsafe {
        let mut s = null_mut();
        assert_eq!(hipStreamCreate(&mut s), SUCCESS);
        let (mut start, mut stop) = (null_mut(), null_mut());
        assert_eq!(hipEventCreate(&mut start), SUCCESS);
        assert_eq!(hipEventCreateWithFlags(&mut stop, 2), SUCCESS); // DisableTiming
        assert_eq!(
            hipLaunchHostFunc(s, Some(wait_for_release), null_mut()),
            SUCCESS
        );
        assert_eq!(hipEventRecord(start, s), SUCCESS);
        assert_eq!(hipEventRecord(stop, s), SUCCESS);
        let mut ms = 0f32;
        // `start` is not ready, but the timing-disabled `stop` decides.
        expect(hipEventElapsedTime(&mut ms, start, stop), INVALID_HANDLE);
        expect(hipEventQuery(start), NOT_READY);
        RELEASE.store(true, Ordering::Release);
        assert_eq!(hipStreamSynchronize(s), SUCCESS);
        assert_eq!(hipEventElapsedTime(&mut ms, start, start), SUCCESS);
        assert_eq!(ms, 0.0);
        for e in [start, stop] {
            assert_eq!(hipEventDestroy(e), SUCCESS);
        }
        assert_eq!(hipStreamDestroy(s), SUCCESS);
    }
}

#[test]
fn host_unregister_module_load_and_unload() {
    // SAFETY: deliberate nulls and empty names.
    unsafe {
        expect(hipHostUnregister(null_mut()), INVALID_VALUE);
        let mut m = null_mut();
        expect(hipModuleLoad(&mut m, c"".as_ptr()), INVALID_VALUE);
        expect(hipModuleUnload(null_mut()), INVALID_HANDLE);
        let mut local = 0u64;
        expect(hipModuleUnload((&mut local as *mut u64).cast()), NOT_FOUND);
    }
}

#[test]
fn registered_memory_memset_and_device_pointer_attributes() {
    // SAFETY: a live host buffer registered for the test; valid out-pointers.
    unsafe {
        let mut buf = vec![7u8; 4096];
        let b = buf.as_mut_ptr().cast::<c_void>();
        assert_eq!(hipHostRegister(b, 4096, 0), SUCCESS);
        assert_eq!(hipMemset(b, 0x5a, 4096), SUCCESS);
        assert!(buf.iter().all(|&x| x == 0x5a));
        assert_eq!(hipHostUnregister(b), SUCCESS);
        expect(hipMemset(b, 0, 16), INVALID_VALUE);

        let mut d = null_mut();
        assert_eq!(hipMalloc(&mut d, 256), SUCCESS);
        let mut attr = std::mem::zeroed::<amdhip64::abi::hipPointerAttribute_t>();
        assert_eq!(hipPointerGetAttributes(&mut attr, d), SUCCESS);
        assert_eq!(attr.devicePointer, d);
        assert!(
            attr.hostPointer.is_null(),
            "ROCm: no host pointer for device memory"
        );
        assert_eq!(hipFree(d), SUCCESS);
    }
}

/// Registered host memory is device memory to copies as well: host-to-device into it,
/// device-to-host out of it and device-to-device between two registrations (hip-tests' atomics
/// fill registered buffers with hipMemcpyHostToDevice).
#[test]
fn registered_memory_is_a_device_side_of_copies() {
    const H2D: i32 = 1;
    const D2H: i32 = 2;
    const D2D: i32 = 3;
    // SAFETY: live host buffers registered for the test, copies within their lengths.
    unsafe {
        // Four spare words after the registered 1024 bytes, so the refused copy below could
        // not overrun either buffer.
        let mut a = vec![0u32; 260];
        let mut b = vec![0u32; 256];
        let (pa, pb) = (
            a.as_mut_ptr().cast::<c_void>(),
            b.as_mut_ptr().cast::<c_void>(),
        );
        assert_eq!(hipHostRegister(pa, 1024, 0), SUCCESS);
        assert_eq!(hipHostRegister(pb, 1024, 0), SUCCESS);
        let src: Vec<u32> = (0..260).map(|i| i * 3 + 1).collect();
        assert_eq!(
            hipMemcpy(pa, src.as_ptr().cast(), 1024, H2D),
            SUCCESS,
            "host to registered"
        );
        assert_eq!(a[..256], src[..256]);
        assert_eq!(
            hipMemcpy(pb, pa, 1024, D2D),
            SUCCESS,
            "registered to registered"
        );
        assert_eq!(b[..], src[..256]);
        let mut out = vec![0u32; 256];
        assert_eq!(
            hipMemcpy(out.as_mut_ptr().cast(), pb, 1024, D2H),
            SUCCESS,
            "registered to host"
        );
        assert_eq!(out[..], src[..256]);
        // A range running past the registration is not device memory.
        expect(hipMemcpy(pa, src.as_ptr().cast(), 1028, H2D), INVALID_VALUE);
        assert_eq!(hipHostUnregister(pa), SUCCESS);
        assert_eq!(hipHostUnregister(pb), SUCCESS);
    }
}

#[test]
fn pci_bus_id_and_attributes() {
    // SAFETY: buffers of the stated sizes; valid out-pointers.
    unsafe {
        let mut id = [0 as c_char; 13];
        assert_eq!(hipDeviceGetPCIBusId(id.as_mut_ptr(), 13, 0), SUCCESS);
        let s = CStr::from_ptr(id.as_ptr()).to_str().unwrap().to_string();
        assert_eq!(s.len(), 12);
        let mut short = [0 as c_char; 12];
        expect(
            hipDeviceGetPCIBusId(short.as_mut_ptr(), 12, 0),
            INVALID_VALUE,
        );
        expect(hipDeviceGetPCIBusId(id.as_mut_ptr(), 13, 1), INVALID_DEVICE);
        expect(hipDeviceGetPCIBusId(null_mut(), 13, 0), INVALID_VALUE);
        let mut dev = -1;
        assert_eq!(hipDeviceGetByPCIBusId(&mut dev, id.as_ptr()), SUCCESS);
        assert_eq!(dev, 0);
        expect(
            hipDeviceGetByPCIBusId(&mut dev, c"0000:99:00.0".as_ptr()),
            INVALID_VALUE,
        );
        expect(
            hipDeviceGetByPCIBusId(&mut dev, c"nonsense".as_ptr()),
            INVALID_VALUE,
        );

        let mut v = 0;
        // Texture and surface limits ROCm answers.
        for attr in [32, 39, 41, 42, 43, 44, 49, 50, 51] {
            assert_eq!(
                hipDeviceGetAttribute(&mut v, attr, 0),
                SUCCESS,
                "attr {attr}"
            );
            assert!(v > 0, "attr {attr}");
        }
        assert_eq!(hipDeviceGetAttribute(&mut v, 53, 0), SUCCESS);
        assert_eq!(v, 0, "no cubemaps");
        // Features the runtime has are reported (tests and programs skip what is reported absent):
        // memory pools, virtual memory, host access to device memory (large BAR), stream
        // wait-value, images.
        for attr in [88, 89, 10011, 10013, 10014] {
            v = -1;
            assert_eq!(hipDeviceGetAttribute(&mut v, attr, 0), SUCCESS, "{attr}");
            assert_eq!(v, 1, "attr {attr}");
        }
        // clockRate is the rate clock64() counts at, clockInstructionRate, 1 GHz: programs time
        // device code with it (a busy wait of clockRate * 1000 ticks is a second).
        let (mut clock, mut instruction) = (-1, -1);
        assert_eq!(hipDeviceGetAttribute(&mut clock, 5, 0), SUCCESS);
        assert_eq!(hipDeviceGetAttribute(&mut instruction, 10000, 0), SUCCESS);
        assert_eq!((clock, instruction), (1_000_000, 1_000_000));
        // Attributes ROCm rejects stay rejected.
        for attr in [21, 33, 55, 64, 86] {
            expect(hipDeviceGetAttribute(&mut v, attr, 0), INVALID_VALUE);
        }
    }
}

#[test]
fn peers_limits_and_configs() {
    // SAFETY: valid out-pointers or deliberate nulls.
    unsafe {
        let mut can = 7;
        assert_eq!(hipDeviceCanAccessPeer(&mut can, 0, 0), SUCCESS);
        assert_eq!(can, 0, "a device is not its own peer");
        expect(hipDeviceCanAccessPeer(&mut can, 0, 1), INVALID_DEVICE);
        expect(hipDeviceCanAccessPeer(null_mut(), 0, 0), INVALID_VALUE);
        expect(hipDeviceEnablePeerAccess(0, 0), INVALID_DEVICE);
        expect(hipDeviceEnablePeerAccess(0, 1), INVALID_VALUE);
        expect(hipDeviceEnablePeerAccess(1, 0), INVALID_DEVICE);
        expect(hipDeviceDisablePeerAccess(0), INVALID_DEVICE);
        let mut p = 0;
        expect(hipDeviceGetP2PAttribute(&mut p, 1, 0, 0), INVALID_DEVICE);
        expect(hipDeviceGetP2PAttribute(null_mut(), 1, 0, 0), INVALID_VALUE);
        let (mut lt, mut hc) = (0u32, 0u32);
        expect(
            hipExtGetLinkTypeAndHopCount(0, 0, &mut lt, &mut hc),
            INVALID_VALUE,
        );

        for limit in [0u32, 1, 2] {
            let mut old = 0usize;
            assert_eq!(hipDeviceGetLimit(&mut old, limit), SUCCESS);
            assert!(old > 0);
            assert_eq!(hipDeviceSetLimit(limit, old + 8), SUCCESS);
            let mut new = 0usize;
            assert_eq!(hipDeviceGetLimit(&mut new, limit), SUCCESS);
            assert_eq!(new, old + 8);
            assert_eq!(hipDeviceSetLimit(limit, old), SUCCESS);
        }
        let mut x = 0usize;
        expect(hipDeviceGetLimit(null_mut(), 0), INVALID_VALUE);
        expect(hipDeviceGetLimit(&mut x, u32::MAX), UNSUPPORTED_LIMIT);
        expect(hipDeviceSetLimit(u32::MAX, 1024), UNSUPPORTED_LIMIT);
        // At or past hipLimitRange (compared as an int, as ROCm does): an invalid value.
        for past in [0x1003u32, 0xffff] {
            expect(hipDeviceGetLimit(&mut x, past), INVALID_VALUE);
            expect(hipDeviceSetLimit(past, 1024), INVALID_VALUE);
        }
        // The HDP flush registers: none on the CPU device, a null address.
        for attr in [10005, 10006] {
            let mut v = -1;
            assert_eq!(hipDeviceGetAttribute(&mut v, attr, 0), SUCCESS);
            assert_eq!(v, 0, "attribute {attr}");
        }

        let mut c = -1;
        assert_eq!(hipDeviceSetCacheConfig(2), SUCCESS);
        assert_eq!(hipDeviceGetCacheConfig(&mut c), SUCCESS);
        assert_eq!(c, 2);
        assert_eq!(hipDeviceSetCacheConfig(0), SUCCESS);
        expect(hipDeviceSetCacheConfig(4), INVALID_VALUE);
        expect(hipDeviceGetCacheConfig(null_mut()), INVALID_VALUE);
        assert_eq!(hipDeviceSetSharedMemConfig(2), SUCCESS);
        assert_eq!(hipDeviceGetSharedMemConfig(&mut c), SUCCESS);
        assert_eq!(c, 1, "four-byte banks, as ROCm reports");
        expect(hipDeviceSetSharedMemConfig(3), INVALID_VALUE);
    }
}

#[test]
fn device_queries() {
    // SAFETY: valid out-pointers or deliberate nulls.
    unsafe {
        let mut d = -1;
        assert_eq!(hipDeviceGet(&mut d, 0), SUCCESS);
        assert_eq!(d, 0);
        expect(hipDeviceGet(&mut d, 1), INVALID_DEVICE);
        expect(hipDeviceGet(null_mut(), 0), INVALID_VALUE);
        let mut bytes = 0usize;
        assert_eq!(hipDeviceTotalMem(&mut bytes, 0), SUCCESS);
        assert!(bytes > 0);
        expect(hipDeviceTotalMem(&mut bytes, 1), INVALID_DEVICE);
        expect(hipDeviceTotalMem(null_mut(), 0), INVALID_VALUE);
        let (mut ma, mut mi) = (0, 0);
        assert_eq!(hipDeviceComputeCapability(&mut ma, &mut mi, 0), SUCCESS);
        let mut v = 0;
        assert_eq!(hipDeviceGetAttribute(&mut v, 23, 0), SUCCESS);
        assert_eq!(ma, v);
        expect(
            hipDeviceComputeCapability(null_mut(), &mut mi, 0),
            INVALID_VALUE,
        );
        expect(
            hipDeviceComputeCapability(&mut ma, &mut mi, 5),
            INVALID_DEVICE,
        );
        let mut uuid = std::mem::zeroed::<amdhip64::abi::hipUUID>();
        assert_eq!(hipDeviceGetUuid(&mut uuid, 0), SUCCESS);
        assert_ne!(uuid.bytes, [0; 16]);
        expect(hipDeviceGetUuid(null_mut(), 0), INVALID_VALUE);
        expect(hipDeviceGetUuid(&mut uuid, -1), INVALID_DEVICE);

        let mut prop = amdhip64::abi::hipDeviceProp_tR0600::zeroed();
        prop.major = 1;
        prop.warpSize = 32;
        d = -1;
        assert_eq!(hipChooseDeviceR0600(&mut d, &prop), SUCCESS);
        assert_eq!(d, 0);
        expect(hipChooseDeviceR0600(null_mut(), &prop), INVALID_VALUE);
        expect(hipChooseDeviceR0600(&mut d, null()), INVALID_VALUE);

        let mut list = [0];
        assert_eq!(hipSetValidDevices(list.as_mut_ptr(), 1), SUCCESS);
        list[0] = 3;
        expect(hipSetValidDevices(list.as_mut_ptr(), 1), INVALID_DEVICE);
        expect(hipSetValidDevices(null_mut(), 1), INVALID_VALUE);
    }
}

#[test]
fn device_flags() {
    let _g = FLAGS.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: valid out-pointers or deliberate nulls.
    unsafe {
        let mut f = 99;
        assert_eq!(hipGetDeviceFlags(&mut f), SUCCESS);
        for flags in [0u32, 1, 2, 4, 1 | 8, 4 | 0x10] {
            assert_eq!(hipSetDeviceFlags(flags), SUCCESS);
            assert_eq!(hipGetDeviceFlags(&mut f), SUCCESS);
            assert_eq!(f, flags & 7, "the scheduling part is kept");
        }
        for bad in [3u32, 5, 6, 7, 0x20, 0xffff] {
            expect(hipSetDeviceFlags(bad), INVALID_VALUE);
        }
        expect(hipGetDeviceFlags(null_mut()), INVALID_VALUE);
        assert_eq!(hipSetDeviceFlags(0), SUCCESS);
    }
}

#[test]
fn proc_address() {
    // SAFETY: valid out-pointers; the returned pointer is called with its own signature.
    unsafe {
        let mut p = null_mut();
        let mut st = -1;
        // A test executable exports nothing dynamically: this name is not found here (the
        // library's own lookup is checked below, through the built libamdhip64.so).
        expect(
            hipGetProcAddress(c"hipNoSuchFunction".as_ptr(), &mut p, 600, 0, &mut st),
            INVALID_VALUE,
        );
        assert_eq!(st, 1);
        assert!(p.is_null());
        expect(
            hipGetProcAddress(c"".as_ptr(), &mut p, 600, 0, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGetProcAddress(null(), &mut p, 600, 0, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGetProcAddress(c"hipInit".as_ptr(), null_mut(), 600, 0, null_mut()),
            INVALID_VALUE,
        );
    }
}

type GetProcAddress =
    unsafe extern "C" fn(*const c_char, *mut *mut c_void, i32, u64, *mut i32) -> i32;

#[test]
fn proc_address_in_the_library() {
    let lib = common::lib_dir().join("libamdhip64.so");
    let path = std::ffi::CString::new(lib.to_str().unwrap()).unwrap();
    // SAFETY: loading the built library and calling its entry points with their C
    // signatures; valid out-pointers.
    unsafe {
        let h = libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL);
        assert!(!h.is_null(), "dlopen {}", lib.display());
        let gpa = libc::dlsym(h, c"hipGetProcAddress".as_ptr());
        assert!(!gpa.is_null());
        let gpa: GetProcAddress = std::mem::transmute(gpa);
        let mut p = null_mut();
        let mut st = -1;
        assert_eq!(
            gpa(c"hipGetDeviceCount".as_ptr(), &mut p, 602, 0, &mut st),
            SUCCESS
        );
        assert_eq!(st, 0);
        assert_eq!(p, libc::dlsym(h, c"hipGetDeviceCount".as_ptr()));
        let f: unsafe extern "C" fn(*mut i32) -> i32 = std::mem::transmute(p);
        let mut n = 0;
        assert_eq!(f(&mut n), SUCCESS);
        assert_eq!(n, 1);
        // HIP 6 names the versioned forms.
        assert_eq!(
            gpa(c"hipGetDeviceProperties".as_ptr(), &mut p, 600, 0, &mut st),
            SUCCESS
        );
        assert_eq!(p, libc::dlsym(h, c"hipGetDevicePropertiesR0600".as_ptr()));
        assert_eq!(
            gpa(c"hipGetDeviceProperties".as_ptr(), &mut p, 500, 0, &mut st),
            SUCCESS
        );
        assert_eq!(p, libc::dlsym(h, c"hipGetDeviceProperties".as_ptr()));
        assert_eq!(
            gpa(c"hipNoSuchFunction".as_ptr(), &mut p, 600, 0, &mut st),
            1
        );
        assert_eq!(st, 1);
        // A name from another library is not this library's.
        assert_eq!(gpa(c"malloc".as_ptr(), &mut p, 600, 0, &mut st), 1);
    }
}

#[test]
fn contexts() {
    let _g = FLAGS.lock().unwrap_or_else(|e| e.into_inner());
    // Contexts are per thread: run on a fresh one so other tests' threads do not interfere.
    std::thread::spawn(|| {
        // SAFETY: valid out-pointers or deliberate nulls/invalid handles.
        unsafe {
            let mut ctx = null_mut();
            expect(hipCtxPopCurrent(&mut ctx), INVALID_CONTEXT);
            expect(hipCtxCreate(&mut ctx, 0, 1), INVALID_VALUE);
            expect(hipCtxCreate(null_mut(), 0, 0), INVALID_VALUE);
            assert_eq!(hipCtxCreate(&mut ctx, 4, 0), SUCCESS);
            assert!(!ctx.is_null());
            let mut f = 0;
            assert_eq!(hipGetDeviceFlags(&mut f), SUCCESS);
            assert_eq!(f, 4, "hipCtxCreate's flags");
            assert_eq!(hipCtxGetFlags(&mut f), SUCCESS);
            assert_eq!(f, 4);
            let mut cur = null_mut();
            assert_eq!(hipCtxGetCurrent(&mut cur), SUCCESS);
            assert_eq!(cur, ctx);
            let mut primary = null_mut();
            assert_eq!(hipDevicePrimaryCtxRetain(&mut primary, 0), SUCCESS);
            assert_eq!(primary, ctx, "a context is its device's primary context");
            let (mut pf, mut active) = (0u32, 0);
            assert_eq!(
                hipDevicePrimaryCtxGetState(0, &mut pf, &mut active),
                SUCCESS
            );
            assert_eq!(active, 1);
            assert_eq!(hipDevicePrimaryCtxRelease(0), SUCCESS);
            expect(
                hipDevicePrimaryCtxGetState(1, &mut pf, &mut active),
                INVALID_DEVICE,
            );
            expect(hipDevicePrimaryCtxRetain(null_mut(), 0), INVALID_VALUE);
            expect(hipDevicePrimaryCtxSetFlags(0, 0), CONTEXT_ALREADY_IN_USE);
            expect(hipDevicePrimaryCtxSetFlags(3, 0), INVALID_DEVICE);
            let mut dev = -1;
            assert_eq!(hipCtxGetDevice(&mut dev), SUCCESS);
            assert_eq!(dev, 0);
            expect(hipCtxGetDevice(null_mut()), INVALID_VALUE);
            let mut v = 0;
            assert_eq!(hipCtxGetApiVersion(ctx, &mut v), SUCCESS);
            assert_eq!(v, HIP_VERSION);
            expect(hipCtxGetApiVersion(null_mut(), &mut v), INVALID_CONTEXT);
            assert_eq!(hipCtxSetCacheConfig(1), SUCCESS);
            assert_eq!(hipCtxGetCacheConfig(&mut v), SUCCESS);
            assert_eq!(v, 1);
            assert_eq!(hipCtxSetCacheConfig(0), SUCCESS);
            expect(hipCtxSetCacheConfig(9), INVALID_VALUE);
            assert_eq!(hipCtxGetSharedMemConfig(&mut v), SUCCESS);
            assert_eq!(v, 1);
            expect(hipCtxSetSharedMemConfig(9), INVALID_VALUE);
            assert_eq!(hipCtxSynchronize(), SUCCESS);
            expect(hipCtxEnablePeerAccess(ctx, 0), INVALID_DEVICE);
            expect(hipCtxEnablePeerAccess(null_mut(), 0), INVALID_CONTEXT);
            expect(hipCtxDisablePeerAccess(ctx), INVALID_DEVICE);

            // The stack: push twice, pop twice, then empty.
            assert_eq!(hipCtxPushCurrent(ctx), SUCCESS);
            let mut popped = null_mut();
            assert_eq!(hipCtxPopCurrent(&mut popped), SUCCESS);
            assert_eq!(popped, ctx);
            assert_eq!(hipCtxPopCurrent(null_mut()), SUCCESS);
            expect(hipCtxPopCurrent(&mut popped), INVALID_CONTEXT);
            expect(hipCtxPushCurrent(null_mut()), INVALID_CONTEXT);
            assert_eq!(hipCtxSetCurrent(ctx), SUCCESS);
            assert_eq!(hipCtxSetCurrent(null_mut()), SUCCESS);
            expect(hipCtxPopCurrent(&mut popped), INVALID_CONTEXT);
            assert_eq!(hipCtxDestroy(ctx), SUCCESS);
            expect(hipCtxDestroy(null_mut()), INVALID_VALUE);
            assert_eq!(hipSetDeviceFlags(0), SUCCESS);
        }
    })
    .join()
    .expect("context thread");
}

static INSIDE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

unsafe extern "C" fn blocking_calls(p: *mut c_void) {
    let mut got = INSIDE.lock().unwrap_or_else(|e| e.into_inner());
    got.push(hipDeviceSynchronize());
    // SAFETY: `p` is the test's live allocation.
    got.push(unsafe { hipFree(p) });
    got.push(hipStreamSynchronize(null_mut()));
    got.push(hipGetLastError());
    // Calls that do not wait still work.
    let mut n = 0;
    // SAFETY: valid out-pointer.
    got.push(unsafe { hipGetDeviceCount(&mut n) });
}

unsafe extern "C" fn blocking_callback(_s: *mut c_void, _status: i32, p: *mut c_void) {
    // SAFETY: forwarded.
    unsafe { blocking_calls(p) }
}

#[test]
fn waiting_inside_a_host_function_fails_instead_of_hanging() {
    const NOT_SUPPORTED: i32 = 801;
    // SAFETY: valid out-pointers; the allocation outlives the host functions.
    unsafe {
        let mut d = null_mut();
        assert_eq!(hipMalloc(&mut d, 64), SUCCESS);
        let mut s = null_mut();
        assert_eq!(hipStreamCreate(&mut s), SUCCESS);
        assert_eq!(hipLaunchHostFunc(s, Some(blocking_calls), d), SUCCESS);
        assert_eq!(
            hipStreamAddCallback(s, Some(blocking_callback), d, 0),
            SUCCESS
        );
        assert_eq!(hipStreamSynchronize(s), SUCCESS);
        let got = std::mem::take(&mut *INSIDE.lock().unwrap());
        let once = [
            NOT_SUPPORTED,
            NOT_SUPPORTED,
            NOT_SUPPORTED,
            NOT_SUPPORTED,
            SUCCESS,
        ];
        assert_eq!(got, [once, once].concat());
        // Outside, the same calls work again.
        assert_eq!(hipDeviceSynchronize(), SUCCESS);
        assert_eq!(hipFree(d), SUCCESS);
        assert_eq!(hipStreamDestroy(s), SUCCESS);
    }
}
