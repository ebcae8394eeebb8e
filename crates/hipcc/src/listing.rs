//! `hipcc -S` on a HIP source: one text file holding the device and host listings, framed as clang's
//! offload bundler frames assembly (`# __CLANG_OFFLOAD_BUNDLE____START__ <target>` … `END`), one device
//! entry per offload architecture and the host entry last.
//!
//! The device entry is the kernels' metadata, in the shape of AMD's code-object metadata (tools and
//! tests read `.uniform_work_group_size` and friends there), then the native assembly the CPU device
//! runs. Both are comments: the host listing already embeds the device code object, so the whole file
//! still assembles (`hipcc -c x.s`) into an object that launches the kernels.
use kernel_abi::{ArgKind, CodeObjectMeta};
use std::fmt::Write as _;

/// The work-group size a kernel without `__launch_bounds__` accepts (the CPU device's limit).
const MAX_FLAT_WORKGROUP_SIZE: u32 = 1024;

/// The bundle target ID clang gives a HIP device entry for `arch`.
pub fn device_target(arch: &str) -> String {
    if arch.starts_with("gfx") {
        format!("hip-amdgcn-amd-amdhsa--{arch}")
    } else if arch == "amdgcnspirv" {
        format!("hip-spirv64-amd-amdhsa--{arch}")
    } else {
        format!("hip-{}-{arch}", kernel_abi::CPU_TARGET)
    }
}

/// The host entry's target ID.
pub fn host_target() -> String {
    format!("host-{}-", kernel_abi::CPU_TARGET)
}

/// The whole `-S` file: a device entry per architecture in `archs`, then the host listing.
pub fn bundle(archs: &[String], meta: &CodeObjectMeta, device_asm: &str, host_asm: &str) -> String {
    let mut out = String::new();
    for arch in archs {
        let target = device_target(arch);
        let _ = writeln!(out, "# __CLANG_OFFLOAD_BUNDLE____START__ {target}");
        let _ = writeln!(
            out,
            "# Device code for {arch}: its metadata and the native code the CPU device runs, \
             commented (the host listing below embeds the code object)."
        );
        for line in metadata(arch, meta).lines().chain(device_asm.lines()) {
            out.push_str(&comment(line));
            out.push('\n');
        }
        let _ = writeln!(out, "# __CLANG_OFFLOAD_BUNDLE____END__ {target}");
    }
    let host = host_target();
    let _ = writeln!(out, "# __CLANG_OFFLOAD_BUNDLE____START__ {host}");
    out.push_str(host_asm);
    if !host_asm.is_empty() && !host_asm.ends_with('\n') {
        out.push('\n');
    }
    let _ = writeln!(out, "# __CLANG_OFFLOAD_BUNDLE____END__ {host}");
    out
}

/// An assembly comment holding `line`. `#` then a number would be a line marker to the assembler,
/// so such lines get a `|` first.
fn comment(line: &str) -> String {
    if line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        format!("#|{line}")
    } else if line.is_empty() {
        "#".into()
    } else {
        format!("# {line}")
    }
}

