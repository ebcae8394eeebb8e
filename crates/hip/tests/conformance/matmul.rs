//! Tiled matrix multiplies (static and dynamic shared tiles) and stencils with halos.

use crate::common::*;
use rand::Rng;

kernel_module!(matmul_module, "matmul.hip");
kernel_module!(stencil_module, "stencil.hip");

/// Small integer-valued entries: every partial sum is exact in float, whatever the order or
/// contraction, so results compare exactly.
fn int_matrix(r: &mut impl Rng, len: usize) -> Vec<f32> {
    (0..len).map(|_| r.gen_range(-8i32..=8) as f32).collect()
}

fn matmul_host(a: &[f32], b: &[f32], m: usize, n: usize, k: usize) -> Vec<f32> {
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
        }
    }
    c
}

const DIMS: [(usize, usize, usize); 5] = [
    (1, 1, 1),
    (16, 16, 16),
    (33, 17, 45),
    (64, 48, 3),
    (20, 70, 100),
];

fn run_matmul(kernel: &str, block: impl Fn() -> Vec<(u32, u32)>, dynamic: bool, seed: u64) {
    let f = function(matmul_module(), kernel);
    let mut r = rng(seed);
    for (m, n, k) in DIMS {
        let a = int_matrix(&mut r, m * k);
        let b = int_matrix(&mut r, k * n);
        let want = matmul_host(&a, &b, m, n, k);
        let (da, db) = (upload(&a), upload(&b));
        for (bx, by) in block() {
            let grid = (blocks_for(n, bx), blocks_for(m, by), 1);
            let shared = if dynamic { 2 * bx * by * 4 } else { 0 };
            let c = poisoned::<f32>(m * n);
            let what =
                format!("{kernel} seed={seed} m={m} n={n} k={k} grid={grid:?} block=({bx},{by})");
            launch(
                &f,
                (grid, (bx, by, 1)),
                shared,
                &[&c, &da, &db, &(m as i32), &(n as i32), &(k as i32)],
                &what,
            );
            check_eq(&download(&c), &want, &what);
        }
    }
}

#[test]
fn matmul_naive() {
    let _device = shared_device();
    run_matmul(
        "matmul_naive",
        || vec![(1, 1), (16, 16), (7, 3), (32, 32)],
        false,
        500,
    );
}

#[test]
fn matmul_tiled_static_shared() {
    let _device = shared_device();
    run_matmul("matmul_tiled_static", || vec![(16, 16)], false, 501);
}

#[test]
fn matmul_tiled_dynamic_shared() {
    let _device = shared_device();
    run_matmul(
        "matmul_tiled_dynamic",
        || vec![(1, 1), (4, 4), (8, 8), (16, 16), (32, 32)],
        true,
        502,
    );
}

#[test]
fn matmul_tiled_f64() {
    let _device = shared_device();
    let f = function(matmul_module(), "matmul_tiled_f64");
    let seed = 503;
    let mut r = rng(seed);
    for (m, n, k) in DIMS {
        let a: Vec<f64> = (0..m * k).map(|_| r.gen_range(-1.0..1.0)).collect();
        let b: Vec<f64> = (0..k * n).map(|_| r.gen_range(-1.0..1.0)).collect();
        let mut want = vec![0.0; m * n];
        let mut scale = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                want[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
                scale[i * n + j] = (0..k).map(|p| (a[i * k + p] * b[p * n + j]).abs()).sum();
            }
        }
        let (da, db) = (upload(&a), upload(&b));
        let grid = (blocks_for(n, 8), blocks_for(m, 8), 1);
        let c = poisoned::<f64>(m * n);
        let what = format!("matmul_tiled_f64 seed={seed} m={m} n={n} k={k}");
        launch(
            &f,
            (grid, (8, 8, 1)),
            0,
            &[&c, &da, &db, &(m as i32), &(n as i32), &(k as i32)],
            &what,
        );
        // Only the rounding of k additions (with or without fma) may differ.
        check_close_f64(&download(&c), &want, &scale, 1e-14 * k as f64, &what);
    }
}

fn close_f32(got: f32, want: f32, scale: f32) -> bool {
    (got - want).abs() <= 1e-6 * scale
}

#[test]
fn stencil1d_with_halo() {
    let _device = shared_device();
    let f = function(stencil_module(), "stencil1d");
    let n = 2000;
    let seed = 510;
    let mut r = rng(seed);
    let input: Vec<f32> = (0..n).map(|_| r.gen_range(-1.0..1.0)).collect();
    let at = |i: i64| input[i.clamp(0, n as i64 - 1) as usize];
    let want: Vec<f32> = (0..n as i64)
        .map(|g| (-3i64..=3).map(|o| (4 - o.abs()) as f32 * at(g + o)).sum())
        .collect();
    let din = upload(&input);
    for b in [1u32, 3, 7, 64, 256, 1024] {
        let g = blocks_for(n, b);
        let out = poisoned::<f32>(n);
        let what = format!("stencil1d seed={seed} n={n} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            (b + 6) * 4,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let got = download(&out);
        for i in 0..n {
            assert!(
                close_f32(got[i], want[i], 16.0),
                "{what}: [{i}] got {} want {}",
                got[i],
                want[i]
            );
        }
    }
}

#[test]
fn stencil2d_with_halo() {
    let _device = shared_device();
    let f = function(stencil_module(), "stencil2d");
    let (w, h) = (71usize, 45usize);
    let seed = 520;
    let mut r = rng(seed);
    let input: Vec<f32> = (0..w * h).map(|_| r.gen_range(-1.0..1.0)).collect();
    let at = |x: i64, y: i64| {
        input[(y.clamp(0, h as i64 - 1) as usize) * w + x.clamp(0, w as i64 - 1) as usize]
    };
    let mut want = vec![0.0f32; w * h];
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            want[y as usize * w + x as usize] = 0.5 * at(x, y)
                + 0.125 * (at(x, y - 1) + at(x, y + 1) + at(x - 1, y) + at(x + 1, y));
        }
    }
    let din = upload(&input);
    for (bx, by) in [(1u32, 1u32), (8, 8), (16, 16), (32, 32), (7, 5), (32, 1)] {
        let grid = (blocks_for(w, bx), blocks_for(h, by), 1);
        let out = poisoned::<f32>(w * h);
        let what = format!("stencil2d seed={seed} {w}x{h} grid={grid:?} block=({bx},{by})");
        launch(
            &f,
            (grid, (bx, by, 1)),
            0,
            &[&out, &din, &(w as i32), &(h as i32)],
            &what,
        );
        let got = download(&out);
        for i in 0..w * h {
            assert!(
                close_f32(got[i], want[i], 2.0),
                "{what}: [{i}] got {} want {}",
                got[i],
                want[i]
            );
        }
    }
}
