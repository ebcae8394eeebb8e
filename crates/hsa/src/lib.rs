//! ferrocm's HSA-style core (ROCr's role): agents, memory pools, signals, AQL queues and
//! executables, with the CPU agent that runs kernels' work-group functions on a thread pool.
//!
//! ```no_run
//! use hsa::{Agent, Signal, SignalCondition};
//! let agent = hsa::cpu_agent();
//! let queue = agent.create_queue(64).unwrap();
//! let done = Signal::new(1);
//! queue.submit_callback(Box::new(|| {}), Some(&done)).unwrap();
//! done.wait(SignalCondition::Eq, 0, None);
//! ```

pub mod agent;
pub mod cpu;
pub mod error;
pub mod executable;
pub mod memory;
pub mod names;
pub mod packet;
pub mod printf;
pub mod queue;
pub mod signal;

pub use agent::{
    agents, cpu_agent, host_available_memory, Agent, AgentProperties, CpuAgent, DeviceType,
};
pub use error::{DispatchError, DispatchErrorKind, HsaError, Result, STATUS_SUCCESS};
pub use executable::{CodeObjectReader, Executable, KernelObject};
pub use memory::{MemoryPool, PoolKind, POOL_ALIGN};
pub use names::kernel_label;
pub use queue::{DispatchParams, HostCallback, Queue};
pub use signal::{Signal, SignalCondition};

#[cfg(test)]
mod tests;
