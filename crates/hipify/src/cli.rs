//! The `hipify` (and `hipify-clang`) command line, compatible with hipify-clang's:
//! `hipify [options] <source or folder>... [-- <compiler options>]`.
//!
//! Options take one or two dashes and `=value` or a separate value, as LLVM's option parser accepts.
//! Outputs: `-o=FILE` (one input; `-o=-` writes to standard output), `-o-dir=DIR` (`DIR/<name>.hip`),
//! `--inplace`, `--no-output`; by default `<source>.hip` beside each source, as hipify-clang does.

use crate::doc;
use crate::pp::Macros;
use crate::stats::{self, FileStats};
use crate::tables::Tables;
use crate::translate::{translate, Options};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Extensions of the files a folder contributes (hipify-clang's findcode lists).
pub const SOURCE_EXTENSIONS: &[&str] = &[
    "cu", "cuh", "cpp", "cxx", "cc", "c", "h", "hpp", "hxx", "inl",
];

/// The parsed command line.
#[derive(Debug, Clone, Default)]
pub struct Cli {
    pub inputs: Vec<PathBuf>,
    pub output: Option<PathBuf>,
    pub output_dir: Option<PathBuf>,
    pub inplace: bool,
    pub no_output: bool,
    pub print_stats: bool,
    pub print_stats_csv: bool,
    pub stats_file: Option<PathBuf>,
    pub examine: bool,
    pub translate: Options,
    pub md: bool,
    pub csv: bool,
    pub doc_format: Option<String>,
    pub doc_roc: Option<String>,
    pub help: bool,
    pub version: bool,
    pub versions: bool,
    /// Notes about options accepted and ignored.
    pub notes: Vec<String>,
}

/// A command-line or run error: printed as `[HIPIFY] error: ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(msg.into()))
}

/// Options of clang's that hipify-clang passes on and this hipify does not need.
const IGNORED_VALUE_OPTIONS: &[&str] = &[
    "cuda-path",
    "clang-resource-directory",
    "cuda-gpu-arch",
    "p",
    "temp-dir",
    "hip-path",
    "o-hipify-perl-dir",
    "o-python-map-dir",
    "exclude-path",
    "include-path",
];
const IGNORED_FLAGS: &[&str] = &[
    "save-temps",
    "no-backup",
    "no-undocumented-features",
    "no-warnings-on-undocumented-features",
    "v",
    "show-progress",
    "skip-local-headers",
];

