//! The sample programs. Each compiles its kernel from `samples/<name>.hip`, runs it, and checks
//! the result against [`crate::host`].

use crate::host::{self, Xorshift};
use crate::{capture, dim3, SampleError, SampleResult};
use hip::{DeviceBuffer, Event, KernelArg, Module, Stream};

/// One runnable sample.
pub struct Sample {
    pub name: &'static str,
    pub about: &'static str,
    pub run: fn() -> SampleResult,
}

/// Every sample, in the order `ferrocm-samples` runs them.
pub static SAMPLES: &[Sample] = &[
    Sample {
        name: "saxpy",
        about: "vector add y = a*x + y",
        run: saxpy,
    },
    Sample {
        name: "reduce",
        about: "two-pass sum reduction with shared memory and barriers",
        run: reduce,
    },
    Sample {
        name: "matmul",
        about: "16x16 shared-memory tiled matrix multiply",
        run: matmul,
    },
    Sample {
        name: "heat",
        about: "2D heat equation on two streams, synchronised and timed with events",
        run: heat,
    },
    Sample {
        name: "histogram",
        about: "256-bin histogram with shared-memory atomics",
        run: histogram,
    },
    Sample {
        name: "printf",
        about: "device printf from every thread",
        run: printf,
    },
    Sample {
        name: "scan",
        about: "block-wide prefix sum in dynamic (extern) shared memory",
        run: scan,
    },
];

const SAXPY_SRC: &str = include_str!("../../../samples/saxpy.hip");
const REDUCE_SRC: &str = include_str!("../../../samples/reduce.hip");
const MATMUL_SRC: &str = include_str!("../../../samples/matmul.hip");
const HEAT_SRC: &str = include_str!("../../../samples/heat.hip");
const HISTOGRAM_SRC: &str = include_str!("../../../samples/histogram.hip");
const PRINTF_SRC: &str = include_str!("../../../samples/printf.hip");
const SCAN_SRC: &str = include_str!("../../../samples/scan.hip");

fn blocks_for(n: usize, block: u32) -> u32 {
    n.div_ceil(block as usize) as u32
}

fn saxpy() -> SampleResult {
    let n: usize = (1 << 20) + 3;
    let a = 2.5f32;
    let mut rng = Xorshift::new(1);
    let x = rng.vec_f32(n);
    let y = rng.vec_f32(n);

    let module = Module::from_source(SAXPY_SRC, &["-O3"])?;
    let kernel = module.function("saxpy")?;
    let dx = DeviceBuffer::from_slice(&x)?;
    let dy = DeviceBuffer::from_slice(&y)?;
    let args: [&dyn KernelArg; 4] = [&(n as i32), &a, &dx, &dy];
    kernel.launch(
        dim3(blocks_for(n, 256), 1, 1),
        dim3(256, 1, 1),
        0,
        None,
        &args,
    )?;
    hip::device_synchronize()?;
    let got = dy.to_vec()?;

    let mut want = y;
    host::saxpy(a, &x, &mut want);
    // Device code may contract a*x+y into one fma; allow the rounding difference.
    let err = host::max_abs_diff(&got, &want);
    if err > 1e-5 {
        return Err(SampleError::Mismatch(format!(
            "saxpy max |error| {err:e} > 1e-5"
        )));
    }
    Ok(format!(
        "y = {a}*x + y over {n} floats, max |error| {err:.1e}"
    ))
}

