//! Integer division that cannot trap: gives `x / 0`, `x % 0` and `INT_MIN / -1` the answers an AMD
//! GPU gives, instead of the CPU's divide-error exception.
//!
//! A GPU has no integer divide instruction that faults: AMD's divide sequence (a reciprocal and a
//! correction step) answers an all-ones quotient for a zero divisor, and the signed forms apply the
//! signs to that. On x86 the same division raises SIGFPE and ends the user's process, which a GPU
//! never does. So before the lowering, every `udiv`, `sdiv`, `urem` and `srem` whose divisor may be
//! zero (or, signed, -1) divides by a safe divisor, and a select picks the GPU's answer:
//!
//! | operation | divisor 0 | `MIN / -1` |
//! |---|---|---|
//! | `udiv x, d` | all ones | — |
//! | `urem x, d` | `x` | — |
//! | `sdiv x, d` | -1 for `x >= 0`, 1 for `x < 0` | `MIN` (wraps) |
//! | `srem x, d` | `x` | 0 |
//!
//! A divisor that is a constant other than 0 (and, signed, other than -1) is left alone, so the
//! common divisions by constants keep their multiply-and-shift form. Vector divisions are guarded
//! element by element. Guarding costs a compare and two selects next to a division, which is far
//! slower than both.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{IntPredicate, Module, Ty, Val};
use llvm_sys::core::{
    LLVMConstAllOnes, LLVMConstIntGetZExtValue, LLVMConstIntOfArbitraryPrecision, LLVMConstNull,
    LLVMConstVector, LLVMGetElementType, LLVMGetIntTypeWidth, LLVMGetTypeKind, LLVMGetVectorSize,
    LLVMIsAConstantInt,
};
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

#[derive(Clone, Copy, PartialEq, Eq)]
enum DivOp {
    UDiv,
    SDiv,
    URem,
    SRem,
}

impl DivOp {
    fn of(op: LLVMOpcode) -> Option<DivOp> {
        match op {
            LLVMOpcode::LLVMUDiv => Some(DivOp::UDiv),
            LLVMOpcode::LLVMSDiv => Some(DivOp::SDiv),
            LLVMOpcode::LLVMURem => Some(DivOp::URem),
            LLVMOpcode::LLVMSRem => Some(DivOp::SRem),
            _ => None,
        }
    }

    fn signed(self) -> bool {
        matches!(self, DivOp::SDiv | DivOp::SRem)
    }
}

/// Guards every division of the module's function bodies; returns how many were guarded.
pub fn run(m: Module) -> usize {
    let mut guarded = 0;
    for f in m.functions() {
        for b in f.blocks() {
            for i in b.instructions() {
                if let Some(kind) = DivOp::of(i.opcode()) {
                    if needs_guard(i.operand(1), kind) {
                        guard(m, i, kind);
                        guarded += 1;
                    }
                }
            }
        }
    }
    guarded
}

/// False for a scalar constant divisor that can neither be 0 nor, signed, -1.
fn needs_guard(d: Val, kind: DivOp) -> bool {
    if unsafe { LLVMIsAConstantInt(d.0) }.is_null() {
        return true;
    }
    let width = unsafe { LLVMGetIntTypeWidth(d.ty().0) };
    let v = unsafe { LLVMConstIntGetZExtValue(d.0) };
    let all_ones = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    // Wider than 64 bits: the zero-extended value is the low word only; guard to be safe.
    width > 64 || v == 0 || (kind.signed() && v == all_ones)
}

/// `ty`'s integer element type and its lane count (0 for a scalar).
fn element(ty: Ty) -> (Ty, u32) {
    if unsafe { LLVMGetTypeKind(ty.0) } == LLVMTypeKind::LLVMVectorTypeKind {
        (Ty(unsafe { LLVMGetElementType(ty.0) }), unsafe {
            LLVMGetVectorSize(ty.0)
        })
    } else {
        (ty, 0)
    }
}

/// The integer constant of `ty` (scalar or vector) whose words are `words`, in every lane.
fn constant(ty: Ty, words: &[u64]) -> Val {
    let (elt, lanes) = element(ty);
    let c = unsafe { LLVMConstIntOfArbitraryPrecision(elt.0, words.len() as u32, words.as_ptr()) };
    if lanes == 0 {
        return Val(c);
    }
    let mut v = vec![c; lanes as usize];
    Val(unsafe { LLVMConstVector(v.as_mut_ptr(), lanes) })
}

/// 1, and the signed minimum (only the top bit set), of `ty`.
fn one_and_min(ty: Ty) -> (Val, Val) {
    let width = unsafe { LLVMGetIntTypeWidth(element(ty).0 .0) } as usize;
    let mut min = vec![0u64; width.div_ceil(64)];
    min[(width - 1) / 64] = 1u64 << ((width - 1) % 64);
    (constant(ty, &[1]), constant(ty, &min))
}

