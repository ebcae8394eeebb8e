//! The CUDA → HIP mapping tables, read from the data files in `crates/hipify/data/`.
//!
//! # Data format (ferrocm's own)
//! One file per API family. Lines starting with `#` are comments; blank lines are ignored.
//!
//! ```text
//! @family runtime                 the family's id (the file's name, without .tsv)
//! @title CUDA Runtime API         shown in documentation pages
//! @api runtime                    the API group for statistics (see [`Api`])
//! @target HIP                     what an unsupported name is unsupported in, for warnings
//! @roc ROC                        optional: the family has names of a ROC library (used with --roc)
//! @miopen                         optional: the ROC column holds MIOpen names (used with --miopen/--roc)
//! @prefix cuda hip                `=` in the HIP column: the CUDA name with the first matching prefix
//!                                 replaced (several @prefix lines are tried in order; none: the same name)
//! @section memory Memory Management    a section: its conversion type (see [`CONV_TYPES`]) and title;
//!                                 `@section call device_function Device Functions` makes the names of the
//!                                 section match only where they are called (`name(`)
//! cudaMalloc = ha=1.5.0
//! cudaMallocAsync = ca=11.2 ha=5.2.0
//! cudaDeviceFlushGPUDirectRDMAWrites - ca=11.3
//! cublasSgemm = roc=rocblas_sgemm ha=1.8.2 ra=1.5.0
//! ```
//!
//! A row is the CUDA name, the HIP name (`=` derived by the prefixes, `-` none: unsupported in HIP), then
//! `key=value` flags: `roc=` the ROC (or MIOpen) name; versions `ca cd cc cr` (CUDA added, deprecated,
//! changed, removed), `ha hd hc hr he` (HIP added, deprecated, changed, removed, experimental since),
//! `ra rd rc rr re` (the same for ROC), `cu` (unsupported for CUDA versions from); `v2` (cuBLAS: only the
//! `_v2` form is supported); `t=` the row's own conversion type where it is not its section's (enum
//! values are `t=numeric_literal`, macros `t=define`, as hipify-clang counts them).
//!
//! The header map (`headers.tsv`) has rows `cuda_header hip_header [api=FAMILY] [main|main_v2]
//! [roc=header] [unsupported]`; a HIP header `-` means the include is removed.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// Conversion types, in hipify-clang's statistics order.
pub const CONV_TYPES: &[&str] = &[
    "error",
    "init",
    "version",
    "device",
    "context",
    "module",
    "library",
    "memory",
    "virtual_memory",
    "addressing",
    "ordered_memory",
    "multicast",
    "unified",
    "stream",
    "event",
    "external_resource_interop",
    "stream_memory",
    "execution",
    "callback",
    "graph",
    "occupancy",
    "texture",
    "surface",
    "tensor",
    "peer",
    "graphics",
    "driver_entry_point",
    "cpp",
    "coredump",
    "driver_interact",
    "profiler",
    "openGL",
    "D3D9",
    "D3D10",
    "D3D11",
    "VDPAU",
    "EGL",
    "thread",
    "complex",
    "library_function",
    "device_library",
    "device_function",
    "device_type",
    "include",
    "include_cuda_main_header",
    "include_cuda_main_header_v2",
    "type",
    "literal",
    "numeric_literal",
    "define",
    "extern_shared",
    "kernel_launch",
];

/// Index of a conversion type in [`CONV_TYPES`].
pub fn conv_index(name: &str) -> Option<u8> {
    CONV_TYPES.iter().position(|c| *c == name).map(|i| i as u8)
}

/// The API groups statistics are counted by (hipify-clang's "refs by API").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Api {
    Driver,
    Runtime,
    Complex,
    Blas,
    Rand,
    Dnn,
    Fft,
    Sparse,
    Solver,
    Cub,
    Rtc,
}

impl Api {
    pub const ALL: [Api; 11] = [
        Api::Driver,
        Api::Runtime,
        Api::Complex,
        Api::Blas,
        Api::Rand,
        Api::Dnn,
        Api::Fft,
        Api::Sparse,
        Api::Solver,
        Api::Cub,
        Api::Rtc,
    ];

