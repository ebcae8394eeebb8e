//! Arrays, textures and surfaces through the C ABI: array creation and its error codes, copies
//! with arrays (2-D, linear, 3-D, array to array), texture objects sampled by kernels in every
//! address mode × filter mode × read mode × coordinate kind over 1-D, 2-D and 3-D arrays,
//! compared with a host sampler written here, layered and mipmapped textures, linear
//! textures, surfaces written by a kernel, and the texture object API's error codes.

mod common;

use amdhip64::abi::{hipExtent, hipMemcpy3DParms, hipPitchedPtr, hipPos};
use amdhip64::texture::*;
use amdhip64::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::OnceLock;

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_PITCH_VALUE: i32 = 12;
const INVALID_MEMCPY_DIRECTION: i32 = 21;
const INVALID_HANDLE: i32 = 400;
const CONTEXT_IS_DESTROYED: i32 = 709;

const H2D: i32 = 1;
const D2H: i32 = 2;
const D2D: i32 = 3;

/// `code` came back and is also this thread's last error (which is then reset).
fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned code");
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

fn ok(code: i32) {
    assert_eq!(code, SUCCESS, "HIP call failed");
}

/// xorshift64*: reproducible random inputs without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

fn desc(x: i32, y: i32, z: i32, w: i32, f: i32) -> hipChannelFormatDesc {
    hipCreateChannelDesc(x, y, z, w, f)
}

const UNSIGNED: i32 = 1;
const FLOAT: i32 = 2;

// --- arrays --------------------------------------------------------------------------------

#[test]
fn array_creation_errors() {
    let f4 = desc(32, 32, 32, 32, FLOAT);
    let mut a = null_mut();
    // SAFETY: valid out-pointers and descriptors, or deliberate nulls.
    unsafe {
        expect(hipMallocArray(null_mut(), &f4, 4, 4, 0), INVALID_VALUE);
        expect(hipMallocArray(&mut a, null(), 4, 4, 0), INVALID_VALUE);
        expect(hipMallocArray(&mut a, &f4, 0, 4, 0), INVALID_VALUE);
        expect(hipMallocArray(&mut a, &f4, 4, 4, 0x100), INVALID_VALUE);
        expect(hipMallocArray(&mut a, &f4, 1 << 20, 4, 0), INVALID_VALUE);
        // Three components, mixed widths, a gap, an 8-bit float, kind None.
        for d in [
            desc(8, 8, 8, 0, UNSIGNED),
            desc(8, 16, 0, 0, UNSIGNED),
            desc(8, 0, 8, 0, UNSIGNED),
            desc(8, 0, 0, 0, FLOAT),
            desc(32, 0, 0, 0, 3),
            desc(24, 0, 0, 0, UNSIGNED),
        ] {
            expect(hipMallocArray(&mut a, &d, 4, 4, 0), INVALID_VALUE);
        }
        // Gather only for 2-D; cubemaps square with 6 faces.
        let e = |w, h, d| hipExtent {
            width: w,
            height: h,
            depth: d,
        };
        expect(
            hipMalloc3DArray(&mut a, &f4, e(4, 4, 4), 0x08),
            INVALID_VALUE,
        );
        expect(
            hipMalloc3DArray(&mut a, &f4, e(4, 8, 6), 0x04),
            INVALID_VALUE,
        );
        expect(
            hipMalloc3DArray(&mut a, &f4, e(4, 4, 5), 0x04),
            INVALID_VALUE,
        );
        expect(
            hipMalloc3DArray(&mut a, &f4, e(4, 4, 0), 0x01),
            INVALID_VALUE,
        );
        // The device's limits: 16384 for 1-D, 2048 a side for 3-D, 2048 layers.
        ok(hipMallocArray(&mut a, &f4, 16384, 0, 0));
        ok(hipFreeArray(a));
        expect(hipMallocArray(&mut a, &f4, 16385, 0, 0), INVALID_VALUE);
        expect(
            hipMalloc3DArray(&mut a, &f4, e(2049, 4, 4), 0),
            INVALID_VALUE,
        );
        expect(
            hipMalloc3DArray(&mut a, &f4, e(4, 4, 2049), 0x01),
            INVALID_VALUE,
        );
        // Driver forms: channel counts 1, 2, 4 and known formats only.
        let mut d3 = HIP_ARRAY3D_DESCRIPTOR {
            Width: 4,
            Height: 4,
            Depth: 0,
            Format: 0x20,
            NumChannels: 3,
            Flags: 0,
        };
        expect(hipArray3DCreate(&mut a, &d3), INVALID_VALUE);
        d3.NumChannels = 1;
        d3.Format = 0x33;
        expect(hipArray3DCreate(&mut a, &d3), INVALID_VALUE);
        expect(hipArrayCreate(&mut a, null()), INVALID_VALUE);

        // Handles: null and stale arrays.
        expect(hipFreeArray(null_mut()), INVALID_VALUE);
        let mut cd = hipChannelFormatDesc::default();
        let mut ext = hipExtent {
            width: 0,
            height: 0,
            depth: 0,
        };
        let mut fl = 0;
        expect(
            hipArrayGetInfo(&mut cd, &mut ext, &mut fl, null_mut()),
            INVALID_HANDLE,
        );
        ok(hipMallocArray(&mut a, &f4, 8, 2, 0));
        let mut dd = HIP_ARRAY_DESCRIPTOR::default();
        expect(hipArrayGetDescriptor(null_mut(), a), INVALID_VALUE);
        ok(hipArrayGetDescriptor(&mut dd, a));
        assert_eq!(
            (dd.Width, dd.Height, dd.Format, dd.NumChannels),
            (8, 2, 0x20, 4)
        );
        ok(hipFreeArray(a));
        expect(hipFreeArray(a), CONTEXT_IS_DESTROYED);
        expect(hipArrayGetDescriptor(&mut dd, a), INVALID_HANDLE);
        expect(
            hipArrayGetInfo(&mut cd, &mut ext, &mut fl, a),
            INVALID_HANDLE,
        );
        let local = 0u64;
        expect(
            hipArrayDestroy(&local as *const u64 as *mut c_void),
            CONTEXT_IS_DESTROYED,
        );
    }
}

#[test]
fn array_info_and_descriptors() {
    // SAFETY: valid out-pointers and descriptors.
    unsafe {
        let mut a = null_mut();
        let d = desc(16, 16, 0, 0, 0);
        ok(hipMalloc3DArray(
            &mut a,
            &d,
            hipExtent {
                width: 5,
                height: 3,
                depth: 2,
            },
            0x02,
        ));
        let mut cd = hipChannelFormatDesc::default();
        let mut e = hipExtent {
            width: 0,
            height: 0,
            depth: 0,
        };
        let mut fl = 0;
        ok(hipArrayGetInfo(&mut cd, &mut e, &mut fl, a));
        assert_eq!(cd, d);
        assert_eq!((e.width, e.height, e.depth, fl), (5, 3, 2, 0x02));
        let mut d3 = HIP_ARRAY3D_DESCRIPTOR::default();
        ok(hipArray3DGetDescriptor(&mut d3, a));
        assert_eq!(
            (
                d3.Width,
                d3.Height,
                d3.Depth,
                d3.Format,
                d3.NumChannels,
                d3.Flags
            ),
            (5, 3, 2, 0x09, 2, 0x02)
        );
        let mut g = hipChannelFormatDesc::default();
        ok(hipGetChannelDesc(&mut g, a));
        assert_eq!(g, d);
        ok(hipArrayDestroy(a));

        let dd = HIP_ARRAY_DESCRIPTOR {
            Width: 7,
            Height: 0,
            Format: 0x01,
            NumChannels: 4,
        };
        ok(hipArrayCreate(&mut a, &dd));
        ok(hipArrayGetInfo(&mut cd, &mut e, &mut fl, a));
        assert_eq!(cd, desc(8, 8, 8, 8, UNSIGNED));
        assert_eq!((e.width, e.height, e.depth), (7, 0, 0));
        ok(hipFreeArray(a));
    }
}

