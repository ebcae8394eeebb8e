//! The driver-API graph calls (`hipDrvGraph*`) through the C ABI: `HIP_MEMCPY3D` copy nodes
//! (host, device and pitched sides) and fill nodes replayed against host results on random
//! inputs, their parameters read back and changed in graphs and executables, and the error
//! codes of misuse (each also the thread's last error).

use amdhip64::graph::*;
use amdhip64::texture::HIP_MEMCPY3D;
use amdhip64::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::{Mutex, MutexGuard};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const HOST: i32 = 1;
const DEVICE: i32 = 2;
const POISON: u8 = 0xCD;

fn serial() -> MutexGuard<'static, ()> {
    static M: Mutex<()> = Mutex::new(());
    let g = M.lock().unwrap_or_else(|e| e.into_inner());
    hipGetLastError();
    g
}

#[track_caller]
fn expect(code: i32, want: i32) {
    assert_eq!(code, want);
    assert_eq!(hipGetLastError(), want, "last error");
}

fn ok(code: i32) {
    expect(code, SUCCESS);
}

fn random_bytes(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

fn zeroed() -> HIP_MEMCPY3D {
    // SAFETY: a plain-old-data struct of integers and pointers; all zero is valid.
    unsafe { std::mem::zeroed() }
}

/// A copy of a `width` x `height` box between two pitched 2-D buffers.
#[allow(clippy::too_many_arguments)] // both sides spelled out, as HIP_MEMCPY3D has them
fn copy_2d(
    src: *const c_void,
    src_type: i32,
    src_pitch: usize,
    dst: *mut c_void,
    dst_type: i32,
    dst_pitch: usize,
    width: usize,
    height: usize,
) -> HIP_MEMCPY3D {
    let mut c = zeroed();
    c.srcMemoryType = src_type;
    c.srcHost = src;
    c.srcDevice = src as *mut c_void;
    c.srcPitch = src_pitch;
    c.dstMemoryType = dst_type;
    c.dstHost = dst;
    c.dstDevice = dst;
    c.dstPitch = dst_pitch;
    c.WidthInBytes = width;
    c.Height = height;
    c.Depth = 1;
    c
}

fn device_alloc(bytes: usize) -> *mut c_void {
    let mut p = null_mut();
    // SAFETY: writable out-pointer.
    ok(unsafe { hipMalloc(&mut p, bytes) });
    p
}

#[test]
fn drv_copy_nodes_replay_pitched_boxes() {
    let _g = serial();
    let (w, h, hp, dp) = (37usize, 11usize, 40usize, 64usize);
    let src = random_bytes(hp * h, 3);
    let mut out = vec![POISON; hp * h];
    let d = device_alloc(dp * h);
    // SAFETY: every pointer below holds the rows the descriptions name.
    unsafe {
        let mut g: hipGraph_t = null_mut();
        ok(hipGraphCreate(&mut g, 0));
        let up = copy_2d(src.as_ptr().cast(), HOST, hp, d, DEVICE, dp, w, h);
        let down = copy_2d(d, DEVICE, dp, out.as_mut_ptr().cast(), HOST, hp, w, h);
        let (mut a, mut b): (hipGraphNode_t, hipGraphNode_t) = (null_mut(), null_mut());
        ok(hipDrvGraphAddMemcpyNode(
            &mut a,
            g,
            null(),
            0,
            &up,
            null_mut(),
        ));
        ok(hipDrvGraphAddMemcpyNode(
            &mut b,
            g,
            &a,
            1,
            &down,
            null_mut(),
        ));
        // The description comes back as given.
        let mut back = zeroed();
        ok(hipDrvGraphMemcpyNodeGetParams(a, &mut back));
        assert_eq!(back.srcPitch, hp);
        assert_eq!(back.dstPitch, dp);
        assert_eq!(back.WidthInBytes, w);
        assert_eq!(back.dstDevice, d);
        let mut exec: hipGraphExec_t = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        for row in 0..h {
            let r = row * hp;
            assert_eq!(out[r..r + w], src[r..r + w], "row {row}");
            assert!(
                out[r + w..r + hp].iter().all(|&x| x == POISON),
                "row {row} padding"
            );
        }
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipFree(d));
    }
}

