//! Graphs and stream capture (`hipGraph*`, `hipStreamBeginCapture`, ...).
//!
//! A [`Graph`] holds nodes (each a replayable operation, [`NodeOp`]) and the edges between
//! them. [`Graph::instantiate`] checks it is acyclic and freezes a topological order into a
//! [`GraphExec`], which [`GraphExec::launch`] replays on a stream, one node after another: a
//! serial order on one in-order stream satisfies every edge.
//!
//! Stream capture records instead of running: while a stream captures, the operations the
//! runtime would submit on it (kernels, copies, fills, and through the C ABI host functions
//! and event waits) become nodes of the capture's graph. Each stream taking part keeps its
//! own frontier (the nodes its next operation depends on); an event recorded on a capturing
//! stream remembers the frontier, and a stream waiting on it joins the capture with that
//! frontier: cross-stream capture.

use crate::error::{fail, HipError, Result};
use crate::module::{Dim3, Function, KernelArg};
use crate::runtime::{Event, MemcpyKind, Stream};
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::thread::ThreadId;

/// A node's identity, unique in the process (clones get new ones).
pub type NodeId = u64;

fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// `hipGraphNodeType`, with ROCm's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum NodeType {
    Kernel = 0,
    Memcpy = 1,
    Memset = 2,
    Host = 3,
    Graph = 4,
    Empty = 5,
    WaitEvent = 6,
    EventRecord = 7,
    MemAlloc = 10,
    MemFree = 11,
}

/// A kernel launch with its argument values copied (the caller's locals may be gone by the
/// time the graph runs).
#[derive(Clone, Debug)]
pub struct KernelNode {
    pub function: Function,
    /// What the C ABI named the kernel with (a host function address), 0 when unknown.
    pub func_id: usize,
    pub grid: Dim3,
    pub block: Dim3,
    pub shared_mem: u32,
    /// `hipKernelNodeAttributeCooperative` as set (given back as it was, as ROCm does);
    /// non-zero runs the node as a cooperative launch (all blocks resident).
    pub cooperative: i32,
    /// The access-policy window the program set (`hipAccessPolicyWindow`'s bytes): kept and
    /// given back; cache residency hints have no effect on the CPU device.
    pub access_policy: Vec<u8>,
    items: [u32; 3],
    kernargs: Vec<u8>,
}

impl KernelNode {
    /// Validates the launch as [`Function::launch`] does and copies the arguments.
    pub fn new(
        function: Function,
        func_id: usize,
        grid: Dim3,
        block: Dim3,
        shared_mem: u32,
        args: &[&dyn KernelArg],
    ) -> Result<KernelNode> {
        let (items, kernargs) = function.prepare(grid, block, shared_mem, args)?;
        Ok(KernelNode {
            function,
            func_id,
            grid,
            block,
            shared_mem,
            cooperative: 0,
            access_policy: Vec::new(),
            items,
            kernargs,
        })
    }

    pub(crate) fn from_prepared(
        function: &Function,
        items: [u32; 3],
        block: Dim3,
        shared_mem: u32,
        kernargs: &[u8],
    ) -> KernelNode {
        let b = block.arr();
        let grid = Dim3::new(
            items[0] / b[0].max(1),
            items[1] / b[1].max(1),
            items[2] / b[2].max(1),
        );
        KernelNode {
            function: function.clone(),
            func_id: LAUNCH_FUNC_ID.with(|c| c.get()),
            grid,
            block,
            shared_mem,
            cooperative: 0,
            access_policy: Vec::new(),
            items,
            kernargs: kernargs.to_vec(),
        }
    }

    /// Makes the node's launch cooperative (or not); a grid larger than can be resident at
    /// once is `hipErrorCooperativeLaunchTooLarge`, as for a cooperative launch.
    pub fn set_cooperative(&mut self, value: i32) -> Result<()> {
        if value != 0 {
            let threads = self.block.arr().iter().product::<u32>();
            let max = self
                .function
                .max_cooperative_blocks(threads, self.shared_mem as usize)?;
            let blocks = self.grid.arr().iter().map(|&g| g as u64).product::<u64>();
            if blocks > max as u64 {
                return fail(
                    HipError::CooperativeLaunchTooLarge,
                    format!("{blocks} blocks; at most {max} can be resident at once"),
                );
            }
        }
        self.cooperative = value;
        Ok(())
    }

    /// The kernarg segment (each argument at its offset in the kernel's metadata).
    pub fn kernargs(&self) -> &[u8] {
        &self.kernargs
    }
}

thread_local! {
    static LAUNCH_FUNC_ID: Cell<usize> = const { Cell::new(0) };
}

/// Runs `f` (a launch) with `id` as the name the C ABI gave the kernel (its host function or
/// `hipFunction_t`), which a captured kernel node keeps for `hipGraphKernelNodeGetParams`.
pub fn with_launch_func_id<R>(id: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            LAUNCH_FUNC_ID.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(LAUNCH_FUNC_ID.with(|c| c.replace(id)));
    f()
}

/// One contiguous piece of a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyPiece {
    pub dst: usize,
    pub src: usize,
    pub bytes: usize,
}

/// A copy: 1-D (one piece) or the rows of a 2-D/3-D copy.
#[derive(Clone, Debug)]
pub struct MemcpyNode {
    pub pieces: Vec<CopyPiece>,
    pub kind: MemcpyKind,
    /// The caller's own description of the copy, kept for giving it back (the C ABI keeps
    /// the `hipMemcpy3DParms` bytes); empty for captured copies.
    pub tag: Vec<u8>,
    /// Whether the source and the destination are arrays (for describing the node).
    pub arrays: [bool; 2],
}

impl MemcpyNode {
    /// The copy's direction as DOT output names it: `HtoD`, `DtoH`, `HtoA`, ...
    fn direction(&self) -> String {
        use MemcpyKind::*;
        let first = self.pieces.first();
        let side = |array: bool, device: bool| match (array, device) {
            (true, _) => 'A',
            (false, true) => 'D',
            (false, false) => 'H',
        };
        let on_device = |p: Option<usize>| {
            p.and_then(|p| crate::runtime::pointer_info(p as *const std::ffi::c_void).ok())
                .flatten()
                .is_some_and(|(k, _, _)| k == crate::runtime::PointerKind::Device)
        };
        let (src_dev, dst_dev) = match self.kind {
            HostToHost => (false, false),
            HostToDevice => (false, true),
            DeviceToHost => (true, false),
            DeviceToDevice => (true, true),
            Default => (
                on_device(first.map(|p| p.src)),
                on_device(first.map(|p| p.dst)),
            ),
        };
        format!(
            "{}to{}",
            side(self.arrays[0], src_dev),
            side(self.arrays[1], dst_dev)
        )
    }
}

/// A fill of `height` rows of `width` elements of `element_size` (1, 2 or 4) bytes, rows
/// `pitch` bytes apart.
#[derive(Clone, Copy, Debug)]
pub struct MemsetNode {
    pub dst: usize,
    pub pitch: usize,
    pub value: u32,
    pub element_size: usize,
    pub width: usize,
    pub height: usize,
}

/// A host function, callable on every replay; `tag` keeps what the C ABI needs to give the
/// parameters back (function address and user data).
#[derive(Clone)]
pub struct HostNode {
    pub f: Arc<dyn Fn() + Send + Sync>,
    pub tag: [usize; 2],
}

impl std::fmt::Debug for HostNode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostNode").field("tag", &self.tag).finish()
    }
}

/// An event a node records or waits for, kept alive by the node; `handle` is the C handle.
pub trait GraphEvent: Send + Sync {
    fn event(&self) -> &Event;
    fn handle(&self) -> usize;
}

