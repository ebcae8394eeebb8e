//! A thin, copyable view of LLVM IR handles for the CPU lowering's IR surgery.
//!
//! The lowering splits blocks, moves them between functions and rewrites uses: operations that
//! LLVM's C API has and inkwell's typed API makes awkward. Every handle here comes from the one
//! module being lowered, which outlives all of them (the lowering borrows its context for its whole
//! run), and LLVM's C API checks nothing else: that is the invariant each `SAFETY` note relies on.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: one invariant for the whole file, stated above.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::{
    LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMGetModuleDataLayout, LLVMSizeOfTypeInBits,
};
use llvm_sys::{LLVMIntPredicate, LLVMLinkage, LLVMOpcode, LLVMTypeKind, LLVMVisibility};
use std::ffi::{CStr, CString};

pub use llvm_sys::LLVMIntPredicate as IntPredicate;

fn cstr(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

/// A value (instruction, function, global, constant, argument).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Val(pub LLVMValueRef);
/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Block(pub LLVMBasicBlockRef);
/// A type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ty(pub LLVMTypeRef);

/// The module being lowered.
#[derive(Clone, Copy)]
pub struct Module {
    pub m: LLVMModuleRef,
    pub ctx: LLVMContextRef,
}

impl Module {
    pub fn functions(self) -> Vec<Val> {
        let mut out = Vec::new();
        let mut f = unsafe { LLVMGetFirstFunction(self.m) };
        while !f.is_null() {
            out.push(Val(f));
            f = unsafe { LLVMGetNextFunction(f) };
        }
        out
    }

    /// How many instructions the module's functions hold.
    pub fn instruction_count(self) -> usize {
        self.functions()
            .iter()
            .flat_map(|f| f.blocks())
            .map(|b| b.instructions().len())
            .sum()
    }

    pub fn globals(self) -> Vec<Val> {
        let mut out = Vec::new();
        let mut g = unsafe { LLVMGetFirstGlobal(self.m) };
        while !g.is_null() {
            out.push(Val(g));
            g = unsafe { LLVMGetNextGlobal(g) };
        }
        out
    }
    pub fn global(self, name: &str) -> Option<Val> {
        let n = cstr(name);
        let g = unsafe { LLVMGetNamedGlobal(self.m, n.as_ptr()) };
        (!g.is_null()).then_some(Val(g))
    }
    pub fn function(self, name: &str) -> Option<Val> {
        let n = cstr(name);
        let f = unsafe { LLVMGetNamedFunction(self.m, n.as_ptr()) };
        (!f.is_null()).then_some(Val(f))
    }
    pub fn add_function(self, name: &str, ty: Ty) -> Val {
        let n = cstr(name);
        Val(unsafe { LLVMAddFunction(self.m, n.as_ptr(), ty.0) })
    }
    /// A thread-local pointer variable of this module alone (internal), null at first.
    pub fn add_thread_local_ptr(self, name: &str) -> Val {
        let n = cstr(name);
        let ty = self.ptr(0);
        let g = unsafe { LLVMAddGlobal(self.m, ty.0, n.as_ptr()) };
        unsafe {
            LLVMSetInitializer(g, LLVMConstNull(ty.0));
            LLVMSetThreadLocal(g, 1);
            LLVMSetLinkage(g, LLVMLinkage::LLVMInternalLinkage);
        }
        Val(g)
    }
    pub fn size_of(self, ty: Ty) -> u64 {
        unsafe { LLVMABISizeOfType(LLVMGetModuleDataLayout(self.m), ty.0) }
    }
    pub fn size_of_bits(self, ty: Ty) -> u64 {
        unsafe { LLVMSizeOfTypeInBits(LLVMGetModuleDataLayout(self.m), ty.0) }
    }
    /// Whether values of `ty` sit in a vector as in an array. A vector packs its elements bit to
    /// bit: `<4 x i48>` takes 24 bytes where `[4 x i48]` takes 32, and `<8 x i1>` one byte.
    pub fn packs_like_array(self, ty: Ty) -> bool {
        self.size_of(ty) * 8 == self.size_of_bits(ty)
    }
    pub fn align_of(self, ty: Ty) -> u32 {
        unsafe { LLVMABIAlignmentOfType(LLVMGetModuleDataLayout(self.m), ty.0) }
    }
    pub fn i1(self) -> Ty {
        Ty(unsafe { LLVMInt1TypeInContext(self.ctx) })
    }
    pub fn i8(self) -> Ty {
        Ty(unsafe { LLVMInt8TypeInContext(self.ctx) })
    }
    pub fn i32(self) -> Ty {
        Ty(unsafe { LLVMInt32TypeInContext(self.ctx) })
    }
    pub fn i64(self) -> Ty {
        Ty(unsafe { LLVMInt64TypeInContext(self.ctx) })
    }
    pub fn double(self) -> Ty {
        Ty(unsafe { LLVMDoubleTypeInContext(self.ctx) })
    }
    pub fn void(self) -> Ty {
        Ty(unsafe { LLVMVoidTypeInContext(self.ctx) })
    }
    pub fn ptr(self, addrspace: u32) -> Ty {
        Ty(unsafe { LLVMPointerTypeInContext(self.ctx, addrspace) })
    }
    pub fn fn_type(self, ret: Ty, params: &[Ty]) -> Ty {
        let mut p: Vec<LLVMTypeRef> = params.iter().map(|t| t.0).collect();
        Ty(unsafe { LLVMFunctionType(ret.0, p.as_mut_ptr(), p.len() as u32, 0) })
    }
    pub fn const_int(self, ty: Ty, v: u64) -> Val {
        Val(unsafe { LLVMConstInt(ty.0, v, 0) })
    }
    pub fn const_null(self, ty: Ty) -> Val {
        Val(unsafe { LLVMConstNull(ty.0) })
    }
    pub fn append_block(self, f: Val, name: &str) -> Block {
        let n = cstr(name);
        Block(unsafe { LLVMAppendBasicBlockInContext(self.ctx, f.0, n.as_ptr()) })
    }
    pub fn enum_attr_kind(name: &str) -> u32 {
        unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) }
    }
    pub fn builder(self) -> Builder {
        Builder(unsafe { LLVMCreateBuilderInContext(self.ctx) })
    }
    /// The declaration of intrinsic `name` (`llvm.ctpop` and the like) for the overloaded
    /// types, and its function type.
    pub fn intrinsic(self, name: &str, overloads: &[Ty]) -> (Val, Ty) {
        let id = unsafe { LLVMLookupIntrinsicID(name.as_ptr().cast(), name.len()) };
        let mut tys: Vec<LLVMTypeRef> = overloads.iter().map(|t| t.0).collect();
        let f = unsafe { LLVMGetIntrinsicDeclaration(self.m, id, tys.as_mut_ptr(), tys.len()) };
        (Val(f), Ty(unsafe { LLVMGlobalGetValueType(f) }))
    }
    /// An integer type of `bits` bits.
    pub fn int(self, bits: u32) -> Ty {
        Ty(unsafe { LLVMIntTypeInContext(self.ctx, bits) })
    }
}

