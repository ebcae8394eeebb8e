/* hipBLAS's Ex functions from C: AxpyEx (f16 vectors, f32 alpha), DotEx into a wider result,
 * DotcEx, Nrm2Ex, RotEx, ScalEx (real alpha on complex x), TrsmEx and GemmExWithFlags, with
 * hipBLAS 1 type enums and the _v2 names' hipDataType; and NOT_SUPPORTED for a combination
 * rocBLAS does not run; Bfdot in its three forms. Prints "ok" at the end; any failure exits
 * non-zero naming it. */
#include <hipblas/hipblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipblasStatus_t got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              hipblasStatusToString(got_), hipblasStatusToString(want));                     \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)
#define HIP(call)                                                                            \
  do {                                                                                       \
    if ((call) != hipSuccess) {                                                              \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);                      \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

static void *dev(const void *h, size_t bytes) {
  void *d;
  HIP(hipMalloc(&d, bytes));
  HIP(hipMemcpy(d, h, bytes, hipMemcpyHostToDevice));
  return d;
}

static void get(void *h, const void *d, size_t bytes) {
  HIP(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost));
}

static void near(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1 + fabs(want)))) {
    fprintf(stderr, "%s: element %d = %.17g, want %.17g\n", what, i, got, want);
    exit(1);
  }
}

