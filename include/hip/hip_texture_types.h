/* ferrocm: HIP's name for the texture declarations (see texture_types.h), and the legacy texture
 * reference template texture<T, dim, mode>: a variable of it is a device variable (clang's
 * device_builtin_texture_type) that hipBindTexture* binds to memory; device code samples it with
 * the fetch functions of amd_detail/texture_fetch_functions.h. */
#ifndef FERROCM_HIP_HIP_TEXTURE_TYPES_H
#define FERROCM_HIP_HIP_TEXTURE_TYPES_H
#include <hip/texture_types.h>

#if defined(__cplusplus)
#include <hip/channel_descriptor.h>

/* Only HIP (and CUDA) compiles know device variables; plain C++ sees an ordinary struct. */
#if defined(__HIP__) || defined(__CUDA__)
#define __HIP_TEXTURE_ATTRIB __attribute__((device_builtin_texture_type))
#else
#define __HIP_TEXTURE_ATTRIB
#endif

template <class T, int texType = hipTextureType1D,
          enum hipTextureReadMode mode = hipReadModeElementType>
struct __HIP_TEXTURE_ATTRIB texture : public textureReference {
  texture(int norm = 0, enum hipTextureFilterMode fMode = hipFilterModePoint,
          enum hipTextureAddressMode aMode = hipAddressModeClamp) {
    __init(norm, fMode, aMode, hipCreateChannelDesc<T>());
  }
  texture(int norm, enum hipTextureFilterMode fMode, enum hipTextureAddressMode aMode,
          struct hipChannelFormatDesc desc) {
    __init(norm, fMode, aMode, desc);
  }

 private:
  void __init(int norm, enum hipTextureFilterMode fMode, enum hipTextureAddressMode aMode,
              struct hipChannelFormatDesc desc) {
    normalized = norm;
    readMode = mode;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
    maxAnisotropy = 0;
    mipmapFilterMode = hipFilterModePoint;
    mipmapLevelBias = minMipmapLevelClamp = maxMipmapLevelClamp = 0.0f;
    textureObject = nullptr;
    numChannels = (desc.x != 0) + (desc.y != 0) + (desc.z != 0) + (desc.w != 0);
    format = HIP_AD_FORMAT_FLOAT;
  }
};
#endif /* __cplusplus */

#endif /* FERROCM_HIP_HIP_TEXTURE_TYPES_H */
