//! The element types of the BLAS routines (s, d, c, z, h) and their one GEMM tile.
//!
//! Every matrix product runs as tiles of C, each one call of [`Element::gemm_tile`] on one
//! worker. The f32, f64 and complex tiles are the `gemm` crate's single-threaded kernel (the
//! pool supplies the threads); f16 tiles convert to f32, multiply, and round once at the end.

use half::f16;

/// `rocblas_float_complex`.
pub type C32 = faer::c32;
/// `rocblas_double_complex`.
pub type C64 = faer::c64;

/// One tile of `C = alpha * op(A) * op(B) + beta * C`, as raw views: op(A) is `m x k` with
/// element (i, p) at `a + i * a_rs + p * a_cs`, op(B) `k x n` likewise, C column-major.
pub struct Tile<T> {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub alpha: T,
    pub a: *const T,
    pub a_rs: isize,
    pub a_cs: isize,
    pub conj_a: bool,
    pub b: *const T,
    pub b_rs: isize,
    pub b_cs: isize,
    pub conj_b: bool,
    pub beta: T,
    pub c: *mut T,
    pub ldc: isize,
}

/// A BLAS element type.
pub trait Element: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// The letter of its routines: `s` for `rocblas_sgemm`.
    const PREFIX: &'static str;
    const ZERO: Self;
    const ONE: Self;
    /// The real type of its magnitudes: nrm2's and asum's results, csscal's alpha, csrot's c
    /// and s (itself for the real types).
    type Real: Element;

    /// The value as a complex f64, exact for every type: level 1 computes in it and rounds
    /// once, when it stores.
    fn to_c64(self) -> C64;
    /// The value nearest `v` (its imaginary part dropped for the real types).
    fn from_c64(v: C64) -> Self;

    /// Computes one tile.
    ///
    /// # Safety
    /// The views cover readable (A, B) and writable (C) memory; C does not overlap A or B.
    unsafe fn gemm_tile(t: &Tile<Self>);
}

/// `C = beta * C` over a tile (`beta == 0` writes zeros: C is not read, as BLAS says).
///
/// # Safety
/// As [`Element::gemm_tile`] for C.
unsafe fn scale<T: Element + std::ops::Mul<Output = T>>(t: &Tile<T>) {
    if t.beta == T::ONE {
        return;
    }
    for j in 0..t.n {
        for i in 0..t.m {
            // SAFETY: (i, j) is inside the tile.
            let p = unsafe { t.c.offset(i as isize + j as isize * t.ldc) };
            // SAFETY: as above.
            unsafe {
                *p = if t.beta == T::ZERO {
                    T::ZERO
                } else {
                    t.beta * *p
                }
            };
        }
    }
}

/// The product over a tile: the `gemm` crate's single-threaded kernel (the pool supplies the
/// threads).
///
/// # Safety
/// As [`Element::gemm_tile`].
unsafe fn product_tile<T>(t: &Tile<T>)
where
    T: Element + std::ops::Mul<Output = T>,
{
    if t.m == 0 || t.n == 0 {
        return;
    }
    if t.k == 0 || t.alpha == T::ZERO {
        // SAFETY: forwarded.
        unsafe { scale(t) };
        return;
    }
    // gemm computes dst = alpha * dst + beta * lhs * rhs, and reads dst only when asked: our
    // beta is its alpha and our alpha its beta.
    // SAFETY: the views are valid per the contract; T is one of the crate's element types.
    unsafe {
        gemm::gemm(
            t.m,
            t.n,
            t.k,
            t.c,
            t.ldc,
            1,
            t.beta != T::ZERO,
            t.a,
            t.a_cs,
            t.a_rs,
            t.b,
            t.b_cs,
            t.b_rs,
            t.beta,
            t.alpha,
            false,
            t.conj_a,
            t.conj_b,
            gemm::Parallelism::None,
        )
    };
}

macro_rules! faer_element {
    ($t:ty, $prefix:literal, $zero:expr, $one:expr, $real:ty, |$v:ident| $to:expr, |$w:ident| $from:expr) => {
        impl Element for $t {
            const PREFIX: &'static str = $prefix;
            const ZERO: Self = $zero;
            const ONE: Self = $one;
            type Real = $real;
            fn to_c64(self) -> C64 {
                let $v = self;
                $to
            }
            fn from_c64($w: C64) -> Self {
                $from
            }
            unsafe fn gemm_tile(t: &Tile<Self>) {
                // SAFETY: forwarded.
                unsafe { product_tile(t) }
            }
        }
    };
}

faer_element!(
    f32,
    "s",
    0.0,
    1.0,
    f32,
    |v| C64::new(v as f64, 0.0),
    |w| w.re as f32
);
faer_element!(f64, "d", 0.0, 1.0, f64, |v| C64::new(v, 0.0), |w| w.re);
faer_element!(
    C32,
    "c",
    C32::new(0.0, 0.0),
    C32::new(1.0, 0.0),
    f32,
    |v| C64::new(v.re as f64, v.im as f64),
    |w| C32::new(w.re as f32, w.im as f32)
);
faer_element!(
    C64,
    "z",
    C64::new(0.0, 0.0),
    C64::new(1.0, 0.0),
    f64,
    |v| v,
    |w| w
);

impl Element for f16 {
    const PREFIX: &'static str = "h";
    const ZERO: Self = f16::ZERO;
    const ONE: Self = f16::ONE;
    type Real = f16;

    fn to_c64(self) -> C64 {
        C64::new(self.to_f64(), 0.0)
    }

    fn from_c64(v: C64) -> Self {
        f16::from_f64(v.re)
    }

    unsafe fn gemm_tile(t: &Tile<Self>) {
        let (m, n, k) = (t.m, t.n, t.k);
        if m == 0 || n == 0 {
            return;
        }
        // op(A) and op(B) packed in f32, column-major; C read only when beta is not 0.
        let widen = |p: *const f16, rows: usize, cols: usize, rs: isize, cs: isize| {
            let mut v = Vec::with_capacity(rows * cols);
            for j in 0..cols {
                for i in 0..rows {
                    // SAFETY: (i, j) is inside the view.
                    v.push(unsafe { *p.offset(i as isize * rs + j as isize * cs) }.to_f32());
                }
            }
            v
        };
        let a = widen(t.a, m, k, t.a_rs, t.a_cs);
        let b = widen(t.b, k, n, t.b_rs, t.b_cs);
        let beta = t.beta.to_f32();
        let mut c = if beta == 0.0 {
            vec![0.0f32; m * n]
        } else {
            widen(t.c, m, n, 1, t.ldc)
        };
        let wide = Tile {
            m,
            n,
            k,
            alpha: t.alpha.to_f32(),
            a: a.as_ptr(),
            a_rs: 1,
            a_cs: m as isize,
            conj_a: false,
            b: b.as_ptr(),
            b_rs: 1,
            b_cs: k as isize,
            conj_b: false,
            beta,
            c: c.as_mut_ptr(),
            ldc: m as isize,
        };
        // SAFETY: the views cover the local buffers.
        unsafe { product_tile(&wide) };
        for j in 0..n {
            for i in 0..m {
                // SAFETY: (i, j) is inside the tile.
                unsafe {
                    *t.c.offset(i as isize + j as isize * t.ldc) = f16::from_f32(c[i + j * m])
                };
            }
        }
    }
}
