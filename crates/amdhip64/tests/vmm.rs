//! Virtual memory management through the C ABI: physical memory mapped into reserved ranges
//! carries data through copies and kernels, two mappings of one allocation see the same
//! bytes, access flags, handle retention, export/import of a file descriptor, and ROCm's
//! error codes.

mod memory_common;

use amdhip64::mempool::*;
use amdhip64::vmm::*;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

fn prop(handle_type: i32) -> hipMemAllocationProp {
    hipMemAllocationProp {
        type_: MEM_ALLOCATION_TYPE_PINNED,
        requestedHandleType: handle_type,
        location: hipMemLocation {
            type_: MEM_LOCATION_TYPE_DEVICE,
            id: 0,
        },
        win32HandleMetaData: null_mut(),
        allocFlags: hipMemAllocFlags::default(),
    }
}

fn rw() -> hipMemAccessDesc {
    hipMemAccessDesc {
        location: hipMemLocation {
            type_: MEM_LOCATION_TYPE_DEVICE,
            id: 0,
        },
        flags: MEM_ACCESS_PROT_READ_WRITE,
    }
}

#[test]
fn mapped_memory_works_in_copies_and_kernels_and_is_shared() {
    let p = prop(MEM_HANDLE_TYPE_POSIX_FD);
    let mut g = 0usize;
    // SAFETY: valid out-pointers; all accesses stay inside mapped, accessible ranges.
    unsafe {
        ok(hipMemGetAllocationGranularity(
            &mut g,
            &p,
            GRANULARITY_MINIMUM,
        ));
        assert!(g >= 4096 && g.is_power_of_two());
        let mut rec = 0usize;
        ok(hipMemGetAllocationGranularity(
            &mut rec,
            &p,
            GRANULARITY_RECOMMENDED,
        ));
        assert_eq!(rec % g, 0);

        let size = 4 * g;
        let mut h = null_mut();
        ok(hipMemCreate(&mut h, size, &p, 0));
        let mut range = null_mut();
        ok(hipMemAddressReserve(&mut range, 2 * size, 0, null_mut(), 0));
        let at = range.cast::<u8>().add(g).cast::<c_void>();
        ok(hipMemMap(at, size, 0, h, 0));
        let mut flags = 9u64;
        let loc = rw().location;
        ok(hipMemGetAccess(&mut flags, &loc, at));
        assert_eq!(flags, 0, "no access until hipMemSetAccess");
        let word = [1u8; 4];
        expect(
            hipMemcpyHtoD(at, word.as_ptr() as *mut c_void, 4),
            INVALID_VALUE,
        );
        ok(hipMemSetAccess(at, size, &rw(), 1));
        ok(hipMemGetAccess(&mut flags, &loc, at));
        assert_eq!(flags, 3);

        // Host -> mapped memory -> kernel -> device buffer -> host.
        let n = size / 4;
        let host = random_floats(n, 0x5eed_0004);
        ok(hipMemcpyHtoD(at, host.as_ptr() as *mut c_void, size));
        let mut out_d = null_mut();
        ok(hipMalloc(&mut out_d, size));
        ok(hipMemset(out_d, 0xff, size));
        axpb(at, out_d, 2.0, 1.0, n as i32, null_mut());
        let mut out = vec![f32::NAN; n];
        ok(hipMemcpyDtoH(out.as_mut_ptr().cast(), out_d, size));
        for i in 0..n {
            assert_eq!(out[i], 2.0 * host[i] + 1.0, "element {i}");
        }
        // A kernel writes into mapped memory too.
        axpb(out_d, at, 0.5, -1.0, n as i32, null_mut());
        ok(hipDeviceSynchronize());
        let mapped = std::slice::from_raw_parts(at as *const f32, n);
        for i in 0..n {
            assert_eq!(mapped[i], 0.5 * out[i] - 1.0, "element {i}");
        }
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(&mut attrs, at));
        assert_eq!(attrs.type_, 2);

        // The same handle comes back from the address.
        let mut again = null_mut();
        ok(hipMemRetainAllocationHandle(
            &mut again,
            at.cast::<u8>().add(100).cast(),
        ));
        assert_eq!(again, h);
        ok(hipMemRelease(again));
        let mut got = prop(0);
        ok(hipMemGetAllocationPropertiesFromHandle(&mut got, h));
        assert_eq!(got.requestedHandleType, MEM_HANDLE_TYPE_POSIX_FD);

        // Export as a descriptor, import, map a second view: both see the same bytes.
        let mut fd: *mut c_void = null_mut();
        ok(hipMemExportToShareableHandle(
            (&mut fd as *mut *mut c_void).cast(),
            h,
            1,
            0,
        ));
        let mut imported = null_mut();
        ok(hipMemImportFromShareableHandle(&mut imported, fd, 1));
        libc::close(fd as usize as i32);
        let mut view = null_mut();
        ok(hipMemAddressReserve(
            &mut view,
            size,
            1 << 21,
            null_mut(),
            0,
        ));
        assert_eq!(view as usize % (1 << 21), 0, "alignment honoured");
        ok(hipMemMap(view, size, 0, imported, 0));
        ok(hipMemSetAccess(view, size, &rw(), 1));
        ok(hipMemset(view, 0x3c, 64));
        // A fill at the start of device memory returns once queued, as in ROCm.
        ok(hipDeviceSynchronize());
        assert!(std::slice::from_raw_parts(at as *const u8, 64)
            .iter()
            .all(|&b| b == 0x3c));

        // Released while mapped: the memory lives on until unmapped.
        ok(hipMemRelease(h));
        ok(hipMemRelease(imported));
        expect(hipMemRelease(h), INVALID_VALUE);
        assert_eq!(*(view as *const u8), 0x3c);
        ok(hipMemUnmap(view, size));
        expect(
            hipMemcpyHtoD(view, host.as_ptr() as *mut c_void, 4),
            INVALID_VALUE,
        );
        ok(hipMemAddressFree(view, size));
        ok(hipMemUnmap(at, size));
        let mut gone = null_mut();
        expect(hipMemRetainAllocationHandle(&mut gone, at), INVALID_VALUE);
        ok(hipMemAddressFree(range, 2 * size));
        ok(hipFree(out_d));
    }
}