/// The kernels' metadata as AMD's code-object v5 metadata document lists it.
fn metadata(arch: &str, meta: &CodeObjectMeta) -> String {
    let mut s = String::from("\t.amdgpu_metadata\n---\namdhsa.kernels:\n");
    for k in &meta.kernels {
        let _ = writeln!(s, "  - .args:");
        for a in &k.args {
            let kind = match a.kind {
                ArgKind::Pointer => "global_buffer",
                ArgKind::Value | ArgKind::Aggregate => "by_value",
            };
            let _ = writeln!(s, "      - .offset:         {}", a.offset);
            let _ = writeln!(s, "        .size:           {}", a.size);
            let _ = writeln!(s, "        .value_kind:     {kind}");
        }
        let _ = writeln!(s, "    .group_segment_fixed_size: {}", k.static_local_size);
        let _ = writeln!(s, "    .kernarg_segment_align: {}", k.kernarg_align.max(1));
        let _ = writeln!(s, "    .kernarg_segment_size: {}", k.kernarg_size);
        let _ = writeln!(
            s,
            "    .max_flat_workgroup_size: {}",
            k.max_threads_per_block.unwrap_or(MAX_FLAT_WORKGROUP_SIZE)
        );
        let _ = writeln!(s, "    .name:           {}", k.name);
        let _ = writeln!(s, "    .symbol:         {}", k.symbol);
        // HIP kernels have uniform work-groups; the runtime refuses a launch whose global size is
        // not a whole number of blocks.
        let _ = writeln!(s, "    .uniform_work_group_size: 1");
        if meta.wavefront_size != 0 {
            let _ = writeln!(s, "    .wavefront_size: {}", meta.wavefront_size);
        }
    }
    let target = if arch.starts_with("gfx") {
        format!("amdgcn-amd-amdhsa--{arch}")
    } else {
        kernel_abi::CPU_TARGET.to_string()
    };
    let _ = writeln!(s, "amdhsa.target:   {target}");
    s.push_str("amdhsa.version:\n  - 1\n  - 2\n...\n\t.end_amdgpu_metadata\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel_abi::{ArgMeta, KernelMeta};

    fn meta() -> CodeObjectMeta {
        CodeObjectMeta {
            target: kernel_abi::CPU_TARGET.into(),
            wavefront_size: 64,
            kernels: vec![KernelMeta {
                name: "_Z4copyPiS_".into(),
                symbol: "_Z4copyPiS_.wg".into(),
                args: vec![
                    ArgMeta {
                        offset: 0,
                        size: 8,
                        align: 8,
                        kind: ArgKind::Pointer,
                    },
                    ArgMeta {
                        offset: 8,
                        size: 4,
                        align: 4,
                        kind: ArgKind::Value,
                    },
                ],
                kernarg_size: 12,
                kernarg_align: 8,
                static_local_size: 256,
                dynamic_local_offset: 256,
                max_threads_per_block: Some(128),
                barriers: 0,
                grid_sync: false,
            }],
            globals: vec![],
        }
    }

    #[test]
    fn frames_each_arch_then_the_host() {
        let archs = vec!["gfx900".to_string(), "gfx90a".to_string()];
        let text = bundle(
            &archs,
            &meta(),
            "\t.text\n1:\n\tret\n",
            "\t.text\nmain:\n\tret",
        );
        let starts: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("# __CLANG_OFFLOAD_BUNDLE____START__ "))
            .collect();
        assert_eq!(
            starts,
            [
                "hip-amdgcn-amd-amdhsa--gfx900",
                "hip-amdgcn-amd-amdhsa--gfx90a",
                "host-x86_64-unknown-linux-gnu-"
            ]
        );
        assert!(text.ends_with(
            "\t.text\nmain:\n\tret\n# __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-unknown-linux-gnu-\n"
        ));
        // The device part is all comments, none of them a line marker.
        let host_start = text.find("START__ host").unwrap_or(text.len());
        for line in text[..host_start].lines() {
            assert!(line.starts_with('#'), "{line}");
            assert!(!line[1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit()));
        }
        assert!(text.contains("#|1:\n"));
    }

    #[test]
    fn lists_the_kernel_metadata() {
        let text = bundle(&["gfx900".into()], &meta(), "", "");
        for want in [
            "# amdhsa.kernels:",
            "#     .name:           _Z4copyPiS_",
            "#     .uniform_work_group_size: 1",
            "#     .max_flat_workgroup_size: 128",
            "#     .group_segment_fixed_size: 256",
            "#     .kernarg_segment_size: 12",
            "#         .value_kind:     global_buffer",
            "#         .value_kind:     by_value",
            "#     .wavefront_size: 64",
            "# amdhsa.target:   amdgcn-amd-amdhsa--gfx900",
        ] {
            assert!(
                text.lines().any(|l| l == want),
                "missing {want:?} in\n{text}"
            );
        }
    }

    #[test]
    fn names_targets_as_clang_does() {
        assert_eq!(device_target("gfx1030"), "hip-amdgcn-amd-amdhsa--gfx1030");
        assert_eq!(
            device_target("amdgcnspirv"),
            "hip-spirv64-amd-amdhsa--amdgcnspirv"
        );
        assert_eq!(
            device_target(kernel_abi::CPU_TARGET),
            "hip-x86_64-unknown-linux-gnu-x86_64-unknown-linux-gnu"
        );
    }
}
