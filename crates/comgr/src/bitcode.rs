//! Device bitcode as a product of its own: the IR clang-19 gives before the CPU lowering, linking several
//! such modules, lowering a (linked) module to a code object, and reading back what address markers point
//! at (hipRTC's name expressions).
//!
//! Device bitcode is ferrocm's portable device IR (triple [`BITCODE_TARGET`]): separately compiled
//! (`-fgpu-rdc`) modules can be linked, then lowered once, which is how hipRTC's link API works on the
//! CPU device.
use crate::error::CompileError;
use crate::{codegen, compile_device_ir, normalize_args, CompileOptions, Source, WorkDir};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module};
use inkwell::values::AsValueRef;
use kernel_abi::CodeObject;
use llvm_sys::core::{
    LLVMGetFirstUse, LLVMGetInitializer, LLVMGetNumOperands, LLVMGetOperand, LLVMGetValueName2,
    LLVMIsAConstantExpr, LLVMIsAGlobalValue,
};
use llvm_sys::prelude::LLVMValueRef;

/// The target triple of ferrocm's device bitcode: AMD's generic target (`--offload-arch=amdgcnspirv`
/// gives `spirv64-amd-amdhsa`); plain `spirv64` IR (`--offload=spirv64`) is accepted too.
pub const BITCODE_TARGET: &str = "spirv64";

/// Compiles HIP `source` device side only, giving its LLVM bitcode (not lowered: it may refer to device
/// functions and variables defined in other modules) and the compiler's diagnostics. Not cached.
pub fn compile_hip_to_bitcode(
    source: &str,
    source_name: &str,
    opts: &CompileOptions,
) -> Result<(Vec<u8>, String), CompileError> {
    let args = normalize_args(&opts.args)?;
    let work = WorkDir::new()?;
    let (ir, _) = compile_device_ir(
        Source::Text {
            text: source,
            name: source_name,
        },
        &args,
        &opts.headers,
        &work,
    )?;
    Ok((ir.bitcode, ir.log))
}

/// Compiles the HIP file at `path` device side only, where it lies (its folder's includes work,
/// diagnostics name it), giving its LLVM bitcode, not lowered (for `-fgpu-rdc`), and the diagnostics.
pub fn compile_hip_file_to_bitcode(
    path: &std::path::Path,
    opts: &CompileOptions,
) -> Result<(Vec<u8>, String), CompileError> {
    let args = normalize_args(&opts.args)?;
    let work = WorkDir::new()?;
    let (ir, _) = compile_device_ir(Source::File(path), &args, &opts.headers, &work)?;
    Ok((ir.bitcode, ir.log))
}

/// Lowers device bitcode (from [`compile_hip_to_bitcode`] or [`link_bitcode`]) to a CPU code object;
/// `opts.args` gives the optimisation level (`-O0`..`-O3`, default `-O3`), `opts.headers` is unused.
pub fn lower_bitcode(bitcode: &[u8], opts: &CompileOptions) -> Result<CodeObject, CompileError> {
    let (how, work) = lowering(bitcode, opts)?;
    codegen::lower_to_code_object(bitcode, how, &work.0)
}

/// [`lower_bitcode`], also giving the native assembly listing of the lowered device code.
pub fn lower_bitcode_with_listing(
    bitcode: &[u8],
    opts: &CompileOptions,
) -> Result<(CodeObject, String), CompileError> {
    let (how, work) = lowering(bitcode, opts)?;
    codegen::lower_with_listing(bitcode, how, &work.0)
}

/// A lowering's options and scratch folder, once the bitcode is known to parse.
fn lowering(
    bitcode: &[u8],
    opts: &CompileOptions,
) -> Result<(codegen::Lowering, WorkDir), CompileError> {
    let args = normalize_args(&opts.args)?;
    {
        let ctx = Context::create();
        parse(&ctx, bitcode, "device bitcode")?;
    }
    Ok((codegen::Lowering::from_args(&args), WorkDir::new()?))
}

