//! Safe wrappers over the C++ shim (`shim/shim.cpp`): the LLVM entry points the C API lacks.
use crate::ir::Val;
use llvm_sys::prelude::LLVMValueRef;

extern "C" {
    fn ferrocm_expand_constant_users(global: LLVMValueRef, func: LLVMValueRef) -> i32;
    fn ferrocm_split_block_before(inst: LLVMValueRef) -> llvm_sys::prelude::LLVMBasicBlockRef;
}

/// Splits `inst`'s block so that `inst` starts a new block (returned); phis are kept right.
pub fn split_block_before(inst: Val) -> Option<crate::ir::Block> {
    // SAFETY: `inst` is a live instruction of the module being lowered.
    let b = unsafe { ferrocm_split_block_before(inst.0) };
    (!b.is_null()).then_some(crate::ir::Block(b))
}

/// Rewrites constant expressions over `global` that `func` uses into instructions in `func`.
pub fn expand_constant_users(global: Val, func: Val) -> bool {
    // SAFETY: both handles are live values of the module being lowered; the shim checks their kinds.
    unsafe { ferrocm_expand_constant_users(global.0, func.0) != 0 }
}
