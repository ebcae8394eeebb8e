# ferrocm's HIP package, for find_package(hip): the targets and variables ROCm's hip-config.cmake gives.
#
#   hip::amdhip64   the HIP runtime, lib/libamdhip64.so, with the HIP headers
#   hip::host       host code calling the HIP runtime: __HIP_PLATFORM_AMD__=1, links hip::amdhip64
#   hip::device     HIP code built by the prefix's clang (CMAKE_CXX_COMPILER=<prefix>/lib/llvm/bin/clang++):
#                   C++ sources compile with -x hip --offload-arch=<each of GPU_TARGETS>, C++ links get
#                   --hip-link; links hip::host
#
# Variables: hip_VERSION (from hip-config-version.cmake), hip_INCLUDE_DIR(S), hip_LIB_INSTALL_DIR,
# hip_BIN_INSTALL_DIR, hip_HIPCC_EXECUTABLE, hip_HIPCONFIG_EXECUTABLE, hip_LIBRARIES (hip::host hip::device),
# the same in upper case (HIP_INCLUDE_DIRS, HIP_LIBRARIES, ...), HIP_PLATFORM (amd), HIP_COMPILER (clang),
# HIP_RUNTIME (rocclr, ROCm's name for its runtime layer), ROCM_PATH, HIP_CLANG_ROOT, HIP_PACKAGE_PREFIX_DIR,
# GPU_TARGETS (rocm_agent_enumerator's answer unless set; AMDGPU_TARGETS is taken when only it is set) and
# GPU_BUILD_TARGETS.
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/hip/), so the install can be
# moved or copied anywhere.

if(CMAKE_VERSION VERSION_LESS 3.13)
  set(hip_FOUND FALSE)
  set(hip_NOT_FOUND_MESSAGE "ferrocm's hip package needs CMake 3.13 or newer (this is ${CMAKE_VERSION})")
  return()
endif()

get_filename_component(_ferrocm_hip_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_hip_dir "${_ferrocm_hip_dir}" DIRECTORY)
get_filename_component(HIP_PACKAGE_PREFIX_DIR "${_ferrocm_hip_dir}/../../.." ABSOLUTE)
unset(_ferrocm_hip_dir)

set(hip_INCLUDE_DIR "${HIP_PACKAGE_PREFIX_DIR}/include")
set(hip_INCLUDE_DIRS "${hip_INCLUDE_DIR}")
set(hip_LIB_INSTALL_DIR "${HIP_PACKAGE_PREFIX_DIR}/lib")
set(hip_BIN_INSTALL_DIR "${HIP_PACKAGE_PREFIX_DIR}/bin")
set(hip_HIPCC_EXECUTABLE "${hip_BIN_INSTALL_DIR}/hipcc")
set(hip_HIPCONFIG_EXECUTABLE "${hip_BIN_INSTALL_DIR}/hipconfig")

foreach(_ferrocm_needed
    "${hip_INCLUDE_DIR}/hip/hip_runtime.h"
    "${hip_LIB_INSTALL_DIR}/libamdhip64.so"
    "${hip_HIPCC_EXECUTABLE}"
    "${hip_HIPCONFIG_EXECUTABLE}")
  if(NOT EXISTS "${_ferrocm_needed}")
    set(hip_FOUND FALSE)
    set(hip_NOT_FOUND_MESSAGE "the HIP install at ${HIP_PACKAGE_PREFIX_DIR} is incomplete: ${_ferrocm_needed} is missing")
    unset(_ferrocm_needed)
    return()
  endif()
endforeach()
unset(_ferrocm_needed)

# The platform: ferrocm is the amd platform (HIP_PLATFORM, from the cache or the environment, may only
# say so).
if(NOT DEFINED HIP_PLATFORM)
  if(DEFINED ENV{HIP_PLATFORM})
    set(HIP_PLATFORM "$ENV{HIP_PLATFORM}" CACHE STRING "HIP platform")
  else()
    set(HIP_PLATFORM "amd")
  endif()
endif()
if(NOT HIP_PLATFORM STREQUAL "amd")
  set(hip_FOUND FALSE)
  set(hip_NOT_FOUND_MESSAGE "HIP_PLATFORM is '${HIP_PLATFORM}'; the HIP install at ${HIP_PACKAGE_PREFIX_DIR} is the amd platform")
  return()
endif()
set(HIP_COMPILER "clang")
set(HIP_RUNTIME "rocclr")

if(NOT DEFINED ROCM_PATH)
  set(ROCM_PATH "${HIP_PACKAGE_PREFIX_DIR}")
endif()
set(HIP_CLANG_ROOT "${HIP_PACKAGE_PREFIX_DIR}/lib/llvm")
# The compiler the project builds HIP with: its C++ compiler (hipcc or the prefix's clang++), unless set.
# Projects such as rocPRIM check that it is one of those.
if(NOT HIP_CXX_COMPILER)
  set(HIP_CXX_COMPILER "${CMAKE_CXX_COMPILER}")
