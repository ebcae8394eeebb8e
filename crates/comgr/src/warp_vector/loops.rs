//! Loops in the warp-vectorized form.
//!
//! A loop that every active lane leaves together (its exit branch is warp-uniform, at its latch)
//! stays a loop: inside an if-converted region it runs under the region's lane mask, and its
//! back edge is kept when the region is linearized.
//!
//! A loop whose lanes leave at different iterations (a lane-varying exit: `for (i = tid; i < n;
//! i += 64)`) is first rewritten, still in scalar form, into one they all leave together:
//!
//! ```text
//! header:  active = phi [true, preheader], [goes_on, next]     ; is this lane still looping
//!          (the header's phis, each carried through `next`)
//!          br active, body, next
//! body:    ... the loop's blocks; their exits and back edge go to `next` ...
//! next:    goes_on = phi [the back edge's condition, latch], [false, exits], [false, header]
//!          (each value used after the loop: this iteration's where the lane ran it, else the
//!          value it had)
//!          br __ferrocm_warp_any(goes_on), header, exit
//! ```
//!
//! `active` is lane-varying, so the body becomes an if-converted region, and the loop runs while
//! any lane goes on: a lane that left keeps its values, which the code after the loop reads.
//! `__ferrocm_warp_any` is warp-uniform; widened, it is an or-reduction of the active lanes' flags.

use super::{aborts, cstr, Vectorizer};
use crate::ir::{Block, Ty, Val};
use llvm_sys::core::*;
use std::collections::{HashMap, HashSet};

/// The builtin the rewrite leaves for "does any active lane go on".
pub(super) const ANY: &str = "__ferrocm_warp_any";

/// A natural loop of the kernel, found from the back edges of the block order.
#[derive(Clone, Debug)]
pub(super) struct Loop {
    pub(super) header: Block,
    /// The block that branches back to the header; `None` when several do.
    pub(super) latch: Option<Block>,
    /// The one block outside the loop that enters the header; `None` when several do.
    pub(super) preheader: Option<Block>,
    /// Its blocks in the vectorizer's order, the header first.
    pub(super) blocks: Vec<Block>,
    /// Entered other than through its header.
    pub(super) irreducible: bool,
}

impl Loop {
    pub(super) fn contains(&self, b: Block) -> bool {
        self.blocks.contains(&b)
    }

    /// Edges out of the loop, except into blocks that fail the launch.
    pub(super) fn exits(&self) -> Vec<(Block, Block)> {
        let mut out = Vec::new();
        for b in &self.blocks {
            for s in b.successors() {
                if !self.contains(s) && !aborts(s) {
                    out.push((*b, s));
                }
            }
        }
        out
    }
}

impl Vectorizer {
    /// The natural loops of the block order, and the order made loop-contiguous: each loop's
    /// blocks follow its header, before anything after the loop. (Reverse post-order alone may
    /// place a loop's exit between its blocks; the widening and the linearization need every
    /// loop block first.)
    pub(super) fn find_loops(&mut self) {
        let index: HashMap<Block, usize> = self
            .order
            .iter()
            .enumerate()
            .map(|(k, b)| (*b, k))
            .collect();
        let mut latches: HashMap<Block, Vec<Block>> = HashMap::new();
        for b in &self.order {
            for s in b.successors() {
                if index[&s] <= index[b] {
                    let l = latches.entry(s).or_default();
                    if !l.contains(b) {
                        l.push(*b);
                    }
                }
            }
        }
        let mut loops = Vec::new();
        for h in self.order.clone() {
            let Some(ls) = latches.get(&h) else { continue };
            let mut member: HashSet<Block> = HashSet::from([h]);
            let mut work: Vec<Block> = ls.clone();
            while let Some(b) = work.pop() {
                if member.insert(b) {
                    work.extend(self.preds.get(&b).cloned().unwrap_or_default());
                }
            }
            let irreducible = member.iter().any(|b| {
                *b != h
                    && self
                        .preds
                        .get(b)
                        .is_some_and(|p| p.iter().any(|p| !member.contains(p)))
            });
            let outside: Vec<Block> = self.preds[&h]
                .iter()
                .copied()
                .filter(|p| !member.contains(p))
                .collect();
            loops.push(Loop {
                header: h,
                latch: (ls.len() == 1).then(|| ls[0]),
                preheader: (outside.len() == 1).then(|| outside[0]),
                blocks: self
                    .order
                    .iter()
                    .copied()
                    .filter(|b| member.contains(b))
                    .collect(),
                irreducible,
            });
        }
        // Loop-contiguous order: each header brings its loop's blocks (inner loops theirs).
        let mut out = Vec::new();
        let mut emitted = HashSet::new();
        for b in self.order.clone() {
            self.emit(b, &loops, &mut emitted, &mut out);
        }
        self.order = out;
        for l in &mut loops {
            l.blocks = self
                .order
                .iter()
                .copied()
                .filter(|b| l.blocks.contains(b))
                .collect();
        }
        self.loops = loops;
    }

