//! Context arrays: where values that cross a cut live.
//!
//! After `reg2mem` every value used across blocks is a stack slot. A slot live across a cut needs
//! one element per work-item (a *context array*), unless the uniformity analysis
//! ([`crate::uniform`]) proves every work-item holds the same value there: such a slot is read once
//! per region loop. Slots not live across a cut stay scalar, private to each loop iteration.
use super::*;
use std::collections::HashSet;

/// Where the values that cross cuts live: per-work-item context arrays (with the allocas they
/// replace) and uniform slots (one scalar each).
pub(super) struct Shared<'a> {
    pub(super) arrays: &'a [(Val, Ty)],
    pub(super) per_wi: &'a [Val],
    pub(super) uniform_arrays: &'a [(Val, Ty)],
    pub(super) uniform: &'a [Val],
}

impl Shared<'_> {
    /// Stack memory a work-item loop may treat as not shared between iterations: the context
    /// arrays and the uniform slots' arrays (one element per work-item) and `extra`.
    pub(super) fn parallel_safe(&self, extra: &[Val]) -> Vec<Val> {
        let mut v: Vec<Val> = self.arrays.iter().map(|a| a.0).collect();
        v.extend(self.uniform_arrays.iter().map(|a| a.0));
        v.extend(extra);
        v
    }
}

/// The users of `v` inside `blocks`.
fn users_in(v: Val, blocks: &HashSet<Block>) -> Vec<Val> {
    v.users()
        .into_iter()
        .filter(|user| blocks.contains(&user.parent_block()))
        .collect()
}

/// Points `users` (of `old`) at `new`.
fn replace_uses(users: &[Val], old: Val, new: Val) {
    for user in users {
        user.replace_operand(old, new);
    }
}

/// Where a stack slot is live (on entry to each body block), and whether across a cut.
type Liveness = (Vec<bool>, bool);

/// Whether a pointer may point into a stack slot shared by the work-items of a loop (its base, through
/// GEPs, casts and `reg2mem` spill slots, is an alloca other than a context array — or cannot be told).
pub(super) fn based_on_alloca(p: Val, context_arrays: &[Val], depth: u32) -> bool {
    if depth > 16 {
        return true;
    }
    let mut v = p;
    loop {
        if v.is_alloca() {
            return !context_arrays.contains(&v);
        }
        if !v.is_instruction() {
            // Arguments, globals, constants: not the stack.
            return false;
        }
        match v.opcode() {
            llvm_sys::LLVMOpcode::LLVMGetElementPtr
            | llvm_sys::LLVMOpcode::LLVMAddrSpaceCast
            | llvm_sys::LLVMOpcode::LLVMBitCast => v = v.operand(0),
            // clang's generic-pointer conversions: inttoptr(ptrtoint p).
            llvm_sys::LLVMOpcode::LLVMIntToPtr => {
                let i = v.operand(0);
                if !i.is_instruction() {
                    return false;
                }
                if i.opcode() != llvm_sys::LLVMOpcode::LLVMPtrToInt {
                    return true;
                }
                v = i.operand(0);
            }
            llvm_sys::LLVMOpcode::LLVMLoad => {
                // A pointer spilled to a slot: look at every pointer stored there.
                let slot = v.operand(0);
                if !slot.is_alloca() {
                    // Loaded from kernel arguments, device memory or the dispatch context.
                    return false;
                }
                return slot.users().into_iter().any(|u| {
                    u.is_store()
                        && u.operand(1) == slot
                        && based_on_alloca(u.operand(0), context_arrays, depth + 1)
                });
            }
            _ => return true,
        }
    }
}

