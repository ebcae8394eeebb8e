//! Graphs, stream capture, stream memory operations and user objects: the C edge of
//! `hip::graph`.
//!
//! Graph handles, node handles and executable-graph handles are validated handles; ROCm's
//! graph API answers a null, stale or foreign one with `hipErrorInvalidValue`, and so does
//! this one. A node handle names a graph and a node of it; handles for nodes the runtime made
//! (captured nodes, clones) are made when the program first sees them.

use crate::abi::{dim3, hipExtent, hipMemcpy3DParms, hipPitchedPtr, hipPos};
use crate::handles::{self, HandleKind};
use crate::mempool::{hipMemAccessDesc, hipMemLocation, hipMemPoolProps};
use crate::stream::{hipEvent_t, hipHostFn_t, hipStream_t, with_stream, EventObj};
use crate::{entry, err, hipError_t, memcpy_kind, put, ApiResult};
use hip::graph::{
    CaptureMode, CaptureStatus, CopyPiece, Graph, GraphAllocation, GraphEvent, GraphExec, HostNode,
    KernelNode, MemcpyNode, MemsetNode, NodeId, NodeOp, NodeType,
};
use hip::{HipError, KernelArg};
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// `hipGraph_t`.
pub type hipGraph_t = *mut c_void;
/// `hipGraphNode_t`.
pub type hipGraphNode_t = *mut c_void;
/// `hipGraphExec_t`.
pub type hipGraphExec_t = *mut c_void;
/// `hipUserObject_t`.
pub type hipUserObject_t = *mut c_void;

/// `hipKernelNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipKernelNodeParams {
    pub blockDim: dim3,
    pub extra: *mut *mut c_void,
    pub func: *mut c_void,
    pub gridDim: dim3,
    pub kernelParams: *mut *mut c_void,
    pub sharedMemBytes: u32,
}

/// `hipMemsetParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemsetParams {
    pub dst: *mut c_void,
    pub elementSize: u32,
    pub height: usize,
    pub pitch: usize,
    pub value: u32,
    pub width: usize,
}

/// `hipHostNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipHostNodeParams {
    pub fn_: hipHostFn_t,
    pub userData: *mut c_void,
}

/// `hipMemAllocNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemAllocNodeParams {
    pub poolProps: hipMemPoolProps,
    pub accessDescs: *const hipMemAccessDesc,
    pub accessDescCount: usize,
    pub bytesize: usize,
    pub dptr: *mut c_void,
}

/// `hipGraphEdgeData`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct hipGraphEdgeData {
    pub from_port: u8,
    pub reserved: [u8; 5],
    pub to_port: u8,
    pub type_: u8,
}

/// A graph behind a `hipGraph_t`.
pub struct GraphObj {
    graph: Graph,
    /// Node handles handed out, by node.
    nodes: Mutex<HashMap<NodeId, usize>>,
    /// Handles of child graphs handed out (`hipGraphChildGraphNodeGetGraph`).
    children: Mutex<Vec<usize>>,
    /// User objects the graph holds references to, by handle, with the graph's count.
    user_objects: Mutex<HashMap<usize, (Arc<UserObj>, u32)>>,
    /// Live executables of this graph, counted while it has memory nodes (such a graph has
    /// one executable at a time).
    mem_execs: Mutex<usize>,
}

impl HandleKind for GraphObj {
    const TAG: u32 = 0x4752_5048; // "GRPH"
    const NAME: &'static str = "graph";
}

/// A node behind a `hipGraphNode_t`.
pub struct NodeObj {
    graph: Graph,
    id: NodeId,
    /// What `hipGraphKernelNodeGetParams` last handed out: the argument values and the
    /// pointers to each (valid until the next call, as in HIP).
    kernel_view: Mutex<(Vec<u8>, Vec<usize>)>,
}

impl HandleKind for NodeObj {
    const TAG: u32 = 0x4e4f_4445; // "NODE"
    const NAME: &'static str = "graph node";
}

/// An executable graph behind a `hipGraphExec_t`.
pub struct ExecObj {
    exec: GraphExec,
    /// The graph it was made from, when that graph has memory nodes.
    mem_origin: Option<Arc<GraphObj>>,
    /// One reference to each of the graph's user objects, held while the executable lives.
    user_objects: Vec<Arc<UserObj>>,
}

impl HandleKind for ExecObj {
    const TAG: u32 = 0x4758_4543; // "GXEC"
    const NAME: &'static str = "executable graph";
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Graph -> its handle, so that every path to a graph gives the same handle.
fn graph_handles() -> MutexGuard<'static, HashMap<usize, usize>> {
    static H: OnceLock<Mutex<HashMap<usize, usize>>> = OnceLock::new();
    lock(H.get_or_init(Default::default))
}

fn graph_obj(h: hipGraph_t) -> ApiResult<Arc<GraphObj>> {
    handles::lookup::<GraphObj>(h)
        .ok_or_else(|| err(HipError::InvalidValue, format!("{h:p} is not a live graph")))
}

fn node_obj(h: hipGraphNode_t) -> ApiResult<Arc<NodeObj>> {
    handles::lookup::<NodeObj>(h).ok_or_else(|| {
        err(
            HipError::InvalidValue,
            format!("{h:p} is not a live graph node"),
        )
    })
}

fn exec_obj(h: hipGraphExec_t) -> ApiResult<Arc<ExecObj>> {
    handles::lookup::<ExecObj>(h).ok_or_else(|| {
        err(
            HipError::InvalidValue,
            format!("{h:p} is not a live executable graph"),
        )
    })
}

/// The handle of `g`, registered on first use.
fn graph_handle(g: &Graph) -> hipGraph_t {
    let mut map = graph_handles();
    if let Some(&h) = map.get(&g.key()) {
        if handles::lookup::<GraphObj>(h as *const c_void).is_some() {
            return h as hipGraph_t;
        }
    }
    let h = handles::register(Arc::new(GraphObj {
        graph: g.clone(),
        nodes: Mutex::new(HashMap::new()),
        children: Mutex::new(Vec::new()),
        user_objects: Mutex::new(HashMap::new()),
        mem_execs: Mutex::new(0),
    }));
    map.insert(g.key(), h as usize);
    h
}

/// The handle of node `id` of `g`, registered on first use.
fn node_handle(g: &Graph, id: NodeId) -> hipGraphNode_t {
    let gh = graph_handle(g);
    let Some(go) = handles::lookup::<GraphObj>(gh) else {
        return std::ptr::null_mut();
    };
    let mut nodes = lock(&go.nodes);
    if let Some(&h) = nodes.get(&id) {
        return h as hipGraphNode_t;
    }
    let h = handles::register(Arc::new(NodeObj {
        graph: g.clone(),
        id,
        kernel_view: Mutex::new((Vec::new(), Vec::new())),
    }));
    nodes.insert(id, h as usize);
    h
}

/// A node list argument: each a live node of `g`.
///
/// # Safety
/// `list` is null or holds `n` readable handles.
unsafe fn node_list(g: &Graph, list: *const hipGraphNode_t, n: usize) -> ApiResult<Vec<NodeId>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    if list.is_null() {
        return Err(err(
            HipError::InvalidValue,
            format!("the node list is null with {n} entries"),
        ));
    }
    // SAFETY: non-null with `n` entries per the caller.
    let hs = unsafe { std::slice::from_raw_parts(list, n) };
    hs.iter()
        .map(|&h| {
            let node = node_obj(h)?;
            if !node.graph.same(g) || !g.contains(node.id) {
                return Err(err(
                    HipError::InvalidValue,
                    format!("node {h:p} is not part of this graph"),
                ));
            }
            Ok(node.id)
        })
        .collect()
}

/// Writes a node list the C way: `count` in, how many exist out. With a null array only the
/// count is written; entries past the list are set to null.
///
/// # Safety
/// `out` is null or holds `*count` writable entries; `count` is null or writable.
unsafe fn write_nodes(
    g: &Graph,
    ids: &[NodeId],
    out: *mut hipGraphNode_t,
    count: *mut usize,
) -> ApiResult {
    if count.is_null() {
        return Err(err(HipError::InvalidValue, "the count is a null pointer"));
    }
    if !out.is_null() {
        // SAFETY: non-null, readable per the caller.
        let cap = unsafe { *count };
        for i in 0..cap {
            let h = ids
                .get(i)
                .map_or(std::ptr::null_mut(), |&id| node_handle(g, id));
            // SAFETY: `out` holds `cap` entries per the caller.
            unsafe { out.add(i).write(h) };
        }
        if cap < ids.len() {
            return Ok(());
        }
    }
    // SAFETY: non-null, writable per the caller.
    unsafe { put(count, ids.len(), "count") }
}

/// Adds a node made by `op` to `graph` after `deps`, writing its handle to `out`.
///
/// # Safety
/// `out` is null or writable; `deps` is null or holds `n` handles.
unsafe fn add_node(
    out: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    op: impl FnOnce() -> ApiResult<NodeOp>,
) -> ApiResult {
    if out.is_null() {
        return Err(err(HipError::InvalidValue, "pGraphNode is a null pointer"));
    }
    let g = graph_obj(graph)?;
    // SAFETY: forwarded caller contract.
    let deps = unsafe { node_list(&g.graph, deps, n)? };
    let id = g.graph.add_node(op()?, &deps)?;
    let h = node_handle(&g.graph, id);
    // SAFETY: non-null, writable per the caller.
    unsafe { put(out, h, "pGraphNode") }
}

// --- node parameters --------------------------------------------------------------------

/// A kernel node from `hipKernelNodeParams`: the argument values are copied now.
///
/// # Safety
/// `p` is null or readable; its `kernelParams` / `extra` describe the kernel's arguments.
unsafe fn kernel_op(p: *const hipKernelNodeParams) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "pNodeParams is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let p = unsafe { *p };
    if p.func.is_null() {
        return Err(err(
            HipError::InvalidDeviceFunction,
            "hipKernelNodeParams.func is null",
        ));
    }
    let f = crate::module::resolve(p.func)?;
    // SAFETY: forwarded caller contract.
    let args = unsafe { crate::module::kernel_args(&f, p.kernelParams, p.extra)? };
    let refs: Vec<&dyn KernelArg> = args.iter().map(|a| a as &dyn KernelArg).collect();
    let k = KernelNode::new(
        f,
        p.func as usize,
        p.gridDim.into(),
        p.blockDim.into(),
        p.sharedMemBytes,
        &refs,
    )?;
    Ok(NodeOp::Kernel(k))
}

/// `bytes` from `p` must stay inside the allocation `p` is in (memory the runtime does not
/// track is the caller's to vouch for).
fn check_span(p: *const c_void, bytes: usize, what: &str) -> ApiResult {
    if let Some((_, base, size)) = hip::pointer_info(p)? {
        let end = (base as usize).saturating_add(size);
        if (p as usize).checked_add(bytes).is_none_or(|e| e > end) {
            return Err(err(
                HipError::InvalidValue,
                format!("{bytes} bytes at {p:p} run past the {size}-byte {what} allocation"),
            ));
        }
    }
    Ok(())
}

fn memcpy_1d(dst: *mut c_void, src: *const c_void, count: usize, kind: i32) -> ApiResult<NodeOp> {
    let kind = memcpy_kind(kind)?;
    if dst.is_null() || src.is_null() {
        return Err(err(HipError::InvalidValue, "null pointer in a memcpy node"));
    }
    if count == 0 {
        return Err(err(HipError::InvalidValue, "a memcpy node of 0 bytes"));
    }
    check_span(dst, count, "destination")?;
    check_span(src, count, "source")?;
    Ok(NodeOp::Memcpy(MemcpyNode {
        pieces: vec![CopyPiece {
            dst: dst as usize,
            src: src as usize,
            bytes: count,
        }],
        kind,
        tag: Vec::new(),
        arrays: [false, false],
    }))
}

