//! Reductions, scans and histograms: shared memory, barriers in loops, atomics.

use crate::common::*;
use rand::Rng;

kernel_module!(reduction_module, "reduction.hip");
kernel_module!(scan_module, "scan.hip");
kernel_module!(histogram_module, "histogram.hip");

const BLOCKS: [u32; 6] = [1, 7, 64, 100, 256, 1024];

#[test]
fn reduce_sum_i32_tree() {
    let _device = shared_device();
    let f = function(reduction_module(), "reduce_sum_i32");
    let n = 5000;
    let seed = 300;
    let mut r = rng(seed);
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
    let din = upload(&input);
    for b in BLOCKS {
        let g = blocks_for(n, b);
        let out = poisoned::<i32>(g as usize);
        let what = format!("reduce_sum_i32 seed={seed} n={n} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            b * 4,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let want: Vec<i32> = input.chunks(b as usize).map(|c| c.iter().sum()).collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn reduce_max_f32_static_shared() {
    let _device = shared_device();
    let f = function(reduction_module(), "reduce_max_f32");
    let n = 3333;
    let seed = 310;
    let mut r = rng(seed);
    let input: Vec<f32> = (0..n).map(|_| r.gen_range(-1e6..1e6)).collect();
    let din = upload(&input);
    for b in BLOCKS {
        let g = blocks_for(n, b);
        let out = poisoned::<f32>(g as usize);
        let what = format!("reduce_max_f32 seed={seed} n={n} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let want: Vec<f32> = input
            .chunks(b as usize)
            .map(|c| c.iter().copied().fold(f32::NEG_INFINITY, f32::max))
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

/// The device's order of additions, replayed: per-thread grid-stride sums, then the tree.
fn block_partials_f64(input: &[f64], grid: usize, block: usize) -> Vec<f64> {
    let stride = grid * block;
    (0..grid)
        .map(|g| {
            let mut s: Vec<f64> = (0..block)
                .map(|t| {
                    input
                        .iter()
                        .skip(g * block + t)
                        .step_by(stride)
                        .fold(0.0, |a, &x| a + x)
                })
                .collect();
            let mut step = 1;
            while step < block {
                for t in (0..block).step_by(2 * step) {
                    if t + step < block {
                        s[t] += s[t + step];
                    }
                }
                step *= 2;
            }
            s[0]
        })
        .collect()
}

#[test]
fn reduce_sum_f64_grid_stride_and_atomic() {
    let _device = shared_device();
    let f = function(reduction_module(), "reduce_sum_f64");
    let n: usize = 10_000;
    let seed = 320;
    let mut r = rng(seed);
    let input: Vec<f64> = (0..n).map(|_| r.gen_range(-1.0..1.0)).collect();
    let din = upload(&input);
    let abs_sum: f64 = input.iter().map(|x| x.abs()).sum();
    for (g, b) in [(1u32, 1u32), (1, 1024), (4, 256), (13, 7), (40, 64)] {
        let total = filled::<f64>(1, 0);
        let partial = poisoned::<f64>(g as usize);
        let what = format!("reduce_sum_f64 seed={seed} n={n} grid={g} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            b * 8,
            &[&total, &partial, &din, &(n as i32)],
            &what,
        );
        let want = block_partials_f64(&input, g as usize, b as usize);
        check_eq(&download(&partial), &want, &what);
        let sum: f64 = want.iter().sum();
        check_close_f64(&download(&total), &[sum], &[abs_sum], 1e-13, &what);
    }
}

#[test]
fn scan_hillis_steele_inclusive() {
    let _device = shared_device();
    let f = function(scan_module(), "scan_hillis_steele");
    let n = 3001;
    let seed = 330;
    let mut r = rng(seed);
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-100..100)).collect();
    let din = upload(&input);
    for b in BLOCKS {
        let g = blocks_for(n, b);
        let out = poisoned::<i32>(n);
        let what = format!("scan_hillis_steele seed={seed} n={n} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            2 * b * 4,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let want: Vec<i32> = input
            .chunks(b as usize)
            .flat_map(|c| {
                c.iter()
                    .scan(0, |acc, &x| {
                        *acc += x;
                        Some(*acc)
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn scan_blelloch_exclusive() {
    let _device = shared_device();
    let f = function(scan_module(), "scan_blelloch");
    let n = 5000;
    let seed = 340;
    let mut r = rng(seed);
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-100..100)).collect();
    let din = upload(&input);
    for b in [1u32, 2, 64, 256, 1024] {
        let per_block = 2 * b as usize;
        let g = blocks_for(n, 2 * b);
        let out = poisoned::<i32>(n);
        let what = format!("scan_blelloch seed={seed} n={n} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let want: Vec<i32> = input
            .chunks(per_block)
            .flat_map(|c| {
                c.iter()
                    .scan(0, |acc, &x| {
                        let before = *acc;
                        *acc += x;
                        Some(before)
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

fn histogram(data: &[u8], nbins: usize) -> Vec<u32> {
    let mut h = vec![0u32; nbins];
    for &d in data {
        h[d as usize % nbins] += 1;
    }
    h
}

/// Skewed data: many equal bytes make the atomics contend.
fn skewed_bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut r = rng(seed);
    (0..n)
        .map(|_| if r.gen_bool(0.3) { 7 } else { r.gen() })
        .collect()
}

#[test]
fn histogram_global_atomics() {
    let _device = shared_device();
    let f = function(histogram_module(), "hist_global");
    let n = 20_000;
    let seed = 350;
    let data = skewed_bytes(seed, n);
    let dd = upload(&data);
    for nbins in [1usize, 10, 256] {
        let want = histogram(&data, nbins);
        for (g, b) in [(1u32, 1u32), (3, 64), (20, 1024), (100, 7)] {
            let bins = filled::<u32>(nbins, 0);
            let what = format!("hist_global seed={seed} nbins={nbins} grid={g} block={b}");
            launch(
                &f,
                ((g, 1, 1), (b, 1, 1)),
                0,
                &[&bins, &dd, &(n as i32), &(nbins as i32)],
                &what,
            );
            check_eq(&download(&bins), &want, &what);
        }
    }
}

#[test]
fn histogram_shared_then_merged() {
    let _device = shared_device();
    let f = function(histogram_module(), "hist_shared");
    let n = 20_001;
    let seed = 360;
    let data = skewed_bytes(seed, n);
    let dd = upload(&data);
    let want = histogram(&data, 256);
    for (g, b) in [(1u32, 1u32), (3, 64), (20, 1024), (100, 7), (2, 300)] {
        let bins = filled::<u32>(256, 0);
        let what = format!("hist_shared seed={seed} grid={g} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&bins, &dd, &(n as i32)],
            &what,
        );
        check_eq(&download(&bins), &want, &what);
    }
}
