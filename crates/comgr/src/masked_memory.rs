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
//! scatter.lanes:  call the lane loop: lane = cttz(bits); store vals[lane] to ptrs[lane]; bits &= bits - 1
//! scatter.all:    the original call
//! ```
//!
//! Where the target lacks an access ([`Native`]: gathers and scatters without AVX-512, masked
//! moves of bytes and halfwords without AVX-512BW), LLVM would expand it into a branch and an
//! access per lane. Such an access runs its lanes that are on in a loop instead (the partial
//! path of a masked load or store, all of a gather or scatter: `by_lanes`), in a function of its
//! own that the access calls.
//!
//! Each rewritten form stores and loads exactly the lanes the masked one would. This runs after
//! the optimization pipeline, which creates the masked accesses, just before code generation.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{Block, Module, Ty, Val};
use crate::shim::split_block_before;
use llvm_sys::core::*;
use llvm_sys::LLVMIntPredicate;
use std::collections::HashMap;

/// The most lanes a scatter may have on to be stored lane by lane.
pub const FEW_LANES: u64 = 4;

/// The alignment of the stack copies the few-lanes path reads its lanes from: a cache line, not
/// the whole vector's size, which would make the function realign its stack further.
const SPILL_ALIGN: u32 = 64;

/// The masked accesses the target does itself. Without them, x86 code generation expands each
/// into a branch and an access per lane: the warp vectorizer's 64-lane gathers and scatters
/// then became thousands of blocks in one function, and register allocation over them took
/// most of a build (rocPRIM's block radix sort at wave 64: 22 s of code generation for one
/// kernel on an AMD core without AVX-512, 0.7 s with it). The accesses the target lacks become
/// a loop over the lanes that are on instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Native {
    /// Gathers and scatters (AVX-512F).
    pub gather_scatter: bool,
    /// Masked loads and stores of 32- and 64-bit elements (AVX).
    pub wide_masked: bool,
    /// Masked loads and stores of 8- and 16-bit elements (AVX-512BW).
    pub narrow_masked: bool,
}

impl Native {
    /// What a target with these LLVM features (`+avx2,+avx512f,...`) does itself.
    pub fn from_features(features: &str) -> Native {
        let has = |name: &str| {
            features
                .split(',')
                .any(|f| f.strip_prefix('+') == Some(name))
        };
        Native {
            gather_scatter: has("avx512f"),
            wide_masked: has("avx"),
            narrow_masked: has("avx512bw"),
        }
    }

