//! Block-stride loops run in chunks, so that the work-items of a block sweep memory together.
//!
//! `for (i = start + threadIdx.x; i < end; i += blockDim.x) h[in[i]]++;` splits a range among
//! a block's work-items. On a GPU the work-items run side by side, so each step reads one
//! contiguous stretch. In the CPU device's work-item loop the first work-item runs its whole
//! loop before the next starts, and each reads every blockDim.x-th element: 2.3x slower than
//! sequential order for a byte histogram over 64 KiB tiles (measured natively, one thread).
//!
//! So the loop is strip-mined: a loop over chunks of 16 steps, the same for every work-item,
//! with a barrier at its top as for [`super::interchange`]'s loops, and inside it the original
//! loop from `base + threadIdx.x` to the chunk's end. Each chunk is a region whose work-item loop
//! runs the work-items' few iterations over one small stretch of memory (16 block widths), which
//! stays in the L1 cache and is read in order from one chunk to the next. The step is at least
//! the block's width (`threadIdx.x < blockDim.x <= step`), so a work-item's iterations in a chunk
//! are exactly those of its original ones that fall in it.
//!
//! A loop qualifies when, in a kernel without warp exchanges:
//! - it is innermost and has no barrier;
//! - its only header phi is the index, starting at `uniform + threadIdx.x` (or `threadIdx.x`)
//!   and stepping by a multiple of the block's width (`blockDim.x`, `blockDim.x * gridDim.x`);
//! - it leaves only from its latch, on `index < end` (signed or unsigned, `end` uniform), to a
//!   block without phis, and is entered through the same test of the start (the form LLVM
//!   rotates loops into);
//! - nothing computed in it is used after it;
//! - no branch on a value that differs between work-items, other than that entry test,
//!   decides whether it runs;
//! - it reads or writes memory other than shared memory along the index, so the order pays.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use super::interchange::{callee, Cfg, InnerLoops, Strides};
use super::item_loops::{inverse, swapped};
use super::*;
use llvm_sys::core::*;
use llvm_sys::LLVMIntPredicate as P;
use llvm_sys::LLVMOpcode as Op;
use std::collections::HashSet;

/// Steps of the loop per chunk. Each work-item runs up to this many iterations of the original
/// loop per chunk, all within a stretch of this many block widths: 16 keeps a byte histogram's
/// 256-wide blocks within 4 KiB (natively 18.2 ms against 16.2 sequential, and 36.1 for the
/// whole tile in each work-item's order), and the per-chunk cost small beside 16 iterations.
const CHUNK: u64 = 16;

/// One loop to rewrite.
pub(super) struct StrideLoop {
    header: Block,
    latch: Block,
    pre: Block,
    exit: Block,
    index: Val,
    /// `threadIdx.x` as the index's type.
    item: Val,
    /// The index's start less `item`.
    start: Val,
    step: Val,
    end: Val,
    /// The test that goes on: `index pred end`.
    pred: P,
}

/// The block-stride loops of `f` that qualify (see the module's doc).
pub(super) fn find(m: Module, f: Val) -> Vec<StrideLoop> {
    let Some(inner) = InnerLoops::of(f) else {
        return Vec::new();
    };
    let cfg = &inner.cfg;
    let mut out = Vec::new();
    for (h, body) in &inner.loops {
        let Some(l) = shape(cfg, *h, body, &inner.divergence().0) else {
            continue;
        };
        // The loop's own entry test is the one branch on `threadIdx.x` allowed.
        let pre = cfg.index[&l.pre];
        if !inner.decided_per_item(*h, body, Some(pre)) && sweeps_memory(m, cfg, body, l.index) {
            out.push(l);
        }
    }
    out.sort_by_key(|l| cfg.index[&l.header]);
    out
}

