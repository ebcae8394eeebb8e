//! Graph host nodes run as a stream's host functions do: a HIP call inside one that would wait
//! for the device (and so for the graph running it) fails with `hipErrorNotSupported` instead
//! of deadlocking, while calls that do not wait still work.

use amdhip64::graph::*;
use amdhip64::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicI32, Ordering};

const SUCCESS: i32 = 0;
const NOT_SUPPORTED: i32 = 801;

static STREAM_SYNC: AtomicI32 = AtomicI32::new(-1);
static DEVICE_SYNC: AtomicI32 = AtomicI32::new(-1);
static GET_DEVICE: AtomicI32 = AtomicI32::new(-1);

/// Tries the waiting calls from inside a host node and records their answers.
unsafe extern "C" fn waits_inside(_: *mut c_void) {
    STREAM_SYNC.store(hipStreamSynchronize(null_mut()), Ordering::SeqCst);
    DEVICE_SYNC.store(hipDeviceSynchronize(), Ordering::SeqCst);
    let mut d = -1;
    // SAFETY: writable out-pointer.
    GET_DEVICE.store(unsafe { hipGetDevice(&mut d) }, Ordering::SeqCst);
}

#[test]
fn waiting_calls_inside_a_host_node_are_refused() {
    let params = hipHostNodeParams {
        fn_: Some(waits_inside),
        userData: null_mut(),
    };
    // SAFETY: out-pointers are writable; params is readable.
    unsafe {
        let mut g: hipGraph_t = null_mut();
        assert_eq!(hipGraphCreate(&mut g, 0), SUCCESS);
        let mut node: hipGraphNode_t = null_mut();
        assert_eq!(
            hipGraphAddHostNode(&mut node, g, null(), 0, &params),
            SUCCESS
        );
        let mut exec: hipGraphExec_t = null_mut();
        assert_eq!(
            hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0),
            SUCCESS
        );
        for stream in [null_mut(), stream::STREAM_PER_THREAD as hipStream_t] {
            STREAM_SYNC.store(-1, Ordering::SeqCst);
            assert_eq!(hipGraphLaunch(exec, stream), SUCCESS);
            assert_eq!(hipStreamSynchronize(stream), SUCCESS);
            assert_eq!(STREAM_SYNC.load(Ordering::SeqCst), NOT_SUPPORTED);
            assert_eq!(DEVICE_SYNC.load(Ordering::SeqCst), NOT_SUPPORTED);
            assert_eq!(GET_DEVICE.load(Ordering::SeqCst), SUCCESS);
        }
        // The marker does not outlive the node: this thread still synchronizes.
        assert_eq!(hipDeviceSynchronize(), SUCCESS);
        assert_eq!(hipGraphExecDestroy(exec), SUCCESS);
        assert_eq!(hipGraphDestroy(g), SUCCESS);
    }
}
