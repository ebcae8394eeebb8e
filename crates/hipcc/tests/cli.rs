//! hipcc, hipconfig and rocminfo run as programs from a ROCm-style prefix laid out in a temporary folder
//! (bin/ from this build, include/ from the repository, lib/ from the built libamdhip64.so).
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicU64 = AtomicU64::new(0);
        let d = std::env::temp_dir().join(format!(
            "hipcc-test-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }
    fn path(&self) -> &Path {
        &self.0
    }
    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The built libamdhip64.so next to this test's binaries (target/<profile>/), if there is one.
fn built_runtime() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_BIN_EXE_hipcc")).parent()?;
    let lib = dir.join("libamdhip64.so");
    lib.exists().then_some(lib)
}

/// A full prefix for running programs, or `None` (with a printed reason) while the runtime is not built.
fn runtime_prefix(what: &str) -> Option<TempDir> {
    if built_runtime().is_none() {
        eprintln!(
            "SKIPPED: libamdhip64.so is not built yet (cargo build -p amdhip64); {what} not tested"
        );
        return None;
    }
    Some(make_prefix(true, true))
}

/// A prefix: bin/{hipcc,hipconfig,rocminfo}, include/hip, and lib/ with the runtime's symlink chain when
/// `with_runtime` and the runtime is built.
fn make_prefix(with_headers: bool, with_runtime: bool) -> TempDir {
    let t = TempDir::new("prefix");
    let bin = t.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for (name, exe) in [
        ("hipcc", env!("CARGO_BIN_EXE_hipcc")),
        ("hipconfig", env!("CARGO_BIN_EXE_hipconfig")),
        ("rocminfo", env!("CARGO_BIN_EXE_rocminfo")),
    ] {
        std::fs::copy(exe, bin.join(name)).unwrap();
    }
    if with_headers {
        copy_headers(
            &repo_root().join("include/hip"),
            &t.path().join("include/hip"),
        );
    }
    let lib = t.path().join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    if with_runtime {
        if let Some(rt) = built_runtime() {
            std::fs::copy(rt, lib.join("libamdhip64.so.6.2.0")).unwrap();
            std::os::unix::fs::symlink("libamdhip64.so.6.2.0", lib.join("libamdhip64.so.6"))
                .unwrap();
            std::os::unix::fs::symlink("libamdhip64.so.6", lib.join("libamdhip64.so")).unwrap();
        }
    }
    t
}

/// Copies the header tree `from` (include/hip, subfolders such as amd_detail/ included) to `to`.
fn copy_headers(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_headers(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Runs a prefix tool in `cwd` with HIP_PATH/ROCM_PATH cleared (the prefix comes from the tool's place).
fn tool(prefix: &Path, name: &str, cwd: &Path, args: &[&str]) -> Output {
    Command::new(prefix.join("bin").join(name))
        .args(args)
        .current_dir(cwd)
        .env_remove("HIP_PATH")
        .env_remove("ROCM_PATH")
        .env_remove("HIP_COMPILE_CXX_AS_HIP")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const KERNEL: &str = r#"#include <hip/hip_runtime.h>
#include "scale.h"
extern "C" __global__ void scale(float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = FACTOR * a * x[i];
}
"#;

fn kernel_dir() -> TempDir {
    let w = TempDir::new("src");
    w.write("scale.h", "#define FACTOR 1.0f\n");
    w.write("scale.hip", KERNEL);
    w
}

#[test]
fn bad_command_lines_are_one_line_errors() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let cases: &[(&[&str], &str)] = &[
        (&["nope.hip"], "hipcc: error: no such file or directory: 'nope.hip'\n"),
        (
            &["--offload-arch=gfx9zz", "scale.hip"],
            "hipcc: error: unknown offload architecture 'gfx9zz' (accepted: cpu, x86_64, host, native, \
             x86_64-unknown-linux-gnu, gfx* and sm_* names)\n",
        ),
        (
            &["-c", "scale.hip", "scale.hip", "-o", "x.o"],
            "hipcc: error: cannot specify -o when generating multiple output files\n",
        ),
        (&["--genco", "-c", "scale.hip"], "hipcc: error: --genco and -c cannot be used together\n"),
        (&[], "hipcc: error: no input files\n"),
    ];
    for (args, msg) in cases {
        let o = tool(p.path(), "hipcc", w.path(), args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&o), *msg, "{args:?}");
    }
}

/// `FERROCM_LLVM_ARGS` passes options to the device compile's LLVM; one LLVM does not know fails
/// the compile with LLVM's message, and never exits the process from inside LLVM.
#[test]
fn llvm_options_from_the_environment_are_checked() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let run = |args: &str| {
        Command::new(p.path().join("bin").join("hipcc"))
            .args(["-c", "scale.hip", "-o", "scale.o"])
            .current_dir(w.path())
            .env_remove("HIP_PATH")
            .env_remove("ROCM_PATH")
            .env("FERROCM_DISABLE_CACHE", "1")
            .env("FERROCM_LLVM_ARGS", args)
            .output()
            .unwrap()
    };
    let o = run("-no-such-llvm-option");
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains(
            "FERROCM_LLVM_ARGS: ferrocm: Unknown command line argument '-no-such-llvm-option'"
        ),
        "{e}"
    );
    assert!(!w.path().join("scale.o").exists());
    let o = run("-unroll-runtime=false -time-passes");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(w.path().join("scale.o").exists());
}

#[test]
fn a_prefix_without_headers_or_runtime_is_named_in_one_line() {
    let p = make_prefix(false, false);
    let w = kernel_dir();
    let o = tool(p.path(), "hipcc", w.path(), &["-c", "scale.hip"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.starts_with("hipcc: error: HIP headers not found in "),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");

    let p = make_prefix(true, false);
    let obj = w.write("x.o", "");
    let o = tool(p.path(), "hipcc", w.path(), &[obj.to_str().unwrap()]);
    let e = stderr(&o);
    assert!(e.starts_with("hipcc: error: HIP runtime library "), "{e}");
    assert!(e.contains("libamdhip64.so not found"), "{e}");
}

#[test]
fn compile_errors_show_clang_diagnostics_and_fail() {
    let p = make_prefix(true, false);
    let w = TempDir::new("bad");
    w.write(
        "bad.hip",
        "__global__ void k(int *x) {\n  x[0] = undeclared_thing;\n}\n",
    );
    let o = tool(p.path(), "hipcc", w.path(), &["-c", "bad.hip"]);
    assert_ne!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert!(e.contains("bad.hip:2:"), "{e}");
    assert!(
        e.contains("error: use of undeclared identifier 'undeclared_thing'"),
        "{e}"
    );
    assert!(!w.path().join("bad.o").exists());
}

/// The host pass runs beside the device compile; a device error stops it, so the error is shown
/// once (not again by the host pass), and neither an object nor clang's temporary is left.
#[test]
fn device_errors_stop_the_host_pass_and_leave_nothing() {
    let p = make_prefix(true, false);
    let w = TempDir::new("bad");
    // Slow enough on the host side that the device error comes first.
    let mut src = String::from("#include <hip/hip_runtime.h>\n#include <map>\n#include <regex>\n");
    src.push_str("__global__ void k(int *x) {\n  x[0] = undeclared_thing;\n}\n");
    w.write("bad.hip", &src);
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-c", "bad.hip", "-o", "bad.o"],
    );
    assert_ne!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert_eq!(
        e.matches("error: use of undeclared identifier").count(),
        1,
        "{e}"
    );
    let left: Vec<_> = std::fs::read_dir(w.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["bad.hip"], "{e}");
}

/// An error only the host pass sees fails the compile with clang's diagnostics, and no object.
#[test]
fn host_pass_errors_fail_the_compile() {
    let p = make_prefix(true, false);
    let w = TempDir::new("hostbad");
    w.write(
        "h.hip",
        "#include <hip/hip_runtime.h>\n__global__ void k(int *x) { x[0] = 1; }\n\
         #ifndef __HIP_DEVICE_COMPILE__\nint f() { return host_side_typo; }\n#endif\n",
    );
    let o = tool(p.path(), "hipcc", w.path(), &["-c", "h.hip", "-o", "h.o"]);
    assert_ne!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert!(e.contains("h.hip:4:"), "{e}");
    assert!(e.contains("host_side_typo"), "{e}");
    assert!(!w.path().join("h.o").exists());
}

/// A HIP source without kernels or device variables has no device code to embed.
#[test]
fn a_source_without_kernels_compiles_and_links() {
    let Some(p) = runtime_prefix("linking a source without kernels") else {
        return;
    };
    let w = TempDir::new("plain");
    w.write(
        "plain.hip",
        "#include <hip/hip_runtime.h>\n#include <cstdio>\nint main() { std::printf(\"plain\\n\"); }\n",
    );
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-c", "plain.hip", "-o", "plain.o"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = tool(p.path(), "hipcc", w.path(), &["plain.o", "-o", "plain"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = Command::new(w.path().join("plain")).output().unwrap();
    assert_eq!(stdout(&run), "plain\n");
}

#[test]
fn syntax_only_checks_both_passes_and_writes_nothing() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let o = tool(p.path(), "hipcc", w.path(), &["-fsyntax-only", "scale.hip"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let left: Vec<_> = std::fs::read_dir(w.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left.len(), 2, "wrote something: {left:?}");

    // An error only the device pass sees (device code calling a host-only function).
    w.write(
        "dev.hip",
        "#include <hip/hip_runtime.h>\nint host_only(int x) { return x; }\n\
         __global__ void k(int *x) { x[0] = host_only(x[0]); }\n",
    );
    let o = tool(p.path(), "hipcc", w.path(), &["-fsyntax-only", "dev.hip"]);
    assert_ne!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert!(e.contains("dev.hip:3:"), "{e}");
    assert!(e.contains("host_only"), "{e}");
}

#[test]
fn dry_run_prints_the_commands_and_writes_nothing() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &[
            "-###",
            "-O2",
            "-DX=3",
            "--offload-arch=gfx90a",
            "scale.hip",
            "-lfoo",
            "-o",
            "app",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = stderr(&o);
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 3, "{e}");
    assert!(
        lines[0].contains("comgr-compile --offload-arch=gfx90a") && lines[0].contains("-DX=3"),
        "{e}"
    );
    assert!(
        lines[1].contains("-x hip --cuda-host-only")
            && lines[1].contains("-fcuda-include-gpubinary"),
        "{e}"
    );
    assert!(
        lines[1].contains(&format!("-isystem {}", p.path().join("include").display())),
        "{e}"
    );
    assert!(
        lines[2].contains("--driver-mode=g++") && lines[2].contains("-lfoo -L"),
        "{e}"
    );
    assert!(
        lines[2].contains("-lamdhip64") && lines[2].contains("-Wl,-rpath,"),
        "{e}"
    );
    assert!(!w.path().join("app").exists());
}

/// `--cuda-host-only -c` compiles the host side alone, as clang does: no device compile and no
/// device code embedded.
#[test]
fn host_only_compiles_no_device_code() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &[
            "-###",
            "--cuda-host-only",
            "-c",
            "scale.hip",
            "-o",
            "scale.o",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = stderr(&o);
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 1, "{e}");
    assert!(lines[0].contains("-x hip --cuda-host-only"), "{e}");
    assert!(
        !e.contains("comgr-compile") && !e.contains("-fcuda-include-gpubinary"),
        "{e}"
    );
}

#[test]
fn cxx_is_hip_by_default_and_host_cxx_when_asked() {
    let p = make_prefix(true, false);
    let w = TempDir::new("cxx");
    w.write(
        "m.cpp",
        "#include <hip/hip_runtime.h>\nint main() { return 0; }\n",
    );
    let o = tool(p.path(), "hipcc", w.path(), &["-###", "-c", "m.cpp"]);
    assert!(
        stderr(&o).contains("-x hip --cuda-host-only"),
        "{}",
        stderr(&o)
    );
    let o = Command::new(p.path().join("bin/hipcc"))
        .args(["-###", "-c", "m.cpp"])
        .current_dir(w.path())
        .env("HIP_COMPILE_CXX_AS_HIP", "0")
        .output()
        .unwrap();
    let e = stderr(&o);
    assert!(
        e.contains("--driver-mode=g++ -x c++ -D__HIP_PLATFORM_AMD__=1"),
        "{e}"
    );
    assert!(!e.contains("comgr-compile"), "{e}");
}

/// The object's `.hip_fatbin` section: a clang offload bundle holding the CPU code object.
fn embedded_code_object(obj: &Path, work: &Path) -> kernel_abi::CodeObject {
    let dump = work.join("fatbin.bin");
    let st = Command::new("llvm-objcopy-19")
        .arg(format!("--dump-section=.hip_fatbin={}", dump.display()))
        .arg(obj)
        .arg(work.join("scratch.o"))
        .status()
        .unwrap();
    assert!(st.success());
    let bytes = std::fs::read(&dump).unwrap();
    let entries = kernel_abi::bundle::read(&bytes).unwrap();
    let ids: Vec<&str> = entries.iter().map(|e| e.id).collect();
    assert_eq!(
        ids,
        [
            kernel_abi::bundle::HOST_ENTRY_ID,
            kernel_abi::bundle::CPU_ENTRY_ID
        ]
    );
    kernel_abi::CodeObject::from_bytes(entries[1].data).unwrap()
}

#[test]
fn compile_only_embeds_the_device_bundle_and_writes_dependencies() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-c", "-O1", "-fPIC", "-MD", "-MF", "scale.d", "scale.hip"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let obj = w.path().join("scale.o");
    let co = embedded_code_object(&obj, w.path());
    let names: Vec<&str> = co.meta.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["scale"]);
    let syms = Command::new("nm").arg(&obj).output().unwrap();
    let syms = stdout(&syms);
    assert!(syms.contains("U __hipRegisterFatBinary"), "{syms}");
    assert!(syms.contains("U __hipRegisterFunction"), "{syms}");
    let deps = std::fs::read_to_string(w.path().join("scale.d")).unwrap();
    assert!(deps.starts_with("scale.o:"), "{deps}");
    assert!(deps.contains("scale.h"), "{deps}");
}

