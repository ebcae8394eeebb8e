//! Graphs and stream capture through the C ABI: every node type built explicitly and
//! replayed, the graph queries and parameter calls, executable-graph updates, stream capture
//! (one stream and forked across streams with events) replayed with new inputs, capture
//! misuse, stream memory operations and user objects. Each failing call asserts the exact
//! code and that it became the thread's last error.
//!
//! Capture state is process-wide (a global-mode capture forbids `hipMalloc` in every thread),
//! so the tests of this binary run one at a time.

mod common;

use amdhip64::abi::{hipExtent, hipMemcpy3DParms, hipPitchedPtr, hipPos};
use amdhip64::graph::*;
use amdhip64::mempool::{hipFreeAsync, hipMemAccessDesc, hipMemLocation};
use amdhip64::*;
use std::ffi::{c_void, CStr, CString};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_DEVICE_FUNCTION: i32 = 98;
const INVALID_DEVICE: i32 = 101;
const ILLEGAL_STATE: i32 = 401;
const NOT_SUPPORTED: i32 = 801;
const CAPTURE_UNSUPPORTED: i32 = 900;
const CAPTURE_INVALIDATED: i32 = 901;
const CAPTURE_UNMATCHED: i32 = 903;
const CAPTURE_UNJOINED: i32 = 904;
const CAPTURE_IMPLICIT: i32 = 906;
const CAPTURED_EVENT: i32 = 907;
const STREAM_CAPTURE_WRONG_THREAD: i32 = 908;
const EXEC_UPDATE_FAILURE: i32 = 910;
const CONTEXT_IS_DESTROYED: i32 = 709;

const H2D: i32 = 1;
const D2H: i32 = 2;

const KERNELS: &str = r#"
extern "C" __global__ void axpb(float *y, const float *x, float a, float b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b;
}
extern "C" __global__ void bump(int *p) {
    if (blockIdx.x == 0 && threadIdx.x == 0) *p += 1;
}
"#;

fn serial() -> MutexGuard<'static, ()> {
    static M: Mutex<()> = Mutex::new(());
    let g = M.lock().unwrap_or_else(|e| e.into_inner());
    // A test that failed mid-way may leave its error behind.
    hipGetLastError();
    g
}

/// `code` came back and is also this thread's last error (which is then reset).
#[track_caller]
fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {}", name(code));
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

struct Kernels {
    axpb: usize,
    bump: usize,
}

fn kernels() -> &'static Kernels {
    static K: OnceLock<Kernels> = OnceLock::new();
    K.get_or_init(|| {
        let co = comgr::compile_hip(KERNELS, "graph.hip", &comgr::CompileOptions::default())
            .expect("compile the test kernels");
        let bytes = co.to_bytes();
        let mut m = null_mut();
        let (mut a, mut b) = (null_mut(), null_mut());
        // SAFETY: a complete code object; out-pointers are locals.
        unsafe {
            ok(hipModuleLoadData(&mut m, bytes.as_ptr().cast()));
            ok(hipModuleGetFunction(&mut a, m, c"axpb".as_ptr()));
            ok(hipModuleGetFunction(&mut b, m, c"bump".as_ptr()));
        }
        Kernels {
            axpb: a as usize,
            bump: b as usize,
        }
    })
}

/// Graph allocation parameters: `bytes` of pinned memory on device 0.
fn alloc_params(bytes: usize) -> hipMemAllocNodeParams {
    // SAFETY: a plain C struct; all-zero is a valid value of each field.
    let mut p: hipMemAllocNodeParams = unsafe { std::mem::zeroed() };
    p.poolProps.allocType = 1;
    p.poolProps.location.type_ = 1;
    p.bytesize = bytes;
    p
}

/// Device memory for `n` values of `T`.
fn dev<T>(n: usize) -> *mut T {
    let mut p = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipMalloc(&mut p, n * size_of::<T>()) });
    p.cast()
}

fn free<T>(p: *mut T) {
    // SAFETY: allocated by `dev`.
    ok(unsafe { hipFree(p.cast()) });
}

fn stream() -> hipStream_t {
    let mut s = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipStreamCreate(&mut s) });
    s
}

fn event() -> hipEvent_t {
    let mut e = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipEventCreate(&mut e) });
    e
}

fn new_graph() -> hipGraph_t {
    let mut g = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipGraphCreate(&mut g, 0) });
    g
}

/// Small deterministic pseudo-random inputs.
fn inputs(seed: u32, n: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x % 1000) as f32 / 10.0 - 50.0
        })
        .collect()
}

unsafe extern "C" fn count_call(ud: *mut c_void) {
    // SAFETY: the tests pass the address of a live AtomicU32.
    unsafe { (*(ud as *const AtomicU32)).fetch_add(1, Ordering::SeqCst) };
}

/// Kernel node parameters for `axpb(y, x, a, b, n)`; the argument locals are read now.
fn axpb_params(
    y: *mut f32,
    x: *const f32,
    a: f32,
    b: f32,
    n: i32,
    args: &mut [*mut c_void; 5],
    vals: &mut (usize, usize, f32, f32, i32),
) -> hipKernelNodeParams {
    *vals = (y as usize, x as usize, a, b, n);
    args[0] = (&mut vals.0 as *mut usize).cast();
    args[1] = (&mut vals.1 as *mut usize).cast();
    args[2] = (&mut vals.2 as *mut f32).cast();
    args[3] = (&mut vals.3 as *mut f32).cast();
    args[4] = (&mut vals.4 as *mut i32).cast();
    let blocks = (n as u32).div_ceil(64);
    hipKernelNodeParams {
        blockDim: amdhip64::abi::dim3 { x: 64, y: 1, z: 1 },
        extra: null_mut(),
        func: kernels().axpb as *mut c_void,
        gridDim: amdhip64::abi::dim3 {
            x: blocks,
            y: 1,
            z: 1,
        },
        kernelParams: args.as_mut_ptr(),
        sharedMemBytes: 0,
    }
}

fn pitched(p: *mut c_void, bytes: usize) -> hipPitchedPtr {
    hipPitchedPtr {
        ptr: p,
        pitch: bytes,
        xsize: bytes,
        ysize: 1,
    }
}

fn copy_1d(dst: *mut c_void, src: *mut c_void, bytes: usize, kind: i32) -> hipMemcpy3DParms {
    let o = hipPos { x: 0, y: 0, z: 0 };
    hipMemcpy3DParms {
        srcArray: null_mut(),
        srcPos: o,
        srcPtr: pitched(src, bytes),
        dstArray: null_mut(),
        dstPos: o,
        dstPtr: pitched(dst, bytes),
        extent: hipExtent {
            width: bytes,
            height: 1,
            depth: 1,
        },
        kind,
    }
}

#[test]
fn explicit_graph_of_every_node_type_replays_with_new_inputs() {
    let _s = serial();
    const N: usize = 1000;
    let bytes = N * size_of::<f32>();
    let (x, y, z) = (dev::<f32>(N), dev::<f32>(N), dev::<i32>(1));
    let mut host_in = vec![0f32; N];
    let mut host_out = vec![f32::NAN; N];
    let calls = AtomicU32::new(0);
    let (ev_a, ev_b) = (event(), event());
    let s = stream();
    let g = new_graph();
    // SAFETY: every pointer passed below is live for the whole test; out-pointers are locals.
    unsafe {
        // memset y to a poison pattern (0xff bytes: NaN), z to 0.
        let mut poison = null_mut();
        let mp = hipMemsetParams {
            dst: y.cast(),
            elementSize: 4,
            height: 1,
            pitch: 0,
            value: 0xffff_ffff,
            width: N,
        };
        ok(hipGraphAddMemsetNode(&mut poison, g, null(), 0, &mp));
        let mut zero = null_mut();
        let zp = hipMemsetParams {
            dst: z.cast(),
            elementSize: 1,
            height: 1,
            pitch: 4,
            value: 0,
            width: 4,
        };
        ok(hipGraphAddMemsetNode(&mut zero, g, null(), 0, &zp));
        let mut h2d = null_mut();
        ok(hipGraphAddMemcpyNode1D(
            &mut h2d,
            g,
            null(),
            0,
            x.cast(),
            host_in.as_ptr().cast(),
            bytes,
            H2D,
        ));
        let mut rec = null_mut();
        ok(hipGraphAddEventRecordNode(&mut rec, g, &h2d, 1, ev_a));
        let mut wait = null_mut();
        ok(hipGraphAddEventWaitNode(&mut wait, g, &rec, 1, ev_a));
        // The kernel's argument locals die right after the node is added.
        let mut kernel = null_mut();
        {
            let (mut args, mut vals) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
            let kp = axpb_params(y, x, 2.0, 1.0, N as i32, &mut args, &mut vals);
            let deps = [poison, wait];
            ok(hipGraphAddKernelNode(&mut kernel, g, deps.as_ptr(), 2, &kp));
        }
        // A child graph bumping z twice.
        let child = new_graph();
        let mut c1 = null_mut();
        let mut c2 = null_mut();
        let mut zarg = z as usize;
        let mut zargs = [(&mut zarg as *mut usize).cast::<c_void>()];
        let bp = hipKernelNodeParams {
            blockDim: amdhip64::abi::dim3 { x: 1, y: 1, z: 1 },
            extra: null_mut(),
            func: kernels().bump as *mut c_void,
            gridDim: amdhip64::abi::dim3 { x: 1, y: 1, z: 1 },
            kernelParams: zargs.as_mut_ptr(),
            sharedMemBytes: 0,
        };
        ok(hipGraphAddKernelNode(&mut c1, child, null(), 0, &bp));
        ok(hipGraphAddKernelNode(&mut c2, child, &c1, 1, &bp));
        let mut sub = null_mut();
        ok(hipGraphAddChildGraphNode(&mut sub, g, &zero, 1, child));
        // The node holds a copy: destroying the child graph changes nothing.
        ok(hipGraphDestroy(child));
        let mut d2h = null_mut();
        let cp = copy_1d(host_out.as_mut_ptr().cast(), y.cast(), bytes, D2H);
        ok(hipGraphAddMemcpyNode(&mut d2h, g, &kernel, 1, &cp));
        let mut join = null_mut();
        let both = [d2h, sub];
        ok(hipGraphAddEmptyNode(&mut join, g, both.as_ptr(), 2));
        let mut host = null_mut();
        let hp = hipHostNodeParams {
            fn_: Some(count_call),
            userData: (&calls as *const AtomicU32).cast_mut().cast(),
        };
        ok(hipGraphAddHostNode(&mut host, g, &join, 1, &hp));
        let mut last = null_mut();
        ok(hipGraphAddEventRecordNode(&mut last, g, &host, 1, ev_b));

        let mut types = Vec::new();
        for n in [
            poison, zero, h2d, rec, wait, kernel, sub, d2h, join, host, last,
        ] {
            let mut t = -1;
            ok(hipGraphNodeGetType(n, &mut t));
            types.push(t);
        }
        assert_eq!(types, [2, 2, 1, 7, 6, 0, 4, 1, 5, 3, 7]);

        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        for round in 0..4u32 {
            host_in.copy_from_slice(&inputs(round, N));
            host_out.fill(f32::NAN);
            ok(hipGraphLaunch(exec, s));
            ok(hipStreamSynchronize(s));
            let want: Vec<f32> = host_in.iter().map(|v| 2.0 * v + 1.0).collect();
            assert_eq!(host_out, want, "round {round}");
            assert_eq!(calls.load(Ordering::SeqCst), round + 1);
            let mut zv = 0i32;
            ok(hipMemcpy((&mut zv as *mut i32).cast(), z.cast(), 4, D2H));
            assert_eq!(zv, 2, "the child graph ran once per launch");
            ok(hipEventSynchronize(ev_b));
        }
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
        ok(hipEventDestroy(ev_a));
        ok(hipEventDestroy(ev_b));
    }
    free(x);
    free(y);
    free(z);
}

