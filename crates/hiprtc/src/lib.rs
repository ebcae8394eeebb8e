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

mod link;
pub use link::{LinkInput, Linker};

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
    /// Whether the last compile succeeded.
    compiled: bool,
    /// Compiled with `-fgpu-rdc`: relocatable device code, bitcode only (for the link API).
    relocatable: bool,
    /// The clang flags of the last successful compile (for the bitcode, made on demand).
    compiled_args: Vec<String>,
    /// The device bitcode of the last successful compile, once made.
    bitcode: Option<Vec<u8>>,
    /// Name expressions, in the order added, and their lowered names after a compile.
    name_expressions: Vec<String>,
    lowered_names: Vec<String>,
}

/// Prefix of the device variables that record where each name expression points.
const NAME_EXPR_MARKER: &str = "__ferrocm_name_expr_";

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
            compiled: false,
            relocatable: false,
            compiled_args: Vec::new(),
            bitcode: None,
            name_expressions: Vec::new(),
            lowered_names: Vec::new(),
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
    ///
    /// With `-fgpu-rdc` the program is relocatable device code: it is compiled to device bitcode
    /// only (it may use `extern __device__` symbols of other programs), for [`Program::bitcode`]
    /// and [`Linker`]; [`Program::code`] is then an error.
    ///
    /// Name expressions added with [`Program::add_name_expression`] are resolved by the
    /// compiler itself: each becomes, after the source, a device variable initialised with the
    /// address of what it names, which instantiates templates; the compiled module then says
    /// which symbol each variable points at, and the variables are removed.
    pub fn compile(&mut self, options: &[&str]) -> Result<(), RtcError> {
        let mut args = translate_options(options)?;
        if ptrdiff_is_long_long(&args) {
            // Every header declares ptrdiff_t from the compiler's __PTRDIFF_TYPE__ (the C and C++
            // libraries included), so the program's choice is made there: the same 64 bits,
            // another type name.
            args.extend([
                "-U__PTRDIFF_TYPE__".into(),
                "-D__PTRDIFF_TYPE__=long long".into(),
            ]);
        }
        // What ROCm's hipRTC makes available without includes (__half, hip_bfloat16,
        // hipDoubleComplex, the math constants, the texture enums): one pre-included header,
        // read after hip/hip_runtime.h.
        args.splice(0..0, ["-include".to_string(), BUILTINS_HEADER.to_string()]);
        let relocatable = args.iter().rev().find_map(|a| match a.as_str() {
            "-fgpu-rdc" => Some(true),
            "-fno-gpu-rdc" => Some(false),
            _ => None,
        }) == Some(true);
        self.code = None;
        self.bitcode = None;
        self.compiled = false;
        self.lowered_names.clear();
        self.log.clear();
        let opts = comgr::CompileOptions {
            args: args.clone(),
            headers: self.headers.clone(),
        };
        let result = if relocatable || !self.name_expressions.is_empty() {
            self.compile_via_bitcode(&opts, relocatable)
        } else {
            comgr::compile_hip_with_log(&self.source, &self.name, &opts).map(|(code, log)| {
                self.log = log;
                self.code = Some(code);
            })
        };
        match result {
            Ok(()) => {
                self.compiled = true;
                self.relocatable = relocatable;
                self.compiled_args = args;
                Ok(())
            }
            Err(e) => {
                self.code = None;
                self.bitcode = None;
                self.lowered_names.clear();
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

    /// Device bitcode first (with the name-expression markers), then, unless relocatable, the
    /// code object lowered from it.
    fn compile_via_bitcode(
        &mut self,
        opts: &comgr::CompileOptions,
        relocatable: bool,
    ) -> Result<(), comgr::CompileError> {
        let mut source = self.source.clone();
        let mut markers = Vec::with_capacity(self.name_expressions.len());
        for (i, expr) in self.name_expressions.iter().enumerate() {
            let marker = format!("{NAME_EXPR_MARKER}{i}");
            // `&f<T>` and `f<T>` name the same thing; the address is what the marker records.
            let named = expr.trim().strip_prefix('&').unwrap_or(expr.trim());
            source.push_str(&format!(
                "\n#line 1 \"name expression {i}: {}\"\n\
                 __device__ void *{marker} = (void *)&({named});\n",
                expr.replace(['"', '\\'], "'")
            ));
            markers.push(marker);
        }
        let (bitcode, log) = comgr::compile_hip_to_bitcode(&source, &self.name, opts)?;
        let marker_refs: Vec<&str> = markers.iter().map(String::as_str).collect();
        let (bitcode, names) = comgr::take_address_markers(&bitcode, &marker_refs)?;
        let mut lowered = Vec::with_capacity(names.len());
        for (expr, name) in self.name_expressions.iter().zip(names) {
            lowered.push(name.ok_or_else(|| comgr::CompileError::Compile {
                log: format!(
                    "{log}name expression `{expr}` does not name a __global__ function or a \
                     __device__/__constant__ variable\n"
                ),
            })?);
        }
        if !relocatable {
            self.code = Some(comgr::lower_bitcode(&bitcode, opts)?);
        }
        self.bitcode = Some(bitcode);
        self.lowered_names = lowered;
        self.log = log;
        Ok(())
    }

    /// Adds a name expression (`"kernel<float, 4>"`, `"&kernel<int>"`, `"ns::var"`) whose
    /// lowered (mangled) name [`Program::lowered_name`] gives after the next compile. Adding
    /// one after a successful compile is [`HiprtcResult::ErrorNoNameExpressionsAfterCompilation`].
    pub fn add_name_expression(&mut self, expression: &str) -> Result<(), RtcError> {
        if self.compiled {
            return Err(RtcError::new(
                HiprtcResult::ErrorNoNameExpressionsAfterCompilation,
                format!(
                    "program '{}' is already compiled: add name expressions before compiling",
                    self.name
                ),
            ));
        }
        let trimmed = expression.trim();
        if trimmed.is_empty() || trimmed == "&" || expression.contains(['\0', '\n', '\r']) {
            return Err(RtcError::new(
                HiprtcResult::ErrorInvalidInput,
                format!("invalid name expression {expression:?}"),
            ));
        }
        if !self.name_expressions.iter().any(|e| e == expression) {
            self.name_expressions.push(expression.to_string());
        }
        Ok(())
    }

    /// The lowered (mangled) name of a name expression added before the last compile: the name
    /// `hipModuleGetFunction` / `hipModuleGetGlobal` take.
    pub fn lowered_name(&self, expression: &str) -> Result<&str, RtcError> {
        if !self.compiled {
            return Err(RtcError::new(
                HiprtcResult::ErrorNoLoweredNamesBeforeCompilation,
                format!("program '{}' has not been compiled successfully", self.name),
            ));
        }
        self.name_expressions
            .iter()
            .position(|e| e == expression)
            .and_then(|i| self.lowered_names.get(i))
            .map(String::as_str)
            .ok_or_else(|| {
                RtcError::new(
                    HiprtcResult::ErrorNameExpressionNotValid,
                    format!(
                        "name expression {expression:?} was not added to program '{}' before \
                         compiling",
                        self.name
                    ),
                )
            })
    }

    /// The device LLVM bitcode of the last successful compile (before the CPU lowering), the
    /// input [`Linker`] takes. Made on demand for a program compiled without `-fgpu-rdc`.
    pub fn bitcode(&mut self) -> Result<&[u8], RtcError> {
        if !self.compiled {
            return Err(self.not_compiled());
        }
        if self.bitcode.is_none() {
            let opts = comgr::CompileOptions {
                args: self.compiled_args.clone(),
                headers: self.headers.clone(),
            };
            let (bitcode, _) = comgr::compile_hip_to_bitcode(&self.source, &self.name, &opts)
                .map_err(|e| {
                    RtcError::new(
                        HiprtcResult::ErrorCompilation,
                        format!("device bitcode of program '{}': {e}", self.name),
                    )
                })?;
            self.bitcode = Some(bitcode);
        }
        match &self.bitcode {
            Some(b) => Ok(b),
            None => Err(self.not_compiled()),
        }
    }

    fn not_compiled(&self) -> RtcError {
        RtcError::new(
            HiprtcResult::ErrorInvalidProgram,
            format!("program '{}' has not been compiled successfully", self.name),
        )
    }

    /// The compiler's log of the last compile: diagnostics on failure, empty when there were
    /// none (or before any compile).
    pub fn log(&self) -> &str {
        &self.log
    }

    /// Whether the last compile succeeded.
    pub fn is_compiled(&self) -> bool {
        self.compiled
    }

    /// The compiled code: a serialized [`kernel_abi::CodeObject`].
    pub fn code(&self) -> Result<Vec<u8>, RtcError> {
        self.code_object().map(CodeObject::to_bytes)
    }

    /// The compiled code object itself (its metadata names each kernel).
    pub fn code_object(&self) -> Result<&CodeObject, RtcError> {
        if self.compiled && self.relocatable {
            return Err(RtcError::new(
                HiprtcResult::ErrorInvalidProgram,
                format!(
                    "program '{}' was compiled with -fgpu-rdc: it is relocatable device code \
                     (bitcode); link it with the hipRTC link API to get a code object",
                    self.name
                ),
            ));
        }
        self.code.as_ref().ok_or_else(|| self.not_compiled())
    }
}

/// The header hipRTC pre-includes into every program (include/hip/hiprtc_builtins.h).
const BUILTINS_HEADER: &str = "hip/hiprtc_builtins.h";

/// The C++ standards `-std=` accepts.
const STANDARDS: &[&str] = &[
    "c++11", "c++14", "c++17", "c++20", "c++2a", "c++23", "c++2b", "gnu++11", "gnu++14", "gnu++17",
    "gnu++20", "gnu++23",
];

/// The macro with which a hipRTC program asks for `ptrdiff_t` to be `long long` (it is `long` on
/// Linux otherwise), as ROCm's hipRTC offers for code shared with Windows.
const PTRDIFF_LONG_LONG_MACRO: &str = "__HIPRTC_PTRDIFF_T_IS_LONG_LONG__";

/// Whether the translated `args` leave [`PTRDIFF_LONG_LONG_MACRO`] defined as 1 (the last
/// `-D`/`-U` of it decides; `-Dname` alone defines it as 1).
fn ptrdiff_is_long_long(args: &[String]) -> bool {
    args.iter()
        .rev()
        .find_map(|a| {
            if let Some(def) = a.strip_prefix("-D") {
                match def.split_once('=') {
                    Some((name, value)) if name == PTRDIFF_LONG_LONG_MACRO => {
                        Some(value.trim() == "1")
                    }
                    None if def == PTRDIFF_LONG_LONG_MACRO => Some(true),
                    _ => None,
                }
            } else {
                (a.strip_prefix("-U") == Some(PTRDIFF_LONG_LONG_MACRO)).then_some(false)
            }
        })
        .unwrap_or(false)
}

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
        // Warning controls (`-w`, `-Wall`, `-Werror`, `-Wno-<name>`, `-Werror=<name>`) go to the
        // compiler, which knows the warning names; `-Wl,`/`-Wa,`/`-Wp,` hand options to other
        // tools and are not warnings.
        let is_warning_flag = opt == "-w"
            || (opt.len() > 2
                && opt.starts_with("-W")
                && !["-Wl,", "-Wa,", "-Wp,"].iter().any(|p| opt.starts_with(p)));
        if is_warning_flag {
            args.push(opt.to_string());
            continue;
        }
        match opt {
            "-O0" | "-O1" | "-O2" | "-O3" | "-g" | "-fgpu-rdc" | "-fno-gpu-rdc" => {
                args.push(opt.to_string())
            }
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
            "-Werror",
            "-Wno-unused-variable",
            "-w",
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
                "-Werror",
                "-Wno-unused-variable",
                "-w",
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
            &["-Wl,-rpath,/x"],
            &["-W"],
        ] {
            let e = translate_options(bad).expect_err("must be rejected");
            assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
            assert!(e.message.contains(bad[0]), "{e}");
        }
    }

    #[test]
    fn ptrdiff_long_long_follows_the_last_definition() {
        let args = |opts: &[&str]| translate_options(opts).expect("valid options");
        assert!(!ptrdiff_is_long_long(&args(&[])));
        assert!(ptrdiff_is_long_long(&args(&[
            "-D__HIPRTC_PTRDIFF_T_IS_LONG_LONG__=1"
        ])));
        assert!(ptrdiff_is_long_long(&args(&[
            "-D",
            "__HIPRTC_PTRDIFF_T_IS_LONG_LONG__"
        ])));
        assert!(!ptrdiff_is_long_long(&args(&[
            "-D__HIPRTC_PTRDIFF_T_IS_LONG_LONG__=0"
        ])));
        assert!(!ptrdiff_is_long_long(&args(&[
            "-D__HIPRTC_PTRDIFF_T_IS_LONG_LONG__=1",
            "-U__HIPRTC_PTRDIFF_T_IS_LONG_LONG__"
        ])));
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
