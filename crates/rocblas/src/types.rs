//! rocBLAS's enums with ROCm's numbers (`rocblas-types.h`), and the error type.

/// `rocblas_status`.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Success = 0,
    InvalidHandle = 1,
    NotImplemented = 2,
    InvalidPointer = 3,
    InvalidSize = 4,
    MemoryError = 5,
    InternalError = 6,
    PerfDegraded = 7,
    SizeQueryMismatch = 8,
    SizeIncreased = 9,
    SizeUnchanged = 10,
    InvalidValue = 11,
    Continue = 12,
    CheckNumericsFail = 13,
    ExcludedFromBuild = 14,
    ArchMismatch = 15,
}

impl Status {
    /// The C name, as `rocblas_status_to_string` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Success => "rocblas_status_success",
            Status::InvalidHandle => "rocblas_status_invalid_handle",
            Status::NotImplemented => "rocblas_status_not_implemented",
            Status::InvalidPointer => "rocblas_status_invalid_pointer",
            Status::InvalidSize => "rocblas_status_invalid_size",
            Status::MemoryError => "rocblas_status_memory_error",
            Status::InternalError => "rocblas_status_internal_error",
            Status::PerfDegraded => "rocblas_status_perf_degraded",
            Status::SizeQueryMismatch => "rocblas_status_size_query_mismatch",
            Status::SizeIncreased => "rocblas_status_size_increased",
            Status::SizeUnchanged => "rocblas_status_size_unchanged",
            Status::InvalidValue => "rocblas_status_invalid_value",
            Status::Continue => "rocblas_status_continue",
            Status::CheckNumericsFail => "rocblas_status_check_numerics_fail",
            Status::ExcludedFromBuild => "rocblas_status_excluded_from_build",
            Status::ArchMismatch => "rocblas_status_arch_mismatch",
        }
    }

    /// Every status, in number order.
    pub const ALL: [Status; 16] = [
        Status::Success,
        Status::InvalidHandle,
        Status::NotImplemented,
        Status::InvalidPointer,
        Status::InvalidSize,
        Status::MemoryError,
        Status::InternalError,
        Status::PerfDegraded,
        Status::SizeQueryMismatch,
        Status::SizeIncreased,
        Status::SizeUnchanged,
        Status::InvalidValue,
        Status::Continue,
        Status::CheckNumericsFail,
        Status::ExcludedFromBuild,
        Status::ArchMismatch,
    ];

    pub fn from_raw(v: i32) -> Option<Status> {
        Status::ALL.get(usize::try_from(v).ok()?).copied()
    }
}

/// A failed call: its status and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", status.name())]
pub struct Error {
    pub status: Status,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, Error>;

/// An [`Error`] of `status` saying `message`.
pub fn fail<T>(status: Status, message: impl Into<String>) -> Result<T> {
    Err(Error {
        status,
        message: message.into(),
    })
}

macro_rules! c_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $n:literal),+ $(,)? }) => {
        $(#[$m])*
        #[repr(i32)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vm])* $v = $n),+ }

        impl $name {
            /// The value for a C enum's number; an unknown number is `rocblas_status_invalid_value`.
            pub fn from_raw(v: i32) -> Result<$name> {
                match v {
                    $($n => Ok($name::$v),)+
                    _ => fail(
                        Status::InvalidValue,
                        format!(concat!("{} is not a ", stringify!($name)), v),
                    ),
                }
            }
        }
    };
}

c_enum!(
    /// `rocblas_operation`: what is done to a matrix operand before use.
    Operation {
        None = 111,
        Transpose = 112,
        ConjugateTranspose = 113,
    }
);

c_enum!(
    /// `rocblas_fill`: which triangle of a matrix holds its values.
    Fill {
        Upper = 121,
        Lower = 122,
        Full = 123,
    }
);

c_enum!(
    /// `rocblas_diagonal`.
    Diagonal {
        NonUnit = 131,
        Unit = 132,
    }
);

c_enum!(
    /// `rocblas_side`.
    Side {
        Left = 141,
        Right = 142,
        Both = 143,
    }
);

c_enum!(
    /// `rocblas_pointer_mode`: whether scalars (alpha, beta, results) are host or device pointers.
    PointerMode {
        Host = 0,
        Device = 1,
    }
);

c_enum!(
    /// `rocblas_atomics_mode`.
    AtomicsMode {
        NotAllowed = 0,
        Allowed = 1,
    }
);

c_enum!(
    /// `rocblas_math_mode`.
    MathMode {
        Default = 0,
        Xf32Xdl = 1,
    }
);

c_enum!(
    /// `rocblas_datatype`: the element type of a `_ex` routine's matrix or computation.
    Datatype {
        F16R = 150,
        F32R = 151,
        F64R = 152,
        F16C = 153,
        F32C = 154,
        F64C = 155,
        I8R = 160,
        U8R = 161,
        I32R = 162,
        U32R = 163,
        I8C = 164,
        U8C = 165,
        I32C = 166,
        U32C = 167,
        Bf16R = 168,
        Bf16C = 169,
        F8R = 170,
        Bf8R = 171,
        Invalid = 255,
    }
);

c_enum!(
    /// `rocblas_gemm_algo`.
    GemmAlgo {
        Standard = 0,
        SolutionIndex = 1,
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rocms() {
        assert_eq!(Operation::from_raw(113), Ok(Operation::ConjugateTranspose));
        assert_eq!(Fill::Lower as i32, 122);
        assert_eq!(Side::Both as i32, 143);
        assert_eq!(Diagonal::Unit as i32, 132);
        let e = Operation::from_raw(110).unwrap_err();
        assert_eq!(e.status, Status::InvalidValue);
        assert_eq!(
            e.to_string(),
            "rocblas_status_invalid_value: 110 is not a Operation"
        );
        for (i, s) in Status::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
            assert_eq!(Status::from_raw(i as i32), Some(*s));
        }
        assert_eq!(Status::from_raw(16), None);
        assert_eq!(Status::from_raw(-1), None);
    }
}
