//! A freed device pointer is no longer device memory: copies through it and a second free are
//! `InvalidValue`, as in ROCm.
//!
//! This is the file's only test, so it runs in a process of its own: a test allocating beside
//! it could be handed the freed address again, and then the copy would rightly succeed.

use hip::{free, malloc, memcpy, HipError, MemcpyKind};
use std::ffi::c_void;

#[test]
fn a_freed_pointer_is_invalid_for_copies_and_a_second_free() {
    // SAFETY: the test owns the allocation and the host array; the copies through the freed
    // pointer are refused before any byte moves.
    unsafe {
        let d = malloc(256).expect("malloc");
        let mut out = [0u8; 4];
        memcpy(
            d,
            out.as_ptr() as *const c_void,
            4,
            MemcpyKind::HostToDevice,
        )
        .expect("h2d");
        free(d).expect("free");
        assert_eq!(
            memcpy(
                out.as_mut_ptr() as *mut c_void,
                d,
                4,
                MemcpyKind::DeviceToHost
            ),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            memcpy(
                d,
                out.as_ptr() as *const c_void,
                4,
                MemcpyKind::HostToDevice
            ),
            Err(HipError::InvalidValue)
        );
        assert_eq!(free(d), Err(HipError::InvalidValue));
    }
}
