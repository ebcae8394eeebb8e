//! Inter-process memory and event handles.