/// The loop's parts, when it has the block-stride form.
fn shape(cfg: &Cfg, h: usize, body: &HashSet<usize>, div: &HashSet<Val>) -> Option<StrideLoop> {
    let header = cfg.blocks[h];
    let phis: Vec<Val> = header
        .instructions()
        .into_iter()
        .take_while(|i| i.is_phi())
        .collect();
    let [index] = phis[..] else { return None };
    index.ty().int_width()?;
    let inside: Vec<usize> = cfg.preds[h]
        .iter()
        .copied()
        .filter(|p| body.contains(p))
        .collect();
    let outside: Vec<usize> = cfg.preds[h]
        .iter()
        .copied()
        .filter(|p| !body.contains(p))
        .collect();
    let ([l], [p]) = (&inside[..], &outside[..]) else {
        return None;
    };
    let (latch, pre) = (cfg.blocks[*l], cfg.blocks[*p]);
    // The only way out is the latch's test.
    for &b in body {
        let leaves = cfg.succs[b].iter().any(|s| !body.contains(s));
        if leaves && b != *l {
            return None;
        }
    }
    let incoming = |from: Block| {
        let n = unsafe { LLVMCountIncoming(index.0) };
        (0..n)
            .find(|&k| index.incoming_block(k) == from)
            .map(|k| Val(unsafe { LLVMGetIncomingValue(index.0, k) }))
    };
    let (init, next) = (incoming(pre)?, incoming(latch)?);
    // next = index + step
    if next.opcode() != Op::LLVMAdd {
        return None;
    }
    let step = match (next.operand(0), next.operand(1)) {
        (a, s) if a == index => s,
        (s, a) if a == index => s,
        _ => return None,
    };
    // The step is at least the block's width, so each work-item's first index in a chunk is
    // its first at or past the chunk's base.
    if !positive_uniform(step, 0) || !has_block_width(step, 0) {
        return None;
    }
    // The latch goes on while `next pred end`.
    let (going, exit, end) = continue_test(latch, header, next)?;
    // The rewrite retargets the latch's test at the chunk's end: it must serve the branch alone.
    let test = latch.terminator()?.operand(0);
    if test.users().len() != 1 {
        return None;
    }
    // (An exit with phis would need their latch edges moved: the C API cannot.)
    let exit_phis = exit.first_instruction().is_some_and(|i| i.is_phi());
    if exit_phis || body.contains(&cfg.index[&exit]) || !uniform_outside(end, body, cfg, div) {
        return None;
    }
    // init = start + threadIdx.x
    let (item, start) = if is_item_x(init) {
        (init, Val(unsafe { LLVMConstNull(init.ty().0) }))
    } else if init.is_instruction() && matches!(init.opcode(), Op::LLVMAdd | Op::LLVMOr) {
        match (init.operand(0), init.operand(1)) {
            (t, s) if is_item_x(t) => (t, s),
            (s, t) if is_item_x(t) => (t, s),
            _ => return None,
        }
    } else {
        return None;
    };
    if !uniform_outside(start, body, cfg, div) {
        return None;
    }
    // The entry tests `init pred end` the same way, into the header, else to the exit.
    let (entry_going, entry_exit, entry_end) = continue_test(pre, header, init)?;
    if entry_going != going || entry_exit != exit || entry_end != end {
        return None;
    }
    // Nothing made in the loop lives past it.
    for &b in body {
        for i in cfg.blocks[b].instructions() {
            let escapes = i.users().into_iter().any(|u| {
                let ub = u.parent_block();
                cfg.index.get(&ub).is_none_or(|k| !body.contains(k))
            });
            if escapes {
                return None;
            }
        }
    }
    Some(StrideLoop {
        header,
        latch,
        pre,
        exit,
        index,
        item,
        start,
        step,
        end,
        pred: going,
    })
}

/// `blk`'s branch as "go on to `header` while `v pred end`": the predicate (strict less-than,
/// signed or unsigned), the other successor and `end`.
fn continue_test(blk: Block, header: Block, v: Val) -> Option<(P, Block, Val)> {
    let br = blk.terminator()?;
    if br.opcode() != Op::LLVMBr || br.num_operands() != 3 {
        return None;
    }
    let c = br.operand(0);
    let pred = c.icmp_predicate()?;
    let (mut pred, end) = if c.operand(0) == v {
        (pred, c.operand(1))
    } else if c.operand(1) == v {
        (swapped(pred), c.operand(0))
    } else {
        return None;
    };
    let (t, e) = (br.successor(0), br.successor(1));
    let other = if t == header {
        e
    } else if e == header {
        pred = inverse(pred);
        t
    } else {
        return None;
    };
    matches!(pred, P::LLVMIntSLT | P::LLVMIntULT).then_some((pred, other, end))
}

/// `threadIdx.x`, or it widened.
fn is_item_x(v: Val) -> bool {
    let v = if matches!(v.opcode(), Op::LLVMZExt | Op::LLVMSExt) && v.is_instruction() {
        v.operand(0)
    } else {
        v
    };
    v.is_instruction() && v.is_call() && callee(v) == "__ferrocm_workitem_id_x"
}