/// A copy node from `hipMemcpy3DParms`: one piece per row (one in all when rows are
/// contiguous). The parameters are kept for `hipGraphMemcpyNodeGetParams`.
///
/// # Safety
/// `p` is null or readable.
unsafe fn memcpy_3d(p: *const hipMemcpy3DParms) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "pCopyParams is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let p = unsafe { *p };
    // One source and one destination: an array and a pointer on the same side is ambiguous.
    if (!p.srcArray.is_null() && !p.srcPtr.ptr.is_null())
        || (!p.dstArray.is_null() && !p.dstPtr.ptr.is_null())
    {
        return Err(err(
            HipError::InvalidValue,
            "a copy side names both an array and a pointer",
        ));
    }
    let kind = memcpy_kind(p.kind)?;
    if !p.srcArray.is_null() || !p.dstArray.is_null() {
        // The array copy's own checks and row layout, recorded instead of run.
        let (r, ops) = hip::graph::collect_ops(|| {
            // SAFETY: forwarded caller contract; nothing is submitted while collecting.
            unsafe { crate::texture::copy_3d_arrays(&p, &hip::Stream::null()) }
        });
        r?;
        let pieces = ops
            .into_iter()
            .flat_map(|op| match op {
                NodeOp::Memcpy(m) => m.pieces,
                _ => Vec::new(),
            })
            .collect();
        return Ok(NodeOp::Memcpy(MemcpyNode {
            pieces,
            kind,
            tag: params_bytes(&p),
            arrays: [!p.srcArray.is_null(), !p.dstArray.is_null()],
        }));
    }
    let e = p.extent;
    if p.srcPtr.ptr.is_null() || p.dstPtr.ptr.is_null() {
        return Err(err(HipError::InvalidValue, "null pointer in a memcpy node"));
    }
    if e.width == 0 || e.height == 0 || e.depth == 0 {
        return Err(err(
            HipError::InvalidValue,
            "a memcpy node with an empty extent",
        ));
    }
    // ROCm's checks: a pitch under the width is hipErrorInvalidPitchValue; a pitch over the
    // device's maximum, a row running past its pitch, rows or slices past the pointer's
    // height or allocation are hipErrorInvalidValue.
    if e.width > p.srcPtr.pitch || e.width > p.dstPtr.pitch {
        return Err(err(
            HipError::InvalidPitchValue,
            format!("extent width {} exceeds a pitch", e.width),
        ));
    }
    let max_pitch = crate::device::device_attribute(58, 0)?.unwrap_or(i64::MAX);
    for (name, pp, pos) in [
        ("source", p.srcPtr, p.srcPos),
        ("destination", p.dstPtr, p.dstPos),
    ] {
        if pp.pitch as i64 > max_pitch {
            return Err(err(
                HipError::InvalidValue,
                format!("{name} pitch {} exceeds the device's {max_pitch}", pp.pitch),
            ));
        }
        // A ysize of 0 declares no height (ROCm checks rows only against a given one).
        if pos.x.checked_add(e.width).is_none_or(|end| end > pp.pitch)
            || (pp.ysize != 0 && pos.y.checked_add(e.height).is_none_or(|end| end > pp.ysize))
        {
            return Err(err(
                HipError::InvalidValue,
                format!("the copy runs past the {name}'s rows ({pos:?}, {e:?})"),
            ));
        }
        // The last byte the copy touches must lie in the allocation the pointer is in.
        let last = (|| {
            let slice = pp.pitch.checked_mul(slice_rows(pp, e))?;
            let z = pos.z.checked_add(e.depth - 1)?.checked_mul(slice)?;
            let y = pos.y.checked_add(e.height - 1)?.checked_mul(pp.pitch)?;
            z.checked_add(y)?
                .checked_add(pos.x)?
                .checked_add(e.width)?
                .checked_add(pp.ptr as usize)
        })();
        if let Some((_, base, size)) = hip::pointer_info(pp.ptr)? {
            if last.is_none_or(|l| l > base as usize + size) {
                return Err(err(
                    HipError::InvalidValue,
                    format!("the copy runs past the {size}-byte {name} allocation"),
                ));
            }
        }
    }
    let addr = |pp: hipPitchedPtr, pos: hipPos, y: usize, z: usize| -> Option<usize> {
        let slice = pp.pitch.checked_mul(slice_rows(pp, e))?;
        let off = (pos.z + z)
            .checked_mul(slice)?
            .checked_add((pos.y + y).checked_mul(pp.pitch)?)?
            .checked_add(pos.x)?;
        (pp.ptr as usize).checked_add(off)
    };
    let mut pieces = Vec::new();
    for z in 0..e.depth {
        for y in 0..e.height {
            let (Some(d), Some(s)) = (
                addr(p.dstPtr, p.dstPos, y, z),
                addr(p.srcPtr, p.srcPos, y, z),
            ) else {
                return Err(err(HipError::InvalidValue, "3-D copy addresses overflow"));
            };
            match pieces.last_mut() {
                // Rows that continue the previous piece on both sides merge into it.
                Some(CopyPiece { dst, src, bytes }) if *dst + *bytes == d && *src + *bytes == s => {
                    *bytes += e.width
                }
                _ => pieces.push(CopyPiece {
                    dst: d,
                    src: s,
                    bytes: e.width,
                }),
            }
        }
    }
    Ok(NodeOp::Memcpy(MemcpyNode {
        pieces,
        kind,
        tag: params_bytes(&p),
        arrays: [false, false],
    }))
}

/// The rows of a slice of `pp`: its height, or without one (ysize 0) the copy's height, as
/// ROCm takes a zero slice pitch.
fn slice_rows(pp: hipPitchedPtr, e: hipExtent) -> usize {
    if pp.ysize == 0 {
        e.height
    } else {
        pp.ysize
    }
}

/// A `hipMemcpy3DParms` as bytes, kept in a copy node to give back.
fn params_bytes(p: &hipMemcpy3DParms) -> Vec<u8> {
    // SAFETY: a plain-old-data struct viewed as its bytes.
    unsafe {
        std::slice::from_raw_parts(
            (p as *const hipMemcpy3DParms).cast::<u8>(),
            size_of::<hipMemcpy3DParms>(),
        )
    }
    .to_vec()
}

/// The `hipMemcpy3DParms` of a copy node: those it was made with, or a 1-D description.
fn memcpy_params(m: &MemcpyNode) -> hipMemcpy3DParms {
    if m.tag.len() == size_of::<hipMemcpy3DParms>() {
        // SAFETY: the tag holds the bytes of a hipMemcpy3DParms (made in `memcpy_3d`);
        // every bit pattern of its fields is valid.
        return unsafe { std::ptr::read_unaligned(m.tag.as_ptr().cast::<hipMemcpy3DParms>()) };
    }
    let bytes: usize = m.pieces.iter().map(|p| p.bytes).sum();
    let first = m.pieces.first().copied().unwrap_or(CopyPiece {
        dst: 0,
        src: 0,
        bytes: 0,
    });
    let pitched = |ptr: usize| hipPitchedPtr {
        ptr: ptr as *mut c_void,
        pitch: bytes,
        xsize: bytes,
        ysize: 1,
    };
    let origin = hipPos { x: 0, y: 0, z: 0 };
    hipMemcpy3DParms {
        srcArray: std::ptr::null_mut(),
        srcPos: origin,
        srcPtr: pitched(first.src),
        dstArray: std::ptr::null_mut(),
        dstPos: origin,
        dstPtr: pitched(first.dst),
        extent: crate::abi::hipExtent {
            width: bytes,
            height: 1,
            depth: 1,
        },
        kind: m.kind as i32,
    }
}

/// # Safety
/// `p` is null or readable.
unsafe fn memset_op(p: *const hipMemsetParams) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "pMemsetParams is a null pointer",
        ));
    }
    // SAFETY: non-null, readable per the caller.
    let p = unsafe { *p };
    if p.dst.is_null() {
        return Err(err(HipError::InvalidValue, "hipMemsetParams.dst is null"));
    }
    if !matches!(p.elementSize, 1 | 2 | 4) {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "hipMemsetParams.elementSize {} is not 1, 2 or 4",
                p.elementSize
            ),
        ));
    }
    let es = p.elementSize as usize;
    if p.width == 0 || p.height == 0 {
        return Err(err(
            HipError::InvalidValue,
            "a memset node with an empty extent",
        ));
    }
    let row = p
        .width
        .checked_mul(es)
        .ok_or_else(|| err(HipError::InvalidValue, "memset row size overflows"))?;
    if p.height > 1 && p.pitch < row {
        return Err(err(
            HipError::InvalidValue,
            format!("pitch {} is less than a row of {row} bytes", p.pitch),
        ));
    }
    let span = (p.height - 1)
        .checked_mul(p.pitch)
        .and_then(|o| o.checked_add(row))
        .ok_or_else(|| err(HipError::InvalidValue, "memset extent overflows"))?;
    check_span(p.dst, span, "destination")?;
    Ok(NodeOp::Memset(MemsetNode {
        dst: p.dst as usize,
        // Kept as given, for the getter: one row never steps by it.
        pitch: p.pitch,
        value: p.value,
        element_size: es,
        width: p.width,
        height: p.height,
    }))
}

pub(crate) fn host_node(f: unsafe extern "C" fn(*mut c_void), user_data: *mut c_void) -> HostNode {
    let ud = user_data as usize;
    HostNode {
        // SAFETY: the C caller supplied the function and its data for every run of the node.
        f: Arc::new(move || unsafe { f(ud as *mut c_void) }),
        tag: [f as usize, ud],
    }
}

/// # Safety
/// `p` is null or readable.
unsafe fn host_op(p: *const hipHostNodeParams) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "pNodeParams is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let p = unsafe { *p };
    let Some(f) = p.fn_ else {
        return Err(err(HipError::InvalidValue, "hipHostNodeParams.fn is null"));
    };
    Ok(NodeOp::Host(host_node(f, p.userData)))
}

/// An event a node holds, with the handle the program named it by.
struct EventRef {
    handle: usize,
    obj: Arc<EventObj>,
}

impl GraphEvent for EventRef {
    fn event(&self) -> &hip::Event {
        &self.obj.event
    }
    fn handle(&self) -> usize {
        self.handle
    }
}

/// The event `h` for a graph call: null or stale is `hipErrorInvalidValue`, as ROCm's graph
/// API answers.
fn graph_event(h: hipEvent_t) -> ApiResult<Arc<dyn GraphEvent>> {
    let obj = handles::lookup::<EventObj>(h)
        .ok_or_else(|| err(HipError::InvalidValue, format!("{h:p} is not a live event")))?;
    Ok(Arc::new(EventRef {
        handle: h as usize,
        obj,
    }))
}

/// The node's operation, which must be of type `t`.
fn typed_op(node: &NodeObj, t: NodeType) -> ApiResult<NodeOp> {
    let op = node.graph.op(node.id)?;
    if op.node_type() != t {
        return Err(err(
            HipError::InvalidValue,
            format!("the node is a {:?} node, not {t:?}", op.node_type()),
        ));
    }
    Ok(op)
}

/// New kernel parameters keep the node's attributes (cooperative, access policy).
fn keep_attributes(old: NodeOp, new: NodeOp) -> ApiResult<NodeOp> {
    match (old, new) {
        (NodeOp::Kernel(o), NodeOp::Kernel(mut k)) => {
            k.access_policy = o.access_policy;
            k.set_cooperative(o.cooperative)?;
            Ok(NodeOp::Kernel(k))
        }
        (_, new) => Ok(new),
    }
}

// --- graphs -----------------------------------------------------------------------------

/// # Safety
/// `graph` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphCreate(graph: *mut hipGraph_t, flags: u32) -> hipError_t {
    entry(|| {
        if graph.is_null() {
            return Err(err(HipError::InvalidValue, "pGraph is a null pointer"));
        }
        if flags != 0 {
            return Err(err(
                HipError::InvalidValue,
                "hipGraphCreate flags must be 0",
            ));
        }
        hip::get_device()?;
        let h = graph_handle(&Graph::new());
        // SAFETY: non-null, writable per the caller.
        unsafe { put(graph, h, "pGraph") }
    })
}

/// Releases a graph and the node handles of it; executable graphs made from it stay valid.
#[no_mangle]
pub extern "C" fn hipGraphDestroy(graph: hipGraph_t) -> hipError_t {
    entry(|| {
        let Some(g) = handles::unregister::<GraphObj>(graph) else {
            return Err(err(
                HipError::InvalidValue,
                format!("{graph:p} is not a live graph"),
            ));
        };
        graph_handles().remove(&g.graph.key());
        for (_, h) in lock(&g.nodes).drain() {
            handles::unregister::<NodeObj>(h as *const c_void);
        }
        for h in lock(&g.children).drain(..) {
            if let Some(c) = handles::unregister::<GraphObj>(h as *const c_void) {
                graph_handles().remove(&c.graph.key());
                for (_, n) in lock(&c.nodes).drain() {
                    handles::unregister::<NodeObj>(n as *const c_void);
                }
            }
        }
        let held: Vec<(Arc<UserObj>, u32)> =
            lock(&g.user_objects).drain().map(|(_, v)| v).collect();
        for (obj, count) in held {
            // More than the object has left (or an object already gone) is skipped, as in ROCm.
            obj.release(count);
        }
        Ok(())
    })
}

/// # Safety
/// `node` is null or writable; `deps` holds `n` handles; `params` is a readable
/// `hipKernelNodeParams` whose arguments describe the kernel's.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddKernelNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const hipKernelNodeParams,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { add_node(node, graph, deps, n, || kernel_op(params)) })
}

/// # Safety
/// As [`hipGraphAddKernelNode`], `params` a readable `hipMemcpy3DParms`.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemcpyNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const hipMemcpy3DParms,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { add_node(node, graph, deps, n, || memcpy_3d(params)) })
}

/// # Safety
/// As [`hipGraphAddKernelNode`]; the ranges stay valid while the graph may run.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // HIP's signature
pub unsafe extern "C" fn hipGraphAddMemcpyNode1D(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { add_node(node, graph, deps, n, || memcpy_1d(dst, src, count, kind)) })
}

/// # Safety
/// As [`hipGraphAddKernelNode`], `params` a readable `hipMemsetParams`.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemsetNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const hipMemsetParams,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { add_node(node, graph, deps, n, || memset_op(params)) })
}

/// # Safety
/// As [`hipGraphAddKernelNode`], `params` a readable `hipHostNodeParams`.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddHostNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const hipHostNodeParams,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { add_node(node, graph, deps, n, || host_op(params)) })
}

/// Adds a copy of `child` as one node.
///
/// # Safety
/// As [`hipGraphAddKernelNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddChildGraphNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    child: hipGraph_t,
) -> hipError_t {
    entry(|| {
        let c = graph_obj(child)?;
        // A graph may be its own child, as in ROCm: the node holds a copy of it as it is now.
        if c.graph.has_memory_nodes() {
            return Err(err(
                HipError::NotSupported,
                "a graph with memory nodes cannot be a child graph",
            ));
        }
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                Ok(NodeOp::Graph(c.graph.deep_clone()))
            })
        }
    })
}

/// # Safety
/// As [`hipGraphAddKernelNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEmptyNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { add_node(node, graph, deps, n, || Ok(NodeOp::Empty)) })
}

/// # Safety
/// As [`hipGraphAddKernelNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEventRecordNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                Ok(NodeOp::EventRecord(graph_event(event)?))
            })
        }
    })
}

/// # Safety
/// As [`hipGraphAddKernelNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEventWaitNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                Ok(NodeOp::WaitEvent(graph_event(event)?))
            })
        }
    })
}

