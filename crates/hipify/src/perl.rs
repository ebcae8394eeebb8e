//! The `hipify-perl` command line: the same translator as `hipify` (see [`crate::translate`]) behind the
//! options of ROCm's generated hipify-perl script, for Makefiles and scripts that call it by that name:
//!
//! ```sh
//! hipify-perl foo.cu > foo.hip            # standard output by default
//! hipify-perl -inplace a.cu b.cu          # a.cu.prehip, b.cu.prehip keep the originals
//! hipify-perl -o=foo.hip foo.cu -print-stats
//! ```
//!
//! Options are parsed as Perl's Getopt::Long does: one or two dashes, `-opt=value` or `-opt value`, and any
//! unambiguous prefix of an option's name. Statistics and warnings go to standard error.

use crate::cli::{decode, encode, CliError};
use crate::stats::FileStats;
use crate::tables::{Tables, CONV_TYPES};
use crate::translate::{translate, Options};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The parsed hipify-perl command line.
#[derive(Debug, Clone, Default)]
pub struct PerlCli {
    pub inputs: Vec<PathBuf>,
    /// `-o=FILE`: every translation goes there, in input order (default: standard output).
    pub output: Option<PathBuf>,
    /// `-inplace`: the input is backed up as `FILE.prehip` and overwritten.
    pub inplace: bool,
    pub no_output: bool,
    pub print_stats: bool,
    pub quiet_warnings: bool,
    /// `-exclude-dirs=a,b`: inputs lying directly in these folders are skipped.
    pub exclude_dirs: Vec<PathBuf>,
    /// `-exclude-files=a,b`: inputs named exactly so on the command line are skipped.
    pub exclude_files: Vec<String>,
    /// `-whitelist=a,b`: identifiers never warned about.
    pub whitelist: Vec<String>,
    pub translate: Options,
    pub help: bool,
    pub version: bool,
}

/// hipify-perl's options: (name, takes a value).
const OPTIONS: &[(&str, bool)] = &[
    ("cuda-kernel-execution-syntax", false),
    ("examine", false),
    ("exclude-dirs", true),
    ("exclude-files", true),
    ("experimental", false),
    ("help", false),
    ("hip-kernel-execution-syntax", false),
    ("inplace", false),
    ("no-output", false),
    ("o", true),
    ("print-stats", false),
    ("quiet-warnings", false),
    ("roc", false),
    ("version", false),
    ("whitelist", true),
];

/// The option `key` names: itself, or the one option it is a prefix of (Getopt::Long's abbreviations).
fn resolve(key: &str) -> Result<(&'static str, bool), CliError> {
    if let Some(&o) = OPTIONS.iter().find(|(n, _)| *n == key) {
        return Ok(o);
    }
    let matches: Vec<_> = OPTIONS.iter().filter(|(n, _)| n.starts_with(key)).collect();
    match matches.as_slice() {
        [one] => Ok(**one),
        [] => Err(CliError(format!(
            "Unknown option: {key} (see 'hipify-perl -help')"
        ))),
        many => Err(CliError(format!(
            "Option {key} is ambiguous ({})",
            many.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        ))),
    }
}

fn list(v: &str) -> impl Iterator<Item = String> + '_ {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
}

/// Parses hipify-perl's arguments (without the program name).
pub fn parse(args: &[String]) -> Result<PerlCli, CliError> {
    let mut c = PerlCli::default();
    let mut examine = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "--" {
            c.inputs.extend(it.by_ref().map(PathBuf::from));
            break;
        }
        if !arg.starts_with('-') || arg == "-" {
            c.inputs.push(PathBuf::from(arg));
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        let (key, inline) = match body.split_once('=') {
            Some((k, v)) => (k, Some(v.to_string())),
            None => (body, None),
        };
        let (name, takes_value) = resolve(key)?;
        let value = if takes_value {
            match inline {
                Some(v) => v,
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| CliError(format!("Option {name} requires an argument")))?,
            }
        } else if inline.is_some() {
            return Err(CliError(format!("Option {name} does not take an argument")));
        } else {
            String::new()
        };
        match name {
            "cuda-kernel-execution-syntax" => {}
            "examine" => examine = true,
            "exclude-dirs" => c.exclude_dirs.extend(list(&value).map(PathBuf::from)),
            "exclude-files" => c.exclude_files.extend(list(&value)),
            "experimental" => c.translate.experimental = true,
            "help" => c.help = true,
            "hip-kernel-execution-syntax" => c.translate.hip_kernel_execution_syntax = true,
            "inplace" => c.inplace = true,
            "no-output" => c.no_output = true,
            "o" => c.output = Some(PathBuf::from(value)),
            "print-stats" => c.print_stats = true,
            "quiet-warnings" => c.quiet_warnings = true,
            "roc" => {
                c.translate.roc = true;
                c.translate.miopen = true;
            }
            "version" => c.version = true,
            "whitelist" => c.whitelist.extend(list(&value)),
            _ => return Err(CliError(format!("Unknown option: {name}"))),
        }
    }
    if examine {
        c.no_output = true;
        c.print_stats = true;
    }
    if c.inplace && c.output.is_some() {
        return Err(CliError(
            "conflict: both -o and -inplace options are specified".into(),
        ));
    }
    Ok(c)
}