#[test]
fn graph_structure_queries_and_edges() {
    let _s = serial();
    let g = new_graph();
    // SAFETY: out-pointers and lists are locals of the stated sizes.
    unsafe {
        let mut n = [null_mut(); 4];
        for slot in &mut n {
            ok(hipGraphAddEmptyNode(slot, g, null(), 0));
        }
        // a -> b -> d, a -> c -> d
        let from = [n[0], n[0], n[1], n[2]];
        let to = [n[1], n[2], n[3], n[3]];
        ok(hipGraphAddDependencies(g, from.as_ptr(), to.as_ptr(), 4));

        let mut count = 0usize;
        ok(hipGraphGetNodes(g, null_mut(), &mut count));
        assert_eq!(count, 4);
        let mut all = [null_mut(); 6];
        let mut count = 6usize;
        ok(hipGraphGetNodes(g, all.as_mut_ptr(), &mut count));
        assert_eq!(count, 4);
        assert_eq!(&all[..4], &n);
        assert!(all[4].is_null() && all[5].is_null());
        let mut roots = [null_mut(); 4];
        let mut count = 4usize;
        ok(hipGraphGetRootNodes(g, roots.as_mut_ptr(), &mut count));
        assert_eq!((count, roots[0]), (1, n[0]));
        let mut count = 0usize;
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 4);
        let (mut ef, mut et) = ([null_mut(); 4], [null_mut(); 4]);
        ok(hipGraphGetEdges(
            g,
            ef.as_mut_ptr(),
            et.as_mut_ptr(),
            &mut count,
        ));
        let mut edges: Vec<(usize, usize)> = ef
            .iter()
            .zip(&et)
            .map(|(&a, &b)| (a as usize, b as usize))
            .collect();
        let mut want: Vec<(usize, usize)> = from
            .iter()
            .zip(&to)
            .map(|(&a, &b)| (a as usize, b as usize))
            .collect();
        edges.sort_unstable();
        want.sort_unstable();
        assert_eq!(edges, want);
        let mut deps = [null_mut(); 2];
        let mut count = 2usize;
        ok(hipGraphNodeGetDependencies(
            n[3],
            deps.as_mut_ptr(),
            &mut count,
        ));
        assert_eq!((count, deps), (2, [n[1], n[2]]));
        let mut count = 2usize;
        ok(hipGraphNodeGetDependentNodes(
            n[0],
            deps.as_mut_ptr(),
            &mut count,
        ));
        assert_eq!((count, deps), (2, [n[1], n[2]]));

        // No edges is nothing to do; a list with one bad edge changes nothing.
        ok(hipGraphAddDependencies(g, null(), null(), 0));
        ok(hipGraphRemoveDependencies(g, &n[0], null(), 0));
        let (bf, bt) = ([n[1], n[0]], [n[2], n[1]]);
        expect(
            hipGraphAddDependencies(g, bf.as_ptr(), bt.as_ptr(), 2),
            INVALID_VALUE,
        );
        let mut count = 0usize;
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 4, "the valid edge of the list was not added");

        // Errors: self edge, existing edge, missing edge, nulls, foreign node, null graph.
        expect(hipGraphAddDependencies(g, &n[0], &n[0], 1), INVALID_VALUE);
        expect(hipGraphAddDependencies(g, &n[0], &n[1], 1), INVALID_VALUE);
        expect(
            hipGraphRemoveDependencies(g, &n[3], &n[0], 1),
            INVALID_VALUE,
        );
        expect(hipGraphAddDependencies(g, null(), &n[0], 1), INVALID_VALUE);
        expect(
            hipGraphAddDependencies(null_mut(), &n[0], &n[1], 1),
            INVALID_VALUE,
        );
        expect(
            hipGraphGetNodes(g, all.as_mut_ptr(), null_mut()),
            INVALID_VALUE,
        );
        // A null count with arrays is refused, not read.
        expect(
            hipGraphGetEdges(g, ef.as_mut_ptr(), et.as_mut_ptr(), null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGraphGetEdges(g, null_mut(), null_mut(), null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGraphGetNodes(null_mut(), all.as_mut_ptr(), &mut count),
            INVALID_VALUE,
        );
        let other = new_graph();
        let mut foreign = null_mut();
        ok(hipGraphAddEmptyNode(&mut foreign, other, null(), 0));
        expect(
            hipGraphAddDependencies(g, &n[0], &foreign, 1),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddEmptyNode(&mut foreign, g, null(), 3),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddEmptyNode(null_mut(), g, null(), 0),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddEmptyNode(&mut foreign, null_mut(), null(), 0),
            INVALID_VALUE,
        );
        expect(hipGraphCreate(null_mut(), 0), INVALID_VALUE);
        let mut g2 = null_mut();
        expect(hipGraphCreate(&mut g2, 1), INVALID_VALUE);
        ok(hipGraphDestroy(other));
        expect(hipGraphDestroy(other), INVALID_VALUE);
        let mut t = 0;
        expect(hipGraphNodeGetType(foreign, &mut t), INVALID_VALUE);

        // Remove an edge, then destroy a node: its edges go with it and its handle dies.
        ok(hipGraphRemoveDependencies(g, &n[0], &n[2], 1));
        let mut count = 0usize;
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 3);
        ok(hipGraphDestroyNode(n[1]));
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 1);
        expect(hipGraphNodeGetType(n[1], &mut t), INVALID_VALUE);
        expect(hipGraphDestroyNode(n[1]), INVALID_VALUE);

        // A cycle is refused when instantiating, as ROCm does.
        ok(hipGraphAddDependencies(g, &n[3], &n[0], 1));
        ok(hipGraphAddDependencies(g, &n[0], &n[2], 1));
        let mut exec = null_mut();
        expect(
            hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0),
            INVALID_VALUE,
        );
        expect(
            hipGraphInstantiate(null_mut(), g, null_mut(), null_mut(), 0),
            INVALID_VALUE,
        );
        ok(hipGraphRemoveDependencies(g, &n[3], &n[0], 1));
        ok(hipGraphInstantiateWithFlags(&mut exec, g, 0));
        expect(hipGraphLaunch(null_mut(), null_mut()), INVALID_VALUE);
        ok(hipGraphUpload(exec, null_mut()));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        ok(hipGraphExecDestroy(exec));
        expect(hipGraphLaunch(exec, null_mut()), INVALID_VALUE);
        expect(hipGraphExecDestroy(exec), INVALID_VALUE);
        expect(
            hipGraphInstantiateWithFlags(&mut exec, g, 0x100),
            INVALID_VALUE,
        );
        // As in ROCm: no flag or one, and through this call only auto-free and node
        // priority (upload and device launch come through hipGraphInstantiateWithParams).
        for bad in [2, 4, 10] {
            expect(
                hipGraphInstantiateWithFlags(&mut exec, g, bad),
                INVALID_VALUE,
            );
        }
        ok(hipGraphInstantiateWithFlags(&mut exec, g, 8));
        ok(hipGraphExecDestroy(exec));

        // Clone, and find each node in the clone.
        let mut c = null_mut();
        ok(hipGraphClone(&mut c, g));
        let mut cn = null_mut();
        ok(hipGraphNodeFindInClone(&mut cn, n[3], c));
        assert_ne!(cn, n[3]);
        let mut count = 2usize;
        let mut cd = [null_mut(); 2];
        ok(hipGraphNodeGetDependencies(cn, cd.as_mut_ptr(), &mut count));
        assert_eq!(count, 1);
        let mut orig = null_mut();
        ok(hipGraphNodeFindInClone(&mut orig, n[2], c));
        assert_eq!(cd[0], orig);
        expect(hipGraphNodeFindInClone(&mut cn, n[3], g), INVALID_VALUE);

        // DOT output names every node and edge.
        let path = std::env::temp_dir().join(format!("graph-{}.dot", std::process::id()));
        let cpath = CString::new(path.to_str().expect("utf-8 path")).expect("no NUL");
        ok(hipGraphDebugDotPrint(g, cpath.as_ptr(), 0));
        let dot = std::fs::read_to_string(&path).expect("DOT file written");
        assert!(dot.starts_with("digraph"), "{dot}");
        assert_eq!(dot.matches("->").count(), 2, "{dot}");
        let _ = std::fs::remove_file(&path);
        expect(hipGraphDebugDotPrint(g, null(), 0), INVALID_VALUE);
        ok(hipGraphDestroy(c));
        ok(hipGraphDestroy(g));
    }
}

