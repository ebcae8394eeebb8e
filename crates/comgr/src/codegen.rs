//! From clang's device bitcode to a native CPU code object: lowering, optimisation, object code, link.
use crate::error::CompileError;
use crate::{ir, lower};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine,
};
use inkwell::OptimizationLevel;
use kernel_abi::{CodeObject, CodeObjectMeta, CPU_TARGET};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The host CPU the native code is tuned for (part of the cache key).
pub fn host_cpu() -> &'static str {
    static CPU: OnceLock<String> = OnceLock::new();
    CPU.get_or_init(|| {
        format!(
            "{}:{}",
            TargetMachine::get_host_cpu_name().to_string_lossy(),
            TargetMachine::get_host_cpu_features().to_string_lossy()
        )
    })
}

pub(crate) fn host_machine(level: OptimizationLevel) -> Result<TargetMachine, CompileError> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| {
        Target::initialize_native(&InitializationConfig::default())
            .map_err(|e| format!("LLVM native target: {e}"))?;
        llvm_options()
    })
    .clone()
    .map_err(CompileError::Codegen)?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| CompileError::Codegen(e.to_string()))?;
    target
        .create_target_machine(
            &triple,
            &TargetMachine::get_host_cpu_name().to_string_lossy(),
            &TargetMachine::get_host_cpu_features().to_string_lossy(),
            level,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| CompileError::Codegen("cannot create a target machine for the host".into()))
}

/// LLVM's own options from `FERROCM_LLVM_ARGS` (space-separated, as clang's `-mllvm` takes them:
/// `-time-passes`, `-pass-remarks=loop-unroll`, tuning flags), set once per process before any
/// compile: for profiling the device compile and narrowing down an optimizer problem. They are
/// part of the kernel cache's key.
fn llvm_options() -> Result<(), String> {
    let args = llvm_args();
    if args.is_empty() {
        return Ok(());
    }
    let args: Vec<&str> = args.split_whitespace().collect();
    crate::shim::parse_llvm_options(&args).map_err(|e| format!("FERROCM_LLVM_ARGS: {e}"))
}

/// The value of `FERROCM_LLVM_ARGS`, or empty.
pub(crate) fn llvm_args() -> String {
    std::env::var("FERROCM_LLVM_ARGS").unwrap_or_default()
}

/// The unroller for the loops `lower::mark_for_unroll` marked, and only those: no unrolling of
/// its own (clang's pipeline already made those choices for the device code). Then GVN, which
/// merges what the copies load and compute alike: without it the unrolled n-body loop ran no
/// faster (76 ms against 38).
pub(crate) const UNROLL_MARKED: &str =
    "function(loop-unroll<O3;no-partial;no-runtime;no-upperbound;no-profile-peeling;full-unroll-max=0>,gvn)";

pub(crate) fn run_passes(
    module: &Module<'_>,
    passes: &str,
    tm: &TargetMachine,
) -> Result<(), CompileError> {
    module
        .run_passes(passes, tm, PassBuilderOptions::create())
        .map_err(|e| CompileError::Codegen(format!("LLVM passes `{passes}`: {e}")))
}

/// Under `FERROCM_TIME`, how long each stage of the lowering took and how many instructions it
/// left, on stderr: where a slow compile spends its time.
struct Stages {
    on: bool,
    last: std::time::Instant,
}

impl Stages {
    fn new() -> Stages {
        Stages {
            on: std::env::var_os("FERROCM_TIME").is_some(),
            last: std::time::Instant::now(),
        }
    }

    fn done(&mut self, stage: &str, m: ir::Module) {
        if !self.on {
            return;
        }
        let functions = m.functions().iter().filter(|f| !f.is_declaration()).count();
        eprintln!(
            "ferrocm: {stage}: {:.2} s; {functions} functions, {} instructions",
            self.last.elapsed().as_secs_f64(),
            m.instruction_count()
        );
        self.last = std::time::Instant::now();
    }
}

fn dump(module: &Module<'_>, stage: &str) {
    if let Some(dir) = std::env::var_os("FERROCM_DUMP_IR") {
        let dir = PathBuf::from(dir);
        let _ = std::fs::create_dir_all(&dir);
        let _ = module.print_to_file(dir.join(format!("{stage}.ll")));
    }
}