#[test]
fn save_temps_keeps_the_bundle_and_code_object() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-c", "-save-temps", "scale.hip", "-o", "k.o"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let fb = std::fs::read(w.path().join("scale.hipfb")).unwrap();
    assert!(kernel_abi::bundle::read(&fb).is_ok());
    let co = std::fs::read(w.path().join("scale-hip-x86_64-unknown-linux-gnu.co")).unwrap();
    assert!(kernel_abi::CodeObject::from_bytes(&co).is_ok());
    assert!(w.path().join("k.o").exists());
}

#[test]
fn genco_output_loads_with_module_load_and_runs() {
    let p = make_prefix(true, false);
    let w = kernel_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &[
            "--genco",
            "--offload-arch=gfx1100",
            "-DFACTOR_UNUSED",
            "scale.hip",
            "-o",
            "scale.co",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let module = hip::Module::load(w.path().join("scale.co")).unwrap();
    let f = module.function("scale").unwrap();
    let n = 300i32;
    let x = hip::DeviceBuffer::from_slice(&vec![2.0f32; n as usize]).unwrap();
    f.launch(
        hip::Dim3::new(3, 1, 1),
        hip::Dim3::new(128, 1, 1),
        0,
        None,
        &[&x, &1.5f32, &n],
    )
    .unwrap();
    hip::device_synchronize().unwrap();
    assert!(x.to_vec().unwrap().iter().all(|&v| v == 3.0));
}

#[test]
fn hipconfig_has_rocm_shape() {
    let p = make_prefix(true, false);
    let root = std::fs::canonicalize(p.path()).unwrap();
    let v = stdout(&tool(p.path(), "hipconfig", p.path(), &["--version"]));
    let (num, hash) = v.split_once('-').unwrap();
    assert!(
        num.starts_with("6.") && num.split('.').count() == 3 && !hash.is_empty(),
        "{v}"
    );
    assert_eq!(
        stdout(&tool(p.path(), "hipconfig", p.path(), &["--platform"])),
        "amd"
    );
    assert_eq!(
        stdout(&tool(p.path(), "hipconfig", p.path(), &["--compiler"])),
        "clang"
    );
    assert_eq!(
        stdout(&tool(p.path(), "hipconfig", p.path(), &["--path", "-n"])),
        format!("{}\n", root.display())
    );
    assert_eq!(
        stdout(&tool(p.path(), "hipconfig", p.path(), &["--rocmpath"])),
        root.display().to_string()
    );
    let cpp = stdout(&tool(p.path(), "hipconfig", p.path(), &["--cpp_config"]));
    assert!(cpp.contains("-D__HIP_PLATFORM_AMD__=1"), "{cpp}");
    assert!(
        cpp.contains(&format!("-I{}/include", root.display())),
        "{cpp}"
    );
    let full = stdout(&tool(p.path(), "hipconfig", p.path(), &["--full"]));
    assert!(
        full.contains("== hipconfig") && full.contains("== hip-clang"),
        "{full}"
    );
    // No runtime library in this prefix: --check says so and fails.
    let check = tool(p.path(), "hipconfig", p.path(), &["--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stdout(&check).contains("check HIP headers"),
        "{}",
        stdout(&check)
    );
    // HIP_PATH overrides the location.
    let o = Command::new(p.path().join("bin/hipconfig"))
        .arg("--path")
        .env("HIP_PATH", "/nonexistent/elsewhere")
        .output()
        .unwrap();
    assert_eq!(stdout(&o), "/nonexistent/elsewhere");
    let bad = tool(p.path(), "hipconfig", p.path(), &["--nope"]);
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        stderr(&bad),
        "hipconfig: error: unknown option '--nope' (see --help)\n"
    );
}

#[test]
fn rocminfo_reports_the_cpu_agent() {
    let p = make_prefix(true, false);
    let o = tool(p.path(), "rocminfo", p.path(), &[]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let order = [
        "HSA System Attributes",
        "HSA Agents",
        "Agent 1",
        "  Name:",
        "  Marketing Name:",
        "  Queue Max Size:",
        "  Cache Info:",
        "  Compute Unit:",
        "  Wavefront Size:",
        "  Workgroup Max Size per Dimension:",
        "  Grid Max Size per Dimension:",
        "  Pool Info:",
        "      Segment:",
        "      Accessible by all:",
        "  ISA Info:",
        "*** Done ***",
    ];
    let mut at = 0;
    for needle in order {
        let found = text[at..].find(needle);
        assert!(
            found.is_some(),
            "`{needle}` missing after byte {at}:\n{text}"
        );
        at += found.unwrap_or(0);
    }
    let bad = tool(p.path(), "rocminfo", p.path(), &["--bogus"]);
    assert_eq!(bad.status.code(), Some(1));
}

/// A program of several files (a HIP file, a .cpp treated as HIP, and a static library) built and run
/// through the prefix; the run needs no environment (rpath).
#[test]
fn programs_build_and_run_end_to_end() {
    let Some(p) = runtime_prefix("end-to-end run") else {
        return;
    };
    let w = kernel_dir();
    w.write(
        "add.hip",
        r#"#include <hip/hip_runtime.h>
__global__ void add_one(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1;
}
int run_add_one(int *host, int n) {
    int *d = nullptr;
    if (hipMalloc(&d, n * sizeof(int)) != hipSuccess) return 1;
    hipMemcpy(d, host, n * sizeof(int), hipMemcpyHostToDevice);
    add_one<<<(n + 63) / 64, 64>>>(d, n);
    if (hipGetLastError() != hipSuccess) return 2;
    hipMemcpy(host, d, n * sizeof(int), hipMemcpyDeviceToHost);
    hipFree(d);
    return 0;
}
"#,
    );
    w.write(
        "main.cpp",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
int run_add_one(int *host, int n);
__global__ void twice(int *x) { x[threadIdx.x] *= 2; }
int main() {
    int h[100];
    for (int i = 0; i < 100; ++i) h[i] = i;
    if (run_add_one(h, 100) != 0) return 3;
    int *d = nullptr;
    hipMalloc(&d, sizeof h);
    hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
    hipLaunchKernelGGL(twice, dim3(1), dim3(100), 0, 0, d);
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    for (int i = 0; i < 100; ++i)
        if (h[i] != 2 * (i + 1)) { printf("bad %d: %d\n", i, h[i]); return 4; }
    printf("ok %d\n", h[99]);
    return 0;
}
"#,
    );
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-c", "-O2", "add.hip", "-o", "add.o"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let ar = Command::new("ar")
        .args(["rcs", "libadd.a", "add.o"])
        .current_dir(w.path())
        .status()
        .unwrap();
    assert!(ar.success());
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-O2", "-std=c++17", "main.cpp", "-L.", "-ladd", "-o", "app"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = Command::new(w.path().join("app"))
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        stdout(&run),
        stderr(&run)
    );
    assert_eq!(stdout(&run), "ok 200\n");
}

/// scripts/dist.sh lays out the prefix from target/release (no build here: `--no-build`), and a second
/// run changes nothing.
#[test]
fn dist_script_lays_out_the_prefix_idempotently() {
    let release = repo_root().join("target/release");
    if !release.join("hipcc").exists() || !release.join("libamdhip64.so").exists() {
        eprintln!(
            "SKIPPED: target/release has no hipcc or libamdhip64.so (cargo build --release -p hipcc -p amdhip64)"
        );
        return;
    }
    let t = TempDir::new("dist");
    let prefix = t.path().join("rocm");
    let run = || {
        Command::new(repo_root().join("scripts/dist.sh"))
            .args(["--no-build", "--prefix"])
            .arg(&prefix)
            .env_remove("CARGO_TARGET_DIR")
            .output()
            .unwrap()
    };
    let o = run();
    assert!(o.status.success(), "{}", stderr(&o));
    for f in [
        "bin/hipcc",
        "bin/hipconfig",
        "bin/rocminfo",
        "include/hip/hip_runtime.h",
        "share/ferrocm/README",
    ] {
        assert!(prefix.join(f).is_file(), "{f} missing");
    }
    let lib = prefix.join("lib");
    assert_eq!(
        std::fs::read_link(lib.join("libamdhip64.so")).unwrap(),
        Path::new("libamdhip64.so.6")
    );
    assert_eq!(
        std::fs::read_link(lib.join("libamdhip64.so.6")).unwrap(),
        Path::new("libamdhip64.so.6.2.0")
    );
    let mtime = |p: &Path| std::fs::metadata(p).unwrap().modified().unwrap();
    let before = mtime(&prefix.join("bin/hipcc"));
    let o = run();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        mtime(&prefix.join("bin/hipcc")),
        before,
        "unchanged files must not be rewritten"
    );
    let bad = Command::new(repo_root().join("scripts/dist.sh"))
        .arg("--bogus")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        stderr(&bad),
        "dist.sh: unknown option '--bogus' (see --help)\n"
    );
}

