// The few LLVM C++ entry points the CPU lowering needs and LLVM's C API lacks. Kept minimal: each function
// is a thin wrapper, called from `src/shim.rs`.
#include <llvm-c/Core.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/ReplaceConstant.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/CodeExtractor.h>
#include <llvm/IR/Module.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LowerSwitch.h>
#include <functional>

using namespace llvm;

// Gives the loop whose latch ends in `br` a new loop ID: the old one's properties, less those whose
// name starts with `replaces` (none when it is empty), and `prop` added.
static void add_loop_property(Instruction *br, Metadata *prop, StringRef replaces) {
  LLVMContext &ctx = br->getContext();
  SmallVector<Metadata *, 4> ops;
  ops.push_back(nullptr);
  if (MDNode *old = br->getMetadata(LLVMContext::MD_loop)) {
    for (unsigned i = 1; i < old->getNumOperands(); ++i) {
      auto *n = dyn_cast<MDNode>(old->getOperand(i));
      auto *name = n && n->getNumOperands() ? dyn_cast<MDString>(n->getOperand(0)) : nullptr;
      if (!replaces.empty() && name && name->getString().starts_with(replaces)) continue;
      ops.push_back(old->getOperand(i));
    }
  }
  ops.push_back(prop);
  MDNode *id = MDNode::getDistinct(ctx, ops);
  id->replaceOperandWith(0, id);
  br->setMetadata(LLVMContext::MD_loop, id);
}

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

// Clones `n` blocks into `func` (each clone appended at the end), remapping the clones' references among
// themselves; references to anything outside the set are kept. Writes the clones to `out`, in order.
void ferrocm_clone_blocks(LLVMBasicBlockRef *blocks, unsigned n, LLVMValueRef func, const char *suffix,
                          LLVMBasicBlockRef *out) {
  auto *f = cast<Function>(unwrap(func));
  ValueToValueMapTy vmap;
  SmallVector<BasicBlock *, 32> clones;
  for (unsigned i = 0; i < n; ++i) {
    BasicBlock *bb = unwrap(blocks[i]);
    BasicBlock *c = CloneBasicBlock(bb, vmap, suffix, f);
    vmap[bb] = c;
    clones.push_back(c);
    out[i] = wrap(c);
  }
  remapInstructionsInBlocks(clones, vmap);
}

// Clones function `func` into its module under `name` (internal linkage) and returns the clone.
LLVMValueRef ferrocm_clone_function(LLVMValueRef func, const char *name) {
  auto *f = cast<Function>(unwrap(func));
  ValueToValueMapTy vmap;
  Function *c = CloneFunction(f, vmap);
  c->setName(name);
  c->setLinkage(GlobalValue::InternalLinkage);
  return wrap(c);
}

// Turns each `switch` in `func` into a tree of conditional branches (LLVM's LowerSwitch), then drops the
// blocks no longer reachable (a default that cannot be taken). A function without a switch is left
// alone, without the analyses' set-up.
void ferrocm_lower_switches(LLVMValueRef func) {
  auto *f = cast<Function>(unwrap(func));
  bool any = false;
  for (BasicBlock &b : *f) any |= isa<SwitchInst>(b.getTerminator());
  if (!any) return;
  FunctionAnalysisManager fam;
  PassBuilder pb;
  pb.registerFunctionAnalyses(fam);
  LowerSwitchPass().run(*f, fam);
  removeUnreachableBlocks(*f);
}

// Deletes `n` blocks that reference each other (and nothing else still in use references them).
void ferrocm_delete_blocks(LLVMBasicBlockRef *blocks, unsigned n) {
  for (unsigned i = 0; i < n; ++i) unwrap(blocks[i])->dropAllReferences();
  for (unsigned i = 0; i < n; ++i) unwrap(blocks[i])->eraseFromParent();
}

