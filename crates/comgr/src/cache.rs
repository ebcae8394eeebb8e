//! The content-keyed cache of compiled code objects: in memory, and on disk so a second process
//! does not recompile.
use crate::clang::{clang_version, headers_hash, hex};
use crate::error::CompileError;
use kernel_abi::CodeObject;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// Bumped whenever the lowering changes what it generates.
const LOWERING_REVISION: &str = "ferrocm-cpu-lowering-7";

/// Every source file of the crate, with its path under `src/`: the code that turns device code into
/// native code. Any edit changes every key, so a cache never serves what an older build made (a test
/// checks that the list names every file).
const SOURCES: &[(&str, &str)] = &[
    ("lib.rs", include_str!("lib.rs")),
    ("amdgcn.rs", include_str!("amdgcn.rs")),
    ("amdgcn_asm.rs", include_str!("amdgcn_asm.rs")),
    ("bitcode.rs", include_str!("bitcode.rs")),
    ("cache.rs", include_str!("cache.rs")),
    ("clang.rs", include_str!("clang.rs")),
    ("codegen.rs", include_str!("codegen.rs")),
    ("device_calls.rs", include_str!("device_calls.rs")),
    ("divguard.rs", include_str!("divguard.rs")),
    ("error.rs", include_str!("error.rs")),
    ("ir.rs", include_str!("ir.rs")),
    ("local_atomics.rs", include_str!("local_atomics.rs")),
    ("lockstep.rs", include_str!("lockstep.rs")),
    ("reconverge.rs", include_str!("reconverge.rs")),
    ("masked_memory.rs", include_str!("masked_memory.rs")),
    ("shim.rs", include_str!("shim.rs")),
    ("split.rs", include_str!("split.rs")),
    ("uniform.rs", include_str!("uniform.rs")),
    ("lower/mod.rs", include_str!("lower/mod.rs")),
    (
        "lower/block_stride.rs",
        include_str!("lower/block_stride.rs"),
    ),
    ("lower/builtins.rs", include_str!("lower/builtins.rs")),
    ("lower/context.rs", include_str!("lower/context.rs")),
    ("lower/interchange.rs", include_str!("lower/interchange.rs")),
    ("lower/item_loops.rs", include_str!("lower/item_loops.rs")),
    ("lower/outline.rs", include_str!("lower/outline.rs")),
    ("lower/regions.rs", include_str!("lower/regions.rs")),
    ("lower/remat.rs", include_str!("lower/remat.rs")),
    (
        "lower/warp_schedule.rs",
        include_str!("lower/warp_schedule.rs"),
    ),
    ("warp_vector/mod.rs", include_str!("warp_vector/mod.rs")),
    (
        "warp_vector/demand.rs",
        include_str!("warp_vector/demand.rs"),
    ),
    ("warp_vector/idle.rs", include_str!("warp_vector/idle.rs")),
    ("warp_vector/loops.rs", include_str!("warp_vector/loops.rs")),
    ("warp_vector/sink.rs", include_str!("warp_vector/sink.rs")),
    ("wide_masks.rs", include_str!("wide_masks.rs")),
];

fn lowering_source_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut h = Sha256::new();
        let extra = [
            crate::amdgcn::LIBRARY_SOURCE,
            include_str!("../shim/shim.cpp"),
        ];
        for src in SOURCES.iter().map(|(_, s)| *s).chain(extra) {
            h.update((src.len() as u64).to_le_bytes());
            h.update(src.as_bytes());
        }
        hex(&h.finalize())
    })
}

pub struct Key(String);

impl Key {
    pub fn new(
        source: &str,
        source_name: &str,
        args: &[String],
        headers: &[(String, String)],
    ) -> Result<Key, CompileError> {
        let mut h = Sha256::new();
        let mut field = |b: &[u8]| {
            h.update((b.len() as u64).to_le_bytes());
            h.update(b);
        };
        field(LOWERING_REVISION.as_bytes());
        field(lowering_source_hash().as_bytes());
        field(env!("CARGO_PKG_VERSION").as_bytes());
        field(clang_version()?.as_bytes());
        field(headers_hash().as_bytes());
        // Which headers the device pass reads (their contents are checked as dependencies).
        let prefix_inc = crate::clang::prefix_include_dir();
        field(
            prefix_inc
                .as_deref()
                .map(|p| p.as_os_str().as_encoded_bytes())
                .unwrap_or_default(),
        );
        field(crate::codegen::host_cpu().as_bytes());
        field(crate::codegen::llvm_args().as_bytes());
        field(source_name.as_bytes());
        field(source.as_bytes());
        for a in args {
            field(a.as_bytes());
        }
        for (n, t) in headers {
            field(n.as_bytes());
            field(t.as_bytes());
        }
        Ok(Key(hex(&h.finalize())))
    }
    pub fn hex(&self) -> &str {
        &self.0
    }
}

