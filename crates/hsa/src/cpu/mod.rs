//! The CPU agent's execution engine.
pub mod pool;
