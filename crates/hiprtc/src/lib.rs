//! hipRTC for ferrocm, Rust API: compile HIP source strings at run time.
//!
//! A [`Program`] holds one source string and its in-memory headers; [`Program::compile`]
//! checks the options the way hipRTC does, then hands everything to `comgr`, which runs clang-19
//! with ferrocm's device headers and lowers the kernels to native CPU code. [`Program::code`]
//! gives the result as a serialized [`kernel_abi::CodeObject`], the form `hipModuleLoadData`
//! takes.
//!
//! ```no_run
//! let mut prog = hiprtc::Program::new(
//!     "#include \"scale.h\"\n__global__ void k(float *x) { x[threadIdx.x] *= SCALE; }",
//!     Some("k.hip"),
//!     &[("scale.h", "#define SCALE 2.0f\n")],
//! )?;
//! prog.compile(&["-O3", "--offload-arch=gfx90a"])?;
//! let code_object: Vec<u8> = prog.code()?;
//! # Ok::<(), hiprtc::RtcError>(())
//! ```
//!
//! The C ABI (`libhiprtc.so`) is a thin crate over this one; the numbers of [`HiprtcResult`]
//! are ROCm's.

use kernel_abi::CodeObject;

/// hipRTC status codes, with ROCm's `hiprtcResult` numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum HiprtcResult {
    Success = 0,
    ErrorOutOfMemory = 1,
    ErrorProgramCreationFailure = 2,
    ErrorInvalidInput = 3,
    ErrorInvalidProgram = 4,
    ErrorInvalidOption = 5,
    ErrorCompilation = 6,
    ErrorBuiltinOperationFailure = 7,
    ErrorNoNameExpressionsAfterCompilation = 8,
    ErrorNoLoweredNamesBeforeCompilation = 9,
    ErrorNameExpressionNotValid = 10,
    ErrorInternalError = 11,
    ErrorLinking = 100,
}

impl HiprtcResult {
    /// The name `hiprtcGetErrorString` gives for this code.
    pub fn name(self) -> &'static str {
        match self {
            HiprtcResult::Success => "HIPRTC_SUCCESS",
            HiprtcResult::ErrorOutOfMemory => "HIPRTC_ERROR_OUT_OF_MEMORY",
            HiprtcResult::ErrorProgramCreationFailure => "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
            HiprtcResult::ErrorInvalidInput => "HIPRTC_ERROR_INVALID_INPUT",
            HiprtcResult::ErrorInvalidProgram => "HIPRTC_ERROR_INVALID_PROGRAM",
            HiprtcResult::ErrorInvalidOption => "HIPRTC_ERROR_INVALID_OPTION",
            HiprtcResult::ErrorCompilation => "HIPRTC_ERROR_COMPILATION",
            HiprtcResult::ErrorBuiltinOperationFailure => "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE",
            HiprtcResult::ErrorNoNameExpressionsAfterCompilation => {
                "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION"
            }
            HiprtcResult::ErrorNoLoweredNamesBeforeCompilation => {
                "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION"
            }
            HiprtcResult::ErrorNameExpressionNotValid => "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
            HiprtcResult::ErrorInternalError => "HIPRTC_ERROR_INTERNAL_ERROR",
            HiprtcResult::ErrorLinking => "HIPRTC_ERROR_LINKING",
        }
    }

    /// The code with this number, if there is one.
    pub fn from_i32(code: i32) -> Option<HiprtcResult> {
        use HiprtcResult::*;
        [
            Success,
            ErrorOutOfMemory,
            ErrorProgramCreationFailure,
            ErrorInvalidInput,
            ErrorInvalidProgram,
            ErrorInvalidOption,
            ErrorCompilation,
            ErrorBuiltinOperationFailure,
            ErrorNoNameExpressionsAfterCompilation,
            ErrorNoLoweredNamesBeforeCompilation,
            ErrorNameExpressionNotValid,
            ErrorInternalError,
            ErrorLinking,
        ]
        .into_iter()
        .find(|r| *r as i32 == code)
    }
}

impl std::fmt::Display for HiprtcResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A failed hipRTC call: the status code the C API returns, and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{result}: {message}")]
pub struct RtcError {
    pub result: HiprtcResult,
    pub message: String,
}

impl RtcError {
    fn new(result: HiprtcResult, message: impl Into<String>) -> RtcError {
        RtcError {
            result,
            message: message.into(),
        }
    }
}

/// The name a program gets when none is given (the one nvrtc and hipRTC use).
pub const DEFAULT_PROGRAM_NAME: &str = "default_program";

/// The hipRTC version: that of the HIP API ferrocm follows.
pub fn version() -> (i32, i32) {
    (6, 2)
}

/// One HIP source program and its in-memory headers, compiled at most once at a time.
#[derive(Debug, Clone)]
pub struct Program {
    source: String,
    name: String,
    headers: Vec<(String, String)>,
    log: String,
    code: Option<CodeObject>,
}

