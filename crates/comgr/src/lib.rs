//! ferrocm's compiler support (ROCm's comgr role) for the CPU device.
//!
//! [`compile_hip`] runs clang-19 on a HIP source, device side, with ferrocm's own device headers, lowers
//! every kernel to a CPU work-group function (see [`lower`]), optimises it at `-O3` for the host CPU and
//! links it into a native shared object inside a [`kernel_abi::CodeObject`].
//!
//! ```no_run
//! let src = r#"extern "C" __global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }"#;
//! let co = comgr::compile_hip(src, "scale.hip", &comgr::CompileOptions::default()).unwrap();
//! assert_eq!(co.meta.kernels[0].name, "scale");
//! ```
//!
//! Compiled code is cached by content (source, options, in-memory headers, device headers, compiler and
//! lowering versions, host CPU; files the source includes are checked by content on every hit), in memory and
//! under `$FERROCM_CACHE_DIR`, else `$XDG_CACHE_HOME/ferrocm`, else `~/.cache/ferrocm`.
//! `FERROCM_DISABLE_CACHE=1` turns the disk cache off; `FERROCM_DUMP_IR=dir` writes the IR after each step.

mod amdgcn;
mod amdgcn_asm;
mod bitcode;
mod cache;
mod clang;
mod codegen;
mod device_calls;
mod divguard;
mod error;
mod ir;
mod local_atomics;
mod lockstep;
pub mod lower;
mod masked_memory;
mod reconverge;
mod shim;
mod split;
mod uniform;
mod warp_vector;
mod wide_masks;

pub use bitcode::{
    compile_hip_file_to_bitcode, compile_hip_to_bitcode, link_bitcode, lower_bitcode,
    lower_bitcode_with_listing, take_address_markers, BITCODE_TARGET,
};
pub use clang::{clang_path, clang_version, prefix_include_dir, set_include_dir};
pub use error::CompileError;
use kernel_abi::CodeObject;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Options of one compile.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompileOptions {
    /// clang flags: `-D`, `-U`, `-I`, `-std=`, `-O0..3`, `-g`, `-W...`; `--offload-arch=` and
    /// `--gpu-architecture=` name the target (only the CPU device for now).
    pub args: Vec<String>,
    /// In-memory headers: (include name, contents), found by `#include "name"` and `<name>`.
    pub headers: Vec<(String, String)>,
}

/// Names accepted for the CPU device target.
/// (`x86_64-unknown-linux-gnu` is the CPU device's `gcnArchName`, which programs pass back.)
pub const CPU_ARCH_NAMES: &[&str] = &["cpu", "x86_64", "host", "native", kernel_abi::CPU_TARGET];

/// Compiles HIP `source` (named `source_name` in diagnostics and `__FILE__`) for the CPU device.
pub fn compile_hip(
    source: &str,
    source_name: &str,
    opts: &CompileOptions,
) -> Result<CodeObject, CompileError> {
    compile_hip_with_log(source, source_name, opts).map(|(co, _)| co)
}

/// [`compile_hip`], also giving the compiler's diagnostics (warnings) of a successful compile; a code
/// object served from the cache comes with an empty log.
pub fn compile_hip_with_log(
    source: &str,
    source_name: &str,
    opts: &CompileOptions,
) -> Result<(CodeObject, String), CompileError> {
    let args = normalize_args(&opts.args)?;
    let key = cache::Key::new(source, source_name, &args, &opts.headers)?;
    if let Some(co) = cache::lookup(&key) {
        tracing::debug!(key = %key.hex(), "kernel cache hit");
        return Ok((co, String::new()));
    }
    let (co, deps, log) = compile_uncached(
        Source::Text {
            text: source,
            name: source_name,
        },
        &args,
        &opts.headers,
    )?;
    cache::store(&key, &co, &deps);
    Ok((co, log))
}

/// Compiles the HIP file at `path` where it lies (so `#include "x.h"` finds its neighbours and
/// diagnostics name the file as given), for the CPU device; gives the code object and the compiler's
/// diagnostics. Cached like [`compile_hip`]: the key holds the path and the file's contents, and every
/// file it includes is checked on a hit.
pub fn compile_hip_file(
    path: &Path,
    opts: &CompileOptions,
) -> Result<(CodeObject, String), CompileError> {
    let text =
        std::fs::read(path).map_err(|e| CompileError::Io(format!("{}: {e}", path.display())))?;
    let args = normalize_args(&opts.args)?;
    let name = format!("file:{}", path.display());
    let key = cache::Key::new(&String::from_utf8_lossy(&text), &name, &args, &opts.headers)?;
    if let Some(co) = cache::lookup(&key) {
        return Ok((co, String::new()));
    }
    let (co, deps, log) = compile_uncached(Source::File(path), &args, &opts.headers)?;
    cache::store(&key, &co, &deps);
    Ok((co, log))
}