/// Memory a graph allocates (`hipGraphAddMemAllocNode`): allocated when the node is added,
/// so its address is known then, and released when no graph or executable holds it.
///
/// The graph memory figures follow ROCm's view instead: the memory counts as used from the
/// moment its allocation node runs until a free node runs, the program frees it, or the
/// graph lets it go.
#[derive(Debug)]
pub struct GraphAllocation {
    pub ptr: usize,
    pub bytes: usize,
    /// The caller's description of the allocation, kept for giving it back (the C ABI keeps
    /// the `hipMemAllocNodeParams` bytes); empty when there is none.
    pub tag: Vec<u8>,
}

/// Graph allocations the program has not freed itself, by address: their size and whether
/// they count as in use (their allocation node ran and no free followed).
fn graph_allocations() -> MutexGuard<'static, HashMap<usize, (usize, bool)>> {
    static A: OnceLock<Mutex<HashMap<usize, (usize, bool)>>> = OnceLock::new();
    A.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Bytes of graph memory in use now and at most since the last reset (the CPU device reserves
/// exactly what it uses, so the reserved figures are the same).
static GRAPH_MEM: Mutex<(u64, u64)> = Mutex::new((0, 0));

fn graph_mem() -> MutexGuard<'static, (u64, u64)> {
    GRAPH_MEM.lock().unwrap_or_else(|e| e.into_inner())
}

/// Counts `p` as in use (its allocation node ran), once.
fn map_allocation(p: usize) {
    let mut a = graph_allocations();
    if let Some((bytes, used @ false)) = a.get_mut(&p) {
        *used = true;
        let mut m = graph_mem();
        m.0 += *bytes as u64;
        m.1 = m.1.max(m.0);
    }
}

/// Counts `p` as no longer in use (freed by a free node or by the program), once.
pub fn unmap_allocation(p: usize) {
    let mut a = graph_allocations();
    if let Some((bytes, used @ true)) = a.get_mut(&p) {
        *used = false;
        let mut m = graph_mem();
        m.0 = m.0.saturating_sub(*bytes as u64);
    }
}

impl GraphAllocation {
    /// Allocates `bytes` of device memory for a graph.
    pub fn new(bytes: usize) -> Result<GraphAllocation> {
        // SAFETY: the memory is the graph's until the allocation drops or the program frees
        // it (`forget_allocation`).
        let p = unsafe { crate::runtime::malloc(bytes)? } as usize;
        graph_allocations().insert(p, (bytes, false));
        Ok(GraphAllocation {
            ptr: p,
            bytes,
            tag: Vec::new(),
        })
    }
}

/// Graph memory in bytes: (in use now, high watermark since the last reset).
pub fn graph_mem_usage() -> (u64, u64) {
    *graph_mem()
}

/// Resets the high watermark to the current use (`hipDeviceSetGraphMemAttribute` with 0).
pub fn reset_graph_mem_high() {
    let mut m = graph_mem();
    m.1 = m.0;
}

/// Whether `p` is the address of live graph memory.
pub fn is_graph_allocation(p: usize) -> bool {
    graph_allocations().contains_key(&p)
}

/// The program frees graph memory itself (`hipFree`): the graph must not free it again.
pub fn forget_allocation(p: usize) {
    unmap_allocation(p);
    graph_allocations().remove(&p);
}

impl Drop for GraphAllocation {
    fn drop(&mut self) {
        unmap_allocation(self.ptr);
        if graph_allocations().remove(&self.ptr).is_some() {
            // SAFETY: the address came from `malloc` and was not freed by the program (it
            // would have left the set); nothing of the graph uses it any more. A failure
            // leaves nothing to release.
            let _ = unsafe { crate::runtime::free(self.ptr as *mut std::ffi::c_void) };
        }
    }
}

/// What a node does.
#[derive(Clone)]
pub enum NodeOp {
    Kernel(KernelNode),
    Memcpy(MemcpyNode),
    Memset(MemsetNode),
    Host(HostNode),
    /// A child graph (a copy made when the node was added).
    Graph(Graph),
    Empty,
    WaitEvent(Arc<dyn GraphEvent>),
    EventRecord(Arc<dyn GraphEvent>),
    MemAlloc(Arc<GraphAllocation>),
    /// Frees a graph allocation: the memory stays reserved by the graph, so this orders only.
    MemFree(usize),
}

impl NodeOp {
    pub fn node_type(&self) -> NodeType {
        match self {
            NodeOp::Kernel(_) => NodeType::Kernel,
            NodeOp::Memcpy(_) => NodeType::Memcpy,
            NodeOp::Memset(_) => NodeType::Memset,
            NodeOp::Host(_) => NodeType::Host,
            NodeOp::Graph(_) => NodeType::Graph,
            NodeOp::Empty => NodeType::Empty,
            NodeOp::WaitEvent(_) => NodeType::WaitEvent,
            NodeOp::EventRecord(_) => NodeType::EventRecord,
            NodeOp::MemAlloc(_) => NodeType::MemAlloc,
            NodeOp::MemFree(_) => NodeType::MemFree,
        }
    }

    /// A copy for another graph: child graphs are copied deeply.
    fn duplicate(&self) -> NodeOp {
        match self {
            NodeOp::Graph(g) => NodeOp::Graph(g.deep_clone()),
            op => op.clone(),
        }
    }

    /// Submits the operation on `s` (or records it, when `s` captures).
    fn run(&self, s: &Stream) -> Result<()> {
        if let Some(r) = capture(s, || self.duplicate()) {
            return r;
        }
        match self {
            NodeOp::Kernel(k) => k.function.submit(
                k.items,
                k.block,
                k.shared_mem,
                &k.kernargs,
                Some(s),
                k.cooperative != 0,
            ),
            NodeOp::Memcpy(m) => {
                let mut last = None;
                for p in &m.pieces {
                    // The pieces were validated when the node was made (the host sides are
                    // the program's, as for `memcpy_async`); device sides are checked again
                    // against the live pools by the copy itself.
                    let sig = crate::runtime::copy_on(
                        p.dst as *mut _,
                        p.src as *const _,
                        p.bytes,
                        m.kind,
                        s,
                    )?;
                    last = sig.or(last);
                }
                // A copy into pageable host memory has run when the launch returns, as in
                // ROCm (whose host thread stages such copies): programs read the result
                // without synchronizing.
                if let Some(sig) = last {
                    if m.pieces
                        .iter()
                        .any(|p| crate::runtime::is_pageable(p.dst as *const _))
                    {
                        sig.wait(hsa::SignalCondition::Eq, 0, None);
                    }
                }
                Ok(())
            }
            NodeOp::Memset(m) => {
                for row in 0..m.height {
                    let Some(d) = row.checked_mul(m.pitch).and_then(|o| m.dst.checked_add(o))
                    else {
                        return fail(HipError::InvalidValue, "fill addresses overflow");
                    };
                    // SAFETY: the fill checks its range against the device pools.
                    unsafe {
                        crate::runtime::memset_pattern(
                            d as *mut _,
                            m.value,
                            m.element_size,
                            m.width,
                            s,
                            false,
                        )?
                    };
                }
                Ok(())
            }
            NodeOp::Host(h) => {
                let f = h.f.clone();
                // Marked as a stream's host function: a call inside it that waits for the
                // device fails instead of waiting for the graph that waits for it.
                s.enqueue_host_fn(Box::new(move || crate::runtime::run_host_callback(|| f())))
            }
            NodeOp::Graph(g) => {
                let order = g.topo_order()?;
                for op in order {
                    op.run(s)?;
                }
                Ok(())
            }
            NodeOp::Empty => Ok(()),
            // The memory exists from the node's addition on; running the nodes only changes
            // the figures (at submission, so they are settled once the stream is).
            NodeOp::MemAlloc(a) => {
                map_allocation(a.ptr);
                Ok(())
            }
            NodeOp::MemFree(p) => {
                unmap_allocation(*p);
                Ok(())
            }
            NodeOp::WaitEvent(e) => s.wait_event(e.event()),
            NodeOp::EventRecord(e) => e.event().record(s),
        }
    }
}

