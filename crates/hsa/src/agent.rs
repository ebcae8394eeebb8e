//! Agents: the devices of the HSA model. The CPU agent runs kernels on a worker pool.

use crate::cpu::pool::WorkerPool;
use crate::error::{HsaError, Result};
use crate::executable::{CodeObjectReader, Executable};
use crate::memory::{MemoryPool, PoolKind};
use crate::queue::Queue;
use std::sync::{Arc, OnceLock};

/// `hsa_device_type_t`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceType {
    Cpu,
    Gpu,
}

/// What an agent reports about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentProperties {
    pub name: String,
    pub vendor: String,
    pub device_type: DeviceType,
    pub compute_units: u32,
    pub max_workgroup_size: u32,
    /// Work-groups one compute unit holds at once (HIP's `maxBlocksPerMultiProcessor`): with
    /// the threads (`max_workgroup_size` per compute unit) and local memory a kernel's groups
    /// need, this bounds the occupancy HIP reports and so the size of a cooperative launch,
    /// whose every work-group runs on its own thread. See [`max_workgroups_per_cu`].
    pub max_workgroups_per_cu: u32,
    pub max_workgroup_dims: [u32; 3],
    /// Maximum number of work-groups per grid dimension, as HIP reports `maxGridSize`.
    pub grid_max: [u32; 3],
    /// Group (shared) memory per work-group, bytes.
    pub local_memory_size: u32,
    pub wavefront_size: u32,
    /// Bytes of memory the global pool may hand out.
    pub total_memory: u64,
    /// Clock in MHz (0 when unknown).
    pub clock_mhz: u32,
}

/// A device agent. Implemented by the CPU agent; GPU agents come later.
pub trait Agent: Send + Sync + std::fmt::Debug {
    fn properties(&self) -> &AgentProperties;
    /// Device global memory.
    fn global_pool(&self) -> &Arc<MemoryPool>;
    /// Kernel argument memory.
    fn kernarg_pool(&self) -> &Arc<MemoryPool>;
    /// Pinned host memory.
    fn host_pool(&self) -> &Arc<MemoryPool>;
    /// Creates a queue of `size` packets (a power of two).
    fn create_queue(&self, size: u32) -> Result<Queue>;
    /// Loads a code object for this agent.
    fn load_executable(&self, reader: &CodeObjectReader) -> Result<Executable>;
}

/// The CPU agent: host cores as compute units, host memory as device memory.
#[derive(Debug)]
pub struct CpuAgent {
    props: AgentProperties,
    global: Arc<MemoryPool>,
    kernarg: Arc<MemoryPool>,
    host: Arc<MemoryPool>,
    workers: OnceLock<Arc<WorkerPool>>,
}

fn cpu_model_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "Generic CPU".to_string())
}

fn cpu_mhz() -> u32 {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("cpu MHz"))
                .and_then(|l| l.split_once(':'))
                .and_then(|(_, v)| v.trim().parse::<f64>().ok())
        })
        .map_or(0, |m| m as u32)
}

