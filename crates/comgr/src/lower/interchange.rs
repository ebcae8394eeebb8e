//! Uniform loops with floating-point accumulators become loops of regions, so that the
//! work-item loop runs inside them and vectorizes.
//!
//! A kernel's barrier-free code runs as one work-item loop around it: for the n-body step's inner
//! loop over the bodies of a shared tile, every work-item runs all 256 iterations before the next
//! starts. The work-item loop is then the outer loop, which LLVM does not vectorize, and the inner
//! one keeps three float sums in order, which it cannot vectorize without reassociating. The loop
//! is the same for every work-item, though: its trip count and everything that decides whether it
//! runs are uniform. So this pass puts a barrier at the top of its header. The lowering then makes
//! each iteration a region, with the work-item loop inside, across which LLVM vectorizes; the sums
//! live in per-work-item context slots between iterations. A barrier every work-item reaches
//! equally often only orders what a GPU may order anyway.
//!
//! Each region runs [`UNROLL`] iterations: `mark_for_unroll` asks LLVM's unroller for that many
//! copies of the loop's body first (with a remainder loop, which qualifies too), so the sums cross
//! the context arrays once per 4 iterations. The sums keep their order.
//!
//! A loop qualifies when, in a kernel without warp exchanges:
//! - it is innermost and has no barrier;
//! - a header phi is a float (an accumulator the loop vectorizer would have to reorder);
//! - every branch that leaves it tests a uniform value;
//! - no branch on a value that differs between work-items decides whether its header runs (the
//!   header lies outside every such branch's region, up to its post-dominator);
//! - each of its loads and stores is the same for every work-item or moves by one element from
//!   one `threadIdx.x` to the next. Row-wise reads (`a[i * m + k]`) would become gathers across
//!   rows, slower than each work-item's own run along its row (25% measured), so such a loop
//!   stays; column-wise ones (`a[k * n + i]`) ran 4.4x faster.
//!
//! A value is uniform when it comes from arguments, constants, the group's builtins
//! (`blockIdx`, `blockDim`, ...) and pure intrinsics of uniform values; loads and other calls are
//! not. A phi is not uniform in a block that divergent branches join. If the analysis were wrong,
//! the launch would fail as a divergent barrier, never compute a wrong result.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use super::*;
use std::collections::HashSet;

/// The barrier call the lowering cuts regions at.
const BARRIER: &str = "__ferrocm_barrier";

/// Puts a barrier at the top of each qualifying loop of the kernels (not their warp clones);
/// gives the number of loops.
pub fn interchange_loops(m: Module, prepared: &Prepared) -> usize {
    put_barriers(m, prepared, |f| {
        qualifying_headers(m, f)
            .into_iter()
            .map(|(h, _)| h)
            .collect()
    })
}

/// Rewrites the kernels' block-stride loops into loops of chunks (`block_stride.rs`) with a
/// barrier at each chunk loop's top; gives the number of loops. It runs before the unrolling
/// that [`mark_for_unroll`] asks for, whose loop canonicalization (preheaders, dedicated exits)
/// would hide the rotated loop's entry test it recognizes.
pub fn chunk_block_stride_loops(m: Module, prepared: &Prepared) -> usize {
    put_barriers(m, prepared, |f| {
        super::block_stride::find(m, f)
            .iter()
            .map(|l| super::block_stride::rewrite(m, f, l))
            .collect()
    })
}

/// A barrier at the top of each block `headers` gives for the kernels (not their warp clones)
/// without warp exchanges.
fn put_barriers(m: Module, prepared: &Prepared, headers: impl Fn(Val) -> Vec<Block>) -> usize {
    let mut done = 0;
    for f in kernels_without_exchanges(m, prepared) {
        let headers = headers(f);
        if headers.is_empty() {
            continue;
        }
        let barrier = m.function(BARRIER).unwrap_or_else(|| {
            let ty = m.fn_type(m.void(), &[]);
            m.add_function(BARRIER, ty)
        });
        let b = m.builder();
        for h in headers {
            let Some(at) = h.first_non_phi() else {
                continue;
            };
            b.before(at);
            b.call(m.fn_type(m.void(), &[]), barrier, &[]);
            done += 1;
        }
    }
    done
}

/// How many iterations of a qualifying loop one region runs: the loop is unrolled this many
/// times before its header gets the barrier, so each work-item's sums cross the context arrays
/// once per 4 iterations, not every one. n-body's inner loop ran 74 -> 39 ms (8 gave 37.5).
pub const UNROLL: u32 = 4;

