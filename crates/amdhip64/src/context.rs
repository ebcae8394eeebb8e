//! Contexts (hipCtx*, the primary context) and the device-management calls beyond device.rs.
