//! hipDeviceReset releases what the device owns, as ROCm's does: the program's device
//! allocations and streams become stale, device settings return to their defaults, events and
//! loaded modules stay usable. A test binary of its own: a reset would pull memory and
//! streams from under tests running beside it.

use amdhip64::mempool::*;
use amdhip64::*;
use std::ffi::{c_void, CStr};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicI32, Ordering};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const CONTEXT_IS_DESTROYED: i32 = 709;
const NOT_SUPPORTED: i32 = 801;

#[track_caller]
fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {}, wanted {}", name(code), name(want));
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

#[track_caller]
fn ok(code: i32) {
    assert_eq!(
        code,
        SUCCESS,
        "returned {}: {:?}",
        name(code),
        hip::last_error_detail()
    );
}

fn name(code: i32) -> String {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(hipGetErrorName(code)) }
        .to_string_lossy()
        .into_owned()
}

const KERNEL: &str = r#"
#include <hip/hip_runtime.h>
extern "C" __global__ void square_plus(const int *x, int *y, int k, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * x[i] + k;
}
"#;

/// Runs `square_plus` over `n` random values through fresh device memory; checks the
/// results against the host's.
fn check_kernel(f: hipFunction_t, stream: hipStream_t, seed: u64) {
    let n = 1000usize;
    let mut s = seed | 1;
    let host: Vec<i32> = (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % 2001) as i32 - 1000
        })
        .collect();
    let (mut x, mut y) = (null_mut(), null_mut());
    let mut out = vec![0i32; n];
    // SAFETY: out-pointers are locals; copies stay inside the allocations; params point to
    // the kernel's arguments.
    unsafe {
        ok(hipMalloc(&mut x, n * 4));
        ok(hipMalloc(&mut y, n * 4));
        ok(hipMemcpy(x, host.as_ptr().cast(), n * 4, 1));
        ok(hipMemset(y, 0x5a, n * 4));
        let (mut xp, mut yp, mut k, mut nn) = (x, y, 17i32, n as i32);
        let mut p: [*mut c_void; 4] = [
            (&mut xp as *mut *mut c_void).cast(),
            (&mut yp as *mut *mut c_void).cast(),
            (&mut k as *mut i32).cast(),
            (&mut nn as *mut i32).cast(),
        ];
        ok(hipModuleLaunchKernel(
            f,
            8,
            1,
            1,
            128,
            1,
            1,
            0,
            stream,
            p.as_mut_ptr(),
            null_mut(),
        ));
        ok(hipStreamSynchronize(stream));
        ok(hipMemcpy(out.as_mut_ptr().cast(), y, n * 4, 2));
        ok(hipFree(x));
        ok(hipFree(y));
    }
    let want: Vec<i32> = host.iter().map(|&v| v * v + 17).collect();
    assert_eq!(out, want);
}

static IN_CALLBACK: AtomicI32 = AtomicI32::new(-1);

unsafe extern "C" fn reset_from_host_function(_: *mut c_void) {
    IN_CALLBACK.store(hipDeviceReset(), Ordering::SeqCst);
}