    /// The name statistics print.
    pub fn title(self) -> &'static str {
        match self {
            Api::Driver => "CUDA Driver API",
            Api::Runtime => "CUDA RT API",
            Api::Complex => "cuComplex API",
            Api::Blas => "cuBLAS API",
            Api::Rand => "cuRAND API",
            Api::Dnn => "cuDNN API",
            Api::Fft => "cuFFT API",
            Api::Sparse => "cuSPARSE API",
            Api::Solver => "cuSOLVER API",
            Api::Cub => "CUB API",
            Api::Rtc => "CUDA RTC API",
        }
    }

    fn from_id(id: &str) -> Option<Api> {
        Some(match id {
            "driver" => Api::Driver,
            "runtime" | "device" => Api::Runtime,
            "complex" => Api::Complex,
            "blas" => Api::Blas,
            "rand" => Api::Rand,
            "dnn" => Api::Dnn,
            "fft" => Api::Fft,
            "sparse" => Api::Sparse,
            "solver" => Api::Solver,
            "cub" => Api::Cub,
            "rtc" => Api::Rtc,
            _ => return None,
        })
    }
}

/// Version numbers of one name: when it was added, deprecated, changed and removed, and in HIP/ROC since
/// when it is experimental. Empty strings where the table says nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Versions {
    pub added: String,
    pub deprecated: String,
    pub changed: String,
    pub removed: String,
    pub experimental: String,
}

/// One CUDA name and what it becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub cuda: String,
    /// `None`: unsupported in HIP.
    pub hip: Option<String>,
    /// The ROC (or MIOpen) name, where the family has them.
    pub roc: Option<String>,
    /// Index into [`Tables::families`].
    pub family: u16,
    /// Index into the family's sections.
    pub section: u16,
    /// Index into [`CONV_TYPES`].
    pub conv: u8,
    pub cuda_versions: Versions,
    pub hip_versions: Versions,
    pub roc_versions: Versions,
    /// Unsupported for CUDA versions from this one on (`U` in ROCm's tables).
    pub cuda_unsupported_from: String,
    /// Only matched where called (`name(`): device functions.
    pub call_only: bool,
    /// cuBLAS: only the `_v2` form of this name is supported.
    pub v2_only: bool,
}

impl Entry {
    pub fn is_cuda_deprecated(&self) -> bool {
        !self.cuda_versions.deprecated.is_empty()
    }
    pub fn is_cuda_removed(&self) -> bool {
        !self.cuda_versions.removed.is_empty()
    }
    pub fn is_hip_experimental(&self) -> bool {
        !self.hip_versions.experimental.is_empty()
    }
    pub fn is_roc_experimental(&self) -> bool {
        !self.roc_versions.experimental.is_empty()
    }
}

/// A section of a family's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub conv: u8,
    pub call_only: bool,
}

/// One API family (one data file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    pub id: String,
    pub title: String,
    pub api: Api,
    /// What names are unsupported in ("HIP").
    pub target: String,
    /// The ROC library's label ("ROC", "MIOPEN"), where the family has ROC names.
    pub roc_target: Option<String>,
    /// The ROC column holds MIOpen names (translated with `--miopen` or `--roc`).
    pub miopen: bool,
    pub sections: Vec<Section>,
    prefixes: Vec<(String, String)>,
}

/// A CUDA header and its HIP replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub cuda: String,
    /// `None`: the include is removed.
    pub hip: Option<String>,
    pub roc: Option<String>,
    pub api: Api,
    /// The family id the header belongs to (`runtime`, `blas`...).
    pub group: String,
    /// The family's main header (`cuda_runtime.h`, `cublas.h`...): included at most once.
    pub main: bool,
    /// The `_v2` main header (`cublas_v2.h`, `cusparse_v2.h`).
    pub main_v2: bool,
    pub unsupported: bool,
}

