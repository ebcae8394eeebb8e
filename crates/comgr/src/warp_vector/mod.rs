//! Warp vectorization: a kernel with warp exchanges becomes a function of one whole warp, its
//! lanes the elements of vectors, so that an exchange is a vector operation in registers.
//!
//! The work-item form runs a warp's lanes one after another, and every shuffle, vote or ballot
//! cuts the kernel into regions: each lane publishes its value to memory, the warp's lanes meet,
//! and each reads the lane array back. That costs a region switch per exchange. Here instead each
//! value that differs between lanes becomes a `<W x T>` vector (W the wavefront size the module
//! was compiled for), and each value that is the same for all lanes of a warp stays scalar:
//! - a shuffle whose source lanes fold to constants becomes a `shufflevector`; any other read of
//!   the lane array is a gather from a small stack buffer;
//! - memory accesses become masked vector loads and stores where consecutive lanes touch
//!   consecutive elements, gathers and scatters otherwise;
//! - a branch on a lane-varying condition is if-converted: both sides run under lane masks, and
//!   phis become selects. This also gives lock-step semantics: every lane finishes one
//!   instruction before any lane starts the next, as on a GPU.
//!
//! The clone is built under one assumption about the launch, checked at run time by the
//! work-group function: either the block is one-dimensional, or its x extent is a multiple of the
//! warp size. Then a warp's lanes have consecutive `threadIdx.x` and one `threadIdx.y` and `.z`.
//! Other launches run the work-item form.
//!
//! - a loop whose lanes leave at different iterations runs while any lane goes on, each lane's
//!   body under its own mask (see `loops`).
//!
//! Kernels this pass cannot vectorize (nested loops with a lane-varying exit, a barrier under a
//! lane-varying condition, compare-and-swap, calls it does not know, aggregate values...) keep
//! the work-item form only; the reason is returned, never an error.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{Block, Module, Ty, Val};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode as Op, LLVMTypeKind};
use std::collections::{HashMap, HashSet};
use std::ffi::CString;

mod demand;
mod idle;
mod loops;
mod sink;
use loops::{Loop, ANY};

/// The builtin a warp-vectorized kernel calls for the index of its warp in the work-group; the
/// lowering binds it to its loop over the warps.
pub const WARP_INDEX: &str = "__ferrocm_warp_index";
/// The function attribute that marks a warp-vectorized clone, with the warp size as its value.
pub const WIDTH_ATTR: &str = "ferrocm-warp-width";
const EXCHANGE: &str = "__ferrocm_warp_exchange";

/// A kernel and its warp-vectorized clone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarpVersion {
    pub kernel: String,
    pub clone: String,
}

/// The clone's name for `kernel`.
pub fn clone_name(kernel: &str) -> String {
    format!("{kernel}.__ferrocm_warp")
}

/// Builds a warp-vectorized clone of each kernel in `kernels` that exchanges values between
/// lanes, for warps of `width` lanes. Gives the clones made, and for each kernel left in the
/// work-item form, why.
pub fn run(m: Module, kernels: &[String], width: u32) -> (Vec<WarpVersion>, Vec<(String, String)>) {
    let mut made = Vec::new();
    let mut refused = Vec::new();
    if width != 32 && width != 64 {
        return (made, refused);
    }
    for name in kernels {
        let Some(f) = m.function(name) else { continue };
        if !calls(f, EXCHANGE) {
            continue;
        }
        let clone = crate::shim::clone_function(f, &clone_name(name));
        // The widening knows two-way branches only. A switch on a uniform value (rocPRIM's
        // look-back scan picks its tail's length with one) becomes uniform branches; a
        // lane-varying one, branches the region checks accept or refuse.
        crate::shim::lower_switches(clone);
        match Vectorizer::new(m, clone, width).and_then(|v| v.run()) {
            Ok(()) => made.push(WarpVersion {
                kernel: name.clone(),
                clone: clone.name(),
            }),
            Err(reason) => {
                clone.delete_function();
                refused.push((name.clone(), reason));
            }
        }
    }
    (made, refused)
}

fn calls(f: Val, name: &str) -> bool {
    f.blocks().iter().any(|b| {
        b.instructions()
            .iter()
            .any(|i| i.is_call() && i.called_function().is_some_and(|c| c.name() == name))
    })
}

fn cstr(s: &str) -> CString {
    CString::new(s).unwrap_or_default()
}

/// What a value is across the lanes of a warp.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// The same in every lane: stays scalar.
    Uniform,
    /// Lane `l` holds `v0 + l * stride` (in elements for integers, in bytes for pointers), with
    /// no wrap-around.
    Consecutive(i64),
    /// Lane `l` holds `v0 + l` where `v0` is a multiple of the warp size: `threadIdx.x`, the lane
    /// id, and what adds multiples of the warp size to them. Such values never wrap within a
    /// warp, `v / warpSize` is the same in every lane, and `v % warpSize` is the lane id.
    Lanes,
    /// Consecutive unless the lanes wrapped around before an extension (`sext` of `i32`
    /// arithmetic without `nsw`, as `blockIdx.x * 256 + threadIdx.x` compiles): accesses check
    /// the first and last lane's addresses at run time.
    Checked(i64),
    Varying,
}

impl Shape {
    fn uniform(self) -> bool {
        self == Shape::Uniform
    }
}

/// One top-level if-converted region: the divergent branch's block, the blocks between it and its
/// join (in an order where each follows its predecessors), and the join.
struct Region {
    head: Block,
    blocks: Vec<Block>,
    join: Block,
}

struct Vectorizer {
    m: Module,
    f: Val,
    w: u32,
    ib: crate::ir::Builder,
    b: LLVMBuilderRef,
    order: Vec<Block>,
    preds: HashMap<Block, Vec<Block>>,
    loops: Vec<Loop>,
    shapes: HashMap<Val, Shape>,
    regions: Vec<Region>,
    /// Block -> index of its top-level region, for blocks inside one (not heads, not joins).
    inside: HashMap<Block, usize>,
    /// Each block's immediate dominator in the CFG before linearization.
    idom: HashMap<Block, Block>,
    /// Each exchange's store of its lane values, and its buffer.
    lane_stores: Vec<(Val, Val)>,
    /// Widened values of lane-varying instructions.
    vmap: HashMap<Val, Val>,
    /// Lane masks: per block, and per edge of the if-converted code.
    masks: HashMap<Block, Val>,
    edges: HashMap<(Block, Block), Val>,
    /// Exchange buffers (the call's result) and the vector each holds.
    exchanges: HashMap<Val, (Val, Ty)>,
    /// Vector phis to fill once every block is widened.
    phis: Vec<(Val, Val)>,
    /// Atomics, each with its lanes' addresses and values, lane mask and the placeholder for its
    /// result: once the code is complete, a loop over the active lanes.
    atomics: Vec<(Val, Val, Val, Val, Val)>,
    /// Accesses of checked addresses: the test, the vector access, the gather or scatter, and
    /// for a load the select between them; they become a branch once the code is complete.
    checked: Vec<(Val, Val, Val, Option<Val>)>,
    /// Replacements for uniform calls (`threadIdx.y`, `.z`).
    replace: Vec<(Val, Option<Val>)>,
    /// Set up in the entry block.
    entry_mask: Val,
    iota: Val,
    lane_x: Val,
    lane_y: Val,
    lane_z: Val,
    first: Val,
}

impl Vectorizer {
    fn new(m: Module, f: Val, w: u32) -> Result<Vectorizer, String> {
        let poison = Val::poison_of(m.i32());
        let ib = m.builder();
        let b = ib.raw();
        Ok(Vectorizer {
            m,
            f,
            w,
            ib,
            b,
            order: Vec::new(),
            preds: HashMap::new(),
            loops: Vec::new(),
            shapes: HashMap::new(),
            regions: Vec::new(),
            inside: HashMap::new(),
            idom: HashMap::new(),
            lane_stores: Vec::new(),
            vmap: HashMap::new(),
            masks: HashMap::new(),
            edges: HashMap::new(),
            exchanges: HashMap::new(),
            phis: Vec::new(),
            checked: Vec::new(),
            atomics: Vec::new(),
            replace: Vec::new(),
            entry_mask: poison,
            iota: poison,
            lane_x: poison,
            lane_y: poison,
            lane_z: poison,
            first: poison,
        })
    }

    fn run(mut self) -> Result<(), String> {
        self.expand_small_copies();
        self.unify_returns()?;
        self.cfg()?;
        self.analyse()?;
        if self.rewrite_divergent_loops()? {
            self.shapes.clear();
            self.cfg()?;
            self.analyse()?;
        }
        self.find_regions()?;
        self.check()?;
        let (_, succs) = crate::uniform::block_graph(&self.order);
        self.idom = crate::uniform::immediate_dominators(&succs)
            .into_iter()
            .enumerate()
            .filter_map(|(k, d)| Some((self.order[k], self.order[d?])))
            .collect();
        self.preamble();
        let order = self.order.clone();
        for blk in &order {
            self.widen_block(*blk)?;
        }
        self.fill_phis();
        self.linearize();
        self.clean_up();
        self.branch_checked()?;
        self.loop_atomics()?;
        self.skip_idle_runs();
        self.sink_lane_stores();
        demand::trim_shuffles(self.f, self.w);
        let attr = cstr(WIDTH_ATTR);
        let value = cstr(&self.w.to_string());
        unsafe {
            LLVMAddTargetDependentFunctionAttr(self.f.0, attr.as_ptr(), value.as_ptr());
        }
        let broken = unsafe {
            llvm_sys::analysis::LLVMVerifyFunction(
                self.f.0,
                llvm_sys::analysis::LLVMVerifierFailureAction::LLVMReturnStatusAction,
            )
        };
        if broken != 0 {
            if std::env::var_os("FERROCM_DEBUG_VERIFY").is_some() {
                unsafe {
                    llvm_sys::analysis::LLVMVerifyFunction(
                        self.f.0,
                        llvm_sys::analysis::LLVMVerifierFailureAction::LLVMPrintMessageAction,
                    );
                    let t = LLVMPrintValueToString(self.f.0);
                    eprintln!("{}", std::ffi::CStr::from_ptr(t).to_string_lossy());
                }
            }
            return Err("the vectorized function does not verify".into());
        }
        Ok(())
    }

    // ---- structure ----

    /// `memcpy` and `memset` of a few constant bytes (copies of small structs, empty functors)
    /// become loads and stores, which the widening knows.
    fn expand_small_copies(&self) {
        let m = self.m;
        let align_kind = Module::enum_attr_kind("align");
        let param_align = |call: Val, idx: u32| -> u64 {
            let a = unsafe { LLVMGetCallSiteEnumAttribute(call.0, idx, align_kind) };
            if a.is_null() {
                1
            } else {
                unsafe { LLVMGetEnumAttributeValue(a) }.max(1)
            }
        };
        for blk in self.f.blocks() {
            for call in blk.instructions() {
                if !call.is_call() {
                    continue;
                }
                let name = call.called_function().map(|f| f.name()).unwrap_or_default();
                let copy = name.starts_with("llvm.memcpy.") || name.starts_with("llvm.memmove.");
                let set = name.starts_with("llvm.memset.");
                if !copy && !set {
                    continue;
                }
                let (dst, len, volatile) = (call.operand(0), call.operand(2), call.operand(3));
                if !len.is_constant_int() || len.const_zext() > 64 || volatile.const_zext() != 0 {
                    continue;
                }
                let n = len.const_zext();
                let mut align = param_align(call, 1);
                if copy {
                    align = align.min(param_align(call, 2));
                }
                let chunk = [8u64, 4, 2, 1]
                    .into_iter()
                    .find(|c| n % c == 0 && align % c == 0)
                    .unwrap_or(1);
                let ty = Ty(unsafe { LLVMIntTypeInContext(m.ctx, (chunk * 8) as u32) });
                let b = m.builder();
                b.before(call);
                // A memmove of one chunk is a memcpy; of more, the chunks are all read first.
                let mut values = Vec::new();
                for k in 0..n / chunk {
                    let off = m.const_int(m.i64(), k * chunk);
                    let v = if copy {
                        let src = b.gep(m.i8(), call.operand(1), &[off]);
                        let v = b.load(ty, src, "");
                        v.set_alignment(chunk as u32);
                        v
                    } else {
                        let byte = b.trunc(call.operand(1), m.i8());
                        let wide = b.zext(byte, ty);
                        let mut acc = wide;
                        for s in 1..chunk {
                            acc = b.or(acc, b.shl(wide, m.const_int(ty, 8 * s)));
                        }
                        acc
                    };
                    values.push((off, v));
                }
                for (off, v) in values {
                    let p = b.gep(m.i8(), dst, &[off]);
                    b.store(v, p).set_alignment(chunk as u32);
                }
                call.erase();
            }
        }
    }