#[test]
fn drv_params_change_in_graphs_and_executables() {
    let _g = serial();
    let n = 4096usize;
    let a_in = random_bytes(n, 11);
    let b_in = random_bytes(n, 12);
    let mut out = vec![POISON; n];
    let d = device_alloc(n);
    // SAFETY: every pointer below holds n bytes.
    unsafe {
        let mut g: hipGraph_t = null_mut();
        ok(hipGraphCreate(&mut g, 0));
        let mut up: hipGraphNode_t = null_mut();
        let first = copy_2d(a_in.as_ptr().cast(), HOST, n, d, DEVICE, n, n, 1);
        ok(hipDrvGraphAddMemcpyNode(
            &mut up,
            g,
            null(),
            0,
            &first,
            null_mut(),
        ));
        let mut down: hipGraphNode_t = null_mut();
        let back = copy_2d(d, DEVICE, n, out.as_mut_ptr().cast(), HOST, n, n, 1);
        ok(hipDrvGraphAddMemcpyNode(
            &mut down,
            g,
            &up,
            1,
            &back,
            null_mut(),
        ));
        // Set on the graph before instantiating: b is copied.
        let second = copy_2d(b_in.as_ptr().cast(), HOST, n, d, DEVICE, n, n, 1);
        ok(hipDrvGraphMemcpyNodeSetParams(up, &second));
        let mut exec: hipGraphExec_t = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        assert_eq!(out, b_in);
        // Set on the executable: a is copied, the graph keeps b.
        ok(hipDrvGraphExecMemcpyNodeSetParams(
            exec,
            up,
            &first,
            null_mut(),
        ));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        assert_eq!(out, a_in);
        let mut kept = zeroed();
        ok(hipDrvGraphMemcpyNodeGetParams(up, &mut kept));
        assert_eq!(kept.srcHost, b_in.as_ptr().cast());
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipFree(d));
    }
}

#[test]
fn drv_memset_nodes_fill_and_update() {
    let _g = serial();
    let (w, h, pitch) = (24usize, 5usize, 32usize);
    let d = device_alloc(pitch * h * 4);
    let mut out = vec![0u32; pitch * h];
    // SAFETY: d holds pitch*h u32 elements, out as many.
    unsafe {
        ok(hipMemset(d, 0, pitch * h * 4));
        let mut g: hipGraph_t = null_mut();
        ok(hipGraphCreate(&mut g, 0));
        let mut p = HIP_MEMSET_NODE_PARAMS {
            dst: d,
            pitch: pitch * 4,
            value: 0xDEAD_BEEF,
            elementSize: 4,
            width: w,
            height: h,
        };
        let mut node: hipGraphNode_t = null_mut();
        ok(hipDrvGraphAddMemsetNode(
            &mut node,
            g,
            null(),
            0,
            &p,
            null_mut(),
        ));
        let mut exec: hipGraphExec_t = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        ok(hipMemcpy(out.as_mut_ptr().cast(), d, pitch * h * 4, 2));
        for row in 0..h {
            assert!(out[row * pitch..row * pitch + w]
                .iter()
                .all(|&v| v == 0xDEAD_BEEF));
            assert!(out[row * pitch + w..(row + 1) * pitch]
                .iter()
                .all(|&v| v == 0));
        }
        p.value = 7;
        ok(hipDrvGraphExecMemsetNodeSetParams(
            exec,
            node,
            &p,
            null_mut(),
        ));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        ok(hipMemcpy(out.as_mut_ptr().cast(), d, pitch * h * 4, 2));
        assert!(out[..w].iter().all(|&v| v == 7));
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipFree(d));
    }
}