impl std::fmt::Debug for NodeOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.node_type())
    }
}

struct NodeEntry {
    id: NodeId,
    op: NodeOp,
    deps: Vec<NodeId>,
    /// The node this one was cloned from (`hipGraphNodeFindInClone`).
    origin: Option<NodeId>,
}

#[derive(Default)]
struct GraphInner {
    nodes: Vec<NodeEntry>,
}

impl GraphInner {
    fn index(&self, id: NodeId) -> Option<usize> {
        self.nodes.iter().position(|n| n.id == id)
    }

    fn check(&self, id: NodeId) -> Result<usize> {
        match self.index(id) {
            Some(i) => Ok(i),
            None => fail(
                HipError::InvalidValue,
                format!("node {id} does not belong to this graph"),
            ),
        }
    }
}

/// A graph (`hipGraph_t`): shared, so a clone of the handle is the same graph.
#[derive(Clone, Default)]
pub struct Graph(Arc<Mutex<GraphInner>>);

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Graph")
            .field("nodes", &self.lock().nodes.len())
            .finish()
    }
}

impl Graph {
    pub fn new() -> Graph {
        Graph::default()
    }

    fn lock(&self) -> MutexGuard<'_, GraphInner> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether both handles are the same graph.
    pub fn same(&self, other: &Graph) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Identifies the graph (the same for every handle of it).
    pub fn key(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// Adds a node depending on `deps` (nodes of this graph, no repeats).
    pub fn add_node(&self, op: NodeOp, deps: &[NodeId]) -> Result<NodeId> {
        let mut g = self.lock();
        for (i, &d) in deps.iter().enumerate() {
            g.check(d)?;
            if deps[..i].contains(&d) {
                return fail(
                    HipError::InvalidValue,
                    format!("dependency {d} is listed twice"),
                );
            }
        }
        let id = next_id();
        g.nodes.push(NodeEntry {
            id,
            op,
            deps: deps.to_vec(),
            origin: None,
        });
        Ok(id)
    }

    /// Removes a node and its edges (`hipGraphDestroyNode`).
    pub fn remove_node(&self, id: NodeId) -> Result<()> {
        let mut g = self.lock();
        let i = g.check(id)?;
        g.nodes.remove(i);
        for n in &mut g.nodes {
            n.deps.retain(|&d| d != id);
        }
        Ok(())
    }

    /// Whether the graph allocates or frees graph memory (such graphs cannot be cloned, be
    /// child graphs, or have two executables at once).
    pub fn has_memory_nodes(&self) -> bool {
        self.lock()
            .nodes
            .iter()
            .any(|n| matches!(n.op, NodeOp::MemAlloc(_) | NodeOp::MemFree(_)))
    }

    pub fn contains(&self, id: NodeId) -> bool {
        self.lock().index(id).is_some()
    }

    /// Adds all the edges or none: a self edge, an existing edge or one listed twice is
    /// `hipErrorInvalidValue`.
    pub fn add_edges(&self, edges: &[(NodeId, NodeId)]) -> Result<()> {
        let mut g = self.lock();
        for (i, &(from, to)) in edges.iter().enumerate() {
            g.check(from)?;
            let t = g.check(to)?;
            if from == to {
                return fail(HipError::InvalidValue, "an edge from a node to itself");
            }
            if g.nodes[t].deps.contains(&from) || edges[..i].contains(&(from, to)) {
                return fail(
                    HipError::InvalidValue,
                    format!("the edge {from} -> {to} already exists"),
                );
            }
        }
        for &(from, to) in edges {
            if let Some(t) = g.index(to) {
                g.nodes[t].deps.push(from);
            }
        }
        Ok(())
    }

    /// Removes all the edges or none: a missing edge is `hipErrorInvalidValue`.
    pub fn remove_edges(&self, edges: &[(NodeId, NodeId)]) -> Result<()> {
        let mut g = self.lock();
        for (i, &(from, to)) in edges.iter().enumerate() {
            g.check(from)?;
            let t = g.check(to)?;
            if !g.nodes[t].deps.contains(&from) || edges[..i].contains(&(from, to)) {
                return fail(
                    HipError::InvalidValue,
                    format!("there is no edge {from} -> {to}"),
                );
            }
        }
        for &(from, to) in edges {
            if let Some(t) = g.index(to) {
                g.nodes[t].deps.retain(|&d| d != from);
            }
        }
        Ok(())
    }

    /// Adds the edge `from -> to` (see [`Graph::add_edges`]).
    pub fn add_edge(&self, from: NodeId, to: NodeId) -> Result<()> {
        self.add_edges(&[(from, to)])
    }

    /// Removes the edge `from -> to` (see [`Graph::remove_edges`]).
    pub fn remove_edge(&self, from: NodeId, to: NodeId) -> Result<()> {
        self.remove_edges(&[(from, to)])
    }

    /// All nodes, in the order they were added.
    pub fn nodes(&self) -> Vec<NodeId> {
        self.lock().nodes.iter().map(|n| n.id).collect()
    }

    /// Nodes without dependencies.
    pub fn root_nodes(&self) -> Vec<NodeId> {
        self.lock()
            .nodes
            .iter()
            .filter(|n| n.deps.is_empty())
            .map(|n| n.id)
            .collect()
    }

    /// All edges `(from, to)`, grouped by `to` in node order.
    pub fn edges(&self) -> Vec<(NodeId, NodeId)> {
        let g = self.lock();
        g.nodes
            .iter()
            .flat_map(|n| n.deps.iter().map(move |&d| (d, n.id)))
            .collect()
    }

    pub fn dependencies(&self, id: NodeId) -> Result<Vec<NodeId>> {
        let g = self.lock();
        let i = g.check(id)?;
        Ok(g.nodes[i].deps.clone())
    }

    pub fn dependents(&self, id: NodeId) -> Result<Vec<NodeId>> {
        let g = self.lock();
        g.check(id)?;
        Ok(g.nodes
            .iter()
            .filter(|n| n.deps.contains(&id))
            .map(|n| n.id)
            .collect())
    }

    pub fn op(&self, id: NodeId) -> Result<NodeOp> {
        let g = self.lock();
        let i = g.check(id)?;
        Ok(g.nodes[i].op.clone())
    }

    /// Replaces a node's operation by one of the same type.
    pub fn set_op(&self, id: NodeId, op: NodeOp) -> Result<()> {
        let mut g = self.lock();
        let i = g.check(id)?;
        if g.nodes[i].op.node_type() != op.node_type() {
            return fail(
                HipError::InvalidValue,
                format!(
                    "node {id} is a {:?} node, not {:?}",
                    g.nodes[i].op.node_type(),
                    op.node_type()
                ),
            );
        }
        g.nodes[i].op = op;
        Ok(())
    }

    /// A copy with new node identities, each remembering its original.
    pub fn deep_clone(&self) -> Graph {
        let g = self.lock();
        let map: HashMap<NodeId, NodeId> = g.nodes.iter().map(|n| (n.id, next_id())).collect();
        let nodes = g
            .nodes
            .iter()
            .map(|n| NodeEntry {
                id: map[&n.id],
                op: n.op.duplicate(),
                deps: n.deps.iter().map(|d| map[d]).collect(),
                origin: Some(n.id),
            })
            .collect();
        Graph(Arc::new(Mutex::new(GraphInner { nodes })))
    }

    /// The node of this (cloned) graph made from `original`.
    pub fn find_in_clone(&self, original: NodeId) -> Option<NodeId> {
        self.lock()
            .nodes
            .iter()
            .find(|n| n.origin == Some(original))
            .map(|n| n.id)
    }

    /// Node indices in a topological order (Kahn's, ties by insertion order); a cycle is
    /// `hipErrorInvalidValue`, as ROCm's instantiation reports it.
    fn topo_indices(g: &GraphInner) -> Result<Vec<usize>> {
        let n = g.nodes.len();
        let pos: HashMap<NodeId, usize> =
            g.nodes.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        let mut pending: Vec<usize> = g.nodes.iter().map(|e| e.deps.len()).collect();
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, e) in g.nodes.iter().enumerate() {
            for d in &e.deps {
                users[pos[d]].push(i);
            }
        }
        let mut ready: std::collections::BTreeSet<usize> =
            (0..n).filter(|&i| pending[i] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(i) = ready.pop_first() {
            order.push(i);
            for &u in &users[i] {
                pending[u] -= 1;
                if pending[u] == 0 {
                    ready.insert(u);
                }
            }
        }
        if order.len() != n {
            return fail(HipError::InvalidValue, "the graph has a cycle");
        }
        Ok(order)
    }

    fn topo_order(&self) -> Result<Vec<NodeOp>> {
        let g = self.lock();
        Ok(Self::topo_indices(&g)?
            .into_iter()
            .map(|i| g.nodes[i].op.duplicate())
            .collect())
    }

    /// An executable graph (`hipGraphInstantiate`).
    pub fn instantiate(&self) -> Result<GraphExec> {
        self.instantiate_with_flags(0)
    }

    /// An executable graph remembering its `hipGraphInstantiateFlags`.
    pub fn instantiate_with_flags(&self, flags: u64) -> Result<GraphExec> {
        Ok(GraphExec {
            inner: Mutex::new(self.exec_nodes()?),
            flags,
        })
    }

    fn exec_nodes(&self) -> Result<Vec<ExecNode>> {
        let g = self.lock();
        let order = Self::topo_indices(&g)?;
        let pos: HashMap<NodeId, usize> = order
            .iter()
            .enumerate()
            .map(|(k, &i)| (g.nodes[i].id, k))
            .collect();
        Ok(order
            .iter()
            .map(|&i| {
                let n = &g.nodes[i];
                let mut deps: Vec<usize> = n.deps.iter().map(|d| pos[d]).collect();
                deps.sort_unstable();
                ExecNode {
                    ids: vec![n.id],
                    op: n.op.duplicate(),
                    deps,
                    enabled: true,
                }
            })
            .collect())
    }

    /// The graph in Graphviz's DOT language (`hipGraphDebugDotPrint`).
    pub fn to_dot(&self) -> String {
        let mut s = String::from("digraph hipGraph {\n");
        self.dot_body(&mut s, 1);
        s.push_str("}\n");
        s
    }

    /// Nodes (a child graph as a cluster holding its own nodes) and edges, indented by
    /// `depth`. Each node's label starts with its type in capitals (KERNEL, MEMCPY, MEMSET,
    /// HOST, EMPTY, EVENT_RECORD, EVENT_WAIT, MEM_ALLOC, MEM_FREE).
    fn dot_body(&self, s: &mut String, depth: usize) {
        let pad = "  ".repeat(depth);
        let g = self.lock();
        for n in &g.nodes {
            let label = match &n.op {
                NodeOp::Kernel(k) => format!(
                    "KERNEL\\n{}\\ngrid {:?} block {:?} shared {}",
                    hsa::kernel_label(&k.function.meta().name),
                    k.grid.arr(),
                    k.block.arr(),
                    k.shared_mem
                ),
                NodeOp::Memcpy(m) => format!(
                    "MEMCPY\\n{}\\n{} bytes",
                    m.direction(),
                    m.pieces.iter().map(|p| p.bytes).sum::<usize>()
                ),
                NodeOp::Memset(m) => format!(
                    "MEMSET\\nvalue {:#x}\\n{} x {} elements of {} bytes",
                    m.value, m.width, m.height, m.element_size
                ),
                NodeOp::Host(_) => "HOST".to_string(),
                NodeOp::Empty => "EMPTY".to_string(),
                NodeOp::EventRecord(_) => "EVENT_RECORD".to_string(),
                NodeOp::WaitEvent(_) => "EVENT_WAIT".to_string(),
                NodeOp::MemAlloc(a) => format!("MEM_ALLOC\\n{} bytes", a.bytes),
                NodeOp::MemFree(_) => "MEM_FREE".to_string(),
                NodeOp::Graph(child) => {
                    let _ = writeln!(s, "{pad}subgraph cluster_{} {{", n.id);
                    let _ = writeln!(s, "{pad}  label=\"subgraph of node {}\";", n.id);
                    // The cluster's anchor: edges to and from the node meet it.
                    let _ = writeln!(s, "{pad}  n{} [shape=point];", n.id);
                    child.dot_body(s, depth + 1);
                    let _ = writeln!(s, "{pad}}}");
                    continue;
                }
            };
            let _ = writeln!(s, "{pad}n{} [label=\"{}\"];", n.id, label);
        }
        for n in &g.nodes {
            for d in &n.deps {
                let _ = writeln!(s, "{pad}n{} -> n{};", d, n.id);
            }
        }
    }
}

struct ExecNode {
    /// The graph nodes this node stands for (the instantiated graph's, then those of graphs
    /// it was updated from).
    ids: Vec<NodeId>,
    op: NodeOp,
    /// Positions of the dependencies in the order.
    deps: Vec<usize>,
    /// A disabled node does nothing when the executable runs (`hipGraphNodeSetEnabled`).
    enabled: bool,
}

/// `hipGraphExecUpdateResult`, with ROCm's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum UpdateResult {
    Success = 0,
    Error = 1,
    TopologyChanged = 2,
    NodeTypeChanged = 3,
    FunctionChanged = 4,
    ParametersChanged = 5,
    NotSupported = 6,
    UnsupportedFunctionChange = 7,
}

