//! Atomics on shared (local) memory as plain loads and stores.
//!
//! The CPU agent runs a whole work-group on one thread, its work-items one after another, so
//! nothing else touches a work-group's local memory while one of its work-items updates it. An
//! atomic read-modify-write there needs no locked instruction: x86's `lock xadd` costs about 20
//! cycles where a load, an add and a store cost one or two, and the locked form also keeps LLVM
//! from optimizing around it. This is the shared-memory histogram's inner step.
//!
//! Each relaxed `atomicrmw` and `cmpxchg` (HIP's `atomicAdd` and the like are relaxed) whose
//! address provably lies in local memory (it is derived from an
//! `addrspace(3)` value through casts, GEPs, phis and selects) becomes the load, the operation and
//! the store, and gives the old value (with the success flag, for `cmpxchg`) as before. Atomics on
//! any other memory, or on an address that cannot be traced, are left alone.
//!
//! The pass runs after the lowering has built the work-item loops. Before it, a plain load of a
//! shared counter would look uniform to the lowering (and be read once for all work-items), and
//! the loops' parallel marks would let LLVM vectorize across work-items that update one address.
//! The lowered IR still reaches shared memory through an `addrspace(3)` cast of the work-group's
//! local memory, so the addresses trace the same way.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{Module, Val};
use llvm_sys::core::*;
use llvm_sys::prelude::{LLVMBuilderRef, LLVMValueRef};
use llvm_sys::{LLVMAtomicRMWBinOp as Op, LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};
use std::collections::HashSet;

/// LLVM's address space of shared memory in AMD's (and ferrocm's device) IR.
const AS_LOCAL: u32 = 3;

/// Rewrites the atomics on local memory of every defined function; gives how many.
pub fn run(m: Module) -> usize {
    let b = Builder(unsafe { LLVMCreateBuilderInContext(m.ctx) });
    let mut rewritten = 0;
    for f in m.functions() {
        for block in f.blocks() {
            for i in block.instructions() {
                let op = i.opcode();
                if !matches!(
                    op,
                    LLVMOpcode::LLVMAtomicRMW | LLVMOpcode::LLVMAtomicCmpXchg
                ) {
                    continue;
                }
                if !relaxed(i, op) || !is_local(i.operand(0), &mut HashSet::new()) {
                    continue;
                }
                let done = if op == LLVMOpcode::LLVMAtomicRMW {
                    rmw(&b, m, i)
                } else {
                    cmpxchg(&b, i)
                };
                rewritten += usize::from(done);
            }
        }
    }
    rewritten
}

struct Builder(LLVMBuilderRef);

impl Drop for Builder {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.0) }
    }
}

/// Whether the atomic orders nothing but itself: relaxed (HIP's `atomicAdd` and friends), or
/// scoped to the one thread. A stronger ordering also fences the thread's other (global) memory
/// accesses, which a plain load and store would not, so such atomics stay.
fn relaxed(i: Val, op: LLVMOpcode) -> bool {
    use llvm_sys::LLVMAtomicOrdering::*;
    let weak = |o| matches!(o, LLVMAtomicOrderingUnordered | LLVMAtomicOrderingMonotonic);
    unsafe {
        if LLVMIsAtomicSingleThread(i.0) != 0 {
            return true;
        }
        if op == LLVMOpcode::LLVMAtomicRMW {
            weak(LLVMGetOrdering(i.0))
        } else {
            weak(LLVMGetCmpXchgSuccessOrdering(i.0)) && weak(LLVMGetCmpXchgFailureOrdering(i.0))
        }
    }
}

/// Whether pointer `p` can only point into local memory.
pub(crate) fn is_local(p: Val, seen: &mut HashSet<usize>) -> bool {
    if p.ty().is_pointer() && p.ty().addrspace() == AS_LOCAL {
        return true;
    }
    if !seen.insert(p.0 as usize) {
        // A phi cycle: the other incoming values decide.
        return true;
    }
    let raw = p.0;
    let through = |opcode: LLVMOpcode| {
        matches!(
            opcode,
            LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast
        )
    };
    if !unsafe { LLVMIsAConstantExpr(raw) }.is_null() {
        let opcode = unsafe { LLVMGetConstOpcode(raw) };
        return through(opcode) && is_local(p.operand(0), seen);
    }
    if !p.is_instruction() {
        return false;
    }
    match p.opcode() {
        o if through(o) => is_local(p.operand(0), seen),
        LLVMOpcode::LLVMPHI => (0..p.num_operands()).all(|k| is_local(p.operand(k), seen)),
        LLVMOpcode::LLVMSelect => is_local(p.operand(1), seen) && is_local(p.operand(2), seen),
        _ => false,
    }
}

