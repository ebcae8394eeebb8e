//! Work-item loops: the lock-step form.
//!
//! Each region becomes a `z, y, x` loop nest over the block's work-items; the `x` loop is marked
//! parallel so that LLVM vectorises it across work-items. Between regions, the barrier every
//! work-item reached (they must agree, else the launch fails as divergent) picks the next region.
use super::*;

/// A region's loop nest over the work-items.
pub(super) struct Nest {
    pub(super) head: Block,
    pub(super) done: Block,
    /// The branch into the region (values per work-item are placed before it).
    pub(super) begin_term: Val,
    /// Linear work-item index in the group.
    pub(super) wi: Val,
    pub(super) ids: [Val; 3],
    /// Lane in the warp.
    pub(super) lane: Val,
    /// The scheduled form's exchange: this lane's publish slot and the warp's lane array.
    pub(super) warp: Option<(Val, Val)>,
    /// The branch back of a lock-step nest's `x` loop, marked parallel once the region is bound.
    pub(super) latch: Option<Val>,
    /// Index of the loop's first work-item, in loops every work-item of their range runs.
    pub(super) first: Option<Val>,
    /// Where such a loop goes on to its next work-item (uniform slots are stored before it).
    pub(super) store_at: Option<Val>,
    /// A lock-step nest's `x < blockDim.x` test and its `x = 0` start, which
    /// [`KernelLowering::narrow_x`] may tighten.
    pub(super) x_test: Option<Val>,
    pub(super) x_start: Option<Val>,
}

impl KernelLowering {
    /// Every work-item runs region after region in lock step: one loop nest per region, then the
    /// barrier all work-items reached (they must agree) picks the next. Returns the first block.
    pub(super) fn build_lockstep(
        &self,
        u: &Uniforms,
        regions: &[Region],
        ret_id: u32,
        shared: &Shared,
        divergent: Block,
    ) -> Result<Built, CompileError> {
        let m = self.m;
        let b = &self.b;
        let i32t = m.i32();
        b.at_end(self.prologue);
        let track = ExitTrack {
            id: b.alloca(i32t, "exit.addr"),
            min: b.alloca(i32t, "reached.min.addr"),
            max: b.alloca(i32t, "reached.max.addr"),
            bit: b.alloca(i32t, "exit.bit.addr"),
            bits: b.alloca(i32t, "reached.bits.addr"),
        };
        let mut heads = Vec::new();
        let mut dones = Vec::new();
        let mut grid_sync = false;
        let context = shared.parallel_safe(&[]);
        for r in regions {
            let nest = self.build_nest(u, r, &track);
            let (gs, stores) = self.finish_region(u, r, &nest, shared)?;
            self.narrow_x(r, &nest, u);
            grid_sync |= gs;
            if let Some(latch) = nest.latch {
                self.mark_parallel(r, latch, &context, &stores);
            }
            heads.push(nest.head);
            dones.push(nest.done);
        }
        // Between regions: every work-item reached the same barrier (else the launch fails), which picks
        // the next region.
        let one_exit = |r: &Region| (r.exits.len() == 1).then(|| r.exits[0]);
        for (r, done) in regions.iter().zip(&dones) {
            b.at_end(*done);
            let target = |id: u32| {
                if id == ret_id {
                    self.exit
                } else {
                    heads[id as usize]
                }
            };
            if let Some(id) = one_exit(r) {
                b.br(target(id));
                continue;
            }
            let pick = m.append_block(self.wg, "region.pick");
            if one_hot(r) {
                // Exactly one bit: every work-item left by the same exit.
                let bits = b.load(i32t, track.bits, "reached.bits");
                let zero = m.const_int(i32t, 0);
                let rest = b.and(bits, b.sub(bits, m.const_int(i32t, 1)));
                let some = b.icmp(IntPredicate::LLVMIntNE, bits, zero);
                let single = b.and(some, b.icmp(IntPredicate::LLVMIntEQ, rest, zero));
                b.cond_br(single, pick, divergent);
                b.at_end(pick);
                let cases: Vec<(Val, Block)> = r
                    .exits
                    .iter()
                    .enumerate()
                    .map(|(k, &id)| (m.const_int(i32t, 1 << k), target(id)))
                    .collect();
                b.switch(bits, divergent, &cases);
                continue;
            }
            let lo = b.load(i32t, track.min, "reached.min");
            let hi = b.load(i32t, track.max, "reached.max");
            b.cond_br(b.icmp(IntPredicate::LLVMIntEQ, lo, hi), pick, divergent);
            b.at_end(pick);
            let cases: Vec<(Val, Block)> = r
                .exits
                .iter()
                .map(|&id| (m.const_int(i32t, id as u64), target(id)))
                .collect();
            b.switch(lo, divergent, &cases);
        }
        Ok((heads[0], grid_sync, heads, Vec::new()))
    }

