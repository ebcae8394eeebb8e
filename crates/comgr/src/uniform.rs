//! Which stack slots live across cuts hold the same value for every work-item, so that one
//! scalar can carry them instead of a per-work-item context array (loop counters, strides, values
//! read from arguments). A branch on such a value stays uniform inside the work-item loops, where
//! LLVM can unswitch it or keep it out of the vectorised body.
//!
//! The analysis runs on the kernel after `reg2mem` (values crossing blocks live in allocas) and
//! is conservative:
//! - *data*: a value is divergent if it is a work-item id or lane id, a warp exchange, any load
//!   except from a uniform slot, any other call, a stack address, or computed from a divergent
//!   value;
//! - *control*: a branch on a divergent value makes every block it reaches before its immediate
//!   post-dominator divergent (only some work-items run them);
//! - a slot is uniform when every store to it stores a uniform value from a uniform block, every
//!   cut it is live across lies in a uniform block (all work-items cross it together), and, in the
//!   scheduled form (where warps run one after another between barriers), it is not stored again
//!   after a barrier it is live across.
//!
//! Slots start uniform and lose it until nothing changes (a greatest fixpoint: a loop counter that
//! only depends on itself and constants stays uniform).
use crate::ir::{Block, Val};
use std::collections::{HashMap, HashSet};

/// One candidate slot: the alloca and where it is live (per body block, on entry).
pub(crate) struct Slot {
    pub alloca: Val,
    pub live_in: Vec<bool>,
}

/// A cut of the kernel body: the block ending at it, the block after it, whether it is a block
/// barrier (else a warp point).
pub(crate) struct CutSite {
    pub from: Block,
    pub after: Block,
    pub barrier: bool,
}

/// Builtins whose value is the same for every work-item of a group.
pub(crate) fn uniform_builtin(name: &str) -> bool {
    name.starts_with("__ferrocm_workgroup_")
        || name.starts_with("__ferrocm_num_workgroups_")
        || name == "__ferrocm_warp_size"
}

/// LLVM intrinsics that only compute from their operands (min/max, bit counts, funnel shifts,
/// float math...): neither memory nor anything per work-item.
pub(crate) fn pure_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.")
        && ![
            "llvm.lifetime",
            "llvm.mem",
            "llvm.va_",
            "llvm.stack",
            "llvm.experimental",
            "llvm.masked",
            "llvm.prefetch",
            "llvm.assume",
        ]
        .iter()
        .any(|p| name.starts_with(p))
}

/// The uniform slots among `slots`.
pub(crate) fn uniform_slots(
    body: &[Block],
    cuts: &[CutSite],
    slots: &[Slot],
    scheduled: bool,
) -> HashSet<Val> {
    let (index, succs) = block_graph(body);
    let ipdom = immediate_post_dominators(&succs);
    let mut uniform: HashSet<Val> = slots.iter().map(|s| s.alloca).collect();
    // In the scheduled form, warps run one after another from one barrier to the next: a slot
    // live across a barrier must not be stored again after it (an earlier warp would change it
    // under a later one).
    if scheduled {
        for c in cuts.iter().filter(|c| c.barrier) {
            let Some(&after) = index.get(&c.after) else {
                continue;
            };
            let reach = reachable(&succs, after);
            for s in slots {
                let stored_after = s.alloca.users().into_iter().any(|u| {
                    u.is_store()
                        && u.operand(1) == s.alloca
                        && index.get(&u.parent_block()).is_none_or(|&i| reach[i])
                });
                if s.live_in[after] && stored_after {
                    uniform.remove(&s.alloca);
                }
            }
        }
    }
    loop {
        let divergent = divergent_values(body, &uniform);
        let div_blocks = divergent_blocks(body, &succs, &ipdom, &divergent);
        let mut changed = false;
        for s in slots {
            if !uniform.contains(&s.alloca) {
                continue;
            }
            let bad_store = s.alloca.users().into_iter().any(|u| {
                u.is_store()
                    && u.operand(1) == s.alloca
                    && (divergent.contains(&u.operand(0))
                        || index.get(&u.parent_block()).is_none_or(|&i| div_blocks[i]))
            });
            let bad_cut = cuts.iter().any(|c| {
                let live = index.get(&c.after).is_some_and(|&i| s.live_in[i]);
                live && index.get(&c.from).is_none_or(|&i| div_blocks[i])
            });
            if bad_store || bad_cut {
                uniform.remove(&s.alloca);
                changed = true;
            }
        }
        if !changed {
            return uniform;
        }
    }
}

