//! Host reference computations and deterministic test data for the samples.

/// A small deterministic generator (xorshift64*), so every run checks the same data without a
/// dependency on a random-number crate.
#[derive(Debug, Clone)]
pub struct Xorshift(u64);

impl Xorshift {
    pub fn new(seed: u64) -> Self {
        // Zero is xorshift's fixed point; any other seed works.
        Xorshift(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in [-1, 1).
    pub fn next_f32(&mut self) -> f32 {
        ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }

    pub fn vec_f32(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.next_f32()).collect()
    }
}

pub fn saxpy(a: f32, x: &[f32], y: &mut [f32]) {
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

/// Row-major n x n product, i-k-j order, accumulated in f64 for a tight reference.
pub fn matmul(a: &[f32], b: &[f32], n: usize) -> Vec<f32> {
    let mut c = vec![0f64; n * n];
    for i in 0..n {
        for k in 0..n {
            let aik = f64::from(a[i * n + k]);
            for j in 0..n {
                c[i * n + j] += aik * f64::from(b[k * n + j]);
            }
        }
    }
    c.into_iter().map(|v| v as f32).collect()
}

/// One explicit heat-equation step with fixed borders, the same formula as `heat_step`.
pub fn heat_step(u: &[f32], next: &mut [f32], w: usize, h: usize, alpha: f32) {
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                next[i] = u[i];
            } else {
                let lap = u[i - 1] + u[i + 1] + u[i - w] + u[i + w] - 4.0 * u[i];
                next[i] = u[i] + alpha * lap;
            }
        }
    }
}

pub fn histogram256(data: &[u8]) -> Vec<u32> {
    let mut bins = vec![0u32; 256];
    for &b in data {
        bins[usize::from(b)] += 1;
    }
    bins
}

/// Largest absolute difference between two equally long slices (infinite if lengths differ or
/// a NaN appears, so a broken result can never pass a tolerance check).
pub fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return f32::INFINITY;
    }
    a.iter().zip(b).fold(0.0f32, |m, (x, y)| {
        let d = (x - y).abs();
        if d.is_nan() {
            f32::INFINITY
        } else {
            m.max(d)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xorshift_is_deterministic_and_in_range() {
        let a = Xorshift::new(7).vec_f32(1000);
        let b = Xorshift::new(7).vec_f32(1000);
        assert_eq!(a, b);
        assert!(a.iter().all(|v| (-1.0..1.0).contains(v)));
        assert_ne!(a, Xorshift::new(8).vec_f32(1000));
    }

    #[test]
    fn matmul_identity_and_known_product() {
        let n = 3;
        let ident: Vec<f32> = (0..9).map(|i| if i % 4 == 0 { 1.0 } else { 0.0 }).collect();
        let m: Vec<f32> = (1..=9).map(|v| v as f32).collect();
        assert_eq!(matmul(&m, &ident, n), m);
        // [[1,2],[3,4]] * [[5,6],[7,8]] = [[19,22],[43,50]]
        assert_eq!(
            matmul(&[1., 2., 3., 4.], &[5., 6., 7., 8.], 2),
            vec![19., 22., 43., 50.]
        );
    }

    #[test]
    fn heat_step_keeps_borders_and_diffuses() {
        let (w, h) = (5, 5);
        let mut u = vec![0.0f32; w * h];
        u[2 * w + 2] = 1.0;
        u[0] = 3.0;
        let mut next = vec![0.0f32; w * h];
        heat_step(&u, &mut next, w, h, 0.25);
        assert_eq!(next[0], 3.0);
        assert_eq!(next[2 * w + 2], 0.0);
        assert_eq!(next[2 * w + 1], 0.25);
        // Total heat inside is conserved when nothing reaches the border.
        let inner: f32 = next.iter().sum::<f32>() - 3.0;
        assert!((inner - 1.0).abs() < 1e-6);
    }

    #[test]
    fn histogram_counts_every_byte() {
        let data: Vec<u8> = (0..=255u8).chain([7, 7]).collect();
        let bins = histogram256(&data);
        assert_eq!(bins.iter().sum::<u32>(), 258);
        assert_eq!(bins[7], 3);
        assert_eq!(bins[8], 1);
    }

    #[test]
    fn max_abs_diff_catches_nan_and_length() {
        assert_eq!(max_abs_diff(&[1.0, 2.0], &[1.0, 2.5]), 0.5);
        assert_eq!(max_abs_diff(&[1.0], &[f32::NAN]), f32::INFINITY);
        assert_eq!(max_abs_diff(&[1.0], &[1.0, 2.0]), f32::INFINITY);
    }
}