/// An executable graph (`hipGraphExec_t`): the nodes in a fixed topological order.
pub struct GraphExec {
    inner: Mutex<Vec<ExecNode>>,
    flags: u64,
}

impl std::fmt::Debug for GraphExec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphExec").finish()
    }
}

impl GraphExec {
    fn lock(&self) -> MutexGuard<'_, Vec<ExecNode>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Replays the graph on `s` (`hipGraphLaunch`): each node after its dependencies.
    pub fn launch(&self, s: &Stream) -> Result<()> {
        // Launched into a capture, the executable becomes one child-graph node of it.
        if is_capturing(s) {
            let g = self.to_graph()?;
            if let Some(r) = capture(s, || NodeOp::Graph(g)) {
                return r;
            }
        }
        let nodes = self.lock();
        let ops: Vec<&NodeOp> = nodes.iter().filter(|n| n.enabled).map(|n| &n.op).collect();
        // With no capture or collection anywhere, runs of kernel nodes are submitted in one
        // go (their packets were prepared at instantiation); other nodes run one by one.
        let batch = !any_capture() && !COLLECTING.with(|c| c.get());
        let mut i = 0;
        while i < ops.len() {
            let run = if batch {
                ops[i..]
                    .iter()
                    .take_while(|op| matches!(op, NodeOp::Kernel(_)))
                    .count()
            } else {
                0
            };
            if run < 2 {
                ops[i].run(s)?;
                i += 1;
                continue;
            }
            let kernels: Vec<&KernelNode> = ops[i..i + run]
                .iter()
                .filter_map(|op| match op {
                    NodeOp::Kernel(k) => Some(k),
                    _ => None,
                })
                .collect();
            s.submit_batch(kernels.len(), |j, q, done| {
                let k = kernels[j];
                let p = k
                    .function
                    .dispatch_params(k.items, k.block, k.shared_mem, &k.kernargs);
                if k.cooperative != 0 {
                    q.submit_cooperative_dispatch(&p, done)
                } else {
                    q.submit_dispatch(&p, done)
                }
            })?;
            i += run;
        }
        Ok(())
    }

