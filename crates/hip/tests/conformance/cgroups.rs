//! Cooperative groups beyond the block (hip_cooperative_groups.h): thread_block_tile<N> for
//! N = 4..64, dynamic tiles, coalesced groups in divergent code, collectives, the grid group and
//! groups seen through the thread_group base, checked against the group rules evaluated here on
//! the host at the process's warp size (warp.rs re-runs these at the other one).

use crate::common::*;
use crate::warp::{
    block_size, check_some, expect_assert, fold, low_bits, read, src_down, src_shfl, src_up,
    src_xor, warp_size, Lane, BLOCKS,
};
use rand::Rng;

kernel_module!(groups_module, "cgroups.hip");

/// HIP's group kinds (thread_group::cg_type()).
const CG_GRID: u32 = 2;
const CG_WORKGROUP: u32 = 3;
const CG_TILED: u32 = 4;
const CG_COALESCED: u32 = 5;

/// Tile sizes this warp size allows.
fn tile_sizes(ws: u32) -> Vec<u32> {
    [4u32, 8, 16, 32, 64]
        .into_iter()
        .filter(|&n| n <= ws)
        .collect()
}

/// Where rank `t` of a block of `size` sits in its tile of `n`: (rank in tile, first rank of the
/// tile, members the tile has).
fn tile_of(t: u32, size: u32, n: u32) -> (u32, u32, u32) {
    let first = t & !(n - 1);
    (t - first, first, n.min(size - first))
}

// ---- thread_block_tile<N> ----

#[test]
fn tile_ranks_sizes_and_shuffles() {
    let _device = shared_device();
    let ws = warp_size();
    let seed = 2000;
    let mut r = rng(seed);
    for n in tile_sizes(ws) {
        let f = function(groups_module(), &format!("tile_ops_{n}"));
        for b in BLOCKS {
            let size = block_size(b);
            let total = (2 * size) as usize;
            let input: Vec<i32> = (0..total).map(|_| r.gen()).collect();
            let din = upload(&input);
            for _ in 0..3 {
                let (src, delta, mask) = (
                    r.gen_range(-20i32..80),
                    r.gen_range(0u32..40),
                    r.gen_range(0i32..70),
                );
                let out = poisoned::<i32>(total * 9);
                let what = format!(
                    "tile_ops_{n} seed={seed} ws={ws} block={b:?} src={src} delta={delta} \
                     mask={mask}"
                );
                launch(
                    &f,
                    ((2, 1, 1), b),
                    0,
                    &[&out, &din, &src, &delta, &mask],
                    &what,
                );
                let w = n as i32;
                let mut want = Vec::new();
                for i in 0..total as u32 {
                    let t = i % size;
                    let at = Lane::of(t, size, ws);
                    let start = (i - t) as usize;
                    let lane = at.lane as i32;
                    want.extend([
                        Some((t & (n - 1)) as i32),
                        Some(n as i32),
                        Some(n as i32),
                        Some((t / n) as i32),
                        Some(size.div_ceil(n) as i32),
                        read(&input, at, start, src_shfl(lane, src, w), ws),
                        read(&input, at, start, src_up(lane, delta, w), ws),
                        read(&input, at, start, src_down(lane, delta, w), ws),
                        read(&input, at, start, src_xor(lane, mask, w), ws),
                    ]);
                }
                check_some(&download(&out), &want, &what);
            }
        }
    }
}