#[test]
fn node_parameters_get_set_and_exec_updates() {
    let _s = serial();
    const N: usize = 256;
    let (x, y) = (dev::<f32>(N), dev::<f32>(N));
    let s = stream();
    let host: Vec<f32> = inputs(7, N);
    let mut out = vec![f32::NAN; N];
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        ok(hipMemcpy(x.cast(), host.as_ptr().cast(), N * 4, H2D));
        let g = new_graph();
        let mut k = null_mut();
        let (mut args, mut vals) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
        let kp = axpb_params(y, x, 3.0, 0.5, N as i32, &mut args, &mut vals);
        ok(hipGraphAddKernelNode(&mut k, g, null(), 0, &kp));
        let mut got: hipKernelNodeParams = std::mem::zeroed();
        ok(hipGraphKernelNodeGetParams(k, &mut got));
        assert_eq!(got.func, kp.func);
        assert_eq!((got.gridDim.x, got.blockDim.x), (4, 64));
        assert_eq!(*(*got.kernelParams.add(2) as *const f32), 3.0);
        assert_eq!(*(*got.kernelParams.add(4) as *const i32), N as i32);
        let mut bad = kp;
        bad.func = null_mut();
        expect(
            hipGraphKernelNodeSetParams(k, &bad),
            INVALID_DEVICE_FUNCTION,
        );
        expect(hipGraphKernelNodeGetParams(k, null_mut()), INVALID_VALUE);
        let mut d2h = null_mut();
        ok(hipGraphAddMemcpyNode1D(
            &mut d2h,
            g,
            &k,
            1,
            out.as_mut_ptr().cast(),
            y.cast(),
            N * 4,
            D2H,
        ));
        let mut cp: hipMemcpy3DParms = std::mem::zeroed();
        ok(hipGraphMemcpyNodeGetParams(d2h, &mut cp));
        assert_eq!(
            (cp.dstPtr.ptr, cp.srcPtr.ptr, cp.extent.width, cp.kind),
            (out.as_mut_ptr().cast(), y.cast(), N * 4, D2H)
        );
        expect(
            hipGraphMemsetNodeGetParams(d2h, &mut std::mem::zeroed()),
            INVALID_VALUE,
        );
        expect(
            hipGraphMemcpyNodeSetParams1D(d2h, null_mut(), y.cast(), 4, D2H),
            INVALID_VALUE,
        );
        // Past the end of the allocation, either side; no bytes; an unknown direction.
        expect(
            hipGraphMemcpyNodeSetParams1D(d2h, out.as_mut_ptr().cast(), y.cast(), N * 4 + 4, D2H),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddMemcpyNode1D(
                &mut d2h,
                g,
                null(),
                0,
                y.cast(),
                host.as_ptr().cast(),
                N * 4 + 4,
                H2D,
            ),
            INVALID_VALUE,
        );
        expect(
            hipGraphMemcpyNodeSetParams1D(d2h, out.as_mut_ptr().cast(), y.cast(), 0, D2H),
            INVALID_VALUE,
        );
        expect(
            hipGraphMemcpyNodeSetParams1D(d2h, out.as_mut_ptr().cast(), y.cast(), 4, 9),
            21,
        );
        let mut h = null_mut();
        let calls = AtomicU32::new(0);
        let hp = hipHostNodeParams {
            fn_: Some(count_call),
            userData: (&calls as *const AtomicU32).cast_mut().cast(),
        };
        ok(hipGraphAddHostNode(&mut h, g, &d2h, 1, &hp));
        let mut hg: hipHostNodeParams = std::mem::zeroed();
        ok(hipGraphHostNodeGetParams(h, &mut hg));
        assert_eq!(hg.userData, hp.userData);
        assert_eq!(
            hg.fn_.map(|f| f as *const () as usize),
            Some(count_call as *const () as usize)
        );
        let nohost = hipHostNodeParams {
            fn_: None,
            userData: null_mut(),
        };
        expect(hipGraphHostNodeSetParams(h, &nohost), INVALID_VALUE);
        expect(
            hipGraphAddHostNode(&mut h, g, null(), 0, &nohost),
            INVALID_VALUE,
        );

        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let want: Vec<f32> = host.iter().map(|v| 3.0 * v + 0.5).collect();
        assert_eq!(out, want);

        // Changing the graph's node does not change the executable; the exec call does.
        let (mut args2, mut vals2) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
        let kp2 = axpb_params(y, x, -1.0, 2.0, N as i32, &mut args2, &mut vals2);
        ok(hipGraphKernelNodeSetParams(k, &kp2));
        out.fill(f32::NAN);
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(out, want);
        let (mut args3, mut vals3) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
        let kp3 = axpb_params(y, x, 0.0, 9.0, N as i32, &mut args3, &mut vals3);
        ok(hipGraphExecKernelNodeSetParams(exec, k, &kp3));
        expect(
            hipGraphExecKernelNodeSetParams(null_mut(), k, &kp3),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecKernelNodeSetParams(exec, null_mut(), &kp3),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecKernelNodeSetParams(exec, k, null()),
            INVALID_VALUE,
        );
        expect(hipGraphExecHostNodeSetParams(exec, k, &hp), INVALID_VALUE);
        // A copy node keeps its direction in the executable; its source is not its
        // destination (in the graph's node too).
        expect(
            hipGraphExecMemcpyNodeSetParams1D(exec, d2h, out.as_mut_ptr().cast(), y.cast(), 4, 4),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecMemcpyNodeSetParams1D(exec, d2h, y.cast(), y.cast(), 4, D2H),
            INVALID_VALUE,
        );
        expect(
            hipGraphMemcpyNodeSetParams1D(d2h, y.cast(), y.cast(), 4, D2H),
            INVALID_VALUE,
        );
        let mut p3 = copy_1d(out.as_mut_ptr().cast(), y.cast(), N * 4, H2D);
        expect(
            hipGraphExecMemcpyNodeSetParams(exec, d2h, &mut p3),
            INVALID_VALUE,
        );
        // Every invalid description is an invalid value here (a pitch under the width too).
        p3 = copy_1d(out.as_mut_ptr().cast(), y.cast(), N * 4, D2H);
        p3.dstPtr.pitch = 4;
        expect(
            hipGraphExecMemcpyNodeSetParams(exec, d2h, &mut p3),
            INVALID_VALUE,
        );
        p3 = copy_1d(out.as_mut_ptr().cast(), y.cast(), N * 4, D2H);
        ok(hipGraphExecMemcpyNodeSetParams(exec, d2h, &mut p3));
        ok(hipGraphExecMemcpyNodeSetParams1D(
            exec,
            d2h,
            out.as_mut_ptr().cast(),
            y.cast(),
            N * 4,
            D2H,
        ));
        out.fill(f32::NAN);
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        assert!(out.iter().all(|&v| v == 9.0));

        // hipGraphExecUpdate takes the graph's parameters (the -x + 2 kernel).
        let mut err_node = null_mut();
        let mut res = -1;
        ok(hipGraphExecUpdate(exec, g, &mut err_node, &mut res));
        assert_eq!(res, 0);
        out.fill(f32::NAN);
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let want2: Vec<f32> = host.iter().map(|v| -v + 2.0).collect();
        assert_eq!(out, want2);
        // A changed topology is refused with the reason.
        let mut extra = null_mut();
        ok(hipGraphAddEmptyNode(&mut extra, g, null(), 0));
        expect(
            hipGraphExecUpdate(exec, g, &mut err_node, &mut res),
            EXEC_UPDATE_FAILURE,
        );
        assert_eq!(res, 2, "hipGraphExecUpdateErrorTopologyChanged");
        ok(hipGraphDestroyNode(extra));
        // The same topology with another node type.
        let g3 = new_graph();
        let (mut a, mut b, mut c) = (null_mut(), null_mut(), null_mut());
        ok(hipGraphAddEmptyNode(&mut a, g3, null(), 0));
        ok(hipGraphAddEmptyNode(&mut b, g3, &a, 1));
        ok(hipGraphAddEmptyNode(&mut c, g3, &b, 1));
        expect(
            hipGraphExecUpdate(exec, g3, &mut err_node, &mut res),
            EXEC_UPDATE_FAILURE,
        );
        assert_eq!(res, 3, "hipGraphExecUpdateErrorNodeTypeChanged");
        assert_eq!(err_node, a);
        // The same shape with a copy in the other direction: parameters changed.
        let g4 = new_graph();
        let (mut k4, mut c4, mut h4) = (null_mut(), null_mut(), null_mut());
        ok(hipGraphAddKernelNode(&mut k4, g4, null(), 0, &kp));
        ok(hipGraphAddMemcpyNode1D(
            &mut c4,
            g4,
            &k4,
            1,
            y.cast(),
            out.as_ptr().cast(),
            N * 4,
            H2D,
        ));
        ok(hipGraphAddHostNode(&mut h4, g4, &c4, 1, &hp));
        expect(
            hipGraphExecUpdate(exec, g4, &mut err_node, &mut res),
            EXEC_UPDATE_FAILURE,
        );
        assert_eq!(res, 5, "hipGraphExecUpdateErrorParametersChanged");
        assert_eq!(err_node, c4);
        expect(
            hipGraphExecUpdate(exec, g4, null_mut(), &mut res),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecUpdate(null_mut(), g4, &mut err_node, &mut res),
            INVALID_VALUE,
        );
        ok(hipGraphDestroy(g4));
        assert_eq!(calls.load(Ordering::SeqCst), 4);
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g3));
        ok(hipGraphDestroy(g));

        // Memset nodes: a 2-D fill with a pitch, read back.
        let g = new_graph();
        let mut m = null_mut();
        let mp = hipMemsetParams {
            dst: y.cast(),
            elementSize: 2,
            height: 4,
            pitch: 64,
            value: 0xabcd,
            width: 8,
        };
        ok(hipMemset(y.cast(), 0, N * 4));
        ok(hipGraphAddMemsetNode(&mut m, g, null(), 0, &mp));
        let mut mg: hipMemsetParams = std::mem::zeroed();
        ok(hipGraphMemsetNodeGetParams(m, &mut mg));
        assert_eq!(
            (
                mg.dst,
                mg.elementSize,
                mg.height,
                mg.pitch,
                mg.value,
                mg.width
            ),
            (y.cast(), 2, 4, 64, 0xabcd, 8)
        );
        // A one-row fill keeps the pitch it was given (0 here), as ROCm's getter shows.
        let mut one = null_mut();
        let row = hipMemsetParams {
            height: 1,
            pitch: 0,
            ..mp
        };
        ok(hipGraphAddMemsetNode(&mut one, g, null(), 0, &row));
        ok(hipGraphMemsetNodeGetParams(one, &mut mg));
        assert_eq!((mg.height, mg.pitch, mg.width), (1, 0, 8));
        ok(hipGraphDestroyNode(one));
        let mut badm = mp;
        badm.elementSize = 3;
        expect(hipGraphMemsetNodeSetParams(m, &badm), INVALID_VALUE);
        badm = mp;
        badm.height = 1000;
        expect(hipGraphMemsetNodeSetParams(m, &badm), INVALID_VALUE);
        badm = mp;
        badm.pitch = 8;
        expect(
            hipGraphAddMemsetNode(&mut m, g, null(), 0, &badm),
            INVALID_VALUE,
        );
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        // An executable graph's 2-D fill keeps its row bytes and height.
        badm = mp;
        badm.width = 4;
        expect(
            hipGraphExecMemsetNodeSetParams(exec, m, &badm),
            INVALID_VALUE,
        );
        badm = mp;
        badm.height = 2;
        expect(
            hipGraphExecMemsetNodeSetParams(exec, m, &badm),
            INVALID_VALUE,
        );
        badm = mp;
        badm.width = 16;
        badm.elementSize = 1;
        ok(hipGraphExecMemsetNodeSetParams(exec, m, &badm));
        ok(hipGraphExecMemsetNodeSetParams(exec, m, &mp));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let mut raw = vec![0u16; 128];
        ok(hipMemcpy(raw.as_mut_ptr().cast(), y.cast(), 256, D2H));
        for (i, v) in raw.iter().enumerate() {
            let want = if i % 32 < 8 { 0xabcd } else { 0 };
            assert_eq!(*v, want, "element {i}");
        }
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));

        // Graph memory: the address is known when the node is added.
        let g = new_graph();
        let mut an = null_mut();
        let mut ap = alloc_params(4096);
        ok(hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut ap));
        assert!(!ap.dptr.is_null());
        let mut fnode = null_mut();
        ok(hipGraphAddMemFreeNode(&mut fnode, g, &an, 1, ap.dptr));
        let mut freed: *mut c_void = null_mut();
        ok(hipGraphMemFreeNodeGetParams(
            fnode,
            (&mut freed as *mut *mut c_void).cast(),
        ));
        assert_eq!(freed, ap.dptr);
        let mut ag: hipMemAllocNodeParams = std::mem::zeroed();
        ok(hipGraphMemAllocNodeGetParams(an, &mut ag));
        assert_eq!((ag.bytesize, ag.dptr), (4096, ap.dptr));
        assert_eq!(
            (ag.poolProps.allocType, ag.poolProps.location.type_),
            (1, 1)
        );
        // The parameters come back as given, the access descriptors' pointer included.
        let desc = hipMemAccessDesc {
            location: hipMemLocation { type_: 1, id: 0 },
            flags: 3,
        };
        let mut an2 = null_mut();
        let mut ap2 = alloc_params(64);
        ap2.accessDescs = &desc;
        ap2.accessDescCount = 1;
        ok(hipGraphAddMemAllocNode(&mut an2, g, null(), 0, &mut ap2));
        ok(hipGraphMemAllocNodeGetParams(an2, &mut ag));
        assert_eq!(
            (ag.accessDescs, ag.accessDescCount, ag.bytesize, ag.dptr),
            (&desc as *const hipMemAccessDesc, 1, 64, ap2.dptr)
        );
        ok(hipGraphDestroyNode(an2));
        // Bad parameters: size 0, not pinned, not on a device, no such device, more access
        // descriptors than devices.
        let mut bad = alloc_params(0);
        expect(
            hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut bad),
            INVALID_VALUE,
        );
        bad = alloc_params(64);
        bad.poolProps.allocType = 0;
        expect(
            hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut bad),
            INVALID_VALUE,
        );
        bad = alloc_params(64);
        bad.poolProps.location.type_ = 0;
        expect(
            hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut bad),
            INVALID_VALUE,
        );
        bad = alloc_params(64);
        bad.poolProps.location.id = 1;
        expect(
            hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut bad),
            INVALID_VALUE,
        );
        bad = alloc_params(64);
        let descs = [std::mem::zeroed(); 2];
        bad.accessDescs = descs.as_ptr();
        bad.accessDescCount = 2;
        expect(
            hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut bad),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddMemAllocNode(&mut an, g, null(), 0, null_mut()),
            INVALID_VALUE,
        );
        // Free nodes: null, memory no graph allocated, a second free in the same graph.
        expect(
            hipGraphAddMemFreeNode(&mut fnode, g, null(), 0, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddMemFreeNode(&mut fnode, g, null(), 0, y.cast()),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddMemFreeNode(&mut fnode, g, null(), 0, ap.dptr),
            INVALID_VALUE,
        );
        // A graph with memory nodes: one executable at a time, no clone, no child use, no
        // edge removal.
        let mut e1 = null_mut();
        let mut e2 = null_mut();
        ok(hipGraphInstantiate(&mut e1, g, null_mut(), null_mut(), 0));
        expect(
            hipGraphInstantiate(&mut e2, g, null_mut(), null_mut(), 0),
            NOT_SUPPORTED,
        );
        ok(hipGraphLaunch(e1, s));
        ok(hipStreamSynchronize(s));
        ok(hipGraphExecDestroy(e1));
        ok(hipGraphInstantiate(&mut e2, g, null_mut(), null_mut(), 0));
        ok(hipGraphExecDestroy(e2));
        let mut c = null_mut();
        expect(hipGraphClone(&mut c, g), NOT_SUPPORTED);
        let parent = new_graph();
        let mut cn = null_mut();
        expect(
            hipGraphAddChildGraphNode(&mut cn, parent, null(), 0, g),
            NOT_SUPPORTED,
        );
        ok(hipGraphDestroy(parent));
        expect(hipGraphRemoveDependencies(g, &an, &fnode, 1), NOT_SUPPORTED);
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(x);
    free(y);
}

/// Launches `axpb(y, x, a, b, n)` on `s` (a module kernel).
fn launch_axpb(s: hipStream_t, y: *mut f32, x: *const f32, a: f32, b: f32, n: i32) -> i32 {
    let (mut args, mut vals) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
    let kp = axpb_params(y, x, a, b, n, &mut args, &mut vals);
    // SAFETY: the arguments match the kernel's.
    unsafe {
        hipModuleLaunchKernel(
            kp.func,
            kp.gridDim.x,
            1,
            1,
            64,
            1,
            1,
            0,
            s,
            kp.kernelParams,
            null_mut(),
        )
    }
}

