//! Region formation: where a kernel's parallel regions begin and end.
//!
//! [`split_barriers`] runs on the inlined kernel: each warp exchange becomes publish, warp point and
//! result, and every cut (a `__syncthreads` barrier or a warp point) becomes the last instruction
//! of its block. After the kernel moves into its work-group function, [`KernelLowering::take_cuts`]
//! removes the cuts, [`RegionPlan`] finds what each region reaches without crossing one, and
//! [`KernelLowering::form_regions`] gives each region its own copy of those blocks.
use super::*;
use std::collections::HashSet;

/// One parallel region: the blocks from its start to the next barriers or returns.
pub(super) struct Region {
    pub(super) id: u32,
    pub(super) start: Block,
    pub(super) blocks: Vec<Block>,
    /// Blocks that end the region, with the exit each takes: barrier k (1-based) or the return id.
    pub(super) exit_blocks: Vec<(Block, u32)>,
    /// The distinct exits, sorted.
    pub(super) exits: Vec<u32>,
}

impl Region {
    /// `originals` are the region's blocks before cloning, `mapping` original → clone (empty: no clone).
    pub(super) fn new(
        id: u32,
        start: Block,
        blocks: Vec<Block>,
        originals: &[Block],
        mapping: &HashMap<Block, Block>,
        barrier_of: &HashMap<Block, u32>,
    ) -> Region {
        let ret_id = barrier_of.len() as u32 + 1;
        let mut exit_blocks = Vec::new();
        for orig in originals {
            let blk = mapping.get(orig).copied().unwrap_or(*orig);
            if let Some(&k) = barrier_of.get(orig) {
                exit_blocks.push((blk, k));
            } else if blk.terminator().is_some_and(|t| t.is_return()) {
                exit_blocks.push((blk, ret_id));
            }
        }
        let mut exits: Vec<u32> = exit_blocks.iter().map(|(_, e)| *e).collect();
        exits.sort_unstable();
        exits.dedup();
        Region {
            id,
            start,
            blocks,
            exit_blocks,
            exits,
        }
    }
}

impl Region {
    /// A second copy of the region's blocks (for another loop around the same code).
    pub(super) fn cloned(&self, func: Val, suffix: &str) -> Region {
        let clones = crate::shim::clone_blocks(&self.blocks, func, suffix);
        let map: HashMap<Block, Block> = self
            .blocks
            .iter()
            .copied()
            .zip(clones.iter().copied())
            .collect();
        let get = |b: &Block| map.get(b).copied().unwrap_or(*b);
        Region {
            id: self.id,
            start: get(&self.start),
            exit_blocks: self.exit_blocks.iter().map(|(b, e)| (get(b), *e)).collect(),
            exits: self.exits.clone(),
            blocks: clones,
        }
    }
}

/// Blocks reachable from `start` without crossing a barrier (barrier blocks are included, their
/// successor is not), nor entering `stop`.
fn reachable_within_region(
    start: Block,
    barrier_of: &HashMap<Block, u32>,
    stop: Option<Block>,
) -> Vec<Block> {
    let mut seen = vec![start];
    let mut stack = vec![start];
    while let Some(b) = stack.pop() {
        if barrier_of.contains_key(&b) {
            continue;
        }
        for s in b.successors() {
            if Some(s) != stop && !seen.contains(&s) {
                seen.push(s);
                stack.push(s);
            }
        }
    }
    seen
}

/// Whether, from `from`, the kernel can reach both a return and a cut without crossing a cut: a
/// branch there on a per-work-item value lets some work-items return while others wait.
pub(super) fn reaches_return_and_cut(from: Block, barrier_of: &HashMap<Block, u32>) -> bool {
    let blocks = reachable_within_region(from, barrier_of, None);
    let cut = blocks.iter().any(|b| barrier_of.contains_key(b));
    let ret = blocks
        .iter()
        .any(|b| !barrier_of.contains_key(b) && b.terminator().is_some_and(|t| t.is_return()));
    cut && ret
}

/// Whether the work-items that part at `d`'s branch all meet again at its post-dominator
/// `join` before any of them reaches a cut: then none waits at a barrier while another has
/// left (`p = i < n ? in[i] : 0` ahead of a loop with barriers), and the lock-step form is
/// right. With no post-dominator (several returns), they may not meet.
pub(super) fn reconverges_before_cut(
    d: Block,
    join: Option<Block>,
    barrier_of: &HashMap<Block, u32>,
) -> bool {
    join.is_some_and(|j| {
        !reachable_within_region(d, barrier_of, Some(j))
            .iter()
            .any(|b| barrier_of.contains_key(b))
    })
}

/// Where lanes of a warp meet: left by [`split_barriers`] at each warp exchange.
const WARP_POINT: &str = "__ferrocm_warp_point";
/// Where lanes of a warp meet and exchange nothing: an exchange whose result no one reads (a wave
/// barrier, or one the lockstep and reconvergence passes put in).
const WARP_SYNC_POINT: &str = "__ferrocm_warp_sync_point";
/// A lane's value for the exchange: stored to the lane's slot before the warp point.
pub(super) const WARP_PUBLISH: &str = "__ferrocm_warp_publish";
/// The warp's lane array after the exchange.
pub(super) const WARP_RESULT: &str = "__ferrocm_warp_result";
pub(super) const WARP_EXCHANGE: &str = "__ferrocm_warp_exchange";