/// `-fgpu-rdc`: a kernel in one translation unit calls a device function and reads a device variable
/// defined in another; one of them comes from a static library.
#[test]
fn relocatable_device_code_links_across_translation_units() {
    let Some(p) = runtime_prefix("-fgpu-rdc run") else {
        return;
    };
    let w = kernel_dir();
    w.write(
        "lib.hip",
        r#"#include <hip/hip_runtime.h>
__device__ int offset = 1000;
__device__ int square_plus(int x) { return x * x + offset; }
"#,
    );
    w.write(
        "main.hip",
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
extern __device__ int offset;
__device__ int square_plus(int x);
__global__ void k(int *out) { out[threadIdx.x] = square_plus(threadIdx.x) + offset; }
int main() {
    int *d = nullptr, h[32];
    if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
    k<<<1, 32>>>(d);
    if (hipDeviceSynchronize() != hipSuccess) return 3;
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    for (int i = 0; i < 32; ++i)
        if (h[i] != i * i + 2000) { printf("bad %d: %d\n", i, h[i]); return 4; }
    printf("rdc ok %d\n", h[31]);
    return 0;
}
"#,
    );
    for (src, obj) in [("lib.hip", "lib.o"), ("main.hip", "main.o")] {
        let o = tool(
            p.path(),
            "hipcc",
            w.path(),
            &["-fgpu-rdc", "-O2", "-c", src, "-o", obj],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let ar = Command::new("ar")
        .args(["rcs", "librdc.a", "lib.o"])
        .current_dir(w.path())
        .status()
        .unwrap();
    assert!(ar.success());
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-fgpu-rdc", "main.o", "librdc.a", "-o", "app"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = Command::new(w.path().join("app")).output().unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        stdout(&run),
        stderr(&run)
    );
    assert_eq!(stdout(&run), "rdc ok 2961\n");
}

/// The CUDA sample (tests/data/vector_add.cu and its local headers), copied into a fresh folder.
fn cuda_sample_dir() -> TempDir {
    let w = TempDir::new("cuda");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    std::fs::create_dir_all(w.path().join("util")).unwrap();
    for f in ["vector_add.cu", "vector_add.cuh", "util/check.cuh"] {
        std::fs::copy(data.join(f), w.path().join(f)).unwrap();
    }
    w
}

/// A CUDA program builds straight from its .cu file (hipify translates it on the fly) and runs on the CPU
/// device.
#[test]
fn cuda_program_builds_from_cu_and_runs() {
    let Some(p) = runtime_prefix("CUDA sample run") else {
        return;
    };
    let w = cuda_sample_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-O2", "vector_add.cu", "-o", "vector_add"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = Command::new(w.path().join("vector_add")).output().unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        stdout(&run),
        stderr(&run)
    );
    assert_eq!(stdout(&run), "vector_add: 0 errors, sum 499500\n");
}

