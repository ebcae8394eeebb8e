//! The core layer's error type, with ROCr's `hsa_status_t` numbers for the C edge.

/// Errors of the HSA core. [`HsaError::status_code`] gives the matching `hsa_status_t`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HsaError {
    #[error("generic error: {0}")]
    Generic(String),
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    #[error("invalid queue creation: {0}")]
    InvalidQueueCreation(String),
    #[error("invalid allocation: {0}")]
    InvalidAllocation(String),
    #[error("invalid agent")]
    InvalidAgent,
    #[error("invalid memory region or pool")]
    InvalidRegion,
    #[error("invalid signal handle {0:#x}")]
    InvalidSignal(u64),
    #[error("invalid queue: {0}")]
    InvalidQueue(String),
    #[error("out of resources: {0}")]
    OutOfResources(String),
    #[error("invalid packet format: {0}")]
    InvalidPacketFormat(String),
    #[error("incompatible arguments: {0}")]
    Incompatible(String),
    #[error("invalid code object: {0}")]
    InvalidCodeObject(String),
    #[error("invalid executable")]
    InvalidExecutable,
    #[error("invalid symbol name '{0}'")]
    InvalidSymbolName(String),
    #[error("invalid kernel object handle {0:#x}")]
    InvalidKernelObject(u64),
    #[error("exception: {0}")]
    Exception(String),
}

impl HsaError {
    /// ROCr's `hsa_status_t` value for this error (hsa.h: HSA_STATUS_ERROR = 0x1000, ...).
    pub fn status_code(&self) -> u32 {
        match self {
            HsaError::Generic(_) => 0x1000,
            HsaError::InvalidArgument(_) => 0x1001,
            HsaError::InvalidQueueCreation(_) => 0x1002,
            HsaError::InvalidAllocation(_) => 0x1003,
            HsaError::InvalidAgent => 0x1004,
            HsaError::InvalidRegion => 0x1005,
            HsaError::InvalidSignal(_) => 0x1006,
            HsaError::InvalidQueue(_) => 0x1007,
            HsaError::OutOfResources(_) => 0x1008,
            HsaError::InvalidPacketFormat(_) => 0x1009,
            HsaError::Incompatible(_) => 0x100D,
            HsaError::InvalidCodeObject(_) => 0x1010,
            HsaError::InvalidExecutable => 0x1011,
            HsaError::InvalidSymbolName(_) => 0x1013,
            HsaError::Exception(_) => 0x1016,
            // A kernel object is an executable symbol's handle in HSA.
            HsaError::InvalidKernelObject(_) => 0x1019,
        }
    }
}

/// `HSA_STATUS_SUCCESS`.
pub const STATUS_SUCCESS: u32 = 0;

pub type Result<T> = std::result::Result<T, HsaError>;

/// Why a packet on a queue failed. Recorded on the queue; the packet's completion signal
/// still completes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DispatchErrorKind {
    /// A work-item called `assert_fail` with an expression (a failed `assert`).
    Assert,
    /// A work-item trapped / aborted without an assertion message.
    Abort,
    /// Work-items of one work-group reached different barriers, or work-groups of a
    /// cooperative dispatch returned while others waited at a grid-wide barrier.
    DivergentBarrier,
    /// The agent could not provide what the dispatch needs (threads of a cooperative launch).
    OutOfResources,
    /// The packet itself was malformed (bad kernel object, bad sizes, bad signal).
    BadPacket,
    /// A host callback panicked.
    Callback,
}

/// A failure of one packet, with a message naming the kernel (``kernel `name`: ...``, see
/// [`crate::names::kernel_label`]) and, for a failure inside the kernel, the work-group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct DispatchError {
    pub kind: DispatchErrorKind,
    pub message: String,
}