    fn emit(&self, b: Block, loops: &[Loop], emitted: &mut HashSet<Block>, out: &mut Vec<Block>) {
        if !emitted.insert(b) {
            return;
        }
        out.push(b);
        if let Some(l) = loops.iter().find(|l| l.header == b) {
            for x in &self.order {
                if *x != b && l.contains(*x) {
                    self.emit(*x, loops, emitted, out);
                }
            }
        }
    }

    /// The loop `h` heads, when all its active lanes go round and leave it together: entered
    /// from one preheader, left only from its one latch, on a warp-uniform condition.
    pub(super) fn steady_loop(&self, h: Block) -> Option<&Loop> {
        let l = self.loops.iter().find(|l| l.header == h)?;
        let latch = l.latch?;
        l.preheader?;
        if l.irreducible || l.exits().iter().any(|(u, _)| *u != latch) {
            return None;
        }
        match self.condition(latch) {
            Some(c) if !self.shape(c).uniform() => None,
            _ => Some(l),
        }
    }

    /// The steady loop whose only exit `x` is (`x` entered from nowhere else).
    pub(super) fn steady_exit_of(&self, x: Block) -> Option<&Loop> {
        let preds = self.preds.get(&x)?;
        self.loops.iter().find(|l| {
            !preds.is_empty()
                && !l.contains(x)
                && preds.iter().all(|p| l.contains(*p))
                && self.steady_loop(l.header).is_some()
        })
    }

    /// Whether `from -> to` is the back edge of a steady loop whose blocks all lie in `within`.
    pub(super) fn steady_back_edge(&self, from: Block, to: Block, within: &HashSet<Block>) -> bool {
        self.steady_loop(to)
            .is_some_and(|l| l.latch == Some(from) && l.blocks.iter().all(|b| within.contains(b)))
    }

    /// Rewrites each loop that lanes leave at different iterations, or that lies under a
    /// lane-varying condition and is left other than from its latch, into a steady one (see
    /// the module's comment). Gives whether it rewrote any; the caller then analyses again.
    pub(super) fn rewrite_divergent_loops(&mut self) -> Result<bool, String> {
        let (succs, index) = self.indexed();
        let ipdom = crate::uniform::immediate_post_dominators(&succs);
        let mut varying = Vec::new();
        for blk in &self.order {
            if let Some(c) = self.condition(*blk) {
                if !self.shape(c).uniform() {
                    if let Some(j) = ipdom[index[blk]].map(|j| self.order[j]) {
                        varying.push((*blk, self.between(*blk, j)));
                    }
                }
            }
        }
        let mut todo = Vec::new();
        for l in &self.loops {
            let exits = l.exits();
            let varying_exit = exits
                .iter()
                .any(|(u, _)| self.condition(*u).is_some_and(|c| !self.shape(c).uniform()));
            let in_region = varying
                .iter()
                .any(|(b, inner)| !l.contains(*b) && inner.contains(&l.header));
            if !varying_exit && !in_region {
                continue;
            }
            let (Some(latch), Some(pre), false) = (l.latch, l.preheader, l.irreducible) else {
                return Err(
                    "a loop under a lane-varying condition that is not in loop form".into(),
                );
            };
            if self
                .loops
                .iter()
                .any(|o| o.header != l.header && l.contains(o.header))
            {
                return Err("nested loops under a lane-varying condition".into());
            }
            if !varying_exit && exits.iter().all(|(u, _)| *u == latch) {
                // Steady already: it stays as it is.
                continue;
            }
            let targets: HashSet<Block> = exits.iter().map(|e| e.1).collect();
            let x = match targets.into_iter().collect::<Vec<_>>()[..] {
                [x] => x,
                _ => return Err("a lane-varying loop with several exits".into()),
            };
            let shared = self.preds[&x].iter().any(|p| !l.contains(*p));
            todo.push((l.clone(), pre, latch, x, shared));
        }
        let idom = self.dominators();
        let rewrote = !todo.is_empty();
        for (l, pre, latch, x, shared) in todo {
            let x = if shared {
                self.dedicated_exit(&l, x)
            } else {
                x
            };
            self.rewrite_loop(&l, pre, latch, x, &idom)?;
        }
        Ok(rewrote)
    }