#[test]
fn array_copies_round_trip() {
    let mut rng = Rng(0x5eed_0001);
    let (w, h) = (13usize, 7usize);
    let elem = 8; // two floats
    let src: Vec<u8> = (0..w * h * elem).map(|_| rng.below(256) as u8).collect();
    // SAFETY: buffers sized for each copy.
    unsafe {
        let mut a = null_mut();
        ok(hipMallocArray(&mut a, &desc(32, 32, 0, 0, FLOAT), w, h, 0));
        // Host → array through a pitched host buffer, back into a poisoned buffer.
        let spitch = w * elem + 24;
        let mut pitched = vec![0u8; spitch * h];
        for r in 0..h {
            pitched[r * spitch..r * spitch + w * elem]
                .copy_from_slice(&src[r * w * elem..(r + 1) * w * elem]);
        }
        ok(hipMemcpy2DToArray(
            a,
            0,
            0,
            pitched.as_ptr().cast(),
            spitch,
            w * elem,
            h,
            H2D,
        ));
        let mut back = vec![0xAAu8; w * h * elem];
        ok(hipMemcpy2DFromArray(
            back.as_mut_ptr().cast(),
            w * elem,
            a,
            0,
            0,
            w * elem,
            h,
            D2H,
        ));
        assert_eq!(back, src);

        // A sub-rectangle at an offset, asynchronously on a stream.
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        let (x0, y0, sw, sh) = (3 * elem, 2, 4 * elem, 3);
        let mut sub = vec![0x55u8; sw * sh];
        ok(hipMemcpy2DFromArrayAsync(
            sub.as_mut_ptr().cast(),
            sw,
            a,
            x0,
            y0,
            sw,
            sh,
            D2H,
            s,
        ));
        ok(hipStreamSynchronize(s));
        for r in 0..sh {
            let o = (y0 + r) * w * elem + x0;
            assert_eq!(&sub[r * sw..(r + 1) * sw], &src[o..o + sw]);
        }
        let patch: Vec<u8> = (0..sw * sh).map(|_| rng.below(256) as u8).collect();
        ok(hipMemcpy2DToArrayAsync(
            a,
            x0,
            y0,
            patch.as_ptr().cast(),
            sw,
            sw,
            sh,
            H2D,
            s,
        ));
        ok(hipStreamSynchronize(s));
        let mut expect_all = src.clone();
        for r in 0..sh {
            let o = (y0 + r) * w * elem + x0;
            expect_all[o..o + sw].copy_from_slice(&patch[r * sw..(r + 1) * sw]);
        }
        ok(hipMemcpyFromArray(
            back.as_mut_ptr().cast(),
            a,
            0,
            0,
            w * h * elem,
            D2H,
        ));
        assert_eq!(back, expect_all);

        // Array → array, then device memory ↔ array, then the linear forms.
        let mut b = null_mut();
        ok(hipMallocArray(&mut b, &desc(32, 32, 0, 0, FLOAT), w, h, 0));
        ok(hipMemcpyArrayToArray(b, 0, 0, a, 0, 0, w * elem, h, D2D));
        let mut dev = null_mut();
        ok(hipMalloc(&mut dev, w * h * elem));
        ok(hipMemcpy2DFromArray(
            dev,
            w * elem,
            b,
            0,
            0,
            w * elem,
            h,
            D2D,
        ));
        back.fill(0);
        ok(hipMemcpy(back.as_mut_ptr().cast(), dev, w * h * elem, D2H));
        assert_eq!(back, expect_all);
        ok(hipMemcpyHtoA(b, elem, src.as_ptr().cast(), 5 * elem));
        let mut five = vec![0u8; 5 * elem];
        ok(hipMemcpyAtoH(five.as_mut_ptr().cast(), b, elem, 5 * elem));
        assert_eq!(five, &src[..5 * elem]);
        ok(hipMemcpyToArray(
            b,
            0,
            1,
            src.as_ptr().cast(),
            w * elem,
            H2D,
        ));
        ok(hipMemcpyFromArray(
            five.as_mut_ptr().cast(),
            b,
            0,
            1,
            5 * elem,
            D2H,
        ));
        assert_eq!(five, &src[..5 * elem]);

        // Error paths: null and stale arrays, bounds, pitch, kind.
        let hp: *const c_void = src.as_ptr().cast();
        expect(
            hipMemcpy2DToArray(null_mut(), 0, 0, hp, w * elem, w * elem, h, H2D),
            INVALID_HANDLE,
        );
        expect(
            hipMemcpy2DToArray(a, 0, 0, null(), w * elem, w * elem, h, H2D),
            INVALID_VALUE,
        );
        expect(
            hipMemcpy2DToArray(a, 1, 0, hp, w * elem, w * elem, h, H2D),
            INVALID_VALUE,
        );
        expect(
            hipMemcpy2DToArray(a, 0, 1, hp, w * elem, w * elem, h, H2D),
            INVALID_VALUE,
        );
        expect(
            hipMemcpy2DToArray(a, 0, 0, hp, w * elem, w * elem + 1, h, H2D),
            INVALID_PITCH_VALUE,
        );
        expect(
            hipMemcpy2DToArray(a, 0, 0, hp, w * elem, w * elem, h, 9),
            INVALID_MEMCPY_DIRECTION,
        );
        expect(
            hipMemcpy2DFromArray(
                back.as_mut_ptr().cast(),
                w * elem,
                a,
                0,
                0,
                w * elem,
                h + 1,
                D2H,
            ),
            INVALID_VALUE,
        );
        expect(
            hipMemcpyAtoH(five.as_mut_ptr().cast(), b, w * h * elem, 1),
            INVALID_VALUE,
        );
        expect(
            hipMemcpyArrayToArray(b, 0, 0, a, elem, 0, w * elem, h, D2D),
            INVALID_VALUE,
        );
        ok(hipFreeArray(b));
        expect(hipMemcpyHtoA(b, 0, hp, 4), INVALID_HANDLE);
        ok(hipFree(dev));
        ok(hipFreeArray(a));
        ok(hipStreamDestroy(s));
    }
}

#[test]
fn memcpy_3d_with_arrays() {
    let mut rng = Rng(0x5eed_0002);
    let (w, h, d) = (6usize, 5usize, 4usize);
    let data: Vec<u32> = (0..w * h * d).map(|_| rng.next() as u32).collect();
    // SAFETY: the pitched pointers describe the host buffers.
    unsafe {
        let mut a = null_mut();
        ok(hipMalloc3DArray(
            &mut a,
            &desc(32, 0, 0, 0, UNSIGNED),
            hipExtent {
                width: w,
                height: h,
                depth: d,
            },
            0,
        ));
        let zero = hipPos { x: 0, y: 0, z: 0 };
        let none = hipPitchedPtr {
            ptr: null_mut(),
            pitch: 0,
            xsize: 0,
            ysize: 0,
        };
        let mut p = hipMemcpy3DParms {
            srcArray: null_mut(),
            srcPos: zero,
            srcPtr: hipPitchedPtr {
                ptr: data.as_ptr() as *mut c_void,
                pitch: w * 4,
                xsize: w,
                ysize: h,
            },
            dstArray: a,
            dstPos: zero,
            dstPtr: none,
            extent: hipExtent {
                width: w,
                height: h,
                depth: d,
            },
            kind: H2D,
        };
        ok(hipMemcpy3D(&p));
        // A box out of the middle: positions and extent count array elements.
        let (bx, by, bz, bw, bh, bd) = (1, 2, 1, 4, 3, 2);
        let mut out = vec![0xDEAD_BEEFu32; bw * bh * bd];
        p.srcArray = a;
        p.srcPos = hipPos {
            x: bx,
            y: by,
            z: bz,
        };
        p.srcPtr = none;
        p.dstArray = null_mut();
        p.dstPtr = hipPitchedPtr {
            ptr: out.as_mut_ptr().cast(),
            pitch: bw * 4,
            xsize: bw,
            ysize: bh,
        };
        p.extent = hipExtent {
            width: bw,
            height: bh,
            depth: bd,
        };
        p.kind = D2H;
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipMemcpy3DAsync(&p, s));
        ok(hipStreamSynchronize(s));
        for z in 0..bd {
            for y in 0..bh {
                for x in 0..bw {
                    assert_eq!(
                        out[(z * bh + y) * bw + x],
                        data[((bz + z) * h + by + y) * w + bx + x],
                        "({x}, {y}, {z})"
                    );
                }
            }
        }
        // Past the array's depth.
        p.srcPos.z = d - 1;
        expect(hipMemcpy3D(&p), INVALID_VALUE);
        ok(hipStreamDestroy(s));
        ok(hipFreeArray(a));
    }
}

