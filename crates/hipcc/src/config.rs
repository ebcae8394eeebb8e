//! `hipconfig`: the install's version, paths and compiler flags, in the shape of ROCm's hipconfig
//! (single values are printed without a newline unless `-n`/`--newline`, so `$(hipconfig --path)` works).
use crate::prefix::Prefix;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What hipconfig reports about.
#[derive(Debug, Clone)]
pub struct Config {
    pub prefix: Prefix,
    /// The clang executable hipcc runs.
    pub clang: PathBuf,
}

impl Config {
    pub fn from_process() -> Config {
        Config {
            prefix: Prefix::discover(),
            clang: comgr::clang_path(),
        }
    }

    /// The preprocessor flags hipcc adds to every compile.
    pub fn cpp_config(&self) -> String {
        format!(
            " -D__HIP_PLATFORM_AMD__=1 -I{} -include hip/hip_runtime.h",
            self.prefix.include_dir().display()
        )
    }

    /// The folder of the prefix's clang driver (`lib/llvm/bin`, as in ROCm) when the prefix has one (CMake
    /// looks for `clang++` there), else the folder holding the clang hipcc runs (found on `PATH` when it
    /// is a bare name).
    pub fn hip_clang_path(&self) -> PathBuf {
        let ours = self.prefix.root.join(crate::clang_driver::CLANG_DIR);
        if ours.join("clang++").is_file() {
            return ours;
        }
        let exe = if self.clang.components().count() > 1 {
            Some(self.clang.clone())
        } else {
            find_on_path(&self.clang)
        };
        exe.and_then(|e| e.parent().map(Path::to_path_buf))
            .unwrap_or_default()
    }

    fn clang_version_text(&self) -> String {
        match std::process::Command::new(&self.clang)
            .arg("--version")
            .output()
        {
            Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
            _ => format!("(cannot run {})\n", self.clang.display()),
        }
    }

    /// `hipconfig --full`.
    pub fn full(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "HIP version  : {}", crate::hip_version_string());
        let _ = writeln!(s, "\n== hipconfig");
        let _ = writeln!(s, "HIP_PATH     : {}", self.prefix.root.display());
        let _ = writeln!(s, "ROCM_PATH    : {}", self.prefix.root.display());
        let _ = writeln!(s, "HIP_COMPILER : clang");
        let _ = writeln!(s, "HIP_PLATFORM : amd");
        let _ = writeln!(s, "HIP_RUNTIME  : ferrocm");
        let _ = writeln!(s, "CPP_CONFIG   : {}", self.cpp_config());
        let _ = writeln!(s, "\n== hip-clang");
        let _ = writeln!(s, "HIP_CLANG_PATH   : {}", self.hip_clang_path().display());
        s.push_str(&self.clang_version_text());
        let _ = writeln!(s, "hip-clang-cxxflags : {}", self.cpp_config());
        let _ = writeln!(
            s,
            "hip-clang-ldflags  :  --driver-mode=g++ -L{lib} -Wl,-rpath,{lib} -lamdhip64",
            lib = self.prefix.lib_dir().display()
        );
        let _ = writeln!(s, "\n== Environment Variables");
        for v in [
            "PATH",
            "HIP_PATH",
            "ROCM_PATH",
            "HIP_PLATFORM",
            "FERROCM_CLANG",
        ] {
            if let Some(val) = std::env::var_os(v) {
                let _ = writeln!(s, "{v}={}", val.to_string_lossy());
            }
        }
        let _ = writeln!(s, "\n== Linux Kernel");
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
        let _ = writeln!(s, "Hostname      : {}", host.trim());
        let ver = std::fs::read_to_string("/proc/version").unwrap_or_default();
        let _ = writeln!(s, "{}", ver.trim());
        s
    }

    /// `hipconfig --check`: each part of the install, `good` or what is wrong; and whether all are good.
    pub fn check(&self) -> (String, bool) {
        let mut s = String::from("\nCheck system installation:\n");
        let mut ok = true;
        let mut item = |what: &str, good: bool, detail: String| {
            ok &= good;
            let _ = writeln!(
                s,
                "check {what:<28}: {}",
                if good {
                    format!("good ({detail})")
                } else {
                    format!("NOT FOUND ({detail})")
                }
            );
        };
        let p = &self.prefix;
        item(
            "HIP headers",
            p.has_headers(),
            p.include_dir().display().to_string(),
        );
        let lib = p.runtime_library();
        item(
            "HIP runtime library",
            lib.exists(),
            lib.display().to_string(),
        );
        let hipcc = p.bin_dir().join("hipcc");
        item("hipcc", hipcc.is_file(), hipcc.display().to_string());
        let clang_ok = std::process::Command::new(&self.clang)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        item("clang", clang_ok, self.clang.display().to_string());
        (s, ok)
    }
}