/// Graph memory: the allocation is made when the node is added (its address is returned in
/// `params->dptr`), and lives while a graph or executable graph holds the node or the
/// program frees it with `hipFree`.
///
/// # Safety
/// As [`hipGraphAddKernelNode`]; `params` is null or a readable and writable
/// `hipMemAllocNodeParams`.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemAllocNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *mut hipMemAllocNodeParams,
) -> hipError_t {
    entry(|| {
        if params.is_null() {
            return Err(err(HipError::InvalidValue, "pNodeParams is a null pointer"));
        }
        // SAFETY: non-null, readable per the caller.
        let bytes = unsafe { check_alloc_params(&*params)? };
        let mut ptr = 0usize;
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                let mut a = GraphAllocation::new(bytes)?;
                ptr = a.ptr;
                a.tag = alloc_params_bytes(&*params, a.ptr);
                Ok(NodeOp::MemAlloc(Arc::new(a)))
            })?
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { (*params).dptr = ptr as *mut c_void };
        Ok(())
    })
}

/// The parameters an allocation node was made with, its address filled in, as bytes: ROCm
/// gives them back as they were (the access descriptor pointer included).
fn alloc_params_bytes(p: &hipMemAllocNodeParams, ptr: usize) -> Vec<u8> {
    let p = hipMemAllocNodeParams {
        dptr: ptr as *mut c_void,
        ..*p
    };
    // SAFETY: a plain-old-data struct viewed as its bytes.
    unsafe {
        std::slice::from_raw_parts(
            (&p as *const hipMemAllocNodeParams).cast::<u8>(),
            size_of::<hipMemAllocNodeParams>(),
        )
    }
    .to_vec()
}

/// `hipMemAllocationTypePinned`, `hipMemLocationTypeDevice`.
const ALLOC_TYPE_PINNED: i32 = 1;
const LOCATION_DEVICE: i32 = 1;

/// Checks `hipMemAllocNodeParams` as ROCm does (pinned memory on a device that exists, at
/// most one access descriptor per device); gives the size.
///
/// # Safety
/// `p.accessDescs` is null or holds `p.accessDescCount` entries.
unsafe fn check_alloc_params(p: &hipMemAllocNodeParams) -> ApiResult<usize> {
    let props = p.poolProps;
    if props.allocType != ALLOC_TYPE_PINNED || props.location.type_ != LOCATION_DEVICE {
        return Err(err(
            HipError::InvalidValue,
            "graph allocations are pinned memory on a device",
        ));
    }
    crate::check_device(props.location.id).map_err(|_| {
        err(
            HipError::InvalidValue,
            format!("device {} does not exist", props.location.id),
        )
    })?;
    let devices = hip::device_count()? as usize;
    if p.accessDescCount > devices || (p.accessDescCount > 0 && p.accessDescs.is_null()) {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "{} access descriptors for {devices} device(s)",
                p.accessDescCount
            ),
        ));
    }
    if p.bytesize == 0 {
        return Err(err(HipError::InvalidValue, "a graph allocation of 0 bytes"));
    }
    Ok(p.bytesize)
}

/// A free node for `dptr`: it must be graph memory, not freed by another node of `graph`.
fn mem_free_op(graph: &Graph, dptr: *mut c_void) -> ApiResult<NodeOp> {
    if dptr.is_null() {
        return Err(err(HipError::InvalidValue, "dev_ptr is a null pointer"));
    }
    if !hip::graph::is_graph_allocation(dptr as usize) {
        return Err(err(
            HipError::InvalidValue,
            format!("{dptr:p} was not allocated by a graph memory node"),
        ));
    }
    let freed_here = graph
        .nodes()
        .into_iter()
        .any(|id| matches!(graph.op(id), Ok(NodeOp::MemFree(p)) if p == dptr as usize));
    if freed_here {
        return Err(err(
            HipError::InvalidValue,
            format!("{dptr:p} is already freed by a node of this graph"),
        ));
    }
    Ok(NodeOp::MemFree(dptr as usize))
}

/// # Safety
/// As [`hipGraphAddKernelNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemFreeNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    dptr: *mut c_void,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                mem_free_op(&graph_obj(graph)?.graph, dptr)
            })
        }
    })
}

/// # Safety
/// `params` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemAllocNodeGetParams(
    node: hipGraphNode_t,
    params: *mut hipMemAllocNodeParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let NodeOp::MemAlloc(a) = typed_op(&nd, NodeType::MemAlloc)? else {
            return Err(err(HipError::InvalidValue, "not a memory allocation node"));
        };
        if a.tag.len() == size_of::<hipMemAllocNodeParams>() {
            // SAFETY: the bytes of a `hipMemAllocNodeParams` (alloc_params_bytes).
            let p = unsafe {
                a.tag
                    .as_ptr()
                    .cast::<hipMemAllocNodeParams>()
                    .read_unaligned()
            };
            // SAFETY: writable per the caller (null is refused by put).
            return unsafe { put(params, p, "pNodeParams") };
        }
        // Pinned device memory on device 0: the only kind graph allocations have.
        let props = hipMemPoolProps {
            allocType: ALLOC_TYPE_PINNED,
            handleTypes: 0,
            location: hipMemLocation {
                type_: LOCATION_DEVICE,
                id: 0,
            },
            win32SecurityAttributes: std::ptr::null_mut(),
            maxSize: 0,
            reserved: [0; 56],
        };
        let p = hipMemAllocNodeParams {
            poolProps: props,
            accessDescs: std::ptr::null(),
            accessDescCount: 0,
            bytesize: a.bytes,
            dptr: a.ptr as *mut c_void,
        };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(params, p, "pNodeParams") }
    })
}

/// Writes the freed address through `dev_ptr` (a `void**` in effect, as in HIP).
///
/// # Safety
/// `dev_ptr` is null or a writable pointer.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemFreeNodeGetParams(
    node: hipGraphNode_t,
    dev_ptr: *mut c_void,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let NodeOp::MemFree(p) = typed_op(&nd, NodeType::MemFree)? else {
            return Err(err(HipError::InvalidValue, "not a memory free node"));
        };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(dev_ptr.cast::<*mut c_void>(), p as *mut c_void, "dev_ptr") }
    })
}

/// # Safety
/// `from` and `to` hold `n` handles each.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddDependencies(
    graph: hipGraph_t,
    from: *const hipGraphNode_t,
    to: *const hipGraphNode_t,
    n: usize,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { edges(graph, from, to, n, true) })
}

/// # Safety
/// `from` and `to` hold `n` handles each.
#[no_mangle]
pub unsafe extern "C" fn hipGraphRemoveDependencies(
    graph: hipGraph_t,
    from: *const hipGraphNode_t,
    to: *const hipGraphNode_t,
    n: usize,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { edges(graph, from, to, n, false) })
}

/// # Safety
/// `from` and `to` hold `n` handles each.
unsafe fn edges(
    graph: hipGraph_t,
    from: *const hipGraphNode_t,
    to: *const hipGraphNode_t,
    n: usize,
    add: bool,
) -> ApiResult {
    let g = graph_obj(graph)?;
    if n == 0 {
        return Ok(());
    }
    if from.is_null() || to.is_null() {
        return Err(err(HipError::InvalidValue, "a null node list"));
    }
    // SAFETY: forwarded caller contract.
    let (a, b) = unsafe { (node_list(&g.graph, from, n)?, node_list(&g.graph, to, n)?) };
    let pairs: Vec<(NodeId, NodeId)> = a.into_iter().zip(b).collect();
    let memory_node = |id: NodeId| {
        g.graph
            .op(id)
            .is_ok_and(|op| matches!(op.node_type(), NodeType::MemAlloc | NodeType::MemFree))
    };
    if !add && pairs.iter().any(|&(f, t)| memory_node(f) || memory_node(t)) {
        return Err(err(
            HipError::NotSupported,
            "edges of graph memory nodes cannot be removed",
        ));
    }
    if add {
        g.graph.add_edges(&pairs)
    } else {
        g.graph.remove_edges(&pairs)
    }
}

/// # Safety
/// `nodes` is null or holds `*count` entries; `count` is null or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetNodes(
    graph: hipGraph_t,
    nodes: *mut hipGraphNode_t,
    count: *mut usize,
) -> hipError_t {
    entry(|| {
        let g = graph_obj(graph)?;
        // SAFETY: forwarded caller contract.
        unsafe { write_nodes(&g.graph, &g.graph.nodes(), nodes, count) }
    })
}

/// # Safety
/// As [`hipGraphGetNodes`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetRootNodes(
    graph: hipGraph_t,
    nodes: *mut hipGraphNode_t,
    count: *mut usize,
) -> hipError_t {
    entry(|| {
        let g = graph_obj(graph)?;
        // SAFETY: forwarded caller contract.
        unsafe { write_nodes(&g.graph, &g.graph.root_nodes(), nodes, count) }
    })
}

/// # Safety
/// `from` and `to` are null or hold `*count` entries; `count` is null or readable and
/// writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetEdges(
    graph: hipGraph_t,
    from: *mut hipGraphNode_t,
    to: *mut hipGraphNode_t,
    count: *mut usize,
) -> hipError_t {
    entry(|| {
        let g = graph_obj(graph)?;
        if count.is_null() {
            return Err(err(HipError::InvalidValue, "the count is a null pointer"));
        }
        if from.is_null() != to.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "only one of from and to is null",
            ));
        }
        let edges = g.graph.edges();
        let (a, b): (Vec<NodeId>, Vec<NodeId>) = edges.into_iter().unzip();
        // SAFETY: forwarded caller contract; the second call sees the count the first left
        // unchanged when the arrays were given.
        unsafe {
            if from.is_null() {
                return write_nodes(&g.graph, &a, from, count);
            }
            let cap = *count;
            write_nodes(&g.graph, &a, from, count)?;
            *count = cap;
            write_nodes(&g.graph, &b, to, count)
        }
    })
}

/// # Safety
/// As [`hipGraphGetNodes`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependencies(
    node: hipGraphNode_t,
    deps: *mut hipGraphNode_t,
    count: *mut usize,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let ids = nd.graph.dependencies(nd.id)?;
        // SAFETY: forwarded caller contract.
        unsafe { write_nodes(&nd.graph, &ids, deps, count) }
    })
}

/// # Safety
/// As [`hipGraphGetNodes`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependentNodes(
    node: hipGraphNode_t,
    deps: *mut hipGraphNode_t,
    count: *mut usize,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let ids = nd.graph.dependents(nd.id)?;
        // SAFETY: forwarded caller contract.
        unsafe { write_nodes(&nd.graph, &ids, deps, count) }
    })
}

/// # Safety
/// `t` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetType(node: hipGraphNode_t, t: *mut i32) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let ty = nd.graph.op(nd.id)?.node_type();
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(t, ty as i32, "pType") }
    })
}

/// Removes a node and its edges; its handle dies.
#[no_mangle]
pub extern "C" fn hipGraphDestroyNode(node: hipGraphNode_t) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        nd.graph.remove_node(nd.id)?;
        handles::unregister::<NodeObj>(node);
        let gh = graph_handles().get(&nd.graph.key()).copied();
        if let Some(go) = gh.and_then(|h| handles::lookup::<GraphObj>(h as *const c_void)) {
            lock(&go.nodes).remove(&nd.id);
        }
        Ok(())
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphClone(out: *mut hipGraph_t, graph: hipGraph_t) -> hipError_t {
    entry(|| {
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "pGraphClone is a null pointer"));
        }
        let g = graph_obj(graph)?;
        if g.graph.has_memory_nodes() {
            return Err(err(
                HipError::NotSupported,
                "a graph with memory nodes cannot be cloned",
            ));
        }
        let c = g.graph.deep_clone();
        let h = graph_handle(&c);
        // The clone holds one reference of its own to each of the original's live user
        // objects (ROCm's count for a clone).
        let held: Vec<(usize, Arc<UserObj>)> = lock(&g.user_objects)
            .iter()
            .map(|(&k, (o, _))| (k, o.clone()))
            .collect();
        if let Some(co) = handles::lookup::<GraphObj>(h) {
            for (key, obj) in held {
                if obj.retain(1) {
                    lock(&co.user_objects).insert(key, (obj, 1));
                }
            }
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "pGraphClone") }
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeFindInClone(
    out: *mut hipGraphNode_t,
    original: hipGraphNode_t,
    clone: hipGraph_t,
) -> hipError_t {
    entry(|| {
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "pNode is a null pointer"));
        }
        let nd = node_obj(original)?;
        let c = graph_obj(clone)?;
        let Some(id) = c.graph.find_in_clone(nd.id) else {
            return Err(err(
                HipError::InvalidValue,
                "the node has no counterpart in that graph (not a clone of its graph)",
            ));
        };
        let h = node_handle(&c.graph, id);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "pNode") }
    })
}

/// # Safety
/// `path` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn hipGraphDebugDotPrint(
    graph: hipGraph_t,
    path: *const c_char,
    _flags: u32,
) -> hipError_t {
    entry(|| {
        let g = graph_obj(graph)?;
        // SAFETY: forwarded caller contract.
        let path = unsafe { crate::c_str(path, "path")? };
        std::fs::write(path, g.graph.to_dot())
            .map_err(|e| err(HipError::OperatingSystem, format!("{path}: {e}")))
    })
}

// --- node parameters: get and set -------------------------------------------------------

/// # Safety
/// `params` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeGetParams(
    node: hipGraphNode_t,
    params: *mut hipKernelNodeParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        if params.is_null() {
            return Err(err(HipError::InvalidValue, "pNodeParams is a null pointer"));
        }
        let NodeOp::Kernel(k) = typed_op(&nd, NodeType::Kernel)? else {
            return Err(err(HipError::InvalidValue, "not a kernel node"));
        };
        let mut view = lock(&nd.kernel_view);
        view.0 = k.kernargs().to_vec();
        let base = view.0.as_ptr() as usize;
        view.1 = k
            .function
            .meta()
            .args
            .iter()
            .map(|a| base + a.offset as usize)
            .collect();
        let p = hipKernelNodeParams {
            blockDim: dim3 {
                x: k.block.x,
                y: k.block.y,
                z: k.block.z,
            },
            extra: std::ptr::null_mut(),
            func: k.func_id as *mut c_void,
            gridDim: dim3 {
                x: k.grid.x,
                y: k.grid.y,
                z: k.grid.z,
            },
            kernelParams: view.1.as_mut_ptr().cast(),
            sharedMemBytes: k.shared_mem,
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(params, p, "pNodeParams") }
    })
}

