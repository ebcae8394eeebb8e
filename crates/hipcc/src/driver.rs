//! `hipcc`: the HIP compiler driver.
//!
//! Per HIP source file: the device side is compiled by comgr for the offload target(s) and the code object
//! is put in a clang offload bundle; clang-19 then compiles the host side (`--cuda-host-only`) with that
//! bundle embedded (`-fcuda-include-gpubinary`), so the object carries the `__hipRegisterFatBinary` /
//! `__hipRegisterFunction` calls the runtime answers. Linking adds the prefix's `libamdhip64.so` and an
//! rpath to it. Like ROCm's hipcc, `.cpp`/`.cc`/`.cxx` files are HIP unless `HIP_COMPILE_CXX_AS_HIP=0`.
//! CUDA files (`.cu`, or `-x cu`/`-x cuda`) are translated to HIP on the fly by the `hipify` library (as
//! `hipify` would, the launch syntax kept), with their local headers, and compiled as HIP; `-save-temps`
//! keeps the translation as `NAME.cu.hip` (and `NAME.cu.hipified/` with the headers).
//!
//! [`parse`] turns the command line into [`Options`] (every flag error is found here, before anything
//! runs); [`run`] carries them out.

use crate::prefix::Prefix;
use kernel_abi::bundle;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why hipcc stopped.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DriverError {
    /// A bad command line, a missing file or a missing part of the install: one line, printed as
    /// `hipcc: error: ...`.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing a file failed.
    #[error("{0}")]
    Io(String),
    /// The compiler rejected the source; its diagnostics are already printed.
    #[error("compilation failed")]
    Diagnosed,
    /// A tool (clang, the linker) failed; its output is already printed.
    #[error("{tool} failed with exit status {status}")]
    ToolFailed { tool: String, status: i32 },
}

impl DriverError {
    /// The process exit status for this error.
    pub fn exit_status(&self) -> i32 {
        match self {
            DriverError::ToolFailed { status, .. } if *status != 0 => *status,
            _ => 1,
        }
    }
}

fn usage(msg: impl Into<String>) -> DriverError {
    DriverError::Usage(msg.into())
}

/// The language an input is compiled as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lang {
    /// HIP: device compile + host compile with the embedded bundle.
    Hip,
    /// CUDA: translated to HIP by hipify, then compiled as HIP.
    Cuda,
    /// Host-only C++ (may include `hip/hip_runtime.h`).
    Cxx,
    /// Host-only C.
    C,
    /// Another clang input (assembly, LLVM IR...), compiled by clang as it is; `Some(lang)` from `-x`.
    Other(Option<String>),
    /// An object, archive or shared library: goes to the linker.
    Link,
}

/// One input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub path: PathBuf,
    pub lang: Lang,
}

/// What the invocation produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Compile and link (the default).
    Link,
    /// `-c`: objects only.
    Compile,
    /// `-E`, `-M`, `-MM`: preprocess (host pass) only.
    Preprocess,
    /// `-fsyntax-only`: check each source, host and device passes, writing nothing.
    SyntaxOnly,
    /// `--genco`: the device code object only (for `hipModuleLoad`).
    Genco,
    /// `--cuda-device-only` with `-c`, `-S` or `-emit-llvm`: the device LLVM IR of each source, as the
    /// device pass of clang gives it (before the CPU lowering), as bitcode or, with `-S`, as text.
    DeviceIr { text: bool },
}

/// One linker-line item, in command-line order (so `-l`/`.a` after the objects needing them still work).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkItem {
    /// The object of input `n` (its own path for a link input).
    Input(usize),
    Arg(String),
}

/// The parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub inputs: Vec<Input>,
    pub output: Option<PathBuf>,
    pub phase: Phase,
    /// `--offload-arch=` values (validated), in order, without repeats.
    pub offload_archs: Vec<String>,
    /// Flags for the device compile (and the host compile): `-D -U -I -std= -O -W -include ...`.
    pub device_args: Vec<String>,
    /// Flags for the host compile only (and the shared ones above).
    pub host_args: Vec<String>,
    /// Dependency-file flags (`-MD -MMD -MF -MT -MQ -MP`), host compile only.
    pub dep_args: Vec<String>,
    pub link: Vec<LinkItem>,
    /// `-v`: print each command, then run it.
    pub verbose: bool,
    /// `-###`: print each command, run nothing.
    pub dry_run: bool,
    /// `-save-temps`: keep the intermediate files in the current folder.
    pub save_temps: bool,
    /// `--version`.
    pub version: bool,
    /// `-h` / `--help`.
    pub help: bool,
    /// `-fgpu-rdc`: relocatable device code; device code of all translation units is linked at link time.
    pub rdc: bool,
    /// `--cuda-host-only` / `--offload-host-only`: the host side of HIP sources alone, with no
    /// device code embedded (as clang's own flag).
    pub host_only: bool,
}

/// The CPU device's offload target (what every accepted `--offload-arch` compiles for today).
pub const DEFAULT_OFFLOAD_ARCH: &str = kernel_abi::CPU_TARGET;

/// Whether `name` is an `--offload-arch` value hipcc accepts: a CPU device name, or an AMD (`gfx90a`,
/// `gfx90a:xnack-`) or NVIDIA (`sm_80`) architecture, whose code runs on the CPU device until GPU agents
/// exist.
pub fn is_valid_offload_arch(name: &str) -> bool {
    if comgr::CPU_ARCH_NAMES.contains(&name) {
        return true;
    }
    let mut parts = name.split(':');
    let base = parts.next().unwrap_or_default();
    let features_ok = parts.all(|f| {
        f.len() > 1
            && (f.ends_with('+') || f.ends_with('-'))
            && f[..f.len() - 1].chars().all(|c| c.is_ascii_alphanumeric())
    });
    let gfx = base
        .strip_prefix("gfx")
        .is_some_and(|v| (3..=4).contains(&v.len()) && v.chars().all(|c| c.is_ascii_hexdigit()));
    let sm = base.strip_prefix("sm_").is_some_and(|v| {
        let digits = v.strip_suffix('a').unwrap_or(v);
        (2..=3).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit())
    });
    features_ok && (gfx || sm)
}

fn lang_from_x(x: &str) -> Result<Option<Lang>, DriverError> {
    Ok(Some(match x {
        "none" => return Ok(None),
        "hip" => Lang::Hip,
        "cu" | "cuda" => Lang::Cuda,
        "c++" => Lang::Cxx,
        "c" => Lang::C,
        "assembler" | "assembler-with-cpp" | "ir" | "c-header" | "c++-header" | "cpp-output"
        | "c++-cpp-output" => Lang::Other(Some(x.to_string())),
        other => return Err(usage(format!("language not recognized: '{other}'"))),
    }))
}

/// The language of `path` from its extension (`-x` aside). `.cpp`-like files are HIP when
/// `cxx_as_hip` (ROCm's `HIP_COMPILE_CXX_AS_HIP`, default on).
pub fn lang_from_extension(path: &Path, cxx_as_hip: bool) -> Lang {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "hip" => Lang::Hip,
        "cu" => Lang::Cuda,
        "cpp" | "cc" | "cxx" | "C" | "c++" | "cp" | "CPP" => {
            if cxx_as_hip {
                Lang::Hip
            } else {
                Lang::Cxx
            }
        }
        "c" => Lang::C,
        "s" | "S" | "ll" | "bc" | "i" | "ii" => Lang::Other(None),
        _ => Lang::Link,
    }
}

/// Whether `input` is device LLVM IR (`.ll`, `.bc`, or `-x ir`) rather than a source.
pub fn is_device_ir(input: &Input) -> bool {
    match &input.lang {
        Lang::Other(Some(x)) => x == "ir",
        Lang::Other(None) => input
            .path
            .extension()
            .is_some_and(|e| e == "ll" || e == "bc"),
        _ => false,
    }
}

fn is_linker_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".o") || name.ends_with(".a") || name.ends_with(".so") || name.contains(".so.")
}

