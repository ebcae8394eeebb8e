# ferrocm's rocBLAS package, for find_package(rocblas): the target roc::rocblas (lib/librocblas.so,
# the include folder, and hip::host, as ROCm's package links it), and rocblas_INCLUDE_DIR,
# rocblas_INCLUDE_DIRS, rocblas_LIBRARIES.
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/rocblas/).

get_filename_component(_ferrocm_rocblas_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_rocblas_dir "${_ferrocm_rocblas_dir}" DIRECTORY)
get_filename_component(_ferrocm_rocblas_prefix "${_ferrocm_rocblas_dir}/../../.." ABSOLUTE)
unset(_ferrocm_rocblas_dir)

if(NOT EXISTS "${_ferrocm_rocblas_prefix}/lib/librocblas.so"
   OR NOT EXISTS "${_ferrocm_rocblas_prefix}/include/rocblas/rocblas.h")
  set(rocblas_FOUND FALSE)
  set(rocblas_NOT_FOUND_MESSAGE "no lib/librocblas.so or include/rocblas/rocblas.h in ${_ferrocm_rocblas_prefix}")
  unset(_ferrocm_rocblas_prefix)
  return()
endif()

# The HIP runtime comes with it: roc::rocblas calls need hipStream_t and libamdhip64.
include(CMakeFindDependencyMacro)
if(NOT TARGET hip::host)
  find_dependency(hip CONFIG PATHS "${_ferrocm_rocblas_prefix}/lib/cmake/hip" NO_DEFAULT_PATH)
endif()

set(rocblas_INCLUDE_DIR "${_ferrocm_rocblas_prefix}/include")
set(rocblas_INCLUDE_DIRS "${rocblas_INCLUDE_DIR}")
set(rocblas_LIBRARIES roc::rocblas)

if(NOT TARGET roc::rocblas)
  add_library(roc::rocblas SHARED IMPORTED)
  set_target_properties(roc::rocblas PROPERTIES
    IMPORTED_LOCATION "${_ferrocm_rocblas_prefix}/lib/librocblas.so"
    IMPORTED_SONAME "librocblas.so.4"
    INTERFACE_INCLUDE_DIRECTORIES "${rocblas_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES hip::host)
endif()
unset(_ferrocm_rocblas_prefix)
