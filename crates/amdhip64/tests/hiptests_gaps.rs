//! Entry points hip-tests needs that ROCm 6.2 has beside the ones already covered: the driver-API
//! error descriptions.

use amdhip64::*;
use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;

fn text(p: *const c_char) -> String {
    // SAFETY: the error-string calls hand back static NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

#[test]
fn drv_error_name_and_string_match_the_runtime_forms() {
    for code in [0, 1, 2, 101, 400, 801, 999] {
        let (mut n, mut s) = (null(), null());
        // SAFETY: valid out-pointers.
        assert_eq!(unsafe { hipDrvGetErrorName(code, &mut n) }, SUCCESS);
        // SAFETY: as above.
        assert_eq!(unsafe { hipDrvGetErrorString(code, &mut s) }, SUCCESS);
        assert_eq!(text(n), text(hipGetErrorName(code)));
        assert_eq!(text(s), text(hipGetErrorString(code)));
    }
    assert_eq!(hipGetLastError(), SUCCESS);
}

#[test]
fn drv_error_name_and_string_reject_unknown_codes_and_null() {
    let (mut n, mut s) = (null(), null());
    // SAFETY: valid out-pointers; an unknown code still gets the unknown error's text.
    assert_eq!(unsafe { hipDrvGetErrorName(-12345, &mut n) }, INVALID_VALUE);
    // SAFETY: as above.
    let r = unsafe { hipDrvGetErrorString(-12345, &mut s) };
    assert_eq!(r, INVALID_VALUE);
    assert_eq!(text(n), "hipErrorUnknown");
    assert_eq!(text(s), "unknown error");
    // SAFETY: a null out-pointer is checked before any write.
    assert_eq!(unsafe { hipDrvGetErrorName(0, null_mut()) }, INVALID_VALUE);
    // SAFETY: as above.
    let r = unsafe { hipDrvGetErrorString(0, null_mut()) };
    assert_eq!(r, INVALID_VALUE);
    // As in ROCm these describe errors and leave the thread's last error alone.
    assert_eq!(hipGetLastError(), SUCCESS);
}