/// A field of /proc/meminfo in bytes.
pub(crate) fn meminfo(field: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Bytes of host memory currently available (for `hipMemGetInfo`).
pub fn host_available_memory() -> Option<u64> {
    meminfo("MemAvailable:")
}

/// The CPU device's warp size: 64 (CDNA-like) unless `FERROCM_WARP_SIZE=32`, read once per process.
pub fn warp_size() -> u32 {
    kernel_abi::default_wavefront_size()
}

/// Resident work-groups per compute unit: 16, fewer on machines with more than 32 cores, so that
/// the whole device holds at most `max(512, cores)` groups. A cooperative launch runs each of
/// its work-groups on a thread of its own; this keeps that to a few hundred threads.
pub fn max_workgroups_per_cu(compute_units: u32) -> u32 {
    (512 / compute_units.max(1)).clamp(1, 16)
}

impl CpuAgent {
    /// A new CPU agent (most code wants the shared one from [`cpu_agent`]).
    pub fn new() -> CpuAgent {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
        let total = meminfo("MemTotal:").unwrap_or(16 << 30);
        let props = AgentProperties {
            name: cpu_model_name(),
            vendor: std::fs::read_to_string("/proc/cpuinfo")
                .ok()
                .and_then(|s| {
                    s.lines()
                        .find(|l| l.starts_with("vendor_id"))
                        .and_then(|l| l.split_once(':'))
                        .map(|(_, v)| v.trim().to_string())
                })
                .unwrap_or_else(|| "CPU".into()),
            device_type: DeviceType::Cpu,
            compute_units: cores,
            max_workgroup_size: 1024,
            max_workgroups_per_cu: max_workgroups_per_cu(cores),
            max_workgroup_dims: [1024, 1024, 1024],
            grid_max: [i32::MAX as u32, 65536, 65536],
            local_memory_size: 64 * 1024,
            wavefront_size: warp_size(),
            total_memory: total,
            clock_mhz: cpu_mhz(),
        };
        CpuAgent {
            props,
            global: Arc::new(MemoryPool::new(PoolKind::Global, total)),
            kernarg: Arc::new(MemoryPool::new(PoolKind::Kernarg, total)),
            host: Arc::new(MemoryPool::new(PoolKind::Host, total)),
            workers: OnceLock::new(),
        }
    }

    /// The worker pool, started on first use: one worker per core, less the packet
    /// processor that takes part in each dispatch.
    pub fn workers(&self) -> Result<Arc<WorkerPool>> {
        if let Some(w) = self.workers.get() {
            return Ok(w.clone());
        }
        // The submitting packet processor runs work-groups too: with one worker per remaining core
        // every core is busy and none is oversubscribed.
        let n = self.props.compute_units.saturating_sub(1) as usize;
        let pool = WorkerPool::new(n)
            .map_err(|e| HsaError::OutOfResources(format!("cannot start CPU workers: {e}")))?;
        // Another thread may have won the race; its pool is used and ours is dropped.
        Ok(self.workers.get_or_init(|| Arc::new(pool)).clone())
    }
}

impl Default for CpuAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl Agent for CpuAgent {
    fn properties(&self) -> &AgentProperties {
        &self.props
    }
    fn global_pool(&self) -> &Arc<MemoryPool> {
        &self.global
    }
    fn kernarg_pool(&self) -> &Arc<MemoryPool> {
        &self.kernarg
    }
    fn host_pool(&self) -> &Arc<MemoryPool> {
        &self.host
    }
    fn create_queue(&self, size: u32) -> Result<Queue> {
        Queue::new(
            size,
            self.workers()?,
            self.kernarg.clone(),
            self.props.wavefront_size,
            self.props.local_memory_size,
            self.props.compute_units as u64 * self.props.max_workgroups_per_cu as u64,
        )
    }
    fn load_executable(&self, reader: &CodeObjectReader) -> Result<Executable> {
        Executable::load(reader)
    }
}

/// The process-wide CPU agent, created on first use.
pub fn cpu_agent() -> Arc<CpuAgent> {
    static AGENT: OnceLock<Arc<CpuAgent>> = OnceLock::new();
    AGENT.get_or_init(|| Arc::new(CpuAgent::new())).clone()
}

/// All agents of the system (today: the CPU agent).
pub fn agents() -> Vec<Arc<dyn Agent>> {
    vec![cpu_agent() as Arc<dyn Agent>]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_agent_properties() {
        let a = cpu_agent();
        let p = a.properties();
        assert!(!p.name.is_empty());
        assert_eq!(p.device_type, DeviceType::Cpu);
        assert!(p.compute_units >= 1);
        assert_eq!(p.max_workgroup_size, 1024);
        assert_eq!(
            p.max_workgroups_per_cu,
            max_workgroups_per_cu(p.compute_units)
        );
        assert_eq!(max_workgroups_per_cu(2), 16);
        assert_eq!(max_workgroups_per_cu(64), 8);
        assert_eq!(max_workgroups_per_cu(1024), 1);
        assert_eq!(p.grid_max, [i32::MAX as u32, 65536, 65536]);
        assert_eq!(p.local_memory_size, 65536);
        assert!(p.wavefront_size == 64 || p.wavefront_size == 32);
        assert_eq!(agents().len(), 1);
        assert!(a.create_queue(3).is_err());
        assert!(a.create_queue(0).is_err());
    }
}
