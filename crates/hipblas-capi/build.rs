//! ROCm's soname, so programs linked against ROCm's libhipblas load this one; a run path of the
//! library's own folder, where libamdhip64 sits in the prefix; and the `_v2` entry points.
//!
//! hipBLAS 2 exports each function that takes a complex or data-type argument twice: under its
//! name (`hipblasComplex`, `hipblasDatatype_t`) and with `_v2` (`hipComplex`, `hipDataType`),
//! which `-DHIPBLAS_V2` selects. The types have one layout and the data-type entry points here
//! take both enums, so each `_v2` name is a jump to the other. This script lists them from the
//! entry-point tables in `src/` (the names after `=>`), by hipBLAS's rule: complex-typed
//! routines (`C`, `Z`, `Ic`, `Iz`, `Scasum`/`Scnrm2`, `Dz`) and the `Ex` functions.
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhipblas.so.2");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,$ORIGIN");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src");

    let mut tables = Vec::new();
    let mut defined = String::new();
    let mut files: Vec<_> = std::fs::read_dir("src")
        .expect("src/ is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file is readable");
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        defined.push_str(&code);
        let module = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        // Names a file imports are defined (and aliased) where they come from.
        let imported: Vec<&str> = code
            .split("\nuse ")
            .skip(1)
            .flat_map(|u| identifiers(u.split(';').next().unwrap_or("")))
            .collect();
        for row in code.split("=>").skip(1) {
            for name in identifiers(row.split(';').next().unwrap_or("")) {
                let seen = tables.iter().any(|(_, n)| n == name);
                if needs_v2(name) && !seen && !imported.contains(&name) {
                    tables.push((module.to_owned(), name.to_owned()));
                }
            }
        }
    }

    let mut out = String::new();
    for (module, name) in tables {
        let v2 = match name.strip_suffix("_64") {
            Some(base) => format!("{base}_v2_64"),
            None => format!("{name}_v2"),
        };
        if identifiers(&defined).any(|n| n == v2) {
            continue; // written out in the sources
        }
        let path = if module == "lib" {
            format!("crate::{name}")
        } else {
            format!("crate::{module}::{name}")
        };
        writeln!(
            out,
            "/// `{name}` under its hipBLAS 2 name (the same arguments' layouts).\n\
             #[unsafe(naked)]\n#[no_mangle]\npub extern \"C\" fn {v2}() {{\n    \
             core::arch::naked_asm!(\"jmp {{f}}\", f = sym {path})\n}}"
        )
        .expect("writing to a string");
    }
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("v2.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The identifiers in `text`.
fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|s| !s.is_empty())
}

/// hipBLAS's rule for which functions have a `_v2` twin.
fn needs_v2(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("hipblas") else {
        return false;
    };
    if rest == "Create" || rest.ends_with("_t") {
        return false;
    }
    if rest.contains("Ex") {
        return true;
    }
    ["C", "Z", "Ic", "Iz", "Sca", "Scn", "Dz"].iter().any(|p| {
        rest.strip_prefix(p)
            .and_then(|r| r.chars().next())
            .is_some_and(|c| c.is_ascii_lowercase())
    })
}
