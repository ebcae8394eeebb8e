# ferrocm's hipSOLVER package, for find_package(hipsolver): the target roc::hipsolver
# (lib/libhipsolver.so, the include folder, and hip::host, which its calls need for hipStream_t and
# libamdhip64), and hipsolver_INCLUDE_DIR, hipsolver_INCLUDE_DIRS, hipsolver_LIBRARIES.
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/hipsolver/).

get_filename_component(_ferrocm_hipsolver_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_hipsolver_dir "${_ferrocm_hipsolver_dir}" DIRECTORY)
get_filename_component(_ferrocm_hipsolver_prefix "${_ferrocm_hipsolver_dir}/../../.." ABSOLUTE)
unset(_ferrocm_hipsolver_dir)

if(NOT EXISTS "${_ferrocm_hipsolver_prefix}/lib/libhipsolver.so"
   OR NOT EXISTS "${_ferrocm_hipsolver_prefix}/include/hipsolver/hipsolver.h")
  set(hipsolver_FOUND FALSE)
  set(hipsolver_NOT_FOUND_MESSAGE "no lib/libhipsolver.so or include/hipsolver/hipsolver.h in ${_ferrocm_hipsolver_prefix}")
  unset(_ferrocm_hipsolver_prefix)
  return()
endif()

# The HIP runtime comes with it (libhipsolver runs its own handles over ferrocm's rocSOLVER, linked in).
include(CMakeFindDependencyMacro)
if(NOT TARGET hip::host)
  find_dependency(hip CONFIG PATHS "${_ferrocm_hipsolver_prefix}/lib/cmake/hip" NO_DEFAULT_PATH)
endif()

set(hipsolver_INCLUDE_DIR "${_ferrocm_hipsolver_prefix}/include")
set(hipsolver_INCLUDE_DIRS "${hipsolver_INCLUDE_DIR}")
set(hipsolver_LIBRARIES roc::hipsolver)

if(NOT TARGET roc::hipsolver)
  add_library(roc::hipsolver SHARED IMPORTED)
  set_target_properties(roc::hipsolver PROPERTIES
    IMPORTED_LOCATION "${_ferrocm_hipsolver_prefix}/lib/libhipsolver.so"
    IMPORTED_SONAME "libhipsolver.so.0"
    INTERFACE_INCLUDE_DIRECTORIES "${hipsolver_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES hip::host)
endif()
unset(_ferrocm_hipsolver_prefix)
