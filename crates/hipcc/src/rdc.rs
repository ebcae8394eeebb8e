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

/// The static archives the linker would take for the `-l` options of `link_args` (the link line's
/// flags, in order), as `ld` finds them: `-lNAME` is `libNAME.so` or `libNAME.a` in the `-L` folders, in
/// order, then in `LIBRARY_PATH`'s (the compiler's system folders are not searched: they hold no
/// device code); `-l:FILE` is FILE there. A shared library found first is skipped (it registers its own
/// device code), unless `-static` or `-Wl,-Bstatic` is in effect. So device code in `libdev.a` linked as
/// `-L. -ldev` is found as it is when `libdev.a` is named on the command line.
pub fn find_libraries(link_args: &[String]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = link_args
        .iter()
        .filter_map(|a| a.strip_prefix("-L"))
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .collect();
    if let Some(lp) = std::env::var_os("LIBRARY_PATH") {
        dirs.extend(std::env::split_paths(&lp).filter(|d| !d.as_os_str().is_empty()));
    }
    let mut static_only = link_args.iter().any(|a| a == "-static");
    let mut found = Vec::new();
    for a in link_args {
        for w in a
            .strip_prefix("-Wl,")
            .map_or(Vec::new(), |w| w.split(',').collect())
        {
            match w {
                "-Bstatic" | "-dn" | "-non_shared" | "-static" => static_only = true,
                "-Bdynamic" | "-dy" | "-call_shared" => static_only = false,
                _ => {}
            }
        }
        let Some(name) = a.strip_prefix("-l").filter(|n| !n.is_empty()) else {
            continue;
        };
        let candidates: Vec<String> = match name.strip_prefix(':') {
            Some(file) => vec![file.to_string()],
            None if static_only => vec![format!("lib{name}.a")],
            None => vec![format!("lib{name}.so"), format!("lib{name}.a")],
        };
        let hit = dirs
            .iter()
            .find_map(|d| candidates.iter().map(|c| d.join(c)).find(|p| p.is_file()));
        if let Some(p) = hit.filter(|p| p.extension().is_some_and(|e| e == "a")) {
            if !found.contains(&p) {
                found.push(p);
            }
        }
    }
    found
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
                // A member's data is only 2-byte aligned in the archive; ELF headers are read in place
                // and need 8.
                let (buf, at) = aligned_copy(bytes);
                scan_object(&member_name, &buf[at..at + bytes.len()], &mut found)?;
            }
        } else {
            scan_object(&name, &data, &mut found)?;
        }
    }
    Ok(found)
}

/// A copy of `bytes` starting 8-byte aligned: the buffer and the copy's offset in it.
fn aligned_copy(bytes: &[u8]) -> (Vec<u8>, usize) {
    let mut buf = vec![0u8; bytes.len() + 8];
    let at = (8 - buf.as_ptr() as usize % 8) % 8;
    buf[at..at + bytes.len()].copy_from_slice(bytes);
    (buf, at)
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
    fn libraries_are_found_as_the_linker_finds_them() {
        let dir = std::env::temp_dir().join(format!("hipcc-rdc-libs-{}", std::process::id()));
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        for f in [a.join("libdev.a"), b.join("libdev.a"), b.join("libother.a")] {
            std::fs::write(f, b"!<arch>\n").unwrap();
        }
        std::fs::write(a.join("libshared.so"), b"").unwrap();
        std::fs::write(b.join("libshared.a"), b"!<arch>\n").unwrap();
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let la = format!("-L{}", a.display());
        let lb = format!("-L{}", b.display());
        assert_eq!(
            find_libraries(&args(&[
                &la,
                &lb,
                "-ldev",
                "-lother",
                "-lmissing",
                "-lshared"
            ])),
            vec![a.join("libdev.a"), b.join("libother.a")]
        );
        assert_eq!(
            find_libraries(&args(&[&lb, "-l:libdev.a", "-Wl,-Bstatic", "-lshared"])),
            vec![b.join("libdev.a"), b.join("libshared.a")]
        );
        let _ = std::fs::remove_dir_all(&dir);
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
