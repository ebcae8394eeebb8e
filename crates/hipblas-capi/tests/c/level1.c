/* hipBLAS's level 1 C ABI from C: axpy, scal, copy, swap, dot/dotu/dotc (and half dot), nrm2,
 * asum, amax/amin and rot in several types and steps, a strided batch, a pointer-array batch,
 * a `_64` entry point and device pointer mode, each against a host reference computed in
 * double; and the statuses of bad calls. Prints "ok" at the end; any failure exits non-zero
 * naming it. */
#include <hipblas/hipblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipblasStatus_t got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              hipblasStatusToString(got_), hipblasStatusToString(want));               \
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

static unsigned seed = 2024;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

/* A device copy of `bytes` bytes at `h`. */
static void *dev(const void *h, size_t bytes) {
  void *d;
  HIP(hipMalloc(&d, bytes));
  HIP(hipMemcpy(d, h, bytes, hipMemcpyHostToDevice));
  return d;
}

/* Device memory back to the host (after the null stream's work, as hipMemcpy orders it). */
static void get(void *h, const void *d, size_t bytes) {
  HIP(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost));
}

/* Fails unless `got` is within `tol` (relative, at least absolute) of `want`. */
static void near(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1 + fabs(want)))) {
    fprintf(stderr, "%s: element %d = %.17g, want %.17g\n", what, i, got, want);
    exit(1);
  }
}

static void same_index(const char *what, long long got, long long want) {
  if (got != want) {
    fprintf(stderr, "%s = %lld, want %lld\n", what, got, want);
    exit(1);
  }
}

/* The IEEE half of a small integer (exact). */
static hipblasHalf half_of(int v) {
  if (v == 0) return 0;
  unsigned a = (unsigned)(v < 0 ? -v : v);
  int e = 0;
  while ((a >> e) > 1) e++;
  return (hipblasHalf)((v < 0 ? 0x8000 : 0) | ((e + 15) << 10) | ((a << (10 - e)) & 0x3ff));
}

