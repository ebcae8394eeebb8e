//! Optimization and code generation on every core: a large lowered module is split into
//! partitions (`ferrocm_split_module` in the shim, over LLVM's module cloning), and each is
//! optimized and compiled to an object on a thread of its own, as LLVM's parallel LTO back end
//! does. The objects link into one shared object.
//!
//! - Functions that call or name each other stay in one partition, so its optimizer sees all that
//!   the whole module's would: a kernel, its work-group function and the functions its regions
//!   were outlined into.
//! - Local constants, and local functions that are only called, are copied into each partition
//!   that uses them, so their contents stay known there (a load from a constant table folds).
//! - The other local symbols (mutable variables, functions whose address is taken) are defined in
//!   one partition and become hidden globals, which the link binds inside the shared object.
//! - A module too small to be worth a thread per partition (`SPLIT_MIN_INSTRUCTIONS` each), or
//!   with what cannot be split safely (module inline assembly, aliases, static constructors), is
//!   compiled whole, as is one whose listing (`-S`) is wanted.
use crate::codegen::{host_machine, object_code, optimize};
use crate::error::CompileError;
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::OptimizationLevel;

/// One object per partition (bitcode from [`crate::shim::split_module`]), each optimized and
/// generated on a thread of its own, in an LLVM context of its own (contexts are not shared across
/// threads).
pub(crate) fn compile_partitions(
    parts: &[Vec<u8>],
    level: u32,
    ol: OptimizationLevel,
) -> Result<Vec<Vec<u8>>, CompileError> {
    std::thread::scope(|s| {
        let threads: Vec<_> = parts
            .iter()
            .enumerate()
            .map(|(k, bits)| {
                s.spawn(move || {
                    let ctx = Context::create();
                    let buf = MemoryBuffer::create_from_memory_range_copy(bits, "partition");
                    let module = ctx.create_module_from_ir(buf).map_err(|e| {
                        CompileError::Codegen(format!("reading partition {k}: {e}"))
                    })?;
                    let tm = host_machine(ol)?;
                    optimize(&module, &tm, level, &format!(".{k}"))?;
                    object_code(&module, &tm)
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| {
                t.join().unwrap_or_else(|_| {
                    Err(CompileError::Codegen(
                        "a code-generation thread stopped unexpectedly".into(),
                    ))
                })
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use crate::ir::testing::golden;
    use inkwell::context::Context;
    use inkwell::memory_buffer::MemoryBuffer;

    /// Each case's partitions, as notes (`part K: <line>`), then the module left behind: at most 3
    /// partitions of 1 instruction or more, but for `too_small` (4 of 100).
    #[test]
    fn golden_split() {
        golden("split", |module, _| {
            let (parts, min) = match module.get_name().to_str() {
                Ok("too_small") => (4, 100),
                _ => (3, 1),
            };
            let bits = crate::shim::split_module(module.as_mut_ptr(), parts, min);
            let mut notes = vec![format!("{} partitions", bits.len())];
            for (k, b) in bits.iter().enumerate() {
                let ctx = Context::create();
                let buf = MemoryBuffer::create_from_memory_range_copy(b, "part");
                let part = ctx
                    .create_module_from_ir(buf)
                    .map_err(|e| format!("partition {k}: {e}"))?;
                part.verify()
                    .map_err(|e| format!("partition {k} does not verify: {e}"))?;
                let text = part.print_to_string().to_string();
                notes.extend(
                    text.lines()
                        .filter(|l| !l.is_empty() && !l.starts_with("; ModuleID"))
                        .filter(|l| !l.starts_with("source_filename"))
                        .filter(|l| !l.starts_with("target "))
                        .map(|l| format!("part {k}: {l}")),
                );
            }
            Ok(notes)
        });
    }
}
