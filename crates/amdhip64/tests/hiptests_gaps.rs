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

#[test]
fn cu_masks_are_checked_cut_to_the_device_and_read_back() {
    const INVALID_HANDLE: i32 = 400;
    const CONTEXT_IS_DESTROYED: i32 = 709;
    let mut cus = 0;
    // SAFETY: valid out-pointers and masks of the given sizes, or deliberate nulls.
    unsafe {
        assert_eq!(hipDeviceGetAttribute(&mut cus, 63, 0), SUCCESS); // multiprocessor count
        let words = (cus as usize).div_ceil(32);
        let all: Vec<u32> = (0..words)
            .map(|w| {
                let n = (cus as usize - w * 32).min(32);
                if n == 32 {
                    u32::MAX
                } else {
                    (1u32 << n) - 1
                }
            })
            .collect();
        // The null stream and a stream made without a mask use every compute unit.
        let mut got = vec![0xdead_beefu32; words + 2];
        assert_eq!(
            hipExtStreamGetCUMask(null_mut(), got.len() as u32, got.as_mut_ptr()),
            SUCCESS
        );
        assert_eq!(&got[..words], &all[..]);
        assert_eq!(&got[words..], &[0, 0], "words past the device's are 0");

        // A custom mask comes back cut to the device's compute units.
        let custom = [0xeu32, 0xffff_ffff];
        let mut s = null_mut();
        assert_eq!(
            hipExtStreamCreateWithCUMask(&mut s, 2, custom.as_ptr()),
            SUCCESS
        );
        let mut back = vec![0u32; words];
        assert_eq!(
            hipExtStreamGetCUMask(s, words as u32, back.as_mut_ptr()),
            SUCCESS
        );
        let want: Vec<u32> = all
            .iter()
            .enumerate()
            .map(|(i, a)| a & custom[i.min(1)])
            .collect();
        assert_eq!(back, want);
        assert_eq!(hipStreamSynchronize(s), SUCCESS);
        assert_eq!(hipStreamDestroy(s), SUCCESS);
        assert_eq!(
            hipExtStreamGetCUMask(s, words as u32, back.as_mut_ptr()),
            CONTEXT_IS_DESTROYED
        );
        assert_eq!(hipGetLastError(), CONTEXT_IS_DESTROYED);

        // Bad arguments.
        let one = [1u32];
        assert_eq!(
            hipExtStreamCreateWithCUMask(null_mut(), 1, one.as_ptr()),
            INVALID_HANDLE
        );
        assert_eq!(
            hipExtStreamCreateWithCUMask(&mut s, 0, one.as_ptr()),
            INVALID_VALUE
        );
        assert_eq!(
            hipExtStreamCreateWithCUMask(&mut s, 1, null()),
            INVALID_VALUE
        );
        assert_eq!(hipGetLastError(), INVALID_VALUE);
        // A mask selecting no compute unit is ignored: the stream uses them all.
        let none = vec![0u32; words];
        assert_eq!(
            hipExtStreamCreateWithCUMask(&mut s, words as u32, none.as_ptr()),
            SUCCESS
        );
        assert_eq!(
            hipExtStreamGetCUMask(s, words as u32, back.as_mut_ptr()),
            SUCCESS
        );
        assert_eq!(back, all);
        assert_eq!(hipStreamDestroy(s), SUCCESS);
        assert_eq!(
            hipExtStreamGetCUMask(null_mut(), 1, null_mut()),
            INVALID_VALUE
        );
        assert_eq!(
            hipExtStreamGetCUMask(null_mut(), 0, back.as_mut_ptr()),
            INVALID_VALUE
        );
    }
}