/// Parses hipcc's command line (without the program name). `cxx_as_hip` is `HIP_COMPILE_CXX_AS_HIP`.
pub fn parse(args: &[String], cxx_as_hip: bool) -> Result<Options, DriverError> {
    let mut o = Options {
        inputs: Vec::new(),
        output: None,
        phase: Phase::Link,
        offload_archs: Vec::new(),
        device_args: Vec::new(),
        host_args: Vec::new(),
        dep_args: Vec::new(),
        link: Vec::new(),
        verbose: false,
        dry_run: false,
        save_temps: false,
        version: false,
        help: false,
        rdc: false,
        host_only: false,
    };
    let (mut c, mut e, mut genco, mut shared) = (false, false, false, false);
    let mut syntax_only = false;
    let (mut device_only, mut emit_llvm, mut asm) = (false, false, false);
    let mut x_lang: Option<Lang> = None;
    let mut it = args.iter().peekable();
    // The value of a flag given as `-F value` or `-Fvalue`.
    fn value<'a>(
        flag: &str,
        arg: &'a str,
        it: &mut std::iter::Peekable<std::slice::Iter<'a, String>>,
    ) -> Result<String, DriverError> {
        if arg.len() > flag.len() {
            return Ok(arg[flag.len()..].to_string());
        }
        it.next().cloned().ok_or_else(|| {
            usage(format!(
                "argument to '{flag}' is missing (expected 1 value)"
            ))
        })
    }
    while let Some(arg) = it.next() {
        let a = arg.as_str();
        match a {
            "-c" => c = true,
            "-E" => e = true,
            "-fsyntax-only" => syntax_only = true,
            "-M" | "-MM" => {
                e = true;
                o.host_args.push(a.into());
            }
            "--genco" => genco = true,
            "-shared" => {
                shared = true;
                o.link.push(LinkItem::Arg(a.into()));
            }
            "-v" => o.verbose = true,
            "-###" => o.dry_run = true,
            "-save-temps" | "--save-temps" | "-save-temps=cwd" => o.save_temps = true,
            "--version" => o.version = true,
            "-h" | "--help" => o.help = true,
            "-fgpu-rdc" => o.rdc = true,
            "-fno-gpu-rdc" => o.rdc = false,
            "--cuda-device-only" | "--offload-device-only" => device_only = true,
            "-emit-llvm" => emit_llvm = true,
            "-S" => asm = true,
            "--cuda-host-only" | "--offload-host-only" => o.host_only = true,
            "--hip-link" | "-nogpuinc" | "-nogpulib" => {}
            "-MD" | "-MMD" | "-MP" | "-MG" => o.dep_args.push(a.into()),
            "-MF" | "-MT" | "-MQ" => {
                let v = value(a, a, &mut it)?;
                o.dep_args.extend([a.to_string(), v]);
            }
            "-Xclang" | "-Xarch_host" => {
                let v = value(a, a, &mut it)?;
                o.host_args.extend([a.to_string(), v]);
            }
            "-Xarch_device" => {
                let v = value(a, a, &mut it)?;
                o.device_args.push(v);
            }
            "-Xlinker" => {
                let v = value(a, a, &mut it)?;
                o.link.push(LinkItem::Arg(a.into()));
                o.link.push(LinkItem::Arg(v));
            }
            "-" => {
                return Err(usage(
                    "reading a source from standard input is not supported",
                ))
            }
            _ if a.starts_with("-o") => {
                if o.output.is_some() {
                    return Err(usage("-o given more than once"));
                }
                o.output = Some(PathBuf::from(value("-o", a, &mut it)?));
            }
            _ if a.starts_with("-x") => {
                x_lang = lang_from_x(&value("-x", a, &mut it)?)?;
            }
            _ if a.starts_with("--offload-arch=")
                || a.starts_with("--amdgpu-target=")
                || a.starts_with("--cuda-gpu-arch=") =>
            {
                let v = a.split_once('=').map_or("", |(_, v)| v);
                for name in v.split(',') {
                    if !is_valid_offload_arch(name) {
                        return Err(usage(format!(
                            "unknown offload architecture '{name}' (accepted: {}, gfx* and sm_* names)",
                            comgr::CPU_ARCH_NAMES.join(", ")
                        )));
                    }
                    if !o.offload_archs.iter().any(|x| x == name) {
                        o.offload_archs.push(name.to_string());
                    }
                }
            }
            // Preprocessor and language flags: both sides must see the same code.
            _ if [
                "-I",
                "-D",
                "-U",
                "-isystem",
                "-iquote",
                "-idirafter",
                "-include",
                "-imacros",
            ]
            .iter()
            .any(|f| a.starts_with(f)) =>
            {
                let flag = [
                    "-isystem",
                    "-iquote",
                    "-idirafter",
                    "-include",
                    "-imacros",
                    "-I",
                    "-D",
                    "-U",
                ]
                .into_iter()
                .find(|f| a.starts_with(f))
                .unwrap_or("-I");
                let v = value(flag, a, &mut it)?;
                if flag.len() == 2 {
                    o.device_args.push(format!("{flag}{v}"));
                } else {
                    o.device_args.extend([flag.to_string(), v]);
                }
            }
            // The device code's wavefront size (ROCm's flags); the host pass sees it as
            // __AMDGCN_WAVEFRONT_SIZE through `host_wavefront_define`.
            "-mwavefrontsize64" | "-mno-wavefrontsize64" => o.device_args.push(a.into()),
            // AMD's device-printf scheme (what device printf returns): the device compile's.
            _ if a.starts_with("-mprintf-kind=") => o.device_args.push(a.into()),
            _ if a.starts_with("-std=")
                || a.starts_with("-O")
                || a == "-w"
                || a.starts_with("-ffp-contract=")
                || matches!(
                    a,
                    "-ffast-math"
                        | "-fno-fast-math"
                        | "-ffinite-math-only"
                        | "-fno-finite-math-only"
                        | "-funsafe-math-optimizations"
                        | "-fno-unsafe-math-optimizations"
                )
                || (a.starts_with("-W")
                    && !a.starts_with("-Wl,")
                    && !a.starts_with("-Wa,")
                    && !a.starts_with("-Wp,")) =>
            {
                o.device_args.push(a.into())
            }
            // Code-generation flags of the host object only.
            _ if a.starts_with("-g")
                || a.starts_with("-Wa,")
                || a.starts_with("-Wp,")
                || matches!(
                    a,
                    "-fPIC" | "-fpic" | "-fPIE" | "-fpie" | "-fno-pic" | "-fno-pie"
                ) =>
            {
                o.host_args.push(a.into())
            }
            // Linker flags, kept in place among the inputs.
            _ if a.starts_with("-l")
                || a.starts_with("-L")
                || a.starts_with("-Wl,")
                || a.starts_with("-fuse-ld=")
                || matches!(
                    a,
                    "-static"
                        | "-rdynamic"
                        | "-pie"
                        | "-no-pie"
                        | "-s"
                        | "-static-libstdc++"
                        | "-static-libgcc"
                        | "-nostdlib"
                        | "-nodefaultlibs"
                ) =>
            {
                if a == "-l" || a == "-L" {
                    let v = value(a, a, &mut it)?;
                    o.link.push(LinkItem::Arg(format!("{a}{v}")));
                } else {
                    o.link.push(LinkItem::Arg(a.into()));
                }
            }
            // Unknown flags go to clang, on the host compile and the link (like ROCm's hipcc).
            _ if a.starts_with('-') => {
                o.host_args.push(a.into());
                o.link.push(LinkItem::Arg(a.into()));
            }
            _ => {
                let path = PathBuf::from(a);
                let lang = match &x_lang {
                    Some(l) if !is_linker_file(&path) => l.clone(),
                    _ => lang_from_extension(&path, cxx_as_hip),
                };
                o.link.push(LinkItem::Input(o.inputs.len()));
                o.inputs.push(Input { path, lang });
            }
        }
    }
    if o.version || o.help {
        return Ok(o);
    }
    if genco && (c || e) {
        return Err(usage(format!(
            "--genco and {} cannot be used together",
            if c { "-c" } else { "-E" }
        )));
    }
    if genco && shared {
        return Err(usage("--genco and -shared cannot be used together"));
    }
    if device_only && o.host_only {
        return Err(usage(
            "--cuda-device-only and --cuda-host-only cannot be used together",
        ));
    }
    if device_only && e {
        return Err(usage(
            "--cuda-device-only with -E is not supported (the device pass is not preprocessed apart)",
        ));
    }
    if !device_only {
        // Host-side meanings: clang's, as before.
        for (set, flag) in [(emit_llvm, "-emit-llvm"), (asm, "-S")] {
            if set {
                o.host_args.push(flag.into());
                o.link.push(LinkItem::Arg(flag.into()));
            }
        }
    }
    o.phase = if device_only && !genco && (c || asm || emit_llvm) {
        Phase::DeviceIr { text: asm }
    } else if genco || device_only {
        // `--cuda-device-only` alone writes the code object, as `--genco` (ROCm's hipcc spells `--genco`
        // that way).
        Phase::Genco
    } else if e {
        Phase::Preprocess
    } else if syntax_only {
        Phase::SyntaxOnly
    } else if c || asm {
        // `-S` stops after the assembly listing, with or without `-c`, as with clang.
        Phase::Compile
    } else {
        Phase::Link
    };
    if o.inputs.is_empty() {
        return Err(usage("no input files"));
    }
    let sources = o.inputs.iter().filter(|i| i.lang != Lang::Link).count();
    match o.phase {
        Phase::Genco => {
            let ir = o.inputs.iter().filter(|i| is_device_ir(i)).count();
            let one_source = o.inputs.len() == 1 && o.inputs[0].lang != Lang::Link;
            if !(one_source || (ir > 0 && ir == o.inputs.len())) {
                return Err(usage(
                    "--genco needs exactly one HIP source file, or device IR files (.ll, .bc) to link",
                ));
            }
        }
        Phase::DeviceIr { .. } => {
            if o.inputs.len() > 1 && o.output.is_some() {
                return Err(usage(
                    "cannot specify -o when generating multiple output files",
                ));
            }
            if let Some(i) = o
                .inputs
                .iter()
                .find(|i| !matches!(i.lang, Lang::Hip | Lang::Cuda) && !is_device_ir(i))
            {
                return Err(usage(format!(
                    "{}: --cuda-device-only compiles HIP and CUDA sources and device IR (.ll, .bc) only",
                    i.path.display()
                )));
            }
        }
        Phase::Compile | Phase::Preprocess | Phase::SyntaxOnly => {
            if sources > 1 && o.output.is_some() {
                return Err(usage(
                    "cannot specify -o when generating multiple output files",
                ));
            }
            if sources == 0 {
                return Err(usage(
                    "no source files to compile (only linker inputs given)",
                ));
            }
        }
        Phase::Link => {}
    }
    if o.offload_archs.is_empty() {
        o.offload_archs.push(DEFAULT_OFFLOAD_ARCH.to_string());
    }
    Ok(o)
}

