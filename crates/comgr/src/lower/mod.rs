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
//! exchange and run on.
//!
//! Steps, in order: [`prepare`] (retarget, mark every device function for inlining), then after
//! inlining [`split_barriers`] and [`rematerialize`], then after `reg2mem` [`lower_kernels`], which
//! runs [`KernelLowering::run`] per kernel. The passes, one to a file: region formation
//! (`regions`), rematerialization (`remat`), context arrays (`context`, with the uniformity
//! analysis of `crate::uniform`), the lock-step work-item loops (`item_loops`), the scheduled form
//! and the warp-vectorized clone's dispatch (`warp_schedule`), and intrinsic binding (`builtins`).
//! Each has golden-file tests under the crate's `golden/<pass>/`.
use crate::device_calls;
use crate::error::CompileError;
use crate::ir::{self, Block, Builder, IntPredicate, Module, Ty, Val};
use kernel_abi::{ctx_offsets, ArgKind, ArgMeta, GlobalMeta, KernelMeta, WG_STATUS_ABORT};
use kernel_abi::{WG_STATUS_DIVERGENT_BARRIER, WG_STATUS_OK};
use std::collections::HashMap;

mod block_stride;
mod builtins;
mod context;
mod interchange;
mod item_loops;
mod outline;
mod regions;
mod remat;
mod warp_schedule;

use builtins::Uniforms;
use context::{based_on_alloca, Shared};
pub use interchange::{chunk_block_stride_loops, interchange_loops, mark_for_unroll};
use item_loops::Nest;
pub use outline::{outline_regions, RegionEntries, OUTLINE_MIN_INSTRUCTIONS};
pub use regions::split_barriers;
use regions::{is_cut, reaches_return_and_cut, reconverges_before_cut, CutKind};
use regions::{Region, RegionPlan};
use regions::{WARP_EXCHANGE, WARP_PUBLISH, WARP_RESULT};
pub use remat::rematerialize;
use warp_schedule::lower_warp_version;

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

/// Symbol of kernel `name`'s work-item form when a warp-vectorized clone sits beside it (the
/// work-group function is then the dispatch between the two).
pub fn items_symbol(name: &str) -> String {
    format!("{}.items", wg_symbol(name))
}

/// The kernels of a device module, before lowering.
pub struct Prepared {
    pub kernels: Vec<String>,
    /// Warp-vectorized clones of kernels (`warp_vector`), with their warp size.
    pub warp_versions: Vec<crate::warp_vector::WarpVersion>,
    pub warp_width: u32,
    /// Build the work-item forms of kernels with warp-vectorized clones lean (see
    /// [`LEAN_MIN_INSTRUCTIONS`]).
    pub lean: bool,
}

/// The smallest module (in instructions, before the lowering) whose kernels with warp-vectorized
/// clones get a lean work-item form. That form runs only launches the clone cannot take (a block
/// of several dimensions whose x extent is not a multiple of the warp size), and it is half the
/// code without its lock-step copy of each region: a rocThrust test file lowered to 33% fewer
/// instructions and optimized and compiled in 44% less time. Those launches then run about 1.13x slower; small
/// modules, which compile quickly anyway, keep the whole form.
pub const LEAN_MIN_INSTRUCTIONS: usize = 200_000;

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
        lean: false,
    })
}

/// What [`lower_kernels`] made.
pub struct Lowered {
    pub kernels: Vec<KernelMeta>,
    pub globals: Vec<GlobalMeta>,
    /// The warp-vectorized clones the lowering dropped, and why.
    pub dropped: Vec<(String, String)>,
    /// Each work-group function's regions, for [`outline_regions`].
    pub regions: Vec<RegionEntries>,
}

