//! Masked vector accesses take a cheaper form for the masks they mostly have.
//!
//! LLVM's loop vectorizer turns a guarded access in a work-item loop (`i < n ? in[i] : 0`,
//! `if (i < n) out[i] = v`) into `llvm.masked.load` / `llvm.masked.store`, which x86 emits as
//! AVX-512 or AVX masked moves. On AMD's cores these run at about half the speed of plain
//! ones on streaming data (a block-wise copy into shared memory: 5.2 ms masked against 2.8 ms
//! with this test, 32 Mi ints on 2 cores), though all but the last block of a grid have every
//! lane on. So each one whose mask is not a constant becomes:
//!
//! ```text
//!   %all = icmp eq (bitcast %mask to iN), -1
//!   br %all, label %mask.full, label %mask.some
//! mask.full:  plain load / store
//! mask.some:  br (mask == 0), label %mask.join, label %mask.part
//! mask.part:  the original call
//! mask.join:  phi of the loads and the pass-through value
//! ```
//!
//! The empty mask is the other common one: the warps past the end of an `if (t < 8)` in a
//! warp-vectorized kernel. Masked moves there cost as much as full ones, and a wide one reads
//! the lines after its first lane even where they are masked off.
//!
//! The warp vectorizer's scatters (`if (tile.thread_rank() == 0) partial[t / 32] = v`: one
//! store per tile of the warp) have the opposite shape: a few lanes on. A masked scatter costs
//! about as much for 2 lanes as for 16, so one with at most [`FEW_LANES`] lanes on stores those
//! lanes one by one, lowest first (the order a scatter writes overlapping lanes in):
//!
//! ```text
//!   %n = ctpop (bitcast %mask to iN)      ; 0: nothing to store
//!   br (%n <= FEW_LANES), label %scatter.lanes, label %scatter.all
//! scatter.lanes:  lane = cttz(bits); store vals[lane] to ptrs[lane]; bits &= bits - 1; loop
//! scatter.all:    the original call
//! ```
//!
//! Each rewritten form stores and loads exactly the lanes the masked one would. This runs after
//! the optimization pipeline, which creates the masked accesses, just before code generation.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{Block, Module, Val};
use crate::shim::split_block_before;
use llvm_sys::core::*;
use llvm_sys::LLVMIntPredicate;

/// The most lanes a scatter may have on to be stored lane by lane.
pub const FEW_LANES: u64 = 4;

/// The alignment of the stack copies the few-lanes path reads its lanes from: a cache line, not
/// the whole vector's size, which would make the function realign its stack further.
const SPILL_ALIGN: u32 = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Load,
    Store,
    Scatter,
}

/// A masked access: its kind, pointer (a vector of them for a scatter), alignment and mask,
/// and the stored value.
struct Access {
    kind: Kind,
    call: Val,
    ptr: Val,
    align: u32,
    mask: Val,
    stored: Option<Val>,
}

fn access(i: Val) -> Option<Access> {
    if !i.is_call() {
        return None;
    }
    let name = i.called_function()?.name();
    let (kind, ptr, align, mask, stored) = if name.starts_with("llvm.masked.load.") {
        (Kind::Load, 0, 1, 2, None)
    } else if name.starts_with("llvm.masked.store.") {
        (Kind::Store, 1, 2, 3, Some(0))
    } else if name.starts_with("llvm.masked.scatter.") {
        (Kind::Scatter, 1, 2, 3, Some(0))
    } else {
        return None;
    };
    let a = Access {
        kind,
        call: i,
        ptr: i.operand(ptr),
        align: i.operand(align).const_zext() as u32,
        mask: i.operand(mask),
        stored: stored.map(|s| i.operand(s)),
    };
    // A constant mask is all on (LLVM already made it a plain access), all off, or a fixed
    // pattern that no run changes.
    let constant = unsafe { !LLVMIsAConstant(a.mask.0).is_null() };
    (!constant).then_some(a)
}

/// Rewrites every masked load, store and scatter with a run-time mask; gives how many.
pub fn run(m: Module) -> usize {
    let mut done = 0;
    for f in m.functions() {
        let found: Vec<Val> = f
            .blocks()
            .into_iter()
            .flat_map(|b| b.instructions())
            .filter(|&i| access(i).is_some())
            .collect();
        // Operands are read as each is rewritten: a store of a masked load's value stores the
        // join's phi once that load has its fast path.
        for call in found {
            if let Some(a) = access(call) {
                let rewritten = match a.kind {
                    Kind::Load | Kind::Store => full_mask_path(m, f, &a),
                    Kind::Scatter => few_lanes_path(m, f, &a),
                };
                done += usize::from(rewritten);
            }
        }
    }
    done
}

/// Names a block (the splits leave them unnamed).
fn name_block(block: Block, name: &std::ffi::CStr) {
    unsafe {
        LLVMSetValueName2(
            LLVMBasicBlockAsValue(block.0),
            name.as_ptr(),
            name.count_bytes(),
        )
    };
}

/// Splits the access's block around it: gives the branch that now ends the block before (to
/// the access, for the caller to replace), the access's own block, and the block after.
fn isolate(
    a: &Access,
    own: &std::ffi::CStr,
    after: &std::ffi::CStr,
) -> Option<(Val, Block, Block)> {
    let head = a.call.parent_block();
    let next = a.call.next_instruction()?;
    let part = split_block_before(a.call)?;
    let join = split_block_before(next)?;
    name_block(part, own);
    name_block(join, after);
    Some((head.terminator()?, part, join))
}