impl KernelLowering {
    /// Gives each region its per-work-item context-array slots (indexed by `wi`) and its copies of
    /// the uniform slots, and binds its builtins.
    ///
    /// A uniform slot has an element per work-item too, but where every work-item runs the region
    /// it is read once, from the first work-item's element, before the loop: each work-item
    /// starts from that value in a private copy (which LLVM keeps in a register, so branches on
    /// it stay uniform) and stores it to its own element where it leaves the region.
    pub(super) fn finish_region(
        &self,
        u: &Uniforms,
        r: &Region,
        nest: &Nest,
        shared: &Shared,
    ) -> Result<(bool, Vec<Val>), CompileError> {
        let b = &self.b;
        let blocks: HashSet<Block> = r.blocks.iter().copied().collect();
        // Only the arrays the region uses get an address in it: a kernel with hundreds of regions
        // and hundreds of arrays (rocPRIM's reduce-by-key) otherwise made 150k dead addresses.
        b.before(nest.begin_term);
        for ((arr, ty), a) in shared.arrays.iter().zip(shared.per_wi) {
            let users = users_in(*a, &blocks);
            if !users.is_empty() {
                let slot = b.gep(*ty, *arr, &[nest.wi]);
                replace_uses(&users, *a, slot);
            }
        }
        let mut stores = Vec::new();
        for ((arr, ty), a) in shared.uniform_arrays.iter().zip(shared.uniform) {
            let users = users_in(*a, &blocks);
            if users.is_empty() {
                continue;
            }
            let head_term = nest.head.terminator();
            let (Some(first), Some(head_term), Some(_)) = (nest.first, head_term, nest.store_at)
            else {
                // Only some work-items run: each reads and writes its own element.
                b.before(nest.begin_term);
                let slot = b.gep(*ty, *arr, &[nest.wi]);
                replace_uses(&users, *a, slot);
                continue;
            };
            // Every work-item runs: the value is read once, from the first work-item's element.
            b.before(head_term);
            let entry_slot = b.gep(*ty, *arr, &[first]);
            let entry = b.load(*ty, entry_slot, &format!("{}.entry", a.name()));
            b.at_end(self.prologue);
            let local = b.alloca(*ty, &format!("{}.local", a.name()));
            local.set_alignment(a.alignment());
            b.before(nest.begin_term);
            b.store(entry, local);
            let own = b.gep(*ty, *arr, &[nest.wi]);
            replace_uses(&users, *a, local);
            // One store where the loop goes on to the next work-item (stores in each exit would be
            // merged by LLVM into one that loses its parallel-access mark).
            if let Some(at) = nest.store_at {
                b.before(at);
                let v = b.load(*ty, local, "");
                stores.push(b.store(v, own));
            }
        }
        Ok((self.bind_builtins(u, nest, &r.blocks)?, stores))
    }

    /// The prologue allocas, each with where it is live and whether it is live across a cut (then
    /// it needs one slot per work-item, or one scalar when uniform), or `None` when its address
    /// escapes (any use but whole loads and stores: always one slot per work-item).
    pub(super) fn allocas_live_across_barriers(
        &self,
        body: &[Block],
        barriers: &[(Block, Block)],
    ) -> Vec<(Val, Option<Liveness>)> {
        let allocas: Vec<Val> = self
            .prologue
            .instructions()
            .into_iter()
            .filter(|i| i.is_alloca())
            .collect();
        let index: HashMap<Block, usize> = body.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        // Each body block's predecessors in the body, for the backward walk below.
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); body.len()];
        for (bi, blk) in body.iter().enumerate() {
            for s in blk.successors() {
                if let Some(&si) = index.get(&s) {
                    preds[si].push(bi);
                }
            }
        }
        // Every walk below is over one alloca's uses and the blocks it is live in: after
        // `reg2mem` a kernel has thousands of allocas, and walking the whole body for each one
        // made the lowering quadratic.
        let mut per_wi = Vec::new();
        for a in allocas {
            let aty = a.allocated_type();
            // Whether each body block loads and stores `a`; `escapes` when any use is not a whole
            // load or store.
            let mut accesses: HashMap<usize, (bool, bool)> = HashMap::new();
            let mut escapes = false;
            for user in a.users() {
                if is_lifetime_marker(user) {
                    continue;
                }
                let is_load = user.is_load() && user.operand(0) == a;
                let is_store = user.is_store()
                    && user.operand(1) == a
                    && user.operand(0) != a
                    && user.operand(0).ty() == aty;
                if !is_load && !is_store {
                    escapes = true;
                    break;
                }
                if let Some(&bi) = index.get(&user.parent_block()) {
                    let e = accesses.entry(bi).or_default();
                    e.0 |= is_load;
                    e.1 |= is_store;
                }
            }
            if escapes {
                per_wi.push((a, None));
                continue;
            }
            // gen: read before written in the block; kill: written (whole) in the block.
            let mut live_in = vec![false; body.len()];
            let mut kill = vec![false; body.len()];
            let mut work = Vec::new();
            for (&bi, &(loads, stores)) in &accesses {
                kill[bi] = stores;
                let gen = loads && (!stores || load_comes_first(body[bi], a));
                if gen {
                    live_in[bi] = true;
                    work.push(bi);
                }
            }
            // Live into a block that does not write it whole: live into its predecessors.
            while let Some(bi) = work.pop() {
                for &p in &preds[bi] {
                    if !live_in[p] && !kill[p] {
                        live_in[p] = true;
                        work.push(p);
                    }
                }
            }
            let crosses = barriers
                .iter()
                .any(|(_, after)| index.get(after).is_some_and(|&i| live_in[i]));
            per_wi.push((a, Some((live_in, crosses))));
        }
        per_wi
    }
}

/// The stack slots live across a cut, split by where they live, and the form the kernel takes.
pub(super) struct Placement {
    /// One element per work-item: a context array.
    pub(super) per_wi: Vec<Val>,
    /// The same value in every work-item that runs the region: read once per loop.
    pub(super) uniform: Vec<Val>,
    /// Whether the kernel needs the scheduled form (see [`KernelLowering::build_scheduled`]).
    pub(super) scheduled: bool,
}

