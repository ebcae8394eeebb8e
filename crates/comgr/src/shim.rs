//! Safe wrappers over the C++ shim (`shim/shim.cpp`): the LLVM entry points the C API lacks.
use crate::ir::Block;
use crate::ir::Val;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMContextRef, LLVMMetadataRef, LLVMValueRef};

extern "C" {
    fn ferrocm_expand_constant_users(global: LLVMValueRef, func: LLVMValueRef) -> i32;
    fn ferrocm_clone_blocks(
        blocks: *mut LLVMBasicBlockRef,
        n: u32,
        func: LLVMValueRef,
        suffix: *const std::ffi::c_char,
        out: *mut LLVMBasicBlockRef,
    );
    fn ferrocm_mark_parallel_loop(latch_br: LLVMValueRef, group: LLVMMetadataRef);
    fn ferrocm_no_runtime_unroll(latch_br: LLVMValueRef);
    fn ferrocm_parse_llvm_options(
        argc: std::ffi::c_int,
        argv: *const *const std::ffi::c_char,
    ) -> *mut std::ffi::c_char;
    fn ferrocm_free_message(m: *mut std::ffi::c_char);
    fn ferrocm_set_unroll_count(latch_br: LLVMValueRef, count: u32);
    fn ferrocm_new_access_group(ctx: LLVMContextRef) -> LLVMMetadataRef;
    fn ferrocm_set_access_group(inst: LLVMValueRef, group: LLVMMetadataRef);
    fn ferrocm_delete_blocks(blocks: *mut LLVMBasicBlockRef, n: u32);
    fn ferrocm_clone_function(func: LLVMValueRef, name: *const std::ffi::c_char) -> LLVMValueRef;
    fn ferrocm_lower_switches(func: LLVMValueRef);
    fn ferrocm_extract_regions(
        func: LLVMValueRef,
        entries: *mut LLVMBasicBlockRef,
        n: u32,
        stops: *mut LLVMBasicBlockRef,
        nstops: u32,
        suffix: *const std::ffi::c_char,
    ) -> u32;
    fn ferrocm_split_block_before(inst: LLVMValueRef) -> llvm_sys::prelude::LLVMBasicBlockRef;
    fn ferrocm_split_module(
        module: llvm_sys::prelude::LLVMModuleRef,
        max_parts: u32,
        min_instructions: u32,
        out: *mut llvm_sys::prelude::LLVMMemoryBufferRef,
    ) -> u32;
}

/// Splits `module` into at most `max_parts` bitcode modules of about `min_instructions` or more
/// each, to optimize and compile on as many threads; none when it is too small or cannot be split
/// (then it is unchanged). When it is split, the local symbols that are not copied into each
/// partition using them become hidden globals.
pub fn split_module(
    module: llvm_sys::prelude::LLVMModuleRef,
    max_parts: usize,
    min_instructions: usize,
) -> Vec<Vec<u8>> {
    let max = u32::try_from(max_parts).unwrap_or(u32::MAX);
    let min = u32::try_from(min_instructions).unwrap_or(u32::MAX);
    let mut bufs: Vec<llvm_sys::prelude::LLVMMemoryBufferRef> =
        vec![std::ptr::null_mut(); max as usize];
    // SAFETY: a live module; `bufs` has room for `max` buffers, of which the shim fills the first
    // `n`, each a buffer we own and dispose of below.
    let n = unsafe { ferrocm_split_module(module, max, min, bufs.as_mut_ptr()) } as usize;
    bufs.into_iter()
        .take(n)
        .map(|b| {
            // SAFETY: `b` is a live buffer the shim created; its bytes are copied out before it
            // is disposed of, once.
            unsafe {
                let start = llvm_sys::core::LLVMGetBufferStart(b) as *const u8;
                let len = llvm_sys::core::LLVMGetBufferSize(b);
                let bytes = std::slice::from_raw_parts(start, len).to_vec();
                llvm_sys::core::LLVMDisposeMemoryBuffer(b);
                bytes
            }
        })
        .collect()
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

/// Clones `blocks` into `func`; references among the blocks are redirected to the clones.
pub fn clone_blocks(blocks: &[Block], func: Val, suffix: &str) -> Vec<Block> {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.0).collect();
    let mut out: Vec<LLVMBasicBlockRef> = vec![std::ptr::null_mut(); blocks.len()];
    let suffix = std::ffi::CString::new(suffix).unwrap_or_default();
    // SAFETY: live blocks and function of the module being lowered; `out` has room for every clone.
    unsafe {
        ferrocm_clone_blocks(
            raw.as_mut_ptr(),
            raw.len() as u32,
            func.0,
            suffix.as_ptr(),
            out.as_mut_ptr(),
        )
    };
    out.into_iter().map(Block).collect()
}