    /// Wraps one region in its loop nest over the work-items (`z`, `y`, `x`; `x` innermost and unit-stride
    /// in the context arrays). The region's exits (barriers and returns) go to the nest's latch; where a
    /// region has more than one possible exit, the latch records which exits were reached.
    pub(super) fn build_nest(&self, u: &Uniforms, r: &Region, track: &ExitTrack) -> Nest {
        let m = self.m;
        let b = &self.b;
        let i32t = m.i32();
        let i64t = m.i64();
        let wg = self.wg;
        let tag = |s: &str| format!("r{}.{s}", r.id);
        b.at_end(self.prologue);
        let zvar = b.alloca(i32t, &tag("z.addr"));
        let yvar = b.alloca(i32t, &tag("y.addr"));
        let xvar = b.alloca(i32t, &tag("x.addr"));
        let head = m.append_block(wg, &tag("head"));
        let zh = m.append_block(wg, &tag("z.head"));
        let yi = m.append_block(wg, &tag("y.init"));
        let yh = m.append_block(wg, &tag("y.head"));
        let xi = m.append_block(wg, &tag("x.init"));
        let xh = m.append_block(wg, &tag("x.head"));
        let xb = m.append_block(wg, &tag("wi.begin"));
        let wl = m.append_block(wg, &tag("wi.latch"));
        let yl = m.append_block(wg, &tag("y.latch"));
        let zl = m.append_block(wg, &tag("z.latch"));
        let done = m.append_block(wg, &tag("done"));
        let zero = m.const_int(i32t, 0);
        let one = m.const_int(i32t, 1);
        let tracks_exit = r.exits.len() > 1;
        b.at_end(head);
        if tracks_exit && one_hot(r) {
            b.store(zero, track.bits);
        } else if tracks_exit {
            b.store(m.const_int(i32t, u32::MAX as u64), track.min);
            b.store(zero, track.max);
        }
        b.store(zero, zvar);
        b.br(zh);
        b.at_end(zh);
        let z = b.load(i32t, zvar, "z");
        b.cond_br(b.icmp(IntPredicate::LLVMIntULT, z, u.items[2]), yi, done);
        b.at_end(yi);
        b.store(zero, yvar);
        b.br(yh);
        b.at_end(yh);
        let y = b.load(i32t, yvar, "y");
        b.cond_br(b.icmp(IntPredicate::LLVMIntULT, y, u.items[1]), xi, zl);
        b.at_end(xi);
        let x_start = b.store(zero, xvar);
        b.br(xh);
        b.at_end(xh);
        let x = b.load(i32t, xvar, "x");
        let x_test = b.icmp(IntPredicate::LLVMIntULT, x, u.items[0]);
        b.cond_br(x_test, xb, yl);
        b.at_end(xb);
        let lx = b.load(i32t, xvar, "local.x");
        let ly = b.load(i32t, yvar, "local.y");
        let lz = b.load(i32t, zvar, "local.z");
        let wi = {
            let bx = b.zext(u.items[0], i64t);
            let by = b.zext(u.items[1], i64t);
            let row = b.add(b.mul(b.zext(lz, i64t), by), b.zext(ly, i64t));
            b.add(b.mul(row, bx), b.zext(lx, i64t))
        };
        let lane = b.trunc(b.urem(wi, b.zext(u.warp_size, i64t)), i32t);
        let first = m.const_int(i64t, 0);
        let begin_term = b.br(r.start);
        b.at_end(wl);
        if tracks_exit && one_hot(r) {
            let e = b.load(i32t, track.bit, "reached");
            let seen = b.load(i32t, track.bits, "");
            b.store(b.or(seen, e), track.bits);
        } else if tracks_exit {
            let e = b.load(i32t, track.id, "reached");
            let lo = b.load(i32t, track.min, "");
            let hi = b.load(i32t, track.max, "");
            b.store(
                b.select(b.icmp(IntPredicate::LLVMIntULT, e, lo), e, lo),
                track.min,
            );
            b.store(
                b.select(b.icmp(IntPredicate::LLVMIntUGT, e, hi), e, hi),
                track.max,
            );
        }
        let xv = b.load(i32t, xvar, "");
        b.store(b.nuw_add(xv, one), xvar);
        let x_latch = b.br(xh);
        b.at_end(yl);
        let yv = b.load(i32t, yvar, "");
        b.store(b.nuw_add(yv, one), yvar);
        b.br(yh);
        b.at_end(zl);
        let zv = b.load(i32t, zvar, "");
        b.store(b.nuw_add(zv, one), zvar);
        b.br(zh);
        // The region's exits: returns and barriers.
        for (blk, exit) in &r.exit_blocks {
            if let Some(t) = blk.terminator() {
                t.erase();
            }
            b.at_end(*blk);
            if tracks_exit && one_hot(r) {
                let k = r.exits.iter().position(|e| e == exit).unwrap_or(0);
                b.store(m.const_int(i32t, 1 << k), track.bit);
            } else if tracks_exit {
                b.store(m.const_int(i32t, *exit as u64), track.id);
            }
            b.br(wl);
        }
        Nest {
            head,
            done,
            begin_term,
            wi,
            ids: [lx, ly, lz],
            lane,
            warp: None,
            latch: Some(x_latch),
            first: Some(first),
            store_at: Some(x_latch),
            x_test: Some(x_test),
            x_start: Some(x_start),
        }
    }

