/* ferrocm: HIP complex numbers (hipFloatComplex, hipDoubleComplex, hipComplex) and their
 * functions, for host and device code alike.
 *
 * As in HIP, a complex number is the short vector type of its element: hipFloatComplex is float2
 * and hipDoubleComplex is double2 (x the real part, y the imaginary part), so arrays of them have
 * the same layout as interleaved (re, im) pairs and the vector operators (+, -, component-wise *
 * and /) apply. Complex multiplication and division are the functions below, not operators.
 *
 * Rounding: every function is written with floating-point contraction off, so the compiler
 * never fuses a product into a following add on its own. Host and device then round the same
 * way (the CPU device is compiled separately from the host), and the result is the plain IEEE
 * evaluation of the formula written here. hipCfmaf/hipCfma fuse on purpose, through fma.
 *
 * Division scales the divisor by 1 / (|re| + |im|) before forming |q|^2, so quotients whose
 * divisor is very large or very small stay finite where the unscaled formula would overflow to
 * infinity or lose everything to underflow. */
#ifndef FERROCM_HIP_COMPLEX_H
#define FERROCM_HIP_COMPLEX_H

#ifndef __cplusplus
#error "hip/hip_complex.h: the ferrocm complex types are C++ (float2/double2 structs); compile as C++ or HIP"
#endif

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

/* The pragma only exists in clang; GCC does not contract across statements in ISO modes, and
 * with no FMA in the baseline x86-64 target it has nothing to fuse into. */
#if defined(__clang__)
#define __FERROCM_NO_CONTRACT _Pragma("clang fp contract(off)")
#else
#define __FERROCM_NO_CONTRACT
#endif

/* ---- single precision ---- */

__FERROCM_HOST_DEVICE hipFloatComplex make_hipFloatComplex(float re, float im) {
  return hipFloatComplex(re, im);
}
__FERROCM_HOST_DEVICE float hipCrealf(hipFloatComplex z) { return z.x; }
__FERROCM_HOST_DEVICE float hipCimagf(hipFloatComplex z) { return z.y; }
__FERROCM_HOST_DEVICE hipFloatComplex hipConjf(hipFloatComplex z) {
  return hipFloatComplex(z.x, -z.y);
}
/* |z|^2, without the square root. */
__FERROCM_HOST_DEVICE float hipCsqabsf(hipFloatComplex z) {
  __FERROCM_NO_CONTRACT
  return z.x * z.x + z.y * z.y;
}
/* |z| through hypot: no overflow for parts beyond sqrt(FLT_MAX), no underflow for tiny ones. */
__FERROCM_HOST_DEVICE float hipCabsf(hipFloatComplex z) { return __builtin_hypotf(z.x, z.y); }
__FERROCM_HOST_DEVICE hipFloatComplex hipCaddf(hipFloatComplex p, hipFloatComplex q) {
  return hipFloatComplex(p.x + q.x, p.y + q.y);
}
__FERROCM_HOST_DEVICE hipFloatComplex hipCsubf(hipFloatComplex p, hipFloatComplex q) {
  return hipFloatComplex(p.x - q.x, p.y - q.y);
}
__FERROCM_HOST_DEVICE hipFloatComplex hipCmulf(hipFloatComplex p, hipFloatComplex q) {
  __FERROCM_NO_CONTRACT
  return hipFloatComplex(p.x * q.x - p.y * q.y, p.x * q.y + p.y * q.x);
}
__FERROCM_HOST_DEVICE hipFloatComplex hipCdivf(hipFloatComplex p, hipFloatComplex q) {
  __FERROCM_NO_CONTRACT
  float s = __builtin_fabsf(q.x) + __builtin_fabsf(q.y);
  float inv_s = 1.0f / s;
  float pr = p.x * inv_s, pi = p.y * inv_s;
  float qr = q.x * inv_s, qi = q.y * inv_s;
  float inv_d = 1.0f / (qr * qr + qi * qi);
  return hipFloatComplex((pr * qr + pi * qi) * inv_d, (pi * qr - pr * qi) * inv_d);
}
/* p * q + r, each part as two fused steps: re = fma(-p.y, q.y, fma(p.x, q.x, r.x)),
 * im = fma(p.y, q.x, fma(p.x, q.y, r.y)). */
