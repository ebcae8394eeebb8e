# ferrocm: version check for find_package(hip-lang <version>): the same versions as hip.
include("${CMAKE_CURRENT_LIST_DIR}/../hip/hip-config-version.cmake")