    /// One `ret void` at the end of the kernel, so that an if-converted region always has a join.
    fn unify_returns(&self) -> Result<(), String> {
        let mut rets = Vec::new();
        for blk in self.f.blocks() {
            let t = blk.terminator().ok_or("a block without a terminator")?;
            match t.opcode() {
                Op::LLVMRet if t.num_operands() == 0 => rets.push(t),
                Op::LLVMRet => return Err("a kernel returning a value".into()),
                Op::LLVMBr => {}
                Op::LLVMUnreachable if aborts(blk) => {}
                Op::LLVMUnreachable => return Err("unreachable code".into()),
                other => return Err(format!("a `{other:?}` terminator")),
            }
        }
        if rets.len() > 1 {
            let exit = self.m.append_block(self.f, "warp.exit");
            let b = self.m.builder();
            b.at_end(exit).ret_void();
            for r in rets {
                let blk = r.parent_block();
                r.erase();
                b.at_end(blk).br(exit);
            }
        }
        Ok(())
    }

    fn cfg(&mut self) -> Result<(), String> {
        self.preds.clear();
        let entry = self.f.entry_block().ok_or("no body")?;
        let mut seen = HashSet::new();
        let mut post = Vec::new();
        let mut stack = vec![(entry, 0usize)];
        seen.insert(entry);
        while let Some((blk, k)) = stack.pop() {
            let succs = blk.successors();
            if k < succs.len() {
                stack.push((blk, k + 1));
                let s = succs[k];
                if seen.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(blk);
            }
        }
        post.reverse();
        if post.len() != self.f.blocks().len() {
            return Err("unreachable blocks".into());
        }
        for blk in &post {
            for s in blk.successors() {
                let p = self.preds.entry(s).or_default();
                if !p.contains(blk) {
                    p.push(*blk);
                }
            }
        }
        self.order = post;
        self.find_loops();
        Ok(())
    }

    fn shape(&self, v: Val) -> Shape {
        if !v.is_instruction() {
            return Shape::Uniform;
        }
        self.shapes.get(&v).copied().unwrap_or(Shape::Uniform)
    }

