//! The compiler's error type: carries the compiler log where there is one.

/// Why a compile failed.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum CompileError {
    /// clang rejected the source; the log holds its diagnostics (`file:line:col: error: ...`).
    #[error("HIP compilation failed: {}", first_error_line(.log))]
    Compile { log: String },
    /// The CPU lowering cannot handle this kernel (named), e.g. a construct not yet supported.
    #[error("kernel '{kernel}': {message}")]
    Unsupported { kernel: String, message: String },
    /// LLVM rejected the IR, or native code generation / linking failed.
    #[error("code generation failed: {0}")]
    Codegen(String),
    /// An option the compiler does not know or cannot honour.
    #[error("invalid compiler option: {0}")]
    InvalidOption(String),
    /// clang or the linker is missing or broken.
    #[error("toolchain: {0}")]
    Toolchain(String),
    #[error("I/O: {0}")]
    Io(String),
}

impl CompileError {
    /// The full compiler log (diagnostics) where there is one, else the message itself.
    pub fn log(&self) -> &str {
        match self {
            CompileError::Compile { log } => log,
            CompileError::Unsupported { message, .. } => message,
            CompileError::Codegen(s)
            | CompileError::InvalidOption(s)
            | CompileError::Toolchain(s)
            | CompileError::Io(s) => s,
        }
    }
}

fn first_error_line(log: &str) -> &str {
    log.lines()
        .find(|l| l.contains("error:"))
        .or_else(|| log.lines().next())
        .unwrap_or("(no diagnostics)")
}
