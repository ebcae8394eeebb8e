//! Warp cross-lane functions (hip_warp_functions.h): every overload of the four shuffles with
//! their width argument, votes and ballots, the `_sync` forms, matches and reductions, in full,
//! partial and divergent warps, checked against HIP's lane rules evaluated here on the host at
//! the process's warp size. One test re-runs the warp and cooperative-groups tests in a child
//! process at the other warp size (FERROCM_WARP_SIZE is read once per process).

use crate::common::*;
use hip::HipError;
use rand::rngs::StdRng;
use rand::Rng;
use std::fmt::Debug;

kernel_module!(warp_module, "warp.hip");

/// Set in the child process that runs these tests at the other warp size: its value is the warp
/// size the child must see, and the child does not start another child.
const CHILD_ENV: &str = "FERROCM_WARP_TEST_CHILD";

/// The warp size of this process's device.
pub fn warp_size() -> u32 {
    let p = hip::get_device_properties(0).expect("device properties");
    let ws = p.warp_size as u32;
    assert!(ws == 32 || ws == 64, "unexpected warp size {ws}");
    ws
}

/// Block shapes: multiples of the warp size and not, 1-D and 2-D/3-D.
pub const BLOCKS: [(u32, u32, u32); 8] = [
    (64, 1, 1),
    (256, 1, 1),
    (96, 1, 1),
    (100, 1, 1),
    (1, 1, 1),
    (33, 1, 1),
    (16, 6, 1),
    (5, 3, 2),
];

pub fn block_size(b: (u32, u32, u32)) -> u32 {
    b.0 * b.1 * b.2
}

/// Where work-item `t` (linear rank in a block of `size`) sits in its warp.
#[derive(Clone, Copy, Debug)]
pub struct Lane {
    /// Lane id.
    pub lane: u32,
    /// Rank of the warp's lane 0 in the block.
    pub base: u32,
    /// Lanes the warp has (fewer than the warp size for a partial last warp).
    pub count: u32,
}

impl Lane {
    pub fn of(t: u32, size: u32, ws: u32) -> Lane {
        let lane = t % ws;
        let base = t - lane;
        Lane {
            lane,
            base,
            count: ws.min(size - base),
        }
    }
    /// Mask of the warp's existing lanes.
    pub fn active(&self) -> u64 {
        low_bits(self.count)
    }
}

/// The low `n` bits set (n <= 64).
pub fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// A 64-bit mask folded to 32 bits as the kernels write it (low ^ high).
pub fn fold(m: u64) -> u32 {
    (m as u32) ^ ((m >> 32) as u32)
}

// ---- HIP's lane rules (i32 arithmetic as in the header) ----

pub fn src_shfl(lane: i32, src: i32, width: i32) -> i32 {
    (src & (width - 1)) + (lane & !(width - 1))
}
pub fn src_up(lane: i32, delta: u32, width: i32) -> i32 {
    let index = (lane as u32).wrapping_sub(delta) as i32;
    if index < (lane & !(width - 1)) {
        lane
    } else {
        index
    }
}
pub fn src_down(lane: i32, delta: u32, width: i32) -> i32 {
    let index = (lane as u32).wrapping_add(delta) as i32;
    if (((lane & (width - 1)) as u32).wrapping_add(delta) as i32) >= width {
        lane
    } else {
        index
    }
}
pub fn src_xor(lane: i32, mask: i32, width: i32) -> i32 {
    let index = lane ^ mask;
    if index >= ((lane + width) & !(width - 1)) {
        lane
    } else {
        index
    }
}

/// The value lane `index` (wrapped into the warp) holds, if that lane exists.
pub fn read<T: Copy>(input: &[T], at: Lane, block_start: usize, index: i32, ws: u32) -> Option<T> {
    let src = (index as u32) & (ws - 1);
    (src < at.count).then(|| input[block_start + (at.base + src) as usize])
}

/// Checks the elements that have an expected value; `None` marks an unspecified result (a read
/// of a lane that does not exist).
pub fn check_some<T: PartialEq + Debug>(got: &[T], want: &[Option<T>], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let bad: Vec<usize> = (0..got.len())
        .filter(|&i| want[i].as_ref().is_some_and(|w| *w != got[i]))
        .collect();
    if !bad.is_empty() {
        let first: Vec<String> = bad
            .iter()
            .take(8)
            .map(|&i| format!("[{i}] got {:?} want {:?}", got[i], want[i]))
            .collect();
        panic!(
            "{what}: {} of {} elements differ: {}",
            bad.len(),
            got.len(),
            first.join(", ")
        );
    }
    assert!(
        want.iter().any(|w| w.is_some()),
        "{what}: no result is specified"
    );
}

