//! The epilogue kernel: after the product is in D, one pass over D adds the bias vector (one
//! value per row of D, the same for every column and batch member) and applies ReLU or GELU, in
//! f64, rounding once to D's type.
//!
//! hipBLASLt applies these before D is rounded; here D (f16 or bf16) is rounded once by the
//! product and again by the epilogue, which can differ from hipBLASLt in the last bit.

use crate::{fail, status, Result};
use rocblas::c_handle::StreamLauncher;
use rocblas::half::{bf16, f16};
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::Datatype;

/// The pointwise function applied after the bias.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Activation {
    Identity,
    Relu,
    /// GELU in its tanh form, as hipBLASLt computes it.
    Gelu,
}

impl Activation {
    pub(crate) fn apply(self, x: f64) -> f64 {
        match self {
            Activation::Identity => x,
            Activation::Relu => x.max(0.0),
            Activation::Gelu => {
                // sqrt(2 / pi)
                const C: f64 = 0.797_884_560_802_865_4;
                0.5 * x * (1.0 + (C * (x + 0.044_715 * x * x * x)).tanh())
            }
        }
    }
}

/// What an epilogue of `hipblasLtEpilogue_t` does: its activation, and whether it adds a bias.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Epilogue {
    pub activation: Activation,
    pub bias: bool,
}

impl Epilogue {
    /// The epilogue of a `hipblasLtEpilogue_t` value: None for DEFAULT, an error naming the
    /// epilogue for those this library cannot run.
    pub(crate) fn from_raw(v: i64) -> Result<Option<Epilogue>> {
        let (activation, bias) = match v {
            1 => return Ok(None),
            2 => (Activation::Relu, false),
            4 => (Activation::Identity, true),
            6 => (Activation::Relu, true),
            32 => (Activation::Gelu, false),
            36 => (Activation::Gelu, true),
            _ => {
                let name = crate::descriptors::epilogue_name(v);
                return fail(
                    status::NOT_SUPPORTED,
                    format!("the epilogue {name} ({v}) is not supported (DEFAULT, RELU, BIAS, RELU_BIAS, GELU and GELU_BIAS are)"),
                );
            }
        };
        Ok(Some(Epilogue { activation, bias }))
    }
}

/// The arguments of one epilogue pass.
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    pub epilogue: Epilogue,
    /// D's first element, leading dimension and batch stride (elements).
    pub d: *mut u8,
    pub ldd: i64,
    pub stride_d: i64,
    pub m: i64,
    pub n: i64,
    pub batch: i64,
    /// The bias vector (m elements) or null.
    pub bias: *const u8,
}

/// Queues a pass on a stream.
pub(crate) type Launch = fn(&StreamLauncher, &Pass) -> rocblas::Result<()>;

/// The kernel for D of type `d` and a bias of type `bias` (None without one): the bias may be
/// of D's type, or f32 for f16 and bf16 D (the scale type). None for other combinations.
pub(crate) fn kernel(d: Datatype, bias: Option<Datatype>) -> Option<Launch> {
    use Datatype as T;
    Some(match (d, bias) {
        (T::F16R, None | Some(T::F16R)) => launch::<f16, f16>,
        (T::F16R, Some(T::F32R)) => launch::<f16, f32>,
        (T::Bf16R, None | Some(T::Bf16R)) => launch::<bf16, bf16>,
        (T::Bf16R, Some(T::F32R)) => launch::<bf16, f32>,
        (T::F32R, None | Some(T::F32R)) => launch::<f32, f32>,
        (T::F64R, None | Some(T::F64R)) => launch::<f64, f64>,
        _ => return None,
    })
}

/// A real element type the epilogue reads and writes.
trait Real: Copy + Send + Sync + 'static {
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
}

macro_rules! real {
    ($t:ty, $to:expr, $from:expr) => {
        impl Real for $t {
            fn to_f64(self) -> f64 {
                let f: fn($t) -> f64 = $to;
                f(self)
            }
            fn from_f64(v: f64) -> Self {
                let f: fn(f64) -> $t = $from;
                f(v)
            }
        }
    };
}
real!(f16, |x| x.to_f64(), f16::from_f64);
real!(bf16, |x| x.to_f64(), bf16::from_f64);
real!(f32, f64::from, |v| v as f32);
real!(f64, |x| x, |v| v);

#[repr(C)]
#[derive(Clone, Copy)]
struct EpilogueWork<D, B> {
    activation: Activation,
    bias: Ptr<B>,
    d: Ptr<D>,
    ldd: usize,
    stride_d: isize,
    m: usize,
    n: usize,
    batch: usize,
}