/// Made before the loop (or a constant or argument), the same for every work-item.
fn uniform_outside(v: Val, body: &HashSet<usize>, cfg: &Cfg, div: &HashSet<Val>) -> bool {
    if !v.is_instruction() {
        return true;
    }
    let inside = cfg
        .index
        .get(&v.parent_block())
        .is_none_or(|k| body.contains(k));
    !inside && !div.contains(&v)
}

/// A step that is the same for every work-item and above zero: group and grid sizes, positive
/// constants, and their products. Made in the loop only from such parts, so it can be made
/// again after it.
fn positive_uniform(v: Val, depth: u32) -> bool {
    if depth > 8 {
        return false;
    }
    if v.is_constant_int() {
        let bits = v.ty().int_width().unwrap_or(64);
        let value = v.const_zext();
        return value > 0 && (bits >= 64 || value < 1u64 << (bits - 1));
    }
    if !v.is_instruction() {
        return false;
    }
    match v.opcode() {
        Op::LLVMCall => {
            let name = callee(v);
            v.num_call_args() == 0
                && (name.starts_with("__ferrocm_workgroup_size_")
                    || name.starts_with("__ferrocm_num_workgroups_")
                    || name == "__ferrocm_warp_size")
        }
        Op::LLVMMul | Op::LLVMZExt => {
            (0..v.num_operands()).all(|k| positive_uniform(v.operand(k), depth + 1))
        }
        _ => false,
    }
}

/// Whether `v`, a [`positive_uniform`] step, is a multiple of the block's width.
fn has_block_width(v: Val, depth: u32) -> bool {
    if depth > 8 || !v.is_instruction() {
        return false;
    }
    match v.opcode() {
        Op::LLVMCall => callee(v) == "__ferrocm_workgroup_size_x",
        Op::LLVMZExt => has_block_width(v.operand(0), depth + 1),
        Op::LLVMMul => (0..2).any(|k| has_block_width(v.operand(k), depth + 1)),
        _ => false,
    }
}

/// Whether a load or store in the loop, outside shared memory, moves along the index by at
/// most a vector's width.
fn sweeps_memory(m: Module, cfg: &Cfg, body: &HashSet<usize>, index: Val) -> bool {
    let mut strides = Strides {
        m,
        memo: HashMap::new(),
    };
    // The index moves by one from one work-item to the next once the loop is rewritten.
    strides.memo.insert(index, Some(1));
    body.iter().any(|&b| {
        cfg.blocks[b].instructions().into_iter().any(|i| {
            let ptr = if i.is_load() {
                i.operand(0)
            } else if i.is_store() {
                i.operand(1)
            } else if i.opcode() == Op::LLVMAtomicRMW {
                i.operand(0)
            } else {
                return false;
            };
            let moves = matches!(strides.of(ptr, 0), Some(s) if s != 0 && s.unsigned_abs() <= 64);
            moves && !in_shared(ptr)
        })
    })
}

/// Whether `ptr` points into a `__shared__` variable.
fn in_shared(mut ptr: Val) -> bool {
    for _ in 0..16 {
        let kind = unsafe { LLVMGetValueKind(ptr.0) };
        use llvm_sys::LLVMValueKind::*;
        match kind {
            LLVMGlobalVariableValueKind => return ptr.ty().addrspace() == 3,
            LLVMConstantExprValueKind | LLVMInstructionValueKind => {
                let op = unsafe { LLVMGetConstOpcode(ptr.0) };
                let op = if kind == LLVMInstructionValueKind {
                    ptr.opcode()
                } else {
                    op
                };
                match op {
                    Op::LLVMGetElementPtr | Op::LLVMAddrSpaceCast | Op::LLVMBitCast => {
                        ptr = Val(unsafe { LLVMGetOperand(ptr.0, 0) });
                    }
                    _ => return false,
                }
            }
            _ => return false,
        }
    }
    false
}