fn memory() -> &'static Mutex<HashMap<String, Arc<CodeObject>>> {
    static MEM: OnceLock<Mutex<HashMap<String, Arc<CodeObject>>>> = OnceLock::new();
    MEM.get_or_init(Default::default)
}

/// The cache folder, when the disk cache is on.
pub fn root() -> Option<PathBuf> {
    if std::env::var_os("FERROCM_DISABLE_CACHE").is_some_and(|v| v != "0") {
        return None;
    }
    let base = std::env::var_os("FERROCM_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("ferrocm")))
        .or_else(|| {
            std::env::var_os("HOME").map(|d| PathBuf::from(d).join(".cache").join("ferrocm"))
        })?;
    std::fs::create_dir_all(&base).ok()?;
    Some(base)
}

/// Where the device headers are unpacked: the cache folder, else a per-user temp folder.
pub fn root_or_temp() -> PathBuf {
    root().unwrap_or_else(|| {
        let d = std::env::temp_dir().join(format!("ferrocm-headers-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        d
    })
}

fn file_hash(p: &Path) -> Option<String> {
    let bytes = std::fs::read(p).ok()?;
    Some(hex(&Sha256::digest(&bytes)))
}

pub fn lookup(key: &Key) -> Option<CodeObject> {
    if let Some(co) = memory().lock().ok()?.get(&key.0) {
        return Some((**co).clone());
    }
    let dir = root()?.join("kernels");
    let deps = std::fs::read_to_string(dir.join(format!("{}.deps", key.0))).ok()?;
    for line in deps.lines().filter(|l| !l.is_empty()) {
        let (hash, path) = line.split_once(' ')?;
        if file_hash(Path::new(path)).as_deref() != Some(hash) {
            tracing::debug!(path, "kernel cache: dependency changed");
            return None;
        }
    }
    let bytes = std::fs::read(dir.join(format!("{}.fco", key.0))).ok()?;
    let co = CodeObject::from_bytes(&bytes).ok()?;
    memory()
        .lock()
        .ok()?
        .insert(key.0.clone(), Arc::new(co.clone()));
    Some(co)
}

pub fn store(key: &Key, co: &CodeObject, deps: &[PathBuf]) {
    if let Ok(mut m) = memory().lock() {
        m.insert(key.0.clone(), Arc::new(co.clone()));
    }
    let Some(root) = root() else { return };
    let dir = root.join("kernels");
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let mut dep_text = String::new();
    for d in deps {
        match file_hash(d) {
            Some(h) => dep_text.push_str(&format!("{h} {}\n", d.display())),
            // A dependency we cannot read back cannot be checked: do not cache on disk.
            None => return,
        }
    }
    let tmp = |ext: &str| dir.join(format!("{}.{ext}.tmp{}", key.0, std::process::id()));
    // Code object first, deps last: a reader only trusts an entry whose deps file exists.
    let ok = std::fs::write(tmp("fco"), co.to_bytes()).is_ok()
        && std::fs::rename(tmp("fco"), dir.join(format!("{}.fco", key.0))).is_ok()
        && std::fs::write(tmp("deps"), dep_text).is_ok()
        && std::fs::rename(tmp("deps"), dir.join(format!("{}.deps", key.0))).is_ok();
    if !ok {
        tracing::warn!(dir = %dir.display(), "could not write the kernel cache");
    }
}

#[cfg(test)]
mod tests {
    /// Every source file feeds the key: a file missing from the list (a new pass, say) would let the
    /// cache serve code an older build of it made.
    #[test]
    fn every_source_file_is_in_the_lowering_hash() {
        fn walk(dir: &std::path::Path, base: &std::path::Path, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).expect("the source folder").flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, base, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    let rel = p.strip_prefix(base).expect("under src");
                    out.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        walk(&src, &src, &mut files);
        assert!(files.len() > 20, "{files:?}");
        for f in files {
            assert!(
                super::SOURCES.iter().any(|(name, _)| *name == f),
                "src/{f} is not in cache.rs's SOURCES"
            );
        }
    }
}