/// The driver API's copies with array sides: hipDrvMemcpy3D(Async), hipMemcpyParam2D, and
/// the byte-offset forms AtoD, DtoA, AtoA, AtoHAsync, HtoAAsync.
#[test]
fn driver_copies_with_arrays() {
    let mut rng = Rng(0x5eed_0008);
    let (w, h, d) = (5usize, 4usize, 3usize);
    let elem = 2; // one 16-bit component
    let data: Vec<u8> = (0..w * h * d * elem)
        .map(|_| rng.below(256) as u8)
        .collect();
    // SAFETY: every description below matches the buffers it names.
    unsafe {
        let mut a = null_mut();
        let d3 = HIP_ARRAY3D_DESCRIPTOR {
            Width: w,
            Height: h,
            Depth: d,
            Format: 0x02,
            NumChannels: 1,
            Flags: 0,
        };
        ok(hipArray3DCreate(&mut a, &d3));
        let mut c = std::mem::zeroed::<HIP_MEMCPY3D>();
        c.srcMemoryType = 1;
        c.srcHost = data.as_ptr().cast();
        c.srcPitch = w * elem;
        c.srcHeight = h;
        c.dstMemoryType = 10;
        c.dstArray = a;
        c.WidthInBytes = w * elem;
        c.Height = h;
        c.Depth = d;
        ok(hipDrvMemcpy3D(&c));
        // Back out of the middle slice, rows 1..3, into device memory, asynchronously.
        let mut dev = null_mut();
        ok(hipMalloc(&mut dev, w * elem * 2));
        let mut b = std::mem::zeroed::<HIP_MEMCPY3D>();
        b.srcMemoryType = 10;
        b.srcArray = a;
        b.srcY = 1;
        b.srcZ = 1;
        b.dstMemoryType = 2;
        b.dstDevice = dev;
        b.dstPitch = w * elem;
        b.dstHeight = 2;
        b.WidthInBytes = w * elem;
        b.Height = 2;
        b.Depth = 1;
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipDrvMemcpy3DAsync(&b, s));
        ok(hipStreamSynchronize(s));
        let got: Vec<u8> = from_device(dev, w * elem * 2);
        let o = (h + 1) * w * elem;
        assert_eq!(got, &data[o..o + 2 * w * elem]);
        // A box with no rows or no slices copies nothing and succeeds (ROCm's rule).
        ok(hipMemset(dev, 0x5a, w * elem * 2));
        b.Height = 0;
        ok(hipDrvMemcpy3D(&b));
        b.Height = 2;
        b.Depth = 0;
        ok(hipDrvMemcpy3D(&b));
        b.Depth = 1;
        let kept: Vec<u8> = from_device(dev, w * elem * 2);
        assert!(kept.iter().all(|&x| x == 0x5a));
        b.srcZ = d; // past the last slice
        expect(hipDrvMemcpy3D(&b), INVALID_VALUE);
        b.srcZ = 0;
        b.srcLOD = 1;
        expect(hipDrvMemcpy3D(&b), INVALID_VALUE);
        b.srcLOD = 0;
        b.srcMemoryType = 7;
        expect(hipDrvMemcpy3D(&b), INVALID_VALUE);
        expect(hipDrvMemcpy3D(null()), INVALID_VALUE);

        // hipMemcpyParam2D from a 2-D array to host memory, at an offset.
        let mut a2 = null_mut();
        ok(hipMallocArray(
            &mut a2,
            &desc(16, 0, 0, 0, UNSIGNED),
            w,
            h,
            0,
        ));
        ok(hipMemcpyToArray(
            a2,
            0,
            0,
            data.as_ptr().cast(),
            w * h * elem,
            H2D,
        ));
        let mut out = vec![0u8; 2 * elem * 3];
        let mut p = std::mem::zeroed::<amdhip64::memory::hip_Memcpy2D>();
        p.srcMemoryType = 10;
        p.srcArray = a2;
        p.srcXInBytes = elem;
        p.srcY = 1;
        p.dstMemoryType = 1;
        p.dstHost = out.as_mut_ptr().cast();
        p.dstPitch = 2 * elem;
        p.WidthInBytes = 2 * elem;
        p.Height = 3;
        ok(hipMemcpyParam2D(&p));
        for r in 0..3 {
            let o = ((1 + r) * w + 1) * elem;
            assert_eq!(
                &out[r * 2 * elem..(r + 1) * 2 * elem],
                &data[o..o + 2 * elem]
            );
        }
        p.Height = h; // rows 1..=h do not fit
        expect(hipMemcpyParam2D(&p), INVALID_VALUE);

        // Byte-offset forms: they address an array's first row (a 1-D array here), and a
        // 2-D array's second row is out of their range, as in ROCm.
        let n = w * h * elem;
        let mut a3 = null_mut();
        ok(hipMallocArray(
            &mut a3,
            &desc(16, 0, 0, 0, UNSIGNED),
            w * h,
            0,
            0,
        ));
        expect(hipMemcpyAtoA(a3, 0, a2, 0, n), INVALID_VALUE);
        expect(hipMemcpyAtoA(a3, 0, a2, 0, w * elem + 1), INVALID_VALUE);
        ok(hipMemcpyHtoA(a3, 0, data.as_ptr().cast(), n));
        let mut dev2 = null_mut();
        ok(hipMalloc(&mut dev2, n));
        ok(hipMemcpyAtoD(dev2, a3, 0, n));
        let got: Vec<u8> = from_device(dev2, n);
        assert_eq!(got, &data[..n]);
        let rev: Vec<u8> = data[..n].iter().rev().copied().collect();
        ok(hipMemcpyHtoAAsync(a3, 0, rev.as_ptr().cast(), n, s));
        let mut back = vec![0u8; n];
        ok(hipMemcpyAtoHAsync(back.as_mut_ptr().cast(), a3, 0, n, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(back, rev);
        ok(hipMemcpyDtoA(a3, elem, dev2, n - elem));
        ok(hipMemcpyAtoH(back.as_mut_ptr().cast(), a3, 0, n));
        assert_eq!(&back[elem..], &data[..n - elem]);
        expect(hipMemcpyAtoA(a3, 1, a2, 0, n), INVALID_VALUE);
        expect(hipMemcpyDtoA(null_mut(), 0, dev2, 4), INVALID_VALUE);

        ok(hipStreamDestroy(s));
        ok(hipFree(dev));
        ok(hipFree(dev2));
        ok(hipFreeArray(a));
        ok(hipFreeArray(a2));
        ok(hipFreeArray(a3));
    }
}

#[test]
fn mipmapped_arrays() {
    // SAFETY: valid out-pointers and descriptors, or deliberate nulls.
    unsafe {
        let d = desc(32, 0, 0, 0, FLOAT);
        let e = hipExtent {
            width: 16,
            height: 8,
            depth: 0,
        };
        let mut m = null_mut();
        expect(hipMallocMipmappedArray(&mut m, &d, e, 0, 0), INVALID_VALUE);
        expect(
            hipMallocMipmappedArray(null_mut(), &d, e, 3, 0),
            INVALID_VALUE,
        );
        ok(hipMallocMipmappedArray(&mut m, &d, e, 4, 0));
        let mut lv = null_mut();
        for (i, (w, h)) in [(16, 8), (8, 4), (4, 2), (2, 1)].into_iter().enumerate() {
            ok(hipGetMipmappedArrayLevel(&mut lv, m, i as u32));
            let mut cd = hipChannelFormatDesc::default();
            let mut ext = hipExtent {
                width: 0,
                height: 0,
                depth: 0,
            };
            let mut fl = 0;
            ok(hipArrayGetInfo(&mut cd, &mut ext, &mut fl, lv));
            assert_eq!((ext.width, ext.height, ext.depth), (w, h, 0), "level {i}");
        }
        expect(hipGetMipmappedArrayLevel(&mut lv, m, 4), INVALID_VALUE);
        expect(
            hipGetMipmappedArrayLevel(&mut lv, null(), 0),
            INVALID_HANDLE,
        );
        expect(hipGetMipmappedArrayLevel(null_mut(), m, 0), INVALID_VALUE);
        ok(hipFreeMipmappedArray(m));
        expect(hipFreeMipmappedArray(m), CONTEXT_IS_DESTROYED);
        expect(
            hipArrayGetInfo(null_mut(), null_mut(), null_mut(), lv),
            INVALID_HANDLE,
        );
        expect(hipFreeMipmappedArray(null_mut()), INVALID_VALUE);

        let dd = HIP_ARRAY3D_DESCRIPTOR {
            Width: 8,
            Height: 8,
            Depth: 8,
            Format: 0x02,
            NumChannels: 1,
            Flags: 0,
        };
        ok(hipMipmappedArrayCreate(
            &mut m,
            &dd as *const _ as *mut _,
            4,
        ));
        ok(hipMipmappedArrayGetLevel(&mut lv, m, 3));
        let mut d3 = HIP_ARRAY3D_DESCRIPTOR::default();
        ok(hipArray3DGetDescriptor(&mut d3, lv));
        assert_eq!((d3.Width, d3.Height, d3.Depth, d3.Format), (1, 1, 1, 0x02));
        ok(hipMipmappedArrayDestroy(m));
    }
}

// --- kernels -------------------------------------------------------------------------------

const KERNELS: &str = r#"
extern "C" __global__ void sample_f(hipTextureObject_t t, int dims, const float* c, float4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = c[3 * i], y = c[3 * i + 1], z = c[3 * i + 2];
  if (dims == 1) out[i] = tex1D<float4>(t, x);
  else if (dims == 2) out[i] = tex2D<float4>(t, x, y);
  else if (dims == 3) out[i] = tex3D<float4>(t, x, y, z);
  else if (dims == 11) out[i] = tex1DLayered<float4>(t, x, (int)z);
  else if (dims == 12) out[i] = tex2DLayered<float4>(t, x, y, (int)z);
  else if (dims == 21) out[i] = tex2DLod<float4>(t, x, y, z);
  else if (dims == 22) out[i] = tex2DGrad<float4>(t, x, y, make_float2(z / 8.0f, 0.0f), make_float2(0.0f, z / 8.0f));
  else if (dims == 31) out[i] = texCubemap<float4>(t, x, y, z);
  else if (dims == 32) out[i] = texCubemapLayered<float4>(t, x, y, z, 1);
  else { float4 v; tex2D(&v, t, x, y); out[i] = v; }
}
extern "C" __global__ void sample_i(hipTextureObject_t t, const float* c, int4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<int4>(t, c[3 * i], c[3 * i + 1]);
}
extern "C" __global__ void sample_u(hipTextureObject_t t, int dims, const float* c, int4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = c[3 * i], y = c[3 * i + 1], z = c[3 * i + 2];
  uchar4 v = dims == 1 ? tex1D<uchar4>(t, x) : dims == 2 ? tex2D<uchar4>(t, x, y) : tex3D<uchar4>(t, x, y, z);
  out[i] = make_int4(v.x, v.y, v.z, v.w);
}
extern "C" __global__ void fetch(hipTextureObject_t t, const int* idx, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, idx[i]);
}
extern "C" __global__ void gather(hipTextureObject_t t, const float* c, float4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(t, c[3 * i], c[3 * i + 1], (int)c[3 * i + 2]);
}
extern "C" __global__ void surf_step(hipSurfaceObject_t src, hipSurfaceObject_t dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  int v = surf2Dread<int>(src, x * 4, y);
  int r; surf2Dread(&r, src, (x + 1) * 4, y, hipBoundaryModeClamp);
  int z = surf2Dread<int>(src, (x + 1) * 4, y, hipBoundaryModeZero);
  surf2Dwrite(v * 3 + r - z, dst, x * 4, y);
  surf2Dwrite(-1, dst, (x + w) * 4, y); /* out of range: dropped under the default mode */
}
"#;