impl KernelLowering {
    /// Finds the stack slots live across cuts and which of them are uniform, and so whether the
    /// kernel takes the scheduled form.
    pub(super) fn place_live_slots(
        &self,
        body: &[Block],
        cuts: &[(Block, Block, CutKind)],
        plan: &RegionPlan,
        has_warp_cuts: bool,
    ) -> Placement {
        let live = if cuts.is_empty() {
            Vec::new()
        } else {
            let pairs: Vec<(Block, Block)> = cuts.iter().map(|c| (c.0, c.1)).collect();
            self.allocas_live_across_barriers(body, &pairs)
        };
        let slots: Vec<crate::uniform::Slot> = live
            .iter()
            .filter_map(|(a, l)| {
                l.as_ref().map(|(l, _)| crate::uniform::Slot {
                    alloca: *a,
                    live_in: l.clone(),
                })
            })
            .collect();
        // Context arrays (or uniform scalars) for what crosses a cut; the rest stays as it is.
        let live: Vec<Val> = live
            .into_iter()
            .filter(|(_, l)| l.as_ref().is_none_or(|(_, crosses)| *crosses))
            .map(|(a, _)| a)
            .collect();
        let sites: Vec<crate::uniform::CutSite> = cuts
            .iter()
            .map(|(from, after, kind)| crate::uniform::CutSite {
                from: *from,
                after: *after,
                barrier: *kind == CutKind::Block,
            })
            .collect();
        // Warp exchanges, and barriers some work-items may skip by returning early, need each
        // work-item's own place in the kernel: the scheduled form. Everything else keeps the plain
        // loop nests, where every work-item runs each region in lock step (and a split the
        // analysis missed still fails the launch as divergent, never runs wrong).
        let lockstep_uniform = crate::uniform::uniform_slots(body, &sites, &slots, false);
        let divergent_branches = crate::uniform::divergent_branches(body, &lockstep_uniform);
        let ipdom = post_dominators(body);
        let returns_and_waits = plan.blocks.iter().any(|blocks| {
            blocks.iter().any(|d| {
                divergent_branches.contains(d)
                    && reaches_return_and_cut(*d, &plan.barrier_of)
                    && !reconverges_before_cut(*d, ipdom.get(d).copied(), &plan.barrier_of)
            })
        });
        let scheduled = has_warp_cuts || returns_and_waits;
        let uniform = if scheduled {
            crate::uniform::uniform_slots(body, &sites, &slots, true)
        } else {
            lockstep_uniform
        };
        let (uniform, per_wi): (Vec<Val>, Vec<Val>) =
            live.iter().copied().partition(|a| uniform.contains(a));
        for a in per_wi.iter().chain(&uniform) {
            for user in a.users() {
                if is_lifetime_marker(user) {
                    user.erase();
                }
            }
        }
        Placement {
            per_wi,
            uniform,
            scheduled,
        }
    }

    /// Allocates the context arrays in the prologue, `total` elements each: one per per-work-item
    /// slot, and one per uniform slot (whose elements are written where work-items leave a region).
    #[allow(clippy::type_complexity)] // Reason: the two lists of (array, element type), named at the call.
    pub(super) fn context_arrays(
        &self,
        placement: &Placement,
        total: Val,
    ) -> (Vec<(Val, Ty)>, Vec<(Val, Ty)>) {
        let m = self.m;
        let b = &self.b;
        b.at_end(self.prologue);
        let alloc = |slots: &[Val], suffix: &str| -> Vec<(Val, Ty)> {
            slots
                .iter()
                .map(|a| {
                    let ty = a.allocated_type();
                    let arr = b.array_alloca(ty, total, &format!("{}.{suffix}", a.name()));
                    arr.set_alignment(a.alignment().max(m.align_of(ty)));
                    (arr, ty)
                })
                .collect()
        };
        (
            alloc(&placement.per_wi, "ctx"),
            alloc(&placement.uniform, "uniform"),
        )
    }
}

/// Each body block's immediate post-dominator, where it has one inside the body.
fn post_dominators(body: &[Block]) -> HashMap<Block, Block> {
    let (_, succs) = crate::uniform::block_graph(body);
    crate::uniform::immediate_post_dominators(&succs)
        .into_iter()
        .enumerate()
        .filter_map(|(k, p)| p.map(|p| (body[k], body[p])))
        .collect()
}

/// Whether the first access to alloca `a` in `blk` is a load (not a store).
fn load_comes_first(blk: Block, a: Val) -> bool {
    for i in blk.instructions() {
        if i.is_load() && i.operand(0) == a {
            return true;
        }
        if i.is_store() && i.operand(1) == a {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("context", |module, m| {
            lower_to(module, m, Stage::Lowered, None)
        });
    }
}