#[test]
fn captured_sequence_replays_with_new_inputs() {
    let _s = serial();
    const N: usize = 777;
    let (x, y) = (dev::<f32>(N), dev::<f32>(N));
    let mut host_in = vec![0f32; N];
    let mut host_out = vec![f32::NAN; N];
    let calls = AtomicU32::new(0);
    let s = stream();
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        let mut st = -1;
        ok(hipStreamIsCapturing(s, &mut st));
        assert_eq!(st, 0);
        ok(hipStreamBeginCapture(s, 0));
        ok(hipStreamIsCapturing(s, &mut st));
        assert_eq!(st, 1);
        ok(hipMemsetAsync(y.cast(), 0xff, N * 4, s));
        ok(hipMemcpyAsync(
            x.cast(),
            host_in.as_ptr().cast(),
            N * 4,
            H2D,
            s,
        ));
        ok(launch_axpb(s, y, x, 0.5, -3.0, N as i32));
        ok(hipMemcpyAsync(
            host_out.as_mut_ptr().cast(),
            y.cast(),
            N * 4,
            D2H,
            s,
        ));
        ok(hipLaunchHostFunc(
            s,
            Some(count_call),
            (&calls as *const AtomicU32).cast_mut().cast(),
        ));
        // Nothing ran: the work was recorded.
        assert!(host_out.iter().all(|v| v.is_nan()));
        assert_eq!(calls.load(Ordering::SeqCst), 0);
        let (mut status, mut id, mut cg, mut deps, mut nd) = (0, 0u64, null_mut(), null(), 0usize);
        ok(hipStreamGetCaptureInfo_v2(
            s,
            &mut status,
            &mut id,
            &mut cg,
            &mut deps,
            &mut nd,
        ));
        assert_eq!((status, nd), (1, 1));
        assert!(id != 0 && !cg.is_null());
        let mut t = -1;
        ok(hipGraphNodeGetType(*deps, &mut t));
        assert_eq!(t, 3, "the host function is the last node");
        // The captured kernel keeps the function it was launched by, and its arguments.
        let mut nodes = [null_mut(); 5];
        let mut count = 5usize;
        ok(hipGraphGetNodes(cg, nodes.as_mut_ptr(), &mut count));
        let mut kp: hipKernelNodeParams = std::mem::zeroed();
        ok(hipGraphKernelNodeGetParams(nodes[2], &mut kp));
        assert_eq!(kp.func as usize, kernels().axpb);
        assert_eq!((kp.gridDim.x, kp.blockDim.x), (N.div_ceil(64) as u32, 64));
        assert_eq!(*(*kp.kernelParams.add(2) as *const f32), 0.5);
        let mut g = null_mut();
        ok(hipStreamEndCapture(s, &mut g));
        assert_eq!(g, cg);
        ok(hipStreamIsCapturing(s, &mut st));
        assert_eq!(st, 0);
        let mut count = 0usize;
        ok(hipGraphGetNodes(g, null_mut(), &mut count));
        assert_eq!(count, 5);
        ok(hipGraphGetEdges(g, null_mut(), null_mut(), &mut count));
        assert_eq!(count, 4, "a chain");

        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        for round in 0..5u32 {
            host_in.copy_from_slice(&inputs(100 + round, N));
            host_out.fill(f32::NAN);
            ok(hipGraphLaunch(exec, s));
            ok(hipStreamSynchronize(s));
            let want: Vec<f32> = host_in.iter().map(|v| 0.5 * v - 3.0).collect();
            assert_eq!(host_out, want, "round {round}");
            assert_eq!(calls.load(Ordering::SeqCst), round + 1);
        }
        // Launched into another capture, the executable is one child-graph node there.
        let s2 = stream();
        ok(hipStreamBeginCapture(s2, 0));
        ok(hipGraphLaunch(exec, s2));
        let mut outer = null_mut();
        ok(hipStreamEndCapture(s2, &mut outer));
        let mut nodes = [null_mut(); 2];
        let mut count = 2usize;
        ok(hipGraphGetNodes(outer, nodes.as_mut_ptr(), &mut count));
        assert_eq!(count, 1);
        let mut t = -1;
        ok(hipGraphNodeGetType(nodes[0], &mut t));
        assert_eq!(t, 4);
        let mut inner = null_mut();
        ok(hipGraphChildGraphNodeGetGraph(nodes[0], &mut inner));
        ok(hipGraphGetNodes(inner, null_mut(), &mut count));
        assert_eq!(count, 5);
        let mut outer_exec = null_mut();
        ok(hipGraphInstantiate(
            &mut outer_exec,
            outer,
            null_mut(),
            null_mut(),
            0,
        ));
        host_in.copy_from_slice(&inputs(999, N));
        host_out.fill(f32::NAN);
        ok(hipGraphLaunch(outer_exec, s2));
        ok(hipStreamSynchronize(s2));
        let want: Vec<f32> = host_in.iter().map(|v| 0.5 * v - 3.0).collect();
        assert_eq!(host_out, want);
        ok(hipGraphExecDestroy(outer_exec));
        ok(hipGraphDestroy(outer));
        ok(hipStreamDestroy(s2));
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(x);
    free(y);
}

#[test]
fn cross_stream_capture_through_events() {
    let _s = serial();
    const N: usize = 512;
    let (x, y1, y2) = (dev::<f32>(N), dev::<f32>(N), dev::<f32>(N));
    let host_in = inputs(42, N);
    let (mut o1, mut o2) = (vec![f32::NAN; N], vec![f32::NAN; N]);
    let (s0, s1) = (stream(), stream());
    let (fork, join) = (event(), event());
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        ok(hipStreamBeginCapture(s0, 0));
        ok(hipMemcpyAsync(
            x.cast(),
            host_in.as_ptr().cast(),
            N * 4,
            H2D,
            s0,
        ));
        ok(hipEventRecord(fork, s0));
        expect(hipEventQuery(fork), CAPTURED_EVENT);
        expect(hipEventSynchronize(fork), CAPTURED_EVENT);
        ok(hipStreamWaitEvent(s1, fork, 0));
        let mut st = 0;
        ok(hipStreamIsCapturing(s1, &mut st));
        assert_eq!(st, 1, "s1 joined the capture");
        ok(launch_axpb(s0, y1, x, 2.0, 0.0, N as i32));
        ok(launch_axpb(s1, y2, x, -1.0, 1.0, N as i32));
        ok(hipMemcpyAsync(
            o2.as_mut_ptr().cast(),
            y2.cast(),
            N * 4,
            D2H,
            s1,
        ));
        // Only the stream the capture began on can end it.
        let mut g = null_mut();
        expect(hipStreamEndCapture(s1, &mut g), CAPTURE_UNMATCHED);
        ok(hipEventRecord(join, s1));
        ok(hipStreamWaitEvent(s0, join, 0));
        ok(hipMemcpyAsync(
            o1.as_mut_ptr().cast(),
            y1.cast(),
            N * 4,
            D2H,
            s0,
        ));
        ok(hipStreamEndCapture(s0, &mut g));
        ok(hipStreamIsCapturing(s1, &mut st));
        assert_eq!(st, 0, "ending the capture releases s1 too");
        let mut roots = 0usize;
        ok(hipGraphGetRootNodes(g, null_mut(), &mut roots));
        assert_eq!(roots, 1);
        let mut count = 0usize;
        ok(hipGraphGetNodes(g, null_mut(), &mut count));
        assert_eq!(count, 5);
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, s1));
        ok(hipStreamSynchronize(s1));
        let w1: Vec<f32> = host_in.iter().map(|v| 2.0 * v).collect();
        let w2: Vec<f32> = host_in.iter().map(|v| 1.0 - v).collect();
        assert_eq!(o1, w1);
        assert_eq!(o2, w2);
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));

        // A fork never joined back: hipErrorStreamCaptureUnjoined.
        ok(hipStreamBeginCapture(s0, 0));
        ok(hipEventRecord(fork, s0));
        ok(hipStreamWaitEvent(s1, fork, 0));
        ok(launch_axpb(s1, y2, x, 1.0, 1.0, N as i32));
        expect(hipStreamEndCapture(s0, &mut g), CAPTURE_UNJOINED);
        assert!(g.is_null());
        ok(hipStreamIsCapturing(s1, &mut st));
        assert_eq!(st, 0);

        // A fork joined back, then taken out of the origin's dependencies with
        // hipStreamSetCaptureDependencies: left behind on purpose, not unjoined (ROCm).
        ok(hipStreamBeginCapture(s0, 0));
        ok(hipEventRecord(fork, s0));
        ok(hipStreamWaitEvent(s1, fork, 0));
        ok(launch_axpb(s1, y2, x, 1.0, 1.0, N as i32));
        ok(hipEventRecord(join, s1));
        ok(hipStreamWaitEvent(s0, join, 0));
        let mut cg = null_mut();
        let mut empty = null_mut();
        ok(hipStreamGetCaptureInfo_v2(
            s0,
            &mut st,
            null_mut(),
            &mut cg,
            null_mut(),
            null_mut(),
        ));
        ok(hipGraphAddEmptyNode(&mut empty, cg, null(), 0));
        ok(hipStreamUpdateCaptureDependencies(s0, &mut empty, 1, 1));
        ok(launch_axpb(s0, y1, x, 1.0, 0.0, N as i32));
        ok(hipStreamEndCapture(s0, &mut g));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s0));
        ok(hipStreamDestroy(s1));
        ok(hipEventDestroy(fork));
        ok(hipEventDestroy(join));
    }
    free(x);
    free(y1);
    free(y2);
}

#[test]
fn capture_misuse_gives_rocm_codes() {
    let _s = serial();
    let s = stream();
    let x = dev::<f32>(16);
    let host = [0f32; 16];
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        let mut g = null_mut();
        expect(hipStreamBeginCapture(null_mut(), 0), CAPTURE_UNSUPPORTED);
        expect(hipStreamBeginCapture(s, 3), INVALID_VALUE);
        expect(hipStreamEndCapture(s, &mut g), ILLEGAL_STATE);
        expect(hipStreamEndCapture(null_mut(), &mut g), ILLEGAL_STATE);
        ok(hipStreamBeginCapture(s, 0));
        expect(hipStreamBeginCapture(s, 0), ILLEGAL_STATE);
        expect(hipStreamEndCapture(s, null_mut()), INVALID_VALUE);
        let mut st = 0;
        expect(hipStreamIsCapturing(null_mut(), &mut st), CAPTURE_IMPLICIT);
        expect(hipStreamIsCapturing(s, null_mut()), INVALID_VALUE);
        expect(
            hipStreamGetCaptureInfo(s, null_mut(), null_mut()),
            INVALID_VALUE,
        );
        // Synchronous work on the legacy stream would wait for the capturing stream.
        expect(
            hipMemcpy(x.cast(), host.as_ptr().cast(), 64, H2D),
            CAPTURE_IMPLICIT,
        );
        expect(hipMemset(x.cast(), 0, 64), CAPTURE_IMPLICIT);
        let mut p = null_mut();
        expect(hipMalloc(&mut p, 64), CAPTURE_UNSUPPORTED);
        // The capture is now invalidated: further work and the end report it.
        ok(hipStreamIsCapturing(s, &mut st));
        assert_eq!(st, 2, "hipStreamCaptureStatusInvalidated");
        expect(hipMemsetAsync(x.cast(), 0, 64, s), CAPTURE_INVALIDATED);
        expect(hipStreamEndCapture(s, &mut g), CAPTURE_INVALIDATED);
        assert!(g.is_null());

        // Synchronizing the capturing stream or the device is refused and invalidates.
        for sync in [0, 1, 2] {
            ok(hipStreamBeginCapture(s, 1));
            let code = match sync {
                0 => hipStreamSynchronize(s),
                1 => hipStreamQuery(s),
                _ => hipDeviceSynchronize(),
            };
            expect(code, CAPTURE_UNSUPPORTED);
            expect(hipStreamEndCapture(s, &mut g), CAPTURE_INVALIDATED);
        }

        // Relaxed mode: allocation is allowed; so is it after the thread relaxes itself.
        ok(hipStreamBeginCapture(s, 2));
        ok(hipMalloc(&mut p, 64));
        ok(hipFree(p));
        ok(hipStreamEndCapture(s, &mut g));
        ok(hipGraphDestroy(g));
        ok(hipStreamBeginCapture(s, 0));
        let mut mode = 2;
        ok(hipThreadExchangeStreamCaptureMode(&mut mode));
        assert_eq!(mode, 0, "the previous mode: global");
        ok(hipMalloc(&mut p, 64));
        ok(hipFree(p));
        ok(hipThreadExchangeStreamCaptureMode(&mut mode));
        assert_eq!(mode, 2);
        mode = 7;
        expect(hipThreadExchangeStreamCaptureMode(&mut mode), INVALID_VALUE);
        expect(
            hipThreadExchangeStreamCaptureMode(null_mut()),
            INVALID_VALUE,
        );

        // hipStreamUpdateCaptureDependencies: set the frontier back to nothing, then add.
        ok(hipMemsetAsync(x.cast(), 1, 64, s));
        let (mut status, mut deps, mut nd) = (0, null(), 0usize);
        ok(hipStreamGetCaptureInfo_v2(
            s,
            &mut status,
            null_mut(),
            null_mut(),
            &mut deps,
            &mut nd,
        ));
        assert_eq!(nd, 1);
        let first = *deps;
        ok(hipStreamUpdateCaptureDependencies(s, null_mut(), 0, 1));
        ok(hipMemsetAsync(x.cast(), 2, 64, s));
        let mut d = first;
        ok(hipStreamUpdateCaptureDependencies(s, &mut d, 1, 0));
        expect(
            hipStreamUpdateCaptureDependencies(s, &mut d, 1, 5),
            INVALID_VALUE,
        );
        expect(
            hipStreamUpdateCaptureDependencies(s, null_mut(), 1, 0),
            INVALID_VALUE,
        );
        ok(hipStreamGetCaptureInfo_v2(
            s,
            &mut status,
            null_mut(),
            null_mut(),
            &mut deps,
            &mut nd,
        ));
        assert_eq!(nd, 2);
        ok(hipStreamEndCapture(s, &mut g));
        let mut roots = 0usize;
        ok(hipGraphGetRootNodes(g, null_mut(), &mut roots));
        assert_eq!(roots, 2, "the second fill had no dependency");
        ok(hipGraphDestroy(g));
        expect(
            hipStreamUpdateCaptureDependencies(s, &mut d, 1, 0),
            ILLEGAL_STATE,
        );

        // A destroyed stream is hipErrorContextIsDestroyed, as in ROCm.
        let dead = stream();
        ok(hipStreamDestroy(dead));
        expect(hipStreamBeginCapture(dead, 0), CONTEXT_IS_DESTROYED);
        ok(hipStreamDestroy(s));
    }
    free(x);
}