/// Parses hipify's arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Cli, CliError> {
    let mut c = Cli {
        translate: Options::default(),
        ..Cli::default()
    };
    let mut macros = Macros::predefined();
    let mut it = args.iter();
    let mut compiler_args: Vec<String> = Vec::new();
    let note = |c: &mut Cli, opt: &str| {
        let n = format!(
            "option '{opt}' is accepted for compatibility with hipify-clang and ignored (this hipify needs no clang or CUDA)"
        );
        if !c.notes.contains(&n) {
            c.notes.push(n);
        }
    };
    while let Some(arg) = it.next() {
        if arg == "--" {
            compiler_args.extend(it.by_ref().cloned());
            break;
        }
        if !arg.starts_with('-') || arg == "-" {
            c.inputs.push(PathBuf::from(arg));
            continue;
        }
        let body = arg.trim_start_matches('-');
        // -I, -D, -U with the value attached (`-Idir`, `-DX=1`) or separate.
        if let Some(flag) = ["I", "D", "U"]
            .into_iter()
            .find(|f| body.starts_with(f) && !arg.starts_with("--"))
        {
            let v = if body.len() > 1 {
                body[1..].trim_start_matches('=').to_string()
            } else {
                match it.next() {
                    Some(v) => v.clone(),
                    None => return err(format!("missing value for option '-{flag}'")),
                }
            };
            match flag {
                "D" => macros.define_arg(&v),
                "U" => macros.undef(&v),
                _ => {}
            }
            continue;
        }
        let (key, inline) = match body.split_once('=') {
            Some((k, v)) => (k, Some(v.to_string())),
            None => (body, None),
        };
        let mut value = |name: &str| -> Result<String, CliError> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => match it.next() {
                    Some(v) => Ok(v.clone()),
                    None => err(format!("missing value for option '-{name}'")),
                },
            }
        };
        match key {
            "o" => c.output = Some(PathBuf::from(value("o")?)),
            "o-dir" => c.output_dir = Some(PathBuf::from(value("o-dir")?)),
            "o-stats" => c.stats_file = Some(PathBuf::from(value("o-stats")?)),
            "inplace" => c.inplace = true,
            "no-output" => c.no_output = true,
            "print-stats" => c.print_stats = true,
            "print-stats-csv" => c.print_stats_csv = true,
            "examine" => c.examine = true,
            "hip-kernel-execution-syntax" => c.translate.hip_kernel_execution_syntax = true,
            "cuda-kernel-execution-syntax" => {}
            "roc" => c.translate.roc = true,
            "miopen" => c.translate.miopen = true,
            "experimental" => c.translate.experimental = true,
            "skip-excluded-preprocessor-conditional-blocks" | "default-preprocessor" => {
                c.translate.skip_excluded_blocks = true
            }
            "amap" => c.translate.amap = true,
            "md" => c.md = true,
            "csv" => c.csv = true,
            "doc-format" => {
                let v = value("doc-format")?;
                if !matches!(v.as_str(), "full" | "strict" | "compact") {
                    return err(format!(
                        "invalid value '{v}' for '-doc-format' (full, strict or compact)"
                    ));
                }
                c.doc_format = Some(v);
            }
            "doc-roc" => {
                let v = value("doc-roc")?;
                if !matches!(v.as_str(), "skip" | "separate" | "joint") {
                    return err(format!(
                        "invalid value '{v}' for '-doc-roc' (skip, separate or joint)"
                    ));
                }
                c.doc_roc = Some(v);
            }
            "extra-arg" | "extra-arg-before" => compiler_args.push(value(key)?),
            "help" | "h" | "help-hidden" | "help-list" => c.help = true,
            "version" => c.version = true,
            "versions" => c.versions = true,
            "perl" | "python" => {
                return err(format!(
                    "'-{key}' (generating hipify-perl or a Python map) is not supported; the tables are data files: crates/hipify/data/*.tsv"
                ))
            }
            _ if IGNORED_VALUE_OPTIONS.contains(&key) => {
                value(key)?;
                note(&mut c, &format!("-{key}"));
            }
            _ if IGNORED_FLAGS.contains(&key) => note(&mut c, &format!("-{key}")),
            _ => return err(format!("Unknown command line argument '{arg}'. Try: 'hipify --help'")),
        }
    }
    // Compiler options: -D and -U decide conditional blocks; the rest is clang's business.
    let mut ci = compiler_args.iter();
    while let Some(a) = ci.next() {
        for flag in ["-D", "-U"] {
            if let Some(v) = a.strip_prefix(flag) {
                let v = if v.is_empty() {
                    ci.next().cloned().unwrap_or_default()
                } else {
                    v.to_string()
                };
                if flag == "-D" {
                    macros.define_arg(&v);
                } else {
                    macros.undef(&v);
                }
            }
        }
    }
    c.translate.macros = macros;
    if c.examine {
        c.no_output = true;
        c.print_stats = true;
    }
    if c.translate.roc {
        c.translate.miopen = true;
    }
    Ok(c)
}

/// `hipify --help`.
pub const HELP: &str = "\
USAGE: hipify [options] <source0> [... <sourceN>] [-- <compiler options>]

Translates CUDA sources (files, or folders of .cu .cuh .cpp .cxx .cc .c .h .hpp .hxx .inl files) to HIP.
Output: <source>.hip beside each source, unless -o, -o-dir, --inplace or --no-output.