struct Kernels {
    module: usize,
}

fn kernels() -> &'static Kernels {
    static K: OnceLock<Kernels> = OnceLock::new();
    K.get_or_init(|| {
        let co = comgr::compile_hip(KERNELS, "texture.hip", &comgr::CompileOptions::default())
            .expect("compile the texture kernels");
        let bytes: &'static [u8] = Box::leak(co.to_bytes().into_boxed_slice());
        let mut m = null_mut();
        // SAFETY: a code object image kept alive for the process.
        ok(unsafe { hipModuleLoadData(&mut m, bytes.as_ptr().cast()) });
        Kernels { module: m as usize }
    })
}

/// Launches `name` over `n` work-items (×`gy` rows) with the given arguments.
fn launch(name: &std::ffi::CStr, n: u32, gy: u32, args: &mut [*mut c_void]) {
    let k = kernels();
    let mut f = null_mut();
    // SAFETY: a live module; each argument points at a value of the kernel's parameter type.
    unsafe {
        ok(hipModuleGetFunction(
            &mut f,
            k.module as *mut _,
            name.as_ptr(),
        ));
        ok(hipModuleLaunchKernel(
            f,
            n.div_ceil(64),
            gy,
            1,
            64,
            1,
            1,
            0,
            null_mut(),
            args.as_mut_ptr(),
            null_mut(),
        ));
        ok(hipDeviceSynchronize());
    }
}

fn to_device<T: Copy>(v: &[T]) -> *mut c_void {
    let bytes = std::mem::size_of_val(v).max(1);
    let mut p = null_mut();
    // SAFETY: a fresh allocation of the slice's size.
    unsafe {
        ok(hipMalloc(&mut p, bytes));
        ok(hipMemcpy(
            p,
            v.as_ptr().cast(),
            std::mem::size_of_val(v),
            H2D,
        ));
    }
    p
}

fn from_device<T: Copy + Default>(p: *mut c_void, n: usize) -> Vec<T> {
    let mut v = vec![T::default(); n];
    // SAFETY: `p` holds n values of T.
    unsafe {
        ok(hipMemcpy(
            v.as_mut_ptr().cast(),
            p,
            n * std::mem::size_of::<T>(),
            D2H,
        ))
    };
    v
}

/// A poisoned device buffer of `n` values of T.
fn poisoned(bytes: usize) -> *mut c_void {
    let mut p = null_mut();
    // SAFETY: a fresh allocation filled with NaN-ish bytes.
    unsafe {
        ok(hipMalloc(&mut p, bytes));
        ok(hipMemset(p, 0x7f, bytes));
    }
    p
}

// --- the host sampler ----------------------------------------------------------------------

/// Texels as floats (already normalized when the read mode says so), `w × h × d`.
struct HostTex {
    w: usize,
    h: usize,
    d: usize,
    texels: Vec<[f32; 4]>,
}

#[derive(Clone, Copy)]
struct Sampler {
    modes: [i32; 3],
    linear: bool,
    normalized: bool,
    border: [f32; 4],
}

impl HostTex {
    fn at(&self, i: usize, j: usize, k: usize) -> [f32; 4] {
        self.texels[(k * self.h + j) * self.w + i]
    }

    /// Index `i` in a dimension of `n` under `mode`; None on the border.
    fn resolve(i: i64, n: usize, mode: i32, normalized: bool) -> Option<usize> {
        let n = n as i64;
        let mode = if !normalized && (mode == 0 || mode == 2) {
            1
        } else {
            mode
        };
        match mode {
            0 => Some(i.rem_euclid(n) as usize),
            2 => {
                let j = i.rem_euclid(2 * n);
                Some(if j < n { j } else { 2 * n - 1 - j } as usize)
            }
            3 => (0..n).contains(&i).then_some(i as usize),
            _ => Some(i.clamp(0, n - 1) as usize),
        }
    }

    fn texel(&self, s: &Sampler, idx: [i64; 3], dims: usize) -> [f32; 4] {
        let sizes = [self.w, self.h, self.d];
        let mut r = [0usize; 3];
        for a in 0..dims {
            match Self::resolve(idx[a], sizes[a], s.modes[a], s.normalized) {
                Some(v) => r[a] = v,
                None => return s.border,
            }
        }
        self.at(r[0], r[1], r[2])
    }

    fn sample(&self, s: &Sampler, c: [f32; 3], dims: usize) -> [f32; 4] {
        let sizes = [self.w as f32, self.h as f32, self.d as f32];
        let mut u = c;
        if s.normalized {
            for a in 0..3 {
                u[a] *= sizes[a];
            }
        }
        if !s.linear {
            let idx = [0, 1, 2].map(|a| if a < dims { u[a].floor() as i64 } else { 0 });
            return self.texel(s, idx, dims);
        }
        let mut base = [0i64; 3];
        let mut frac = [0f32; 3];
        for a in 0..dims {
            let v = u[a] - 0.5;
            base[a] = v.floor() as i64;
            frac[a] = ((v - v.floor()) * 256.0).round() / 256.0;
        }
        let mut out = [0f32; 4];
        for corner in 0..(1usize << dims) {
            let mut w = 1.0f32;
            let mut idx = base;
            for a in 0..dims {
                let hi = corner >> a & 1 == 1;
                idx[a] += hi as i64;
                w *= if hi { frac[a] } else { 1.0 - frac[a] };
            }
            let t = self.texel(s, idx, dims);
            for ch in 0..4 {
                out[ch] += w * t[ch];
            }
        }
        out
    }
}

/// Coordinates that are exact binary fractions (no rounding anywhere, so the device and the
/// host agree to the bit on texel choice and weights), spanning well beyond the edges.
fn coords(rng: &mut Rng, n: usize, sizes: [usize; 3], normalized: bool) -> Vec<f32> {
    let mut c = Vec::with_capacity(3 * n);
    for _ in 0..n {
        for &s in &sizes {
            let span = 4 * s as i64 * 16;
            let x = (rng.below(span as u64) as i64 - span / 3) as f32 / 16.0 + 1.0 / 64.0;
            c.push(if normalized { x / s as f32 } else { x });
        }
    }
    c
}

fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter()
        .zip(&b)
        .all(|(x, y)| (x - y).abs() <= 1e-5 + 1e-5 * y.abs())
}

fn tex_desc(s: &Sampler, read_normalized: bool) -> hipTextureDesc {
    hipTextureDesc {
        addressMode: s.modes,
        filterMode: s.linear as i32,
        readMode: read_normalized as i32,
        sRGB: 0,
        borderColor: s.border,
        normalizedCoords: s.normalized as i32,
        maxAnisotropy: 0,
        mipmapFilterMode: 0,
        mipmapLevelBias: 0.0,
        minMipmapLevelClamp: 0.0,
        maxMipmapLevelClamp: 0.0,
    }
}

fn array_resource(a: *mut c_void) -> hipResourceDesc {
    hipResourceDesc {
        resType: 0,
        res: hipResourceDescRes { array: a },
    }
}

/// Creates an array of `sizes` (0 for absent dimensions) holding `bytes`.
fn make_array(d: hipChannelFormatDesc, sizes: [usize; 3], flags: u32, bytes: &[u8]) -> *mut c_void {
    let mut a = null_mut();
    let elem = (d.x / 8) as usize * [d.x, d.y, d.z, d.w].iter().filter(|&&c| c != 0).count();
    let w = sizes[0];
    let (h, dp) = (sizes[1].max(1), sizes[2].max(1));
    // SAFETY: `bytes` holds w×h×dp elements; the pitched pointer describes it.
    unsafe {
        ok(hipMalloc3DArray(
            &mut a,
            &d,
            hipExtent {
                width: sizes[0],
                height: sizes[1],
                depth: sizes[2],
            },
            flags,
        ));
        assert_eq!(bytes.len(), w * h * dp * elem);
        let p = hipMemcpy3DParms {
            srcArray: null_mut(),
            srcPos: hipPos { x: 0, y: 0, z: 0 },
            srcPtr: hipPitchedPtr {
                ptr: bytes.as_ptr() as *mut c_void,
                pitch: w * elem,
                xsize: w,
                ysize: h,
            },
            dstArray: a,
            dstPos: hipPos { x: 0, y: 0, z: 0 },
            dstPtr: hipPitchedPtr {
                ptr: null_mut(),
                pitch: 0,
                xsize: 0,
                ysize: 0,
            },
            extent: hipExtent {
                width: w,
                height: h,
                depth: dp,
            },
            kind: H2D,
        };
        ok(hipMemcpy3D(&p));
    }
    a
}

fn create_texture(res: &hipResourceDesc, td: &hipTextureDesc) -> *mut c_void {
    let mut t = null_mut();
    // SAFETY: valid descriptors.
    ok(unsafe { hipCreateTextureObject(&mut t, res, td, null()) });
    t
}

