// The few LLVM C++ entry points the CPU lowering needs and LLVM's C API lacks. Kept minimal: each function
// is a thin wrapper, called from `src/shim.rs`.
#include <llvm-c/Core.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/ReplaceConstant.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/BasicBlock.h>

using namespace llvm;

extern "C" {

// Turns every constant expression that uses `global` inside `func` into instructions, so that each use of the
// global in `func` is an instruction operand that can be rewritten. Returns 1 if anything changed.
int ferrocm_expand_constant_users(LLVMValueRef global, LLVMValueRef func) {
  auto *c = dyn_cast<Constant>(unwrap(global));
  auto *f = dyn_cast<Function>(unwrap(func));
  if (!c || !f) return 0;
  return convertUsersOfConstantsToInstructions({c}, f) ? 1 : 0;
}

// Splits `inst`'s block before `inst` (which starts the new block); successors' phis are updated.
LLVMBasicBlockRef ferrocm_split_block_before(LLVMValueRef inst) {
  auto *i = dyn_cast<Instruction>(unwrap(inst));
  if (!i) return nullptr;
  return wrap(i->getParent()->splitBasicBlock(i));
}

}  // extern "C"
