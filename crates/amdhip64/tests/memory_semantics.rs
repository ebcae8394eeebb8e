//! ROCm's answers for memory calls that hip-tests checks: when synchronous fills and copies
//! return, the byte-offset array copies, `hip_Memcpy2D` pitches and bounds, host
//! registration, range attributes, and stream-ordered frees.

mod memory_common;

use amdhip64::abi::{hipExtent, hipMemcpy3DParms, hipPitchedPtr, hipPos};
use amdhip64::graph::*;
use amdhip64::memory::hip_Memcpy2D;
use amdhip64::mempool::*;
use amdhip64::texture::*;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const NOT_READY: i32 = 600;
const H2D: i32 = 1;
const D2H: i32 = 2;
const D2D: i32 = 3;
const SYNC_MEMOPS: i32 = 6;
const PAGE: usize = 4096;

static RELEASE: AtomicBool = AtomicBool::new(false);

/// Holds the null stream until the returned thread (which lets it go after `after`) ends.
fn hold_null_stream(after: Duration) -> std::thread::JoinHandle<()> {
    RELEASE.store(false, Ordering::Release);
    ok(hipLaunchHostFunc(
        null_mut(),
        Some(wait_for_flag),
        flag_ptr(&RELEASE),
    ));
    std::thread::spawn(move || {
        std::thread::sleep(after);
        RELEASE.store(true, Ordering::Release);
    })
}

fn device(bytes: usize) -> *mut c_void {
    let mut p = null_mut();
    // SAFETY: valid out-pointer.
    ok(unsafe { hipMalloc(&mut p, bytes) });
    p
}

fn float_desc() -> hipChannelFormatDesc {
    hipChannelFormatDesc {
        x: 32,
        y: 0,
        z: 0,
        w: 0,
        f: 2,
    }
}

#[test]
fn fills_and_copies_of_whole_device_allocations_return_once_queued() {
    let _alone = alone(); // also holds the null stream up alone
    let (a, b) = (device(256), device(256));
    // SAFETY: device buffers of 256 bytes and host buffers as long as each copy.
    unsafe {
        let releaser = hold_null_stream(Duration::from_millis(300));
        ok(hipMemset(a, 7, 256));
        ok(hipMemsetD32(b, 9, 64));
        ok(hipMemset2D(a, 16, 7, 16, 16));
        ok(hipMemcpy(b, a, 256, D2D));
        let mut c: hip_Memcpy2D = std::mem::zeroed();
        c.srcMemoryType = 2;
        c.srcDevice = a;
        c.srcPitch = 64;
        c.dstMemoryType = 2;
        c.dstDevice = b;
        c.dstPitch = 64;
        c.WidthInBytes = 64;
        c.Height = 4;
        ok(hipMemcpyParam2D(&c));
        let pitched = |p: *mut c_void| hipPitchedPtr {
            ptr: p,
            pitch: 64,
            xsize: 64,
            ysize: 2,
        };
        let p3 = hipMemcpy3DParms {
            srcArray: null_mut(),
            srcPos: hipPos { x: 0, y: 0, z: 0 },
            srcPtr: pitched(a),
            dstArray: null_mut(),
            dstPos: hipPos { x: 0, y: 0, z: 0 },
            dstPtr: pitched(b),
            extent: hipExtent {
                width: 64,
                height: 2,
                depth: 2,
            },
            kind: D2D,
        };
        ok(hipMemcpy3D(&p3));
        // None of them waited for the held stream.
        assert!(!RELEASE.load(Ordering::Acquire));
        expect(hipStreamQuery(null_mut()), NOT_READY);
        // A fill at an offset waits, as one of host memory does.
        ok(hipMemset(a.cast::<u8>().add(1).cast(), 7, 8));
        assert!(
            RELEASE.load(Ordering::Acquire),
            "returned before the stream ran"
        );
        releaser.join().unwrap();
        let mut host = [0u8; 256];
        ok(hipMemcpy(host.as_mut_ptr().cast(), b, 256, D2H));
        assert!(host.iter().all(|&x| x == 7));

        // Both sides marked SYNC_MEMOPS: the copy waits.
        let one = 1i32;
        for p in [a, b] {
            ok(hipPointerSetAttribute(
                (&one as *const i32).cast(),
                SYNC_MEMOPS,
                p,
            ));
        }
        let releaser = hold_null_stream(Duration::from_millis(100));
        ok(hipMemcpy(b, a, 256, D2D));
        assert!(
            RELEASE.load(Ordering::Acquire),
            "returned before the stream ran"
        );
        releaser.join().unwrap();
        ok(hipFree(a));
        ok(hipFree(b));
    }
}

