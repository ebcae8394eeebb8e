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
    ) -> Result<(Block, bool), CompileError> {
        let m = self.m;
        let b = &self.b;
        let i32t = m.i32();
        b.at_end(self.prologue);
        let exit_id = b.alloca(i32t, "exit.addr");
        let reached_min = b.alloca(i32t, "reached.min.addr");
        let reached_max = b.alloca(i32t, "reached.max.addr");
        let mut heads = Vec::new();
        let mut dones = Vec::new();
        let mut grid_sync = false;
        let context = shared.parallel_safe(&[]);
        for r in regions {
            let nest = self.build_nest(u, r, exit_id, [reached_min, reached_max]);
            let (gs, stores) = self.finish_region(u, r, &nest, shared)?;
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
            let lo = b.load(i32t, reached_min, "reached.min");
            let hi = b.load(i32t, reached_max, "reached.max");
            let pick = m.append_block(self.wg, "region.pick");
            b.cond_br(b.icmp(IntPredicate::LLVMIntEQ, lo, hi), pick, divergent);
            b.at_end(pick);
            let cases: Vec<(Val, Block)> = r
                .exits
                .iter()
                .map(|&id| (m.const_int(i32t, id as u64), target(id)))
                .collect();
            b.switch(lo, divergent, &cases);
        }
        Ok((heads[0], grid_sync))
    }

    /// Wraps one region in its loop nest over the work-items (`z`, `y`, `x`; `x` innermost and unit-stride
    /// in the context arrays). The region's exits (barriers and returns) go to the nest's latch; where a
    /// region has more than one possible exit, the latch records the lowest and highest exit reached.
    pub(super) fn build_nest(
        &self,
        u: &Uniforms,
        r: &Region,
        exit_id: Val,
        reached: [Val; 2],
    ) -> Nest {
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
        if tracks_exit {
            b.store(m.const_int(i32t, u32::MAX as u64), reached[0]);
            b.store(zero, reached[1]);
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
        b.store(zero, xvar);
        b.br(xh);
        b.at_end(xh);
        let x = b.load(i32t, xvar, "x");
        b.cond_br(b.icmp(IntPredicate::LLVMIntULT, x, u.items[0]), xb, yl);
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
        if tracks_exit {
            let e = b.load(i32t, exit_id, "reached");
            let lo = b.load(i32t, reached[0], "");
            let hi = b.load(i32t, reached[1], "");
            b.store(
                b.select(b.icmp(IntPredicate::LLVMIntULT, e, lo), e, lo),
                reached[0],
            );
            b.store(
                b.select(b.icmp(IntPredicate::LLVMIntUGT, e, hi), e, hi),
                reached[1],
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
            if tracks_exit {
                b.store(m.const_int(i32t, *exit as u64), exit_id);
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
        }
    }

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
