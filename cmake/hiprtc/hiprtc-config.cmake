# ferrocm's hipRTC package, for find_package(hiprtc): the target hiprtc::hiprtc (lib/libhiprtc.so with the
# HIP headers) and hiprtc_INCLUDE_DIR, hiprtc_LIB_INSTALL_DIR, hiprtc_BIN_INSTALL_DIR, as ROCm's package.
# (ferrocm's libamdhip64 is enough for hipRTC calls too; this package is for projects that ask for it.)
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/hiprtc/).

get_filename_component(_ferrocm_hiprtc_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_hiprtc_dir "${_ferrocm_hiprtc_dir}" DIRECTORY)
get_filename_component(_ferrocm_hiprtc_prefix "${_ferrocm_hiprtc_dir}/../../.." ABSOLUTE)
unset(_ferrocm_hiprtc_dir)

set(hiprtc_INCLUDE_DIR "${_ferrocm_hiprtc_prefix}/include")
set(hiprtc_LIB_INSTALL_DIR "${_ferrocm_hiprtc_prefix}/lib")
set(hiprtc_BIN_INSTALL_DIR "${_ferrocm_hiprtc_prefix}/bin")
unset(_ferrocm_hiprtc_prefix)

if(NOT EXISTS "${hiprtc_LIB_INSTALL_DIR}/libhiprtc.so" OR NOT EXISTS "${hiprtc_INCLUDE_DIR}/hip/hiprtc.h")
  set(hiprtc_FOUND FALSE)
  set(hiprtc_NOT_FOUND_MESSAGE "no lib/libhiprtc.so or include/hip/hiprtc.h in ${hiprtc_LIB_INSTALL_DIR}/..")
  return()
endif()

if(NOT TARGET hiprtc::hiprtc)
  add_library(hiprtc::hiprtc SHARED IMPORTED)
  set_target_properties(hiprtc::hiprtc PROPERTIES
    IMPORTED_LOCATION "${hiprtc_LIB_INSTALL_DIR}/libhiprtc.so"
    IMPORTED_SONAME "libhiprtc.so.6"
    INTERFACE_INCLUDE_DIRECTORIES "${hiprtc_INCLUDE_DIR}"
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${hiprtc_INCLUDE_DIR}")
endif()