/// The mask as an integer of one bit per lane, built before `at`.
fn mask_bits(m: Module, b: &crate::ir::Builder, a: &Access) -> Val {
    let lanes = unsafe { LLVMGetVectorSize(a.mask.ty().0) };
    b.bitcast(a.mask, m.int(lanes))
}

fn full_mask_path(m: Module, f: Val, a: &Access) -> bool {
    let Some((old_br, part, join)) = isolate(a, c"mask.part", c"mask.join") else {
        return false;
    };
    let full = m.append_block(f, "mask.full");
    let some = m.append_block(f, "mask.some");
    let b = m.builder();

    // head: test the mask instead of falling through to the masked access; an empty mask
    // goes straight on (a load then gives its pass-through value).
    b.before(old_br);
    let bits = mask_bits(m, &b, a);
    let ones = Val(unsafe { LLVMConstAllOnes(bits.ty().0) });
    let all = b.icmp(LLVMIntPredicate::LLVMIntEQ, bits, ones);
    b.cond_br(all, full, some);
    old_br.erase();
    b.at_end(some);
    let none = b.icmp(LLVMIntPredicate::LLVMIntEQ, bits, m.const_int(bits.ty(), 0));
    b.cond_br(none, join, part);

    // mask.full: the plain access.
    b.at_end(full);
    let plain = match a.stored {
        Some(v) => b.store(v, a.ptr),
        None => b.load(a.call.ty(), a.ptr, "mask.load"),
    };
    plain.set_alignment(a.align.max(1));
    b.br(join);

    // mask.join: a load's value from whichever side ran.
    if a.kind == Kind::Load {
        let Some(first) = join.first_instruction() else {
            return true;
        };
        b.before(first);
        let phi = Val(unsafe { LLVMBuildPhi(b.raw(), a.call.ty().0, c"mask.value".as_ptr()) });
        a.call.replace_all_uses_with(phi);
        let pass_through = a.call.operand(3);
        phi.add_incoming(&[(plain, full), (a.call, part), (pass_through, some)]);
    }
    true
}

fn few_lanes_path(m: Module, f: Val, a: &Access) -> bool {
    let Some(vals) = a.stored else {
        return false;
    };
    let Some((old_br, all, join)) = isolate(a, c"scatter.all", c"scatter.join") else {
        return false;
    };
    let check = m.append_block(f, "scatter.check");
    let lanes_loop = m.append_block(f, "scatter.lanes");
    let b = m.builder();
    let int = |v: u64, ty: crate::ir::Ty| m.const_int(ty, v);

    // head: nothing to store for an empty mask; else count the lanes.
    b.before(old_br);
    let bits = mask_bits(m, &b, a);
    let word = bits.ty();
    let none = b.icmp(LLVMIntPredicate::LLVMIntEQ, bits, int(0, word));
    b.cond_br(none, join, check);
    old_br.erase();

    // scatter.check: a few lanes go one by one, more through the scatter. The values and
    // pointers go to the stack once here: a lane picked at run time from a vector in a register
    // would spill the whole vector on every turn of the loop.
    let Some(entry) = f.entry_block().and_then(|e| e.first_instruction()) else {
        return false;
    };
    b.before(entry);
    let spill = |v: Val, name: &str| {
        let ty = v.ty();
        let elem = crate::ir::Ty(unsafe { LLVMGetElementType(ty.0) });
        let whole_bytes = m.size_of(elem) * 8 == m.size_of_bits(elem);
        whole_bytes.then(|| {
            let slot = b.alloca(ty, name);
            slot.set_alignment(SPILL_ALIGN);
            (slot, elem)
        })
    };
    let (Some((vals_slot, val_ty)), Some((ptrs_slot, ptr_ty))) =
        (spill(vals, "scatter.vals"), spill(a.ptr, "scatter.ptrs"))
    else {
        return false;
    };
    b.at_end(check);
    b.store(vals, vals_slot).set_alignment(SPILL_ALIGN);
    b.store(a.ptr, ptrs_slot).set_alignment(SPILL_ALIGN);
    let (ctpop, ctpop_ty) = m.intrinsic("llvm.ctpop", &[word]);
    let count = b.call(ctpop_ty, ctpop, &[bits]);
    let few = b.icmp(LLVMIntPredicate::LLVMIntULE, count, int(FEW_LANES, word));
    b.cond_br(few, lanes_loop, all);

    // scatter.lanes: store the lowest lane left, clear its bit, go on while any is left.
    b.at_end(lanes_loop);
    let left = Val(unsafe { LLVMBuildPhi(b.raw(), word.0, c"scatter.left".as_ptr()) });
    let (cttz, cttz_ty) = m.intrinsic("llvm.cttz", &[word]);
    let lane = b.call(cttz_ty, cttz, &[left, int(1, m.i1())]);
    let element = |slot: Val, ty: crate::ir::Ty| b.load(ty, b.gep(ty, slot, &[lane]), "");
    let store = b.store(element(vals_slot, val_ty), element(ptrs_slot, ptr_ty));
    store.set_alignment(a.align.max(1));
    let rest = b.and(left, b.sub(left, int(1, word)));
    let done = b.icmp(LLVMIntPredicate::LLVMIntEQ, rest, int(0, word));
    b.cond_br(done, join, lanes_loop);
    left.add_incoming(&[(bits, check), (rest, lanes_loop)]);
    true
}

#[cfg(test)]
mod tests {
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("masked_memory", |_, m| {
            Ok(vec![format!("rewritten: {}", super::run(m))])
        });
    }
}