    /// Which values differ between lanes, to a fixed point over data and control dependence.
    fn analyse(&mut self) -> Result<(), String> {
        let mut joins: HashSet<Block> = HashSet::new();
        loop {
            let mut changed = false;
            for blk in self.order.clone() {
                for i in blk.instructions() {
                    let s = self.shape_of(i, joins.contains(&blk));
                    if self.shapes.insert(i, s) != Some(s) {
                        changed = true;
                    }
                }
            }
            // Phis inside and at the join of a divergent branch take their value from the path
            // each lane took.
            let (succs, index) = self.indexed();
            let ipdom = crate::uniform::immediate_post_dominators(&succs);
            for blk in self.order.clone() {
                let Some(c) = self.condition(blk) else {
                    continue;
                };
                if self.shape(c).uniform() {
                    continue;
                }
                let Some(join) = ipdom[index[&blk]].map(|j| self.order[j]) else {
                    return Err("a lane-varying branch with no join".into());
                };
                for r in self.between(blk, join) {
                    // A loop that all its active lanes go round together merges no paths at
                    // its header.
                    if self.steady_loop(r).is_none() {
                        changed |= joins.insert(r);
                    }
                }
                changed |= joins.insert(join);
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn indexed(&self) -> (Vec<Vec<usize>>, HashMap<Block, usize>) {
        let index: HashMap<Block, usize> = self
            .order
            .iter()
            .enumerate()
            .map(|(k, b)| (*b, k))
            .collect();
        // A failing assertion ends the work-group: its edge is no path for post-dominance.
        let succs = self
            .order
            .iter()
            .map(|b| {
                b.successors()
                    .iter()
                    .filter(|s| !aborts(**s))
                    .map(|s| index[s])
                    .collect()
            })
            .collect();
        (succs, index)
    }

    /// The condition of `blk`'s branch, unless one side fails the launch (an assertion):
    /// such a branch stays a branch, taken when any active lane fails.
    fn condition(&self, blk: Block) -> Option<Val> {
        let t = blk.terminator()?;
        (t.opcode() == Op::LLVMBr && t.num_operands() == 3 && abort_side(t).is_none())
            .then(|| t.operand(0))
    }

    /// Blocks reachable from `head`'s successors without passing `join`, in `order`.
    fn between(&self, head: Block, join: Block) -> Vec<Block> {
        let mut seen = HashSet::new();
        let mut work: Vec<Block> = head.successors();
        while let Some(b) = work.pop() {
            if b == join || b == head || aborts(b) || !seen.insert(b) {
                continue;
            }
            work.extend(b.successors());
        }
        self.order
            .iter()
            .copied()
            .filter(|b| seen.contains(b))
            .collect()
    }

    fn shape_of(&self, i: Val, at_join: bool) -> Shape {
        use Shape::*;
        let ops: Vec<Shape> = (0..i.num_operands())
            .map(|k| self.shape(i.operand(k)))
            .collect();
        let all_uniform = |ops: &[Shape]| ops.iter().all(|s| s.uniform());
        match i.opcode() {
            Op::LLVMPHI => {
                if at_join {
                    return Varying;
                }
                let n = unsafe { LLVMCountIncoming(i.0) };
                let shapes: Vec<Shape> = (0..n)
                    .map(|k| self.shape(Val(unsafe { LLVMGetIncomingValue(i.0, k) })))
                    .collect();
                if all_uniform(&shapes) {
                    Uniform
                } else {
                    Varying
                }
            }
            Op::LLVMCall => {
                let name = i.called_function().map(|f| f.name()).unwrap_or_default();
                match name.as_str() {
                    "__ferrocm_workitem_id_x" | "__ferrocm_lane_id" => Lanes,
                    EXCHANGE | ANY => Uniform,
                    _ => {
                        let args = &ops[..i.num_call_args() as usize];
                        if all_uniform(args) {
                            Uniform
                        } else {
                            Varying
                        }
                    }
                }
            }
            // Each lane's copy sits beside the others (`[w x T]`, see `widen`), so lane `l`'s
            // address is the first lane's plus `l` times the type's size.
            Op::LLVMAlloca => match self.m.size_of(i.allocated_type()) {
                0 => Varying,
                size => Consecutive(size as i64),
            },
            // Every lane does its own read-modify-write.
            Op::LLVMAtomicRMW => Varying,
            Op::LLVMLoad => {
                if ops[0].uniform() {
                    Uniform
                } else {
                    Varying
                }
            }
            op if self.lanes_rule(i, op, &ops).is_some() => {
                self.lanes_rule(i, op, &ops).unwrap_or(Varying)
            }
            Op::LLVMAdd | Op::LLVMSub | Op::LLVMMul | Op::LLVMShl => {
                if all_uniform(&ops) {
                    return Uniform;
                }
                let c = |k: u32| {
                    let v = i.operand(k);
                    v.is_constant_int()
                        .then(|| unsafe { LLVMConstIntGetSExtValue(v.0) })
                };
                // Arithmetic on checked values stays checked (the run-time test is on the
                // final addresses); on consecutive ones it must not wrap.
                let checked = matches!(ops[0], Checked(_)) || matches!(ops[1], Checked(_));
                let lift = |s: Shape| match s {
                    Checked(x) => Consecutive(x),
                    Lanes => Consecutive(1),
                    other => other,
                };
                let s = match (i.opcode(), lift(ops[0]), lift(ops[1])) {
                    (Op::LLVMAdd, Consecutive(a), Uniform)
                    | (Op::LLVMAdd, Uniform, Consecutive(a)) => Some(a),
                    (Op::LLVMSub, Consecutive(a), Uniform) => Some(a),
                    (Op::LLVMMul, Consecutive(a), Uniform) => c(1).map(|k| a * k),
                    (Op::LLVMMul, Uniform, Consecutive(a)) => c(0).map(|k| a * k),
                    (Op::LLVMShl, Consecutive(a), Uniform) => {
                        c(1).filter(|k| (0..32).contains(k)).map(|k| a << k)
                    }
                    _ => None,
                };
                match s {
                    Some(s)
                        if s != 0
                            && !checked
                            && (self.no_wrap(i) || i.ty().int_width() == Some(64)) =>
                    {
                        Consecutive(s)
                    }
                    // Consecutive modulo the type's width.
                    Some(s) if s != 0 => Checked(s),
                    _ => Varying,
                }
            }
            Op::LLVMSExt | Op::LLVMZExt => match ops[0] {
                Uniform => Uniform,
                Lanes => Lanes,
                Consecutive(s) if self.extends_exactly(i) => Consecutive(s),
                Consecutive(s) | Checked(s) => Checked(s),
                Varying => Varying,
            },
            Op::LLVMAddrSpaceCast | Op::LLVMBitCast if i.ty().is_pointer() => ops[0],
            Op::LLVMGetElementPtr => {
                if all_uniform(&ops) {
                    return Uniform;
                }
                self.gep_stride(i, &ops).unwrap_or(Varying)
            }
            _ => {
                if all_uniform(&ops) {
                    Uniform
                } else {
                    Varying
                }
            }
        }
    }

    /// The shape of arithmetic on [`Shape::Lanes`] values that keeps (or makes uniform) their
    /// alignment to the warp; `None` where the general rules apply.
    fn lanes_rule(&self, i: Val, op: Op, ops: &[Shape]) -> Option<Shape> {
        use Shape::*;
        if ops.len() < 2 || !matches!(ops[0], Lanes) && !matches!(ops[1], Lanes) {
            return None;
        }
        let w = self.w as u64;
        let konst = |k: u32| {
            let v = i.operand(k);
            v.is_constant_int().then(|| v.const_zext())
        };
        match (op, ops[0], ops[1]) {
            (Op::LLVMAdd, Lanes, Uniform) if self.multiple_of_w(i.operand(1), 0) => Some(Lanes),
            (Op::LLVMAdd, Uniform, Lanes) if self.multiple_of_w(i.operand(0), 0) => Some(Lanes),
            (Op::LLVMAnd, Lanes, Uniform) => match konst(1)? & (w - 1) {
                m if m == w - 1 => Some(Lanes),
                0 => Some(Uniform),
                _ => None,
            },
            (Op::LLVMLShr | Op::LLVMAShr, Lanes, Uniform) => {
                let k = konst(1)?;
                (k < 64 && (1u64 << k).is_multiple_of(w)).then_some(Uniform)
            }
            (Op::LLVMUDiv, Lanes, Uniform) => {
                let c = konst(1)?;
                (c != 0 && c.is_multiple_of(w)).then_some(Uniform)
            }
            // `threadIdx.x < 64` is `threadIdx.x / 64 == 0`: the same in every lane when the
            // bound is a multiple of the warp size (never crossed inside a warp).
            (Op::LLVMICmp, Lanes, Uniform) => {
                use LLVMIntPredicate::*;
                let c = konst(1)?;
                let bound = match unsafe { LLVMGetICmpPredicate(i.0) } {
                    LLVMIntULT | LLVMIntUGE | LLVMIntSLT | LLVMIntSGE => c,
                    LLVMIntULE | LLVMIntUGT | LLVMIntSLE | LLVMIntSGT => c.wrapping_add(1),
                    _ => return None,
                };
                bound.is_multiple_of(w).then_some(Uniform)
            }
            (Op::LLVMURem, Lanes, Uniform) => {
                let c = konst(1)?;
                (c != 0 && c.is_multiple_of(w)).then_some(Lanes)
            }
            _ => None,
        }
    }

    /// Whether `i` is the lane id computed from a [`Shape::Lanes`] value: its remainder by the
    /// warp size, or its low bits.
    fn is_lane_id(&self, i: Val) -> bool {
        if i.num_operands() != 2 || self.shape(i.operand(0)) != Shape::Lanes {
            return false;
        }
        let c = i.operand(1);
        if !c.is_constant_int() {
            return false;
        }
        let w = self.w as u64;
        match i.opcode() {
            Op::LLVMAnd => c.const_zext() == w - 1,
            Op::LLVMURem => c.const_zext() == w,
            _ => false,
        }
    }

    /// Whether uniform `v` is known to be a multiple of the warp size.
    fn multiple_of_w(&self, v: Val, depth: u32) -> bool {
        let w = self.w as u64;
        if v.is_constant_int() {
            return v.const_zext().is_multiple_of(w);
        }
        if depth > 8 || !v.is_instruction() {
            return false;
        }
        let konst = |k: u32| {
            let o = v.operand(k);
            o.is_constant_int().then(|| o.const_zext())
        };
        match v.opcode() {
            Op::LLVMShl => {
                konst(1).is_some_and(|k| k < 64 && (1u64 << k).is_multiple_of(w))
                    || self.multiple_of_w(v.operand(0), depth + 1)
            }
            Op::LLVMMul => {
                self.multiple_of_w(v.operand(0), depth + 1)
                    || self.multiple_of_w(v.operand(1), depth + 1)
            }
            Op::LLVMAdd | Op::LLVMSub | Op::LLVMOr => {
                self.multiple_of_w(v.operand(0), depth + 1)
                    && self.multiple_of_w(v.operand(1), depth + 1)
            }
            Op::LLVMAnd => {
                konst(1).is_some_and(|c| c.is_multiple_of(w))
                    || self.multiple_of_w(v.operand(0), depth + 1)
            }
            Op::LLVMZExt | Op::LLVMSExt => self.multiple_of_w(v.operand(0), depth + 1),
            _ => false,
        }
    }

    /// Lane arithmetic that cannot wrap: flagged nsw or nuw.
    fn no_wrap(&self, i: Val) -> bool {
        unsafe { LLVMGetNSW(i.0) != 0 || LLVMGetNUW(i.0) != 0 }
    }

    /// A sign or zero extension that keeps consecutive values consecutive: of a work-item id or
    /// lane id, of arithmetic that cannot wrap (nsw for sext, nuw for zext), or a `zext nneg`.
    fn extends_exactly(&self, i: Val) -> bool {
        let src = i.operand(0);
        let is_id = src.is_call();
        if is_id {
            return true;
        }
        if !src.is_instruction()
            || !matches!(
                src.opcode(),
                Op::LLVMAdd | Op::LLVMSub | Op::LLVMMul | Op::LLVMShl
            )
        {
            return false;
        }
        match i.opcode() {
            Op::LLVMSExt => unsafe { LLVMGetNSW(src.0) != 0 },
            _ => unsafe { LLVMGetNUW(src.0) != 0 || LLVMGetNNeg(i.0) != 0 },
        }
    }

    /// Byte stride of a GEP from a uniform or consecutive base with one consecutive index.
    fn gep_stride(&self, i: Val, ops: &[Shape]) -> Option<Shape> {
        // An index narrower than 64 bits is sign-extended: consecutive only if it does not
        // cross the sign boundary, which the access checks.
        let narrow = (1..i.num_operands()).any(|k| {
            !matches!(ops[k as usize], Shape::Uniform | Shape::Lanes)
                && i.operand(k).ty().int_width().is_some_and(|w| w < 64)
        });
        let checked = narrow || ops.iter().any(|s| matches!(s, Shape::Checked(_)));
        let mut stride = match ops[0] {
            Shape::Uniform => 0,
            Shape::Consecutive(s) | Shape::Checked(s) => s,
            Shape::Lanes => 1,
            Shape::Varying => return None,
        };
        let mut ty = unsafe { LLVMGetGEPSourceElementType(i.0) };
        for (k, s) in ops.iter().enumerate().skip(1) {
            if k > 1 {
                // Step into the indexed type: arrays only (a struct index is a constant).
                match unsafe { LLVMGetTypeKind(ty) } {
                    LLVMTypeKind::LLVMArrayTypeKind => ty = unsafe { LLVMGetElementType(ty) },
                    LLVMTypeKind::LLVMStructTypeKind if s.uniform() => {
                        let idx = i.operand(k as u32);
                        if !idx.is_constant_int() {
                            return None;
                        }
                        ty = unsafe { LLVMStructGetTypeAtIndex(ty, idx.const_zext() as u32) };
                        continue;
                    }
                    _ => return None,
                }
            }
            match s {
                Shape::Uniform => {}
                Shape::Consecutive(e) | Shape::Checked(e) => {
                    stride += e * self.m.size_of(Ty(ty)) as i64
                }
                Shape::Lanes => stride += self.m.size_of(Ty(ty)) as i64,
                Shape::Varying => return None,
            }
        }
        (stride != 0).then_some(if checked {
            Shape::Checked(stride)
        } else {
            Shape::Consecutive(stride)
        })
    }

    /// The if-converted regions: each lane-varying branch, from its block to its join.
    fn find_regions(&mut self) -> Result<(), String> {
        let (succs, index) = self.indexed();
        let ipdom = crate::uniform::immediate_post_dominators(&succs);
        let mut all: Vec<(Block, Vec<Block>, Block)> = Vec::new();
        for blk in self.order.clone() {
            let Some(c) = self.condition(blk) else {
                continue;
            };
            if self.shape(c).uniform() {
                continue;
            }
            let join = ipdom[index[&blk]]
                .map(|j| self.order[j])
                .ok_or("a lane-varying branch with no join")?;
            let inner = self.between(blk, join);
            let back_to_head = inner
                .iter()
                .chain([&blk])
                .any(|b| b.successors().contains(&blk));
            if back_to_head {
                return Err("a loop under a lane-varying condition".into());
            }
            let mut member: HashSet<Block> = inner.iter().copied().collect();
            member.insert(blk);
            for r in &inner {
                for s in r.successors() {
                    if s != join
                        && member.contains(&s)
                        && index[&s] <= index[r]
                        && !self.steady_back_edge(*r, s, &member)
                    {
                        return Err("a loop under a lane-varying condition".into());
                    }
                }
            }
            all.push((blk, inner, join));
        }
        // Top-level regions: those whose head lies in no other region; nested ones must nest.
        let mut top: Vec<(Block, Vec<Block>, Block)> = Vec::new();
        for (h, inner, j) in &all {
            let outer = all
                .iter()
                .find(|(h2, inner2, _)| h2 != h && inner2.contains(h));
            match outer {
                Some((_, inner2, j2)) => {
                    let nests =
                        inner.iter().all(|b| inner2.contains(b)) && (inner2.contains(j) || j == j2);
                    if !nests {
                        return Err("lane-varying branches that do not nest".into());
                    }
                }
                None => top.push((*h, inner.clone(), *j)),
            }
        }
        // A top-level region is entered only through its head, and nothing from outside reaches
        // a join with phis (nested regions need neither: the top-level one linearizes them).
        for (h, inner, j) in &top {
            for r in inner {
                if self.preds[r].iter().any(|p| p != h && !inner.contains(p)) {
                    return Err("a lane-varying branch whose region has another entry".into());
                }
            }
            let join_has_phis = j.instructions().iter().any(|i| i.is_phi());
            let from_outside = self.preds[j].iter().any(|p| p != h && !inner.contains(p));
            if join_has_phis && from_outside {
                return Err("a lane-varying branch whose join has another entry".into());
            }
        }
        for (k, (h, inner, j)) in top.into_iter().enumerate() {
            for b in &inner {
                if self.inside.insert(*b, k).is_some() {
                    return Err("overlapping lane-varying regions".into());
                }
            }
            self.regions.push(Region {
                head: h,
                blocks: inner,
                join: j,
            });
        }
        for r in &self.regions {
            if self.inside.contains_key(&r.head) || self.inside.contains_key(&r.join) {
                return Err("overlapping lane-varying regions".into());
            }
        }
        Ok(())
    }

    /// Everything the widening below knows how to do.
    fn check(&self) -> Result<(), String> {
        for blk in &self.order {
            for i in blk.instructions() {
                let s = self.shape(i);
                match i.opcode() {
                    Op::LLVMAtomicCmpXchg => return Err("compare-and-swap".into()),
                    Op::LLVMExtractValue
                    | Op::LLVMInsertValue
                    | Op::LLVMExtractElement
                    | Op::LLVMInsertElement
                    | Op::LLVMShuffleVector
                        if !s.uniform() =>
                    {
                        return Err("lane-varying aggregate or vector values".into())
                    }
                    Op::LLVMCall => self.check_call(i, s)?,
                    Op::LLVMAlloca => {
                        let n = i.operand(0);
                        if !(n.is_constant_int() && n.const_zext() == 1) {
                            return Err("an array alloca".into());
                        }
                        if i.ty().addrspace() != 0 {
                            return Err("an alloca outside address space 0".into());
                        }
                        if !self.scalar(i.allocated_type())
                            && !i.allocated_type().is_struct_or_array()
                        {
                            return Err("a vector alloca".into());
                        }
                    }
                    Op::LLVMVAArg | Op::LLVMLandingPad | Op::LLVMInvoke => {
                        return Err(format!("a `{:?}` instruction", i.opcode()))
                    }
                    _ => {}
                }
                if !s.uniform() && !self.scalar(i.ty()) && !i.ty().is_void() {
                    return Err("a lane-varying value of vector or aggregate type".into());
                }
                if (i.is_load() || i.is_store()) && !s.uniform() {
                    let ty = if i.is_load() {
                        i.ty()
                    } else {
                        i.operand(0).ty()
                    };
                    if !self.scalar(ty) {
                        return Err("a lane-varying load or store of a vector".into());
                    }
                }
                if i.is_store() && !self.scalar(i.operand(0).ty()) && self.in_region(*blk) {
                    return Err("a masked store of a vector or aggregate".into());
                }
                if i.is_load() && !self.scalar(i.ty()) && self.in_region(*blk) {
                    return Err("a masked load of a vector or aggregate".into());
                }
            }
        }
        Ok(())
    }

    fn check_call(&self, i: Val, s: Shape) -> Result<(), String> {
        let name = i
            .called_function()
            .map(|f| f.name())
            .ok_or("a call through a pointer")?;
        let known = matches!(
            name.as_str(),
            "__ferrocm_workitem_id_x"
                | "__ferrocm_workitem_id_y"
                | "__ferrocm_workitem_id_z"
                | "__ferrocm_lane_id"
                | "__ferrocm_barrier"
                | "__ferrocm_warp_size"
                | EXCHANGE
                | ANY
        ) || name.starts_with("__ferrocm_workgroup_")
            || name.starts_with("__ferrocm_num_workgroups_");
        if name == "__ferrocm_barrier" && self.in_region(i.parent_block()) {
            // Some lanes would wait at a barrier the others skip: the work-item form fails such
            // a launch as divergent, which the masked form could not tell.
            return Err("a barrier under a lane-varying condition".into());
        }
        if known {
            return Ok(());
        }
        if matches!(name.as_str(), "__ferrocm_assert_fail" | "__ferrocm_trap") && s.uniform() {
            // In a block that fails the launch, reached when any lane fails.
            return Ok(());
        }
        if name.starts_with("llvm.lifetime.") || name == "llvm.assume" {
            return Ok(());
        }
        if name.starts_with("llvm.") {
            if s.uniform() && !self.in_region(i.parent_block()) {
                return Ok(());
            }
            if elementwise(&name).is_some() {
                return Ok(());
            }
            if s.uniform() && !has_side_effects(&name) {
                return Ok(());
            }
        }
        Err(format!("a call to `{name}`"))
    }

    fn in_region(&self, blk: Block) -> bool {
        self.inside.contains_key(&blk)
    }

    fn scalar(&self, ty: Ty) -> bool {
        matches!(
            ty.kind(),
            LLVMTypeKind::LLVMIntegerTypeKind
                | LLVMTypeKind::LLVMFloatTypeKind
                | LLVMTypeKind::LLVMDoubleTypeKind
                | LLVMTypeKind::LLVMHalfTypeKind
                | LLVMTypeKind::LLVMBFloatTypeKind
                | LLVMTypeKind::LLVMPointerTypeKind
        )
    }

    // ---- code ----

    fn vec_ty(&self, ty: Ty) -> Ty {
        Ty(unsafe { LLVMVectorType(ty.0, self.w) })
    }

    fn at(&self, i: Val) {
        unsafe { LLVMPositionBuilderBefore(self.b, i.0) }
    }

    fn at_end_before_terminator(&self, blk: Block) {
        match blk.terminator() {
            Some(t) => self.at(t),
            None => unsafe { LLVMPositionBuilderAtEnd(self.b, blk.0) },
        }
    }

    fn splat(&self, v: Val) -> Val {
        let vt = self.vec_ty(v.ty());
        let none = cstr("");
        unsafe {
            let ins = LLVMBuildInsertElement(
                self.b,
                LLVMGetPoison(vt.0),
                v.0,
                LLVMConstInt(LLVMInt32TypeInContext(self.m.ctx), 0, 0),
                none.as_ptr(),
            );
            let zero = LLVMConstNull(self.vec_ty(self.m.i32()).0);
            Val(LLVMBuildShuffleVector(
                self.b,
                ins,
                LLVMGetPoison(vt.0),
                zero,
                none.as_ptr(),
            ))
        }
    }

    /// The widened form of operand `v`, built at the builder's position.
    fn wv(&self, v: Val) -> Val {
        if let Some(w) = self.vmap.get(&v) {
            return *w;
        }
        self.splat(v)
    }

    fn intrinsic(&self, name: &str, overloads: &[Ty]) -> (Val, Ty) {
        self.m.intrinsic(name, overloads)
    }

    fn call(&self, name: &str, overloads: &[Ty], args: &[Val]) -> Val {
        let (f, fty) = self.intrinsic(name, overloads);
        let mut a: Vec<LLVMValueRef> = args.iter().map(|v| v.0).collect();
        let none = cstr("");
        Val(unsafe {
            LLVMBuildCall2(
                self.b,
                fty.0,
                f.0,
                a.as_mut_ptr(),
                a.len() as u32,
                none.as_ptr(),
            )
        })
    }

    /// `v` frozen; a constant as it is (without poison lanes, it needs none, and masks built
    /// from constants then fold).
    fn freeze(&self, v: Val) -> Val {
        if self.constant_lanes(v).is_some() {
            return v;
        }
        Val(unsafe { LLVMBuildFreeze(self.b, v.0, cstr("").as_ptr()) })
    }

    /// The lanes of a constant integer vector, when none is poison or undefined.
    fn constant_lanes(&self, v: Val) -> Option<Vec<u64>> {
        let is_const = unsafe {
            !LLVMIsAConstantDataVector(v.0).is_null() || !LLVMIsAConstantVector(v.0).is_null()
        };
        if !is_const {
            return None;
        }
        (0..self.w)
            .map(|l| {
                let e = Val(unsafe { LLVMGetAggregateElement(v.0, l) });
                (!e.0.is_null() && e.is_constant_int()).then(|| e.const_zext())
            })
            .collect()
    }

    /// The one lane a mask can have set, where it is a constant with one lane set, or the `and`
    /// of such a constant with anything.
    fn single_lane(&self, mask: Val, depth: u32) -> Option<u32> {
        if let Some(lanes) = self.constant_lanes(mask) {
            let set: Vec<u32> = (0..self.w).filter(|&l| lanes[l as usize] != 0).collect();
            return match set[..] {
                [l] => Some(l),
                _ => None,
            };
        }
        if depth > 4 || !mask.is_instruction() || mask.opcode() != Op::LLVMAnd {
            return None;
        }
        self.single_lane(mask.operand(0), depth + 1)
            .or_else(|| self.single_lane(mask.operand(1), depth + 1))
    }

    /// The lane ids `0, 1, ..., W - 1` as a vector of integer type `ty`.
    fn lane_ids(&self, ty: Ty) -> Val {
        let mut lanes: Vec<LLVMValueRef> = (0..self.w)
            .map(|l| self.m.const_int(ty, l as u64).0)
            .collect();
        Val(unsafe { LLVMConstVector(lanes.as_mut_ptr(), self.w) })
    }

    fn i32c(&self, v: u64) -> Val {
        self.m.const_int(self.m.i32(), v)
    }

    fn any(&self, mask: Val) -> Val {
        let mt = mask.ty();
        let r = self.call("llvm.vector.reduce.or", &[mt], &[mask]);
        // As a one-lane mask, for the masked scalar intrinsics.
        let v1 = Ty(unsafe { LLVMVectorType(self.m.i1().0, 1) });
        let none = cstr("");
        Val(unsafe {
            LLVMBuildInsertElement(
                self.b,
                LLVMGetPoison(v1.0),
                r.0,
                self.i32c(0).0,
                none.as_ptr(),
            )
        })
    }

    /// The lane ids and the entry mask, at the top of the entry block.
    fn preamble(&mut self) {
        let m = self.m;
        let i32t = m.i32();
        let entry = self.order[0];
        let Some(top) = entry.first_non_phi() else {
            return;
        };
        self.at(top);
        let builtin = |name: &str| {
            let fty = m.fn_type(i32t, &[]);
            let f = m
                .function(name)
                .unwrap_or_else(|| m.add_function(name, fty));
            let none = cstr("");
            Val(unsafe {
                LLVMBuildCall2(self.b, fty.0, f.0, std::ptr::null_mut(), 0, none.as_ptr())
            })
        };
        let b = m.builder();
        let warp = builtin(WARP_INDEX);
        let bx = builtin("__ferrocm_workgroup_size_x");
        let by = builtin("__ferrocm_workgroup_size_y");
        let bz = builtin("__ferrocm_workgroup_size_z");
        b.before(top);
        let base = b.mul(warp, m.const_int(i32t, self.w as u64));
        let x0 = b.urem(base, bx);
        let row = b.udiv(base, bx);
        self.lane_y = b.urem(row, by);
        self.lane_z = b.udiv(row, by);
        let total = b.mul(b.mul(bx, by), bz);
        let lanes: Vec<LLVMValueRef> = (0..self.w).map(|l| self.i32c(l as u64).0).collect();
        let mut lanes = lanes;
        self.iota = Val(unsafe { LLVMConstVector(lanes.as_mut_ptr(), self.w) });
        self.at(top);
        let linear = b.add(self.splat(base), self.iota);
        let total_v = self.splat(total);
        self.entry_mask = b.icmp(LLVMIntPredicate::LLVMIntULT, linear, total_v);
        self.lane_x = b.add(self.splat(x0), self.iota);
        self.first = top;
    }

    fn widen_block(&mut self, blk: Block) -> Result<(), String> {
        // The block's lane mask.
        let steady_header = self.steady_loop(blk).and_then(|l| l.preheader);
        let steady_exit = self.steady_exit_of(blk).map(|l| l.header);
        let mask = if let (true, Some(pre)) = (self.inside.contains_key(&blk), steady_header) {
            // A loop in a region runs its entry's lanes, every time round.
            *self
                .edges
                .get(&(pre, blk))
                .ok_or("a loop entry without a mask")?
        } else if let (true, Some(h)) = (self.inside.contains_key(&blk), steady_exit) {
            // Every lane that entered the loop leaves it here, together.
            *self.masks.get(&h).ok_or("a loop exit before its loop")?
        } else if let Some(&k) = self.inside.get(&blk) {
            let _ = k;
            let at = blk.first_non_phi().ok_or("an empty block")?;
            self.at(at);
            let mut acc: Option<Val> = None;
            for p in self.preds[&blk].clone() {
                let e = self.edges[&(p, blk)];
                acc = Some(match acc {
                    None => e,
                    Some(a) => {
                        self.at(at);
                        self.ib.or(a, e)
                    }
                });
            }
            acc.ok_or("a region block without predecessors")?
        } else {
            self.entry_mask
        };
        self.masks.insert(blk, mask);
        let joins_here = (self.inside.contains_key(&blk)
            || self.regions.iter().any(|r| r.join == blk))
            && steady_header.is_none();
        for i in blk.instructions() {
            if !self.shapes.contains_key(&i) {
                // Made by this pass (the preamble, lane buffers).
                continue;
            }
            if i.is_phi() {
                self.widen_phi(i, blk, joins_here)?;
            } else if i.opcode() == Op::LLVMBr {
                // The edge masks first: they need the lane-varying condition.
                self.edge_masks(blk, i);
                if let Some(on_true) = abort_side(i) {
                    if !self.shape(i.operand(0)).uniform() {
                        self.abort_branch(i, on_true, mask);
                    }
                }
            } else if i.opcode() != Op::LLVMRet {
                self.widen(i, mask)?;
            }
        }
        Ok(())
    }

    fn widen_phi(&mut self, phi: Val, blk: Block, joins_here: bool) -> Result<(), String> {
        if self.shape(phi).uniform() {
            return Ok(());
        }
        let n = unsafe { LLVMCountIncoming(phi.0) };
        if joins_here {
            // A select per incoming edge, by the edge's lane mask.
            let at = blk.first_non_phi().ok_or("an empty block")?;
            let mut acc: Option<Val> = None;
            for k in 0..n {
                let v = Val(unsafe { LLVMGetIncomingValue(phi.0, k) });
                let from = phi.incoming_block(k);
                self.at(at);
                let wv = self.wv(v);
                acc = Some(match acc {
                    None => wv,
                    Some(a) => {
                        let e = *self
                            .edges
                            .get(&(from, blk))
                            .ok_or("an edge into a join without a mask")?;
                        {
                            self.at(at);
                            self.ib.select(e, wv, a)
                        }
                    }
                });
            }
            let v = acc.ok_or("a phi without incoming values")?;
            self.vmap.insert(phi, v);
        } else {
            let vt = self.vec_ty(phi.ty());
            let none = cstr("");
            let first = blk.first_instruction().ok_or("an empty block")?;
            self.at(first);
            let p = Val(unsafe { LLVMBuildPhi(self.b, vt.0, none.as_ptr()) });
            self.vmap.insert(phi, p);
            self.phis.push((phi, p));
        }
        Ok(())
    }

    /// A branch to a failing assertion: taken when any active lane takes it.
    fn abort_branch(&mut self, br: Val, on_true: bool, mask: Val) {
        self.at(br);
        let c = self.freeze(self.wv(br.operand(0)));
        let all = Val(unsafe { LLVMConstAllOnes(c.ty().0) });
        let failing = if on_true {
            c
        } else {
            Val(unsafe { LLVMBuildXor(self.b, c.0, all.0, cstr("").as_ptr()) })
        };
        let lanes = self.ib.and(failing, mask);
        let any = self.call("llvm.vector.reduce.or", &[lanes.ty()], &[lanes]);
        let cond = if on_true {
            any
        } else {
            Val(unsafe { LLVMBuildNot(self.b, any.0, cstr("").as_ptr()) })
        };
        br.set_operand(0, cond);
    }

    /// Lane masks of the edges out of `blk` that lead into or out of an if-converted region.
    fn edge_masks(&mut self, blk: Block, br: Val) {
        let involved = |b: &Block| {
            self.inside.contains_key(b) || self.regions.iter().any(|r| r.head == *b || r.join == *b)
        };
        let succs = blk.successors();
        if !involved(&blk) && !succs.iter().any(involved) {
            return;
        }
        let mask = self.masks[&blk];
        if br.num_operands() == 1 {
            self.edges.insert((blk, succs[0]), mask);
            return;
        }
        let c = br.operand(0);
        // Successor 0 is the true edge.
        let (t, f) = (br.successor(0), br.successor(1));
        if t == f {
            self.edges.insert((blk, t), mask);
            return;
        }
        self.at(br);
        // Inactive lanes may hold poison, which `and` with a clear mask bit would not hide.
        let cv = self.freeze(self.wv(c));
        let all = Val(unsafe { LLVMConstAllOnes(cv.ty().0) });
        let not_c = Val(unsafe { LLVMBuildXor(self.b, cv.0, all.0, cstr("").as_ptr()) });
        let (on_t, on_f) = (self.ib.and(mask, cv), self.ib.and(mask, not_c));
        self.edges.insert((blk, t), on_t);
        self.edges.insert((blk, f), on_f);
    }

    fn widen(&mut self, i: Val, mask: Val) -> Result<(), String> {
        let s = self.shape(i);
        let in_region = self.in_region(i.parent_block());
        let op = i.opcode();
        if op == Op::LLVMCall {
            return self.widen_call(i, s, mask);
        }
        if s.uniform() {
            // Uniform from lane-varying operands (`threadIdx.x / warpSize`): computed from lane
            // 0's values.
            for k in 0..i.num_operands() {
                let o = i.operand(k);
                if !self.shape(o).uniform() {
                    if let Some(v) = self.vmap.get(&o).copied() {
                        self.at(i);
                        let l0 = self.lane0(v);
                        i.set_operand(k, l0);
                    }
                }
            }
            if in_region && (i.is_load() || i.is_store()) {
                self.guard(i, mask);
            } else {
                self.fold(i);
            }
            return Ok(());
        }
        self.at(i);
        let none = cstr("");
        if self.is_lane_id(i) {
            // `threadIdx.x % warpSize`, `& (warpSize - 1)`: lane l's value is l.
            self.vmap.insert(i, self.lane_ids(i.ty()));
            return Ok(());
        }
        let b = &self.ib;
        let v = match op {
            Op::LLVMAdd
            | Op::LLVMFAdd
            | Op::LLVMSub
            | Op::LLVMFSub
            | Op::LLVMMul
            | Op::LLVMFMul
            | Op::LLVMUDiv
            | Op::LLVMSDiv
            | Op::LLVMFDiv
            | Op::LLVMURem
            | Op::LLVMSRem
            | Op::LLVMFRem
            | Op::LLVMShl
            | Op::LLVMLShr
            | Op::LLVMAShr
            | Op::LLVMAnd
            | Op::LLVMOr
            | Op::LLVMXor => {
                let (a, c) = (self.wv(i.operand(0)), self.wv(i.operand(1)));
                Val(unsafe { LLVMBuildBinOp(self.b, op, a.0, c.0, none.as_ptr()) })
            }
            Op::LLVMFNeg => {
                let a = self.wv(i.operand(0));
                Val(unsafe { LLVMBuildFNeg(self.b, a.0, none.as_ptr()) })
            }
            Op::LLVMTrunc
            | Op::LLVMZExt
            | Op::LLVMSExt
            | Op::LLVMFPToUI
            | Op::LLVMFPToSI
            | Op::LLVMUIToFP
            | Op::LLVMSIToFP
            | Op::LLVMFPTrunc
            | Op::LLVMFPExt
            | Op::LLVMPtrToInt
            | Op::LLVMIntToPtr
            | Op::LLVMBitCast
            | Op::LLVMAddrSpaceCast => {
                let a = self.wv(i.operand(0));
                let to = self.vec_ty(i.ty());
                Val(unsafe { LLVMBuildCast(self.b, op, a.0, to.0, none.as_ptr()) })
            }
            Op::LLVMICmp => {
                let (a, c) = (self.wv(i.operand(0)), self.wv(i.operand(1)));
                let p = unsafe { LLVMGetICmpPredicate(i.0) };
                Val(unsafe { LLVMBuildICmp(self.b, p, a.0, c.0, none.as_ptr()) })
            }
            Op::LLVMFCmp => {
                let (a, c) = (self.wv(i.operand(0)), self.wv(i.operand(1)));
                let p = unsafe { LLVMGetFCmpPredicate(i.0) };
                Val(unsafe { LLVMBuildFCmp(self.b, p, a.0, c.0, none.as_ptr()) })
            }
            Op::LLVMSelect => {
                let c = i.operand(0);
                let c = if self.shape(c).uniform() {
                    c
                } else {
                    self.wv(c)
                };
                let (a, d) = (self.wv(i.operand(1)), self.wv(i.operand(2)));
                b.select(c, a, d)
            }
            Op::LLVMFreeze => {
                let a = self.wv(i.operand(0));
                Val(unsafe { LLVMBuildFreeze(self.b, a.0, none.as_ptr()) })
            }
            Op::LLVMGetElementPtr => {
                let mut ops: Vec<LLVMValueRef> = (0..i.num_operands())
                    .map(|k| {
                        let o = i.operand(k);
                        if self.shape(o).uniform() {
                            o.0
                        } else {
                            self.wv(o).0
                        }
                    })
                    .collect();
                let src = unsafe { LLVMGetGEPSourceElementType(i.0) };
                let base = ops.remove(0);
                let inbounds = unsafe { LLVMIsInBounds(i.0) != 0 };
                Val(unsafe {
                    if inbounds {
                        LLVMBuildInBoundsGEP2(
                            self.b,
                            src,
                            base,
                            ops.as_mut_ptr(),
                            ops.len() as u32,
                            none.as_ptr(),
                        )
                    } else {
                        LLVMBuildGEP2(
                            self.b,
                            src,
                            base,
                            ops.as_mut_ptr(),
                            ops.len() as u32,
                            none.as_ptr(),
                        )
                    }
                })
            }
            Op::LLVMAlloca => {
                // Each lane's own copy, side by side.
                let ty = i.allocated_type();
                let arr = Ty(unsafe { LLVMArrayType2(ty.0, self.w as u64) });
                self.at(self.first);
                let a = self.ib.alloca(arr, &format!("{}.lanes", i.name()));
                a.set_alignment(i.alignment().max(16));
                let zero = self.i32c(0);
                let mut idx = [zero.0, self.iota.0];
                Val(unsafe {
                    LLVMBuildInBoundsGEP2(self.b, arr.0, a.0, idx.as_mut_ptr(), 2, none.as_ptr())
                })
            }
            // An atomic or volatile access of each lane's own address is its own access
            // (rocPRIM's look-back reads each predecessor's flag so): a gather would let LLVM
            // merge it or hoist it out of the spin loop around it.
            Op::LLVMLoad if i.is_ordered_access() => self.per_lane(i, mask),
            Op::LLVMStore if i.is_ordered_access() => {
                self.per_lane(i, mask);
                return Ok(());
            }
            Op::LLVMLoad => self.widen_load(i, mask),
            Op::LLVMAtomicRMW => self.per_lane(i, mask),
            Op::LLVMStore => {
                self.widen_store(i, mask);
                return Ok(());
            }
            other => return Err(format!("a lane-varying `{other:?}`")),
        };
        self.vmap.insert(i, v);
        Ok(())
    }

    /// Queues `i` (a read-modify-write, or an atomic or volatile load or store) to run once per
    /// lane on in `mask`, in the lane loop `loop_atomics` builds; the placeholder for its lanes'
    /// results until then.
    fn per_lane(&mut self, i: Val, mask: Val) -> Val {
        let (ptr, value) = if i.is_store() {
            (i.operand(1), Some(i.operand(0)))
        } else if i.is_load() {
            (i.operand(0), None)
        } else {
            (i.operand(0), Some(i.operand(1)))
        };
        let pv = self.held(self.wv(ptr));
        let vv = value.map(|v| self.held(self.wv(v)));
        let ty = if i.is_store() { self.m.i1() } else { i.ty() };
        let vt = self.vec_ty(ty);
        let placeholder =
            Val(unsafe { LLVMBuildFreeze(self.b, LLVMGetPoison(vt.0), cstr("").as_ptr()) });
        self.atomics
            .push((i, pv, vv.unwrap_or(placeholder), mask, placeholder));
        placeholder
    }

    /// `v`, or where it is another atomic's result (a placeholder its lane loop replaces and
    /// erases), a use of it that the replacement reaches.
    fn held(&self, v: Val) -> Val {
        if self.atomics.iter().any(|a| a.4 == v) {
            Val(unsafe { LLVMBuildFreeze(self.b, v.0, cstr("").as_ptr()) })
        } else {
            v
        }
    }

    /// A uniform computation whose operands became constants (lane 0 of the lane ids) folds,
    /// so that the shuffles computed from it see constant source lanes.
    fn fold(&mut self, i: Val) {
        let n = i.num_operands();
        let constant = |v: Val| !unsafe { LLVMIsAConstant(v.0) }.is_null();
        if n == 0 || !(0..n).all(|k| constant(i.operand(k))) {
            return;
        }
        let op = i.opcode();
        self.at(i);
        let none = cstr("");
        let (a, c) = (
            i.operand(0),
            if n > 1 { i.operand(1) } else { i.operand(0) },
        );
        let folded = match op {
            Op::LLVMAdd
            | Op::LLVMSub
            | Op::LLVMMul
            | Op::LLVMShl
            | Op::LLVMLShr
            | Op::LLVMAShr
            | Op::LLVMAnd
            | Op::LLVMOr
            | Op::LLVMXor => Val(unsafe { LLVMBuildBinOp(self.b, op, a.0, c.0, none.as_ptr()) }),
            Op::LLVMICmp => {
                let p = unsafe { LLVMGetICmpPredicate(i.0) };
                Val(unsafe { LLVMBuildICmp(self.b, p, a.0, c.0, none.as_ptr()) })
            }
            Op::LLVMSelect if n == 3 => self.ib.select(a, c, i.operand(2)),
            Op::LLVMTrunc | Op::LLVMZExt | Op::LLVMSExt => {
                Val(unsafe { LLVMBuildCast(self.b, op, a.0, i.ty().0, none.as_ptr()) })
            }
            _ => return,
        };
        if constant(folded) {
            i.replace_all_uses_with(folded);
            self.replace.push((i, None));
        } else if folded.is_instruction() {
            folded.erase();
        }
    }

    /// A uniform load or store inside an if-converted region runs only if some lane is active.
    fn guard(&mut self, i: Val, mask: Val) {
        self.at(i);
        if i.is_ordered_access() {
            self.guard_ordered(i, mask);
            return;
        }
        let any = self.any(mask);
        let align = self.i32c(i.alignment().max(1) as u64);
        let v1 = |t: Ty| Ty(unsafe { LLVMVectorType(t.0, 1) });
        let none = cstr("");
        if i.is_load() {
            let ty = v1(i.ty());
            let ptr = i.operand(0);
            let poison = Val::poison_of(ty);
            let r = self.call(
                "llvm.masked.load",
                &[ty, ptr.ty()],
                &[ptr, align, any, poison],
            );
            let s =
                Val(unsafe { LLVMBuildExtractElement(self.b, r.0, self.i32c(0).0, none.as_ptr()) });
            self.replace.push((i, Some(s)));
        } else {
            self.store_if(i.operand(0), i.operand(1), align, any);
            self.replace.push((i, None));
        }
    }

    /// An atomic or volatile uniform access under a mask stays itself (a masked move would lose
    /// its ordering): done once, as the lowest active lane, in a lane loop with that lane on.
    fn guard_ordered(&mut self, i: Val, mask: Val) {
        let m = self.m;
        let none = cstr("");
        let iw = Ty(unsafe { LLVMIntTypeInContext(m.ctx, self.w) });
        let bits = self.ib.bitcast(mask, iw);
        let first = self.call("llvm.cttz", &[iw], &[bits, m.const_int(m.i1(), 0)]);
        let first = self.ib.trunc(first, m.i32());
        let one = self
            .ib
            .icmp(LLVMIntPredicate::LLVMIntEQ, self.iota, self.splat(first));
        // Its operands are uniform, so `per_lane` splats them.
        let lanes = self.per_lane(i, one);
        if i.is_load() {
            let s =
                Val(unsafe { LLVMBuildExtractElement(self.b, lanes.0, first.0, none.as_ptr()) });
            i.replace_all_uses_with(s);
        }
    }

    /// Stores scalar `v` to `ptr` when the one-lane mask `any` is set.
    fn store_if(&self, v: Val, ptr: Val, align: Val, any: Val) {
        let one = Ty(unsafe { LLVMVectorType(v.ty().0, 1) });
        let none = cstr("");
        let as_one = Val(unsafe {
            LLVMBuildInsertElement(
                self.b,
                LLVMGetPoison(one.0),
                v.0,
                self.i32c(0).0,
                none.as_ptr(),
            )
        });
        self.call(
            "llvm.masked.store",
            &[one, ptr.ty()],
            &[as_one, ptr, align, any],
        );
    }

    /// Whether the lanes' accesses of `ty` through `ptr` make one vector access. Lanes `size_of`
    /// apart are one only for types a vector packs as an array does: an `i48` (a 6-byte struct's
    /// data copied whole) is 8 bytes apart in the lanes' copies and 6 in `<64 x i48>`.
    fn consecutive(&self, ptr: Val, ty: Ty) -> bool {
        self.m.packs_like_array(ty)
            && self.shape(ptr) == Shape::Consecutive(self.m.size_of(ty) as i64)
    }

    /// Whether `ptr` is consecutive for `ty` once checked at run time; then the check.
    fn check_consecutive(&self, ptr: Val, pv: Val, ty: Ty) -> Option<Val> {
        let size = self.m.size_of(ty) as i64;
        if !self.m.packs_like_array(ty) || self.shape(ptr) != Shape::Checked(size) {
            return None;
        }
        let none = cstr("");
        let i64t = self.m.i64();
        let last = Val(unsafe {
            LLVMBuildExtractElement(self.b, pv.0, self.i32c(self.w as u64 - 1).0, none.as_ptr())
        });
        let first = self.lane0(pv);
        let b = &self.ib;
        let span = b.sub(b.ptr_to_int(last, i64t), b.ptr_to_int(first, i64t));
        let want = self.m.const_int(i64t, (size * (self.w as i64 - 1)) as u64);
        Some(b.icmp(LLVMIntPredicate::LLVMIntEQ, span, want))
    }

    fn lane0(&self, v: Val) -> Val {
        let none = cstr("");
        Val(unsafe { LLVMBuildExtractElement(self.b, v.0, self.i32c(0).0, none.as_ptr()) })
    }

    fn widen_load(&mut self, i: Val, mask: Val) -> Val {
        let ty = i.ty();
        let vt = self.vec_ty(ty);
        let ptr = i.operand(0);
        if let Some(v) = self.lane_read(ptr, ty) {
            return v;
        }
        let align = self.i32c(i.alignment().max(1) as u64);
        let pv = self.wv(ptr);
        let poison = Val::poison_of(vt);
        if self.consecutive(ptr, ty) && private_lanes(ptr) {
            // The lanes' own copies: all of them exist, so a plain load (lanes that are off
            // read values no one uses).
            let p0 = self.lane0(pv);
            let v = self.ib.load(vt, p0, "");
            v.set_alignment(i.alignment().max(1));
            return v;
        }
        if self.consecutive(ptr, ty) {
            let p0 = self.lane0(pv);
            return self.call(
                "llvm.masked.load",
                &[vt, p0.ty()],
                &[p0, align, mask, poison],
            );
        }
        if let Some(ok) = self.check_consecutive(ptr, pv, ty) {
            let p0 = self.lane0(pv);
            let fast = self.call(
                "llvm.masked.load",
                &[vt, p0.ty()],
                &[p0, align, mask, poison],
            );
            let slow = self.call(
                "llvm.masked.gather",
                &[vt, pv.ty()],
                &[pv, align, mask, poison],
            );
            let sel = self.ib.select(ok, fast, slow);
            self.checked.push((ok, fast, slow, Some(sel)));
            return sel;
        }
        self.call(
            "llvm.masked.gather",
            &[vt, pv.ty()],
            &[pv, align, mask, poison],
        )
    }

    /// A read of an exchange's lane array at indices that fold to constants: a shuffle of the
    /// exchanged vector.
    fn lane_read(&self, ptr: Val, ty: Ty) -> Option<Val> {
        if !ptr.is_instruction() || ptr.opcode() != Op::LLVMGetElementPtr || ptr.num_operands() != 2
        {
            return None;
        }
        let base = ptr.operand(0);
        let (vec, elem) = *self.exchanges.get(&base)?;
        let src = Ty(unsafe { LLVMGetGEPSourceElementType(ptr.0) });
        if src != elem || ty != elem {
            return None;
        }
        let idx = self.vmap.get(&ptr.operand(1))?;
        if unsafe { LLVMIsAConstant(idx.0) }.is_null() {
            return None;
        }
        let mut lanes = Vec::new();
        for k in 0..self.w {
            let e = Val(unsafe { LLVMGetAggregateElement(idx.0, k) });
            if e.0.is_null() || !e.is_constant_int() {
                return None;
            }
            let l = e.const_zext();
            if l >= self.w as u64 {
                return None;
            }
            lanes.push(self.i32c(l).0);
        }
        let shuffle = unsafe { LLVMConstVector(lanes.as_mut_ptr(), self.w) };
        let none = cstr("");
        Some(Val(unsafe {
            LLVMBuildShuffleVector(
                self.b,
                vec.0,
                LLVMGetPoison(vec.ty().0),
                shuffle,
                none.as_ptr(),
            )
        }))
    }

    fn widen_store(&mut self, i: Val, mask: Val) {
        let v = i.operand(0);
        let ptr = i.operand(1);
        let vt = self.vec_ty(v.ty());
        let align = self.i32c(i.alignment().max(1) as u64);
        let vv = self.wv(v);
        if self.shape(ptr).uniform() {
            let none = cstr("");
            if let Some(l) = self.single_lane(mask, 0) {
                // Only lane `l` can store (`if (lane == 0) partial[warp] = v`): its value, a
                // constant lane, so that LLVM keeps only the lanes that lead to it.
                let at = self.i32c(l as u64);
                let value =
                    Val(unsafe { LLVMBuildExtractElement(self.b, vv.0, at.0, none.as_ptr()) });
                let mut pick = [at.0];
                let on = Val(unsafe {
                    LLVMBuildShuffleVector(
                        self.b,
                        mask.0,
                        LLVMGetPoison(mask.ty().0),
                        LLVMConstVector(pick.as_mut_ptr(), 1),
                        none.as_ptr(),
                    )
                });
                self.store_if(value, ptr, align, on);
                self.replace.push((i, None));
                return;
            }
            // Every active lane stores to one address: the highest active lane's value is what
            // remains (a scatter writes its lanes in order), one scalar store.
            let m = self.m;
            let iw = Ty(unsafe { LLVMIntTypeInContext(m.ctx, self.w) });
            let bits = self.ib.bitcast(mask, iw);
            let lead = self.call("llvm.ctlz", &[iw], &[bits, m.const_int(m.i1(), 0)]);
            let top = m.const_int(iw, self.w as u64 - 1);
            let last = self.ib.sub(top, lead);
            let value =
                Val(unsafe { LLVMBuildExtractElement(self.b, vv.0, last.0, none.as_ptr()) });
            let any = self.any(mask);
            self.store_if(value, ptr, align, any);
            self.replace.push((i, None));
            return;
        }
        let pv = self.wv(ptr);
        if self.consecutive(ptr, v.ty()) {
            let p0 = self.lane0(pv);
            self.call("llvm.masked.store", &[vt, p0.ty()], &[vv, p0, align, mask]);
        } else if let Some(ok) = self.check_consecutive(ptr, pv, v.ty()) {
            let p0 = self.lane0(pv);
            let fast = self.call("llvm.masked.store", &[vt, p0.ty()], &[vv, p0, align, mask]);
            let slow = self.call(
                "llvm.masked.scatter",
                &[vt, pv.ty()],
                &[vv, pv, align, mask],
            );
            self.checked.push((ok, fast, slow, None));
        } else {
            self.call(
                "llvm.masked.scatter",
                &[vt, pv.ty()],
                &[vv, pv, align, mask],
            );
        }
        self.replace.push((i, None));
    }

    fn widen_call(&mut self, i: Val, s: Shape, mask: Val) -> Result<(), String> {
        let name = i.called_function().map(|f| f.name()).unwrap_or_default();
        self.at(i);
        match name.as_str() {
            "__ferrocm_workitem_id_x" => {
                self.vmap.insert(i, self.lane_x);
            }
            "__ferrocm_lane_id" => {
                self.vmap.insert(i, self.iota);
            }
            "__ferrocm_workitem_id_y" => self.replace.push((i, Some(self.lane_y))),
            "__ferrocm_workitem_id_z" => self.replace.push((i, Some(self.lane_z))),
            EXCHANGE => self.widen_exchange(i, mask)?,
            ANY => {
                // Whether any active lane's flag is set (inactive lanes may hold poison).
                let v = self.freeze(self.wv(i.operand(0)));
                let lanes = self.ib.and(v, mask);
                let r = self.call("llvm.vector.reduce.or", &[lanes.ty()], &[lanes]);
                self.replace.push((i, Some(r)));
            }
            n if n.starts_with("llvm.lifetime.") => {
                if !self.shape(i.operand(1)).uniform() {
                    self.replace.push((i, None));
                }
            }
            "llvm.assume" => self.replace.push((i, None)),
            n if s.uniform() => {
                let _ = n;
            }
            n => {
                let (overloaded, scalar_args) =
                    elementwise(n).ok_or_else(|| format!("a call to `{n}`"))?;
                let base = n.strip_suffix(&format!(".{overloaded}")).unwrap_or(n);
                let base = base.to_string();
                let args: Vec<Val> = (0..i.num_call_args())
                    .map(|k| {
                        let a = i.operand(k);
                        if scalar_args.contains(&k) {
                            a
                        } else {
                            self.wv(a)
                        }
                    })
                    .collect();
                let vt = self.vec_ty(i.ty());
                let v = self.call(&base, &[vt], &args);
                self.vmap.insert(i, v);
            }
        }
        Ok(())
    }

    /// `__ferrocm_warp_exchange(v)`: the warp's values in a stack buffer, with the active lanes'
    /// mask after them; inactive lanes publish 0.
    fn widen_exchange(&mut self, i: Val, mask: Val) -> Result<(), String> {
        let m = self.m;
        let i64t = m.i64();
        let v = i.operand(0);
        if v.ty() != i64t {
            return Err("an exchange of a value other than 64 bits".into());
        }
        let arr = Ty(unsafe { LLVMArrayType2(i64t.0, self.w as u64 + 1) });
        self.at(self.first);
        let buf = self.ib.alloca(arr, "warp.lanes");
        buf.set_alignment(64);
        self.at(i);
        let vv = self.wv(v);
        let vt = self.vec_ty(i64t);
        let zero = Val(unsafe { LLVMConstNull(vt.0) });
        let b = &self.ib;
        let published = b.select(mask, vv, zero);
        // The buffer is 64-byte aligned (and one per warp once the lowering gives each warp its
        // copy), not aligned to the whole vector.
        let store = b.store(published, buf);
        store.set_alignment(8);
        self.lane_stores.push((store, buf));
        let iw = Ty(unsafe { LLVMIntTypeInContext(m.ctx, self.w) });
        let bits = b.zext(b.bitcast(mask, iw), i64t);
        let slot = b.gep(i64t, buf, &[m.const_int(i64t, self.w as u64)]);
        b.store(bits, slot);
        let p = b.as_cast(buf, i.ty());
        self.replace.push((i, Some(p)));
        self.exchanges.insert(i, (published, i64t));
        Ok(())
    }

    fn fill_phis(&mut self) {
        for (old, new) in self.phis.clone() {
            let n = unsafe { LLVMCountIncoming(old.0) };
            for k in 0..n {
                let v = Val(unsafe { LLVMGetIncomingValue(old.0, k) });
                let from = old.incoming_block(k);
                self.at_end_before_terminator(from);
                new.add_incoming(&[(self.wv(v), from)]);
            }
        }
    }

    /// Each region's blocks run one after another, under their masks.
    fn linearize(&self) {
        let b = self.m.builder();
        for r in &self.regions {
            let mut chain = vec![r.head];
            chain.extend(&r.blocks);
            chain.push(r.join);
            for pair in chain.windows(2) {
                if let Some(t) = pair[0].terminator() {
                    if self.keep_back_edge(t, pair[0], pair[1], &chain) {
                        continue;
                    }
                    if let Some(on_true) = abort_side(t) {
                        // The assertion's branch stays; its other side goes on down the chain.
                        let other = if on_true { 1 } else { 0 };
                        unsafe { LLVMSetSuccessor(t.0, other, pair[1].0) };
                        continue;
                    }
                    t.erase();
                }
                b.at_end(pair[0]).br(pair[1]);
            }
        }
    }

    /// The latch of a steady loop in a linearized chain keeps its back edge; its exit goes on
    /// down the chain. With no lane active the loop's uniform values may be poison, so then it
    /// leaves after one turn.
    fn keep_back_edge(&self, t: Val, latch: Block, next: Block, chain: &[Block]) -> bool {
        let Some(l) = self
            .loops
            .iter()
            .find(|l| l.latch == Some(latch) && chain.contains(&l.header))
        else {
            return false;
        };
        let h = l.header;
        let Some(&mask) = self.masks.get(&h) else {
            return false;
        };
        if self.steady_loop(h).is_none() || t.num_successors() != 2 {
            return false;
        }
        let back = if t.successor(0) == h { 0 } else { 1 };
        unsafe { LLVMSetSuccessor(t.0, 1 - back, next.0) };
        self.at(t);
        let any = self.call("llvm.vector.reduce.or", &[mask.ty()], &[mask]);
        let leave = self.m.const_int(self.m.i1(), back as u64);
        let c = self.ib.select(any, t.operand(0), leave);
        t.set_operand(0, c);
        true
    }

    /// Uses move to the widened values; the scalar forms of lane-varying values go.
    fn clean_up(&mut self) {
        for (old, new) in std::mem::take(&mut self.replace) {
            if let Some(new) = new {
                old.replace_all_uses_with(new);
            }
            old.erase();
        }
        // Atomics move into their lane loops later.
        let atomics: HashSet<Val> = self.atomics.iter().map(|a| a.0).collect();
        let mut dead: Vec<Val> = self
            .vmap
            .keys()
            .copied()
            .filter(|i| !atomics.contains(i))
            .collect();
        // Users before their operands.
        let pos: HashMap<Val, usize> = self
            .order
            .iter()
            .flat_map(|b| b.instructions())
            .enumerate()
            .map(|(k, i)| (i, k))
            .collect();
        dead.retain(|i| pos.contains_key(i));
        dead.sort_by_key(|i| std::cmp::Reverse(pos[i]));
        for i in &dead {
            i.replace_all_uses_with(Val::poison_of(i.ty()));
        }
        for i in dead {
            i.erase();
        }
    }
}

impl Vectorizer {
    /// Each checked access becomes a branch on its test: the vector access, or the gather or
    /// scatter, never both.
    fn branch_checked(&mut self) -> Result<(), String> {
        let split = |i: Val| crate::shim::split_block_before(i).ok_or("cannot split a block");
        for (ok, fast, slow, sel) in std::mem::take(&mut self.checked) {
            let head = fast.parent_block();
            let on_fast = split(fast)?;
            let on_slow = split(slow)?;
            let after = match sel {
                Some(sel) => sel,
                None => slow
                    .next_instruction()
                    .ok_or("a scatter at the end of a block")?,
            };
            let join = split(after)?;
            for (blk, to) in [(head, None), (on_fast, Some(join))] {
                if let Some(t) = blk.terminator() {
                    t.erase();
                }
                match to {
                    None => {
                        self.ib.at_end(blk).cond_br(ok, on_fast, on_slow);
                    }
                    Some(j) => {
                        self.ib.at_end(blk).br(j);
                    }
                }
            }
            if let Some(sel) = sel {
                self.at(sel);
                let phi = Val(unsafe { LLVMBuildPhi(self.b, sel.ty().0, cstr("").as_ptr()) });
                phi.add_incoming(&[(fast, on_fast), (slow, on_slow)]);
                sel.replace_all_uses_with(phi);
                sel.erase();
            }
        }
        Ok(())
    }
}

impl Vectorizer {
    /// Each atomic (a read-modify-write, or an atomic or volatile load or store of lane-varying
    /// addresses) runs once per active lane, lanes in order: a loop over the warp's lanes around
    /// the original instruction (which keeps its ordering, scope and alignment).
    fn loop_atomics(&mut self) -> Result<(), String> {
        let m = self.m;
        let i32t = m.i32();
        let none = cstr("");
        for (atom, pv, vv, mask, placeholder) in std::mem::take(&mut self.atomics) {
            let head = placeholder.parent_block();
            let after =
                crate::shim::split_block_before(placeholder).ok_or("cannot split a block")?;
            let lh = m.append_block(self.f, "warp.atomic.lane");
            let ld = m.append_block(self.f, "warp.atomic.do");
            let ll = m.append_block(self.f, "warp.atomic.next");
            if let Some(t) = head.terminator() {
                t.erase();
            }
            self.ib.at_end(head).br(lh);
            let vt = placeholder.ty();
            // Head: the lane, the results so far, and whether the lane is active.
            self.ib.at_end(lh);
            let lane = Val(unsafe { LLVMBuildPhi(self.b, i32t.0, none.as_ptr()) });
            let acc = Val(unsafe { LLVMBuildPhi(self.b, vt.0, none.as_ptr()) });
            let active =
                Val(unsafe { LLVMBuildExtractElement(self.b, mask.0, lane.0, none.as_ptr()) });
            self.ib.cond_br(active, ld, ll);
            // The lane's own atomic.
            self.ib.at_end(ld);
            let p = Val(unsafe { LLVMBuildExtractElement(self.b, pv.0, lane.0, none.as_ptr()) });
            let v = (!atom.is_load()).then(|| {
                Val(unsafe { LLVMBuildExtractElement(self.b, vv.0, lane.0, none.as_ptr()) })
            });
            atom.remove_from_parent();
            self.ib.insert(atom);
            let with = match v {
                Some(v) if atom.is_store() => {
                    atom.set_operand(0, v);
                    atom.set_operand(1, p);
                    acc
                }
                _ => {
                    atom.set_operand(0, p);
                    if let Some(v) = v {
                        atom.set_operand(1, v);
                    }
                    Val(unsafe {
                        LLVMBuildInsertElement(self.b, acc.0, atom.0, lane.0, none.as_ptr())
                    })
                }
            };
            self.ib.br(ll);
            // Next lane.
            self.ib.at_end(ll);
            let acc2 = Val(unsafe { LLVMBuildPhi(self.b, vt.0, none.as_ptr()) });
            let next = self.ib.nuw_add(lane, m.const_int(i32t, 1));
            let done = self.ib.icmp(
                LLVMIntPredicate::LLVMIntEQ,
                next,
                m.const_int(i32t, self.w as u64),
            );
            self.ib.cond_br(done, after, lh);
            lane.add_incoming(&[(m.const_int(i32t, 0), head), (next, ll)]);
            acc.add_incoming(&[(Val::poison_of(vt), head), (acc2, ll)]);
            acc2.add_incoming(&[(acc, lh), (with, ld)]);
            placeholder.replace_all_uses_with(acc2);
            placeholder.erase();
        }
        Ok(())
    }
}

/// A block that fails the launch: an assertion or trap, then `unreachable`.
fn aborts(blk: Block) -> bool {
    blk.terminator()
        .is_some_and(|t| t.opcode() == Op::LLVMUnreachable)
        && blk.instructions().iter().any(|i| {
            i.is_call()
                && i.called_function().is_some_and(|f| {
                    matches!(
                        f.name().as_str(),
                        "__ferrocm_assert_fail" | "__ferrocm_trap" | "llvm.trap"
                    )
                })
        })
}

/// For a conditional branch with a failing side: whether that side is the true one.
fn abort_side(br: Val) -> Option<bool> {
    if br.opcode() != Op::LLVMBr || br.num_operands() != 3 {
        return None;
    }
    if aborts(br.successor(0)) {
        Some(true)
    } else if aborts(br.successor(1)) {
        Some(false)
    } else {
        None
    }
}

/// LLVM intrinsics that act lane by lane: the type suffix they are overloaded on, and the
/// arguments that stay scalar (flags).
fn elementwise(name: &str) -> Option<(&str, &'static [u32])> {
    let rest = name.strip_prefix("llvm.")?;
    let (base, suffix) = rest.split_once('.')?;
    let one: &[&str] = &[
        "fabs",
        "sqrt",
        "fma",
        "fmuladd",
        "minnum",
        "maxnum",
        "minimum",
        "maximum",
        "floor",
        "ceil",
        "trunc",
        "rint",
        "nearbyint",
        "round",
        "roundeven",
        "copysign",
        "smax",
        "smin",
        "umax",
        "umin",
        "ctpop",
        "bswap",
        "bitreverse",
        "fshl",
        "fshr",
        "exp",
        "exp2",
        "log",
        "log2",
        "log10",
        "sin",
        "cos",
        "pow",
        "sadd",
        "uadd",
        "ssub",
        "usub",
        "canonicalize",
    ];
    let flagged: &[&str] = &["abs", "ctlz", "cttz"];
    if one.contains(&base) {
        // `sadd.sat.i32`: the suffix after the name's own parts.
        let suffix = suffix.strip_prefix("sat.").unwrap_or(suffix);
        if suffix.contains('.') {
            return None;
        }
        return Some((suffix, &[]));
    }
    if flagged.contains(&base) && !suffix.contains('.') {
        return Some((suffix, &[1]));
    }
    None
}

fn has_side_effects(name: &str) -> bool {
    [
        "llvm.mem",
        "llvm.va_",
        "llvm.stack",
        "llvm.masked",
        "llvm.prefetch",
        "llvm.trap",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Whether `ptr` is a private variable itself (through casts and zero offsets): in the warp form
/// its lanes' copies sit side by side in one array of the warp's own, so a whole-warp access
/// stays inside it.
fn private_lanes(ptr: Val) -> bool {
    let mut p = ptr;
    loop {
        if p.is_alloca() {
            return true;
        }
        if !p.is_instruction() {
            return false;
        }
        match p.opcode() {
            Op::LLVMAddrSpaceCast | Op::LLVMBitCast => p = p.operand(0),
            Op::LLVMGetElementPtr
                if (1..p.num_operands())
                    .all(|k| p.operand(k).is_constant_int() && p.operand(k).const_zext() == 0) =>
            {
                p = p.operand(0)
            }
            _ => return false,
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testing::run_pass;

    const DECLS: &str = r#"
declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_workgroup_id_x()
declare i32 @__ferrocm_lane_id()
declare void @__ferrocm_barrier()
declare ptr @__ferrocm_warp_exchange(i64)
"#;

    /// Runs the pass on kernel `k` at warp size `w`: the clone's text, or why there is none.
    fn vectorize(body: &str, w: u32) -> Result<String, String> {
        let mut refused = None;
        let (made, text) = run_pass(&format!("{DECLS}{body}"), |m| {
            let (made, why) = run(m, &["k".to_string()], w);
            refused = why.into_iter().next().map(|(_, r)| r);
            made.len()
        });
        if made == 0 {
            return Err(refused.unwrap_or_default());
        }
        let start = text.find("@k.__ferrocm_warp(").ok_or("no clone")?;
        let clone = &text[start..];
        Ok(clone[..clone.find("\n}").unwrap_or(clone.len())].to_string())
    }

    /// `v + __shfl_down(v, 1)` as the headers compile it: publish, then read lane + 1 (or self at
    /// the warp's end).
    const SHUFFLE_DOWN: &str = r#"
define void @k(ptr %out, ptr %in) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %xi
  %v = load i32, ptr %p, align 4
  %v64 = zext i32 %v to i64
  %lanes = call ptr @__ferrocm_warp_exchange(i64 %v64)
  %self = call i32 @__ferrocm_lane_id()
  %next = add i32 %self, 1
  %end = icmp uge i32 %next, 32
  %src = select i1 %end, i32 %self, i32 %next
  %srci = zext i32 %src to i64
  %q = getelementptr inbounds i64, ptr %lanes, i64 %srci
  %o64 = load i64, ptr %q, align 8
  %o = trunc i64 %o64 to i32
  %sum = add i32 %v, %o
  %r = getelementptr inbounds i32, ptr %out, i64 %xi
  store i32 %sum, ptr %r, align 4
  ret void
}
"#;

    #[test]
    fn a_shuffle_with_constant_source_lanes_is_a_shufflevector() {
        let clone = vectorize(SHUFFLE_DOWN, 32).expect("vectorized");
        assert!(
            clone.contains("call i32 @__ferrocm_warp_index()"),
            "{clone}"
        );
        // Lane l reads l + 1, the last lane itself.
        assert!(
            clone.contains("shufflevector <32 x i64>") && clone.contains("i32 30, i32 31, i32 31>"),
            "{clone}"
        );
        assert!(!clone.contains("masked.gather"), "{clone}");
        // threadIdx.x is consecutive: one vector load and one vector store, masked by the lanes
        // that exist.
        assert!(clone.contains("@llvm.masked.load.v32i32"), "{clone}");
        assert!(clone.contains("@llvm.masked.store.v32i32"), "{clone}");
        assert!(clone.contains("ferrocm-warp-width") || !clone.is_empty());
    }

    /// `if (lane == 0) out[warp] = v + __shfl_down(v, 1)`, the lane as `threadIdx.x & 31`.
    const LANE0_STORE: &str = r#"
define void @k(ptr %out, ptr %in) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %xi
  %v = load i32, ptr %p, align 4
  %v64 = zext i32 %v to i64
  %lanes = call ptr @__ferrocm_warp_exchange(i64 %v64)
  %self = and i32 %x, 31
  %next = add i32 %self, 1
  %end = icmp uge i32 %next, 32
  %src = select i1 %end, i32 %self, i32 %next
  %srci = zext i32 %src to i64
  %q = getelementptr inbounds i64, ptr %lanes, i64 %srci
  %o64 = load i64, ptr %q, align 8
  %o = trunc i64 %o64 to i32
  %sum = add i32 %v, %o
  %first = icmp eq i32 %self, 0
  br i1 %first, label %write, label %done
write:
  %warp = lshr i32 %x, 5
  %wi = zext i32 %warp to i64
  %r = getelementptr inbounds i32, ptr %out, i64 %wi
  store i32 %sum, ptr %r, align 4
  br label %done
done:
  ret void
}
"#;

    #[test]
    fn a_store_that_only_lane_0_makes_takes_its_value_and_shuffles_keep_what_is_read() {
        let clone = vectorize(LANE0_STORE, 32).expect("vectorized");
        // `threadIdx.x & 31` is the lane id: `lane == 0` is a constant mask, so the store takes
        // lane 0's value (no search for the last active lane).
        assert!(!clone.contains("@llvm.ctlz"), "{clone}");
        assert!(
            clone.contains(
                "shufflevector <32 x i32> %sum, <32 x i32> poison, <1 x i32> zeroinitializer"
            ) || clone.contains("<1 x i32> zeroinitializer"),
            "{clone}"
        );
        // Lane 0's sum reads lane 1: every other lane of the shuffle is poison, and the lane
        // array that nothing reads any more is not stored.
        let shuffle = clone
            .lines()
            .find(|l| l.contains("shufflevector <32 x i64>"))
            .expect("the exchange's shuffle");
        assert!(
            shuffle.contains("<32 x i32> <i32 1, i32 poison"),
            "{shuffle}"
        );
        assert!(!shuffle.contains("i32 2,"), "{shuffle}");
        assert!(!clone.contains("store <32 x i64>"), "{clone}");
    }

    /// Twelve multiplies in a row from `from` (`%{name}0` ... `%{name}11`): a stretch long enough
    /// for an idle test to pay. Gives the text and the last value's name.
    fn mul_chain(name: &str, from: &str) -> (String, String) {
        let mut text = String::new();
        let mut prev = from.to_string();
        for k in 0..12 {
            text.push_str(&format!("  %{name}{k} = mul i32 {prev}, {}\n", k + 3));
            prev = format!("%{name}{k}");
        }
        (text, prev)
    }

    #[test]
    fn a_long_stretch_no_lane_enters_is_branched_around() {
        let (work, prev) = mul_chain("m", "%a");
        let body = format!(
            r#"
define void @k(ptr %out, ptr %in) {{
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %c = icmp ult i32 %x, 8
  br i1 %c, label %work, label %join
work:
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %xi
  %a = load i32, ptr %p, align 4
{work}  %q = getelementptr inbounds i32, ptr %out, i64 %xi
  store i32 {prev}, ptr %q, align 4
  br label %join
join:
  %lanes = call ptr @__ferrocm_warp_exchange(i64 0)
  ret void
}}
"#
        );
        let clone = vectorize(&body, 32).expect("vectorized");
        // The work runs only when some lane of x < 8 is on; the short branch above does not.
        let test = clone
            .find("call i1 @llvm.vector.reduce.or.v32i1")
            .expect("a test of the mask");
        assert!(clone[test..].contains("br i1"), "{clone}");
        assert!(clone.contains("mul <32 x i32>"), "{clone}");
    }

    /// `if (x < 16) { if (x < 8) work; more work }`: the outer test covers the inner branch
    /// and the work after its join (whose mask the join makes itself), and the inner keeps its
    /// own.
    #[test]
    fn an_idle_stretch_covers_the_branches_nested_in_it() {
        let (inner, inner_v) = mul_chain("i", "%a");
        let (after, after_v) = mul_chain("o", "%a");
        let body = format!(
            r#"
define void @k(ptr %out, ptr %in) {{
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %xi = zext i32 %x to i64
  %c = icmp ult i32 %x, 16
  br i1 %c, label %outer, label %join
outer:
  %p = getelementptr inbounds i32, ptr %in, i64 %xi
  %a = load i32, ptr %p, align 4
  %d = icmp ult i32 %x, 8
  br i1 %d, label %work, label %rejoin
work:
{inner}  %q = getelementptr inbounds i32, ptr %out, i64 %xi
  store i32 {inner_v}, ptr %q, align 4
  br label %rejoin
rejoin:
{after}  %r = getelementptr inbounds i32, ptr %in, i64 %xi
  store i32 {after_v}, ptr %r, align 4
  br label %join
join:
  %lanes = call ptr @__ferrocm_warp_exchange(i64 0)
  ret void
}}
"#
        );
        let clone = vectorize(&body, 32).expect("vectorized");
        let tests = clone
            .matches("call i1 @llvm.vector.reduce.or.v32i1")
            .count();
        assert_eq!(tests, 2, "{clone}");
    }

    /// The lane buffer's store moves to the path that gathers from it; the fast path, reading
    /// constant lanes and the mask slot only, does without it.
    #[test]
    fn the_lane_buffer_is_stored_only_where_a_gather_reads_it() {
        let body = r#"
define void @k(ptr %out, ptr %in) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %xi
  %v = load i32, ptr %p, align 4
  %v64 = zext i32 %v to i64
  %lanes = call ptr @__ferrocm_warp_exchange(i64 %v64)
  %slot = getelementptr inbounds i8, ptr %lanes, i64 256
  %active = load i64, ptr %slot, align 8
  %whole = icmp eq i64 %active, 4294967295
  br i1 %whole, label %fast, label %slow
fast:
  %self = call i32 @__ferrocm_lane_id()
  %next = xor i32 %self, 1
  %ni = zext i32 %next to i64
  %np = getelementptr inbounds i64, ptr %lanes, i64 %ni
  %nv = load i64, ptr %np, align 8
  br label %done
slow:
  %rev = sub i32 31, %x
  %ri = zext i32 %rev to i64
  %rp = getelementptr inbounds i64, ptr %lanes, i64 %ri
  %rv = load i64, ptr %rp, align 8
  br label %done
done:
  %r = phi i64 [ %nv, %fast ], [ %rv, %slow ]
  %q = getelementptr inbounds i64, ptr %out, i64 %xi
  store i64 %r, ptr %q, align 8
  ret void
}
"#;
        let clone = vectorize(body, 32).expect("vectorized");
        let store = clone.find("store <32 x i64>").expect("the lane store");
        let label = clone[..store]
            .lines()
            .rev()
            .find(|l| l.ends_with(':') || l.contains(":  "))
            .and_then(|l| l.split(':').next());
        assert_eq!(label, Some("slow"), "{clone}");
        assert_eq!(clone.matches("store <32 x i64>").count(), 1, "{clone}");
    }

    #[test]
    fn a_lane_varying_branch_becomes_masks_and_selects() {
        let body = r#"
define void @k(ptr %out) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %odd = and i32 %x, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %even, label %join
even:
  %d = mul i32 %x, 3
  br label %join
join:
  %v = phi i32 [ %d, %even ], [ 7, %entry ]
  %lanes = call ptr @__ferrocm_warp_exchange(i64 0)
  %xi = zext i32 %x to i64
  %r = getelementptr inbounds i32, ptr %out, i64 %xi
  store i32 %v, ptr %r, align 4
  ret void
}
"#;
        let clone = vectorize(body, 32).expect("vectorized");
        assert!(!clone.contains("phi"), "{clone}");
        assert!(clone.contains("select <32 x i1>"), "{clone}");
        assert!(clone.contains("mul <32 x i32>"), "{clone}");
        // Straight-line code: the branch is gone.
        assert!(!clone.contains("br i1"), "{clone}");
    }

    #[test]
    fn a_private_variable_is_read_whole_and_written_under_the_mask() {
        // The lanes' copies of `%acc` are one array: a plain vector load, a masked store, and no
        // gather or scatter.
        let body = r#"
define void @k(ptr %out) {
entry:
  %acc = alloca i32, align 4
  %x = call i32 @__ferrocm_workitem_id_x()
  store i32 %x, ptr %acc, align 4
  %odd = and i32 %x, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %even, label %join
even:
  %v = load i32, ptr %acc, align 4
  %d = mul i32 %v, 3
  store i32 %d, ptr %acc, align 4
  br label %join
join:
  %lanes = call ptr @__ferrocm_warp_exchange(i64 0)
  %r = load i32, ptr %acc, align 4
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %xi
  store i32 %r, ptr %p, align 4
  ret void
}
"#;
        let clone = vectorize(body, 32).expect("vectorized");
        assert!(clone.contains("alloca [32 x i32]"), "{clone}");
        assert!(clone.contains("load <32 x i32>, ptr"), "{clone}");
        assert!(clone.contains("@llvm.masked.store.v32i32"), "{clone}");
        assert!(
            !clone.contains("gather") && !clone.contains("scatter"),
            "{clone}"
        );
    }

    #[test]
    fn thread_index_over_the_warp_size_stays_scalar() {
        let body = r#"
define void @k(ptr %out) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %warp = lshr i32 %x, 6
  %lane = and i32 %x, 63
  %l64 = zext i32 %lane to i64
  %lanes = call ptr @__ferrocm_warp_exchange(i64 %l64)
  %first = icmp eq i32 %warp, 0
  br i1 %first, label %store, label %done
store:
  %wi = zext i32 %warp to i64
  %r = getelementptr inbounds i32, ptr %out, i64 %wi
  store i32 %lane, ptr %r, align 4
  br label %done
done:
  ret void
}
"#;
        let clone = vectorize(body, 64).expect("vectorized");
        // The branch on the warp's index is uniform: it stays a branch.
        assert!(clone.contains("br i1"), "{clone}");
        assert!(clone.contains("lshr i32"), "{clone}");
        // All lanes store to one address: the last active lane's value, one scalar store.
        assert!(clone.contains("@llvm.ctlz.i64"), "{clone}");
        assert!(clone.contains("@llvm.masked.store.v1i32"), "{clone}");
        assert!(!clone.contains("scatter"), "{clone}");
        // So is `threadIdx.x < 128` (clang's form of `threadIdx.x / 64 < 2`), but not `< 100`.
        for (bound, uniform) in [(128, true), (100, false)] {
            let cmp = body.replace(
                "%first = icmp eq i32 %warp, 0",
                &format!("%first = icmp ult i32 %x, {bound}"),
            );
            let clone = vectorize(&cmp, 64).expect("vectorized");
            assert_eq!(clone.contains("icmp ult i32"), uniform, "{clone}");
            assert_eq!(clone.contains("br i1"), uniform, "{clone}");
        }
    }

    #[test]
    fn an_atomic_runs_once_per_active_lane_in_lane_order() {
        let body = r#"
define void @k(ptr %count, ptr %old) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %o = atomicrmw add ptr %count, i32 %x syncscope("agent") monotonic, align 4
  %xi = zext i32 %x to i64
  %r = getelementptr inbounds i32, ptr %old, i64 %xi
  store i32 %o, ptr %r, align 4
  ret void
}
"#;
        let clone = vectorize(body, 32).expect("vectorized");
        // The original instruction, with its scope and ordering, in a loop over the lanes.
        assert!(clone.contains("warp.atomic.lane:"), "{clone}");
        assert!(
            clone.contains("atomicrmw add ptr %")
                && clone.contains("syncscope(\"agent\") monotonic"),
            "{clone}"
        );
        assert!(clone.contains("extractelement <32 x i1>"), "{clone}");
        assert!(clone.contains("insertelement <32 x i32>"), "{clone}");
        assert!(clone.contains("@llvm.masked.store.v32i32"), "{clone}");
    }

    /// `for (i = x; i < n; i += 64) acc += i;` then an exchange: lanes leave at different
    /// iterations, so the loop runs while any lane goes on, each lane's flag in a mask phi.
    #[test]
    fn a_loop_lanes_leave_at_different_iterations_runs_while_any_lane_goes_on() {
        let clone = vectorize(
            r#"
define void @k(ptr %out, i32 %n) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %in = icmp ult i32 %x, %n
  br i1 %in, label %loop, label %done
loop:
  %i = phi i32 [ %x, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %acc1 = add i32 %acc, %i
  %i1 = add i32 %i, 64
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %sum = phi i32 [ %acc1, %loop ]
  br label %done
done:
  %v = phi i32 [ 0, %entry ], [ %sum, %exit ]
  %w = zext i32 %v to i64
  %lanes = call ptr @__ferrocm_warp_exchange(i64 %w)
  %p = getelementptr inbounds i64, ptr %lanes, i64 1
  %r = load i64, ptr %p, align 8
  store i64 %r, ptr %out, align 8
  ret void
}
"#,
            64,
        )
        .expect("vectorized");
        assert!(
            clone.contains("phi <64 x i1>"),
            "no lane mask phi:\n{clone}"
        );
        assert!(
            clone.contains("call i1 @llvm.vector.reduce.or.v64i1"),
            "no any-lane test:\n{clone}"
        );
        assert!(!clone.contains("__ferrocm_warp_any"), "{clone}");
        assert!(
            clone.contains("label %loop, label"),
            "no back edge:\n{clone}"
        );
    }

    /// `if (x < 32) for (k = 0; k < 5; k++) exchange`: the loop's count is the same in every
    /// lane, so it stays a loop with a scalar counter, run under the branch's lane mask.
    #[test]
    fn a_uniform_loop_under_a_lane_varying_branch_keeps_a_scalar_counter() {
        let clone = vectorize(
            r#"
define void @k(ptr %out) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %low = icmp ult i32 %x, 32
  br i1 %low, label %pre, label %done
pre:
  br label %loop
loop:
  %k = phi i32 [ 0, %pre ], [ %k1, %loop ]
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 5
  br i1 %more, label %loop, label %exit
exit:
  br label %done
done:
  ret void
}
"#,
            64,
        )
        .expect("vectorized");
        assert!(clone.contains("%k = phi i32 [ 0, %pre ]"), "{clone}");
        assert!(
            clone.contains("select i1 %"),
            "the back edge is not guarded:\n{clone}"
        );
        assert!(clone.contains("label %loop, label %exit"), "{clone}");
    }

