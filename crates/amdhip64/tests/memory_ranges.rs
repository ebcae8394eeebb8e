//! Managed memory (lazy pages), hints and range attributes, address-range and pointer
//! queries, host flags and hipExtMallocWithFlags, through the C ABI.

mod memory_common;

use amdhip64::memory::{advise::*, range_attr::*, *};
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

const NOT_FOUND: i32 = 500;
const CONTEXT_IS_DESTROYED: i32 = 709;
const PAGE: usize = 4096;

fn attr_i32(attr: i32, p: *const c_void, count: usize) -> i32 {
    let mut v = 12345i32;
    // SAFETY: 4 writable bytes.
    ok(unsafe { hipMemRangeGetAttribute((&mut v as *mut i32).cast(), 4, attr, p, count) });
    v
}

#[test]
fn managed_memory_beyond_ram_is_lazy_and_works_in_kernels() {
    let _alone = alone();
    let (mut free, mut total) = (0usize, 0usize);
    // SAFETY: valid out-pointers.
    ok(unsafe { hipMemGetInfo(&mut free, &mut total) });
    // Twice the device's (the host's) memory: only touched pages are ever backed.
    let huge = total * 2;
    let mut p = null_mut();
    // SAFETY: valid out-pointer; only the first and last pages are touched.
    unsafe {
        ok(hipMallocManaged(&mut p, huge, 1));
        let b = p as *mut u8;
        assert_eq!(*b.add(huge / 2), 0, "zero-filled");
        *b = 7;
        *b.add(huge - 1) = 9;
        let mut back = [0u8; 1];
        ok(hipMemcpy(
            back.as_mut_ptr().cast(),
            b.add(huge - 1).cast(),
            1,
            2,
        ));
        assert_eq!(back[0], 9);
        ok(hipFree(p));
    }

    let n = 5000usize;
    let host = random_floats(n, 0x5eed_0002);
    let (mut x, mut y) = (null_mut(), null_mut());
    // SAFETY: managed allocations of n floats, used by the host and one kernel.
    unsafe {
        ok(hipMallocManaged(&mut x, n * 4, 1));
        ok(hipMallocManaged(&mut y, n * 4, 1));
        std::ptr::copy_nonoverlapping(host.as_ptr(), x as *mut f32, n);
        std::slice::from_raw_parts_mut(y as *mut f32, n).fill(f32::NAN);
        ok(hipMemPrefetchAsync(x, n * 4, 0, null_mut()));
        axpb(x, y, 4.0, 0.25, n as i32, null_mut());
        ok(hipDeviceSynchronize());
        let out = std::slice::from_raw_parts(y as *const f32, n);
        for i in 0..n {
            assert_eq!(out[i], 4.0 * host[i] + 0.25, "element {i}");
        }
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(
            &mut attrs,
            y.cast::<u8>().add(8).cast(),
        ));
        assert_eq!(attrs.type_, 3, "managed");
        assert_eq!(attrs.isManaged, 1);
        ok(hipFree(x));
        ok(hipFree(y));
        expect(hipFree(x), INVALID_VALUE);
    }
}

