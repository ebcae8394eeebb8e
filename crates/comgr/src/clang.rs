//! Runs clang-19 on HIP source, device side, with ferrocm's own device headers (comgr's role).
use crate::error::CompileError;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/headers.rs"));

/// The clang executable: `FERROCM_CLANG`, else `clang-19` from `PATH`.
pub fn clang_path() -> PathBuf {
    std::env::var_os("FERROCM_CLANG")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("clang-19"))
}

/// `clang --version`'s first line, part of every cache key.
pub fn clang_version() -> Result<&'static str, CompileError> {
    static VERSION: OnceLock<Result<String, String>> = OnceLock::new();
    let v = VERSION.get_or_init(|| {
        let clang = clang_path();
        match Command::new(&clang).arg("--version").output() {
            Ok(out) if out.status.success() => Ok(String::from_utf8_lossy(&out.stdout)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string()),
            Ok(out) => Err(format!(
                "{} --version failed: {}",
                clang.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            )),
            Err(e) => Err(format!(
                "cannot run {} ({e}): install clang-19 (`apt-get install clang-19`, or run scripts/setup.sh) \
                 or point FERROCM_CLANG at a clang 19",
                clang.display()
            )),
        }
    });
    v.as_deref().map_err(|e| CompileError::Toolchain(e.clone()))
}

