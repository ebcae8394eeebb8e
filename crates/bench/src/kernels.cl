// The kernels of kernels.hip in OpenCL C 1.2, for the PoCL peer of ferrocm-bench: the same
// algorithms, work-group sizes and argument orders. OpenCL C 1.2 has no sub-groups, so the
// warp-shuffle and cooperative-groups reductions have no counterpart here.

// STREAM triad: a = b + s * c.
__kernel void triad(int n, float s, __global float* a, __global const float* b,
                    __global const float* c) {
    int i = get_global_id(0);
    if (i < n) a[i] = b[i] + s * c[i];
}

// Block sums of 256 ints: a shared-memory tree of 8 rounds, a barrier after each.
__kernel void reduce_shared(__global const int* in, __global int* out, int n) {
    __local int s[256];
    uint t = get_local_id(0);
    int i = get_group_id(0) * 256 + t;
    s[t] = i < n ? in[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 128; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0) out[get_group_id(0)] = s[0];
}

// Byte histograms over tiles of `tile` bytes, one tile per work-group, its work-items striding
// through it: counted in local memory then added to `out`, or added to `out` directly.
__kernel void histogram_shared(__global const uchar* in, __global uint* out, int n, int tile) {
    __local uint h[256];
    uint lsize = get_local_size(0);
    for (uint i = get_local_id(0); i < 256; i += lsize) h[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int start = get_group_id(0) * tile, end = min(start + tile, n);
    for (int i = start + get_local_id(0); i < end; i += lsize) atomic_add(&h[in[i]], 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_local_id(0); i < 256; i += lsize)
        if (h[i]) atomic_add(&out[i], h[i]);
}

__kernel void histogram_global(__global const uchar* in, __global uint* out, int n, int tile) {
    int start = get_group_id(0) * tile, end = min(start + tile, n);
    for (int i = start + get_local_id(0); i < end; i += get_local_size(0))
        atomic_add(&out[in[i]], 1u);
}

// Tiled SGEMM, C = A * B for square row-major n x n matrices, one kernel per tile size.
#define SGEMM_TILED(NAME, TILE)                                                              \
    __kernel void NAME(__global const float* a, __global const float* b, __global float* c, \
                       int n) {                                                              \
        __local float ta[TILE][TILE];                                                        \
        __local float tb[TILE][TILE];                                                        \
        int tx = get_local_id(0), ty = get_local_id(1);                                      \
        int row = get_group_id(1) * TILE + ty;                                               \
        int col = get_group_id(0) * TILE + tx;                                               \
        float acc = 0.0f;                                                                    \
        for (int t = 0; t < n; t += TILE) {                                                  \
            ta[ty][tx] = (row < n && t + tx < n) ? a[row * n + t + tx] : 0.0f;               \
            tb[ty][tx] = (col < n && t + ty < n) ? b[(t + ty) * n + col] : 0.0f;             \
            barrier(CLK_LOCAL_MEM_FENCE);                                                    \
            for (int k = 0; k < TILE; ++k) acc += ta[ty][k] * tb[k][tx];                     \
            barrier(CLK_LOCAL_MEM_FENCE);                                                    \
        }                                                                                    \
        if (row < n && col < n) c[row * n + col] = acc;                                      \
    }

SGEMM_TILED(sgemm_tile16, 16)
SGEMM_TILED(sgemm_tile32, 32)

// 5-point stencil: interior points become c0 * centre + c1 * (left + right + up + down); the
// boundary is copied.
__kernel void stencil5(__global const float* in, __global float* out, int w, int h, float c0,
                       float c1) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
    } else {
        out[i] = c0 * in[i] + c1 * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
    }
}

// Transpose through a padded 32x32 local tile, 32x8 work-items each handling four rows.
#define TRANSPOSE_TILE 32
#define TRANSPOSE_ROWS 8

__kernel void transpose_shared(__global const float* in, __global float* out, int w, int h) {
    __local float tile[TRANSPOSE_TILE][TRANSPOSE_TILE + 1];
    int tx = get_local_id(0), ty = get_local_id(1);
    int x = get_group_id(0) * TRANSPOSE_TILE + tx;
    int y = get_group_id(1) * TRANSPOSE_TILE + ty;
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS)
        if (x < w && y + j < h) tile[ty + j][tx] = in[(y + j) * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TRANSPOSE_TILE + tx;
    y = get_group_id(0) * TRANSPOSE_TILE + ty;
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[tx][ty + j];
}

// Inclusive scan of each block of 256 ints (Hillis-Steele in local memory).
__kernel void scan_block(__global const int* in, __global int* out, int n) {
    __local int s[256];
    uint t = get_local_id(0);
    int i = get_group_id(0) * 256 + t;
    s[t] = i < n ? in[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < 256; off <<= 1) {
        int v = t >= off ? s[t - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[t] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) out[i] = s[t];
}

// All-pairs n-body accelerations, 256 bodies at a time through local memory.
#define NBODY_TILE 256

__kernel void nbody_accel(__global const float4* pos, __global float4* acc, int n, float eps2) {
    __local float4 tile[NBODY_TILE];
    int t = get_local_id(0);
    int i = get_group_id(0) * NBODY_TILE + t;
    float4 p = i < n ? pos[i] : (float4)(0.0f);
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int start = 0; start < n; start += NBODY_TILE) {
        int j = start + t;
        tile[t] = j < n ? pos[j] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < NBODY_TILE; ++k) {
            float4 q = tile[k];
            float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrt(d2);
            float s = q.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) acc[i] = (float4)(ax, ay, az, 0.0f);
}