/// # Safety
/// As [`hipGraphAddKernelNode`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeSetParams(
    node: hipGraphNode_t,
    params: *const hipKernelNodeParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { kernel_op(params)? };
        let op = keep_attributes(nd.graph.op(nd.id)?, op)?;
        nd.graph.set_op(nd.id, op)
    })
}

/// # Safety
/// `params` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeGetParams(
    node: hipGraphNode_t,
    params: *mut hipMemcpy3DParms,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let NodeOp::Memcpy(m) = typed_op(&nd, NodeType::Memcpy)? else {
            return Err(err(HipError::InvalidValue, "not a memcpy node"));
        };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(params, memcpy_params(&m), "pNodeParams") }
    })
}

/// # Safety
/// `params` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams(
    node: hipGraphNode_t,
    params: *const hipMemcpy3DParms,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { memcpy_3d(params)? };
        nd.graph.set_op(nd.id, op)
    })
}

#[no_mangle]
pub extern "C" fn hipGraphMemcpyNodeSetParams1D(
    node: hipGraphNode_t,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        same_pointers(dst, src)?;
        nd.graph.set_op(nd.id, memcpy_1d(dst, src, count, kind)?)
    })
}

/// ROCm refuses a 1-D copy node whose source is its destination when its parameters are set.
fn same_pointers(dst: *mut c_void, src: *const c_void) -> ApiResult {
    if !dst.is_null() && std::ptr::eq(dst.cast_const(), src) {
        return Err(err(
            HipError::InvalidValue,
            "the copy's source is its destination",
        ));
    }
    Ok(())
}

/// Sets a copy node of an executable graph: its direction stays the one it was instantiated
/// with, as in ROCm (a different `hipMemcpyKind`, `hipMemcpyDefault` included, is refused).
fn exec_memcpy_set(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    op: impl FnOnce() -> ApiResult<NodeOp>,
) -> ApiResult {
    let e = exec_obj(exec)?;
    let nd = node_obj(node)?;
    let op = op()?;
    if let (NodeOp::Memcpy(new), NodeOp::Memcpy(old)) = (&op, &e.exec.op(nd.id)?) {
        if new.kind != old.kind {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "an executable graph's copy keeps its direction ({:?}, not {:?})",
                    old.kind, new.kind
                ),
            ));
        }
    }
    e.exec.set_op(nd.id, op)
}

/// # Safety
/// `params` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeGetParams(
    node: hipGraphNode_t,
    params: *mut hipMemsetParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let NodeOp::Memset(m) = typed_op(&nd, NodeType::Memset)? else {
            return Err(err(HipError::InvalidValue, "not a memset node"));
        };
        let p = hipMemsetParams {
            dst: m.dst as *mut c_void,
            elementSize: m.element_size as u32,
            height: m.height,
            pitch: m.pitch,
            value: m.value,
            width: m.width,
        };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(params, p, "pNodeParams") }
    })
}

/// # Safety
/// `params` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeSetParams(
    node: hipGraphNode_t,
    params: *const hipMemsetParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { memset_op(params)? };
        nd.graph.set_op(nd.id, op)
    })
}

/// # Safety
/// `params` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeGetParams(
    node: hipGraphNode_t,
    params: *mut hipHostNodeParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let NodeOp::Host(h) = typed_op(&nd, NodeType::Host)? else {
            return Err(err(HipError::InvalidValue, "not a host node"));
        };
        let f = (h.tag[0] != 0).then(|| {
            // SAFETY: a nonzero tag is the address of the `hipHostFn_t` the node was made
            // with (`host_node`).
            unsafe { std::mem::transmute::<usize, unsafe extern "C" fn(*mut c_void)>(h.tag[0]) }
        });
        let p = hipHostNodeParams {
            fn_: f,
            userData: h.tag[1] as *mut c_void,
        };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(params, p, "pNodeParams") }
    })
}

/// # Safety
/// `params` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeSetParams(
    node: hipGraphNode_t,
    params: *const hipHostNodeParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { host_op(params)? };
        nd.graph.set_op(nd.id, op)
    })
}

/// The graph a child-graph node embeds (changes to it change the node).
///
/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphChildGraphNodeGetGraph(
    node: hipGraphNode_t,
    out: *mut hipGraph_t,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "pGraph is a null pointer"));
        }
        let NodeOp::Graph(child) = typed_op(&nd, NodeType::Graph)? else {
            return Err(err(HipError::InvalidValue, "not a child graph node"));
        };
        let h = graph_handle(&child);
        let owner = graph_handles().get(&nd.graph.key()).copied();
        if let Some(go) = owner.and_then(|o| handles::lookup::<GraphObj>(o as *const c_void)) {
            let mut c = lock(&go.children);
            if !c.contains(&(h as usize)) {
                c.push(h as usize);
            }
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "pGraph") }
    })
}

fn event_of(op: &NodeOp) -> Option<usize> {
    match op {
        NodeOp::EventRecord(e) | NodeOp::WaitEvent(e) => Some(e.handle()),
        _ => None,
    }
}

/// # Safety
/// `out` is null or writable.
unsafe fn get_event(node: hipGraphNode_t, out: *mut hipEvent_t, t: NodeType) -> ApiResult {
    let nd = node_obj(node)?;
    let op = typed_op(&nd, t)?;
    let h = event_of(&op).unwrap_or(0);
    // SAFETY: writable per the caller (null is refused by put).
    unsafe { put(out, h as hipEvent_t, "event_out") }
}

fn event_op(event: hipEvent_t, t: NodeType) -> ApiResult<NodeOp> {
    let e = graph_event(event)?;
    Ok(if t == NodeType::EventRecord {
        NodeOp::EventRecord(e)
    } else {
        NodeOp::WaitEvent(e)
    })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphEventRecordNodeGetEvent(
    node: hipGraphNode_t,
    out: *mut hipEvent_t,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { get_event(node, out, NodeType::EventRecord) })
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphEventWaitNodeGetEvent(
    node: hipGraphNode_t,
    out: *mut hipEvent_t,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { get_event(node, out, NodeType::WaitEvent) })
}

#[no_mangle]
pub extern "C" fn hipGraphEventRecordNodeSetEvent(
    node: hipGraphNode_t,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        typed_op(&nd, NodeType::EventRecord)?;
        nd.graph
            .set_op(nd.id, event_op(event, NodeType::EventRecord)?)
    })
}

#[no_mangle]
pub extern "C" fn hipGraphEventWaitNodeSetEvent(
    node: hipGraphNode_t,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        typed_op(&nd, NodeType::WaitEvent)?;
        nd.graph
            .set_op(nd.id, event_op(event, NodeType::WaitEvent)?)
    })
}

// --- executable graphs ------------------------------------------------------------------

fn instantiate(out: *mut hipGraphExec_t, graph: hipGraph_t, flags: u64) -> ApiResult {
    if out.is_null() {
        return Err(err(HipError::InvalidValue, "pGraphExec is a null pointer"));
    }
    check_instantiate_flags(flags, &INSTANTIATE_FLAGS)?;
    if flags & 4 != 0 {
        return Err(err(
            HipError::NotSupported,
            "hipGraphInstantiateFlagDeviceLaunch: the CPU device cannot launch graphs from kernels",
        ));
    }
    let g = graph_obj(graph)?;
    let mem = g.graph.has_memory_nodes();
    if mem && *lock(&g.mem_execs) > 0 {
        return Err(err(
            HipError::NotSupported,
            "a graph with memory nodes has one executable at a time",
        ));
    }
    let exec = g.graph.instantiate_with_flags(flags)?;
    if mem {
        *lock(&g.mem_execs) += 1;
    }
    // The executable holds one reference to each live user object, as a clone does.
    let held: Vec<Arc<UserObj>> = lock(&g.user_objects)
        .values()
        .filter(|(o, _)| o.retain(1))
        .map(|(o, _)| o.clone())
        .collect();
    let h = handles::register(Arc::new(ExecObj {
        exec,
        mem_origin: mem.then(|| g.clone()),
        user_objects: held,
    }));
    // SAFETY: non-null, writable per the caller.
    unsafe { put(out, h, "pGraphExec") }
}

/// # Safety
/// `out` is null or writable; the error node and log buffer are not used (a failure is
/// described by the thread's last error detail).
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiate(
    out: *mut hipGraphExec_t,
    graph: hipGraph_t,
    error_node: *mut hipGraphNode_t,
    log: *mut c_char,
    log_size: usize,
) -> hipError_t {
    entry(|| {
        let r = instantiate(out, graph, 0);
        if r.is_err() && !log.is_null() && log_size > 0 {
            let msg = hip::last_error_detail().unwrap_or_default();
            let n = msg.len().min(log_size - 1);
            // SAFETY: `log` holds `log_size` writable bytes per the caller.
            unsafe {
                std::ptr::copy_nonoverlapping(msg.as_ptr(), log.cast::<u8>(), n);
                *log.add(n) = 0;
            }
        }
        if !error_node.is_null() {
            // SAFETY: non-null, writable per the caller.
            unsafe { *error_node = std::ptr::null_mut() };
        }
        r
    })
}

/// `hipGraphInstantiateFlagAutoFreeOnLaunch`, `...Upload`, `...DeviceLaunch`,
/// `...UseNodePriority`: ROCm takes no flag or one of them, not a combination.
const INSTANTIATE_FLAGS: [u64; 4] = [1, 2, 4, 8];

/// `hipGraphInstantiateWithFlags` takes only `...AutoFreeOnLaunch` and `...UseNodePriority`
/// (as ROCm: the others come through `hipGraphInstantiateWithParams`).
const INSTANTIATE_WITH_FLAGS_FLAGS: [u64; 2] = [1, 8];

fn check_instantiate_flags(flags: u64, allowed: &[u64]) -> ApiResult {
    if flags != 0 && !allowed.contains(&flags) {
        return Err(err(
            HipError::InvalidValue,
            format!("hipGraphInstantiateFlags {flags:#x} is not 0 or one of {allowed:?}"),
        ));
    }
    Ok(())
}

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiateWithFlags(
    out: *mut hipGraphExec_t,
    graph: hipGraph_t,
    flags: u64,
) -> hipError_t {
    entry(|| {
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "pGraphExec is a null pointer"));
        }
        graph_obj(graph)?;
        check_instantiate_flags(flags, &INSTANTIATE_WITH_FLAGS_FLAGS)?;
        instantiate(out, graph, flags)
    })
}

/// Runs the graph's nodes on `stream`, each after its dependencies.
#[no_mangle]
pub extern "C" fn hipGraphLaunch(exec: hipGraphExec_t, stream: hipStream_t) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        with_stream(stream, |s| e.exec.launch(s))
    })
}

/// Nothing to upload: the CPU device runs from host memory. Checks the arguments.
#[no_mangle]
pub extern "C" fn hipGraphUpload(exec: hipGraphExec_t, stream: hipStream_t) -> hipError_t {
    entry(|| {
        exec_obj(exec)?;
        with_stream(stream, |_| Ok(()))
    })
}

#[no_mangle]
pub extern "C" fn hipGraphExecDestroy(exec: hipGraphExec_t) -> hipError_t {
    entry(|| match handles::unregister::<ExecObj>(exec) {
        Some(e) => {
            if let Some(g) = &e.mem_origin {
                let mut n = lock(&g.mem_execs);
                *n = n.saturating_sub(1);
            }
            for obj in &e.user_objects {
                obj.release(1);
            }
            Ok(())
        }
        None => Err(err(
            HipError::InvalidValue,
            format!("{exec:p} is not a live executable graph"),
        )),
    })
}

fn exec_set(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    op: impl FnOnce() -> ApiResult<NodeOp>,
) -> ApiResult {
    let e = exec_obj(exec)?;
    let nd = node_obj(node)?;
    e.exec.set_op(nd.id, op()?)
}

/// # Safety
/// As [`hipGraphKernelNodeSetParams`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecKernelNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const hipKernelNodeParams,
) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        let nd = node_obj(node)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { kernel_op(params)? };
        let op = keep_attributes(e.exec.op(nd.id)?, op)?;
        e.exec.set_op(nd.id, op)
    })
}

/// # Safety
/// As [`hipGraphMemcpyNodeSetParams`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *mut hipMemcpy3DParms,
) -> hipError_t {
    entry(|| {
        exec_memcpy_set(exec, node, || {
            // SAFETY: forwarded caller contract.
            unsafe { memcpy_3d(params) }.map_err(|e| {
                // ROCm reports every invalid description here as an invalid value.
                if e == HipError::InvalidValue {
                    e
                } else {
                    err(
                        HipError::InvalidValue,
                        format!("invalid copy parameters ({e:?})"),
                    )
                }
            })
        })
    })
}

#[no_mangle]
pub extern "C" fn hipGraphExecMemcpyNodeSetParams1D(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        exec_memcpy_set(exec, node, || {
            same_pointers(dst, src)?;
            memcpy_1d(dst, src, count, kind)
        })
    })
}

/// # Safety
/// As [`hipGraphMemsetNodeSetParams`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemsetNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const hipMemsetParams,
) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        let nd = node_obj(node)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { memset_op(params)? };
        // A 2-D fill of an executable graph keeps its shape (ROCm compares the row bytes and
        // the height); only 1-D fills may change their extent.
        if let (NodeOp::Memset(new), NodeOp::Memset(old)) = (&op, &e.exec.op(nd.id)?) {
            if new.height > 1
                && (new.width * new.element_size != old.width * old.element_size
                    || new.height != old.height)
            {
                return Err(err(
                    HipError::InvalidValue,
                    "a 2-D fill of an executable graph keeps its width and height",
                ));
            }
        }
        e.exec.set_op(nd.id, op)
    })
}

/// # Safety
/// As [`hipGraphHostNodeSetParams`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecHostNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const hipHostNodeParams,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| exec_set(exec, node, || unsafe { host_op(params) }))
}