    /// A graph with the executable's nodes (enabled ones; disabled ones become empty nodes)
    /// and edges.
    fn to_graph(&self) -> Result<Graph> {
        let g = Graph::new();
        let nodes = self.lock();
        let mut ids: Vec<NodeId> = Vec::with_capacity(nodes.len());
        for n in nodes.iter() {
            let deps: Vec<NodeId> = n.deps.iter().map(|&d| ids[d]).collect();
            let op = if n.enabled {
                n.op.duplicate()
            } else {
                NodeOp::Empty
            };
            ids.push(g.add_node(op, &deps)?);
        }
        Ok(g)
    }

    /// The flags the executable was instantiated with.
    pub fn flags(&self) -> u64 {
        self.flags
    }

    /// Turns graph node `id` on or off in this executable (`hipGraphNodeSetEnabled`): kernel,
    /// copy and fill nodes only, as in HIP.
    pub fn set_enabled(&self, id: NodeId, on: bool) -> Result<()> {
        let mut nodes = self.lock();
        let Some(n) = nodes.iter_mut().find(|n| n.ids.contains(&id)) else {
            return fail(
                HipError::InvalidValue,
                format!("node {id} is not part of the executable graph"),
            );
        };
        if !matches!(
            n.op.node_type(),
            NodeType::Kernel | NodeType::Memcpy | NodeType::Memset
        ) {
            return fail(
                HipError::InvalidValue,
                format!(
                    "a {:?} node cannot be disabled (kernel, memcpy and memset nodes can)",
                    n.op.node_type()
                ),
            );
        }
        n.enabled = on;
        Ok(())
    }

    /// Whether graph node `id` runs in this executable.
    pub fn enabled(&self, id: NodeId) -> Result<bool> {
        let nodes = self.lock();
        match nodes.iter().find(|n| n.ids.contains(&id)) {
            // Only the nodes that can be disabled have a state to read, as in ROCm.
            Some(n)
                if !matches!(
                    n.op.node_type(),
                    NodeType::Kernel | NodeType::Memcpy | NodeType::Memset
                ) =>
            {
                fail(
                    HipError::InvalidValue,
                    format!(
                        "a {:?} node has no enabled state (kernel, memcpy and memset nodes do)",
                        n.op.node_type()
                    ),
                )
            }
            Some(n) => Ok(n.enabled),
            None => fail(
                HipError::InvalidValue,
                format!("node {id} is not part of the executable graph"),
            ),
        }
    }

    /// The operation the executable runs for graph node `id`.
    pub fn op(&self, id: NodeId) -> Result<NodeOp> {
        let nodes = self.lock();
        match nodes.iter().find(|n| n.ids.contains(&id)) {
            Some(n) => Ok(n.op.clone()),
            None => fail(
                HipError::InvalidValue,
                format!("node {id} is not part of the executable graph"),
            ),
        }
    }

    /// Changes what the executable runs for graph node `id` (`hipGraphExec*SetParams`);
    /// the graph itself is unchanged. The type must stay the same.
    pub fn set_op(&self, id: NodeId, op: NodeOp) -> Result<()> {
        let mut nodes = self.lock();
        let Some(n) = nodes.iter_mut().find(|n| n.ids.contains(&id)) else {
            return fail(
                HipError::InvalidValue,
                format!("node {id} is not part of the executable graph"),
            );
        };
        if n.op.node_type() != op.node_type() {
            return fail(
                HipError::InvalidValue,
                format!(
                    "node {id} is a {:?} node, not {:?}",
                    n.op.node_type(),
                    op.node_type()
                ),
            );
        }
        // A kernel node may change its kernel, as in ROCm (CUDA refuses that).
        n.op = op;
        Ok(())
    }