// Marks the loop whose latch ends in branch `latch_br` as parallel over access group `group`: a distinct,
// self-referencing loop ID with `llvm.loop.parallel_accesses`.
void ferrocm_mark_parallel_loop(LLVMValueRef latch_br, LLVMMetadataRef group) {
  auto *br = dyn_cast<Instruction>(unwrap(latch_br));
  if (!br) return;
  LLVMContext &ctx = br->getContext();
  Metadata *parallel[] = {MDString::get(ctx, "llvm.loop.parallel_accesses"), unwrap(group)};
  Metadata *once[] = {MDString::get(ctx, "llvm.loop.interleave.count"),
                      ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(ctx), 1))};
  Metadata *no_runtime[] = {MDString::get(ctx, "llvm.loop.unroll.runtime.disable")};
  Metadata *ops[] = {nullptr, MDNode::get(ctx, parallel), MDNode::get(ctx, once),
                     MDNode::get(ctx, no_runtime)};
  MDNode *id = MDNode::getDistinct(ctx, ops);
  id->replaceOperandWith(0, id);
  br->setMetadata(LLVMContext::MD_loop, id);
}

// Keeps the loop whose latch ends in branch `latch_br` from being unrolled by a trip count known
// only at run time (its other properties stay).
void ferrocm_no_runtime_unroll(LLVMValueRef latch_br) {
  auto *br = dyn_cast<Instruction>(unwrap(latch_br));
  if (!br) return;
  Metadata *no_runtime[] = {MDString::get(br->getContext(), "llvm.loop.unroll.runtime.disable")};
  add_loop_property(br, MDNode::get(br->getContext(), no_runtime), "");
}

// Asks LLVM's loop unroller for `count` copies of the body of the loop whose latch ends in branch
// `latch_br`: the loop ID keeps its other properties, with `llvm.loop.unroll.count` in place of any
// unroll directive it had.
void ferrocm_set_unroll_count(LLVMValueRef latch_br, unsigned count) {
  auto *br = dyn_cast<Instruction>(unwrap(latch_br));
  if (!br) return;
  LLVMContext &ctx = br->getContext();
  Metadata *unroll[] = {MDString::get(ctx, "llvm.loop.unroll.count"),
                        ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(ctx), count))};
  add_loop_property(br, MDNode::get(ctx, unroll), "llvm.loop.unroll");
}

// A fresh access group (a distinct node with no operands).
LLVMMetadataRef ferrocm_new_access_group(LLVMContextRef ctx) {
  return wrap(MDNode::getDistinct(*unwrap(ctx), {}));
}

// Puts `inst` in access group `group`.
void ferrocm_set_access_group(LLVMValueRef inst, LLVMMetadataRef group) {
  auto *i = dyn_cast<Instruction>(unwrap(inst));
  if (!i) return;
  i->setMetadata(LLVMContext::MD_access_group, cast<MDNode>(unwrap(group)));
}

}  // extern "C"

// Whether `p` is only loaded from and stored to, directly or through GEPs: no pointer into it
// is stored, passed, compared or returned.
static bool only_loaded_and_stored(Value *p, unsigned depth) {
  for (User *u : p->users()) {
    if (isa<LoadInst>(u)) continue;
    if (auto *st = dyn_cast<StoreInst>(u)) {
      if (st->getValueOperand() == p) return false;
      continue;
    }
    auto *gep = dyn_cast<GetElementPtrInst>(u);
    if (gep && depth < 4 && gep->getPointerOperand() == p && only_loaded_and_stored(gep, depth + 1)) continue;
    return false;
  }
  return true;
}

// Whether a lifetime marker names `a`, or a pointer to its start (what LLVM's code extractor
// looks for to move a slot into an extracted function).
static bool has_lifetime_markers(AllocaInst *a) {
  auto is_marker = [](User *u) {
    auto *ii = dyn_cast<IntrinsicInst>(u);
    return ii && ii->isLifetimeStartOrEnd();
  };
  for (User *u : a->users()) {
    if (is_marker(u)) return true;
    if (u->stripInBoundsConstantOffsets() == a)
      for (User *w : u->users())
        if (is_marker(w)) return true;
  }
  return false;
}

// A prologue value with this many uses or more reaches each region's extraction through a copy.
static const unsigned SHARED_INPUT_USES = 16;