/// Under `FERROCM_DUMP_IR`, the kernels the warp vectorizer left in the work-item form, and why.
fn dump_text(stage: &str, refused: &[(String, String)]) {
    if let Some(dir) = std::env::var_os("FERROCM_DUMP_IR") {
        let dir = PathBuf::from(dir);
        let _ = std::fs::create_dir_all(&dir);
        let text: String = refused
            .iter()
            .map(|(k, why)| format!("{k}: {why}\n"))
            .collect();
        let _ = std::fs::write(dir.join(format!("{stage}.txt")), text);
    }
}

/// How the lowering's output is optimized, from the compile's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lowering {
    /// `-O0`..`-O3` (default `-O3`).
    pub level: u32,
    /// Work-group functions of this many instructions or more are split by region
    /// ([`lower::outline_regions`]); `-D__FERROCM_OUTLINE_MIN_INSTRUCTIONS=N` sets it (the tests
    /// use 0, to run small kernels in the split form).
    pub outline_min: usize,
    /// The lowered module is optimized and compiled in partitions, on several threads, when it
    /// has this many instructions per partition or more ([`SPLIT_MIN_INSTRUCTIONS`]);
    /// `-D__FERROCM_SPLIT_MIN_INSTRUCTIONS=N` sets it (the tests use 1, to split small modules).
    pub split_min: usize,
    /// In a module of this many instructions or more (before the lowering), the work-item form
    /// of a kernel with a warp-vectorized clone is built lean ([`lower::LEAN_MIN_INSTRUCTIONS`]);
    /// `-D__FERROCM_LEAN_MIN_INSTRUCTIONS=N` sets it (the tests use 0).
    pub lean_min: usize,
    /// The most threads (partitions) optimization and code generation use:
    /// `-D__FERROCM_COMPILE_THREADS=N`, else the
    /// `FERROCM_COMPILE_THREADS` variable, else every core.
    pub threads: usize,
}

/// The fewest instructions worth a partition (and a thread) of their own: below it, writing and
/// reading a partition's bitcode costs more than the thread saves.
pub const SPLIT_MIN_INSTRUCTIONS: usize = 20_000;

