//! `rocminfo`: ROCm's report layout (system attributes, then each agent with its pools and ISAs) for
//! ferrocm's agents, with every value read from the machine or the agent itself.
use hsa::{Agent, DeviceType, PoolKind};
use std::fmt::Write as _;

/// One memory pool of an agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolInfo {
    pub segment: String,
    pub size_bytes: u64,
    pub allocatable: bool,
    /// Size rounding of an allocation, bytes.
    pub granule: u64,
    pub alignment: u64,
    pub accessible_by_all: bool,
}

/// One agent as rocminfo shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentInfo {
    pub name: String,
    pub marketing_name: String,
    pub vendor: String,
    pub device_type: DeviceType,
    pub compute_units: u32,
    /// (label, KB), e.g. ("L1", 48).
    pub caches: Vec<(String, u64)>,
    pub cacheline: u32,
    pub max_clock_mhz: u32,
    pub wavefront_size: u32,
    pub workgroup_max: u32,
    pub workgroup_dims: [u32; 3],
    pub grid_dims: [u32; 3],
    pub fast_f16: bool,
    pub queue_max_size: u32,
    pub pools: Vec<PoolInfo>,
    pub isa: String,
}

/// The whole report's inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct System {
    /// The amdgpu kernel driver ("ROCk") version, when loaded.
    pub rock_version: Option<String>,
    pub agents: Vec<AgentInfo>,
}

/// Data and unified caches of cpu0 from sysfs, as (label, KB), in level order.
fn cpu_caches() -> Vec<(String, u64)> {
    let mut out = Vec::new();
    for i in 0..16 {
        let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{i}");
        let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).ok();
        let (Some(level), Some(ty), Some(size)) = (read("level"), read("type"), read("size"))
        else {
            break;
        };
        if ty.trim() == "Instruction" {
            continue;
        }
        let size = size.trim();
        let kb = match size.strip_suffix('K') {
            Some(k) => k.parse().ok(),
            None => size
                .strip_suffix('M')
                .and_then(|m| m.parse::<u64>().ok())
                .map(|m| m * 1024),
        };
        if let Some(kb) = kb {
            out.push((format!("L{}", level.trim()), kb));
        }
    }
    out
}