#[test]
fn capture_into_an_existing_graph() {
    let _s = serial();
    let s = stream();
    let x = dev::<u8>(64);
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        let g = new_graph();
        let mut root = null_mut();
        ok(hipGraphAddEmptyNode(&mut root, g, null(), 0));
        ok(hipStreamBeginCaptureToGraph(s, g, &root, null(), 1, 0));
        ok(hipMemsetAsync(x.cast(), 5, 64, s));
        let mut out = null_mut();
        ok(hipStreamEndCapture(s, &mut out));
        assert_eq!(out, g);
        let mut count = 0usize;
        ok(hipGraphNodeGetDependentNodes(root, null_mut(), &mut count));
        assert_eq!(count, 1);
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(x);
}

#[test]
fn stream_memory_operations() {
    let _s = serial();
    let (a, b) = (stream(), stream());
    let flag = Box::new(AtomicU32::new(0));
    let wide = Box::new(std::sync::atomic::AtomicU64::new(0));
    let fp = (&*flag as *const AtomicU32).cast_mut().cast::<c_void>();
    let wp = (&*wide as *const std::sync::atomic::AtomicU64)
        .cast_mut()
        .cast::<c_void>();
    // SAFETY: the boxes outlive the streams' work (synchronized below).
    unsafe {
        let mut dev = -1;
        ok(hipStreamGetDevice(a, &mut dev));
        assert_eq!(dev, 0);
        expect(hipStreamGetDevice(a, null_mut()), INVALID_VALUE);
        // b waits until a writes 5 (masked >= 4), then writes the 64-bit value.
        ok(hipStreamWaitValue32(b, fp, 4, 0, 0xf));
        ok(hipStreamWriteValue64(b, wp, 0x1234_5678_9abc, 0));
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(wide.load(Ordering::SeqCst), 0, "b is still waiting");
        ok(hipStreamWriteValue32(a, fp, 0xf5, 0));
        ok(hipStreamSynchronize(a));
        ok(hipStreamSynchronize(b));
        assert_eq!(wide.load(Ordering::SeqCst), 0x1234_5678_9abc);
        // The other conditions.
        ok(hipStreamWaitValue64(b, wp, 0x1234_5678_9abc, 1, u64::MAX));
        ok(hipStreamWaitValue32(b, fp, 0x10, 2, 0xff));
        ok(hipStreamWaitValue32(b, fp, 0x02, 3, 0xff));
        ok(hipStreamSynchronize(b));
        expect(hipStreamWaitValue32(b, fp, 0, 4, 0), INVALID_VALUE);
        expect(hipStreamWaitValue32(b, null_mut(), 0, 0, 0), INVALID_VALUE);
        expect(hipStreamWriteValue32(b, fp, 0, 2), INVALID_VALUE);
        expect(
            hipStreamWriteValue64(b, fp.cast::<u8>().add(4).cast(), 0, 0),
            INVALID_VALUE,
        );

        // Captured, the write is a node that each launch repeats.
        ok(hipStreamBeginCapture(a, 0));
        ok(hipStreamWriteValue32(a, fp, 77, 0));
        let mut g = null_mut();
        ok(hipStreamEndCapture(a, &mut g));
        assert_eq!(flag.load(Ordering::SeqCst), 0xf5);
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, a));
        ok(hipStreamSynchronize(a));
        assert_eq!(flag.load(Ordering::SeqCst), 77);

        // hipEventRecordWithFlags: external records become nodes in a capture.
        let e = event();
        ok(hipEventRecordWithFlags(e, a, 0));
        ok(hipEventSynchronize(e));
        ok(hipStreamBeginCapture(a, 0));
        ok(hipEventRecordWithFlags(e, a, 1));
        expect(hipEventRecordWithFlags(e, a, 4), INVALID_VALUE);
        let mut g2 = null_mut();
        ok(hipStreamEndCapture(a, &mut g2));
        let mut nodes = [null_mut(); 1];
        let mut count = 1usize;
        ok(hipGraphGetNodes(g2, nodes.as_mut_ptr(), &mut count));
        let mut t = 0;
        ok(hipGraphNodeGetType(nodes[0], &mut t));
        assert_eq!((count, t), (1, 7));
        let mut got = null_mut();
        ok(hipGraphEventRecordNodeGetEvent(nodes[0], &mut got));
        assert_eq!(got, e);
        expect(
            hipGraphEventWaitNodeGetEvent(nodes[0], &mut got),
            INVALID_VALUE,
        );
        ok(hipGraphDestroy(g2));
        ok(hipEventDestroy(e));
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(a));
        ok(hipStreamDestroy(b));
    }
}

static DESTROYED: AtomicU32 = AtomicU32::new(0);

unsafe extern "C" fn destroy_obj(_p: *mut c_void) {
    DESTROYED.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn user_objects_live_while_referenced() {
    let _s = serial();
    DESTROYED.store(0, Ordering::SeqCst);
    // SAFETY: out-pointers are locals.
    unsafe {
        let mut o = null_mut();
        expect(
            hipUserObjectCreate(null_mut(), null_mut(), Some(destroy_obj), 1, 1),
            INVALID_VALUE,
        );
        expect(
            hipUserObjectCreate(&mut o, null_mut(), None, 1, 1),
            INVALID_VALUE,
        );
        expect(
            hipUserObjectCreate(&mut o, null_mut(), Some(destroy_obj), 0, 1),
            INVALID_VALUE,
        );
        expect(
            hipUserObjectCreate(&mut o, null_mut(), Some(destroy_obj), 1, 9),
            INVALID_VALUE,
        );
        expect(
            hipUserObjectCreate(&mut o, null_mut(), Some(destroy_obj), 1 << 31, 1),
            INVALID_VALUE,
        );
        ok(hipUserObjectCreate(
            &mut o,
            null_mut(),
            Some(destroy_obj),
            1,
            1,
        ));
        ok(hipUserObjectRetain(o, 2));
        expect(hipUserObjectRetain(o, 0), INVALID_VALUE);
        expect(hipUserObjectRetain(null_mut(), 1), INVALID_VALUE);
        expect(hipUserObjectRetain(o, 1 << 31), INVALID_VALUE);
        expect(hipUserObjectRelease(o, 1 << 31), INVALID_VALUE);
        // Releasing more than the object has left does nothing (and succeeds), as in ROCm.
        ok(hipUserObjectRelease(o, 4));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 0);
        let g = new_graph();
        ok(hipGraphRetainUserObject(g, o, 1, 0));
        ok(hipGraphRetainUserObject(g, o, 1, 1)); // moves one of ours
        expect(hipGraphRetainUserObject(g, o, 1, 0x40), INVALID_VALUE);
        expect(hipGraphRetainUserObject(null_mut(), o, 1, 0), INVALID_VALUE);
        expect(hipGraphReleaseUserObject(g, o, 0), INVALID_VALUE);
        expect(hipGraphReleaseUserObject(g, null_mut(), 1), INVALID_VALUE);
        // References: 4 (3 ours, one the graph's own); the graph counts 2. More than the
        // object has is ignored; a graph not holding the object releases nothing.
        ok(hipGraphReleaseUserObject(g, o, 5));
        let other = new_graph();
        ok(hipGraphReleaseUserObject(other, o, 1));
        ok(hipGraphDestroy(other));
        ok(hipGraphReleaseUserObject(g, o, 1));
        let mut c = null_mut();
        ok(hipGraphClone(&mut c, g));
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, c, null_mut(), null_mut(), 0));
        ok(hipUserObjectRelease(o, 2));
        assert_eq!(
            DESTROYED.load(Ordering::SeqCst),
            0,
            "the graphs hold references"
        );
        ok(hipGraphDestroy(g));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 0, "the clone holds one");
        ok(hipGraphDestroy(c));
        assert_eq!(
            DESTROYED.load(Ordering::SeqCst),
            0,
            "the executable holds one"
        );
        ok(hipGraphExecDestroy(exec));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 1);
        // A destroyed object: ROCm answers success and does nothing.
        ok(hipUserObjectRelease(o, 1));
        ok(hipUserObjectRetain(o, 1));
        let g = new_graph();
        ok(hipGraphRetainUserObject(g, o, 1, 0));
        ok(hipGraphReleaseUserObject(g, o, 1));
        ok(hipGraphDestroy(g));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 1);

        // A graph that takes over more references than the object has (ROCm's move does
        // not check): its releases past the object's count are ignored, and the object
        // goes when its own count reaches zero.
        ok(hipUserObjectCreate(
            &mut o,
            null_mut(),
            Some(destroy_obj),
            1,
            1,
        ));
        let g = new_graph();
        ok(hipGraphRetainUserObject(g, o, 2, 1));
        ok(hipGraphReleaseUserObject(g, o, 4));
        ok(hipGraphRetainUserObject(g, o, 8, 1));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 1);
        ok(hipGraphReleaseUserObject(g, o, 1));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 2);
        ok(hipUserObjectRelease(o, 1));
        ok(hipGraphDestroy(g));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 2);
    }
}

/// Not a timing assertion: prints how a replayed graph of small launches compares with the
/// same launches issued one by one.
#[test]
fn graph_replay_versus_individual_launches() {
    let _s = serial();
    const N: usize = 256;
    const LAUNCHES: usize = 200;
    let (x, y) = (dev::<f32>(N), dev::<f32>(N));
    let s = stream();
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        ok(hipMemset(x.cast(), 0, N * 4));
        // A first launch loads the kernel; neither timing should include it.
        ok(launch_axpb(s, y, x, 1.0, 1.0, N as i32));
        ok(hipStreamSynchronize(s));
        // Best of a few rounds: the machine is shared.
        let mut direct = std::time::Duration::MAX;
        for _ in 0..20 {
            let t = std::time::Instant::now();
            for _ in 0..LAUNCHES {
                ok(launch_axpb(s, y, x, 1.0, 1.0, N as i32));
            }
            ok(hipStreamSynchronize(s));
            direct = direct.min(t.elapsed());
        }
        ok(hipStreamBeginCapture(s, 0));
        for _ in 0..LAUNCHES {
            ok(launch_axpb(s, y, x, 1.0, 1.0, N as i32));
        }
        let mut g = null_mut();
        ok(hipStreamEndCapture(s, &mut g));
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        let mut replay = std::time::Duration::MAX;
        for _ in 0..20 {
            let t = std::time::Instant::now();
            ok(hipGraphLaunch(exec, s));
            ok(hipStreamSynchronize(s));
            replay = replay.min(t.elapsed());
        }
        println!(
            "{LAUNCHES} launches: one by one {direct:?}, graph replay {replay:?} (ratio {:.2})",
            direct.as_secs_f64() / replay.as_secs_f64().max(1e-9)
        );
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(x);
    free(y);
}

