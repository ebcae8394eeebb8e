//! Code no lane runs is skipped: a branch around each stretch of if-converted code whose lane
//! mask is empty.
//!
//! If-conversion runs both sides of a lane-varying branch under masks, whatever the lanes do.
//! In `if (t < 32) v = cg::reduce(tile, ...)` the warps past the first have no lane inside, yet
//! each ran the whole reduction with an empty mask, and its slow path for partial tiles (the
//! other side of a branch that is uniform in every warp) ran in every warp too. Each maximal
//! run of consecutive linearized blocks with the same mask is now entered only when some lane
//! of that mask is on; otherwise the code goes on after the run. A steady loop (one all lanes
//! leave together) belongs whole to the run that enters it, and so do the blocks its first
//! block dominates: no lane reaches them without passing it, so their masks are parts of its
//! mask, whether the branches nested there rejoin or not. Runs nested in a run keep their own
//! tests.
//!
//! The test sits at the end of the block before the run, so the mask must already be known
//! there (a block reached from one edge has that edge's mask, made in the block before). Values
//! the run makes and later code uses meet zero from the skipping edge in a phi. Zero, not
//! poison: the run's edge masks (parts of its mask, so empty) flow into later joins' masks, and
//! everything else later code reads only under such masks. A run that is short or whose
//! following block has phis stays as it is.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use super::Vectorizer;
use crate::ir::{Block, Val};
use llvm_sys::core::*;
use std::collections::HashSet;

/// The fewest instructions a run needs for a test around it to pay.
const MIN_RUN: usize = 12;

impl Vectorizer {
    pub(super) fn skip_idle_runs(&self) {
        for r in &self.regions {
            let mut chain = vec![r.head];
            chain.extend(&r.blocks);
            chain.push(r.join);
            let mut k = 1;
            while k + 1 < chain.len() {
                let Some(&mask) = self.masks.get(&chain[k]) else {
                    k += 1;
                    continue;
                };
                // The run goes on through blocks of the same mask and through the whole of a
                // steady loop it enters (its body's masks are parts of the header's); then
                // through blocks the first dominates (a lane reaches them only through it, so
                // their masks are parts of its mask). Those keep their own tests too.
                let mut same_end = k + 1;
                while same_end + 1 < chain.len() {
                    let b = chain[same_end];
                    let same = self.masks.get(&b) == Some(&mask);
                    // (Loops inside a region are steady: `find_regions` refuses others.)
                    let in_loop = self
                        .loops
                        .iter()
                        .any(|l| l.contains(b) && chain[k..same_end].contains(&l.header));
                    if !same && !in_loop {
                        break;
                    }
                    same_end += 1;
                }
                let mut end = same_end;
                while end + 1 < chain.len() && self.dominates(chain[k], chain[end]) {
                    end += 1;
                }
                // The one block that falls through to the run. Right after a skipped run there
                // are two (the test's edge and the run's own end): that run keeps its code.
                let into: Vec<Block> = self
                    .f
                    .blocks()
                    .into_iter()
                    .filter(|b| b.successors().contains(&chain[k]))
                    .collect();
                if let [before] = into[..] {
                    self.skip_run(before, chain[k], chain[end], mask);
                }
                k = same_end;
            }
        }
    }

    /// Whether every path to `b` in the CFG before linearization passes `d`.
    fn dominates(&self, d: Block, mut b: Block) -> bool {
        loop {
            if b == d {
                return true;
            }
            match self.idom.get(&b) {
                Some(&up) if up != b => b = up,
                _ => return false,
            }
        }
    }

    /// Makes `before` (which falls through to `first`) go to `after` when no lane of `mask`
    /// is on.
    fn skip_run(&self, before: Block, first: Block, after: Block, mask: Val) {
        if after.instructions().iter().any(|i| i.is_phi()) {
            return;
        }
        let run = reachable(first, after);
        // A loop the run enters lies wholly inside it.
        let cuts_loop = self
            .loops
            .iter()
            .any(|l| run.contains(&l.header) && l.blocks.iter().any(|b| !run.contains(b)));
        if run.contains(&before) || !after_only_exit(&run, after) || cuts_loop {
            return;
        }
        // The test goes at the end of `before`, so the mask must be known there. (A mask that
        // `first` makes itself, the union of its edges' masks, could be tested right after it;
        // measured, that cost more in the code LLVM then made than it saved.)
        if mask.is_instruction() && run.contains(&mask.parent_block()) {
            return;
        }
        let Some(br) = before.terminator() else {
            return;
        };
        if br.num_operands() != 1 || br.successor(0) != first {
            return;
        }
        let run = reachable(first, after);
        // In the function's order, so the phis below come out the same on every compile.
        let ordered: Vec<Block> = first
            .parent()
            .blocks()
            .into_iter()
            .filter(|b| run.contains(b))
            .collect();
        let size: usize = ordered.iter().map(|b| b.instructions().len()).sum();
        if size < MIN_RUN {
            return;
        }
        // Values of the run used past it: through a phi in `after`.
        let preds_of_after: Vec<Block> = ordered
            .iter()
            .copied()
            .filter(|b| b.successors().contains(&after))
            .collect();
        let mut escaping = Vec::new();
        for b in &ordered {
            for i in b.instructions() {
                let outside = i
                    .users()
                    .into_iter()
                    .any(|u| !run.contains(&u.parent_block()));
                if outside {
                    escaping.push(i);
                }
            }
        }
        let b = self.m.builder();
        for v in escaping {
            let Some(first_inst) = after.first_instruction() else {
                return;
            };
            b.before(first_inst);
            let phi = Val(unsafe { LLVMBuildPhi(b.raw(), v.ty().0, c"idle".as_ptr()) });
            for u in v.users() {
                if u != phi && !run.contains(&u.parent_block()) {
                    u.replace_operand(v, phi);
                }
            }
            let mut incoming: Vec<(Val, Block)> = preds_of_after.iter().map(|p| (v, *p)).collect();
            incoming.push((Val(unsafe { LLVMConstNull(v.ty().0) }), before));
            phi.add_incoming(&incoming);
        }
        self.at(br);
        let any = self.call("llvm.vector.reduce.or", &[mask.ty()], &[mask]);
        br.erase();
        b.at_end(before);
        b.cond_br(any, first, after);
    }
}

/// The blocks reachable from `first` without passing `after`.
fn reachable(first: Block, after: Block) -> HashSet<Block> {
    let mut seen = HashSet::new();
    let mut work = vec![first];
    while let Some(b) = work.pop() {
        if b == after || !seen.insert(b) {
            continue;
        }
        work.extend(b.successors());
    }
    seen
}

/// Whether the run leaves only to `after` (or ends the kernel: a failed assertion).
fn after_only_exit(run: &HashSet<Block>, after: Block) -> bool {
    run.iter()
        .flat_map(|b| b.successors())
        .all(|s| s == after || run.contains(&s))
}