fn cacheline() -> u32 {
    std::fs::read_to_string("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .or_else(|| cpuinfo_field("cache_alignment").and_then(|v| v.parse().ok()))
        .unwrap_or(64)
}

fn cpuinfo_field(name: &str) -> Option<String> {
    let s = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    s.lines()
        .find(|l| l.split(':').next().is_some_and(|k| k.trim() == name))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

fn max_clock_mhz(fallback: u32) -> u32 {
    std::fs::read_to_string("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map_or(fallback, |khz| (khz / 1000) as u32)
}

/// The largest queue the hsa layer creates (`hsa::Queue` accepts powers of two up to 2^17).
const QUEUE_MAX_SIZE: u32 = 1 << 17;

fn pool_info(kind: PoolKind, capacity: u64) -> PoolInfo {
    let segment = match kind {
        PoolKind::Global => "GLOBAL; FLAGS: FINE GRAINED",
        PoolKind::Kernarg => "GLOBAL; FLAGS: KERNARG, FINE GRAINED",
        PoolKind::Host => "GLOBAL; FLAGS: FINE GRAINED (host)",
    };
    PoolInfo {
        segment: segment.into(),
        size_bytes: capacity,
        allocatable: true,
        // Pools hand out exactly the bytes asked for, aligned to POOL_ALIGN.
        granule: 1,
        alignment: hsa::POOL_ALIGN as u64,
        accessible_by_all: true,
    }
}

fn agent_info(agent: &dyn Agent) -> AgentInfo {
    let p = agent.properties();
    let flags = cpuinfo_field("flags").unwrap_or_default();
    let mut pools: Vec<PoolInfo> = [agent.global_pool(), agent.kernarg_pool(), agent.host_pool()]
        .iter()
        .map(|pool| pool_info(pool.kind(), pool.capacity()))
        .collect();
    pools.push(PoolInfo {
        segment: "GROUP".into(),
        size_bytes: u64::from(p.local_memory_size),
        allocatable: false,
        granule: 0,
        alignment: 0,
        accessible_by_all: false,
    });
    AgentInfo {
        name: p.name.clone(),
        marketing_name: p.name.clone(),
        vendor: p.vendor.clone(),
        device_type: p.device_type,
        compute_units: p.compute_units,
        caches: cpu_caches(),
        cacheline: cacheline(),
        max_clock_mhz: max_clock_mhz(p.clock_mhz),
        wavefront_size: p.wavefront_size,
        workgroup_max: p.max_workgroup_size,
        workgroup_dims: p.max_workgroup_dims,
        grid_dims: p.grid_max,
        fast_f16: flags.split_whitespace().any(|f| f == "avx512fp16"),
        queue_max_size: QUEUE_MAX_SIZE,
        pools,
        isa: format!(
            "amdgcn-amd-amdhsa--{}",
            kernel_abi::gcn_arch_name(p.wavefront_size)
        ),
    }
}

impl System {
    /// Reads the machine and `hsa::agents()`.
    pub fn probe() -> System {
        let rock_version = std::path::Path::new("/sys/module/amdgpu")
            .exists()
            .then(|| {
                std::fs::read_to_string("/sys/module/amdgpu/version")
                    .map(|v| v.trim().to_string())
                    .unwrap_or_default()
            });
        System {
            rock_version,
            agents: hsa::agents()
                .iter()
                .map(|a| agent_info(a.as_ref()))
                .collect(),
        }
    }
}

fn num(v: u64) -> String {
    format!("{v}(0x{v:x})")
}

fn size_text(bytes: u64) -> String {
    if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{}KB", bytes / 1024)
    } else {
        format!("{bytes}B")
    }
}

fn bool_text(b: bool) -> &'static str {
    if b {
        "TRUE"
    } else {
        "FALSE"
    }
}

/// The report text.
pub fn report(sys: &System) -> String {
    let mut s = String::new();
    let mut line = |indent: usize, label: &str, value: &str| {
        let _ = writeln!(
            s,
            "{:indent$}{}",
            "",
            format!("{label:<25}{value}").trim_end()
        );
    };
    match &sys.rock_version {
        Some(v) if !v.is_empty() => line(0, &format!("ROCk module version {v} is loaded"), ""),
        Some(_) => line(0, "ROCk module is loaded", ""),
        None => line(
            0,
            "ROCk module is NOT loaded (not needed: ferrocm's agents run on the CPU)",
            "",
        ),
    }
    line(0, "=====================", "");
    line(0, "HSA System Attributes", "");
    line(0, "=====================", "");
    line(0, "Runtime Version:", "1.1");
    line(0, "Runtime Ext Version:", "1.6");
    line(0, "System Timestamp Freq.:", "1000.000000MHz");
    line(
        0,
        "Sig. Max Wait Duration:",
        "18446744073709551615 (0xFFFFFFFFFFFFFFFF) (timestamp count)",
    );
    line(0, "Machine Model:", "LARGE");
    line(
        0,
        "System Endianness:",
        if cfg!(target_endian = "little") {
            "LITTLE"
        } else {
            "BIG"
        },
    );
    line(0, "Mwaitx:", "DISABLED");
    line(0, "DMAbuf Support:", "NO");
    line(0, "", "");
    line(0, "==========", "");
    line(0, "HSA Agents", "");
    line(0, "==========", "");
    for (n, a) in sys.agents.iter().enumerate() {
        line(0, "*******", "");
        line(0, &format!("Agent {}", n + 1), "");
        line(0, "*******", "");
        let kind = match a.device_type {
            DeviceType::Cpu => "CPU",
            DeviceType::Gpu => "GPU",
        };
        line(2, "Name:", &a.name);
        line(2, "Uuid:", &format!("{kind}-XX"));
        line(2, "Marketing Name:", &a.marketing_name);
        line(2, "Vendor Name:", &a.vendor);
        line(2, "Feature:", "KERNEL_DISPATCH");
        line(2, "Profile:", "FULL_PROFILE");
        line(2, "Float Round Mode:", "NEAR");
        line(2, "Max Queue Number:", &num(u64::from(u32::MAX)));
        line(2, "Queue Min Size:", &num(2));
        line(2, "Queue Max Size:", &num(u64::from(a.queue_max_size)));
        line(2, "Queue Type:", "MULTI");
        line(2, "Node:", &n.to_string());
        line(2, "Device Type:", kind);
        line(2, "Cache Info:", "");
        for (label, kb) in &a.caches {
            line(4, &format!("{label}:"), &format!("{} KB", num(*kb)));
        }
        line(2, "Chip ID:", &num(0));
        line(2, "ASIC Revision:", &num(0));
        line(2, "Cacheline Size:", &num(u64::from(a.cacheline)));
        line(2, "Max Clock Freq. (MHz):", &a.max_clock_mhz.to_string());
        line(2, "BDFID:", "0");
        line(2, "Internal Node ID:", &n.to_string());
        line(2, "Compute Unit:", &a.compute_units.to_string());
        line(2, "SIMDs per CU:", "1");
        line(2, "Shader Engines:", "1");
        line(2, "Shader Arrs. per Eng.:", "1");
        line(2, "Features:", "KERNEL_DISPATCH");
        line(2, "Fast F16 Operation:", bool_text(a.fast_f16));
        line(2, "Wavefront Size:", &num(u64::from(a.wavefront_size)));
        line(2, "Workgroup Max Size:", &num(u64::from(a.workgroup_max)));
        line(2, "Workgroup Max Size per Dimension:", "");
        for (axis, v) in ["x", "y", "z"].iter().zip(a.workgroup_dims) {
            line(4, axis, &num(u64::from(v)));
        }
        let waves = a.workgroup_max / a.wavefront_size.max(1);
        line(2, "Max Waves Per CU:", &num(u64::from(waves)));
        line(2, "Max Work-item Per CU:", &num(u64::from(a.workgroup_max)));
        let grid = a
            .grid_dims
            .iter()
            .fold(1u64, |acc, &d| acc.saturating_mul(u64::from(d)))
            .min(u64::from(u32::MAX));
        line(2, "Grid Max Size:", &num(grid));
        line(2, "Grid Max Size per Dimension:", "");
        for (axis, v) in ["x", "y", "z"].iter().zip(a.grid_dims) {
            line(4, axis, &num(u64::from(v)));
        }
        line(2, "Max fbarriers/Workgrp:", "0");
        line(2, "Packet Processor uCode::", "0");
        line(2, "Pool Info:", "");
        for (i, pool) in a.pools.iter().enumerate() {
            line(4, &format!("Pool {}", i + 1), "");
            line(6, "Segment:", &pool.segment);
            line(6, "Size:", &format!("{} KB", num(pool.size_bytes / 1024)));
            line(6, "Allocatable:", bool_text(pool.allocatable));
            line(6, "Alloc Granule:", &size_text(pool.granule));
            line(6, "Alloc Alignment:", &size_text(pool.alignment));
            line(6, "Accessible by all:", bool_text(pool.accessible_by_all));
        }
        line(2, "ISA Info:", "");
        line(4, "ISA 1", "");
        line(6, "Name:", &a.isa);
        line(6, "Machine Models:", "HSA_MACHINE_MODEL_LARGE");
        line(6, "Profiles:", "HSA_PROFILE_FULL");
        line(6, "Default Rounding Mode:", "NEAR");
        line(6, "Default Rounding Mode:", "NEAR");
        line(6, "Fast f16:", bool_text(a.fast_f16));
        line(6, "Workgroup Max Size:", &num(u64::from(a.workgroup_max)));
        line(6, "Workgroup Max Size per Dimension:", "");
        for (axis, v) in ["x", "y", "z"].iter().zip(a.workgroup_dims) {
            line(8, axis, &num(u64::from(v)));
        }
        line(6, "Grid Max Size:", &num(grid));
        line(6, "Grid Max Size per Dimension:", "");
        for (axis, v) in ["x", "y", "z"].iter().zip(a.grid_dims) {
            line(8, axis, &num(u64::from(v)));
        }
        line(6, "FBarrier Max Size:", "0");
    }
    line(0, "*** Done ***", "");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probed_report_has_rocminfo_sections_and_true_values() {
        let sys = System::probe();
        assert_eq!(sys.agents.len(), hsa::agents().len());
        let text = report(&sys);
        for needle in [
            "HSA System Attributes",
            "HSA Agents",
            "Agent 1",
            "  Device Type:             CPU",
            "  Pool Info:",
            "      Segment:                 GLOBAL; FLAGS: KERNARG, FINE GRAINED",
            "  ISA Info:",
            "      Name:                    amdgcn-amd-amdhsa--gfx",
            "*** Done ***",
        ] {
            assert!(text.contains(needle), "`{needle}` missing:\n{text}");
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert!(
            text.contains(&format!("  Compute Unit:            {cores}\n")),
            "{text}"
        );
    }

    #[test]
    fn values_are_formatted_like_rocminfo() {
        assert_eq!(num(64), "64(0x40)");
        assert_eq!(size_text(4096), "4KB");
        assert_eq!(size_text(256), "256B");
    }
}