#[test]
fn fills_with_a_width_over_the_pitch_are_invalid_values() {
    let _alone = alone();
    let p = device(1024);
    // SAFETY: a 1 KiB device buffer; the calls are refused before any write.
    unsafe {
        expect(hipMemset2D(p, 1, 0, 16, 4), INVALID_VALUE);
        expect(hipMemset2DAsync(p, 32, 0, 33, 4, null_mut()), INVALID_VALUE);
        ok(hipFree(p));
    }
}

#[test]
fn byte_offset_array_copies_stay_in_the_first_row() {
    let _alone = alone();
    // SAFETY: valid descriptors and out-pointers; host buffers as long as each copy.
    unsafe {
        let mut arr = null_mut();
        ok(hipMallocArray(&mut arr, &float_desc(), 8, 4, 0));
        let src: Vec<f32> = (0..32).map(|i| i as f32).collect();
        let mut back = [0f32; 8];
        ok(hipMemcpyHtoA(arr, 0, src.as_ptr().cast(), 32));
        ok(hipMemcpyAtoH(back.as_mut_ptr().cast(), arr, 0, 32));
        assert_eq!(&back[..], &src[..8]);
        // The second row is past these calls' reach.
        expect(
            hipMemcpyHtoA(arr, 0, src.as_ptr().cast(), 33),
            INVALID_VALUE,
        );
        expect(
            hipMemcpyAtoH(back.as_mut_ptr().cast(), arr, 4, 32),
            INVALID_VALUE,
        );
        expect(
            hipMemcpyAtoH(back.as_mut_ptr().cast(), null_mut(), 0, 4),
            INVALID_VALUE,
        );
        expect(
            hipMemcpyHtoA(null_mut(), 0, src.as_ptr().cast(), 4),
            INVALID_VALUE,
        );
        ok(hipFreeArray(arr));
    }
}

#[test]
fn param_2d_pitch_zero_is_packed_and_rows_stay_in_the_named_allocation() {
    let _alone = alone();
    let (rows, cols) = (4usize, 4usize);
    let bytes = rows * cols * 4;
    let (src, dst) = (device(bytes), device(bytes));
    // SAFETY: device buffers of `bytes` bytes and a host buffer as long.
    unsafe {
        let data: Vec<i32> = (0..(rows * cols) as i32).collect();
        ok(hipMemcpy(src, data.as_ptr().cast(), bytes, H2D));
        let mut host = vec![0i32; rows * cols];
        let mut c: hip_Memcpy2D = std::mem::zeroed();
        c.srcMemoryType = 2;
        c.srcDevice = src;
        c.srcPitch = 0;
        c.dstMemoryType = 1;
        c.dstHost = host.as_mut_ptr().cast();
        c.dstPitch = 0;
        c.WidthInBytes = cols * 4;
        c.Height = rows;
        ok(hipMemcpyParam2D(&c));
        assert_eq!(host, data);
        // One row past the source allocation, though other memory may follow it.
        let mut past = c;
        past.srcPitch = cols * 4;
        past.srcY = rows;
        past.Height = 1;
        expect(hipMemcpyParam2D(&past), INVALID_VALUE);
        expect(hipDrvMemcpy2DUnaligned(&past), INVALID_VALUE);
        let mut no_array = c;
        no_array.srcMemoryType = 10;
        no_array.srcArray = null_mut();
        expect(hipMemcpyParam2D(&no_array), INVALID_VALUE);
        ok(hipFree(src));
        ok(hipFree(dst));
    }
}

