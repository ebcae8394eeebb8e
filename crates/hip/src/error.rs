//! `hipError_t` with ROCm HIP 6's numbers, names and `hipGetErrorString` texts, plus the
//! per-thread last-error state.

use std::cell::{Cell, RefCell};

macro_rules! hip_errors {
    ($($variant:ident = $code:expr, $name:literal, $msg:literal;)*) => {
        /// A HIP error code. Numbers are those of ROCm HIP 6's `hipError_t`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(i32)]
        pub enum HipError {
            $($variant = $code,)*
        }

        impl HipError {
            /// The `hipError_t` number.
            pub fn code(&self) -> i32 {
                *self as i32
            }

            /// The error for a `hipError_t` number, if it is one.
            pub fn from_code(code: i32) -> Option<HipError> {
                match code {
                    $($code => Some(HipError::$variant),)*
                    _ => None,
                }
            }

            /// The enumerator's name (`hipGetErrorName`), e.g. `"hipErrorInvalidValue"`.
            pub fn name(&self) -> &'static str {
                match self {
                    $(HipError::$variant => $name,)*
                }
            }

            /// The description (`hipGetErrorString`).
            pub fn message(&self) -> &'static str {
                match self {
                    $(HipError::$variant => $msg,)*
                }
            }

            /// Every error code, in numeric order.
            pub const ALL: &'static [HipError] = &[$(HipError::$variant,)*];
        }
    };
}

