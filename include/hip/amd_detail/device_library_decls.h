/* ferrocm: the short unsigned scalar names ROCm's headers give every program that includes
 * hip_runtime.h (its amd_detail/device_library_decls.h declares them, for host and device
 * code alike); texture and surface code written for HIP uses them (uchar, ushort, ...). An
 * identical typedef elsewhere (glibc's uint and ushort, a program's own) is harmless. */
#ifndef FERROCM_DEVICE_LIBRARY_DECLS_H
#define FERROCM_DEVICE_LIBRARY_DECLS_H

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned long long ullong;

#endif /* FERROCM_DEVICE_LIBRARY_DECLS_H */