/// Removes target-selection flags (checked) and keeps the rest for clang, after the definition of
/// `__AMDGCN_WAVEFRONT_SIZE`: the process's warp size unless `-mwavefrontsize64` (64) or
/// `-mno-wavefrontsize64` (32) chooses one.
fn normalize_args(args: &[String]) -> Result<Vec<String>, CompileError> {
    let mut wave = kernel_abi::default_wavefront_size();
    let mut out = Vec::new();
    for a in args {
        match a.as_str() {
            "-mwavefrontsize64" => {
                wave = 64;
                continue;
            }
            "-mno-wavefrontsize64" => {
                wave = 32;
                continue;
            }
            // AMD's two device-printf schemes differ in what printf returns (the bytes printed,
            // or 0); the headers carry the choice into the IR for the lowering.
            "-mprintf-kind=hostcall" => continue,
            "-mprintf-kind=buffered" => {
                out.push("-D__FERROCM_PRINTF_BUFFERED=1".into());
                continue;
            }
            _ if a.starts_with("-mprintf-kind=") => {
                return Err(CompileError::InvalidOption(format!(
                    "`{a}`: the printf kinds are hostcall and buffered"
                )))
            }
            _ => {}
        }
        let arch = a
            .strip_prefix("--offload-arch=")
            .or_else(|| a.strip_prefix("--gpu-architecture="))
            .or_else(|| a.strip_prefix("-arch="));
        match arch {
            Some(name) if CPU_ARCH_NAMES.contains(&name) => {}
            // Programs pass their device's gcnArchName (or an sm_ name): until GPU agents exist the only
            // device is the CPU, so code for a named GPU architecture is CPU code that runs there.
            Some(name) if is_gpu_arch_name(name) => {
                tracing::debug!(
                    arch = name,
                    "GPU architecture requested; compiling for the CPU device"
                )
            }
            Some(name) => {
                return Err(CompileError::InvalidOption(format!(
                    "unknown offload architecture `{name}` (this build targets the CPU device: {})",
                    CPU_ARCH_NAMES.join(", ")
                )))
            }
            None if a == "-fgpu-rdc" || a == "-fno-gpu-rdc" => {}
            None => out.push(a.clone()),
        }
    }
    let mut defines = vec![format!("-D__AMDGCN_WAVEFRONT_SIZE={wave}")];
    defines.extend(processor_defines(wave));
    out.splice(0..0, defines);
    Ok(out)
}

/// The macros clang defines in device code for the AMD processor the CPU device reports as its
/// `gcnArchName` (gfx900 at warp size 64, gfx1010 at 32): the processor name, `__gfxNNN__` and the
/// family. Device code then takes the same architecture's path as host code that reads the name
/// (rocPRIM picks its kernel configuration on both sides and they must agree); neither processor
/// has matrix or packed-dot instructions.
fn processor_defines(wave: u32) -> Vec<String> {
    let name = kernel_abi::gcn_arch_name(wave);
    let processor = name.split(':').next().unwrap_or(name);
    let family = if processor.starts_with("gfx10") {
        "__GFX10__"
    } else {
        "__GFX9__"
    };
    vec![
        format!("-D__amdgcn_processor__=\"{processor}\""),
        format!("-D__{processor}__"),
        format!("-D{family}"),
    ]
}

/// `gfx90a`, `gfx1100`, `gfx90a:sramecc+:xnack-`, `sm_80`, `sm_90a`.
fn is_gpu_arch_name(name: &str) -> bool {
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
        let digits = v.trim_end_matches('a');
        (2..=3).contains(&digits.len())
            && digits.chars().all(|c| c.is_ascii_digit())
            && v.len() - digits.len() <= 1
    });
    features_ok && (gfx || sm)
}

/// A scratch folder, removed when dropped.
struct WorkDir(PathBuf);

