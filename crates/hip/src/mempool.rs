//! Stream-ordered allocation and memory pools.