    /// A region that begins with `if (threadIdx.x < k)` (or `<=`, `>`, `>=`, `==`), `k` the same
    /// for every work-item, and does nothing on the other side (a tree reduction's
    /// `if (t < s) a[t] += a[t + s]`, its `if (t == 0) out[b] = a[0]`), runs its `x` loop over
    /// just the work-items that pass: the others would only go to the region's one exit.
    pub(super) fn narrow_x(&self, r: &Region, nest: &Nest, u: &Uniforms) {
        use IntPredicate::*;
        let (Some(x_test), Some(latch), [_]) = (nest.x_test, nest.latch, r.exits.as_slice()) else {
            return;
        };
        let Some(term) = r.start.terminator() else {
            return;
        };
        let insts = r.start.instructions();
        let [cond, _] = insts[..] else { return };
        if term.num_successors() != 2 || term.operand(0) != cond || cond.users().len() != 1 {
            return;
        }
        let Some(pred) = cond.icmp_predicate() else {
            return;
        };
        let x = nest.ids[0];
        let (pred, k) = if cond.operand(0) == x {
            (pred, cond.operand(1))
        } else if cond.operand(1) == x {
            (swapped(pred), cond.operand(0))
        } else {
            return;
        };
        let uniform = k.is_constant_int()
            || k.is_argument()
            || (k.is_instruction() && k.parent_block() == self.prologue);
        if !uniform {
            return;
        }
        // Which side does nothing: it must only branch, block after block, to the loop's latch.
        let wl = latch.parent_block();
        let idle = |mut blk: Block| {
            for _ in 0..8 {
                if blk == wl {
                    return true;
                }
                match blk.instructions()[..] {
                    [br] if br.num_successors() == 1 => blk = br.successor(0),
                    _ => return false,
                }
            }
            false
        };
        // The test the work-items that do the work pass.
        let pred = if idle(term.successor(1)) {
            pred
        } else if idle(term.successor(0)) {
            inverse(pred)
        } else {
            return;
        };
        let b = &self.b;
        let Some(head_term) = nest.head.terminator() else {
            return;
        };
        b.before(head_term);
        let m = self.m;
        let i32t = m.i32();
        let (zero, one) = (m.const_int(i32t, 0), m.const_int(i32t, 1));
        let bdx = u.items[0];
        // The first x at or past k is min(bdx, k); the first past it min(bdx - 1, k) + 1 (no
        // wrap at k = UINT_MAX); both are bdx when k is out of the block.
        let at = || b.umin(bdx, k);
        let past = || b.nuw_add(b.umin(b.sub(bdx, one), k), one);
        // Signed: a negative k is below every x.
        let signed =
            |v: Val, if_negative: Val| b.select(b.icmp(LLVMIntSLT, k, zero), if_negative, v);
        let (lo, hi) = match pred {
            LLVMIntULT => (None, Some(at())),
            LLVMIntULE => (None, Some(past())),
            LLVMIntSLT => (None, Some(signed(at(), zero))),
            LLVMIntSLE => (None, Some(signed(past(), zero))),
            LLVMIntUGE => (Some(at()), None),
            LLVMIntUGT => (Some(past()), None),
            LLVMIntSGE => (Some(signed(at(), zero)), None),
            LLVMIntSGT => (Some(signed(past(), zero)), None),
            LLVMIntEQ => (Some(at()), Some(past())),
            _ => return,
        };
        if let (Some(lo), Some(start)) = (lo, nest.x_start) {
            start.set_operand(0, lo);
        }
        if let Some(hi) = hi {
            x_test.set_operand(1, hi);
        }
    }
}