hip_errors! {
    Success = 0, "hipSuccess", "no error";
    InvalidValue = 1, "hipErrorInvalidValue", "invalid argument";
    OutOfMemory = 2, "hipErrorOutOfMemory", "out of memory";
    NotInitialized = 3, "hipErrorNotInitialized", "initialization error";
    Deinitialized = 4, "hipErrorDeinitialized", "driver shutting down";
    ProfilerDisabled = 5, "hipErrorProfilerDisabled", "profiler disabled while using external profiling tool";
    ProfilerNotInitialized = 6, "hipErrorProfilerNotInitialized", "profiler is not initialized";
    ProfilerAlreadyStarted = 7, "hipErrorProfilerAlreadyStarted", "profiler already started";
    ProfilerAlreadyStopped = 8, "hipErrorProfilerAlreadyStopped", "profiler already stopped";
    InvalidConfiguration = 9, "hipErrorInvalidConfiguration", "invalid configuration argument";
    InvalidPitchValue = 12, "hipErrorInvalidPitchValue", "invalid pitch argument";
    InvalidSymbol = 13, "hipErrorInvalidSymbol", "invalid device symbol";
    InvalidDevicePointer = 17, "hipErrorInvalidDevicePointer", "invalid device pointer";
    InvalidMemcpyDirection = 21, "hipErrorInvalidMemcpyDirection", "invalid copy direction for memcpy";
    InsufficientDriver = 35, "hipErrorInsufficientDriver", "driver version is insufficient for runtime version";
    MissingConfiguration = 52, "hipErrorMissingConfiguration", "__global__ function call is not configured";
    PriorLaunchFailure = 53, "hipErrorPriorLaunchFailure", "unspecified launch failure in prior launch";
    InvalidDeviceFunction = 98, "hipErrorInvalidDeviceFunction", "invalid device function";
    NoDevice = 100, "hipErrorNoDevice", "no ROCm-capable device is detected";
    InvalidDevice = 101, "hipErrorInvalidDevice", "invalid device ordinal";
    InvalidImage = 200, "hipErrorInvalidImage", "device kernel image is invalid";
    InvalidContext = 201, "hipErrorInvalidContext", "invalid device context";
    ContextAlreadyCurrent = 202, "hipErrorContextAlreadyCurrent", "context is already current context";
    MapFailed = 205, "hipErrorMapFailed", "mapping of buffer object failed";
    UnmapFailed = 206, "hipErrorUnmapFailed", "unmapping of buffer object failed";
    ArrayIsMapped = 207, "hipErrorArrayIsMapped", "array is mapped";
    AlreadyMapped = 208, "hipErrorAlreadyMapped", "resource already mapped";
    NoBinaryForGpu = 209, "hipErrorNoBinaryForGpu", "no kernel image is available for execution on the device";
    AlreadyAcquired = 210, "hipErrorAlreadyAcquired", "resource already acquired";
    NotMapped = 211, "hipErrorNotMapped", "resource not mapped";
    NotMappedAsArray = 212, "hipErrorNotMappedAsArray", "resource not mapped as array";
    NotMappedAsPointer = 213, "hipErrorNotMappedAsPointer", "resource not mapped as pointer";
    EccNotCorrectable = 214, "hipErrorECCNotCorrectable", "uncorrectable ECC error encountered";
    UnsupportedLimit = 215, "hipErrorUnsupportedLimit", "limit is not supported on this architecture";
    ContextAlreadyInUse = 216, "hipErrorContextAlreadyInUse", "exclusive-thread device already in use by a different thread";
    PeerAccessUnsupported = 217, "hipErrorPeerAccessUnsupported", "peer access is not supported between these two devices";
    InvalidKernelFile = 218, "hipErrorInvalidKernelFile", "invalid kernel file";
    InvalidGraphicsContext = 219, "hipErrorInvalidGraphicsContext", "invalid OpenGL or DirectX context";
    InvalidSource = 300, "hipErrorInvalidSource", "device kernel image is invalid";
    FileNotFound = 301, "hipErrorFileNotFound", "file not found";
    SharedObjectSymbolNotFound = 302, "hipErrorSharedObjectSymbolNotFound", "shared object symbol not found";
    SharedObjectInitFailed = 303, "hipErrorSharedObjectInitFailed", "shared object initialization failed";
    OperatingSystem = 304, "hipErrorOperatingSystem", "OS call failed or operation not supported on this OS";
    InvalidHandle = 400, "hipErrorInvalidHandle", "invalid resource handle";
    IllegalState = 401, "hipErrorIllegalState", "the operation cannot be performed in the present state";
    NotFound = 500, "hipErrorNotFound", "named symbol not found";
    NotReady = 600, "hipErrorNotReady", "device not ready";
    IllegalAddress = 700, "hipErrorIllegalAddress", "an illegal memory access was encountered";
    LaunchOutOfResources = 701, "hipErrorLaunchOutOfResources", "too many resources requested for launch";
    LaunchTimeOut = 702, "hipErrorLaunchTimeOut", "the launch timed out and was terminated";
    PeerAccessAlreadyEnabled = 704, "hipErrorPeerAccessAlreadyEnabled", "peer access is already enabled";
    PeerAccessNotEnabled = 705, "hipErrorPeerAccessNotEnabled", "peer access has not been enabled";
    SetOnActiveProcess = 708, "hipErrorSetOnActiveProcess", "cannot set while device is active in this process";
    ContextIsDestroyed = 709, "hipErrorContextIsDestroyed", "context is destroyed";
    Assert = 710, "hipErrorAssert", "device-side assert triggered";
    HostMemoryAlreadyRegistered = 712, "hipErrorHostMemoryAlreadyRegistered", "part or all of the requested memory range is already mapped";
    HostMemoryNotRegistered = 713, "hipErrorHostMemoryNotRegistered", "pointer does not correspond to a registered memory region";
    LaunchFailure = 719, "hipErrorLaunchFailure", "unspecified launch failure";
    CooperativeLaunchTooLarge = 720, "hipErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch";
    NotSupported = 801, "hipErrorNotSupported", "operation not supported";
    StreamCaptureUnsupported = 900, "hipErrorStreamCaptureUnsupported", "operation not permitted when stream is capturing";
    StreamCaptureInvalidated = 901, "hipErrorStreamCaptureInvalidated", "operation failed due to a previous error during capture";
    StreamCaptureMerge = 902, "hipErrorStreamCaptureMerge", "operation would result in a merge of separate capture sequences";
    StreamCaptureUnmatched = 903, "hipErrorStreamCaptureUnmatched", "capture was not ended in the same stream as it began";
    StreamCaptureUnjoined = 904, "hipErrorStreamCaptureUnjoined", "capturing stream has unjoined work";
    StreamCaptureIsolation = 905, "hipErrorStreamCaptureIsolation", "dependency created on uncaptured work in another stream";
    StreamCaptureImplicit = 906, "hipErrorStreamCaptureImplicit", "operation would make the legacy stream depend on a capturing blocking stream";
    CapturedEvent = 907, "hipErrorCapturedEvent", "operation not permitted on an event last recorded in a capturing stream";
    StreamCaptureWrongThread = 908, "hipErrorStreamCaptureWrongThread", "attempt to terminate a thread-local capture sequence from another thread";
    GraphExecUpdateFailure = 910, "hipErrorGraphExecUpdateFailure", "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update";
    InvalidChannelDescriptor = 911, "hipErrorInvalidChannelDescriptor", "invalid channel descriptor";
    InvalidTexture = 912, "hipErrorInvalidTexture", "invalid texture";
    Unknown = 999, "hipErrorUnknown", "unknown error";
    RuntimeMemory = 1052, "hipErrorRuntimeMemory", "runtime memory call returned error";
    RuntimeOther = 1053, "hipErrorRuntimeOther", "runtime call other than memory returned error";
    Tbd = 1054, "hipErrorTbd", "marker, not an error";
}

