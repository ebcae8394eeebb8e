//! Lockstep for shared memory: a lane's load of shared memory sees what the other lanes of its
//! warp stored before it, as on a GPU whose wavefront runs in lock step.
//!
//! Code written for AMD GPUs relies on this without a barrier ("wave-synchronous" code). ggml's
//! flash-attention vector kernel writes each lane's score to `KQ[tid]` and then reads its warp's
//! other slots (its `__syncwarp()` is left out under HIP), and rocPRIM's block scan reads
//! `threads[tid - 1]` before lane 0 overwrites `threads[0]`. The CPU lowering's work-item form
//! runs a warp's lanes one after another between cuts, so a lane would read a slot that a later
//! lane has not written yet.
//!
//! In lock step every lane finishes one access before any lane starts the next. Between two
//! accesses to shared memory of which one is a store, with no cut (`__syncthreads` or a warp
//! exchange) between them, the pass puts a warp exchange (what `__builtin_amdgcn_wave_barrier`
//! becomes) before the second. The lowering cuts there, so every lane's first access is done
//! before any lane's second, and the warp-vector form, which runs lanes in lock step anyway, drops
//! the unused exchange:
//! - a load after a store: the load must see the other lanes' stores;
//! - a store after a load or a store: no lane may overwrite what another lane has yet to read, or
//!   to write itself. Accesses through the very same address value (`s[tid] += x`) are each lane's
//!   own, and need no cut between them.
//!
//! Only kernels that already work at warp level get this: a warp exchange (shuffles, votes, wave
//! barriers) or a `volatile` shared access (the classic warp-synchronous reduction). A kernel
//! whose lanes meet only at `__syncthreads`, as portable CUDA code does, is left as it was, and so
//! is its speed.
//!
//! Memory counts as shared when its address traces to an `addrspace(3)` value (the same tracing
//! as the shared-memory atomics); atomics and `memcpy`/`memset` count as their loads and stores.
//! Accesses through a pointer that cannot be traced are left alone.
//!
//! The pass runs on each kernel after every device function is inlined into it, before the warp
//! vectorizer and the lowering.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use crate::ir::{Block, Module, Val};
use crate::local_atomics::is_local;
use llvm_sys::LLVMOpcode;
use std::collections::{HashMap, HashSet};

/// The lowering's warp exchange (lower/regions.rs); a call whose result is unused is a wave barrier.
pub(crate) const WARP_EXCHANGE: &str = "__ferrocm_warp_exchange";
/// The lowering's work-group barrier.
const BARRIER: &str = "__ferrocm_barrier";

/// What one instruction means for the pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Effect {
    /// A barrier or warp exchange: every lane's earlier accesses are done after it.
    Cut,
    /// Reads (`load`) and writes (`store`) shared memory at `at`.
    Access {
        at: Val,
        load: bool,
        store: bool,
    },
    None,
}

fn shared(p: Val) -> bool {
    is_local(p, &mut HashSet::new())
}

fn access(at: Val, load: bool, store: bool) -> Effect {
    if shared(at) {
        Effect::Access { at, load, store }
    } else {
        Effect::None
    }
}

fn effect(i: Val) -> Effect {
    if i.is_load() {
        return access(i.operand(0), true, false);
    }
    if i.is_store() {
        return access(i.operand(1), false, true);
    }
    match i.opcode() {
        LLVMOpcode::LLVMAtomicRMW | LLVMOpcode::LLVMAtomicCmpXchg => {
            access(i.operand(0), true, true)
        }
        LLVMOpcode::LLVMCall => {
            let name = i.called_function().map(|f| f.name()).unwrap_or_default();
            if name == WARP_EXCHANGE || name == BARRIER {
                return Effect::Cut;
            }
            let copy = name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove");
            if copy && shared(i.operand(1)) {
                // A copy out of shared memory; into it as well, it touches two places.
                let into = shared(i.operand(0));
                return Effect::Access {
                    at: if into { i } else { i.operand(1) },
                    load: true,
                    store: into,
                };
            }
            if copy || name.starts_with("llvm.memset") {
                return access(i.operand(0), false, true);
            }
            Effect::None
        }
        _ => Effect::None,
    }
}

/// The shared accesses since the last cut, by kind: none yet, all through one address value, or
/// through several.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Since {
    Nothing,
    At(Val),
    Several,
}

impl Since {
    fn join(self, other: Since) -> Since {
        match (self, other) {
            (Since::Nothing, x) | (x, Since::Nothing) => x,
            (Since::At(a), Since::At(b)) if a == b => self,
            _ => Since::Several,
        }
    }
    /// Whether an access through `at` may touch another lane's location among these.
    fn others(self, at: Val) -> bool {
        match self {
            Since::Nothing => false,
            Since::At(a) => a != at,
            Since::Several => true,
        }
    }
}

