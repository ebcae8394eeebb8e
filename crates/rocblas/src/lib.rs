//! ferrocm's rocBLAS: the BLAS routines of ROCm's rocBLAS, run on the CPU agent.
//!
//! Each routine checks its arguments as rocBLAS does, then queues one kernel on the handle's
//! stream and returns: the kernel's work-groups are tiles of the result, run by the agent's
//! worker pool in order with the stream's other kernels (no second thread pool). Matrix
//! products use the `gemm` crate's single-threaded kernel per tile (docs/ARCHITECTURE.md says
//! why).
//!
//! ```
//! use rocblas::{Handle, Operation};
//! let a = hip::DeviceBuffer::from_slice(&[1.0f32, 2.0, 3.0, 4.0]).unwrap(); // 2 x 2
//! let mut c = hip::DeviceBuffer::<f32>::new(4).unwrap();
//! let blas = Handle::new().unwrap();
//! blas.gemm(Operation::None, Operation::None, (2, 2, 2), 1.0, &a, 2, &a, 2, 0.0, &mut c, 2)
//!     .unwrap();
//! assert_eq!(c.to_vec().unwrap(), [7.0, 10.0, 15.0, 22.0]);
//! ```
//!
//! README.md covers the C libraries (`librocblas`, `libhipblas`) built over this crate.

pub mod auxiliary;
pub mod c_entries;
pub mod c_entries_level2;
pub mod c_entries_more;
pub mod c_handle;
pub mod element;
pub mod gemm_ex;
pub mod kernel;
pub mod level1;
pub mod level1_ex;
pub mod level1_more;
pub mod level2;
pub mod level2_band;
pub mod level2_packed;
pub mod level2_rank2;
pub mod level3;
pub mod level3_more;
pub mod level3_rank2k;
pub mod trsm;
pub mod trtri;
pub mod types;

#[cfg(feature = "hip")]
pub(crate) mod handle;

pub use element::{Element, C32, C64};
pub use half;
pub use half::f16;
#[cfg(feature = "hip")]
pub use handle::Handle;
pub use types::{
    fail, AtomicsMode, Datatype, Diagonal, Error, Fill, GemmAlgo, MathMode, Operation, PointerMode,
    Result, Side, Status,
};