/// The kinds of points that end a parallel region.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum CutKind {
    /// `__syncthreads`: every work-item of the group.
    Block,
    /// A warp exchange: the lanes of one warp that reach it together.
    Warp,
    /// A wave barrier: the lanes of one warp meet and write no lane array, since code after this
    /// point may still read an earlier exchange's.
    WarpSync,
}

impl CutKind {
    /// Whether the lanes of one warp meet here (not the whole group).
    pub(super) fn is_warp(self) -> bool {
        matches!(self, CutKind::Warp | CutKind::WarpSync)
    }
}

fn cut_kind(i: Val) -> Option<CutKind> {
    if !i.is_call() {
        return None;
    }
    match callee_name(i).as_deref() {
        Some("__ferrocm_barrier") => Some(CutKind::Block),
        Some(WARP_POINT) => Some(CutKind::Warp),
        Some(WARP_SYNC_POINT) => Some(CutKind::WarpSync),
        _ => None,
    }
}

pub(super) fn is_cut(i: Val) -> bool {
    cut_kind(i).is_some()
}

/// The declaration of a lowering-internal builtin, added on first use.
fn internal_builtin(m: Module, name: &str, ty: Ty) -> Val {
    m.function(name).unwrap_or_else(|| m.add_function(name, ty))
}

/// Rewrites each `__ferrocm_warp_exchange(v)` into publish (v to the lane's slot), a warp point (a
/// region cut like a barrier, but per warp) and the read of the warp's lane array after it. An
/// exchange whose result is unused becomes a sync point alone: it must not overwrite the lane
/// array, which code after it may still read (clang sinks the reads of an exchange's lanes past
/// later code, and the exchanges the lockstep and reconvergence passes add were not there then).
fn split_warp_exchanges(m: Module, f: Val) {
    let b = m.builder();
    let publish_ty = m.fn_type(m.void(), &[m.i64()]);
    let point_ty = m.fn_type(m.void(), &[]);
    for blk in f.blocks() {
        for call in blk.instructions() {
            if !call.is_call() || callee_name(call).as_deref() != Some(WARP_EXCHANGE) {
                continue;
            }
            let value = call.operand(0);
            b.before(call);
            if call.users().is_empty() {
                b.call(
                    point_ty,
                    internal_builtin(m, WARP_SYNC_POINT, point_ty),
                    &[],
                );
                call.erase();
                continue;
            }
            let value = match value.ty().int_width() {
                Some(64) => value,
                Some(w) if w < 64 => b.zext(value, m.i64()),
                _ => value,
            };
            b.call(
                publish_ty,
                internal_builtin(m, WARP_PUBLISH, publish_ty),
                &[value],
            );
            b.call(point_ty, internal_builtin(m, WARP_POINT, point_ty), &[]);
            let result_ty = m.fn_type(call.ty(), &[]);
            let result_fn = internal_builtin(m, WARP_RESULT, result_ty);
            let r = b.call(result_ty, result_fn, &[]);
            call.replace_all_uses_with(r);
            call.erase();
        }
    }
}

/// Makes every barrier (and warp exchange point) the last instruction before an unconditional
/// branch, so that each region starts a block. Runs after inlining and before `reg2mem` (which then
/// demotes values used across the split).
pub fn split_barriers(m: Module, prepared: &Prepared) {
    for name in &prepared.bodies() {
        let Some(f) = m.function(name) else { continue };
        split_warp_exchanges(m, f);
        let mut work = f.blocks();
        while let Some(blk) = work.pop() {
            let insts = blk.instructions();
            let Some(pos) = insts.iter().position(|i| is_cut(*i)) else {
                continue;
            };
            let next = insts[pos + 1];
            let already_split =
                next.opcode() == llvm_sys::LLVMOpcode::LLVMBr && next.num_operands() == 1;
            if already_split {
                continue;
            }
            if let Some(after) = crate::shim::split_block_before(next) {
                // The rest of the block may hold more barriers.
                work.push(after);
            }
        }
    }
}

impl KernelLowering {
    /// Moves the kernel's blocks into the work-group function and its allocas into the prologue.
    pub(super) fn move_body(&self) -> Result<Vec<Block>, CompileError> {
        let blocks = self.kernel.blocks();
        if blocks.is_empty() {
            return Err(self.unsupported("kernel has no body"));
        }
        for blk in &blocks {
            blk.remove_from_function();
            blk.append_to(self.wg);
        }
        self.b.at_end(self.prologue);
        for (n, blk) in blocks.iter().enumerate() {
            for i in blk.instructions() {
                if i.is_alloca() {
                    if n != 0 {
                        return Err(self.unsupported(
                            "dynamic stack allocation (alloca outside the entry block) is not supported on \
                             the CPU device",
                        ));
                    }
                    i.remove_from_parent();
                    self.b.insert(i);
                }
            }
        }
        Ok(blocks)
    }