/// Where a lock-step region's work-items record the exits they take.
pub(super) struct ExitTrack {
    /// The exit a work-item took, and the lowest and highest any took (more than 32 exits).
    id: Val,
    min: Val,
    max: Val,
    /// The exit a work-item took as one bit of the region's exits, and the union of those bits.
    /// An or over the work-items stays a reduction LLVM vectorizes whatever it folds; the min
    /// and max did not once a region loop was unswitched (`umin(e, 1)` became `e != 0`), which
    /// left every multi-exit region's work-item loop scalar: the tile loads of an SGEMM among them.
    bit: Val,
    bits: Val,
}

/// Whether the region's exits fit one bit each in a 32-bit mask (as wide as the usual values, so
/// the mask does not halve the vector width LLVM picks; a 64-bit one did).
fn one_hot(r: &Region) -> bool {
    r.exits.len() <= 32
}

/// The predicate with its operands swapped (`a < b` as `b > a`).
pub(super) fn swapped(p: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match p {
        LLVMIntULT => LLVMIntUGT,
        LLVMIntUGT => LLVMIntULT,
        LLVMIntULE => LLVMIntUGE,
        LLVMIntUGE => LLVMIntULE,
        LLVMIntSLT => LLVMIntSGT,
        LLVMIntSGT => LLVMIntSLT,
        LLVMIntSLE => LLVMIntSGE,
        LLVMIntSGE => LLVMIntSLE,
        other => other,
    }
}

/// The predicate that holds where `p` does not.
pub(super) fn inverse(p: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match p {
        LLVMIntEQ => LLVMIntNE,
        LLVMIntNE => LLVMIntEQ,
        LLVMIntULT => LLVMIntUGE,
        LLVMIntUGE => LLVMIntULT,
        LLVMIntULE => LLVMIntUGT,
        LLVMIntUGT => LLVMIntULE,
        LLVMIntSLT => LLVMIntSGE,
        LLVMIntSGE => LLVMIntSLT,
        LLVMIntSLE => LLVMIntSGT,
        LLVMIntSGT => LLVMIntSLE,
    }
}

impl KernelLowering {
    /// Work-items of one region are independent (HIP kernels synchronise only at barriers; atomics are never
    /// vectorised): the `x` loop is marked parallel over the region's memory accesses. Accesses to
    /// private memory shared by the iterations (allocas not promoted to registers) stay out of the group,
    /// which keeps LLVM from treating such a loop as parallel.
    pub(super) fn mark_parallel(
        &self,
        r: &Region,
        x_latch: Val,
        context_arrays: &[Val],
        extra: &[Val],
    ) {
        let group = crate::shim::new_access_group(self.m.ctx);
        for i in extra {
            crate::shim::set_access_group(*i, group);
        }
        for blk in &r.blocks {
            for i in blk.instructions() {
                let ptr = if i.is_load() {
                    Some(i.operand(0))
                } else if i.is_store() {
                    Some(i.operand(1))
                } else {
                    None
                };
                if let Some(p) = ptr {
                    if !based_on_alloca(p, context_arrays, 0) {
                        crate::shim::set_access_group(i, group);
                    }
                }
            }
        }
        crate::shim::mark_parallel_loop(x_latch, group);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("item_loops", |module, m| {
            lower_to(module, m, Stage::Lowered, None)
        });
    }
}
