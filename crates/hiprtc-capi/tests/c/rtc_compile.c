/* A hipRTC client in plain C: compile a template kernel with an in-memory header and a name
 * expression, read the log, code and bitcode back, link two relocatable programs, and check the
 * error codes of misuse. Prints "OK" and exits 0 when every check holds. */
#include <hip/hiprtc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                          \
    }                                                                      \
  } while (0)

#define CALL(expr, want)                                                   \
  do {                                                                     \
    hiprtcResult r_ = (expr);                                              \
    if (r_ != (want)) {                                                    \
      fprintf(stderr, "%s:%d: %s gave %s, wanted %s\n", __FILE__, __LINE__, #expr, \
              hiprtcGetErrorString(r_), hiprtcGetErrorString(want));      \
      failures++;                                                          \
    }                                                                      \
  } while (0)

static const char *kSource =
    "#include \"scale.h\"\n"
    "template <typename T> __global__ void scale(T *x) {\n"
    "  x[blockIdx.x * blockDim.x + threadIdx.x] *= (T)FACTOR;\n"
    "}\n";

static void print_log(hiprtcProgram prog) {
  size_t size = 0;
  CALL(hiprtcGetProgramLogSize(prog, &size), HIPRTC_SUCCESS);
  char *log = malloc(size);
  CALL(hiprtcGetProgramLog(prog, log), HIPRTC_SUCCESS);
  CHECK(strlen(log) + 1 == size);
  if (size > 1) fprintf(stderr, "log:\n%s\n", log);
  free(log);
}

static void compile_with_name_expression(void) {
  const char *headers[] = {"#define FACTOR 3\n"};
  const char *names[] = {"scale.h"};
  hiprtcProgram prog = NULL;
  CALL(hiprtcCreateProgram(&prog, kSource, "scale.hip", 1, headers, names), HIPRTC_SUCCESS);
  CHECK(prog != NULL);
  CALL(hiprtcAddNameExpression(prog, "scale<float>"), HIPRTC_SUCCESS);
  const char *early = NULL;
  CALL(hiprtcGetLoweredName(prog, "scale<float>", &early),
       HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);

  const char *opts[] = {"-O3", "--offload-arch=gfx90a", "-std=c++17"};
  hiprtcResult r = hiprtcCompileProgram(prog, 3, opts);
  CALL(r, HIPRTC_SUCCESS);
  print_log(prog);

  const char *lowered = NULL;
  CALL(hiprtcGetLoweredName(prog, "scale<float>", &lowered), HIPRTC_SUCCESS);
  CHECK(lowered != NULL && strcmp(lowered, "_Z5scaleIfEvPT_") == 0);
  const char *missing = NULL;
  CALL(hiprtcGetLoweredName(prog, "scale<int>", &missing), HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID);
  CALL(hiprtcAddNameExpression(prog, "scale<int>"),
       HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION);

  size_t code_size = 0;
  CALL(hiprtcGetCodeSize(prog, &code_size), HIPRTC_SUCCESS);
  CHECK(code_size > 8);
  char *code = malloc(code_size);
  CALL(hiprtcGetCode(prog, code), HIPRTC_SUCCESS);
  CHECK(memcmp(code, "FCMCPU\0\1", 8) == 0);
  /* The kernel's mangled name is in the code object's metadata. */
  int found = 0;
  for (size_t i = 0; lowered && i + strlen(lowered) <= code_size; i++)
    if (memcmp(code + i, lowered, strlen(lowered)) == 0) found = 1;
  CHECK(found);
  free(code);

  size_t bc_size = 0;
  CALL(hiprtcGetBitcodeSize(prog, &bc_size), HIPRTC_SUCCESS);
  char *bc = malloc(bc_size);
  CALL(hiprtcGetBitcode(prog, bc), HIPRTC_SUCCESS);
  CHECK(bc_size > 4 && memcmp(bc, "BC\xc0\xde", 4) == 0);
  free(bc);

  hiprtcProgram stale = prog;
  CALL(hiprtcDestroyProgram(&prog), HIPRTC_SUCCESS);
  CHECK(prog == NULL);
  size_t sz = 0;
  CALL(hiprtcGetCodeSize(stale, &sz), HIPRTC_ERROR_INVALID_PROGRAM);
}

