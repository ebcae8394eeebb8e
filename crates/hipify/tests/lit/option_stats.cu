// --print-stats and --print-stats-csv / -o-stats; --no-output writes nothing.
// RUN: %hipify %s --no-output --print-stats 2>%t.err && FileCheck %s --check-prefix=STATS --input-file=%t.err
// RUN: test ! -e %s.hip
// RUN: %hipify %s -o=%t --print-stats-csv -o-stats=%t.csv 2>/dev/null && FileCheck %s --check-prefix=CSV --input-file=%t.csv
// STATS: [HIPIFY] info: file '{{.*}}option_stats.cu' statistics:
// STATS: CONVERTED refs count: 3
// STATS: UNCONVERTED refs count: 3
// STATS: CONVERSION %: 50.0
// STATS: TOTAL lines of code: {{[0-9]+}}
// STATS: TIME ELAPSED s: {{[0-9.]+}}
// STATS: [HIPIFY] info: CONVERTED refs by type:
// STATS: memory: 2
// STATS: [HIPIFY] info: CONVERTED refs by API:
// STATS: CUDA RT API: 3
// STATS: [HIPIFY] info: UNCONVERTED refs by names:
// STATS: cudaDeviceFlushGPUDirectRDMAWrites: 1
// STATS: cudaFlushGPUDirectRDMAWritesTargetCurrentDevice: 1
// STATS: cudaFlushGPUDirectRDMAWritesToOwner: 1
// CSV: file '{{.*}}option_stats.cu' statistics:
// CSV: CONVERTED refs count;3
// CSV: UNCONVERTED refs count;3
// CSV: CUDA ref name;Count
// CSV: cudaMalloc;1
#include <cuda_runtime.h>
void f(float **p) {
  cudaMalloc(p, 4);
  cudaFree(*p);
  cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner);
}