/* Small integers as IEEE halves, and back. */
static hipblasHalf half_of(int v) {
  if (v == 0) return 0;
  unsigned a = (unsigned)(v < 0 ? -v : v);
  int e = 0;
  while ((a >> e) > 1) e++;
  return (hipblasHalf)((v < 0 ? 0x8000 : 0) | ((e + 15) << 10) | ((a << (10 - e)) & 0x3ff));
}
static double double_of(hipblasHalf h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : ldexp(m | 0x400, e - 25);
  return h & 0x8000 ? -v : v;
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  enum { N = 6 };

  /* AxpyEx: f32 alpha on f16 x and y, f32 execution. */
  hipblasHalf hx[N], hy[N];
  for (int i = 0; i < N; i++) {
    hx[i] = half_of(i - 2);
    hy[i] = half_of(3 * i);
  }
  hipblasHalf *dhx = dev(hx, sizeof hx), *dhy = dev(hy, sizeof hy);
  float alpha = 2.0f;
  CHECK(hipblasAxpyEx(h, N, &alpha, HIPBLAS_R_32F, dhx, HIPBLAS_R_16F, 1, dhy, HIPBLAS_R_16F, 1,
                      HIPBLAS_R_32F),
        HIPBLAS_STATUS_SUCCESS);
  hipblasHalf out[N];
  get(out, dhy, sizeof out);
  for (int i = 0; i < N; i++) near("AxpyEx", i, double_of(out[i]), 2.0 * (i - 2) + 3 * i, 0);
  /* f64 alpha on f16 vectors is no combination of rocBLAS's. */
  double dalpha = 2;
  CHECK(hipblasAxpyEx(h, N, &dalpha, HIPBLAS_R_64F, dhx, HIPBLAS_R_16F, 1, dhy, HIPBLAS_R_16F, 1,
                      HIPBLAS_R_64F),
        HIPBLAS_STATUS_NOT_SUPPORTED);

  /* DotEx_v2 (hipDataType): f32 vectors into an f64 result; Nrm2Ex. */
  float fx[N], fy[N];
  for (int i = 0; i < N; i++) {
    fx[i] = (float)(i + 1);
    fy[i] = (float)(2 - i);
  }
  float *dfx = dev(fx, sizeof fx), *dfy = dev(fy, sizeof fy);
  double dot = 0, want = 0, ss = 0;
  for (int i = 0; i < N; i++) {
    want += (double)fx[i] * fy[i];
    ss += (double)fx[i] * fx[i];
  }
  CHECK(hipblasDotEx_v2(h, N, dfx, HIP_R_32F, 1, dfy, HIP_R_32F, 1, &dot, HIP_R_64F, HIP_R_64F),
        HIPBLAS_STATUS_SUCCESS);
  near("DotEx_v2", 0, dot, want, 0);
  float nrm = 0;
  CHECK(hipblasNrm2Ex(h, N, dfx, HIPBLAS_R_32F, 1, &nrm, HIPBLAS_R_32F, HIPBLAS_R_32F),
        HIPBLAS_STATUS_SUCCESS);
  near("Nrm2Ex", 0, nrm, sqrt(ss), 1e-6);

  /* RotEx on f32: c = 0, s = 1 exchanges x and y, y negated. */
  float c = 0, s = 1;
  CHECK(hipblasRotEx(h, N, dfx, HIPBLAS_R_32F, 1, dfy, HIPBLAS_R_32F, 1, &c, &s, HIPBLAS_R_32F,
                     HIPBLAS_R_32F),
        HIPBLAS_STATUS_SUCCESS);
  float rx[N], ry[N];
  get(rx, dfx, sizeof rx);
  get(ry, dfy, sizeof ry);
  for (int i = 0; i < N; i++) {
    near("RotEx x", i, rx[i], fy[i], 0);
    near("RotEx y", i, ry[i], -fx[i], 0);
  }

  /* ScalEx: a real f64 alpha on complex f64 x; DotcEx of x with itself. */
  hipblasDoubleComplex zx[N];
  for (int i = 0; i < N; i++) zx[i] = (hipblasDoubleComplex){i, 1 - i};
  hipblasDoubleComplex *dzx = dev(zx, sizeof zx), zdot;
  double three = 3;
  CHECK(hipblasScalEx(h, N, &three, HIPBLAS_R_64F, dzx, HIPBLAS_C_64F, 1, HIPBLAS_C_64F),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDotcEx(h, N, dzx, HIPBLAS_C_64F, 1, dzx, HIPBLAS_C_64F, 1, &zdot, HIPBLAS_C_64F,
                      HIPBLAS_C_64F),
        HIPBLAS_STATUS_SUCCESS);
  double zz = 0;
  for (int i = 0; i < N; i++) zz += 9.0 * ((double)i * i + (1.0 - i) * (1.0 - i));
  near("DotcEx re", 0, zdot.x, zz, 0);
  near("DotcEx im", 0, zdot.y, 0, 0);

  /* TrsmEx: diag(2, 4) X = B. */
  double a[4] = {2, 0, 0, 4}, b[2] = {6, 8}, one = 1;
  double *da = dev(a, sizeof a), *db = dev(b, sizeof b);
  CHECK(hipblasTrsmEx(h, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N,
                      HIPBLAS_DIAG_NON_UNIT, 2, 1, &one, da, 2, db, 2, NULL, 0, HIPBLAS_R_64F),
        HIPBLAS_STATUS_SUCCESS);
  get(b, db, sizeof b);
  near("TrsmEx", 0, b[0], 3, 0);
  near("TrsmEx", 1, b[1], 2, 0);

  /* GemmExWithFlags: C = A B for 2 x 2 f32, flags ignored. */
  float ga[4] = {1, 2, 3, 4}, gc[4] = {0}, fone = 1, fzero = 0;
  float *dga = dev(ga, sizeof ga), *dgc = dev(gc, sizeof gc);
  CHECK(hipblasGemmExWithFlags(h, HIPBLAS_OP_N, HIPBLAS_OP_N, 2, 2, 2, &fone, dga, HIPBLAS_R_32F,
                               2, dga, HIPBLAS_R_32F, 2, &fzero, dgc, HIPBLAS_R_32F, 2,
                               HIPBLAS_R_32F, HIPBLAS_GEMM_DEFAULT, HIPBLAS_GEMM_FLAGS_NONE),
        HIPBLAS_STATUS_SUCCESS);
  get(gc, dgc, sizeof gc);
  float gw[4] = {7, 10, 15, 22};
  for (int i = 0; i < 4; i++) near("GemmExWithFlags", i, gc[i], gw[i], 0);

  /* Bfdot: bf16 vectors and result, summed in f32; plain, strided-batched (x and y's second
   * halves) and batched. The inputs are small integers, exact in bf16; the sums are rounded to
   * bf16 (8 significant bits). */
  {
    enum { B = 2 };
    hipblasBfloat16 bx[B * N], by[B * N];
    float wants[B] = {0, 0};
    for (int i = 0; i < B * N; i++) {
      float vx = (float)(i - 3), vy = (float)(2 * i - 5);
      unsigned ux, uy;
      memcpy(&ux, &vx, 4);
      memcpy(&uy, &vy, 4);
      bx[i].data = (unsigned short)(ux >> 16);
      by[i].data = (unsigned short)(uy >> 16);
      wants[i / N] += vx * vy;
    }
    hipblasBfloat16 *dbx = dev(bx, sizeof bx), *dby = dev(by, sizeof by);
    hipblasBfloat16 r[B];
    float rf;
    CHECK(hipblasBfdot(h, N, dbx, 1, dby, 1, &r[0]), HIPBLAS_STATUS_SUCCESS);
    unsigned bits = (unsigned)r[0].data << 16;
    memcpy(&rf, &bits, 4);
    near("Bfdot", 0, rf, wants[0], 1.0 / 256);
    r[0].data = r[1].data = 0xffff;
    CHECK(hipblasBfdotStridedBatched(h, N, dbx, 1, N, dby, 1, N, B, r), HIPBLAS_STATUS_SUCCESS);
    for (int b = 0; b < B; b++) {
      bits = (unsigned)r[b].data << 16;
      memcpy(&rf, &bits, 4);
      near("BfdotStridedBatched", b, rf, wants[b], 1.0 / 256);
    }
    const hipblasBfloat16 *xs[B] = {dbx, dbx + N}, *ys[B] = {dby, dby + N};
    const hipblasBfloat16 **dxs = dev(xs, sizeof xs), **dys = dev(ys, sizeof ys);
    r[0].data = r[1].data = 0xffff;
    CHECK(hipblasBfdotBatched_64(h, N, dxs, 1, dys, 1, B, r), HIPBLAS_STATUS_SUCCESS);
    for (int b = 0; b < B; b++) {
      bits = (unsigned)r[b].data << 16;
      memcpy(&rf, &bits, 4);
      near("BfdotBatched_64", b, rf, wants[b], 1.0 / 256);
    }
    CHECK(hipblasBfdot(h, N, dbx, 1, dby, 1, NULL), HIPBLAS_STATUS_INVALID_VALUE);
    HIP(hipFree(dbx));
    HIP(hipFree(dby));
    HIP(hipFree(dxs));
    HIP(hipFree(dys));
  }

  HIP(hipFree(dhx));
  HIP(hipFree(dhy));
  HIP(hipFree(dfx));
  HIP(hipFree(dfy));
  HIP(hipFree(dzx));
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dga));
  HIP(hipFree(dgc));
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  printf("ok\n");
  return 0;
}
