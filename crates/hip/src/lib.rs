//! ferrocm's HIP runtime, Rust API: devices, memory, streams, events, modules and launches
//! with HIP's semantics and ROCm HIP 6's error codes, over the `hsa` core.
//!
//! ```no_run
//! let mut buf = hip::DeviceBuffer::<f32>::from_slice(&[1.0, 2.0]).unwrap();
//! buf.fill_bytes(0).unwrap();
//! assert_eq!(buf.to_vec().unwrap(), vec![0.0, 0.0]);
//! ```

mod buffer;
mod error;
pub mod graph;
pub mod mempool;
mod module;
mod runtime;
pub mod texture;

pub use buffer::DeviceBuffer;
pub use error::{
    get_last_error, last_error_detail, peek_at_last_error, record_error, HipError, Result,
};
pub use module::{ArgBytes, Dim3, Function, KernelArg, Module};
pub use runtime::{
    add_registered_host_range, check_not_in_host_callback, remove_registered_host_range,
    run_host_callback,
};
pub use runtime::{
    agent_properties, device_count, device_synchronize, free, get_device, get_device_properties,
    host_free, host_malloc, malloc, mem_get_info, memcpy, memcpy_async, memcpy_on_null, memset,
    memset_2d_async, memset_async, memset_on_null, memset_pattern, pointer_info, set_device,
    DeviceProp, Event, MemcpyKind, PointerKind, Stream, EVENT_BLOCKING_SYNC, EVENT_DEFAULT,
    EVENT_DISABLE_TIMING, EVENT_INTERPROCESS, STREAM_DEFAULT, STREAM_NON_BLOCKING,
};
pub use runtime::{reset_device, track_user_allocation, SHADER_CLOCK_KHZ};

#[cfg(test)]
mod tests;