    /// A switch picks the code path: on a kernel argument (all lanes go one way), then on the
    /// lane id (each lane its own way).
    fn switch_kernel(on: &str) -> String {
        format!(
            r#"
define void @k(ptr %out, i32 %n) {{
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %lane = call i32 @__ferrocm_lane_id()
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  switch i32 {on}, label %other [
    i32 0, label %zero
    i32 1, label %one
    i32 7, label %one
  ]
zero:
  br label %done
one:
  br label %done
other:
  br label %done
done:
  %v = phi i32 [ 10, %zero ], [ 20, %one ], [ 30, %other ]
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %xi
  store i32 %v, ptr %p, align 4
  ret void
}}
"#
        )
    }

    #[test]
    fn a_switch_becomes_branches_the_widening_knows() {
        let clone = vectorize(&switch_kernel("%n"), 64).expect("a uniform switch is vectorized");
        assert!(!clone.contains("switch "), "{clone}");
        assert!(
            clone.contains("store <64 x i32>") || clone.contains("masked.store.v64i32"),
            "{clone}"
        );
        let clone = vectorize(&switch_kernel("%lane"), 32).expect("a lane-varying switch too");
        assert!(
            clone.contains("select <32 x i1>") || clone.contains("<32 x i32>"),
            "{clone}"
        );
    }

