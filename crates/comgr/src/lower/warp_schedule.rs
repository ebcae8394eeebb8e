//! Warp scheduling: the form of kernels whose lanes meet at warp exchanges, or whose work-items may
//! return before a barrier, and the per-launch choice of a warp-vectorized clone.
//!
//! In the scheduled form each work-item keeps the point it waits at; warps run one after another,
//! and within a warp the lanes at the lowest warp point exchange and run on. A kernel with a
//! warp-vectorized clone ([`crate::warp_vector`]) gets a dispatcher that runs the clone where its
//! assumptions hold and the work-item form elsewhere.
use super::*;

/// Point code of a region entered after a barrier (see [`KernelLowering::build_scheduled`]).
const BARRIER_BIT: u32 = 0x8000_0000;
/// Point code of a work-item that returned.
const PC_RETURNED: u32 = u32::MAX;

/// Lowers a kernel's warp-vectorized clone beside its work-item form, and makes the kernel's
/// work-group function choose between them per launch: the clone where its assumption holds (a
/// one-dimensional block, or an x extent that is a multiple of the warp size, at the warp size it
/// was built for), the work-item form otherwise. A clone the lowering cannot take is dropped, and
/// the work-item form runs every launch: then this gives why, else the clone's regions.
pub(super) fn lower_warp_version(
    m: Module,
    v: &crate::warp_vector::WarpVersion,
    width: u32,
    ctx_slot: Option<Val>,
    meta: &KernelMeta,
    layout: Vec<(Val, u64)>,
) -> Result<Result<RegionEntries, String>, CompileError> {
    let Some(clone) = m.function(&v.clone) else {
        return Ok(Err("the clone vanished".into()));
    };
    let lowering = KernelLowering::new(m, clone, &v.clone, ctx_slot, Some((width, layout)))?;
    let wg_vec = lowering.wg;
    let lowered = match lowering.run() {
        Ok((vmeta, _, regions))
            if vmeta.barriers == meta.barriers
                && vmeta.grid_sync == meta.grid_sync
                && vmeta.dynamic_local_offset == meta.dynamic_local_offset =>
        {
            Ok(regions)
        }
        Ok(_) => Err("its barriers or local memory differ from the work-item form's".into()),
        Err(e) => Err(e.to_string()),
    };
    let (wg_items, regions) = match (m.function(&meta.symbol), lowered) {
        (Some(f), Ok(regions)) => (f, regions),
        (None, Ok(_)) => {
            wg_vec.delete_function();
            return Ok(Err("the work-item form vanished".into()));
        }
        (_, Err(why)) => {
            wg_vec.delete_function();
            return Ok(Err(why));
        }
    };
    wg_items.set_name(&super::items_symbol(&v.kernel));
    wg_items.set_linkage(ir::linkage_internal());
    wg_vec.set_linkage(ir::linkage_internal());
    let i32t = m.i32();
    let fn_ty = m.fn_type(i32t, &[m.ptr(0), m.ptr(0)]);
    let wg = m.add_function(&meta.symbol, fn_ty);
    let b = m.builder();
    let entry = m.append_block(wg, "entry");
    let warp = m.append_block(wg, "warps");
    let items = m.append_block(wg, "work_items");
    b.at_end(entry);
    let (kernargs, ctx) = (wg.params()[0], wg.params()[1]);
    let field = |off: u64| {
        let p = b.gep(m.i8(), ctx, &[m.const_int(m.i64(), off)]);
        b.load(i32t, p, "")
    };
    let eq = |a: Val, c: Val| b.icmp(IntPredicate::LLVMIntEQ, a, c);
    let c32 = |v: u64| m.const_int(i32t, v);
    let bx = field(ctx_offsets::BLOCK_DIM);
    let by = field(ctx_offsets::BLOCK_DIM + 4);
    let bz = field(ctx_offsets::BLOCK_DIM + 8);
    let ws = field(ctx_offsets::WARP_SIZE);
    let one_d = b.and(eq(by, c32(1)), eq(bz, c32(1)));
    let rows = eq(b.urem(bx, c32(width as u64)), c32(0));
    let fits = b.and(b.or(one_d, rows), eq(ws, c32(width as u64)));
    b.cond_br(fits, warp, items);
    for (blk, f) in [(warp, wg_vec), (items, wg_items)] {
        b.at_end(blk);
        let r = b.call(fn_ty, f, &[kernargs, ctx]);
        b.ret(r);
    }
    Ok(Ok(regions))
}