#[test]
fn node_enabling_attributes_memory_figures_and_instantiate_params() {
    let _s = serial();
    const N: usize = 128;
    let (x, y) = (dev::<f32>(N), dev::<f32>(N));
    let s = stream();
    let host = inputs(3, N);
    let mut out = vec![f32::NAN; N];
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        ok(hipMemcpy(x.cast(), host.as_ptr().cast(), N * 4, H2D));
        ok(hipMemset(y.cast(), 0, N * 4));
        let g = new_graph();
        let mut k = null_mut();
        let (mut args, mut vals) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
        let kp = axpb_params(y, x, 1.0, 1.0, N as i32, &mut args, &mut vals);
        ok(hipGraphAddKernelNode(&mut k, g, null(), 0, &kp));
        let mut d2h = null_mut();
        ok(hipGraphAddMemcpyNode1D(
            &mut d2h,
            g,
            &k,
            1,
            out.as_mut_ptr().cast(),
            y.cast(),
            N * 4,
            D2H,
        ));
        let mut h = null_mut();
        let calls = AtomicU32::new(0);
        let hp = hipHostNodeParams {
            fn_: Some(count_call),
            userData: (&calls as *const AtomicU32).cast_mut().cast(),
        };
        ok(hipGraphAddHostNode(&mut h, g, &d2h, 1, &hp));

        // Kernel node attributes.
        let mut v: hipKernelNodeAttrValue = std::mem::zeroed();
        ok(hipGraphKernelNodeGetAttribute(k, 2, &mut v));
        assert_eq!(v.cooperative, 0);
        v.cooperative = 1;
        ok(hipGraphKernelNodeSetAttribute(k, 2, &v));
        let mut w: hipKernelNodeAttrValue = std::mem::zeroed();
        ok(hipGraphKernelNodeGetAttribute(k, 2, &mut w));
        assert_eq!(w.cooperative, 1);
        // Any non-zero value is cooperative and comes back as it was set, as in ROCm.
        v.cooperative = 2;
        ok(hipGraphKernelNodeSetAttribute(k, 2, &v));
        ok(hipGraphKernelNodeGetAttribute(k, 2, &mut w));
        assert_eq!(w.cooperative, 2);
        v.cooperative = 1;
        ok(hipGraphKernelNodeSetAttribute(k, 2, &v));
        let mut apw: hipKernelNodeAttrValue = std::mem::zeroed();
        apw.accessPolicyWindow = hipAccessPolicyWindow {
            base_ptr: x.cast(),
            hitProp: 2,
            hitRatio: 0.6,
            missProp: 1,
            num_bytes: 0,
        };
        ok(hipGraphKernelNodeSetAttribute(k, 1, &apw));
        let mut back: hipKernelNodeAttrValue = std::mem::zeroed();
        ok(hipGraphKernelNodeGetAttribute(k, 1, &mut back));
        assert_eq!(back.accessPolicyWindow.base_ptr, x.cast());
        assert_eq!(back.accessPolicyWindow.hitRatio, 0.6);
        let mut bad = apw;
        bad.accessPolicyWindow.hitRatio = 1.1;
        expect(hipGraphKernelNodeSetAttribute(k, 1, &bad), INVALID_VALUE);
        bad = apw;
        bad.accessPolicyWindow.missProp = 2;
        expect(hipGraphKernelNodeSetAttribute(k, 1, &bad), INVALID_VALUE);
        bad = apw;
        bad.accessPolicyWindow.num_bytes = 1 << 40;
        expect(hipGraphKernelNodeSetAttribute(k, 1, &bad), INVALID_VALUE);
        expect(hipGraphKernelNodeSetAttribute(k, -1, &apw), INVALID_VALUE);
        expect(hipGraphKernelNodeSetAttribute(k, 1, null()), INVALID_VALUE);
        expect(hipGraphKernelNodeSetAttribute(h, 1, &apw), INVALID_VALUE);
        expect(
            hipGraphKernelNodeSetAttribute(null_mut(), 1, &apw),
            INVALID_VALUE,
        );
        // Copy onto a second kernel node.
        let mut k2 = null_mut();
        ok(hipGraphAddKernelNode(&mut k2, g, &h, 1, &kp));
        ok(hipGraphKernelNodeCopyAttributes(k, k2));
        let mut c: hipKernelNodeAttrValue = std::mem::zeroed();
        ok(hipGraphKernelNodeGetAttribute(k2, 2, &mut c));
        assert_eq!(c.cooperative, 1);
        expect(hipGraphKernelNodeCopyAttributes(k, h), INVALID_VALUE);
        ok(hipGraphDestroyNode(k2));

        // Instantiate with parameters, read the flags back.
        let mut exec = null_mut();
        let mut ip = hipGraphInstantiateParams {
            errNode_out: null_mut(),
            flags: 1,
            result_out: -1,
            uploadStream: s,
        };
        ok(hipGraphInstantiateWithParams(&mut exec, g, &mut ip));
        assert_eq!(ip.result_out, 0);
        let mut flags = 0u64;
        ok(hipGraphExecGetFlags(exec, &mut flags));
        assert_eq!(flags, 1);
        expect(hipGraphExecGetFlags(exec, null_mut()), INVALID_VALUE);

        // The cooperative kernel runs; then disabled, the copy sees what y holds.
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let want: Vec<f32> = host.iter().map(|v| v + 1.0).collect();
        assert_eq!(out, want);
        ok(hipMemset(y.cast(), 0, N * 4));
        ok(hipGraphNodeSetEnabled(exec, k, 0));
        let mut en = 7u32;
        ok(hipGraphNodeGetEnabled(exec, k, &mut en));
        assert_eq!(en, 0);
        out.fill(f32::NAN);
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        assert!(out.iter().all(|&v| v == 0.0));
        expect(hipGraphNodeSetEnabled(exec, h, 0), INVALID_VALUE);
        expect(hipGraphNodeGetEnabled(exec, h, &mut en), INVALID_VALUE);
        expect(hipGraphNodeSetEnabled(null_mut(), k, 0), INVALID_VALUE);
        expect(hipGraphNodeGetEnabled(exec, k, null_mut()), INVALID_VALUE);
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        ok(hipGraphExecDestroy(exec));

        // Flags: a combination is hipGraphInstantiateError; device launch is not supported.
        ip.flags = 10;
        expect(
            hipGraphInstantiateWithParams(&mut exec, g, &mut ip),
            INVALID_VALUE,
        );
        assert_eq!(ip.result_out, 1);
        ip.flags = 4;
        expect(
            hipGraphInstantiateWithParams(&mut exec, g, &mut ip),
            NOT_SUPPORTED,
        );

        // A cycle: hipGraphInstantiateInvalidStructure.
        ok(hipGraphAddDependencies(g, &h, &k, 1));
        ip.flags = 0;
        expect(
            hipGraphInstantiateWithParams(&mut exec, g, &mut ip),
            INVALID_VALUE,
        );
        assert_eq!(ip.result_out, 2);
        expect(
            hipGraphInstantiateWithParams(&mut exec, g, null_mut()),
            INVALID_VALUE,
        );
        ok(hipGraphDestroy(g));

        // Graph memory figures follow the allocation nodes.
        let mut used = u64::MAX;
        ok(hipDeviceGraphMemTrim(0));
        ok(hipDeviceSetGraphMemAttribute(
            0,
            1,
            (&mut 0u64 as *mut u64).cast(),
        ));
        ok(hipDeviceGetGraphMemAttribute(
            0,
            0,
            (&mut used as *mut u64).cast(),
        ));
        let base = used;
        let figure = |attr: i32| {
            let mut v = u64::MAX;
            ok(hipDeviceGetGraphMemAttribute(
                0,
                attr,
                (&mut v as *mut u64).cast(),
            ));
            v
        };
        // As in ROCm, memory counts from its allocation node's run to its free's (a free
        // node, hipFreeAsync or hipFree), not from the node's addition.
        let g = new_graph();
        let mut an = null_mut();
        let mut ap = alloc_params(1 << 20);
        ok(hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut ap));
        assert_eq!((figure(0), figure(2)), (base, base));
        let mut gx = null_mut();
        ok(hipGraphInstantiate(&mut gx, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(gx, s));
        ok(hipStreamSynchronize(s));
        assert_eq!((figure(0), figure(2)), (base + (1 << 20), base + (1 << 20)));
        ok(hipFreeAsync(ap.dptr, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(figure(0), base);
        ok(hipGraphLaunch(gx, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(figure(0), base + (1 << 20));
        ok(hipGraphExecDestroy(gx));
        ok(hipGraphDestroy(g));
        assert_eq!((figure(0), figure(2)), (base, base));
        let high = figure(3);
        assert_eq!((high, figure(1)), (base + (1 << 20), base + (1 << 20)));
        // With a free node in the graph nothing is in use after the launch.
        ok(hipDeviceSetGraphMemAttribute(
            0,
            1,
            (&mut 0u64 as *mut u64).cast(),
        ));
        let g = new_graph();
        ok(hipGraphAddMemAllocNode(&mut an, g, null(), 0, &mut ap));
        let mut fnode = null_mut();
        ok(hipGraphAddMemFreeNode(&mut fnode, g, &an, 1, ap.dptr));
        ok(hipGraphInstantiate(&mut gx, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(gx, s));
        ok(hipStreamSynchronize(s));
        assert_eq!((figure(0), figure(1)), (base, base + (1 << 20)));
        ok(hipGraphExecDestroy(gx));
        ok(hipGraphDestroy(g));
        let mut high = figure(3);
        let mut one = 1u64;
        expect(
            hipDeviceSetGraphMemAttribute(0, 1, (&mut one as *mut u64).cast()),
            INVALID_VALUE,
        );
        expect(
            hipDeviceSetGraphMemAttribute(0, 0, (&mut 0u64 as *mut u64).cast()),
            INVALID_VALUE,
        );
        expect(
            hipDeviceGetGraphMemAttribute(0, 7, (&mut high as *mut u64).cast()),
            INVALID_VALUE,
        );
        expect(
            hipDeviceGetGraphMemAttribute(0, 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipDeviceGetGraphMemAttribute(1, 1, (&mut high as *mut u64).cast()),
            INVALID_DEVICE,
        );
        expect(hipDeviceGraphMemTrim(1), INVALID_DEVICE);
        ok(hipStreamDestroy(s));
    }
    free(x);
    free(y);
}

fn c_source(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/c")
        .join(name)
}

#[test]
fn c_program_builds_captures_and_replays_graphs() {
    let dir = common::scratch("graph-c");
    let exe = dir.join("graph");
    common::link(
        "gcc",
        &[&c_source("graph.c")],
        &exe,
        &["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"],
    );
    let out = common::run(&mut std::process::Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}

#[test]
fn hip_program_graphs_with_registered_kernels_and_symbols() {
    let exe = common::hip_program("graph", &[]);
    let out = common::run(&mut std::process::Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}

#[test]
fn generic_node_api() {
    let _s = serial();
    let s = stream();
    let x = dev::<u32>(64);
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        let g = new_graph();
        let mut p: hipGraphNodeParams = std::mem::zeroed();
        p.type_ = 10;
        p.params.alloc = alloc_params(256);
        let mut alloc = null_mut();
        ok(hipGraphAddNode(&mut alloc, g, null(), 0, &mut p));
        let dptr = p.params.alloc.dptr;
        assert!(!dptr.is_null(), "the allocation's address is written back");
        let mut t = -1;
        ok(hipGraphNodeGetType(alloc, &mut t));
        assert_eq!(t, 10);
        // Fill the graph memory, copy it to x, free it.
        let mut fill = null_mut();
        p = std::mem::zeroed();
        p.type_ = 2;
        p.params.memset = hipMemsetParams {
            dst: dptr,
            elementSize: 4,
            height: 1,
            pitch: 0,
            value: 0xdead_beef,
            width: 64,
        };
        ok(hipGraphAddNode(&mut fill, g, &alloc, 1, &mut p));
        let mut copy = null_mut();
        p = std::mem::zeroed();
        p.type_ = 1;
        p.params.memcpy.copyParams = copy_1d(x.cast(), dptr, 256, 3);
        ok(hipGraphAddNode(&mut copy, g, &fill, 1, &mut p));
        p.params.memcpy.flags = 1;
        expect(hipGraphNodeSetParams(copy, &mut p), INVALID_VALUE);
        let mut free_node = null_mut();
        p = std::mem::zeroed();
        p.type_ = 11;
        p.params.free = dptr;
        ok(hipGraphAddNode(&mut free_node, g, &copy, 1, &mut p));
        expect(hipGraphNodeSetParams(free_node, &mut p), INVALID_VALUE);
        // A child graph and events through the same call.
        let child = new_graph();
        let mut e = null_mut();
        ok(hipGraphAddEmptyNode(&mut e, child, null(), 0));
        p = std::mem::zeroed();
        p.type_ = 4;
        p.params.graph = child;
        let mut sub = null_mut();
        ok(hipGraphAddNode(&mut sub, g, null(), 0, &mut p));
        let ev = event();
        p = std::mem::zeroed();
        p.type_ = 7;
        p.params.event = ev;
        let mut rec = null_mut();
        ok(hipGraphAddNode(&mut rec, g, &sub, 1, &mut p));
        let mut got = null_mut();
        ok(hipGraphEventRecordNodeGetEvent(rec, &mut got));
        assert_eq!(got, ev);
        p.type_ = 6;
        expect(hipGraphNodeSetParams(rec, &mut p), INVALID_VALUE);
        p.type_ = 8;
        expect(
            hipGraphAddNode(&mut got, g, null(), 0, &mut p),
            NOT_SUPPORTED,
        );
        p.type_ = 99;
        expect(
            hipGraphAddNode(&mut got, g, null(), 0, &mut p),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddNode(&mut got, g, null(), 0, null_mut()),
            INVALID_VALUE,
        );

        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let mut h = [0u32; 64];
        ok(hipMemcpy(h.as_mut_ptr().cast(), x.cast(), 256, D2H));
        assert!(h.iter().all(|&v| v == 0xdead_beef));
        // New fill parameters for the executable only.
        p = std::mem::zeroed();
        p.type_ = 2;
        p.params.memset = hipMemsetParams {
            dst: dptr,
            elementSize: 1,
            height: 1,
            pitch: 0,
            value: 0x7,
            width: 256,
        };
        ok(hipGraphExecNodeSetParams(exec, fill, &mut p));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        ok(hipMemcpy(h.as_mut_ptr().cast(), x.cast(), 256, D2H));
        assert!(h.iter().all(|&v| v == 0x0707_0707));
        expect(
            hipGraphExecNodeSetParams(exec, free_node, &mut p),
            INVALID_VALUE,
        );
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(child));
        ok(hipGraphDestroy(g));
        ok(hipEventDestroy(ev));
        ok(hipStreamDestroy(s));
    }
    free(x);
}

#[test]
fn memcpy_node_3d_copies_and_checks() {
    let _s = serial();
    const PITCH: usize = 64;
    const ROWS: usize = 4;
    const DEPTH: usize = 2;
    let d = dev::<u8>(PITCH * ROWS * DEPTH);
    let s = stream();
    let host: Vec<u8> = (0..PITCH * ROWS * DEPTH)
        .map(|i| (i * 7 % 251) as u8)
        .collect();
    let mut back = vec![0u8; PITCH * ROWS * DEPTH];
    let pp = |p: *mut c_void| hipPitchedPtr {
        ptr: p,
        pitch: PITCH,
        xsize: PITCH,
        ysize: ROWS,
    };
    let params = |dst: *mut c_void, src: *mut c_void, kind: i32| hipMemcpy3DParms {
        srcArray: null_mut(),
        srcPos: hipPos { x: 0, y: 0, z: 0 },
        srcPtr: pp(src),
        dstArray: null_mut(),
        dstPos: hipPos { x: 0, y: 0, z: 0 },
        dstPtr: pp(dst),
        extent: hipExtent {
            width: 48,
            height: ROWS,
            depth: DEPTH,
        },
        kind,
    };
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        ok(hipMemset(d.cast(), 0, PITCH * ROWS * DEPTH));
        let g = new_graph();
        let (mut up, mut down) = (null_mut(), null_mut());
        let p_up = params(d.cast(), host.as_ptr().cast_mut().cast(), H2D);
        ok(hipGraphAddMemcpyNode(&mut up, g, null(), 0, &p_up));
        let p_down = params(back.as_mut_ptr().cast(), d.cast(), D2H);
        ok(hipGraphAddMemcpyNode(&mut down, g, &up, 1, &p_down));
        let mut got: hipMemcpy3DParms = std::mem::zeroed();
        ok(hipGraphMemcpyNodeGetParams(up, &mut got));
        assert_eq!(
            (got.extent.width, got.extent.height, got.extent.depth),
            (48, ROWS, DEPTH)
        );
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        for (i, (&b, &h)) in back.iter().zip(&host).enumerate() {
            let want = if i % PITCH < 48 { h } else { 0 };
            assert_eq!(b, want, "byte {i}");
        }

        // ROCm's checks.
        let mut n = null_mut();
        let mut bad = p_up;
        bad.dstPtr.pitch = 47;
        expect(hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad), 12);
        bad = p_up;
        bad.dstPos.x = 17;
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );
        bad = p_up;
        bad.dstPos.y = 1;
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );
        bad = p_up;
        bad.dstPos.z = 1;
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );
        bad = p_up;
        bad.dstPtr.pitch = 1 << 40;
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );
        bad = p_up;
        bad.srcPtr.ptr = null_mut();
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );
        // One source and one destination: an array and a pointer on a side is refused.
        bad = p_up;
        bad.srcArray = std::ptr::NonNull::dangling().as_ptr();
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );
        // A ysize of 0 declares no height: rows are not checked against it.
        bad = p_up;
        bad.extent.depth = 1;
        bad.srcPtr.ysize = 0;
        bad.dstPtr.ysize = 0;
        ok(hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad));
        ok(hipGraphDestroyNode(n));
        bad = p_up;
        bad.kind = 7;
        expect(hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad), 21);
        expect(hipGraphMemcpyNodeSetParams(up, &bad), 21);
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, null()),
            INVALID_VALUE,
        );
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(d);
}