/// What the driver needs from its surroundings.
#[derive(Debug, Clone)]
pub struct Env {
    pub prefix: Prefix,
    /// The clang executable (`FERROCM_CLANG`, else `clang-19`).
    pub clang: PathBuf,
    /// `HIP_COMPILE_CXX_AS_HIP` (default true).
    pub cxx_as_hip: bool,
}

impl Env {
    pub fn from_process() -> Env {
        Env {
            prefix: Prefix::discover(),
            clang: comgr::clang_path(),
            cxx_as_hip: std::env::var("HIP_COMPILE_CXX_AS_HIP").map_or(true, |v| v.trim() != "0"),
        }
    }
}

/// A scratch folder for intermediates, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, DriverError> {
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hipcc-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|e| io_err(&dir, e))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn io_err(p: &Path, e: std::io::Error) -> DriverError {
    DriverError::Io(format!("{}: {e}", p.display()))
}

/// Quotes an argument for display as a shell word.
fn shell_word(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=,:+@%^".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// A compile-unit ID for `input` compiled to `out`: FNV-1a of the absolute paths (stable across runs, so
/// rebuilt objects are identical; distinct per source and output).
/// A folder whose headers a CUDA input's translation covers.
struct IncludeRoot {
    dir: PathBuf,
    /// Searched for `#include "..."` only (`-iquote`, and the input's own folder).
    quoted_only: bool,
}

/// Where clang would find `inc`, included from a file in `from_dir` that lies in root `from_root`, if
/// that is in one of `roots`: the root's index and the header's path. A quoted include is looked for
/// beside the includer first (a match there belongs to the includer's root, whose mirror holds the
/// includer), then in the quote roots; every include then in the `-I` roots. None when the first match
/// is outside its root, or there is none: that header is used as it is.
fn resolve_include(
    roots: &[IncludeRoot],
    from_dir: &Path,
    from_root: usize,
    inc: &str,
    quoted: bool,
) -> Option<(usize, PathBuf)> {
    let found_in = |dir: &Path, r: usize| -> Option<Option<(usize, PathBuf)>> {
        let p = dir.join(inc);
        if !p.is_file() {
            return None;
        }
        let found = std::fs::canonicalize(&p).ok();
        Some(
            found
                .filter(|f| f.starts_with(&roots[r].dir))
                .map(|f| (r, f)),
        )
    };
    if quoted {
        if let Some(hit) = found_in(from_dir, from_root) {
            return hit;
        }
        for (r, root) in roots.iter().enumerate().filter(|(_, r)| r.quoted_only) {
            if let Some(hit) = found_in(&root.dir, r) {
                return hit;
            }
        }
    }
    for (r, root) in roots.iter().enumerate().filter(|(_, r)| !r.quoted_only) {
        if let Some(hit) = found_in(&root.dir, r) {
            return hit;
        }
    }
    None
}

/// The offload bundle the host pass embeds: an empty host entry and the CPU device's code object.
fn code_object_bundle(co: &[u8]) -> Vec<u8> {
    bundle::write(&[(bundle::HOST_ENTRY_ID, b""), (bundle::CPU_ENTRY_ID, co)])
}

/// A tool that could not be started.
fn cannot_run(prog: &str, e: std::io::Error) -> DriverError {
    usage(format!(
        "cannot run {prog} ({e}): install clang-19 or point FERROCM_CLANG at a clang 19"
    ))
}

/// A finished tool's exit status: success, or the failure with its code.
fn tool_status(prog: &str, status: std::process::ExitStatus) -> Result<(), DriverError> {
    if status.success() {
        return Ok(());
    }
    Err(DriverError::ToolFailed {
        tool: prog.to_string(),
        status: status.code().unwrap_or(1),
    })
}

/// Whether the ELF object at `path` has a section named `name`.
fn has_section(path: &Path, name: &str) -> Result<bool, DriverError> {
    use object::{Object as _, ObjectSection as _};
    let bytes = std::fs::read(path).map_err(|e| io_err(path, e))?;
    let file = object::File::parse(&*bytes).map_err(|e| {
        usage(format!(
            "{}: not an object file the host pass made ({e})",
            path.display()
        ))
    })?;
    Ok(file.sections().any(|s| s.name() == Ok(name)))
}

fn compile_unit_id(input: &Input, out: Option<&Path>) -> String {
    let abs = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let text = format!(
        "{}\0{}",
        abs(&input.path).display(),
        out.map(|o| o.display().to_string()).unwrap_or_default()
    );
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Runs hipcc's work for `opts`; messages and printed commands go to `log` (stderr in the binary).
pub struct Driver<'a> {
    env: &'a Env,
    opts: &'a Options,
    log: &'a mut dyn std::io::Write,
    /// Flags added to the compiles of the current input (a translated CUDA file: `-iquote` its folder).
    input_args: Vec<String>,
    /// The source the current input was translated from (for its compile-unit ID).
    translated_from: Option<Input>,
}

impl<'a> Driver<'a> {
    pub fn new(env: &'a Env, opts: &'a Options, log: &'a mut dyn std::io::Write) -> Self {
        Driver {
            env,
            opts,
            log,
            input_args: Vec::new(),
            translated_from: None,
        }
    }

    fn show(&mut self, words: &[String]) {
        if self.opts.verbose || self.opts.dry_run {
            let line: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
            let _ = writeln!(self.log, " {}", line.join(" "));
        }
    }

    fn run_tool(&mut self, cmd: Vec<String>) -> Result<(), DriverError> {
        self.show(&cmd);
        if self.opts.dry_run {
            return Ok(());
        }
        let (prog, rest) = cmd.split_first().ok_or_else(|| usage("empty command"))?;
        let status = Command::new(prog)
            .args(rest)
            .status()
            .map_err(|e| cannot_run(prog, e))?;
        tool_status(prog, status)
    }

    fn platform_defines(&self) -> Vec<String> {
        vec!["-D__HIP_PLATFORM_AMD__=1".into()]
    }

    /// `__AMDGCN_WAVEFRONT_SIZE` for the host pass, the size the device pass builds for (comgr
    /// defines it there): the last `-m[no-]wavefrontsize64`, else the process's warp size.
    fn host_wavefront_define(&self) -> [String; 2] {
        let wave = self
            .opts
            .device_args
            .iter()
            .rev()
            .find_map(|a| match a.as_str() {
                "-mwavefrontsize64" => Some(64),
                "-mno-wavefrontsize64" => Some(32),
                _ => None,
            })
            .unwrap_or_else(kernel_abi::default_wavefront_size);
        // clang defines it (64) in the host pass of HIP itself: replaced, without a warning.
        [
            "-U__AMDGCN_WAVEFRONT_SIZE".into(),
            format!("-D__AMDGCN_WAVEFRONT_SIZE={wave}"),
        ]
    }

    /// The device compile of one HIP file for the requested targets, as a serialized code object.
    fn device_compile(&mut self, src: &Path) -> Result<Vec<u8>, DriverError> {
        // Every accepted architecture compiles for the CPU device today, so they share one compile
        // (and one bundle entry).
        let arch = self.opts.offload_archs[0].clone();
        let mut args = self.platform_defines();
        // The input's own folders first: its translated headers' mirrors must precede the user's -I.
        args.extend(self.input_args.iter().cloned());
        args.extend(self.opts.device_args.iter().cloned());
        args.push(format!("--offload-arch={arch}"));
        let mut shown = vec![
            "comgr-compile".to_string(),
            format!("--offload-arch={}", self.opts.offload_archs.join(",")),
        ];
        shown.extend(args[..args.len() - 1].iter().cloned());
        shown.push(src.display().to_string());
        self.show(&shown);
        if self.opts.dry_run {
            return Ok(Vec::new());
        }
        let opts = comgr::CompileOptions {
            args,
            headers: Vec::new(),
        };
        let result = comgr::compile_hip_file(src, &opts);
        self.device_result(src, result).map(|co| co.to_bytes())
    }

    /// A device compile's outcome: diagnostics (warnings, or clang's errors) go to the log as clang
    /// printed them; other failures become a one-line error naming the file.
    fn device_result<T>(
        &mut self,
        src: &Path,
        result: Result<(T, String), comgr::CompileError>,
    ) -> Result<T, DriverError> {
        match result {
            Ok((out, log)) => {
                if !log.trim().is_empty() {
                    let _ = write!(self.log, "{log}");
                }
                Ok(out)
            }
            Err(comgr::CompileError::Compile { log }) => {
                let _ = write!(self.log, "{log}");
                if !log.ends_with('\n') {
                    let _ = writeln!(self.log);
                }
                Err(DriverError::Diagnosed)
            }
            Err(e) => Err(usage(format!("{}: device compile: {e}", src.display()))),
        }
    }

    /// The device compile of one HIP file for `-fgpu-rdc`: its device bitcode, not lowered.
    fn device_bitcode(&mut self, src: &Path) -> Result<Vec<u8>, DriverError> {
        let mut args = self.platform_defines();
        // The input's own folders first: its translated headers' mirrors must precede the user's -I.
        args.extend(self.input_args.iter().cloned());
        args.extend(self.opts.device_args.iter().cloned());
        let mut shown = vec!["comgr-compile-bitcode".to_string()];
        shown.extend(args.iter().cloned());
        shown.push(src.display().to_string());
        self.show(&shown);
        if self.opts.dry_run {
            return Ok(Vec::new());
        }
        let opts = comgr::CompileOptions {
            args,
            headers: Vec::new(),
        };
        let result = comgr::compile_hip_file_to_bitcode(src, &opts);
        self.device_result(src, result)
    }

    /// The device link of `-fgpu-rdc` objects: links their device bitcode, lowers it once, and writes
    /// an object defining the fat binary every translation unit's registration code refers to. `None`
    /// when no input carries relocatable device code.
    fn rdc_link(
        &mut self,
        objects: &[PathBuf],
        scratch: &Path,
    ) -> Result<Option<PathBuf>, DriverError> {
        if self.opts.dry_run {
            if self.opts.rdc {
                self.show(&["comgr-link-bitcode".to_string()]);
            }
            return Ok(None);
        }
        let found = crate::rdc::scan(objects).map_err(usage)?;
        if found.bitcode.is_empty() && found.ids.is_empty() {
            return Ok(None);
        }
        if found.bitcode.is_empty() {
            return Err(usage(
                "objects compiled with -fgpu-rdc by another compiler (no ferrocm device code in them) cannot be linked",
            ));
        }
        let inputs: Vec<(&str, &[u8])> = found
            .bitcode
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        let mut shown = vec!["comgr-link-bitcode".to_string()];
        shown.extend(found.bitcode.iter().map(|(n, _)| n.clone()));
        self.show(&shown);
        let co = self.link_and_lower(&inputs, "device link")?;
        let bundle = code_object_bundle(&co.to_bytes());
        let bundle_path = scratch.join("rdc.hipfb");
        self.write_file(&bundle_path, &bundle)?;
        let asm_path = scratch.join("rdc-fatbin.s");
        self.write_file(
            &asm_path,
            crate::rdc::fatbin_assembly(&bundle_path, &found.ids).as_bytes(),
        )?;
        let obj = scratch.join("rdc-fatbin.o");
        self.run_tool(vec![
            self.env.clang.display().to_string(),
            "-c".into(),
            asm_path.display().to_string(),
            "-o".into(),
            obj.display().to_string(),
        ])?;
        Ok(Some(obj))
    }

    fn read_device_ir(&mut self, path: &Path) -> Result<Vec<u8>, DriverError> {
        if self.opts.dry_run {
            return Ok(Vec::new());
        }
        std::fs::read(path).map_err(|e| io_err(path, e))
    }

    /// Device IR files (`.ll`, `.bc`: from `--cuda-device-only -emit-llvm`, edited or not) linked and
    /// lowered to one CPU code object, serialized.
    fn lower_device_ir(&mut self, inputs: &[Input]) -> Result<Vec<u8>, DriverError> {
        let mut shown = vec!["comgr-lower-bitcode".to_string()];
        shown.extend(inputs.iter().map(|i| i.path.display().to_string()));
        self.show(&shown);
        if self.opts.dry_run {
            return Ok(Vec::new());
        }
        let mut modules = Vec::with_capacity(inputs.len());
        for i in inputs {
            modules.push((i.path.display().to_string(), self.read_device_ir(&i.path)?));
        }
        let named: Vec<(&str, &[u8])> = modules
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        Ok(self.link_and_lower(&named, "device IR")?.to_bytes())
    }

    /// Links device bitcode modules and lowers them to one CPU code object at the command line's
    /// optimisation level; a failure names `what` (the step) and carries comgr's message.
    fn link_and_lower(
        &self,
        modules: &[(&str, &[u8])],
        what: &str,
    ) -> Result<kernel_abi::CodeObject, DriverError> {
        let diagnose = |e: comgr::CompileError| usage(format!("{what}: {e}"));
        let linked = comgr::link_bitcode(modules).map_err(diagnose)?;
        comgr::lower_bitcode(&linked, &self.lowering_options()).map_err(diagnose)
    }

    /// What the lowering of device bitcode takes from the command line: the optimisation level
    /// and the target.
    fn lowering_options(&self) -> comgr::CompileOptions {
        comgr::CompileOptions {
            args: lowering_args(&self.opts.device_args, &self.opts.offload_archs[0]),
            headers: Vec::new(),
        }
    }

    /// With `-fopenmp`, clang links LLVM's OpenMP runtime (libomp, as ROCm ships it); a missing one is
    /// named here rather than as the linker's "cannot find -lomp".
    fn check_openmp_runtime(&mut self) -> Result<(), DriverError> {
        let openmp = self
            .opts
            .host_args
            .iter()
            .any(|a| a == "-fopenmp" || a == "-fopenmp=libomp");
        if !openmp || self.opts.dry_run {
            return Ok(());
        }
        let found = Command::new(&self.env.clang)
            .arg("-print-file-name=libomp.so")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .is_some_and(|p| Path::new(&p).is_absolute());
        if found {
            Ok(())
        } else {
            Err(usage(
                "-fopenmp: LLVM's OpenMP runtime (libomp) is not installed for clang 19; install \
                 libomp-19-dev (scripts/setup.sh does)",
            ))
        }
    }

    fn write_file(&mut self, path: &Path, bytes: &[u8]) -> Result<(), DriverError> {
        if self.opts.dry_run {
            return Ok(());
        }
        std::fs::write(path, bytes).map_err(|e| io_err(path, e))
    }

    /// The host-side clang command compiling `input` (language `lang`) with `mode` (`-c`, `-E`).
    fn host_command(
        &self,
        input: &Input,
        bundle: Option<&Path>,
        mode: &str,
        out: Option<&Path>,
    ) -> Vec<String> {
        let clang = self.env.clang.display().to_string();
        let mut cmd = vec![clang];
        let inc = self.env.prefix.include_dir().display().to_string();
        match &input.lang {
            // A CUDA input is translated first (`prepare`); one reaching here compiles as HIP.
            Lang::Hip | Lang::Cuda => {
                cmd.extend(
                    ["-x", "hip", "--cuda-host-only", "-nogpuinc", "-nogpulib"].map(String::from),
                );
                cmd.extend(self.platform_defines());
                cmd.extend(self.host_wavefront_define());
                // As the device pass (comgr): rocPRIM's `x.template f` stays a warning under clang 19.
                cmd.push("-Wno-error=missing-template-arg-list-after-template-kw".into());
                cmd.extend(["-isystem".to_string(), inc]);
                cmd.extend(["-include", "hip/hip_runtime.h"].map(String::from));
                if let Some(b) = bundle {
                    cmd.extend(
                        ["-Xclang", "-fcuda-include-gpubinary", "-Xclang"].map(String::from),
                    );
                    cmd.push(b.display().to_string());
                }
                if self.opts.rdc {
                    // The registration code then refers to `__hip_fatbin_<id>`, which the link defines.
                    cmd.push("-fgpu-rdc".into());
                }
                // Every HIP object defines `__hip_cuid_<id>`; a host-only compile gets no id from the
                // clang driver, so two objects would clash at link time without one of ours.
                if !self.opts.host_args.iter().any(|a| a.contains("-cuid=")) {
                    cmd.extend([
                        "-Xclang".to_string(),
                        format!(
                            "-cuid={}",
                            compile_unit_id(self.translated_from.as_ref().unwrap_or(input), out)
                        ),
                    ]);
                }
            }
            Lang::Cxx | Lang::C => {
                if input.lang == Lang::Cxx {
                    cmd.extend(["--driver-mode=g++", "-x", "c++"].map(String::from));
                } else {
                    cmd.extend(["-x", "c"].map(String::from));
                }
                cmd.extend(self.platform_defines());
                cmd.extend(self.host_wavefront_define());
                cmd.extend(["-isystem".to_string(), inc]);
            }
            Lang::Other(x) => {
                if let Some(x) = x {
                    cmd.extend(["-x".to_string(), x.clone()]);
                }
            }
            Lang::Link => {}
        }
        cmd.extend(self.input_args.iter().cloned());
        // The wavefront-size flags are the device pass's (the host pass gets the macro), and so
        // is the printf kind.
        cmd.extend(
            self.opts
                .device_args
                .iter()
                .filter(|a| {
                    !matches!(a.as_str(), "-mwavefrontsize64" | "-mno-wavefrontsize64")
                        && !a.starts_with("-mprintf-kind=")
                })
                .cloned(),
        );
        cmd.extend(self.opts.host_args.iter().cloned());
        if mode == "-c" {
            cmd.extend(self.opts.dep_args.iter().cloned());
            if self.opts.save_temps {
                cmd.push("-save-temps".into());
            }
        }
        cmd.push(mode.to_string());
        if let Some(o) = out {
            cmd.extend(["-o".to_string(), o.display().to_string()]);
        }
        cmd.push(input.path.display().to_string());
        cmd
    }

    fn check_prefix_headers(&self) -> Result<(), DriverError> {
        if !self.env.prefix.has_headers() {
            return Err(usage(format!(
                "HIP headers not found in {} (from {}); set HIP_PATH or ROCM_PATH to a ferrocm install \
                 prefix (scripts/dist.sh builds one)",
                self.env.prefix.include_dir().display(),
                self.env.prefix.source
            )));
        }
        Ok(())
    }

    /// The input to compile for `input`: a CUDA file is translated to HIP (`temps/NAME.cu.hip`, hipify's
    /// warnings printed) and its folder added as an `-iquote` folder, so its `#include "..."`s still
    /// resolve; local headers are translated into `temps/NAME.cu.hipified/`; other inputs are compiled as
    /// they are.
    fn prepare(&mut self, input: &Input, temps: &Path) -> Result<Input, DriverError> {
        self.input_args.clear();
        self.translated_from = None;
        if input.lang != Lang::Cuda {
            return Ok(input.clone());
        }
        let name = input
            .path
            .file_name()
            .map_or("input.cu".into(), |s| s.to_string_lossy().into_owned());
        let out = temps.join(format!("{name}.hip"));
        let dir = input
            .path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        self.input_args = vec!["-iquote".into(), dir.display().to_string()];
        self.translated_from = Some(input.clone());
        self.show(&[
            "hipify".to_string(),
            input.path.display().to_string(),
            format!("-o={}", out.display()),
        ]);
        let mut translated = Input {
            path: out.clone(),
            lang: Lang::Hip,
        };
        if self.opts.dry_run {
            return Ok(translated);
        }
        let abs = std::fs::canonicalize(&input.path).unwrap_or_else(|_| input.path.clone());
        let (text, src) = self.hipify_file(&input.path, &abs)?;
        self.write_file(&out, &text)?;
        // The headers it includes from its own folder or the user's -iquote/-I folders (recursively) are
        // translated into mirrors of those folders, searched before them. The file itself is then compiled
        // from the first mirror: a quoted include is looked up beside the includer first, which for
        // `temps/NAME.cu.hip` may be the original folder (with -save-temps).
        let roots = self.include_roots(&dir);
        let mirror_of = |r: usize| -> PathBuf {
            if r == 0 {
                temps.join(format!("{name}.hipified"))
            } else {
                temps.join(format!("{name}.hipified.I{r}"))
            }
        };
        let mut queue = vec![(abs, 0, src)];
        let mut seen = std::collections::HashSet::new();
        let mut used = vec![false; roots.len()];
        while let Some((from, from_root, text)) = queue.pop() {
            let from_dir = from.parent().map(Path::to_path_buf).unwrap_or_default();
            for (inc, quoted) in hipify::lexer::includes(&text) {
                let Some((r, found)) = resolve_include(&roots, &from_dir, from_root, inc, quoted)
                else {
                    continue; // a system or CUDA header, or one outside the folders: used as it is
                };
                if !seen.insert((found.clone(), r)) {
                    continue;
                }
                let Ok(rel) = found.strip_prefix(&roots[r].dir) else {
                    continue;
                };
                let (htext, hsrc) = self.hipify_file(&found, &found)?;
                let dest = mirror_of(r).join(rel);
                if let Some(parent) = dest.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
                }
                self.write_file(&dest, &htext)?;
                used[r] = true;
                queue.push((found, r, hsrc));
            }
        }
        if used.iter().any(|&u| u) {
            let m0 = mirror_of(0);
            std::fs::create_dir_all(&m0).map_err(|e| io_err(&m0, e))?;
            let inner = m0.join(format!("{name}.hip"));
            self.write_file(&inner, &text)?;
            translated.path = inner;
            let mut flags = vec!["-iquote".to_string(), mirror_of(0).display().to_string()];
            for (r, root) in roots.iter().enumerate().skip(1) {
                if used[r] {
                    let flag = if root.quoted_only { "-iquote" } else { "-I" };
                    flags.extend([flag.to_string(), mirror_of(r).display().to_string()]);
                }
            }
            self.input_args.splice(0..0, flags);
        }
        Ok(translated)
    }

    /// The folders whose headers a CUDA input's translation covers: its own folder, then the user's
    /// `-iquote` and `-I` folders in command-line order (not the prefix's own include folder).
    fn include_roots(&self, dir: &Path) -> Vec<IncludeRoot> {
        let mut roots = vec![IncludeRoot {
            dir: dir.to_path_buf(),
            quoted_only: true,
        }];
        let ours = std::fs::canonicalize(self.env.prefix.include_dir()).ok();
        let mut args = self.opts.device_args.iter();
        while let Some(a) = args.next() {
            let (path, quoted_only) = match a.as_str() {
                "-iquote" => match args.next() {
                    Some(p) => (p.as_str(), true),
                    None => break,
                },
                "-I" => match args.next() {
                    Some(p) => (p.as_str(), false),
                    None => break,
                },
                _ => match a.strip_prefix("-I") {
                    Some(p) => (p, false),
                    None => continue,
                },
            };
            let Ok(d) = std::fs::canonicalize(path) else {
                continue;
            };
            if Some(&d) != ours.as_ref() && !roots.iter().any(|r| r.dir == d) {
                roots.push(IncludeRoot {
                    dir: d,
                    quoted_only,
                });
            }
        }
        roots
    }

    /// One CUDA file translated to HIP (hipify's warnings printed), as bytes to write, with a `#line`
    /// so the compiler's diagnostics name the CUDA file and its lines; also the decoded source.
    fn hipify_file(&mut self, path: &Path, abs: &Path) -> Result<(Vec<u8>, String), DriverError> {
        let bytes = std::fs::read(path).map_err(|e| io_err(path, e))?;
        let (src, latin1) = hipify::cli::decode(bytes);
        let mut hopts = hipify::Options {
            // hipcc includes hip/hip_runtime.h itself; not inserting it keeps the line numbers.
            insert_runtime_header: false,
            ..hipify::Options::default()
        };
        for a in &self.opts.device_args {
            if let Some(d) = a.strip_prefix("-D") {
                hopts.macros.define_arg(d);
            } else if let Some(u) = a.strip_prefix("-U") {
                hopts.macros.undef(u);
            }
        }
        let shown = path.display().to_string();
        let t = hipify::translate_source(&shown, &src, &hopts)
            .map_err(|e| usage(format!("hipify tables: {e}")))?;
        for d in &t.diagnostics {
            let _ = writeln!(self.log, "{}", d.render(&shown));
        }
        let quoted = abs
            .display()
            .to_string()
            .replace('\\', "\\\\")
            .replace('"', "\\\"");
        let mut text = format!("#line 1 \"{quoted}\"\n").into_bytes();
        text.extend(hipify::cli::encode(&t.output, latin1));
        Ok((text, src))
    }

    /// Compiles one source input to the object `obj`, keeping intermediates in `temps`.
    fn compile_one(&mut self, input: &Input, obj: &Path, temps: &Path) -> Result<(), DriverError> {
        let prepared = self.prepare(input, temps)?;
        let r = self.compile_prepared(&prepared, obj, temps);
        self.input_args.clear();
        self.translated_from = None;
        r
    }

    fn compile_prepared(
        &mut self,
        input: &Input,
        obj: &Path,
        temps: &Path,
    ) -> Result<(), DriverError> {
        let stem = input
            .path
            .file_stem()
            .map_or("input".into(), |s| s.to_string_lossy().into_owned());
        if input.lang == Lang::Hip && self.opts.host_only {
            // The host side alone: kernel stubs, no device code to register.
            let cmd = self.host_command(input, None, "-c", Some(obj));
            return self.run_tool(cmd);
        }
        if input.lang == Lang::Hip && self.opts.rdc {
            // Relocatable device code: the object carries the device bitcode in a section of its own;
            // the link gathers, links and lowers the bitcode of every object.
            let bc = self.device_bitcode(&input.path)?;
            let bc_path = temps.join(format!("{stem}.rdc.bc"));
            self.write_file(&bc_path, &bc)?;
            let cmd = self.host_command(input, None, "-c", Some(obj));
            self.run_tool(cmd)?;
            return self.run_tool(vec![
                crate::rdc::objcopy_tool(),
                format!(
                    "--add-section={}={}",
                    crate::rdc::SECTION,
                    bc_path.display()
                ),
                obj.display().to_string(),
            ]);
        }
        let has = |f: &str| self.opts.host_args.iter().any(|a| a == f);
        if input.lang == Lang::Hip && has("-S") && !has("-emit-llvm") {
            return self.assembly_listing(input, &stem, obj, temps);
        }
        let object_out = !has("-emit-llvm") && !has("-S") && !has("-E") && obj.as_os_str() != "-";
        if input.lang == Lang::Hip && object_out && !self.opts.dry_run && !self.opts.save_temps {
            return self.compile_side_by_side(input, &stem, obj, temps);
        }
        let bundle_path = if input.lang == Lang::Hip {
            let co = self.device_compile(&input.path)?;
            let bundle = if self.opts.dry_run {
                Vec::new()
            } else {
                code_object_bundle(&co)
            };
            if self.opts.save_temps {
                let co_path = temps.join(format!("{stem}-hip-{}.co", kernel_abi::CPU_TARGET));
                self.write_file(&co_path, &co)?;
            }
            let p = temps.join(format!("{stem}.hipfb"));
            self.write_file(&p, &bundle)?;
            Some(p)
        } else {
            None
        };
        let cmd = self.host_command(input, bundle_path.as_deref(), "-c", Some(obj));
        self.run_tool(cmd)
    }

    /// A HIP source to an object, the host pass running beside the device compile: it embeds a
    /// placeholder bundle, which the device's code object then replaces in the object's
    /// `.hip_fatbin` section (an object without kernels has none and needs none). The host pass's
    /// diagnostics are shown after the device's, and not at all when the device compile fails, as
    /// when the two run one after the other.
    fn compile_side_by_side(
        &mut self,
        input: &Input,
        stem: &str,
        obj: &Path,
        temps: &Path,
    ) -> Result<(), DriverError> {
        let placeholder = temps.join(format!("{stem}.placeholder.hipfb"));
        let empty = bundle::write(&[(bundle::HOST_ENTRY_ID, b"")]);
        self.write_file(&placeholder, &empty)?;
        let mut cmd = self.host_command(input, Some(&placeholder), "-c", Some(obj));
        if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            // Its diagnostics pass through a pipe, and keep their colours.
            cmd.insert(1, "-fcolor-diagnostics".into());
        }
        self.show(&cmd);
        let (prog, rest) = cmd.split_first().ok_or_else(|| usage("empty command"))?;
        let mut host = Command::new(prog)
            .args(rest)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| cannot_run(prog, e))?;
        // Read while it runs, so a full pipe never stalls it.
        let diagnostics = host.stderr.take().map(|mut err| {
            std::thread::spawn(move || {
                let mut text = Vec::new();
                let _ = std::io::Read::read_to_end(&mut err, &mut text);
                text
            })
        });
        let device = self.device_compile(&input.path);
        let co = match device {
            Ok(co) => co,
            Err(e) => {
                // SIGTERM, which clang answers by removing its partial output, as it does on errors.
                if let Ok(pid) = i32::try_from(host.id()) {
                    // SAFETY: `pid` is our child, not yet waited for, so it names no other process.
                    unsafe { libc::kill(pid, libc::SIGTERM) };
                }
                // A host pass that had already finished wrote an object without the device code:
                // left in place, it would look up to date to `make` and link without kernels.
                if host.wait().is_ok_and(|s| s.success()) {
                    let _ = std::fs::remove_file(obj);
                }
                return Err(e);
            }
        };
        let status = host
            .wait()
            .map_err(|e| usage(format!("waiting for {prog}: {e}")))?;
        if let Some(text) = diagnostics.and_then(|t| t.join().ok()) {
            let _ = self.log.write_all(&text);
        }
        tool_status(prog, status)?;
        if !has_section(obj, ".hip_fatbin")? {
            return Ok(());
        }
        let bundle = code_object_bundle(&co);
        let bundle_path = temps.join(format!("{stem}.hipfb"));
        self.write_file(&bundle_path, &bundle)?;
        self.run_tool(vec![
            crate::rdc::objcopy_tool(),
            format!("--update-section=.hip_fatbin={}", bundle_path.display()),
            obj.display().to_string(),
        ])
    }

    /// `-S` on a HIP source: the device listing (kernel metadata and the native code the CPU device
    /// runs) and the host listing (which embeds the code object) in one file, framed per target as
    /// clang frames them ([`crate::listing`]).
    fn assembly_listing(
        &mut self,
        input: &Input,
        stem: &str,
        out: &Path,
        temps: &Path,
    ) -> Result<(), DriverError> {
        let bitcode = self.device_bitcode(&input.path)?;
        let (co, device_asm) = if self.opts.dry_run {
            (None, String::new())
        } else {
            let diagnose = |e: comgr::CompileError| usage(format!("{}: {e}", input.path.display()));
            let (co, asm) = comgr::lower_bitcode_with_listing(&bitcode, &self.lowering_options())
                .map_err(diagnose)?;
            (Some(co), asm)
        };
        let bundle = co
            .as_ref()
            .map_or_else(Vec::new, |co| code_object_bundle(&co.to_bytes()));
        let bundle_path = temps.join(format!("{stem}.hipfb"));
        self.write_file(&bundle_path, &bundle)?;
        let host_path = temps.join(format!("{stem}-host.s"));
        let cmd = self.host_command(input, Some(&bundle_path), "-c", Some(&host_path));
        self.run_tool(cmd)?;
        let Some(co) = co else {
            return Ok(());
        };
        let host_asm = std::fs::read_to_string(&host_path)
            .map_err(|e| usage(format!("{}: {e}", host_path.display())))?;
        let text =
            crate::listing::bundle(&self.opts.offload_archs, &co.meta, &device_asm, &host_asm);
        if out.as_os_str() == "-" {
            use std::io::Write as _;
            return std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| usage(format!("standard output: {e}")));
        }
        self.write_file(out, text.as_bytes())
    }

    /// Does the work; `Ok` is success (exit status 0).
    pub fn run(&mut self) -> Result<(), DriverError> {
        let opts = self.opts;
        for i in &opts.inputs {
            if !i.path.exists() {
                return Err(usage(format!(
                    "no such file or directory: '{}'",
                    i.path.display()
                )));
            }
        }
        if opts
            .inputs
            .iter()
            .any(|i| matches!(i.lang, Lang::Hip | Lang::Cuda | Lang::Cxx | Lang::C))
        {
            self.check_prefix_headers()?;
            // One set of headers: the device pass reads the prefix's too (as the host pass does).
            comgr::set_include_dir(&self.env.prefix.include_dir());
        }
        let scratch = Scratch::new()?;
        let cwd = PathBuf::from(".");
        let temps: &Path = if opts.save_temps { &cwd } else { &scratch.0 };
        match opts.phase {
            Phase::Genco => {
                let input = &opts.inputs[0];
                let out = opts.output.clone().unwrap_or_else(|| {
                    PathBuf::from(input.path.file_stem().unwrap_or_default()).with_extension("co")
                });
                if is_device_ir(input) {
                    let co = self.lower_device_ir(&opts.inputs)?;
                    return self.write_file(&out, &co);
                }
                let input = self.prepare(input, temps)?;
                let co = self.device_compile(&input.path)?;
                self.write_file(&out, &co)
            }
            Phase::DeviceIr { text } => {
                for input in &opts.inputs {
                    let ext = if text { "ll" } else { "bc" };
                    let out = opts.output.clone().unwrap_or_else(|| {
                        PathBuf::from(input.path.file_stem().unwrap_or_default())
                            .with_extension(ext)
                    });
                    let bitcode = if is_device_ir(input) {
                        let bytes = self.read_device_ir(&input.path)?;
                        let name = input.path.display().to_string();
                        comgr::link_bitcode(&[(&name, &bytes)])
                            .map_err(|e| usage(format!("{name}: {e}")))?
                    } else {
                        let prepared = self.prepare(input, temps)?;
                        let r = self.device_bitcode(&prepared.path);
                        self.input_args.clear();
                        self.translated_from = None;
                        r?
                    };
                    if self.opts.dry_run {
                        continue;
                    }
                    let bytes = if text {
                        crate::ir::to_text(&bitcode)
                            .map_err(|e| usage(format!("{}: {e}", input.path.display())))?
                            .into_bytes()
                    } else {
                        bitcode
                    };
                    if out.as_os_str() == "-" {
                        use std::io::Write as _;
                        std::io::stdout()
                            .write_all(&bytes)
                            .map_err(|e| usage(format!("standard output: {e}")))?;
                    } else {
                        self.write_file(&out, &bytes)?;
                    }
                }
                Ok(())
            }
            Phase::SyntaxOnly => {
                for input in opts.inputs.iter().filter(|i| i.lang != Lang::Link) {
                    let input = self.prepare(input, temps)?;
                    // The device pass is the whole device compile: its errors (and the CPU
                    // lowering's) are what a HIP source can fail on there.
                    if input.lang == Lang::Hip {
                        self.device_compile(&input.path)?;
                    }
                    let cmd = self.host_command(&input, None, "-fsyntax-only", None);
                    self.run_tool(cmd)?;
                }
                Ok(())
            }
            Phase::Preprocess => {
                for input in opts.inputs.iter().filter(|i| i.lang != Lang::Link) {
                    let input = self.prepare(input, temps)?;
                    let cmd = self.host_command(&input, None, "-E", opts.output.as_deref());
                    self.run_tool(cmd)?;
                }
                Ok(())
            }
            Phase::Compile => {
                for input in &opts.inputs {
                    if input.lang == Lang::Link {
                        let _ = writeln!(
                            self.log,
                            "hipcc: warning: {}: linker input file unused because linking not done",
                            input.path.display()
                        );
                        continue;
                    }
                    // clang's default names: an assembly listing (.s, or .ll of IR), bitcode,
                    // or an object.
                    let has = |f: &str| opts.host_args.iter().any(|a| a == f);
                    let ext = match (has("-S"), has("-emit-llvm")) {
                        (true, true) => "ll",
                        (true, false) => "s",
                        (false, true) => "bc",
                        (false, false) => "o",
                    };
                    let obj = opts.output.clone().unwrap_or_else(|| {
                        PathBuf::from(input.path.file_stem().unwrap_or_default())
                            .with_extension(ext)
                    });
                    self.compile_one(input, &obj, temps)?;
                }
                Ok(())
            }
            Phase::Link => self.link(temps, &scratch.0),
        }
    }

    fn link(&mut self, temps: &Path, scratch: &Path) -> Result<(), DriverError> {
        let opts = self.opts;
        let lib = self.env.prefix.runtime_library();
        if !opts.dry_run && !lib.exists() {
            return Err(usage(format!(
                "HIP runtime library {} not found (from {}); build the install prefix with scripts/dist.sh \
                 or set HIP_PATH/ROCM_PATH",
                lib.display(),
                self.env.prefix.source
            )));
        }
        let mut objects = Vec::with_capacity(opts.inputs.len());
        let mut stems = BTreeSet::new();
        for (n, input) in opts.inputs.iter().enumerate() {
            if input.lang == Lang::Link {
                objects.push(input.path.clone());
                continue;
            }
            let stem = input
                .path
                .file_stem()
                .map_or("input".into(), |s| s.to_string_lossy().into_owned());
            // Two inputs with one stem (a/k.hip, b/k.hip) must not share intermediates.
            let stem = if stems.insert(stem.clone()) {
                stem
            } else {
                format!("{stem}-{n}")
            };
            let obj = if opts.save_temps {
                temps.join(format!("{stem}-host.o"))
            } else {
                scratch.join(format!("{stem}.o"))
            };
            let sub = if opts.save_temps {
                temps.to_path_buf()
            } else {
                let d = scratch.join(format!("in{n}"));
                std::fs::create_dir_all(&d).map_err(|e| io_err(&d, e))?;
                d
            };
            self.compile_one(input, &obj, &sub)?;
            objects.push(obj);
        }
        // With -fgpu-rdc on the link line (as ROCm asks), archives named by `-l` may hold relocatable
        // device code too (archives named by path are always read).
        let mut rdc_inputs = objects.clone();
        if opts.rdc {
            let link_args: Vec<String> = opts
                .link
                .iter()
                .filter_map(|i| match i {
                    LinkItem::Arg(a) => Some(a.clone()),
                    LinkItem::Input(_) => None,
                })
                .collect();
            rdc_inputs.extend(crate::rdc::find_libraries(&link_args));
        }
        let rdc_object = self.rdc_link(&rdc_inputs, scratch)?;
        self.check_openmp_runtime()?;
        let mut cmd = vec![
            self.env.clang.display().to_string(),
            "--driver-mode=g++".to_string(),
        ];
        for item in &opts.link {
            match item {
                LinkItem::Input(n) => cmd.push(objects[*n].display().to_string()),
                LinkItem::Arg(a) => cmd.push(a.clone()),
            }
        }
        if let Some(o) = rdc_object {
            cmd.push(o.display().to_string());
        }
        let lib_dir = self.env.prefix.lib_dir();
        let lib_dir = std::fs::canonicalize(&lib_dir).unwrap_or(lib_dir);
        cmd.push(format!("-L{}", lib_dir.display()));
        cmd.push(format!("-Wl,-rpath,{}", lib_dir.display()));
        cmd.extend(["-lamdhip64", "-lpthread", "-lm", "-Qunused-arguments"].map(String::from));
        cmd.push("-o".into());
        cmd.push(
            opts.output
                .as_deref()
                .unwrap_or(Path::new("a.out"))
                .display()
                .to_string(),
        );
        self.run_tool(cmd)
    }
}