/// A CUDA program that needs hipify's argument rules (device symbols through HIP_SYMBOL, cudaMallocHost's
/// flags, both cudaEventCreate overloads) and the runtime behind them, with warp shuffles and dynamic
/// shared memory, built from its .cu file and checked against the host on random inputs.
#[test]
fn cuda_program_with_symbols_events_and_shuffles_runs() {
    let Some(p) = runtime_prefix("CUDA features run") else {
        return;
    };
    let w = TempDir::new("cuda-features");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    std::fs::copy(
        data.join("cuda_features.cu"),
        w.path().join("cuda_features.cu"),
    )
    .unwrap();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &[
            "-O2",
            "-save-temps",
            "cuda_features.cu",
            "-o",
            "cuda_features",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hip = std::fs::read_to_string(w.path().join("cuda_features.cu.hip")).unwrap();
    for want in [
        "hipMemcpyToSymbol(HIP_SYMBOL(poly), coeffs, sizeof(coeffs))",
        "hipMemcpyFromSymbol(&dev_hits, HIP_SYMBOL(hits), sizeof(dev_hits))",
        "hipHostMalloc((void **)&hx, n * sizeof(float), hipHostMallocDefault)",
        "hipEventCreate(&start)",
        "hipEventCreateWithFlags(&stop, hipEventDefault)",
    ] {
        assert!(hip.contains(want), "{want} not in\n{hip}");
    }
    let seed = std::process::id() % 100_000;
    let run = Command::new(w.path().join("cuda_features"))
        .arg(seed.to_string())
        .output()
        .unwrap();
    assert_eq!(
        (run.status.code(), stdout(&run)),
        (Some(0), format!("cuda_features: 0 errors (seed {seed})\n")),
        "{}",
        stderr(&run)
    );
}

/// A CUDA project whose headers live in an -I folder (angled includes, and quoted ones relative to the
/// header): hipcc translates them into a mirror of that folder searched before it, so the CUDA names in
/// them compile; the project's files are not touched.
#[test]
fn cuda_headers_on_the_include_path_are_translated() {
    let Some(p) = runtime_prefix("CUDA -I headers run") else {
        return;
    };
    let w = TempDir::new("cuda-include");
    w.write(
        "include/lib/ops.cuh",
        "#pragma once\n#include <cuda_runtime.h>\n#include \"detail.cuh\"\n\
         // Fills n ints with v on the device.\n\
         static inline cudaError_t fill(int *d, int n, int v) {\n\
           fill_kernel<<<(n + 63) / 64, 64>>>(d, n, v);\n  return cudaGetLastError();\n}\n",
    );
    w.write(
        "include/lib/detail.cuh",
        "#pragma once\n__global__ void fill_kernel(int *d, int n, int v) {\n\
           int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) d[i] = v + i;\n}\n",
    );
    let main = "#include <cstdio>\n#include <lib/ops.cuh>\n\
        int main() {\n  int *d, h[100];\n  if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 1;\n\
          if (fill(d, 100, 7) != cudaSuccess) return 2;\n\
          cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n  int bad = 0;\n\
          for (int i = 0; i < 100; ++i) bad += h[i] != 7 + i;\n\
          printf(\"bad %d\\n\", bad);\n  cudaFree(d);\n  return bad != 0;\n}\n";
    w.write("src/main.cu", main);
    let before = std::fs::read_to_string(w.path().join("include/lib/ops.cuh")).unwrap();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-Iinclude", "src/main.cu", "-o", "app"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = Command::new(w.path().join("app")).output().unwrap();
    assert_eq!(
        (run.status.code(), stdout(&run)),
        (Some(0), "bad 0\n".to_string()),
        "{}",
        stderr(&run)
    );
    let after = std::fs::read_to_string(w.path().join("include/lib/ops.cuh")).unwrap();
    assert_eq!(before, after);
}

/// `-save-temps` keeps the translation (`NAME.cu.hip`); `-x cuda` makes any file CUDA; hipify's warnings
/// name the CUDA file.
#[test]
fn cuda_translation_is_kept_with_save_temps_and_x_cuda_works() {
    let p = make_prefix(true, false);
    let w = cuda_sample_dir();
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-c", "-save-temps", "vector_add.cu", "-o", "va.o"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hip = std::fs::read_to_string(w.path().join("vector_add.cu.hip")).unwrap();
    assert!(hip.starts_with("#line 1 \""), "{hip}");
    assert!(hip.contains("#include <hip/hip_runtime.h>\n"), "{hip}");
    assert!(
        hip.contains("CHECK(hipMalloc(&da, n * sizeof(float)));"),
        "{hip}"
    );
    assert!(!hip.contains("device_launch_parameters"), "{hip}");
    // The local headers, translated into the mirror folder (subfolders kept).
    let headers = w.path().join("vector_add.cu.hipified");
    assert_eq!(
        std::fs::read_to_string(headers.join("vector_add.cu.hip")).unwrap(),
        hip
    );
    let cuh = std::fs::read_to_string(headers.join("vector_add.cuh")).unwrap();
    assert!(cuh.contains("hipDeviceProp_t prop;"), "{cuh}");
    assert!(
        cuh.contains("CHECK(hipGetDeviceProperties(&prop, 0));"),
        "{cuh}"
    );
    let check = std::fs::read_to_string(headers.join("util/check.cuh")).unwrap();
    assert!(check.contains("hipError_t err_ = (call);"), "{check}");
    assert!(check.contains("hipGetErrorString(err_)"), "{check}");
    assert!(
        hip.contains("vector_add<float><<<blocks, THREADS>>>(da, db, dc, n);"),
        "{hip}"
    );
    assert!(w.path().join("va.o").exists());
    // -x cuda on a .cpp file, with a name HIP does not have: a warning with the file's line and column.
    w.write(
        "k.cpp",
        "#include <cuda_runtime.h>\n__global__ void k(int *x) { x[threadIdx.x] = 1; }\nvoid f() {\n  cudaInitDevice(0);\n}\n",
    );
    let o = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-x", "cuda", "-c", "k.cpp", "-o", "k.o"],
    );
    let err = stderr(&o);
    assert!(
        err.contains("k.cpp:4:3: warning: 'cudaInitDevice' is unsupported in 'HIP'."),
        "{err}"
    );
    // The unsupported call stays, so the compile fails, naming the CUDA file's line.
    assert_ne!(o.status.code(), Some(0));
    assert!(err.contains("k.cpp:4:3"), "{err}");
    let dry = tool(
        p.path(),
        "hipcc",
        w.path(),
        &["-###", "-c", "vector_add.cu"],
    );
    assert_eq!(dry.status.code(), Some(0), "{}", stderr(&dry));
    assert!(
        stderr(&dry).contains(" hipify vector_add.cu -o="),
        "{}",
        stderr(&dry)
    );
}