#[test]
fn drv_graph_misuse_codes() {
    let _g = serial();
    let n = 256usize;
    let d = device_alloc(n);
    let host = vec![0u8; n];
    // SAFETY: null and bogus arguments are the point; d holds n bytes.
    unsafe {
        let mut g: hipGraph_t = null_mut();
        ok(hipGraphCreate(&mut g, 0));
        let mut node: hipGraphNode_t = null_mut();
        let good = copy_2d(host.as_ptr().cast(), HOST, n, d, DEVICE, n, n, 1);
        // No description.
        expect(
            hipDrvGraphAddMemcpyNode(&mut node, g, null(), 0, null(), null_mut()),
            INVALID_VALUE,
        );
        // An empty copy.
        let mut empty = good;
        empty.WidthInBytes = 0;
        expect(
            hipDrvGraphAddMemcpyNode(&mut node, g, null(), 0, &empty, null_mut()),
            INVALID_VALUE,
        );
        // A pitch under the width.
        let mut narrow = good;
        narrow.srcPitch = n / 2;
        narrow.Height = 2;
        expect(
            hipDrvGraphAddMemcpyNode(&mut node, g, null(), 0, &narrow, null_mut()),
            INVALID_VALUE,
        );
        // Past the end of the device allocation.
        let mut long = good;
        long.dstXInBytes = 1;
        expect(
            hipDrvGraphAddMemcpyNode(&mut node, g, null(), 0, &long, null_mut()),
            INVALID_VALUE,
        );
        // A box starting one row or one slice in, with no height given (slices as tall as
        // the copy): its last rows lie past the allocation, where no row alone can tell.
        let mut boxed = copy_2d(host.as_ptr().cast(), HOST, 32, d, DEVICE, 32, 32, 4);
        boxed.Depth = 2;
        ok(hipDrvGraphAddMemcpyNode(
            &mut node,
            g,
            null(),
            0,
            &boxed,
            null_mut(),
        ));
        ok(hipGraphDestroyNode(node));
        for (y, z) in [(1, 0), (0, 1)] {
            let mut off = boxed;
            off.dstY = y;
            off.dstZ = z;
            expect(
                hipDrvGraphAddMemcpyNode(&mut node, g, null(), 0, &off, null_mut()),
                INVALID_VALUE,
            );
            // The same on the source side (device memory read into the host).
            let mut back = copy_2d(
                d,
                DEVICE,
                32,
                host.as_ptr().cast_mut().cast(),
                HOST,
                32,
                32,
                4,
            );
            back.Depth = 2;
            back.srcY = y;
            back.srcZ = z;
            expect(
                hipDrvGraphAddMemcpyNode(&mut node, g, null(), 0, &back, null_mut()),
                INVALID_VALUE,
            );
        }
        // A context that is not one.
        let mut junk = 0u64;
        expect(
            hipDrvGraphAddMemcpyNode(
                &mut node,
                g,
                null(),
                0,
                &good,
                (&mut junk as *mut u64).cast(),
            ),
            INVALID_VALUE,
        );
        // A memcpy call on a memset node.
        let fill = HIP_MEMSET_NODE_PARAMS {
            dst: d,
            pitch: 0,
            value: 1,
            elementSize: 1,
            width: n,
            height: 1,
        };
        let mut m: hipGraphNode_t = null_mut();
        ok(hipDrvGraphAddMemsetNode(
            &mut m,
            g,
            null(),
            0,
            &fill,
            null_mut(),
        ));
        let mut back = zeroed();
        expect(hipDrvGraphMemcpyNodeGetParams(m, &mut back), INVALID_VALUE);
        expect(hipDrvGraphMemcpyNodeSetParams(m, &good), INVALID_VALUE);
        // An element size that is not 1, 2 or 4.
        let mut odd = fill;
        odd.elementSize = 3;
        expect(
            hipDrvGraphAddMemsetNode(&mut node, g, null(), 0, &odd, null_mut()),
            INVALID_VALUE,
        );
        // A null fill.
        expect(
            hipDrvGraphAddMemsetNode(&mut node, g, null(), 0, null(), null_mut()),
            INVALID_VALUE,
        );
        // A runtime-API copy node reads back in driver terms.
        let mut c: hipGraphNode_t = null_mut();
        ok(hipGraphAddMemcpyNode1D(
            &mut c,
            g,
            null(),
            0,
            d,
            host.as_ptr().cast(),
            n,
            1,
        ));
        ok(hipDrvGraphMemcpyNodeGetParams(c, &mut back));
        assert_eq!(back.WidthInBytes, n);
        assert_eq!(back.dstDevice, d);
        assert_eq!(back.srcHost, host.as_ptr().cast());
        ok(hipGraphDestroy(g));
        ok(hipFree(d));
    }
}

#[test]
fn memset_node_params_layout() {
    use std::mem::{offset_of, size_of};
    assert_eq!(size_of::<HIP_MEMSET_NODE_PARAMS>(), 40);
    assert_eq!(offset_of!(HIP_MEMSET_NODE_PARAMS, pitch), 8);
    assert_eq!(offset_of!(HIP_MEMSET_NODE_PARAMS, value), 16);
    assert_eq!(offset_of!(HIP_MEMSET_NODE_PARAMS, elementSize), 20);
    assert_eq!(offset_of!(HIP_MEMSET_NODE_PARAMS, width), 24);
    assert_eq!(offset_of!(HIP_MEMSET_NODE_PARAMS, height), 32);
}
