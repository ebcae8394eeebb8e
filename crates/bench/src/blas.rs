//! rocBLAS's GEMM against OpenBLAS (Debian's, opened at run time) in the same process: the whole
//! product on all cores (ferrocm's worker pool against OpenBLAS's threads), one tile's product on
//! one thread (faer's kernel against OpenBLAS single-threaded: why faer), transposed and strided
//! layouts, f64, f16 through gemm_ex, and a batch of small products.

use crate::{best_of_interleaved, fill, Config, Row};
use hip::DeviceBuffer;
use rocblas::element::{Element, Tile};
use rocblas::gemm_ex::{gemm_ex, GemmEx};
use rocblas::level3::{gemm, Batch, Gemm};
use rocblas::{f16, Datatype, Handle, Operation, PointerMode};
use std::ffi::c_int;

const COL_MAJOR: c_int = 102;
const NO_TRANS: c_int = 111;
const TRANS: c_int = 112;

type Sgemm = unsafe extern "C" fn(
    c_int,
    c_int,
    c_int,
    c_int,
    c_int,
    c_int,
    f32,
    *const f32,
    c_int,
    *const f32,
    c_int,
    f32,
    *mut f32,
    c_int,
);
type Dgemm = unsafe extern "C" fn(
    c_int,
    c_int,
    c_int,
    c_int,
    c_int,
    c_int,
    f64,
    *const f64,
    c_int,
    *const f64,
    c_int,
    f64,
    *mut f64,
    c_int,
);
type SetThreads = unsafe extern "C" fn(c_int);

struct OpenBlas {
    _lib: libloading::Library,
    sgemm: Sgemm,
    dgemm: Dgemm,
    set_threads: SetThreads,
}

/// Tells OpenBLAS the host's kernel family, as the native references are built for the host's
/// instructions: in a VM its CPU detection may fall back to a generic SSE3 kernel ("Prescott"),
/// several times slower. Must run before any thread starts (it sets the environment);
/// `OPENBLAS_CORETYPE` set by the user wins.
pub fn pick_openblas_core() {
    if std::env::var_os("OPENBLAS_CORETYPE").is_some() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let core = if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
        {
            "SkylakeX"
        } else if std::arch::is_x86_feature_detected!("avx2") {
            "Haswell"
        } else {
            return;
        };
        std::env::set_var("OPENBLAS_CORETYPE", core);
    }
}

impl OpenBlas {
    fn open() -> Result<OpenBlas, String> {
        let names = ["libopenblas.so.0", "libopenblas.so"];
        let lib = names
            .iter()
            // SAFETY: OpenBLAS's initializers only set up its thread pool.
            .find_map(|n| unsafe { libloading::Library::new(n) }.ok())
            .ok_or("OpenBLAS is not installed (scripts/setup.sh installs libopenblas0-pthread)")?;
        // SAFETY: the CBLAS signatures above are OpenBLAS's.
        let (sgemm, dgemm, set_threads) = unsafe {
            (
                *lib.get::<Sgemm>(b"cblas_sgemm")
                    .map_err(|e| e.to_string())?,
                *lib.get::<Dgemm>(b"cblas_dgemm")
                    .map_err(|e| e.to_string())?,
                *lib.get::<SetThreads>(b"openblas_set_num_threads")
                    .map_err(|e| e.to_string())?,
            )
        };
        Ok(OpenBlas {
            _lib: lib,
            sgemm,
            dgemm,
            set_threads,
        })
    }

    fn threads(&self, n: usize) {
        // SAFETY: a plain setting.
        unsafe { (self.set_threads)(n as c_int) }
    }

    /// Column-major C = op(A) op(B), square n.
    fn sgemm(&self, (ta, tb): (bool, bool), n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
        let op = |t| if t { TRANS } else { NO_TRANS };
        let n = n as c_int;
        // SAFETY: the slices hold n x n matrices.
        unsafe {
            (self.sgemm)(
                COL_MAJOR,
                op(ta),
                op(tb),
                n,
                n,
                n,
                1.0,
                a.as_ptr(),
                n,
                b.as_ptr(),
                n,
                0.0,
                c.as_mut_ptr(),
                n,
            )
        }
    }