impl KernelLowering {
    /// The scheduled form: each work-item keeps the point it waits at (`pc`, one per work-item),
    /// and the group runs warp by warp. Within a warp, the lanes waiting at the lowest warp point
    /// exchange their values (their mask is the active set) and run on to their next point; a warp
    /// is done for now when all its lanes wait at a barrier or have returned. Once every warp is,
    /// the work-items still running must all wait at the same barrier (else the launch fails as
    /// divergent), which releases them. Work-items that returned early simply take no more part.
    ///
    /// Each region has two loops over a warp's lanes: the *converged* one, taken while every lane
    /// of the warp waits at the same point (no per-lane check, marked parallel so that it
    /// vectorises like the lock-step nests), and the *diverged* one, which runs only the lanes
    /// waiting at the current point.
    ///
    /// Point codes: region `k` after a barrier is `k | BARRIER_BIT`, after a warp point `k`;
    /// [`PC_RETURNED`] once returned. The lowest code among the lanes of a warp is thus always a
    /// warp point while any lane waits at one.
    #[allow(clippy::too_many_arguments)] // Reason: a private step of `run`, called once.
    pub(super) fn build_scheduled(
        &self,
        u: &Uniforms,
        regions: &[Region],
        kinds: &[CutKind],
        total: Val,
        shared: &Shared,
        divergent: Block,
    ) -> Result<Built, CompileError> {
        let m = self.m;
        let b = &self.b;
        let wg = self.wg;
        let i8t = m.i8();
        let i32t = m.i32();
        let i64t = m.i64();
        let ret_id = kinds.len() as u32 + 1;
        let code = |id: u32| -> u64 {
            if id == ret_id {
                PC_RETURNED as u64
            } else if id == 0 || kinds[id as usize - 1] == CutKind::Block {
                (id | BARRIER_BIT) as u64
            } else {
                id as u64
            }
        };
        let c8 = |v: u64| m.const_int(i8t, v);
        let c32 = |v: u64| m.const_int(i32t, v);
        let c64 = |v: u64| m.const_int(i64t, v);
        let eq = |a: Val, c: Val| b.icmp(IntPredicate::LLVMIntEQ, a, c);
        let ult = |a: Val, c: Val| b.icmp(IntPredicate::LLVMIntULT, a, c);
        let has_warp = kinds.iter().any(|k| k.is_warp());

        b.at_end(self.prologue);
        let ws = b.zext(u.warp_size, i64t);
        let nwarps = b.udiv(b.add(total, b.sub(ws, c64(1))), ws);
        let pcs = b.array_alloca(i32t, total, "pc.ctx");
        let inbuf = b.array_alloca(i64t, b.mul(nwarps, ws), "warp.in");
        // One lane array per warp point (indexed by its code): code after a point may read its
        // lanes after the warp met at later points (clang sinks such reads past a branch's join,
        // where the reconvergence pass puts a sync point), so no point overwrites another's.
        let lanes_len = b.add(ws, c64(1));
        let outbuf = b.array_alloca(
            i64t,
            b.mul(lanes_len, c64(kinds.len() as u64 + 1)),
            "warp.out",
        );
        let lanes_of = |id: u32| b.gep(i64t, outbuf, &[b.mul(lanes_len, c64(u64::from(id)))]);
        let region_lanes: Vec<Val> = regions.iter().map(|r| lanes_of(r.id)).collect();
        // Work-item ids by linear index (filled for 2-D and 3-D blocks; a 1-D block's id is the
        // index itself).
        let id_arrays = [0, 1, 2].map(|d| b.array_alloca(i32t, total, &format!("id.{d}.ctx")));
        let conv_of = b.array_alloca(i8t, nwarps, "warp.converged.ctx");
        let lvar = b.alloca(i64t, "lane.addr");
        let xvar = b.alloca(i32t, "x.addr");
        let yvar = b.alloca(i32t, "y.addr");
        let zvar = b.alloca(i32t, "z.addr");
        let wvar = b.alloca(i64t, "warp.addr");
        let cur = b.alloca(i32t, "pc.cur.addr");
        let blk_cur = b.alloca(i32t, "pc.block.addr");
        let wmin = b.alloca(i32t, "pc.warp.min.addr");
        let wmax = b.alloca(i32t, "pc.warp.max.addr");
        let any_ret = b.alloca(i8t, "pc.warp.returned.addr");
        let conv = b.alloca(i8t, "warp.converged.addr");
        let bmin = b.alloca(i32t, "pc.block.min.addr");
        let bmax = b.alloca(i32t, "pc.block.max.addr");
        let mask = b.alloca(i64t, "warp.mask.addr");
        let exit_code = b.alloca(i32t, "exit.code.addr");
        let is_1d = b.and(
            b.zext(eq(u.items[1], c32(1)), i32t),
            b.zext(eq(u.items[2], c32(1)), i32t),
        );
        let is_1d = eq(is_1d, c32(1));

        // The current warp's work-items: [lstart, lend).
        let warp_range = || {
            let w = b.load(i64t, wvar, "warp");
            let lstart = b.mul(w, ws);
            (lstart, b.umin(b.add(lstart, ws), total))
        };
        let blk = |name: &str| m.append_block(wg, &format!("sched.{name}"));
        let init = blk("init");
        let init_h = blk("init.head");
        let init_b = blk("init.body");
        let ids_check = blk("ids.check");
        let ids_h = blk("ids.head");
        let ids_b = blk("ids.body");
        let warps_init = blk("warps.init");
        let warps_h = blk("warps.head");
        let warps_b = blk("warps.body");
        let blk_start = blk("block.start");
        let blk_head = blk("block.head");
        let warp_head = blk("warp.head");
        let warp_begin = blk("warp.begin");
        let dispatch = blk("dispatch");
        let after_run = blk("after");
        let park = blk("park");
        let park_ok = blk("park.ok");
        let blk_done = blk("block.done");
        let blk_check = blk("block.check");
        let blk_next = blk("block.next");

        // Every work-item starts at region 0 (as after a barrier); every warp is converged.
        b.at_end(init);
        b.store(c64(0), lvar);
        b.br(init_h);
        b.at_end(init_h);
        let l = b.load(i64t, lvar, "l");
        b.cond_br(ult(l, total), init_b, ids_check);
        b.at_end(init_b);
        b.store(c32(code(0)), b.gep(i32t, pcs, &[l]));
        b.store(b.nuw_add(l, c64(1)), lvar);
        b.br(init_h);
        b.at_end(ids_check);
        b.store(c64(0), lvar);
        b.store(c32(0), xvar);
        b.store(c32(0), yvar);
        b.store(c32(0), zvar);
        b.cond_br(is_1d, warps_init, ids_h);
        b.at_end(ids_h);
        let l = b.load(i64t, lvar, "l");
        b.cond_br(ult(l, total), ids_b, warps_init);
        b.at_end(ids_b);
        let x = b.load(i32t, xvar, "");
        let y = b.load(i32t, yvar, "");
        let z = b.load(i32t, zvar, "");
        for (arr, v) in id_arrays.iter().zip([x, y, z]) {
            b.store(v, b.gep(i32t, *arr, &[l]));
        }
        let x1 = b.nuw_add(x, c32(1));
        let wrap_x = eq(x1, u.items[0]);
        b.store(b.select(wrap_x, c32(0), x1), xvar);
        let y1 = b.add(y, b.zext(wrap_x, i32t));
        let wrap_y = eq(y1, u.items[1]);
        b.store(b.select(wrap_y, c32(0), y1), yvar);
        b.store(b.add(z, b.zext(wrap_y, i32t)), zvar);
        b.store(b.nuw_add(l, c64(1)), lvar);
        b.br(ids_h);
        b.at_end(warps_init);
        b.store(c64(0), wvar);
        b.br(warps_h);
        b.at_end(warps_h);
        let w = b.load(i64t, wvar, "warp");
        b.cond_br(ult(w, nwarps), warps_b, blk_start);
        b.at_end(warps_b);
        b.store(c8(1), b.gep(i8t, conv_of, &[w]));
        b.store(b.nuw_add(w, c64(1)), wvar);
        b.br(warps_h);
        b.at_end(blk_start);
        b.store(c32(code(0)), blk_cur);
        b.br(blk_head);

        b.at_end(blk_head);
        b.store(c64(0), wvar);
        b.store(c32(PC_RETURNED as u64), bmin);
        b.store(c32(0), bmax);
        b.br(warp_head);
        b.at_end(warp_head);
        let w = b.load(i64t, wvar, "warp");
        b.cond_br(ult(w, nwarps), warp_begin, blk_done);
        b.at_end(warp_begin);
        b.store(b.load(i32t, blk_cur, ""), cur);
        b.store(b.load(i8t, b.gep(i8t, conv_of, &[w]), ""), conv);
        b.br(dispatch);

        // Work-item ids of linear index `l`.
        let ids_of = |l: Val| -> [Val; 3] {
            let l32 = b.trunc(l, i32t);
            [0usize, 1, 2].map(|d| {
                let stored = b.load(i32t, b.gep(i32t, id_arrays[d], &[l]), "");
                let flat = if d == 0 { l32 } else { c32(0) };
                b.select(is_1d, flat, stored)
            })
        };
        // Folds a lane's point into the warp's lowest, highest (returned left out) and returned.
        let fold = |pc: Val| {
            let returned = eq(pc, c32(PC_RETURNED as u64));
            b.store(b.umin(b.load(i32t, wmin, ""), pc), wmin);
            let hi = b.select(returned, c32(0), pc);
            b.store(b.umax(b.load(i32t, wmax, ""), hi), wmax);
            b.store(
                b.or(b.load(i8t, any_ret, ""), b.zext(returned, i8t)),
                any_ret,
            );
        };
        let mut extra = vec![pcs, inbuf, outbuf];
        extra.extend(id_arrays);
        let context = shared.parallel_safe(&extra);

        let mut grid_sync = false;
        let mut selects = Vec::new();
        for (ri, r) in regions.iter().enumerate() {
            let tag = |s: &str| format!("r{}.{s}", r.id);
            // The work-item form of a warp-vectorized kernel runs only the launches the clone
            // cannot: the lane-by-lane loop alone serves them, at half the code.
            let rc = (!self.lean).then(|| r.cloned(self.wg, ".conv"));
            let sel = m.append_block(wg, &tag("select"));
            b.at_end(sel);
            let conv_head = rc.as_ref().map(|_| m.append_block(wg, &tag("conv.head")));
            let head = m.append_block(wg, &tag("head"));
            match conv_head {
                Some(conv_head) => b.cond_br(
                    b.icmp(IntPredicate::LLVMIntNE, b.load(i8t, conv, ""), c8(0)),
                    conv_head,
                    head,
                ),
                None => b.br(head),
            };
            selects.push(sel);

            // Diverged: only the lanes waiting at `cur`.
            let lh = m.append_block(wg, &tag("lane.head"));
            let lb = m.append_block(wg, &tag("lane.body"));
            let wb = m.append_block(wg, &tag("wi.begin"));
            let ll = m.append_block(wg, &tag("lane.latch"));
            b.at_end(head);
            let (lstart, lend) = warp_range();
            b.store(lstart, lvar);
            b.br(lh);
            b.at_end(lh);
            let l = b.load(i64t, lvar, "l");
            b.cond_br(ult(l, lend), lb, after_run);
            b.at_end(lb);
            let pc_slot = b.gep(i32t, pcs, &[l]);
            let pc = b.load(i32t, pc_slot, "pc");
            let now = b.load(i32t, cur, "pc.cur");
            b.cond_br(eq(pc, now), wb, ll);
            b.at_end(wb);
            let ids = ids_of(l);
            let lane = b.trunc(b.sub(l, lstart), i32t);
            let in_slot = b.gep(i64t, inbuf, &[l]);
            let begin_term = b.br(r.start);
            for (eb, exit) in &r.exit_blocks {
                if let Some(t) = eb.terminator() {
                    t.erase();
                }
                b.at_end(*eb);
                b.store(c32(code(*exit)), pc_slot);
                b.br(ll);
            }
            b.at_end(ll);
            fold(b.load(i32t, pc_slot, "pc.now"));
            b.store(b.nuw_add(l, c64(1)), lvar);
            crate::shim::no_runtime_unroll(b.br(lh));
            let nest = Nest {
                head,
                done: after_run,
                begin_term,
                wi: l,
                ids,
                lane,
                warp: has_warp.then_some((in_slot, region_lanes[ri])),
                latch: None,
                first: None,
                store_at: None,
                x_test: None,
                x_start: None,
            };
            grid_sync |= self.finish_region(u, r, &nest, shared)?.0;

            let (Some(rc), Some(conv_head)) = (rc, conv_head) else {
                continue;
            };
            // Converged: every lane of the warp, in lock step.
            let ch = m.append_block(wg, &tag("conv.lane.head"));
            let cb = m.append_block(wg, &tag("conv.wi.begin"));
            let cl = m.append_block(wg, &tag("conv.lane.latch"));
            b.at_end(conv_head);
            let (lstart, lend) = warp_range();
            b.store(lstart, lvar);
            b.br(ch);
            b.at_end(ch);
            let l = b.load(i64t, lvar, "l");
            b.cond_br(ult(l, lend), cb, after_run);
            b.at_end(cb);
            let ids = ids_of(l);
            let lane = b.trunc(b.sub(l, lstart), i32t);
            let in_slot = b.gep(i64t, inbuf, &[l]);
            let first = lstart;
            let begin_term = b.br(rc.start);
            for (eb, exit) in &rc.exit_blocks {
                if let Some(t) = eb.terminator() {
                    t.erase();
                }
                b.at_end(*eb);
                b.store(c32(code(*exit)), exit_code);
                b.br(cl);
            }
            b.at_end(cl);
            let e = b.load(i32t, exit_code, "pc.now");
            b.store(e, b.gep(i32t, pcs, &[l]));
            fold(e);
            b.store(b.nuw_add(l, c64(1)), lvar);
            let latch = b.br(ch);
            let nest = Nest {
                head: conv_head,
                done: after_run,
                begin_term,
                wi: l,
                ids,
                lane,
                warp: has_warp.then_some((in_slot, region_lanes[ri])),
                latch: None,
                first: Some(first),
                store_at: Some(latch),
                x_test: None,
                x_start: None,
            };
            let (gs, mut own) = self.finish_region(u, &rc, &nest, shared)?;
            grid_sync |= gs;
            // The loop's own accesses outside the region: the id arrays, the point store, the
            // uniform slots' stores.
            for blk in [cb, cl] {
                own.extend(
                    blk.instructions()
                        .into_iter()
                        .filter(|i| i.is_load() || i.is_store()),
                );
            }
            self.mark_parallel(&rc, latch, &context, &own);
        }
        b.at_end(dispatch);
        b.store(c32(PC_RETURNED as u64), wmin);
        b.store(c32(0), wmax);
        b.store(c8(0), any_ret);
        let now = b.load(i32t, cur, "pc.cur");
        let region = b.and(now, c32((!BARRIER_BIT) as u64));
        let cases: Vec<(Val, Block)> = selects
            .iter()
            .enumerate()
            .map(|(k, h)| (c32(k as u64), *h))
            .collect();
        b.switch(region, divergent, &cases);

        // After a run: the warp is converged when all its lanes wait at one point. Lanes waiting
        // at a warp point exchange; else the warp is parked.
        b.at_end(after_run);
        let lo = b.load(i32t, wmin, "pc.warp.min");
        let hi = b.load(i32t, wmax, "pc.warp.max");
        let returned = b.load(i8t, any_ret, "pc.warp.returned");
        let none_returned = eq(returned, c8(0));
        let same = b.and(b.zext(eq(lo, hi), i8t), b.zext(none_returned, i8t));
        b.store(same, conv);
        if has_warp {
            let step = blk("step");
            let step_h = blk("step.head");
            let step_b = blk("step.body");
            let step_copy = blk("step.copy");
            let step_next = blk("step.next");
            let step_done = blk("step.done");
            let all_h = blk("step.all.head");
            let all_b = blk("step.all.body");
            let all_done = blk("step.all.done");
            b.cond_br(ult(lo, c32(BARRIER_BIT as u64)), step, park);
            // At a sync point the lanes meet and the lane array stays as it was.
            let syncs: Vec<u64> = kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| **k == CutKind::WarpSync)
                .map(|(k, _)| code(k as u32 + 1))
                .collect();
            if !syncs.is_empty() {
                b.at_end(step);
                let copy = blk("step.copy.start");
                let step_sync = blk("step.sync");
                let syncs: Vec<(Val, Block)> = syncs.iter().map(|&c| (c32(c), step_sync)).collect();
                b.switch(lo, copy, &syncs);
                b.at_end(step_sync);
                b.store(lo, cur);
                b.br(dispatch);
                b.at_end(copy);
            } else {
                b.at_end(step);
            }
            // The lane array of the point the lanes meet at.
            let dst = b.gep(i64t, outbuf, &[b.mul(lanes_len, b.zext(lo, i64t))]);
            let (lstart, lend) = warp_range();
            b.store(lstart, lvar);
            b.store(c64(0), mask);
            b.cond_br(eq(same, c8(1)), all_h, step_h);
            // Every lane takes part: a plain copy.
            b.at_end(all_h);
            let l = b.load(i64t, lvar, "l");
            b.cond_br(ult(l, lend), all_b, all_done);
            b.at_end(all_b);
            let v = b.load(i64t, b.gep(i64t, inbuf, &[l]), "published");
            b.store(v, b.gep(i64t, dst, &[b.sub(l, lstart)]));
            b.store(b.nuw_add(l, c64(1)), lvar);
            b.br(all_h);
            b.at_end(all_done);
            let n = b.sub(lend, lstart);
            let full = b.sub(b.shl(c64(1), b.sub(n, c64(1))), c64(1));
            let full = b.or(full, b.shl(c64(1), b.sub(n, c64(1))));
            b.store(full, mask);
            b.br(step_done);
            // Only the lanes at the lowest warp point.
            b.at_end(step_h);
            let l = b.load(i64t, lvar, "l");
            b.cond_br(ult(l, lend), step_b, step_done);
            b.at_end(step_b);
            let pc = b.load(i32t, b.gep(i32t, pcs, &[l]), "pc");
            b.cond_br(eq(pc, lo), step_copy, step_next);
            b.at_end(step_copy);
            let lane = b.sub(l, lstart);
            let v = b.load(i64t, b.gep(i64t, inbuf, &[l]), "published");
            b.store(v, b.gep(i64t, dst, &[lane]));
            let bit = b.shl(c64(1), lane);
            b.store(b.or(b.load(i64t, mask, ""), bit), mask);
            b.br(step_next);
            b.at_end(step_next);
            b.store(b.nuw_add(l, c64(1)), lvar);
            b.br(step_h);
            b.at_end(step_done);
            b.store(b.load(i64t, mask, "mask"), b.gep(i64t, dst, &[ws]));
            b.store(lo, cur);
            b.br(dispatch);
        } else {
            b.br(park);
        }
        // Parked: the warp's running lanes all wait at one barrier (or all returned); with no lane
        // returned, the warp runs converged once released.
        b.at_end(park);
        let all_returned = eq(lo, c32(PC_RETURNED as u64));
        b.cond_br(b.or(all_returned, eq(lo, hi)), park_ok, divergent);
        b.at_end(park_ok);
        b.store(b.umin(b.load(i32t, bmin, ""), lo), bmin);
        let bh = b.load(i32t, bmax, "");
        b.store(b.select(all_returned, bh, b.umax(bh, hi)), bmax);
        let w = b.load(i64t, wvar, "");
        b.store(b.zext(none_returned, i8t), b.gep(i8t, conv_of, &[w]));
        b.store(b.nuw_add(w, c64(1)), wvar);
        b.br(warp_head);
        // Every warp parked: release the barrier they agree on, or finish.
        b.at_end(blk_done);
        let lo = b.load(i32t, bmin, "pc.block.min");
        b.cond_br(eq(lo, c32(PC_RETURNED as u64)), self.exit, blk_check);
        b.at_end(blk_check);
        let hi = b.load(i32t, bmax, "pc.block.max");
        b.cond_br(eq(lo, hi), blk_next, divergent);
        b.at_end(blk_next);
        b.store(lo, blk_cur);
        b.br(blk_head);
        Ok((init, grid_sync, selects, vec![after_run]))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        // Cases named `vector_*` also get the warp vectorizer's clone, at width 32.
        golden("warp_schedule", |module, m| {
            let vector = module.get_name().to_bytes().starts_with(b"vector_");
            lower_to(module, m, Stage::Lowered, vector.then_some(32))
        });
    }

    /// Lowers kernel `k` (a lane exchange) with the stand-in clone `k.stand_in`, which has
    /// `clone_barrier` after the exchange, in a module built lean or not. Gives the lowered
    /// module's text and the clones the lowering dropped.
    fn lower_with_stand_in(clone_barrier: &str, lean: bool) -> (String, Vec<(String, String)>) {
        let body = |name: &str, barrier: &str| {
            format!(
                "define spir_kernel void @{name}(ptr addrspace(1) %out) {{
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %lane = call i32 @__ferrocm_lane_id()
  %v = zext i32 %t to i64
  %lanes = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %v)
  {barrier}
  %src = xor i32 %lane, 1
  %src64 = zext i32 %src to i64
  %p = getelementptr inbounds i64, ptr addrspace(4) %lanes, i64 %src64
  %w = load i64, ptr addrspace(4) %p, align 8
  %o = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %v
  store i64 %w, ptr addrspace(1) %o, align 8
  ret void
}}
"
            )
        };
        let ir = format!(
            "target triple = \"x86_64-unknown-linux-gnu\"
{}{}
declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_lane_id()
declare ptr addrspace(4) @__ferrocm_warp_exchange(i64)
declare void @__ferrocm_barrier()
",
            body("k", ""),
            body("k.stand_in", clone_barrier)
        );
        let ctx = inkwell::context::Context::create();
        let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(
            ir.as_bytes(),
            "test",
        );
        let module = ctx.create_module_from_ir(buf).expect("valid IR");
        let m = crate::ir::Module {
            m: module.as_mut_ptr(),
            ctx: ctx.raw(),
        };
        let mut prepared = super::super::prepare(m).expect("prepared");
        prepared.kernels.retain(|k| k == "k");
        prepared.warp_versions = vec![crate::warp_vector::WarpVersion {
            kernel: "k".into(),
            clone: "k.stand_in".into(),
        }];
        prepared.warp_width = 32;
        prepared.lean = lean;
        super::super::split_barriers(m, &prepared);
        let tm = crate::codegen::host_machine(inkwell::OptimizationLevel::None).expect("host");
        crate::codegen::run_passes(&module, "function(reg2mem)", &tm).expect("reg2mem");
        let lowered = super::super::lower_kernels(m, &prepared).expect("lowered");
        module.verify().expect("the lowered module verifies");
        for gone in ["k.__ferrocm_whole", "k"] {
            assert!(m.function(gone).is_none(), "{gone} is left");
        }
        (module.print_to_string().to_string(), lowered.dropped)
    }

    /// The definition of function `name` in module text `text`, with its attribute group's
    /// contents in place of the `#N` reference.
    fn definition_with_attributes<'a>(text: &'a str, name: &str) -> Option<(&'a str, &'a str)> {
        let def = text
            .split("\ndefine ")
            .find(|f| f.contains(&format!("@{name}(")))?;
        let header = def.lines().next()?;
        let group = header.rsplit('#').next()?.trim_end_matches(" {").trim();
        let attrs = text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("attributes #{group} = ")))
            .unwrap_or("");
        Some((def, attrs))
    }

    /// A clone the lowering drops leaves the kernel its whole work-item form, lock-step copies
    /// included, since that form now runs every launch.
    #[test]
    fn a_dropped_clone_leaves_the_whole_work_item_form() {
        // The stand-in clone has a barrier the kernel lacks, which the lowering refuses.
        let (text, dropped) = lower_with_stand_in("call void @__ferrocm_barrier()", true);
        assert_eq!(dropped.len(), 1, "{dropped:?}");
        assert!(dropped[0].1.contains("barriers"), "{dropped:?}");
        let (wg, attrs) =
            definition_with_attributes(&text, "__ferrocm_wg_k").expect("the work-group function");
        assert!(wg.contains("r0.conv.head:"), "{wg}");
        assert!(!attrs.contains("optsize"), "{attrs}");
        assert!(definition_with_attributes(&text, "__ferrocm_wg_k.items").is_none());
    }

    /// A lean work-item form beside a kept clone is optimized for size; in a module that is not
    /// lean it is not.
    #[test]
    fn a_lean_work_item_form_is_optimized_for_size() {
        for lean in [true, false] {
            let (text, dropped) = lower_with_stand_in("", lean);
            assert!(dropped.is_empty(), "{dropped:?}");
            let (items, attrs) = definition_with_attributes(&text, "__ferrocm_wg_k.items")
                .expect("the work-item form");
            assert_eq!(attrs.contains("optsize"), lean, "lean {lean}: {attrs}");
            assert_eq!(!items.contains(".conv.head:"), lean, "lean {lean}: {items}");
        }
    }
}
