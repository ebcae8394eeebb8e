//! Level 1: vector operations.