impl Ty {
    pub fn kind(self) -> LLVMTypeKind {
        unsafe { LLVMGetTypeKind(self.0) }
    }
    pub fn is_pointer(self) -> bool {
        self.kind() == LLVMTypeKind::LLVMPointerTypeKind
    }
    pub fn addrspace(self) -> u32 {
        unsafe { LLVMGetPointerAddressSpace(self.0) }
    }
    pub fn int_width(self) -> Option<u32> {
        (self.kind() == LLVMTypeKind::LLVMIntegerTypeKind)
            .then(|| unsafe { LLVMGetIntTypeWidth(self.0) })
    }
    pub fn is_void(self) -> bool {
        self.kind() == LLVMTypeKind::LLVMVoidTypeKind
    }
    pub fn is_struct_or_array(self) -> bool {
        matches!(
            self.kind(),
            LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind
        )
    }
    pub fn fn_return(self) -> Ty {
        Ty(unsafe { LLVMGetReturnType(self.0) })
    }
}

impl Val {
    pub fn name(self) -> String {
        let mut len = 0usize;
        let p = unsafe { LLVMGetValueName2(self.0, &mut len) };
        if p.is_null() {
            return String::new();
        }
        let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) };
        String::from_utf8_lossy(bytes).into_owned()
    }
    pub fn set_name(self, name: &str) {
        unsafe { LLVMSetValueName2(self.0, name.as_ptr().cast(), name.len()) }
    }
    pub fn ty(self) -> Ty {
        Ty(unsafe { LLVMTypeOf(self.0) })
    }
    pub fn replace_all_uses_with(self, new: Val) {
        unsafe { LLVMReplaceAllUsesWith(self.0, new.0) }
    }
    /// Users of this value (with repeats when a user uses it twice).
    pub fn users(self) -> Vec<Val> {
        let mut out = Vec::new();
        let mut u = unsafe { LLVMGetFirstUse(self.0) };
        while !u.is_null() {
            out.push(Val(unsafe { LLVMGetUser(u) }));
            u = unsafe { LLVMGetNextUse(u) };
        }
        out
    }
    pub fn num_operands(self) -> u32 {
        let n = unsafe { LLVMGetNumOperands(self.0) };
        n.max(0) as u32
    }
    pub fn operand(self, i: u32) -> Val {
        Val(unsafe { LLVMGetOperand(self.0, i) })
    }
    pub fn set_operand(self, i: u32, v: Val) {
        unsafe { LLVMSetOperand(self.0, i, v.0) }
    }
    /// Makes every operand of this user that is `old` refer to `new` instead.
    pub fn replace_operand(self, old: Val, new: Val) {
        for k in 0..self.num_operands() {
            if self.operand(k) == old {
                self.set_operand(k, new);
            }
        }
    }
    pub fn is_instruction(self) -> bool {
        !unsafe { LLVMIsAInstruction(self.0) }.is_null()
    }
    pub fn is_alloca(self) -> bool {
        !unsafe { LLVMIsAAllocaInst(self.0) }.is_null()
    }
    pub fn is_load(self) -> bool {
        !unsafe { LLVMIsALoadInst(self.0) }.is_null()
    }
    pub fn is_store(self) -> bool {
        !unsafe { LLVMIsAStoreInst(self.0) }.is_null()
    }
    pub fn is_call(self) -> bool {
        !unsafe { LLVMIsACallInst(self.0) }.is_null()
    }
    pub fn is_return(self) -> bool {
        !unsafe { LLVMIsAReturnInst(self.0) }.is_null()
    }
    pub fn is_function(self) -> bool {
        !unsafe { LLVMIsAFunction(self.0) }.is_null()
    }
    pub fn is_global_variable(self) -> bool {
        !unsafe { LLVMIsAGlobalVariable(self.0) }.is_null()
    }
    pub fn is_constant_int(self) -> bool {
        !unsafe { LLVMIsAConstantInt(self.0) }.is_null()
    }
    pub fn const_zext(self) -> u64 {
        unsafe { LLVMConstIntGetZExtValue(self.0) }
    }
    pub fn opcode(self) -> LLVMOpcode {
        unsafe { LLVMGetInstructionOpcode(self.0) }
    }
    /// The predicate of an integer compare; `None` for anything else.
    pub fn icmp_predicate(self) -> Option<LLVMIntPredicate> {
        let is_icmp = !unsafe { LLVMIsAICmpInst(self.0) }.is_null();
        is_icmp.then(|| unsafe { LLVMGetICmpPredicate(self.0) })
    }
    pub fn is_argument(self) -> bool {
        !unsafe { LLVMIsAArgument(self.0) }.is_null()
    }
    pub fn parent_block(self) -> Block {
        Block(unsafe { LLVMGetInstructionParent(self.0) })
    }
    pub fn next_instruction(self) -> Option<Val> {
        let n = unsafe { LLVMGetNextInstruction(self.0) };
        (!n.is_null()).then_some(Val(n))
    }
    /// A copy of this instruction, not yet in any block.
    pub fn clone_instruction(self) -> Val {
        Val(unsafe { LLVMInstructionClone(self.0) })
    }
    pub fn is_phi(self) -> bool {
        !unsafe { LLVMIsAPHINode(self.0) }.is_null()
    }
    /// The block the `i`-th incoming value of a phi comes from.
    pub fn incoming_block(self, i: u32) -> Block {
        Block(unsafe { LLVMGetIncomingBlock(self.0, i) })
    }
    /// Adds `(value, from block)` pairs to this phi.
    pub fn add_incoming(self, pairs: &[(Val, Block)]) {
        let mut values: Vec<LLVMValueRef> = pairs.iter().map(|(v, _)| v.0).collect();
        let mut blocks: Vec<LLVMBasicBlockRef> = pairs.iter().map(|(_, b)| b.0).collect();
        unsafe {
            LLVMAddIncoming(
                self.0,
                values.as_mut_ptr(),
                blocks.as_mut_ptr(),
                pairs.len() as u32,
            )
        }
    }
    pub fn erase(self) {
        unsafe { LLVMInstructionEraseFromParent(self.0) }
    }
    /// Detaches the instruction from its block (to re-insert it with [`Builder::insert`]).
    pub fn remove_from_parent(self) {
        unsafe { LLVMInstructionRemoveFromParent(self.0) }
    }
    /// The called function of a call instruction, when it is a direct call.
    pub fn called_function(self) -> Option<Val> {
        let c = unsafe { LLVMGetCalledValue(self.0) };
        (!c.is_null() && !unsafe { LLVMIsAFunction(c) }.is_null()).then_some(Val(c))
    }
    pub fn num_call_args(self) -> u32 {
        unsafe { LLVMGetNumArgOperands(self.0) }
    }
    pub fn allocated_type(self) -> Ty {
        Ty(unsafe { LLVMGetAllocatedType(self.0) })
    }
    pub fn alignment(self) -> u32 {
        unsafe { LLVMGetAlignment(self.0) }
    }
    /// Whether a load or store is atomic or volatile: one access of its own, never merged,
    /// widened or moved out of a loop.
    pub fn is_ordered_access(self) -> bool {
        (self.is_load() || self.is_store())
            && unsafe {
                LLVMGetVolatile(self.0) != 0
                    || LLVMGetOrdering(self.0)
                        != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
            }
    }
    pub fn set_alignment(self, a: u32) {
        unsafe { LLVMSetAlignment(self.0, a) }
    }
    pub fn num_successors(self) -> u32 {
        unsafe { LLVMGetNumSuccessors(self.0) }
    }
    pub fn successor(self, i: u32) -> Block {
        Block(unsafe { LLVMGetSuccessor(self.0, i) })
    }
    pub fn set_instruction_call_conv(self, cc: u32) {
        unsafe { LLVMSetInstructionCallConv(self.0, cc) }
    }
    pub fn instruction_call_conv(self) -> u32 {
        unsafe { LLVMGetInstructionCallConv(self.0) }
    }
    pub fn remove_call_site_enum_attr(self, idx: u32, kind: u32) {
        unsafe { LLVMRemoveCallSiteEnumAttribute(self.0, idx, kind) }
    }
    // -- functions --
    pub fn blocks(self) -> Vec<Block> {
        let mut out = Vec::new();
        let mut b = unsafe { LLVMGetFirstBasicBlock(self.0) };
        while !b.is_null() {
            out.push(Block(b));
            b = unsafe { LLVMGetNextBasicBlock(b) };
        }
        out
    }
    pub fn entry_block(self) -> Option<Block> {
        let b = unsafe { LLVMGetFirstBasicBlock(self.0) };
        (!b.is_null()).then_some(Block(b))
    }
    pub fn params(self) -> Vec<Val> {
        let n = unsafe { LLVMCountParams(self.0) };
        (0..n)
            .map(|i| Val(unsafe { LLVMGetParam(self.0, i) }))
            .collect()
    }
    pub fn call_conv(self) -> u32 {
        unsafe { LLVMGetFunctionCallConv(self.0) }
    }
    pub fn set_call_conv(self, cc: u32) {
        unsafe { LLVMSetFunctionCallConv(self.0, cc) }
    }
    pub fn is_declaration(self) -> bool {
        unsafe { LLVMIsDeclaration(self.0) != 0 }
    }
    pub fn delete_function(self) {
        unsafe { LLVMDeleteFunction(self.0) }
    }
    pub fn delete_global(self) {
        unsafe { LLVMDeleteGlobal(self.0) }
    }
    /// Type of the attribute `kind` (e.g. `byval`) on parameter `param` (0-based), if present.
    pub fn param_type_attr(self, param: u32, kind: u32) -> Option<Ty> {
        let a = unsafe { LLVMGetEnumAttributeAtIndex(self.0, param + 1, kind) };
        (!a.is_null()).then(|| Ty(unsafe { LLVMGetTypeAttributeValue(a) }))
    }
    pub fn param_has_attr(self, param: u32, kind: u32) -> bool {
        !unsafe { LLVMGetEnumAttributeAtIndex(self.0, param + 1, kind) }.is_null()
    }
    pub fn has_fn_attr(self, kind: u32) -> bool {
        !unsafe { LLVMGetEnumAttributeAtIndex(self.0, llvm_sys::LLVMAttributeFunctionIndex, kind) }
            .is_null()
    }
    pub fn add_fn_attr(self, ctx: LLVMContextRef, kind: u32) {
        unsafe {
            let a = LLVMCreateEnumAttribute(ctx, kind, 0);
            LLVMAddAttributeAtIndex(self.0, llvm_sys::LLVMAttributeFunctionIndex, a)
        }
    }
    pub fn remove_fn_attr(self, kind: u32) {
        unsafe {
            LLVMRemoveEnumAttributeAtIndex(self.0, llvm_sys::LLVMAttributeFunctionIndex, kind)
        }
    }
    pub fn remove_fn_string_attr(self, key: &str) {
        unsafe {
            LLVMRemoveStringAttributeAtIndex(
                self.0,
                llvm_sys::LLVMAttributeFunctionIndex,
                key.as_ptr().cast(),
                key.len() as u32,
            )
        }
    }
    pub fn linkage(self) -> LLVMLinkage {
        unsafe { LLVMGetLinkage(self.0) }
    }
    pub fn set_linkage(self, l: LLVMLinkage) {
        unsafe { LLVMSetLinkage(self.0, l) }
    }
    pub fn set_visibility(self, v: LLVMVisibility) {
        unsafe { LLVMSetVisibility(self.0, v) }
    }
    pub fn set_dll_default_visibility(self) {
        self.set_visibility(LLVMVisibility::LLVMDefaultVisibility)
    }
    pub fn global_value_type(self) -> Ty {
        Ty(unsafe { LLVMGlobalGetValueType(self.0) })
    }
    /// A global variable's initializer.
    pub fn initializer(self) -> Option<Val> {
        let i = unsafe { LLVMGetInitializer(self.0) };
        (!i.is_null()).then_some(Val(i))
    }
    /// The bytes of a constant string or byte array (without a trailing NUL).
    pub fn const_string(self) -> Option<String> {
        if unsafe { LLVMIsAConstantDataSequential(self.0) }.is_null() {
            return None;
        }
        let mut len = 0usize;
        let p = unsafe { LLVMGetAsString(self.0, &mut len) };
        if p.is_null() {
            return None;
        }
        let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) };
        Some(
            String::from_utf8_lossy(bytes)
                .trim_end_matches('\0')
                .to_string(),
        )
    }
    /// Looks through constant casts (`addrspacecast (ptr @f to ...)`) to the value cast.
    pub fn strip_const_casts(self) -> Val {
        let mut v = self;
        while !unsafe { LLVMIsAConstantExpr(v.0) }.is_null() && v.num_operands() == 1 {
            v = v.operand(0);
        }
        v
    }
    pub fn poison_of(ty: Ty) -> Val {
        Val(unsafe { LLVMGetPoison(ty.0) })
    }
    pub fn is_global_constant(self) -> bool {
        unsafe { LLVMIsGlobalConstant(self.0) != 0 }
    }
}