/// Rewrites `l` into a loop over chunks of [`CHUNK`] steps, the original loop inside, bounded by
/// the chunk; gives the chunks' loop header, where the barrier goes.
pub(super) fn rewrite(m: Module, f: Val, l: &StrideLoop) -> Block {
    let b = m.builder();
    let head =
        Block(unsafe { LLVMInsertBasicBlockInContext(m.ctx, l.header.0, c"chunk.head".as_ptr()) });
    let next = m.append_block(f, "chunk.next");
    let ty = l.index.ty();
    let int = |v: u64| m.const_int(ty, v);

    // chunk.head: base = phi [start, pre], [chunk end, chunk.next]. The chunk is CHUNK steps,
    // or what is left (`end - base` as unsigned: exact, as base < end). A work-item takes part
    // when threadIdx.x < its length (then the original test, base + threadIdx.x < chunk end,
    // holds).
    b.at_end(head);
    let base = Val(unsafe { LLVMBuildPhi(b.raw(), ty.0, c"chunk.base".as_ptr()) });
    let step = remake(&b, l.step);
    let bits = ty.int_width().unwrap_or(32);
    let max_step = int((u64::MAX >> (64 - bits)) / CHUNK);
    // (Wraps for steps past max_step, which then take what is left.)
    let whole = Val(unsafe { LLVMBuildMul(b.raw(), step.0, int(CHUNK).0, c"".as_ptr()) });
    let left = b.sub(l.end, base);
    let take = b.select(
        b.icmp(P::LLVMIntUGT, step, max_step),
        left,
        b.umin(left, whole),
    );
    let chunk_end = b.add(base, take);
    let first = b.add(base, l.item);
    let takes_part = b.icmp(P::LLVMIntULT, l.item, take);
    b.cond_br(takes_part, l.header, next);

    // The loop starts at base + threadIdx.x, comes in from chunk.head, and ends at the chunk's
    // end into chunk.next.
    let n = unsafe { LLVMCountIncoming(l.index.0) };
    let incoming: Vec<(Val, Block)> = (0..n)
        .map(|k| {
            let from = l.index.incoming_block(k);
            if from == l.pre {
                (first, head)
            } else {
                (Val(unsafe { LLVMGetIncomingValue(l.index.0, k) }), from)
            }
        })
        .collect();
    b.before(l.index);
    let index = Val(unsafe { LLVMBuildPhi(b.raw(), ty.0, c"".as_ptr()) });
    index.add_incoming(&incoming);
    l.index.replace_all_uses_with(index);
    l.index.erase();
    if let Some(br) = l.latch.terminator() {
        let test = br.operand(0);
        for k in 0..test.num_operands() {
            if test.operand(k) == l.end {
                test.set_operand(k, chunk_end);
            }
        }
        for k in 0..br.num_successors() {
            if br.successor(k) == l.exit {
                unsafe { LLVMSetSuccessor(br.0, k, next.0) };
            }
        }
    }

    // chunk.next: on to the next chunk while its base is below the end.
    b.at_end(next);
    let more = b.icmp(l.pred, chunk_end, l.end);
    b.cond_br(more, head, l.exit);
    base.add_incoming(&[(l.start, l.pre), (chunk_end, next)]);

    // The entry tests the first base, and goes to chunk.head.
    if let Some(br) = l.pre.terminator() {
        let old_test = br.operand(0);
        b.before(br);
        let first = b.icmp(l.pred, l.start, l.end);
        br.set_operand(0, first);
        for k in 0..br.num_successors() {
            if br.successor(k) == l.header {
                unsafe { LLVMSetSuccessor(br.0, k, head.0) };
            }
        }
        erase_if_dead(old_test);
    }
    if let Some(init) = first_index_before(l) {
        erase_if_dead(init);
    }
    head
}

/// The original loop's start (`start + threadIdx.x`), made before it, now used by nothing.
fn first_index_before(l: &StrideLoop) -> Option<Val> {
    l.pre.instructions().into_iter().find(|i| {
        i.opcode() == Op::LLVMAdd && (0..2).all(|k| [l.start, l.item].contains(&i.operand(k)))
    })
}

/// A copy of `v` where the builder is (`positive_uniform` allows only builtin calls, constants,
/// products and widenings, so a copy is the same value).
fn remake(b: &Builder, v: Val) -> Val {
    if !v.is_instruction() {
        return v;
    }
    let copy = v.clone_instruction();
    if v.opcode() != Op::LLVMCall {
        for k in 0..v.num_operands() {
            copy.set_operand(k, remake(b, v.operand(k)));
        }
    }
    b.insert(copy);
    copy
}

fn erase_if_dead(v: Val) {
    if v.is_instruction() && v.users().is_empty() {
        v.erase();
    }
}
