/* ferrocm: copy kinds and the pitched-memory structures of the HIP runtime API.
 * Plain C, usable from C and C++. Layouts are HIP 6's. */
#ifndef FERROCM_HIP_DRIVER_TYPES_H
#define FERROCM_HIP_DRIVER_TYPES_H

#include <stddef.h>

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024
} hipMemcpyKind;

typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

/* Arrays and mipmapped arrays: opaque handles (device memory the runtime lays out). */
typedef struct hipArray* hipArray_t;
typedef hipArray_t hiparray;
typedef const struct hipArray* hipArray_const_t;
typedef struct hipMipmappedArray* hipMipmappedArray_t;
typedef hipMipmappedArray_t hipmipmappedArray;
typedef const struct hipMipmappedArray* hipMipmappedArray_const_t;

/* Channel formats (what one element of an array or texture holds). */
typedef enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3
} hipChannelFormatKind;

typedef struct hipChannelFormatDesc {
  int x; /* bits per component */
  int y;
  int z;
  int w;
  enum hipChannelFormatKind f;
} hipChannelFormatDesc;

/* The driver API's array element formats. */
typedef enum hipArray_Format {
  HIP_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  HIP_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  HIP_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  HIP_AD_FORMAT_SIGNED_INT8 = 0x08,
  HIP_AD_FORMAT_SIGNED_INT16 = 0x09,
  HIP_AD_FORMAT_SIGNED_INT32 = 0x0a,
  HIP_AD_FORMAT_HALF = 0x10,
  HIP_AD_FORMAT_FLOAT = 0x20
} hipArray_Format;

typedef struct HIP_ARRAY_DESCRIPTOR {
  size_t Width;
  size_t Height;
  enum hipArray_Format Format;
  unsigned int NumChannels;
} HIP_ARRAY_DESCRIPTOR;

typedef struct HIP_ARRAY3D_DESCRIPTOR {
  size_t Width;
  size_t Height;
  size_t Depth;
  enum hipArray_Format Format;
  unsigned int NumChannels;
  unsigned int Flags;
} HIP_ARRAY3D_DESCRIPTOR;

/* Texture reference flags of the driver API. */
#define HIP_TRSA_OVERRIDE_FORMAT 0x01
#define HIP_TRSF_READ_AS_INTEGER 0x01
#define HIP_TRSF_NORMALIZED_COORDINATES 0x02
#define HIP_TRSF_SRGB 0x10

typedef enum hipResourceType {
  hipResourceTypeArray = 0x00,
  hipResourceTypeMipmappedArray = 0x01,
  hipResourceTypeLinear = 0x02,
  hipResourceTypePitch2D = 0x03
} hipResourceType;

typedef enum HIPresourcetype_enum {
  HIP_RESOURCE_TYPE_ARRAY = 0x00,
  HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
  HIP_RESOURCE_TYPE_LINEAR = 0x02,
  HIP_RESOURCE_TYPE_PITCH2D = 0x03
} HIPresourcetype, hipResourcetype;

typedef enum HIPaddress_mode_enum {
  HIP_TR_ADDRESS_MODE_WRAP = 0,
  HIP_TR_ADDRESS_MODE_CLAMP = 1,
  HIP_TR_ADDRESS_MODE_MIRROR = 2,
  HIP_TR_ADDRESS_MODE_BORDER = 3
} HIPaddress_mode;

typedef enum HIPfilter_mode_enum {
  HIP_TR_FILTER_MODE_POINT = 0,
  HIP_TR_FILTER_MODE_LINEAR = 1
} HIPfilter_mode;

