/* rocBLAS's level 1 C ABI from C: axpy, scal, copy, swap, dot/dotu/dotc (and half and bfloat16 dot), nrm2,
 * asum, iamax/iamin and rot in several types and steps, a strided batch, a pointer-array batch,
 * a `_64` entry point and device pointer mode, each against a host reference computed in
 * double; and the statuses of bad calls. Prints "ok" at the end; any failure exits non-zero
 * naming it. */
#include <rocblas/rocblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    rocblas_status got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              rocblas_status_to_string(got_), rocblas_status_to_string(want));               \
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
static rocblas_half half_of(int v) {
  rocblas_half r = {0};
  if (v == 0) return r;
  unsigned a = (unsigned)(v < 0 ? -v : v);
  int e = 0;
  while ((a >> e) > 1) e++;
  r.data = (uint16_t)((v < 0 ? 0x8000 : 0) | ((e + 15) << 10) | ((a << (10 - e)) & 0x3ff));
  return r;
}

/* The value of a half. */
static double double_of(rocblas_half h) {
  int e = (h.data >> 10) & 0x1f, m = h.data & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
  return h.data & 0x8000 ? -v : v;
}

int main(void) {
  rocblas_handle h;
  CHECK(rocblas_create_handle(&h), rocblas_status_success);

  /* saxpy with incx 2 and incy -1: y's element i lies at N - 1 - i. */
  {
    enum { N = 5 };
    float x[2 * N - 1], y[N], out[N], alpha = 1.75f;
    for (int i = 0; i < 2 * N - 1; i++) x[i] = (float)rnd();
    for (int i = 0; i < N; i++) y[i] = (float)rnd();
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(rocblas_saxpy(h, N, &alpha, dx, 2, dy, -1), rocblas_status_success);
    get(out, dy, sizeof out);
    for (int i = 0; i < N; i++)
      near("saxpy", i, out[N - 1 - i], (double)alpha * x[2 * i] + y[N - 1 - i], 1e-6);
  }

  /* dscal, cscal, zdscal (incx 2: the elements between are left alone). */
  {
    enum { N = 7 };
    double x[N], out[N], alpha = 2.5;
    for (int i = 0; i < N; i++) x[i] = rnd();
    double *dx = dev(x, sizeof x);
    CHECK(rocblas_dscal(h, N, &alpha, dx, 1), rocblas_status_success);
    get(out, dx, sizeof out);
    for (int i = 0; i < N; i++) near("dscal", i, out[i], alpha * x[i], 1e-15);

    rocblas_float_complex c[4], cout[4], ca = {1.5f, -2.0f};
    for (int i = 0; i < 4; i++) c[i].x = (float)rnd(), c[i].y = (float)rnd();
    rocblas_float_complex *dc = dev(c, sizeof c);
    CHECK(rocblas_cscal(h, 4, &ca, dc, 1), rocblas_status_success);
    get(cout, dc, sizeof cout);
    for (int i = 0; i < 4; i++) {
      near("cscal re", i, cout[i].x, (double)ca.x * c[i].x - (double)ca.y * c[i].y, 1e-6);
      near("cscal im", i, cout[i].y, (double)ca.x * c[i].y + (double)ca.y * c[i].x, 1e-6);
    }

    rocblas_double_complex z[5], zout[5];
    double za = -3.0;
    for (int i = 0; i < 5; i++) z[i].x = rnd(), z[i].y = rnd();
    rocblas_double_complex *dz = dev(z, sizeof z);
    CHECK(rocblas_zdscal(h, 3, &za, dz, 2), rocblas_status_success);
    get(zout, dz, sizeof zout);
    for (int i = 0; i < 5; i++) {
      double f = i % 2 == 0 ? za : 1;
      near("zdscal re", i, zout[i].x, f * z[i].x, 1e-15);
      near("zdscal im", i, zout[i].y, f * z[i].y, 1e-15);
    }
  }

  /* scopy into every other element; dswap. */
  {
    enum { N = 6 };
    float x[N], y[2 * N], out[2 * N];
    for (int i = 0; i < N; i++) x[i] = (float)rnd();
    for (int i = 0; i < 2 * N; i++) y[i] = -7;
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(rocblas_scopy(h, N, dx, 1, dy, 2), rocblas_status_success);
    get(out, dy, sizeof out);
    for (int i = 0; i < 2 * N; i++) near("scopy", i, out[i], i % 2 ? -7 : x[i / 2], 0);

    double a[N], b[N], ga[N], gb[N];
    for (int i = 0; i < N; i++) a[i] = rnd(), b[i] = rnd();
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b);
    CHECK(rocblas_dswap(h, N, da, 1, db, 1), rocblas_status_success);
    get(ga, da, sizeof ga);
    get(gb, db, sizeof gb);
    for (int i = 0; i < N; i++) {
      near("dswap x", i, ga[i], b[i], 0);
      near("dswap y", i, gb[i], a[i], 0);
    }
  }

  /* sdot, hdot (half inputs, an exact integer sum), cdotc, zdotu. */
  {
    enum { N = 12 };
    float x[N], y[N], r = 0;
    double want = 0;
    for (int i = 0; i < N; i++) {
      x[i] = (float)rnd(), y[i] = (float)rnd();
      want += (double)x[i] * y[i];
    }
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(rocblas_sdot(h, N, dx, 1, dy, 1, &r), rocblas_status_success);
    near("sdot", 0, r, want, 1e-6);

    rocblas_half hx[N], hy[N], hr = {0xffff};
    int iwant = 0;
    for (int i = 0; i < N; i++) {
      hx[i] = half_of(i % 5 - 2), hy[i] = half_of(i % 3 - 1);
      iwant += (i % 5 - 2) * (i % 3 - 1);
    }
    rocblas_half *dhx = dev(hx, sizeof hx), *dhy = dev(hy, sizeof hy);
    CHECK(rocblas_hdot(h, N, dhx, 1, dhy, 1, &hr), rocblas_status_success);
    near("hdot", 0, double_of(hr), iwant, 0);

    /* bfdot: bfloat16 inputs (the high half of a float), an integer sum exact in bfloat16. */
    rocblas_bfloat16 bx[N], by[N], br = {0xffff};
    for (int i = 0; i < N; i++) {
      float fx = (float)(i % 5 - 2), fy = (float)(i % 3 - 1);
      unsigned ux, uy;
      memcpy(&ux, &fx, 4);
      memcpy(&uy, &fy, 4);
      bx[i].data = (uint16_t)(ux >> 16), by[i].data = (uint16_t)(uy >> 16);
    }
    rocblas_bfloat16 *dbx = dev(bx, sizeof bx), *dby = dev(by, sizeof by);
    CHECK(rocblas_bfdot(h, N, dbx, 1, dby, 1, &br), rocblas_status_success);
    unsigned bbits = (unsigned)br.data << 16;
    float bf;
    memcpy(&bf, &bbits, 4);
    near("bfdot", 0, bf, iwant, 0);
    HIP(hipFree(dbx));
    HIP(hipFree(dby));

    rocblas_float_complex cx[N], cy[N], cr;
    double re = 0, im = 0;
    for (int i = 0; i < N; i++) {
      cx[i].x = (float)rnd(), cx[i].y = (float)rnd();
      cy[i].x = (float)rnd(), cy[i].y = (float)rnd();
      /* conj(x) y */
      re += (double)cx[i].x * cy[i].x + (double)cx[i].y * cy[i].y;
      im += (double)cx[i].x * cy[i].y - (double)cx[i].y * cy[i].x;
    }
    rocblas_float_complex *dcx = dev(cx, sizeof cx), *dcy = dev(cy, sizeof cy);
    CHECK(rocblas_cdotc(h, N, dcx, 1, dcy, 1, &cr), rocblas_status_success);
    near("cdotc re", 0, cr.x, re, 1e-6);
    near("cdotc im", 0, cr.y, im, 1e-6);

    rocblas_double_complex zx[N], zy[N], zr;
    re = im = 0;
    for (int i = 0; i < N; i++) {
      zx[i].x = rnd(), zx[i].y = rnd(), zy[i].x = rnd(), zy[i].y = rnd();
      re += zx[i].x * zy[i].x - zx[i].y * zy[i].y;
      im += zx[i].x * zy[i].y + zx[i].y * zy[i].x;
    }
    rocblas_double_complex *dzx = dev(zx, sizeof zx), *dzy = dev(zy, sizeof zy);
    CHECK(rocblas_zdotu(h, N, dzx, 1, dzy, 1, &zr), rocblas_status_success);
    near("zdotu re", 0, zr.x, re, 1e-14);
    near("zdotu im", 0, zr.y, im, 1e-14);
  }

  /* snrm2, dznrm2, dasum (incx 2). */
  {
    enum { N = 9 };
    float x[N], r;
    double ss = 0;
    for (int i = 0; i < N; i++) x[i] = (float)rnd(), ss += (double)x[i] * x[i];
    float *dx = dev(x, sizeof x);
    CHECK(rocblas_snrm2(h, N, dx, 1, &r), rocblas_status_success);
    near("snrm2", 0, r, sqrt(ss), 1e-6);

    rocblas_double_complex z[N];
    double zr;
    ss = 0;
    for (int i = 0; i < N; i++) {
      z[i].x = rnd(), z[i].y = rnd();
      ss += z[i].x * z[i].x + z[i].y * z[i].y;
    }
    rocblas_double_complex *dz = dev(z, sizeof z);
    CHECK(rocblas_dznrm2(h, N, dz, 1, &zr), rocblas_status_success);
    near("dznrm2", 0, zr, sqrt(ss), 1e-14);

    double d[2 * N], dr, sum = 0;
    for (int i = 0; i < 2 * N; i++) d[i] = rnd();
    for (int i = 0; i < N; i++) sum += fabs(d[2 * i]);
    double *dd = dev(d, sizeof d);
    CHECK(rocblas_dasum(h, N, dd, 2, &dr), rocblas_status_success);
    near("dasum", 0, dr, sum, 1e-14);
  }

  /* isamax (the first of two equal magnitudes, 1-based), its _64 twin, izamin (|re| + |im|). */
  {
    float x[8] = {1, -2, 3, 0.5f, 4, -9, 2, 9};
    float *dx = dev(x, sizeof x);
    rocblas_int r = -1;
    CHECK(rocblas_isamax(h, 8, dx, 1, &r), rocblas_status_success);
    same_index("isamax", r, 6);
    int64_t r64 = -1;
    CHECK(rocblas_isamax_64(h, 8, dx, 1, &r64), rocblas_status_success);
    same_index("isamax_64", r64, 6);

    rocblas_double_complex z[6] = {{1, 1}, {-2, 0.5}, {0.75, -0.5}, {0.5, -0.25}, {3, 3}, {-1, 0}};
    rocblas_double_complex *dz = dev(z, sizeof z);
    CHECK(rocblas_izamin(h, 6, dz, 1, &r), rocblas_status_success);
    same_index("izamin", r, 4);
  }

  /* srot with incy 2. */
  {
    enum { N = 5 };
    float x[N], y[2 * N], gx[N], gy[2 * N], c = 0.6f, s = 0.8f;
    for (int i = 0; i < N; i++) x[i] = (float)rnd();
    for (int i = 0; i < 2 * N; i++) y[i] = (float)rnd();
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(rocblas_srot(h, N, dx, 1, dy, 2, &c, &s), rocblas_status_success);
    get(gx, dx, sizeof gx);
    get(gy, dy, sizeof gy);
    for (int i = 0; i < N; i++) {
      near("srot x", i, gx[i], (double)c * x[i] + (double)s * y[2 * i], 1e-6);
      near("srot y", i, gy[2 * i], (double)c * y[2 * i] - (double)s * x[i], 1e-6);
      near("srot y gap", i, gy[2 * i + 1], y[2 * i + 1], 0);
    }
  }

  /* sdot_strided_batched: 3 members, x 10 and y 8 elements apart. */
  {
    enum { N = 7, B = 3, SX = 10, SY = 8 };
    float x[SX * B], y[SY * B], r[B];
    for (int i = 0; i < SX * B; i++) x[i] = (float)rnd();
    for (int i = 0; i < SY * B; i++) y[i] = (float)rnd();
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
    CHECK(rocblas_sdot_strided_batched(h, N, dx, 1, SX, dy, 1, SY, B, r), rocblas_status_success);
    for (int b = 0; b < B; b++) {
      double want = 0;
      for (int i = 0; i < N; i++) want += (double)x[b * SX + i] * y[b * SY + i];
      near("sdot_strided_batched", b, r[b], want, 1e-6);
    }
  }

  /* daxpy_batched: arrays of device pointers, in device memory. */
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
    CHECK(rocblas_daxpy_batched(h, N, &alpha, dpx, 1, dpy, 1, B), rocblas_status_success);
    for (int b = 0; b < B; b++) {
      get(out, py[b], sizeof out);
      for (int i = 0; i < N; i++)
        near("daxpy_batched", b * N + i, out[i], alpha * x[b][i] + y[b][i], 1e-15);
    }
  }

  /* Device pointer mode: sdot's result lands in device memory when the kernel runs. */
  {
    enum { N = 33 };
    float x[N], y[N], r = 0, poison = -1;
    double want = 0;
    for (int i = 0; i < N; i++) {
      x[i] = (float)rnd(), y[i] = (float)rnd();
      want += (double)x[i] * y[i];
    }
    float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y), *dr = dev(&poison, sizeof poison);
    CHECK(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), rocblas_status_success);
    CHECK(rocblas_sdot(h, N, dx, 1, dy, 1, dr), rocblas_status_success);
    HIP(hipDeviceSynchronize());
    get(&r, dr, sizeof r);
    near("sdot device mode", 0, r, want, 1e-6);
    CHECK(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), rocblas_status_success);
  }

  /* Bad calls: rocBLAS's statuses. */
  {
    float x[4] = {1, 2, 3, 4}, r;
    float *dx = dev(x, sizeof x);
    rocblas_int ir;
    CHECK(rocblas_sdot(NULL, 4, dx, 1, dx, 1, &r), rocblas_status_invalid_handle);
    CHECK(rocblas_sdot(h, 4, dx, 1, dx, 1, NULL), rocblas_status_invalid_pointer);
    CHECK(rocblas_isamax(h, 4, dx, 1, NULL), rocblas_status_invalid_pointer);
    CHECK(rocblas_snrm2(NULL, 4, dx, 1, &r), rocblas_status_invalid_handle);
    /* Nothing to reduce: a zero result. */
    r = -1;
    CHECK(rocblas_snrm2(h, 0, dx, 1, &r), rocblas_status_success);
    near("snrm2 n 0", 0, r, 0, 0);
    ir = -1;
    CHECK(rocblas_isamax(h, 4, dx, 0, &ir), rocblas_status_success);
    same_index("isamax incx 0", ir, 0);
  }

  /* set_vector/get_vector (_64) and set_matrix/get_matrix_async: strided round trips, and
   * the statuses of bad sizes and pointers. */
  {
    enum { N = 6, ROWS = 3, COLS = 4, LD = 5 };
    double x[2 * N], back[2 * N], *dx;
    for (int i = 0; i < 2 * N; i++) {
      x[i] = rnd();
      back[i] = -99;
    }
    HIP(hipMalloc((void **)&dx, sizeof x));
    CHECK(rocblas_set_vector_64(N, sizeof(double), x, 2, dx, 1), rocblas_status_success);
    CHECK(rocblas_get_vector(N, sizeof(double), dx, 1, back, 2), rocblas_status_success);
    for (int i = 0; i < 2 * N; i++) near("vector round trip", i, back[i], i % 2 ? -99 : x[i], 0);
    CHECK(rocblas_set_vector(N, sizeof(double), x, -1, dx, 1), rocblas_status_invalid_size);
    CHECK(rocblas_set_vector(N, sizeof(double), NULL, 1, dx, 1), rocblas_status_invalid_pointer);
    for (int i = 0; i < 2 * N; i++) back[i] = -99;
    CHECK(rocblas_set_matrix_async(ROWS, COLS, sizeof(float), x, LD, dx, ROWS, NULL),
          rocblas_status_success);
    CHECK(rocblas_get_matrix_async(ROWS, COLS, sizeof(float), dx, ROWS, back, LD, NULL),
          rocblas_status_success);
    HIP(hipDeviceSynchronize());
    const float *xf = (const float *)x, *bf = (const float *)back;
    for (int j = 0; j < COLS; j++)
      for (int i = 0; i < ROWS; i++) near("matrix round trip", i, bf[i + j * LD], xf[i + j * LD], 0);
    CHECK(rocblas_set_matrix(ROWS, COLS, 4, x, ROWS - 1, dx, ROWS), rocblas_status_invalid_size);
    HIP(hipFree(dx));
  }

  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  printf("ok\n");
  return 0;
}