/// A grid of `blocks` blocks of shape `b`: the shape and the work-item count.
fn grid_of(blocks: u32, b: (u32, u32, u32)) -> (Shape, usize) {
    (((blocks, 1, 1), b), (blocks * block_size(b)) as usize)
}

/// Arguments of one shuffle launch.
#[derive(Clone, Copy, Debug)]
struct ShflArgs {
    src: i32,
    delta: u32,
    mask: i32,
    width: i32,
}

/// Widths to try: every power of two up to the warp size.
fn widths(ws: u32) -> Vec<i32> {
    (0..=ws.trailing_zeros()).map(|k| 1 << k).collect()
}

fn shfl_cases(r: &mut StdRng, ws: u32) -> Vec<ShflArgs> {
    let mut cases: Vec<ShflArgs> = widths(ws)
        .into_iter()
        .map(|width| ShflArgs {
            src: r.gen_range(-70..140),
            delta: r.gen_range(0..70),
            mask: r.gen_range(0..128),
            width,
        })
        .collect();
    // Edge cases: delta 0, a delta past every lane, a mask that leaves the segment downwards.
    cases.push(ShflArgs {
        src: -1,
        delta: 0,
        mask: 0,
        width: ws as i32,
    });
    cases.push(ShflArgs {
        src: ws as i32 + 3,
        delta: u32::MAX - 2,
        mask: 16,
        width: 16,
    });
    cases
}

/// Expected [shfl, up, down, xor] for every work-item of the grid.
fn shfl4_reference<T: Copy>(input: &[T], shape: Shape, a: ShflArgs, ws: u32) -> Vec<Option<T>> {
    let size = block_size(shape.1);
    let mut want = Vec::with_capacity(input.len() * 4);
    for i in 0..input.len() as u32 {
        let t = i % size;
        let start = (i - t) as usize;
        let at = Lane::of(t, size, ws);
        let lane = at.lane as i32;
        for index in [
            src_shfl(lane, a.src, a.width),
            src_up(lane, a.delta, a.width),
            src_down(lane, a.delta, a.width),
            src_xor(lane, a.mask, a.width),
        ] {
            want.push(read(input, at, start, index, ws));
        }
    }
    want
}

/// Runs one shfl4_* kernel over every block shape and case.
fn run_shfl4<T>(kernel: &str, seed: u64, gen: impl Fn(&mut StdRng) -> T)
where
    T: Copy + PartialEq + Debug + 'static,
{
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), kernel);
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(3, b);
        let input: Vec<T> = (0..n).map(|_| gen(&mut r)).collect();
        let din = upload(&input);
        for a in shfl_cases(&mut r, ws) {
            let out = poisoned::<T>(n * 4);
            let what = format!("{kernel} seed={seed} ws={ws} block={b:?} {a:?}");
            launch(
                &f,
                shape,
                0,
                &[&out, &din, &a.src, &a.delta, &a.mask, &a.width],
                &what,
            );
            check_some(
                &download(&out),
                &shfl4_reference(&input, shape, a, ws),
                &what,
            );
        }
    }
}

#[test]
fn shfl_int() {
    run_shfl4("shfl4_i32", 1000, |r| r.gen::<i32>());
}

#[test]
fn shfl_unsigned() {
    run_shfl4("shfl4_u32", 1001, |r| r.gen::<u32>());
}

#[test]
fn shfl_long_and_unsigned_long() {
    run_shfl4("shfl4_long", 1002, |r| r.gen::<i64>());
    run_shfl4("shfl4_ulong", 1003, |r| r.gen::<u64>());
}

/// All 64 bits travel in one exchange: the upper halves are random too.
#[test]
fn shfl_long_long_and_unsigned_long_long() {
    run_shfl4("shfl4_i64", 1004, |r| r.gen::<i64>());
    run_shfl4("shfl4_u64", 1005, |r| r.gen::<u64>());
}

#[test]
fn shfl_float_and_double() {
    run_shfl4("shfl4_f32", 1006, |r| r.gen_range(-1e30f32..1e30));
    run_shfl4("shfl4_f64", 1007, |r| r.gen_range(-1e300f64..1e300));
}