/// What a warp may have accessed since its last cut.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    loads: Since,
    stores: Since,
}

const CLEAN: State = State {
    loads: Since::Nothing,
    stores: Since::Nothing,
};

impl State {
    fn join(self, o: State) -> State {
        State {
            loads: self.loads.join(o.loads),
            stores: self.stores.join(o.stores),
        }
    }
}

/// The state at the end of `b` from the state at its start; with `cuts`, the instructions that
/// need an exchange before them, in order.
fn walk(b: Block, mut st: State, mut cuts: Option<&mut Vec<Val>>) -> State {
    for i in b.instructions() {
        match effect(i) {
            Effect::Cut => st = CLEAN,
            Effect::Access { at, load, store } => {
                // A load after any store (even through the same address: it may be a location
                // every lane shares); a store after another lane's load or store.
                let hazard = (load && st.stores != Since::Nothing)
                    || (store && (st.loads.others(at) || st.stores.others(at)));
                if hazard {
                    if let Some(list) = cuts.as_deref_mut() {
                        list.push(i);
                    }
                    st = CLEAN;
                }
                if load {
                    st.loads = st.loads.join(Since::At(at));
                }
                if store {
                    st.stores = st.stores.join(Since::At(at));
                }
            }
            Effect::None => {}
        }
    }
    st
}

/// The instructions of kernel `f` that need a warp exchange before them.
fn accesses_to_cut(f: Val) -> Vec<Val> {
    let blocks = f.blocks();
    let mut preds: HashMap<Block, Vec<Block>> = HashMap::new();
    for &b in &blocks {
        for s in b.successors() {
            preds.entry(s).or_default().push(b);
        }
    }
    // A forward analysis to a fixed point. A block's end state is joined into what it was, so
    // states only grow (nothing, then one address, then several) and the loop ends, even though
    // a cut inside a block can make its end state smaller for a larger start.
    let mut out: HashMap<Block, State> = blocks.iter().map(|&b| (b, CLEAN)).collect();
    let start = |b: Block, out: &HashMap<Block, State>| {
        preds.get(&b).map_or(CLEAN, |ps| {
            ps.iter().fold(CLEAN, |acc, p| {
                acc.join(out.get(p).copied().unwrap_or(CLEAN))
            })
        })
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &blocks {
            let end = walk(b, start(b, &out), None).join(out[&b]);
            if end != out[&b] {
                out.insert(b, end);
                changed = true;
            }
        }
    }
    let mut cuts = Vec::new();
    for &b in &blocks {
        walk(b, start(b, &out), Some(&mut cuts));
    }
    cuts
}

/// Whether kernel `f` works at warp level: a warp exchange, or a `volatile` shared access.
fn works_at_warp_level(f: Val) -> bool {
    f.blocks()
        .iter()
        .flat_map(|b| b.instructions())
        .any(|i| match effect(i) {
            Effect::Cut => i
                .called_function()
                .is_some_and(|c| c.name() == WARP_EXCHANGE),
            Effect::Access { .. } => {
                (i.is_load() || i.is_store())
                    && unsafe { llvm_sys::core::LLVMGetVolatile(i.0) } != 0
            }
            Effect::None => false,
        })
}

/// Puts a warp exchange between the racing shared-memory accesses of the warp-level kernels among
/// `kernels`; gives how many.
pub fn run(m: Module, kernels: &[String]) -> usize {
    let mut inserted = 0;
    for name in kernels {
        let Some(f) = m.function(name) else { continue };
        if f.is_declaration() {
            continue;
        }
        if !works_at_warp_level(f) {
            continue;
        }
        let cuts = accesses_to_cut(f);
        if cuts.is_empty() {
            continue;
        }
        for at in cuts {
            wave_barrier_before(m, at);
            inserted += 1;
        }
    }
    inserted
}