/// Asks LLVM's unroller for [`UNROLL`] copies of each qualifying loop's body (see the module's
/// doc); gives how many loops. `codegen` then runs the unroller and [`interchange_loops`].
pub fn mark_for_unroll(m: Module, prepared: &Prepared) -> usize {
    let mut marked = 0;
    for f in kernels_without_exchanges(m, prepared) {
        for (_, latch) in qualifying_headers(m, f) {
            if let Some(br) = latch.and_then(|l| l.terminator()) {
                crate::shim::set_unroll_count(br, UNROLL);
                marked += 1;
            }
        }
    }
    marked
}

/// The kernels (not their warp clones) these passes may change: those without warp exchanges.
fn kernels_without_exchanges<'a>(
    m: Module,
    prepared: &'a Prepared,
) -> impl Iterator<Item = Val> + 'a {
    prepared
        .kernels
        .iter()
        .filter_map(move |name| m.function(name))
        .filter(|f| {
            !f.blocks()
                .iter()
                .flat_map(|b| b.instructions())
                .any(|i| i.is_call() && callee(i) == WARP_EXCHANGE)
        })
}

/// The CFG of one function, by block index.
pub(super) struct Cfg {
    pub(super) blocks: Vec<Block>,
    pub(super) index: HashMap<Block, usize>,
    pub(super) succs: Vec<Vec<usize>>,
    pub(super) preds: Vec<Vec<usize>>,
}

impl Cfg {
    pub(super) fn new(f: Val) -> Cfg {
        let blocks = f.blocks();
        let (index, succs) = crate::uniform::block_graph(&blocks);
        let mut preds = vec![Vec::new(); blocks.len()];
        for (k, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s].push(k);
            }
        }
        Cfg {
            blocks,
            index,
            succs,
            preds,
        }
    }
}

fn dominates(idom: &[Option<usize>], a: usize, mut b: usize) -> bool {
    loop {
        if a == b {
            return true;
        }
        match idom[b] {
            Some(p) if p != b => b = p,
            _ => return false,
        }
    }
}

/// The natural loops: header and blocks, one per header.
fn natural_loops(cfg: &Cfg, idom: &[Option<usize>]) -> Vec<(usize, HashSet<usize>)> {
    let mut loops: HashMap<usize, HashSet<usize>> = HashMap::new();
    for (u, ss) in cfg.succs.iter().enumerate() {
        for &h in ss {
            if idom[u].is_none() || !dominates(idom, h, u) {
                continue;
            }
            let body = loops.entry(h).or_insert_with(|| HashSet::from([h]));
            let mut work = vec![u];
            while let Some(b) = work.pop() {
                if body.insert(b) {
                    work.extend(cfg.preds[b].iter().copied());
                }
            }
        }
    }
    loops.into_iter().collect()
}

pub(super) fn callee(i: Val) -> String {
    callee_name(i).unwrap_or_default()
}

/// The values that may differ between work-items, and the blocks whose branch tests one.
fn divergent_branches(cfg: &Cfg, ipdom: &[Option<usize>]) -> (HashSet<Val>, HashSet<usize>) {
    let mut div: HashSet<Val> = HashSet::new();
    let mut branches: HashSet<usize> = HashSet::new();
    // Blocks joined from the region of a divergent branch (their phis differ).
    let mut joined: HashSet<usize> = HashSet::new();
    loop {
        let before = (div.len(), branches.len(), joined.len());
        for (k, blk) in cfg.blocks.iter().enumerate() {
            for i in blk.instructions() {
                if div.contains(&i) {
                    continue;
                }
                let operand_div = |i: Val| {
                    (0..i.num_operands()).any(|o| {
                        let v = i.operand(o);
                        v.is_instruction() && div.contains(&v)
                    })
                };
                let d = if i.is_phi() {
                    joined.contains(&k) || operand_div(i)
                } else if i.is_call() {
                    let name = callee(i);
                    if crate::uniform::pure_intrinsic(&name) {
                        operand_div(i)
                    } else {
                        !crate::uniform::uniform_builtin(&name)
                    }
                } else if i.is_load() || i.is_alloca() {
                    true
                } else {
                    use llvm_sys::LLVMOpcode::*;
                    match i.opcode() {
                        LLVMAtomicRMW | LLVMAtomicCmpXchg | LLVMVAArg | LLVMLandingPad => true,
                        _ => operand_div(i),
                    }
                };
                if d {
                    div.insert(i);
                }
            }
            if let Some(t) = blk.terminator() {
                let c = (t.num_operands() > 1).then(|| t.operand(0));
                if c.is_some_and(|c| c.is_instruction() && div.contains(&c)) && branches.insert(k) {
                    for r in influence(cfg, k, ipdom[k]) {
                        for &s in &cfg.succs[r] {
                            joined.insert(s);
                        }
                    }
                }
            }
        }
        if before == (div.len(), branches.len(), joined.len()) {
            return (div, branches);
        }
    }
}

