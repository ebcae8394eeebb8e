//! CPU lowering: turns each HIP kernel of a device module into a work-group function.
//!
//! The kernel body becomes the inside of loops over the work-items of one group (PoCL's work-item loops). Code
//! between barriers forms *parallel regions*; the work-group function runs one region for every work-item, then
//! the next region, as a small state machine:
//!
//! ```text
//! prologue:   kernel arguments and dispatch values (uniform), context arrays
//! region:     for z, y, x in block:            // the work-item loops
//!                 switch (region) -> kernel code from the region's start to the next barrier or return
//!                 record which barrier (or return) this work-item reached
//!             every work-item must reach the same one, else the barrier was in divergent control flow
//! ```
//!
//! Values live across a barrier are kept in per-work-item *context arrays*; everything else stays scalar, so a
//! kernel without barriers is a plain loop nest that LLVM vectorises across work-items.
//!
//! Kernels with warp exchanges (the warp functions of the headers), or whose work-items may return before a
//! barrier, take the *scheduled* form instead (`KernelLowering::build_scheduled`): each work-item keeps the
//! point it waits at, warps run one after another, and within a warp the lanes at the lowest warp point
//! exchange and run on. Steps, in order:
//! [`prepare`] (retarget, inline every device function, demote SSA values to memory), then per kernel
//! [`KernelLowering::run`].
use crate::device_calls;
use crate::error::CompileError;
use crate::ir::{self, Block, Builder, IntPredicate, Module, Ty, Val};
use kernel_abi::{ctx_offsets, ArgKind, ArgMeta, GlobalMeta, KernelMeta, WG_STATUS_ABORT};
use kernel_abi::{WG_STATUS_DIVERGENT_BARRIER, WG_STATUS_OK};
use std::collections::HashMap;

const CC_C: u32 = 0;
const CC_SPIR_FUNC: u32 = 75;
const CC_SPIR_KERNEL: u32 = 76;
const AS_LOCAL: u32 = 3;

/// Where the dynamic (`extern __shared__`) part of local memory is aligned to.
const DYNAMIC_LOCAL_ALIGN: u64 = 64;

/// Symbol of the work-group function lowered from kernel `name`.
pub fn wg_symbol(name: &str) -> String {
    format!("__ferrocm_wg_{name}")
}

/// The kernels of a device module, before lowering.
pub struct Prepared {
    pub kernels: Vec<String>,
    /// Warp-vectorized clones of kernels (`warp_vector`), with their warp size.
    pub warp_versions: Vec<crate::warp_vector::WarpVersion>,
    pub warp_width: u32,
}

impl Prepared {
    /// The kernels and their warp-vectorized clones: every function the lowering turns into a
    /// work-group function.
    pub fn bodies(&self) -> Vec<String> {
        let mut all = self.kernels.clone();
        all.extend(self.warp_versions.iter().map(|v| v.clone.clone()));
        all
    }
}

/// Retargets the module to the host and marks what must be inlined. The caller then runs
/// `always-inline,function(reg2mem)` and calls [`lower_kernels`].
pub fn prepare(m: Module) -> Result<Prepared, CompileError> {
    let mut kernels = Vec::new();
    let alwaysinline = Module::enum_attr_kind("alwaysinline");
    let noinline = Module::enum_attr_kind("noinline");
    let optnone = Module::enum_attr_kind("optnone");
    for f in m.functions() {
        let cc = f.call_conv();
        if cc == CC_SPIR_KERNEL {
            kernels.push(f.name());
        }
        if cc == CC_SPIR_KERNEL || cc == CC_SPIR_FUNC {
            f.set_call_conv(CC_C);
        }
        for b in f.blocks() {
            for i in b.instructions() {
                if i.is_call() && i.instruction_call_conv() != CC_C {
                    i.set_instruction_call_conv(CC_C);
                }
            }
        }
        if f.is_declaration() {
            continue;
        }
        f.remove_fn_attr(optnone);
        f.remove_fn_attr(noinline);
        // AMD's generic target lists GPU features (`+dpp`, `+gfx90a-insts`, ...) the host's code
        // generator does not know; the host's own are set when the module is retargeted.
        f.remove_fn_string_attr("target-features");
        f.remove_fn_string_attr("target-cpu");
        if cc != CC_SPIR_KERNEL {
            // Work-item builtins only have a value inside the work-item loops: every device function is
            // inlined into its kernels (recursive ones cannot be, and are checked after inlining).
            f.add_fn_attr(m.ctx, alwaysinline);
            f.set_linkage(ir::linkage_internal());
        }
    }
    Ok(Prepared {
        kernels,
        warp_versions: Vec::new(),
        warp_width: 0,
    })
}

/// Lowers every kernel into a work-group function. Runs after inlining and `reg2mem`.
/// Also gives the warp-vectorized clones the lowering dropped, and why.
#[allow(clippy::type_complexity)] // Reason: the one caller names each part.
pub fn lower_kernels(
    m: Module,
    prepared: &Prepared,
) -> Result<(Vec<KernelMeta>, Vec<GlobalMeta>, Vec<(String, String)>), CompileError> {
    let ctx_slot = device_calls::run(m, &prepared.bodies())?;
    let bounds = take_launch_bounds(m);
    let mut metas = Vec::new();
    let mut dropped = Vec::new();
    for name in &prepared.kernels {
        let f = m.function(name).ok_or_else(|| CompileError::Unsupported {
            kernel: name.clone(),
            message: "kernel vanished during inlining".into(),
        })?;
        let (mut meta, layout) = KernelLowering::new(m, f, name, ctx_slot, None)?.run()?;
        meta.max_threads_per_block = bounds.get(name).copied();
        if let Some(v) = prepared.warp_versions.iter().find(|v| &v.kernel == name) {
            if let Some(why) =
                lower_warp_version(m, v, prepared.warp_width, ctx_slot, &meta, layout)?
            {
                dropped.push((name.clone(), why));
            }
        }
        metas.push(meta);
    }
    // Kernels are now empty shells; their bodies live in the work-group functions.
    for name in &prepared.bodies() {
        if let Some(f) = m.function(name) {
            if !f.users().is_empty() {
                f.replace_all_uses_with(Val::poison_of(f.ty()));
            }
            f.delete_function();
        }
    }
    let globals = finish_module(m)?;
    Ok((metas, globals, dropped))
}