/// Lowers every kernel into a work-group function. Runs after inlining and `reg2mem`.
pub fn lower_kernels(m: Module, prepared: &Prepared) -> Result<Lowered, CompileError> {
    let ctx_slot = device_calls::run(m, &prepared.bodies())?;
    let bounds = take_launch_bounds(m);
    let mut metas = Vec::new();
    let mut dropped = Vec::new();
    let mut regions = Vec::new();
    for name in &prepared.kernels {
        let f = m.function(name).ok_or_else(|| CompileError::Unsupported {
            kernel: name.clone(),
            message: "kernel vanished during inlining".into(),
        })?;
        let version = prepared.warp_versions.iter().find(|v| &v.kernel == name);
        // Where the warp clone takes the kernel's usual launches, the work-item form only runs
        // the rest, and may be built lean. Should the clone be dropped, the work-item form runs
        // every launch, and is built again, whole, from this copy.
        let lean = prepared.lean && version.is_some();
        let whole =
            lean.then(|| crate::shim::clone_function(f, &format!("{name}.__ferrocm_whole")));
        let mut lowering = KernelLowering::new(m, f, name, ctx_slot, None)?;
        lowering.lean = lean;
        let (mut meta, layout, mut items) = lowering.run()?;
        if let Some(v) = version {
            match lower_warp_version(m, v, prepared.warp_width, ctx_slot, &meta, layout)? {
                Ok(clone) => {
                    regions.push(clone);
                    if lean {
                        // The rare launches it serves do not pay for vectorized loops with
                        // unrolled remainders: `optsize` cuts what is left to compile of it by a
                        // third, and costs those launches about 1%.
                        if let Some(items) = m.function(&items_symbol(name)) {
                            items.add_fn_attr(m.ctx, Module::enum_attr_kind("optsize"));
                        }
                    }
                }
                Err(why) => {
                    dropped.push((name.clone(), why));
                    if let Some(whole) = whole {
                        if let Some(lean) = m.function(&meta.symbol) {
                            lean.delete_function();
                        }
                        (meta, _, items) =
                            KernelLowering::new(m, whole, name, ctx_slot, None)?.run()?;
                    }
                }
            }
        }
        if let Some(whole) = whole {
            whole.delete_function();
        }
        meta.max_threads_per_block = bounds.get(name).copied();
        regions.push(items);
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
    Ok(Lowered {
        kernels: metas,
        globals,
        dropped,
        regions,
    })
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

/// Where each `__shared__` variable lies in the work-group's local memory.
type SharedLayout = Vec<(Val, u64)>;

/// A built form: its first block, whether it syncs the grid, its regions' entries, and the blocks
/// between regions (see [`outline_regions`]).
type Built = (Block, bool, Vec<Block>, Vec<Block>);

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
    /// The work-item form of a kernel whose warp clone runs its usual launches: the scheduled
    /// form leaves out its lock-step copy of each region.
    lean: bool,
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
            lean: false,
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
    fn run(self) -> Result<(KernelMeta, SharedLayout, RegionEntries), CompileError> {
        let m = self.m;
        let (args, kernarg_size, kernarg_align, byval_copies) = self.bind_arguments()?;
        let u = self.load_uniforms();
        let body = self.move_body()?;
        let entry = body[0];
        // By-value struct arguments the kernel writes to: each work-item starts from its own copy,
        // filled before the kernel's first instruction. The copy's alloca may become a context
        // slot, which rewrites this use with the others.
        let i64t = m.i64();
        if let Some(first) = entry.first_instruction() {
            self.b.before(first);
            for (dst, src, size, align) in byval_copies {
                self.b
                    .memcpy(dst, align, src, align, m.const_int(i64t, size));
            }
        }
        let cuts = self.take_cuts(&body);
        let barriers = cuts.iter().filter(|c| c.2 == CutKind::Block).count();
        let has_warp_cuts = cuts.iter().any(|c| c.2.is_warp());
        // The kernel's blocks plus those the barrier split made: everything but the frame around them.
        let fixed = [self.prologue, self.exit, self.abort];
        let body: Vec<Block> = self
            .wg
            .blocks()
            .into_iter()
            .filter(|b| !fixed.contains(b))
            .collect();
        let ret_id = cuts.len() as u32 + 1;
        let plan = RegionPlan::new(entry, &cuts);
        let placement = self.place_live_slots(&body, &cuts, &plan, has_warp_cuts);
        let scheduled = placement.scheduled;
        let regions = self.form_regions(plan, &body, ret_id);

        let b = &self.b;
        b.at_end(self.prologue);
        let total = {
            let bx = b.zext(u.items[0], i64t);
            let by = b.zext(u.items[1], i64t);
            let bz = b.zext(u.items[2], i64t);
            b.mul(b.mul(bx, by), bz)
        };
        let (arrays, uniform_arrays) = self.context_arrays(&placement, total);
        let divergent = m.append_block(self.wg, "wg.divergent");
        b.at_end(divergent)
            .ret(m.const_int(m.i32(), WG_STATUS_DIVERGENT_BARRIER as u64));
        let (per_wi, uniform_slots) = (placement.per_wi, placement.uniform);
        let shared = Shared {
            arrays: &arrays,
            per_wi: &per_wi,
            uniform_arrays: &uniform_arrays,
            uniform: &uniform_slots,
        };
        let (start_block, grid_sync, entries, mut stops) = if scheduled {
            let kinds: Vec<CutKind> = cuts.iter().map(|c| c.2).collect();
            self.build_scheduled(&u, &regions, &kinds, total, &shared, divergent)?
        } else {
            self.build_lockstep(&u, &regions, ret_id, &shared, divergent)?
        };
        stops.extend([self.prologue, self.exit, self.abort, divergent]);
        for a in per_wi.iter().chain(&uniform_slots) {
            a.erase();
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
        let regions = RegionEntries {
            wg: self.wg,
            entries,
            stops,
        };
        Ok((meta, layout, regions))
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

/// The lowering as `codegen` runs it, up to a stage, for the passes' golden-file tests.
#[cfg(test)]
mod testing {
    use super::*;

    /// How far [`lower_to`] goes.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    pub(super) enum Stage {
        /// `prepare`, inlining and [`interchange_loops`].
        Interchange,
        /// Then [`split_barriers`].
        Regions,
        /// Then [`rematerialize`].
        Remat,
        /// Then `reg2mem` and [`lower_kernels`]: the work-group functions.
        Lowered,
        /// Then [`outline_regions`], whatever the functions' size.
        Outlined,
    }

    /// Runs the lowering on a golden case up to `stage`. `warp`: also build warp-vectorized
    /// clones at that width, as `codegen` does for kernels with warp exchanges (cases named
    /// `vector_lean*`: with lean work-item forms, as in a large module). Gives, as notes,
    /// each kernel's metadata and the clones dropped.
    pub(super) fn lower_to(
        module: &inkwell::module::Module,
        m: Module,
        stage: Stage,
        warp: Option<u32>,
    ) -> Result<Vec<String>, String> {
        let tm = crate::codegen::host_machine(inkwell::OptimizationLevel::None)
            .map_err(|e| e.to_string())?;
        let passes =
            |p: &str| crate::codegen::run_passes(module, p, &tm).map_err(|e| e.to_string());
        let mut prepared = prepare(m).map_err(|e| e.to_string())?;
        passes("always-inline")?;
        let mut notes = Vec::new();
        if let Some(width) = warp {
            let (versions, refused) = crate::warp_vector::run(m, &prepared.kernels, width);
            notes.extend(
                refused
                    .iter()
                    .map(|(k, why)| format!("{k}: not vectorized: {why}")),
            );
            prepared.warp_versions = versions;
            prepared.warp_width = width;
            prepared.lean = module.get_name().to_bytes().starts_with(b"vector_lean");
        }
        chunk_block_stride_loops(m, &prepared);
        if mark_for_unroll(m, &prepared) > 0 {
            passes(crate::codegen::UNROLL_MARKED)?;
        }
        interchange_loops(m, &prepared);
        if stage == Stage::Interchange {
            return Ok(notes);
        }
        split_barriers(m, &prepared);
        if stage >= Stage::Remat {
            rematerialize(m, &prepared);
        }
        if stage >= Stage::Lowered {
            passes("function(reg2mem)")?;
            let Lowered {
                kernels,
                globals,
                dropped,
                regions,
            } = lower_kernels(m, &prepared).map_err(|e| e.to_string())?;
            if stage == Stage::Outlined {
                let moved = outline_regions(&regions, 0);
                notes.push(format!("{moved} regions outlined"));
            }
            for k in kernels {
                let args: Vec<String> = k
                    .args
                    .iter()
                    .map(|a| format!("{:?}@{}:{}/{}", a.kind, a.offset, a.size, a.align))
                    .collect();
                notes.push(format!(
                    "{} -> {}: args [{}], kernarg {} align {}, local {} (dynamic at {}), barriers {}, grid sync {}",
                    k.name,
                    k.symbol,
                    args.join(", "),
                    k.kernarg_size,
                    k.kernarg_align,
                    k.static_local_size,
                    k.dynamic_local_offset,
                    k.barriers,
                    k.grid_sync
                ));
            }
            notes.extend(
                globals
                    .iter()
                    .map(|g| format!("global {}: {} bytes", g.name, g.size)),
            );
            notes.extend(
                dropped
                    .iter()
                    .map(|(k, why)| format!("{k}: clone dropped: {why}")),
            );
        }
        Ok(notes)
    }
}
