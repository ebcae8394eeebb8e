//! Pointer queries over every kind of memory: hipPointerGetAttribute (each
//! hipPointer_attribute), hipDrvPointerGetAttributes, hipPointerSetAttribute and
//! hipPointerGetAttributes, with ROCm's answers for memory the runtime does not know.

mod memory_common;

use amdhip64::memory::pointer_attribute as pa;
use amdhip64::mempool::*;
use amdhip64::texture::{hipChannelFormatDesc, hipFreeArray, hipMallocArray};
use amdhip64::vmm::*;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

const INVALID_DEVICE_POINTER: i32 = 17;
const MEMORY_TYPE_HOST: u32 = 1;
const MEMORY_TYPE_DEVICE: u32 = 2;
const MEMORY_TYPE_MANAGED: u32 = 3;
const MEMORY_TYPE_ARRAY: u32 = 10;

/// Reads attribute `a` of `p` as a `T`, starting from `poison`; gives the code and the value.
fn get<T: Copy>(a: i32, p: *const c_void, poison: T) -> (i32, T) {
    let mut v = poison;
    // SAFETY: `v` is a local of the attribute's type.
    let code = unsafe { hipPointerGetAttribute((&mut v as *mut T).cast(), a, p as *mut c_void) };
    (code, v)
}

/// Reads attribute `a` of `p`, which must succeed.
#[track_caller]
fn answer<T: Copy>(a: i32, p: *const c_void, poison: T) -> T {
    let (code, v) = get(a, p, poison);
    ok(code);
    v
}

/// The answers every kind of known memory shares: device pointer, range, ordinal, mapped,
/// buffer id; returns the buffer id.
#[track_caller]
fn check_known(base: *mut c_void, size: usize, host_visible: bool, managed: bool) -> u32 {
    // SAFETY: offsets stay inside the allocation.
    let inner = unsafe { base.cast::<u8>().add(size - 1) }.cast::<c_void>();
    for p in [base, inner] {
        assert_eq!(
            answer(pa::DEVICE_POINTER, p, null::<c_void>()),
            p as *const _
        );
        assert_eq!(
            answer(pa::RANGE_START_ADDR, p, null::<c_void>()),
            base as *const _
        );
        assert_eq!(answer(pa::RANGE_SIZE, p, 0u32) as usize, size);
        assert_eq!(answer(pa::DEVICE_ORDINAL, p, 7i32), 0);
        assert!(answer(pa::MAPPED, p, false));
        assert_eq!(answer(pa::IS_MANAGED, p, !managed), managed);
        let want = if host_visible {
            MEMORY_TYPE_HOST
        } else {
            MEMORY_TYPE_DEVICE
        };
        assert_eq!(answer(pa::MEMORY_TYPE, p, 99u32), want);
        if host_visible {
            assert_eq!(answer(pa::HOST_POINTER, p, null::<c_void>()), p as *const _);
        } else {
            let (code, v) = get(pa::HOST_POINTER, p, std::ptr::dangling::<c_void>());
            expect(code, INVALID_VALUE);
            assert!(v.is_null(), "device memory has no host pointer");
        }
    }
    let id = answer(pa::BUFFER_ID, base, 0u32);
    assert_eq!(
        answer(pa::BUFFER_ID, inner, 0u32),
        id,
        "one id per allocation"
    );
    assert_ne!(id, 0);
    id
}