    fn dgemm(&self, n: usize, a: &[f64], b: &[f64], c: &mut [f64]) {
        let n = n as c_int;
        // SAFETY: the slices hold n x n matrices.
        unsafe {
            (self.dgemm)(
                COL_MAJOR,
                NO_TRANS,
                NO_TRANS,
                n,
                n,
                n,
                1.0,
                a.as_ptr(),
                n,
                b.as_ptr(),
                n,
                0.0,
                c.as_mut_ptr(),
                n,
            )
        }
    }
}

fn gflops(m: usize, n: usize, k: usize, batch: usize, t: std::time::Duration) -> f64 {
    2.0 * (m * n * k * batch) as f64 / t.as_secs_f64() / 1e9
}

fn hip_err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Largest difference between two results, relative to the largest value.
fn agree(what: &str, x: &[f32], y: &[f32], tol: f32) -> Result<(), String> {
    let scale = y.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    match x
        .iter()
        .zip(y)
        .position(|(a, b)| (a - b).abs() > tol * scale)
    {
        None => Ok(()),
        Some(i) => Err(format!(
            "{what}: element {i} is {}, OpenBLAS has {}",
            x[i], y[i]
        )),
    }
}

fn row(case: String, ours: f64, what: &str, theirs: f64) -> Row {
    Row {
        case,
        hip: format!("{ours:.1} GFLOP/s"),
        reference: format!("{theirs:.1} GFLOP/s ({what})"),
        ratio: format!("{:.2}", ours / theirs),
    }
}