/// Halves as bits, NaN payloads and negative zero included: nothing may go through float.
#[test]
fn shfl_half_and_half2() {
    run_shfl4("shfl4_half", 1008, |r| {
        if r.gen_ratio(1, 8) {
            0x7C01 | r.gen_range(0..0x3FF) // a NaN with a payload
        } else {
            r.gen::<u16>()
        }
    });
    run_shfl4("shfl4_half2", 1009, |r| r.gen::<u32>());
}

#[test]
fn shfl_default_width_is_warp_size() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "shfl_default_width");
    let seed = 1010;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..n).map(|_| r.gen()).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(n * 4);
        let what = format!("shfl_default_width seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let w = ws as i32;
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let t = i % size;
            let at = Lane::of(t, size, ws);
            let start = (i - t) as usize;
            let lane = at.lane as i32;
            for index in [
                src_shfl(lane, 0, w),
                src_shfl(lane, lane + 1, w),
                src_xor(lane, 1, w),
                src_up(lane, 2, w),
            ] {
                want.push(read(&input, at, start, index, ws));
            }
        }
        check_some(&download(&out), &want, &what);
    }
}

// ---- votes ----

#[test]
fn ballot_any_all_activemask_lane_id() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "votes");
    let seed = 1020;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(3, b);
        // Some warps all true, some all false, the rest mixed.
        let size = block_size(b);
        let mut input = vec![0i32; n];
        for (w, chunk) in input.chunks_mut(ws.min(size) as usize).enumerate() {
            let mode = w % 3;
            for v in chunk.iter_mut() {
                *v = match mode {
                    0 => r.gen_range(-5..6),
                    1 => r.gen_range(1..100),
                    _ => 0,
                };
            }
        }
        let din = upload(&input);
        let out = poisoned::<u32>(n * 8);
        let what = format!("votes seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let t = i % size;
            let at = Lane::of(t, size, ws);
            let first = (i - at.lane) as usize;
            let lanes = &input[first..first + at.count as usize];
            let ballot = lanes
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0)
                .fold(0u64, |m, (l, _)| m | 1 << l);
            let threes = lanes.iter().filter(|&&v| v > 0 && v % 3 == 0).count() as u32;
            want.extend([
                ballot as u32,
                (ballot >> 32) as u32,
                (ballot != 0) as u32,
                (ballot == at.active()) as u32,
                at.active() as u32,
                (at.active() >> 32) as u32,
                threes,
                at.lane,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

/// Lanes of the warp whose input satisfies `pred`, as a mask.
fn lanes_where(input: &[i32], first: usize, count: u32, pred: impl Fn(i32) -> bool) -> u64 {
    (0..count)
        .filter(|&l| pred(input[first + l as usize]))
        .fold(0u64, |m, l| m | 1 << l)
}

#[test]
fn ballot_and_activemask_in_a_data_dependent_branch() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "votes_divergent");
    let seed = 1030;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(-50..50)).collect();
        let din = upload(&input);
        let out = poisoned::<u32>(n * 4);
        let what = format!("votes_divergent seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let v = input[i as usize];
            let side_a = v % 3 == 0;
            let side = lanes_where(&input, first, at.count, |x| (x % 3 == 0) == side_a);
            let bit = if side_a { 2 } else { 4 };
            let ballot = side & lanes_where(&input, first, at.count, |x| x & bit != 0);
            want.extend([
                if side_a { 1 } else { 2 },
                side as u32,
                (side >> 32) as u32,
                fold(ballot),
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn activemask_in_nested_branches_and_after_them() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "activemask_nested");
    let seed = 1040;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(0..16)).collect();
        let din = upload(&input);
        let out = poisoned::<u32>(n * 3);
        let what = format!("activemask_nested seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let v = input[i as usize];
            let a = lanes_where(&input, first, at.count, |x| x & 1 != 0);
            let ab = lanes_where(&input, first, at.count, |x| x & 3 == 3);
            want.extend([
                if v & 1 != 0 { fold(a) } else { 0 },
                if v & 3 == 3 { fold(ab) } else { 0 },
                fold(at.active()),
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn shfl_inside_if_lane_below_k() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "shfl_divergent");
    let seed = 1050;
    let mut r = rng(seed);
    let ks: Vec<i32> = [3, 8, 24, 40, 64]
        .into_iter()
        .filter(|&k| k <= ws as i32)
        .collect();
    for b in BLOCKS {
        for &k in &ks {
            let (shape, n) = grid_of(2, b);
            let input: Vec<i32> = (0..n).map(|_| r.gen()).collect();
            let din = upload(&input);
            let out = poisoned::<i32>(n * 2);
            let what = format!("shfl_divergent seed={seed} ws={ws} block={b:?} k={k}");
            launch(&f, shape, 0, &[&out, &din, &k], &what);
            let size = block_size(b);
            let mut want = Vec::new();
            for i in 0..n as u32 {
                let at = Lane::of(i % size, size, ws);
                let start = (i - i % size) as usize;
                let lane = at.lane as i32;
                let k_lanes = (k as u32).min(at.count) as i32;
                if lane < k {
                    // Reads inside the k lanes; a lane past the warp's end is unspecified.
                    want.push(read(&input, at, start, (lane + 1) % k, ws));
                    want.push(Some(k_lanes));
                } else {
                    let src = lane & !7;
                    // Only lanes of this side hold a value here.
                    want.push(
                        (src >= k)
                            .then(|| read(&input, at, start, src, ws))
                            .flatten(),
                    );
                    want.push(Some(at.count as i32 - k_lanes));
                }
            }
            check_some(&download(&out), &want, &what);
        }
    }
}

// ---- idioms ----

#[test]
fn warp_reduction_by_shfl_down() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "warp_reduce_sum");
    let seed = 1060;
    let mut r = rng(seed);
    let n = 3000usize;
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
    let din = upload(&input);
    for b in [64u32, 256, 96, 100, 1, 33, 1024, 7] {
        let g = blocks_for(n, b);
        let nwarps = b.div_ceil(ws);
        let out = poisoned::<i32>((g * nwarps) as usize);
        let what = format!("warp_reduce_sum seed={seed} ws={ws} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let mut want = Vec::new();
        for blk in 0..g {
            for w in 0..nwarps {
                let lo = (blk * b + w * ws) as usize;
                let hi = (blk * b + (w * ws + ws).min(b)) as usize;
                want.push((lo..hi).filter(|&i| i < n).map(|i| input[i]).sum());
            }
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn warp_inclusive_scan_by_shfl_up_with_widths() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "warp_scan");
    let seed = 1070;
    let mut r = rng(seed);
    for b in BLOCKS {
        for width in widths(ws) {
            let (shape, n) = grid_of(2, b);
            let input: Vec<i32> = (0..n).map(|_| r.gen_range(-100..100)).collect();
            let din = upload(&input);
            let out = poisoned::<i32>(n);
            let what = format!("warp_scan seed={seed} ws={ws} block={b:?} width={width}");
            launch(&f, shape, 0, &[&out, &din, &width], &what);
            let size = block_size(b);
            let want: Vec<i32> = (0..n as u32)
                .map(|i| {
                    let at = Lane::of(i % size, size, ws);
                    let seg_lane = at.lane & (width as u32 - 1);
                    let first = (i - seg_lane) as usize;
                    input[first..=i as usize].iter().sum()
                })
                .collect();
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn block_reduction_by_warp_shuffles_and_shared_memory() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "block_reduce");
    let seed = 1080;
    let mut r = rng(seed);
    let n = 5000usize;
    let input: Vec<i32> = (0..n).map(|_| r.gen()).collect();
    let din = upload(&input);
    let shapes: [(u32, u32, u32); 10] = [
        (64, 1, 1),
        (256, 1, 1),
        (96, 1, 1),
        (100, 1, 1),
        (1, 1, 1),
        (33, 1, 1),
        (1024, 1, 1),
        (16, 6, 1),
        (8, 8, 4),
        (31, 1, 1),
    ];
    for b in shapes {
        let size = block_size(b) as usize;
        let g = n.div_ceil(size) as u32;
        let out = poisoned::<i64>(g as usize);
        let what = format!("block_reduce seed={seed} ws={ws} block={b:?}");
        launch(&f, ((g, 1, 1), b), 0, &[&out, &din, &(n as i32)], &what);
        let want: Vec<i64> = input
            .chunks(size)
            .map(|c| c.iter().map(|&x| x as i64).sum())
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn popcll_of_ballot_counts_a_predicate() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "ballot_count");
    let seed = 1090;
    let mut r = rng(seed);
    let n = 4321usize;
    let input: Vec<f32> = (0..n).map(|_| r.gen_range(0.0..1.0)).collect();
    let din = upload(&input);
    for (b, threshold) in [
        (64u32, 0.5f32),
        (100, 0.25),
        (1, 0.9),
        (33, 0.0),
        (1024, 0.75),
    ] {
        let g = blocks_for(n, b) + 1;
        let count = filled::<u32>(1, 0);
        let what = format!("ballot_count seed={seed} ws={ws} block={b} threshold={threshold}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&count, &din, &(n as i32), &threshold],
            &what,
        );
        let want = input.iter().filter(|&&x| x > threshold).count() as u32;
        check_eq(&download(&count), &[want], &what);
    }
}

#[test]
fn lanes_of_2d_and_3d_blocks() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "lane_ids");
    for b in [
        (16u32, 6u32, 1u32),
        (5, 3, 2),
        (8, 8, 4),
        (33, 2, 1),
        (1, 1, 70),
    ] {
        let (shape, n) = grid_of(2, b);
        let out = poisoned::<u32>(n * 3);
        let what = format!("lane_ids ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out], &what);
        let size = block_size(b);
        let xy = |t: u32| (t % b.0, (t / b.0) % b.1);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let t = i % size;
            let at = Lane::of(t, size, ws);
            want.push(Some(at.lane));
            want.push(Some(xy(at.base).0));
            let next = (at.lane + 1) % ws;
            want.push((next < at.count).then(|| xy(at.base + next).1));
        }
        check_some(&download(&out), &want, &what);
    }
}

// ---- _sync forms ----

#[test]
fn shfl_sync_forms_with_the_active_mask() {
    let _device = shared_device();
    let ws = warp_size();
    let seed = 1100;
    let mut r = rng(seed);
    let fi = function(warp_module(), "shfl_sync4_i32");
    let fd = function(warp_module(), "shfl_sync4_f64");
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let ints: Vec<i32> = (0..n).map(|_| r.gen()).collect();
        let doubles: Vec<f64> = (0..n).map(|_| r.gen_range(-1e10..1e10)).collect();
        let (di, dd) = (upload(&ints), upload(&doubles));
        for a in shfl_cases(&mut r, ws) {
            let what = format!("shfl_sync4 seed={seed} ws={ws} block={b:?} {a:?}");
            let oi = poisoned::<i32>(n * 4);
            let od = poisoned::<f64>(n * 4);
            let args = (a.src, a.delta, a.mask, a.width);
            launch(
                &fi,
                shape,
                0,
                &[&oi, &di, &args.0, &args.1, &args.2, &args.3],
                &what,
            );
            launch(
                &fd,
                shape,
                0,
                &[&od, &dd, &args.0, &args.1, &args.2, &args.3],
                &what,
            );
            check_some(&download(&oi), &shfl4_reference(&ints, shape, a, ws), &what);
            check_some(
                &download(&od),
                &shfl4_reference(&doubles, shape, a, ws),
                &what,
            );
        }
    }
}