/// Blocks ending in a branch (or switch) on a value that may differ between work-items, given
/// the uniform slots.
pub(crate) fn divergent_branches(body: &[Block], uniform: &HashSet<Val>) -> HashSet<Block> {
    let divergent = divergent_values(body, uniform);
    body.iter()
        .copied()
        .filter(|blk| {
            blk.terminator().is_some_and(|t| {
                t.num_operands() > 1 && {
                    let cond = t.operand(0);
                    cond.is_instruction() && divergent.contains(&cond)
                }
            })
        })
        .collect()
}

/// Whether operand `o` may differ between work-items: a divergent instruction, or the address of a
/// stack slot (every work-item has its own; the prologue's allocas are outside the body, so a cast of
/// one passed to a callee that was inlined would otherwise look uniform).
fn divergent_operand(o: Val, div: &HashSet<Val>) -> bool {
    o.is_instruction() && (div.contains(&o) || o.is_alloca())
}

/// Instructions whose value may differ between work-items, given the uniform slots.
fn divergent_values(body: &[Block], uniform: &HashSet<Val>) -> HashSet<Val> {
    let mut div = HashSet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for blk in body {
            for i in blk.instructions() {
                if div.contains(&i) {
                    continue;
                }
                let d = if i.is_load() {
                    // `warpSize` is bound to the launch's warp size.
                    let p = i.operand(0);
                    !(uniform.contains(&p) || p.strip_const_casts().name() == "warpSize")
                } else if i.is_call() {
                    let name = i.called_function().map(|f| f.name()).unwrap_or_default();
                    if pure_intrinsic(&name) {
                        (0..i.num_call_args()).any(|k| divergent_operand(i.operand(k), &div))
                    } else {
                        !uniform_builtin(&name)
                    }
                } else if i.is_alloca() {
                    true
                } else {
                    use llvm_sys::LLVMOpcode::*;
                    match i.opcode() {
                        LLVMAtomicRMW | LLVMAtomicCmpXchg | LLVMVAArg | LLVMLandingPad => true,
                        _ => (0..i.num_operands()).any(|k| divergent_operand(i.operand(k), &div)),
                    }
                };
                if d {
                    div.insert(i);
                    changed = true;
                }
            }
        }
    }
    div
}

/// Blocks only some work-items may run: those a divergent branch reaches before its immediate
/// post-dominator (all it reaches, when it has none).
fn divergent_blocks(
    body: &[Block],
    succs: &[Vec<usize>],
    ipdom: &[Option<usize>],
    divergent: &HashSet<Val>,
) -> Vec<bool> {
    let mut out = vec![false; body.len()];
    for (bi, blk) in body.iter().enumerate() {
        let Some(t) = blk.terminator() else { continue };
        if succs[bi].len() < 2 {
            continue;
        }
        // The condition of a conditional branch or switch is operand 0.
        let cond = t.operand(0);
        if !(cond.is_instruction() && divergent.contains(&cond)) {
            continue;
        }
        let stop = ipdom[bi];
        let mut stack: Vec<usize> = succs[bi].clone();
        let mut seen = vec![false; body.len()];
        while let Some(x) = stack.pop() {
            if Some(x) == stop || seen[x] {
                continue;
            }
            seen[x] = true;
            out[x] = true;
            stack.extend(succs[x].iter().copied());
        }
    }
    out
}

/// Blocks reachable from `from` (itself included).
fn reachable(succs: &[Vec<usize>], from: usize) -> Vec<bool> {
    let mut seen = vec![false; succs.len()];
    let mut stack = vec![from];
    while let Some(x) = stack.pop() {
        if !seen[x] {
            seen[x] = true;
            stack.extend(succs[x].iter().copied());
        }
    }
    seen
}