pub fn bench_blas(cfg: &Config, threads: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let ob = OpenBlas::open()?;
    let blas = Handle::new().map_err(hip_err)?;
    let runs = cfg.blas_runs;
    let op = |t: bool| {
        if t {
            Operation::Transpose
        } else {
            Operation::None
        }
    };

    // The whole product on every core: NN at every size, TN and NT at the main one.
    for &size in &cfg.blas_sizes {
        let cases: &[(bool, bool, &str)] = if size == cfg.blas_n {
            &[
                (false, false, "NN"),
                (true, false, "TN"),
                (false, true, "NT"),
            ]
        } else {
            &[(false, false, "NN")]
        };
        let (a, b) = (fill(size * size, 5), fill(size * size, 6));
        let (da, db) = (
            DeviceBuffer::from_slice(&a).map_err(hip_err)?,
            DeviceBuffer::from_slice(&b).map_err(hip_err)?,
        );
        let mut dc = DeviceBuffer::<f32>::new(size * size).map_err(hip_err)?;
        let mut c_ob = vec![0.0f32; size * size];
        let size_runs = if size > cfg.blas_n { 1 } else { runs };
        for &(ta, tb, label) in cases {
            ob.threads(threads);
            let (t_ours, t_ob) = best_of_interleaved(
                size_runs,
                || {
                    blas.gemm(
                        op(ta),
                        op(tb),
                        (size, size, size),
                        1.0,
                        &da,
                        size,
                        &db,
                        size,
                        0.0,
                        &mut dc,
                        size,
                    )
                    .map_err(hip_err)?;
                    hip::device_synchronize().map_err(hip_err)
                },
                || {
                    ob.sgemm((ta, tb), size, &a, &b, &mut c_ob);
                    Ok(())
                },
            )?;
            agree("sgemm", &dc.to_vec().map_err(hip_err)?, &c_ob, 1e-4)?;
            rows.push(row(
                format!("sgemm {label} n={size}, {threads} threads"),
                gflops(size, size, size, 1, t_ours),
                &format!("OpenBLAS, {threads} threads"),
                gflops(size, size, size, 1, t_ob),
            ));
        }
        // dgemm NN at the same size.
        let (a64, b64): (Vec<f64>, Vec<f64>) = (
            a.iter().map(|&v| v as f64).collect(),
            b.iter().map(|&v| v as f64).collect(),
        );
        let (da64, db64) = (
            DeviceBuffer::from_slice(&a64).map_err(hip_err)?,
            DeviceBuffer::from_slice(&b64).map_err(hip_err)?,
        );
        let mut dc64 = DeviceBuffer::<f64>::new(size * size).map_err(hip_err)?;
        let mut c64 = vec![0.0f64; size * size];
        let (t_ours, t_ob) = best_of_interleaved(
            size_runs,
            || {
                blas.gemm(
                    Operation::None,
                    Operation::None,
                    (size, size, size),
                    1.0,
                    &da64,
                    size,
                    &db64,
                    size,
                    0.0,
                    &mut dc64,
                    size,
                )
                .map_err(hip_err)?;
                hip::device_synchronize().map_err(hip_err)
            },
            || {
                ob.dgemm(size, &a64, &b64, &mut c64);
                Ok(())
            },
        )?;
        rows.push(row(
            format!("dgemm NN n={size}, {threads} threads"),
            gflops(size, size, size, 1, t_ours),
            &format!("OpenBLAS dgemm, {threads} threads"),
            gflops(size, size, size, 1, t_ob),
        ));
    }

    let n = cfg.blas_n;
    let (a, b) = (fill(n * n, 5), fill(n * n, 6));
    let mut c_ob = vec![0.0f32; n * n];

    // One thread: the per-tile kernel (the gemm crate's) against OpenBLAS on one thread.
    {
        ob.threads(1);
        let mut c_one = vec![0.0f32; n * n];
        let (t_tile, t_ob) = best_of_interleaved(
            runs,
            || {
                let t = Tile {
                    m: n,
                    n,
                    k: n,
                    alpha: 1.0f32,
                    a: a.as_ptr(),
                    a_rs: 1,
                    a_cs: n as isize,
                    conj_a: false,
                    b: b.as_ptr(),
                    b_rs: 1,
                    b_cs: n as isize,
                    conj_b: false,
                    beta: 0.0,
                    c: c_one.as_mut_ptr(),
                    ldc: n as isize,
                };
                // SAFETY: the views cover the three n x n host matrices.
                unsafe { f32::gemm_tile(&t) };
                Ok(())
            },
            || {
                ob.sgemm((false, false), n, &a, &b, &mut c_ob);
                Ok(())
            },
        )?;
        agree("sgemm tile", &c_one, &c_ob, 1e-4)?;
        rows.push(row(
            format!("sgemm NN n={n}, 1 thread (the tiles' kernel)"),
            gflops(n, n, n, 1, t_tile),
            "OpenBLAS, 1 thread",
            gflops(n, n, n, 1, t_ob),
        ));
    }

    // f16 inputs and output, f32 compute (gemm_ex), against OpenBLAS's f32 product on as many
    // threads (the one-thread case above left it on one).
    {
        ob.threads(threads);
        let (ah, bh): (Vec<f16>, Vec<f16>) = (
            a.iter().map(|&v| f16::from_f32(v)).collect(),
            b.iter().map(|&v| f16::from_f32(v)).collect(),
        );
        let (dah, dbh) = (
            DeviceBuffer::from_slice(&ah).map_err(hip_err)?,
            DeviceBuffer::from_slice(&bh).map_err(hip_err)?,
        );
        let dch = DeviceBuffer::<f16>::new(n * n).map_err(hip_err)?;
        let (one, zero) = (1.0f32, 0.0f32);
        let g = GemmEx {
            trans_a: Operation::None,
            trans_b: Operation::None,
            m: n as i64,
            n: n as i64,
            k: n as i64,
            alpha: (&one as *const f32).cast(),
            a: Batch::one(dah.as_ptr() as *const u8),
            a_type: Datatype::F16R,
            lda: n as i64,
            b: Batch::one(dbh.as_ptr() as *const u8),
            b_type: Datatype::F16R,
            ldb: n as i64,
            beta: (&zero as *const f32).cast(),
            c: Batch::one(dch.as_ptr() as *const u8),
            c_type: Datatype::F16R,
            ldc: n as i64,
            d: Batch::one(dch.as_ptr() as *const u8),
            d_type: Datatype::F16R,
            ldd: n as i64,
            batch_count: 1,
            compute_type: Datatype::F32R,
        };
        let (t_ours, t_ob) = best_of_interleaved(
            runs,
            || {
                // SAFETY: host scalars live across the call; the buffers are n x n.
                unsafe { gemm_ex(&blas, PointerMode::Host, &g) }.map_err(hip_err)?;
                hip::device_synchronize().map_err(hip_err)
            },
            || {
                ob.sgemm((false, false), n, &a, &b, &mut c_ob);
                Ok(())
            },
        )?;
        let back: Vec<f32> = dch
            .to_vec()
            .map_err(hip_err)?
            .iter()
            .map(|v| v.to_f32())
            .collect();
        agree("hgemm", &back, &c_ob, 2e-2)?;
        rows.push(row(
            format!("gemm_ex f16 (f32 compute) NN n={n}, {threads} threads"),
            gflops(n, n, n, 1, t_ours),
            &format!("OpenBLAS sgemm, {threads} threads"),
            gflops(n, n, n, 1, t_ob),
        ));
    }

    // A strided batch of small products against OpenBLAS called once per member.
    {
        let (s, count) = (32usize, cfg.blas_batch);
        let (ab, bb) = (fill(s * s * count, 7), fill(s * s * count, 8));
        let (dab, dbb) = (
            DeviceBuffer::from_slice(&ab).map_err(hip_err)?,
            DeviceBuffer::from_slice(&bb).map_err(hip_err)?,
        );
        let dcb = DeviceBuffer::<f32>::new(s * s * count).map_err(hip_err)?;
        let mut cb = vec![0.0f32; s * s * count];
        let (one, zero) = (1.0f32, 0.0f32);
        let strided = |p: *const f32| Batch::Strided {
            base: rocblas::kernel::Ptr(p),
            stride: (s * s) as i64,
        };
        let g = Gemm {
            trans_a: Operation::None,
            trans_b: Operation::None,
            m: s as i64,
            n: s as i64,
            k: s as i64,
            alpha: &one,
            a: strided(dab.as_ptr()),
            lda: s as i64,
            b: strided(dbb.as_ptr()),
            ldb: s as i64,
            beta: &zero,
            c: strided(dcb.as_ptr()),
            ldc: s as i64,
            batch_count: count as i64,
        };
        ob.threads(1);
        let (t_ours, t_ob) = best_of_interleaved(
            runs,
            || {
                // SAFETY: host scalars live across the call; the buffers hold the batch.
                unsafe { gemm(&blas, PointerMode::Host, &g) }.map_err(hip_err)?;
                hip::device_synchronize().map_err(hip_err)
            },
            || {
                let w = s * s;
                std::thread::scope(|sc| {
                    let per = count.div_ceil(threads);
                    for ((ca, aa), ba) in cb
                        .chunks_mut(w * per)
                        .zip(ab.chunks(w * per))
                        .zip(bb.chunks(w * per))
                    {
                        let ob = &ob;
                        sc.spawn(move || {
                            for ((c, a), b) in ca.chunks_mut(w).zip(aa.chunks(w)).zip(ba.chunks(w))
                            {
                                ob.sgemm((false, false), s, a, b, c);
                            }
                        });
                    }
                });
                Ok(())
            },
        )?;
        agree("strided batch", &dcb.to_vec().map_err(hip_err)?, &cb, 1e-4)?;
        rows.push(row(
            format!("sgemm_strided_batched {count} x {s}x{s}x{s}, {threads} threads"),
            gflops(s, s, s, count, t_ours),
            &format!("OpenBLAS per member, {threads} threads"),
            gflops(s, s, s, count, t_ob),
        ));
    }
    Ok(())
}