/// An error in a data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// FNV-1a: identifiers are short, and this is the hot lookup of the translator.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// All tables.
#[derive(Debug, Clone)]
pub struct Tables {
    pub families: Vec<Family>,
    pub entries: Vec<Entry>,
    pub headers: Vec<Header>,
    index: FastMap<String, u32>,
    header_index: FastMap<String, u32>,
    /// First bytes any CUDA name starts with: a quick filter before hashing.
    first_bytes: [bool; 256],
}

/// The data files compiled into the crate, in lookup-priority order.
pub const DATA_FILES: &[(&str, &str)] = &[
    ("runtime", include_str!("../data/runtime.tsv")),
    ("driver", include_str!("../data/driver.tsv")),
    ("device", include_str!("../data/device.tsv")),
    ("complex", include_str!("../data/complex.tsv")),
    ("blas", include_str!("../data/blas.tsv")),
    ("rand", include_str!("../data/rand.tsv")),
    ("fft", include_str!("../data/fft.tsv")),
    ("sparse", include_str!("../data/sparse.tsv")),
    ("solver", include_str!("../data/solver.tsv")),
    ("dnn", include_str!("../data/dnn.tsv")),
    ("rtc", include_str!("../data/rtc.tsv")),
    ("cub", include_str!("../data/cub.tsv")),
];

/// The header map data file.
pub const HEADERS_FILE: &str = include_str!("../data/headers.tsv");