#[test]
fn ballot_any_all_shfl_sync_on_half_warp_masks() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "votes_sync_halves");
    let seed = 1110;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..n)
            .map(|i| {
                if (i / 16) % 3 == 0 {
                    7
                } else {
                    r.gen_range(0..3)
                }
            })
            .collect();
        let din = upload(&input);
        let out = poisoned::<u32>(n * 4);
        let what = format!("votes_sync_halves seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let half = (0xFFFFu64 << (at.lane & !15)) & at.active();
            let yes = half & lanes_where(&input, first, at.count, |x| x != 0);
            want.extend([
                fold(yes),
                (yes != 0) as u32,
                (yes == half) as u32,
                input[first + (at.lane & !15) as usize] as u32,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn sync_forms_and_syncwarp_in_a_data_dependent_branch() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "sync_divergent");
    let seed = 1120;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(0..1000)).collect();
        let din = upload(&input);
        let out = poisoned::<u32>(n * 3);
        let what = format!("sync_divergent seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let odd = input[i as usize] & 1 != 0;
            let side = lanes_where(&input, first, at.count, |x| (x & 1 != 0) == odd);
            let lowest = input[first + side.trailing_zeros() as usize] as u32;
            if odd {
                let b2 = side & lanes_where(&input, first, at.count, |x| x & 2 != 0);
                want.extend([fold(b2), lowest, 1]);
            } else {
                want.extend([side.count_ones(), lowest, 2]);
            }
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn match_any_and_match_all_sync() {
    let _device = shared_device();
    let ws = warp_size();
    let seed = 1130;
    let mut r = rng(seed);
    let f32k = function(warp_module(), "match_sync_i32");
    let f64k = function(warp_module(), "match_sync_i64");
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        // Segments of 8: every third all equal, the others from a few values.
        let input: Vec<i32> = (0..n)
            .map(|i| {
                if (i / 8) % 3 == 1 {
                    5
                } else {
                    r.gen_range(0..4)
                }
            })
            .collect();
        let din = upload(&input);
        let out = poisoned::<u32>(n * 4);
        let what = format!("match_sync_i32 seed={seed} ws={ws} block={b:?}");
        launch(&f32k, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let v = input[i as usize];
            let seg = (0xFFu64 << (at.lane & !7)) & at.active();
            let same = seg & lanes_where(&input, first, at.count, |x| x == v);
            let all = same == seg;
            want.extend([
                fold(same),
                if all { fold(seg) } else { 0 },
                all as u32,
                fold(same),
            ]);
        }
        check_eq(&download(&out), &want, &what);

        // 64-bit values differing only above bit 40; whole warps constant every other warp.
        let low = r.gen::<u32>() as i64;
        let wide: Vec<i64> = (0..n as u32)
            .map(|i| {
                let at = Lane::of(i % size, size, ws);
                let warp = (i - at.lane) / ws;
                let hi = if warp.is_multiple_of(2) {
                    3
                } else {
                    r.gen_range(0..3)
                };
                (hi << 40) | low
            })
            .collect();
        let dw = upload(&wide);
        let out = poisoned::<u32>(n * 3);
        let what = format!("match_sync_i64 seed={seed} ws={ws} block={b:?}");
        launch(&f64k, shape, 0, &[&out, &dw], &what);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let v = wide[i as usize];
            let same = (0..at.count)
                .filter(|&l| wide[first + l as usize] == v)
                .fold(0u64, |m, l| m | 1 << l);
            let all = same == at.active();
            want.extend([
                fold(same),
                if all { fold(at.active()) } else { 0 },
                all as u32,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn reduce_sync_add_min_max_and_or_xor() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "reduce_sync_32");
    let seed = 1140;
    let mut r = rng(seed);
    for b in BLOCKS {
        for seg in widths(ws) {
            let (shape, n) = grid_of(2, b);
            let input: Vec<i32> = (0..n).map(|_| r.gen()).collect();
            let din = upload(&input);
            let out = poisoned::<u32>(n * 9);
            let what = format!("reduce_sync_32 seed={seed} ws={ws} block={b:?} seg={seg}");
            launch(&f, shape, 0, &[&out, &din, &seg], &what);
            let size = block_size(b);
            let mut want = Vec::new();
            for i in 0..n as u32 {
                let at = Lane::of(i % size, size, ws);
                let s0 = at.lane & !(seg as u32 - 1);
                let first = (i - at.lane + s0) as usize;
                let len = (seg as u32).min(at.count - s0) as usize;
                let v = &input[first..first + len];
                let u: Vec<u32> = v
                    .iter()
                    .map(|&x| (x as u32).wrapping_mul(2654435761))
                    .collect();
                want.extend([
                    v.iter().fold(0i32, |a, &x| a.wrapping_add(x)) as u32,
                    *v.iter().min().expect("lanes") as u32,
                    *v.iter().max().expect("lanes") as u32,
                    u.iter().fold(0u32, |a, &x| a.wrapping_add(x)),
                    *u.iter().min().expect("lanes"),
                    *u.iter().max().expect("lanes"),
                    u.iter().fold(u32::MAX, |a, &x| a & x),
                    u.iter().fold(0, |a, &x| a | x),
                    u.iter().fold(0, |a, &x| a ^ x),
                ]);
            }
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn reduce_sync_64_bit_and_floating_point() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "reduce_sync_64");
    let seed = 1150;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i64> = (0..n)
            .map(|_| r.gen_range(-(1i64 << 45)..1 << 45))
            .collect();
        let din = upload(&input);
        let out = poisoned::<f64>(n * 4);
        let what = format!("reduce_sync_64 seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            let v = &input[first..first + at.count as usize];
            let thirds = v[1..]
                .iter()
                .fold(v[0] as f64 / 3.0, |a, &x| a + x as f64 / 3.0);
            want.extend([
                v.iter().fold(0i64, |a, &x| a.wrapping_add(x)) as f64,
                v.iter().map(|&x| x as u64).min().expect("lanes") as f64,
                v.iter()
                    .map(|&x| x as f64 * 0.5)
                    .fold(f64::NEG_INFINITY, f64::max),
                thirds,
            ]);
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn lanes_that_skip_a_branch_in_a_loop_wait_at_its_join() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "ballots_per_channel");
    let seed = 1171;
    let mut r = rng(seed);
    for b in BLOCKS {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..3 * n).map(|_| r.gen_range(-6..16)).collect();
        let din = upload(&input);
        let out = poisoned::<u64>(3 * n);
        let what = format!("ballots_per_channel seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let size = block_size(b);
        let mut want = Vec::new();
        for i in 0..n as u32 {
            let at = Lane::of(i % size, size, ws);
            let first = (i - at.lane) as usize;
            for c in 0..3 {
                let of = |l: usize| input[3 * (first + l) + c];
                let v = of(at.lane as usize);
                // The lanes in range this channel whose low four bits equal this lane's.
                let same = (0..at.count as usize)
                    .filter(|&l| of(l) >= 0 && of(l) & 15 == v & 15)
                    .fold(0u64, |m, l| m | 1 << l);
                want.push(if v >= 0 { same } else { 0 });
            }
        }
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn syncwarp_orders_shared_memory_between_lanes() {
    check_neighbour_exchange("syncwarp_shared", 1160);
}

#[test]
fn shared_memory_between_lanes_is_lockstep_without_syncwarp() {
    check_neighbour_exchange("lockstep_shared", 1161);
}

/// `kernel` passes each lane's input to its neighbour and back through shared memory, doubled.
fn check_neighbour_exchange(kernel: &str, seed: u64) {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), kernel);
    let mut r = rng(seed);
    for b in BLOCKS.into_iter().chain([(1024, 1, 1)]) {
        let (shape, n) = grid_of(2, b);
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1_000_000..1_000_000)).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(n);
        let what = format!("{kernel} seed={seed} ws={ws} block={b:?}");
        launch(&f, shape, 0, &[&out, &din], &what);
        let want: Vec<i32> = input.iter().map(|&x| 2 * x).collect();
        check_eq(&download(&out), &want, &what);
    }
}

// ---- misuse ----

/// Launch then synchronize; the first error of the two.
fn launch_result(
    f: &hip::Function,
    shape: Shape,
    args: &[&dyn hip::KernelArg],
) -> Result<(), HipError> {
    let (grid, block) = shape;
    f.launch(grid.into(), block.into(), 0, None, args)?;
    hip::device_synchronize()
}

/// Runs `kernel`, expecting a device assertion whose message contains `says`.
pub fn expect_assert(f: &hip::Function, shape: Shape, args: &[&dyn hip::KernelArg], says: &str) {
    match launch_result(f, shape, args) {
        Err(HipError::Assert) => {}
        Err(e) => panic!("expected Assert ({says}), got {e:?}: {}", detail()),
        Ok(()) => panic!("the launch succeeded; expected an assertion: {says}"),
    }
    let msg = detail();
    assert!(
        msg.contains(says),
        "the failure does not say `{says}`: {msg}"
    );
}

#[test]
fn sync_mask_naming_absent_lanes_fails_the_launch() {
    let _device = exclusive_device();
    let f = function(warp_module(), "shfl_sync_names_absent_lanes");
    let out = filled::<i32>(64, 0);
    expect_assert(
        &f,
        ((1, 1, 1), (64, 1, 1)),
        &[&out],
        "__shfl_sync: mask names lanes that did not take part",
    );
}

#[test]
fn sync_mask_without_the_caller_fails_the_launch() {
    let _device = exclusive_device();
    let f = function(warp_module(), "ballot_sync_without_self");
    let out = filled::<i32>(64, 0);
    expect_assert(
        &f,
        ((1, 1, 1), (64, 1, 1)),
        &[&out],
        "__ballot_sync: mask does not name the calling lane",
    );
}

// ---- both warp sizes ----

/// In the child process, the device reports the warp size the parent asked for.
#[test]
fn device_reports_the_requested_warp_size() {
    let ws = warp_size();
    if let Some(want) = std::env::var_os(CHILD_ENV) {
        assert_eq!(ws.to_string(), want.to_string_lossy(), "child warp size");
    }
}

/// FERROCM_WARP_SIZE is read once per process: this re-runs the warp, cooperative-groups and
/// AMD builtin tests in a child process at the other warp size.
#[test]
fn warp_and_group_tests_pass_at_the_other_warp_size() {
    if std::env::var_os(CHILD_ENV).is_some() {
        return;
    }
    let other = if warp_size() == 64 { 32 } else { 64 };
    let exe = std::env::current_exe().expect("test binary path");
    let out = std::process::Command::new(exe)
        .args(["warp::", "cgroups::", "amdgcn::", "--test-threads=2"])
        .env("FERROCM_WARP_SIZE", other.to_string())
        .env(CHILD_ENV, other.to_string())
        .output()
        .expect("run the test binary again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the warp and group tests fail at warp size {other}:\n{stdout}\n{stderr}"
    );
    // The filters matched the tests (a typo would run none and pass).
    let passed = stdout
        .lines()
        .find_map(|l| l.strip_prefix("test result: ok. "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(0);
    assert!(
        passed >= 20,
        "only {passed} tests ran at warp size {other}:\n{stdout}"
    );
}

#[test]
fn lanes_of_a_warp_store_before_any_lane_loads() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "lockstep_neighbour");
    let seed = 1200;
    let mut r = rng(seed);
    for block in [ws, 4 * ws, 3 * ws / 2, 100] {
        let blocks = 3u32;
        let n = (blocks * block) as usize;
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(0..1_000_000)).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(n);
        let what = format!("lockstep_neighbour seed={seed} ws={ws} block={block}");
        launch(&f, ((blocks, 1, 1), (block, 1, 1)), 0, &[&out, &din], &what);
        let want: Vec<i32> = (0..n)
            .map(|i| {
                let (b, t) = (i / block as usize, (i % block as usize) as u32);
                let lane = t % ws;
                let right = t - lane + (lane + 1) % ws;
                if right < block {
                    input[b * block as usize + right as usize]
                } else {
                    -1
                }
            })
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn lanes_leave_a_strided_loop_at_different_iterations() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "warp_row_sums");
    let seed = 1300;
    let mut r = rng(seed);
    for (rows, cols, block) in [
        (7u32, 100u32, 4 * ws),
        (5, 1, ws),
        (9, 3 * ws, 2 * ws),
        (3, 0, ws),
    ] {
        let x: Vec<i32> = (0..rows * cols).map(|_| r.gen_range(-1000..1000)).collect();
        let dx = upload(&x);
        let out = poisoned::<i32>(rows as usize);
        let warps = block / ws;
        let what =
            format!("warp_row_sums seed={seed} ws={ws} rows={rows} cols={cols} block={block}");
        launch(
            &f,
            ((rows.div_ceil(warps), 1, 1), (block, 1, 1)),
            0,
            &[&out, &dx, &(rows as i32), &(cols as i32)],
            &what,
        );
        let want: Vec<i32> = (0..rows as usize)
            .map(|row| {
                x[row * cols as usize..(row + 1) * cols as usize]
                    .iter()
                    .sum()
            })
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn lanes_break_out_of_a_loop_at_different_iterations() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(warp_module(), "warp_runs");
    let seed = 1301;
    let mut r = rng(seed);
    let limit = 9usize;
    for block in [ws, 2 * ws] {
        let n = 2 * block as usize;
        let x: Vec<i32> = (0..n * limit).map(|_| r.gen_range(-3..20)).collect();
        let dx = upload(&x);
        let count = poisoned::<i32>(n);
        let sums = poisoned::<i32>(n);
        let what = format!("warp_runs seed={seed} ws={ws} block={block}");
        launch(
            &f,
            ((2, 1, 1), (block, 1, 1)),
            0,
            &[&count, &sums, &dx, &(limit as i32)],
            &what,
        );
        let run = |t: usize| {
            let vals = &x[t * limit..(t + 1) * limit];
            let k = vals.iter().position(|v| *v < 0).unwrap_or(limit);
            (k as i32, vals[..k].iter().sum::<i32>())
        };
        let want_count: Vec<i32> = (0..n).map(|t| run(t).0).collect();
        let want_sums: Vec<i32> = (0..n)
            .map(|t| {
                let w = t - t % ws as usize;
                let right = w + (t % ws as usize + 1) % ws as usize;
                run(t).1 + run(right).1
            })
            .collect();
        check_eq(&download(&count), &want_count, &format!("{what} counts"));
        check_eq(&download(&sums), &want_sums, &format!("{what} sums"));
    }
}