    /// Takes the parameters of `graph`'s nodes when its topology matches the instantiated
    /// one (`hipGraphExecUpdate`); otherwise nothing changes and the result says why, with
    /// the node at fault.
    pub fn update(&self, graph: &Graph) -> std::result::Result<(), (UpdateResult, Option<NodeId>)> {
        let new = match graph.exec_nodes() {
            Ok(n) => n,
            Err(_) => return Err((UpdateResult::Error, None)),
        };
        let mut nodes = self.lock();
        if new.len() != nodes.len() {
            return Err((UpdateResult::TopologyChanged, None));
        }
        for (old, n) in nodes.iter().zip(&new) {
            let at = n.ids.first().copied();
            if old.deps != n.deps {
                return Err((UpdateResult::TopologyChanged, at));
            }
            if old.op.node_type() != n.op.node_type() {
                return Err((UpdateResult::NodeTypeChanged, at));
            }
            // A kernel node may change its kernel, as in ROCm (on one device there is no
            // unsupported function change).
            match (&old.op, &n.op) {
                // A copy keeps its direction and operand kinds; a fill its dimensionality.
                (NodeOp::Memcpy(a), NodeOp::Memcpy(b))
                    if a.kind != b.kind || a.arrays != b.arrays =>
                {
                    return Err((UpdateResult::ParametersChanged, at));
                }
                (NodeOp::Memset(a), NodeOp::Memset(b)) if (a.height > 1) != (b.height > 1) => {
                    return Err((UpdateResult::ParametersChanged, at));
                }
                (NodeOp::MemAlloc(_), _) | (NodeOp::MemFree(_), _) => {
                    return Err((UpdateResult::NotSupported, at));
                }
                _ => {}
            }
        }
        for (old, n) in nodes.iter_mut().zip(new) {
            old.op = n.op;
            for id in n.ids {
                if !old.ids.contains(&id) {
                    old.ids.push(id);
                }
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Stream capture

/// `hipStreamCaptureMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum CaptureMode {
    Global = 0,
    ThreadLocal = 1,
    Relaxed = 2,
}

impl CaptureMode {
    pub fn from_raw(v: i32) -> Option<CaptureMode> {
        match v {
            0 => Some(CaptureMode::Global),
            1 => Some(CaptureMode::ThreadLocal),
            2 => Some(CaptureMode::Relaxed),
            _ => None,
        }
    }
}

/// `hipStreamCaptureStatus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum CaptureStatus {
    None = 0,
    Active = 1,
    Invalidated = 2,
}

struct Capture {
    graph: Graph,
    mode: CaptureMode,
    thread: ThreadId,
    origin: usize,
    invalidated: bool,
    /// Per stream taking part: whether it is a blocking stream, and its frontier.
    streams: HashMap<usize, (bool, Vec<NodeId>)>,
    /// Nodes the program took out of a frontier (`hipStreamSetCaptureDependencies`): left
    /// unjoined on purpose, so they do not make the capture unjoined (as in ROCm).
    dropped: HashSet<NodeId>,
}

#[derive(Default)]
struct CaptureState {
    /// Stream -> the capture it takes part in.
    by_stream: HashMap<usize, u64>,
    captures: HashMap<u64, Capture>,
    /// Events last recorded on a capturing stream: the capture and the frontier then.
    events: HashMap<usize, (u64, Vec<NodeId>)>,
}

/// Captures in progress, read without the lock: every submission asks whether its stream
/// captures, and almost always none does.
static ACTIVE_CAPTURES: AtomicUsize = AtomicUsize::new(0);

fn any_capture() -> bool {
    ACTIVE_CAPTURES.load(Ordering::SeqCst) != 0
}

fn state() -> MutexGuard<'static, CaptureState> {
    static S: OnceLock<Mutex<CaptureState>> = OnceLock::new();
    S.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

thread_local! {
    static THREAD_MODE: Cell<CaptureMode> = const { Cell::new(CaptureMode::Global) };
}

fn event_key(e: &Event) -> usize {
    e as *const Event as usize
}

/// Starts capturing `s` (`hipStreamBeginCapture`). The legacy null stream cannot capture
/// (`hipErrorStreamCaptureUnsupported`); a stream already capturing is
/// `hipErrorIllegalState`.
pub fn begin_capture(s: &Stream, mode: CaptureMode) -> Result<()> {
    begin_capture_to_graph(s, Graph::new(), &[], mode)
}

/// Starts capturing `s` into the existing `graph`, the first captured node depending on
/// `deps` (`hipStreamBeginCaptureToGraph`).
pub fn begin_capture_to_graph(
    s: &Stream,
    graph: Graph,
    deps: &[NodeId],
    mode: CaptureMode,
) -> Result<()> {
    if s.is_null() {
        return fail(
            HipError::StreamCaptureUnsupported,
            "the legacy null stream cannot be captured",
        );
    }
    for &d in deps {
        if !graph.contains(d) {
            return fail(
                HipError::InvalidValue,
                format!("dependency {d} is not a node of the graph"),
            );
        }
    }
    let mut st = state();
    let key = s.id();
    if st.by_stream.contains_key(&key) {
        return fail(HipError::IllegalState, "the stream is already capturing");
    }
    let id = next_id();
    let blocking = s.flags() & crate::STREAM_NON_BLOCKING == 0;
    ACTIVE_CAPTURES.fetch_add(1, Ordering::SeqCst);
    st.captures.insert(
        id,
        Capture {
            graph,
            mode,
            thread: std::thread::current().id(),
            origin: key,
            invalidated: false,
            streams: HashMap::from([(key, (blocking, deps.to_vec()))]),
            dropped: HashSet::new(),
        },
    );
    st.by_stream.insert(key, id);
    Ok(())
}

fn leave(st: &mut CaptureState, id: u64) -> Option<Capture> {
    let c = st.captures.remove(&id)?;
    ACTIVE_CAPTURES.fetch_sub(1, Ordering::SeqCst);
    for k in c.streams.keys() {
        st.by_stream.remove(k);
    }
    st.events.retain(|_, (cid, _)| *cid != id);
    Some(c)
}

/// Ends the capture begun on `s` and gives its graph (`hipStreamEndCapture`).
pub fn end_capture(s: &Stream) -> Result<Graph> {
    let mut st = state();
    let key = s.id();
    let Some(&id) = st.by_stream.get(&key) else {
        return fail(HipError::IllegalState, "the stream is not capturing");
    };
    let c = &st.captures[&id];
    if c.origin != key {
        return fail(
            HipError::StreamCaptureUnmatched,
            "the capture began on another stream",
        );
    }
    // Only a relaxed capture may be ended by another thread (ROCm keeps the others in the
    // beginning thread's list); the capture goes on.
    if c.mode != CaptureMode::Relaxed && c.thread != std::thread::current().id() {
        return fail(
            HipError::StreamCaptureWrongThread,
            "a global or thread-local capture ends on the thread that began it",
        );
    }
    let Some(c) = leave(&mut st, id) else {
        return fail(HipError::IllegalState, "the stream is not capturing");
    };
    if c.invalidated {
        return fail(
            HipError::StreamCaptureInvalidated,
            "the capture was invalidated by an operation not permitted while capturing",
        );
    }
    // Every stream forked into the capture must be joined back: its frontier reached from
    // the origin stream's.
    let reach = ancestors(&c.graph, &c.streams[&key].1);
    for (k, (_, frontier)) in &c.streams {
        if *k != key
            && frontier
                .iter()
                .any(|n| !reach.contains(n) && !c.dropped.contains(n))
        {
            return fail(
                HipError::StreamCaptureUnjoined,
                "a stream forked into the capture was not joined back into the origin stream",
            );
        }
    }
    Ok(c.graph)
}

fn ancestors(g: &Graph, from: &[NodeId]) -> HashSet<NodeId> {
    let inner = g.lock();
    let deps: HashMap<NodeId, &Vec<NodeId>> = inner.nodes.iter().map(|n| (n.id, &n.deps)).collect();
    let mut seen: HashSet<NodeId> = HashSet::new();
    let mut todo: Vec<NodeId> = from.to_vec();
    while let Some(n) = todo.pop() {
        if seen.insert(n) {
            if let Some(d) = deps.get(&n) {
                todo.extend(d.iter().copied());
            }
        }
    }
    seen
}

/// What `hipStreamGetCaptureInfo_v2` reports.
#[derive(Debug, Clone)]
pub struct CaptureInfo {
    pub status: CaptureStatus,
    pub id: u64,
    pub graph: Option<Graph>,
    pub dependencies: Vec<NodeId>,
}

/// The capture state of `s`. Asking about the legacy null stream while a capture is active
/// is `hipErrorStreamCaptureImplicit` (it would synchronize with the capturing streams).
pub fn capture_info(s: &Stream) -> Result<CaptureInfo> {
    let st = state();
    if s.is_null() {
        if !st.captures.is_empty() {
            return fail(
                HipError::StreamCaptureImplicit,
                "the legacy null stream is used while a stream is capturing",
            );
        }
        return Ok(CaptureInfo {
            status: CaptureStatus::None,
            id: 0,
            graph: None,
            dependencies: Vec::new(),
        });
    }
    let key = s.id();
    Ok(match st.by_stream.get(&key) {
        None => CaptureInfo {
            status: CaptureStatus::None,
            id: 0,
            graph: None,
            dependencies: Vec::new(),
        },
        Some(&id) => {
            let c = &st.captures[&id];
            CaptureInfo {
                status: if c.invalidated {
                    CaptureStatus::Invalidated
                } else {
                    CaptureStatus::Active
                },
                id,
                graph: Some(c.graph.clone()),
                dependencies: c.streams[&key].1.clone(),
            }
        }
    })
}

/// Adds `nodes` to (or, with `replace`, sets them as) the frontier of the capturing stream
/// `s` (`hipStreamUpdateCaptureDependencies`).
pub fn update_capture_dependencies(s: &Stream, nodes: &[NodeId], replace: bool) -> Result<()> {
    let mut st = state();
    let key = s.id();
    let Some(&id) = st.by_stream.get(&key) else {
        return fail(HipError::IllegalState, "the stream is not capturing");
    };
    let Some(c) = st.captures.get_mut(&id) else {
        return fail(HipError::IllegalState, "the stream is not capturing");
    };
    for &n in nodes {
        if !c.graph.contains(n) {
            return fail(
                HipError::InvalidValue,
                format!("node {n} is not part of the capture's graph"),
            );
        }
    }
    let Some((_, frontier)) = c.streams.get_mut(&key) else {
        return fail(HipError::IllegalState, "the stream is not capturing");
    };
    if replace {
        c.dropped
            .extend(frontier.drain(..).filter(|n| !nodes.contains(n)));
    }
    for &n in nodes {
        if !frontier.contains(&n) {
            frontier.push(n);
        }
    }
    Ok(())
}

/// Sets this thread's capture interaction mode, returning the previous one
/// (`hipThreadExchangeStreamCaptureMode`).
pub fn exchange_thread_mode(mode: CaptureMode) -> CaptureMode {
    THREAD_MODE.with(|m| m.replace(mode))
}

/// If `s` takes part in a capture, records `op()` as a node after the stream's frontier
/// (`Some(Ok)`); `None` when it does not capture. On the legacy null stream while a
/// blocking stream captures: `hipErrorStreamCaptureImplicit`. On an invalidated capture:
/// `hipErrorStreamCaptureInvalidated`.
pub fn capture(s: &Stream, op: impl FnOnce() -> NodeOp) -> Option<Result<()>> {
    if COLLECTING.with(|c| c.get()) {
        let op = op();
        COLLECTED.with(|c| c.borrow_mut().push(op));
        return Some(Ok(()));
    }
    if !any_capture() {
        return None;
    }
    let mut st = state();
    if st.captures.is_empty() {
        return None;
    }
    if s.is_null() {
        let implicit = st
            .captures
            .values()
            .any(|c| c.streams.values().any(|(blocking, _)| *blocking));
        return implicit.then(|| {
            fail(
                HipError::StreamCaptureImplicit,
                "work on the legacy null stream would wait for a capturing stream",
            )
        });
    }
    let key = s.id();
    let id = *st.by_stream.get(&key)?;
    let c = st.captures.get_mut(&id)?;
    if c.invalidated {
        return Some(fail(
            HipError::StreamCaptureInvalidated,
            "the stream's capture was invalidated",
        ));
    }
    let Some((_, frontier)) = c.streams.get_mut(&key) else {
        return Some(fail(HipError::IllegalState, "the stream is not capturing"));
    };
    Some(match c.graph.add_node(op(), frontier) {
        Ok(n) => {
            *frontier = vec![n];
            Ok(())
        }
        Err(e) => Err(e),
    })
}

thread_local! {
    static COLLECTING: Cell<bool> = const { Cell::new(false) };
    static COLLECTED: std::cell::RefCell<Vec<NodeOp>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with every operation it submits, on any stream, recorded instead of run (this
/// thread only): how a caller turns an operation it can only submit into graph nodes.
pub fn collect_ops<R>(f: impl FnOnce() -> R) -> (R, Vec<NodeOp>) {
    struct Stop(bool);
    impl Drop for Stop {
        fn drop(&mut self) {
            COLLECTING.with(|c| c.set(self.0));
        }
    }
    let before = COLLECTED.with(|c| std::mem::take(&mut *c.borrow_mut()));
    let stop = Stop(COLLECTING.with(|c| c.replace(true)));
    let r = f();
    drop(stop);
    let ops = COLLECTED.with(|c| std::mem::replace(&mut *c.borrow_mut(), before));
    (r, ops)
}

/// Whether `s` takes part in a capture.
pub fn is_capturing(s: &Stream) -> bool {
    any_capture() && !s.is_null() && state().by_stream.contains_key(&s.id())
}

/// Fails a call that is not permitted while captures are active (allocation and release:
/// `hipErrorStreamCaptureUnsupported`), as ROCm's check does, invalidating the captures it
/// conflicts with: this thread's own (not relaxed) captures, and, for a thread in global
/// interaction mode, global-mode captures of any thread. A thread in relaxed mode may.
pub fn check_unsafe_call(what: &str) -> Result<()> {
    if !any_capture() {
        return Ok(());
    }
    let mode = THREAD_MODE.with(|m| m.get());
    if mode == CaptureMode::Relaxed {
        return Ok(());
    }
    let me = std::thread::current().id();
    let mut st = state();
    let mut hit = false;
    for c in st.captures.values_mut() {
        let conflicts = match c.mode {
            CaptureMode::Relaxed => false,
            _ if c.thread == me => true,
            CaptureMode::Global => mode == CaptureMode::Global,
            CaptureMode::ThreadLocal => false,
        };
        if conflicts {
            c.invalidated = true;
            hit = true;
        }
    }
    if hit {
        return fail(
            HipError::StreamCaptureUnsupported,
            format!("{what} is not permitted while a stream is capturing"),
        );
    }
    Ok(())
}

/// Device-wide synchronization (`hipDeviceSynchronize`) cannot wait for work a capture
/// holds: with any capture in progress it invalidates them all and fails with
/// `hipErrorStreamCaptureUnsupported`, as ROCm does.
pub fn check_device_sync(what: &str) -> Result<()> {
    invalidate_all(HipError::StreamCaptureUnsupported, what)
}

/// Synchronous copies and fills (`hipMemcpy`, `hipMemset`) would make the legacy stream wait
/// for capturing streams: with any capture in progress they invalidate them all and fail
/// with `hipErrorStreamCaptureImplicit`, as ROCm does.
pub fn check_sync_copy(what: &str) -> Result<()> {
    invalidate_all(HipError::StreamCaptureImplicit, what)
}

fn invalidate_all(code: HipError, what: &str) -> Result<()> {
    if !any_capture() {
        return Ok(());
    }
    let mut st = state();
    if st.captures.is_empty() {
        return Ok(());
    }
    for c in st.captures.values_mut() {
        c.invalidated = true;
    }
    fail(
        code,
        format!("{what} is not permitted while a stream is capturing"),
    )
}

/// Checks a synchronization with `s`: a capturing stream cannot be waited for (its capture
/// is invalidated), and otherwise as [`check_unsafe_call`].
pub fn check_stream_sync(s: &Stream, what: &str) -> Result<()> {
    {
        let mut st = state();
        if let Some(&id) = st.by_stream.get(&s.id()).filter(|_| !s.is_null()) {
            if let Some(c) = st.captures.get_mut(&id) {
                c.invalidated = true;
            }
            return fail(
                HipError::StreamCaptureUnsupported,
                format!("{what} on a capturing stream"),
            );
        }
    }
    check_unsafe_call(what)
}

/// `hipEventRecord` on a capturing stream: the event remembers the stream's frontier
/// (`Some(Ok)`), and no node is made. `None` when `s` does not capture (the event then
/// stops being a captured one).
pub fn capture_event_record(e: &Event, s: &Stream) -> Option<Result<()>> {
    let mut st = state();
    let key = event_key(e);
    let cap = if s.is_null() {
        None
    } else {
        st.by_stream.get(&s.id()).copied()
    };
    let Some(id) = cap else {
        st.events.remove(&key);
        if !s.is_null() || st.captures.is_empty() {
            return None;
        }
        drop(st);
        return capture(s, || NodeOp::Empty);
    };
    let c = &st.captures[&id];
    if c.invalidated {
        return Some(fail(
            HipError::StreamCaptureInvalidated,
            "the stream's capture was invalidated",
        ));
    }
    let frontier = c.streams[&s.id()].1.clone();
    st.events.insert(key, (id, frontier));
    Some(Ok(()))
}

/// `hipStreamWaitEvent`: waiting on an event recorded in a capture pulls `s` into that
/// capture (or, when `s` is already in it, adds the event's frontier to its own). A
/// capturing stream waiting on an event recorded outside captures gets a wait node.
/// `None`: not a capture matter, wait as usual.
pub fn capture_event_wait(s: &Stream, e: &Arc<dyn GraphEvent>) -> Option<Result<()>> {
    let mut st = state();
    let key = s.id();
    let mine = if s.is_null() {
        None
    } else {
        st.by_stream.get(&key).copied()
    };
    match st.events.get(&event_key(e.event())).cloned() {
        Some((id, frontier)) => {
            if s.is_null() {
                return Some(fail(
                    HipError::StreamCaptureImplicit,
                    "the legacy null stream cannot wait on an event of a capture",
                ));
            }
            if mine.is_some_and(|m| m != id) {
                return Some(fail(
                    HipError::StreamCaptureMerge,
                    "the stream takes part in another capture",
                ));
            }
            let blocking = s.flags() & crate::STREAM_NON_BLOCKING == 0;
            let c = st.captures.get_mut(&id)?;
            let entry = c.streams.entry(key).or_insert((blocking, Vec::new()));
            for n in frontier {
                if !entry.1.contains(&n) {
                    entry.1.push(n);
                }
            }
            st.by_stream.insert(key, id);
            Some(Ok(()))
        }
        None => {
            mine?;
            drop(st);
            capture(s, || NodeOp::WaitEvent(e.clone()))
        }
    }
}

/// Whether `e` was last recorded on a capturing stream (querying or waiting for it is
/// then `hipErrorCapturedEvent`).
pub fn event_is_captured(e: &Event) -> bool {
    any_capture() && state().events.contains_key(&event_key(e))
}

/// Forgets a stream that is destroyed: it leaves its capture (a capture begun on it ends).
pub fn forget_stream(s: &Stream) {
    let mut st = state();
    let key = s.id();
    if let Some(id) = st.by_stream.remove(&key) {
        let origin = st.captures.get(&id).map(|c| c.origin);
        if origin == Some(key) {
            leave(&mut st, id);
        } else if let Some(c) = st.captures.get_mut(&id) {
            c.streams.remove(&key);
        }
    }
}

/// Forgets an event that is destroyed.
pub fn forget_event(e: &Event) {
    state().events.remove(&event_key(e));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DeviceBuffer;

    fn recorder(log: &Arc<Mutex<Vec<u32>>>, v: u32) -> NodeOp {
        let log = log.clone();
        NodeOp::Host(HostNode {
            f: Arc::new(move || log.lock().unwrap_or_else(|e| e.into_inner()).push(v)),
            tag: [0, 0],
        })
    }

    #[test]
    fn replay_follows_the_edges_and_cycles_are_refused() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let g = Graph::new();
        // Added in the reverse of the order the edges ask for.
        let c = g.add_node(recorder(&log, 3), &[]).expect("c");
        let b = g.add_node(recorder(&log, 2), &[]).expect("b");
        let a = g.add_node(recorder(&log, 1), &[]).expect("a");
        g.add_edges(&[(a, b), (b, c)]).expect("edges");
        assert_eq!(g.root_nodes(), vec![a]);
        let exec = g.instantiate().expect("instantiate");
        let s = Stream::new().expect("stream");
        for _ in 0..2 {
            exec.launch(&s).expect("launch");
        }
        s.synchronize().expect("sync");
        assert_eq!(*log.lock().expect("log"), vec![1, 2, 3, 1, 2, 3]);
        // An edge list with a bad edge changes nothing; a cycle fails instantiation.
        assert_eq!(
            g.add_edges(&[(c, a), (a, a)]).err(),
            Some(HipError::InvalidValue)
        );
        assert_eq!(g.edges().len(), 2);
        g.add_edge(c, a).expect("back edge");
        assert_eq!(g.instantiate().err(), Some(HipError::InvalidValue));
    }

    #[test]
    fn clones_map_nodes_and_keep_child_graphs_apart() {
        let child = Graph::new();
        child.add_node(NodeOp::Empty, &[]).expect("child node");
        let g = Graph::new();
        let a = g
            .add_node(NodeOp::Graph(child.deep_clone()), &[])
            .expect("a");
        let b = g.add_node(NodeOp::Empty, &[a]).expect("b");
        let c = g.deep_clone();
        let (ca, cb) = (
            c.find_in_clone(a).expect("a cloned"),
            c.find_in_clone(b).expect("b cloned"),
        );
        assert_ne!((ca, cb), (a, b));
        assert_eq!(c.dependencies(cb).expect("deps"), vec![ca]);
        // Changing the original's child graph leaves the clone's alone.
        let NodeOp::Graph(inner) = g.op(a).expect("op") else {
            panic!("not a child graph node");
        };
        inner.add_node(NodeOp::Empty, &[]).expect("more");
        let NodeOp::Graph(cloned_inner) = c.op(ca).expect("op") else {
            panic!("not a child graph node");
        };
        assert_eq!((inner.nodes().len(), cloned_inner.nodes().len()), (2, 1));
        let dot = g.to_dot();
        assert_eq!(dot.matches("subgraph").count(), 2, "{dot}");
        assert_eq!(dot.matches("EMPTY").count(), 3, "{dot}");
    }

    // Capture itself is tested through the C ABI, in a test binary whose tests run one at a
    // time: a capture is process-wide, and would fail other tests' synchronous copies here.
    #[test]
    fn fills_and_copies_replay_and_updates_check_topology() {
        let s = Stream::new().expect("stream");
        let buf = DeviceBuffer::<u8>::from_slice(&[0u8; 256]).expect("buffer");
        let mut host = vec![0u8; 256];
        let g = Graph::new();
        let fill = g
            .add_node(
                NodeOp::Memset(MemsetNode {
                    dst: buf.as_ptr() as usize,
                    pitch: 256,
                    value: 0x5a,
                    element_size: 1,
                    width: 256,
                    height: 1,
                }),
                &[],
            )
            .expect("fill");
        g.add_node(
            NodeOp::Memcpy(MemcpyNode {
                pieces: vec![CopyPiece {
                    dst: host.as_mut_ptr() as usize,
                    src: buf.as_ptr() as usize,
                    bytes: 256,
                }],
                kind: MemcpyKind::DeviceToHost,
                tag: Vec::new(),
                arrays: [false, false],
            }),
            &[fill],
        )
        .expect("copy");
        let exec = g.instantiate().expect("instantiate");
        exec.launch(&s).expect("launch");
        s.synchronize().expect("sync");
        assert!(host.iter().all(|&b| b == 0x5a));
        // The same shape with another fill value updates; another shape does not.
        let NodeOp::Memset(mut m) = g.op(fill).expect("op") else {
            panic!("not a fill");
        };
        m.value = 0x11;
        let g2 = g.deep_clone();
        let fill2 = g2.find_in_clone(fill).expect("cloned");
        g2.set_op(fill2, NodeOp::Memset(m)).expect("set");
        exec.update(&g2).expect("update");
        exec.launch(&s).expect("launch");
        s.synchronize().expect("sync");
        assert!(host.iter().all(|&b| b == 0x11));
        g2.add_node(NodeOp::Empty, &[]).expect("extra");
        assert_eq!(
            exec.update(&g2).err().map(|e| e.0),
            Some(UpdateResult::TopologyChanged)
        );
    }

    #[test]
    fn collected_operations_are_not_run() {
        let buf = DeviceBuffer::<u8>::from_slice(&[7u8; 64]).expect("buffer");
        let (r, ops) = collect_ops(|| {
            // SAFETY: `buf` is live device memory of 64 bytes.
            unsafe { crate::memset_async(buf.as_ptr().cast(), 0, 64, &Stream::null()) }
        });
        r.expect("collected");
        assert_eq!(ops.len(), 1);
        assert_eq!(ops[0].node_type(), NodeType::Memset);
        assert_eq!(buf.to_vec().expect("read"), vec![7u8; 64]);
    }
}