    /// A block that only the loop's exits enter, in front of `x` (which other blocks enter too:
    /// a guard skipping the loop, say). `x`'s phis take the loop's values through it.
    fn dedicated_exit(&self, l: &Loop, x: Block) -> Block {
        let m = self.m;
        let b = m.builder();
        let raw = b.raw();
        let d = m.append_block(self.f, "warp.loop.exit");
        b.at_end(d).br(x);
        let phis: Vec<Val> = x
            .instructions()
            .into_iter()
            .filter(|i| i.is_phi())
            .collect();
        for old in phis {
            let n = unsafe { LLVMCountIncoming(old.0) };
            let incoming: Vec<(Val, Block)> = (0..n)
                .map(|k| {
                    (
                        Val(unsafe { LLVMGetIncomingValue(old.0, k) }),
                        old.incoming_block(k),
                    )
                })
                .collect();
            let (inside, outside): (Vec<_>, Vec<_>) = incoming
                .into_iter()
                .partition(|(_, from)| l.contains(*from));
            if let Some(t) = d.terminator() {
                b.before(t);
            }
            let through = Val(unsafe { LLVMBuildPhi(raw, old.ty().0, cstr("").as_ptr()) });
            if let Some(first) = x.first_instruction() {
                b.before(first);
            }
            let merged = Val(unsafe { LLVMBuildPhi(raw, old.ty().0, cstr("").as_ptr()) });
            for (p, pairs) in [(through, inside), (merged, outside)] {
                p.add_incoming(&pairs);
            }
            merged.add_incoming(&[(through, d)]);
            old.replace_all_uses_with(merged);
            old.erase();
        }
        for u in &l.blocks {
            if let Some(t) = u.terminator() {
                for k in 0..t.num_successors() {
                    if t.successor(k) == x {
                        unsafe { LLVMSetSuccessor(t.0, k, d.0) };
                    }
                }
            }
        }
        d
    }

    /// Immediate dominators, by block.
    fn dominators(&self) -> HashMap<Block, Block> {
        let (_, succs) = crate::uniform::block_graph(&self.order);
        crate::uniform::immediate_dominators(&succs)
            .into_iter()
            .enumerate()
            .filter_map(|(k, d)| d.map(|d| (self.order[k], self.order[d])))
            .collect()
    }