fn run_float_kernel(t: *mut c_void, dims: i32, c: &[f32]) -> Vec<[f32; 4]> {
    let n = c.len() / 3;
    let dc = to_device(c);
    let out = poisoned(n * 16);
    let (mut tt, mut dm, mut cp, mut op, mut nn) = (t, dims, dc, out, n as i32);
    launch(
        c"sample_f",
        n as u32,
        1,
        &mut [
            (&mut tt as *mut *mut c_void).cast(),
            (&mut dm as *mut i32).cast(),
            (&mut cp as *mut *mut c_void).cast(),
            (&mut op as *mut *mut c_void).cast(),
            (&mut nn as *mut i32).cast(),
        ],
    );
    let v: Vec<[f32; 4]> = from_device(out, n);
    // SAFETY: allocations made above.
    unsafe {
        ok(hipFree(dc));
        ok(hipFree(out));
    }
    v
}

fn run_uchar_kernel(t: *mut c_void, dims: i32, c: &[f32]) -> Vec<[i32; 4]> {
    let n = c.len() / 3;
    let dc = to_device(c);
    let out = poisoned(n * 16);
    let (mut tt, mut dm, mut cp, mut op, mut nn) = (t, dims, dc, out, n as i32);
    launch(
        c"sample_u",
        n as u32,
        1,
        &mut [
            (&mut tt as *mut *mut c_void).cast(),
            (&mut dm as *mut i32).cast(),
            (&mut cp as *mut *mut c_void).cast(),
            (&mut op as *mut *mut c_void).cast(),
            (&mut nn as *mut i32).cast(),
        ],
    );
    let v: Vec<[i32; 4]> = from_device(out, n);
    // SAFETY: allocations made above.
    unsafe {
        ok(hipFree(dc));
        ok(hipFree(out));
    }
    v
}

const MODE_NAMES: [&str; 4] = ["wrap", "clamp", "mirror", "border"];

/// Every address mode × filter mode × coordinate kind, for float4 and normalized uchar4
/// textures, and element reads of uchar4 (point sampling), over 1-D, 2-D and 3-D arrays.
#[test]
fn sampling_matches_the_host_sampler() {
    let mut rng = Rng(0x5eed_0003);
    for (dims, sizes) in [(1usize, [8usize, 0, 0]), (2, [8, 4, 0]), (3, [4, 4, 2])] {
        let full = [sizes[0], sizes[1].max(1), sizes[2].max(1)];
        let n_texels = full.iter().product::<usize>();
        let floats: Vec<f32> = (0..n_texels * 4).map(|_| rng.unit() * 8.0 - 4.0).collect();
        let bytes: Vec<u8> = (0..n_texels * 4).map(|_| rng.below(256) as u8).collect();
        let fbytes: Vec<u8> = floats.iter().flat_map(|f| f.to_le_bytes()).collect();
        let fa = make_array(desc(32, 32, 32, 32, FLOAT), sizes, 0, &fbytes);
        let ua = make_array(desc(8, 8, 8, 8, UNSIGNED), sizes, 0, &bytes);
        let host_f = HostTex {
            w: full[0],
            h: full[1],
            d: full[2],
            texels: floats.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect(),
        };
        let host_un = HostTex {
            texels: bytes
                .chunks(4)
                .map(|c| [c[0], c[1], c[2], c[3]].map(|b| b as f32 / 255.0))
                .collect(),
            w: full[0],
            h: full[1],
            d: full[2],
        };
        let host_raw = HostTex {
            texels: bytes
                .chunks(4)
                .map(|c| [c[0] as f32, c[1] as f32, c[2] as f32, c[3] as f32])
                .collect(),
            w: full[0],
            h: full[1],
            d: full[2],
        };
        for mode in 0..4 {
            for linear in [false, true] {
                for normalized in [false, true] {
                    let s = Sampler {
                        // Different modes per dimension as well: the mode of x cycles.
                        modes: [mode, (mode + 1) % 4, (mode + 2) % 4],
                        linear,
                        normalized,
                        border: [0.25, -0.5, 0.75, 1.0],
                    };
                    let what = format!(
                        "{dims}-D {} {} {}",
                        MODE_NAMES[mode as usize],
                        if linear { "linear" } else { "point" },
                        if normalized {
                            "normalized"
                        } else {
                            "unnormalized"
                        }
                    );
                    let c = coords(&mut rng, 96, full, normalized);
                    let pts: Vec<[f32; 3]> = c.chunks(3).map(|p| [p[0], p[1], p[2]]).collect();

                    let t = create_texture(&array_resource(fa), &tex_desc(&s, false));
                    let got = run_float_kernel(t, dims as i32, &c);
                    for (p, g) in pts.iter().zip(&got) {
                        let want = host_f.sample(&s, *p, dims);
                        assert!(close(*g, want), "float4 {what} at {p:?}: {g:?} != {want:?}");
                    }
                    ok(hipDestroyTextureObject(t));

                    let t = create_texture(&array_resource(ua), &tex_desc(&s, true));
                    let got = run_float_kernel(t, dims as i32, &c);
                    for (p, g) in pts.iter().zip(&got) {
                        let want = host_un.sample(&s, *p, dims);
                        assert!(
                            close(*g, want),
                            "uchar4 normalized {what} at {p:?}: {g:?} != {want:?}"
                        );
                    }
                    ok(hipDestroyTextureObject(t));

                    if !linear {
                        let mut sb = s;
                        sb.border = [7.0, 9.0, 11.0, 13.0];
                        let t = create_texture(&array_resource(ua), &tex_desc(&sb, false));
                        let got = run_uchar_kernel(t, dims as i32, &c);
                        for (p, g) in pts.iter().zip(&got) {
                            let want = host_raw.sample(&sb, *p, dims).map(|v| v as i32);
                            assert_eq!(*g, want, "uchar4 element {what} at {p:?}");
                        }
                        ok(hipDestroyTextureObject(t));
                    }
                }
            }
        }
        ok(hipFreeArray(fa));
        ok(hipFreeArray(ua));
    }
}