/// The blocks between branch `d` and its post-dominator (all it reaches when it has none).
fn influence(cfg: &Cfg, d: usize, join: Option<usize>) -> HashSet<usize> {
    let mut seen = HashSet::from([d]);
    let mut work = vec![d];
    while let Some(b) = work.pop() {
        for &s in &cfg.succs[b] {
            if Some(s) != join && seen.insert(s) {
                work.push(s);
            }
        }
    }
    seen
}

/// A function's innermost loops that hold no barrier (header and blocks), over its CFG, with the
/// divergence analysis made on first use.
pub(super) struct InnerLoops {
    pub(super) cfg: Cfg,
    pub(super) loops: Vec<(usize, HashSet<usize>)>,
    ipdom: Vec<Option<usize>>,
    divergence: std::cell::OnceCell<(HashSet<Val>, HashSet<usize>)>,
}

impl InnerLoops {
    pub(super) fn of(f: Val) -> Option<InnerLoops> {
        let cfg = Cfg::new(f);
        if cfg.blocks.is_empty() {
            return None;
        }
        let idom = crate::uniform::immediate_dominators(&cfg.succs);
        let all = natural_loops(&cfg, &idom);
        let loops = all
            .iter()
            .filter(|(h, body)| {
                let innermost = !all.iter().any(|(h2, _)| h2 != h && body.contains(h2));
                let has_cut = body
                    .iter()
                    .any(|&b| cfg.blocks[b].instructions().into_iter().any(is_cut));
                innermost && !has_cut
            })
            .cloned()
            .collect();
        let ipdom = crate::uniform::immediate_post_dominators(&cfg.succs);
        Some(InnerLoops {
            cfg,
            loops,
            ipdom,
            divergence: std::cell::OnceCell::new(),
        })
    }

    /// The values that may differ between work-items, and the blocks whose branch tests one.
    pub(super) fn divergence(&self) -> &(HashSet<Val>, HashSet<usize>) {
        self.divergence
            .get_or_init(|| divergent_branches(&self.cfg, &self.ipdom))
    }

    /// Whether a branch that differs between work-items, outside the loop `body` and other than
    /// `except`, decides whether header `h` runs (`h` lies in its region).
    pub(super) fn decided_per_item(
        &self,
        h: usize,
        body: &HashSet<usize>,
        except: Option<usize>,
    ) -> bool {
        self.divergence()
            .1
            .iter()
            .filter(|d| !body.contains(d) && Some(**d) != except)
            .any(|&d| influence(&self.cfg, d, self.ipdom[d]).contains(&h))
    }
}

/// The headers of `f`'s loops that qualify (see the module's doc), each with its latch when it
/// has one.
fn qualifying_headers(m: Module, f: Val) -> Vec<(Block, Option<Block>)> {
    let Some(inner) = InnerLoops::of(f) else {
        return Vec::new();
    };
    let cfg = &inner.cfg;
    let mut out = Vec::new();
    for (h, body) in &inner.loops {
        let header = cfg.blocks[*h];
        let accumulates = header
            .instructions()
            .iter()
            .take_while(|i| i.is_phi())
            .any(|p| {
                use llvm_sys::LLVMTypeKind::*;
                matches!(p.ty().kind(), LLVMFloatTypeKind | LLVMDoubleTypeKind)
            });
        if !accumulates {
            continue;
        }
        let branches = &inner.divergence().1;
        let exits_uniform = body.iter().all(|&b| {
            let leaves = cfg.succs[b].iter().any(|s| !body.contains(s));
            !leaves || !branches.contains(&b)
        });
        let decided_per_item = inner.decided_per_item(*h, body, None);
        let mut strides = Strides {
            m,
            memo: HashMap::new(),
        };
        let contiguous = body.iter().all(|&b| {
            cfg.blocks[b].instructions().into_iter().all(|i| {
                let (ptr, ty) = if i.is_load() {
                    (i.operand(0), i.ty())
                } else if i.is_store() {
                    (i.operand(1), i.operand(0).ty())
                } else {
                    return true;
                };
                let size = m.size_of(ty);
                matches!(strides.of(ptr, 0), Some(s) if s == 0 || s.unsigned_abs() == size)
            })
        });
        if exits_uniform && !decided_per_item && contiguous {
            let latches: Vec<usize> = cfg.preds[*h]
                .iter()
                .copied()
                .filter(|p| body.contains(p))
                .collect();
            let latch = match latches[..] {
                [l] => Some(cfg.blocks[l]),
                _ => None,
            };
            out.push((header, latch));
        }
    }
    out.sort_by_key(|(b, _)| cfg.index[b]);
    out
}

