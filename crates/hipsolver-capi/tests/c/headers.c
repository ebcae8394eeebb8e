/* hipsolver.h compiles as C and as C++ alone and beside hipblas.h in either order (hipBLAS's
 * operation and fill enums are declared once), with the hipSOLVER names for them. Built with
 * -fsyntax-only: nothing runs. */
#if defined(HIPBLAS_FIRST)
#include <hipblas/hipblas.h>
#include <hipsolver/hipsolver.h>
#elif defined(HIPSOLVER_FIRST)
#include <hipsolver/hipsolver.h>
#include <hipblas/hipblas.h>
#else
#include <hipsolver/hipsolver.h>
#endif

int main(void) {
  hipsolverOperation_t op = HIPSOLVER_OP_C;
  hipblasOperation_t same = op;
  hipsolverFillMode_t uplo = HIPSOLVER_FILL_MODE_LOWER;
  hipsolverSideMode_t side = HIPSOLVER_SIDE_RIGHT;
  hipsolverDnHandle_t h = 0;
  hipsolverStatus_t st = HIPSOLVER_STATUS_ZERO_PIVOT;
  hipDoubleComplex z;
  z.x = 1;
  z.y = 2;
  hipsolverStatus_t (*f)(hipsolverHandle_t, int, int, hipFloatComplex *, int, int *) =
      hipsolverDnCgetrf_bufferSize;
  (void)h;
  (void)f;
  return (int)same + (int)uplo + (int)side + (int)st + (int)z.x + hipsolverVersionMajor;
}
