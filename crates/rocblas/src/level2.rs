//! Level 2: matrix-vector operations.