fn reduce() -> SampleResult {
    const BLOCK: u32 = 256;
    let n: usize = (1 << 22) + 17;
    let mut rng = Xorshift::new(2);
    // Values in [0, 1): no cancellation, so a relative tolerance is meaningful.
    let data: Vec<f32> = (0..n).map(|_| (rng.next_f32() + 1.0) * 0.5).collect();
    let groups = blocks_for(n, BLOCK * 2).min(1024);

    let module = Module::from_source(REDUCE_SRC, &["-O3"])?;
    let kernel = module.function("block_sum")?;
    let din = DeviceBuffer::from_slice(&data)?;
    let partial = DeviceBuffer::<f32>::new(groups as usize)?;
    let total = DeviceBuffer::<f32>::new(1)?;
    let first: [&dyn KernelArg; 3] = [&din, &partial, &(n as i32)];
    kernel.launch(dim3(groups, 1, 1), dim3(BLOCK, 1, 1), 0, None, &first)?;
    let second: [&dyn KernelArg; 3] = [&partial, &total, &(groups as i32)];
    kernel.launch(dim3(1, 1, 1), dim3(BLOCK, 1, 1), 0, None, &second)?;
    hip::device_synchronize()?;
    let got = f64::from(total.to_vec()?.first().copied().unwrap_or(f32::NAN));

    let want: f64 = data.iter().map(|&v| f64::from(v)).sum();
    let rel = ((got - want) / want).abs();
    if rel.is_nan() || rel > 1e-5 {
        return Err(SampleError::Mismatch(format!(
            "sum {got} vs host {want} (relative error {rel:e})"
        )));
    }
    Ok(format!(
        "sum of {n} floats = {got:.3} in {groups}+1 blocks (host {want:.3}, rel. error {rel:.1e})"
    ))
}

fn matmul() -> SampleResult {
    // Not a multiple of the tile size, so the kernel's edge handling is exercised.
    let n: usize = 300;
    let mut rng = Xorshift::new(3);
    let a = rng.vec_f32(n * n);
    let b = rng.vec_f32(n * n);

    let module = Module::from_source(MATMUL_SRC, &["-O3"])?;
    let kernel = module.function("matmul_tiled")?;
    let da = DeviceBuffer::from_slice(&a)?;
    let db = DeviceBuffer::from_slice(&b)?;
    let dc = DeviceBuffer::<f32>::new(n * n)?;
    let tiles = blocks_for(n, 16);
    let args: [&dyn KernelArg; 4] = [&da, &db, &dc, &(n as i32)];
    kernel.launch(dim3(tiles, tiles, 1), dim3(16, 16, 1), 0, None, &args)?;
    hip::device_synchronize()?;
    let got = dc.to_vec()?;

    let want = host::matmul(&a, &b, n);
    let err = host::max_abs_diff(&got, &want);
    if err > 1e-3 {
        return Err(SampleError::Mismatch(format!(
            "C = A*B max |error| {err:e} > 1e-3"
        )));
    }
    Ok(format!(
        "C = A*B for {n}x{n} in {tiles}x{tiles} tiles, max |error| {err:.1e}"
    ))
}

