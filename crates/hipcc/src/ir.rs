//! Device LLVM IR as text, for `hipcc --cuda-device-only -S` (the bitcode comes from comgr).
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;

/// The textual form (`.ll`) of LLVM bitcode (or of IR text, normalized).
pub fn to_text(bitcode: &[u8]) -> Result<String, String> {
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_memory_range_copy(bitcode, "device");
    let module = ctx
        .create_module_from_ir(buf)
        .map_err(|e| format!("not LLVM bitcode: {}", e.to_string_lossy().trim()))?;
    Ok(module.print_to_string().to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn bitcode_round_trips_to_text() {
        let ir = "target triple = \"spirv64\"\ndefine i32 @f(i32 %x) {\n  ret i32 %x\n}\n";
        let text = super::to_text(ir.as_bytes()).unwrap();
        assert!(text.contains("define i32 @f(i32 %x)"), "{text}");
        assert!(super::to_text(b"junk").is_err());
    }
}