#[test]
fn vmm_errors() {
    let p = prop(MEM_HANDLE_TYPE_NONE);
    let mut g = 0usize;
    // SAFETY: deliberate nulls and bad values; everything else is valid.
    unsafe {
        ok(hipMemGetAllocationGranularity(
            &mut g,
            &p,
            GRANULARITY_MINIMUM,
        ));
        expect(
            hipMemGetAllocationGranularity(null_mut(), &p, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemGetAllocationGranularity(&mut g, null(), 0),
            INVALID_VALUE,
        );
        expect(hipMemGetAllocationGranularity(&mut g, &p, 7), INVALID_VALUE);
        let mut bad = p;
        bad.location.id = 1;
        expect(
            hipMemGetAllocationGranularity(&mut g, &bad, 0),
            INVALID_VALUE,
        );

        let mut h = null_mut();
        expect(hipMemCreate(null_mut(), g, &p, 0), INVALID_VALUE);
        expect(hipMemCreate(&mut h, g, null(), 0), INVALID_VALUE);
        expect(hipMemCreate(&mut h, 0, &p, 0), INVALID_VALUE);
        expect(hipMemCreate(&mut h, g + 1, &p, 0), INVALID_VALUE);
        expect(hipMemCreate(&mut h, g, &p, 1), INVALID_VALUE);
        bad = p;
        bad.type_ = 0;
        expect(hipMemCreate(&mut h, g, &bad, 0), INVALID_VALUE);
        bad = p;
        bad.location.type_ = 0;
        expect(hipMemCreate(&mut h, g, &bad, 0), INVALID_VALUE);
        expect(hipMemRelease(null_mut()), INVALID_VALUE);

        ok(hipMemCreate(&mut h, 2 * g, &p, 0));
        let mut r = null_mut();
        expect(
            hipMemAddressReserve(null_mut(), g, 0, null_mut(), 0),
            INVALID_VALUE,
        );
        expect(
            hipMemAddressReserve(&mut r, 0, 0, null_mut(), 0),
            INVALID_VALUE,
        );
        expect(
            hipMemAddressReserve(&mut r, g + 1, 0, null_mut(), 0),
            INVALID_VALUE,
        );
        expect(
            hipMemAddressReserve(&mut r, g, 3, null_mut(), 0),
            INVALID_VALUE,
        );
        ok(hipMemAddressReserve(&mut r, 4 * g, 0, null_mut(), 0));
        let mut local = 0u64;
        let lp = (&mut local as *mut u64).cast::<c_void>();
        expect(hipMemMap(null_mut(), g, 0, h, 0), INVALID_VALUE);
        expect(hipMemMap(r, 0, 0, h, 0), INVALID_VALUE);
        expect(hipMemMap(r, g, 0, null_mut(), 0), INVALID_VALUE);
        expect(hipMemMap(r, 3 * g, 0, h, 0), INVALID_VALUE);
        expect(hipMemMap(r, g, 2 * g, h, 0), INVALID_VALUE);
        expect(hipMemMap(r, g, 0, h, 1), INVALID_VALUE);
        expect(hipMemMap(lp, g, 0, h, 0), INVALID_VALUE);
        let last = r.cast::<u8>().add(3 * g).cast::<c_void>();
        expect(hipMemMap(last, 2 * g, 0, h, 0), INVALID_VALUE);
        ok(hipMemMap(r, 2 * g, 0, h, 0));
        expect(
            hipMemMap(r.cast::<u8>().add(g).cast(), g, 0, h, 0),
            INVALID_VALUE,
        );
        expect(hipFree(r), INVALID_VALUE);

        let desc = rw();
        expect(hipMemSetAccess(null_mut(), g, &desc, 1), INVALID_VALUE);
        expect(hipMemSetAccess(r, 0, &desc, 1), INVALID_VALUE);
        expect(hipMemSetAccess(r, g, null(), 1), INVALID_VALUE);
        expect(hipMemSetAccess(r, g, &desc, 0), INVALID_VALUE);
        expect(hipMemSetAccess(r, 4 * g, &desc, 1), INVALID_VALUE);
        let mut bd = desc;
        bd.location.id = 1;
        expect(hipMemSetAccess(r, 2 * g, &bd, 1), INVALID_VALUE);
        bd = desc;
        bd.flags = 2;
        expect(hipMemSetAccess(r, 2 * g, &bd, 1), INVALID_VALUE);
        let mut flags = 0u64;
        let loc = desc.location;
        expect(hipMemGetAccess(null_mut(), &loc, r), INVALID_VALUE);
        expect(hipMemGetAccess(&mut flags, null(), r), INVALID_VALUE);
        expect(hipMemGetAccess(&mut flags, &loc, null_mut()), INVALID_VALUE);
        expect(hipMemGetAccess(&mut flags, &loc, last), INVALID_VALUE);

        let mut got = null_mut();
        expect(hipMemRetainAllocationHandle(null_mut(), r), INVALID_VALUE);
        expect(
            hipMemRetainAllocationHandle(&mut got, null_mut()),
            INVALID_VALUE,
        );
        expect(hipMemRetainAllocationHandle(&mut got, last), INVALID_VALUE);
        let mut pr = p;
        expect(
            hipMemGetAllocationPropertiesFromHandle(null_mut(), h),
            INVALID_VALUE,
        );
        expect(
            hipMemGetAllocationPropertiesFromHandle(&mut pr, null_mut()),
            INVALID_VALUE,
        );

        let mut fd = 0i32;
        let fdp = (&mut fd as *mut i32).cast::<c_void>();
        expect(
            hipMemExportToShareableHandle(null_mut(), h, 1, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemExportToShareableHandle(fdp, null_mut(), 1, 0),
            INVALID_VALUE,
        );
        expect(hipMemExportToShareableHandle(fdp, h, 2, 0), INVALID_VALUE);
        expect(hipMemExportToShareableHandle(fdp, h, 1, 1), INVALID_VALUE);
        expect(hipMemExportToShareableHandle(fdp, h, 1, 0), INVALID_VALUE);
        let mut imp = null_mut();
        expect(
            hipMemImportFromShareableHandle(null_mut(), 5 as *mut c_void, 1),
            INVALID_VALUE,
        );
        expect(
            hipMemImportFromShareableHandle(&mut imp, null_mut(), 1),
            INVALID_VALUE,
        );
        expect(
            hipMemImportFromShareableHandle(&mut imp, 5 as *mut c_void, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemImportFromShareableHandle(&mut imp, 100_000 as *mut c_void, 1),
            INVALID_VALUE,
        );

        expect(hipMemUnmap(null_mut(), 2 * g), INVALID_VALUE);
        expect(hipMemUnmap(r, 0), INVALID_VALUE);
        expect(hipMemUnmap(r, g), INVALID_VALUE);
        expect(hipMemUnmap(r.cast::<u8>().add(g).cast(), g), INVALID_VALUE);
        ok(hipMemUnmap(r, 2 * g));
        expect(hipMemUnmap(r, 2 * g), INVALID_VALUE);
        expect(hipMemAddressFree(null_mut(), g), INVALID_VALUE);
        expect(hipMemAddressFree(r, 0), INVALID_VALUE);
        expect(hipMemAddressFree(r, g), INVALID_VALUE);
        ok(hipMemAddressFree(r, 4 * g));
        expect(hipMemAddressFree(r, 4 * g), INVALID_VALUE);
        ok(hipMemRelease(h));
    }
}

struct UnmapInCallback {
    at: *mut c_void,
    size: usize,
    code: i32,
}

unsafe extern "C" fn unmap_inside_host_fn(user: *mut c_void) {
    // SAFETY: the test passes an `UnmapInCallback` it keeps alive until the stream is idle.
    let c = unsafe { &mut *user.cast::<UnmapInCallback>() };
    c.code = hipMemUnmap(c.at, c.size);
    let _ = hipGetLastError();
}

/// hipMemUnmap waits for the device first (queued work may use the range), which a host
/// function would do for itself forever: refused there, as hipFree is.
#[test]
fn unmap_inside_a_host_function_is_refused() {
    let p = prop(MEM_HANDLE_TYPE_POSIX_FD);
    let mut g = 0usize;
    // SAFETY: valid out-pointers; `c` outlives the host function (the stream is synchronized
    // before it goes); accesses stay inside the mapped, accessible range.
    unsafe {
        ok(hipMemGetAllocationGranularity(
            &mut g,
            &p,
            GRANULARITY_MINIMUM,
        ));
        let mut h = null_mut();
        ok(hipMemCreate(&mut h, g, &p, 0));
        let mut at = null_mut();
        ok(hipMemAddressReserve(&mut at, g, 0, null_mut(), 0));
        ok(hipMemMap(at, g, 0, h, 0));
        ok(hipMemSetAccess(at, g, &rw(), 1));
        let mut c = UnmapInCallback {
            at,
            size: g,
            code: -1,
        };
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipLaunchHostFunc(
            s,
            Some(unmap_inside_host_fn),
            (&mut c as *mut UnmapInCallback).cast(),
        ));
        ok(hipStreamSynchronize(s));
        ok(hipStreamDestroy(s));
        assert_eq!(c.code, NOT_SUPPORTED);
        // Still mapped: it works, and unmaps outside.
        ok(hipMemset(at, 1, g));
        ok(hipMemUnmap(at, g));
        ok(hipMemAddressFree(at, g));
        ok(hipMemRelease(h));
    }
}