    /// rocPRIM's look-back: each lane reads its predecessor's flag with an atomic load, and the
    /// warp spins while any flag is empty; the lane that publishes stores its flag atomically.
    const LOOK_BACK: &str = r#"
declare i1 @__ferrocm_warp_any(i1)
define void @k(ptr %flags, ptr %out) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %xi = zext i32 %x to i64
  %p = getelementptr inbounds i64, ptr %flags, i64 %xi
  br label %spin
spin:
  %f = load atomic i64, ptr %p acquire, align 8
  %empty = icmp eq i64 %f, 0
  %any = call i1 @__ferrocm_warp_any(i1 %empty)
  br i1 %any, label %spin, label %done
done:
  %q = getelementptr inbounds i64, ptr %out, i64 %xi
  store atomic i64 %f, ptr %q release, align 8
  store volatile i64 %f, ptr %out, align 8
  %lane = call i32 @__ferrocm_lane_id()
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %publish, label %end
publish:
  %old = load atomic i64, ptr %flags acquire, align 8
  %new = add i64 %old, 1
  store atomic i64 %new, ptr %flags release, align 8
  br label %end
end:
  ret void
}
"#;

    #[test]
    fn atomic_and_volatile_accesses_stay_one_per_lane() {
        let clone = vectorize(LOOK_BACK, 64).expect("vectorized");
        assert!(clone.contains("load atomic i64, ptr"), "{clone}");
        assert!(clone.contains("store atomic i64"), "{clone}");
        assert!(clone.contains("store volatile i64"), "{clone}");
        assert!(clone.contains("warp.atomic.lane"), "{clone}");
        assert!(!clone.contains("masked.gather"), "{clone}");
        assert!(!clone.contains("masked.scatter"), "{clone}");
        assert!(!clone.contains("masked.store"), "{clone}");
        assert!(!clone.contains("masked.load"), "{clone}");
        // The uniform ones under `lane == 0` too: the lowest active lane alone does them.
        assert_eq!(clone.matches("load atomic i64").count(), 2, "{clone}");
        assert_eq!(clone.matches("store atomic i64").count(), 2, "{clone}");
        assert!(clone.contains("llvm.cttz"), "{clone}");
    }

    #[test]
    fn unsupported_kernels_keep_the_work_item_form_with_a_reason() {
        let cas = r#"
define void @k(ptr %c) {
entry:
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %o = cmpxchg ptr %c, i32 0, i32 1 monotonic monotonic
  ret void
}
"#;
        assert_eq!(
            vectorize(cas, 64).err().as_deref(),
            Some("compare-and-swap")
        );
        let nested = r#"
define void @k(ptr %c) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %n, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %j1 = add i32 %j, 1
  %again = icmp ult i32 %j1, 4
  br i1 %again, label %inner, label %outer.latch
outer.latch:
  %n = add i32 %i, 1
  %more = icmp ult i32 %n, %x
  br i1 %more, label %outer, label %done
done:
  ret void
}
"#;
        assert_eq!(
            vectorize(nested, 64).err().as_deref(),
            Some("nested loops under a lane-varying condition")
        );
        let call = r#"
declare void @opaque(i32)
define void @k() {
entry:
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %x = call i32 @__ferrocm_workitem_id_x()
  call void @opaque(i32 %x)
  ret void
}
"#;
        assert_eq!(
            vectorize(call, 64).err().as_deref(),
            Some("a call to `opaque`")
        );
        // Lanes below 5 would wait at one barrier and the rest at another: the work-item form
        // fails that launch as divergent; if-converted, both barriers would just run.
        let split_barrier = r#"
define void @k() {
entry:
  %lanes = call ptr @__ferrocm_warp_exchange(i64 1)
  %x = call i32 @__ferrocm_workitem_id_x()
  %low = icmp ult i32 %x, 5
  br i1 %low, label %a, label %b
a:
  call void @__ferrocm_barrier()
  br label %done
b:
  call void @__ferrocm_barrier()
  br label %done
done:
  ret void
}
"#;
        assert_eq!(
            vectorize(split_barrier, 64).err().as_deref(),
            Some("a barrier under a lane-varying condition")
        );
        // No exchange: nothing to do, nothing refused.
        let plain = "define void @k() {\nentry:\n  ret void\n}\n";
        assert_eq!(vectorize(plain, 64).err().as_deref(), Some(""));
    }
}