impl Block {
    pub fn instructions(self) -> Vec<Val> {
        let mut out = Vec::new();
        let mut i = unsafe { LLVMGetFirstInstruction(self.0) };
        while !i.is_null() {
            out.push(Val(i));
            i = unsafe { LLVMGetNextInstruction(i) };
        }
        out
    }
    pub fn first_instruction(self) -> Option<Val> {
        let i = unsafe { LLVMGetFirstInstruction(self.0) };
        (!i.is_null()).then_some(Val(i))
    }
    /// The first instruction after the block's phis: where code for the block's start goes.
    pub fn first_non_phi(self) -> Option<Val> {
        self.instructions().into_iter().find(|i| !i.is_phi())
    }
    pub fn terminator(self) -> Option<Val> {
        let t = unsafe { LLVMGetBasicBlockTerminator(self.0) };
        (!t.is_null()).then_some(Val(t))
    }
    pub fn successors(self) -> Vec<Block> {
        self.terminator()
            .map(|t| (0..t.num_successors()).map(|i| t.successor(i)).collect())
            .unwrap_or_default()
    }
    pub fn parent(self) -> Val {
        Val(unsafe { LLVMGetBasicBlockParent(self.0) })
    }
    pub fn remove_from_function(self) {
        unsafe { LLVMRemoveBasicBlockFromParent(self.0) }
    }
    /// Appends a block detached with [`Block::remove_from_function`] to `f`.
    pub fn append_to(self, f: Val) {
        unsafe { LLVMAppendExistingBasicBlock(f.0, self.0) }
    }
}

