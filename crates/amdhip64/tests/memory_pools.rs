//! Stream-ordered allocation and memory pools through the C ABI: data through kernels and
//! copies, usage counters, release threshold and trimming, and ROCm's error codes.

mod memory_common;

use amdhip64::mempool::*;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

const RESERVED_CURRENT: i32 = 5;
const RESERVED_HIGH: i32 = 6;
const USED_CURRENT: i32 = 7;
const USED_HIGH: i32 = 8;
const RELEASE_THRESHOLD: i32 = 4;

fn props() -> hipMemPoolProps {
    pool_props(MEM_HANDLE_TYPE_NONE)
}

fn get64(pool: hipMemPool_t, attr: i32) -> u64 {
    let mut v = 0u64;
    // SAFETY: a u64 out-value for a 64-bit attribute.
    ok(unsafe { hipMemPoolGetAttribute(pool, attr, (&mut v as *mut u64).cast()) });
    v
}

fn set64(pool: hipMemPool_t, attr: i32, v: u64) -> i32 {
    let mut v = v;
    // SAFETY: a u64 value for a 64-bit attribute.
    unsafe { hipMemPoolSetAttribute(pool, attr, (&mut v as *mut u64).cast()) }
}

fn new_pool(p: &hipMemPoolProps) -> hipMemPool_t {
    let mut pool = null_mut();
    // SAFETY: valid out-pointer and props.
    ok(unsafe { hipMemPoolCreate(&mut pool, p) });
    pool
}

#[test]
fn malloc_async_data_goes_through_a_kernel_in_stream_order() {
    let _alone = alone();
    let n = 10_000usize;
    let bytes = n * 4;
    let host = random_floats(n, 0x5eed_0001);
    let mut out = vec![f32::NAN; n];
    let mut s = null_mut();
    // SAFETY: valid out-pointers, sizes and a live stream throughout.
    unsafe {
        ok(hipStreamCreate(&mut s));
        let (mut x, mut y) = (null_mut(), null_mut());
        ok(hipMallocAsync(&mut x, bytes, s));
        ok(hipMallocAsync(&mut y, bytes, s));
        ok(hipMemsetAsync(y, 0xff, bytes, s));
        ok(hipMemcpyAsync(x, host.as_ptr().cast(), bytes, 1, s));
        axpb(x, y, 2.0, -0.5, n as i32, s);
        ok(hipMemcpyAsync(out.as_mut_ptr().cast(), y, bytes, 2, s));
        ok(hipFreeAsync(x, s));
        ok(hipFreeAsync(y, s));
        ok(hipStreamSynchronize(s));
        ok(hipStreamDestroy(s));
    }
    for (i, (&h, &o)) in host.iter().zip(&out).enumerate() {
        assert_eq!(o, 2.0 * h - 0.5, "element {i}");
    }
}

