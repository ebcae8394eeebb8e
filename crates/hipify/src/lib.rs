//! ferrocm's `hipify`: CUDA → HIP source translation, as hipify-clang does it, with nothing to set up.
//!
//! - [`args`]: hipify-clang's argument changes for some calls (`data/arguments.tsv`).
//! - [`lexer`]: a byte-preserving lexer for C, C++ and CUDA (directives, comments, literals, `<<<`).
//! - [`tables`]: the CUDA → HIP (and ROC) name tables, read from `data/*.tsv` (compiled in).
//! - [`translate`]: one file's translation: names, includes, kernel launches, warnings, statistics.
//! - [`pp`]: conditional-block evaluation for `--skip-excluded-preprocessor-conditional-blocks`.
//! - [`stats`]: hipify-clang's `--print-stats` and `--print-stats-csv` forms.
//! - [`doc`]: Markdown/CSV pages of the tables (`hipify --md`).
//! - [`cli`]: the hipify-clang-compatible command line.
//! - [`perl`]: the hipify-perl-compatible command line (`hipify-perl foo.cu > foo.hip`).
//!
//! ```
//! let tables = hipify::Tables::builtin().unwrap();
//! let src = "#include <cuda_runtime.h>\nint main() { float *p; cudaMalloc(&p, 4); /* cudaMalloc */ }\n";
//! let t = hipify::translate("a.cu", src, tables, &hipify::Options::default());
//! assert_eq!(
//!     t.output,
//!     "#include <hip/hip_runtime.h>\nint main() { float *p; hipMalloc(&p, 4); /* cudaMalloc */ }\n"
//! );
//! ```

pub mod args;
pub mod cli;
pub mod doc;
pub mod lexer;
pub mod perl;
pub mod pp;
pub mod stats;
pub mod tables;
pub mod translate;

pub use tables::Tables;
pub use translate::{translate, Diagnostic, Options, Translation};

/// Translates CUDA source with the built-in tables and default options except those given; for callers
/// such as hipcc that translate in-process.
pub fn translate_source(
    name: &str,
    src: &str,
    opts: &Options,
) -> Result<Translation, tables::TableError> {
    let tables = Tables::builtin()?;
    Ok(translate(name, src, tables, opts))
}