fn guard(m: Module, i: Val, kind: DivOp) {
    let (x, d) = (i.operand(0), i.operand(1));
    let ty = i.ty();
    let zero = Val(unsafe { LLVMConstNull(ty.0) });
    let all_ones = Val(unsafe { LLVMConstAllOnes(ty.0) });
    let (one, min) = one_and_min(ty);
    let b = m.builder();
    b.before(i);
    let is_zero = b.icmp(IntPredicate::LLVMIntEQ, d, zero);
    let bad = if kind.signed() {
        let x_min = b.icmp(IntPredicate::LLVMIntEQ, x, min);
        let d_neg1 = b.icmp(IntPredicate::LLVMIntEQ, d, all_ones);
        b.or(is_zero, b.and(x_min, d_neg1))
    } else {
        is_zero
    };
    i.set_operand(1, b.select(bad, one, d));
    // The GPU's answer for a zero divisor; `MIN / -1` already divides by 1 (MIN, and remainder 0).
    let at_zero = match kind {
        DivOp::UDiv => all_ones,
        DivOp::URem | DivOp::SRem => x,
        DivOp::SDiv => {
            let x_neg = b.icmp(IntPredicate::LLVMIntSLT, x, zero);
            b.select(x_neg, one, all_ones)
        }
    };
    match i.next_instruction() {
        Some(next) => b.before(next),
        None => b.at_end(i.parent_block()),
    };
    let users = i.users();
    let result = b.select(is_zero, at_zero, i);
    for u in users {
        u.replace_operand(i, result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testing::{body_of, run_pass};

    fn guard_ir(body: &str) -> (usize, String) {
        run_pass(body, run)
    }

    #[test]
    fn unsigned_division_by_a_variable() {
        let (n, out) =
            guard_ir("define i32 @f(i32 %x, i32 %d) {\n  %q = udiv i32 %x, %d\n  ret i32 %q\n}\n");
        assert_eq!(n, 1);
        assert_eq!(
            body_of(&out),
            [
                "%1 = icmp eq i32 %d, 0",
                "%2 = select i1 %1, i32 1, i32 %d",
                "%q = udiv i32 %x, %2",
                "%3 = select i1 %1, i32 -1, i32 %q",
                "ret i32 %3",
            ]
        );
    }

    #[test]
    fn signed_division_guards_zero_and_min_over_minus_one() {
        let (n, out) = guard_ir(
            "define i64 @f(i64 %x, i64 %d) {\n  %q = sdiv i64 %x, %d\n  %r = srem i64 %x, %d\n  %s = add i64 %q, %r\n  ret i64 %s\n}\n",
        );
        assert_eq!(n, 2);
        assert_eq!(
            body_of(&out),
            [
                "%1 = icmp eq i64 %d, 0",
                "%2 = icmp eq i64 %x, -9223372036854775808",
                "%3 = icmp eq i64 %d, -1",
                "%4 = and i1 %2, %3",
                "%5 = or i1 %1, %4",
                "%6 = select i1 %5, i64 1, i64 %d",
                "%7 = icmp slt i64 %x, 0",
                "%8 = select i1 %7, i64 1, i64 -1",
                "%q = sdiv i64 %x, %6",
                "%9 = select i1 %1, i64 %8, i64 %q",
                "%10 = icmp eq i64 %d, 0",
                "%11 = icmp eq i64 %x, -9223372036854775808",
                "%12 = icmp eq i64 %d, -1",
                "%13 = and i1 %11, %12",
                "%14 = or i1 %10, %13",
                "%15 = select i1 %14, i64 1, i64 %d",
                "%r = srem i64 %x, %15",
                "%16 = select i1 %10, i64 %x, i64 %r",
                "%s = add i64 %9, %16",
                "ret i64 %s",
            ]
        );
    }

    #[test]
    fn constant_divisors_stay_unless_zero_or_signed_minus_one() {
        let (n, out) = guard_ir(
            "define i32 @f(i32 %x) {\n  %a = udiv i32 %x, 7\n  %b = sdiv i32 %x, 3\n  %c = urem i32 %a, -1\n  %d = sdiv i32 %b, -1\n  ret i32 %d\n}\n",
        );
        assert_eq!(n, 1, "{out}");
        let body = body_of(&out);
        assert_eq!(body[0], "%a = udiv i32 %x, 7");
        assert_eq!(body[1], "%b = sdiv i32 %x, 3");
        assert_eq!(body[2], "%c = urem i32 %a, -1");
        assert!(body
            .iter()
            .any(|l| l.contains("icmp eq i32 %b, -2147483648")));
    }

    #[test]
    fn vector_divisions_are_guarded_per_lane() {
        let (n, out) = guard_ir(
            "define <4 x i32> @f(<4 x i32> %x, <4 x i32> %d) {\n  %q = urem <4 x i32> %x, %d\n  ret <4 x i32> %q\n}\n",
        );
        assert_eq!(n, 1);
        assert_eq!(
            body_of(&out),
            [
                "%1 = icmp eq <4 x i32> %d, zeroinitializer",
                "%2 = select <4 x i1> %1, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> %d",
                "%q = urem <4 x i32> %x, %2",
                "%3 = select <4 x i1> %1, <4 x i32> %x, <4 x i32> %q",
                "ret <4 x i32> %3",
            ]
        );
    }
}
