//! Lanes nobody reads: after widening, each shuffle's result lanes that no user can observe
//! become poison in its mask.
//!
//! A warp reduction (`v += __shfl_down(v, off)` for `off` = 32, 16, ..., 1, then lane 0 stores
//! `v`) widens to six full-width shuffles and adds, though its last round needs only lane 0, the
//! one before lanes 0 and 1, and so on. LLVM's own demanded-lanes simplification stops at values
//! with several users, which every round's value is (the add and the next shuffle). Here the
//! demand is the union over all users, so the first round keeps half the warp, the next a
//! quarter, and code generation drops the vector parts that hold only poison.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::Val;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode as Op, LLVMTypeKind};
use std::collections::HashMap;

/// A set of lanes, bit `l` for lane `l` (a warp has at most 64).
type Lanes = u64;

/// Rewrites the shuffles of `f` so that lanes no user reads are poison. `w` is the warp size.
pub(super) fn trim_shuffles(f: Val, w: u32) {
    drop_unread_stores(f);
    let insts: Vec<Val> = f.blocks().iter().flat_map(|b| b.instructions()).collect();
    let mut demand: HashMap<Val, Lanes> = HashMap::new();
    // Backwards to a fixed point: a value's demand only grows, and phis make cycles.
    loop {
        let mut changed = false;
        for &i in insts.iter().rev() {
            if lanes_of(i).is_none() {
                continue;
            }
            let d = i
                .users()
                .into_iter()
                .fold(0, |acc, u| acc | read_by(u, i, &demand, w));
            if demand.get(&i).copied().unwrap_or(0) != d {
                demand.insert(i, d);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for i in insts {
        if i.opcode() != Op::LLVMShuffleVector {
            continue;
        }
        let (Some(n), Some(&d)) = (lanes_of(i), demand.get(&i)) else {
            continue;
        };
        let full = mask_of(n);
        if d & full == full {
            continue;
        }
        let mut mask: Vec<LLVMValueRef> = (0..n)
            .map(|r| {
                let m = unsafe { LLVMGetMaskValue(i.0, r) };
                let i32t = unsafe { LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(i.0))) };
                if d >> r & 1 == 0 || m < 0 {
                    unsafe { LLVMGetPoison(i32t) }
                } else {
                    unsafe { LLVMConstInt(i32t, m as u64, 0) }
                }
            })
            .collect();
        let b = unsafe { LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(i.0))) };
        unsafe {
            LLVMPositionBuilderBefore(b, i.0);
            let name = c"";
            let t = LLVMBuildShuffleVector(
                b,
                LLVMGetOperand(i.0, 0),
                LLVMGetOperand(i.0, 1),
                LLVMConstVector(mask.as_mut_ptr(), n),
                name.as_ptr(),
            );
            LLVMReplaceAllUsesWith(i.0, t);
            LLVMInstructionEraseFromParent(i.0);
            LLVMDisposeBuilder(b);
        }
    }
}

/// The number of lanes of a vector-typed instruction, where it has at most 64.
fn lanes_of(i: Val) -> Option<u32> {
    let t = i.ty();
    if t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    let n = unsafe { LLVMGetVectorSize(t.0) };
    (n <= 64).then_some(n)
}

fn mask_of(n: u32) -> Lanes {
    if n >= 64 {
        !0
    } else {
        (1u64 << n) - 1
    }
}

/// The lanes of `v` that user `u` can observe, given what is demanded of `u` so far.
fn read_by(u: Val, v: Val, demand: &HashMap<Val, Lanes>, w: u32) -> Lanes {
    let all = mask_of(lanes_of(v).unwrap_or(w));
    let of_u = || demand.get(&u).copied().unwrap_or(0);
    // Lane for lane: the user's lane l reads lane l of each vector operand of the same width.
    let same_width = lanes_of(u) == lanes_of(v);
    match u.opcode() {
        Op::LLVMShuffleVector => {
            let Some(n) = lanes_of(u) else { return all };
            let d = of_u();
            let width = lanes_of(v).unwrap_or(w) as i32;
            let mut r = 0;
            for lane in 0..n {
                if d >> lane & 1 == 0 {
                    continue;
                }
                let m = unsafe { LLVMGetMaskValue(u.0, lane) };
                if m < 0 {
                    continue;
                }
                // `v` may be either operand, or both.
                if u.operand(0) == v && m < width {
                    r |= 1 << m;
                }
                if u.operand(1) == v && m >= width {
                    r |= 1 << (m - width);
                }
            }
            r
        }
        Op::LLVMExtractElement => {
            let k = u.operand(1);
            if u.operand(0) == v && k.is_constant_int() && k.const_zext() < 64 {
                1 << k.const_zext()
            } else {
                all
            }
        }
        Op::LLVMAdd
        | Op::LLVMFAdd
        | Op::LLVMSub
        | Op::LLVMFSub
        | Op::LLVMMul
        | Op::LLVMFMul
        | Op::LLVMAnd
        | Op::LLVMOr
        | Op::LLVMXor
        | Op::LLVMShl
        | Op::LLVMLShr
        | Op::LLVMAShr
        | Op::LLVMICmp
        | Op::LLVMFCmp
        | Op::LLVMSelect
        | Op::LLVMPHI
        | Op::LLVMFreeze
        | Op::LLVMFNeg
        | Op::LLVMTrunc
        | Op::LLVMZExt
        | Op::LLVMSExt
        | Op::LLVMFPTrunc
        | Op::LLVMFPExt
        | Op::LLVMSIToFP
        | Op::LLVMUIToFP
            if same_width =>
        {
            of_u()
        }
        // Divisions trap on some lanes' values, stores and calls see every lane, bit casts
        // mix them: all lanes.
        _ => all,
    }
}

/// Erases the stores into private buffers that nothing reads: an exchange's lane array once every
/// read of it became a shuffle. Such a store would otherwise demand every lane it stores.
fn drop_unread_stores(f: Val) {
    let allocas: Vec<Val> = f
        .blocks()
        .iter()
        .flat_map(|b| b.instructions())
        .filter(|i| i.is_alloca())
        .collect();
    for a in allocas {
        let mut stores = Vec::new();
        let mut todo = vec![a];
        let mut read = false;
        while let Some(p) = todo.pop() {
            for u in p.users() {
                match u.opcode() {
                    Op::LLVMStore if u.operand(1) == p && u.operand(0) != p => stores.push(u),
                    Op::LLVMGetElementPtr | Op::LLVMAddrSpaceCast | Op::LLVMBitCast
                        if u.operand(0) == p =>
                    {
                        todo.push(u)
                    }
                    Op::LLVMCall
                        if u.called_function()
                            .is_some_and(|c| c.name().starts_with("llvm.lifetime.")) => {}
                    _ => read = true,
                }
            }
            if read {
                break;
            }
        }
        if !read {
            for s in stores {
                s.erase();
            }
        }
    }
}