static void failed_compile_has_a_log(void) {
  hiprtcProgram prog = NULL;
  CALL(hiprtcCreateProgram(&prog, "__global__ void k(int *x) { x[0] = undefined_thing; }\n",
                           "broken.hip", 0, NULL, NULL),
       HIPRTC_SUCCESS);
  CALL(hiprtcCompileProgram(prog, 0, NULL), HIPRTC_ERROR_COMPILATION);
  size_t size = 0;
  CALL(hiprtcGetProgramLogSize(prog, &size), HIPRTC_SUCCESS);
  char *log = malloc(size);
  CALL(hiprtcGetProgramLog(prog, log), HIPRTC_SUCCESS);
  CHECK(strstr(log, "broken.hip:1:") != NULL);
  CHECK(strstr(log, "undefined_thing") != NULL);
  free(log);
  size_t code_size = 0;
  CALL(hiprtcGetCodeSize(prog, &code_size), HIPRTC_ERROR_INVALID_PROGRAM);
  CALL(hiprtcDestroyProgram(&prog), HIPRTC_SUCCESS);
}

static char *rdc_bitcode(const char *src, const char *name, size_t *size) {
  hiprtcProgram prog = NULL;
  CALL(hiprtcCreateProgram(&prog, src, name, 0, NULL, NULL), HIPRTC_SUCCESS);
  const char *opts[] = {"-fgpu-rdc"};
  CALL(hiprtcCompileProgram(prog, 1, opts), HIPRTC_SUCCESS);
  CALL(hiprtcGetBitcodeSize(prog, size), HIPRTC_SUCCESS);
  char *bc = malloc(*size);
  CALL(hiprtcGetBitcode(prog, bc), HIPRTC_SUCCESS);
  CALL(hiprtcDestroyProgram(&prog), HIPRTC_SUCCESS);
  return bc;
}

static void link_two_programs(void) {
  size_t lib_size = 0, main_size = 0;
  char *lib = rdc_bitcode("__device__ int add1(int v) { return v + 1; }\n", "lib.hip", &lib_size);
  char *main_bc = rdc_bitcode(
      "extern __device__ int add1(int);\n"
      "extern \"C\" __global__ void inc(int *x) { x[threadIdx.x] = add1(x[threadIdx.x]); }\n",
      "main.hip", &main_size);

  char error_log[4096] = {0};
  hiprtcJIT_option options[] = {HIPRTC_JIT_OPTIMIZATION_LEVEL, HIPRTC_JIT_ERROR_LOG_BUFFER,
                                HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, HIPRTC_JIT_MAX_REGISTERS};
  void *values[] = {(void *)(size_t)2, error_log, (void *)(size_t)sizeof error_log,
                    (void *)(size_t)64};
  hiprtcLinkState link = NULL;
  CALL(hiprtcLinkCreate(4, options, values, &link), HIPRTC_SUCCESS);
  CALL(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, main_bc, main_size, "main", 0, NULL,
                         NULL),
       HIPRTC_SUCCESS);
  CALL(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, lib, lib_size, NULL, 0, NULL, NULL),
       HIPRTC_SUCCESS);
  CALL(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_PTX, lib, lib_size, "ptx", 0, NULL, NULL),
       HIPRTC_ERROR_INVALID_INPUT);
  void *bin = NULL;
  size_t bin_size = 0;
  CALL(hiprtcLinkComplete(link, &bin, &bin_size), HIPRTC_SUCCESS);
  CHECK(bin != NULL && bin_size > 8 && memcmp(bin, "FCMCPU\0\1", 8) == 0);
  CALL(hiprtcLinkDestroy(link), HIPRTC_SUCCESS);
  CALL(hiprtcLinkDestroy(link), HIPRTC_ERROR_INVALID_INPUT);

  /* The kernel alone leaves add1 undefined: a link error, with the reason in the error log. */
  CALL(hiprtcLinkCreate(4, options, values, &link), HIPRTC_SUCCESS);
  CALL(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, main_bc, main_size, "main", 0, NULL,
                         NULL),
       HIPRTC_SUCCESS);
  CALL(hiprtcLinkComplete(link, &bin, NULL), HIPRTC_ERROR_LINKING);
  CHECK(strlen(error_log) > 0);
  fprintf(stderr, "expected link error: %s", error_log);
  CALL(hiprtcLinkDestroy(link), HIPRTC_SUCCESS);
  free(lib);
  free(main_bc);
}

int main(void) {
  int major = 0, minor = -1;
  CALL(hiprtcVersion(&major, &minor), HIPRTC_SUCCESS);
  CHECK(major == 6 && minor >= 0);
  CHECK(strcmp(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION), "HIPRTC_ERROR_COMPILATION") == 0);
  CHECK(strcmp(hiprtcGetErrorString((hiprtcResult)42), "Invalid HIPRTC error code") == 0);
  compile_with_name_expression();
  failed_compile_has_a_log();
  link_two_programs();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("OK\n");
  return 0;
}