#[no_mangle]
pub extern "C" fn hipGraphExecChildGraphNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    child: hipGraph_t,
) -> hipError_t {
    entry(|| {
        let c = graph_obj(child)?;
        let e = exec_obj(exec)?;
        let nd = node_obj(node)?;
        let NodeOp::Graph(old) = e.exec.op(nd.id)? else {
            return Err(err(HipError::InvalidValue, "not a child graph node"));
        };
        // Only parameters may change: the child's shape must stay the same.
        let (a, b) = (old.instantiate()?, c.graph.deep_clone());
        if a.update(&b).is_err() {
            return Err(err(
                HipError::InvalidValue,
                "the new child graph's topology differs from the instantiated one",
            ));
        }
        e.exec.set_op(nd.id, NodeOp::Graph(b))
    })
}

#[no_mangle]
pub extern "C" fn hipGraphExecEventRecordNodeSetEvent(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| exec_set(exec, node, || event_op(event, NodeType::EventRecord)))
}

#[no_mangle]
pub extern "C" fn hipGraphExecEventWaitNodeSetEvent(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| exec_set(exec, node, || event_op(event, NodeType::WaitEvent)))
}

/// Takes `graph`'s parameters into the executable graph when the topologies match;
/// otherwise `hipErrorGraphExecUpdateFailure` with the reason in `result` (a
/// `hipGraphExecUpdateResult`) and the node at fault in `error_node`.
///
/// # Safety
/// `error_node` and `result` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecUpdate(
    exec: hipGraphExec_t,
    graph: hipGraph_t,
    error_node: *mut hipGraphNode_t,
    result: *mut i32,
) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        let g = graph_obj(graph)?;
        if result.is_null() || error_node.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "hErrorNode_out and updateResult_out must not be null",
            ));
        }
        let (res, at) = match e.exec.update(&g.graph) {
            Ok(()) => (hip::graph::UpdateResult::Success, None),
            Err(x) => x,
        };
        let node = at.map_or(std::ptr::null_mut(), |id| node_handle(&g.graph, id));
        // SAFETY: both non-null and writable per the caller.
        unsafe {
            *result = res as i32;
            *error_node = node;
        }
        if res != hip::graph::UpdateResult::Success {
            return Err(err(
                HipError::GraphExecUpdateFailure,
                format!("the executable graph cannot take this graph: {res:?}"),
            ));
        }
        Ok(())
    })
}

// --- stream capture ---------------------------------------------------------------------

fn capture_mode(mode: i32) -> ApiResult<CaptureMode> {
    CaptureMode::from_raw(mode).ok_or_else(|| {
        err(
            HipError::InvalidValue,
            format!("{mode} is not a hipStreamCaptureMode"),
        )
    })
}

#[no_mangle]
pub extern "C" fn hipStreamBeginCapture(stream: hipStream_t, mode: i32) -> hipError_t {
    entry(|| {
        let m = capture_mode(mode)?;
        with_stream(stream, |s| hip::graph::begin_capture(s, m))
    })
}

/// # Safety
/// `deps` holds `n` handles; `edge_data` is null or holds `n` entries.
#[no_mangle]
pub unsafe extern "C" fn hipStreamBeginCaptureToGraph(
    stream: hipStream_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    edge_data: *const hipGraphEdgeData,
    n: usize,
    mode: i32,
) -> hipError_t {
    entry(|| {
        let m = capture_mode(mode)?;
        let g = graph_obj(graph)?;
        // SAFETY: forwarded caller contract.
        let deps = unsafe { node_list(&g.graph, deps, n)? };
        if !edge_data.is_null() && n > 0 {
            // SAFETY: `n` entries per the caller.
            let data = unsafe { std::slice::from_raw_parts(edge_data, n) };
            if data
                .iter()
                .any(|d| d.type_ != 0 || d.from_port != 0 || d.to_port != 0)
            {
                return Err(err(
                    HipError::NotSupported,
                    "hipStreamBeginCaptureToGraph: only default edges (type 0, port 0) exist on the CPU device",
                ));
            }
        }
        with_stream(stream, |s| {
            hip::graph::begin_capture_to_graph(s, g.graph.clone(), &deps, m)
        })
    })
}

/// # Safety
/// `graph` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamEndCapture(
    stream: hipStream_t,
    graph: *mut hipGraph_t,
) -> hipError_t {
    entry(|| {
        if graph.is_null() {
            return Err(err(HipError::InvalidValue, "pGraph is a null pointer"));
        }
        with_stream(stream, |s| {
            let r = hip::graph::end_capture(s);
            let h = match &r {
                Ok(g) => graph_handle(g),
                Err(_) => std::ptr::null_mut(),
            };
            // SAFETY: non-null, writable per the caller.
            unsafe { *graph = h };
            r.map(|_| ())
        })
    })
}

/// # Safety
/// `status` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamIsCapturing(stream: hipStream_t, status: *mut i32) -> hipError_t {
    entry(|| {
        if status.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "pCaptureStatus is a null pointer",
            ));
        }
        let info = with_stream(stream, hip::graph::capture_info)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(status, info.status as i32, "pCaptureStatus") }
    })
}

/// # Safety
/// `status` is null or writable; `id` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo(
    stream: hipStream_t,
    status: *mut i32,
    id: *mut u64,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe {
        capture_info(
            stream,
            status,
            id,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        )
    })
}

// The dependency list `hipStreamGetCaptureInfo_v2` hands out stays valid until the thread's
// next call.
thread_local! {
    static CAPTURE_DEPS: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// # Safety
/// Each out-pointer is null or writable.
unsafe fn capture_info(
    stream: hipStream_t,
    status: *mut i32,
    id: *mut u64,
    graph: *mut hipGraph_t,
    deps: *mut *const hipGraphNode_t,
    n: *mut usize,
) -> ApiResult {
    if status.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "captureStatus_out is a null pointer",
        ));
    }
    let info = with_stream(stream, hip::graph::capture_info)?;
    let active = info.status == CaptureStatus::Active;
    let handles: Vec<usize> = match &info.graph {
        Some(g) if active => info
            .dependencies
            .iter()
            .map(|&d| node_handle(g, d) as usize)
            .collect(),
        _ => Vec::new(),
    };
    // SAFETY: each is non-null (checked) and writable per the caller.
    unsafe {
        *status = info.status as i32;
        if !id.is_null() {
            *id = info.id;
        }
        if !graph.is_null() {
            *graph = match &info.graph {
                Some(g) if active => graph_handle(g),
                _ => std::ptr::null_mut(),
            };
        }
        if !n.is_null() {
            *n = handles.len();
        }
        if !deps.is_null() {
            *deps = CAPTURE_DEPS.with(|c| {
                let mut c = c.borrow_mut();
                *c = handles;
                if c.is_empty() {
                    std::ptr::null()
                } else {
                    c.as_ptr().cast::<hipGraphNode_t>()
                }
            });
        }
    }
    Ok(())
}

/// # Safety
/// Each out-pointer is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2(
    stream: hipStream_t,
    status: *mut i32,
    id: *mut u64,
    graph: *mut hipGraph_t,
    deps: *mut *const hipGraphNode_t,
    n: *mut usize,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { capture_info(stream, status, id, graph, deps, n) })
}

/// `hipStreamAddCaptureDependencies` (0) or `hipStreamSetCaptureDependencies` (1).
///
/// # Safety
/// `deps` holds `n` handles.
#[no_mangle]
pub unsafe extern "C" fn hipStreamUpdateCaptureDependencies(
    stream: hipStream_t,
    deps: *mut hipGraphNode_t,
    n: usize,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if flags > 1 {
            return Err(err(
                HipError::InvalidValue,
                format!("{flags} is not a hipStreamUpdateCaptureDependenciesFlags"),
            ));
        }
        with_stream(stream, |s| {
            let info = hip::graph::capture_info(s)?;
            let Some(g) = info.graph else {
                return Err(err(HipError::IllegalState, "the stream is not capturing"));
            };
            // SAFETY: forwarded caller contract.
            let ids = unsafe { node_list(&g, deps, n)? };
            hip::graph::update_capture_dependencies(s, &ids, flags == 1)
        })
    })
}

/// # Safety
/// `mode` is null or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipThreadExchangeStreamCaptureMode(mode: *mut i32) -> hipError_t {
    entry(|| {
        if mode.is_null() {
            return Err(err(HipError::InvalidValue, "mode is a null pointer"));
        }
        // SAFETY: non-null, readable per the caller.
        let m = capture_mode(unsafe { *mode })?;
        let old = hip::graph::exchange_thread_mode(m);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(mode, old as i32, "mode") }
    })
}

/// Records a host function on a capturing stream; `None` when `s` does not capture.
pub(crate) fn capture_host_fn(s: &hip::Stream, node: HostNode) -> Option<ApiResult> {
    hip::graph::capture(s, || NodeOp::Host(node))
}

/// `hipEventRecord`'s capture side (see `hip::graph::capture_event_record`).
pub(crate) fn capture_event_record(e: &hip::Event, s: &hip::Stream) -> Option<ApiResult> {
    hip::graph::capture_event_record(e, s)
}

/// `hipStreamWaitEvent`'s capture side (see `hip::graph::capture_event_wait`).
pub(crate) fn capture_event_wait(
    s: &hip::Stream,
    handle: hipEvent_t,
    obj: Arc<EventObj>,
) -> Option<ApiResult> {
    let e: Arc<dyn GraphEvent> = Arc::new(EventRef {
        handle: handle as usize,
        obj,
    });
    hip::graph::capture_event_wait(s, &e)
}

/// A host node for a stream callback (`hipStreamAddCallback`): called with the stream and
/// `hipSuccess`.
pub(crate) fn callback_node(
    stream: hipStream_t,
    cb: unsafe extern "C" fn(hipStream_t, hipError_t, *mut c_void),
    user_data: *mut c_void,
) -> HostNode {
    let (sh, ud) = (stream as usize, user_data as usize);
    HostNode {
        // SAFETY: the C caller supplied the callback and its data for every run.
        f: Arc::new(move || unsafe {
            cb(
                sh as hipStream_t,
                HipError::Success.code(),
                ud as *mut c_void,
            )
        }),
        tag: [0, ud],
    }
}

// --- stream memory operations -----------------------------------------------------------

/// # Safety
/// `device` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetDevice(stream: hipStream_t, device: *mut i32) -> hipError_t {
    entry(|| {
        if device.is_null() {
            return Err(err(HipError::InvalidValue, "device is a null pointer"));
        }
        // Streams belong to the device current when they were made: the CPU device.
        let d = with_stream(stream, |_| hip::get_device())?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(device, d, "device") }
    })
}

/// `hipStreamWaitValueGte`, `...Eq`, `...And`, `...Nor`.
fn wait_condition(flags: u32) -> ApiResult<fn(u64, u64, u64) -> bool> {
    Ok(match flags {
        0 => |v, value, mask| v & mask >= value & mask,
        1 => |v, value, mask| v & mask == value & mask,
        2 => |v, value, mask| (v & mask) & value != 0,
        3 => |v, value, mask| !((v & mask) | value) & mask != 0,
        f => {
            return Err(err(
                HipError::InvalidValue,
                format!("{f:#x} is not a hipStreamWaitValue flag"),
            ))
        }
    })
}

/// Queues (or captures) a host operation on `stream`.
fn stream_host_op(stream: hipStream_t, f: Arc<dyn Fn() + Send + Sync>) -> ApiResult {
    with_stream(stream, |s| {
        let node = HostNode {
            f: f.clone(),
            tag: [0, 0],
        };
        if let Some(r) = capture_host_fn(s, node) {
            return r;
        }
        s.enqueue_host_fn(Box::new(move || f()))
    })
}

fn wait_value(
    stream: hipStream_t,
    ptr: usize,
    value: u64,
    flags: u32,
    mask: u64,
    wide: bool,
) -> ApiResult {
    if ptr == 0 {
        return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
    }
    let align = if wide { 8 } else { 4 };
    if !ptr.is_multiple_of(align) {
        return Err(err(
            HipError::InvalidValue,
            format!("ptr {ptr:#x} is not {align}-byte aligned"),
        ));
    }
    let cond = wait_condition(flags)?;
    stream_host_op(
        stream,
        Arc::new(move || loop {
            let v = if wide {
                // SAFETY: aligned, and valid while the stream may run this (the caller's
                // contract); another agent writes it, hence the atomic view.
                unsafe { (*(ptr as *const AtomicU64)).load(Ordering::Acquire) }
            } else {
                // SAFETY: as above, 4-byte aligned.
                u64::from(unsafe { (*(ptr as *const AtomicU32)).load(Ordering::Acquire) })
            };
            if cond(v, value, mask) {
                break;
            }
            std::thread::yield_now();
        }),
    )
}

fn write_value(stream: hipStream_t, ptr: usize, value: u64, flags: u32, wide: bool) -> ApiResult {
    if ptr == 0 {
        return Err(err(HipError::InvalidValue, "ptr is a null pointer"));
    }
    if flags > 1 {
        return Err(err(
            HipError::InvalidValue,
            format!("{flags:#x} is not a hipStreamWriteValue flag"),
        ));
    }
    let align = if wide { 8 } else { 4 };
    if !ptr.is_multiple_of(align) {
        return Err(err(
            HipError::InvalidValue,
            format!("ptr {ptr:#x} is not {align}-byte aligned"),
        ));
    }
    stream_host_op(
        stream,
        Arc::new(move || {
            if wide {
                // SAFETY: aligned and valid while the stream may run this (the caller's
                // contract); others may read it concurrently, hence the atomic store.
                unsafe { (*(ptr as *const AtomicU64)).store(value, Ordering::Release) }
            } else {
                // SAFETY: as above, 4-byte aligned.
                unsafe { (*(ptr as *const AtomicU32)).store(value as u32, Ordering::Release) }
            }
        }),
    )
}

