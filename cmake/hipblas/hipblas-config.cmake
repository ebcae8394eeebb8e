# ferrocm's hipBLAS package, for find_package(hipblas): the target roc::hipblas (lib/libhipblas.so,
# the include folder, and hip::host, as ROCm's package links it), and hipblas_INCLUDE_DIR,
# hipblas_INCLUDE_DIRS, hipblas_LIBRARIES.
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/hipblas/).

get_filename_component(_ferrocm_hipblas_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_hipblas_dir "${_ferrocm_hipblas_dir}" DIRECTORY)
get_filename_component(_ferrocm_hipblas_prefix "${_ferrocm_hipblas_dir}/../../.." ABSOLUTE)
unset(_ferrocm_hipblas_dir)

if(NOT EXISTS "${_ferrocm_hipblas_prefix}/lib/libhipblas.so"
   OR NOT EXISTS "${_ferrocm_hipblas_prefix}/include/hipblas/hipblas.h")
  set(hipblas_FOUND FALSE)
  set(hipblas_NOT_FOUND_MESSAGE "no lib/libhipblas.so or include/hipblas/hipblas.h in ${_ferrocm_hipblas_prefix}")
  unset(_ferrocm_hipblas_prefix)
  return()
endif()

# The HIP runtime comes with it: roc::hipblas calls need hipStream_t and libamdhip64.
include(CMakeFindDependencyMacro)
if(NOT TARGET hip::host)
  find_dependency(hip CONFIG PATHS "${_ferrocm_hipblas_prefix}/lib/cmake/hip" NO_DEFAULT_PATH)
endif()

set(hipblas_INCLUDE_DIR "${_ferrocm_hipblas_prefix}/include")
set(hipblas_INCLUDE_DIRS "${hipblas_INCLUDE_DIR}")
set(hipblas_LIBRARIES roc::hipblas)

if(NOT TARGET roc::hipblas)
  add_library(roc::hipblas SHARED IMPORTED)
  set_target_properties(roc::hipblas PROPERTIES
    IMPORTED_LOCATION "${_ferrocm_hipblas_prefix}/lib/libhipblas.so"
    IMPORTED_SONAME "libhipblas.so.2"
    INTERFACE_INCLUDE_DIRECTORIES "${hipblas_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES hip::host)
endif()
unset(_ferrocm_hipblas_prefix)
