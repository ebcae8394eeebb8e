/* ferrocm: hipRTC, the HIP run-time compilation API (libhiprtc.so).
 *
 * Source compatible with ROCm HIP 6: the same names, enum values and signatures. On ferrocm the
 * compiled code is a ferrocm code object that hipModuleLoadData loads; the bitcode is the device
 * LLVM IR before the CPU lowering, which the link API (hiprtcLink*) links and lowers.
 *
 * Plain C (C99 or later) and C++. */
#ifndef FERROCM_HIP_HIPRTC_H
#define FERROCM_HIP_HIPRTC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(_WIN32)
#pragma GCC visibility push(default)
#endif

/* Status of every hipRTC call. */
typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,   /* a NULL or malformed argument; also a stale link state */
  HIPRTC_ERROR_INVALID_PROGRAM = 4, /* a program handle never created or already destroyed */
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,     /* the log says why */
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

/* Options of hiprtcLinkCreate. The CPU device honours OPTIMIZATION_LEVEL, GENERATE_DEBUG_INFO,
 * the info/error log buffers with their sizes, and IR_TO_ISA_OPT_EXT with its count; NVIDIA-only
 * options are accepted and ignored; the GLOBAL_SYMBOL_* ones are rejected. */
typedef enum hiprtcJIT_option {
  HIPRTC_JIT_MAX_REGISTERS = 0,
  HIPRTC_JIT_THREADS_PER_BLOCK = 1,
  HIPRTC_JIT_WALL_TIME = 2,
  HIPRTC_JIT_INFO_LOG_BUFFER = 3,
  HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  HIPRTC_JIT_ERROR_LOG_BUFFER = 5,
  HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  HIPRTC_JIT_OPTIMIZATION_LEVEL = 7,
  HIPRTC_JIT_TARGET_FROM_HIPCONTEXT = 8,
  HIPRTC_JIT_TARGET = 9,
  HIPRTC_JIT_FALLBACK_STRATEGY = 10,
  HIPRTC_JIT_GENERATE_DEBUG_INFO = 11,
  HIPRTC_JIT_LOG_VERBOSE = 12,
  HIPRTC_JIT_GENERATE_LINE_INFO = 13,
  HIPRTC_JIT_CACHE_MODE = 14,
  HIPRTC_JIT_NEW_SM3X_OPT = 15,
  HIPRTC_JIT_FAST_COMPILE = 16,
  HIPRTC_JIT_GLOBAL_SYMBOL_NAMES = 17,
  HIPRTC_JIT_GLOBAL_SYMBOL_ADDRESS = 18,
  HIPRTC_JIT_GLOBAL_SYMBOL_COUNT = 19,
  HIPRTC_JIT_LTO = 20,
  HIPRTC_JIT_FTZ = 21,
  HIPRTC_JIT_PREC_DIV = 22,
  HIPRTC_JIT_PREC_SQRT = 23,
  HIPRTC_JIT_FMA = 24,
  HIPRTC_JIT_NUM_OPTIONS = 25,
  HIPRTC_JIT_IR_TO_ISA_OPT_EXT = 10000,      /* const char** of code generation options */
  HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT = 10001 /* how many there are */
} hiprtcJIT_option;

/* Kinds of link input. The CPU device links LLVM_BITCODE (bitcode or IR text) and
 * LLVM_BUNDLED_BITCODE (an offload bundle holding spirv64 device bitcode). */
typedef enum hiprtcJITInputType {
  HIPRTC_JIT_INPUT_CUBIN = 0,
  HIPRTC_JIT_INPUT_PTX = 1,
  HIPRTC_JIT_INPUT_FATBINARY = 2,
  HIPRTC_JIT_INPUT_OBJECT = 3,
  HIPRTC_JIT_INPUT_LIBRARY = 4,
  HIPRTC_JIT_INPUT_NVVM = 5,
  HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES = 6,
  HIPRTC_JIT_INPUT_LLVM_BITCODE = 100,
  HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE = 101,
  HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE = 102,
  HIPRTC_JIT_NUM_INPUT_TYPES = (HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES + 3)
} hiprtcJITInputType;

typedef struct _hiprtcProgram* hiprtcProgram;
typedef struct ihiprtcLinkState* hiprtcLinkState;

/* The name of a status ("HIPRTC_ERROR_COMPILATION"), or "Invalid HIPRTC error code". */
const char* hiprtcGetErrorString(hiprtcResult result);

/* The version of the HIP API this hipRTC follows. */
hiprtcResult hiprtcVersion(int* major, int* minor);

/* A program from src, named name (NULL: "default_program"), with numHeaders in-memory headers:
 * headers[i] is what #include "includeNames[i]" finds. */
hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src, const char* name,
                                 int numHeaders, const char** headers, const char** includeNames);

/* Destroys *prog and sets it to NULL. */
hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog);

/* Compiles with options such as -DNAME=VALUE, -I dir, -std=c++17, -O3, -g, -fgpu-rdc,
 * --offload-arch=ARCH / --gpu-architecture=ARCH. */
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char** options);

/* The compile log; its size counts the terminating NUL. */
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log);

/* The compiled code, as hipModuleLoadData takes it. */
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code);

/* The device LLVM bitcode of the last compile (the link API's input). */
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t* bitcode_size);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char* bitcode);

/* Name expressions ("kernel<float>", "&ns::var"), added before compiling; after it, their lowered
 * (mangled) names, valid until the program is destroyed. */
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char* name_expression);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char* name_expression,
                                  const char** lowered_name);

/* Linking device bitcode into one code object. *bin_out stays valid until hiprtcLinkDestroy;
 * size_out may be NULL. */
hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option* option_ptr,
                              void** option_vals_pptr, hiprtcLinkState* hip_link_state_ptr);
hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               const char* file_path, unsigned int num_options,
                               hiprtcJIT_option* options_ptr, void** option_values);
hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               void* image, size_t image_size, const char* name,
                               unsigned int num_options, hiprtcJIT_option* options_ptr,
                               void** option_values);
hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void** bin_out, size_t* size_out);
hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state);

#if !defined(_WIN32)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FERROCM_HIP_HIPRTC_H */