/// Moves each region of `func` (the blocks reachable from an entry without entering a stop or
/// another entry) into a function of its own, named from `suffix`, which `func` calls instead.
/// Regions entered elsewhere than at their entry stay. Gives how many moved.
pub fn extract_regions(func: Val, entries: &[Block], stops: &[Block], suffix: &str) -> usize {
    let mut entries: Vec<LLVMBasicBlockRef> = entries.iter().map(|b| b.0).collect();
    let mut stops: Vec<LLVMBasicBlockRef> = stops.iter().map(|b| b.0).collect();
    let suffix = std::ffi::CString::new(suffix).unwrap_or_default();
    // SAFETY: a live, defined function of the module being lowered, and blocks of it.
    let moved = unsafe {
        ferrocm_extract_regions(
            func.0,
            entries.as_mut_ptr(),
            entries.len() as u32,
            stops.as_mut_ptr(),
            stops.len() as u32,
            suffix.as_ptr(),
        )
    };
    moved as usize
}

/// Clones the defined function `func` into its module as an internal function named `name`.
pub fn clone_function(func: Val, name: &str) -> Val {
    let name = std::ffi::CString::new(name).unwrap_or_default();
    // SAFETY: a live, defined function of the module being lowered.
    Val(unsafe { ferrocm_clone_function(func.0, name.as_ptr()) })
}

/// Turns each `switch` in `func` into a tree of conditional branches.
pub fn lower_switches(func: Val) {
    // SAFETY: a live, defined function of the module being lowered.
    unsafe { ferrocm_lower_switches(func.0) }
}

/// Deletes blocks that only reference each other (and values that outlive them).
pub fn delete_blocks(blocks: &[Block]) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.0).collect();
    // SAFETY: live blocks of the module being lowered, referenced by no block that stays.
    unsafe { ferrocm_delete_blocks(raw.as_mut_ptr(), raw.len() as u32) }
}

/// An LLVM access group, for `llvm.loop.parallel_accesses`.
#[derive(Clone, Copy)]
pub struct AccessGroup(LLVMMetadataRef);

pub fn new_access_group(ctx: LLVMContextRef) -> AccessGroup {
    // SAFETY: `ctx` is the live context of the module being lowered; the node lives as long as it.
    AccessGroup(unsafe { ferrocm_new_access_group(ctx) })
}

/// Puts a memory-accessing instruction in `group`.
pub fn set_access_group(inst: Val, group: AccessGroup) {
    // SAFETY: a live instruction and a node of the same context.
    unsafe { ferrocm_set_access_group(inst.0, group.0) }
}

/// Asks the loop unroller for `count` copies of the body of the loop whose latch ends in
/// `latch_br`.
pub fn set_unroll_count(latch_br: Val, count: u32) {
    // SAFETY: a live branch instruction of the module being lowered.
    unsafe { ferrocm_set_unroll_count(latch_br.0, count) }
}

/// Marks the loop whose latch ends in `latch_br` as parallel over `group`, not to be interleaved
/// nor unrolled by a run-time trip count (see [`no_runtime_unroll`]).
pub fn mark_parallel_loop(latch_br: Val, group: AccessGroup) {
    // SAFETY: a live branch instruction and a node of the same context.
    unsafe { ferrocm_mark_parallel_loop(latch_br.0, group.0) }
}

/// Keeps LLVM's unroller from unrolling the loop whose latch ends in `latch_br` by a trip count
/// known only at run time. For the lowering's loops over work-items and lanes: on hosts whose
/// scheduling model has a large loop buffer (Zen), the unroller copied every such loop 2 to 8
/// times, after vectorization. Without it hipCUB's block-reduce test compiled in 50 s instead of
/// 72, and no benchmark kernel's speed moved beyond noise (BENCHMARKS.md).
pub fn no_runtime_unroll(latch_br: Val) {
    // SAFETY: a live branch instruction of the module being lowered.
    unsafe { ferrocm_no_runtime_unroll(latch_br.0) }
}

/// Sets LLVM's own command-line options (`args`, without a program name), as clang's `-mllvm`
/// does; an unknown option or bad value gives LLVM's message.
pub fn parse_llvm_options(args: &[&str]) -> Result<(), String> {
    let owned: Vec<std::ffi::CString> = std::iter::once("ferrocm")
        .chain(args.iter().copied())
        .map(|a| std::ffi::CString::new(a).map_err(|_| format!("{a:?} contains a NUL byte")))
        .collect::<Result<_, _>>()?;
    let ptrs: Vec<*const std::ffi::c_char> = owned.iter().map(|a| a.as_ptr()).collect();
    // SAFETY: `ptrs` are NUL-terminated strings that outlive the call; LLVM copies what it keeps.
    let message =
        unsafe { ferrocm_parse_llvm_options(ptrs.len() as std::ffi::c_int, ptrs.as_ptr()) };
    if message.is_null() {
        return Ok(());
    }
    // SAFETY: a NUL-terminated string the shim allocated, freed once here after copying.
    let text = unsafe { std::ffi::CStr::from_ptr(message) }
        .to_string_lossy()
        .trim()
        .to_string();
    // SAFETY: as above; not used after.
    unsafe { ferrocm_free_message(message) };
    Err(text)
}
