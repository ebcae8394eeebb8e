# ferrocm's hipBLASLt package, for find_package(hipblaslt): the target roc::hipblaslt
# (lib/libhipblaslt.so, the include folder -- whose hipblaslt/hipblaslt.h includes
# hipblas/hipblas.h from the same folder -- and hip::host, as ROCm's package links it), and
# hipblaslt_INCLUDE_DIR, hipblaslt_INCLUDE_DIRS, hipblaslt_LIBRARIES.
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/hipblaslt/).

get_filename_component(_ferrocm_hipblaslt_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_hipblaslt_dir "${_ferrocm_hipblaslt_dir}" DIRECTORY)
get_filename_component(_ferrocm_hipblaslt_prefix "${_ferrocm_hipblaslt_dir}/../../.." ABSOLUTE)
unset(_ferrocm_hipblaslt_dir)

if(NOT EXISTS "${_ferrocm_hipblaslt_prefix}/lib/libhipblaslt.so"
   OR NOT EXISTS "${_ferrocm_hipblaslt_prefix}/include/hipblaslt/hipblaslt.h")
  set(hipblaslt_FOUND FALSE)
  set(hipblaslt_NOT_FOUND_MESSAGE "no lib/libhipblaslt.so or include/hipblaslt/hipblaslt.h in ${_ferrocm_hipblaslt_prefix}")
  unset(_ferrocm_hipblaslt_prefix)
  return()
endif()

# The HIP runtime comes with it: roc::hipblaslt calls need hipStream_t and libamdhip64.
include(CMakeFindDependencyMacro)
if(NOT TARGET hip::host)
  find_dependency(hip CONFIG PATHS "${_ferrocm_hipblaslt_prefix}/lib/cmake/hip" NO_DEFAULT_PATH)
endif()

set(hipblaslt_INCLUDE_DIR "${_ferrocm_hipblaslt_prefix}/include")
set(hipblaslt_INCLUDE_DIRS "${hipblaslt_INCLUDE_DIR}")
set(hipblaslt_LIBRARIES roc::hipblaslt)

if(NOT TARGET roc::hipblaslt)
  add_library(roc::hipblaslt SHARED IMPORTED)
  set_target_properties(roc::hipblaslt PROPERTIES
    IMPORTED_LOCATION "${_ferrocm_hipblaslt_prefix}/lib/libhipblaslt.so"
    IMPORTED_SONAME "libhipblaslt.so.0"
    INTERFACE_INCLUDE_DIRECTORIES "${hipblaslt_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES hip::host)
endif()
unset(_ferrocm_hipblaslt_prefix)
