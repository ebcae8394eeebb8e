//! Region outlining: each parallel region of a large work-group function becomes a function of
//! its own.
//!
//! LLVM's optimizer and code generator have steps that grow faster than linearly with the size
//! of one function (runtime unrolling, domain reassignment, the greedy register allocator). A
//! warp-level kernel of rocPRIM or hipCUB lowers to a work-group function of a few hundred
//! regions, each with its loops over lanes or work-items: rocPRIM's reduce-by-key was one
//! function of 6,800 blocks after `default<O3>`, and `llc` spent 30 s on it. Moved into one
//! function per region, called from where it was, each region is optimized and compiled on its
//! own. The call costs nothing that matters next to the region's loop over the work-items.
//!
//! Stack slots only one region uses, and only loads and stores reach, move into its function,
//! where they become registers again: left behind as pointer arguments they kept the
//! shared-memory tree reduction from vectorizing (3.5x slower). The slots regions share are passed
//! by pointer, `noalias` where nothing else can reach them. With that, splitting every kernel of
//! the benchmark set changed none of their times beyond noise; still, only functions of
//! [`OUTLINE_MIN_INSTRUCTIONS`] or more are split, since a small function's optimizer gains from
//! seeing every region at once (a loop of regions fully unrolled, a uniform bound made constant).
//!
//! Runs after the lowering and the shared-memory atomics pass, which both trace addresses inside
//! one function.
use super::*;

/// The work-group functions of at least this many instructions are split by region.
pub const OUTLINE_MIN_INSTRUCTIONS: usize = 10_000;

/// Where a work-group function's regions start, and the blocks around them that belong to no
/// region: the prologue, the exits, and the scheduler's blocks.
pub struct RegionEntries {
    pub(super) wg: Val,
    pub(super) entries: Vec<Block>,
    pub(super) stops: Vec<Block>,
}

impl RegionEntries {
    /// The function's size in instructions.
    fn instructions(&self) -> usize {
        self.wg
            .blocks()
            .iter()
            .map(|b| b.instructions().len())
            .sum()
    }
}

/// Moves the regions of each work-group function of `min_instructions` or more into functions of
/// their own. Gives how many regions moved.
pub fn outline_regions(parts: &[RegionEntries], min_instructions: usize) -> usize {
    parts
        .iter()
        .filter(|p| p.entries.len() > 1)
        .filter(|p| p.instructions() >= min_instructions)
        .map(|p| crate::shim::extract_regions(p.wg, &p.entries, &p.stops, "region"))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("outline", |module, m| {
            lower_to(module, m, Stage::Outlined, None)
        });
    }
}