    fn rewrite_loop(
        &mut self,
        l: &Loop,
        pre: Block,
        latch: Block,
        x: Block,
        idom: &HashMap<Block, Block>,
    ) -> Result<(), String> {
        let m = self.m;
        let b = m.builder();
        let raw = b.raw();
        let i1 = m.i1();
        let h = l.header;
        let first = h
            .instructions()
            .into_iter()
            .find(|i| !i.is_phi())
            .ok_or("an empty loop header")?;
        let rest = crate::shim::split_block_before(first).ok_or("cannot split a block")?;
        // Dominance as before the split: `rest` stands where the header's code was.
        let dominates = |a: Block, c: Block| {
            let (a, mut c) = (if a == rest { h } else { a }, if c == rest { h } else { c });
            loop {
                if a == c {
                    return true;
                }
                match idom.get(&c) {
                    Some(d) if *d != c => c = *d,
                    _ => return false,
                }
            }
        };
        let latch = if latch == h { rest } else { latch };
        let mut body: Vec<Block> = l.blocks.iter().copied().filter(|b| *b != h).collect();
        body.insert(0, rest);
        let next = m.append_block(self.f, "warp.loop.next");
        let yes = m.const_int(i1, 1);
        let no = m.const_int(i1, 0);

        // The back edge and the exits go to `next`, each with whether the lane goes on.
        let mut into_next: Vec<(Block, Val)> = Vec::new();
        for u in &body {
            let Some(t) = u.terminator() else { continue };
            let succs = u.successors();
            let ours = |s: &Block| *s == h || *s == x;
            if !succs.iter().any(ours) {
                continue;
            }
            if succs.iter().all(ours) {
                let goes_on = match succs[..] {
                    [s] => m.const_int(i1, u64::from(s == h)),
                    [s0, s1] if s0 == s1 => m.const_int(i1, u64::from(s0 == h)),
                    [s0, _] => {
                        let c = t.operand(0);
                        if s0 == h {
                            c
                        } else {
                            b.before(t);
                            Val(unsafe { LLVMBuildNot(raw, c.0, cstr("").as_ptr()) })
                        }
                    }
                    _ => return Err("a multi-way branch in a lane-varying loop".into()),
                };
                t.erase();
                b.at_end(*u).br(next);
                into_next.push((*u, goes_on));
            } else {
                for k in 0..t.num_successors() {
                    let s = t.successor(k);
                    if ours(&s) {
                        unsafe { LLVMSetSuccessor(t.0, k, next.0) };
                        into_next.push((*u, if s == h { yes } else { no }));
                    }
                }
            }
        }
        let top = |blk: Block| blk.first_instruction();
        let phi = |blk: Block, ty: Ty, name: &str| -> Val {
            match top(blk) {
                Some(i) => b.before(i),
                None => b.at_end(blk),
            };
            let n = cstr(name);
            Val(unsafe { LLVMBuildPhi(raw, ty.0, n.as_ptr()) })
        };

        // The header: is this lane still looping.
        let active = phi(h, i1, "warp.loop.active");
        if let Some(t) = h.terminator() {
            t.erase();
        }
        b.at_end(h).cond_br(active, rest, next);
        into_next.push((h, no));
        b.at_end(next);
        let goes_on = Val(unsafe { LLVMBuildPhi(raw, i1.0, cstr("warp.loop.goes_on").as_ptr()) });
        let pairs: Vec<(Val, Block)> = into_next.iter().map(|(u, v)| (*v, *u)).collect();
        goes_on.add_incoming(&pairs);
        let any_ty = m.fn_type(i1, &[i1]);
        let any_fn = m
            .function(ANY)
            .unwrap_or_else(|| m.add_function(ANY, any_ty));
        b.at_end(next);
        let any = b.call(any_ty, any_fn, &[goes_on]);
        b.cond_br(any, h, x);
        active.add_incoming(&[(yes, pre), (goes_on, next)]);

        // The header's phis: a lane that left (or sat this iteration out) keeps its value.
        let header_phis: Vec<Val> = h
            .instructions()
            .into_iter()
            .filter(|i| i.is_phi() && *i != active)
            .collect();
        for old in header_phis {
            let n = unsafe { LLVMCountIncoming(old.0) };
            let mut init = None;
            let mut back = None;
            for k in 0..n {
                let v = Val(unsafe { LLVMGetIncomingValue(old.0, k) });
                match old.incoming_block(k) {
                    f if f == pre => init = Some(v),
                    f if f == latch => back = Some(v),
                    _ => return Err("a loop header phi from an unexpected block".into()),
                }
            }
            let (Some(init), Some(back)) = (init, back) else {
                return Err("a loop header phi without its two values".into());
            };
            let carried = phi(h, old.ty(), "");
            let through = phi(next, old.ty(), "");
            let pairs: Vec<(Val, Block)> = into_next
                .iter()
                .map(|(u, _)| (if *u == latch { back } else { old }, *u))
                .collect();
            through.add_incoming(&pairs);
            old.replace_all_uses_with(carried);
            carried.add_incoming(&[(init, pre), (through, next)]);
            old.erase();
        }

        // The exit's phis: each lane's value from the iteration it left in.
        let exit_phis: Vec<Val> = x
            .instructions()
            .into_iter()
            .filter(|i| i.is_phi())
            .collect();
        for old in exit_phis {
            let n = unsafe { LLVMCountIncoming(old.0) };
            let from: HashMap<Block, Val> = (0..n)
                .map(|k| {
                    (
                        old.incoming_block(k),
                        Val(unsafe { LLVMGetIncomingValue(old.0, k) }),
                    )
                })
                .collect();
            let kept = phi(h, old.ty(), "");
            let out = phi(next, old.ty(), "");
            let pairs: Vec<(Val, Block)> = into_next
                .iter()
                .map(|(u, _)| (from.get(u).copied().unwrap_or(kept), *u))
                .collect();
            out.add_incoming(&pairs);
            kept.add_incoming(&[(Val::poison_of(old.ty()), pre), (out, next)]);
            old.replace_all_uses_with(out);
            old.erase();
        }

        // Values used after the loop: the same, for everything the body computes.
        let in_loop: HashSet<Block> = body.iter().copied().chain([h, next]).collect();
        for blk in &body {
            for v in blk.instructions() {
                if v.ty().is_void() {
                    continue;
                }
                let outside: Vec<Val> = v
                    .users()
                    .into_iter()
                    .filter(|u| !in_loop.contains(&u.parent_block()))
                    .collect();
                if outside.is_empty() {
                    continue;
                }
                let kept = phi(h, v.ty(), "");
                let out = phi(next, v.ty(), "");
                let pairs: Vec<(Val, Block)> = into_next
                    .iter()
                    .map(|(u, _)| (if dominates(*blk, *u) { v } else { kept }, *u))
                    .collect();
                out.add_incoming(&pairs);
                kept.add_incoming(&[(Val::poison_of(v.ty()), pre), (out, next)]);
                for user in outside {
                    user.replace_operand(v, out);
                }
            }
        }
        Ok(())
    }
}