impl Program {
    /// A program from `src`, named `name` (used in diagnostics; default
    /// [`DEFAULT_PROGRAM_NAME`]), with `headers` as (include name, contents) pairs that
    /// `#include "name"` finds without touching the file system.
    pub fn new(
        src: &str,
        name: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Result<Program, RtcError> {
        if src.contains('\0') {
            return Err(RtcError::new(
                HiprtcResult::ErrorInvalidInput,
                "program source contains a NUL byte",
            ));
        }
        let name = match name {
            None => DEFAULT_PROGRAM_NAME,
            Some(n) if n.is_empty() || n.contains('\0') => {
                return Err(RtcError::new(
                    HiprtcResult::ErrorInvalidInput,
                    format!("invalid program name {n:?}"),
                ))
            }
            Some(n) => n,
        };
        let mut owned = Vec::with_capacity(headers.len());
        for (include_name, contents) in headers {
            if include_name.is_empty() || include_name.contains('\0') {
                return Err(RtcError::new(
                    HiprtcResult::ErrorInvalidInput,
                    format!("invalid header include name {include_name:?}"),
                ));
            }
            if contents.contains('\0') {
                return Err(RtcError::new(
                    HiprtcResult::ErrorInvalidInput,
                    format!("header {include_name:?} contains a NUL byte"),
                ));
            }
            owned.push((include_name.to_string(), contents.to_string()));
        }
        Ok(Program {
            source: src.to_string(),
            name: name.to_string(),
            headers: owned,
            log: String::new(),
            code: None,
        })
    }

    /// The program's name, as diagnostics show it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Compiles the program with hipRTC-style `options`:
    /// `-D<name>[=<value>]`, `-U<name>`, `-I<dir>` (each also as two options, `-D` then the
    /// value, or with `--define-macro=`, `--undefine-macro=`, `--include-path=`), `-std=<std>`,
    /// `-O0` .. `-O3`, `-g`, `--gpu-architecture=<arch>` / `--offload-arch=<arch>` (passed on:
    /// the compiler says which architectures it targets, e.g. `cpu` for the CPU device).
    ///
    /// An unknown option (or an architecture the compiler does not target) is
    /// [`HiprtcResult::ErrorInvalidOption`] naming it; a source that does
    /// not compile is [`HiprtcResult::ErrorCompilation`], with the compiler's diagnostics in
    /// [`Program::log`]. A new compile replaces the previous result and log.
    pub fn compile(&mut self, options: &[&str]) -> Result<(), RtcError> {
        let args = translate_options(options)?;
        self.code = None;
        self.log.clear();
        let opts = comgr::CompileOptions {
            args,
            headers: self.headers.clone(),
        };
        match comgr::compile_hip_with_log(&self.source, &self.name, &opts) {
            Ok((code, log)) => {
                self.log = log;
                self.code = Some(code);
                Ok(())
            }
            Err(e) => {
                self.log = e.log().to_string();
                // The compiler is the judge of option values it alone knows (which offload
                // architectures this build targets); everything else is a failed compile.
                let result = match e {
                    comgr::CompileError::InvalidOption(_) => HiprtcResult::ErrorInvalidOption,
                    _ => HiprtcResult::ErrorCompilation,
                };
                Err(RtcError::new(result, e.to_string()))
            }
        }
    }

    /// The compiler's log of the last compile: diagnostics on failure, empty when there were
    /// none (or before any compile).
    pub fn log(&self) -> &str {
        &self.log
    }

    /// Whether the last compile succeeded.
    pub fn is_compiled(&self) -> bool {
        self.code.is_some()
    }

    /// The compiled code: a serialized [`kernel_abi::CodeObject`].
    pub fn code(&self) -> Result<Vec<u8>, RtcError> {
        self.code_object().map(CodeObject::to_bytes)
    }

    /// The compiled code object itself (its metadata names each kernel).
    pub fn code_object(&self) -> Result<&CodeObject, RtcError> {
        self.code.as_ref().ok_or_else(|| {
            RtcError::new(
                HiprtcResult::ErrorInvalidProgram,
                format!("program '{}' has not been compiled successfully", self.name),
            )
        })
    }
}

/// The C++ standards `-std=` accepts.
const STANDARDS: &[&str] = &[
    "c++11", "c++14", "c++17", "c++20", "c++2a", "c++23", "c++2b", "gnu++11", "gnu++14", "gnu++17",
    "gnu++20", "gnu++23",
];

/// Checks hipRTC options and turns them into the clang flags `comgr` takes.
fn translate_options(options: &[&str]) -> Result<Vec<String>, RtcError> {
    let invalid = |opt: &str, why: &str| {
        RtcError::new(
            HiprtcResult::ErrorInvalidOption,
            format!("option '{opt}': {why}"),
        )
    };
    let mut args = Vec::with_capacity(options.len());
    let mut iter = options.iter().map(|o| o.trim());
    while let Some(opt) = iter.next() {
        if opt.contains('\0') {
            return Err(invalid(opt, "contains a NUL byte"));
        }
        // -D / -U / -I: attached, long form, or value in the next option.
        let prefixed = [
            ("-D", "--define-macro="),
            ("-U", "--undefine-macro="),
            ("-I", "--include-path="),
        ];
        if let Some((flag, value)) = prefixed.iter().find_map(|(short, long)| {
            opt.strip_prefix(long)
                .or_else(|| opt.strip_prefix(short))
                .map(|v| (*short, v.trim()))
        }) {
            let value = if value.is_empty() {
                match iter.next() {
                    Some(v) if !v.is_empty() && !v.starts_with('-') => v,
                    _ => return Err(invalid(opt, "missing its value")),
                }
            } else {
                value
            };
            if value.contains('\0') {
                return Err(invalid(opt, "contains a NUL byte"));
            }
            args.push(format!("{flag}{value}"));
            continue;
        }
        if let Some(std) = opt
            .strip_prefix("-std=")
            .or_else(|| opt.strip_prefix("--std="))
        {
            if !STANDARDS.contains(&std) {
                return Err(invalid(opt, "unknown language standard"));
            }
            args.push(format!("-std={std}"));
            continue;
        }
        if let Some(arch) = opt
            .strip_prefix("--gpu-architecture=")
            .or_else(|| opt.strip_prefix("--offload-arch="))
        {
            if arch.is_empty() {
                return Err(invalid(opt, "missing the architecture"));
            }
            args.push(format!("--offload-arch={arch}"));
            continue;
        }
        match opt {
            "-O0" | "-O1" | "-O2" | "-O3" | "-g" => args.push(opt.to_string()),
            "" => {}
            _ => return Err(invalid(opt, "not a supported hipRTC option")),
        }
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_numbers_match_rocm() {
        assert_eq!(HiprtcResult::Success as i32, 0);
        assert_eq!(HiprtcResult::ErrorInvalidOption as i32, 5);
        assert_eq!(HiprtcResult::ErrorCompilation as i32, 6);
        assert_eq!(HiprtcResult::ErrorInternalError as i32, 11);
        assert_eq!(HiprtcResult::ErrorLinking as i32, 100);
        for code in (0..=11).chain([100]) {
            let r = HiprtcResult::from_i32(code).expect("known code");
            assert_eq!(r as i32, code);
            assert!(r.name().starts_with("HIPRTC_"));
        }
        assert_eq!(HiprtcResult::from_i32(12), None);
        assert_eq!(
            HiprtcResult::ErrorCompilation.to_string(),
            "HIPRTC_ERROR_COMPILATION"
        );
    }

    #[test]
    fn options_translate() {
        let args = translate_options(&[
            "-DN=4",
            "-D",
            "M",
            "--define-macro=X=1",
            "-U Y",
            "-I/tmp/inc",
            "--include-path=/opt",
            "-std=c++17",
            "-O2",
            "-g",
            "--gpu-architecture=gfx90a",
            "--offload-arch=gfx1100",
        ])
        .expect("valid options");
        assert_eq!(
            args,
            [
                "-DN=4",
                "-DM",
                "-DX=1",
                "-UY",
                "-I/tmp/inc",
                "-I/opt",
                "-std=c++17",
                "-O2",
                "-g",
                "--offload-arch=gfx90a",
                "--offload-arch=gfx1100"
            ]
        );
    }

    #[test]
    fn bad_options_are_named() {
        for bad in [
            &["-fno-such-thing"][..],
            &["-O7"],
            &["-std=c++99"],
            &["-D"],
            &["-I", "-O2"],
        ] {
            let e = translate_options(bad).expect_err("must be rejected");
            assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
            assert!(e.message.contains(bad[0]), "{e}");
        }
    }

    #[test]
    fn new_validates_input() {
        let p = Program::new("__global__ void k() {}", None, &[]).expect("valid");
        assert_eq!(p.name(), DEFAULT_PROGRAM_NAME);
        assert_eq!(p.log(), "");
        let e = Program::new("a\0b", None, &[]).expect_err("NUL in source");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidInput);
        let e = Program::new("", Some(""), &[]).expect_err("empty name");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidInput);
        let e = Program::new("", None, &[("", "x")]).expect_err("empty header name");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidInput);
    }

    #[test]
    fn code_before_compile_is_an_error() {
        let p = Program::new("__global__ void k() {}", Some("k.hip"), &[]).expect("valid");
        assert!(!p.is_compiled());
        let e = p.code().expect_err("not compiled");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidProgram);
        assert!(e.message.contains("k.hip"));
    }

    #[test]
    fn bad_option_fails_before_compiling() {
        let mut p = Program::new("__global__ void k() {}", None, &[]).expect("valid");
        let e = p.compile(&["-O2", "--bogus"]).expect_err("bad option");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
        assert!(e.message.contains("--bogus"));
        assert!(!p.is_compiled());
    }
}
