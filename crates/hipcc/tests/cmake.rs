//! CMake, as ROCm users call it: the projects under `tests/data/cmake/` configured, built and run against
//! a ferrocm prefix with CMake's HIP language (`hip_lang/`) and with `find_package(hip)` (`find_hip/`), and
//! the prefix's clang driver, `rocm_agent_enumerator` and `hipconfig -l` answering what CMake asks them.
//!
//! The prefix is laid out in a temporary folder from this build (as `scripts/dist.sh` lays out `dist/`):
//! `bin/` and `lib/llvm/bin/clang++` from this crate's programs, `include/` and `lib/cmake/` from the
//! repository, `lib/` from the built runtime libraries.
//!
//! Environment:
//! - `FERROCM_PREFIX=<dir>`: use that prefix as it is.
//! - `FERROCM_REQUIRE_PREFIX=1`: fail, rather than skip, when there is no cmake or no runtime library.
//! - `FERROCM_CMAKE=<cmake>[:<cmake>...]`: the CMake programs to test with (default: `cmake` from `PATH`,
//!   and a current CMake from the Python package `cmake`: `target/pycmake/bin/cmake`, which scripts/test.sh
//!   installs, or `python3`'s), for example a newer CMake besides the system's.
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const CONFIGURE_TIMEOUT: Duration = Duration::from_secs(600);
const BUILD_TIMEOUT: Duration = Duration::from_secs(900);
const RUN_TIMEOUT: Duration = Duration::from_secs(180);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cmake")
}

/// A scratch folder under the target's temporary folder, removed when dropped unless the test failed.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        static N: AtomicU64 = AtomicU64::new(0);
        let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "cmake-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("scratch folder");
        Scratch(d)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// What a finished command left.
struct Finished {
    ok: bool,
    status: String,
    stdout: String,
    stderr: String,
}

impl Finished {
    fn describe(&self, what: &str) -> String {
        format!(
            "{what}: {}\n--- stdout (end)\n{}\n--- stderr (end)\n{}",
            self.status,
            tail(&self.stdout, 40),
            tail(&self.stderr, 40)
        )
    }
}

fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Runs `cmd` with its output captured; it and everything it started are killed after `limit`.
fn run_bounded(mut cmd: Command, limit: Duration) -> Finished {
    use std::os::unix::process::CommandExt;
    for var in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL"] {
        cmd.env_remove(var);
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let shown = format!("{cmd:?}");
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Finished {
                ok: false,
                status: format!("could not start {shown}: {e}"),
                stdout: String::new(),
                stderr: String::new(),
            }
        }
    };
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() < limit => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                let _ = Command::new("kill")
                    .args(["-KILL", &format!("-{}", child.id())])
                    .status();
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    Finished {
        ok: status.is_some_and(|s| s.success()),
        status: match status {
            Some(s) => format!("{shown} exited with {s}"),
            None => format!("{shown} killed after {}s", limit.as_secs()),
        },
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// Skips the test (or fails it under `FERROCM_REQUIRE_PREFIX=1`) with a reason.
fn skip(why: &str) {
    let required = std::env::var("FERROCM_REQUIRE_PREFIX").is_ok_and(|v| v == "1");
    assert!(!required, "{why}");
    eprintln!("SKIPPED: {why}");
}

/// The CMake programs to test with, each that runs, each version once: `FERROCM_CMAKE`'s, else `cmake`
/// from `PATH` and a current CMake from the Python package `cmake` (`target/pycmake`, which
/// scripts/test.sh installs, or the one of the `python3` on `PATH`).
fn cmakes() -> Vec<String> {
    let mut candidates: Vec<String> = match std::env::var("FERROCM_CMAKE") {
        Ok(list) if !list.is_empty() => list.split(':').map(str::to_string).collect(),
        _ => vec!["cmake".to_string()],
    };
    if std::env::var("FERROCM_CMAKE").map_or(true, |v| v.is_empty()) {
        // scripts/test.sh installs one here.
        let ours = repo_root().join("target/pycmake/bin/cmake");
        if ours.is_file() {
            candidates.push(ours.display().to_string());
        }
        let python_cmake = Command::new("python3")
            .args([
                "-c",
                "import cmake, os; print(os.path.join(cmake.CMAKE_BIN_DIR, 'cmake'))",
            ])
            .stderr(Stdio::null())
            .output();
        if let Some(o) = python_cmake.ok().filter(|o| o.status.success()) {
            candidates.push(String::from_utf8_lossy(&o.stdout).trim().to_string());
        }
    }
    let mut versions = std::collections::BTreeSet::new();
    candidates
        .into_iter()
        .filter(|c| !c.is_empty())
        .filter(|c| {
            let version = Command::new(c)
                .arg("--version")
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| {
                    String::from_utf8_lossy(&o.stdout)
                        .lines()
                        .next()
                        .unwrap_or_default()
                        .to_string()
                });
            version.is_some_and(|v| versions.insert(v))
        })
        .collect()
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// `lib/NAME.so -> NAME.so.6 -> NAME.so.6.2.0`, as dist.sh installs a library.
fn install_library(built: &Path, lib: &Path, name: &str) -> std::io::Result<()> {
    std::fs::copy(built, lib.join(format!("{name}.so.6.2.0")))?;
    std::os::unix::fs::symlink(format!("{name}.so.6.2.0"), lib.join(format!("{name}.so.6")))?;
    std::os::unix::fs::symlink(format!("{name}.so.6"), lib.join(format!("{name}.so")))
}

/// The prefix (kept alive by the returned scratch folder when laid out here), or why there is none.
fn prefix() -> Result<(PathBuf, Option<Scratch>), String> {
    if let Some(p) = std::env::var_os("FERROCM_PREFIX").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        for needed in ["lib/llvm/bin/clang++", "lib/cmake/hip/hip-config.cmake"] {
            assert!(
                p.join(needed).exists(),
                "FERROCM_PREFIX={} has no {needed}",
                p.display()
            );
        }
        return Ok((p, None));
    }
    let built = Path::new(env!("CARGO_BIN_EXE_hipcc"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let runtime = built.join("libamdhip64.so");
    let hiprtc = built.join("libhiprtc_capi.so");
    if !runtime.exists() || !hiprtc.exists() {
        return Err(format!(
            "libamdhip64.so or libhiprtc_capi.so is not built in {} (cargo build --workspace)",
            built.display()
        ));
    }
    let s = Scratch::new("prefix");
    let root = s.path().join("rocm");
    let lay_out = || -> std::io::Result<()> {
        let bin = root.join("bin");
        let llvm_bin = root.join("lib/llvm/bin");
        std::fs::create_dir_all(&bin)?;
        std::fs::create_dir_all(&llvm_bin)?;
        for (name, exe) in [
            ("hipcc", env!("CARGO_BIN_EXE_hipcc")),
            ("hipconfig", env!("CARGO_BIN_EXE_hipconfig")),
            ("rocminfo", env!("CARGO_BIN_EXE_rocminfo")),
            (
                "rocm_agent_enumerator",
                env!("CARGO_BIN_EXE_rocm_agent_enumerator"),
            ),
        ] {
            std::fs::copy(exe, bin.join(name))?;
        }
        std::fs::copy(
            env!("CARGO_BIN_EXE_ferrocm-clang"),
            llvm_bin.join("clang++"),
        )?;
        std::os::unix::fs::symlink("clang++", llvm_bin.join("clang"))?;
        copy_tree(&repo_root().join("include"), &root.join("include"))?;
        let lib = root.join("lib");
        install_library(&runtime, &lib, "libamdhip64")?;
        install_library(&hiprtc, &lib, "libhiprtc")?;
        // The BLAS libraries when they are built (the BLAS test says so when they are not).
        for (crate_lib, name, version) in [
            ("librocblas_capi.so", "librocblas", "4.2.0"),
            ("libhipblas_capi.so", "libhipblas", "2.2.0"),
            ("librocsolver_capi.so", "librocsolver", "0.3.26"),
        ] {
            let so = built.join(crate_lib);
            if so.exists() {
                let major = version.split('.').next().unwrap_or(version);
                std::fs::copy(&so, lib.join(format!("{name}.so.{version}")))?;
                std::os::unix::fs::symlink(
                    format!("{name}.so.{version}"),
                    lib.join(format!("{name}.so.{major}")),
                )?;
                std::os::unix::fs::symlink(
                    format!("{name}.so.{major}"),
                    lib.join(format!("{name}.so")),
                )?;
            }
        }
        for pkg in [
            "hip",
            "hip-lang",
            "hiprtc",
            "rocblas",
            "hipblas",
            "rocsolver",
        ] {
            copy_tree(
                &repo_root().join("cmake").join(pkg),
                &lib.join("cmake").join(pkg),
            )?;
        }
        Ok(())
    };
    lay_out().map_err(|e| format!("laying out a prefix in {}: {e}", root.display()))?;
    Ok((root, Some(s)))
}

/// The prefix and the CMake programs, or `None` when the test is skipped.
fn setup() -> Option<(PathBuf, Option<Scratch>, Vec<String>)> {
    let cmakes = cmakes();
    if cmakes.is_empty() {
        skip("no cmake to run (scripts/setup.sh installs it)");
        return None;
    }
    eprintln!("testing with {}", cmakes.join(", "));
    match prefix() {
        Ok((p, keep)) => Some((p, keep, cmakes)),
        Err(why) => {
            skip(&why);
            None
        }
    }
}

/// `PATH` with the prefix's `bin/` first (where a ROCm user has it), HIP_PATH and the like unset.
fn tool_env(cmd: &mut Command, prefix: &Path) {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![prefix.join("bin")];
    dirs.extend(std::env::split_paths(&path));
    cmd.env("PATH", std::env::join_paths(dirs).expect("PATH"));
    for var in [
        "HIP_PATH",
        "ROCM_PATH",
        "HIPCXX",
        "HIPFLAGS",
        "CXX",
        "CXXFLAGS",
        "HIP_PLATFORM",
        "CMAKE_GENERATOR",
        "HIP_COMPILE_CXX_AS_HIP",
    ] {
        cmd.env_remove(var);
    }
}

/// The key=value lines a project's CMakeLists.txt wrote.
fn read_vars(path: &Path) -> std::collections::BTreeMap<String, String> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} not written: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The device's processor as the runtime names it, without target features (what CMake must pick by
/// default, and what rocm_agent_enumerator prints).
fn device_arch() -> String {
    let name = hip::get_device_properties(0)
        .expect("device 0")
        .gcn_arch_name;
    hipcc::agent_enumerator::processor(&name).to_string()
}

/// Configures `project` with `cmake` and `args` in `build`, builds it, and runs each program, which
/// must print PASSED.
fn configure_build_run(
    cmake: &str,
    prefix: &Path,
    project: &str,
    build: &Path,
    args: &[String],
    programs: &[&str],
) {
    let mut cmd = Command::new(cmake);
    cmd.arg("-S")
        .arg(data_dir().join(project))
        .arg("-B")
        .arg(build)
        .arg("-DCMAKE_BUILD_TYPE=Release")
        .args(args);
    tool_env(&mut cmd, prefix);
    let configured = run_bounded(cmd, CONFIGURE_TIMEOUT);
    assert!(
        configured.ok,
        "{}",
        configured.describe(&format!("configuring {project} with {cmake}"))
    );
    let mut cmd = Command::new(cmake);
    cmd.arg("--build").arg(build).args(["--verbose", "-j", "2"]);
    tool_env(&mut cmd, prefix);
    let built = run_bounded(cmd, BUILD_TIMEOUT);
    assert!(
        built.ok,
        "{}",
        built.describe(&format!("building {project} with {cmake}"))
    );
    for program in programs {
        let mut cmd = Command::new(build.join(program));
        cmd.current_dir(build);
        tool_env(&mut cmd, prefix);
        let ran = run_bounded(cmd, RUN_TIMEOUT);
        assert!(
            ran.ok && ran.stdout.lines().any(|l| l.trim() == "PASSED"),
            "{}",
            ran.describe(&format!("running {project}/{program} (built with {cmake})"))
        );
    }
}

fn ninja_runs() -> bool {
    Command::new("ninja")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// `project(... HIP)`: CMake finds the prefix's clang++ through `hipconfig -l` on PATH, the ROCm root
/// through its "Found HIP installation" line, the architecture through rocm_agent_enumerator; builds a
/// shared library of HIP code (one source a `.cu` file made HIP, as ggml does) and an executable of HIP
/// and C++ code.
#[test]
fn hip_language_builds_a_shared_library_and_an_executable() {
    let Some((prefix, _keep, cmakes)) = setup() else {
        return;
    };
    for cmake in &cmakes {
        let work = Scratch::new("hip-lang");
        let build = work.path().join("build");
        configure_build_run(cmake, &prefix, "hip_lang", &build, &[], &["hip_lang_app"]);
        assert!(build.join("libscale.so").is_file(), "libscale.so not built");
        let vars = read_vars(&build.join("hip-lang-vars.txt"));
        assert_eq!(vars["CMAKE_HIP_COMPILER_ID"], "Clang");
        assert_eq!(
            canonical(Path::new(&vars["CMAKE_HIP_COMPILER_ROCM_ROOT"])),
            canonical(&prefix)
        );
        assert_eq!(vars["CMAKE_HIP_ARCHITECTURES"], device_arch());
        let cache = std::fs::read_to_string(build.join("CMakeCache.txt")).expect("CMakeCache.txt");
        let compiler = cache
            .lines()
            .find_map(|l| l.strip_prefix("CMAKE_HIP_COMPILER:"))
            .and_then(|l| l.split_once('='))
            .map(|(_, v)| v.to_string())
            .expect("CMAKE_HIP_COMPILER in the cache");
        assert_eq!(
            canonical(Path::new(&compiler)),
            canonical(&prefix.join("lib/llvm/bin/clang++")),
            "CMake picked another HIP compiler"
        );
    }
}

/// `find_package(hip)` and `find_package(hiprtc)` with the prefix's clang++ as the C++ compiler: a HIP
/// program through `hip::device`, a host program through `hip::host`, run-time compilation through
/// `hiprtc::hiprtc`; the package's variables are ROCm's. Generated for Ninja when it is installed.
#[test]
fn find_package_hip_builds_with_hip_device_and_hip_host() {
    let Some((prefix, _keep, cmakes)) = setup() else {
        return;
    };
    for cmake in &cmakes {
        let work = Scratch::new("find-hip");
        let build = work.path().join("build");
        let mut args = vec![
            format!(
                "-DCMAKE_CXX_COMPILER={}",
                prefix.join("lib/llvm/bin/clang++").display()
            ),
            format!("-DCMAKE_PREFIX_PATH={}", prefix.display()),
        ];
        // Ninja where there is one (the other project uses Makefiles): its compiles carry depfile flags.
        if ninja_runs() {
            args.extend(["-G".to_string(), "Ninja".to_string()]);
        }
        configure_build_run(
            cmake,
            &prefix,
            "find_hip",
            &build,
            &args,
            &["saxpy", "device_count", "rtc"],
        );
        let vars = read_vars(&build.join("hip-vars.txt"));
        assert_eq!(vars["hip_VERSION"], "6.2.0");
        let (major, minor, patch) = hipcc::HIP_VERSION;
        assert_eq!(vars["hip_VERSION"], format!("{major}.{minor}.{patch}"));
        assert_eq!(vars["hip_LIBRARIES"], "hip::host;hip::device");
        assert_eq!(vars["HIP_PLATFORM"], "amd");
        assert_eq!(vars["HIP_COMPILER"], "clang");
        // As ROCm's config: the project's C++ compiler, which rocPRIM and others check.
        assert!(!vars["HIP_CXX_COMPILER"].is_empty());
        assert_eq!(vars["HIP_CXX_COMPILER"], vars["CMAKE_CXX_COMPILER"]);
        assert_eq!(vars["HIP_RUNTIME"], "rocclr");
        assert_eq!(vars["GPU_TARGETS"], device_arch());
        // The prefix comes from the config file's own place.
        assert_eq!(
            canonical(Path::new(&vars["HIP_PACKAGE_PREFIX_DIR"])),
            canonical(&prefix)
        );
        assert_eq!(
            canonical(Path::new(&vars["hip_INCLUDE_DIRS"])),
            canonical(&prefix.join("include"))
        );
        assert_eq!(
            canonical(Path::new(&vars["hiprtc_INCLUDE_DIR"])),
            canonical(&prefix.join("include"))
        );
    }
}

/// What CMake asks of the prefix's tools, asked directly; plain C and C++ go to clang-19 as they are.
#[test]
fn clang_driver_enumerator_and_hipconfig_answer_as_rocm_does() {
    let prefix = match prefix() {
        Ok(p) => p,
        Err(why) => return skip(&why),
    };
    let (prefix, _keep) = prefix;
    let run = |program: &Path, args: &[&str], cwd: &Path| {
        let mut cmd = Command::new(program);
        cmd.args(args).current_dir(cwd);
        tool_env(&mut cmd, &prefix);
        run_bounded(cmd, RUN_TIMEOUT)
    };
    let work = Scratch::new("driver");
    let clangxx = prefix.join("lib/llvm/bin/clang++");
    let clang = prefix.join("lib/llvm/bin/clang");

    let targets = run(&clangxx, &["-v", "-print-targets"], work.path());
    assert!(
        targets.ok,
        "{}",
        targets.describe("clang++ -v -print-targets")
    );
    let line = targets
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("Found HIP installation: "))
        .unwrap_or_else(|| panic!("no 'Found HIP installation' line:\n{}", targets.stderr));
    let root = line.split(',').next().unwrap_or_default();
    assert_eq!(canonical(Path::new(root)), canonical(&prefix));
    assert!(targets.stdout.contains("x86-64"), "{}", targets.stdout);

    let version = run(&clangxx, &["--version"], work.path());
    assert!(
        version.ok && version.stdout.contains("clang version"),
        "{}",
        version.describe("clang++ --version")
    );

    let l = run(&prefix.join("bin/hipconfig"), &["-l"], work.path());
    assert!(l.ok, "{}", l.describe("hipconfig -l"));
    assert_eq!(
        canonical(Path::new(&l.stdout)),
        canonical(&prefix.join("lib/llvm/bin"))
    );

    let enumerator = prefix.join("bin/rocm_agent_enumerator");
    let gpus = run(&enumerator, &["-t", "GPU"], work.path());
    assert!(gpus.ok, "{}", gpus.describe("rocm_agent_enumerator -t GPU"));
    assert_eq!(gpus.stdout, format!("{}\n", device_arch()));
    let all = run(&enumerator, &[], work.path());
    assert_eq!(all.stdout, gpus.stdout);
    let bad = run(&enumerator, &["-t", "DSP"], work.path());
    assert!(!bad.ok && bad.stderr.contains("unknown agent type 'DSP'"));

    // Plain C through `clang`, plain C++ through `clang++`: clang-19's own compile and link.
    std::fs::write(
        work.path().join("hello.c"),
        "#include <stdio.h>\nint main(void) { puts(\"PASSED\"); return 0; }\n",
    )
    .expect("hello.c");
    std::fs::write(
        work.path().join("hello.cpp"),
        "#include <iostream>\nint main() { std::cout << \"PASSED\" << std::endl; }\n",
    )
    .expect("hello.cpp");
    for (driver, src) in [(&clang, "hello.c"), (&clangxx, "hello.cpp")] {
        let built = run(driver, &[src, "-o", "hello"], work.path());
        assert!(built.ok, "{}", built.describe(&format!("compiling {src}")));
        let ran = run(&work.path().join("hello"), &[], work.path());
        assert_eq!(ran.stdout, "PASSED\n", "{}", ran.describe(src));
    }

    // A HIP file compiled and linked in one command, as clang does it (`.hip`; `-x hip` for a .cpp).
    std::fs::write(
        work.path().join("k.cpp"),
        "#include <hip/hip_runtime.h>\n#include <cstdio>\n\
         __global__ void k(int *x) { x[threadIdx.x] = threadIdx.x; }\n\
         int main() { int *d; hipMalloc(&d, 64 * sizeof(int)); k<<<1, 64>>>(d); int h[64];\n\
         hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost); int bad = 0;\n\
         for (int i = 0; i < 64; ++i) bad += h[i] != i; std::puts(bad ? \"FAILED\" : \"PASSED\"); return bad; }\n",
    )
    .expect("k.cpp");
    let built = run(
        &clangxx,
        &["-x", "hip", "k.cpp", "-O2", "-o", "k"],
        work.path(),
    );
    assert!(built.ok, "{}", built.describe("clang++ -x hip k.cpp"));
    let ran = run(&work.path().join("k"), &[], work.path());
    assert_eq!(ran.stdout, "PASSED\n", "{}", ran.describe("k"));
    // Without -x hip, a .cpp file is C++ (clang's rule, not hipcc's): the kernel launch syntax is an error.
    let as_cxx = run(&clangxx, &["-c", "k.cpp", "-o", "k.o"], work.path());
    assert!(!as_cxx.ok, "k.cpp compiled as HIP without -x hip");
}

/// scripts/dist.sh installs the driver, the enumerator and the CMake packages (from target/release; no
/// build here).
#[test]
fn dist_script_installs_the_cmake_pieces() {
    let release = repo_root().join("target/release");
    let needed = [
        "hipcc",
        "hipconfig",
        "rocminfo",
        "hipify",
        "rocm_agent_enumerator",
        "ferrocm-clang",
    ];
    if let Some(missing) = needed.iter().find(|n| !release.join(n).exists()) {
        eprintln!("SKIPPED: target/release has no {missing} (scripts/dist.sh builds it)");
        return;
    }
    let t = Scratch::new("dist");
    let prefix = t.path().join("rocm");
    let o = Command::new(repo_root().join("scripts/dist.sh"))
        .args(["--no-build", "--prefix"])
        .arg(&prefix)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("scripts/dist.sh runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in [
        "bin/rocm_agent_enumerator",
        "lib/llvm/bin/clang++",
        "lib/cmake/hip/hip-config.cmake",
        "lib/cmake/hip/hip-config-version.cmake",
        "lib/cmake/hip-lang/hip-lang-config.cmake",
        "lib/cmake/hiprtc/hiprtc-config.cmake",
    ] {
        assert!(prefix.join(f).is_file(), "{f} missing");
    }
    for name in ["clang", "amdclang++", "amdclang"] {
        assert_eq!(
            std::fs::read_link(prefix.join("lib/llvm/bin").join(name))
                .unwrap_or_else(|e| panic!("lib/llvm/bin/{name}: {e}")),
            Path::new("clang++")
        );
    }
    assert_eq!(
        std::fs::read_link(prefix.join("llvm")).expect("llvm"),
        Path::new("lib/llvm")
    );
}

/// `find_package(rocblas)`, `find_package(hipblas)` and `find_package(rocsolver)`: HIP programs
/// whose kernels and library calls share a stream, linked with `roc::rocblas`, `roc::hipblas` and
/// `roc::rocsolver` and built with the prefix's clang++; the packages' variables are ROCm's.
#[test]
fn find_package_of_the_math_libraries_runs_them_in_order_with_kernels() {
    let Some((prefix, _keep, cmakes)) = setup() else {
        return;
    };
    for lib in ["librocblas.so", "libhipblas.so", "librocsolver.so"] {
        assert!(
            prefix.join("lib").join(lib).exists(),
            "no lib/{lib} in the prefix {} (cargo build --workspace builds it)",
            prefix.display()
        );
    }
    for cmake in &cmakes {
        let work = Scratch::new("find-rocblas");
        let build = work.path().join("build");
        let args = vec![
            format!(
                "-DCMAKE_CXX_COMPILER={}",
                prefix.join("lib/llvm/bin/clang++").display()
            ),
            format!("-DCMAKE_PREFIX_PATH={}", prefix.display()),
        ];
        configure_build_run(
            cmake,
            &prefix,
            "find_rocblas",
            &build,
            &args,
            &["gemm_on_stream", "hipblas_gemm_ex", "solve_on_stream"],
        );
        let vars = read_vars(&build.join("rocblas-vars.txt"));
        assert_eq!(vars["rocblas_VERSION"], "4.2.0");
        assert_eq!(vars["hipblas_VERSION"], "2.2.0");
        assert_eq!(vars["hipblas_LIBRARIES"], "roc::hipblas");
        assert_eq!(vars["rocsolver_VERSION"], "3.26.0");
        assert_eq!(vars["rocblas_LIBRARIES"], "roc::rocblas");
        assert_eq!(
            canonical(Path::new(&vars["rocblas_INCLUDE_DIR"])),
            canonical(&prefix.join("include"))
        );
    }
}