/// IEEE half to float, for the host side of half-float textures.
fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f32;
    sign * match e {
        0 => m * 2f32.powi(-24),
        31 => {
            if m == 0.0 {
                f32::INFINITY
            } else {
                f32::NAN
            }
        }
        _ => (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Every element format read at texel centres: signed and unsigned 8- and 16-bit integers
/// normalized to [-1, 1] / [0, 1], sRGB, half and single floats, 32-bit integers read as
/// elements; missing components read as 0 (x, y, z) and 1 (w).
#[test]
fn element_formats_and_read_modes() {
    let mut rng = Rng(0x5eed_0009);
    let (w, h) = (6usize, 3usize);
    let centres: Vec<f32> = (0..h)
        .flat_map(|j| (0..w).flat_map(move |i| [i as f32 + 0.5, j as f32 + 0.5, 0.0]))
        .collect();
    let point = Sampler {
        modes: [1, 1, 1],
        linear: false,
        normalized: false,
        border: [0.0; 4],
    };
    // (format, component bytes, channels, normalized read, sRGB, host conversion)
    type Conv = fn(&[u8]) -> f32;
    let u8n: Conv = |b| b[0] as f32 / 255.0;
    let s8n: Conv = |b| (b[0] as i8 as f32 / 127.0).max(-1.0);
    let u16n: Conv = |b| u16::from_le_bytes([b[0], b[1]]) as f32 / 65535.0;
    let s16n: Conv = |b| (i16::from_le_bytes([b[0], b[1]]) as f32 / 32767.0).max(-1.0);
    let f16: Conv = |b| half_to_f32(u16::from_le_bytes([b[0], b[1]]));
    let f32c: Conv = |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let srgb: Conv = |b| b[0] as f32 / 255.0;
    let cases: [(hipChannelFormatDesc, usize, usize, bool, bool, Conv); 8] = [
        (desc(8, 8, 8, 8, UNSIGNED), 1, 4, true, false, u8n),
        (desc(8, 8, 0, 0, 0), 1, 2, true, false, s8n),
        (desc(16, 0, 0, 0, UNSIGNED), 2, 1, true, false, u16n),
        (desc(16, 16, 16, 16, 0), 2, 4, true, false, s16n),
        (desc(16, 16, 0, 0, FLOAT), 2, 2, false, false, f16),
        (desc(32, 32, 0, 0, FLOAT), 4, 2, false, false, f32c),
        (desc(8, 8, 8, 8, UNSIGNED), 1, 4, true, true, srgb),
        // A float read of a 32-bit float format ignores hipReadModeNormalizedFloat.
        (desc(32, 0, 0, 0, FLOAT), 4, 1, true, false, f32c),
    ];
    for (d, bytes, ch, norm, srgb_on, conv) in cases {
        let mut data = vec![0u8; w * h * ch * bytes];
        for v in data.chunks_mut(bytes) {
            for b in v.iter_mut() {
                *b = rng.below(256) as u8;
            }
            if d.f == FLOAT && bytes == 2 {
                v[1] &= 0x7b; // finite halves only
            }
            if d.f == FLOAT && bytes == 4 {
                v.copy_from_slice(&(rng.unit() * 100.0 - 50.0).to_le_bytes());
            }
        }
        let a = make_array(d, [w, h, 0], 0, &data);
        let mut td = tex_desc(&point, norm);
        td.sRGB = srgb_on as i32;
        let t = create_texture(&array_resource(a), &td);
        let got = run_float_kernel(t, 2, &centres);
        for (n, g) in got.iter().enumerate() {
            let mut want = [0.0, 0.0, 0.0, 1.0];
            for (c, slot) in want.iter_mut().enumerate().take(ch) {
                let o = (n * ch + c) * bytes;
                *slot = conv(&data[o..o + bytes]);
                if srgb_on && c < 3 {
                    *slot = srgb_to_linear(*slot);
                }
            }
            assert!(
                close(*g, want),
                "format {d:?} normalized {norm} sRGB {srgb_on} texel {n}: {g:?} != {want:?}"
            );
        }
        ok(hipDestroyTextureObject(t));
        ok(hipFreeArray(a));
    }

    // 32-bit integers read as elements, even when normalized reads are asked for.
    for (kind, norm) in [(0, false), (UNSIGNED, true)] {
        let vals: Vec<i32> = (0..w * h * 2).map(|_| rng.next() as i32).collect();
        let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
        let a = make_array(desc(32, 32, 0, 0, kind), [w, h, 0], 0, &bytes);
        let t = create_texture(&array_resource(a), &tex_desc(&point, norm));
        let dc = to_device(&centres);
        let out = poisoned(w * h * 16);
        let (mut tt, mut cp, mut op, mut nn) = (t, dc, out, (w * h) as i32);
        launch(
            c"sample_i",
            (w * h) as u32,
            1,
            &mut [
                (&mut tt as *mut *mut c_void).cast(),
                (&mut cp as *mut *mut c_void).cast(),
                (&mut op as *mut *mut c_void).cast(),
                (&mut nn as *mut i32).cast(),
            ],
        );
        let got: Vec<[i32; 4]> = from_device(out, w * h);
        for (n, g) in got.iter().enumerate() {
            assert_eq!(*g, [vals[2 * n], vals[2 * n + 1], 0, 1], "int texel {n}");
        }
        ok(hipDestroyTextureObject(t));
        ok(hipFreeArray(a));
        // SAFETY: allocations made above.
        unsafe {
            ok(hipFree(dc));
            ok(hipFree(out));
        }
    }
}

/// texCubemap and texCubemapLayered: the face the major axis picks (on a tie z before y
/// before x, as AMD's cube-id instruction picks), addressed with face coordinates in [0, 1]
/// (clamped), point and linear filtering; the direction is used as given whether or not the
/// texture has normalized coordinates.
#[test]
fn cubemap_textures() {
    let mut rng = Rng(0x5eed_000a);
    let n = 4usize;
    for layered in [false, true] {
        let faces = if layered { 12 } else { 6 };
        let vals: Vec<f32> = (0..n * n * faces).map(|_| rng.unit()).collect();
        let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
        let flags = if layered { 0x04 | 0x01 } else { 0x04 };
        let a = make_array(desc(32, 0, 0, 0, FLOAT), [n, n, faces], flags, &bytes);
        for (linear, normalized) in [(false, true), (true, true), (false, false), (true, false)] {
            let s = Sampler {
                modes: [1, 1, 1],
                linear,
                normalized,
                border: [0.0; 4],
            };
            let t = create_texture(&array_resource(a), &tex_desc(&s, false));
            // Directions with a major axis, exact binary fractions; one in four ties two or
            // three axes (edges and corners of the cube).
            let mut c = Vec::new();
            for _ in 0..128 {
                let axis = rng.below(3) as usize;
                let major = if rng.below(2) == 0 { 2.0 } else { -2.0 };
                let mut v = [0f32; 3];
                for (k, slot) in v.iter_mut().enumerate() {
                    let q = (rng.below(31) as f32 - 15.0) / 16.0;
                    *slot = if k == axis { major } else { q };
                }
                if rng.below(4) == 0 {
                    for (k, slot) in v.iter_mut().enumerate() {
                        if k != axis && rng.below(2) == 0 {
                            *slot = if rng.below(2) == 0 { 2.0 } else { -2.0 };
                        }
                    }
                }
                c.extend_from_slice(&v);
            }
            let got = run_float_kernel(t, if layered { 32 } else { 31 }, &c);
            for (p, g) in c.chunks(3).zip(&got) {
                let (x, y, z) = (p[0], p[1], p[2]);
                let (face, sc, tc, m) = if z.abs() >= x.abs() && z.abs() >= y.abs() {
                    if z >= 0.0 {
                        (4, x, -y, z)
                    } else {
                        (5, -x, -y, -z)
                    }
                } else if y.abs() >= x.abs() {
                    if y >= 0.0 {
                        (2, x, z, y)
                    } else {
                        (3, x, -z, -y)
                    }
                } else if x >= 0.0 {
                    (0, -z, -y, x)
                } else {
                    (1, z, -y, -x)
                };
                let layer = if layered { 1 } else { 0 };
                let f = layer * 6 + face;
                let host = HostTex {
                    w: n,
                    h: n,
                    d: 1,
                    texels: vals[f * n * n..(f + 1) * n * n]
                        .iter()
                        .map(|&v| [v, 0.0, 0.0, 1.0])
                        .collect(),
                };
                let (u, v) = ((sc / m + 1.0) / 2.0, (tc / m + 1.0) / 2.0);
                // Face coordinates are normalized whatever the texture says.
                let face_sampler = Sampler {
                    normalized: true,
                    ..s
                };
                let want = host.sample(&face_sampler, [u, v, 0.0], 2);
                assert!(
                    close(*g, want),
                    "cube {p:?} (face {f}, linear {linear}, normalized {normalized}): {g:?} != {want:?}"
                );
            }
            ok(hipDestroyTextureObject(t));
        }
        ok(hipFreeArray(a));
    }
}

/// Layered 1-D and 2-D textures pick their layer; a linear filter never blends layers.
#[test]
fn layered_textures() {
    let mut rng = Rng(0x5eed_0004);
    for (dims, sizes, kernel_dims) in [(1usize, [8usize, 0, 3], 11), (2, [4, 4, 3], 12)] {
        let full = [sizes[0], sizes[1].max(1), sizes[2]];
        let n = full.iter().product::<usize>();
        let floats: Vec<f32> = (0..n * 4).map(|_| rng.unit()).collect();
        let fbytes: Vec<u8> = floats.iter().flat_map(|f| f.to_le_bytes()).collect();
        let a = make_array(desc(32, 32, 32, 32, FLOAT), sizes, 0x01, &fbytes);
        let s = Sampler {
            modes: [2, 0, 1],
            linear: true,
            normalized: true,
            border: [0.0; 4],
        };
        let t = create_texture(&array_resource(a), &tex_desc(&s, false));
        let mut c = coords(&mut rng, 64, [full[0], full[1], 1], true);
        for p in c.chunks_mut(3) {
            p[2] = rng.below(full[2] as u64) as f32;
        }
        let got = run_float_kernel(t, kernel_dims, &c);
        for (p, g) in c.chunks(3).zip(&got) {
            let layer = p[2] as usize;
            let per = full[0] * full[1];
            let host = HostTex {
                w: full[0],
                h: full[1],
                d: 1,
                texels: floats[layer * per * 4..(layer + 1) * per * 4]
                    .chunks(4)
                    .map(|c| [c[0], c[1], c[2], c[3]])
                    .collect(),
            };
            let want = host.sample(&s, [p[0], p[1], 0.0], dims);
            assert!(
                close(*g, want),
                "{dims}-D layered at {p:?}: {g:?} != {want:?}"
            );
        }
        ok(hipDestroyTextureObject(t));
        ok(hipFreeArray(a));
    }
}

/// tex2DLod on a mipmapped array: each level sampled at integer LODs, and linear mip filtering
/// between two levels.
#[test]
fn mipmapped_texture_lod() {
    let mut rng = Rng(0x5eed_0005);
    // SAFETY: valid descriptors and buffers sized for each level.
    unsafe {
        let mut m = null_mut();
        ok(hipMallocMipmappedArray(
            &mut m,
            &desc(32, 0, 0, 0, FLOAT),
            hipExtent {
                width: 8,
                height: 8,
                depth: 0,
            },
            3,
            0,
        ));
        let mut levels = Vec::new();
        for (l, n) in [8usize, 4, 2].into_iter().enumerate() {
            let v: Vec<f32> = (0..n * n).map(|_| rng.unit()).collect();
            let mut lv = null_mut();
            ok(hipGetMipmappedArrayLevel(&mut lv, m, l as u32));
            ok(hipMemcpy2DToArray(
                lv,
                0,
                0,
                v.as_ptr().cast(),
                n * 4,
                n * 4,
                n,
                H2D,
            ));
            levels.push(HostTex {
                w: n,
                h: n,
                d: 1,
                texels: v.iter().map(|&x| [x, 0.0, 0.0, 1.0]).collect(),
            });
        }
        let s = Sampler {
            modes: [1, 1, 1],
            linear: false,
            normalized: true,
            border: [0.0; 4],
        };
        let mut td = tex_desc(&s, false);
        td.mipmapFilterMode = 1;
        let res = hipResourceDesc {
            resType: 1,
            res: hipResourceDescRes { mipmap: m },
        };
        // Unnormalized coordinates address the texels of the level sampled (ROCm refuses
        // them; its own suite samples such textures).
        let mut t = null_mut();
        let mut un = td;
        un.normalizedCoords = 0;
        ok(hipCreateTextureObject(&mut t, &res, &un, null()));
        let pts = [
            2.5f32, 1.5, 1.0, 0.5, 3.5, 0.0, 1.5, 0.5, 2.0, 7.5, 6.5, 0.0,
        ];
        let s_un = Sampler {
            normalized: false,
            ..s
        };
        for (p, g) in pts.chunks(3).zip(run_float_kernel(t, 21, &pts)) {
            let want = levels[p[2] as usize].sample(&s_un, [p[0], p[1], 0.0], 2);
            assert!(close(g, want), "unnormalized {p:?}: {g:?} != {want:?}");
        }
        ok(hipDestroyTextureObject(t));
        ok(hipCreateTextureObject(&mut t, &res, &td, null()));
        let mut c = coords(&mut rng, 64, [8, 8, 1], true);
        for (i, p) in c.chunks_mut(3).enumerate() {
            p[2] = [0.0, 1.0, 2.0, 0.5, 1.25, 5.0][i % 6];
        }
        let got = run_float_kernel(t, 21, &c);
        for (p, g) in c.chunks(3).zip(&got) {
            let lod = p[2].min(2.0);
            let l0 = lod.floor() as usize;
            let w = ((lod - l0 as f32) * 256.0).round() / 256.0;
            let a = levels[l0].sample(&s, [p[0], p[1], 0.0], 2);
            let want = if w == 0.0 {
                a
            } else {
                let b = levels[l0 + 1].sample(&s, [p[0], p[1], 0.0], 2);
                [0, 1, 2, 3].map(|ch| (1.0 - w) * a[ch] + w * b[ch])
            };
            assert!(close(*g, want), "lod {lod} at {p:?}: {g:?} != {want:?}");
        }
        // tex2DGrad: a footprint of 2^k texels of level 0 selects level k.
        for (i, p) in c.chunks_mut(3).enumerate() {
            p[2] = [1.0, 2.0, 4.0, 8.0][i % 4];
        }
        let got = run_float_kernel(t, 22, &c);
        for (p, g) in c.chunks(3).zip(&got) {
            let lod = (p[2].log2()).min(2.0) as usize;
            let want = levels[lod].sample(&s, [p[0], p[1], 0.0], 2);
            assert!(close(*g, want), "grad {} at {p:?}: {g:?} != {want:?}", p[2]);
        }
        ok(hipDestroyTextureObject(t));
        ok(hipFreeMipmappedArray(m));
    }
}

/// tex1Dfetch on linear memory (out-of-range indices read zero), and tex2D on pitched memory
/// (the out-parameter form), and tex2Dgather's texel order.
#[test]
fn linear_pitched_and_gather() {
    let mut rng = Rng(0x5eed_0006);
    let n = 300usize;
    let vals: Vec<f32> = (0..n).map(|_| rng.unit()).collect();
    // SAFETY: device buffers sized for each use.
    unsafe {
        let dv = to_device(&vals);
        let mut res = hipResourceDesc {
            resType: 2,
            res: hipResourceDescRes {
                linear: ResLinear {
                    devPtr: dv,
                    desc: desc(32, 0, 0, 0, FLOAT),
                    sizeInBytes: n * 4,
                },
            },
        };
        let td = hipTextureDesc::default();
        let t = create_texture(&res, &td);
        let idx: Vec<i32> = (0..128)
            .map(|_| rng.below(n as u64 + 40) as i32 - 20)
            .collect();
        let di = to_device(&idx);
        let out = poisoned(idx.len() * 4);
        let (mut tt, mut ip, mut op, mut nn) = (t, di, out, idx.len() as i32);
        launch(
            c"fetch",
            idx.len() as u32,
            1,
            &mut [
                (&mut tt as *mut *mut c_void).cast(),
                (&mut ip as *mut *mut c_void).cast(),
                (&mut op as *mut *mut c_void).cast(),
                (&mut nn as *mut i32).cast(),
            ],
        );
        let got: Vec<f32> = from_device(out, idx.len());
        for (i, g) in idx.iter().zip(&got) {
            let want = if (0..n as i32).contains(i) {
                vals[*i as usize]
            } else {
                0.0
            };
            assert_eq!(*g, want, "tex1Dfetch({i})");
        }
        let mut back = std::mem::zeroed::<hipResourceDesc>();
        ok(hipGetTextureObjectResourceDesc(&mut back, t));
        assert_eq!(back.resType, 2);
        assert_eq!(back.res.linear.sizeInBytes, n * 4);
        ok(hipDestroyTextureObject(t));

        // Unaligned linear memory is refused.
        res.res.linear.devPtr = (dv as usize + 4) as *mut c_void;
        let mut t2 = null_mut();
        expect(
            hipCreateTextureObject(&mut t2, &res, &td, null()),
            INVALID_VALUE,
        );

        // Pitched 2-D: 6×5 floats in rows of 256 bytes.
        let (w, h, pitch) = (6usize, 5usize, 256usize);
        let grid: Vec<f32> = (0..w * h).map(|_| rng.unit()).collect();
        let mut pm = null_mut();
        ok(hipMalloc(&mut pm, pitch * h));
        ok(hipMemcpy2D(
            pm,
            pitch,
            grid.as_ptr().cast(),
            w * 4,
            w * 4,
            h,
            H2D,
        ));
        let pres = hipResourceDesc {
            resType: 3,
            res: hipResourceDescRes {
                pitch2D: ResPitch2D {
                    devPtr: pm,
                    desc: desc(32, 0, 0, 0, FLOAT),
                    width: w,
                    height: h,
                    pitchInBytes: pitch,
                },
            },
        };
        let s = Sampler {
            modes: [1, 3, 1],
            linear: true,
            normalized: false,
            border: [0.5, 0.0, 0.0, 0.0],
        };
        let t = create_texture(&pres, &tex_desc(&s, false));
        let host = HostTex {
            w,
            h,
            d: 1,
            texels: grid.iter().map(|&x| [x, 0.0, 0.0, 1.0]).collect(),
        };
        let c = coords(&mut rng, 64, [w, h, 1], false);
        let got = run_float_kernel(t, 99, &c);
        for (p, g) in c.chunks(3).zip(&got) {
            let want = host.sample(&s, [p[0], p[1], 0.0], 2);
            assert!(close(*g, want), "pitch2D at {p:?}: {g:?} != {want:?}");
        }
        ok(hipDestroyTextureObject(t));

        // Gather: component 0 of the four texels around (x, y), in HIP's order.
        let sp = Sampler { linear: false, ..s };
        let t = create_texture(&pres, &tex_desc(&sp, false));
        let mut c = coords(&mut rng, 32, [w, h, 1], false);
        for p in c.chunks_mut(3) {
            p[2] = 0.0;
        }
        let dc = to_device(&c);
        let out = poisoned(32 * 16);
        let (mut tt, mut cp, mut op, mut nn) = (t, dc, out, 32i32);
        launch(
            c"gather",
            32,
            1,
            &mut [
                (&mut tt as *mut *mut c_void).cast(),
                (&mut cp as *mut *mut c_void).cast(),
                (&mut op as *mut *mut c_void).cast(),
                (&mut nn as *mut i32).cast(),
            ],
        );
        let got: Vec<[f32; 4]> = from_device(out, 32);
        for (p, g) in c.chunks(3).zip(&got) {
            let (i0, j0) = ((p[0] - 0.5).floor() as i64, (p[1] - 0.5).floor() as i64);
            let want = [(0, 1), (1, 1), (1, 0), (0, 0)]
                .map(|(di, dj)| host.texel(&sp, [i0 + di, j0 + dj, 0], 2)[0]);
            assert_eq!(*g, want, "gather at {p:?}");
        }
        ok(hipDestroyTextureObject(t));
        ok(hipFree(pm));
        ok(hipFree(dv));
        ok(hipFree(di));
    }
}

/// A kernel reads one surface and writes another (x in bytes), with clamp and zero boundary
/// reads and a dropped out-of-range write.
#[test]
fn surfaces_read_and_write() {
    let mut rng = Rng(0x5eed_0007);
    let (w, h) = (37usize, 9usize);
    let v: Vec<i32> = (0..w * h).map(|_| rng.below(1000) as i32 - 500).collect();
    let vb: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    let d = desc(32, 0, 0, 0, 0);
    let src = make_array(d, [w, h, 0], 0x02, &vb);
    let dst = make_array(d, [w, h, 0], 0x02, &vec![0x7fu8; w * h * 4]);
    // SAFETY: valid descriptors, or deliberate nulls.
    unsafe {
        let (mut ss, mut ds) = (null_mut(), null_mut());
        ok(hipCreateSurfaceObject(&mut ss, &array_resource(src)));
        ok(hipCreateSurfaceObject(&mut ds, &array_resource(dst)));
        let (mut a, mut b, mut ww, mut hh) = (ss, ds, w as i32, h as i32);
        launch(
            c"surf_step",
            w as u32,
            h as u32,
            &mut [
                (&mut a as *mut *mut c_void).cast(),
                (&mut b as *mut *mut c_void).cast(),
                (&mut ww as *mut i32).cast(),
                (&mut hh as *mut i32).cast(),
            ],
        );
        let mut out = vec![0u8; w * h * 4];
        ok(hipMemcpy2DFromArray(
            out.as_mut_ptr().cast(),
            w * 4,
            dst,
            0,
            0,
            w * 4,
            h,
            D2H,
        ));
        for y in 0..h {
            for x in 0..w {
                let c = v[y * w + x];
                let right = v[y * w + (x + 1).min(w - 1)];
                let zero = if x + 1 < w { right } else { 0 };
                let g =
                    i32::from_le_bytes(out[(y * w + x) * 4..][..4].try_into().unwrap_or([0; 4]));
                assert_eq!(g, c * 3 + right - zero, "({x}, {y})");
            }
        }
        // Errors: null arguments, a resource that is no array, a null or stale array.
        let mut s = null_mut();
        expect(
            hipCreateSurfaceObject(null_mut(), &array_resource(src)),
            INVALID_VALUE,
        );
        expect(hipCreateSurfaceObject(&mut s, null()), INVALID_VALUE);
        let mut lin = array_resource(src);
        lin.resType = 2;
        expect(hipCreateSurfaceObject(&mut s, &lin), INVALID_VALUE);
        expect(
            hipCreateSurfaceObject(&mut s, &array_resource(null_mut())),
            INVALID_HANDLE,
        );
        ok(hipDestroySurfaceObject(ss));
        expect(hipDestroySurfaceObject(ss), INVALID_VALUE);
        ok(hipDestroySurfaceObject(null_mut()));
        ok(hipDestroySurfaceObject(ds));
        ok(hipFreeArray(src));
        expect(
            hipCreateSurfaceObject(&mut s, &array_resource(src)),
            INVALID_HANDLE,
        );
        ok(hipFreeArray(dst));
    }
}

#[test]
fn texture_object_api() {
    let f = desc(32, 0, 0, 0, FLOAT);
    let a = make_array(f, [4, 4, 0], 0, &[0u8; 64]);
    // SAFETY: valid descriptors and out-pointers, or deliberate nulls.
    unsafe {
        let res = array_resource(a);
        let mut td = hipTextureDesc {
            addressMode: [3, 1, 0],
            filterMode: 1,
            borderColor: [1.0, 2.0, 3.0, 4.0],
            normalizedCoords: 1,
            ..Default::default()
        };
        let mut t = null_mut();
        expect(
            hipCreateTextureObject(null_mut(), &res, &td, null()),
            INVALID_VALUE,
        );
        expect(
            hipCreateTextureObject(&mut t, null(), &td, null()),
            INVALID_VALUE,
        );
        expect(
            hipCreateTextureObject(&mut t, &res, null(), null()),
            INVALID_VALUE,
        );
        expect(
            hipCreateTextureObject(&mut t, &array_resource(null_mut()), &td, null()),
            INVALID_VALUE,
        );
        let local = 0u64;
        expect(
            hipCreateTextureObject(
                &mut t,
                &array_resource(&local as *const u64 as *mut c_void),
                &td,
                null(),
            ),
            INVALID_HANDLE,
        );
        let mut bad = res;
        bad.resType = 7;
        expect(
            hipCreateTextureObject(&mut t, &bad, &td, null()),
            INVALID_VALUE,
        );
        td.filterMode = 5;
        expect(
            hipCreateTextureObject(&mut t, &res, &td, null()),
            INVALID_VALUE,
        );
        td.filterMode = 1;
        // A view needs an array resource.
        let view = hipResourceViewDesc::default();
        let mut pitched = std::mem::zeroed::<hipResourceDesc>();
        pitched.resType = 3;
        expect(
            hipCreateTextureObject(&mut t, &pitched, &td, &view),
            INVALID_VALUE,
        );

        ok(hipCreateTextureObject(&mut t, &res, &td, null()));
        let mut back = hipTextureDesc::default();
        ok(hipGetTextureObjectTextureDesc(&mut back, t));
        assert_eq!(back.addressMode, [3, 1, 0]);
        assert_eq!(back.borderColor, [1.0, 2.0, 3.0, 4.0]);
        let mut r = std::mem::zeroed::<hipResourceDesc>();
        ok(hipGetTextureObjectResourceDesc(&mut r, t));
        assert_eq!((r.resType, r.res.array), (0, a));
        let mut v = hipResourceViewDesc {
            format: 9,
            ..Default::default()
        };
        ok(hipGetTextureObjectResourceViewDesc(&mut v, t));
        assert_eq!(v.format, 0);
        expect(hipGetTextureObjectTextureDesc(null_mut(), t), INVALID_VALUE);

        // The driver forms see the same object.
        let mut dtd = std::mem::zeroed::<HIP_TEXTURE_DESC>();
        ok(hipTexObjectGetTextureDesc(&mut dtd, t));
        assert_eq!(dtd.flags, 0x01 | 0x02); // read as integer, normalized coordinates
        let mut dres = std::mem::zeroed::<HIP_RESOURCE_DESC>();
        ok(hipTexObjectGetResourceDesc(&mut dres, t));
        assert_eq!((dres.resType, dres.res.hArray), (0, a));
        ok(hipDestroyTextureObject(t));
        expect(hipDestroyTextureObject(t), INVALID_VALUE);
        expect(hipGetTextureObjectTextureDesc(&mut back, t), INVALID_VALUE);
        ok(hipDestroyTextureObject(null_mut()));

        let mut t2 = null_mut();
        ok(hipTexObjectCreate(&mut t2, &dres, &dtd, null()));
        ok(hipGetTextureObjectTextureDesc(&mut back, t2));
        assert_eq!((back.readMode, back.normalizedCoords), (0, 1));
        ok(hipTexObjectDestroy(t2));
        expect(hipTexObjectDestroy(t2), INVALID_VALUE);
        ok(hipFreeArray(a));
    }
}

/// A HIP program (tests/c/texture.hip) built in two passes with the offload bundle embedded:
/// legacy texture references bound with hipBindTexture / hipBindTextureToArray (clang registers
/// them with __hipRegisterTexture), a texture object and a surface in one kernel.
#[test]
fn hip_program_with_texture_references() {
    let exe = common::hip_program("texture", &[]);
    let out = common::run(&mut std::process::Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}

/// Texture reference setters and getters on a reference that is no device variable (the
/// driver API's way), and their error codes.
#[test]
fn texture_reference_api() {
    // SAFETY: a local reference and valid out-pointers, or deliberate nulls.
    unsafe {
        let mut r = std::mem::zeroed::<textureReference>();
        ok(hipTexRefSetAddressMode(&mut r, 1, 2));
        ok(hipTexRefSetFilterMode(&mut r, 1));
        ok(hipTexRefSetFlags(&mut r, 0x02));
        ok(hipTexRefSetFormat(&mut r, 0x20, 2));
        let (mut am, mut fm, mut fl, mut f, mut nc) = (0, 0, 0u32, 0u32, 0);
        ok(hipTexRefGetAddressMode(&mut am, &r, 1));
        ok(hipTexRefGetFilterMode(&mut fm, &r));
        ok(hipTexRefGetFlags(&mut fl, &r));
        ok(hipTexRefGetFormat(&mut f, &mut nc, &r));
        assert_eq!((am, fm, fl, f, nc), (2, 1, 0x02, 0x20, 2));
        assert_eq!(r.channelDesc, desc(32, 32, 0, 0, FLOAT));
        expect(hipTexRefSetAddressMode(&mut r, 3, 0), INVALID_VALUE);
        expect(hipTexRefSetFilterMode(null_mut(), 0), INVALID_VALUE);
        expect(hipTexRefSetFormat(&mut r, 0x20, 3), INVALID_VALUE);
        expect(hipTexRefGetAddressMode(&mut am, null(), 0), INVALID_VALUE);

        // Binding memory makes a texture object; unbinding destroys it.
        let mut dev = null_mut();
        ok(hipMalloc(&mut dev, 4096));
        let mut off = 7usize;
        ok(hipTexRefSetAddress(&mut off, &mut r, dev, 4096));
        assert_eq!(off, 0);
        let t = r.textureObject;
        assert!(!t.is_null());
        let mut td = hipTextureDesc::default();
        ok(hipGetTextureObjectTextureDesc(&mut td, t));
        assert_eq!(
            (td.normalizedCoords, td.filterMode, td.addressMode[1]),
            (1, 1, 2)
        );
        // Unaligned memory needs the offset out-parameter.
        let odd = (dev as usize + 8) as *mut c_void;
        expect(
            hipBindTexture(null_mut(), &r, odd, &r.channelDesc, 64),
            INVALID_VALUE,
        );
        ok(hipBindTexture(&mut off, &r, odd, &r.channelDesc, 64));
        assert_eq!(off, 8);
        expect(hipGetTextureObjectTextureDesc(&mut td, t), INVALID_VALUE); // replaced
        ok(hipUnbindTexture(&r));
        assert!(r.textureObject.is_null());
        expect(hipUnbindTexture(null()), INVALID_VALUE);
        expect(
            hipBindTexture(&mut off, &r, null(), &r.channelDesc, 64),
            INVALID_VALUE,
        );
        let a = make_array(desc(32, 32, 0, 0, FLOAT), [4, 4, 0], 0, &[0u8; 128]);
        ok(hipTexRefSetArray(&mut r, a, 0));
        ok(hipUnbindTexture(&r));
        expect(hipBindTextureToArray(&r, null(), null()), INVALID_VALUE);
        ok(hipFreeArray(a));
        ok(hipFree(dev));
    }
}