/// Loads the old value at `i`'s address with `i`'s alignment and volatility.
fn load_old(b: &Builder, i: Val, ty: llvm_sys::prelude::LLVMTypeRef) -> LLVMValueRef {
    unsafe {
        let old = LLVMBuildLoad2(b.0, ty, i.operand(0).0, c"".as_ptr());
        LLVMSetAlignment(old, LLVMGetAlignment(i.0));
        LLVMSetVolatile(old, LLVMGetVolatile(i.0));
        old
    }
}

/// Stores `v` at `i`'s address with `i`'s alignment and volatility.
fn store_new(b: &Builder, i: Val, v: LLVMValueRef) {
    unsafe {
        let st = LLVMBuildStore(b.0, v, i.operand(0).0);
        LLVMSetAlignment(st, LLVMGetAlignment(i.0));
        LLVMSetVolatile(st, LLVMGetVolatile(i.0));
    }
}

/// `atomicrmw`: old = load, new = old op v, store new; uses of the atomic take old. False (the
/// atomic kept) for an operation without a plain form here.
fn rmw(b: &Builder, m: Module, i: Val) -> bool {
    let op = unsafe { LLVMGetAtomicRMWBinOp(i.0) };
    let v = i.operand(1).0;
    let ty = unsafe { LLVMTypeOf(v) };
    let float = matches!(op, Op::LLVMAtomicRMWBinOpFMax | Op::LLVMAtomicRMWBinOpFMin);
    let int_only = matches!(
        op,
        Op::LLVMAtomicRMWBinOpUIncWrap | Op::LLVMAtomicRMWBinOpUDecWrap
    );
    if int_only && unsafe { LLVMGetTypeKind(ty) } != llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind {
        return false;
    }
    let minmax = if float {
        let name = if op == Op::LLVMAtomicRMWBinOpFMax {
            "llvm.maxnum"
        } else {
            "llvm.minnum"
        };
        let id = unsafe { LLVMLookupIntrinsicID(name.as_ptr().cast(), name.len()) };
        let mut tys = [ty];
        let f = unsafe { LLVMGetIntrinsicDeclaration(m.m, id, tys.as_mut_ptr(), 1) };
        let fty = unsafe { LLVMIntrinsicGetType(m.ctx, id, tys.as_mut_ptr(), 1) };
        Some((f, fty))
    } else {
        None
    };
    unsafe {
        LLVMPositionBuilderBefore(b.0, i.0);
        let old = load_old(b, i, ty);
        let n = c"".as_ptr();
        let icmp_select = |p: LLVMIntPredicate| {
            let c = LLVMBuildICmp(b.0, p, old, v, n);
            LLVMBuildSelect(b.0, c, old, v, n)
        };
        let new = match op {
            Op::LLVMAtomicRMWBinOpXchg => v,
            Op::LLVMAtomicRMWBinOpAdd => LLVMBuildAdd(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpSub => LLVMBuildSub(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpAnd => LLVMBuildAnd(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpNand => LLVMBuildNot(b.0, LLVMBuildAnd(b.0, old, v, n), n),
            Op::LLVMAtomicRMWBinOpOr => LLVMBuildOr(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpXor => LLVMBuildXor(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpMax => icmp_select(LLVMIntPredicate::LLVMIntSGT),
            Op::LLVMAtomicRMWBinOpMin => icmp_select(LLVMIntPredicate::LLVMIntSLT),
            Op::LLVMAtomicRMWBinOpUMax => icmp_select(LLVMIntPredicate::LLVMIntUGT),
            Op::LLVMAtomicRMWBinOpUMin => icmp_select(LLVMIntPredicate::LLVMIntULT),
            Op::LLVMAtomicRMWBinOpFAdd => LLVMBuildFAdd(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpFSub => LLVMBuildFSub(b.0, old, v, n),
            Op::LLVMAtomicRMWBinOpFMax | Op::LLVMAtomicRMWBinOpFMin => {
                let (f, fty) = minmax.unwrap_or((std::ptr::null_mut(), std::ptr::null_mut()));
                let mut args = [old, v];
                LLVMBuildCall2(b.0, fty, f, args.as_mut_ptr(), 2, n)
            }
            // (old >= v) ? 0 : old + 1
            Op::LLVMAtomicRMWBinOpUIncWrap => {
                let one = LLVMConstInt(ty, 1, 0);
                let wrap = LLVMBuildICmp(b.0, LLVMIntPredicate::LLVMIntUGE, old, v, n);
                let inc = LLVMBuildAdd(b.0, old, one, n);
                LLVMBuildSelect(b.0, wrap, LLVMConstNull(ty), inc, n)
            }
            // (old == 0 || old > v) ? v : old - 1
            Op::LLVMAtomicRMWBinOpUDecWrap => {
                let one = LLVMConstInt(ty, 1, 0);
                let zero =
                    LLVMBuildICmp(b.0, LLVMIntPredicate::LLVMIntEQ, old, LLVMConstNull(ty), n);
                let over = LLVMBuildICmp(b.0, LLVMIntPredicate::LLVMIntUGT, old, v, n);
                let wrap = LLVMBuildOr(b.0, zero, over, n);
                let dec = LLVMBuildSub(b.0, old, one, n);
                LLVMBuildSelect(b.0, wrap, v, dec, n)
            }
        };
        store_new(b, i, new);
        LLVMReplaceAllUsesWith(i.0, old);
        LLVMInstructionEraseFromParent(i.0);
    }
    true
}

/// `cmpxchg`: old = load, equal = old == expected, store (equal ? new : old); uses take
/// `{old, equal}`.
fn cmpxchg(b: &Builder, i: Val) -> bool {
    unsafe {
        let (expected, new) = (i.operand(1).0, i.operand(2).0);
        let ty = LLVMTypeOf(expected);
        LLVMPositionBuilderBefore(b.0, i.0);
        let n = c"".as_ptr();
        let old = load_old(b, i, ty);
        let equal = if LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
            || LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
        {
            LLVMBuildICmp(b.0, LLVMIntPredicate::LLVMIntEQ, old, expected, n)
        } else {
            LLVMBuildFCmp(b.0, LLVMRealPredicate::LLVMRealOEQ, old, expected, n)
        };
        let stored = LLVMBuildSelect(b.0, equal, new, old, n);
        store_new(b, i, stored);
        let pair = LLVMGetPoison(LLVMTypeOf(i.0));
        let pair = LLVMBuildInsertValue(b.0, pair, old, 0, n);
        let pair = LLVMBuildInsertValue(b.0, pair, equal, 1, n);
        LLVMReplaceAllUsesWith(i.0, pair);
        LLVMInstructionEraseFromParent(i.0);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testing::{body_of, run_pass};

    fn lower_ir(body: &str) -> (usize, String) {
        run_pass(body, run)
    }

    const SHARED: &str = "@h = internal addrspace(3) global [256 x i32] undef, align 16\n";

    #[test]
    fn shared_histogram_add_becomes_load_add_store() {
        let (n, out) = lower_ir(&format!(
            "{SHARED}define i32 @f(i64 %k) {{\n  %p = getelementptr inbounds [256 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(3) @h to ptr addrspace(4)), i64 0, i64 %k\n  %o = atomicrmw add ptr addrspace(4) %p, i32 1 monotonic, align 4\n  ret i32 %o\n}}\n"
        ));
        assert_eq!(n, 1);
        assert_eq!(
            body_of(&out),
            [
                "%p = getelementptr inbounds [256 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(3) @h to ptr addrspace(4)), i64 0, i64 %k",
                "%1 = load i32, ptr addrspace(4) %p, align 4",
                "%2 = add i32 %1, 1",
                "store i32 %2, ptr addrspace(4) %p, align 4",
                "ret i32 %1",
            ]
        );
    }

    /// The shape the lowering leaves: the work-group's local memory (a plain pointer from the
    /// context) cast to `addrspace(3)`, offset, and cast back to a generic pointer.
    #[test]
    fn lowered_local_memory_addresses_trace_through_the_context_pointer() {
        let (n, out) = lower_ir(
            "define i32 @f(ptr %local_mem, i64 %k) {\n  %l = addrspacecast ptr %local_mem to ptr addrspace(3)\n  %h = getelementptr inbounds i8, ptr addrspace(3) %l, i64 64\n  %g = addrspacecast ptr addrspace(3) %h to ptr addrspace(4)\n  %p = getelementptr inbounds i32, ptr addrspace(4) %g, i64 %k\n  %o = atomicrmw volatile sub ptr addrspace(4) %p, i32 3 monotonic, align 4\n  ret i32 %o\n}\n",
        );
        assert_eq!(n, 1);
        let body = body_of(&out);
        assert_eq!(
            body[4..],
            [
                "%1 = load volatile i32, ptr addrspace(4) %p, align 4",
                "%2 = sub i32 %1, 3",
                "store volatile i32 %2, ptr addrspace(4) %p, align 4",
                "ret i32 %1",
            ]
        );
    }

    #[test]
    fn global_and_untraceable_addresses_keep_their_atomics() {
        let (n, out) = lower_ir(
            "define i32 @f(ptr addrspace(1) %g, ptr addrspace(4) %any) {\n  %a = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4\n  %b = atomicrmw xchg ptr addrspace(4) %any, i32 %a seq_cst, align 4\n  ret i32 %b\n}\n",
        );
        assert_eq!(n, 0);
        let body = body_of(&out);
        assert_eq!(body.len(), 3, "{out}");
        assert!(body[0].starts_with("%a = atomicrmw add"));
        assert!(body[1].starts_with("%b = atomicrmw xchg"));
    }

    /// Ordered atomics also fence the thread's other memory accesses; they stay, unless scoped
    /// to the one thread.
    #[test]
    fn ordered_shared_atomics_stay_unless_single_thread() {
        let (n, out) = lower_ir(
            "define void @f(ptr addrspace(3) %p, i32 %v) {\n  %a = atomicrmw add ptr addrspace(3) %p, i32 %v seq_cst, align 4\n  %b = cmpxchg ptr addrspace(3) %p, i32 %a, i32 %v acq_rel monotonic, align 4\n  %c = atomicrmw add ptr addrspace(3) %p, i32 %v syncscope(\"singlethread\") seq_cst, align 4\n  ret void\n}\n",
        );
        assert_eq!(n, 1, "{out}");
        let body = body_of(&out);
        assert!(body[0].starts_with("%a = atomicrmw add"), "{out}");
        assert!(body[1].starts_with("%b = cmpxchg"), "{out}");
        assert!(!out.contains("singlethread"), "{out}");
    }

    #[test]
    fn min_max_wrap_and_float_operations() {
        let (n, out) = lower_ir(
            "define void @f(ptr addrspace(3) %p, ptr addrspace(3) %q, i32 %v, float %x) {\n  %a = atomicrmw max ptr addrspace(3) %p, i32 %v monotonic, align 4\n  %b = atomicrmw umin ptr addrspace(3) %p, i32 %a monotonic, align 4\n  %c = atomicrmw uinc_wrap ptr addrspace(3) %p, i32 %b monotonic, align 4\n  %d = atomicrmw udec_wrap ptr addrspace(3) %p, i32 %c monotonic, align 4\n  %e = atomicrmw fadd ptr addrspace(3) %q, float %x monotonic, align 4\n  %g = atomicrmw fmax ptr addrspace(3) %q, float %e monotonic, align 4\n  ret void\n}\n",
        );
        assert_eq!(n, 6, "{out}");
        assert!(!out.contains("atomicrmw"), "{out}");
        let body = body_of(&out).join("\n");
        for want in [
            "icmp sgt i32 %1, %v",
            "icmp ult i32 %4",
            "icmp uge i32 %7",
            "icmp ugt i32 %",
            "fadd float %",
            "call float @llvm.maxnum.f32(float %",
        ] {
            assert!(body.contains(want), "no {want:?} in\n{body}");
        }
    }

    #[test]
    fn compare_exchange_through_a_phi_of_shared_addresses() {
        let (n, out) = lower_ir(&format!(
            "{SHARED}define i1 @f(i1 %c, i32 %e, i32 %v) {{\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %j\nb:\n  br label %j\nj:\n  %p = phi ptr addrspace(4) [ addrspacecast (ptr addrspace(3) @h to ptr addrspace(4)), %a ], [ addrspacecast (ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @h, i64 4) to ptr addrspace(4)), %b ]\n  %r = cmpxchg ptr addrspace(4) %p, i32 %e, i32 %v monotonic monotonic, align 4\n  %ok = extractvalue {{ i32, i1 }} %r, 1\n  ret i1 %ok\n}}\n"
        ));
        assert_eq!(n, 1, "{out}");
        let body = body_of(&out);
        let tail: Vec<&str> = body
            .iter()
            .rev()
            .take(8)
            .rev()
            .map(|s| s.as_str())
            .collect();
        assert_eq!(
            tail,
            [
                "%0 = load i32, ptr addrspace(4) %p, align 4",
                "%1 = icmp eq i32 %0, %e",
                "%2 = select i1 %1, i32 %v, i32 %0",
                "store i32 %2, ptr addrspace(4) %p, align 4",
                "%3 = insertvalue { i32, i1 } poison, i32 %0, 0",
                "%4 = insertvalue { i32, i1 } %3, i1 %1, 1",
                "%ok = extractvalue { i32, i1 } %4, 1",
                "ret i1 %ok",
            ]
        );
    }
}