impl Tables {
    /// The tables compiled into the crate (parsed once).
    pub fn builtin() -> Result<&'static Tables, TableError> {
        static T: OnceLock<Result<Tables, TableError>> = OnceLock::new();
        T.get_or_init(|| Tables::parse(DATA_FILES, HEADERS_FILE))
            .as_ref()
            .map_err(|e| e.clone())
    }

    /// Parses data files (`(name, text)` pairs) and a header map.
    pub fn parse(files: &[(&str, &str)], headers: &str) -> Result<Tables, TableError> {
        let mut t = Tables {
            families: Vec::new(),
            entries: Vec::new(),
            headers: Vec::new(),
            index: FastMap::default(),
            header_index: FastMap::default(),
            first_bytes: [false; 256],
        };
        for (name, text) in files {
            t.parse_family(name, text)?;
        }
        t.parse_headers(headers)?;
        Ok(t)
    }

    fn parse_family(&mut self, file: &str, text: &str) -> Result<(), TableError> {
        let err = |line: usize, message: String| TableError {
            file: format!("{file}.tsv"),
            line,
            message,
        };
        let fam_idx = self.families.len() as u16;
        let mut fam = Family {
            id: file.to_string(),
            title: file.to_string(),
            api: Api::Runtime,
            target: "HIP".into(),
            roc_target: None,
            miopen: false,
            sections: Vec::new(),
            prefixes: Vec::new(),
        };
        for (n, raw) in text.lines().enumerate() {
            let line_no = n + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix('@') {
                let (key, val) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let val = val.trim();
                match key {
                    "family" => fam.id = val.to_string(),
                    "title" => fam.title = val.to_string(),
                    "api" => {
                        fam.api = Api::from_id(val)
                            .ok_or_else(|| err(line_no, format!("unknown API '{val}'")))?
                    }
                    "target" => fam.target = val.to_string(),
                    "roc" => fam.roc_target = Some(val.to_string()),
                    "miopen" => fam.miopen = true,
                    "prefix" => {
                        let mut w = val.split_whitespace();
                        match (w.next(), w.next()) {
                            (Some(a), Some(b)) => fam.prefixes.push((a.to_string(), b.to_string())),
                            _ => return Err(err(line_no, "@prefix needs two words".into())),
                        }
                    }
                    "section" => {
                        let (call_only, val) = match val.strip_prefix("call ") {
                            Some(v) => (true, v.trim()),
                            None => (false, val),
                        };
                        let (conv, title) =
                            val.split_once(char::is_whitespace).unwrap_or((val, ""));
                        let conv = conv_index(conv).ok_or_else(|| {
                            err(line_no, format!("unknown conversion type '{conv}'"))
                        })?;
                        fam.sections.push(Section {
                            title: title.trim().to_string(),
                            conv,
                            call_only,
                        });
                    }
                    _ => return Err(err(line_no, format!("unknown directive '@{key}'"))),
                }
                continue;
            }
            let Some(section) = fam.sections.len().checked_sub(1) else {
                return Err(err(line_no, "a row before any @section".into()));
            };
            let mut words = line.split_whitespace();
            let cuda = words.next().unwrap_or_default().to_string();
            let hip_col = words
                .next()
                .ok_or_else(|| err(line_no, format!("'{cuda}' has no HIP column")))?;
            let hip = match hip_col {
                "-" => None,
                "=" => Some(fam.derive(&cuda)),
                h => Some(h.to_string()),
            };
            let sec = &fam.sections[section];
            let mut e = Entry {
                cuda,
                hip,
                roc: None,
                family: fam_idx,
                section: section as u16,
                conv: sec.conv,
                cuda_versions: Versions::default(),
                hip_versions: Versions::default(),
                roc_versions: Versions::default(),
                cuda_unsupported_from: String::new(),
                call_only: sec.call_only,
                v2_only: false,
            };
            for w in words {
                if w == "v2" {
                    e.v2_only = true;
                    continue;
                }
                let (k, v) = w
                    .split_once('=')
                    .ok_or_else(|| err(line_no, format!("flag '{w}' is not key=value")))?;
                let v = v.to_string();
                match k {
                    "roc" => e.roc = if v == "-" { None } else { Some(v) },
                    "ca" => e.cuda_versions.added = v,
                    "cd" => e.cuda_versions.deprecated = v,
                    "cc" => e.cuda_versions.changed = v,
                    "cr" => e.cuda_versions.removed = v,
                    "cu" => e.cuda_unsupported_from = v,
                    "ha" => e.hip_versions.added = v,
                    "hd" => e.hip_versions.deprecated = v,
                    "hc" => e.hip_versions.changed = v,
                    "hr" => e.hip_versions.removed = v,
                    "he" => e.hip_versions.experimental = v,
                    "ra" => e.roc_versions.added = v,
                    "rd" => e.roc_versions.deprecated = v,
                    "rc" => e.roc_versions.changed = v,
                    "rr" => e.roc_versions.removed = v,
                    "re" => e.roc_versions.experimental = v,
                    "t" => {
                        e.conv = conv_index(&v)
                            .ok_or_else(|| err(line_no, format!("unknown conversion type '{v}'")))?
                    }
                    _ => return Err(err(line_no, format!("unknown flag '{k}'"))),
                }
            }
            if self.index.contains_key(&e.cuda) {
                return Err(err(line_no, format!("'{}' is listed twice", e.cuda)));
            }
            self.first_bytes[e.cuda.as_bytes()[0] as usize] = true;
            self.index.insert(e.cuda.clone(), self.entries.len() as u32);
            self.entries.push(e);
        }
        self.families.push(fam);
        Ok(())
    }

    fn parse_headers(&mut self, text: &str) -> Result<(), TableError> {
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |message: String| TableError {
                file: "headers.tsv".into(),
                line: n + 1,
                message,
            };
            let mut words = line.split_whitespace();
            let cuda = words.next().unwrap_or_default().to_string();
            let hip = match words.next() {
                Some("-") => None,
                Some(h) => Some(h.to_string()),
                None => return Err(err(format!("'{cuda}' has no HIP header"))),
            };
            let mut h = Header {
                cuda,
                hip,
                roc: None,
                api: Api::Runtime,
                group: "runtime".into(),
                main: false,
                main_v2: false,
                unsupported: false,
            };
            for w in words {
                match w.split_once('=') {
                    Some(("api", v)) => {
                        h.api = Api::from_id(v).ok_or_else(|| err(format!("unknown API '{v}'")))?;
                        h.group = v.to_string();
                    }
                    Some(("roc", v)) => h.roc = Some(v.to_string()),
                    None if w == "main" => h.main = true,
                    None if w == "main_v2" => h.main_v2 = true,
                    None if w == "unsupported" => h.unsupported = true,
                    _ => return Err(err(format!("unknown flag '{w}'"))),
                }
            }
            if self.header_index.contains_key(&h.cuda) {
                return Err(err(format!("header '{}' is listed twice", h.cuda)));
            }
            self.header_index
                .insert(h.cuda.clone(), self.headers.len() as u32);
            self.headers.push(h);
        }
        Ok(())
    }

    /// The entry for a CUDA name.
    #[inline]
    pub fn lookup(&self, name: &str) -> Option<&Entry> {
        let b = *name.as_bytes().first()?;
        if !self.first_bytes[b as usize] {
            return None;
        }
        self.index.get(name).map(|&i| &self.entries[i as usize])
    }

    /// The header map entry for an included file name.
    pub fn header(&self, name: &str) -> Option<&Header> {
        self.header_index
            .get(name)
            .map(|&i| &self.headers[i as usize])
    }

    pub fn family(&self, e: &Entry) -> &Family {
        &self.families[e.family as usize]
    }

    /// The family with id `id`.
    pub fn family_by_id(&self, id: &str) -> Option<(usize, &Family)> {
        self.families.iter().enumerate().find(|(_, f)| f.id == id)
    }

    /// The entries of family `idx`, in table order.
    pub fn entries_of(&self, idx: usize) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .filter(move |e| e.family as usize == idx)
    }
}

