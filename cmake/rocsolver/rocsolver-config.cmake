# ferrocm's rocSOLVER package, for find_package(rocsolver): the target roc::rocsolver (lib/librocsolver.so,
# the include folder, and roc::rocblas, as ROCm's package links it), and rocsolver_INCLUDE_DIR,
# rocsolver_INCLUDE_DIRS, rocsolver_LIBRARIES.
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/rocsolver/).

get_filename_component(_ferrocm_rocsolver_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_rocsolver_dir "${_ferrocm_rocsolver_dir}" DIRECTORY)
get_filename_component(_ferrocm_rocsolver_prefix "${_ferrocm_rocsolver_dir}/../../.." ABSOLUTE)
unset(_ferrocm_rocsolver_dir)

if(NOT EXISTS "${_ferrocm_rocsolver_prefix}/lib/librocsolver.so"
   OR NOT EXISTS "${_ferrocm_rocsolver_prefix}/include/rocsolver/rocsolver.h")
  set(rocsolver_FOUND FALSE)
  set(rocsolver_NOT_FOUND_MESSAGE "no lib/librocsolver.so or include/rocsolver/rocsolver.h in ${_ferrocm_rocsolver_prefix}")
  unset(_ferrocm_rocsolver_prefix)
  return()
endif()

# rocBLAS comes with it: rocSOLVER takes rocBLAS handles (and rocBLAS brings the HIP runtime).
include(CMakeFindDependencyMacro)
if(NOT TARGET roc::rocblas)
  find_dependency(rocblas CONFIG PATHS "${_ferrocm_rocsolver_prefix}/lib/cmake/rocblas" NO_DEFAULT_PATH)
endif()

set(rocsolver_INCLUDE_DIR "${_ferrocm_rocsolver_prefix}/include")
set(rocsolver_INCLUDE_DIRS "${rocsolver_INCLUDE_DIR}")
set(rocsolver_LIBRARIES roc::rocsolver)

if(NOT TARGET roc::rocsolver)
  add_library(roc::rocsolver SHARED IMPORTED)
  set_target_properties(roc::rocsolver PROPERTIES
    IMPORTED_LOCATION "${_ferrocm_rocsolver_prefix}/lib/librocsolver.so"
    IMPORTED_SONAME "librocsolver.so.0"
    INTERFACE_INCLUDE_DIRECTORIES "${rocsolver_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES roc::rocblas)
endif()
unset(_ferrocm_rocsolver_prefix)
