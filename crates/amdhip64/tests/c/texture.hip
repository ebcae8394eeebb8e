// A HIP program with texture objects, legacy texture references and surfaces, built in two
// passes with the offload bundle embedded: kernels sample what the host bound, and the host
// checks every result. Prints OK.
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    hipError_t e_ = (x);                                                                           \
    if (e_ != hipSuccess) {                                                                        \
      printf("%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorName(e_));                              \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

texture<float, hipTextureType1D, hipReadModeElementType> lin;
texture<uchar4, hipTextureType2D, hipReadModeNormalizedFloat> img;

__global__ void fetch_ref(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(lin, i);
}

__global__ void sample_ref(float4* out, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h) out[y * w + x] = tex2D(img, x + 0.5f, y + 0.5f);
}

__global__ void sample_obj(hipTextureObject_t t, hipSurfaceObject_t s, float* out, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x >= w || y >= h) return;
  float v = tex2D<float>(t, (x + 0.5f) / w, (y + 0.5f) / h);
  out[y * w + x] = v;
  surf2Dwrite(v * 2.0f, s, x * (int)sizeof(float), y);
}

int main() {
  const int n = 100, w = 7, h = 5;
  // Linear memory through a texture reference.
  float hv[n];
  for (int i = 0; i < n; ++i) hv[i] = (float)(i * 3 % 17) - 2.5f;
  float *dv, *dout;
  CHECK(hipMalloc(&dv, sizeof hv));
  CHECK(hipMalloc(&dout, sizeof hv));
  CHECK(hipMemcpy(dv, hv, sizeof hv, hipMemcpyHostToDevice));
  size_t offset = 99;
  CHECK(hipBindTexture(&offset, lin, dv, sizeof hv));
  if (offset != 0) { printf("offset %zu\n", offset); return 1; }
  fetch_ref<<<2, 64>>>(dout, n);
  float got[n];
  CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (got[i] != hv[i]) { printf("tex1Dfetch %d: %f != %f\n", i, got[i], hv[i]); return 1; }
  CHECK(hipUnbindTexture(lin));

  // An array bound to a normalized-read reference.
  uchar4 px[w * h];
  for (int i = 0; i < w * h; ++i) px[i] = make_uchar4(i, 255 - i, 3 * i, 7);
  hipChannelFormatDesc cd = hipCreateChannelDesc<uchar4>();
  hipArray_t arr;
  CHECK(hipMallocArray(&arr, &cd, w, h));
  CHECK(hipMemcpy2DToArray(arr, 0, 0, px, w * sizeof(uchar4), w * sizeof(uchar4), h,
                           hipMemcpyHostToDevice));
  CHECK(hipBindTextureToArray(img, arr, cd));
  float4* d4;
  CHECK(hipMalloc(&d4, w * h * sizeof(float4)));
  sample_ref<<<h, w>>>(d4, w, h);
  float4 g4[w * h];
  CHECK(hipMemcpy(g4, d4, sizeof g4, hipMemcpyDeviceToHost));
  for (int i = 0; i < w * h; ++i) {
    float e[4] = {px[i].x / 255.0f, px[i].y / 255.0f, px[i].z / 255.0f, px[i].w / 255.0f};
    float g[4] = {g4[i].x, g4[i].y, g4[i].z, g4[i].w};
    for (int c = 0; c < 4; ++c)
      if (g[c] != e[c]) { printf("tex2D ref %d.%d: %f != %f\n", i, c, g[c], e[c]); return 1; }
  }
  CHECK(hipUnbindTexture(img));

  // A texture object with normalized coordinates, and a surface written by the same kernel.
  float fv[w * h];
  for (int i = 0; i < w * h; ++i) fv[i] = 0.25f * i;
  hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
  hipArray_t fa, sa;
  CHECK(hipMallocArray(&fa, &fd, w, h));
  CHECK(hipMallocArray(&sa, &fd, w, h, hipArraySurfaceLoadStore));
  CHECK(hipMemcpy2DToArray(fa, 0, 0, fv, w * sizeof(float), w * sizeof(float), h,
                           hipMemcpyHostToDevice));
  hipResourceDesc rd = {};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = fa;
  hipTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = hipAddressModeWrap;
  td.filterMode = hipFilterModePoint;
  td.readMode = hipReadModeElementType;
  td.normalizedCoords = 1;
  hipTextureObject_t t;
  CHECK(hipCreateTextureObject(&t, &rd, &td, NULL));
  hipResourceDesc sd = {};
  sd.resType = hipResourceTypeArray;
  sd.res.array.array = sa;
  hipSurfaceObject_t s;
  CHECK(hipCreateSurfaceObject(&s, &sd));
  sample_obj<<<h, w>>>(t, s, dout, w, h);
  CHECK(hipMemcpy(got, dout, w * h * sizeof(float), hipMemcpyDeviceToHost));
  float sv[w * h];
  CHECK(hipMemcpy2DFromArray(sv, w * sizeof(float), sa, 0, 0, w * sizeof(float), h,
                             hipMemcpyDeviceToHost));
  for (int i = 0; i < w * h; ++i) {
    if (got[i] != fv[i]) { printf("tex2D object %d: %f != %f\n", i, got[i], fv[i]); return 1; }
    if (sv[i] != 2.0f * fv[i]) { printf("surface %d: %f\n", i, sv[i]); return 1; }
  }
  CHECK(hipDestroyTextureObject(t));
  CHECK(hipDestroySurfaceObject(s));
  CHECK(hipFreeArray(fa));
  CHECK(hipFreeArray(sa));
  CHECK(hipFreeArray(arr));
  CHECK(hipFree(dv));
  CHECK(hipFree(dout));
  CHECK(hipFree(d4));
  printf("OK\n");
  return 0;
}