/// Links device bitcode modules, each given as (name for diagnostics, bitcode or textual IR), into one
/// bitcode module. A symbol defined twice, or a module for another target, is an error naming the input.
pub fn link_bitcode(inputs: &[(&str, &[u8])]) -> Result<Vec<u8>, CompileError> {
    let Some(((first_name, first), rest)) = inputs.split_first() else {
        return Err(CompileError::InvalidOption(
            "nothing to link: no bitcode inputs were added".into(),
        ));
    };
    let ctx = Context::create();
    let linked = parse(&ctx, first, first_name)?;
    for (name, bytes) in rest {
        let m = parse(&ctx, bytes, name)?;
        linked.link_in_module(m).map_err(|e| {
            CompileError::Codegen(format!("linking `{name}`: {}", e.to_string_lossy().trim()))
        })?;
    }
    linked.verify().map_err(|e| {
        CompileError::Codegen(format!(
            "linked device module is invalid: {}",
            e.to_string_lossy()
        ))
    })?;
    Ok(linked.write_bitcode_to_memory().as_slice().to_vec())
}

/// For each marker — a device global variable whose initializer is the address of a function or
/// variable — the (mangled) name of what it points at, `None` where the marker is missing or points at
/// no named symbol. The markers are removed from the returned bitcode, and the symbols they named are
/// kept alive (a template instantiation's `linkonce_odr` becomes `weak_odr`, which the optimiser keeps).
pub fn take_address_markers(
    bitcode: &[u8],
    markers: &[&str],
) -> Result<(Vec<u8>, Vec<Option<String>>), CompileError> {
    let ctx = Context::create();
    let module = parse(&ctx, bitcode, "device bitcode")?;
    let mut names = Vec::with_capacity(markers.len());
    for marker in markers {
        let Some(g) = module.get_global(marker) else {
            names.push(None);
            continue;
        };
        let raw = g.as_value_ref();
        // SAFETY: `raw` is a live global variable of `module`; a declaration has a null initializer.
        let init = unsafe { LLVMGetInitializer(raw) };
        let target = pointee_symbol(init);
        if let Some(t) = &target {
            if let Some(f) = module.get_function(t) {
                keep_alive(f.as_global_value());
            } else if let Some(v) = module.get_global(t) {
                keep_alive(v);
            }
        }
        names.push(target);
        // SAFETY: `raw` is a live global of `module`.
        let used = unsafe { !LLVMGetFirstUse(raw).is_null() };
        if used {
            return Err(CompileError::Codegen(format!(
                "name-expression marker `{marker}` is referenced by the program itself"
            )));
        }
        // SAFETY: the global has no uses (checked above) and is not touched again.
        unsafe { g.delete() };
    }
    Ok((module.write_bitcode_to_memory().as_slice().to_vec(), names))
}

fn keep_alive(g: inkwell::values::GlobalValue<'_>) {
    if matches!(g.get_linkage(), Linkage::LinkOnceAny | Linkage::LinkOnceODR) {
        g.set_linkage(Linkage::WeakODR);
    }
}

/// The named global a constant points at, looking through casts (`addrspacecast`, `bitcast`).
fn pointee_symbol(mut v: LLVMValueRef) -> Option<String> {
    for _ in 0..8 {
        if v.is_null() {
            return None;
        }
        // SAFETY: `v` is a non-null constant of a live module.
        if unsafe { !LLVMIsAGlobalValue(v).is_null() } {
            let mut len = 0usize;
            // SAFETY: `v` is a live value; the returned pointer is valid for `len` bytes while it lives.
            let ptr = unsafe { LLVMGetValueName2(v, &mut len) };
            if ptr.is_null() || len == 0 {
                return None;
            }
            // SAFETY: LLVM gives `len` readable bytes at `ptr`.
            let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
            return Some(String::from_utf8_lossy(bytes).into_owned());
        }
        // SAFETY: as above; operand 0 of a cast constant expression is its source.
        unsafe {
            if LLVMIsAConstantExpr(v).is_null() || LLVMGetNumOperands(v) < 1 {
                return None;
            }
            v = LLVMGetOperand(v, 0);
        }
    }
    None
}