#[test]
fn hints_and_prefetches_are_reported_back() {
    let _alone = alone();
    let mut p = null_mut();
    let len = 4 * PAGE;
    // SAFETY: a live managed allocation of 4 pages; out-values of the sizes given.
    unsafe {
        ok(hipMallocManaged(&mut p, len, 1));
        let second = (p as *mut u8).add(PAGE) as *const c_void;
        assert_eq!(attr_i32(READ_MOSTLY, p, len), 0);
        assert_eq!(attr_i32(PREFERRED_LOCATION, p, len), -2);
        assert_eq!(attr_i32(LAST_PREFETCH_LOCATION, p, len), -2);
        assert_eq!(attr_i32(COHERENCY_MODE, p, len), COHERENCY_FINE_GRAIN);

        ok(hipMemAdvise(second, PAGE, SET_READ_MOSTLY, 0));
        assert_eq!(attr_i32(READ_MOSTLY, second, PAGE), 1);
        assert_eq!(attr_i32(READ_MOSTLY, p, len), 0, "not all of the range");
        ok(hipMemAdvise(p, len, SET_READ_MOSTLY, 0));
        assert_eq!(attr_i32(READ_MOSTLY, p, len), 1);
        ok(hipMemAdvise(p, PAGE, UNSET_READ_MOSTLY, 0));
        assert_eq!(attr_i32(READ_MOSTLY, p, len), 0);
        assert_eq!(attr_i32(READ_MOSTLY, second, 3 * PAGE), 1);

        ok(hipMemAdvise(p, len, SET_PREFERRED_LOCATION, -1));
        assert_eq!(attr_i32(PREFERRED_LOCATION, p, len), -1);
        ok(hipMemAdvise(second, PAGE, SET_PREFERRED_LOCATION, 0));
        assert_eq!(attr_i32(PREFERRED_LOCATION, second, PAGE), 0);
        assert_eq!(attr_i32(PREFERRED_LOCATION, p, len), -2, "differs");
        ok(hipMemAdvise(p, len, UNSET_PREFERRED_LOCATION, 0));
        assert_eq!(attr_i32(PREFERRED_LOCATION, p, len), -2);

        ok(hipMemAdvise(p, len, SET_ACCESSED_BY, 0));
        ok(hipMemAdvise(p, len, SET_ACCESSED_BY, -1));
        let mut devs = [7i32; 3];
        ok(hipMemRangeGetAttribute(
            devs.as_mut_ptr().cast(),
            12,
            ACCESSED_BY,
            p,
            len,
        ));
        assert_eq!(devs, [0, -1, -2]);
        ok(hipMemAdvise(p, len, UNSET_ACCESSED_BY, 0));
        ok(hipMemRangeGetAttribute(
            devs.as_mut_ptr().cast(),
            12,
            ACCESSED_BY,
            p,
            len,
        ));
        assert_eq!(devs, [-1, -2, -2]);

        ok(hipMemAdvise(p, len, SET_COARSE_GRAIN, 0));
        assert_eq!(attr_i32(COHERENCY_MODE, p, len), COHERENCY_COARSE_GRAIN);
        ok(hipMemAdvise(p, PAGE, UNSET_COARSE_GRAIN, 0));
        assert_eq!(attr_i32(COHERENCY_MODE, p, len), COHERENCY_INDETERMINATE);

        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipMemPrefetchAsync(p, len, 0, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(attr_i32(LAST_PREFETCH_LOCATION, p, len), 0);
        ok(hipMemPrefetchAsync(second, PAGE, -1, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(attr_i32(LAST_PREFETCH_LOCATION, second, PAGE), -1);
        assert_eq!(attr_i32(LAST_PREFETCH_LOCATION, p, len), -2);

        // Several at once.
        let (mut rm, mut pl) = (9i32, 9i32);
        let mut data = [
            (&mut rm as *mut i32).cast::<c_void>(),
            (&mut pl as *mut i32).cast(),
        ];
        let mut sizes = [4usize, 4];
        let mut attrs = [READ_MOSTLY, LAST_PREFETCH_LOCATION];
        ok(hipMemRangeGetAttributes(
            data.as_mut_ptr(),
            sizes.as_mut_ptr(),
            attrs.as_mut_ptr(),
            2,
            second,
            PAGE,
        ));
        assert_eq!((rm, pl), (1, -1));

        // Errors, as ROCm answers them.
        let mut v = 0i32;
        let vp = (&mut v as *mut i32).cast();
        expect(hipMemAdvise(p, PAGE, -1, 0), INVALID_VALUE);
        expect(hipMemAdvise(p, 0, SET_ACCESSED_BY, 0), INVALID_VALUE);
        expect(
            hipMemAdvise(null(), PAGE, SET_ACCESSED_BY, 0),
            INVALID_VALUE,
        );
        expect(hipMemAdvise(p, len + 1, SET_READ_MOSTLY, 0), INVALID_VALUE);
        expect(
            hipMemAdvise(p, PAGE, SET_PREFERRED_LOCATION, 3),
            INVALID_DEVICE,
        );
        // The device is checked first (but not for read-mostly, which has none).
        expect(hipMemAdvise(null(), 0, SET_ACCESSED_BY, 5), INVALID_DEVICE);
        ok(hipMemAdvise(p, PAGE, SET_READ_MOSTLY, 5));
        let mut plain = null_mut();
        ok(hipMalloc(&mut plain, PAGE));
        expect(hipMemAdvise(plain, PAGE, SET_READ_MOSTLY, 0), INVALID_VALUE);
        expect(
            hipMemRangeGetAttribute(null_mut(), 4, READ_MOSTLY, p, PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 0, READ_MOSTLY, p, PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 8, READ_MOSTLY, p, PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 8, PREFERRED_LOCATION, p, PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 8, LAST_PREFETCH_LOCATION, p, PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 10, ACCESSED_BY, p, PAGE),
            INVALID_VALUE,
        );
        expect(hipMemRangeGetAttribute(vp, 4, 999, p, PAGE), INVALID_VALUE);
        expect(
            hipMemRangeGetAttribute(vp, 4, READ_MOSTLY, null(), PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 4, READ_MOSTLY, plain, PAGE),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttribute(vp, 4, READ_MOSTLY, p, 0),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttributes(
                null_mut(),
                sizes.as_mut_ptr(),
                attrs.as_mut_ptr(),
                2,
                p,
                PAGE,
            ),
            INVALID_VALUE,
        );
        expect(
            hipMemRangeGetAttributes(
                data.as_mut_ptr(),
                sizes.as_mut_ptr(),
                attrs.as_mut_ptr(),
                0,
                p,
                PAGE,
            ),
            INVALID_VALUE,
        );
        sizes[1] = 8;
        expect(
            hipMemRangeGetAttributes(
                data.as_mut_ptr(),
                sizes.as_mut_ptr(),
                attrs.as_mut_ptr(),
                2,
                p,
                PAGE,
            ),
            INVALID_VALUE,
        );
        expect(
            hipMemPrefetchAsync(null(), PAGE, 0, null_mut()),
            INVALID_VALUE,
        );
        expect(hipMemPrefetchAsync(p, 0, 0, null_mut()), INVALID_VALUE);
        expect(
            hipMemPrefetchAsync(p, len + 1, 0, null_mut()),
            INVALID_VALUE,
        );
        expect(hipMemPrefetchAsync(p, PAGE, -2, null_mut()), INVALID_DEVICE);
        // Other host memory is usable in place: nothing to move.
        let mut host_buf = vec![0u8; PAGE];
        ok(hipMemPrefetchAsync(
            host_buf.as_mut_ptr().cast(),
            PAGE,
            0,
            null_mut(),
        ));
        ok(hipStreamDestroy(s));
        expect(hipMemPrefetchAsync(p, PAGE, 0, s), CONTEXT_IS_DESTROYED);
        ok(hipFree(plain));
        ok(hipFree(p));
    }
}

#[test]
fn address_ranges_pointer_info_host_flags() {
    let _alone = alone();
    // SAFETY: valid out-pointers; the allocations are live where used.
    unsafe {
        let mut p = null_mut();
        ok(hipMalloc(&mut p, 1000));
        let (mut base, mut size) = (null_mut(), 0usize);
        ok(hipMemGetAddressRange(
            &mut base,
            &mut size,
            p.cast::<u8>().add(999).cast(),
        ));
        assert_eq!((base, size), (p, 1000));
        expect(
            hipMemGetAddressRange(&mut base, &mut size, null_mut()),
            NOT_FOUND,
        );
        // An address no allocation holds: a stack slot (an address past `p` may belong to an
        // allocation of a test running beside this one).
        let local = 0u64;
        expect(
            hipMemGetAddressRange(
                &mut base,
                &mut size,
                (&local as *const u64).cast_mut().cast(),
            ),
            NOT_FOUND,
        );
        ok(hipMemPtrGetInfo(p, &mut size));
        assert_eq!(size, 1000);
        expect(hipMemPtrGetInfo(p, null_mut()), INVALID_VALUE);
        let mut local = 0u64;
        expect(
            hipMemPtrGetInfo((&mut local as *mut u64).cast(), &mut size),
            INVALID_VALUE,
        );

        let mut flags = 0u32;
        expect(hipHostGetFlags(&mut flags, p), INVALID_VALUE);
        ok(hipFree(p));
        let mut h = null_mut();
        ok(hipHostMalloc(&mut h, 64, 0x2 | 0x4));
        ok(hipHostGetFlags(&mut flags, h.cast::<u8>().add(10).cast()));
        assert_eq!(flags, 0x6);
        expect(hipHostGetFlags(null_mut(), h), INVALID_VALUE);
        ok(hipHostFree(h));
        let mut buf = vec![0u8; 256];
        ok(hipHostRegister(buf.as_mut_ptr().cast(), 256, 0x1));
        ok(hipHostGetFlags(&mut flags, buf.as_mut_ptr().cast()));
        assert_eq!(flags, 0x1);
        // Registered memory's size is the registration's (its device pointer is the host
        // address); unregistered, it is unknown again.
        ok(hipMemPtrGetInfo(buf.as_mut_ptr().add(8).cast(), &mut size));
        assert_eq!(size, 256);
        ok(hipHostUnregister(buf.as_mut_ptr().cast()));
        expect(
            hipMemPtrGetInfo(buf.as_mut_ptr().cast(), &mut size),
            INVALID_VALUE,
        );

        for flag in [0u32, 1, 3, 4] {
            let (mut a, mut b) = (null_mut(), null_mut());
            ok(hipExtMallocWithFlags(&mut a, 1, flag));
            ok(hipExtMallocWithFlags(&mut b, 10, flag));
            assert!((a as usize).is_multiple_of(256));
            assert!((b as usize).is_multiple_of(256));
            ok(hipMemset(b, 0x5a, 10));
            ok(hipFree(a));
            ok(hipFree(b));
        }
        // A non-null poison: 0 bytes must give null.
        let mut poison = 0u8;
        let mut a: *mut c_void = (&mut poison as *mut u8).cast();
        ok(hipExtMallocWithFlags(&mut a, 0, 0));
        assert!(a.is_null());
        ok(hipExtMallocWithFlags(&mut a, 8, 0x2));
        ok(hipFree(a));
        expect(hipExtMallocWithFlags(&mut a, 4096, 0x2), INVALID_VALUE);
        expect(hipExtMallocWithFlags(&mut a, 4096, 0x8), INVALID_VALUE);
        expect(hipExtMallocWithFlags(null_mut(), 4096, 0), INVALID_VALUE);
        expect(hipExtMallocWithFlags(&mut a, usize::MAX, 1), OUT_OF_MEMORY);
    }
}

#[test]
fn stream_attach_checks_arguments_as_rocm() {
    let _alone = alone();
    let (global, host, single) = (1u32, 2u32, 4u32);
    let mut s = null_mut();
    let mut p = null_mut();
    let mut pinned = null_mut();
    let mut pageable = vec![0u8; PAGE];
    let pg: *mut c_void = pageable.as_mut_ptr().cast();
    // SAFETY: valid out-pointers; the attached pointers are live allocations or a live Vec.
    unsafe {
        ok(hipStreamCreate(&mut s));
        ok(hipMallocManaged(&mut p, PAGE, host));
        ok(hipHostMalloc(&mut pinned, PAGE, 0));
        // Every attach flag, the whole allocation or length 0, the null stream for all but
        // hipMemAttachSingle.
        ok(hipStreamAttachMemAsync(s, p, 0, single));
        ok(hipStreamAttachMemAsync(s, p, PAGE, host));
        ok(hipStreamAttachMemAsync(null_mut(), p, 0, global));
        ok(hipStreamAttachMemAsync(s, pinned, PAGE, single));
        // Pageable memory, which the device reaches, with its length.
        ok(hipStreamAttachMemAsync(s, pg, PAGE, single));
        ok(hipStreamSynchronize(s));
        // The memory stays usable from both sides.
        *(p as *mut u8) = 3;
        assert_eq!(*(p as *const u8), 3);

        expect(
            hipStreamAttachMemAsync(s, null_mut(), 0, single),
            INVALID_VALUE,
        );
        expect(
            hipStreamAttachMemAsync(s, p, PAGE / 2, single),
            INVALID_VALUE,
        );
        expect(hipStreamAttachMemAsync(s, pinned, 8, global), INVALID_VALUE);
        expect(hipStreamAttachMemAsync(s, p, 0, 0), INVALID_VALUE);
        expect(hipStreamAttachMemAsync(s, p, 0, 7), INVALID_VALUE);
        expect(
            hipStreamAttachMemAsync(null_mut(), p, 0, single),
            INVALID_VALUE,
        );
        expect(hipStreamAttachMemAsync(s, pg, 0, single), INVALID_VALUE);
        ok(hipStreamDestroy(s));
        expect(
            hipStreamAttachMemAsync(s, p, 0, single),
            CONTEXT_IS_DESTROYED,
        );
        ok(hipHostFree(pinned));
        ok(hipFree(p));
    }
}