/// `hipify-perl -help`.
pub const HELP: &str = "\
hipify-perl translates CUDA source code into portable HIP C++ (ferrocm: the same translator as hipify)

USAGE: hipify-perl [OPTIONS] INPUT_FILE...

OPTIONS:
  -cuda-kernel-execution-syntax - Keep CUDA kernel launch syntax (default)
  -examine                      - Combines -no-output and -print-stats options
  -exclude-dirs=s               - Exclude directories (comma-separated)
  -exclude-files=s              - Exclude files (comma-separated)
  -experimental                 - HIPIFY experimentally supported APIs
  -help                         - Display available options
  -hip-kernel-execution-syntax  - Transform CUDA kernel launch syntax to a regular HIP function call
  -inplace                      - Backup the input file in .prehip file, modify the input file inplace
  -no-output                    - Don't write any translated output to stdout
  -o=s                          - Output filename (several inputs: their translations, one after another)
  -print-stats                  - Print translation statistics
  -quiet-warnings               - Don't print warnings on unknown CUDA identifiers
  -roc                          - Translate to roc instead of hip where it is possible
  -version                      - The supported HIP version
  -whitelist=s                  - Whitelist of identifiers (comma-separated), never warned about
";

/// Runs hipify-perl; returns the exit status. `out` is standard output, `log` standard error.
pub fn main_with(args: &[String], out: &mut dyn Write, log: &mut dyn Write) -> i32 {
    match run(args, out, log) {
        Ok(status) => status,
        Err(e) => {
            let _ = writeln!(log, "hipify-perl: error: {e}");
            1
        }
    }
}

/// The statistics hipify-perl prints for one file (or, `TOTAL-`, for all): the references by type, then
/// each name it converted to, most used first.
fn stats_text(
    tables: &Tables,
    label: &str,
    s: &FileStats,
    warnings: usize,
    file: Option<&str>,
) -> String {
    let mut t = format!(
        "  info: {label}converted {} CUDA->HIP refs ( ",
        s.converted.total()
    );
    for (i, name) in CONV_TYPES.iter().enumerate() {
        let n = u8::try_from(i)
            .ok()
            .and_then(|k| s.converted.by_conv.get(&k))
            .copied()
            .unwrap_or(0);
        t.push_str(&format!("{name}:{n} "));
    }
    t.push_str(&format!(")\n  warn:{warnings} LOC:{}", s.total_lines));
    if let Some(f) = file {
        t.push_str(&format!(" in '{f}'"));
    }
    t.push('\n');
    let mut by_target: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    for (cuda, n) in &s.converted.by_name {
        let target = tables
            .lookup(cuda)
            .and_then(|e| e.hip.as_deref())
            .or_else(|| tables.header(cuda).and_then(|h| h.hip.as_deref()))
            .unwrap_or(cuda);
        *by_target.entry(target).or_default() += n;
    }
    let mut names: Vec<(&str, u64)> = by_target.into_iter().collect();
    names.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (n, c) in names {
        t.push_str(&format!("  {n} {c}\n"));
    }
    t
}

/// Whether `path` lies directly in one of the excluded folders.
fn in_excluded_dir(path: &Path, dirs: &[PathBuf]) -> Option<PathBuf> {
    let real = std::fs::canonicalize(path).ok()?;
    let parent = real.parent()?;
    dirs.iter()
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .find(|d| d == parent)
}

fn io(path: &Path, e: std::io::Error) -> CliError {
    CliError(format!("{}: {e}", path.display()))
}