#[test]
fn device_reset_releases_streams_memory_and_settings() {
    let co = comgr::compile_hip(KERNEL, "reset.hip", &comgr::CompileOptions::default())
        .expect("compile the kernel");
    let bytes = co.to_bytes();
    let (mut m, mut f) = (null_mut(), null_mut());
    let (mut s, mut e) = (null_mut(), null_mut());
    let (mut p, mut q, mut h) = (null_mut(), null_mut(), null_mut());
    let mut pitch = 0usize;
    // SAFETY: out-pointers are locals; stale handles are validated before use.
    unsafe {
        ok(hipModuleLoadData(&mut m, bytes.as_ptr().cast()));
        ok(hipModuleGetFunction(&mut f, m, c"square_plus".as_ptr()));
        ok(hipStreamCreate(&mut s));
        ok(hipEventCreate(&mut e));
        ok(hipMalloc(&mut p, 4096));
        ok(hipMallocPitch(&mut q, &mut pitch, 100, 10));
        ok(hipHostMalloc(&mut h, 64, 0));
        check_kernel(f, s, 7);

        // A reset inside a stream's host function would wait for that very stream.
        ok(hipLaunchHostFunc(
            s,
            Some(reset_from_host_function),
            null_mut(),
        ));
        ok(hipStreamSynchronize(s));
        assert_eq!(IN_CALLBACK.load(Ordering::SeqCst), NOT_SUPPORTED);
        hipGetLastError();

        ok(hipSetDeviceFlags(2)); // hipDeviceScheduleYield
        ok(hipDeviceSetLimit(2, 64 << 20)); // hipLimitMallocHeapSize
        ok(hipDeviceSetCacheConfig(2)); // hipFuncCachePreferL1
        ok(hipDeviceSetSharedMemConfig(2)); // hipSharedMemBankSizeEightByte
        let (mut heap_before, mut flags, mut cache, mut banks) = (0usize, 9u32, 9i32, 9i32);
        ok(hipDeviceGetLimit(&mut heap_before, 2));
        assert_eq!(heap_before, 64 << 20);

        // Stream-ordered memory of the default pool and of a pool the program made, and
        // managed memory.
        let props = hipMemPoolProps {
            allocType: MEM_ALLOCATION_TYPE_PINNED,
            handleTypes: MEM_HANDLE_TYPE_NONE,
            location: hipMemLocation {
                type_: MEM_LOCATION_TYPE_DEVICE,
                id: 0,
            },
            win32SecurityAttributes: null_mut(),
            maxSize: 0,
            reserved: [0; 56],
        };
        let (mut pool, mut default_pool, mut current) = (null_mut(), null_mut(), null_mut());
        ok(hipMemPoolCreate(&mut pool, &props));
        ok(hipDeviceGetDefaultMemPool(&mut default_pool, 0));
        ok(hipDeviceSetMemPool(0, pool));
        let (mut a, mut b, mut managed) = (null_mut(), null_mut(), null_mut());
        ok(hipMallocFromPoolAsync(&mut a, 1 << 16, pool, s));
        ok(hipMallocFromPoolAsync(&mut b, 1 << 16, default_pool, s));
        ok(hipMallocManaged(&mut managed, 4096, 1));
        std::ptr::write_bytes(managed as *mut u8, 7, 4096);

        // Queued work is finished (not lost) before the memory goes.
        ok(hipMemsetAsync(p, 1, 4096, s));
        ok(hipDeviceReset());

        // The program's device memory and streams are stale now.
        expect(hipFree(p), INVALID_VALUE);
        expect(hipFree(q), INVALID_VALUE);
        expect(hipStreamSynchronize(s), CONTEXT_IS_DESTROYED);
        expect(hipStreamDestroy(s), CONTEXT_IS_DESTROYED);
        // Stream-ordered allocations are released, the program's pool is destroyed (its
        // handle is stale), and the default pool is current again with nothing reserved.
        expect(hipFreeAsync(a, null_mut()), INVALID_VALUE);
        expect(hipFreeAsync(b, null_mut()), INVALID_VALUE);
        expect(hipMemPoolDestroy(pool), INVALID_VALUE);
        ok(hipDeviceGetMemPool(&mut current, 0));
        assert_eq!(current, default_pool);
        let mut reserved = 9u64;
        ok(hipMemPoolGetAttribute(
            default_pool,
            5, // hipMemPoolAttrReservedMemCurrent
            (&mut reserved as *mut u64).cast(),
        ));
        assert_eq!(reserved, 0);
        // Managed memory is the host context's in ROCm, not the device's: it stays.
        assert!(std::slice::from_raw_parts(managed as *const u8, 4096)
            .iter()
            .all(|&v| v == 7));
        ok(hipFree(managed));
        // Settings are back to their defaults.
        ok(hipGetDeviceFlags(&mut flags));
        assert_eq!(flags & 0x7, 0, "scheduling flags reset");
        let mut heap = 0usize;
        ok(hipDeviceGetLimit(&mut heap, 2));
        assert_ne!(heap, 64 << 20, "heap limit reset");
        ok(hipDeviceGetCacheConfig(&mut cache));
        assert_eq!(cache, 0);
        ok(hipDeviceGetSharedMemConfig(&mut banks));
        assert_eq!(banks, 1, "four-byte banks, ROCm's fixed answer");
        // Events, modules and pinned host memory are not the device's either: they stay.
        ok(hipEventRecord(e, null_mut()));
        ok(hipEventSynchronize(e));
        ok(hipEventDestroy(e));
        std::ptr::write_bytes(h as *mut u8, 3, 64);
        ok(hipHostFree(h));
        // The device works as before: new streams, memory, launches of the loaded kernel.
        let mut s2 = null_mut();
        ok(hipStreamCreate(&mut s2));
        check_kernel(f, s2, 99);
        check_kernel(f, null_mut(), 1234);
        ok(hipStreamDestroy(s2));
        // A reset with nothing to release.
        ok(hipDeviceReset());
        ok(amdhip64::context::hipDevicePrimaryCtxReset(0));
        ok(hipModuleUnload(m));
    }
}
