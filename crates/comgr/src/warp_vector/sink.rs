//! An exchange's lane buffer is written only where something reads it.
//!
//! Each exchange stores the warp's values to a stack buffer, with the active lanes' mask after
//! them. Reads at constant lane offsets become shuffles of the values in registers, so the buffer
//! is read only by the slow paths: a gather at lane-varying offsets, or a fold over the lanes
//! when a tile is split. In `cg::reduce` that path runs only for partial tiles, yet the store of
//! the whole buffer (512 bytes at width 64) ran on every exchange. It now sits at the nearest
//! block that dominates every read of the values (reads of the mask slot alone do not count),
//! outside any loop the exchange is not in.
#![allow(clippy::undocumented_unsafe_blocks)] // Reason: handles of the one module, as in ir.rs.

use super::Vectorizer;
use crate::ir::{Block, Val};
use llvm_sys::core::*;
use llvm_sys::LLVMOpcode as Op;
use std::collections::HashSet;

impl Vectorizer {
    pub(super) fn sink_lane_stores(&self) {
        let blocks = self.f.blocks();
        let (index, succs) = crate::uniform::block_graph(&blocks);
        let idom = crate::uniform::immediate_dominators(&succs);
        let cfg = Cfg {
            succs: &succs,
            idom: &idom,
        };
        for &(store, buf) in &self.lane_stores {
            let Some(reads) = self.value_reads(buf, store) else {
                continue;
            };
            let Some(reads) = reads
                .iter()
                .map(|b| index.get(b).copied())
                .collect::<Option<Vec<usize>>>()
            else {
                continue;
            };
            let Some((&first, rest)) = reads.split_first() else {
                // Nothing reads the values: the store is dead.
                store.erase();
                continue;
            };
            let Some(d) = rest
                .iter()
                .try_fold(first, |a, &b| cfg.common_dominator(a, b))
            else {
                continue;
            };
            let s = index[&store.parent_block()];
            let Some(d) = cfg.outside_loops(d, s) else {
                continue;
            };
            if d == s {
                continue;
            }
            let target = blocks[d];
            let Some(at) = target.first_non_phi() else {
                continue;
            };
            store.remove_from_parent();
            self.m.builder().before(at).insert(store);
        }
    }

    /// The blocks that read the values part of `buf` (the mask slot after them excluded), or
    /// `None` when the buffer has a use this does not follow.
    fn value_reads(&self, buf: Val, store: Val) -> Option<HashSet<Block>> {
        let mask_slot = u64::from(self.w) * 8;
        let mut reads = HashSet::new();
        // (pointer, its constant byte offset from `buf` where known)
        let mut work = vec![(buf, Some(0u64))];
        let mut seen = HashSet::new();
        while let Some((p, off)) = work.pop() {
            if !seen.insert(p) {
                continue;
            }
            for u in p.users() {
                match u.opcode() {
                    Op::LLVMGetElementPtr => {
                        if u.operand(0) != p {
                            return None;
                        }
                        let step = (u.num_operands() == 2 && u.operand(1).is_constant_int())
                            .then(|| {
                                let ty = unsafe { LLVMGetGEPSourceElementType(u.0) };
                                u.operand(1)
                                    .const_zext()
                                    .checked_mul(self.m.size_of(crate::ir::Ty(ty)))
                            })
                            .flatten();
                        work.push((u, off.zip(step).and_then(|(a, b)| a.checked_add(b))));
                    }
                    Op::LLVMAddrSpaceCast | Op::LLVMBitCast => work.push((u, off)),
                    Op::LLVMStore => {
                        // Only this exchange's own two stores write the buffer.
                        let own = u == store || off == Some(mask_slot);
                        if u.operand(1) != p || !own {
                            return None;
                        }
                    }
                    Op::LLVMLoad => {
                        if off.is_none_or(|o| o < mask_slot) {
                            reads.insert(u.parent_block());
                        }
                    }
                    Op::LLVMCall => {
                        let name = u.called_function().map(|f| f.name()).unwrap_or_default();
                        // A uniform read in if-converted code is a one-lane masked load.
                        let load = name.starts_with("llvm.masked.load");
                        if !load && !name.starts_with("llvm.masked.gather") {
                            return None;
                        }
                        if !load || off.is_none_or(|o| o < mask_slot) {
                            reads.insert(u.parent_block());
                        }
                    }
                    _ => return None,
                }
            }
        }
        Some(reads)
    }
}

struct Cfg<'a> {
    succs: &'a [Vec<usize>],
    idom: &'a [Option<usize>],
}

impl Cfg<'_> {
    fn common_dominator(&self, mut a: usize, mut b: usize) -> Option<usize> {
        let depth = |mut x: usize| {
            let mut d = 0;
            while x != 0 {
                x = self.idom[x]?;
                d += 1;
            }
            Some(d)
        };
        let (mut da, mut db) = (depth(a)?, depth(b)?);
        while da > db {
            a = self.idom[a]?;
            da -= 1;
        }
        while db > da {
            b = self.idom[b]?;
            db -= 1;
        }
        while a != b {
            a = self.idom[a]?;
            b = self.idom[b]?;
        }
        Some(a)
    }

    /// `d`, or its nearest dominator that lies on no cycle avoiding `s` (the store's block,
    /// which dominates `d`).
    fn outside_loops(&self, mut d: usize, s: usize) -> Option<usize> {
        while d != s && self.on_cycle_avoiding(d, s) {
            d = self.idom[d]?;
        }
        Some(d)
    }

    fn on_cycle_avoiding(&self, d: usize, s: usize) -> bool {
        let mut seen = HashSet::new();
        let mut work: Vec<usize> = self.succs[d].clone();
        while let Some(b) = work.pop() {
            if b == d {
                return true;
            }
            if b == s || !seen.insert(b) {
                continue;
            }
            work.extend(&self.succs[b]);
        }
        false
    }
}