/* The value of a half. */
static double double_of(hipblasHalf h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
  return h & 0x8000 ? -v : v;
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);

  /* Saxpy with incx 2 and incy -1: y's element i lies at N - 1 - i. */
  {
    enum { N = 5 };
    float x[2 * N - 1], y[N], out[N], alpha = 1.75f;
    for (int i = 0; i < 2 * N - 1; i++) x[i] = (float)rnd();
    for (int i = 0; i < N; i++) y[i] = (float)rnd();
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(hipblasSaxpy(h, N, &alpha, dx, 2, dy, -1), HIPBLAS_STATUS_SUCCESS);
    get(out, dy, sizeof out);
    for (int i = 0; i < N; i++)
      near("Saxpy", i, out[N - 1 - i], (double)alpha * x[2 * i] + y[N - 1 - i], 1e-6);
  }

  /* Dscal, Cscal, Zdscal (incx 2: the elements between are left alone). */
  {
    enum { N = 7 };
    double x[N], out[N], alpha = 2.5;
    for (int i = 0; i < N; i++) x[i] = rnd();
    double *dx = dev(x, sizeof x);
    CHECK(hipblasDscal(h, N, &alpha, dx, 1), HIPBLAS_STATUS_SUCCESS);
    get(out, dx, sizeof out);
    for (int i = 0; i < N; i++) near("Dscal", i, out[i], alpha * x[i], 1e-15);

    hipblasComplex c[4], cout[4], ca = {1.5f, -2.0f};
    for (int i = 0; i < 4; i++) c[i].x = (float)rnd(), c[i].y = (float)rnd();
    hipblasComplex *dc = dev(c, sizeof c);
    CHECK(hipblasCscal(h, 4, &ca, dc, 1), HIPBLAS_STATUS_SUCCESS);
    get(cout, dc, sizeof cout);
    for (int i = 0; i < 4; i++) {
      near("Cscal re", i, cout[i].x, (double)ca.x * c[i].x - (double)ca.y * c[i].y, 1e-6);
      near("Cscal im", i, cout[i].y, (double)ca.x * c[i].y + (double)ca.y * c[i].x, 1e-6);
    }

    hipblasDoubleComplex z[5], zout[5];
    double za = -3.0;
    for (int i = 0; i < 5; i++) z[i].x = rnd(), z[i].y = rnd();
    hipblasDoubleComplex *dz = dev(z, sizeof z);
    CHECK(hipblasZdscal(h, 3, &za, dz, 2), HIPBLAS_STATUS_SUCCESS);
    get(zout, dz, sizeof zout);
    for (int i = 0; i < 5; i++) {
      double f = i % 2 == 0 ? za : 1;
      near("Zdscal re", i, zout[i].x, f * z[i].x, 1e-15);
      near("Zdscal im", i, zout[i].y, f * z[i].y, 1e-15);
    }
  }

  /* Scopy into every other element; Dswap. */
  {
    enum { N = 6 };
    float x[N], y[2 * N], out[2 * N];
    for (int i = 0; i < N; i++) x[i] = (float)rnd();
    for (int i = 0; i < 2 * N; i++) y[i] = -7;
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(hipblasScopy(h, N, dx, 1, dy, 2), HIPBLAS_STATUS_SUCCESS);
    get(out, dy, sizeof out);
    for (int i = 0; i < 2 * N; i++) near("Scopy", i, out[i], i % 2 ? -7 : x[i / 2], 0);

    double a[N], b[N], ga[N], gb[N];
    for (int i = 0; i < N; i++) a[i] = rnd(), b[i] = rnd();
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b);
    CHECK(hipblasDswap(h, N, da, 1, db, 1), HIPBLAS_STATUS_SUCCESS);
    get(ga, da, sizeof ga);
    get(gb, db, sizeof gb);
    for (int i = 0; i < N; i++) {
      near("Dswap x", i, ga[i], b[i], 0);
      near("Dswap y", i, gb[i], a[i], 0);
    }
  }

  /* Sdot, Hdot (half inputs, an exact integer sum), Cdotc, Zdotu. */
  {
    enum { N = 12 };
    float x[N], y[N], r = 0;
    double want = 0;
    for (int i = 0; i < N; i++) {
      x[i] = (float)rnd(), y[i] = (float)rnd();
      want += (double)x[i] * y[i];
    }
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(hipblasSdot(h, N, dx, 1, dy, 1, &r), HIPBLAS_STATUS_SUCCESS);
    near("Sdot", 0, r, want, 1e-6);

    hipblasHalf hx[N], hy[N], hr = 0xffff;
    int iwant = 0;
    for (int i = 0; i < N; i++) {
      hx[i] = half_of(i % 5 - 2), hy[i] = half_of(i % 3 - 1);
      iwant += (i % 5 - 2) * (i % 3 - 1);
    }
    hipblasHalf *dhx = dev(hx, sizeof hx), *dhy = dev(hy, sizeof hy);
    CHECK(hipblasHdot(h, N, dhx, 1, dhy, 1, &hr), HIPBLAS_STATUS_SUCCESS);
    near("Hdot", 0, double_of(hr), iwant, 0);

    hipblasComplex cx[N], cy[N], cr;
    double re = 0, im = 0;
    for (int i = 0; i < N; i++) {
      cx[i].x = (float)rnd(), cx[i].y = (float)rnd();
      cy[i].x = (float)rnd(), cy[i].y = (float)rnd();
      /* conj(x) y */
      re += (double)cx[i].x * cy[i].x + (double)cx[i].y * cy[i].y;
      im += (double)cx[i].x * cy[i].y - (double)cx[i].y * cy[i].x;
    }
    hipblasComplex *dcx = dev(cx, sizeof cx), *dcy = dev(cy, sizeof cy);
    CHECK(hipblasCdotc(h, N, dcx, 1, dcy, 1, &cr), HIPBLAS_STATUS_SUCCESS);
    near("Cdotc re", 0, cr.x, re, 1e-6);
    near("Cdotc im", 0, cr.y, im, 1e-6);

    hipblasDoubleComplex zx[N], zy[N], zr;
    re = im = 0;
    for (int i = 0; i < N; i++) {
      zx[i].x = rnd(), zx[i].y = rnd(), zy[i].x = rnd(), zy[i].y = rnd();
      re += zx[i].x * zy[i].x - zx[i].y * zy[i].y;
      im += zx[i].x * zy[i].y + zx[i].y * zy[i].x;
    }
    hipblasDoubleComplex *dzx = dev(zx, sizeof zx), *dzy = dev(zy, sizeof zy);
    CHECK(hipblasZdotu(h, N, dzx, 1, dzy, 1, &zr), HIPBLAS_STATUS_SUCCESS);
    near("Zdotu re", 0, zr.x, re, 1e-14);
    near("Zdotu im", 0, zr.y, im, 1e-14);
  }

  /* Snrm2, Dznrm2, Dasum (incx 2). */
  {
    enum { N = 9 };
    float x[N], r;
    double ss = 0;
    for (int i = 0; i < N; i++) x[i] = (float)rnd(), ss += (double)x[i] * x[i];
    float *dx = dev(x, sizeof x);
    CHECK(hipblasSnrm2(h, N, dx, 1, &r), HIPBLAS_STATUS_SUCCESS);
    near("Snrm2", 0, r, sqrt(ss), 1e-6);

    hipblasDoubleComplex z[N];
    double zr;
    ss = 0;
    for (int i = 0; i < N; i++) {
      z[i].x = rnd(), z[i].y = rnd();
      ss += z[i].x * z[i].x + z[i].y * z[i].y;
    }
    hipblasDoubleComplex *dz = dev(z, sizeof z);
    CHECK(hipblasDznrm2(h, N, dz, 1, &zr), HIPBLAS_STATUS_SUCCESS);
    near("Dznrm2", 0, zr, sqrt(ss), 1e-14);

    double d[2 * N], dr, sum = 0;
    for (int i = 0; i < 2 * N; i++) d[i] = rnd();
    for (int i = 0; i < N; i++) sum += fabs(d[2 * i]);
    double *dd = dev(d, sizeof d);
    CHECK(hipblasDasum(h, N, dd, 2, &dr), HIPBLAS_STATUS_SUCCESS);
    near("Dasum", 0, dr, sum, 1e-14);
  }

  /* Isamax (the first of two equal magnitudes, 1-based), its _64 twin, Izamin (|re| + |im|). */
  {
    float x[8] = {1, -2, 3, 0.5f, 4, -9, 2, 9};
    float *dx = dev(x, sizeof x);
    int r = -1;
    CHECK(hipblasIsamax(h, 8, dx, 1, &r), HIPBLAS_STATUS_SUCCESS);
    same_index("Isamax", r, 6);
    int64_t r64 = -1;
    CHECK(hipblasIsamax_64(h, 8, dx, 1, &r64), HIPBLAS_STATUS_SUCCESS);
    same_index("Isamax_64", r64, 6);

    hipblasDoubleComplex z[6] = {{1, 1}, {-2, 0.5}, {0.75, -0.5}, {0.5, -0.25}, {3, 3}, {-1, 0}};
    hipblasDoubleComplex *dz = dev(z, sizeof z);
    CHECK(hipblasIzamin(h, 6, dz, 1, &r), HIPBLAS_STATUS_SUCCESS);
    same_index("Izamin", r, 4);
  }

  /* Srot with incy 2. */
  {
    enum { N = 5 };
    float x[N], y[2 * N], gx[N], gy[2 * N], c = 0.6f, s = 0.8f;
    for (int i = 0; i < N; i++) x[i] = (float)rnd();
    for (int i = 0; i < 2 * N; i++) y[i] = (float)rnd();
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(hipblasSrot(h, N, dx, 1, dy, 2, &c, &s), HIPBLAS_STATUS_SUCCESS);
    get(gx, dx, sizeof gx);
    get(gy, dy, sizeof gy);
    for (int i = 0; i < N; i++) {
      near("Srot x", i, gx[i], (double)c * x[i] + (double)s * y[2 * i], 1e-6);
      near("Srot y", i, gy[2 * i], (double)c * y[2 * i] - (double)s * x[i], 1e-6);
      near("Srot y gap", i, gy[2 * i + 1], y[2 * i + 1], 0);
    }
  }

  /* SdotStridedBatched: 3 members, x 10 and y 8 elements apart. */
  {
    enum { N = 7, B = 3, SX = 10, SY = 8 };
    float x[SX * B], y[SY * B], r[B];
    for (int i = 0; i < SX * B; i++) x[i] = (float)rnd();
    for (int i = 0; i < SY * B; i++) y[i] = (float)rnd();
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(hipblasSdotStridedBatched(h, N, dx, 1, SX, dy, 1, SY, B, r), HIPBLAS_STATUS_SUCCESS);
    for (int b = 0; b < B; b++) {
      double want = 0;
      for (int i = 0; i < N; i++) want += (double)x[b * SX + i] * y[b * SY + i];
      near("SdotStridedBatched", b, r[b], want, 1e-6);
    }
  }

  /* DaxpyBatched: arrays of device pointers, in device memory. */
  {
    enum { N = 4, B = 2 };
    double x[B][N], y[B][N], out[N], alpha = -0.5;
    double *px[B], *py[B];
    for (int b = 0; b < B; b++) {
      for (int i = 0; i < N; i++) x[b][i] = rnd(), y[b][i] = rnd();
      px[b] = dev(x[b], sizeof x[b]);
      py[b] = dev(y[b], sizeof y[b]);
    }
    const double *const *dpx = dev(px, sizeof px);
    double *const *dpy = dev(py, sizeof py);
    CHECK(hipblasDaxpyBatched(h, N, &alpha, dpx, 1, dpy, 1, B), HIPBLAS_STATUS_SUCCESS);
    for (int b = 0; b < B; b++) {
      get(out, py[b], sizeof out);
      for (int i = 0; i < N; i++)
        near("DaxpyBatched", b * N + i, out[i], alpha * x[b][i] + y[b][i], 1e-15);
    }
  }

  /* Device pointer mode: Sdot's result lands in device memory when the kernel runs. */
  {
    enum { N = 33 };
    float x[N], y[N], r = 0, poison = -1;
    double want = 0;
    for (int i = 0; i < N; i++) {
      x[i] = (float)rnd(), y[i] = (float)rnd();
      want += (double)x[i] * y[i];
    }
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y), *dr = dev(&poison, sizeof poison);
    CHECK(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE), HIPBLAS_STATUS_SUCCESS);
    CHECK(hipblasSdot(h, N, dx, 1, dy, 1, dr), HIPBLAS_STATUS_SUCCESS);
    HIP(hipDeviceSynchronize());
    get(&r, dr, sizeof r);
    near("Sdot device mode", 0, r, want, 1e-6);
    CHECK(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_HOST), HIPBLAS_STATUS_SUCCESS);
  }

  /* Bad calls: hipBLAS's statuses (rocBLAS's, mapped as hipBLAS maps them). */
  {
    float x[4] = {1, 2, 3, 4}, r;
    float *dx = dev(x, sizeof x);
    int ir;
    CHECK(hipblasSdot(NULL, 4, dx, 1, dx, 1, &r), HIPBLAS_STATUS_NOT_INITIALIZED);
    CHECK(hipblasSdot(h, 4, dx, 1, dx, 1, NULL), HIPBLAS_STATUS_INVALID_VALUE);
    CHECK(hipblasIsamax(h, 4, dx, 1, NULL), HIPBLAS_STATUS_INVALID_VALUE);
    CHECK(hipblasSnrm2(NULL, 4, dx, 1, &r), HIPBLAS_STATUS_NOT_INITIALIZED);
    /* Nothing to reduce: a zero result. */
    r = -1;
    CHECK(hipblasSnrm2(h, 0, dx, 1, &r), HIPBLAS_STATUS_SUCCESS);
    near("Snrm2 n 0", 0, r, 0, 0);
    ir = -1;
    CHECK(hipblasIsamax(h, 4, dx, 0, &ir), HIPBLAS_STATUS_SUCCESS);
    same_index("Isamax incx 0", ir, 0);
  }

  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  printf("ok\n");
  return 0;
}