/// From a second thread: `hipMalloc` in thread-local interaction mode, then in global mode.
fn other_thread_allocates() -> (i32, i32) {
    let mut p = null_mut();
    // SAFETY: out-pointers are locals; the allocation is freed right away.
    unsafe {
        let mut mode = 1;
        ok(hipThreadExchangeStreamCaptureMode(&mut mode));
        let local = hipMalloc(&mut p, 16);
        if local == SUCCESS {
            ok(hipFree(p));
        }
        mode = 0;
        ok(hipThreadExchangeStreamCaptureMode(&mut mode));
        let global = hipMalloc(&mut p, 16);
        hipGetLastError();
        (global, local)
    }
}

/// From a second thread: work on a stream of its own, then `hipStreamSynchronize` on it.
fn other_thread_synchronizes() -> i32 {
    let t = stream();
    let mut v = 0u32;
    // The stream is synchronized (or destroyed, which waits) before `v` goes.
    ok(hipStreamWriteValue32(t, (&mut v as *mut u32).cast(), 5, 0));
    let r = hipStreamSynchronize(t);
    hipGetLastError();
    ok(hipStreamDestroy(t));
    r
}

#[test]
fn capture_interaction_modes_across_threads() {
    let _s = serial();
    let s = stream();
    let x = dev::<u8>(64);
    let xa = x as usize;
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        // Another thread's global capture forbids allocation in a global-mode thread and
        // invalidates it; a thread in thread-local mode may allocate.
        ok(hipStreamBeginCapture(s, 0));
        let (global, local) = std::thread::spawn(other_thread_allocates)
            .join()
            .expect("thread");
        assert_eq!((global, local), (CAPTURE_UNSUPPORTED, SUCCESS));
        let mut g = null_mut();
        expect(hipStreamEndCapture(s, &mut g), CAPTURE_INVALIDATED);

        // Synchronizing an uncaptured stream from another thread: refused while a global
        // capture runs, allowed beside a thread-local one (whose capture stays valid).
        for (mode, want, end) in [
            (0, CAPTURE_UNSUPPORTED, CAPTURE_INVALIDATED),
            (1, SUCCESS, SUCCESS),
        ] {
            ok(hipStreamBeginCapture(s, mode));
            let got = std::thread::spawn(other_thread_synchronizes)
                .join()
                .expect("thread");
            assert_eq!(got, want, "capture mode {mode}");
            assert_eq!(hipStreamEndCapture(s, &mut g), end, "capture mode {mode}");
            hipGetLastError();
            if end == SUCCESS {
                ok(hipGraphDestroy(g));
            }
        }

        // Only a relaxed capture may be ended by another thread; the others go on.
        let sa = s as usize;
        for (mode, want) in [
            (0, STREAM_CAPTURE_WRONG_THREAD),
            (1, STREAM_CAPTURE_WRONG_THREAD),
            (2, SUCCESS),
        ] {
            ok(hipStreamBeginCapture(s, mode));
            let got = std::thread::spawn(move || {
                let mut g = null_mut();
                let r = hipStreamEndCapture(sa as hipStream_t, &mut g);
                if r == SUCCESS {
                    hipGraphDestroy(g);
                }
                r
            })
            .join()
            .expect("thread");
            assert_eq!(got, want, "capture mode {mode}");
            if want != SUCCESS {
                ok(hipStreamEndCapture(s, &mut g));
                ok(hipGraphDestroy(g));
            }
        }

        // Relaxed captures allow allocation, but not device synchronization or synchronous
        // copies, which invalidate every capture.
        ok(hipStreamBeginCapture(s, 2));
        let mut p = null_mut();
        ok(hipMalloc(&mut p, 16));
        ok(hipFree(p));
        expect(hipDeviceSynchronize(), CAPTURE_UNSUPPORTED);
        expect(hipStreamEndCapture(s, &mut g), CAPTURE_INVALIDATED);
        ok(hipStreamBeginCapture(s, 2));
        let host = [1u8; 64];
        expect(
            hipMemcpy(xa as *mut c_void, host.as_ptr().cast(), 64, H2D),
            CAPTURE_IMPLICIT,
        );
        expect(hipStreamEndCapture(s, &mut g), CAPTURE_INVALIDATED);
        // Nothing capturing: everything works again.
        ok(hipMemcpy(xa as *mut c_void, host.as_ptr().cast(), 64, H2D));
        ok(hipDeviceSynchronize());
        ok(hipStreamDestroy(s));
    }
    free(x);
}

#[test]
fn array_copy_nodes_and_dot_labels() {
    let _s = serial();
    const W: usize = 8;
    const H: usize = 4;
    const D: usize = 2;
    let s = stream();
    let host: Vec<i32> = (0..(W * H * D) as i32).map(|v| v * 3 - 7).collect();
    let mut back = vec![0i32; W * H * D];
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        let desc = amdhip64::texture::hipChannelFormatDesc {
            x: 32,
            y: 0,
            z: 0,
            w: 0,
            f: 0,
        };
        let mut arr = null_mut();
        ok(amdhip64::texture::hipMalloc3DArray(
            &mut arr,
            &desc,
            hipExtent {
                width: W,
                height: H,
                depth: D,
            },
            0,
        ));
        let pitched = |p: *mut c_void| hipPitchedPtr {
            ptr: p,
            pitch: W * 4,
            xsize: W,
            ysize: H,
        };
        let o = hipPos { x: 0, y: 0, z: 0 };
        let extent = hipExtent {
            width: W,
            height: H,
            depth: D,
        };
        let up = hipMemcpy3DParms {
            srcArray: null_mut(),
            srcPos: o,
            srcPtr: pitched(host.as_ptr().cast_mut().cast()),
            dstArray: arr,
            dstPos: o,
            dstPtr: pitched(null_mut()),
            extent,
            kind: H2D,
        };
        let down = hipMemcpy3DParms {
            srcArray: arr,
            srcPos: o,
            srcPtr: pitched(null_mut()),
            dstArray: null_mut(),
            dstPos: o,
            dstPtr: pitched(back.as_mut_ptr().cast()),
            extent,
            kind: D2H,
        };
        let g = new_graph();
        let (mut a, mut b) = (null_mut(), null_mut());
        ok(hipGraphAddMemcpyNode(&mut a, g, null(), 0, &up));
        ok(hipGraphAddMemcpyNode(&mut b, g, &a, 1, &down));
        let mut got: hipMemcpy3DParms = std::mem::zeroed();
        ok(hipGraphMemcpyNodeGetParams(a, &mut got));
        assert_eq!(got.dstArray, arr);
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        assert_eq!(back, host, "through the array and back");
        // A box past the array is refused when the node is added.
        let mut bad = up;
        bad.dstPos.z = 1;
        let mut n = null_mut();
        expect(
            hipGraphAddMemcpyNode(&mut n, g, null(), 0, &bad),
            INVALID_VALUE,
        );

        // DOT: each node's type in capitals, copy directions, a child graph as a cluster.
        let child = new_graph();
        let mut e = null_mut();
        ok(hipGraphAddEmptyNode(&mut e, child, null(), 0));
        let mut c = null_mut();
        ok(hipGraphAddChildGraphNode(&mut c, g, null(), 0, child));
        let path = std::env::temp_dir().join(format!("graph-arrays-{}.dot", std::process::id()));
        let cpath = CString::new(path.to_str().expect("utf-8 path")).expect("no NUL");
        ok(hipGraphDebugDotPrint(g, cpath.as_ptr(), 1));
        let dot = std::fs::read_to_string(&path).expect("DOT file written");
        let _ = std::fs::remove_file(&path);
        for (word, count) in [
            ("MEMCPY", 2),
            ("HtoA", 1),
            ("AtoH", 1),
            ("EMPTY", 1),
            ("subgraph", 2),
            ("->", 1),
        ] {
            assert_eq!(dot.matches(word).count(), count, "{word} in\n{dot}");
        }
        expect(
            hipGraphDebugDotPrint(g, c"".as_ptr(), 0),
            304, /* hipErrorOperatingSystem */
        );
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(child));
        ok(hipGraphDestroy(g));
        ok(amdhip64::texture::hipFreeArray(arr));
        ok(hipStreamDestroy(s));
    }
}