__FERROCM_HOST_DEVICE hipFloatComplex hipCfmaf(hipFloatComplex p, hipFloatComplex q,
                                               hipFloatComplex r) {
  float re = __builtin_fmaf(p.x, q.x, r.x);
  re = __builtin_fmaf(-p.y, q.y, re);
  float im = __builtin_fmaf(p.x, q.y, r.y);
  im = __builtin_fmaf(p.y, q.x, im);
  return hipFloatComplex(re, im);
}

/* ---- double precision ---- */

__FERROCM_HOST_DEVICE hipDoubleComplex make_hipDoubleComplex(double re, double im) {
  return hipDoubleComplex(re, im);
}
__FERROCM_HOST_DEVICE double hipCreal(hipDoubleComplex z) { return z.x; }
__FERROCM_HOST_DEVICE double hipCimag(hipDoubleComplex z) { return z.y; }
__FERROCM_HOST_DEVICE hipDoubleComplex hipConj(hipDoubleComplex z) {
  return hipDoubleComplex(z.x, -z.y);
}
__FERROCM_HOST_DEVICE double hipCsqabs(hipDoubleComplex z) {
  __FERROCM_NO_CONTRACT
  return z.x * z.x + z.y * z.y;
}
__FERROCM_HOST_DEVICE double hipCabs(hipDoubleComplex z) { return __builtin_hypot(z.x, z.y); }
__FERROCM_HOST_DEVICE hipDoubleComplex hipCadd(hipDoubleComplex p, hipDoubleComplex q) {
  return hipDoubleComplex(p.x + q.x, p.y + q.y);
}
__FERROCM_HOST_DEVICE hipDoubleComplex hipCsub(hipDoubleComplex p, hipDoubleComplex q) {
  return hipDoubleComplex(p.x - q.x, p.y - q.y);
}
__FERROCM_HOST_DEVICE hipDoubleComplex hipCmul(hipDoubleComplex p, hipDoubleComplex q) {
  __FERROCM_NO_CONTRACT
  return hipDoubleComplex(p.x * q.x - p.y * q.y, p.x * q.y + p.y * q.x);
}
__FERROCM_HOST_DEVICE hipDoubleComplex hipCdiv(hipDoubleComplex p, hipDoubleComplex q) {
  __FERROCM_NO_CONTRACT
  double s = __builtin_fabs(q.x) + __builtin_fabs(q.y);
  double inv_s = 1.0 / s;
  double pr = p.x * inv_s, pi = p.y * inv_s;
  double qr = q.x * inv_s, qi = q.y * inv_s;
  double inv_d = 1.0 / (qr * qr + qi * qi);
  return hipDoubleComplex((pr * qr + pi * qi) * inv_d, (pi * qr - pr * qi) * inv_d);
}
__FERROCM_HOST_DEVICE hipDoubleComplex hipCfma(hipDoubleComplex p, hipDoubleComplex q,
                                               hipDoubleComplex r) {
  double re = __builtin_fma(p.x, q.x, r.x);
  re = __builtin_fma(-p.y, q.y, re);
  double im = __builtin_fma(p.x, q.y, r.y);
  im = __builtin_fma(p.y, q.x, im);
  return hipDoubleComplex(re, im);
}

/* ---- hipComplex (single precision) and conversions ---- */

__FERROCM_HOST_DEVICE hipComplex make_hipComplex(float re, float im) {
  return hipComplex(re, im);
}
__FERROCM_HOST_DEVICE hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return hipDoubleComplex((double)z.x, (double)z.y);
}
/* Each part rounds to the nearest float (overflowing to infinity, as a float cast does). */
__FERROCM_HOST_DEVICE hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return hipFloatComplex((float)z.x, (float)z.y);
}

#undef __FERROCM_NO_CONTRACT

#endif /* FERROCM_HIP_COMPLEX_H */