#[test]
fn tile_ballot_any_all_match() {
    let _device = shared_device();
    let ws = warp_size();
    let seed = 2010;
    let mut r = rng(seed);
    for n in tile_sizes(ws) {
        let f = function(groups_module(), &format!("tile_votes_{n}"));
        for b in BLOCKS {
            let size = block_size(b);
            let total = (2 * size) as usize;
            // Per tile: all bits set, a constant, or random small values.
            let input: Vec<i32> = (0..total as u32)
                .map(|i| match ((i % size) / n + i / size) % 3 {
                    0 => 0xFF,
                    1 => 0x2C,
                    _ => r.gen_range(0..128),
                })
                .collect();
            let din = upload(&input);
            let out = poisoned::<u32>(total * 6);
            let what = format!("tile_votes_{n} seed={seed} ws={ws} block={b:?}");
            launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
            let mut want = Vec::new();
            for i in 0..total as u32 {
                let t = i % size;
                let (_, first, members) = tile_of(t, size, n);
                let vals = &input[(i - t + first) as usize..(i - t + first + members) as usize];
                let bits = |p: &dyn Fn(i32) -> bool| {
                    vals.iter()
                        .enumerate()
                        .filter(|(_, &v)| p(v))
                        .fold(0u64, |m, (k, _)| m | 1 << k)
                };
                let all_members = low_bits(members);
                let v = input[i as usize];
                let same_hi = vals.iter().all(|&x| x >> 5 == vals[0] >> 5);
                want.extend([
                    fold(bits(&|x| x & 1 != 0)),
                    (bits(&|x| x & 2 != 0) != 0) as u32,
                    (bits(&|x| x & 4 != 0) == all_members) as u32,
                    fold(bits(&|x| x >> 3 == v >> 3)),
                    if same_hi { fold(all_members) } else { 0 },
                    same_hi as u32,
                ]);
            }
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn tile_sync_orders_shared_memory() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "tile_sync_shared");
    let seed = 2020;
    let mut r = rng(seed);
    for b in BLOCKS.into_iter().chain([(1024, 1, 1)]) {
        let total = (3 * block_size(b)) as usize;
        let input: Vec<i32> = (0..total)
            .map(|_| r.gen_range(-1_000_000..1_000_000))
            .collect();
        let din = upload(&input);
        let out = poisoned::<i32>(total);
        let what = format!("tile_sync_shared seed={seed} ws={ws} block={b:?}");
        launch(&f, ((3, 1, 1), b), 0, &[&out, &din], &what);
        let want: Vec<i32> = input.iter().map(|&x| x + 1).collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn sub_tiles_and_tiles_without_parent_type() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "nested_tiles");
    let seed = 2030;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let input: Vec<i32> = (0..total).map(|_| r.gen()).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(total * 6);
        let what = format!("nested_tiles seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
        let mut want = Vec::new();
        for i in 0..total as u32 {
            let t = i % size;
            let at = Lane::of(t, size, ws);
            let r16 = t & 15;
            want.extend([
                Some((t & 3) as i32),
                Some((r16 / 4) as i32),
                Some(4),
                Some((t & 3) as i32),
                Some((r16 / 4) as i32),
                read(
                    &input,
                    at,
                    (i - t) as usize,
                    src_shfl(at.lane as i32, 3, 4),
                    ws,
                ),
            ]);
        }
        check_some(&download(&out), &want, &what);
    }
}

// ---- dynamic tiles ----

/// (rank, size, meta rank, meta size) of tiled_partition(parent, n) for a tile parent of
/// `parent` = (rank, size, meta rank, meta size) at block rank t, as the header computes it.
fn dynamic_tile(t: u32, parent: [u32; 4], n: u32, parent_is_tile: bool) -> [u32; 4] {
    let [rank, size, _, _] = parent;
    if parent_is_tile && size <= n {
        return parent;
    }
    let meta = rank / n;
    [t & (n - 1), n.min(size - meta * n), meta, size.div_ceil(n)]
}

#[test]
fn dynamic_tiles_and_their_sub_tiles() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "dynamic_tiles");
    let mut cases = vec![
        (8u32, 2u32),
        (16, 4),
        (32, 8),
        (ws, 16),
        (4, 4),
        (2, 1),
        (4, 16),
    ];
    if ws == 64 {
        cases.push((64, 32));
    }
    for b in BLOCKS.into_iter().chain([(1024, 1, 1)]) {
        let size = block_size(b);
        let total = (2 * size) as usize;
        for &(n, m) in &cases {
            let out = poisoned::<u32>(total * 10);
            let what = format!("dynamic_tiles ws={ws} block={b:?} n={n} m={m}");
            launch(&f, ((2, 1, 1), b), 0, &[&out, &n, &m], &what);
            let mut want = Vec::new();
            for i in 0..total as u32 {
                let t = i % size;
                let block = [t, size, 0, 1];
                let first = dynamic_tile(t, block, n, false);
                let second = dynamic_tile(t, first, m, true);
                want.extend(first);
                want.push(CG_TILED);
                want.extend(second);
                want.push(CG_TILED);
            }
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn every_group_through_the_thread_group_base() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "groups_through_base");
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let out = poisoned::<u32>(total * 30);
        let what = format!("groups_through_base ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out], &what);
        let mut want = Vec::new();
        for i in 0..total as u32 {
            let t = i % size;
            let at = Lane::of(t, size, ws);
            let (r8, first8, members8) = tile_of(t, size, 8);
            want.extend([size, t, 0, 1, CG_WORKGROUP, 1]);
            want.extend([16, t & 15, t / 16, size.div_ceil(16), CG_TILED, 1]);
            want.extend([members8, r8, first8 / 8, size.div_ceil(8), CG_TILED, 1]);
            want.extend([1, 0, 0, 1, CG_COALESCED, 1]);
            if t % 2 == 1 {
                let odd = (0..at.count).filter(|l| l % 2 == 1).count() as u32;
                want.extend([odd, at.lane / 2, 0, 1, CG_COALESCED, 1]);
            } else {
                want.extend([99; 6]);
            }
        }
        check_eq(&download(&out), &want, &what);
    }
}