/// Later work on `stream` waits until the 32-bit value at `ptr` meets the condition.
#[no_mangle]
pub extern "C" fn hipStreamWaitValue32(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u32,
    flags: u32,
    mask: u32,
) -> hipError_t {
    entry(|| {
        wait_value(
            stream,
            ptr as usize,
            value.into(),
            flags,
            mask.into(),
            false,
        )
    })
}

#[no_mangle]
pub extern "C" fn hipStreamWaitValue64(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u64,
    flags: u32,
    mask: u64,
) -> hipError_t {
    entry(|| wait_value(stream, ptr as usize, value, flags, mask, true))
}

/// Writes `value` at `ptr` once earlier work of `stream` finished.
#[no_mangle]
pub extern "C" fn hipStreamWriteValue32(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u32,
    flags: u32,
) -> hipError_t {
    entry(|| write_value(stream, ptr as usize, value.into(), flags, false))
}

#[no_mangle]
pub extern "C" fn hipStreamWriteValue64(
    stream: hipStream_t,
    ptr: *mut c_void,
    value: u64,
    flags: u32,
) -> hipError_t {
    entry(|| write_value(stream, ptr as usize, value, flags, true))
}

/// `hipEventRecordDefault` (0) records as `hipEventRecord`; `hipEventRecordExternal` (1)
/// makes a capturing stream record an event-record node the graph replays.
#[no_mangle]
pub extern "C" fn hipEventRecordWithFlags(
    event: hipEvent_t,
    stream: hipStream_t,
    flags: u32,
) -> hipError_t {
    entry(|| match flags {
        0 => match crate::stream::hipEventRecord(event, stream) {
            0 => Ok(()),
            code => Err(HipError::from_code(code).unwrap_or(HipError::Unknown)),
        },
        1 => {
            let e = handles::lookup::<EventObj>(event).ok_or_else(|| {
                err(
                    HipError::InvalidHandle,
                    format!("{event:p} is not a live event"),
                )
            })?;
            with_stream(stream, |s| {
                let r: Arc<dyn GraphEvent> = Arc::new(EventRef {
                    handle: event as usize,
                    obj: e.clone(),
                });
                if let Some(res) = hip::graph::capture(s, || NodeOp::EventRecord(r)) {
                    return res;
                }
                e.event.record(s)
            })
        }
        f => Err(err(
            HipError::InvalidValue,
            format!("{f:#x} is not a hipEventRecord flag"),
        )),
    })
}

// --- user objects -----------------------------------------------------------------------

/// A user object behind a `hipUserObject_t`: its destructor runs when the last reference
/// goes.
pub struct UserObj {
    /// References left; 0 once destroyed (the object is then out of the handle registry).
    refs: Mutex<u32>,
    /// Its own handle, set once registered.
    handle: OnceLock<usize>,
    ptr: usize,
    destroy: unsafe extern "C" fn(*mut c_void),
}

impl HandleKind for UserObj {
    const TAG: u32 = 0x5553_524f; // "USRO"
    const NAME: &'static str = "user object";
}

impl UserObj {
    /// Adds `count` references; false (and nothing done) once the object is destroyed.
    fn retain(&self, count: u32) -> bool {
        let mut r = lock(&self.refs);
        if *r == 0 {
            return false;
        }
        *r = r.saturating_add(count);
        true
    }

    /// Drops `count` references, running the destructor at the last. Releasing more than
    /// the object has left does nothing, as in ROCm (which returns success then).
    fn release(self: &Arc<Self>, count: u32) {
        {
            let mut r = lock(&self.refs);
            if count > *r || *r == 0 {
                return;
            }
            *r -= count;
            if *r != 0 {
                return;
            }
        }
        if let Some(&h) = self.handle.get() {
            handles::unregister::<UserObj>(h as *const c_void);
        }
        // SAFETY: the C caller supplied the destructor and its object at creation.
        unsafe { (self.destroy)(self.ptr as *mut c_void) };
    }
}

/// The user object behind `h`, or `None` for one already destroyed: ROCm answers calls on a
/// destroyed object with success and does nothing, so callers do the same.
fn live_user_obj(h: hipUserObject_t) -> Option<Arc<UserObj>> {
    handles::lookup::<UserObj>(h)
}

/// The checks every user-object call makes: a handle and a count of 1 to `INT_MAX`.
fn check_user_obj_args(h: hipUserObject_t, count: u32) -> ApiResult {
    if h.is_null() {
        return Err(err(HipError::InvalidValue, "the user object is null"));
    }
    if count == 0 || count > i32::MAX as u32 {
        return Err(err(
            HipError::InvalidValue,
            format!("count {count} is not between 1 and INT_MAX"),
        ));
    }
    Ok(())
}

/// `hipUserObjectNoDestructorSync`, the one flag HIP defines (and requires).
const USER_OBJECT_NO_DESTRUCTOR_SYNC: u32 = 1;

/// # Safety
/// `out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipUserObjectCreate(
    out: *mut hipUserObject_t,
    ptr: *mut c_void,
    destroy: hipHostFn_t,
    initial: u32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "object_out is a null pointer"));
        }
        let Some(destroy) = destroy else {
            return Err(err(HipError::InvalidValue, "destroy is null"));
        };
        if initial == 0 || initial > i32::MAX as u32 {
            return Err(err(
                HipError::InvalidValue,
                format!("initialRefcount {initial} is not between 1 and INT_MAX"),
            ));
        }
        if flags != USER_OBJECT_NO_DESTRUCTOR_SYNC {
            return Err(err(
                HipError::InvalidValue,
                "flags must be hipUserObjectNoDestructorSync",
            ));
        }
        let obj = Arc::new(UserObj {
            refs: Mutex::new(initial),
            handle: OnceLock::new(),
            ptr: ptr as usize,
            destroy,
        });
        let h = handles::register(obj.clone());
        let _ = obj.handle.set(h as usize);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "object_out") }
    })
}

#[no_mangle]
pub extern "C" fn hipUserObjectRetain(obj: hipUserObject_t, count: u32) -> hipError_t {
    entry(|| {
        check_user_obj_args(obj, count)?;
        if let Some(o) = live_user_obj(obj) {
            o.retain(count);
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipUserObjectRelease(obj: hipUserObject_t, count: u32) -> hipError_t {
    entry(|| {
        check_user_obj_args(obj, count)?;
        if let Some(o) = live_user_obj(obj) {
            o.release(count);
        }
        Ok(())
    })
}

/// `hipGraphUserObjectMove`: the graph takes over the caller's references.
const GRAPH_USER_OBJECT_MOVE: u32 = 1;

#[no_mangle]
pub extern "C" fn hipGraphRetainUserObject(
    graph: hipGraph_t,
    obj: hipUserObject_t,
    count: u32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        let g = graph_obj(graph)?;
        check_user_obj_args(obj, count)?;
        if flags & !GRAPH_USER_OBJECT_MOVE != 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("unknown hipGraphRetainUserObject flags {flags:#x}"),
            ));
        }
        let Some(o) = live_user_obj(obj) else {
            return Ok(());
        };
        if flags & GRAPH_USER_OBJECT_MOVE == 0 && !o.retain(count) {
            return Ok(());
        }
        let mut held = lock(&g.user_objects);
        let e = held.entry(obj as usize).or_insert_with(|| (o.clone(), 0));
        if !Arc::ptr_eq(&e.0, &o) {
            // The handle of an object destroyed meanwhile, now another object's.
            *e = (o, 0);
        }
        e.1 = e.1.saturating_add(count);
        Ok(())
    })
}

/// Drops references a graph holds. As in ROCm, an object the graph does not hold, or one
/// with fewer references left than `count`, is left alone and the call succeeds.
#[no_mangle]
pub extern "C" fn hipGraphReleaseUserObject(
    graph: hipGraph_t,
    obj: hipUserObject_t,
    count: u32,
) -> hipError_t {
    entry(|| {
        let g = graph_obj(graph)?;
        check_user_obj_args(obj, count)?;
        let o = {
            let mut held = lock(&g.user_objects);
            let Some((o, n)) = held.get_mut(&(obj as usize)) else {
                return Ok(());
            };
            let left = *lock(&o.refs);
            if left == 0 {
                // Destroyed already: the graph holds nothing of it any more.
                held.remove(&(obj as usize));
                return Ok(());
            }
            if left < count {
                return Ok(());
            }
            *n = n.saturating_sub(count);
            let o = o.clone();
            if *n == 0 {
                held.remove(&(obj as usize));
            }
            o
        };
        o.release(count);
        Ok(())
    })
}

// --- copies to and from device variables ------------------------------------------------

fn symbol_copy(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: hip::MemcpyKind,
) -> ApiResult<NodeOp> {
    if dst.is_null() || src.is_null() {
        return Err(err(HipError::InvalidValue, "null pointer in a memcpy node"));
    }
    if count == 0 {
        return Err(err(HipError::InvalidValue, "a memcpy node of 0 bytes"));
    }
    Ok(NodeOp::Memcpy(MemcpyNode {
        pieces: vec![CopyPiece {
            dst: dst as usize,
            src: src as usize,
            bytes: count,
        }],
        kind,
        tag: Vec::new(),
        arrays: [false, false],
    }))
}

/// A copy node into the device variable whose host shadow is `symbol`.
fn to_symbol_op(
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> ApiResult<NodeOp> {
    let k = crate::register::to_symbol_kind(kind)?;
    let d = crate::register::symbol_range(symbol, count, offset)?;
    symbol_copy(d, src, count, k)
}

/// A copy node out of the device variable whose host shadow is `symbol`.
fn from_symbol_op(
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> ApiResult<NodeOp> {
    let k = crate::register::from_symbol_kind(kind)?;
    let s = crate::register::symbol_range(symbol, count, offset)?;
    symbol_copy(dst, s, count, k)
}

/// New parameters of a copy node into a device variable, checked as ROCm checks them when
/// they are set (adding the node checks less): the source may not be the variable or another
/// one, and the direction must fit the memory the source is in.
fn set_to_symbol_op(
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> ApiResult<NodeOp> {
    if !symbol.is_null() && !src.is_null() && count != 0 {
        if crate::register::is_symbol(src) {
            return Err(err(
                HipError::InvalidValue,
                "the source is a device variable's host shadow",
            ));
        }
        crate::register::symbol_range(symbol, count, offset)?;
        // Pinned host memory is reachable both ways; the others have one direction.
        let mem = hip::pointer_info(src)?.map(|(k, _, _)| k);
        let fits = match memcpy_kind(kind)? {
            hip::MemcpyKind::Default => true,
            hip::MemcpyKind::HostToDevice => mem != Some(hip::PointerKind::Device),
            hip::MemcpyKind::DeviceToDevice => mem.is_some(),
            _ => false,
        };
        if !fits {
            return Err(err(
                HipError::InvalidValue,
                format!("copy kind {kind} does not fit the source's memory"),
            ));
        }
    }
    to_symbol_op(symbol, src, count, offset, kind)
}

/// As [`set_to_symbol_op`], out of a device variable (a mismatched direction is
/// `hipErrorInvalidMemcpyDirection` here, as in ROCm).
fn set_from_symbol_op(
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> ApiResult<NodeOp> {
    if !symbol.is_null() && !dst.is_null() && count != 0 {
        if std::ptr::eq(symbol, dst.cast_const()) || crate::register::is_symbol(dst) {
            return Err(err(
                HipError::InvalidValue,
                "the destination is a device variable's host shadow",
            ));
        }
        crate::register::symbol_range(symbol, count, offset)?;
        // Pinned host memory is reachable both ways; the others have one direction.
        let mem = hip::pointer_info(dst)?.map(|(k, _, _)| k);
        let fits = match memcpy_kind(kind)? {
            hip::MemcpyKind::Default => true,
            hip::MemcpyKind::DeviceToHost => mem != Some(hip::PointerKind::Device),
            hip::MemcpyKind::DeviceToDevice => mem.is_some(),
            _ => false,
        };
        if !fits {
            return Err(err(
                HipError::InvalidMemcpyDirection,
                format!("copy kind {kind} does not fit the destination's memory"),
            ));
        }
    }
    from_symbol_op(dst, symbol, count, offset, kind)
}

/// # Safety
/// As [`hipGraphAddKernelNode`]; `src` stays valid while the graph may run.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // HIP's signature
pub unsafe extern "C" fn hipGraphAddMemcpyNodeToSymbol(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                to_symbol_op(symbol, src, count, offset, kind)
            })
        }
    })
}

/// # Safety
/// As [`hipGraphAddKernelNode`]; `dst` stays valid while the graph may run.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // HIP's signature
pub unsafe extern "C" fn hipGraphAddMemcpyNodeFromSymbol(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            add_node(node, graph, deps, n, || {
                from_symbol_op(dst, symbol, count, offset, kind)
            })
        }
    })
}

#[no_mangle]
pub extern "C" fn hipGraphMemcpyNodeSetParamsToSymbol(
    node: hipGraphNode_t,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        typed_op(&nd, NodeType::Memcpy)?;
        nd.graph
            .set_op(nd.id, set_to_symbol_op(symbol, src, count, offset, kind)?)
    })
}

#[no_mangle]
pub extern "C" fn hipGraphMemcpyNodeSetParamsFromSymbol(
    node: hipGraphNode_t,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        typed_op(&nd, NodeType::Memcpy)?;
        nd.graph
            .set_op(nd.id, set_from_symbol_op(dst, symbol, count, offset, kind)?)
    })
}

#[no_mangle]
pub extern "C" fn hipGraphExecMemcpyNodeSetParamsToSymbol(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        exec_memcpy_set(exec, node, || {
            set_to_symbol_op(symbol, src, count, offset, kind)
        })
    })
}

#[no_mangle]
pub extern "C" fn hipGraphExecMemcpyNodeSetParamsFromSymbol(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> hipError_t {
    entry(|| {
        exec_memcpy_set(exec, node, || {
            set_from_symbol_op(dst, symbol, count, offset, kind)
        })
    })
}

// --- node enabling, instantiation parameters --------------------------------------------

#[no_mangle]
pub extern "C" fn hipGraphNodeSetEnabled(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    enabled: u32,
) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        let nd = node_obj(node)?;
        e.exec.set_enabled(nd.id, enabled != 0)
    })
}

