//! Wide lane masks cross blocks as bytes.
//!
//! The warp vectorizer keeps a warp's lane masks as `<w x i1>` values, and many are used in
//! other blocks than their own: the masks of the warp's rows, computed once before the loop
//! over the warps; the lanes a region leaves idle, joined by PHIs. x86 code generation works a
//! block at a time, and without AVX-512's mask registers it passes a `<64 x i1>` from one block
//! to another as 64 separate bytes: each use assembles it again with `pinsrb`, each definition
//! takes it apart with `pextrb`. One PHI feeding one select of `<64 x i64>` became 110 of them,
//! and such code was most of a warp function's time (rocPRIM's device reduce at wave 64). The
//! same mask as `<64 x i8>` stays in two vector registers. So on such targets each `<N x i1>`
//! with `N >= WIDE` crosses blocks as `<N x i8>`:
//!
//! ```text
//! pred:  %m.bytes = sext <N x i1> %m to <N x i8>      ; at the end of each incoming block
//! join:  %p.bytes = phi <N x i8> [ %m.bytes, %pred ], ...
//!        %p = icmp ne <N x i8> %p.bytes, zeroinitializer   ; after the join's PHIs
//!
//! def:   %v = ...                                      ; a mask used in other blocks
//!        %v.bytes = sext <N x i1> %v to <N x i8>
//! use:   %v.here = icmp ne <N x i8> %v.bytes, zeroinitializer   ; once per using block
//! ```
//!
//! This runs after the optimization pipeline (which would fold the pair back), just before code
//! generation.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{Block, Module, Ty, Val};
use llvm_sys::core::*;
use llvm_sys::{LLVMIntPredicate, LLVMTypeKind};
use std::collections::HashMap;

/// The fewest lanes a mask must have to cross blocks as bytes: narrower ones fit a vector
/// register as they are (measured: 32 lanes and fewer need no lane-by-lane code).
pub const WIDE: u32 = 64;

/// Unless the target has mask registers (AVX-512BW): rewrites every function's wide mask PHIs,
/// then passes the wide masks used in other blocks as bytes; gives how many of both.
pub fn run(m: Module, mask_registers: bool) -> usize {
    if mask_registers {
        return 0;
    }
    let mut done = 0;
    for f in m.functions() {
        for blk in f.blocks() {
            let phis: Vec<Val> = blk
                .instructions()
                .into_iter()
                .take_while(|i| i.is_phi())
                .filter(|i| wide_mask(i.ty()).is_some())
                .collect();
            for phi in phis {
                rewrite_phi(m, blk, phi);
                done += 1;
            }
        }
        // Then every mask used in another block (the PHIs' incoming values among them).
        let mut masks: Vec<Val> = f
            .params()
            .into_iter()
            .filter(|p| wide_mask(p.ty()).is_some())
            .collect();
        for blk in f.blocks() {
            // (A terminator has nothing after it in its block; none gives a mask.)
            let last = blk.terminator();
            masks.extend(
                blk.instructions()
                    .into_iter()
                    .filter(|i| wide_mask(i.ty()).is_some() && Some(*i) != last),
            );
        }
        for v in masks {
            done += usize::from(cross_as_bytes(m, f, v));
        }
    }
    done
}

/// Passes `v` to the other blocks that use it as bytes; whether it had such uses.
fn cross_as_bytes(m: Module, f: Val, v: Val) -> bool {
    let home = (!v.is_argument()).then(|| v.parent_block());
    let mut seen = std::collections::HashSet::new();
    let away: Vec<Val> = v
        .users()
        .into_iter()
        .filter(|u| seen.insert(*u) && !u.is_phi() && Some(u.parent_block()) != home)
        .collect();
    if away.is_empty() {
        return false;
    }
    let Some(lanes) = wide_mask(v.ty()) else {
        return false;
    };
    let bytes_ty = bytes_of(m, lanes);
    let b = m.builder();
    // Right after the definition (after the PHIs of its block, or at the function's entry).
    let after = match home {
        Some(blk) if v.is_phi() => blk.first_non_phi(),
        Some(_) => v.next_instruction(),
        None => f.entry_block().and_then(Block::first_non_phi),
    };
    let Some(after) = after else {
        return false;
    };
    b.before(after);
    let bytes = b.sext(v, bytes_ty);
    // One comparison per using block, before its first instruction: `v` dominates every use,
    // so it dominates each using block whole.
    let mut here: HashMap<Block, Val> = HashMap::new();
    for u in away {
        let blk = u.parent_block();
        let is_ours = u.opcode() == llvm_sys::LLVMOpcode::LLVMSExt && u.ty() == bytes_ty;
        if is_ours {
            // A PHI's incoming extension: the bytes themselves.
            u.replace_all_uses_with(bytes);
            u.erase();
            continue;
        }
        let mask = *here.entry(blk).or_insert_with(|| {
            if let Some(first) = blk.first_non_phi() {
                b.before(first);
            }
            b.icmp(LLVMIntPredicate::LLVMIntNE, bytes, m.const_null(bytes_ty))
        });
        u.replace_operand(v, mask);
    }
    true
}

/// `<lanes x i8>`, the form a mask crosses blocks in.
fn bytes_of(m: Module, lanes: u32) -> Ty {
    Ty(unsafe { LLVMVectorType(m.i8().0, lanes) })
}

/// The lane count of a `<N x i1>` type with `N >= WIDE`.
fn wide_mask(ty: Ty) -> Option<u32> {
    if ty.kind() != LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    let elem = Ty(unsafe { LLVMGetElementType(ty.0) });
    let lanes = unsafe { LLVMGetVectorSize(ty.0) };
    (elem.int_width() == Some(1) && lanes >= WIDE).then_some(lanes)
}

fn rewrite_phi(m: Module, join: Block, phi: Val) {
    let Some(lanes) = wide_mask(phi.ty()) else {
        return;
    };
    let bytes = bytes_of(m, lanes);
    let b = m.builder();
    b.before(phi);
    let name = format!("{}.bytes", phi.name());
    let cname = std::ffi::CString::new(name).unwrap_or_default();
    let wide = Val(unsafe { LLVMBuildPhi(b.raw(), bytes.0, cname.as_ptr()) });
    // One extension per incoming block: a block may reach the join by several edges, and the
    // PHI's entries for it must agree.
    let mut extended: HashMap<Block, Val> = HashMap::new();
    let n = unsafe { LLVMCountIncoming(phi.0) };
    for k in 0..n {
        let pred = phi.incoming_block(k);
        let v = Val(unsafe { LLVMGetIncomingValue(phi.0, k) });
        let e = *extended.entry(pred).or_insert_with(|| {
            match pred.terminator() {
                Some(t) => b.before(t),
                None => b.at_end(pred),
            };
            b.sext(v, bytes)
        });
        wide.add_incoming(&[(e, pred)]);
    }
    b.before(join.first_non_phi().unwrap_or(phi));
    let mask = b.icmp(LLVMIntPredicate::LLVMIntNE, wide, m.const_null(bytes));
    phi.replace_all_uses_with(mask);
    phi.erase();
}

#[cfg(test)]
mod tests {
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        // Cases named `avx512_*` are for a target with mask registers, which keeps the PHIs.
        golden("wide_masks", |module, m| {
            let avx512 = module.get_name().to_bytes().starts_with(b"avx512_");
            Ok(vec![format!("rewritten: {}", super::run(m, avx512))])
        });
    }
}