#[test]
fn host_registration_needs_mapped_pages_and_takes_over_a_stale_one() {
    let _alone = alone();
    // SAFETY: the ranges are this test's own pages; libc calls with valid arguments.
    unsafe {
        let len = 4 * PAGE;
        let m = libc::mmap(
            null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert_ne!(m, libc::MAP_FAILED);
        // The last page unmapped: a range reaching into it cannot be pinned.
        libc::munmap(m.cast::<u8>().add(3 * PAGE).cast(), PAGE);
        expect(hipHostRegister(m, 4 * PAGE, 0), INVALID_VALUE);
        ok(hipHostRegister(m, PAGE, 0));
        // Registered again without an unregistration (the memory was freed and handed out
        // again): the new registration replaces the stale one, as in ROCm.
        ok(hipHostRegister(m, 2 * PAGE, 0));
        // One overlapping from another start is refused.
        expect(
            hipHostRegister(m.cast::<u8>().add(PAGE).cast(), PAGE, 0),
            712, // hipErrorHostMemoryAlreadyRegistered
        );
        let mut dp = null_mut();
        ok(hipHostGetDevicePointer(
            &mut dp,
            m.cast::<u8>().add(PAGE + 8).cast(),
            0,
        ));
        ok(hipHostUnregister(m));
        expect(hipHostUnregister(m), 713); // hipErrorHostMemoryNotRegistered
        libc::munmap(m, 3 * PAGE);
    }
}

#[test]
fn mem_get_info_takes_one_null_pointer() {
    let _alone = alone();
    let mut free = 0usize;
    // SAFETY: a valid out-pointer; the other is null, as ROCm allows.
    unsafe {
        ok(hipMemGetInfo(&mut free, null_mut()));
        assert!(free > 0);
        let mut total = 0usize;
        ok(hipMemGetInfo(null_mut(), &mut total));
        assert!(total >= free);
    }
}

#[test]
fn mipmap_chains_end_at_one_texel() {
    let _alone = alone();
    // SAFETY: valid descriptors and out-pointers.
    unsafe {
        let mut m = null_mut();
        let e = hipExtent {
            width: 6,
            height: 6,
            depth: 0,
        };
        // 6 -> 3 -> 1: three levels, not four.
        expect(
            hipMallocMipmappedArray(&mut m, &float_desc(), e, 4, 0),
            INVALID_VALUE,
        );
        ok(hipMallocMipmappedArray(&mut m, &float_desc(), e, 3, 0));
        ok(hipFreeMipmappedArray(m));
    }
}

#[test]
fn range_attributes_apply_per_page_and_prefetches_show_at_once() {
    let _alone = alone();
    const LAST_PREFETCH: i32 = 4;
    const COHERENCY: i32 = 100;
    const ACCESSED_BY: i32 = 3;
    const SET_ACCESSED_BY: i32 = 5;
    const SET_READ_MOSTLY: i32 = 1;
    // SAFETY: valid out-pointers and ranges inside the allocations.
    unsafe {
        let mut m = null_mut();
        ok(hipMallocManaged(&mut m, 3 * PAGE, 1));
        let at = |o: usize| m.cast::<u8>().add(o).cast::<c_void>();
        let mut v = 0i32;
        ok(hipMemRangeGetAttribute(
            (&mut v as *mut i32).cast(),
            4,
            LAST_PREFETCH,
            m,
            3 * PAGE,
        ));
        assert_eq!(v, -2, "hipInvalidDeviceId before any prefetch");
        // Half a page from the middle of page 0 into page 1: both whole pages count.
        ok(hipMemPrefetchAsync(at(PAGE / 2), PAGE, 0, null_mut()));
        ok(hipMemRangeGetAttribute(
            (&mut v as *mut i32).cast(),
            4,
            LAST_PREFETCH,
            m,
            2 * PAGE,
        ));
        assert_eq!(v, 0);
        ok(hipMemRangeGetAttribute(
            (&mut v as *mut i32).cast(),
            4,
            LAST_PREFETCH,
            m,
            3 * PAGE,
        ));
        assert_eq!(v, -2, "page 2 was not prefetched");
        ok(hipMemAdvise(at(PAGE / 4), PAGE / 2, SET_ACCESSED_BY, 0));
        ok(hipMemRangeGetAttribute(
            (&mut v as *mut i32).cast(),
            4,
            ACCESSED_BY,
            m,
            PAGE,
        ));
        assert_eq!(v, 0);
        ok(hipFree(m));

        // hipMalloc memory is coarse-grained; it takes no hints.
        let d = device(64);
        ok(hipMemRangeGetAttribute(
            (&mut v as *mut i32).cast(),
            4,
            COHERENCY,
            d,
            64,
        ));
        assert_eq!(v, 1, "hipMemRangeCoherencyModeCoarseGrain");
        expect(
            hipMemRangeGetAttribute((&mut v as *mut i32).cast(), 4, 1, d, 64),
            INVALID_VALUE,
        );
        expect(hipMemAdvise(d, 64, SET_READ_MOSTLY, 0), INVALID_VALUE);
        ok(hipFree(d));

        // Pageable memory takes hints (the device reaches it, as with HMM) when mapped.
        let page = libc::mmap(
            null_mut(),
            2 * PAGE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert_ne!(page, libc::MAP_FAILED);
        ok(hipMemAdvise(page, PAGE, SET_READ_MOSTLY, 0));
        ok(hipMemRangeGetAttribute(
            (&mut v as *mut i32).cast(),
            4,
            1,
            page,
            PAGE,
        ));
        assert_eq!(v, 1);
        libc::munmap(page.cast::<u8>().add(PAGE).cast(), PAGE);
        expect(
            hipMemAdvise(page, 2 * PAGE, SET_READ_MOSTLY, 0),
            INVALID_VALUE,
        );
        libc::munmap(page, PAGE);
    }
}

#[test]
fn stream_ordered_frees_are_reused_by_their_stream_and_take_hipmalloc_memory() {
    let _alone = alone();
    const USED_CURRENT: i32 = 7;
    // SAFETY: valid out-pointers and live handles.
    unsafe {
        let mut pool = null_mut();
        ok(hipDeviceGetDefaultMemPool(&mut pool, 0));
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        let (mut a, mut b) = (null_mut(), null_mut());
        ok(hipMallocFromPoolAsync(&mut a, 1 << 20, pool, s));
        let mut used = 0u64;
        ok(hipMemPoolGetAttribute(
            pool,
            USED_CURRENT,
            (&mut used as *mut u64).cast(),
        ));
        let before = used;
        ok(hipFreeAsync(a, s));
        // The free stops counting at once, and the same stream takes the block again.
        ok(hipMemPoolGetAttribute(
            pool,
            USED_CURRENT,
            (&mut used as *mut u64).cast(),
        ));
        assert_eq!(used, before - (1 << 20));
        ok(hipMallocFromPoolAsync(&mut b, 1 << 20, pool, s));
        assert_eq!(a, b);
        ok(hipFreeAsync(b, s));
        expect(hipFreeAsync(b, s), INVALID_VALUE);

        // hipMalloc memory, freed in stream order; a second free is refused.
        for bytes in [64, 1 << 20] {
            let d = device(bytes);
            ok(hipFreeAsync(d, s));
            expect(hipFreeAsync(d, s), INVALID_VALUE);
        }
        ok(hipStreamSynchronize(s));

        // Captured, they become graph memory nodes.
        // Relaxed mode: a global-mode capture would fail the allocations other tests of this
        // binary make meanwhile (and be invalidated by them).
        ok(hipStreamBeginCapture(s, 2));
        let mut c = null_mut();
        ok(hipMallocFromPoolAsync(&mut c, 4096, pool, s));
        assert!(!c.is_null());
        ok(hipFreeAsync(c, s));
        let mut g = null_mut();
        ok(hipStreamEndCapture(s, &mut g));
        let mut n = 0usize;
        ok(hipGraphGetNodes(g, null_mut(), &mut n));
        assert_eq!(n, 2);
        let mut nodes = [null_mut(); 2];
        ok(hipGraphGetNodes(g, nodes.as_mut_ptr(), &mut n));
        let mut kinds = [0i32; 2];
        for (k, &node) in kinds.iter_mut().zip(&nodes) {
            ok(hipGraphNodeGetType(node, k));
        }
        kinds.sort();
        assert_eq!(kinds, [10, 11], "MemAlloc and MemFree nodes");
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
}

#[test]
fn hipfree_releases_pinned_host_memory() {
    let _alone = alone();
    // SAFETY: valid out-pointer; the pointer is freed once, then refused.
    unsafe {
        let mut h = null_mut();
        ok(hipHostMalloc(&mut h, 128, 0));
        ok(hipFree(h));
        expect(hipHostFree(h), INVALID_VALUE);
    }
}