#[test]
fn device_memory_answers_every_attribute() {
    let _alone = alone();
    // SAFETY: allocations are used within their sizes.
    unsafe {
        let mut d = null_mut();
        ok(hipMalloc(&mut d, 4096));
        let id = check_known(d, 4096, false, false);
        assert_eq!(answer(pa::ACCESS_FLAGS, d, 9u32), 0);
        assert!(!answer(pa::SYNC_MEMOPS, d, true));
        for a in [
            pa::CONTEXT,
            pa::P2P_TOKENS,
            pa::IS_LEGACY_HIP_IPC_CAPABLE,
            pa::ALLOWED_HANDLE_TYPES,
            pa::IS_GPU_DIRECT_RDMA_CAPABLE,
            pa::MEMPOOL_HANDLE,
        ] {
            expect(get(a, d, [0u8; 8]).0, NOT_SUPPORTED);
        }
        for a in [0, -1, 18] {
            expect(get(a, d, [0u8; 8]).0, INVALID_VALUE);
        }
        expect(
            hipPointerGetAttribute(null_mut(), pa::DEVICE_POINTER, d),
            INVALID_VALUE,
        );
        let mut v = 0usize;
        expect(
            hipPointerGetAttribute(
                (&mut v as *mut usize).cast(),
                pa::DEVICE_POINTER,
                null_mut(),
            ),
            INVALID_VALUE,
        );
        ok(hipFree(d));
        // Freed memory is unknown; a new allocation (maybe at the same address) gets a new id.
        expect(get(pa::DEVICE_POINTER, d, 0usize).0, INVALID_VALUE);
        ok(hipMalloc(&mut d, 4096));
        assert_ne!(answer(pa::BUFFER_ID, d, 0u32), id);
        ok(hipFree(d));

        let (mut q, mut pitch) = (null_mut(), 0usize);
        ok(hipMallocPitch(&mut q, &mut pitch, 100, 10));
        check_known(q, pitch * 10, false, false);
        ok(hipFree(q));
    }
}

#[test]
fn host_managed_and_registered_memory() {
    let _alone = alone();
    // SAFETY: allocations are used within their sizes; `buf` outlives its registration.
    unsafe {
        let mut h = null_mut();
        ok(hipHostMalloc(&mut h, 1000, 0x2)); // hipHostMallocMapped
        check_known(h, 1000, true, false);
        assert_eq!(answer(pa::ACCESS_FLAGS, h, 0u32), 0x2);
        ok(hipHostFree(h));

        let mut m = null_mut();
        ok(hipMallocManaged(&mut m, 8192, 1));
        // ROCm answers host for managed memory's type (it is host-coherent memory).
        check_known(m, 8192, true, true);
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(&mut attrs, m));
        assert_eq!(attrs.type_, MEMORY_TYPE_MANAGED);
        assert_eq!(attrs.isManaged, 1);
        ok(hipFree(m));

        let mut buf = vec![0u8; 3000];
        let b = buf.as_mut_ptr().cast::<c_void>();
        ok(hipHostRegister(b, 3000, 0));
        check_known(b, 3000, true, false);
        ok(hipHostUnregister(b));
        expect(get(pa::HOST_POINTER, b, 0usize).0, INVALID_VALUE);
        drop(buf);
    }
}

#[test]
fn unknown_memory_gets_rocm_defaults() {
    let _alone = alone();
    let local = [0u64; 4];
    let p = local.as_ptr().cast::<c_void>();
    expect(get(pa::MEMORY_TYPE, p, 5u32).0, INVALID_VALUE);
    assert_eq!(get(pa::MEMORY_TYPE, p, 5u32).1, 0);
    hipGetLastError();
    let (code, ord) = get(pa::DEVICE_ORDINAL, p, 0i32);
    expect(code, INVALID_VALUE);
    assert_eq!(ord, -2, "hipInvalidDeviceId");
    for a in [
        pa::DEVICE_POINTER,
        pa::HOST_POINTER,
        pa::RANGE_START_ADDR,
        pa::BUFFER_ID,
        pa::RANGE_SIZE,
        pa::IS_MANAGED,
        pa::MAPPED,
        pa::SYNC_MEMOPS,
    ] {
        let (code, v) = get(a, p, usize::MAX);
        expect(code, INVALID_VALUE);
        // Each writes its default (zero, false or null) in its own width.
        assert_ne!(v, usize::MAX, "attribute {a} wrote its default");
    }
    // Access flags of unknown memory: 0, with success (as ROCm).
    assert_eq!(answer(pa::ACCESS_FLAGS, p, 9u32), 0);
    // The whole record: unregistered, on hipInvalidDeviceId, with success (ROCm 6).
    // SAFETY: locals.
    unsafe {
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(&mut attrs, p));
        assert_eq!(attrs.type_, 0);
        assert_eq!(attrs.device, -2);
        assert!(attrs.devicePointer.is_null() && attrs.hostPointer.is_null());
        expect(hipPointerGetAttributes(null_mut(), p), INVALID_VALUE);
        expect(hipPointerGetAttributes(&mut attrs, null()), INVALID_VALUE);
    }
}

