//! Sample HIP programs run end to end on ferrocm.
//!
//! Each sample compiles one kernel source from `samples/*.hip` (at the repository root) with
//! [`hip::Module::from_source`], launches it, and checks the device's result against the same
//! computation done on the host. A sample returns a one-line summary of what it computed, or a
//! [`SampleError`] saying what went wrong.

pub mod capture;
pub mod host;
mod samples;

pub use samples::{Sample, SAMPLES};

/// Why a sample failed.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// The HIP runtime (or the kernel compiler behind it) reported an error; `detail` is the
    /// runtime's explanation (a compiler log, an assertion message), when it gave one.
    #[error("HIP error: {error}{}", .detail.as_deref().map(|d| format!(": {d}")).unwrap_or_default())]
    Hip {
        error: hip::HipError,
        detail: Option<String>,
    },
    /// The device computed something other than the host reference.
    #[error("wrong result: {0}")]
    Mismatch(String),
    /// Capturing the process's standard output (for device printf) failed.
    #[error("stdout capture failed: {0}")]
    Capture(#[from] std::io::Error),
}

impl From<hip::HipError> for SampleError {
    fn from(error: hip::HipError) -> Self {
        // The detail is per thread and describes the call that just failed.
        SampleError::Hip {
            error,
            detail: hip::last_error_detail(),
        }
    }
}

/// Result of one sample: the summary line printed after PASS.
pub type SampleResult = Result<String, SampleError>;

/// Looks a sample up by name.
pub fn find(name: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.name == name)
}

/// The `hip::Dim3` for a launch; kept in one place so the samples read as `dim3(x, y, z)`.
pub fn dim3(x: u32, y: u32, z: u32) -> hip::Dim3 {
    hip::Dim3 { x, y, z }
}

/// Formats the device listing (a short `rocminfo`): one block per device.
pub fn device_listing() -> Result<String, hip::HipError> {
    use std::fmt::Write as _;
    let count = hip::device_count()?;
    let mut out = String::new();
    let _ = writeln!(out, "HIP devices: {count}");
    for i in 0..count {
        let p = hip::get_device_properties(i)?;
        let _ = writeln!(out, "  device {i}: {}", p.name);
        let _ = writeln!(out, "    arch                  {}", p.gcn_arch_name);
        let _ = writeln!(out, "    compute units         {}", p.multi_processor_count);
        let _ = writeln!(out, "    warp size             {}", p.warp_size);
        let _ = writeln!(out, "    clock rate            {} kHz", p.clock_rate);
        let _ = writeln!(
            out,
            "    global memory         {:.1} GiB",
            p.total_global_mem as f64 / (1u64 << 30) as f64
        );
        let _ = writeln!(
            out,
            "    shared mem per block  {} KiB",
            p.shared_mem_per_block / 1024
        );
        let _ = writeln!(out, "    max threads per block {}", p.max_threads_per_block);
        let _ = writeln!(
            out,
            "    max block dims        {} x {} x {}",
            p.max_threads_dim[0], p.max_threads_dim[1], p.max_threads_dim[2]
        );
        let _ = writeln!(
            out,
            "    max grid dims         {} x {} x {}",
            p.max_grid_size[0], p.max_grid_size[1], p.max_grid_size[2]
        );
    }
    Ok(out)
}
