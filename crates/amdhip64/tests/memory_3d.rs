//! hipMalloc3D, hipMemset3D(Async), hipMemcpyParam2D(Async), hipDrvMemcpy2DUnaligned and
//! hipMemsetD2D8/16/32(Async) on linear memory, through the C ABI.

mod memory_common;

use amdhip64::abi::{hipExtent, hipPitchedPtr};
use amdhip64::memory::hip_Memcpy2D;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

fn random_bytes(n: usize, seed: u64) -> Vec<u8> {
    random_floats(n, seed)
        .iter()
        .map(|f| (f.to_bits() >> 7) as u8)
        .collect()
}

fn param(
    src_type: i32,
    src: *const c_void,
    spitch: usize,
    dst_type: i32,
    dst: *mut c_void,
    dpitch: usize,
) -> hip_Memcpy2D {
    hip_Memcpy2D {
        srcXInBytes: 0,
        srcY: 0,
        srcMemoryType: src_type,
        srcHost: if src_type == 1 { src } else { null() },
        srcDevice: if src_type == 1 {
            null_mut()
        } else {
            src as *mut c_void
        },
        srcArray: null_mut(),
        srcPitch: spitch,
        dstXInBytes: 0,
        dstY: 0,
        dstMemoryType: dst_type,
        dstHost: if dst_type == 1 { dst } else { null_mut() },
        dstDevice: if dst_type == 1 { null_mut() } else { dst },
        dstArray: null_mut(),
        dstPitch: dpitch,
        WidthInBytes: 0,
        Height: 0,
    }
}

#[test]
fn malloc3d_memset3d_and_copies_round_trip() {
    let (w, h, d) = (100usize, 7usize, 3usize);
    let mut pp = hipPitchedPtr {
        ptr: null_mut(),
        pitch: 0,
        xsize: 0,
        ysize: 0,
    };
    // SAFETY: valid out-pointers; every copy stays inside the allocations.
    unsafe {
        ok(hipMalloc3D(
            &mut pp,
            hipExtent {
                width: w,
                height: h,
                depth: d,
            },
        ));
        assert!(pp.pitch >= w && pp.pitch.is_multiple_of(256));
        assert_eq!((pp.xsize, pp.ysize), (w, h));
        let total = pp.pitch * h * d;
        ok(hipMemset(pp.ptr, 0x11, total));
        // Fill a 60x5x2 box at the origin with 0xab; the rest keeps 0x11.
        ok(hipMemset3D(
            pp,
            0xab,
            hipExtent {
                width: 60,
                height: 5,
                depth: 2,
            },
        ));
        let mut back = vec![0u8; total];
        ok(hipMemcpy(back.as_mut_ptr().cast(), pp.ptr, total, 2));
        for z in 0..d {
            for y in 0..h {
                for x in 0..pp.pitch {
                    let want = if x < 60 && y < 5 && z < 2 { 0xab } else { 0x11 };
                    assert_eq!(back[(z * h + y) * pp.pitch + x], want, "({x}, {y}, {z})");
                }
            }
        }
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipMemset3DAsync(
            pp,
            0x22,
            hipExtent {
                width: w,
                height: h,
                depth: d,
            },
            s,
        ));
        ok(hipStreamSynchronize(s));
        ok(hipMemcpy(back.as_mut_ptr().cast(), pp.ptr, total, 2));
        for z in 0..d {
            for y in 0..h {
                assert!(back[(z * h + y) * pp.pitch..][..w]
                    .iter()
                    .all(|&b| b == 0x22));
            }
        }

        // Host -> device -> device -> host through the parameter block, with offsets.
        let src = random_bytes(w * h, 0x5eed_0003);
        let mut c = param(1, src.as_ptr().cast(), w, 2, pp.ptr, pp.pitch);
        c.WidthInBytes = w;
        c.Height = h;
        ok(hipMemcpyParam2D(&c));
        let mut other = null_mut();
        ok(hipMalloc(&mut other, w * h));
        let mut c2 = param(2, pp.ptr, pp.pitch, 2, other, w);
        c2.srcXInBytes = 10;
        c2.srcY = 2;
        c2.WidthInBytes = w - 10;
        c2.Height = h - 2;
        ok(hipMemcpyParam2DAsync(&c2, s));
        ok(hipStreamSynchronize(s));
        let mut out = vec![0u8; w * h];
        out.fill(0xee);
        let mut c3 = param(2, other, w, 1, out.as_mut_ptr().cast(), w);
        c3.WidthInBytes = w - 10;
        c3.Height = h - 2;
        ok(hipDrvMemcpy2DUnaligned(&c3));
        for y in 0..h - 2 {
            for x in 0..w - 10 {
                assert_eq!(out[y * w + x], src[(y + 2) * w + x + 10], "({x}, {y})");
            }
        }

        // Errors.
        expect(hipMemcpyParam2D(null()), INVALID_VALUE);
        let mut bad = c;
        bad.srcMemoryType = 5;
        expect(hipMemcpyParam2D(&bad), INVALID_VALUE);
        bad = c;
        bad.dstMemoryType = 10; // an array side naming no array (null hipArray_t)
        expect(hipMemcpyParam2D(&bad), INVALID_VALUE);
        bad = c;
        // A row wider than a pitch: hipErrorInvalidValue in the driver-API form (ROCm's
        // hipGetLastError test); hipMemcpy2D says hipErrorInvalidPitchValue.
        bad.WidthInBytes = pp.pitch + 1;
        expect(hipMemcpyParam2D(&bad), INVALID_VALUE);
        expect(hipMemcpyParam2DAsync(&bad, null_mut()), INVALID_VALUE);
        expect(
            hipMalloc3D(
                null_mut(),
                hipExtent {
                    width: 1,
                    height: 1,
                    depth: 1,
                },
            ),
            INVALID_VALUE,
        );
        let mut nul = pp;
        nul.ptr = null_mut();
        expect(
            hipMemset3D(
                nul,
                0,
                hipExtent {
                    width: 1,
                    height: 1,
                    depth: 1,
                },
            ),
            INVALID_VALUE,
        );
        expect(
            hipMemset3D(
                pp,
                0,
                hipExtent {
                    width: pp.pitch + 1,
                    height: 1,
                    depth: 1,
                },
            ),
            INVALID_VALUE,
        );
        expect(
            hipMemset3D(
                pp,
                0,
                hipExtent {
                    width: w,
                    height: h,
                    depth: d + 1,
                },
            ),
            INVALID_VALUE,
        );
        ok(hipStreamDestroy(s));
        ok(hipFree(other));
        ok(hipFree(pp.ptr));
    }
}