#[test]
fn pool_vmm_and_array_memory() {
    let _alone = alone();
    // SAFETY: allocations are used within their sizes; handles are validated.
    unsafe {
        let mut pool = null_mut();
        ok(hipDeviceGetDefaultMemPool(&mut pool, 0));
        let mut a = null_mut();
        ok(hipMallocAsync(&mut a, 5000, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        assert_eq!(answer(pa::MEMORY_TYPE, a, 0u32), MEMORY_TYPE_DEVICE);
        assert_eq!(
            answer(pa::DEVICE_POINTER, a, null::<c_void>()),
            a as *const _
        );
        assert_eq!(answer(pa::MEMPOOL_HANDLE, a, null_mut::<c_void>()), pool);
        ok(hipFreeAsync(a, null_mut()));
        ok(hipStreamSynchronize(null_mut()));

        let prop = hipMemAllocationProp {
            type_: MEM_ALLOCATION_TYPE_PINNED,
            requestedHandleType: MEM_HANDLE_TYPE_NONE,
            location: hipMemLocation {
                type_: MEM_LOCATION_TYPE_DEVICE,
                id: 0,
            },
            win32HandleMetaData: null_mut(),
            allocFlags: hipMemAllocFlags::default(),
        };
        let mut g = 0usize;
        ok(hipMemGetAllocationGranularity(
            &mut g,
            &prop,
            GRANULARITY_MINIMUM,
        ));
        let mut h = null_mut();
        ok(hipMemCreate(&mut h, 2 * g, &prop, 0));
        let mut range = null_mut();
        ok(hipMemAddressReserve(&mut range, 2 * g, 0, null_mut(), 0));
        ok(hipMemMap(range, 2 * g, 0, h, 0));
        // A mapping is device memory once the device may access it.
        let rw = hipMemAccessDesc {
            location: prop.location,
            flags: MEM_ACCESS_PROT_READ_WRITE,
        };
        ok(hipMemSetAccess(range, 2 * g, &rw, 1));
        assert_eq!(answer(pa::MEMORY_TYPE, range, 0u32), MEMORY_TYPE_DEVICE);
        let inner = range.cast::<u8>().add(g + 8).cast::<c_void>();
        assert_eq!(
            answer(pa::RANGE_START_ADDR, inner, null::<c_void>()),
            range as *const _
        );
        ok(hipMemUnmap(range, 2 * g));
        expect(get(pa::DEVICE_POINTER, range, 0usize).0, INVALID_VALUE);
        ok(hipMemAddressFree(range, 2 * g));
        ok(hipMemRelease(h));

        let desc = hipChannelFormatDesc {
            x: 32,
            y: 0,
            z: 0,
            w: 0,
            f: 2, // hipChannelFormatKindFloat
        };
        let mut arr = null_mut();
        ok(hipMallocArray(&mut arr, &desc, 16, 16, 0));
        assert_eq!(answer(pa::MEMORY_TYPE, arr, 0u32), MEMORY_TYPE_ARRAY);
        expect(get(pa::DEVICE_POINTER, arr, 0usize).0, INVALID_VALUE);
        ok(hipFreeArray(arr));
        expect(get(pa::MEMORY_TYPE, arr, 0u32).0, INVALID_VALUE);
    }
}

#[test]
fn several_attributes_at_once() {
    let _alone = alone();
    // SAFETY: each data pointer holds its attribute's type.
    unsafe {
        let mut d = null_mut();
        ok(hipMalloc(&mut d, 1 << 16));
        let at = d.cast::<u8>().add(100).cast::<c_void>();
        let (mut ty, mut ord, mut dp, mut size, mut start) =
            (9u32, 9i32, null_mut::<c_void>(), 0u32, null_mut::<c_void>());
        let mut host = std::ptr::dangling_mut::<c_void>();
        let attrs = [
            pa::MEMORY_TYPE,
            pa::DEVICE_ORDINAL,
            pa::DEVICE_POINTER,
            pa::RANGE_SIZE,
            pa::RANGE_START_ADDR,
            pa::HOST_POINTER,
        ];
        let mut data: [*mut c_void; 6] = [
            (&mut ty as *mut u32).cast(),
            (&mut ord as *mut i32).cast(),
            (&mut dp as *mut *mut c_void).cast(),
            (&mut size as *mut u32).cast(),
            (&mut start as *mut *mut c_void).cast(),
            (&mut host as *mut *mut c_void).cast(),
        ];
        // A host pointer of device memory cannot be answered: its default, and success.
        ok(hipDrvPointerGetAttributes(
            6,
            attrs.as_ptr(),
            data.as_mut_ptr(),
            at,
        ));
        assert_eq!(
            (ty, ord, dp, size, start),
            (MEMORY_TYPE_DEVICE, 0, at, 1 << 16, d)
        );
        assert!(host.is_null());
        hipGetLastError();
        expect(
            hipDrvPointerGetAttributes(0, attrs.as_ptr(), data.as_mut_ptr(), at),
            INVALID_VALUE,
        );
        expect(
            hipDrvPointerGetAttributes(2, null(), data.as_mut_ptr(), at),
            INVALID_VALUE,
        );
        expect(
            hipDrvPointerGetAttributes(2, attrs.as_ptr(), null_mut(), at),
            INVALID_VALUE,
        );
        expect(
            hipDrvPointerGetAttributes(2, attrs.as_ptr(), data.as_mut_ptr(), null_mut()),
            INVALID_VALUE,
        );
        ok(hipFree(d));
    }
}

#[test]
fn sync_memops_is_set_per_allocation() {
    let _alone = alone();
    // SAFETY: allocations are used within their sizes.
    unsafe {
        let (mut src, mut dst) = (null_mut(), null_mut());
        ok(hipMalloc(&mut src, 1024));
        ok(hipMalloc(&mut dst, 1024));
        let one = 1u32;
        let one_p = (&one as *const u32).cast::<c_void>();
        ok(hipPointerSetAttribute(one_p, pa::SYNC_MEMOPS, src));
        assert!(answer(
            pa::SYNC_MEMOPS,
            src.cast::<u8>().add(10).cast(),
            false
        ));
        assert!(
            !answer(pa::SYNC_MEMOPS, dst, true),
            "only the allocation set"
        );
        let x = random_floats(256, 0x5eed_0a77);
        ok(hipMemcpy(src, x.as_ptr().cast(), 1024, 1));
        ok(hipMemcpy(dst, src, 1024, 3));
        let mut back = vec![f32::NAN; 256];
        ok(hipMemcpy(back.as_mut_ptr().cast(), dst, 1024, 2));
        assert_eq!(back, x);
        let zero = 0u32;
        ok(hipPointerSetAttribute(
            (&zero as *const u32).cast(),
            pa::SYNC_MEMOPS,
            src,
        ));
        assert!(!answer(pa::SYNC_MEMOPS, src, true));

        let two = 2u32;
        expect(
            hipPointerSetAttribute((&two as *const u32).cast(), pa::SYNC_MEMOPS, src),
            INVALID_VALUE,
        );
        expect(
            hipPointerSetAttribute(one_p, pa::BUFFER_ID, src),
            INVALID_VALUE,
        );
        expect(hipPointerSetAttribute(one_p, -1, src), INVALID_VALUE);
        expect(
            hipPointerSetAttribute(null(), pa::SYNC_MEMOPS, src),
            INVALID_VALUE,
        );
        expect(
            hipPointerSetAttribute(one_p, pa::SYNC_MEMOPS, null_mut()),
            INVALID_VALUE,
        );
        let mut local = 0u32;
        expect(
            hipPointerSetAttribute(one_p, pa::SYNC_MEMOPS, (&mut local as *mut u32).cast()),
            INVALID_DEVICE_POINTER,
        );
        ok(hipFree(src));
        expect(
            hipPointerSetAttribute(one_p, pa::SYNC_MEMOPS, src),
            INVALID_DEVICE_POINTER,
        );
        ok(hipFree(dst));
    }
}