/// `hipcc --help`.
pub const HELP: &str = "\
usage: hipcc [options] file...
  Compiles HIP (.hip, and .cpp .cc .cxx unless HIP_COMPILE_CXX_AS_HIP=0), CUDA (.cu: translated to HIP by
  hipify first), C++ and C files and links them with the HIP runtime (lib/libamdhip64.so of the prefix).
options:
  -c  -o FILE  -E  -M -MM -MD -MMD -MF -MT -MQ -MP
  -fgpu-rdc             relocatable device code: device code of all objects (and of .a archives, given
                        by path or as -l) is linked at link time
  -fopenmp              host OpenMP, linked with LLVM's OpenMP runtime (libomp)
  -O0..3  -g  -I DIR  -D NAME[=V]  -U NAME  -isystem DIR  -include FILE  -std=STD  -W...  -fPIC
  -L DIR  -l LIB  -Wl,...  -shared   (.o, .a and .so inputs are linked in command-line order)
  --offload-arch=ARCH   target (default: the CPU device; cpu, x86_64, host, native, gfx*, sm_*)
  --genco               write the device code object only (for hipModuleLoad); from one source, or
                        from device IR files (.ll, .bc), linked
  --cuda-device-only -c|-S [-emit-llvm]
                        device LLVM IR before the CPU lowering: bitcode (NAME.bc), or text with -S (NAME.ll)
  --cuda-host-only      the host side of HIP sources alone, with no device code embedded
  -x hip|cu|cuda|c++|c|none  language of the files that follow
  -v  -###  -save-temps --version
  other flags go to clang
