# ferrocm's hip-lang package: what CMake's HIP language (enable_language(HIP), project(... HIP)) loads
# from <ROCm root>/lib/cmake/hip-lang once it has found the root through the compiler's
# "Found HIP installation" line.
#
#   hip-lang::amdhip64  the HIP runtime, lib/libamdhip64.so, with the HIP headers for HIP sources
#   hip-lang::device    what every HIP target links (CMake adds it itself): the runtime, --hip-link on
#                       HIP links
#
# The install prefix is found from this file's own place (<prefix>/lib/cmake/hip-lang/).

get_filename_component(_ferrocm_hip_lang_dir "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
get_filename_component(_ferrocm_hip_lang_dir "${_ferrocm_hip_lang_dir}" DIRECTORY)
get_filename_component(_ferrocm_hip_lang_prefix "${_ferrocm_hip_lang_dir}/../../.." ABSOLUTE)
unset(_ferrocm_hip_lang_dir)

if(NOT EXISTS "${_ferrocm_hip_lang_prefix}/lib/libamdhip64.so")
  set(hip-lang_FOUND FALSE)
  set(hip-lang_NOT_FOUND_MESSAGE "the HIP install at ${_ferrocm_hip_lang_prefix} has no lib/libamdhip64.so")
  unset(_ferrocm_hip_lang_prefix)
  return()
endif()

if(NOT TARGET hip-lang::amdhip64)
  add_library(hip-lang::amdhip64 SHARED IMPORTED)
  set_target_properties(hip-lang::amdhip64 PROPERTIES
    IMPORTED_LOCATION "${_ferrocm_hip_lang_prefix}/lib/libamdhip64.so"
    IMPORTED_SONAME "libamdhip64.so.6"
    INTERFACE_INCLUDE_DIRECTORIES "$<$<COMPILE_LANGUAGE:HIP>:${_ferrocm_hip_lang_prefix}/include>"
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "$<$<COMPILE_LANGUAGE:HIP>:${_ferrocm_hip_lang_prefix}/include>")

  add_library(hip-lang::device INTERFACE IMPORTED)
  set_target_properties(hip-lang::device PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "$<$<COMPILE_LANGUAGE:HIP>:${_ferrocm_hip_lang_prefix}/include>"
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "$<$<COMPILE_LANGUAGE:HIP>:${_ferrocm_hip_lang_prefix}/include>"
    INTERFACE_LINK_LIBRARIES "hip-lang::amdhip64"
    INTERFACE_LINK_OPTIONS "$<$<LINK_LANGUAGE:HIP>:--hip-link>")
endif()
unset(_ferrocm_hip_lang_prefix)

# The name CMake's HIP language links into every HIP target.
set(_CMAKE_HIP_DEVICE_RUNTIME_TARGET "hip-lang::device")
