//! The prefix's `lib/llvm/bin/clang++` (and `clang`): a clang driver as ROCm ships one, for build systems
//! that call clang directly, CMake's HIP language first of all.
//!
//! It behaves as clang does, not as hipcc does:
//! - HIP inputs (`.hip`, `-x hip`) are compiled through hipcc's device path ([`crate::driver`]); `.cpp`
//!   and `.c` files are plain C++ and C (no `HIP_COMPILE_CXX_AS_HIP`); `.cu` files are translated CUDA.
//! - A command with no HIP input and no `--hip-link` goes to clang-19 unchanged (in g++ mode for
//!   `clang++`), so C and C++ compiles, links and queries (`--version`, `-print-targets`, `-dumpmachine`)
//!   answer exactly as clang-19 does.
//! - `-v` also prints `Found HIP installation: <prefix>, version <v>`, the line CMake reads to find the
//!   ROCm root (and so `lib/cmake/hip-lang`), and passes `-v` on to clang-19's compile and link, whose
//!   search paths and linker line CMake parses.
//! - A link with `--hip-link` (or with HIP inputs) adds the prefix's `libamdhip64.so` with an rpath and
//!   links relocatable device code (`-fgpu-rdc`), as hipcc does.
//!
//! The install prefix is `HIP_PATH`, else `ROCM_PATH`, else the folder three levels above the executable
//! (`<prefix>/lib/llvm/bin/clang++`); `--rocm-path=`/`--hip-path=` on the command line take precedence.
use crate::driver::{self, DriverError, Env, Lang, LinkItem};
use crate::prefix::Prefix;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the driver lies below its prefix.
pub const CLANG_DIR: &str = "lib/llvm/bin";

/// How the driver was called: `clang++` (C++ link and language) or `clang` (C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Cxx,
    C,
}

impl Mode {
    /// From `argv[0]`: a name with `++` in it is the C++ driver, as with clang.
    pub fn from_argv0(argv0: &str) -> Mode {
        let name = Path::new(argv0)
            .file_name()
            .map_or_else(|| argv0.to_string(), |n| n.to_string_lossy().into_owned());
        if name.contains("++") {
            Mode::Cxx
        } else {
            Mode::C
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::Cxx => "clang++",
            Mode::C => "clang",
        }
    }
}

/// The install prefix of a driver at `exe` (`<prefix>/lib/llvm/bin/clang++`), unless `HIP_PATH` or
/// `ROCM_PATH` names one.
pub fn prefix_from_parts(
    hip_path: Option<PathBuf>,
    rocm_path: Option<PathBuf>,
    exe: Option<PathBuf>,
) -> Prefix {
    // Prefix::from_parts takes the folder two levels above what it is given: give it a name in
    // `<prefix>/lib`, found from the driver's resolved place.
    let exe = exe.map(|e| std::fs::canonicalize(&e).unwrap_or(e));
    let in_lib = exe
        .as_deref()
        .and_then(Path::parent)
        .and_then(Path::parent)
        .map(|llvm| llvm.to_path_buf());
    Prefix::from_parts(hip_path, rocm_path, in_lib)
}

/// The driver's surroundings, from the process.
pub fn env_from_process() -> Env {
    Env {
        prefix: prefix_from_parts(
            std::env::var_os("HIP_PATH").map(PathBuf::from),
            std::env::var_os("ROCM_PATH").map(PathBuf::from),
            std::env::current_exe().ok(),
        ),
        clang: comgr::clang_path(),
        // clang compiles `.cpp` as C++, never as HIP.
        cxx_as_hip: false,
    }
}

/// The line CMake looks for in `-v` output.
pub fn hip_installation_line(prefix: &Path) -> String {
    format!(
        "Found HIP installation: {}, version {}",
        prefix.display(),
        crate::hip_version_string()
    )
}

/// Whether `args` name a HIP or CUDA input (by `-x` or by extension), so that a command hipcc's parser
/// rejects is reported rather than handed to clang-19, which has no HIP installation of its own.
fn mentions_hip(args: &[String]) -> bool {
    let mut prev = "";
    for a in args {
        if (prev == "-x" && matches!(a.as_str(), "hip" | "cu" | "cuda"))
            || matches!(a.as_str(), "-xhip" | "-xcu" | "-xcuda")
            || (!a.starts_with('-') && (a.ends_with(".hip") || a.ends_with(".cu")))
        {
            return true;
        }
        prev = a;
    }
    false
}

