//! 2D and 3D indexing: transposes and launches that record every index built-in.

use crate::common::*;
use rand::Rng;

kernel_module!(module, "indexing.hip");

fn transpose_host(input: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut out = vec![0.0; rows * cols];
    for y in 0..rows {
        for x in 0..cols {
            out[x * rows + y] = input[y * cols + x];
        }
    }
    out
}

#[test]
fn transpose_naive_2d() {
    let _device = shared_device();
    let f = function(module(), "transpose_naive");
    for (rows, cols) in [(1usize, 1usize), (37, 53), (64, 16), (100, 3)] {
        let seed = 200 + rows as u64;
        let mut r = rng(seed);
        let input: Vec<f32> = (0..rows * cols).map(|_| r.gen()).collect();
        let want = transpose_host(&input, rows, cols);
        let din = upload(&input);
        for (bx, by) in [(1u32, 1u32), (16, 16), (32, 8), (7, 5), (1, 64), (32, 32)] {
            let grid = (blocks_for(cols, bx), blocks_for(rows, by), 1);
            let out = poisoned::<f32>(rows * cols);
            let what = format!(
                "transpose_naive seed={seed} {rows}x{cols} grid={grid:?} block=({bx},{by})"
            );
            launch(
                &f,
                (grid, (bx, by, 1)),
                0,
                &[&out, &din, &(rows as i32), &(cols as i32)],
                &what,
            );
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn transpose_tiled_static_shared() {
    let _device = shared_device();
    let f = function(module(), "transpose_tiled");
    for (rows, cols) in [(1usize, 1usize), (16, 16), (37, 53), (70, 33)] {
        let seed = 210 + rows as u64;
        let mut r = rng(seed);
        let input: Vec<f32> = (0..rows * cols).map(|_| r.gen()).collect();
        let want = transpose_host(&input, rows, cols);
        let din = upload(&input);
        for by in [16u32, 4, 1, 7] {
            let grid = (blocks_for(cols, 16), blocks_for(rows, 16), 1);
            let out = poisoned::<f32>(rows * cols);
            let what =
                format!("transpose_tiled seed={seed} {rows}x{cols} grid={grid:?} block=(16,{by})");
            launch(
                &f,
                (grid, (16, by, 1)),
                0,
                &[&out, &din, &(rows as i32), &(cols as i32)],
                &what,
            );
            check_eq(&download(&out), &want, &what);
        }
    }
}

fn pack3(x: u32, y: u32, z: u32) -> u32 {
    x | (y << 10) | (z << 20)
}

#[test]
fn fill3d_records_all_builtins() {
    let _device = shared_device();
    let f = function(module(), "fill3d");
    let (nx, ny, nz) = (13usize, 9usize, 6usize);
    let shapes: [(u32, u32, u32); 6] = [
        (1, 1, 1),
        (4, 4, 4),
        (8, 2, 3),
        (16, 8, 8),
        (13, 9, 6),
        (2, 1, 64),
    ];
    for block in shapes {
        for extra in [0u32, 1] {
            let grid = (
                blocks_for(nx, block.0) + extra,
                blocks_for(ny, block.1),
                blocks_for(nz, block.2) + extra,
            );
            let out = poisoned::<u32>(nx * ny * nz * 4);
            let what = format!("fill3d {nx}x{ny}x{nz} grid={grid:?} block={block:?}");
            launch(
                &f,
                (grid, block),
                0,
                &[&out, &(nx as i32), &(ny as i32), &(nz as i32)],
                &what,
            );
            let mut want = vec![0u32; nx * ny * nz * 4];
            for z in 0..nz as u32 {
                for y in 0..ny as u32 {
                    for x in 0..nx as u32 {
                        let idx = ((z as usize * ny + y as usize) * nx + x as usize) * 4;
                        want[idx] = pack3(x % block.0, y % block.1, z % block.2);
                        want[idx + 1] = pack3(x / block.0, y / block.1, z / block.2);
                        want[idx + 2] = pack3(block.0, block.1, block.2);
                        want[idx + 3] = pack3(grid.0, grid.1, grid.2);
                    }
                }
            }
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn every_work_item_runs_exactly_once() {
    let _device = shared_device();
    let f = function(module(), "visit_count");
    let cases: [Shape; 6] = [
        ((1, 1, 1), (1, 1, 1)),
        ((3, 2, 2), (4, 4, 4)),
        ((2, 3, 1), (32, 1, 32)),
        ((1, 1, 1), (1024, 1, 1)),
        ((5, 1, 3), (7, 3, 5)),
        ((17, 3, 2), (1, 1, 1)),
    ];
    for shape in cases {
        let (g, b) = shape;
        let total = (g.0 * g.1 * g.2 * b.0 * b.1 * b.2) as usize;
        let counts = filled::<u32>(total, 0);
        let what = format!("visit_count {shape:?}");
        launch(&f, shape, 0, &[&counts], &what);
        check_eq(&download(&counts), &vec![1u32; total], &what);
    }
}