#[test]
fn pool_counters_threshold_and_trim() {
    let _alone = alone();
    let pool = new_pool(&props());
    let mut s = null_mut();
    // SAFETY: valid out-pointers and live handles throughout.
    unsafe {
        ok(hipStreamCreate(&mut s));
        assert_eq!(get64(pool, RESERVED_CURRENT), 0);
        assert_eq!(get64(pool, RELEASE_THRESHOLD), 0);
        let mut int_v = -1i32;
        ok(hipMemPoolGetAttribute(
            pool,
            1,
            (&mut int_v as *mut i32).cast(),
        ));
        assert_eq!(int_v, 1, "reuse follows event dependencies by default");
        int_v = 0;
        ok(hipMemPoolSetAttribute(
            pool,
            2,
            (&mut int_v as *mut i32).cast(),
        ));
        int_v = 7;
        ok(hipMemPoolGetAttribute(
            pool,
            2,
            (&mut int_v as *mut i32).cast(),
        ));
        assert_eq!(int_v, 0);

        // Keep freed memory: threshold above what is used.
        ok(set64(pool, RELEASE_THRESHOLD, u64::MAX));
        let (mut a, mut b) = (null_mut(), null_mut());
        ok(hipMallocFromPoolAsync(&mut a, 1 << 20, pool, s));
        ok(hipMallocFromPoolAsync(&mut b, 4096, pool, s));
        assert_eq!(get64(pool, USED_CURRENT), (1 << 20) + 4096);
        assert_eq!(get64(pool, RESERVED_CURRENT), (1 << 20) + 4096);
        ok(hipFreeAsync(a, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(get64(pool, USED_CURRENT), 4096);
        assert_eq!(get64(pool, RESERVED_CURRENT), (1 << 20) + 4096, "cached");
        assert_eq!(get64(pool, USED_HIGH), (1 << 20) + 4096);

        // A freed block is reused for an allocation that fits it.
        let mut c = null_mut();
        ok(hipMallocFromPoolAsync(&mut c, 1 << 20, pool, s));
        assert_eq!(c, a, "the cached block comes back");
        assert_eq!(get64(pool, RESERVED_CURRENT), (1 << 20) + 4096);
        ok(hipFreeAsync(c, s));
        ok(hipStreamSynchronize(s));

        // Trim keeps at least what is in use.
        ok(hipMemPoolTrimTo(pool, 0));
        assert_eq!(get64(pool, RESERVED_CURRENT), 4096);
        // High watermarks reset to the current values.
        ok(set64(pool, USED_HIGH, 0));
        ok(set64(pool, RESERVED_HIGH, 0));
        assert_eq!(get64(pool, USED_HIGH), 4096);
        assert_eq!(get64(pool, RESERVED_HIGH), 4096);

        // Threshold 0: memory goes back to the device when the free is reached.
        ok(set64(pool, RELEASE_THRESHOLD, 0));
        ok(hipFreeAsync(b, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(get64(pool, RESERVED_CURRENT), 0);
        assert_eq!(get64(pool, USED_CURRENT), 0);

        ok(hipStreamDestroy(s));
        ok(hipMemPoolDestroy(pool));
    }
}

unsafe extern "C" fn sleep_300ms(_: *mut c_void) {
    std::thread::sleep(std::time::Duration::from_millis(300));
}

#[test]
fn freed_memory_returns_only_when_the_stream_reaches_the_free() {
    let _alone = alone();
    let pool = new_pool(&props());
    let (mut a, mut b) = (null_mut(), null_mut());
    // SAFETY: live handles; the host function touches nothing.
    unsafe {
        ok(hipStreamCreateWithFlags(&mut a, 1));
        ok(hipStreamCreateWithFlags(&mut b, 1));
        ok(set64(pool, RELEASE_THRESHOLD, u64::MAX));
        let mut p = null_mut();
        ok(hipMallocFromPoolAsync(&mut p, 1 << 16, pool, a));
        ok(hipLaunchHostFunc(a, Some(sleep_300ms), null_mut()));
        ok(hipFreeAsync(p, a));
        // Stream a has not reached the free: the block no longer counts as used (as in
        // ROCm), but another stream does not get it.
        let mut q = null_mut();
        ok(hipMallocFromPoolAsync(&mut q, 1 << 16, pool, b));
        assert_ne!(q, p, "memory still used by queued work was handed out");
        assert_eq!(get64(pool, USED_CURRENT), 1 << 16);
        ok(hipStreamSynchronize(a));
        assert_eq!(get64(pool, USED_CURRENT), 1 << 16);
        let mut r = null_mut();
        ok(hipMallocFromPoolAsync(&mut r, 1 << 16, pool, b));
        assert_eq!(r, p, "the block came back once the stream reached the free");
        ok(hipFreeAsync(q, b));
        ok(hipFreeAsync(r, b));
        ok(hipStreamSynchronize(b));
        ok(hipStreamDestroy(a));
        ok(hipStreamDestroy(b));
        ok(hipMemPoolDestroy(pool));
    }
}

#[test]
fn free_waits_for_earlier_work_and_hip_free_takes_pool_memory() {
    let _alone = alone();
    let pool = new_pool(&props());
    // SAFETY: valid out-pointers and live handles throughout.
    unsafe {
        ok(set64(pool, RELEASE_THRESHOLD, u64::MAX));
        let mut p = null_mut();
        ok(hipMallocFromPoolAsync(&mut p, 256, pool, null_mut()));
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(&mut attrs, p));
        assert_eq!(attrs.type_, 2, "device memory");
        // hipFree of a pool allocation gives it back to its pool.
        ok(hipFree(p));
        assert_eq!(get64(pool, USED_CURRENT), 0);
        assert_eq!(get64(pool, RESERVED_CURRENT), 256);
        // The cached block is not an allocation any more.
        expect(hipFree(p), INVALID_VALUE);
        expect(hipFreeAsync(p, null_mut()), INVALID_VALUE);
        ok(hipMemPoolDestroy(pool));
    }
}

#[test]
fn device_pools_and_max_size() {
    let _alone = alone();
    // SAFETY: valid out-pointers and live handles throughout.
    unsafe {
        let (mut d1, mut d2, mut cur) = (null_mut(), null_mut(), null_mut());
        ok(hipDeviceGetDefaultMemPool(&mut d1, 0));
        ok(hipDeviceGetDefaultMemPool(&mut d2, 0));
        assert_eq!(d1, d2, "one handle per pool");
        ok(hipDeviceGetMemPool(&mut cur, 0));
        assert_eq!(cur, d1);
        expect(hipMemPoolDestroy(d1), INVALID_VALUE);

        let mut p = props();
        p.maxSize = 1 << 20;
        let pool = new_pool(&p);
        ok(hipDeviceSetMemPool(0, pool));
        ok(hipDeviceGetMemPool(&mut cur, 0));
        assert_eq!(cur, pool);
        let (mut a, mut b) = (null_mut(), null_mut());
        ok(hipMallocAsync(&mut a, 1 << 19, null_mut()));
        assert_eq!(
            get64(pool, USED_CURRENT),
            1 << 19,
            "hipMallocAsync uses the current pool"
        );
        expect(
            hipMallocAsync(&mut b, (1 << 19) + 1, null_mut()),
            OUT_OF_MEMORY,
        );
        ok(hipFreeAsync(a, null_mut()));
        ok(hipDeviceSynchronize());
        // Destroying the current pool puts the default pool back.
        ok(hipMemPoolDestroy(pool));
        ok(hipDeviceGetMemPool(&mut cur, 0));
        assert_eq!(cur, d1);
        expect(hipMemPoolDestroy(pool), INVALID_VALUE);
        expect(hipDeviceSetMemPool(0, pool), INVALID_VALUE);
    }
}

/// A second free racing the stream's return of the block to the cache: the block is always
/// either waiting for its stream or cached, never briefly neither (when a second free took it
/// for plain device memory and freed it).
#[test]
fn second_free_async_fails_while_the_stream_caches_the_block() {
    let _alone = alone();
    let mut s = null_mut();
    // SAFETY: a valid stream and the pointers it hands out.
    unsafe {
        ok(hipStreamCreate(&mut s));
        for _ in 0..2000 {
            let mut p: *mut c_void = null_mut();
            ok(hipMallocAsync(&mut p, 256, s));
            ok(hipFreeAsync(p, s));
            // Again and again while the stream moves the block from pending to cached.
            for _ in 0..20 {
                expect(hipFreeAsync(p, s), INVALID_VALUE);
            }
        }
        ok(hipStreamSynchronize(s));
        ok(hipStreamDestroy(s));
    }
}

#[test]
fn pool_errors() {
    let _alone = alone();
    let pool = new_pool(&props());
    let mut p: *mut c_void = null_mut();
    let mut s = null_mut();
    // SAFETY: deliberate nulls and bad handles; the rest are valid.
    unsafe {
        ok(hipStreamCreate(&mut s));
        expect(hipMallocAsync(null_mut(), 1024, s), INVALID_VALUE);
        expect(
            hipMallocAsync(&mut p, 1024, usize::MAX as hipStream_t),
            INVALID_HANDLE,
        );
        expect(hipMallocAsync(&mut p, usize::MAX, s), OUT_OF_MEMORY);
        ok(hipMallocAsync(&mut p, 0, s));
        assert!(p.is_null(), "0 bytes gives null");
        expect(
            hipMallocFromPoolAsync(null_mut(), 1024, pool, s),
            INVALID_VALUE,
        );
        expect(
            hipMallocFromPoolAsync(&mut p, 1024, null_mut(), s),
            INVALID_VALUE,
        );
        expect(
            hipMallocFromPoolAsync(&mut p, 1024, pool, usize::MAX as hipStream_t),
            INVALID_HANDLE,
        );
        expect(
            hipMallocFromPoolAsync(&mut p, usize::MAX, pool, s),
            OUT_OF_MEMORY,
        );

        expect(hipFreeAsync(null_mut(), s), INVALID_VALUE);
        ok(hipMallocAsync(&mut p, 1024, s));
        expect(hipFreeAsync(p, usize::MAX as hipStream_t), INVALID_HANDLE);
        ok(hipFreeAsync(p, s));
        expect(hipFreeAsync(p, s), INVALID_VALUE);
        // hipMalloc memory may be freed in stream order too (ROCm and CUDA take it), once.
        let mut plain = null_mut();
        ok(hipMalloc(&mut plain, 64));
        ok(hipFreeAsync(plain, s));
        expect(hipFreeAsync(plain, s), INVALID_VALUE);
        ok(hipStreamSynchronize(s));
        expect(hipFree(plain), INVALID_VALUE);
        let mut stack = 0u64;
        expect(
            hipFreeAsync((&mut stack as *mut u64).cast(), s),
            INVALID_VALUE,
        );

        let mut out = null_mut();
        let mut bad = props();
        expect(hipMemPoolCreate(null_mut(), &bad), INVALID_VALUE);
        expect(hipMemPoolCreate(&mut out, null()), INVALID_VALUE);
        bad.allocType = 0;
        expect(hipMemPoolCreate(&mut out, &bad), INVALID_VALUE);
        bad = props();
        bad.location.type_ = 0;
        expect(hipMemPoolCreate(&mut out, &bad), INVALID_VALUE);
        bad = props();
        bad.location.id = 1;
        expect(hipMemPoolCreate(&mut out, &bad), INVALID_VALUE);
        expect(hipMemPoolDestroy(null_mut()), INVALID_VALUE);
        expect(hipDeviceGetDefaultMemPool(null_mut(), 0), INVALID_VALUE);
        expect(hipDeviceGetDefaultMemPool(&mut out, 1), INVALID_DEVICE);
        expect(hipDeviceGetMemPool(&mut out, -1), INVALID_VALUE);
        expect(hipDeviceSetMemPool(0, null_mut()), INVALID_VALUE);
        expect(hipDeviceSetMemPool(1, pool), INVALID_VALUE);

        let mut v = 0u64;
        let vp = (&mut v as *mut u64).cast();
        expect(hipMemPoolSetAttribute(null_mut(), 1, vp), INVALID_VALUE);
        expect(hipMemPoolSetAttribute(pool, 9, vp), INVALID_VALUE);
        expect(hipMemPoolSetAttribute(pool, 1, null_mut()), INVALID_VALUE);
        expect(set64(pool, RESERVED_HIGH, 1), INVALID_VALUE);
        expect(set64(pool, USED_HIGH, 1), INVALID_VALUE);
        expect(set64(pool, USED_CURRENT, 0), INVALID_VALUE);
        expect(hipMemPoolGetAttribute(null_mut(), 1, vp), INVALID_VALUE);
        expect(hipMemPoolGetAttribute(pool, 0, vp), INVALID_VALUE);
        expect(hipMemPoolGetAttribute(pool, 1, null_mut()), INVALID_VALUE);
        expect(hipMemPoolTrimTo(null_mut(), 0), INVALID_VALUE);

        let mut desc = hipMemAccessDesc {
            location: hipMemLocation {
                type_: MEM_LOCATION_TYPE_DEVICE,
                id: 0,
            },
            flags: MEM_ACCESS_PROT_READ_WRITE,
        };
        ok(hipMemPoolSetAccess(pool, &desc, 1));
        expect(hipMemPoolSetAccess(null_mut(), &desc, 1), INVALID_VALUE);
        expect(hipMemPoolSetAccess(pool, null(), 1), INVALID_VALUE);
        expect(hipMemPoolSetAccess(pool, &desc, 2), INVALID_DEVICE);
        desc.location.type_ = 0;
        expect(hipMemPoolSetAccess(pool, &desc, 1), INVALID_VALUE);
        desc.location.type_ = MEM_LOCATION_TYPE_DEVICE;
        desc.location.id = 1;
        expect(hipMemPoolSetAccess(pool, &desc, 1), INVALID_DEVICE);
        desc.location.id = 0;
        desc.flags = MEM_ACCESS_PROT_NONE;
        expect(hipMemPoolSetAccess(pool, &desc, 1), INVALID_DEVICE);

        let mut flags = -1;
        let mut loc = hipMemLocation {
            type_: MEM_LOCATION_TYPE_DEVICE,
            id: 0,
        };
        ok(hipMemPoolGetAccess(&mut flags, pool, &loc));
        assert_eq!(flags, MEM_ACCESS_PROT_READ_WRITE);
        expect(
            hipMemPoolGetAccess(&mut flags, null_mut(), &loc),
            INVALID_VALUE,
        );
        expect(hipMemPoolGetAccess(null_mut(), pool, &loc), INVALID_VALUE);
        loc.type_ = 0;
        expect(hipMemPoolGetAccess(&mut flags, pool, &loc), INVALID_VALUE);
        loc = hipMemLocation {
            type_: MEM_LOCATION_TYPE_DEVICE,
            id: 1,
        };
        expect(hipMemPoolGetAccess(&mut flags, pool, &loc), INVALID_VALUE);

        // Pool sharing: a pool made without hipMemHandleTypePosixFileDescriptor, a wrong
        // handle type or flags, and nulls are hipErrorInvalidValue.
        let mut fd = -1i32;
        let fdp = (&mut fd as *mut i32).cast();
        expect(
            hipMemPoolExportToShareableHandle(null_mut(), pool, 1, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolExportToShareableHandle(fdp, null_mut(), 1, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolExportToShareableHandle(fdp, pool, 0, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolExportToShareableHandle(fdp, pool, 1, 0),
            INVALID_VALUE,
        );
        let shareable = pool_props(MEM_HANDLE_TYPE_POSIX_FD);
        let spool = new_pool(&shareable);
        expect(
            hipMemPoolExportToShareableHandle(fdp, spool, 1, 1),
            INVALID_VALUE,
        );
        ok(hipMemPoolExportToShareableHandle(fdp, spool, 1, 0));
        assert!(fd >= 0, "a descriptor: {fd}");
        let handle = fd as usize as *mut c_void;
        expect(
            hipMemPoolImportFromShareableHandle(null_mut(), handle, 1, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolImportFromShareableHandle(&mut out, null_mut(), 1, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolImportFromShareableHandle(&mut out, handle, 0, 0),
            INVALID_VALUE,
        );
        // Not a descriptor, and a descriptor that is not a pool's memory file.
        expect(
            hipMemPoolImportFromShareableHandle(&mut out, 1_000_000 as *mut c_void, 1, 0),
            INVALID_VALUE,
        );
        let mut pipe = [0i32; 2];
        assert_eq!(libc::pipe(pipe.as_mut_ptr()), 0);
        expect(
            hipMemPoolImportFromShareableHandle(&mut out, pipe[0] as usize as *mut c_void, 1, 0),
            INVALID_VALUE,
        );
        libc::close(pipe[0]);
        libc::close(pipe[1]);
        let mut imported = null_mut();
        ok(hipMemPoolImportFromShareableHandle(
            &mut imported,
            handle,
            1,
            0,
        ));
        // An imported pool maps the exporter's allocations; it makes none.
        expect(
            hipMallocFromPoolAsync(&mut p, 64, imported, s),
            INVALID_VALUE,
        );

        let mut data = hipMemPoolPtrExportData { reserved: [0; 64] };
        ok(hipMallocFromPoolAsync(&mut p, 64, spool, s));
        expect(hipMemPoolExportPointer(null_mut(), p), INVALID_VALUE);
        expect(
            hipMemPoolExportPointer(&mut data, null_mut()),
            INVALID_VALUE,
        );
        let mut plain = null_mut();
        ok(hipMallocFromPoolAsync(&mut plain, 64, pool, s));
        expect(hipMemPoolExportPointer(&mut data, plain), INVALID_VALUE);
        ok(hipFree(plain));
        expect(
            hipMemPoolImportPointer(&mut plain, imported, &mut data),
            INVALID_VALUE,
        );
        ok(hipMemPoolExportPointer(&mut data, p));
        expect(
            hipMemPoolImportPointer(null_mut(), imported, &mut data),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolImportPointer(&mut plain, null_mut(), &mut data),
            INVALID_VALUE,
        );
        expect(
            hipMemPoolImportPointer(&mut plain, imported, null_mut()),
            INVALID_VALUE,
        );
        // Only an imported pool maps exported pointers, and only its exporter's.
        expect(
            hipMemPoolImportPointer(&mut plain, spool, &mut data),
            INVALID_VALUE,
        );
        let other = new_pool(&shareable);
        let mut ofd = -1i32;
        ok(hipMemPoolExportToShareableHandle(
            (&mut ofd as *mut i32).cast(),
            other,
            1,
            0,
        ));
        let mut other_imported = null_mut();
        ok(hipMemPoolImportFromShareableHandle(
            &mut other_imported,
            ofd as usize as *mut c_void,
            1,
            0,
        ));
        expect(
            hipMemPoolImportPointer(&mut plain, other_imported, &mut data),
            INVALID_VALUE,
        );
        ok(hipFree(p));
        ok(hipMemPoolDestroy(other_imported));
        ok(hipMemPoolDestroy(other));
        ok(hipMemPoolDestroy(imported));
        libc::close(fd);
        libc::close(ofd);

        ok(hipStreamDestroy(s));
        ok(hipMemPoolDestroy(spool));
        ok(hipMemPoolDestroy(pool));
    }
}

/// A pool made for sharing, exported and imported in one process: the imported pointer is a
/// second mapping of the same memory (the cross-process case is in tests/ipc.rs).
#[test]
fn pool_memory_imported_is_the_same_memory() {
    let _alone = alone();
    let n = 2048usize;
    let host = random_floats(n, 0x5eed_0011);
    let shareable = pool_props(MEM_HANDLE_TYPE_POSIX_FD);
    let pool = new_pool(&shareable);
    // SAFETY: valid out-pointers and sizes; the imported pointer maps n floats.
    unsafe {
        let (mut x, mut y) = (null_mut(), null_mut());
        ok(hipMallocFromPoolAsync(&mut x, n * 4, pool, null_mut()));
        ok(hipMallocFromPoolAsync(&mut y, n * 4, pool, null_mut()));
        ok(hipMemcpy(x, host.as_ptr().cast(), n * 4, 1));
        ok(hipMemset(y, 0xff, n * 4));
        let mut fd = -1i32;
        ok(hipMemPoolExportToShareableHandle(
            (&mut fd as *mut i32).cast(),
            pool,
            1,
            0,
        ));
        let mut data = hipMemPoolPtrExportData { reserved: [0; 64] };
        ok(hipMemPoolExportPointer(&mut data, y));
        let mut imported = null_mut();
        ok(hipMemPoolImportFromShareableHandle(
            &mut imported,
            fd as usize as *mut c_void,
            1,
            0,
        ));
        let mut alias = null_mut();
        ok(hipMemPoolImportPointer(&mut alias, imported, &mut data));
        assert_ne!(alias, y, "a mapping of its own");
        // A kernel writes through the alias; the exporter's pointer sees it.
        axpb(x, alias, 2.0, 3.0, n as i32, null_mut());
        ok(hipDeviceSynchronize());
        let mut back = vec![f32::NAN; n];
        ok(hipMemcpy(back.as_mut_ptr().cast(), y, n * 4, 2));
        for i in 0..n {
            assert_eq!(back[i], 2.0 * host[i] + 3.0, "element {i}");
        }
        ok(hipFree(alias));
        expect(hipFree(alias), INVALID_VALUE);
        ok(hipFree(x));
        ok(hipFree(y));
        ok(hipMemPoolDestroy(imported));
        ok(hipMemPoolDestroy(pool));
        libc::close(fd);
    }
}