/// Lowers a kernel's warp-vectorized clone beside its work-item form, and makes the kernel's
/// work-group function choose between them per launch: the clone where its assumption holds (a
/// one-dimensional block, or an x extent that is a multiple of the warp size, at the warp size it
/// was built for), the work-item form otherwise. A clone the lowering cannot take is dropped, and
/// the work-item form runs every launch.
fn lower_warp_version(
    m: Module,
    v: &crate::warp_vector::WarpVersion,
    width: u32,
    ctx_slot: Option<Val>,
    meta: &KernelMeta,
    layout: Vec<(Val, u64)>,
) -> Result<Option<String>, CompileError> {
    let Some(clone) = m.function(&v.clone) else {
        return Ok(Some("the clone vanished".into()));
    };
    let lowering = KernelLowering::new(m, clone, &v.clone, ctx_slot, Some((width, layout)))?;
    let wg_vec = lowering.wg;
    let why = match lowering.run() {
        Ok((vmeta, _))
            if vmeta.barriers == meta.barriers
                && vmeta.grid_sync == meta.grid_sync
                && vmeta.dynamic_local_offset == meta.dynamic_local_offset =>
        {
            None
        }
        Ok(_) => Some("its barriers or local memory differ from the work-item form's".into()),
        Err(e) => Some(e.to_string()),
    };
    let Some(wg_items) = m.function(&meta.symbol).filter(|_| why.is_none()) else {
        wg_vec.delete_function();
        return Ok(why);
    };
    wg_items.set_name(&format!("{}.items", meta.symbol));
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
    Ok(None)
}

/// Reads `__launch_bounds__(max, ...)` (recorded by the headers as a "ferrocm.launch_bounds" annotation)
/// per kernel, and drops `llvm.global.annotations`, which only the front end needed.
fn take_launch_bounds(m: Module) -> HashMap<String, u32> {
    let mut out = HashMap::new();
    let Some(annotations) = m
        .globals()
        .into_iter()
        .find(|g| g.name() == "llvm.global.annotations")
    else {
        return out;
    };
    if let Some(init) = annotations.initializer() {
        for i in 0..init.num_operands() {
            let entry = init.operand(i);
            if entry.num_operands() < 5 {
                continue;
            }
            let target = entry.operand(0).strip_const_casts();
            let tag = entry
                .operand(1)
                .strip_const_casts()
                .initializer()
                .and_then(|s| s.const_string());
            if !target.is_function() || tag.as_deref() != Some("ferrocm.launch_bounds") {
                continue;
            }
            let args = entry.operand(4).strip_const_casts().initializer();
            if let Some(max) = args.filter(|a| a.num_operands() > 0).map(|a| a.operand(0)) {
                if max.is_constant_int() {
                    out.insert(target.name(), max.const_zext() as u32);
                }
            }
        }
    }
    annotations.delete_global();
    out
}

fn is_builtin(name: &str) -> bool {
    name.starts_with("__ferrocm_")
}

fn callee_name(call: Val) -> Option<String> {
    call.called_function().map(|f| f.name())
}

/// One parallel region: the blocks from its start to the next barriers or returns.
struct Region {
    id: u32,
    start: Block,
    blocks: Vec<Block>,
    /// Blocks that end the region, with the exit each takes: barrier k (1-based) or the return id.
    exit_blocks: Vec<(Block, u32)>,
    /// The distinct exits, sorted.
    exits: Vec<u32>,
}