/// # Safety
/// `enabled` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetEnabled(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    enabled: *mut u32,
) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        let nd = node_obj(node)?;
        let on = e.exec.enabled(nd.id)?;
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(enabled, on as u32, "isEnabled") }
    })
}

/// `hipGraphInstantiateParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipGraphInstantiateParams {
    pub errNode_out: hipGraphNode_t,
    pub flags: u64,
    /// A `hipGraphInstantiateResult`.
    pub result_out: i32,
    pub uploadStream: hipStream_t,
}

/// `hipGraphInstantiateSuccess`, `hipGraphInstantiateError`,
/// `hipGraphInstantiateInvalidStructure`.
const INSTANTIATE_SUCCESS: i32 = 0;
const INSTANTIATE_ERROR: i32 = 1;
const INSTANTIATE_INVALID_STRUCTURE: i32 = 2;

/// # Safety
/// `out` is null or writable; `params` is null or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiateWithParams(
    out: *mut hipGraphExec_t,
    graph: hipGraph_t,
    params: *mut hipGraphInstantiateParams,
) -> hipError_t {
    entry(|| {
        if params.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "instantiateParams is a null pointer",
            ));
        }
        // SAFETY: non-null, readable per the caller.
        let p = unsafe { *params };
        if !out.is_null() && !graph.is_null() {
            if let Err(e) = check_instantiate_flags(p.flags, &INSTANTIATE_FLAGS) {
                // SAFETY: non-null, writable per the caller.
                unsafe { (*params).result_out = INSTANTIATE_ERROR };
                return Err(e);
            }
        }
        let r = instantiate(out, graph, p.flags);
        let result = match &r {
            Ok(()) => INSTANTIATE_SUCCESS,
            Err(HipError::InvalidValue) if graph_obj(graph).is_ok() && !out.is_null() => {
                INSTANTIATE_INVALID_STRUCTURE
            }
            Err(_) => INSTANTIATE_ERROR,
        };
        // SAFETY: non-null, writable per the caller.
        unsafe {
            (*params).result_out = result;
            (*params).errNode_out = std::ptr::null_mut();
        }
        r
    })
}

/// # Safety
/// `flags` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecGetFlags(exec: hipGraphExec_t, flags: *mut u64) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(flags, e.exec.flags(), "flags") }
    })
}

// --- graph memory attributes ------------------------------------------------------------

/// `hipGraphMemAttrUsedMemCurrent`, `...UsedMemHigh`, `...ReservedMemCurrent`,
/// `...ReservedMemHigh`.
fn graph_mem_attr(attr: i32) -> ApiResult<i32> {
    if !(0..=3).contains(&attr) {
        return Err(err(
            HipError::InvalidValue,
            format!("{attr} is not a hipGraphMemAttributeType"),
        ));
    }
    Ok(attr)
}

/// Nothing to trim: graph memory is released as soon as no graph holds it.
#[no_mangle]
pub extern "C" fn hipDeviceGraphMemTrim(device: i32) -> hipError_t {
    entry(|| crate::check_device(device))
}

/// The graph memory figures as 64-bit values. The CPU device reserves exactly the memory
/// graphs use, so reserved and used agree.
///
/// # Safety
/// `value` is null or writable for 8 bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetGraphMemAttribute(
    device: i32,
    attr: i32,
    value: *mut c_void,
) -> hipError_t {
    entry(|| {
        crate::check_device(device)?;
        let a = graph_mem_attr(attr)?;
        let (now, high) = hip::graph::graph_mem_usage();
        let v = if a % 2 == 0 { now } else { high };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(value.cast::<u64>(), v, "value") }
    })
}

/// Only the high watermarks can be set, and only to 0 (a reset).
///
/// # Safety
/// `value` is null or readable for 8 bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetGraphMemAttribute(
    device: i32,
    attr: i32,
    value: *mut c_void,
) -> hipError_t {
    entry(|| {
        crate::check_device(device)?;
        let a = graph_mem_attr(attr)?;
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        // SAFETY: non-null, readable per the caller.
        let v = unsafe { value.cast::<u64>().read_unaligned() };
        if a % 2 == 0 || v != 0 {
            return Err(err(
                HipError::InvalidValue,
                "only the high watermarks can be set, and only to 0",
            ));
        }
        hip::graph::reset_graph_mem_high();
        Ok(())
    })
}

// --- kernel node attributes -------------------------------------------------------------

/// `hipAccessPolicyWindow`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipAccessPolicyWindow {
    pub base_ptr: *mut c_void,
    pub hitProp: i32,
    pub hitRatio: f32,
    pub missProp: i32,
    pub num_bytes: usize,
}

/// `hipKernelNodeAttrValue`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union hipKernelNodeAttrValue {
    pub accessPolicyWindow: hipAccessPolicyWindow,
    pub cooperative: i32,
}

/// `hipKernelNodeAttributeAccessPolicyWindow`, `hipKernelNodeAttributeCooperative`.
const ATTR_ACCESS_POLICY_WINDOW: i32 = 1;
const ATTR_COOPERATIVE: i32 = 2;

fn kernel_node(node: hipGraphNode_t) -> ApiResult<(Arc<NodeObj>, KernelNode)> {
    let nd = node_obj(node)?;
    let NodeOp::Kernel(k) = typed_op(&nd, NodeType::Kernel)? else {
        return Err(err(HipError::InvalidValue, "not a kernel node"));
    };
    Ok((nd, k))
}

/// # Safety
/// `value` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeSetAttribute(
    node: hipGraphNode_t,
    attr: i32,
    value: *const hipKernelNodeAttrValue,
) -> hipError_t {
    entry(|| {
        let (nd, mut k) = kernel_node(node)?;
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        match attr {
            ATTR_ACCESS_POLICY_WINDOW => {
                // SAFETY: non-null and readable per the caller; the union's window member is
                // plain data.
                let w = unsafe { (*value).accessPolicyWindow };
                let max = crate::device::device_attribute(1, 0)?.unwrap_or(0);
                if w.num_bytes as i64 > max
                    || !(0.0..=1.0).contains(&w.hitRatio)
                    || !(0..=2).contains(&w.hitProp)
                    || !(0..=1).contains(&w.missProp)
                {
                    return Err(err(
                        HipError::InvalidValue,
                        format!(
                            "access policy window: {} bytes (at most {max}), hit ratio {}, \
                             properties {}/{} (a miss cannot persist)",
                            w.num_bytes, w.hitRatio, w.hitProp, w.missProp
                        ),
                    ));
                }
                // SAFETY: a plain-old-data struct viewed as its bytes.
                k.access_policy = unsafe {
                    std::slice::from_raw_parts(
                        (&w as *const hipAccessPolicyWindow).cast::<u8>(),
                        size_of::<hipAccessPolicyWindow>(),
                    )
                }
                .to_vec();
            }
            ATTR_COOPERATIVE => {
                // SAFETY: non-null and readable per the caller.
                let c = unsafe { (*value).cooperative };
                k.set_cooperative(c)?;
            }
            a => {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{a} is not a hipKernelNodeAttrID"),
                ))
            }
        }
        nd.graph.set_op(nd.id, NodeOp::Kernel(k))
    })
}

/// # Safety
/// `value` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeGetAttribute(
    node: hipGraphNode_t,
    attr: i32,
    value: *mut hipKernelNodeAttrValue,
) -> hipError_t {
    entry(|| {
        let (_, k) = kernel_node(node)?;
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        let v = match attr {
            ATTR_ACCESS_POLICY_WINDOW => {
                let w = if k.access_policy.len() == size_of::<hipAccessPolicyWindow>() {
                    // SAFETY: the bytes of a hipAccessPolicyWindow (made in SetAttribute).
                    unsafe {
                        std::ptr::read_unaligned(
                            k.access_policy.as_ptr().cast::<hipAccessPolicyWindow>(),
                        )
                    }
                } else {
                    hipAccessPolicyWindow {
                        base_ptr: std::ptr::null_mut(),
                        hitProp: 0,
                        hitRatio: 0.0,
                        missProp: 0,
                        num_bytes: 0,
                    }
                };
                hipKernelNodeAttrValue {
                    accessPolicyWindow: w,
                }
            }
            ATTR_COOPERATIVE => {
                // Zero the whole union first so no byte is left undefined.
                let mut v = hipKernelNodeAttrValue {
                    accessPolicyWindow: hipAccessPolicyWindow {
                        base_ptr: std::ptr::null_mut(),
                        hitProp: 0,
                        hitRatio: 0.0,
                        missProp: 0,
                        num_bytes: 0,
                    },
                };
                v.cooperative = k.cooperative;
                v
            }
            a => {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{a} is not a hipKernelNodeAttrID"),
                ))
            }
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { value.write(v) };
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipGraphKernelNodeCopyAttributes(
    src: hipGraphNode_t,
    dst: hipGraphNode_t,
) -> hipError_t {
    entry(|| {
        let (_, from) = kernel_node(src)?;
        let (nd, mut to) = kernel_node(dst)?;
        to.access_policy = from.access_policy.clone();
        to.set_cooperative(from.cooperative)?;
        nd.graph.set_op(nd.id, NodeOp::Kernel(to))
    })
}

// --- the generic node API (hipGraphAddNode) ---------------------------------------------

/// `hipMemcpyNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipMemcpyNodeParams {
    pub flags: i32,
    pub reserved: [i32; 3],
    pub copyParams: hipMemcpy3DParms,
}

/// The parameters of `hipGraphNodeParams`, by node type. The external-semaphore members are
/// not mirrored (the CPU device has no external semaphores); the reserved array fixes the size.
#[repr(C)]
#[derive(Clone, Copy)]
pub union hipGraphNodeParamsUnion {
    pub reserved1: [i64; 29],
    pub kernel: hipKernelNodeParams,
    pub memcpy: hipMemcpyNodeParams,
    pub memset: hipMemsetParams,
    pub host: hipHostNodeParams,
    /// `hipChildGraphNodeParams`.
    pub graph: hipGraph_t,
    /// `hipEventWaitNodeParams` and `hipEventRecordNodeParams`.
    pub event: hipEvent_t,
    pub alloc: hipMemAllocNodeParams,
    /// `hipMemFreeNodeParams`.
    pub free: *mut c_void,
}

/// `hipGraphNodeParams`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct hipGraphNodeParams {
    /// A `hipGraphNodeType`.
    pub type_: i32,
    pub reserved0: [i32; 3],
    pub params: hipGraphNodeParamsUnion,
    pub reserved2: i64,
}

/// The operation `hipGraphNodeParams` describe. A memory allocation is made now and its
/// address written back to `alloc.dptr`.
///
/// # Safety
/// `p` is null or readable and writable, its union member the one `type` names.
unsafe fn generic_op(p: *mut hipGraphNodeParams, graph: &Graph) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "nodeParams is a null pointer"));
    }
    // SAFETY: non-null and readable per the caller; each arm reads the member `type`
    // selects, as the caller filled it.
    unsafe {
        let u = std::ptr::addr_of_mut!((*p).params);
        match (*p).type_ {
            0 => kernel_op(std::ptr::addr_of!((*u).kernel)),
            1 => {
                if (*u).memcpy.flags != 0 {
                    return Err(err(
                        HipError::InvalidValue,
                        "hipMemcpyNodeParams.flags must be 0",
                    ));
                }
                memcpy_3d(std::ptr::addr_of!((*u).memcpy.copyParams))
            }
            2 => memset_op(std::ptr::addr_of!((*u).memset)),
            3 => host_op(std::ptr::addr_of!((*u).host)),
            4 => {
                let c = graph_obj((*u).graph)?;
                if c.graph.has_memory_nodes() {
                    return Err(err(
                        HipError::NotSupported,
                        "a graph with memory nodes cannot be a child graph",
                    ));
                }
                Ok(NodeOp::Graph(c.graph.deep_clone()))
            }
            5 => Ok(NodeOp::Empty),
            6 => Ok(NodeOp::WaitEvent(graph_event((*u).event)?)),
            7 => Ok(NodeOp::EventRecord(graph_event((*u).event)?)),
            8 | 9 => Err(err(
                HipError::NotSupported,
                "external semaphore nodes: the CPU device has no external semaphores",
            )),
            10 => {
                let bytes = check_alloc_params(&(*u).alloc)?;
                let mut a = GraphAllocation::new(bytes)?;
                (*u).alloc.dptr = a.ptr as *mut c_void;
                a.tag = alloc_params_bytes(&(*u).alloc, a.ptr);
                Ok(NodeOp::MemAlloc(Arc::new(a)))
            }
            11 => mem_free_op(graph, (*u).free),
            t => Err(err(
                HipError::InvalidValue,
                format!("{t} is not a hipGraphNodeType a node can be made of"),
            )),
        }
    }
}

/// # Safety
/// As [`hipGraphAddKernelNode`]; `params` is null or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *mut hipGraphNodeParams,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| {
        let g = graph_obj(graph)?;
        // SAFETY: forwarded caller contract.
        unsafe { add_node(node, graph, deps, n, || generic_op(params, &g.graph)) }
    })
}

/// Graph memory nodes keep their allocation: new parameters for them are refused.
fn check_settable(op: &NodeOp) -> ApiResult {
    if matches!(op.node_type(), NodeType::MemAlloc | NodeType::MemFree) {
        return Err(err(
            HipError::InvalidValue,
            "the parameters of graph memory nodes cannot change",
        ));
    }
    Ok(())
}

/// # Safety
/// `params` is null or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeSetParams(
    node: hipGraphNode_t,
    params: *mut hipGraphNodeParams,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let old = nd.graph.op(nd.id)?;
        check_settable(&old)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { generic_op(params, &nd.graph)? };
        let op = keep_attributes(old, op)?;
        nd.graph.set_op(nd.id, op)
    })
}