/// Puts a wave barrier (a warp exchange whose result is unused) before instruction `at`.
pub(crate) fn wave_barrier_before(m: Module, at: Val) {
    let exchange = m.function(WARP_EXCHANGE).unwrap_or_else(|| {
        let ty = m.fn_type(m.ptr(0), &[m.i64()]);
        let f = m.add_function(WARP_EXCHANGE, ty);
        f.add_fn_attr(m.ctx, Module::enum_attr_kind("convergent"));
        f
    });
    let fn_ty = crate::ir::Ty(unsafe { llvm_sys::core::LLVMGlobalGetValueType(exchange.0) });
    let b = m.builder();
    b.before(at);
    b.call(fn_ty, exchange, &[m.const_int(m.i64(), 0)]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testing::run_pass;

    /// The module after the pass on kernel `k` of `body`, and how many exchanges it put in.
    fn run_on(body: &str) -> (String, usize) {
        let ir = format!(
            "@s = internal addrspace(3) global [64 x float] poison
declare ptr addrspace(4) @__ferrocm_warp_exchange(i64) convergent
declare void @__ferrocm_barrier() convergent
define void @k(ptr %g, i64 %tid, i1 %c) {{
{body}
}}
"
        );
        let (n, text) = run_pass(&ir, |m| run(m, &["k".to_string()]));
        (text, n)
    }

    /// A warp exchange first, so the kernel counts as working at warp level.
    const WARP: &str = "  %e0 = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 1)\n";

    fn position(out: &str, what: &str) -> usize {
        out.find(what)
            .unwrap_or_else(|| panic!("no `{what}` in\n{out}"))
    }

    #[test]
    fn a_store_then_another_lanes_load_gets_an_exchange_between() {
        let (out, n) = run_on(&format!(
            "{WARP}  %p = getelementptr float, ptr addrspace(3) @s, i64 %tid
  store float 1.0, ptr addrspace(3) %p
  %q = getelementptr float, ptr addrspace(4) addrspacecast (ptr addrspace(3) @s to ptr addrspace(4)), i64 3
  %v = load float, ptr addrspace(4) %q
  %w = load float, ptr addrspace(3) @s
  store float %v, ptr %g
  ret void"
        ));
        assert_eq!(n, 1, "{out}");
        let exchange = position(&out, "@__ferrocm_warp_exchange(i64 0)");
        assert!(position(&out, "store float 1.0") < exchange, "{out}");
        assert!(exchange < position(&out, "%v = load"), "{out}");
    }

    #[test]
    fn a_store_over_another_lanes_slot_waits_for_its_load() {
        let (out, n) = run_on(&format!(
            "{WARP}  %p = getelementptr float, ptr addrspace(3) @s, i64 %tid
  %t1 = add i64 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @s, i64 %t1
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %p
  ret void"
        ));
        assert_eq!(n, 1, "{out}");
        assert!(
            position(&out, "%b = load") < position(&out, "@__ferrocm_warp_exchange(i64 0)"),
            "{out}"
        );
        assert!(
            position(&out, "@__ferrocm_warp_exchange(i64 0)") < position(&out, "store float %sum"),
            "{out}"
        );
    }

    #[test]
    fn a_lanes_own_read_modify_write_needs_nothing() {
        let (out, n) = run_on(&format!(
            "{WARP}  %p = getelementptr float, ptr addrspace(3) @s, i64 %tid
  %a = load float, ptr addrspace(3) %p
  %inc = fadd float %a, 1.0
  store float %inc, ptr addrspace(3) %p
  ret void"
        ));
        assert_eq!(n, 0, "{out}");
    }

    #[test]
    fn barriers_exchanges_and_other_memory_need_nothing() {
        let (out, n) = run_on(&format!(
            "{WARP}  %p = getelementptr float, ptr addrspace(3) @s, i64 %tid
  store float 1.0, ptr addrspace(3) %p
  call void @__ferrocm_barrier()
  %v = load float, ptr addrspace(3) @s
  store float %v, ptr %g
  %x = load float, ptr %g
  call void @__ferrocm_barrier()
  store float %x, ptr addrspace(3) %p
  %e = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 5)
  %w = load float, ptr addrspace(3) @s
  store float %w, ptr %g
  ret void"
        ));
        assert_eq!(n, 0, "{out}");
    }

    #[test]
    fn kernels_that_never_work_at_warp_level_keep_their_form() {
        let body = "  %p = getelementptr float, ptr addrspace(3) @s, i64 %tid
  store float 1.0, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) @s
  store float %v, ptr %g
  ret void";
        assert_eq!(run_on(body).1, 0);
        // A volatile shared access is warp-synchronous code.
        let volatile = body.replace("%v = load float", "%v = load volatile float");
        assert_eq!(run_on(&volatile).1, 1);
    }

    #[test]
    fn a_store_on_one_path_reaches_a_load_after_the_join_and_around_a_loop() {
        let (out, n) = run_on(&format!(
            "entry:
{WARP}  br i1 %c, label %st, label %join
st:
  %p = getelementptr float, ptr addrspace(3) @s, i64 %tid
  store float 1.0, ptr addrspace(3) %p
  br label %join
join:
  br label %loop
loop:
  %v = load float, ptr addrspace(3) @s
  store float %v, ptr %g
  %q = getelementptr float, ptr addrspace(3) @s, i64 %tid
  %old = atomicrmw add ptr addrspace(3) %q, i32 1 monotonic
  br i1 %c, label %loop, label %done
done:
  ret void"
        ));
        // Before the loop's load (a store reaches it from `st`, and around the back edge from the
        // atomic), and before the atomic, which writes where another lane may have just read.
        assert_eq!(n, 2, "{out}");
        assert!(
            position(&out, "@__ferrocm_warp_exchange(i64 0)") < position(&out, "%v = load"),
            "{out}"
        );
    }
}
