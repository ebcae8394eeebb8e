//! Virtual memory management (hipMemCreate, hipMemAddressReserve, hipMemMap, ...).