OPTIONS:
  -o=<file>                     output file (one source; '-' for standard output)
  -o-dir=<dir>                  output folder
  --inplace                     overwrite the sources
  --no-output                   write no translation
  --print-stats                 print statistics (to standard error)
  --print-stats-csv             write statistics as CSV (<source>.csv, or sum_stat.csv for several)
  -o-stats=<file>               the CSV statistics file (implies --print-stats-csv)
  --examine                     --no-output and --print-stats
  --hip-kernel-execution-syntax rewrite k<<<g, b, s, st>>>(a) as hipLaunchKernelGGL(k, dim3(g), dim3(b), s, st, a)
  --cuda-kernel-execution-syntax keep the launch syntax (the default; HIP supports it)
  --roc                         translate to ROC libraries (rocBLAS, rocSPARSE, ...) where possible
  --miopen                      translate cuDNN to MIOpen
  --experimental                translate APIs HIP supports experimentally
  --skip-excluded-preprocessor-conditional-blocks, --default-preprocessor
                                leave excluded conditional blocks (#if 0, #ifdef UNDEFINED) untranslated
  --amap                        translate as much as possible (overrides the option above)
  -I <dir>, -D <macro>[=<value>], -U <macro>
                                include folders (accepted) and macros for conditional blocks
  --md, --csv                   write documentation of the tables (into -o-dir, else the current folder)
  --doc-format=full|strict|compact, --doc-roc=skip|separate|joint
  --version, --versions, --help
Accepted and ignored (clang-only): --cuda-path, --clang-resource-directory, --cuda-gpu-arch, -p, --temp-dir,
  --save-temps, --no-backup, -v, --extra-arg (its -D/-U are used).
";

/// Text for `--version`.
pub fn version_text() -> String {
    format!(
        "ferrocm hipify version {} (hipify-clang compatible; no clang or CUDA needed)\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// One input file and where a folder-relative output goes.
struct Source {
    path: PathBuf,
    /// Path below its input folder (for `-o-dir` with folders); the file name for a file input.
    rel: PathBuf,
}

fn collect(input: &Path, out: &mut Vec<Source>) -> Result<bool, CliError> {
    let meta =
        std::fs::metadata(input).map_err(|e| CliError(format!("{}: {e}", input.display())))?;
    if !meta.is_dir() {
        out.push(Source {
            path: input.to_path_buf(),
            rel: PathBuf::from(input.file_name().unwrap_or(input.as_os_str())),
        });
        return Ok(false);
    }
    let mut stack = vec![input.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        let rd =
            std::fs::read_dir(&dir).map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| SOURCE_EXTENSIONS.contains(&x))
            {
                found.push(p);
            }
        }
    }
    found.sort();
    for p in found {
        let rel = p.strip_prefix(input).unwrap_or(&p).to_path_buf();
        out.push(Source { path: p, rel });
    }
    Ok(true)
}

/// Source bytes as text: UTF-8 as it is, anything else byte for byte as Latin-1 (so every byte survives).
pub fn decode(bytes: Vec<u8>) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (e.into_bytes().iter().map(|&b| b as char).collect(), true),
    }
}

/// The inverse of [`decode`].
pub fn encode(s: &str, latin1: bool) -> Vec<u8> {
    if latin1 {
        s.chars().map(|c| c as u32 as u8).collect()
    } else {
        s.as_bytes().to_vec()
    }
}