endif()

# The architectures hip::device compiles for.
if(DEFINED AMDGPU_TARGETS AND NOT DEFINED GPU_TARGETS)
  message(AUTHOR_WARNING "AMDGPU_TARGETS is deprecated; set GPU_TARGETS")
  set(GPU_TARGETS "${AMDGPU_TARGETS}")
endif()
if(NOT GPU_TARGETS)
  execute_process(
    COMMAND "${hip_BIN_INSTALL_DIR}/rocm_agent_enumerator" -t GPU
    RESULT_VARIABLE _ferrocm_enum_result
    OUTPUT_VARIABLE _ferrocm_enum_out
    ERROR_VARIABLE _ferrocm_enum_err
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(_ferrocm_enum_result EQUAL 0 AND NOT _ferrocm_enum_out STREQUAL "")
    string(REPLACE "\n" ";" _ferrocm_enum_out "${_ferrocm_enum_out}")
    list(REMOVE_ITEM _ferrocm_enum_out "gfx000")
    set(GPU_TARGETS "${_ferrocm_enum_out}" CACHE STRING "GPU targets to compile for")
  else()
    message(AUTHOR_WARNING
      "GPU_TARGETS is not set and rocm_agent_enumerator found no device (${_ferrocm_enum_err}); "
      "HIP code is compiled for the default target")
  endif()
  unset(_ferrocm_enum_result)
  unset(_ferrocm_enum_out)
  unset(_ferrocm_enum_err)
endif()
set(GPU_BUILD_TARGETS "${GPU_TARGETS}" CACHE STRING "GPU targets to compile for")

if(NOT TARGET hip::amdhip64)
  add_library(hip::amdhip64 SHARED IMPORTED)
  set_target_properties(hip::amdhip64 PROPERTIES
    IMPORTED_LOCATION "${hip_LIB_INSTALL_DIR}/libamdhip64.so"
    IMPORTED_SONAME "libamdhip64.so.6"
    INTERFACE_INCLUDE_DIRECTORIES "${hip_INCLUDE_DIR}"
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${hip_INCLUDE_DIR}")

  add_library(hip::host INTERFACE IMPORTED)
  set_target_properties(hip::host PROPERTIES
    INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_AMD__=1"
    INTERFACE_LINK_LIBRARIES "hip::amdhip64")

  add_library(hip::device INTERFACE IMPORTED)
  set_target_properties(hip::device PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${hip_INCLUDE_DIR}"
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${hip_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "hip::host")
  set_property(TARGET hip::device APPEND PROPERTY
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CXX>:SHELL:-x hip>")
  # $<LINK_LANGUAGE> exists from CMake 3.18 on; before, every link of hip::device gets the options.
  if(CMAKE_VERSION VERSION_LESS 3.18)
    set(_ferrocm_link_open "")
    set(_ferrocm_link_close "")
  else()
    set(_ferrocm_link_open "$<$<LINK_LANGUAGE:CXX>:")
    set(_ferrocm_link_close ">")
  endif()
  set_property(TARGET hip::device APPEND PROPERTY
    INTERFACE_LINK_OPTIONS "${_ferrocm_link_open}--hip-link${_ferrocm_link_close}")
  foreach(_ferrocm_arch IN LISTS GPU_BUILD_TARGETS)
    set_property(TARGET hip::device APPEND PROPERTY
      INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CXX>:--offload-arch=${_ferrocm_arch}>")
    set_property(TARGET hip::device APPEND PROPERTY
      INTERFACE_LINK_OPTIONS "${_ferrocm_link_open}--offload-arch=${_ferrocm_arch}${_ferrocm_link_close}")
  endforeach()
  unset(_ferrocm_link_open)
  unset(_ferrocm_link_close)
  unset(_ferrocm_arch)
endif()

if(NOT DEFINED hip_VERSION)
  include("${CMAKE_CURRENT_LIST_DIR}/hip-config-version.cmake")
  set(hip_VERSION "${PACKAGE_VERSION}")
endif()
set(HIP_VERSION "${hip_VERSION}")

set(hip_LIBRARIES hip::host hip::device)
set(hip_LIBRARY ${hip_LIBRARIES})

set(HIP_INCLUDE_DIR "${hip_INCLUDE_DIR}")
set(HIP_INCLUDE_DIRS "${hip_INCLUDE_DIRS}")
set(HIP_LIB_INSTALL_DIR "${hip_LIB_INSTALL_DIR}")
set(HIP_BIN_INSTALL_DIR "${hip_BIN_INSTALL_DIR}")
set(HIP_LIBRARIES ${hip_LIBRARIES})
set(HIP_LIBRARY ${hip_LIBRARY})
set(HIP_HIPCC_EXECUTABLE "${hip_HIPCC_EXECUTABLE}")
set(HIP_HIPCONFIG_EXECUTABLE "${hip_HIPCONFIG_EXECUTABLE}")
