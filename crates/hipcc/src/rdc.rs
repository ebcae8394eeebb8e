//! Relocatable device code (`-fgpu-rdc`) across translation units.
//!
//! Compiling with `-fgpu-rdc`, each object keeps its device LLVM bitcode in the section [`SECTION`], and
//! clang's host code registers a fat binary through two symbols it leaves undefined, both suffixed with
//! the translation unit's id: `__hip_fatbin_<id>` (the bundle) and `__hip_gpubin_handle_<id>` (where the
//! registration handle is kept). At link time hipcc gathers every object's bitcode ([`scan`], archives
//! included), links and lowers it once, and defines all those symbols in one generated object
//! ([`fatbin_assembly`]): every id names the same bundle and the same handle, so the program registers
//! its device code once and each translation unit registers its kernels against it.
use object::read::archive::ArchiveFile;
use object::{Object, ObjectSection, ObjectSymbol};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Section holding a `-fgpu-rdc` object's device bitcode.
pub const SECTION: &str = ".ferrocm_rdc_bc";

const FATBIN_PREFIX: &str = "__hip_fatbin_";
const HANDLE_PREFIX: &str = "__hip_gpubin_handle_";

/// llvm-objcopy, which puts the bitcode into the object (`FERROCM_LLVM_OBJCOPY` overrides).
pub fn objcopy_tool() -> String {
    std::env::var("FERROCM_LLVM_OBJCOPY").unwrap_or_else(|_| "llvm-objcopy-19".into())
}

/// What the link inputs hold of relocatable device code.
#[derive(Debug, Default)]
pub struct Found {
    /// (input name, device bitcode), one per object (or archive member) that has some.
    pub bitcode: Vec<(String, Vec<u8>)>,
    /// Translation-unit ids whose fat binary and handle symbols are undefined.
    pub ids: BTreeSet<String>,
}

/// Reads the objects and archives among `inputs` (other files, such as shared libraries or linker
/// scripts, are skipped).
pub fn scan(inputs: &[PathBuf]) -> Result<Found, String> {
    let mut found = Found::default();
    for path in inputs {
        let name = path.display().to_string();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "o" && ext != "a" && ext != "obj" {
            continue;
        }
        let data = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
        if let Ok(archive) = ArchiveFile::parse(&*data) {
            for member in archive.members() {
                let member = member.map_err(|e| format!("{name}: bad archive: {e}"))?;
                let bytes = member
                    .data(&*data)
                    .map_err(|e| format!("{name}: bad archive member: {e}"))?;
                let member_name = format!("{name}({})", String::from_utf8_lossy(member.name()));
                scan_object(&member_name, bytes, &mut found)?;
            }
        } else {
            scan_object(&name, &data, &mut found)?;
        }
    }
    Ok(found)
}

fn scan_object(name: &str, bytes: &[u8], found: &mut Found) -> Result<(), String> {
    let Ok(file) = object::File::parse(bytes) else {
        // Not an object file (e.g. an archive's symbol table): nothing to gather.
        return Ok(());
    };
    if let Some(section) = file.section_by_name(SECTION) {
        let bc = section
            .data()
            .map_err(|e| format!("{name}: {SECTION}: {e}"))?;
        found.bitcode.push((name.to_string(), bc.to_vec()));
    }
    for sym in file.symbols() {
        if !sym.is_undefined() {
            continue;
        }
        let Ok(n) = sym.name() else { continue };
        for prefix in [FATBIN_PREFIX, HANDLE_PREFIX] {
            if let Some(id) = n.strip_prefix(prefix) {
                if !id.is_empty() && id.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
                    found.ids.insert(id.to_string());
                }
            }
        }
    }
    Ok(())
}

/// Assembly defining the bundle at `bundle` as every id's `__hip_fatbin_<id>` and one shared handle as
/// every id's `__hip_gpubin_handle_<id>`.
pub fn fatbin_assembly(bundle: &Path, ids: &BTreeSet<String>) -> String {
    let mut s = String::new();
    s.push_str("    .section .hip_fatbin,\"a\",@progbits\n    .p2align 12\n");
    s.push_str("__ferrocm_rdc_fatbin:\n");
    s.push_str(&format!(
        "    .incbin \"{}\"\n",
        bundle.display().to_string().replace('"', "\\\"")
    ));
    s.push_str("    .data\n    .p2align 3\n__ferrocm_rdc_gpubin_handle:\n    .quad 0\n");
    for id in ids {
        for (prefix, target) in [
            (FATBIN_PREFIX, "__ferrocm_rdc_fatbin"),
            (HANDLE_PREFIX, "__ferrocm_rdc_gpubin_handle"),
        ] {
            s.push_str(&format!(
                "    .globl {prefix}{id}\n    .hidden {prefix}{id}\n    .set {prefix}{id}, {target}\n"
            ));
        }
    }
    s.push_str("    .section .note.GNU-stack,\"\",@progbits\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assembly_names_every_id_once_per_symbol() {
        let ids: BTreeSet<String> = ["abc", "def"].iter().map(|s| s.to_string()).collect();
        let s = fatbin_assembly(Path::new("/x/b.hipfb"), &ids);
        assert!(s.contains(".incbin \"/x/b.hipfb\""));
        for id in ["abc", "def"] {
            assert!(s.contains(&format!(".set __hip_fatbin_{id}, __ferrocm_rdc_fatbin")));
            assert!(s.contains(&format!(
                ".set __hip_gpubin_handle_{id}, __ferrocm_rdc_gpubin_handle"
            )));
        }
    }

    #[test]
    fn scanning_skips_files_that_are_not_objects() {
        let dir = std::env::temp_dir().join(format!("hipcc-rdc-scan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let junk = dir.join("junk.o");
        std::fs::write(&junk, b"not an object").unwrap();
        let f = scan(&[junk, dir.join("libx.so")]).unwrap();
        assert!(f.bitcode.is_empty() && f.ids.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