/// Runs hipify; returns the exit status. `out` is standard output, `log` standard error.
pub fn main_with(args: &[String], out: &mut dyn Write, log: &mut dyn Write) -> i32 {
    match run(args, out, log) {
        Ok(status) => status,
        Err(e) => {
            let _ = writeln!(log, "[HIPIFY] error: {e}");
            1
        }
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
    }
    std::fs::write(path, bytes).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

fn run(args: &[String], out: &mut dyn Write, log: &mut dyn Write) -> Result<i32, CliError> {
    let c = parse(args)?;
    if c.help {
        let _ = write!(out, "{HELP}");
        return Ok(0);
    }
    if c.version || c.versions {
        let _ = write!(out, "{}", version_text());
        if c.versions {
            let _ = writeln!(
                out,
                "Tables: CUDA names up to CUDA 13, HIP names up to ROCm 7 (see crates/hipify/data)"
            );
        }
        if c.inputs.is_empty() {
            return Ok(0);
        }
    }
    for n in &c.notes {
        let _ = writeln!(log, "[HIPIFY] note: {n}");
    }
    let tables = Tables::builtin().map_err(|e| CliError(format!("bad built-in table: {e}")))?;
    if !c.md && !c.csv && (c.doc_format.is_some() || c.doc_roc.is_some()) {
        return err("Must specify a document type to generate: \"md\" and | or \"csv\"");
    }
    if c.md || c.csv {
        let dir = c.output_dir.clone().unwrap_or_else(|| PathBuf::from("."));
        let cfg = doc::DocConfig {
            format: doc::Format::parse(c.doc_format.as_deref().unwrap_or("full")),
            roc: doc::RocMode::parse(c.doc_roc.as_deref().unwrap_or("skip")),
        };
        let pages = doc::pages(tables, &cfg, c.md, c.csv);
        for (name, text) in &pages {
            write_file(&dir.join(name), text.as_bytes())?;
        }
        let _ = writeln!(
            log,
            "[HIPIFY] info: {} documentation files written to {}",
            pages.len(),
            dir.display()
        );
        if c.inputs.is_empty() {
            return Ok(0);
        }
    }
    if c.inputs.is_empty() {
        return err("Must specify at least 1 positional argument for source file");
    }
    let mut sources = Vec::new();
    let mut folders = false;
    let mut status = 0;
    for i in &c.inputs {
        match collect(i, &mut sources) {
            Ok(d) => folders |= d,
            Err(e) => {
                let _ = writeln!(log, "[HIPIFY] error: {e}");
                status = 1;
            }
        }
    }
    if c.output.is_some() {
        if sources.len() > 1 || folders {
            return err("conflict: -o and multiple source files are specified");
        }
        if c.inplace {
            return err("conflict: both -o and -inplace options are specified");
        }
        if c.no_output {
            return err("conflict: both -no-output and -o options are specified");
        }
    }
    if c.no_output && c.inplace {
        return err("conflict: both -no-output and -inplace options are specified");
    }
    if c.output_dir.is_some() && c.inplace {
        return err("conflict: both -o-dir and -inplace options are specified");
    }
    let csv_path = match (&c.stats_file, c.print_stats_csv) {
        (Some(f), _) => Some(f.clone()),
        (None, true) if sources.len() > 1 => Some(PathBuf::from("sum_stat.csv")),
        (None, true) => sources
            .first()
            .map(|s| PathBuf::from(format!("{}.csv", s.rel.display()))),
        (None, false) => None,
    };
    let csv_path = match (&c.output_dir, csv_path) {
        (Some(d), Some(p)) if p.is_relative() => Some(d.join(p)),
        (_, p) => p,
    };
    let mut csv = String::new();
    let mut all_stats: Vec<FileStats> = Vec::new();
    let mut changed = 0usize;
    let mut warnings = 0usize;
    for s in &sources {
        let shown = s.path.display().to_string();
        let bytes = match std::fs::read(&s.path) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(log, "[HIPIFY] error: {shown}: {e}");
                status = 1;
                continue;
            }
        };
        let (text, latin1) = decode(bytes);
        let t = translate(&shown, &text, tables, &c.translate);
        for d in &t.diagnostics {
            let _ = writeln!(log, "{}", d.render(&shown));
        }
        warnings += t.diagnostics.len();
        if t.output != text {
            changed += 1;
        }
        let bytes = encode(&t.output, latin1);
        if c.no_output {
        } else if c.inplace {
            if t.output != text {
                write_file(&s.path, &bytes)?;
            }
        } else if let Some(o) = &c.output {
            if o.as_os_str() == "-" {
                let _ = out.write_all(&bytes);
            } else {
                let o = match &c.output_dir {
                    Some(d) if o.is_relative() => d.join(o),
                    _ => o.clone(),
                };
                write_file(&o, &bytes)?;
            }
        } else {
            let dst = match &c.output_dir {
                Some(d) => d.join(format!("{}.hip", s.rel.display())),
                None => PathBuf::from(format!("{}.hip", s.path.display())),
            };
            write_file(&dst, &bytes)?;
        }
        if c.print_stats {
            let _ = write!(log, "{}", t.stats.to_text());
        }
        if csv_path.is_some() {
            csv.push_str(&t.stats.to_csv());
        }
        all_stats.push(t.stats);
    }
    if all_stats.len() > 1 {
        if c.print_stats {
            let _ = write!(log, "{}", stats::summary(&all_stats, false));
        }
        if csv_path.is_some() {
            csv.push_str(&stats::summary(&all_stats, true));
        }
    }
    if let Some(p) = csv_path {
        write_file(&p, csv.as_bytes())?;
    }
    if folders {
        let _ = writeln!(
            log,
            "[HIPIFY] info: {} files processed, {changed} translated, {warnings} warnings",
            all_stats.len()
        );
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Result<Cli, CliError> {
        parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn options_in_both_spellings() {
        let c = p(&[
            "-o=x.hip",
            "a.cu",
            "--print-stats",
            "-o-stats",
            "s.csv",
            "-DFOO=2",
            "-I",
            "inc",
        ])
        .unwrap();
        assert_eq!(c.output, Some(PathBuf::from("x.hip")));
        assert_eq!(c.stats_file, Some(PathBuf::from("s.csv")));
        assert!(c.print_stats);
        assert!(c.translate.macros.eval("FOO == 2"));
        let c = p(&[
            "--o-dir=out",
            "--examine",
            "a.cu",
            "--",
            "-DBAR",
            "-x",
            "cuda",
        ])
        .unwrap();
        assert_eq!(c.output_dir, Some(PathBuf::from("out")));
        assert!(c.no_output && c.print_stats);
        assert!(c.translate.macros.is_defined("BAR"));
        let c = p(&["--cuda-path=/usr/local/cuda", "-p", "build", "a.cu"]).unwrap();
        assert_eq!(c.notes.len(), 2);
        assert_eq!(c.inputs, vec![PathBuf::from("a.cu")]);
        assert_eq!(
            p(&["--bogus"]).unwrap_err().to_string(),
            "Unknown command line argument '--bogus'. Try: 'hipify --help'"
        );
    }

    #[test]
    fn latin1_round_trip() {
        let bytes = vec![b'a', 0xff, b'\n', 0xc3];
        let (s, l) = decode(bytes.clone());
        assert!(l);
        assert_eq!(encode(&s, l), bytes);
    }
}
