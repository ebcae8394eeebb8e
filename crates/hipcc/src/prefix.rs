//! Where the ROCm-style install prefix (`bin/`, `include/`, `lib/`) lies.
use std::path::{Path, PathBuf};

/// The prefix and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefix {
    pub root: PathBuf,
    /// `HIP_PATH`, `ROCM_PATH`, or `executable` (derived from the running tool's location).
    pub source: &'static str,
}

impl Prefix {
    /// `HIP_PATH`, else `ROCM_PATH`, else the folder above the running executable's `bin/`.
    pub fn discover() -> Prefix {
        Self::from_parts(
            std::env::var_os("HIP_PATH").map(PathBuf::from),
            std::env::var_os("ROCM_PATH").map(PathBuf::from),
            std::env::current_exe().ok(),
        )
    }

    /// [`Prefix::discover`] from explicit inputs (testable without touching the environment).
    pub fn from_parts(
        hip_path: Option<PathBuf>,
        rocm_path: Option<PathBuf>,
        exe: Option<PathBuf>,
    ) -> Prefix {
        if let Some(p) = hip_path.filter(|p| !p.as_os_str().is_empty()) {
            return Prefix {
                root: p,
                source: "HIP_PATH",
            };
        }
        if let Some(p) = rocm_path.filter(|p| !p.as_os_str().is_empty()) {
            return Prefix {
                root: p,
                source: "ROCM_PATH",
            };
        }
        // Resolve symlinks (e.g. /usr/local/bin/hipcc -> <prefix>/bin/hipcc) before going up.
        let exe = exe.map(|e| std::fs::canonicalize(&e).unwrap_or(e));
        let root = exe
            .as_deref()
            .and_then(Path::parent)
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        Prefix {
            root,
            source: "executable",
        }
    }

    pub fn include_dir(&self) -> PathBuf {
        self.root.join("include")
    }

    pub fn lib_dir(&self) -> PathBuf {
        self.root.join("lib")
    }

    pub fn bin_dir(&self) -> PathBuf {
        self.root.join("bin")
    }

    /// The HIP runtime library programs link against.
    pub fn runtime_library(&self) -> PathBuf {
        self.lib_dir().join("libamdhip64.so")
    }

    /// Whether the prefix holds the HIP headers.
    pub fn has_headers(&self) -> bool {
        self.include_dir().join("hip/hip_runtime.h").is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_the_executable_location_in_order() {
        let exe = Some(PathBuf::from("/nonexistent/opt/x/bin/hipcc"));
        let p = Prefix::from_parts(None, None, exe.clone());
        assert_eq!(p.root, PathBuf::from("/nonexistent/opt/x"));
        assert_eq!(p.source, "executable");
        let p = Prefix::from_parts(None, Some("/r".into()), exe.clone());
        assert_eq!((p.root, p.source), (PathBuf::from("/r"), "ROCM_PATH"));
        let p = Prefix::from_parts(Some("/h".into()), Some("/r".into()), exe.clone());
        assert_eq!((p.root, p.source), (PathBuf::from("/h"), "HIP_PATH"));
        // An empty variable is treated as unset.
        let p = Prefix::from_parts(Some("".into()), None, exe);
        assert_eq!(p.source, "executable");
        assert_eq!(p.include_dir(), PathBuf::from("/nonexistent/opt/x/include"));
        assert_eq!(
            p.runtime_library(),
            PathBuf::from("/nonexistent/opt/x/lib/libamdhip64.so")
        );
    }
}