impl Family {
    /// The HIP name `=` stands for.
    fn derive(&self, cuda: &str) -> String {
        for (from, to) in &self.prefixes {
            if let Some(rest) = cuda.strip_prefix(from.as_str()) {
                return format!("{to}{rest}");
            }
        }
        cuda.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_tables_parse_without_duplicates() {
        let t = Tables::builtin().expect("builtin tables");
        assert!(t.entries.len() > 500, "{} entries", t.entries.len());
        let m = t.lookup("cudaMalloc").expect("cudaMalloc");
        assert_eq!(m.hip.as_deref(), Some("hipMalloc"));
        assert_eq!(
            t.lookup("cudaMallocHost").and_then(|e| e.hip.as_deref()),
            Some("hipHostMalloc")
        );
        assert_eq!(
            t.header("cuda_runtime.h").and_then(|h| h.hip.as_deref()),
            Some("hip/hip_runtime.h")
        );
        for f in &t.families {
            assert!(!f.sections.is_empty(), "{} has no sections", f.id);
        }
    }

    #[test]
    fn rows_and_flags_parse() {
        let fam = "@family x\n@api blas\n@roc ROC\n@prefix cublas hipblas\n@section library Functions\n\
                   cublasSgemm = roc=rocblas_sgemm ha=1.8.2 cd=11.0 he=6.0.0\ncublasFoo - ca=12.0\n";
        let t = Tables::parse(
            &[("x", fam)],
            "cublas.h hipblas.h api=blas main roc=rocblas.h\n",
        )
        .unwrap();
        let e = t.lookup("cublasSgemm").unwrap();
        assert_eq!(e.hip.as_deref(), Some("hipblasSgemm"));
        assert_eq!(e.roc.as_deref(), Some("rocblas_sgemm"));
        assert!(e.is_cuda_deprecated() && e.is_hip_experimental());
        assert_eq!(t.lookup("cublasFoo").unwrap().hip, None);
        assert!(t.header("cublas.h").unwrap().main);
        let bad = Tables::parse(&[("x", "@section nope X\n")], "").unwrap_err();
        assert_eq!(bad.to_string(), "x.tsv:1: unknown conversion type 'nope'");
        let dup = Tables::parse(&[("x", "@section type T\na =\na =\n")], "").unwrap_err();
        assert_eq!(dup.to_string(), "x.tsv:3: 'a' is listed twice");
    }
}