/// Hash of the embedded device headers (part of every cache key).
pub fn headers_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut h = Sha256::new();
        for (name, bytes) in DEVICE_HEADERS {
            h.update(name.as_bytes());
            h.update([0]);
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(bytes);
        }
        hex(&h.finalize())
    })
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The folder of HIP headers set by [`set_include_dir`] (hipcc: its prefix's `include/`).
static INCLUDE_DIR: OnceLock<PathBuf> = OnceLock::new();

/// Makes device compiles use the HIP headers in `dir` (a ROCm-style prefix's `include/`), so that host
/// and device passes read one set of headers. Only the first call counts.
pub fn set_include_dir(dir: &Path) {
    let _ = INCLUDE_DIR.set(dir.to_path_buf());
}

/// The prefix headers device compiles use instead of the embedded copy: [`set_include_dir`]'s folder,
/// else `$HIP_PATH/include`, else `$ROCM_PATH/include`, where it holds ferrocm's HIP headers (as ROCm
/// reads them; a path to AMD's own ROCm install is passed over, since its device headers target AMD's
/// device libraries); `None` means the headers built into this library.
pub fn prefix_include_dir() -> Option<PathBuf> {
    let has_headers = |d: &Path| {
        d.join("hip/hip_runtime.h").is_file() && d.join("hip/hip_device_builtins.h").is_file()
    };
    if let Some(d) = INCLUDE_DIR.get() {
        return has_headers(d).then(|| d.clone());
    }
    ["HIP_PATH", "ROCM_PATH"]
        .into_iter()
        .filter_map(std::env::var_os)
        .map(|p| PathBuf::from(p).join("include"))
        .find(|d| has_headers(d))
}

/// Writes the embedded device headers into `<cache>/include-<hash>` once and returns that folder.
pub fn device_include_dir(cache_root: &Path) -> Result<PathBuf, CompileError> {
    let dir = cache_root.join(format!("include-{}", &headers_hash()[..16]));
    if dir.join(".complete").exists() {
        return Ok(dir);
    }
    // Write into a private folder first, then rename, so concurrent processes never see half a tree.
    let tmp = cache_root.join(format!(
        "include-tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let io = |e: std::io::Error, what: &Path| CompileError::Io(format!("{}: {e}", what.display()));
    let _ = std::fs::remove_dir_all(&tmp);
    for (name, bytes) in DEVICE_HEADERS {
        let path = tmp.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(e, parent))?;
        }
        std::fs::write(&path, bytes).map_err(|e| io(e, &path))?;
    }
    std::fs::create_dir_all(&tmp).map_err(|e| io(e, &tmp))?;
    std::fs::write(tmp.join(".complete"), b"").map_err(|e| io(e, &tmp))?;
    match std::fs::rename(&tmp, &dir) {
        Ok(()) => Ok(dir),
        Err(_) if dir.join(".complete").exists() => {
            let _ = std::fs::remove_dir_all(&tmp);
            Ok(dir)
        }
        Err(e) => Err(io(e, &dir)),
    }
}

/// Result of a device compile: LLVM bitcode and the files it read (from clang's `-MD` output).
pub struct DeviceIr {
    pub bitcode: Vec<u8>,
    pub dependencies: Vec<PathBuf>,
    pub log: String,
}

/// Compiles `source_file` (HIP) for the portable device target, giving LLVM bitcode.
pub fn compile_device(
    source_file: &Path,
    include_dirs: &[PathBuf],
    args: &[String],
    work_dir: &Path,
) -> Result<DeviceIr, CompileError> {
    let out = work_dir.join("device.bc");
    let deps = work_dir.join("device.d");
    let mut cmd = Command::new(clang_path());
    cmd.args([
        "-x",
        "hip",
        "--offload-arch=amdgcnspirv",
        "--cuda-device-only",
        "-nogpuinc",
        "-nogpulib",
    ])
    .args(["-emit-llvm", "-c", "-fno-exceptions"])
    // For AMD targets clang turns device printf into ROCm's hostcall buffer calls (__ockl_printf_*);
    // ferrocm's printf is an ordinary device function the CPU lowering binds.
    .arg("-fno-builtin-printf")
    // The CPU lowering vectorises across work-items; vectors clang's SLP vectoriser forms inside one
    // work-item for AMD's target (<2 x float> loads) stop that (a tiled matmul ran at less than half
    // speed). The driver's -fno-slp-vectorize does not reach the HIP device job; the option does.
    .args([
        "-mllvm",
        "-vectorize-slp=false",
        "-mllvm",
        "-vectorize-loops=false",
    ])
    // GPU code reinterprets private arrays freely (rocPRIM loads a thread's samples as `int[]`
    // and reads them as `unsigned short[]`). On AMD's target the loops over such arrays are fully
    // unrolled and the arrays promoted to registers, so type-based aliasing never applies; on
    // this generic target the arrays stay in memory, and strict aliasing let clang delete the
    // stores as dead. Without it the IR keeps what the source wrote.
    .arg("-fno-strict-aliasing")
    // clang 19 made `x.template f` without template arguments an error; ROCm's libraries (rocPRIM)
    // still write it, and ROCm's own clang accepted it: a warning, as before.
    .arg("-Wno-error=missing-template-arg-list-after-template-kw");
    // The lowering needs every device function inlinable; at -O0 clang would mark them optnone.
    if args.iter().any(|a| a == "-O0") {
        cmd.args(["-Xclang", "-disable-O0-optnone"]);
    }
    for dir in include_dirs {
        cmd.arg("-I").arg(dir);
    }
    cmd.args(["-include", "hip/hip_runtime.h"]);
    if !args.iter().any(|a| a.starts_with("-O")) {
        cmd.arg("-O3");
    }
    cmd.args(args);
    cmd.arg("-MD").arg("-MF").arg(&deps);
    cmd.arg("-o").arg(&out).arg(source_file);
    tracing::debug!(?cmd, "device compile");
    let output = cmd.output().map_err(|e| {
        CompileError::Toolchain(format!("cannot run {} ({e})", clang_path().display()))
    })?;
    let log = name_the_target(String::from_utf8_lossy(&output.stderr).into_owned());
    if !output.status.success() {
        return Err(CompileError::Compile { log });
    }
    let bitcode =
        std::fs::read(&out).map_err(|e| CompileError::Io(format!("{}: {e}", out.display())))?;
    let dependencies = std::fs::read_to_string(&deps)
        .map(|d| parse_depfile(&d))
        .unwrap_or_default();
    Ok(DeviceIr {
        bitcode,
        dependencies,
        log,
    })
}

/// clang's closing count names the offload target (`1 warning generated when compiling for
/// gfx90a.`), and for AMD's generic target it names none: the CPU device's target goes there.
fn name_the_target(log: String) -> String {
    const UNNAMED: &str = " when compiling for .";
    if !log.contains(UNNAMED) {
        return log;
    }
    log.replace(
        UNNAMED,
        &format!(" when compiling for {}.", kernel_abi::CPU_TARGET),
    )
}

/// Parses a make-style dependency file (`target: dep dep \` ...) into its dependencies.
fn parse_depfile(text: &str) -> Vec<PathBuf> {
    let joined = text.replace("\\\n", " ");
    let Some((_, deps)) = joined.split_once(": ") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = deps.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => {
                cur.push(' ');
                chars.next();
            }
            c if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(PathBuf::from(std::mem::take(&mut cur)));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(PathBuf::from(cur));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closing_count_names_the_cpu_target() {
        let log =
            "a.hip:3:1: warning: unused\n1 warning generated when compiling for .\n".to_string();
        assert_eq!(
            name_the_target(log),
            "a.hip:3:1: warning: unused\n1 warning generated when compiling for x86_64-unknown-linux-gnu.\n"
        );
        let host = "1 warning generated when compiling for host.\n".to_string();
        assert_eq!(name_the_target(host.clone()), host);
    }

    #[test]
    fn depfile_parsing_handles_continuations_and_escaped_spaces() {
        let d = "out.bc: a.hip /x/y\\ z.h \\\n  /inc/hip/hip_runtime.h\n";
        assert_eq!(
            parse_depfile(d),
            vec![
                PathBuf::from("a.hip"),
                PathBuf::from("/x/y z.h"),
                PathBuf::from("/inc/hip/hip_runtime.h")
            ]
        );
    }
}

#[cfg(test)]
mod vectorisation_tests {
    use crate::CompileOptions;

    /// The device pass leaves vectorisation to the lowering (across work-items): clang's SLP vectoriser
    /// for AMD's target would pair a work-item's loads into <2 x float>.
    #[test]
    fn the_device_pass_forms_no_vectors_within_a_work_item() {
        let src = r#"extern "C" __global__ void mm(const float *a, const float *b, float *c, int n) {
            __shared__ float ta[16][16], tb[16][16];
            int tx = threadIdx.x, ty = threadIdx.y;
            float acc = 0;
            for (int t = 0; t < n; t += 16) {
                ta[ty][tx] = a[ty * n + t + tx];
                tb[ty][tx] = b[(t + ty) * n + tx];
                __syncthreads();
                for (int k = 0; k < 16; ++k) acc += ta[ty][k] * tb[k][tx];
                __syncthreads();
            }
            c[ty * n + tx] = acc;
        }"#;
        let (bc, _) = crate::compile_hip_to_bitcode(src, "mm.hip", &CompileOptions::default())
            .expect("compiles");
        let ctx = inkwell::context::Context::create();
        let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(&bc, "mm");
        let m = ctx.create_module_from_ir(buf).expect("bitcode");
        let ir = m.print_to_string().to_string();
        assert!(ir.contains("@mm("), "{ir}");
        assert!(!ir.contains("x float>"), "vectors in the device IR:\n{ir}");
    }
}