impl Region {
    /// `originals` are the region's blocks before cloning, `mapping` original → clone (empty: no clone).
    fn new(
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
    fn cloned(&self, func: Val, suffix: &str) -> Region {
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

/// A region's loop nest over the work-items.
struct Nest {
    head: Block,
    done: Block,
    /// The branch into the region (values per work-item are placed before it).
    begin_term: Val,
    /// Linear work-item index in the group.
    wi: Val,
    ids: [Val; 3],
    /// Lane in the warp.
    lane: Val,
    /// The scheduled form's exchange: this lane's publish slot and the warp's lane array.
    warp: Option<(Val, Val)>,
    /// The branch back of a lock-step nest's `x` loop, marked parallel once the region is bound.
    latch: Option<Val>,
    /// Index of the loop's first work-item, in loops every work-item of their range runs.
    first: Option<Val>,
    /// Where such a loop goes on to its next work-item (uniform slots are stored before it).
    store_at: Option<Val>,
}

/// Where the values that cross cuts live: per-work-item context arrays (with the allocas they
/// replace) and uniform slots (one scalar each).
struct Shared<'a> {
    arrays: &'a [(Val, Ty)],
    per_wi: &'a [Val],
    uniform_arrays: &'a [(Val, Ty)],
    uniform: &'a [Val],
}

impl Shared<'_> {
    /// Stack memory a work-item loop may treat as not shared between iterations: the context
    /// arrays and the uniform slots' arrays (one element per work-item) and `extra`.
    fn parallel_safe(&self, extra: &[Val]) -> Vec<Val> {
        let mut v: Vec<Val> = self.arrays.iter().map(|a| a.0).collect();
        v.extend(self.uniform_arrays.iter().map(|a| a.0));
        v.extend(extra);
        v
    }
}

/// Points the uses of `old` inside `blocks` at `new`.
fn replace_uses_in(old: Val, new: Val, blocks: &[Block]) {
    for user in old.users() {
        if blocks.contains(&user.parent_block()) {
            user.replace_operand(old, new);
        }
    }
}

/// Point code of a region entered after a barrier (see [`KernelLowering::build_scheduled`]).
const BARRIER_BIT: u32 = 0x8000_0000;
/// Point code of a work-item that returned.
const PC_RETURNED: u32 = u32::MAX;

/// Blocks reachable from `start` without crossing a barrier (barrier blocks are included, their
/// successor is not).
fn reachable_within_region(start: Block, barrier_of: &HashMap<Block, u32>) -> Vec<Block> {
    let mut seen = vec![start];
    let mut stack = vec![start];
    while let Some(b) = stack.pop() {
        if barrier_of.contains_key(&b) {
            continue;
        }
        for s in b.successors() {
            if !seen.contains(&s) {
                seen.push(s);
                stack.push(s);
            }
        }
    }
    seen
}

/// Where a stack slot is live (on entry to each body block), and whether across a cut.
type Liveness = (Vec<bool>, bool);

/// Whether, from `from`, the kernel can reach both a return and a cut without crossing a cut: a
/// branch there on a per-work-item value lets some work-items return while others wait.
fn reaches_return_and_cut(from: Block, barrier_of: &HashMap<Block, u32>) -> bool {
    let blocks = reachable_within_region(from, barrier_of);
    let cut = blocks.iter().any(|b| barrier_of.contains_key(b));
    let ret = blocks
        .iter()
        .any(|b| !barrier_of.contains_key(b) && b.terminator().is_some_and(|t| t.is_return()));
    cut && ret
}

/// Values the prologue loads once per work-group.
struct Uniforms {
    ctx: Val,
    group_id: [Val; 3],
    block_dim: [Val; 3],
    /// The extents the loops run over: the block's, or in a warp-vectorized kernel, its warps.
    items: [Val; 3],
    num_groups: [Val; 3],
    warp_size: Val,
    local_mem: Val,
    printf_fn: Val,
    assert_fn: Val,
    grid_sync_fn: Val,
}

/// A kernel being turned into its work-group function.
struct KernelLowering {
    m: Module,
    name: String,
    kernel: Val,
    wg: Val,
    prologue: Block,
    exit: Block,
    abort: Block,
    /// Where the work-group function leaves its context for device functions that stay calls.
    ctx_slot: Option<Val>,
    /// A warp-vectorized clone: its warp size, and the work-item form's local-memory layout,
    /// which it must share.
    warp: Option<(u32, Vec<(Val, u64)>)>,
    b: Builder,
}

impl KernelLowering {
    fn new(
        m: Module,
        kernel: Val,
        name: &str,
        ctx_slot: Option<Val>,
        warp: Option<(u32, Vec<(Val, u64)>)>,
    ) -> Result<Self, CompileError> {
        let fn_ty = m.fn_type(m.i32(), &[m.ptr(0), m.ptr(0)]);
        let wg = m.add_function(&wg_symbol(name), fn_ty);
        let prologue = m.append_block(wg, "prologue");
        let exit = m.append_block(wg, "wg.exit");
        let abort = m.append_block(wg, "wg.abort");
        let b = m.builder();
        b.at_end(exit)
            .ret(m.const_int(m.i32(), WG_STATUS_OK as u64));
        b.at_end(abort)
            .ret(m.const_int(m.i32(), WG_STATUS_ABORT as u64));
        Ok(KernelLowering {
            m,
            name: name.to_string(),
            kernel,
            wg,
            prologue,
            exit,
            abort,
            ctx_slot,
            warp,
            b,
        })
    }

    fn unsupported(&self, message: impl Into<String>) -> CompileError {
        CompileError::Unsupported {
            kernel: self.name.clone(),
            message: message.into(),
        }
    }