/// How values change from one `threadIdx.x` to the next within a row of the work-group: by a
/// fixed amount (bytes, for pointers), 0 for the same in every work-item, `None` when unknown.
pub(super) struct Strides {
    pub(super) m: Module,
    pub(super) memo: HashMap<Val, Option<i64>>,
}

impl Strides {
    pub(super) fn of(&mut self, v: Val, depth: u32) -> Option<i64> {
        if !v.is_instruction() {
            // Arguments, constants, globals.
            return Some(0);
        }
        if let Some(s) = self.memo.get(&v) {
            return *s;
        }
        if depth > 32 {
            return None;
        }
        // A phi's cycle through itself keeps the provisional "same for all".
        self.memo.insert(v, Some(0));
        let s = self.compute(v, depth + 1);
        self.memo.insert(v, s);
        s
    }

    fn compute(&mut self, i: Val, depth: u32) -> Option<i64> {
        use llvm_sys::LLVMOpcode::*;
        let mut op = |k: u32| self.of(i.operand(k), depth);
        match i.opcode() {
            LLVMCall => {
                let name = callee(i);
                if name == "__ferrocm_workitem_id_x" {
                    Some(1)
                } else if name == "__ferrocm_workitem_id_y"
                    || name == "__ferrocm_workitem_id_z"
                    || crate::uniform::uniform_builtin(&name)
                {
                    // The work-item loop over x runs innermost: y and z stay put in it.
                    Some(0)
                } else if crate::uniform::pure_intrinsic(&name) {
                    let n = i.num_call_args();
                    (0..n).all(|k| op(k) == Some(0)).then_some(0)
                } else {
                    None
                }
            }
            LLVMPHI => {
                let n = unsafe { llvm_sys::core::LLVMCountIncoming(i.0) };
                (0..n).all(|k| op(k) == Some(0)).then_some(0)
            }
            LLVMAdd | LLVMOr => Some(op(0)? + op(1)?),
            LLVMSub => Some(op(0)? - op(1)?),
            LLVMMul => {
                let (a, b) = (op(0)?, op(1)?);
                let c = |v: Val| v.is_constant_int().then(|| v.const_zext() as i64);
                match (a, b) {
                    (0, 0) => Some(0),
                    (s, 0) => c(i.operand(1)).map(|k| s * k),
                    (0, s) => c(i.operand(0)).map(|k| s * k),
                    _ => None,
                }
            }
            LLVMShl => {
                let s = op(0)?;
                let by = i.operand(1);
                if s == 0 && op(1)? == 0 {
                    Some(0)
                } else if by.is_constant_int() && by.const_zext() < 32 {
                    Some(s << by.const_zext())
                } else {
                    None
                }
            }
            LLVMZExt | LLVMSExt | LLVMTrunc | LLVMFreeze | LLVMBitCast | LLVMAddrSpaceCast
            | LLVMPtrToInt | LLVMIntToPtr => op(0),
            LLVMSelect => {
                let (a, b) = (op(1), op(2));
                // A clamp (`i < n ? i : n - 1`) moves with its moving side.
                match (a, b) {
                    (Some(x), Some(y)) if x == y => Some(x),
                    (Some(0), s) | (s, Some(0)) => s,
                    _ => None,
                }
            }
            LLVMLoad => (op(0)? == 0).then_some(0),
            LLVMGetElementPtr => {
                let mut stride = op(0)?;
                let mut ty = unsafe { llvm_sys::core::LLVMGetGEPSourceElementType(i.0) };
                for k in 1..i.num_operands() {
                    if k > 1 {
                        use llvm_sys::LLVMTypeKind::*;
                        match unsafe { llvm_sys::core::LLVMGetTypeKind(ty) } {
                            LLVMArrayTypeKind => {
                                ty = unsafe { llvm_sys::core::LLVMGetElementType(ty) }
                            }
                            LLVMStructTypeKind => {
                                let idx = i.operand(k);
                                if !idx.is_constant_int() {
                                    return None;
                                }
                                let at = idx.const_zext() as u32;
                                ty = unsafe { llvm_sys::core::LLVMStructGetTypeAtIndex(ty, at) };
                                continue;
                            }
                            _ => return None,
                        }
                    }
                    let s = self.of(i.operand(k), depth)?;
                    stride += s * self.m.size_of(crate::ir::Ty(ty)) as i64;
                }
                Some(stride)
            }
            _ => {
                let n = i.num_operands();
                (0..n).all(|k| op(k) == Some(0)).then_some(0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("interchange", |module, m| {
            lower_to(module, m, Stage::Interchange, None)
        });
    }
}
