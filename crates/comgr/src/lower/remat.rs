//! Rematerialization: values cheaper to recompute than to keep per work-item.
//!
//! In kernels with barriers, a value that depends only on work-item ids, arguments and constants
//! (an index, an address into a shared tile) is recomputed where it is used instead of crossing a
//! barrier in a context array.
use super::*;

/// Largest expression tree [`rematerialize`] copies for one use.
const REMAT_LIMIT: u32 = 12;

/// Cost of recomputing `v` where it is used: a tree of pure integer/pointer operations over constants,
/// arguments, globals and work-item builtins; `None` if it cannot be recomputed (or is too big).
fn remat_cost(v: Val, memo: &mut HashMap<Val, Option<u32>>) -> Option<u32> {
    if !v.is_instruction() {
        return Some(0);
    }
    if let Some(c) = memo.get(&v) {
        return *c;
    }
    use llvm_sys::LLVMOpcode::*;
    let pure = match v.opcode() {
        LLVMGetElementPtr | LLVMAdd | LLVMSub | LLVMMul | LLVMShl | LLVMLShr | LLVMAShr
        | LLVMAnd | LLVMOr | LLVMXor | LLVMZExt | LLVMSExt | LLVMTrunc | LLVMICmp | LLVMSelect
        | LLVMAddrSpaceCast | LLVMBitCast | LLVMPtrToInt | LLVMIntToPtr => true,
        // `warpSize` (a device variable the lowering binds to the launch's value).
        LLVMLoad => v.operand(0).strip_const_casts().name() == "warpSize",
        LLVMCall => callee_name(v).is_some_and(|n| {
            n.starts_with("__ferrocm_workitem_id_")
                || n.starts_with("__ferrocm_workgroup_")
                || n.starts_with("__ferrocm_num_workgroups_")
                || n == "__ferrocm_warp_size"
                || n == "__ferrocm_lane_id"
        }),
        _ => false,
    };
    memo.insert(v, None);
    let cost = if pure {
        let n = if v.is_call() { 0 } else { v.num_operands() };
        let mut total = Some(1u32);
        for k in 0..n {
            total = match (total, remat_cost(v.operand(k), memo)) {
                (Some(a), Some(b)) if a + b <= REMAT_LIMIT => Some(a + b),
                _ => None,
            };
        }
        total
    } else {
        None
    };
    memo.insert(v, cost);
    cost
}

/// Copies the recomputable tree of `v` right before `at`.
fn materialize(v: Val, at: Val, b: &Builder, memo: &mut HashMap<Val, Option<u32>>) -> Val {
    if !v.is_instruction() || remat_cost(v, memo).is_none() {
        return v;
    }
    let copy = v.clone_instruction();
    b.before(at);
    b.insert(copy);
    if !v.is_call() {
        for k in 0..v.num_operands() {
            let op = materialize(v.operand(k), copy, b, memo);
            copy.set_operand(k, op);
        }
    }
    copy
}

/// In kernels with barriers, recomputes values that only depend on work-item ids, arguments and
/// constants (addresses into shared tiles, indices) in the blocks that use them, instead of keeping
/// them in per-work-item context arrays across barriers. Runs before `reg2mem`; the optimiser
/// merges the copies again inside each region.
pub fn rematerialize(m: Module, prepared: &Prepared) {
    let b = m.builder();
    for name in &prepared.bodies() {
        let Some(f) = m.function(name) else { continue };
        let blocks = f.blocks();
        if !blocks
            .iter()
            .any(|blk| blk.instructions().into_iter().any(is_cut))
        {
            continue;
        }
        let mut memo = HashMap::new();
        for blk in blocks {
            for user in blk.instructions() {
                for k in 0..user.num_operands() {
                    let v = user.operand(k);
                    if !v.is_instruction() || v.is_phi() {
                        continue;
                    }
                    let at = if user.is_phi() {
                        match user.incoming_block(k).terminator() {
                            Some(t) => t,
                            None => continue,
                        }
                    } else {
                        user
                    };
                    if v.parent_block() == at.parent_block() || remat_cost(v, &mut memo).is_none() {
                        continue;
                    }
                    let copy = materialize(v, at, &b, &mut memo);
                    user.set_operand(k, copy);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("remat", |module, m| lower_to(module, m, Stage::Remat, None));
    }
}