/// Each block's index in `blocks`, and each block's successors among them, by index.
pub(crate) fn block_graph(blocks: &[Block]) -> (HashMap<Block, usize>, Vec<Vec<usize>>) {
    let index: HashMap<Block, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let succs = blocks
        .iter()
        .map(|b| {
            b.successors()
                .iter()
                .filter_map(|s| index.get(s).copied())
                .collect()
        })
        .collect();
    (index, succs)
}

/// Immediate dominator of each block, block 0 the entry (its own); `None` where unreachable.
/// Cooper, Harvey and Kennedy's iteration over the reverse post-order.
pub(crate) fn immediate_dominators(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succs.len();
    let mut idom: Vec<Option<usize>> = vec![None; n];
    if n == 0 {
        return idom;
    }
    let mut preds = vec![Vec::new(); n];
    for (k, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(k);
        }
    }
    let mut order = Vec::new();
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut stack = vec![(0usize, 0usize)];
    while let Some((b, k)) = stack.pop() {
        if let Some(&s) = succs[b].get(k) {
            stack.push((b, k + 1));
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
        }
    }
    order.reverse();
    let mut rpo = vec![usize::MAX; n];
    for (k, b) in order.iter().enumerate() {
        rpo[*b] = k;
    }
    idom[0] = Some(0);
    let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
        while a != b {
            while rpo[a] > rpo[b] {
                a = idom[a].unwrap_or(0);
            }
            while rpo[b] > rpo[a] {
                b = idom[b].unwrap_or(0);
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new: Option<usize> = None;
            for &p in &preds[b] {
                if idom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(q) => intersect(&idom, p, q),
                });
            }
            if new.is_some() && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom
}

/// Immediate post-dominator of each block (none for exits, or where every path loops forever).
pub(crate) fn immediate_post_dominators(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succs.len();
    let words = n.div_ceil(64);
    let full = vec![u64::MAX; words];
    let mut pdom: Vec<Vec<u64>> = (0..n)
        .map(|i| {
            if succs[i].is_empty() {
                let mut v = vec![0u64; words];
                v[i / 64] |= 1 << (i % 64);
                v
            } else {
                full.clone()
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..n).rev() {
            if succs[i].is_empty() {
                continue;
            }
            let mut v = full.clone();
            for &s in &succs[i] {
                for (w, p) in v.iter_mut().zip(&pdom[s]) {
                    *w &= p;
                }
            }
            v[i / 64] |= 1 << (i % 64);
            if v != pdom[i] {
                pdom[i] = v;
                changed = true;
            }
        }
    }
    let has = |set: &[u64], j: usize| set[j / 64] >> (j % 64) & 1 == 1;
    // Counted once: counting inside the search below made it cubic in the blocks.
    let counts: Vec<u32> = pdom
        .iter()
        .map(|set| set.iter().map(|w| w.count_ones()).sum())
        .collect();
    (0..n)
        .map(|i| {
            if succs[i].is_empty() || pdom[i] == full {
                return None;
            }
            // The strict post-dominator closest to i: the one with the most post-dominators.
            (0..n)
                .filter(|&j| j != i && has(&pdom[i], j))
                .max_by_key(|&j| counts[j])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::immediate_post_dominators;

    #[test]
    fn post_dominators_of_a_diamond_and_a_loop() {
        // 0 -> {1, 2} -> 3 -> {4 (loop head), 5}; 4 -> {3, 5}; 5 exit.
        let succs = vec![vec![1, 2], vec![3], vec![3], vec![4, 5], vec![3, 5], vec![]];
        let ip = immediate_post_dominators(&succs);
        assert_eq!(ip, vec![Some(3), Some(3), Some(3), Some(5), Some(5), None]);
    }

    #[test]
    fn an_endless_loop_has_no_post_dominator() {
        let succs = vec![vec![1], vec![1]];
        assert_eq!(immediate_post_dominators(&succs), vec![None, None]);
    }
}