/* Views of a resource: 0x01.. by components and width, then the block-compressed formats. */
typedef enum hipResourceViewFormat {
  hipResViewFormatNone = 0x00,
  hipResViewFormatUnsignedChar1 = 0x01,
  hipResViewFormatUnsignedChar2 = 0x02,
  hipResViewFormatUnsignedChar4 = 0x03,
  hipResViewFormatSignedChar1 = 0x04,
  hipResViewFormatSignedChar2 = 0x05,
  hipResViewFormatSignedChar4 = 0x06,
  hipResViewFormatUnsignedShort1 = 0x07,
  hipResViewFormatUnsignedShort2 = 0x08,
  hipResViewFormatUnsignedShort4 = 0x09,
  hipResViewFormatSignedShort1 = 0x0a,
  hipResViewFormatSignedShort2 = 0x0b,
  hipResViewFormatSignedShort4 = 0x0c,
  hipResViewFormatUnsignedInt1 = 0x0d,
  hipResViewFormatUnsignedInt2 = 0x0e,
  hipResViewFormatUnsignedInt4 = 0x0f,
  hipResViewFormatSignedInt1 = 0x10,
  hipResViewFormatSignedInt2 = 0x11,
  hipResViewFormatSignedInt4 = 0x12,
  hipResViewFormatHalf1 = 0x13,
  hipResViewFormatHalf2 = 0x14,
  hipResViewFormatHalf4 = 0x15,
  hipResViewFormatFloat1 = 0x16,
  hipResViewFormatFloat2 = 0x17,
  hipResViewFormatFloat4 = 0x18,
  hipResViewFormatUnsignedBlockCompressed1 = 0x19,
  hipResViewFormatUnsignedBlockCompressed2 = 0x1a,
  hipResViewFormatUnsignedBlockCompressed3 = 0x1b,
  hipResViewFormatUnsignedBlockCompressed4 = 0x1c,
  hipResViewFormatSignedBlockCompressed4 = 0x1d,
  hipResViewFormatUnsignedBlockCompressed5 = 0x1e,
  hipResViewFormatSignedBlockCompressed5 = 0x1f,
  hipResViewFormatUnsignedBlockCompressed6H = 0x20,
  hipResViewFormatSignedBlockCompressed6H = 0x21,
  hipResViewFormatUnsignedBlockCompressed7 = 0x22
} hipResourceViewFormat;