/// An IR builder (disposed on drop).
pub struct Builder(LLVMBuilderRef);

impl Drop for Builder {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.0) }
    }
}

const NONAME: &CStr = c"";

impl Builder {
    /// The raw builder, for the instructions this wrapper lacks.
    pub fn raw(&self) -> LLVMBuilderRef {
        self.0
    }
    pub fn ret_void(&self) -> Val {
        Val(unsafe { LLVMBuildRetVoid(self.0) })
    }
    pub fn at_end(&self, b: Block) -> &Self {
        unsafe { LLVMPositionBuilderAtEnd(self.0, b.0) };
        self
    }
    pub fn before(&self, i: Val) -> &Self {
        unsafe { LLVMPositionBuilderBefore(self.0, i.0) };
        self
    }
    /// Inserts a detached instruction, keeping its name (plain insertion would clear it).
    pub fn insert(&self, i: Val) {
        let n = cstr(&i.name());
        unsafe { LLVMInsertIntoBuilderWithName(self.0, i.0, n.as_ptr()) }
    }
    pub fn alloca(&self, ty: Ty, name: &str) -> Val {
        let n = cstr(name);
        Val(unsafe { LLVMBuildAlloca(self.0, ty.0, n.as_ptr()) })
    }
    pub fn array_alloca(&self, ty: Ty, count: Val, name: &str) -> Val {
        let n = cstr(name);
        Val(unsafe { LLVMBuildArrayAlloca(self.0, ty.0, count.0, n.as_ptr()) })
    }
    pub fn load(&self, ty: Ty, ptr: Val, name: &str) -> Val {
        let n = cstr(name);
        Val(unsafe { LLVMBuildLoad2(self.0, ty.0, ptr.0, n.as_ptr()) })
    }
    pub fn store(&self, v: Val, ptr: Val) -> Val {
        Val(unsafe { LLVMBuildStore(self.0, v.0, ptr.0) })
    }
    pub fn gep(&self, ty: Ty, ptr: Val, idx: &[Val]) -> Val {
        let mut i: Vec<LLVMValueRef> = idx.iter().map(|v| v.0).collect();
        Val(unsafe {
            LLVMBuildInBoundsGEP2(
                self.0,
                ty.0,
                ptr.0,
                i.as_mut_ptr(),
                i.len() as u32,
                NONAME.as_ptr(),
            )
        })
    }
    pub fn br(&self, dest: Block) -> Val {
        Val(unsafe { LLVMBuildBr(self.0, dest.0) })
    }
    pub fn cond_br(&self, c: Val, t: Block, e: Block) -> Val {
        Val(unsafe { LLVMBuildCondBr(self.0, c.0, t.0, e.0) })
    }
    pub fn switch(&self, v: Val, default: Block, cases: &[(Val, Block)]) -> Val {
        let s = unsafe { LLVMBuildSwitch(self.0, v.0, default.0, cases.len() as u32) };
        for (c, b) in cases {
            unsafe { LLVMAddCase(s, c.0, b.0) };
        }
        Val(s)
    }
    pub fn ret(&self, v: Val) -> Val {
        Val(unsafe { LLVMBuildRet(self.0, v.0) })
    }
    pub fn unreachable(&self) -> Val {
        Val(unsafe { LLVMBuildUnreachable(self.0) })
    }
    pub fn icmp(&self, p: LLVMIntPredicate, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildICmp(self.0, p, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn add(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildAdd(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn nuw_add(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildNUWAdd(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn mul(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildNUWMul(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn or(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildOr(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn select(&self, c: Val, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildSelect(self.0, c.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn zext(&self, v: Val, ty: Ty) -> Val {
        Val(unsafe { LLVMBuildZExt(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    pub fn sext(&self, v: Val, ty: Ty) -> Val {
        Val(unsafe { LLVMBuildSExt(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    pub fn fpext(&self, v: Val, ty: Ty) -> Val {
        Val(unsafe { LLVMBuildFPExt(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    pub fn bitcast(&self, v: Val, ty: Ty) -> Val {
        Val(unsafe { LLVMBuildBitCast(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    pub fn ptr_to_int(&self, v: Val, ty: Ty) -> Val {
        Val(unsafe { LLVMBuildPtrToInt(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    /// Casts a pointer to address space of `ty` (a no-op when it already is).
    pub fn as_cast(&self, v: Val, ty: Ty) -> Val {
        if v.ty().addrspace() == ty.addrspace() {
            return v;
        }
        Val(unsafe { LLVMBuildAddrSpaceCast(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    pub fn call(&self, fn_ty: Ty, callee: Val, args: &[Val]) -> Val {
        let mut a: Vec<LLVMValueRef> = args.iter().map(|v| v.0).collect();
        Val(unsafe {
            LLVMBuildCall2(
                self.0,
                fn_ty.0,
                callee.0,
                a.as_mut_ptr(),
                a.len() as u32,
                NONAME.as_ptr(),
            )
        })
    }
}

pub fn linkage_internal() -> LLVMLinkage {
    LLVMLinkage::LLVMInternalLinkage
}
pub fn linkage_external() -> LLVMLinkage {
    LLVMLinkage::LLVMExternalLinkage
}

impl Builder {
    pub fn sub(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildSub(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn udiv(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildUDiv(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn urem(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildURem(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn shl(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildShl(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn and(&self, a: Val, b: Val) -> Val {
        Val(unsafe { LLVMBuildAnd(self.0, a.0, b.0, NONAME.as_ptr()) })
    }
    pub fn trunc(&self, v: Val, ty: Ty) -> Val {
        Val(unsafe { LLVMBuildTrunc(self.0, v.0, ty.0, NONAME.as_ptr()) })
    }
    /// Unsigned minimum and maximum, as compare and select.
    pub fn umin(&self, a: Val, b: Val) -> Val {
        self.select(self.icmp(LLVMIntPredicate::LLVMIntULT, a, b), a, b)
    }
    pub fn umax(&self, a: Val, b: Val) -> Val {
        self.select(self.icmp(LLVMIntPredicate::LLVMIntUGT, a, b), a, b)
    }
    pub fn memcpy(&self, dst: Val, dst_align: u32, src: Val, src_align: u32, size: Val) -> Val {
        Val(unsafe { LLVMBuildMemCpy(self.0, dst.0, dst_align, src.0, src_align, size.0) })
    }
}

/// Golden-IR tests of the passes over [`Module`]: run a pass on textual IR, read a function body.
#[cfg(test)]
pub(crate) mod testing {
    use super::Module;
    use inkwell::memory_buffer::MemoryBuffer;

    /// Runs `pass` on `body` (host triple), checks the result verifies, and gives the pass's
    /// count and the module's text.
    pub(crate) fn run_pass(body: &str, pass: impl FnOnce(Module) -> usize) -> (usize, String) {
        let ctx = inkwell::context::Context::create();
        let ir = format!("target triple = \"x86_64-unknown-linux-gnu\"\n{body}");
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test");
        let module = ctx.create_module_from_ir(buf).expect("valid IR");
        let m = Module {
            m: module.as_mut_ptr(),
            ctx: ctx.raw(),
        };
        let n = pass(m);
        module.verify().expect("the pass's IR verifies");
        (n, module.print_to_string().to_string())
    }

    /// x86-64's data layout, so that sizes and alignments are the host's.
    const HOST_LAYOUT: &str =
        "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";

    /// Golden-file tests: runs each `<case>.ll` under the crate's `golden/<dir>/` through `pass`
    /// and compares the result with `<case>.expected.ll`: the notes `pass` gives (as `; `
    /// comments), then the module's text. `FERROCM_BLESS=1` writes the expected files instead.
    pub(crate) fn golden(
        dir: &str,
        pass: impl Fn(&inkwell::module::Module, Module) -> Result<Vec<String>, String>,
    ) {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("golden")
            .join(dir);
        let bless = std::env::var_os("FERROCM_BLESS").is_some_and(|v| v == "1");
        let mut cases: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.ends_with(".ll") && !name.ends_with(".expected.ll")
            })
            .collect();
        cases.sort();
        assert!(!cases.is_empty(), "no cases in {}", folder.display());
        let mut failed = Vec::new();
        for input in &cases {
            let case = input.file_stem().and_then(|s| s.to_str()).unwrap_or("case");
            let source = std::fs::read_to_string(input).expect("readable case");
            let ir = format!(
                "target datalayout = \"{HOST_LAYOUT}\"\ntarget triple = \"x86_64-unknown-linux-gnu\"\n{source}"
            );
            let ctx = inkwell::context::Context::create();
            let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), case);
            let module = ctx
                .create_module_from_ir(buf)
                .unwrap_or_else(|e| panic!("{case}: invalid IR: {e}"));
            let m = Module {
                m: module.as_mut_ptr(),
                ctx: ctx.raw(),
            };
            let notes = match pass(&module, m) {
                Ok(notes) => notes,
                Err(e) => vec![format!("error: {e}")],
            };
            if let Err(e) = module.verify() {
                failed.push(format!("{case}: the pass's IR does not verify: {e}"));
                continue;
            }
            let mut got: String = notes.iter().map(|n| format!("; {n}\n")).collect();
            got.push_str(&module.print_to_string().to_string());
            let expected = input.with_extension("expected.ll");
            if bless {
                std::fs::write(&expected, &got).expect("writable golden file");
                continue;
            }
            let want = std::fs::read_to_string(&expected).unwrap_or_default();
            if got != want {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .position(|(g, w)| g != w)
                    .unwrap_or(got.lines().count().min(want.lines().count()));
                failed.push(format!(
                    "{case}: differs from {} at line {}:\n  got:  {}\n  want: {}",
                    expected.display(),
                    line + 1,
                    got.lines().nth(line).unwrap_or("<end>"),
                    want.lines().nth(line).unwrap_or("<end>"),
                ));
            }
        }
        assert!(
            failed.is_empty(),
            "{} (FERROCM_BLESS=1 rewrites the expected files)",
            failed.join("\n")
        );
    }

    /// The trimmed, non-empty lines of the first function body in `text`.
    pub(crate) fn body_of(text: &str) -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with("define"))
            .skip(1)
            .take_while(|l| !l.starts_with('}'))
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    }
}
