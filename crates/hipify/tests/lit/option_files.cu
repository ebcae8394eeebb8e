// Output placement: default <file>.hip, -o-dir (<dir>/<file>.hip), --inplace, --examine (no output), directories with a summary,
// hipify-clang's clang options accepted with a note, and the conflict errors.
// RUN: cp %s %T/a.cu && %hipify %T/a.cu && FileCheck %s --input-file=%T/a.cu.hip
// RUN: %hipify %T/a.cu -o-dir=%T/out && FileCheck %s --input-file=%T/out/a.cu.hip
// RUN: cp %s %T/b.cu && %hipify %T/b.cu --inplace && FileCheck %s --input-file=%T/b.cu
// RUN: cp %s %T/c.cu && %hipify %T/c.cu --examine 2>%t.ex && test ! -e %T/c.cu.hip && FileCheck %s --check-prefix=EXAMINE --input-file=%t.ex
// RUN: mkdir -p %T/tree/sub && cp %s %T/tree/sub/d.cu && echo 'int x;' > %T/tree/e.cpp && %hipify %T/tree -o-dir=%T/tout 2>%t.dir && FileCheck %s --input-file=%T/tout/sub/d.cu.hip && FileCheck %s --check-prefix=DIR --input-file=%t.dir
// RUN: %hipify %T/a.cu -o=%t --cuda-path=/usr/local/cuda -p %T --clang-resource-directory=/x 2>%t.note && FileCheck %s --check-prefix=NOTE --input-file=%t.note
// RUN: ! %hipify %T/a.cu %T/b.cu -o=%t 2>%t.conflict && FileCheck %s --check-prefix=CONFLICT --input-file=%t.conflict
// RUN: ! %hipify %T/a.cu --no-such-option 2>%t.unknown && FileCheck %s --check-prefix=UNKNOWN --input-file=%t.unknown
// CHECK: int main() { hipError_t e = hipDeviceSynchronize(); return e; }
// EXAMINE: [HIPIFY] info: file '{{.*}}c.cu' statistics:
// EXAMINE: CONVERTED refs count: 3
// DIR: [HIPIFY] info: 2 files processed, 1 translated, 0 warnings
// NOTE: [HIPIFY] note: option '-cuda-path' is accepted for compatibility with hipify-clang and ignored (this hipify needs no clang or CUDA)
// NOTE: [HIPIFY] note: option '-p' is accepted for compatibility with hipify-clang and ignored (this hipify needs no clang or CUDA)
// CONFLICT: [HIPIFY] error: conflict: -o and multiple source files are specified
// UNKNOWN: [HIPIFY] error: Unknown command line argument '--no-such-option'. Try: 'hipify --help'
#include <cuda_runtime.h>
int main() { cudaError_t e = cudaDeviceSynchronize(); return e; }