/// # Safety
/// `params` is null or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *mut hipGraphNodeParams,
) -> hipError_t {
    entry(|| {
        let e = exec_obj(exec)?;
        let nd = node_obj(node)?;
        let old = e.exec.op(nd.id)?;
        check_settable(&old)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { generic_op(params, &nd.graph)? };
        let op = keep_attributes(old, op)?;
        e.exec.set_op(nd.id, op)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_hip() {
        assert_eq!(size_of::<hipKernelNodeParams>(), 64);
        assert_eq!(offset_of!(hipKernelNodeParams, extra), 16);
        assert_eq!(offset_of!(hipKernelNodeParams, func), 24);
        assert_eq!(offset_of!(hipKernelNodeParams, gridDim), 32);
        assert_eq!(offset_of!(hipKernelNodeParams, kernelParams), 48);
        assert_eq!(offset_of!(hipKernelNodeParams, sharedMemBytes), 56);
        assert_eq!(size_of::<hipMemsetParams>(), 48);
        assert_eq!(offset_of!(hipMemsetParams, elementSize), 8);
        assert_eq!(offset_of!(hipMemsetParams, height), 16);
        assert_eq!(offset_of!(hipMemsetParams, pitch), 24);
        assert_eq!(offset_of!(hipMemsetParams, value), 32);
        assert_eq!(offset_of!(hipMemsetParams, width), 40);
        assert_eq!(size_of::<hipHostNodeParams>(), 16);
        assert_eq!(offset_of!(hipHostNodeParams, userData), 8);
        assert_eq!(size_of::<hipMemAllocNodeParams>(), 120);
        assert_eq!(offset_of!(hipMemAllocNodeParams, accessDescs), 88);
        assert_eq!(offset_of!(hipMemAllocNodeParams, bytesize), 104);
        assert_eq!(offset_of!(hipMemAllocNodeParams, dptr), 112);
        assert_eq!(size_of::<hipGraphEdgeData>(), 8);
        assert_eq!(offset_of!(hipGraphEdgeData, to_port), 6);
        assert_eq!(offset_of!(hipGraphEdgeData, type_), 7);
        assert_eq!(size_of::<hipGraphInstantiateParams>(), 32);
        assert_eq!(offset_of!(hipGraphInstantiateParams, flags), 8);
        assert_eq!(offset_of!(hipGraphInstantiateParams, result_out), 16);
        assert_eq!(offset_of!(hipGraphInstantiateParams, uploadStream), 24);
        assert_eq!(size_of::<hipAccessPolicyWindow>(), 32);
        assert_eq!(offset_of!(hipAccessPolicyWindow, hitProp), 8);
        assert_eq!(offset_of!(hipAccessPolicyWindow, hitRatio), 12);
        assert_eq!(offset_of!(hipAccessPolicyWindow, missProp), 16);
        assert_eq!(offset_of!(hipAccessPolicyWindow, num_bytes), 24);
        assert_eq!(size_of::<hipKernelNodeAttrValue>(), 32);
        assert_eq!(size_of::<hipMemcpyNodeParams>(), 176);
        assert_eq!(offset_of!(hipMemcpyNodeParams, copyParams), 16);
        assert_eq!(size_of::<hipGraphNodeParamsUnion>(), 232);
        assert_eq!(size_of::<hipGraphNodeParams>(), 256);
        assert_eq!(offset_of!(hipGraphNodeParams, params), 16);
        assert_eq!(offset_of!(hipGraphNodeParams, reserved2), 248);
    }
}

// ---- Driver-API graph nodes (`hipDrvGraph*`) ----
//
// Copies described by `HIP_MEMCPY3D` (host, device or array sides) and fills by
// `hipMemsetParams`, with a context argument. The CPU device has one context, so `ctx` only
// has to be null or a context handle; it does not select anything.

use crate::texture::HIP_MEMCPY3D;

/// `hipMemoryTypeArray` and `hipMemoryTypeUnified` (any pointer the runtime can reach).
const MEMORY_TYPE_HOST: i32 = 1;
const MEMORY_TYPE_ARRAY: i32 = 10;
const MEMORY_TYPE_UNIFIED: i32 = 11;

/// A copy node from a `HIP_MEMCPY3D`: the driver copy's own checks and rows, recorded
/// instead of run; the structure is kept to give back.
///
/// # Safety
/// `p` is null or readable.
unsafe fn drv_memcpy_op(p: *const HIP_MEMCPY3D) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(HipError::InvalidValue, "copyParams is a null pointer"));
    }
    // SAFETY: non-null, readable per the caller.
    let c = unsafe { *p };
    if c.WidthInBytes == 0 || c.Height == 0 || c.Depth == 0 {
        return Err(err(
            HipError::InvalidValue,
            "a memcpy node with an empty extent",
        ));
    }
    // Each pointer side must hold the whole box, from the pointer it names: a row checked
    // alone may start past the end of the allocation, where nothing is known about it.
    for (name, ty, ptr, (x, y, z), pitch, height) in [
        (
            "source",
            c.srcMemoryType,
            if c.srcMemoryType == MEMORY_TYPE_HOST {
                c.srcHost
            } else {
                c.srcDevice.cast_const()
            },
            (c.srcXInBytes, c.srcY, c.srcZ),
            c.srcPitch,
            c.srcHeight,
        ),
        (
            "destination",
            c.dstMemoryType,
            if c.dstMemoryType == MEMORY_TYPE_HOST {
                c.dstHost.cast_const()
            } else {
                c.dstDevice.cast_const()
            },
            (c.dstXInBytes, c.dstY, c.dstZ),
            c.dstPitch,
            c.dstHeight,
        ),
    ] {
        if ty == MEMORY_TYPE_ARRAY || ptr.is_null() {
            continue;
        }
        // No height: slices are as tall as the copy (ROCm's rule for a zero slice pitch).
        let rows = if height > 0 { height } else { c.Height };
        let end = (|| {
            let slice = pitch.checked_mul(rows)?;
            z.checked_add(c.Depth - 1)?
                .checked_mul(slice)?
                .checked_add(y.checked_add(c.Height - 1)?.checked_mul(pitch)?)?
                .checked_add(x)?
                .checked_add(c.WidthInBytes)
        })();
        match end {
            Some(bytes) => check_span(ptr, bytes, name)?,
            None => return Err(err(HipError::InvalidValue, "3-D copy addresses overflow")),
        }
    }
    let (r, ops) = hip::graph::collect_ops(|| {
        // SAFETY: forwarded caller contract; nothing is submitted while collecting.
        unsafe { crate::texture::drv_copy_3d(&c, &hip::Stream::null()) }
    });
    r?;
    let pieces: Vec<CopyPiece> = ops
        .into_iter()
        .flat_map(|op| match op {
            NodeOp::Memcpy(m) => m.pieces,
            _ => Vec::new(),
        })
        .collect();
    for piece in &pieces {
        check_span(piece.dst as *const c_void, piece.bytes, "destination")?;
        check_span(piece.src as *const c_void, piece.bytes, "source")?;
    }
    // SAFETY: a plain-old-data struct viewed as its bytes.
    let tag = unsafe {
        std::slice::from_raw_parts(
            (&c as *const HIP_MEMCPY3D).cast::<u8>(),
            size_of::<HIP_MEMCPY3D>(),
        )
    }
    .to_vec();
    Ok(NodeOp::Memcpy(MemcpyNode {
        pieces,
        kind: hip::MemcpyKind::Default,
        tag,
        arrays: [
            c.srcMemoryType == MEMORY_TYPE_ARRAY,
            c.dstMemoryType == MEMORY_TYPE_ARRAY,
        ],
    }))
}

/// The `HIP_MEMCPY3D` of a copy node: the one it was made with, or its runtime-API
/// description in the driver's terms.
fn drv_memcpy_params(m: &MemcpyNode) -> HIP_MEMCPY3D {
    if m.tag.len() == size_of::<HIP_MEMCPY3D>() {
        // SAFETY: the tag holds the bytes of a HIP_MEMCPY3D (made in `drv_memcpy_op`); every
        // bit pattern of its fields is valid.
        return unsafe { std::ptr::read_unaligned(m.tag.as_ptr().cast::<HIP_MEMCPY3D>()) };
    }
    let p = memcpy_params(m);
    let side = |arr: *mut c_void| {
        if arr.is_null() {
            MEMORY_TYPE_UNIFIED
        } else {
            MEMORY_TYPE_ARRAY
        }
    };
    HIP_MEMCPY3D {
        srcXInBytes: p.srcPos.x,
        srcY: p.srcPos.y,
        srcZ: p.srcPos.z,
        srcLOD: 0,
        srcMemoryType: side(p.srcArray),
        srcHost: p.srcPtr.ptr,
        srcDevice: p.srcPtr.ptr,
        srcArray: p.srcArray,
        srcPitch: p.srcPtr.pitch,
        srcHeight: p.srcPtr.ysize,
        dstXInBytes: p.dstPos.x,
        dstY: p.dstPos.y,
        dstZ: p.dstPos.z,
        dstLOD: 0,
        dstMemoryType: side(p.dstArray),
        dstHost: p.dstPtr.ptr,
        dstDevice: p.dstPtr.ptr,
        dstArray: p.dstArray,
        dstPitch: p.dstPtr.pitch,
        dstHeight: p.dstPtr.ysize,
        WidthInBytes: p.extent.width,
        Height: p.extent.height,
        Depth: p.extent.depth,
    }
}

/// `HIP_MEMSET_NODE_PARAMS`: the driver API's fill description (HIP 6's layout, which differs
/// from `hipMemsetParams`'s field order).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HIP_MEMSET_NODE_PARAMS {
    pub dst: *mut c_void,
    pub pitch: usize,
    pub value: u32,
    pub elementSize: u32,
    pub width: usize,
    pub height: usize,
}

/// A fill node from a `HIP_MEMSET_NODE_PARAMS`, checked as the runtime API's fills are.
///
/// # Safety
/// `p` is null or readable.
unsafe fn drv_memset_op(p: *const HIP_MEMSET_NODE_PARAMS) -> ApiResult<NodeOp> {
    if p.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "memsetParams is a null pointer",
        ));
    }
    // SAFETY: non-null, readable per the caller.
    let d = unsafe { *p };
    let q = hipMemsetParams {
        dst: d.dst,
        elementSize: d.elementSize,
        height: d.height,
        pitch: d.pitch,
        value: d.value,
        width: d.width,
    };
    // SAFETY: a local, readable.
    unsafe { memset_op(&q) }
}

/// `ctx` must be null or a live context (the CPU device's only one).
fn check_ctx(ctx: *mut c_void) -> ApiResult {
    if ctx.is_null() || handles::lookup::<crate::context::ContextObj>(ctx).is_some() {
        return Ok(());
    }
    Err(err(
        HipError::InvalidValue,
        format!("{ctx:p} is not a live context"),
    ))
}

/// # Safety
/// As [`hipGraphAddMemcpyNode`], `params` a readable `HIP_MEMCPY3D`.
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphAddMemcpyNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const HIP_MEMCPY3D,
    ctx: *mut c_void,
) -> hipError_t {
    entry(|| {
        check_ctx(ctx)?;
        // SAFETY: forwarded caller contract.
        unsafe { add_node(node, graph, deps, n, || drv_memcpy_op(params)) }
    })
}

/// # Safety
/// As [`hipGraphAddMemsetNode`], `params` a readable `HIP_MEMSET_NODE_PARAMS`.
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphAddMemsetNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    params: *const HIP_MEMSET_NODE_PARAMS,
    ctx: *mut c_void,
) -> hipError_t {
    entry(|| {
        check_ctx(ctx)?;
        // SAFETY: forwarded caller contract.
        unsafe { add_node(node, graph, deps, n, || drv_memset_op(params)) }
    })
}

/// # Safety
/// As [`hipGraphAddMemFreeNode`].
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphAddMemFreeNode(
    node: *mut hipGraphNode_t,
    graph: hipGraph_t,
    deps: *const hipGraphNode_t,
    n: usize,
    dptr: *mut c_void,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe { hipGraphAddMemFreeNode(node, graph, deps, n, dptr) }
}

/// # Safety
/// `params` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphMemcpyNodeGetParams(
    node: hipGraphNode_t,
    params: *mut HIP_MEMCPY3D,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        let NodeOp::Memcpy(m) = typed_op(&nd, NodeType::Memcpy)? else {
            return Err(err(HipError::InvalidValue, "not a memcpy node"));
        };
        // SAFETY: writable per the caller (null is refused by put).
        unsafe { put(params, drv_memcpy_params(&m), "nodeParams") }
    })
}

/// # Safety
/// `params` is null or readable.
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphMemcpyNodeSetParams(
    node: hipGraphNode_t,
    params: *const HIP_MEMCPY3D,
) -> hipError_t {
    entry(|| {
        let nd = node_obj(node)?;
        typed_op(&nd, NodeType::Memcpy)?;
        // SAFETY: forwarded caller contract.
        let op = unsafe { drv_memcpy_op(params)? };
        nd.graph.set_op(nd.id, op)
    })
}

/// # Safety
/// As [`hipDrvGraphMemcpyNodeSetParams`].
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphExecMemcpyNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const HIP_MEMCPY3D,
    ctx: *mut c_void,
) -> hipError_t {
    entry(|| {
        check_ctx(ctx)?;
        // SAFETY: forwarded caller contract.
        exec_set(exec, node, || unsafe { drv_memcpy_op(params) })
    })
}

/// # Safety
/// As [`hipGraphExecMemsetNodeSetParams`].
#[no_mangle]
pub unsafe extern "C" fn hipDrvGraphExecMemsetNodeSetParams(
    exec: hipGraphExec_t,
    node: hipGraphNode_t,
    params: *const HIP_MEMSET_NODE_PARAMS,
    ctx: *mut c_void,
) -> hipError_t {
    entry(|| {
        check_ctx(ctx)?;
        // SAFETY: forwarded caller contract.
        exec_set(exec, node, || unsafe { drv_memset_op(params) })
    })
}