/// How many threads optimization and code generation may use by default:
/// `FERROCM_COMPILE_THREADS`, else every core.
fn default_threads() -> usize {
    std::env::var("FERROCM_COMPILE_THREADS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl Lowering {
    pub fn from_args(args: &[String]) -> Lowering {
        let define = |name: &str| {
            let prefix = format!("-D{name}=");
            args.iter()
                .rev()
                .find_map(|a| a.strip_prefix(&prefix))
                .and_then(|n| n.parse::<usize>().ok())
        };
        Lowering {
            level: opt_level(args),
            outline_min: define("__FERROCM_OUTLINE_MIN_INSTRUCTIONS")
                .unwrap_or(lower::OUTLINE_MIN_INSTRUCTIONS),
            split_min: define("__FERROCM_SPLIT_MIN_INSTRUCTIONS").unwrap_or(SPLIT_MIN_INSTRUCTIONS),
            lean_min: define("__FERROCM_LEAN_MIN_INSTRUCTIONS")
                .unwrap_or(lower::LEAN_MIN_INSTRUCTIONS),
            threads: define("__FERROCM_COMPILE_THREADS")
                .unwrap_or_else(default_threads)
                .max(1),
        }
    }
}

/// Optimisation level of the native code, from the user's `-O` flag (default `-O3`).
fn opt_level(args: &[String]) -> u32 {
    args.iter()
        .rev()
        .find_map(|a| match a.as_str() {
            "-O0" => Some(0),
            "-O1" => Some(1),
            "-O2" | "-Os" | "-Oz" => Some(2),
            "-O3" | "-O" | "-Ofast" => Some(3),
            _ => None,
        })
        .unwrap_or(3)
}

/// Lowers device bitcode to a code object; `work` is a scratch folder for the link.
pub fn lower_to_code_object(
    bitcode: &[u8],
    how: Lowering,
    work: &Path,
) -> Result<CodeObject, CompileError> {
    lower(bitcode, how, work, false).map(|(co, _)| co)
}

/// [`lower_to_code_object`], also giving the native assembly listing of the lowered device code
/// (what `hipcc -S` shows of the device side).
pub fn lower_with_listing(
    bitcode: &[u8],
    how: Lowering,
    work: &Path,
) -> Result<(CodeObject, String), CompileError> {
    lower(bitcode, how, work, true).map(|(co, asm)| (co, asm.unwrap_or_default()))
}

fn lower(
    bitcode: &[u8],
    how: Lowering,
    work: &Path,
    listing: bool,
) -> Result<(CodeObject, Option<String>), CompileError> {
    let level = how.level;
    let mut stages = Stages::new();
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_memory_range_copy(bitcode, "device");
    let module = ctx
        .create_module_from_ir(buf)
        .map_err(|e| CompileError::Codegen(format!("reading device bitcode: {e}")))?;
    dump(&module, "0-device");
    let wavefront_size = take_wavefront_size(&module);
    crate::amdgcn_asm::run(&module)?;
    crate::amdgcn::run(&module)?;
    let ol = match level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let tm = host_machine(ol)?;
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    let irm = ir::Module {
        m: module.as_mut_ptr(),
        ctx: ctx.raw(),
    };
    stages.done("read", irm);
    crate::divguard::run(irm);
    buffered_printf_status(irm);
    let mut prepared = lower::prepare(irm)?;
    run_passes(&module, "always-inline", &tm)?;
    stages.done("inlined", irm);
    crate::lockstep::run(irm, &prepared.kernels);
    let (versions, refused) = crate::warp_vector::run(irm, &prepared.kernels, wavefront_size);
    prepared.warp_versions = versions;
    stages.done("warp clones", irm);
    crate::reconverge::run(irm, &prepared.kernels);
    prepared.warp_width = wavefront_size;
    dump_text("warp-vector-refused", &refused);
    lower::chunk_block_stride_loops(irm, &prepared);
    if lower::mark_for_unroll(irm, &prepared) > 0 {
        run_passes(&module, UNROLL_MARKED, &tm)?;
    }
    lower::interchange_loops(irm, &prepared);
    lower::split_barriers(irm, &prepared);
    lower::rematerialize(irm, &prepared);
    run_passes(&module, "function(reg2mem)", &tm)?;
    // Only kernels with warp clones have a lean form: other modules skip the count.
    prepared.lean = !prepared.warp_versions.is_empty() && irm.instruction_count() >= how.lean_min;
    stages.done("loop rewrites and reg2mem", irm);
    dump(&module, "1-inlined");
    let lower::Lowered {
        kernels,
        globals,
        dropped,
        regions,
    } = lower::lower_kernels(irm, &prepared)?;
    if !dropped.is_empty() {
        let all: Vec<(String, String)> = refused.into_iter().chain(dropped).collect();
        dump_text("warp-vector-refused", &all);
    }
    // After the lowering: its uniformity analysis and parallel-loop marks must still see these
    // as atomics (a plain load of shared memory is not uniform, nor free of loop-carried
    // dependences, when other work-items of the loop store to it).
    crate::local_atomics::run(irm);
    lower::outline_regions(&regions, how.outline_min);
    stages.done("lowered", irm);
    dump(&module, "2-lowered");
    module.verify().map_err(|e| {
        CompileError::Codegen(format!("lowered IR is invalid: {}", e.to_string_lossy()))
    })?;
    // A large module is split, and its partitions optimized and compiled on threads of their own;
    // a listing (`-S`) is of the whole module.
    let parts = if listing {
        Vec::new()
    } else {
        crate::shim::split_module(module.as_mut_ptr(), how.threads, how.split_min)
    };
    let mut asm = None;
    let objects = if parts.is_empty() {
        optimize(&module, &tm, level, "")?;
        if listing {
            // The listing first: code generation leaves the module fit to generate again.
            let buf = tm
                .write_to_memory_buffer(&module, FileType::Assembly)
                .map_err(|e| {
                    CompileError::Codegen(format!("emitting the assembly listing: {e}"))
                })?;
            asm = Some(String::from_utf8_lossy(buf.as_slice()).into_owned());
        }
        vec![object_code(&module, &tm)?]
    } else {
        crate::split::compile_partitions(&parts, level, ol)?
    };
    if stages.on {
        eprintln!(
            "ferrocm: optimized and compiled: {:.2} s",
            stages.last.elapsed().as_secs_f64()
        );
    }
    let elf = link_shared_object(&objects, work)?;
    let co = CodeObject {
        meta: CodeObjectMeta {
            target: CPU_TARGET.into(),
            wavefront_size,
            kernels,
            globals,
        },
        elf,
    };
    Ok((co, asm))
}

/// The wavefront size the device code was compiled for, which the headers leave in the IR as the
/// constant `__ferrocm_wavefront_size` (removed here); 0 when the module does not say.
fn take_wavefront_size(module: &Module<'_>) -> u32 {
    use inkwell::values::BasicValue;
    let Some(g) = module.get_global("__ferrocm_wavefront_size") else {
        return 0;
    };
    let size = g
        .get_initializer()
        .and_then(|v| match v {
            inkwell::values::BasicValueEnum::IntValue(i) => i.get_zero_extended_constant(),
            _ => None,
        })
        .map_or(0, |v| v as u32);
    if g.as_pointer_value().get_first_use().is_none() {
        // SAFETY: nothing refers to the global.
        unsafe { g.delete() };
    }
    size
}

/// The constant the headers leave in device code built with `-mprintf-kind=buffered`.
pub(crate) const PRINTF_BUFFERED_GLOBAL: &str = "__ferrocm_printf_buffered";

/// Under `-mprintf-kind=buffered`, device `printf` returns 0 when its output was taken and -1
/// when not (the dispatch's printf FIFO is full), as AMD's printf buffer does, instead of the
/// number of bytes printed: each call's value is mapped so before the lowering binds it to the
/// printf service (which it tells to count the FIFO; the constant stays for that).
fn buffered_printf_status(m: ir::Module) {
    if m.global(PRINTF_BUFFERED_GLOBAL).is_none() {
        return;
    }
    let Some(printf) = m.function("printf") else {
        return;
    };
    let i32t = m.i32();
    let zero = m.const_int(i32t, 0);
    let minus_one = m.const_int(i32t, u64::from(u32::MAX));
    let b = m.builder();
    for call in printf.users() {
        if !call.is_call() || call.called_function() != Some(printf) {
            continue;
        }
        let users = call.users();
        if users.is_empty() {
            continue;
        }
        match call.next_instruction() {
            Some(next) => b.before(next),
            None => b.at_end(call.parent_block()),
        };
        let failed = b.icmp(ir::IntPredicate::LLVMIntSLT, call, zero);
        let status = b.select(failed, minus_one, zero);
        for u in users {
            u.replace_operand(call, status);
        }
    }
}

/// LLVM's optimization pipeline at `level`, then the masked-memory and wide-mask rewrites for
/// the host's vector features; `part` names the partition in the dump of the result.
pub(crate) fn optimize(
    module: &Module<'_>,
    tm: &TargetMachine,
    level: u32,
    part: &str,
) -> Result<(), CompileError> {
    run_passes(module, &format!("default<O{}>", level.min(3)), tm)?;
    let features = tm.get_feature_string().to_string_lossy().into_owned();
    let irm = ir::Module {
        m: module.as_mut_ptr(),
        ctx: module.get_context().raw(),
    };
    let native = crate::masked_memory::Native::from_features(&features);
    crate::masked_memory::run(irm, native);
    crate::wide_masks::run(irm, native.narrow_masked);
    dump(module, &format!("3-optimized{part}"));
    Ok(())
}

pub(crate) fn object_code(
    module: &Module<'_>,
    tm: &TargetMachine,
) -> Result<Vec<u8>, CompileError> {
    let obj = tm
        .write_to_memory_buffer(module, FileType::Object)
        .map_err(|e| CompileError::Codegen(format!("emitting object code: {e}")))?;
    Ok(obj.as_slice().to_vec())
}

/// Links object files into a shared object the CPU agent can load (libm and libc resolved).
fn link_shared_object(objects: &[Vec<u8>], work: &Path) -> Result<Vec<u8>, CompileError> {
    let so = work.join("kernels.so");
    let mut paths = Vec::with_capacity(objects.len());
    for (k, obj) in objects.iter().enumerate() {
        let o = work.join(format!("kernels{k}.o"));
        std::fs::write(&o, obj).map_err(|e| CompileError::Io(format!("{}: {e}", o.display())))?;
        paths.push(o);
    }
    let clang = crate::clang::clang_path();
    let out = Command::new(&clang)
        .args([
            "-shared",
            "-fuse-ld=lld",
            "-Wl,-z,defs",
            "-Wl,--gc-sections",
            // Each code object's symbols are its own (as on a GPU): a partition's direct
            // reference to another's device global binds inside the object.
            "-Wl,-Bsymbolic",
            "-o",
        ])
        .arg(&so)
        .args(&paths)
        .arg("-lm")
        .output()
        .map_err(|e| {
            CompileError::Toolchain(format!("cannot run {} to link ({e})", clang.display()))
        })?;
    if !out.status.success() {
        return Err(CompileError::Codegen(format!(
            "linking native kernel code failed:\n{}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    std::fs::read(&so).map_err(|e| CompileError::Io(format!("{}: {e}", so.display())))
}