    fn handles(self, m: Module, a: &Access) -> bool {
        match a.kind {
            // AVX-512 gathers and scatters move 32- and 64-bit elements only: LLVM expands one of
            // bytes or halfwords (a warp clone's `bool` or `short` lanes) lane by lane, and
            // rocThrust's equal.cu had 80 functions of 700 blocks from them.
            Kind::Gather | Kind::Scatter => {
                self.gather_scatter && matches!(m.size_of_bits(a.elem), 32 | 64)
            }
            Kind::Load | Kind::Store => match m.size_of_bits(a.elem) {
                32 | 64 => self.wide_masked,
                8 | 16 => self.narrow_masked,
                // Other element sizes are left to LLVM.
                _ => true,
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Load,
    Store,
    Gather,
    Scatter,
}

/// A masked access: its kind, pointer (a vector of them for a gather or scatter), alignment,
/// mask, the stored value, and the element type.
struct Access {
    kind: Kind,
    call: Val,
    ptr: Val,
    align: u32,
    mask: Val,
    stored: Option<Val>,
    elem: Ty,
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
    } else if name.starts_with("llvm.masked.gather.") {
        (Kind::Gather, 0, 1, 2, None)
    } else if name.starts_with("llvm.masked.scatter.") {
        (Kind::Scatter, 1, 2, 3, Some(0))
    } else {
        return None;
    };
    let stored = stored.map(|s| i.operand(s));
    let vector = stored.unwrap_or(i).ty();
    let a = Access {
        kind,
        call: i,
        ptr: i.operand(ptr),
        align: i.operand(align).const_zext() as u32,
        mask: i.operand(mask),
        stored,
        elem: Ty(unsafe { LLVMGetElementType(vector.0) }),
    };
    // A constant mask is all on (LLVM already made a load or store a plain access, and expands
    // a gather or scatter into straight-line code), all off, or a fixed pattern that no run
    // changes.
    let constant = unsafe { !LLVMIsAConstant(a.mask.0).is_null() };
    (!constant).then_some(a)
}

/// What a lane loop's stack slot holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Spill {
    /// The lanes' values (a store's, or a load's results).
    Values,
    /// A gather's or scatter's lane addresses.
    Addresses,
}

/// The stack slots a function's lane loops spill vectors to, one per vector type and use: each
/// loop fills its slots and reads them back before the next access runs. A scatter of pointers
/// has values and addresses of one type, so the two uses never share a slot (they did, and such
/// a scatter stored each lane's value to the value as an address: a crash in hipCUB's block
/// radix sort of a 65-thread block).
#[derive(Default)]
struct Slots(HashMap<(Ty, Spill), Val>);

impl Slots {
    /// The slot for `vector`'s type and `use_`, allocated at the function's entry; none for
    /// elements that are not whole bytes (a lane's address would not be its index times the size).
    fn of(&mut self, m: Module, f: Val, vector: Ty, use_: Spill) -> Option<Val> {
        if let Some(&slot) = self.0.get(&(vector, use_)) {
            return Some(slot);
        }
        let elem = Ty(unsafe { LLVMGetElementType(vector.0) });
        if !m.packs_like_array(elem) {
            return None;
        }
        let entry = f.entry_block()?.first_instruction()?;
        let b = m.builder();
        b.before(entry);
        let slot = b.alloca(vector, "lanes.slot");
        slot.set_alignment(SPILL_ALIGN);
        self.0.insert((vector, use_), slot);
        Some(slot)
    }
}

/// Rewrites every masked access with a run-time mask for the target `native` describes; gives
/// how many.
pub fn run(m: Module, native: Native) -> usize {
    let mut done = 0;
    for f in m.functions() {
        let found: Vec<Val> = f
            .blocks()
            .into_iter()
            .flat_map(|b| b.instructions())
            .filter(|&i| access(i).is_some())
            .collect();
        let mut slots = Slots::default();
        // Operands are read as each is rewritten: a store of a masked load's value stores the
        // join's phi once that load has its fast path.
        for call in found {
            let Some(a) = access(call) else { continue };
            let own = native.handles(m, &a);
            let rewritten = match a.kind {
                Kind::Load | Kind::Store => full_mask_path(m, f, &a, (!own).then_some(&mut slots)),
                Kind::Scatter if own => few_lanes_path(m, f, &a, &mut slots),
                Kind::Gather if own => false,
                Kind::Gather | Kind::Scatter => by_lanes(m, f, &a, &mut slots).is_some(),
            };
            done += usize::from(rewritten);
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

fn full_mask_path(m: Module, f: Val, a: &Access, lanes: Option<&mut Slots>) -> bool {
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
    let phi = if a.kind == Kind::Load {
        let Some(first) = join.first_instruction() else {
            return true;
        };
        b.before(first);
        let phi = Val(unsafe { LLVMBuildPhi(b.raw(), a.call.ty().0, c"mask.value".as_ptr()) });
        a.call.replace_all_uses_with(phi);
        let pass_through = a.call.operand(3);
        phi.add_incoming(&[(plain, full), (pass_through, some)]);
        Some(phi)
    } else {
        None
    };
    // mask.part: the masked access, or a loop over its lanes where the target has none.
    let part_value = match lanes.and_then(|slots| by_lanes(m, f, a, slots)) {
        Some(value) => value,
        None => Some(a.call),
    };
    if let (Some(phi), Some(v)) = (phi, part_value) {
        phi.add_incoming(&[(v, part)]);
    }
    true
}

/// Replaces the access with a call to a loop over its lanes that are on, lowest first (the order
/// a scatter writes overlapping lanes in), after spilling the addresses and values it needs:
///
/// ```text
/// store <W x ptr> %ptrs, %ptr.slot         ; a gather's or scatter's addresses
/// store <W x T> %values, %value.slot       ; stored values, or the pass-through
/// call @__ferrocm_lanes.gather.i32x64.a4(ptr %ptr.slot, ptr %value.slot, i64 %bits)
/// %v = load <W x T>, %value.slot           ; a load's or gather's value
/// ```
///
/// The loop is a function of its own, one per kind, vector type and alignment in the module
/// ([`lanes_function`]), not inlined: a kernel with thousands of these (rocPRIM's radix sort
/// has 3,600 in one warp clone) would otherwise get four blocks for each, and code generation
/// time grows faster than the blocks do. Gives the value (for a load or gather); none where an
/// element is not a whole number of bytes.
fn by_lanes(m: Module, f: Val, a: &Access, slots: &mut Slots) -> Option<Option<Val>> {
    let vector = a.stored.unwrap_or(a.call).ty();
    let values = slots.of(m, f, vector, Spill::Values)?;
    let ptrs = match a.kind {
        Kind::Gather | Kind::Scatter => Some(slots.of(m, f, a.ptr.ty(), Spill::Addresses)?),
        Kind::Load | Kind::Store => None,
    };
    let (helper, helper_ty) = lanes_function(m, a);
    let b = m.builder();
    b.before(a.call);
    let bits = mask_bits(m, &b, a);
    if let Some(slot) = ptrs {
        b.store(a.ptr, slot).set_alignment(SPILL_ALIGN);
    }
    let pass_through = match a.kind {
        Kind::Load | Kind::Gather => Some(a.call.operand(3)),
        Kind::Store | Kind::Scatter => None,
    };
    let spilled = a
        .stored
        .or(pass_through.filter(|v| unsafe { LLVMIsUndef(v.0) } == 0));
    if let Some(v) = spilled {
        b.store(v, values).set_alignment(SPILL_ALIGN);
    }
    b.call(helper_ty, helper, &[ptrs.unwrap_or(a.ptr), values, bits]);
    let value = a.stored.is_none().then(|| {
        let v = b.load(vector, values, "lanes.value");
        v.set_alignment(SPILL_ALIGN);
        a.call.replace_all_uses_with(v);
        v
    });
    a.call.erase();
    Some(value)
}

/// The module's loop over the lanes of accesses like `a`, made on first use:
/// `void (ptr %addresses, ptr %values, iW %bits)`, where `%addresses` is the slot of a gather's
/// or scatter's pointers or a load's or store's base, and `%values` the slot the lanes are read
/// from or written to.
///
/// ```text
/// entry:  br (bits == 0), label %done, label %lane
/// lane:   lane = cttz(left); load or store lane `lane`; left &= left - 1; loop while left != 0
/// ```
fn lanes_function(m: Module, a: &Access) -> (Val, Ty) {
    let lanes = unsafe { LLVMGetVectorSize(a.mask.ty().0) };
    let word = m.int(lanes);
    let address_ty = match a.kind {
        Kind::Gather | Kind::Scatter => m.ptr(0),
        Kind::Load | Kind::Store => a.ptr.ty(),
    };
    let fn_ty = m.fn_type(m.void(), &[address_ty, m.ptr(0), word]);
    // A gather's or scatter's alignment is each element's; a load's or store's, the vector's.
    let align = match a.kind {
        Kind::Gather | Kind::Scatter => a.align,
        Kind::Load | Kind::Store => a.align.min(m.size_of(a.elem) as u32),
    }
    .max(1);
    let kind = match a.kind {
        Kind::Load => "load",
        Kind::Store => "store",
        Kind::Gather => "gather",
        Kind::Scatter => "scatter",
    };
    let element_ptr = match a.kind {
        Kind::Gather | Kind::Scatter => Ty(unsafe { LLVMGetElementType(a.ptr.ty().0) }),
        Kind::Load | Kind::Store => a.ptr.ty(),
    };
    let name = format!(
        "__ferrocm_lanes.{kind}.{}x{lanes}.a{align}.as{}",
        type_name(a.elem),
        element_ptr.addrspace()
    );
    if let Some(f) = m.function(&name) {
        return (f, fn_ty);
    }
    let f = m.add_function(&name, fn_ty);
    f.set_linkage(crate::ir::linkage_internal());
    for attr in ["noinline", "nounwind"] {
        f.add_fn_attr(m.ctx, Module::enum_attr_kind(attr));
    }
    let [addresses, values, bits] = f.params()[..] else {
        unreachable!("the function was made with three parameters")
    };
    let entry = m.append_block(f, "entry");
    let lane_block = m.append_block(f, "lane");
    let done = m.append_block(f, "done");
    let int = |v: u64| m.const_int(word, v);
    let b = m.builder();
    b.at_end(entry);
    let none = b.icmp(LLVMIntPredicate::LLVMIntEQ, bits, int(0));
    b.cond_br(none, done, lane_block);

    b.at_end(lane_block);
    let left = Val(unsafe { LLVMBuildPhi(b.raw(), word.0, c"left".as_ptr()) });
    let (cttz, cttz_ty) = m.intrinsic("llvm.cttz", &[word]);
    let lane = b.call(cttz_ty, cttz, &[left, m.const_int(m.i1(), 1)]);
    let address = match a.kind {
        Kind::Gather | Kind::Scatter => {
            b.load(element_ptr, b.gep(element_ptr, addresses, &[lane]), "")
        }
        Kind::Load | Kind::Store => b.gep(a.elem, addresses, &[lane]),
    };
    let in_slot = b.gep(a.elem, values, &[lane]);
    if a.stored.is_some() {
        b.store(b.load(a.elem, in_slot, ""), address)
            .set_alignment(align);
    } else {
        let v = b.load(a.elem, address, "");
        v.set_alignment(align);
        b.store(v, in_slot);
    }
    let rest = b.and(left, b.sub(left, int(1)));
    let finished = b.icmp(LLVMIntPredicate::LLVMIntEQ, rest, int(0));
    b.cond_br(finished, done, lane_block);
    left.add_incoming(&[(bits, entry), (rest, lane_block)]);
    b.at_end(done);
    b.ret_void();
    (f, fn_ty)
}

/// A type as LLVM prints it (`i32`, `float`, `ptr addrspace(3)`), with spaces made dots.
fn type_name(ty: Ty) -> String {
    let raw = unsafe { LLVMPrintTypeToString(ty.0) };
    let text = unsafe { std::ffi::CStr::from_ptr(raw) }
        .to_string_lossy()
        .replace(' ', ".");
    unsafe { LLVMDisposeMessage(raw) };
    text
}

fn few_lanes_path(m: Module, f: Val, a: &Access, slots: &mut Slots) -> bool {
    let Some(vals) = a.stored else {
        return false;
    };
    let (Some(vals_slot), Some(ptrs_slot)) = (
        slots.of(m, f, vals.ty(), Spill::Values),
        slots.of(m, f, a.ptr.ty(), Spill::Addresses),
    ) else {
        return false;
    };
    let Some((old_br, all, join)) = isolate(a, c"scatter.all", c"scatter.join") else {
        return false;
    };
    let check = m.append_block(f, "scatter.check");
    let lanes_loop = m.append_block(f, "scatter.lanes");
    let b = m.builder();
    let int = |v: u64, ty: Ty| m.const_int(ty, v);

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
    b.at_end(check);
    b.store(vals, vals_slot).set_alignment(SPILL_ALIGN);
    b.store(a.ptr, ptrs_slot).set_alignment(SPILL_ALIGN);
    let (ctpop, ctpop_ty) = m.intrinsic("llvm.ctpop", &[word]);
    let count = b.call(ctpop_ty, ctpop, &[bits]);
    let few = b.icmp(LLVMIntPredicate::LLVMIntULE, count, int(FEW_LANES, word));
    b.cond_br(few, lanes_loop, all);

    // scatter.lanes: the lanes one by one, through the loop accesses the target lacks use.
    b.at_end(lanes_loop);
    let (helper, helper_ty) = lanes_function(m, a);
    b.call(helper_ty, helper, &[ptrs_slot, vals_slot, bits]);
    b.br(join);
    true
}

#[cfg(test)]
mod tests {
    use super::Native;
    use crate::ir::testing::golden;

    #[test]
    fn native_accesses_follow_the_features() {
        let avx2 = Native::from_features("+sse2,+avx,+avx2,-avx512f,-avx512bw");
        assert!(avx2.wide_masked && !avx2.gather_scatter && !avx2.narrow_masked);
        let avx512 = Native::from_features("+avx,+avx2,+avx512f,+avx512bw");
        assert!(avx512.wide_masked && avx512.gather_scatter && avx512.narrow_masked);
        // A feature's name is matched whole: `+avx512fp16` is not `+avx512f`.
        let near = Native::from_features("+avx512fp16,-avx");
        assert!(!near.gather_scatter && !near.wide_masked);
    }

    /// The lane loops, run: each access through memory, rewritten for a target without
    /// gathers, scatters or byte masks (whatever the host has), then compiled by LLVM's JIT and
    /// called on poisoned outputs, against the same access done lane by lane here.
    #[test]
    fn lane_loops_load_and_store_exactly_the_lanes_that_are_on() {
        use inkwell::execution_engine::JitFunction;
        use inkwell::memory_buffer::MemoryBuffer;
        use inkwell::OptimizationLevel;
        const IR: &str = r#"
define void @gather(ptr %ptrs, i32 %bits, ptr %old, ptr %out) {
  %p = load <32 x ptr>, ptr %ptrs
  %m = bitcast i32 %bits to <32 x i1>
  %o = load <32 x i32>, ptr %old
  %g = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %p, i32 4, <32 x i1> %m, <32 x i32> %o)
  store <32 x i32> %g, ptr %out
  ret void
}
define void @scatter(ptr %ptrs, i32 %bits, ptr %vals) {
  %p = load <32 x ptr>, ptr %ptrs
  %m = bitcast i32 %bits to <32 x i1>
  %v = load <32 x i32>, ptr %vals
  call void @llvm.masked.scatter.v32i32.v32p0(<32 x i32> %v, <32 x ptr> %p, i32 4, <32 x i1> %m)
  ret void
}
define void @scatter_ptrs(ptr %ptrs, i32 %bits, ptr %vals) {
  %p = load <32 x ptr>, ptr %ptrs
  %m = bitcast i32 %bits to <32 x i1>
  %v = load <32 x ptr>, ptr %vals
  call void @llvm.masked.scatter.v32p0.v32p0(<32 x ptr> %v, <32 x ptr> %p, i32 8, <32 x i1> %m)
  ret void
}
define void @bytes(ptr %in, i64 %bits, ptr %out) {
  %m = bitcast i64 %bits to <64 x i1>
  %v = call <64 x i8> @llvm.masked.load.v64i8.p0(ptr %in, i32 1, <64 x i1> %m, <64 x i8> splat (i8 7))
  call void @llvm.masked.store.v64i8.p0(<64 x i8> %v, ptr %out, i32 1, <64 x i1> %m)
  ret void
}
define void @gather_bytes(ptr %ptrs, i64 %bits, ptr %old, ptr %out) {
  %p = load <64 x ptr>, ptr %ptrs
  %m = bitcast i64 %bits to <64 x i1>
  %o = load <64 x i8>, ptr %old
  %g = call <64 x i8> @llvm.masked.gather.v64i8.v64p0(<64 x ptr> %p, i32 1, <64 x i1> %m, <64 x i8> %o)
  store <64 x i8> %g, ptr %out
  ret void
}
declare <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr>, i32 immarg, <32 x i1>, <32 x i32>)
declare <64 x i8> @llvm.masked.gather.v64i8.v64p0(<64 x ptr>, i32 immarg, <64 x i1>, <64 x i8>)
declare void @llvm.masked.scatter.v32i32.v32p0(<32 x i32>, <32 x ptr>, i32 immarg, <32 x i1>)
declare void @llvm.masked.scatter.v32p0.v32p0(<32 x ptr>, <32 x ptr>, i32 immarg, <32 x i1>)
declare <64 x i8> @llvm.masked.load.v64i8.p0(ptr, i32 immarg, <64 x i1>, <64 x i8>)
declare void @llvm.masked.store.v64i8.p0(<64 x i8>, ptr, i32 immarg, <64 x i1>)
"#;
        type Gather = unsafe extern "C" fn(*const *const i32, u32, *const i32, *mut i32);
        type Scatter = unsafe extern "C" fn(*const *mut i32, u32, *const i32);
        type ScatterPtrs = unsafe extern "C" fn(*const *mut usize, u32, *const usize);
        type Bytes = unsafe extern "C" fn(*const u8, u64, *mut u8);
        type GatherBytes = unsafe extern "C" fn(*const *const u8, u64, *const u8, *mut u8);

        inkwell::targets::Target::initialize_native(&Default::default()).expect("native target");
        let ctx = inkwell::context::Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(IR.as_bytes(), "lanes");
        let module = ctx.create_module_from_ir(buf).expect("valid IR");
        let m = crate::ir::Module {
            m: module.as_mut_ptr(),
            ctx: ctx.raw(),
        };
        let none = Native::from_features("+avx,+avx2,-avx512f,-avx512bw");
        // The gathers and scatters become loops; each byte access gets a full-mask path plus one.
        assert_eq!(super::run(m, none), 6);
        module.verify().expect("the rewritten IR verifies");
        let text = module.print_to_string().to_string();
        assert!(
            !text.contains("call <32 x i32> @llvm.masked.gather"),
            "{text}"
        );
        assert!(!text.contains("call void @llvm.masked.scatter"), "{text}");
        let engine = module
            .create_jit_execution_engine(OptimizationLevel::Default)
            .expect("JIT");
        // SAFETY: the signatures match the IR's functions above.
        let (gather, scatter, scatter_ptrs, bytes): (
            JitFunction<Gather>,
            JitFunction<Scatter>,
            JitFunction<ScatterPtrs>,
            JitFunction<Bytes>,
        ) = unsafe {
            (
                engine.get_function("gather").expect("gather"),
                engine.get_function("scatter").expect("scatter"),
                engine.get_function("scatter_ptrs").expect("scatter_ptrs"),
                engine.get_function("bytes").expect("bytes"),
            )
        };
        // SAFETY: the signature matches the IR's function above.
        let gather_bytes: JitFunction<GatherBytes> =
            unsafe { engine.get_function("gather_bytes").expect("gather_bytes") };

        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..64 {
            // Masks: none, all, and random ones.
            let bits = match round {
                0 => 0,
                1 => u64::MAX,
                _ => next(),
            };
            let table: Vec<i32> = (0..32).map(|_| next() as i32).collect();
            // Gather: lanes read random entries (some the same); lanes off keep `old`.
            let from: Vec<usize> = (0..32).map(|_| (next() % 32) as usize).collect();
            let ptrs: Vec<*const i32> = from.iter().map(|&i| &table[i] as *const i32).collect();
            let old: Vec<i32> = (0..32).map(|i| -1 - i).collect();
            let mut out = vec![i32::MIN; 32];
            // SAFETY: 32 valid pointers, 32-element input and output arrays.
            unsafe { gather.call(ptrs.as_ptr(), bits as u32, old.as_ptr(), out.as_mut_ptr()) };
            for lane in 0..32 {
                let on = bits >> lane & 1 == 1;
                let want = if on { table[from[lane]] } else { old[lane] };
                assert_eq!(out[lane], want, "gather, mask {bits:#x}, lane {lane}");
            }
            // Scatter: lanes write random slots; where several on lanes hit one slot, the
            // highest lane's value stays (lowest first, as a scatter orders them).
            let mut dest = vec![i32::MIN; 32];
            let to: Vec<usize> = (0..32).map(|_| (next() % 32) as usize).collect();
            let base = dest.as_mut_ptr();
            // SAFETY: every index is below 32, inside `dest`.
            let ptrs: Vec<*mut i32> = to.iter().map(|&i| unsafe { base.add(i) }).collect();
            let vals: Vec<i32> = (0..32).map(|_| next() as i32).collect();
            // SAFETY: 32 pointers into `dest` and 32 values.
            unsafe { scatter.call(ptrs.as_ptr(), bits as u32, vals.as_ptr()) };
            let mut want = vec![i32::MIN; 32];
            for lane in (0..32).filter(|l| bits >> l & 1 == 1) {
                want[to[lane]] = vals[lane];
            }
            assert_eq!(dest, want, "scatter, mask {bits:#x}");
            // A scatter of pointers: values and addresses have one vector type, and each lane
            // must store its value, not its address.
            let mut slots = vec![usize::MAX; 32];
            let base = slots.as_mut_ptr();
            // SAFETY: every index is below 32, inside `slots`.
            let ptrs: Vec<*mut usize> = to.iter().map(|&i| unsafe { base.add(i) }).collect();
            let vals: Vec<usize> = (0..32).map(|_| next() as usize).collect();
            // SAFETY: 32 pointers into `slots` and 32 values.
            unsafe { scatter_ptrs.call(ptrs.as_ptr(), bits as u32, vals.as_ptr()) };
            let mut want = vec![usize::MAX; 32];
            for lane in (0..32).filter(|l| bits >> l & 1 == 1) {
                want[to[lane]] = vals[lane];
            }
            assert_eq!(slots, want, "scatter of pointers, mask {bits:#x}");
            // A gather of bytes (no target gathers them): lanes off keep `old`.
            let table: Vec<u8> = (0..64).map(|_| next() as u8).collect();
            let from: Vec<usize> = (0..64).map(|_| (next() % 64) as usize).collect();
            let ptrs: Vec<*const u8> = from.iter().map(|&i| &table[i] as *const u8).collect();
            let old: Vec<u8> = (0..64).map(|i| 200 - i as u8).collect();
            let mut out = vec![0x5au8; 64];
            // SAFETY: 64 valid pointers, 64-byte input and output arrays.
            unsafe { gather_bytes.call(ptrs.as_ptr(), bits, old.as_ptr(), out.as_mut_ptr()) };
            for lane in 0..64 {
                let want = if bits >> lane & 1 == 1 {
                    table[from[lane]]
                } else {
                    old[lane]
                };
                assert_eq!(out[lane], want, "byte gather, mask {bits:#x}, lane {lane}");
            }
            // Bytes: the lanes on are copied, the others untouched.
            let input: Vec<u8> = (0..64).map(|_| next() as u8).collect();
            let mut output = vec![0xa5u8; 64];
            // SAFETY: 64-byte input and output.
            unsafe { bytes.call(input.as_ptr(), bits, output.as_mut_ptr()) };
            for lane in 0..64 {
                let want = if bits >> lane & 1 == 1 {
                    input[lane]
                } else {
                    0xa5
                };
                assert_eq!(output[lane], want, "bytes, mask {bits:#x}, lane {lane}");
            }
        }
    }

    #[test]
    fn golden_cases() {
        // Cases named `avx512_*` are rewritten for a target with every masked access (AVX-512),
        // the others for one with masked moves of 32- and 64-bit elements only (AVX2).
        golden("masked_memory", |module, m| {
            let avx512 = module.get_name().to_bytes().starts_with(b"avx512_");
            let features = if avx512 {
                "+avx,+avx2,+avx512f,+avx512bw"
            } else {
                "+avx,+avx2,-avx512f"
            };
            let native = super::Native::from_features(features);
            Ok(vec![format!("rewritten: {}", super::run(m, native))])
        });
    }
}