impl WorkDir {
    fn new() -> Result<Self, CompileError> {
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ferrocm-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|e| CompileError::Io(format!("{}: {e}", dir.display())))?;
        Ok(WorkDir(dir))
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if std::env::var_os("FERROCM_KEEP_TEMPS").is_none() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn source_file_name(source_name: &str) -> String {
    let base = Path::new(source_name)
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if base.is_empty() {
        "kernel.hip".into()
    } else {
        base
    }
}

/// Where the source of a compile comes from.
enum Source<'a> {
    /// Text, written to a scratch file named after the source name.
    Text { text: &'a str, name: &'a str },
    /// A file compiled where it is (its own folder's includes work, diagnostics name it).
    File(&'a Path),
}

fn compile_uncached(
    source: Source<'_>,
    args: &[String],
    headers: &[(String, String)],
) -> Result<(CodeObject, Vec<PathBuf>, String), CompileError> {
    let work = WorkDir::new()?;
    let (ir, embedded_inc) = compile_device_ir(source, args, headers, &work)?;
    let how = codegen::Lowering::from_args(args);
    let co = codegen::lower_to_code_object(&ir.bitcode, how, &work.0)?;
    let cwd = std::env::current_dir().unwrap_or_default();
    // The embedded headers are in the cache key; a prefix's headers are checked like the program's
    // own files.
    let deps = ir
        .dependencies
        .into_iter()
        .map(|d| if d.is_absolute() { d } else { cwd.join(d) })
        .filter(|d| {
            !d.starts_with(&work.0) && !embedded_inc.as_ref().is_some_and(|e| d.starts_with(e))
        })
        .collect();
    Ok((co, deps, ir.log))
}

/// The device half of a compile: clang-19 on the source with the in-memory headers and the HIP headers
/// (the prefix's, see [`clang::prefix_include_dir`], else the embedded copy), giving the device bitcode
/// (before any CPU lowering) and the embedded headers' folder when those were used.
fn compile_device_ir(
    source: Source<'_>,
    args: &[String],
    headers: &[(String, String)],
    work: &WorkDir,
) -> Result<(clang::DeviceIr, Option<PathBuf>), CompileError> {
    let io = |e: std::io::Error, p: &Path| CompileError::Io(format!("{}: {e}", p.display()));
    let src_path = match source {
        Source::Text { text, name } => {
            let p = work.0.join(source_file_name(name));
            std::fs::write(&p, text).map_err(|e| io(e, &p))?;
            p
        }
        Source::File(p) => p.to_path_buf(),
    };
    let mem_headers = work.0.join("headers");
    for (name, text) in headers {
        let rel = Path::new(name);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| matches!(c, std::path::Component::ParentDir))
        {
            return Err(CompileError::InvalidOption(format!(
                "header name `{name}` must be a relative path"
            )));
        }
        let p = mem_headers.join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(e, parent))?;
        }
        std::fs::write(&p, text).map_err(|e| io(e, &p))?;
    }
    let (device_inc, embedded) = match clang::prefix_include_dir() {
        Some(d) => (d, false),
        None => (clang::device_include_dir(&cache::root_or_temp())?, true),
    };
    let ir = clang::compile_device(
        &src_path,
        &[mem_headers.clone(), device_inc.clone()],
        args,
        &work.0,
    )?;
    if !ir.log.trim().is_empty() {
        tracing::info!(log = %ir.log, "device compile diagnostics");
    }
    Ok((ir, embedded.then_some(device_inc)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(a: &[&str]) -> Result<Vec<String>, CompileError> {
        normalize_args(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn target_options_are_checked_and_removed() {
        let ws = kernel_abi::default_wavefront_size();
        let mut defines = vec![format!("-D__AMDGCN_WAVEFRONT_SIZE={ws}")];
        defines.extend(processor_defines(ws));
        let with = |rest: &[&str]| {
            let mut v = defines.clone();
            v.extend(rest.iter().map(|s| s.to_string()));
            v
        };
        assert_eq!(
            norm(&["-O2", "--offload-arch=cpu", "-DX=1"]).unwrap(),
            with(&["-O2", "-DX=1"])
        );
        assert_eq!(
            norm(&["--gpu-architecture=gfx90a:xnack-", "--offload-arch=sm_80"]).unwrap(),
            with(&[])
        );
        assert_eq!(
            norm(&[
                "--offload-arch=gfx1100",
                "-fgpu-rdc",
                "-mno-wavefrontsize64"
            ])
            .unwrap(),
            vec![
                "-D__AMDGCN_WAVEFRONT_SIZE=32",
                "-D__amdgcn_processor__=\"gfx1010\"",
                "-D__gfx1010__",
                "-D__GFX10__"
            ]
        );
        assert_eq!(
            norm(&["-mno-wavefrontsize64", "-mwavefrontsize64"]).unwrap(),
            vec![
                "-D__AMDGCN_WAVEFRONT_SIZE=64",
                "-D__amdgcn_processor__=\"gfx900\"",
                "-D__gfx900__",
                "-D__GFX9__"
            ]
        );
        for bad in [
            "--offload-arch=gfx9zz",
            "--offload-arch=pentium",
            "--gpu-architecture=sm_8",
            "--offload-arch=gfx90a:xnack",
        ] {
            let e = norm(&[bad]).unwrap_err();
            assert!(matches!(e, CompileError::InvalidOption(_)), "{bad}: {e}");
            assert!(
                e.to_string().contains("unknown offload architecture"),
                "{e}"
            );
        }
    }
}