#[test]
fn memset_d2d_fills_rows_of_elements() {
    let (pitch, rows) = (256usize, 4usize);
    let mut p = null_mut();
    // SAFETY: one allocation of `pitch * rows` bytes; fills and copies stay inside it.
    unsafe {
        ok(hipMalloc(&mut p, pitch * rows));
        let mut back = vec![0u8; pitch * rows];
        ok(hipMemset(p, 0, pitch * rows));
        ok(hipMemsetD2D8(p, pitch, 0x7f, 10, rows));
        ok(hipMemcpy(back.as_mut_ptr().cast(), p, pitch * rows, 2));
        for r in 0..rows {
            assert!(back[r * pitch..][..10].iter().all(|&b| b == 0x7f));
            assert!(back[r * pitch + 10..][..pitch - 10].iter().all(|&b| b == 0));
        }
        ok(hipMemsetD2D16(p, pitch, 0xbeef, 20, rows));
        ok(hipMemcpy(back.as_mut_ptr().cast(), p, pitch * rows, 2));
        for r in 0..rows {
            for i in 0..20 {
                let v = u16::from_le_bytes([back[r * pitch + 2 * i], back[r * pitch + 2 * i + 1]]);
                assert_eq!(v, 0xbeef);
            }
            assert_eq!(back[r * pitch + 40], 0);
        }
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipMemsetD2D32Async(p, pitch, 0xdead_beef, 64, rows, s));
        ok(hipMemsetD2D8Async(p, pitch, 1, 1, rows, s));
        ok(hipMemsetD2D16Async(p, pitch, 0x0202, 1, 1, s));
        ok(hipStreamSynchronize(s));
        ok(hipMemcpy(back.as_mut_ptr().cast(), p, pitch * rows, 2));
        assert_eq!(&back[0..4], &[2, 2, 0xad, 0xde]);
        assert_eq!(&back[pitch..pitch + 4], &[1, 0xbe, 0xad, 0xde]);
        assert_eq!(&back[pitch + 4..pitch + 8], &0xdead_beefu32.to_le_bytes());
        expect(hipMemsetD2D32(p, pitch, 0, 65, rows), INVALID_VALUE);
        expect(hipMemsetD2D8(null_mut(), pitch, 0, 1, 1), INVALID_VALUE);
        ok(hipStreamDestroy(s));
        ok(hipFree(p));
    }
}

#[test]
fn driver_and_legacy_allocation_spellings() {
    // SAFETY: valid out-pointers; copies stay inside the allocations.
    unsafe {
        let mut h = null_mut();
        ok(hipHostAlloc(&mut h, 64, 0x2 | 0x4));
        let mut flags = 0u32;
        ok(hipHostGetFlags(&mut flags, h));
        assert_eq!(flags, 0x6);
        ok(hipHostFree(h));
        expect(hipHostAlloc(&mut h, 64, 0x8), INVALID_VALUE);
        expect(hipHostAlloc(null_mut(), 64, 0), INVALID_VALUE);
        ok(hipMemAllocHost(&mut h, 32));
        ok(hipHostFree(h));

        let (mut d, mut pitch) = (null_mut(), 0usize);
        ok(hipMemAllocPitch(&mut d, &mut pitch, 100, 3, 4));
        assert!(pitch >= 100);
        expect(
            hipMemAllocPitch(&mut d, &mut pitch, 100, 3, 2),
            INVALID_VALUE,
        );
        expect(hipMemAllocPitch(&mut d, &mut pitch, 0, 3, 4), INVALID_VALUE);

        // hipMemcpyDeviceToDeviceNoCU copies device to device.
        let src = random_bytes(300, 0x5eed_0006);
        let mut e = null_mut();
        ok(hipMalloc(&mut e, 300));
        ok(hipMemcpy(d, src.as_ptr().cast(), 300, 1));
        ok(hipMemcpy(e, d, 300, 1024));
        let mut back = vec![0u8; 300];
        ok(hipMemcpy(back.as_mut_ptr().cast(), e, 300, 2));
        assert_eq!(back, src);
        expect(hipMemcpy(e, d, 300, 1025), 21);
        ok(hipFree(e));
        ok(hipFree(d));
    }
}