fn run(args: &[String], out: &mut dyn Write, log: &mut dyn Write) -> Result<i32, CliError> {
    let c = parse(args)?;
    if c.help {
        let _ = write!(log, "{HELP}");
    }
    if c.version {
        let _ = writeln!(
            log,
            "ferrocm hipify-perl {} (HIP names up to ROCm 7)",
            env!("CARGO_PKG_VERSION")
        );
    }
    if c.inputs.is_empty() {
        if c.help || c.version {
            return Ok(0);
        }
        return Err(CliError(
            "no input files (usage: hipify-perl [OPTIONS] INPUT_FILE...)".into(),
        ));
    }
    let tables = Tables::builtin().map_err(|e| CliError(format!("bad built-in table: {e}")))?;
    let mut file_out = match (&c.output, c.no_output) {
        (Some(o), false) => Some(std::fs::File::create(o).map_err(|e| io(o, e))?),
        _ => None,
    };
    let mut total = FileStats::default();
    let mut total_warnings = 0;
    let mut processed = 0;
    let mut status = 0;
    for path in &c.inputs {
        let shown = path.display().to_string();
        if let Some(d) = in_excluded_dir(path, &c.exclude_dirs) {
            let _ = writeln!(
                log,
                "Skipping the file: {shown} in the excluded directory: {}",
                d.display()
            );
            continue;
        }
        if c.exclude_files.contains(&shown) {
            let _ = writeln!(log, "Skipping the excluded file: {shown}");
            continue;
        }
        if path.is_dir() {
            let _ = writeln!(
                log,
                "hipify-perl: error: {shown} is a folder (hipify-perl translates files; `hipify DIR` translates folders)"
            );
            status = 1;
            continue;
        }
        // In place: the original is kept as FILE.prehip, and a later run translates from it again.
        let prehip = PathBuf::from(format!("{shown}.prehip"));
        let source = if c.inplace && prehip.exists() {
            &prehip
        } else {
            path
        };
        let bytes = match std::fs::read(source) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(
                    log,
                    "hipify-perl: error: could not open {}: {e}",
                    source.display()
                );
                status = 1;
                continue;
            }
        };
        let (text, latin1) = decode(bytes);
        let t = translate(&shown, &text, tables, &c.translate);
        let warnings: Vec<_> = t
            .diagnostics
            .iter()
            .filter(|d| {
                !c.whitelist
                    .iter()
                    .any(|w| d.message.contains(&format!("'{w}'")))
            })
            .collect();
        if !c.quiet_warnings {
            for d in &warnings {
                let _ = writeln!(
                    log,
                    "  warning: {shown}:{}:{}: {}",
                    d.line, d.col, d.message
                );
            }
        }
        let translated = encode(&t.output, latin1);
        if c.no_output {
        } else if c.inplace {
            if !prehip.exists() {
                std::fs::copy(path, &prehip).map_err(|e| io(&prehip, e))?;
            }
            std::fs::write(path, &translated).map_err(|e| io(path, e))?;
        } else if let (Some(f), Some(o)) = (file_out.as_mut(), &c.output) {
            f.write_all(&translated).map_err(|e| io(o, e))?;
        } else {
            out.write_all(&translated)
                .map_err(|e| CliError(format!("standard output: {e}")))?;
        }
        if c.print_stats && (t.stats.converted.total() > 0 || !warnings.is_empty()) {
            let _ = write!(
                log,
                "{}",
                stats_text(tables, "", &t.stats, warnings.len(), Some(&shown))
            );
        }
        total.add(&t.stats);
        total_warnings += warnings.len();
        processed += 1;
    }
    if c.print_stats && processed > 1 {
        let _ = writeln!(
            log,
            "{}",
            stats_text(tables, "TOTAL-", &total, total_warnings, None)
        );
    }
    let _ = out.flush();
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Result<PerlCli, CliError> {
        parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn getopt_spellings() {
        let c = p(&[
            "-inplace",
            "--print-stats",
            "-o",
            "x.hip",
            "a.cu",
            "-whitelist=cudaFoo,cudaBar",
            "--exclude-files",
            "b.cu",
        ]);
        let e = c.unwrap_err();
        assert_eq!(
            e.to_string(),
            "conflict: both -o and -inplace options are specified"
        );
        let c = p(&[
            "-print",
            "-o=x.hip",
            "a.cu",
            "-whitelist=cudaFoo,cudaBar",
            "b.cu",
            "-quiet",
            "-hip-kernel",
        ])
        .unwrap();
        assert!(c.print_stats && c.quiet_warnings && c.translate.hip_kernel_execution_syntax);
        assert_eq!(c.output, Some(PathBuf::from("x.hip")));
        assert_eq!(c.whitelist, ["cudaFoo", "cudaBar"]);
        assert_eq!(c.inputs, [PathBuf::from("a.cu"), PathBuf::from("b.cu")]);
        let c = p(&["-examine", "a.cu"]).unwrap();
        assert!(c.no_output && c.print_stats);
        assert_eq!(
            p(&["-e", "a.cu"]).unwrap_err().to_string(),
            "Option e is ambiguous (examine, exclude-dirs, exclude-files, experimental)"
        );
        assert_eq!(
            p(&["-bogus"]).unwrap_err().to_string(),
            "Unknown option: bogus (see 'hipify-perl -help')"
        );
        assert_eq!(
            p(&["a.cu", "-o"]).unwrap_err().to_string(),
            "Option o requires an argument"
        );
    }

    #[test]
    fn translates_to_stdout_with_stats_on_stderr() {
        let dir = std::env::temp_dir().join(format!("hipify-perl-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("k.cu");
        std::fs::write(
            &f,
            "int main() { float *p; cudaMalloc(&p, 4); cudaFree(p); }\n",
        )
        .unwrap();
        let (mut out, mut log) = (Vec::new(), Vec::new());
        let args = vec![f.display().to_string(), "-print-stats".to_string()];
        assert_eq!(main_with(&args, &mut out, &mut log), 0);
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("hipMalloc(&p, 4); hipFree(p);"), "{out}");
        let log = String::from_utf8(log).unwrap();
        assert!(
            log.contains("  info: converted 2 CUDA->HIP refs ( error:0 "),
            "{log}"
        );
        assert!(log.contains(" memory:2 "), "{log}");
        assert!(log.contains("  warn:0 LOC:1 in '"), "{log}");
        assert!(log.contains("\n  hipFree 1\n  hipMalloc 1\n"), "{log}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
