/* ferrocm: assert for device (and host) code. This header has no include guard, like
 * <assert.h>: defining or undefining NDEBUG and including it again takes effect.
 *
 * In HIP code assert is one macro for both sides: it calls __ferrocm_assert, a host-device
 * function that in the device pass calls __ferrocm_assert_fail (the runtime reports it and
 * aborts the launch) and on the host reports like the C library and aborts. */
#include <hip/hip_device_builtins.h>

#if defined(__HIP__)
#ifndef FERROCM_HIP_ASSERT_FN
#define FERROCM_HIP_ASSERT_FN
static __host__ __device__ inline __attribute__((always_inline, noreturn)) void
__ferrocm_assert(const char *expr, const char *file, unsigned line, const char *func) {
#if defined(__HIP_DEVICE_COMPILE__)
  __ferrocm_assert_fail(expr, file, line, func);
#else
  fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, func, expr);
  abort();
#endif
}
#endif
#undef assert
#if defined(NDEBUG)
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __ferrocm_assert(#e, __FILE__, __LINE__, __func__))
#endif
#else
/* Plain C++: the C library's assert. */
#include <assert.h>
#endif