impl std::fmt::Display for HipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.name(), self.code(), self.message())
    }
}

impl std::error::Error for HipError {}

pub type Result<T> = std::result::Result<T, HipError>;

thread_local! {
    static LAST_ERROR: Cell<HipError> = const { Cell::new(HipError::Success) };
    static LAST_DETAIL: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Records a failure for this thread (`hipGetLastError`) and returns it as an `Err`.
pub(crate) fn fail<T>(e: HipError, detail: impl Into<String>) -> Result<T> {
    let detail = detail.into();
    if !detail.is_empty() {
        tracing::debug!("{}: {detail}", e.name());
    }
    LAST_ERROR.with(|l| l.set(e));
    LAST_DETAIL.with(|d| *d.borrow_mut() = (!detail.is_empty()).then_some(detail));
    Err(e)
}

/// Records `r`'s error, if any, as this thread's last error.
pub(crate) fn track<T>(r: Result<T>) -> Result<T> {
    if let Err(e) = r {
        LAST_ERROR.with(|l| l.set(e));
    }
    r
}

/// Records `e` as this thread's last error from outside the crate (the C ABI's own argument
/// checks); `detail`, when given, replaces [`last_error_detail`].
pub fn record_error(e: HipError, detail: Option<String>) {
    LAST_ERROR.with(|l| l.set(e));
    if let Some(d) = detail {
        tracing::debug!("{}: {d}", e.name());
        LAST_DETAIL.with(|x| *x.borrow_mut() = Some(d));
    }
}

/// The last error of this thread's HIP calls, resetting it to `Success` (`hipGetLastError`).
pub fn get_last_error() -> HipError {
    LAST_ERROR.with(|l| l.replace(HipError::Success))
}

/// The last error without resetting it (`hipPeekAtLastError`).
pub fn peek_at_last_error() -> HipError {
    LAST_ERROR.with(|l| l.get())
}

/// Details of this thread's most recent failure: a kernel's assertion message, the
/// compiler log of a failed `Module::from_source`, which argument was invalid, ...
pub fn last_error_detail() -> Option<String> {
    LAST_DETAIL.with(|d| d.borrow().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_rocm() {
        let expect = [
            (HipError::InvalidValue, 1),
            (HipError::OutOfMemory, 2),
            (HipError::InvalidConfiguration, 9),
            (HipError::InvalidDevicePointer, 17),
            (HipError::InvalidDeviceFunction, 98),
            (HipError::InvalidDevice, 101),
            (HipError::InvalidImage, 200),
            (HipError::NoBinaryForGpu, 209),
            (HipError::InvalidSource, 300),
            (HipError::InvalidHandle, 400),
            (HipError::NotFound, 500),
            (HipError::NotReady, 600),
            (HipError::LaunchOutOfResources, 701),
            (HipError::Assert, 710),
            (HipError::LaunchFailure, 719),
            (HipError::NotSupported, 801),
            (HipError::Unknown, 999),
        ];
        for (e, c) in expect {
            assert_eq!(e.code(), c, "{}", e.name());
            assert_eq!(HipError::from_code(c), Some(e));
        }
        assert_eq!(HipError::from_code(10), None);
        assert_eq!(HipError::InvalidValue.name(), "hipErrorInvalidValue");
        assert_eq!(HipError::InvalidValue.message(), "invalid argument");
        // ROCm's own wording, which programs and hip-tests compare against.
        assert_eq!(
            HipError::InvalidMemcpyDirection.message(),
            "invalid copy direction for memcpy"
        );
        assert_eq!(
            HipError::InvalidSource.message(),
            "device kernel image is invalid"
        );
        for w in HipError::ALL.windows(2) {
            assert!(w[0].code() < w[1].code());
        }
        for e in HipError::ALL {
            assert_eq!(HipError::from_code(e.code()), Some(*e));
        }
    }

    #[test]
    fn last_error_is_per_thread_and_resets() {
        assert_eq!(get_last_error(), HipError::Success);
        let r: Result<()> = fail(HipError::NotReady, "x");
        assert_eq!(r, Err(HipError::NotReady));
        assert_eq!(last_error_detail().as_deref(), Some("x"));
        std::thread::spawn(|| assert_eq!(peek_at_last_error(), HipError::Success))
            .join()
            .expect("thread");
        assert_eq!(peek_at_last_error(), HipError::NotReady);
        assert_eq!(get_last_error(), HipError::NotReady);
        assert_eq!(get_last_error(), HipError::Success);
    }
}