environment: HIP_PATH, ROCM_PATH (install prefix), HIP_COMPILE_CXX_AS_HIP, FERROCM_CLANG
";

/// The `hipcc` program: returns the exit status.
pub fn main_with(args: &[String], env: &Env, log: &mut dyn std::io::Write) -> i32 {
    let opts = match parse(args, env.cxx_as_hip) {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(log, "hipcc: error: {e}");
            return e.exit_status();
        }
    };
    if opts.help {
        let _ = write!(log, "{HELP}");
        return 0;
    }
    if opts.version {
        let _ = writeln!(log, "HIP version: {}", crate::hip_version_string());
        return match Command::new(&env.clang).arg("--version").output() {
            Ok(out) => {
                let _ = log.write_all(&out.stdout);
                0
            }
            Err(e) => {
                let _ = writeln!(
                    log,
                    "hipcc: error: cannot run {} ({e})",
                    env.clang.display()
                );
                1
            }
        };
    }
    match Driver::new(env, &opts, log).run() {
        Ok(()) => 0,
        Err(e) => {
            match &e {
                DriverError::Usage(_) | DriverError::Io(_) => {
                    let _ = writeln!(log, "hipcc: error: {e}");
                }
                // The tool's own diagnostics are already out.
                DriverError::Diagnosed | DriverError::ToolFailed { .. } => {}
            }
            e.exit_status()
        }
    }
}