impl<D: Real, B: Real> Work for EpilogueWork<D, B> {
    fn name() -> String {
        format!(
            "hipblaslt_epilogue<{}, {}>",
            std::any::type_name::<D>(),
            std::any::type_name::<B>()
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let bias = (!self.bias.is_null()).then(|| {
            // SAFETY: the bias vector holds one value per row of D (the caller's contract).
            unsafe { std::slice::from_raw_parts(self.bias.0, self.m) }
        });
        let columns = self.n * self.batch;
        let mut item = group as usize;
        while item < columns {
            let (member, col) = (item / self.n, item % self.n);
            let start = self
                .d
                .0
                .cast_mut()
                .wrapping_offset(self.stride_d.wrapping_mul(member as isize))
                .wrapping_add(col * self.ldd);
            // SAFETY: column `col` of batch member `member`: m elements inside D, whose layout
            // the matmul checked and the product just wrote; no other work-group has it.
            let column = unsafe { std::slice::from_raw_parts_mut(start, self.m) };
            for (i, x) in column.iter_mut().enumerate() {
                let mut v = x.to_f64();
                if let Some(b) = bias {
                    v += b[i].to_f64();
                }
                *x = D::from_f64(self.activation.apply(v));
            }
            item += groups as usize;
        }
    }
}

/// About this many elements of D per work-group.
const ELEMENTS_PER_GROUP: usize = 1 << 14;

fn launch<D: Real, B: Real>(launcher: &StreamLauncher, p: &Pass) -> rocblas::Result<()> {
    let (m, n, batch) = (p.m as usize, p.n as usize, p.batch as usize);
    let columns = n.saturating_mul(batch);
    if m == 0 || columns == 0 {
        return Ok(());
    }
    let work = EpilogueWork::<D, B> {
        activation: p.epilogue.activation,
        bias: Ptr(p.bias.cast()),
        d: Ptr(p.d.cast_const().cast()),
        ldd: p.ldd as usize,
        stride_d: p.stride_d as isize,
        m,
        n,
        batch,
    };
    let groups = columns
        .saturating_mul(m)
        .div_ceil(ELEMENTS_PER_GROUP)
        .clamp(1, columns.min(1 << 16));
    launcher.launch(groups as u32, &work)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn activations() {
        assert_eq!(Activation::Relu.apply(-2.0), 0.0);
        assert_eq!(Activation::Relu.apply(3.5), 3.5);
        assert_eq!(Activation::Gelu.apply(0.0), 0.0);
        assert!((Activation::Gelu.apply(1.0) - 0.841_191_990_608_276_8).abs() < 1e-12);
        assert!(Activation::Gelu.apply(-10.0).abs() < 1e-12);
    }

    #[test]
    fn epilogue_values() {
        assert_eq!(Epilogue::from_raw(1).ok(), Some(None));
        let relu_bias = Epilogue::from_raw(6).ok().flatten();
        assert_eq!(
            relu_bias,
            Some(Epilogue {
                activation: Activation::Relu,
                bias: true
            })
        );
        let e = Epilogue::from_raw(160).unwrap_err();
        assert_eq!(e.status, status::NOT_SUPPORTED);
        assert!(
            e.message.contains("HIPBLASLT_EPILOGUE_GELU_AUX"),
            "{}",
            e.message
        );
    }

    #[test]
    fn one_pass_over_a_strided_batch() {
        // Two 3 x 2 members with ldd 4 and batch stride 10; the bias in f32 over f16 D.
        let mut d = vec![f16::from_f32(-9.0); 20];
        for member in 0..2 {
            for j in 0..2 {
                for i in 0..3 {
                    d[member * 10 + j * 4 + i] = f16::from_f32((i as f32) - 2.0 + member as f32);
                }
            }
        }
        let bias = [0.5f32, 1.0, -0.25];
        let work = EpilogueWork::<f16, f32> {
            activation: Activation::Relu,
            bias: Ptr(bias.as_ptr()),
            d: Ptr(d.as_mut_ptr().cast_const()),
            ldd: 4,
            stride_d: 10,
            m: 3,
            n: 2,
            batch: 2,
        };
        for g in 0..3 {
            work.run(g, 3);
        }
        for member in 0..2 {
            for j in 0..2 {
                for i in 0..3 {
                    let want = ((i as f32) - 2.0 + member as f32 + bias[i]).max(0.0);
                    assert_eq!(d[member * 10 + j * 4 + i].to_f32(), want);
                }
                // The padding row is untouched.
                assert_eq!(d[member * 10 + j * 4 + 3].to_f32(), -9.0);
            }
        }
    }
}