/// Parses bitcode (or textual IR) and checks it is ferrocm device IR.
fn parse<'ctx>(ctx: &'ctx Context, bytes: &[u8], name: &str) -> Result<Module<'ctx>, CompileError> {
    let buf = MemoryBuffer::create_from_memory_range_copy(bytes, name);
    let module = ctx.create_module_from_ir(buf).map_err(|e| {
        CompileError::Codegen(format!(
            "`{name}` is not LLVM bitcode or IR: {}",
            e.to_string_lossy().trim()
        ))
    })?;
    let triple = module.get_triple();
    let triple = triple.as_str().to_string_lossy();
    if !triple.starts_with(BITCODE_TARGET) {
        return Err(CompileError::Codegen(format!(
            "`{name}` is device IR for target `{triple}`; the CPU device lowers only ferrocm's \
             {BITCODE_TARGET} device IR (from hipRTC, `hipcc --cuda-device-only -emit-llvm` or \
             `clang-19 -x hip --offload-arch=amdgcnspirv --cuda-device-only -emit-llvm`)"
        )));
    }
    Ok(module)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEVICE_FN: &str = r#"target triple = "spirv64"
define spir_func float @twice(float %x) {
  %r = fmul float %x, 2.0
  ret float %r
}
"#;
    const KERNEL: &str = r#"target triple = "spirv64"
@marker = addrspace(1) global ptr addrspace(4) addrspacecast (ptr @k to ptr addrspace(4))
declare spir_func float @twice(float)
define linkonce_odr spir_kernel void @k(ptr addrspace(1) %p) {
  %v = load float, ptr addrspace(1) %p
  %r = call spir_func float @twice(float %v)
  store float %r, ptr addrspace(1) %p
  ret void
}
"#;

    #[test]
    fn links_ir_modules_and_reports_duplicates() {
        let linked = link_bitcode(&[
            ("k.ll", KERNEL.as_bytes()),
            ("twice.ll", DEVICE_FN.as_bytes()),
        ])
        .expect("links");
        assert!(linked.starts_with(b"BC\xc0\xde"));
        let e = link_bitcode(&[
            ("a.ll", DEVICE_FN.as_bytes()),
            ("b.ll", DEVICE_FN.as_bytes()),
        ])
        .expect_err("twice defined twice");
        assert!(e.to_string().contains("b.ll"), "{e}");
        let e = link_bitcode(&[]).expect_err("nothing");
        assert!(e.to_string().contains("nothing to link"), "{e}");
    }

    #[test]
    fn rejects_other_targets_and_garbage() {
        let amd = "target triple = \"amdgcn-amd-amdhsa\"\n";
        let e = link_bitcode(&[("amd.ll", amd.as_bytes())]).expect_err("wrong target");
        assert!(e.to_string().contains("amdgcn-amd-amdhsa"), "{e}");
        let e = link_bitcode(&[("junk", b"\x01\x02junk")]).expect_err("not IR");
        assert!(e.to_string().contains("`junk` is not LLVM bitcode"), "{e}");
    }

    #[test]
    fn markers_resolve_and_are_removed() {
        let (bc, names) =
            take_address_markers(KERNEL.as_bytes(), &["marker", "missing"]).expect("markers");
        assert_eq!(names, vec![Some("k".to_string()), None]);
        let ctx = Context::create();
        let m = parse(&ctx, &bc, "out").expect("parses");
        assert!(m.get_global("marker").is_none());
        let k = m.get_function("k").expect("kernel kept");
        assert_eq!(k.get_linkage(), Linkage::WeakODR);
    }
}