extern "C" {

// Moves each region of `func` into a function of its own (named `func`'s name, `.`, `suffix` and a number),
// which `func` then calls. A region is the blocks reachable from its entry (`entries[k]`) without entering
// a `stops` block or another entry; a region whose blocks are entered anywhere but at its entry stays
// where it is. The new functions are never inlined. Stack slots that are only loaded and stored, and only
// in one region, move into its function (where they can become registers); the others are passed by
// pointer, `noalias` where only loads and stores reach them (so nothing else in the new function can),
// as LLVM knew of them before the move. Returns how many regions moved.
unsigned ferrocm_extract_regions(LLVMValueRef func, LLVMBasicBlockRef *entries, unsigned n,
                                 LLVMBasicBlockRef *stops, unsigned nstops, const char *suffix) {
  auto *f = cast<Function>(unwrap(func));
  SmallPtrSet<BasicBlock *, 32> barrier;
  for (unsigned i = 0; i < nstops; ++i) barrier.insert(unwrap(stops[i]));
  for (unsigned i = 0; i < n; ++i) barrier.insert(unwrap(entries[i]));
  SmallPtrSet<Value *, 32> private_slots;
  for (Instruction &i : f->getEntryBlock())
    if (auto *a = dyn_cast<AllocaInst>(&i))
      if (only_loaded_and_stored(a, 0)) private_slots.insert(a);
  unsigned moved = 0;
  // One analysis cache and no dominator tree for all the regions: building either scans the whole
  // function, and doing so per region made outlining a function of a few hundred regions take
  // most of a module's lowering (the extractor keeps the cache valid; it needs no tree for a
  // region that is single-entry, checked above). Slots moved into a region's function stay, dead,
  // until the end: the cache lists them.
  //
  // The extractor also walks every slot the cache lists, and each slot's uses, for every region,
  // looking for lifetime markers to move a slot in with: quadratic again (a hipCUB segmented sort
  // spent 96% of its outlining there). A slot without markers, on it or on a zero-offset pointer
  // into it, is never moved in that way, so the cache is built while those slots are out of the
  // function, and does not list them.
  SmallVector<std::pair<AllocaInst *, Instruction *>, 64> unmarked;
  for (BasicBlock &b : *f) {
    Instruction *anchor = b.getTerminator();
    for (auto it = b.rbegin(); it != b.rend(); ++it) {
      auto *a = dyn_cast<AllocaInst>(&*it);
      if (a && !has_lifetime_markers(a)) unmarked.push_back({a, anchor});
      else anchor = &*it;
    }
  }
  for (auto &[a, anchor] : unmarked) a->removeFromParent();
  CodeExtractorAnalysisCache ceac(*f);
  // Back in their places: each before the next instruction that stayed, in their order.
  for (auto it = unmarked.rbegin(); it != unmarked.rend(); ++it) it->first->insertBefore(it->second);
  SmallVector<AllocaInst *, 16> dead_slots;
  SmallPtrSet<Function *, 4> copy_fns;
  for (unsigned k = 0; k < n; ++k) {
    BasicBlock *entry = unwrap(entries[k]);
    SetVector<BasicBlock *> blocks;
    blocks.insert(entry);
    SmallVector<BasicBlock *, 64> work{entry};
    while (!work.empty()) {
      BasicBlock *b = work.pop_back_val();
      for (BasicBlock *s : successors(b))
        if (!barrier.contains(s) && blocks.insert(s)) work.push_back(s);
    }
    bool single_entry = true;
    for (BasicBlock *b : blocks)
      if (b != entry)
        for (BasicBlock *p : predecessors(b))
          if (!blocks.contains(p)) single_entry = false;
    if (!single_entry) continue;
    CodeExtractor ce(blocks.getArrayRef(), nullptr, /*AggregateArgs=*/false, nullptr, nullptr, nullptr,
                     /*AllowVarArgs=*/false, /*AllowAlloca=*/false, nullptr,
                     std::string(suffix) + std::to_string(k));
    if (!ce.isEligible()) continue;
    // The extractor rewrites an input's uses by walking all of them, in every function of the
    // region's: for the slots and prologue values every region reads (context arrays, the
    // scheduler's state) that is quadratic in the number of regions. So the region reads such a
    // value through a copy of its own, made in the entry block, which becomes the input instead,
    // and is undone once the region is out.
    DenseMap<Value *, Value *> copies;
    for (BasicBlock *b : blocks)
      for (Instruction &i : *b)
        for (Use &op : i.operands()) {
          Value *v = op.get();
          auto found = copies.find(v);
          if (found != copies.end()) {
            op.set(found->second);
            continue;
          }
          auto *def = dyn_cast<Instruction>(v);
          bool shared = isa<Argument>(v) || (def && def->getParent() == &f->getEntryBlock());
          if (!shared || !v->hasNUsesOrMore(SHARED_INPUT_USES)) continue;
          Function *id = Intrinsic::getDeclaration(f->getParent(), Intrinsic::ssa_copy, {v->getType()});
          copy_fns.insert(id);
          Value *copy = CallInst::Create(id, {v}, "", f->getEntryBlock().getTerminator());
          copies[v] = copy;
          op.set(copy);
        }
    Function *out = ce.extractCodeRegion(ceac);
    for (auto &[v, copy] : copies) {
      // The call passes the copy, which has no other use left: it passes the value again, and
      // the parameter takes the value's name, as the extractor would have given it.
      if (out)
        for (User *u : copy->users())
          if (auto *call = dyn_cast<CallInst>(u))
            for (unsigned a = 0; a < call->arg_size(); ++a)
              if (call->getArgOperand(a) == copy) out->getArg(a)->setName(v->getName());
      copy->replaceAllUsesWith(v);
      cast<Instruction>(copy)->eraseFromParent();
    }
    if (!out) continue;
    out->addFnAttr(Attribute::NoInline);
    for (User *u : out->users()) {
      auto *call = dyn_cast<CallInst>(u);
      if (!call) continue;
      // A slot also reached through a pointer into it computed outside the region is not `noalias`.
      SmallPtrSet<Value *, 8> derived;
      for (Value *arg : call->args())
        if (auto *gep = dyn_cast<GetElementPtrInst>(arg)) derived.insert(getUnderlyingObject(gep, 0));
      for (unsigned a = 0; a < call->arg_size(); ++a) {
        auto *slot = dyn_cast<AllocaInst>(call->getArgOperand(a));
        if (!slot || !private_slots.contains(slot) || derived.contains(slot)) continue;
        if (slot->hasOneUse() && slot->isStaticAlloca()) {
          // Only this region uses the slot: it becomes the new function's own, where it can be
          // promoted to a register (LLVM's extractor moves only slots with lifetime markers).
          out->getArg(a)->setName("");
          auto *own = new AllocaInst(slot->getAllocatedType(), slot->getAddressSpace(), slot->getArraySize(),
                                     slot->getAlign(), slot->getName(),
                                     out->getEntryBlock().getFirstInsertionPt());
          out->getArg(a)->replaceAllUsesWith(own);
          call->setArgOperand(a, PoisonValue::get(slot->getType()));
          private_slots.erase(slot);
          dead_slots.push_back(slot);
          continue;
        }
        out->addParamAttr(a, Attribute::NoAlias);
        out->addParamAttr(a, Attribute::NoCapture);
        call->addParamAttr(a, Attribute::NoCapture);
      }
    }
    ++moved;
  }
  for (AllocaInst *slot : dead_slots) slot->eraseFromParent();
  for (Function *id : copy_fns)
    if (id->use_empty()) id->eraseFromParent();
  return moved;
}

// Splits `module` into partitions that are optimized and compiled on threads of their own, as LLVM's
// parallel LTO back end does, and writes each as bitcode to `out[k]` (the caller disposes of each buffer).
// Functions that call or name each other stay together, so a partition's optimizer sees what the whole
// module's would; groups go to the least-loaded partition, largest first. Local constants, and local
// functions only ever called, are copied into every partition that uses them (their contents stay
// visible to the optimizer there); other local symbols become hidden globals defined in one partition,
// a global variable in that of a function using it, so that the objects link into one shared object as
// the module would have. Makes at most `max_parts` partitions of about `min_instructions` or more, and
// returns how many: 0 when the module is too small, or holds what cannot be split safely (module inline
// assembly, aliases, ifuncs, static constructors), and is then left untouched.
unsigned ferrocm_split_module(LLVMModuleRef module, unsigned max_parts, unsigned min_instructions,
                              LLVMMemoryBufferRef *out) {
  Module *m = unwrap(module);
  if (!m->getModuleInlineAsm().empty() || !m->alias_empty() || !m->ifunc_empty()) return 0;
  for (GlobalVariable &g : m->globals())
    if (g.hasAppendingLinkage() && g.getName() != "llvm.used" && g.getName() != "llvm.compiler.used")
      return 0;
  uint64_t total = 0;
  for (Function &f : *m) total += f.getInstructionCount();
  if (total / std::max(min_instructions, 1u) < 2 || max_parts < 2) return 0;

  auto copied = [](const GlobalValue *gv) {
    if (gv->isDeclaration() || !gv->hasLocalLinkage()) return false;
    if (auto *v = dyn_cast<GlobalVariable>(gv)) return v->isConstant();
    return !cast<Function>(gv)->hasAddressTaken();
  };
  // The global values each definition names directly, through constant expressions too.
  DenseMap<const GlobalValue *, SmallVector<GlobalValue *, 4>> names;
  auto collect = [](Value *root, SmallPtrSetImpl<Value *> &seen, SmallVectorImpl<GlobalValue *> &found) {
    SmallVector<Value *, 8> work{root};
    while (!work.empty()) {
      Value *v = work.pop_back_val();
      if (auto *gv = dyn_cast<GlobalValue>(v)) {
        if (seen.insert(gv).second) found.push_back(gv);
        continue;
      }
      auto *c = dyn_cast<Constant>(v);
      if (!c || !seen.insert(c).second) continue;
      for (Value *op : c->operands()) work.push_back(op);
    }
  };
  SmallVector<GlobalValue *, 64> defs;
  for (GlobalValue &gv : m->global_values()) {
    if (gv.isDeclaration()) continue;
    defs.push_back(&gv);
    SmallPtrSet<Value *, 16> seen;
    auto &found = names[&gv];
    if (auto *f = dyn_cast<Function>(&gv)) {
      for (Instruction &i : instructions(*f))
        for (Value *op : i.operands())
          if (isa<Constant>(op)) collect(op, seen, found);
    } else if (auto *v = dyn_cast<GlobalVariable>(&gv)) {
      if (v->hasInitializer()) collect(v->getInitializer(), seen, found);
    }
  }
  // What each definition of one partition needs copied, and which other definitions it names.
  DenseMap<const GlobalValue *, SmallVector<GlobalValue *, 4>> copies, links;
  for (GlobalValue *d : defs) {
    if (copied(d)) continue;
    SmallPtrSet<GlobalValue *, 16> seen{d};
    SmallVector<GlobalValue *, 8> work{d};
    while (!work.empty()) {
      GlobalValue *g = work.pop_back_val();
      for (GlobalValue *n : names[g]) {
        if (!seen.insert(n).second || n->isDeclaration()) continue;
        if (copied(n)) {
          copies[d].push_back(n);
          work.push_back(n);
        } else {
          links[d].push_back(n);
        }
      }
    }
  }
  // Groups of functions that name each other (or share a comdat), by union-find.
  DenseMap<const GlobalValue *, const GlobalValue *> parent;
  std::function<const GlobalValue *(const GlobalValue *)> find = [&](const GlobalValue *g) {
    auto it = parent.find(g);
    if (it == parent.end() || it->second == g) return g;
    const GlobalValue *r = find(it->second);
    parent[g] = r;
    return r;
  };
  auto unite = [&](const GlobalValue *a, const GlobalValue *b) {
    const GlobalValue *ra = find(a), *rb = find(b);
    if (ra != rb) parent[ra] = rb;
  };
  DenseMap<const Comdat *, const GlobalValue *> comdat_first;
  for (GlobalValue *d : defs) {
    if (copied(d) || !isa<Function>(d)) continue;
    parent.try_emplace(d, d);
    for (GlobalValue *n : links[d])
      if (isa<Function>(n)) {
        parent.try_emplace(n, n);
        unite(d, n);
      }
    if (const Comdat *c = d->getComdat()) {
      auto [it, fresh] = comdat_first.try_emplace(c, d);
      if (!fresh) unite(d, it->second);
    }
  }
  DenseMap<const GlobalValue *, uint64_t> group_size;
  for (GlobalValue *d : defs)
    if (!copied(d) && isa<Function>(d)) group_size[find(d)] += cast<Function>(d)->getInstructionCount();
  unsigned parts = std::min<uint64_t>({max_parts, total / std::max(min_instructions, 1u), group_size.size()});
  if (parts < 2) return 0;
  SmallVector<std::pair<uint64_t, const GlobalValue *>, 64> groups;
  for (GlobalValue *d : defs)
    if (find(d) == d && group_size.count(d)) groups.push_back({group_size[d], d});
  std::stable_sort(groups.begin(), groups.end(), [](auto &a, auto &b) { return a.first > b.first; });
  SmallVector<uint64_t, 16> load(parts, 0);
  DenseMap<const GlobalValue *, unsigned> group_part;
  for (auto &[size, root] : groups) {
    unsigned best = std::min_element(load.begin(), load.end()) - load.begin();
    group_part[root] = best;
    load[best] += size;
  }
  DenseMap<const GlobalValue *, unsigned> part;
  for (GlobalValue *d : defs)
    if (!copied(d) && isa<Function>(d)) part[d] = group_part[find(d)];
  // A variable goes with the first function found naming it; one in a function's comdat, with it.
  for (GlobalValue *d : defs)
    if (part.count(d))
      for (GlobalValue *n : links[d])
        if (isa<GlobalVariable>(n)) part.try_emplace(n, part[d]);
  for (GlobalValue *d : defs) {
    if (copied(d) || isa<Function>(d)) continue;
    auto it = d->getComdat() ? comdat_first.find(d->getComdat()) : comdat_first.end();
    if (it != comdat_first.end()) part[d] = part[it->second];
    else part.try_emplace(d, 0);
  }
  SmallVector<SmallPtrSet<const GlobalValue *, 16>, 16> needed(parts);
  for (auto &[d, k] : part)
    for (GlobalValue *c : copies[d]) needed[k].insert(c);
  for (GlobalValue *d : defs) {
    if (copied(d) || !d->hasLocalLinkage()) continue;
    if (!d->hasName()) d->setName("__ferrocm_split");
    d->setLinkage(GlobalValue::ExternalLinkage);
    d->setVisibility(GlobalValue::HiddenVisibility);
  }
  for (unsigned k = 0; k < parts; ++k) {
    ValueToValueMapTy vmap;
    std::unique_ptr<Module> clone = CloneModule(*m, vmap, [&](const GlobalValue *gv) {
      auto it = part.find(gv);
      return it != part.end() ? it->second == k : needed[k].contains(gv);
    });
    SmallString<0> bits;
    raw_svector_ostream os(bits);
    WriteBitcodeToFile(*clone, os);
    out[k] = LLVMCreateMemoryBufferWithMemoryRangeCopy(bits.data(), bits.size(), "partition");
  }
  return parts;
}

// LLVM's command-line options (`argv[0]` first), as clang's `-mllvm` passes them. Gives null when
// they parse, else LLVM's message, to free with `ferrocm_free_message`; an unknown option is an
// error, never an exit of the process.
char *ferrocm_parse_llvm_options(int argc, const char *const *argv) {
  std::string text;
  raw_string_ostream errs(text);
  if (cl::ParseCommandLineOptions(argc, argv, "ferrocm device compiler", &errs)) return nullptr;
  errs.flush();
  return strdup(text.c_str());
}

void ferrocm_free_message(char *m) { free(m); }

}  // extern "C"