typedef struct hipResourceDesc {
  enum hipResourceType resType;
  union {
    struct {
      hipArray_t array;
    } array;
    struct {
      hipMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void* devPtr;
      struct hipChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      struct hipChannelFormatDesc desc;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
  } res;
} hipResourceDesc;

typedef struct hipResourceViewDesc {
  enum hipResourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
} hipResourceViewDesc;

/* The driver API's resource, texture and view descriptions (hipTexObjectCreate). */
typedef enum HIPresourceViewFormat_enum {
  HIP_RES_VIEW_FORMAT_NONE = 0x00,
  HIP_RES_VIEW_FORMAT_UINT_1X8 = 0x01,
  HIP_RES_VIEW_FORMAT_UINT_2X8 = 0x02,
  HIP_RES_VIEW_FORMAT_UINT_4X8 = 0x03,
  HIP_RES_VIEW_FORMAT_SINT_1X8 = 0x04,
  HIP_RES_VIEW_FORMAT_SINT_2X8 = 0x05,
  HIP_RES_VIEW_FORMAT_SINT_4X8 = 0x06,
  HIP_RES_VIEW_FORMAT_UINT_1X16 = 0x07,
  HIP_RES_VIEW_FORMAT_UINT_2X16 = 0x08,
  HIP_RES_VIEW_FORMAT_UINT_4X16 = 0x09,
  HIP_RES_VIEW_FORMAT_SINT_1X16 = 0x0a,
  HIP_RES_VIEW_FORMAT_SINT_2X16 = 0x0b,
  HIP_RES_VIEW_FORMAT_SINT_4X16 = 0x0c,
  HIP_RES_VIEW_FORMAT_UINT_1X32 = 0x0d,
  HIP_RES_VIEW_FORMAT_UINT_2X32 = 0x0e,
  HIP_RES_VIEW_FORMAT_UINT_4X32 = 0x0f,
  HIP_RES_VIEW_FORMAT_SINT_1X32 = 0x10,
  HIP_RES_VIEW_FORMAT_SINT_2X32 = 0x11,
  HIP_RES_VIEW_FORMAT_SINT_4X32 = 0x12,
  HIP_RES_VIEW_FORMAT_FLOAT_1X16 = 0x13,
  HIP_RES_VIEW_FORMAT_FLOAT_2X16 = 0x14,
  HIP_RES_VIEW_FORMAT_FLOAT_4X16 = 0x15,
  HIP_RES_VIEW_FORMAT_FLOAT_1X32 = 0x16,
  HIP_RES_VIEW_FORMAT_FLOAT_2X32 = 0x17,
  HIP_RES_VIEW_FORMAT_FLOAT_4X32 = 0x18,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC1 = 0x19,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC2 = 0x1a,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC3 = 0x1b,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC4 = 0x1c,
  HIP_RES_VIEW_FORMAT_SIGNED_BC4 = 0x1d,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC5 = 0x1e,
  HIP_RES_VIEW_FORMAT_SIGNED_BC5 = 0x1f,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC6H = 0x20,
  HIP_RES_VIEW_FORMAT_SIGNED_BC6H = 0x21,
  HIP_RES_VIEW_FORMAT_UNSIGNED_BC7 = 0x22
} HIPresourceViewFormat;

typedef struct HIP_RESOURCE_DESC_st {
  HIPresourcetype resType;
  union {
    struct {
      hipArray_t hArray;
    } array;
    struct {
      hipMipmappedArray_t hMipmappedArray;
    } mipmap;
    struct {
      void* devPtr;
      hipArray_Format format;
      unsigned int numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      hipArray_Format format;
      unsigned int numChannels;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
} HIP_RESOURCE_DESC;

typedef struct HIP_TEXTURE_DESC_st {
  HIPaddress_mode addressMode[3];
  HIPfilter_mode filterMode;
  unsigned int flags; /* HIP_TRSF_* */
  unsigned int maxAnisotropy;
  HIPfilter_mode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
} HIP_TEXTURE_DESC;

typedef struct HIP_RESOURCE_VIEW_DESC_st {
  HIPresourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
  unsigned int reserved[16];
} HIP_RESOURCE_VIEW_DESC;

/* The driver API's 3-D copy: each side host, device or array memory (hipMemoryType). */
typedef struct HIP_MEMCPY3D {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  hipMemoryType srcMemoryType;
  const void* srcHost;
  void* srcDevice; /* hipDeviceptr_t */
  hipArray_t srcArray;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  hipMemoryType dstMemoryType;
  void* dstHost;
  void* dstDevice; /* hipDeviceptr_t */
  hipArray_t dstArray;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
} HIP_MEMCPY3D;

/* hipFuncGetAttribute's attribute names (the driver API's). */
typedef enum hipFunction_attribute {
  HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
  HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_NUM_REGS,
  HIP_FUNC_ATTRIBUTE_PTX_VERSION,
  HIP_FUNC_ATTRIBUTE_BINARY_VERSION,
  HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA,
  HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
  HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;

typedef struct hipPitchedPtr {
  void* ptr;
  size_t pitch; /* bytes per row */
  size_t xsize; /* row width in bytes (logical) */
  size_t ysize; /* rows per slice */
} hipPitchedPtr;

typedef struct hipExtent {
  size_t width; /* bytes, for linear memory */
  size_t height;
  size_t depth;
} hipExtent;

typedef struct hipPos {
  size_t x; /* bytes, for linear memory */
  size_t y;
  size_t z;
} hipPos;

typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  enum hipMemcpyKind kind;
} hipMemcpy3DParms;

/* Builders for the 3-D copy structures (header-only, as in HIP). */
static inline struct hipPitchedPtr make_hipPitchedPtr(void* ptr, size_t pitch, size_t xsize,
                                                      size_t ysize) {
  struct hipPitchedPtr p;
  p.ptr = ptr;
  p.pitch = pitch;
  p.xsize = xsize;
  p.ysize = ysize;
  return p;
}
static inline struct hipPos make_hipPos(size_t x, size_t y, size_t z) {
  struct hipPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}
static inline struct hipExtent make_hipExtent(size_t width, size_t height, size_t depth) {
  struct hipExtent e;
  e.width = width;
  e.height = height;
  e.depth = depth;
  return e;
}

#endif /* FERROCM_HIP_DRIVER_TYPES_H */