    /// Gives the kernel's metadata and where its `__shared__` variables lie.
    fn run(self) -> Result<(KernelMeta, Vec<(Val, u64)>), CompileError> {
        let m = self.m;
        let (args, kernarg_size, kernarg_align, byval_copies) = self.bind_arguments()?;
        let u = self.load_uniforms();
        let body = self.move_body()?;
        let entry = body[0];
        let cuts = self.take_cuts(&body);
        let barriers = cuts.iter().filter(|c| c.2 == CutKind::Block).count();
        let has_warp_cuts = cuts.iter().any(|c| c.2 == CutKind::Warp);
        // The kernel's blocks plus those the barrier split made: everything but the frame around them.
        let fixed = [self.prologue, self.exit, self.abort];
        let body: Vec<Block> = self
            .wg
            .blocks()
            .into_iter()
            .filter(|b| !fixed.contains(b))
            .collect();
        let ret_id = cuts.len() as u32 + 1;
        let barrier_of: HashMap<Block, u32> = cuts
            .iter()
            .enumerate()
            .map(|(k, (from, _, _))| (*from, k as u32 + 1))
            .collect();
        let mut entries = vec![entry];
        entries.extend(cuts.iter().map(|(_, after, _)| *after));
        let region_blocks: Vec<Vec<Block>> = entries
            .iter()
            .map(|s| reachable_within_region(*s, &barrier_of))
            .collect();
        let live = if cuts.is_empty() {
            Vec::new()
        } else {
            let pairs: Vec<(Block, Block)> = cuts.iter().map(|c| (c.0, c.1)).collect();
            self.allocas_live_across_barriers(&body, &pairs)
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
        let lockstep_uniform = crate::uniform::uniform_slots(&body, &sites, &slots, false);
        let divergent_branches = crate::uniform::divergent_branches(&body, &lockstep_uniform);
        let returns_and_waits = region_blocks.iter().any(|blocks| {
            blocks
                .iter()
                .any(|d| divergent_branches.contains(d) && reaches_return_and_cut(*d, &barrier_of))
        });
        let scheduled = has_warp_cuts || returns_and_waits;
        let uniform = if scheduled {
            crate::uniform::uniform_slots(&body, &sites, &slots, true)
        } else {
            lockstep_uniform
        };
        let (uniform_slots, per_wi): (Vec<Val>, Vec<Val>) =
            live.iter().copied().partition(|a| uniform.contains(a));
        for a in per_wi.iter().chain(&uniform_slots) {
            for user in a.users() {
                if is_lifetime_marker(user) {
                    user.erase();
                }
            }
        }

        // Parallel regions: region 0 starts at the kernel's entry, region k right after cut k (a
        // barrier or a warp exchange). Each gets its own copy of the blocks it reaches without
        // crossing a cut, inside its own loop over the work-items (so each region's loop can be
        // vectorised on its own).
        let mut regions: Vec<Region> = Vec::new();
        for (id, (start, blocks)) in entries.iter().zip(region_blocks).enumerate() {
            if cuts.is_empty() {
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
        if cuts.is_empty() {
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
            crate::shim::delete_blocks(&body);
        }

        let i32t = m.i32();
        let i64t = m.i64();
        let b = &self.b;
        b.at_end(self.prologue);
        let total = {
            let bx = b.zext(u.items[0], i64t);
            let by = b.zext(u.items[1], i64t);
            let bz = b.zext(u.items[2], i64t);
            b.mul(b.mul(bx, by), bz)
        };
        let arrays: Vec<(Val, Ty)> = per_wi
            .iter()
            .map(|a| {
                let ty = a.allocated_type();
                let arr = b.array_alloca(ty, total, &format!("{}.ctx", a.name()));
                arr.set_alignment(a.alignment().max(m.align_of(ty)));
                (arr, ty)
            })
            .collect();
        let divergent = m.append_block(self.wg, "wg.divergent");
        b.at_end(divergent)
            .ret(m.const_int(i32t, WG_STATUS_DIVERGENT_BARRIER as u64));

        let uniform_arrays: Vec<(Val, Ty)> = uniform_slots
            .iter()
            .map(|a| {
                let ty = a.allocated_type();
                b.at_end(self.prologue);
                let arr = b.array_alloca(ty, total, &format!("{}.uniform", a.name()));
                arr.set_alignment(a.alignment().max(m.align_of(ty)));
                (arr, ty)
            })
            .collect();
        let shared = Shared {
            arrays: &arrays,
            per_wi: &per_wi,
            uniform_arrays: &uniform_arrays,
            uniform: &uniform_slots,
        };
        let (start_block, grid_sync) = if scheduled {
            let kinds: Vec<CutKind> = cuts.iter().map(|c| c.2).collect();
            self.build_scheduled(&u, &regions, &kinds, total, &shared, divergent)?
        } else {
            self.build_lockstep(&u, &regions, ret_id, &shared, divergent)?
        };
        for a in per_wi.iter().chain(&uniform_slots) {
            a.erase();
        }
        // By-value struct arguments the kernel writes to: each work-item starts from its own copy.
        let first = regions[0].start;
        for (dst, src, size, align) in byval_copies {
            if let Some(i) = first.first_instruction() {
                b.before(i);
                b.memcpy(dst, align, src, align, m.const_int(i64t, size));
            }
        }
        self.bind_warp_size_variable(&u);
        let (static_local_size, dynamic_local_offset, layout) = self.bind_local_memory(&u)?;
        b.at_end(self.prologue);
        b.br(start_block);
        let meta = KernelMeta {
            name: self.name.clone(),
            symbol: wg_symbol(&self.name),
            args,
            kernarg_size,
            kernarg_align,
            static_local_size,
            dynamic_local_offset,
            max_threads_per_block: None,
            barriers: barriers as u32,
            grid_sync,
        };
        Ok((meta, layout))
    }

    /// Gives each region its per-work-item context-array slots (indexed by `wi`) and its copies of
    /// the uniform slots, and binds its builtins.
    ///
    /// A uniform slot has an element per work-item too, but where every work-item runs the region
    /// it is read once, from the first work-item's element, before the loop: each work-item
    /// starts from that value in a private copy (which LLVM keeps in a register, so branches on
    /// it stay uniform) and stores it to its own element where it leaves the region.
    fn finish_region(
        &self,
        u: &Uniforms,
        r: &Region,
        nest: &Nest,
        shared: &Shared,
    ) -> Result<(bool, Vec<Val>), CompileError> {
        let b = &self.b;
        b.before(nest.begin_term);
        for ((arr, ty), a) in shared.arrays.iter().zip(shared.per_wi) {
            let slot = b.gep(*ty, *arr, &[nest.wi]);
            replace_uses_in(*a, slot, &r.blocks);
        }
        let mut stores = Vec::new();
        for ((arr, ty), a) in shared.uniform_arrays.iter().zip(shared.uniform) {
            let used = a
                .users()
                .into_iter()
                .any(|user| r.blocks.contains(&user.parent_block()));
            if !used {
                continue;
            }
            let head_term = nest.head.terminator();
            let (Some(first), Some(head_term), Some(_)) = (nest.first, head_term, nest.store_at)
            else {
                // Only some work-items run: each reads and writes its own element.
                b.before(nest.begin_term);
                let slot = b.gep(*ty, *arr, &[nest.wi]);
                replace_uses_in(*a, slot, &r.blocks);
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
            replace_uses_in(*a, local, &r.blocks);
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

    /// Every work-item runs region after region in lock step: one loop nest per region, then the
    /// barrier all work-items reached (they must agree) picks the next. Returns the first block.
    fn build_lockstep(
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
    fn build_scheduled(
        &self,
        u: &Uniforms,
        regions: &[Region],
        kinds: &[CutKind],
        total: Val,
        shared: &Shared,
        divergent: Block,
    ) -> Result<(Block, bool), CompileError> {
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
        let has_warp = kinds.contains(&CutKind::Warp);

        b.at_end(self.prologue);
        let ws = b.zext(u.warp_size, i64t);
        let nwarps = b.udiv(b.add(total, b.sub(ws, c64(1))), ws);
        let pcs = b.array_alloca(i32t, total, "pc.ctx");
        let inbuf = b.array_alloca(i64t, b.mul(nwarps, ws), "warp.in");
        let outbuf = b.array_alloca(i64t, b.add(ws, c64(1)), "warp.out");
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
        for r in regions {
            let tag = |s: &str| format!("r{}.{s}", r.id);
            let rc = r.cloned(self.wg, ".conv");
            let sel = m.append_block(wg, &tag("select"));
            b.at_end(sel);
            let conv_head = m.append_block(wg, &tag("conv.head"));
            let head = m.append_block(wg, &tag("head"));
            b.cond_br(
                b.icmp(IntPredicate::LLVMIntNE, b.load(i8t, conv, ""), c8(0)),
                conv_head,
                head,
            );
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
            b.br(lh);
            let nest = Nest {
                head,
                done: after_run,
                begin_term,
                wi: l,
                ids,
                lane,
                warp: has_warp.then_some((in_slot, outbuf)),
                latch: None,
                first: None,
                store_at: None,
            };
            grid_sync |= self.finish_region(u, r, &nest, shared)?.0;

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
                warp: has_warp.then_some((in_slot, outbuf)),
                latch: None,
                first: Some(first),
                store_at: Some(latch),
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
            b.at_end(step);
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
            b.store(v, b.gep(i64t, outbuf, &[b.sub(l, lstart)]));
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
            b.store(v, b.gep(i64t, outbuf, &[lane]));
            let bit = b.shl(c64(1), lane);
            b.store(b.or(b.load(i64t, mask, ""), bit), mask);
            b.br(step_next);
            b.at_end(step_next);
            b.store(b.nuw_add(l, c64(1)), lvar);
            b.br(step_h);
            b.at_end(step_done);
            b.store(b.load(i64t, mask, "mask"), b.gep(i64t, outbuf, &[ws]));
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
        Ok((init, grid_sync))
    }

    /// Wraps one region in its loop nest over the work-items (`z`, `y`, `x`; `x` innermost and unit-stride
    /// in the context arrays). The region's exits (barriers and returns) go to the nest's latch; where a
    /// region has more than one possible exit, the latch records the lowest and highest exit reached.
    fn build_nest(&self, u: &Uniforms, r: &Region, exit_id: Val, reached: [Val; 2]) -> Nest {
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
    fn mark_parallel(&self, r: &Region, x_latch: Val, context_arrays: &[Val], extra: &[Val]) {
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

    /// Lays the kernel's parameters out in the kernarg segment and loads them in the prologue.
    #[allow(clippy::type_complexity)] // Reason: a private helper's tuple, named at its one call site.
    fn bind_arguments(
        &self,
    ) -> Result<(Vec<ArgMeta>, u32, u32, Vec<(Val, Val, u64, u32)>), CompileError> {
        let m = self.m;
        let b = &self.b;
        b.at_end(self.prologue);
        let kernargs = self.wg.params()[0];
        let byval = Module::enum_attr_kind("byval");
        let readonly = Module::enum_attr_kind("readonly");
        let mut offset = 0u64;
        let mut max_align = 1u32;
        let mut args = Vec::new();
        let mut copies = Vec::new();
        for (i, p) in self.kernel.params().into_iter().enumerate() {
            let by_value_ty = self.kernel.param_type_attr(i as u32, byval);
            let ty = by_value_ty.unwrap_or(p.ty());
            let size = m.size_of(ty);
            let align = m.align_of(ty).max(1);
            offset = offset.next_multiple_of(align as u64);
            max_align = max_align.max(align);
            let kind = if by_value_ty.is_some() || ty.is_struct_or_array() {
                ArgKind::Aggregate
            } else if ty.is_pointer() {
                ArgKind::Pointer
            } else {
                ArgKind::Value
            };
            args.push(ArgMeta {
                offset: offset as u32,
                size: size as u32,
                align,
                kind,
            });
            let slot = b.gep(m.i8(), kernargs, &[m.const_int(m.i64(), offset)]);
            let value = if by_value_ty.is_some() {
                let written = self.kernel_param_attr_missing(i as u32, readonly);
                if written {
                    // The kernel may write its copy: give each work-item one (filled at its start).
                    let copy = b.alloca(ty, "byval.copy");
                    copy.set_alignment(align);
                    copies.push((copy, slot, size, align));
                    b.as_cast(copy, p.ty())
                } else {
                    b.as_cast(slot, p.ty())
                }
            } else {
                let v = b.load(ty, slot, &format!("arg{i}"));
                v.set_alignment(align);
                v
            };
            p.replace_all_uses_with(value);
            offset += size;
        }
        let size = offset.next_multiple_of(max_align as u64);
        Ok((args, size as u32, max_align, copies))
    }

    fn kernel_param_attr_missing(&self, param: u32, kind: u32) -> bool {
        !self.kernel.param_has_attr(param, kind)
    }

    fn load_uniforms(&self) -> Uniforms {
        let m = self.m;
        let b = &self.b;
        b.at_end(self.prologue);
        let ctx = self.wg.params()[1];
        if let Some(slot) = self.ctx_slot {
            b.store(ctx, slot);
        }
        let i32t = m.i32();
        let field = |off: u64, ty: Ty, name: &str| {
            let p = b.gep(m.i8(), ctx, &[m.const_int(m.i64(), off)]);
            b.load(ty, p, name)
        };
        let dim3 = |base: u64, name: &str| {
            [0u64, 1, 2].map(|d| {
                field(
                    base + 4 * d,
                    i32t,
                    &format!("{name}.{}", ["x", "y", "z"][d as usize]),
                )
            })
        };
        let block_dim = dim3(ctx_offsets::BLOCK_DIM, "block_dim");
        let items = match &self.warp {
            None => block_dim,
            Some((width, _)) => {
                // Warps of the block: ceil(x * y * z / width).
                let all = b.mul(b.mul(block_dim[0], block_dim[1]), block_dim[2]);
                let w = m.const_int(i32t, *width as u64);
                let warps = b.udiv(b.add(all, m.const_int(i32t, *width as u64 - 1)), w);
                let one = m.const_int(i32t, 1);
                [warps, one, one]
            }
        };
        Uniforms {
            ctx,
            group_id: dim3(ctx_offsets::GROUP_ID, "group_id"),
            block_dim,
            items,
            num_groups: dim3(ctx_offsets::NUM_GROUPS, "num_groups"),
            warp_size: {
                // The agent's warp size is 32 or 64. Written as 1 << log2 so that LLVM knows it is a
                // power of two: `% warpSize` and `/ warpSize` become masks and shifts.
                let ws = field(ctx_offsets::WARP_SIZE, i32t, "warp_size");
                let is32 = b.icmp(IntPredicate::LLVMIntEQ, ws, m.const_int(i32t, 32));
                let log2 = b.select(is32, m.const_int(i32t, 5), m.const_int(i32t, 6));
                b.shl(m.const_int(i32t, 1), log2)
            },
            local_mem: field(ctx_offsets::LOCAL_MEM, m.ptr(0), "local_mem"),
            printf_fn: field(ctx_offsets::PRINTF, m.ptr(0), "printf_fn"),
            assert_fn: field(ctx_offsets::ASSERT_FAIL, m.ptr(0), "assert_fn"),
            grid_sync_fn: field(ctx_offsets::GRID_SYNC, m.ptr(0), "grid_sync_fn"),
        }
    }

    /// Moves the kernel's blocks into the work-group function and its allocas into the prologue.
    fn move_body(&self) -> Result<Vec<Block>, CompileError> {
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
    fn take_cuts(&self, body: &[Block]) -> Vec<(Block, Block, CutKind)> {
        let mut out = Vec::new();
        for blk in body {
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

    /// The prologue allocas, each with where it is live and whether it is live across a cut (then
    /// it needs one slot per work-item, or one scalar when uniform), or `None` when its address
    /// escapes (any use but whole loads and stores: always one slot per work-item).
    fn allocas_live_across_barriers(
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
        let mut per_wi = Vec::new();
        for a in allocas {
            // gen: read before written in the block; kill: written (whole) in the block.
            let mut gen = vec![false; body.len()];
            let mut kill = vec![false; body.len()];
            let mut escapes = false;
            let aty = a.allocated_type();
            for user in a.users() {
                let is_load = user.is_load() && user.operand(0) == a;
                let is_store = user.is_store()
                    && user.operand(1) == a
                    && user.operand(0) != a
                    && user.operand(0).ty() == aty;
                if is_lifetime_marker(user) {
                    continue;
                }
                if !is_load && !is_store {
                    escapes = true;
                    break;
                }
            }
            if escapes {
                per_wi.push((a, None));
                continue;
            }
            for (bi, blk) in body.iter().enumerate() {
                for i in blk.instructions() {
                    if i.is_load() && i.operand(0) == a && !kill[bi] {
                        gen[bi] = true;
                    } else if i.is_store() && i.operand(1) == a {
                        kill[bi] = true;
                    }
                }
            }
            let mut live_in = gen.clone();
            let mut changed = true;
            while changed {
                changed = false;
                for bi in (0..body.len()).rev() {
                    if live_in[bi] || kill[bi] {
                        continue;
                    }
                    let out = body[bi]
                        .successors()
                        .iter()
                        .any(|s| index.get(s).is_some_and(|&si| live_in[si]));
                    if out {
                        live_in[bi] = true;
                        changed = true;
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

    /// Replaces work-item builtins, printf and assert with their CPU implementations.
    fn bind_builtins(
        &self,
        u: &Uniforms,
        nest: &Nest,
        blocks: &[Block],
    ) -> Result<bool, CompileError> {
        let local_id = nest.ids;
        let m = self.m;
        let b = &self.b;
        let ptr0 = m.ptr(0);
        let i32t = m.i32();
        let i64t = m.i64();
        let mut grid_sync = false;
        let mut work: Vec<Block> = blocks.to_vec();
        while let Some(blk) = work.pop() {
            'insts: for call in blk.instructions() {
                if !call.is_call() {
                    continue;
                }
                let Some(name) = callee_name(call) else {
                    continue;
                };
                let value = match name.as_str() {
                    "__ferrocm_workitem_id_x" => Some(local_id[0]),
                    "__ferrocm_workitem_id_y" => Some(local_id[1]),
                    "__ferrocm_workitem_id_z" => Some(local_id[2]),
                    "__ferrocm_workgroup_id_x" => Some(u.group_id[0]),
                    "__ferrocm_workgroup_id_y" => Some(u.group_id[1]),
                    "__ferrocm_workgroup_id_z" => Some(u.group_id[2]),
                    "__ferrocm_workgroup_size_x" => Some(u.block_dim[0]),
                    "__ferrocm_workgroup_size_y" => Some(u.block_dim[1]),
                    "__ferrocm_workgroup_size_z" => Some(u.block_dim[2]),
                    "__ferrocm_num_workgroups_x" => Some(u.num_groups[0]),
                    "__ferrocm_num_workgroups_y" => Some(u.num_groups[1]),
                    "__ferrocm_num_workgroups_z" => Some(u.num_groups[2]),
                    "__ferrocm_warp_size" => Some(u.warp_size),
                    "__ferrocm_lane_id" => Some(nest.lane),
                    crate::warp_vector::WARP_INDEX if self.warp.is_some() => Some(local_id[0]),
                    _ => None,
                };
                if let Some(v) = value {
                    call.replace_all_uses_with(v);
                    call.erase();
                    continue;
                }
                match name.as_str() {
                    WARP_PUBLISH | WARP_RESULT => {
                        let Some((in_slot, out)) = nest.warp else {
                            return Err(
                                self.unsupported("warp exchange outside the scheduled form")
                            );
                        };
                        if name == WARP_PUBLISH {
                            b.before(call);
                            b.store(call.operand(0), in_slot);
                            call.erase();
                        } else {
                            b.before(call);
                            let p = b.as_cast(out, call.ty());
                            call.replace_all_uses_with(p);
                            call.erase();
                        }
                    }
                    "printf" => {
                        b.at_end(self.prologue);
                        let slots = m.const_int(i32t, device_calls::printf_arg_slots(call));
                        let buf = b.array_alloca(i64t, slots, "printf.args");
                        device_calls::bind_printf(m, b, call, u.ctx, u.printf_fn, buf)
                            .map_err(|e| self.unsupported(e))?;
                    }
                    "__ferrocm_assert_fail" | "__ferrocm_trap" => {
                        b.before(call);
                        let null = m.const_null(ptr0);
                        let args = if name == "__ferrocm_trap" {
                            [u.ctx, null, null, m.const_int(i32t, 0), null]
                        } else {
                            if call.num_call_args() != 4 {
                                return Err(
                                    self.unsupported("__ferrocm_assert_fail takes 4 arguments")
                                );
                            }
                            [
                                u.ctx,
                                b.as_cast(call.operand(0), ptr0),
                                b.as_cast(call.operand(1), ptr0),
                                call.operand(2),
                                b.as_cast(call.operand(3), ptr0),
                            ]
                        };
                        let fty = m.fn_type(m.void(), &[ptr0, ptr0, ptr0, i32t, ptr0]);
                        b.call(fty, u.assert_fn, &args);
                        // The work-group stops here; the launch fails with the recorded message.
                        let mut rest = Vec::new();
                        let mut next = call.next_instruction();
                        while let Some(i) = next {
                            next = i.next_instruction();
                            rest.push(i);
                        }
                        call.erase();
                        for i in rest.into_iter().rev() {
                            i.erase();
                        }
                        b.at_end(blk).br(self.abort);
                        // The rest of this block is gone.
                        break 'insts;
                    }
                    "__ferrocm_grid_sync" => {
                        // One work-item of the group waits for the whole grid (the headers put
                        // block barriers around it); a non-cooperative launch aborts the group.
                        b.before(call);
                        let fty = m.fn_type(i32t, &[ptr0]);
                        let status = b.call(fty, u.grid_sync_fn, &[u.ctx]);
                        let ok = b.icmp(IntPredicate::LLVMIntEQ, status, m.const_int(i32t, 0));
                        let Some(next) = call.next_instruction() else {
                            return Err(self.unsupported("__ferrocm_grid_sync ends a block"));
                        };
                        let Some(rest) = crate::shim::split_block_before(next) else {
                            return Err(self.unsupported("cannot split at the grid barrier"));
                        };
                        call.erase();
                        if let Some(t) = blk.terminator() {
                            t.erase();
                        }
                        b.at_end(blk).cond_br(ok, rest, self.abort);
                        grid_sync = true;
                        // The rest of the block is checked on its own.
                        work.push(rest);
                        break 'insts;
                    }
                    n if is_builtin(n) => {
                        return Err(self.unsupported(format!("unknown device builtin `{n}`")));
                    }
                    _ => {}
                }
            }
        }
        Ok(grid_sync)
    }

    /// Reads of the device variable `warpSize` (declared by the headers, defined nowhere) become the
    /// launch's warp size.
    fn bind_warp_size_variable(&self, u: &Uniforms) {
        let Some(g) = self
            .m
            .globals()
            .into_iter()
            .find(|g| g.name() == "warpSize")
        else {
            return;
        };
        crate::shim::expand_constant_users(g, self.wg);
        let mut work = vec![g];
        while let Some(v) = work.pop() {
            for user in v.users() {
                if !user.is_instruction() || user.parent_block().parent() != self.wg {
                    continue;
                }
                if user.is_load() && user.ty().int_width() == Some(32) {
                    user.replace_all_uses_with(u.warp_size);
                    user.erase();
                } else if matches!(
                    user.opcode(),
                    llvm_sys::LLVMOpcode::LLVMAddrSpaceCast | llvm_sys::LLVMOpcode::LLVMBitCast
                ) {
                    work.push(user);
                }
            }
        }
    }

    /// Gives each `__shared__` variable the kernel uses its offset in the work-group's local memory.
    #[allow(clippy::type_complexity)] // Reason: a private helper's tuple, named at its one call site.
    fn bind_local_memory(&self, u: &Uniforms) -> Result<(u32, u32, Vec<(Val, u64)>), CompileError> {
        let m = self.m;
        let b = &self.b;
        let mut offset = 0u64;
        let mut dynamic = Vec::new();
        let mut statics = Vec::new();
        for g in m.globals() {
            if g.ty().addrspace() != AS_LOCAL {
                continue;
            }
            crate::shim::expand_constant_users(g, self.wg);
            let uses: Vec<Val> = g
                .users()
                .into_iter()
                .filter(|i| i.is_instruction() && i.parent_block().parent() == self.wg)
                .collect();
            if uses.is_empty() {
                continue;
            }
            if g.is_declaration() || m.size_of(g.global_value_type()) == 0 {
                dynamic.push((g, uses));
            } else {
                statics.push((g, uses));
            }
        }
        b.at_end(self.prologue);
        let base = b.as_cast(u.local_mem, m.ptr(AS_LOCAL));
        let place = |g: Val, uses: Vec<Val>, off: u64| {
            let p = b.gep(m.i8(), base, &[m.const_int(m.i64(), off)]);
            for user in uses {
                user.replace_operand(g, p);
            }
        };
        let mut layout = Vec::new();
        for (g, uses) in statics {
            let ty = g.global_value_type();
            let align = (g.alignment().max(m.align_of(ty)).max(1)) as u64;
            offset = offset.next_multiple_of(align);
            b.at_end(self.prologue);
            let at = match &self.warp {
                // A warp-vectorized clone uses the work-item form's places.
                Some((_, fixed)) => fixed
                    .iter()
                    .find(|(f, _)| *f == g)
                    .map(|(_, o)| *o)
                    .ok_or_else(|| self.unsupported("a __shared__ variable only the clone uses"))?,
                None => offset,
            };
            place(g, uses, at);
            layout.push((g, at));
            offset += m.size_of(ty);
        }
        let static_size = offset;
        let dynamic_offset = static_size.next_multiple_of(DYNAMIC_LOCAL_ALIGN);
        for (g, uses) in dynamic {
            place(g, uses, dynamic_offset);
        }
        let to_u32 = |v: u64| {
            u32::try_from(v)
                .map_err(|_| self.unsupported("static __shared__ memory larger than 4 GiB"))
        };
        Ok((to_u32(static_size)?, to_u32(dynamic_offset)?, layout))
    }
}

/// Whether a pointer may point into a stack slot shared by the work-items of a loop (its base, through
/// GEPs, casts and `reg2mem` spill slots, is an alloca other than a context array — or cannot be told).
fn based_on_alloca(p: Val, context_arrays: &[Val], depth: u32) -> bool {
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

/// Where lanes of a warp meet: left by [`split_barriers`] at each warp exchange.
const WARP_POINT: &str = "__ferrocm_warp_point";
/// A lane's value for the exchange: stored to the lane's slot before the warp point.
const WARP_PUBLISH: &str = "__ferrocm_warp_publish";
/// The warp's lane array after the exchange.
const WARP_RESULT: &str = "__ferrocm_warp_result";
const WARP_EXCHANGE: &str = "__ferrocm_warp_exchange";

/// The two kinds of points that end a parallel region.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CutKind {
    /// `__syncthreads`: every work-item of the group.
    Block,
    /// A warp exchange: the lanes of one warp that reach it together.
    Warp,
}

fn cut_kind(i: Val) -> Option<CutKind> {
    if !i.is_call() {
        return None;
    }
    match callee_name(i).as_deref() {
        Some("__ferrocm_barrier") => Some(CutKind::Block),
        Some(WARP_POINT) => Some(CutKind::Warp),
        _ => None,
    }
}

fn is_cut(i: Val) -> bool {
    cut_kind(i).is_some()
}

/// The declaration of a lowering-internal builtin, added on first use.
fn internal_builtin(m: Module, name: &str, ty: Ty) -> Val {
    m.function(name).unwrap_or_else(|| m.add_function(name, ty))
}

/// Rewrites each `__ferrocm_warp_exchange(v)` into publish (v to the lane's slot), a warp point (a
/// region cut like a barrier, but per warp) and the read of the warp's lane array after it.
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

fn is_lifetime_marker(v: Val) -> bool {
    v.is_call() && callee_name(v).is_some_and(|n| n.starts_with("llvm.lifetime."))
}

/// Module-wide clean-up after all kernels are lowered: export device globals, drop GPU-only attributes.
fn finish_module(m: Module) -> Result<Vec<GlobalMeta>, CompileError> {
    let convergent = Module::enum_attr_kind("convergent");
    for f in m.functions() {
        f.remove_fn_attr(convergent);
        f.remove_fn_string_attr("frame-pointer");
        f.remove_fn_string_attr("uniform-work-group-size");
        for blk in f.blocks() {
            for i in blk.instructions() {
                if i.is_call() {
                    i.remove_call_site_enum_attr(llvm_sys::LLVMAttributeFunctionIndex, convergent);
                }
            }
        }
        if f.is_declaration() {
            // Device code is compiled with hidden visibility; library functions (libm) it still calls
            // must bind to the process's copies.
            f.set_dll_default_visibility();
        }
        if f.name().starts_with("__ferrocm_wg_") {
            f.set_linkage(ir::linkage_external());
            f.set_dll_default_visibility();
        }
    }
    let mut globals = Vec::new();
    for g in m.globals() {
        let as_ = g.ty().addrspace();
        let name = g.name();
        if as_ == AS_LOCAL || name == "warpSize" {
            if g.users().is_empty() {
                g.delete_global();
            }
            continue;
        }
        let exported = matches!(
            g.linkage(),
            llvm_sys::LLVMLinkage::LLVMExternalLinkage
                | llvm_sys::LLVMLinkage::LLVMWeakAnyLinkage
                | llvm_sys::LLVMLinkage::LLVMWeakODRLinkage
                | llvm_sys::LLVMLinkage::LLVMLinkOnceODRLinkage
        );
        if exported
            && !g.is_declaration()
            && !name.starts_with("llvm.")
            && !name.starts_with("__hip_cuid")
        {
            g.set_dll_default_visibility();
            globals.push(GlobalMeta {
                name,
                size: m.size_of(g.global_value_type()),
            });
        }
    }
    Ok(globals)
}