/// The command line with `--rocm-path=`/`--hip-path=` taken out (they set the prefix).
fn take_prefix_flags(args: &[String], env: &mut Env) -> Vec<String> {
    let mut rest = Vec::with_capacity(args.len());
    for a in args {
        match a
            .strip_prefix("--rocm-path=")
            .or_else(|| a.strip_prefix("--hip-path="))
        {
            Some(p) => {
                env.prefix = Prefix {
                    root: PathBuf::from(p),
                    source: "--rocm-path",
                }
            }
            None => rest.push(a.clone()),
        }
    }
    rest
}

/// The words of a response file, split as GCC and clang split them: at unquoted white space, with `'...'`
/// and `"..."` quoting and a backslash escaping the next character.
pub fn response_file_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\\') => {
                if let Some(next) = chars.next() {
                    word.push(next);
                }
                in_word = true;
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The command line with each `@FILE` replaced by the words of FILE (recursively, as clang does; CMake
/// passes long object lists this way). An `@FILE` naming no readable file stays as it is.
pub fn expand_response_files(args: &[String]) -> Result<Vec<String>, DriverError> {
    fn expand(args: &[String], depth: usize, out: &mut Vec<String>) -> Result<(), DriverError> {
        for a in args {
            match a.strip_prefix('@').map(Path::new) {
                Some(file) if file.is_file() => {
                    if depth >= 16 {
                        return Err(DriverError::Usage(format!(
                            "response files nested too deeply at '{a}'"
                        )));
                    }
                    let text = std::fs::read_to_string(file)
                        .map_err(|e| DriverError::Io(format!("{}: {e}", file.display())))?;
                    expand(&response_file_words(&text), depth + 1, out)?;
                }
                _ => out.push(a.clone()),
            }
        }
        Ok(())
    }
    let mut out = Vec::with_capacity(args.len());
    expand(args, 0, &mut out)?;
    Ok(out)
}

/// What the driver does with a command line.
#[derive(Debug)]
enum Plan {
    /// clang-19 runs it unchanged.
    PassThrough,
    /// hipcc's driver runs it.
    Hip(Box<driver::Options>),
    /// A command naming HIP inputs that cannot be run: the error to print.
    Fail(DriverError),
}

fn plan(args: &[String], env: &Env) -> Plan {
    match driver::parse(args, env.cxx_as_hip) {
        Ok(opts) if opts.help || opts.version => Plan::PassThrough,
        Ok(mut opts) => {
            let hip_input = opts
                .inputs
                .iter()
                .any(|i| matches!(i.lang, Lang::Hip | Lang::Cuda));
            let hip_link =
                args.iter().any(|a| a == "--hip-link") && opts.phase == driver::Phase::Link;
            if !hip_input && !hip_link {
                return Plan::PassThrough;
            }
            if opts.verbose {
                // clang-19 shows its search paths and the linker line, which CMake parses.
                opts.host_args.push("-v".into());
                opts.link.push(LinkItem::Arg("-v".into()));
            }
            Plan::Hip(Box::new(opts))
        }
        Err(e) if mentions_hip(args) => Plan::Fail(e),
        Err(_) => Plan::PassThrough,
    }
}

/// Runs clang-19 with `args` (in g++ mode for `clang++`), its output going straight to ours.
fn pass_through(mode: Mode, args: &[String], env: &Env, log: &mut dyn Write) -> i32 {
    let mut cmd = Command::new(&env.clang);
    if mode == Mode::Cxx {
        cmd.arg("--driver-mode=g++");
    }
    cmd.args(args);
    match cmd.status() {
        Ok(s) => s.code().unwrap_or(1),
        Err(e) => {
            let _ = writeln!(
                log,
                "{}: error: cannot run {} ({e}): install clang-19 or point FERROCM_CLANG at a clang 19",
                mode.name(),
                env.clang.display()
            );
            1
        }
    }
}

/// The driver program: `argv0` is how it was called (`clang` or `clang++`), `args` the rest of its
/// command line. Returns the exit status; messages go to `log` (stderr in the binary).
pub fn main_with(argv0: &str, args: &[String], env: &Env, log: &mut dyn Write) -> i32 {
    let mode = Mode::from_argv0(argv0);
    let mut env = env.clone();
    let args = match expand_response_files(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(log, "{}: error: {e}", mode.name());
            return e.exit_status();
        }
    };
    let args = take_prefix_flags(&args, &mut env);
    let verbose = args.iter().any(|a| a == "-v");
    match plan(&args, &env) {
        Plan::PassThrough => {
            let status = pass_through(mode, &args, &env, log);
            if verbose {
                let _ = writeln!(log, "{}", hip_installation_line(&env.prefix.root));
            }
            status
        }
        Plan::Fail(e) => {
            let _ = writeln!(log, "{}: error: {e}", mode.name());
            e.exit_status()
        }
        Plan::Hip(opts) => {
            if verbose {
                let _ = writeln!(log, "{}", hip_installation_line(&env.prefix.root));
            }
            match driver::Driver::new(&env, &opts, log).run() {
                Ok(()) => 0,
                Err(e) => {
                    if matches!(e, DriverError::Usage(_) | DriverError::Io(_)) {
                        let _ = writeln!(log, "{}: error: {e}", mode.name());
                    }
                    e.exit_status()
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> Env {
        Env {
            prefix: Prefix {
                root: PathBuf::from("/nonexistent/rocm"),
                source: "executable",
            },
            clang: PathBuf::from("clang-19"),
            cxx_as_hip: false,
        }
    }

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn mode_follows_the_program_name() {
        assert_eq!(Mode::from_argv0("/opt/x/lib/llvm/bin/clang++"), Mode::Cxx);
        assert_eq!(Mode::from_argv0("amdclang++"), Mode::Cxx);
        assert_eq!(Mode::from_argv0("/opt/x/lib/llvm/bin/clang"), Mode::C);
    }

    #[test]
    fn prefix_is_three_levels_above_the_driver() {
        let exe = Some(PathBuf::from("/nonexistent/opt/r/lib/llvm/bin/clang++"));
        let p = prefix_from_parts(None, None, exe.clone());
        assert_eq!(p.root, PathBuf::from("/nonexistent/opt/r"));
        assert_eq!(p.source, "executable");
        let p = prefix_from_parts(None, Some("/r".into()), exe);
        assert_eq!((p.root, p.source), (PathBuf::from("/r"), "ROCM_PATH"));
    }

    #[test]
    fn hip_inputs_go_through_hipcc_and_the_rest_to_clang() {
        let e = env();
        let hip = |a: &[&str]| matches!(plan(&args(a), &e), Plan::Hip(_));
        let through = |a: &[&str]| matches!(plan(&args(a), &e), Plan::PassThrough);
        assert!(hip(&["-o", "k.o", "-x", "hip", "-c", "k.cpp"]));
        assert!(hip(&["--offload-arch=gfx90a", "-c", "k.hip"]));
        assert!(hip(&["--hip-link", "a.o", "-o", "app"]));
        assert!(through(&["-c", "k.cpp", "-o", "k.o"]));
        assert!(through(&["a.o", "b.o", "-o", "app"]));
        assert!(through(&["-v", "-print-targets"]));
        assert!(through(&["--version"]));
        assert!(through(&["-dumpmachine"]));
        // A HIP command hipcc cannot run is an error, not a clang-19 run without HIP.
        assert!(matches!(
            plan(&args(&["-c", "a.hip", "b.hip", "-o", "x.o"]), &e),
            Plan::Fail(_)
        ));
    }

    #[test]
    fn verbose_reaches_the_host_compile_and_the_link() {
        let Plan::Hip(o) = plan(&args(&["-v", "k.hip", "-o", "k"]), &env()) else {
            panic!("not a HIP plan");
        };
        assert!(o.host_args.iter().any(|a| a == "-v"));
        assert!(o.link.contains(&LinkItem::Arg("-v".into())));
    }

    #[test]
    fn response_files_are_split_and_expanded_as_clang_does() {
        assert_eq!(
            response_file_words("a.o  'b c.o'\n\"d\\\"e\" f\\ g -o out"),
            ["a.o", "b c.o", "d\"e", "f g", "-o", "out"]
        );
        assert_eq!(response_file_words("''"), [""]);
        let dir = std::env::temp_dir().join(format!("clang-driver-rsp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let inner = dir.join("inner.rsp");
        let outer = dir.join("outer.rsp");
        std::fs::write(&inner, "k.hip -c").unwrap();
        std::fs::write(&outer, format!("-O2 @{}", inner.display())).unwrap();
        let expanded =
            expand_response_files(&args(&[&format!("@{}", outer.display()), "@missing"])).unwrap();
        assert_eq!(expanded, ["-O2", "k.hip", "-c", "@missing"]);
        // A file that includes itself is an error, not a hang.
        std::fs::write(&inner, format!("@{}", inner.display())).unwrap();
        assert!(expand_response_files(&args(&[&format!("@{}", inner.display())])).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn prefix_flags_set_the_prefix_and_are_removed() {
        let mut e = env();
        let rest = take_prefix_flags(&args(&["--rocm-path=/r", "-c", "k.hip"]), &mut e);
        assert_eq!(rest, ["-c", "k.hip"]);
        assert_eq!(e.prefix.root, PathBuf::from("/r"));
        assert_eq!(
            hip_installation_line(&e.prefix.root),
            format!(
                "Found HIP installation: /r, version {}",
                crate::hip_version_string()
            )
        );
    }
}