fn heat() -> SampleResult {
    let (w, h) = (320usize, 240usize);
    let steps = 100;
    let alpha = 0.2f32;
    // A hot top edge (a fixed border) and a hot square in the middle.
    let mut u0 = vec![0.0f32; w * h];
    u0[..w].fill(1.0);
    for y in h / 2 - 10..h / 2 + 10 {
        u0[y * w + w / 2 - 10..y * w + w / 2 + 10].fill(5.0);
    }

    let module = Module::from_source(HEAT_SRC, &["-O3"])?;
    let kernel = module.function("heat_step")?;
    let bufs = [
        DeviceBuffer::from_slice(&u0)?,
        DeviceBuffer::from_slice(&u0)?,
    ];
    let streams = [Stream::new()?, Stream::new()?];
    // The top half of the rows runs on streams[0], the bottom half on streams[1].
    let halves = [(0usize, h / 2), (h / 2, h)];
    let start = Event::new()?;
    let stop = Event::new()?;
    start.record(&streams[0])?;
    streams[1].wait_event(&start)?;
    for step in 0..steps {
        let (src, dst) = (&bufs[step % 2], &bufs[(step + 1) % 2]);
        let mut done = Vec::with_capacity(2);
        for (stream, &(begin, end)) in streams.iter().zip(&halves) {
            let args: [&dyn KernelArg; 7] = [
                src,
                dst,
                &(w as i32),
                &(h as i32),
                &(begin as i32),
                &(end as i32),
                &alpha,
            ];
            let grid = dim3(blocks_for(w, 16), blocks_for(end - begin, 16), 1);
            kernel.launch(grid, dim3(16, 16, 1), 0, Some(stream), &args)?;
            let ev = Event::new()?;
            ev.record(stream)?;
            done.push(ev);
        }
        // The next step reads both halves: each stream waits for the other's half.
        streams[0].wait_event(&done[1])?;
        streams[1].wait_event(&done[0])?;
    }
    stop.record(&streams[0])?;
    stop.synchronize()?;
    streams[1].synchronize()?;
    let ms = Event::elapsed_time(&start, &stop)?;
    let got = bufs[steps % 2].to_vec()?;

    let mut want = u0.clone();
    let mut scratch = u0;
    for _ in 0..steps {
        host::heat_step(&want, &mut scratch, w, h, alpha);
        std::mem::swap(&mut want, &mut scratch);
    }
    let err = host::max_abs_diff(&got, &want);
    if err > 1e-4 {
        return Err(SampleError::Mismatch(format!(
            "heat grid max |error| {err:e} > 1e-4"
        )));
    }
    if !(ms.is_finite() && ms >= 0.0) {
        return Err(SampleError::Mismatch(format!(
            "event elapsed time {ms} ms is not valid"
        )));
    }
    let centre = got[(h / 2) * w + w / 2];
    Ok(format!(
        "{steps} steps on {w}x{h}, 2 streams, {ms:.2} ms by events; centre {centre:.4}, max |error| {err:.1e}"
    ))
}

fn histogram() -> SampleResult {
    let n: usize = (1 << 20) + 5;
    let mut rng = Xorshift::new(4);
    // Half the bytes are one value, so many work-items contend on one shared bin.
    let data: Vec<u8> = (0..n)
        .map(|i| {
            if i % 2 == 0 {
                7
            } else {
                (rng.next_u64() >> 56) as u8
            }
        })
        .collect();

    let module = Module::from_source(HISTOGRAM_SRC, &["-O3"])?;
    let kernel = module.function("histogram256")?;
    let ddata = DeviceBuffer::from_slice(&data)?;
    let bins = DeviceBuffer::<u32>::new(256)?;
    bins.fill_bytes(0)?;
    let args: [&dyn KernelArg; 3] = [&ddata, &(n as i32), &bins];
    kernel.launch(dim3(64, 1, 1), dim3(256, 1, 1), 0, None, &args)?;
    hip::device_synchronize()?;
    let got = bins.to_vec()?;

    let want = host::histogram256(&data);
    if got != want {
        let first = got.iter().zip(&want).position(|(g, w)| g != w).unwrap_or(0);
        return Err(SampleError::Mismatch(format!(
            "bin {first}: device {} vs host {} (device total {})",
            got.get(first).copied().unwrap_or(0),
            want[first],
            got.iter().map(|&c| u64::from(c)).sum::<u64>()
        )));
    }
    Ok(format!(
        "{n} bytes into 256 bins, 64 blocks; bin 7 = {}, all bins match",
        got[7]
    ))
}