fn find_on_path(name: &Path) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// `hipconfig --help`.
pub const HELP: &str = "\
usage: hipconfig [OPTIONS]
  --path,  -p        : print HIP_PATH (the install prefix)
  --rocmpath, -R     : print ROCM_PATH
  --compiler, -c     : print the compiler (clang)
  --platform, -P     : print the platform (amd)
  --runtime, -r      : print the runtime (ferrocm)
  --hipclangpath, -l : print the folder of the prefix's clang driver (lib/llvm/bin)
  --cpp_config, -C   : print the preprocessor flags hipcc adds
  --full, -f, --info : print everything
  --version, -v      : print the HIP version
  --check            : check the installation
  --newline, -n      : end single values with a newline
  --help, -h         : this text
";

/// The `hipconfig` program: (stdout text, exit status), or an error line for stderr.
pub fn main_with(args: &[String], cfg: &Config) -> Result<(String, i32), String> {
    let newline = args.iter().any(|a| a == "-n" || a == "--newline");
    let mut out = String::new();
    let mut status = 0;
    let mut printed = false;
    for a in args {
        let single = match a.as_str() {
            "-n" | "--newline" => continue,
            "--path" | "-p" | "--rocmpath" | "-R" => Some(cfg.prefix.root.display().to_string()),
            "--compiler" | "-c" => Some("clang".to_string()),
            "--platform" | "-P" => Some("amd".to_string()),
            "--runtime" | "-r" => Some("ferrocm".to_string()),
            "--hipclangpath" | "-l" => Some(cfg.hip_clang_path().display().to_string()),
            "--cpp_config" | "--cxx_config" | "-C" => Some(cfg.cpp_config()),
            "--version" | "-v" => Some(crate::hip_version_string()),
            "--full" | "-f" | "--info" => {
                out.push_str(&cfg.full());
                None
            }
            "--check" => {
                let (text, ok) = cfg.check();
                out.push_str(&text);
                if !ok {
                    status = 1;
                }
                None
            }
            "--help" | "-h" => {
                out.push_str(HELP);
                None
            }
            other => {
                return Err(format!(
                    "hipconfig: error: unknown option '{other}' (see --help)"
                ))
            }
        };
        printed = true;
        if let Some(v) = single {
            out.push_str(&v);
            if newline {
                out.push('\n');
            }
        }
    }
    if !printed {
        out.push_str(&cfg.full());
    }
    Ok((out, status))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> Config {
        Config {
            prefix: Prefix {
                root: PathBuf::from("/nonexistent/rocm"),
                source: "HIP_PATH",
            },
            clang: PathBuf::from("/nonexistent/llvm/bin/clang-19"),
        }
    }

    fn run(args: &[&str]) -> Result<(String, i32), String> {
        main_with(
            &args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            &cfg(),
        )
    }

    #[test]
    fn single_values_have_rocm_shape() {
        assert_eq!(run(&["--platform"]).unwrap(), ("amd".into(), 0));
        assert_eq!(run(&["--compiler", "-n"]).unwrap(), ("clang\n".into(), 0));
        assert_eq!(run(&["--path"]).unwrap().0, "/nonexistent/rocm");
        assert_eq!(run(&["--hipclangpath"]).unwrap().0, "/nonexistent/llvm/bin");
        assert_eq!(
            run(&["--cpp_config"]).unwrap().0,
            " -D__HIP_PLATFORM_AMD__=1 -I/nonexistent/rocm/include -include hip/hip_runtime.h"
        );
        let v = run(&["--version"]).unwrap().0;
        assert!(v.starts_with("6.") && v.contains('-'), "{v}");
        assert_eq!(
            run(&["--bogus"]).unwrap_err(),
            "hipconfig: error: unknown option '--bogus' (see --help)"
        );
    }

    #[test]
    fn hipclangpath_names_the_prefix_driver_when_there_is_one() {
        let root = std::env::temp_dir().join(format!("hipconfig-l-{}", std::process::id()));
        let llvm_bin = root.join("lib/llvm/bin");
        std::fs::create_dir_all(&llvm_bin).unwrap();
        let c = Config {
            prefix: Prefix {
                root: root.clone(),
                source: "HIP_PATH",
            },
            clang: PathBuf::from("/nonexistent/llvm/bin/clang-19"),
        };
        assert_eq!(c.hip_clang_path(), PathBuf::from("/nonexistent/llvm/bin"));
        std::fs::write(llvm_bin.join("clang++"), b"").unwrap();
        assert_eq!(c.hip_clang_path(), llvm_bin);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn check_reports_a_missing_install() {
        let (text, status) = run(&["--check"]).unwrap();
        assert_eq!(status, 1);
        assert!(text.contains("check HIP headers"), "{text}");
        assert!(
            text.contains("NOT FOUND (/nonexistent/rocm/lib/libamdhip64.so)"),
            "{text}"
        );
    }

    #[test]
    fn full_has_the_sections() {
        let full = run(&[]).unwrap().0;
        for section in [
            "HIP version  : 6.",
            "== hipconfig",
            "HIP_PLATFORM : amd",
            "== hip-clang",
            "== Linux Kernel",
        ] {
            assert!(full.contains(section), "{section} missing:\n{full}");
        }
    }
}