    /// Finds the cuts (barriers and warp points; each ends its block, see [`split_barriers`]),
    /// removes the calls and returns, per cut, the block that ends at it, the block after it (the
    /// next region's entry) and its kind.
    ///
    /// The cuts are numbered in reverse post-order from the entry, so a lower warp point comes
    /// earlier in the program: the scheduled form runs the lanes at a warp's lowest point first,
    /// and lanes at a join then wait for those still inside the branch (`reconverge.rs`).
    pub(super) fn take_cuts(&self, body: &[Block]) -> Vec<(Block, Block, CutKind)> {
        let mut out = Vec::new();
        for blk in &reverse_post_order(body) {
            for i in blk.instructions() {
                if let Some(kind) = cut_kind(i) {
                    let succ = blk.successors();
                    out.push((*blk, succ[0], kind));
                    i.erase();
                }
            }
        }
        out
    }
}

/// `body`'s blocks in reverse post-order from its first block, then any it does not reach, in
/// their order.
fn reverse_post_order(body: &[Block]) -> Vec<Block> {
    let Some(&entry) = body.first() else {
        return Vec::new();
    };
    let mut seen: HashSet<Block> = HashSet::from([entry]);
    let mut post = Vec::with_capacity(body.len());
    // Depth first, each frame a block and the successors it has yet to visit.
    let mut stack: Vec<(Block, Vec<Block>)> = vec![(entry, entry.successors())];
    while let Some((blk, rest)) = stack.last_mut() {
        match rest.pop() {
            Some(s) => {
                if seen.insert(s) {
                    let succ = s.successors();
                    stack.push((s, succ));
                }
            }
            None => {
                post.push(*blk);
                stack.pop();
            }
        }
    }
    post.reverse();
    post.extend(body.iter().filter(|b| !seen.contains(b)));
    post
}

/// Where the regions of a kernel start and what each reaches: region 0 at the kernel's entry,
/// region k right after cut k (a barrier or a warp exchange).
pub(super) struct RegionPlan {
    /// The block that ends at each cut, with the cut's 1-based number.
    pub(super) barrier_of: HashMap<Block, u32>,
    pub(super) entries: Vec<Block>,
    /// Per region, the blocks reachable from its entry without crossing a cut.
    pub(super) blocks: Vec<Vec<Block>>,
}

impl RegionPlan {
    pub(super) fn new(entry: Block, cuts: &[(Block, Block, CutKind)]) -> RegionPlan {
        let barrier_of: HashMap<Block, u32> = cuts
            .iter()
            .enumerate()
            .map(|(k, (from, _, _))| (*from, k as u32 + 1))
            .collect();
        let mut entries = vec![entry];
        entries.extend(cuts.iter().map(|(_, after, _)| *after));
        let blocks = entries
            .iter()
            .map(|s| reachable_within_region(*s, &barrier_of, None))
            .collect();
        RegionPlan {
            barrier_of,
            entries,
            blocks,
        }
    }
}

impl KernelLowering {
    /// Forms the parallel regions. With cuts, each region gets its own copy of the blocks it
    /// reaches, to sit inside its own loop over the work-items (so each region's loop can be
    /// vectorised on its own), and the original blocks go.
    pub(super) fn form_regions(
        &self,
        plan: RegionPlan,
        body: &[Block],
        ret_id: u32,
    ) -> Vec<Region> {
        let RegionPlan {
            barrier_of,
            entries,
            blocks: region_blocks,
        } = plan;
        let no_cuts = barrier_of.is_empty();
        let mut regions: Vec<Region> = Vec::new();
        for (id, (start, blocks)) in entries.iter().zip(region_blocks).enumerate() {
            if no_cuts {
                regions.push(Region::new(
                    id as u32,
                    *start,
                    blocks.clone(),
                    &blocks,
                    &HashMap::new(),
                    &barrier_of,
                ));
                continue;
            }
            let clones = crate::shim::clone_blocks(&blocks, self.wg, &format!(".r{id}"));
            let pos = blocks.iter().position(|b| b == start).unwrap_or(0);
            let mapping: HashMap<Block, Block> =
                blocks.iter().copied().zip(clones.iter().copied()).collect();
            let start = clones[pos];
            regions.push(Region::new(
                id as u32,
                start,
                clones,
                &blocks,
                &mapping,
                &barrier_of,
            ));
        }
        if no_cuts {
            // Blocks the entry cannot reach (clang at -O0 leaves some) would keep their `ret void`.
            let dead: Vec<Block> = body
                .iter()
                .copied()
                .filter(|b| !regions[0].blocks.contains(b))
                .collect();
            crate::shim::delete_blocks(&dead);
        } else {
            // The clones' cut exits still branch to the original next regions: cut those edges (the
            // loops give each exit its branch) before the originals go.
            for r in &regions {
                for (blk, exit) in &r.exit_blocks {
                    if *exit != ret_id {
                        if let Some(t) = blk.terminator() {
                            t.erase();
                        }
                    }
                }
            }
            crate::shim::delete_blocks(body);
        }
        regions
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("regions", |module, m| {
            lower_to(module, m, Stage::Regions, None)
        });
    }
}