fn printf() -> SampleResult {
    const THREADS: usize = 8;
    let scale = 0.5f32;
    let module = Module::from_source(PRINTF_SRC, &["-O3"])?;
    let kernel = module.function("hello_printf")?;
    let squares = DeviceBuffer::<i32>::new(THREADS)?;
    let (launched, text) = capture::capture_stdout(|| -> Result<(), hip::HipError> {
        let args: [&dyn KernelArg; 2] = [&squares, &scale];
        kernel.launch(dim3(1, 1, 1), dim3(THREADS as u32, 1, 1), 0, None, &args)?;
        hip::device_synchronize()
    })?;
    launched?;

    let got = squares.to_vec()?;
    let want: Vec<i32> = (0..THREADS as i32).map(|t| t * t).collect();
    if got != want {
        return Err(SampleError::Mismatch(format!(
            "squares {got:?}, expected {want:?}"
        )));
    }
    let lines: Vec<&str> = text.lines().collect();
    for t in 0..THREADS {
        let line = format!(
            "hello from thread {t}: square={} scaled={:.2} tag=ok",
            t * t,
            f64::from(scale * t as f32)
        );
        let count = lines.iter().filter(|l| **l == line).count();
        if count != 1 {
            return Err(SampleError::Mismatch(format!(
                "expected the line {line:?} once, found it {count} times in {text:?}"
            )));
        }
    }
    if lines.len() != THREADS {
        return Err(SampleError::Mismatch(format!(
            "expected {THREADS} printf lines, got {}: {text:?}",
            lines.len()
        )));
    }
    Ok(format!(
        "{THREADS} threads printed {THREADS} lines, e.g. {:?}",
        lines[0]
    ))
}

fn scan() -> SampleResult {
    const BLOCK: u32 = 128;
    let n: usize = 100_000;
    let mut rng = Xorshift::new(5);
    let data: Vec<i32> = (0..n).map(|_| (rng.next_u64() % 100) as i32 - 20).collect();

    let module = Module::from_source(SCAN_SRC, &["-O3"])?;
    let kernel = module.function("block_scan")?;
    let din = DeviceBuffer::from_slice(&data)?;
    let dout = DeviceBuffer::<i32>::new(n)?;
    let args: [&dyn KernelArg; 3] = [&din, &dout, &(n as i32)];
    let shared = BLOCK * std::mem::size_of::<i32>() as u32;
    kernel.launch(
        dim3(blocks_for(n, BLOCK), 1, 1),
        dim3(BLOCK, 1, 1),
        shared,
        None,
        &args,
    )?;
    hip::device_synchronize()?;
    let mut got = dout.to_vec()?;
    // Each block scanned its own part; carrying the block totals forward gives the full scan.
    let mut carry = 0i64;
    for block in got.chunks_mut(BLOCK as usize) {
        let last = block.last().copied().unwrap_or(0);
        for v in block.iter_mut() {
            *v = (i64::from(*v) + carry) as i32;
        }
        carry += i64::from(last);
    }

    let want: Vec<i32> = data
        .iter()
        .scan(0i32, |acc, &v| {
            *acc += v;
            Some(*acc)
        })
        .collect();
    if let Some(i) = got.iter().zip(&want).position(|(g, w)| g != w) {
        return Err(SampleError::Mismatch(format!(
            "prefix sum at {i}: device {} vs host {}",
            got[i], want[i]
        )));
    }
    Ok(format!(
        "inclusive scan of {n} ints in blocks of {BLOCK} ({shared} B dynamic shared), total {}",
        want[n - 1]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_sources_have_their_kernels() {
        let mut names: Vec<_> = SAMPLES.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), SAMPLES.len());
        for (src, kernel) in [
            (SAXPY_SRC, "saxpy"),
            (REDUCE_SRC, "block_sum"),
            (MATMUL_SRC, "matmul_tiled"),
            (HEAT_SRC, "heat_step"),
            (HISTOGRAM_SRC, "histogram256"),
            (PRINTF_SRC, "hello_printf"),
            (SCAN_SRC, "block_scan"),
        ] {
            assert!(
                src.contains(&format!("__global__ void {kernel}(")),
                "{kernel}"
            );
        }
    }

    #[test]
    fn blocks_round_up() {
        assert_eq!(blocks_for(256, 256), 1);
        assert_eq!(blocks_for(257, 256), 2);
        assert_eq!(blocks_for(1, 16), 1);
    }
}
