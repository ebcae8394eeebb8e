/* rocSOLVER's C ABI from C, on a rocBLAS handle and a created stream: dgetrf + dgetrs solve a
 * system (residual checked on the host), a strided batch of spotrf (one member indefinite: its
 * info names the minor), zgeqrf's R has |R(i,i)| equal to the column norms for orthogonal
 * columns; and the statuses of bad calls. Prints "ok" at the end. */
#include <rocsolver/rocsolver.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    rocblas_status got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %d, wanted %d\n", __FILE__, __LINE__, #call, got_,  \
              (int)(want));                                                                  \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

static void *dev(const void *h, size_t bytes) {
  void *d;
  if (hipMalloc(&d, bytes) || hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)) exit(2);
  return d;
}

static unsigned seed = 99;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

int main(void) {
  rocblas_handle h;
  CHECK(rocblas_create_handle(&h), rocblas_status_success);
  hipStream_t s;
  if (hipStreamCreate(&s)) return 2;
  CHECK(rocblas_set_stream(h, s), rocblas_status_success);

  /* dgetrf + dgetrs, n = 50, 3 right-hand sides. */
  enum { N = 50, R = 3 };
  double a[N * N], b[N * R], x[N * R];
  for (int i = 0; i < N * N; i++) a[i] = rnd();
  for (int i = 0; i < N * R; i++) b[i] = rnd();
  double *da = dev(a, sizeof a), *db = dev(b, sizeof b);
  int *dpiv, *dinfo;
  if (hipMalloc((void **)&dpiv, N * sizeof(int)) || hipMalloc((void **)&dinfo, 4 * sizeof(int))) return 2;
  CHECK(rocsolver_dgetrf(h, N, N, da, N, dpiv, dinfo), rocblas_status_success);
  CHECK(rocsolver_dgetrs(h, rocblas_operation_none, N, R, da, N, dpiv, db, N), rocblas_status_success);
  int info = -1;
  if (hipStreamSynchronize(s) || hipMemcpy(&info, dinfo, sizeof info, hipMemcpyDeviceToHost) ||
      hipMemcpy(x, db, sizeof x, hipMemcpyDeviceToHost))
    return 2;
  if (info != 0) { fprintf(stderr, "dgetrf info %d\n", info); return 1; }
  for (int j = 0; j < R; j++)
    for (int i = 0; i < N; i++) {
      double ax = 0;
      for (int p = 0; p < N; p++) ax += a[i + p * N] * x[p + j * N];
      if (fabs(ax - b[i + j * N]) > 1e-9) { fprintf(stderr, "getrs (A X)(%d,%d)\n", i, j); return 1; }
    }

  /* spotrf on a strided batch of 3 symmetric matrices: diagonally dominant, except member 1
   * whose entry (3,3) makes the 4th leading minor indefinite. */
  enum { M = 6, S = 40 };
  float sp[S * 3];
  for (int q = 0; q < 3; q++)
    for (int j = 0; j < M; j++)
      for (int i = 0; i < M; i++) sp[q * S + i + j * M] = i == j ? 10.0f : 1.0f;
  sp[S + 3 + 3 * M] = -50.0f;
  float *dsp = dev(sp, sizeof sp);
  CHECK(rocsolver_spotrf_strided_batched(h, rocblas_fill_lower, M, dsp, M, S, dinfo, 3),
        rocblas_status_success);
  int infos[3];
  if (hipStreamSynchronize(s) || hipMemcpy(infos, dinfo, sizeof infos, hipMemcpyDeviceToHost)) return 2;
  if (infos[0] != 0 || infos[1] != 4 || infos[2] != 0) {
    fprintf(stderr, "spotrf infos %d %d %d, want 0 4 0\n", infos[0], infos[1], infos[2]);
    return 1;
  }

  /* zgeqrf of a matrix with orthogonal columns: |R(j,j)| is column j's norm, R above the
   * diagonal is zero. */
  enum { QM = 8, QN = 3 };
  rocblas_double_complex q[QM * QN] = {{0, 0}}, tau[QN];
  for (int j = 0; j < QN; j++) q[j + j * QM].x = 2.0 + j, q[j + 4 + j * QM].y = 1.0;
  rocblas_double_complex *dq = dev(q, sizeof q), *dtau = dev(tau, sizeof tau);
  CHECK(rocsolver_zgeqrf(h, QM, QN, dq, QM, dtau), rocblas_status_success);
  if (hipStreamSynchronize(s) || hipMemcpy(q, dq, sizeof q, hipMemcpyDeviceToHost)) return 2;
  for (int j = 0; j < QN; j++) {
    double norm = sqrt((2.0 + j) * (2.0 + j) + 1.0);
    if (fabs(fabs(q[j + j * QM].x) - norm) > 1e-12 || q[j + j * QM].y != 0) {
      fprintf(stderr, "zgeqrf R(%d,%d) = %g%+gi, want +-%g\n", j, j, q[j + j * QM].x, q[j + j * QM].y, norm);
      return 1;
    }
    for (int i = 0; i < j; i++)
      if (fabs(q[i + j * QM].x) > 1e-12 || fabs(q[i + j * QM].y) > 1e-12) {
        fprintf(stderr, "zgeqrf R(%d,%d) not zero\n", i, j);
        return 1;
      }
  }

  /* Bad calls. */
  CHECK(rocsolver_dgetrf(NULL, N, N, da, N, dpiv, dinfo), rocblas_status_invalid_handle);
  CHECK(rocsolver_dgetrf(h, N, N, da, N - 1, dpiv, dinfo), rocblas_status_invalid_size);
  CHECK(rocsolver_dgetrf(h, N, N, da, N, NULL, dinfo), rocblas_status_invalid_pointer);
  CHECK(rocsolver_spotrf(h, rocblas_fill_full, M, dsp, M, dinfo), rocblas_status_invalid_value);
  CHECK(rocsolver_dgetrs(h, (rocblas_operation)5, N, R, da, N, dpiv, db, N), rocblas_status_invalid_value);
  size_t vlen = 0;
  CHECK(rocsolver_get_version_string_size(&vlen), rocblas_status_success);
  if (vlen < 4) return 1;

  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  /* A destroyed handle is refused: rocBLAS checks it for rocSOLVER. */
  CHECK(rocsolver_dgetrf(h, N, N, da, N, dpiv, dinfo), rocblas_status_invalid_handle);
  printf("ok\n");
  return 0;
}