/// Every graph, capture, stream-memory and user-object entry point: exported by the library
/// and declared in `hip_runtime_api.h`.
const GRAPH_EXPORTS: &[&str] = &[
    "hipDeviceGetGraphMemAttribute",
    "hipDeviceGraphMemTrim",
    "hipDeviceSetGraphMemAttribute",
    "hipEventRecordWithFlags",
    "hipGraphAddChildGraphNode",
    "hipGraphAddDependencies",
    "hipGraphAddEmptyNode",
    "hipGraphAddEventRecordNode",
    "hipGraphAddEventWaitNode",
    "hipGraphAddHostNode",
    "hipGraphAddKernelNode",
    "hipGraphAddMemAllocNode",
    "hipGraphAddMemFreeNode",
    "hipGraphAddMemcpyNode",
    "hipGraphAddMemcpyNode1D",
    "hipGraphAddMemcpyNodeFromSymbol",
    "hipGraphAddMemcpyNodeToSymbol",
    "hipGraphAddMemsetNode",
    "hipGraphAddNode",
    "hipGraphChildGraphNodeGetGraph",
    "hipGraphClone",
    "hipGraphCreate",
    "hipGraphDebugDotPrint",
    "hipGraphDestroy",
    "hipGraphDestroyNode",
    "hipGraphEventRecordNodeGetEvent",
    "hipGraphEventRecordNodeSetEvent",
    "hipGraphEventWaitNodeGetEvent",
    "hipGraphEventWaitNodeSetEvent",
    "hipGraphExecChildGraphNodeSetParams",
    "hipGraphExecDestroy",
    "hipGraphExecEventRecordNodeSetEvent",
    "hipGraphExecEventWaitNodeSetEvent",
    "hipGraphExecGetFlags",
    "hipGraphExecHostNodeSetParams",
    "hipGraphExecKernelNodeSetParams",
    "hipGraphExecMemcpyNodeSetParams",
    "hipGraphExecMemcpyNodeSetParams1D",
    "hipGraphExecMemcpyNodeSetParamsFromSymbol",
    "hipGraphExecMemcpyNodeSetParamsToSymbol",
    "hipGraphExecMemsetNodeSetParams",
    "hipGraphExecNodeSetParams",
    "hipGraphExecUpdate",
    "hipGraphGetEdges",
    "hipGraphGetNodes",
    "hipGraphGetRootNodes",
    "hipGraphHostNodeGetParams",
    "hipGraphHostNodeSetParams",
    "hipGraphInstantiate",
    "hipGraphInstantiateWithFlags",
    "hipGraphInstantiateWithParams",
    "hipGraphKernelNodeCopyAttributes",
    "hipGraphKernelNodeGetAttribute",
    "hipGraphKernelNodeGetParams",
    "hipGraphKernelNodeSetAttribute",
    "hipGraphKernelNodeSetParams",
    "hipGraphLaunch",
    "hipGraphMemAllocNodeGetParams",
    "hipGraphMemFreeNodeGetParams",
    "hipGraphMemcpyNodeGetParams",
    "hipGraphMemcpyNodeSetParams",
    "hipGraphMemcpyNodeSetParams1D",
    "hipGraphMemcpyNodeSetParamsFromSymbol",
    "hipGraphMemcpyNodeSetParamsToSymbol",
    "hipGraphMemsetNodeGetParams",
    "hipGraphMemsetNodeSetParams",
    "hipGraphNodeFindInClone",
    "hipGraphNodeGetDependencies",
    "hipGraphNodeGetDependentNodes",
    "hipGraphNodeGetEnabled",
    "hipGraphNodeGetType",
    "hipGraphNodeSetEnabled",
    "hipGraphNodeSetParams",
    "hipGraphReleaseUserObject",
    "hipGraphRemoveDependencies",
    "hipGraphRetainUserObject",
    "hipGraphUpload",
    "hipStreamBeginCapture",
    "hipStreamBeginCaptureToGraph",
    "hipStreamEndCapture",
    "hipStreamGetCaptureInfo",
    "hipStreamGetCaptureInfo_v2",
    "hipStreamGetDevice",
    "hipStreamIsCapturing",
    "hipStreamUpdateCaptureDependencies",
    "hipStreamWaitValue32",
    "hipStreamWaitValue64",
    "hipStreamWriteValue32",
    "hipStreamWriteValue64",
    "hipThreadExchangeStreamCaptureMode",
    "hipUserObjectCreate",
    "hipUserObjectRelease",
    "hipUserObjectRetain",
];

#[test]
fn entry_points_are_exported_and_declared() {
    let lib = common::lib_dir().join("libamdhip64.so");
    let out = common::run(
        std::process::Command::new("nm")
            .args(["-D", "--defined-only"])
            .arg(&lib),
    );
    let defined: std::collections::HashSet<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    let header = std::fs::read_to_string(common::include_dir().join("hip/hip_runtime_api.h"))
        .expect("read hip_runtime_api.h");
    for name in GRAPH_EXPORTS {
        assert!(defined.contains(name), "{name} is not exported");
        assert!(
            header.contains(&format!(" {name}(")),
            "{name} is not declared"
        );
    }
}

/// Launches `bump(p)` on `s` as one block of one thread.
fn launch_bump(s: hipStream_t, p: *mut i32) -> i32 {
    let mut arg = p;
    let mut args = [(&mut arg as *mut *mut i32).cast::<c_void>()];
    // SAFETY: the argument matches the kernel's.
    unsafe {
        hipModuleLaunchKernel(
            kernels().bump as hipFunction_t,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            s,
            args.as_mut_ptr(),
            null_mut(),
        )
    }
}

/// A copy node into pageable host memory has run when hipGraphLaunch returns, as in ROCm:
/// programs read such results without synchronizing.
#[test]
fn copies_into_pageable_memory_finish_with_the_launch() {
    let _s = serial();
    const N: usize = 1 << 16;
    let s = stream();
    let (x, y) = (dev::<f32>(N), dev::<f32>(N));
    let mut out = vec![0f32; N];
    // SAFETY: pointers live for the test; argument locals outlive the calls that read them.
    unsafe {
        ok(hipMemset(x.cast(), 0, N * 4));
        let g = new_graph();
        let (mut args, mut vals) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
        let kp = axpb_params(y, x, 1.0, 7.0, N as i32, &mut args, &mut vals);
        let mut k = null_mut();
        ok(hipGraphAddKernelNode(&mut k, g, null(), 0, &kp));
        let mut c = null_mut();
        ok(hipGraphAddMemcpyNode1D(
            &mut c,
            g,
            &k,
            1,
            out.as_mut_ptr().cast(),
            y.cast(),
            N * 4,
            D2H,
        ));
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, s));
        // No synchronization before reading.
        assert!(out.iter().all(|&v| v == 7.0));
        ok(hipStreamSynchronize(s));
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(x);
    free(y);
}

/// A graph may be added to itself as a child: the node holds a copy of the graph as it was.
#[test]
fn graph_as_its_own_child() {
    let _s = serial();
    let g = new_graph();
    // SAFETY: out-pointers are locals.
    unsafe {
        let (mut a, mut b, mut c) = (null_mut(), null_mut(), null_mut());
        ok(hipGraphAddEmptyNode(&mut a, g, null(), 0));
        ok(hipGraphAddEmptyNode(&mut b, g, null(), 0));
        ok(hipGraphAddChildGraphNode(&mut c, g, null(), 0, g));
        ok(hipGraphAddDependencies(g, &a, &b, 1));
        let mut count = 0usize;
        ok(hipGraphGetNodes(g, null_mut(), &mut count));
        assert_eq!(count, 3);
        let mut inner = null_mut();
        ok(hipGraphChildGraphNodeGetGraph(c, &mut inner));
        ok(hipGraphGetNodes(inner, null_mut(), &mut count));
        assert_eq!(count, 2);
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        ok(hipGraphLaunch(exec, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
    }
}

/// As in ROCm, an executable graph's kernel node may change its kernel, by a parameter call
/// or by an update.
#[test]
fn executable_kernel_nodes_may_change_their_kernel() {
    let _s = serial();
    const N: usize = 64;
    let s = stream();
    let (x, y) = (dev::<f32>(N), dev::<f32>(N));
    let counter = dev::<i32>(1);
    // SAFETY: pointers live for the test; argument locals outlive the calls that read them.
    unsafe {
        ok(hipMemset(x.cast(), 0, N * 4));
        ok(hipMemset(counter.cast(), 0, 4));
        let g = new_graph();
        let (mut args, mut vals) = ([null_mut(); 5], (0, 0, 0.0, 0.0, 0));
        let kp = axpb_params(y, x, 1.0, 5.0, N as i32, &mut args, &mut vals);
        let mut k = null_mut();
        ok(hipGraphAddKernelNode(&mut k, g, null(), 0, &kp));
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        let mut arg = counter;
        let mut bargs = [(&mut arg as *mut *mut i32).cast::<c_void>()];
        let one = amdhip64::abi::dim3 { x: 1, y: 1, z: 1 };
        let bp = hipKernelNodeParams {
            blockDim: one,
            extra: null_mut(),
            func: kernels().bump as *mut c_void,
            gridDim: one,
            kernelParams: bargs.as_mut_ptr(),
            sharedMemBytes: 0,
        };
        ok(hipGraphExecKernelNodeSetParams(exec, k, &bp));
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let mut c = 0i32;
        ok(hipMemcpy(
            (&mut c as *mut i32).cast(),
            counter.cast(),
            4,
            D2H,
        ));
        assert_eq!(c, 1, "the executable ran the new kernel");
        // An update from the original graph brings the first kernel back.
        let (mut err_node, mut res) = (null_mut(), -1);
        ok(hipGraphExecUpdate(exec, g, &mut err_node, &mut res));
        assert_eq!(res, 0);
        ok(hipGraphLaunch(exec, s));
        ok(hipStreamSynchronize(s));
        let mut out = vec![0f32; N];
        ok(hipMemcpy(out.as_mut_ptr().cast(), y.cast(), N * 4, D2H));
        assert!(out.iter().all(|&v| v == 5.0));
        ok(hipMemcpy(
            (&mut c as *mut i32).cast(),
            counter.cast(),
            4,
            D2H,
        ));
        assert_eq!(c, 1);
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(x);
    free(y);
    free(counter);
}

/// Replay submits runs of kernel nodes at once: the order inside a run, and around the copy
/// that splits two runs, must hold on every replay.
#[test]
fn batched_kernel_runs_keep_their_order_around_other_nodes() {
    let _s = serial();
    const RUN: i32 = 300;
    let c = dev::<i32>(1);
    let s = stream();
    let mut seen = -1i32;
    // SAFETY: pointers live for the test; out-pointers are locals.
    unsafe {
        ok(hipMemset(c.cast(), 0, 4));
        ok(hipStreamBeginCapture(s, 0));
        for _ in 0..RUN {
            ok(launch_bump(s, c));
        }
        ok(hipMemcpyAsync(
            (&mut seen as *mut i32).cast(),
            c.cast(),
            4,
            D2H,
            s,
        ));
        for _ in 0..RUN {
            ok(launch_bump(s, c));
        }
        let mut g = null_mut();
        ok(hipStreamEndCapture(s, &mut g));
        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        for round in 0..3 {
            ok(hipGraphLaunch(exec, s));
            ok(hipStreamSynchronize(s));
            assert_eq!(
                seen,
                (2 * round + 1) * RUN,
                "copy between the runs, round {round}"
            );
            let mut total = 0i32;
            ok(hipMemcpy((&mut total as *mut i32).cast(), c.cast(), 4, D2H));
            assert_eq!(total, 2 * (round + 1) * RUN, "round {round}");
        }
        // The legacy null stream still orders after the replay (its ordering is added once).
        ok(hipGraphLaunch(exec, s));
        ok(hipMemset(c.cast(), 0, 4));
        let mut after = -1i32;
        ok(hipMemcpy((&mut after as *mut i32).cast(), c.cast(), 4, D2H));
        assert_eq!(after, 0);
        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(g));
        ok(hipStreamDestroy(s));
    }
    free(c);
}
