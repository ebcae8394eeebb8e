//! `rocm_agent_enumerator`: the ISA name of each agent, one a line, as ROCm's tool prints them; CMake runs
//! it (`-t GPU`) to choose `CMAKE_HIP_ARCHITECTURES` when a project sets none, and ROCm's `hip-config.cmake`
//! to choose `GPU_TARGETS`.
//!
//! The names are the HIP devices' `gcnArchName`, read from the runtime, without target features
//! (`gfx900:xnack-` is printed `gfx900`), as ROCm's tool prints processor names; so `GPU_TARGETS` holds
//! plain names that projects compare with `IN_LIST` and `MATCHES`. ferrocm's compute device is the
//! CPU agent, so it is listed for `-t GPU` (what build systems ask for) and with no `-t`; ferrocm has no
//! further host-only agent, so `-t CPU` lists nothing (ROCm would print `gfx000` there, which CMake skips).

/// The agent types `-t` selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentType {
    All,
    Gpu,
    Cpu,
}

/// `rocm_agent_enumerator -h`.
pub const HELP: &str = "\
usage: rocm_agent_enumerator [-t GPU|CPU|ALL]
  prints the processor name of each agent (gcnArchName without its features), one a line
  -t GPU   the compute devices (ferrocm's CPU device)
  -t CPU   host-only CPU agents (none in ferrocm)
";

/// What the command line asks for: the agent types, or the help text.
pub fn parse(args: &[String]) -> Result<Option<AgentType>, String> {
    let mut ty = AgentType::All;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-h" | "--help" => return Ok(None),
            "-t" => {
                let v = it
                    .next()
                    .ok_or("rocm_agent_enumerator: error: -t needs GPU, CPU or ALL")?;
                ty = match v.to_ascii_uppercase().as_str() {
                    "GPU" => AgentType::Gpu,
                    "CPU" => AgentType::Cpu,
                    "ALL" => AgentType::All,
                    _ => {
                        return Err(format!(
                        "rocm_agent_enumerator: error: unknown agent type '{v}' (GPU, CPU or ALL)"
                    ))
                    }
                };
            }
            other => {
                return Err(format!(
                    "rocm_agent_enumerator: error: unknown option '{other}' (see -h)"
                ))
            }
        }
    }
    Ok(Some(ty))
}

/// The `gcnArchName` of every HIP device, in device order.
pub fn device_arch_names() -> Result<Vec<String>, hip::HipError> {
    let n = hip::device_count()?;
    (0..n)
        .map(|d| hip::get_device_properties(d).map(|p| p.gcn_arch_name))
        .collect()
}

/// The processor part of an ISA name: `gfx900:xnack-` -> `gfx900`.
pub fn processor(arch: &str) -> &str {
    arch.split(':').next().unwrap_or(arch)
}

/// The report for `ty`, given the devices' names: one processor name a line.
pub fn report(ty: AgentType, device_archs: &[String]) -> String {
    match ty {
        AgentType::Cpu => String::new(),
        AgentType::Gpu | AgentType::All => device_archs
            .iter()
            .map(|a| format!("{}\n", processor(a)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Result<Option<AgentType>, String> {
        parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn agent_types_are_parsed_as_rocm_spells_them() {
        assert_eq!(p(&[]), Ok(Some(AgentType::All)));
        assert_eq!(p(&["-t", "GPU"]), Ok(Some(AgentType::Gpu)));
        assert_eq!(p(&["-t", "cpu"]), Ok(Some(AgentType::Cpu)));
        assert_eq!(p(&["-h"]), Ok(None));
        assert!(p(&["-t"]).is_err());
        assert!(p(&["-t", "DSP"]).unwrap_err().contains("'DSP'"));
        assert!(p(&["--bogus"]).unwrap_err().contains("'--bogus'"));
    }

    #[test]
    fn one_line_per_device_and_none_for_cpu() {
        let names = vec!["gfxA".to_string(), "gfxB:xnack-:sramecc+".to_string()];
        assert_eq!(report(AgentType::Gpu, &names), "gfxA\ngfxB\n");
        assert_eq!(report(AgentType::All, &names), "gfxA\ngfxB\n");
        assert_eq!(report(AgentType::Cpu, &names), "");
    }
}