// ---- collectives ----

#[test]
fn tile_reduce_and_scans() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "tile_collectives");
    let seed = 2040;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let input: Vec<i32> = (0..total).map(|_| r.gen_range(-1000..1000)).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(total * 5);
        let what = format!("tile_collectives seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
        let mut want = Vec::new();
        for i in 0..total as u32 {
            let t = i % size;
            let tile = |n: u32| {
                let (rank, first, members) = tile_of(t, size, n);
                let s = (i - t + first) as usize;
                (rank as usize, &input[s..s + members as usize])
            };
            let (r8, v8) = tile(8);
            let (r16, v16) = tile(16);
            let (_, v32) = tile(32);
            let (r4, v4) = tile(4);
            want.extend([
                v8.iter().sum::<i32>(),
                v8[..=r8].iter().sum(),
                v16[..r16].iter().fold(0, |a, &x| a ^ x),
                *v32.iter().max().expect("members"),
                v4[..r4].iter().copied().fold(i32::MAX, i32::min),
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

/// Float sums show the order of the additions: each is within a few ulps of the exact sum, and
/// every member of a tile gets the same reduce, bit for bit.
#[test]
fn tile_float_reduce_and_scans() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "tile_float_collectives");
    let seed = 2041;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let input: Vec<f32> = (0..total).map(|_| r.gen_range(-1.0e3f32..1.0e3)).collect();
        let din = upload(&input);
        let out = poisoned::<f32>(total * 3);
        let what = format!("tile_float_collectives seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
        let got = download(&out);
        for i in 0..total as u32 {
            let t = i % size;
            let tile = |n: u32| {
                let (rank, first, members) = tile_of(t, size, n);
                let s = (i - t + first) as usize;
                (rank as usize, s, &input[s..s + members as usize])
            };
            let exact = |v: &[f32]| v.iter().map(|&x| f64::from(x)).sum::<f64>();
            // Each partial sum is at most 32 * 1000 in size; a few ulps of that.
            let close = |g: f32, want: f64, k: usize| {
                assert!(
                    (f64::from(g) - want).abs() <= 1e-2,
                    "{what}: out[{}] (item {i}) got {g} want {want}",
                    3 * i as usize + k
                );
            };
            let (_, s32, v32) = tile(32);
            let (r16, _, v16) = tile(16);
            let (r32, _, _) = tile(32);
            let at = 3 * i as usize;
            close(got[at], exact(v32), 0);
            assert_eq!(
                got[at].to_bits(),
                got[3 * s32].to_bits(),
                "{what}: item {i} and its tile's rank 0 reduce differently"
            );
            close(got[at + 1], exact(&v16[..=r16]), 1);
            close(got[at + 2], exact(&v32[..r32]), 2);
        }
    }
}

/// The composition of affine maps, as `tile_compose` combines them.
fn compose(f: u64, g: u64) -> u64 {
    let (a1, b1) = ((f >> 32) as u32, f as u32);
    let (a2, b2) = ((g >> 32) as u32, g as u32);
    (u64::from(a1.wrapping_mul(a2)) << 32) | u64::from(a1.wrapping_mul(b2).wrapping_add(b1))
}

#[test]
fn tile_reduce_keeps_rank_order_for_an_op_that_does_not_commute() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "tile_compose");
    let seed = 2045;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let input: Vec<u64> = (0..total).map(|_| r.gen()).collect();
        let out = poisoned::<u64>(total * 2);
        let what = format!("tile_compose seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &upload(&input)], &what);
        let mut want = Vec::with_capacity(total * 2);
        for i in 0..total as u32 {
            let t = i % size;
            for n in [8, 32] {
                let (_, first, members) = tile_of(t, size, n);
                let s = (i - t + first) as usize;
                let v = &input[s..s + members as usize];
                want.push(v[1..].iter().fold(v[0], |acc, &x| compose(acc, x)));
            }
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn block_reduction_by_tiles() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "tile_block_reduce");
    let seed = 2050;
    let mut r = rng(seed);
    let n = 5000usize;
    let input: Vec<i32> = (0..n).map(|_| r.gen()).collect();
    let din = upload(&input);
    for b in BLOCKS.into_iter().chain([(1024, 1, 1), (8, 8, 4)]) {
        let size = block_size(b) as usize;
        let g = n.div_ceil(size) as u32;
        let out = poisoned::<i64>(g as usize);
        let what = format!("tile_block_reduce seed={seed} ws={ws} block={b:?}");
        launch(&f, ((g, 1, 1), b), 0, &[&out, &din, &(n as i32)], &what);
        let want: Vec<i64> = input
            .chunks(size)
            .map(|c| c.iter().map(|&x| x as i64).sum())
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

// ---- coalesced groups ----

/// The lanes of `i`'s warp whose input satisfies `pred`, in lane order: (global index of each).
fn members(input: &[i32], i: u32, size: u32, ws: u32, pred: impl Fn(i32) -> bool) -> Vec<usize> {
    let at = Lane::of(i % size, size, ws);
    let first = (i - at.lane) as usize;
    (first..first + at.count as usize)
        .filter(|&k| pred(input[k]))
        .collect()
}

#[test]
fn coalesced_threads_in_a_branch() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "coalesced_in_branch");
    let seed = 2060;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let input: Vec<i32> = (0..total).map(|_| r.gen_range(0..1000)).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(total * 8);
        let what = format!("coalesced_in_branch seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
        let mut want = Vec::new();
        for i in 0..total as u32 {
            let v = input[i as usize];
            if v % 3 != 0 {
                want.extend([-1; 8]);
                continue;
            }
            let g = members(&input, i, size, ws, |x| x % 3 == 0);
            let s = g.len();
            let rank = g.iter().position(|&k| k == i as usize).expect("member");
            let at = |k: usize| input[g[k]];
            want.extend([
                s as i32,
                rank as i32,
                at(0),
                at((rank + 1) % s),
                if rank >= 1 { at(rank - 1) } else { v },
                if rank + 2 < s { at(rank + 2) } else { v },
                0,
                1,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn coalesced_ballot_any_all_match() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "coalesced_votes");
    let seed = 2070;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        // Whole warps below 1024 (match_all holds) or not.
        let input: Vec<i32> = (0..total as u32)
            .map(|i| {
                let warp = (i % size) / ws + i / size;
                r.gen_range(0..if warp.is_multiple_of(2) { 1024 } else { 4096 })
            })
            .collect();
        let din = upload(&input);
        let out = poisoned::<u32>(total * 6);
        let what = format!("coalesced_votes seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
        let mut want = Vec::new();
        for i in 0..total as u32 {
            let v = input[i as usize];
            if v & 8 == 0 {
                want.extend([7; 6]);
                continue;
            }
            let g: Vec<i32> = members(&input, i, size, ws, |x| x & 8 != 0)
                .into_iter()
                .map(|k| input[k])
                .collect();
            let bits = |p: &dyn Fn(i32) -> bool| {
                g.iter()
                    .enumerate()
                    .filter(|(_, &x)| p(x))
                    .fold(0u64, |m, (k, _)| m | 1 << k)
            };
            let all = low_bits(g.len() as u32);
            let same = g.iter().all(|&x| x >> 10 == g[0] >> 10);
            want.extend([
                fold(bits(&|x| x & 1 != 0)),
                (bits(&|x| x & 2 != 0) != 0) as u32,
                (bits(&|x| x & 4 != 0) == all) as u32,
                fold(bits(&|x| x & 3 == v & 3)),
                if same { fold(all) } else { 0 },
                same as u32,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn coalesced_tiled_and_binary_partitions_and_collectives() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(groups_module(), "coalesced_partitions");
    let seed = 2080;
    let mut r = rng(seed);
    for b in BLOCKS {
        let size = block_size(b);
        let total = (2 * size) as usize;
        let input: Vec<i32> = (0..total).map(|_| r.gen_range(0..1000)).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(total * 9);
        let what = format!("coalesced_partitions seed={seed} ws={ws} block={b:?}");
        launch(&f, ((2, 1, 1), b), 0, &[&out, &din], &what);
        let mut want = Vec::new();
        for i in 0..total as u32 {
            let v = input[i as usize];
            if v & 16 == 0 {
                want.extend([-2; 9]);
                continue;
            }
            let g: Vec<i32> = members(&input, i, size, ws, |x| x & 16 != 0)
                .into_iter()
                .map(|k| input[k])
                .collect();
            let s = g.len();
            let rank = members(&input, i, size, ws, |x| x & 16 != 0)
                .iter()
                .position(|&k| k == i as usize)
                .expect("member");
            let first = rank / 4 * 4;
            let q = &g[first..(first + 4).min(s)];
            let side: Vec<usize> = (0..s).filter(|&k| (g[k] & 1) == (v & 1)).collect();
            want.extend([
                q.len() as i32,
                (rank - first) as i32,
                (rank / 4) as i32,
                s.div_ceil(4) as i32,
                q.iter().sum(),
                side.len() as i32,
                side.iter().position(|&k| k == rank).expect("own side") as i32,
                g.iter().sum(),
                g[..=rank].iter().sum(),
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

// ---- the grid ----

#[test]
fn grid_group_size_and_ranks() {
    let _device = shared_device();
    let f = function(groups_module(), "grid_info");
    let cases: [Shape; 5] = [
        ((3, 1, 1), (64, 1, 1)),
        ((2, 3, 1), (16, 6, 1)),
        ((2, 2, 2), (5, 3, 2)),
        ((7, 1, 1), (33, 1, 1)),
        ((1, 1, 1), (1, 1, 1)),
    ];
    for (grid, b) in cases {
        let size = block_size(b);
        let blocks = grid.0 * grid.1 * grid.2;
        let total = blocks * size;
        let out = poisoned::<u32>(total as usize * 10);
        let what = format!("grid_info grid={grid:?} block={b:?}");
        launch(&f, (grid, b), 0, &[&out, &total], &what);
        let mut want = Vec::new();
        for rank in 0..total {
            let block = rank / size;
            want.extend([
                total, rank, block, 1, grid.0, grid.1, grid.2, total, rank, CG_GRID,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

/// this_grid().sync() needs a cooperative launch; an ordinary launch of it fails.
#[test]
fn grid_sync_in_an_ordinary_launch_fails() {
    let _device = exclusive_device();
    let f = function(groups_module(), "grid_sync");
    let out = filled::<i32>(4 * 64, 0);
    let result = f
        .launch((4, 1, 1).into(), (64, 1, 1).into(), 0, None, &[&out])
        .and_then(|()| hip::device_synchronize());
    match result {
        Err(e) => {
            let msg = detail();
            assert!(
                msg.to_lowercase().contains("cooperative"),
                "{e:?}: the failure does not say it needs a cooperative launch: {msg}"
            );
        }
        Ok(()) => panic!("grid.sync() ran to completion in an ordinary launch"),
    }
}

// ---- misuse ----

#[test]
fn tile_of_64_at_warp_size_32_fails_the_launch() {
    let ws = warp_size();
    if ws != 32 {
        return; // runs in the child at warp size 32; tile_ranks_sizes_and_shuffles covers 64
    }
    let _device = exclusive_device();
    let f = function(groups_module(), "tile_ops_64");
    let out = filled::<i32>(64 * 9, 0);
    let input = filled::<i32>(64, 0);
    expect_assert(
        &f,
        ((1, 1, 1), (64, 1, 1)),
        &[&out, &input, &0i32, &0u32, &0i32],
        "cooperative_groups::thread_block_tile: the tile is larger than this launch's warpSize",
    );
}

#[test]
fn dynamic_tile_larger_than_the_warp_fails_the_launch() {
    let _device = exclusive_device();
    let f = function(groups_module(), "dynamic_tile_too_large");
    let out = filled::<u32>(256, 0);
    expect_assert(
        &f,
        ((1, 1, 1), (256, 1, 1)),
        &[&out],
        "cooperative_groups::tiled_partition: the tile size must be a power of two no larger \
         than warpSize",
    );
}

#[test]
fn coalesced_group_used_by_fewer_lanes_fails_the_launch() {
    let _device = exclusive_device();
    let f = function(groups_module(), "coalesced_used_by_fewer_lanes");
    let out = filled::<i32>(64, 0);
    expect_assert(
        &f,
        ((1, 1, 1), (64, 1, 1)),
        &[&out],
        "cooperative_groups::coalesced_group: used by fewer lanes than it holds",
    );
}

#[test]
fn tile_reduce_under_a_branch_that_splits_a_warp() {
    let _device = shared_device();
    let f = function(groups_module(), "first_tile_reduce");
    let seed = 1302;
    let mut r = rng(seed);
    let block = 128u32;
    let n = 3 * block as usize;
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
    let din = upload(&input);
    let out = poisoned::<i32>(n);
    let what = format!("first_tile_reduce seed={seed}");
    launch(&f, ((3, 1, 1), (block, 1, 1)), 0, &[&out, &din], &what);
    let want: Vec<i32> = (0..n)
        .map(|i| {
            let (b, t) = (i / block as usize, i % block as usize);
            if t < 32 {
                input[b * block as usize..b * block as usize + 32]
                    .iter()
                    .sum()
            } else {
                input[i]
            }
        })
        .collect();
    check_eq(&download(&out), &want, &what);
}
