// Plain C++ (CMake's CXX language): the expected results, computed on the host.
float reference_value(int i) { return (static_cast<float>(i) + 1.0f) * 3.0f + 0.5f; }