/// The flags that lowering device IR (`.ll`/`.bc` inputs) takes from the device flags: the
/// optimization level, and the lowering's own `-D__FERROCM_*` settings, as a source file's
/// compile takes them.
fn lowering_args(device_args: &[String], arch: &str) -> Vec<String> {
    let mut args: Vec<String> = device_args
        .iter()
        .filter(|a| a.starts_with("-O") || a.starts_with("-D__FERROCM_"))
        .cloned()
        .collect();
    args.push(format!("--offload-arch={arch}"));
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_ir_is_lowered_with_the_level_and_the_lowerings_settings() {
        let o = p(&[
            "--genco",
            "-O1",
            "-DX=1",
            "-D",
            "__FERROCM_LEAN_MIN_INSTRUCTIONS=0",
            "-D__FERROCM_COMPILE_THREADS=1",
            "-Iinc",
            "k.bc",
        ])
        .unwrap();
        assert_eq!(
            lowering_args(&o.device_args, &o.offload_archs[0]),
            [
                "-O1",
                "-D__FERROCM_LEAN_MIN_INSTRUCTIONS=0",
                "-D__FERROCM_COMPILE_THREADS=1",
                &format!("--offload-arch={DEFAULT_OFFLOAD_ARCH}"),
            ]
        );
    }

    fn p(args: &[&str]) -> Result<Options, DriverError> {
        parse(
            &args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            true,
        )
    }

    #[test]
    fn languages_follow_extensions_and_x() {
        let o = p(&[
            "a.hip", "b.cpp", "c.c", "d.o", "e.a", "-x", "c++", "f.cu", "g.o", "-x", "none", "h.cc",
        ])
        .unwrap();
        let langs: Vec<Lang> = o.inputs.iter().map(|i| i.lang.clone()).collect();
        assert_eq!(
            langs,
            vec![
                Lang::Hip,
                Lang::Hip,
                Lang::C,
                Lang::Link,
                Lang::Link,
                Lang::Cxx,
                Lang::Link,
                Lang::Hip
            ]
        );
        let o = parse(&["b.cpp".to_string()], false).unwrap();
        assert_eq!(o.inputs[0].lang, Lang::Cxx);
        let o = p(&[
            "a.cu", "-x", "cuda", "b.cpp", "-x", "cu", "c.txt", "-x", "hip", "d.cu",
        ])
        .unwrap();
        let langs: Vec<Lang> = o.inputs.iter().map(|i| i.lang.clone()).collect();
        assert_eq!(langs, vec![Lang::Cuda, Lang::Cuda, Lang::Cuda, Lang::Hip]);
    }

    #[test]
    fn flags_are_sorted_to_their_steps() {
        let o = p(&[
            "-O2",
            "-DX=1",
            "-I",
            "inc",
            "-Iinc2",
            "-std=c++17",
            "-g",
            "-fPIC",
            "k.hip",
            "-L",
            "ld",
            "-lfoo",
            "-Wl,--as-needed",
            "-Wall",
            "-MD",
            "-MF",
            "k.d",
            "-fopenmp",
            "-o",
            "k",
        ])
        .unwrap();
        assert_eq!(o.phase, Phase::Link);
        assert_eq!(
            o.device_args,
            ["-O2", "-DX=1", "-Iinc", "-Iinc2", "-std=c++17", "-Wall"]
        );
        assert_eq!(o.host_args, ["-g", "-fPIC", "-fopenmp"]);
        assert_eq!(o.dep_args, ["-MD", "-MF", "k.d"]);
        assert_eq!(
            o.link,
            vec![
                LinkItem::Input(0),
                LinkItem::Arg("-Lld".into()),
                LinkItem::Arg("-lfoo".into()),
                LinkItem::Arg("-Wl,--as-needed".into()),
                LinkItem::Arg("-fopenmp".into()),
            ]
        );
        assert_eq!(o.output, Some(PathBuf::from("k")));
        assert_eq!(o.offload_archs, [DEFAULT_OFFLOAD_ARCH]);
    }

    #[test]
    fn printf_kind_goes_to_the_device_pass_only() {
        let o = p(&["-mprintf-kind=buffered", "k.hip"]).unwrap();
        assert_eq!(o.device_args, ["-mprintf-kind=buffered"]);
        assert!(o.host_args.is_empty(), "{:?}", o.host_args);
    }

    #[test]
    fn offload_archs_are_checked_and_deduplicated() {
        let o = p(&[
            "--offload-arch=gfx90a",
            "--offload-arch=gfx90a,sm_80",
            "--offload-arch=cpu",
            "k.hip",
        ])
        .unwrap();
        assert_eq!(o.offload_archs, ["gfx90a", "sm_80", "cpu"]);
        for bad in ["pentium", "gfx9zz", "sm_8", "gfx90a:xnack", ""] {
            let e = p(&[&format!("--offload-arch={bad}"), "k.hip"]).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("unknown offload architecture '{bad}' (accepted: cpu, x86_64, host, native, x86_64-unknown-linux-gnu, gfx* and sm_* names)")
            );
        }
    }

    #[test]
    fn conflicting_and_missing_arguments_are_one_line_errors() {
        let cases: &[(&[&str], &str)] = &[
            (
                &["-c", "a.hip", "b.hip", "-o", "x.o"],
                "cannot specify -o when generating multiple output files",
            ),
            (
                &["--genco", "-c", "a.hip"],
                "--genco and -c cannot be used together",
            ),
            (
                &["--genco", "-E", "a.hip"],
                "--genco and -E cannot be used together",
            ),
            (
                &["--genco", "-shared", "a.hip"],
                "--genco and -shared cannot be used together",
            ),
            (
                &["--genco", "a.hip", "b.hip"],
                "--genco needs exactly one HIP source file, or device IR files (.ll, .bc) to link",
            ),
            (&["-c"], "no input files"),
            (
                &["a.hip", "-o"],
                "argument to '-o' is missing (expected 1 value)",
            ),
            (&["a.hip", "-o", "x", "-o", "y"], "-o given more than once"),
            (
                &["-x", "fortran", "a.f"],
                "language not recognized: 'fortran'",
            ),
            (
                &["-c", "x.o"],
                "no source files to compile (only linker inputs given)",
            ),
        ];
        for (args, msg) in cases {
            let e = p(args).unwrap_err();
            assert_eq!(e.to_string(), *msg, "{args:?}");
            assert!(!e.to_string().contains('\n'));
        }
    }

    #[test]
    fn host_only_is_an_option_and_excludes_device_only() {
        for flag in ["--cuda-host-only", "--offload-host-only"] {
            let o = p(&[flag, "-c", "a.hip"]).unwrap();
            assert!(o.host_only);
            assert_eq!(o.phase, Phase::Compile);
        }
        assert!(!p(&["-c", "a.hip"]).unwrap().host_only);
        assert_eq!(
            p(&["--cuda-host-only", "--cuda-device-only", "-c", "a.hip"])
                .unwrap_err()
                .to_string(),
            "--cuda-device-only and --cuda-host-only cannot be used together"
        );
    }

    #[test]
    fn device_only_gives_device_ir_or_a_code_object() {
        let o = p(&["--cuda-device-only", "-c", "-emit-llvm", "a.hip", "b.cu"]).unwrap();
        assert_eq!(o.phase, Phase::DeviceIr { text: false });
        assert!(o.host_args.is_empty());
        let o = p(&["--offload-device-only", "-S", "a.hip", "-o", "a.ll"]).unwrap();
        assert_eq!(o.phase, Phase::DeviceIr { text: true });
        assert_eq!(
            p(&["--cuda-device-only", "a.hip"]).unwrap().phase,
            Phase::Genco
        );
        let o = p(&["--genco", "a.ll", "b.bc", "-x", "ir", "c.txt"]).unwrap();
        assert_eq!(o.phase, Phase::Genco);
        assert!(o.inputs.iter().all(is_device_ir));
        // Without --cuda-device-only, -S and -emit-llvm are clang's host flags, as before.
        let o = p(&["-c", "-S", "-emit-llvm", "a.hip"]).unwrap();
        assert_eq!(o.phase, Phase::Compile);
        assert_eq!(o.host_args, ["-emit-llvm", "-S"]);
        // -S alone stops after the listing too, as with clang (it linked, writing nothing).
        let o = p(&["-S", "a.hip", "-o", "a.s"]).unwrap();
        assert_eq!(o.phase, Phase::Compile);
        assert_eq!(o.host_args, ["-S"]);
        for (args, msg) in [
            (
                &["--cuda-device-only", "-E", "a.hip"][..],
                "--cuda-device-only with -E is not supported (the device pass is not preprocessed apart)",
            ),
            (
                &["--cuda-device-only", "-c", "a.hip", "b.hip", "-o", "x.bc"][..],
                "cannot specify -o when generating multiple output files",
            ),
            (
                &["--cuda-device-only", "-c", "m.cpp", "x.o"][..],
                "x.o: --cuda-device-only compiles HIP and CUDA sources and device IR (.ll, .bc) only",
            ),
            (
                &["--genco", "a.ll", "b.hip"][..],
                "--genco needs exactly one HIP source file, or device IR files (.ll, .bc) to link",
            ),
        ] {
            assert_eq!(p(args).unwrap_err().to_string(), msg, "{args:?}");
        }
    }

    #[test]
    fn commands_are_quoted_for_display() {
        assert_eq!(shell_word("-O2"), "-O2");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }
}
