//! AQL packets: 64-byte records with HSA's field layout.

/// `hsa_packet_type_t`.
pub mod packet_type {
    pub const VENDOR_SPECIFIC: u8 = 0;
    pub const INVALID: u8 = 1;
    pub const KERNEL_DISPATCH: u8 = 2;
    pub const BARRIER_AND: u8 = 3;
    pub const AGENT_DISPATCH: u8 = 4;
    pub const BARRIER_OR: u8 = 5;
}

/// `hsa_packet_header_t` bit positions.
pub mod header {
    /// Packet type, bits 0-7.
    pub const TYPE_SHIFT: u16 = 0;
    /// Barrier bit: the packet starts only after all earlier ones completed.
    pub const BARRIER_SHIFT: u16 = 8;
    /// Acquire fence scope, bits 9-10.
    pub const ACQUIRE_FENCE_SCOPE_SHIFT: u16 = 9;
    /// Release fence scope, bits 11-12.
    pub const RELEASE_FENCE_SCOPE_SHIFT: u16 = 11;
}

/// `hsa_fence_scope_t`.
pub mod fence_scope {
    pub const NONE: u16 = 0;
    pub const AGENT: u16 = 1;
    pub const SYSTEM: u16 = 2;
}

/// Bits of [`KernelDispatchPacket::reserved0`] (0 in HSA's packets), ferrocm's extension.
pub mod dispatch_flags {
    /// A cooperative dispatch: all work-groups run at once and may wait at the grid-wide barrier
    /// (`hipLaunchCooperativeKernel`).
    pub const COOPERATIVE: u16 = 1;
}

/// Vendor-specific packet subtype: run a host callback (ferrocm's ordered host work).
pub const VENDOR_HOST_CALLBACK: u32 = 0x4643_0001;

/// Builds a header word: type, barrier bit, system-scope acquire and release fences.
pub fn make_header(ty: u8, barrier: bool) -> u16 {
    ((ty as u16) << header::TYPE_SHIFT)
        | ((barrier as u16) << header::BARRIER_SHIFT)
        | (fence_scope::SYSTEM << header::ACQUIRE_FENCE_SCOPE_SHIFT)
        | (fence_scope::SYSTEM << header::RELEASE_FENCE_SCOPE_SHIFT)
}

/// The type field of a header.
pub fn header_type(h: u16) -> u8 {
    (h & 0xff) as u8
}

/// `hsa_kernel_dispatch_packet_t`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KernelDispatchPacket {
    pub header: u16,
    /// Number of grid dimensions in bits 0-1.
    pub setup: u16,
    pub workgroup_size_x: u16,
    pub workgroup_size_y: u16,
    pub workgroup_size_z: u16,
    /// Must be 0 in HSA; ferrocm reads [`dispatch_flags`] here.
    pub reserved0: u16,
    /// Grid size in work-items.
    pub grid_size_x: u32,
    pub grid_size_y: u32,
    pub grid_size_z: u32,
    pub private_segment_size: u32,
    /// Dynamic group (shared) memory bytes.
    pub group_segment_size: u32,
    pub kernel_object: u64,
    pub kernarg_address: u64,
    pub reserved2: u64,
    pub completion_signal: u64,
}

/// `hsa_barrier_and_packet_t`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BarrierAndPacket {
    pub header: u16,
    pub reserved0: u16,
    pub reserved1: u32,
    /// Signals that must all reach 0; 0 handles are ignored.
    pub dep_signal: [u64; 5],
    pub reserved2: u64,
    pub completion_signal: u64,
}

/// ferrocm's vendor-specific packet: a host callback registered on the queue under
/// `callback_id` runs in order with the other packets.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VendorCallbackPacket {
    pub header: u16,
    pub reserved0: u16,
    /// [`VENDOR_HOST_CALLBACK`].
    pub vendor_kind: u32,
    pub callback_id: u64,
    pub reserved1: [u64; 5],
    pub completion_signal: u64,
}

/// A packet as eight 64-bit words (how the ring stores it).
pub type PacketWords = [u64; 8];

macro_rules! packet_words {
    ($t:ty) => {
        impl $t {
            /// The packet as ring words (word 0 holds the header).
            pub fn to_words(&self) -> PacketWords {
                let mut w = [0u64; 8];
                // SAFETY: the packet is 64 bytes of plain integers (size checked by a
                // const assertion below), so viewing it as eight u64s reads initialized data.
                let bytes: &[u8; 64] = unsafe { &*(self as *const $t as *const [u8; 64]) };
                for (i, c) in bytes.chunks_exact(8).enumerate() {
                    let mut b = [0u8; 8];
                    b.copy_from_slice(c);
                    w[i] = u64::from_ne_bytes(b);
                }
                w
            }

            /// The packet read back from ring words.
            pub fn from_words(w: &PacketWords) -> Self {
                let mut p = Self::default();
                // SAFETY: as above; every bit pattern is a valid value of these integer
                // fields, and `p` is a 64-byte exclusively borrowed local.
                let bytes: &mut [u8; 64] = unsafe { &mut *(&mut p as *mut $t as *mut [u8; 64]) };
                for (i, c) in bytes.chunks_exact_mut(8).enumerate() {
                    c.copy_from_slice(&w[i].to_ne_bytes());
                }
                p
            }
        }
        const _: () = assert!(std::mem::size_of::<$t>() == 64);
    };
}

packet_words!(KernelDispatchPacket);
packet_words!(BarrierAndPacket);
packet_words!(VendorCallbackPacket);

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    #[test]
    fn layouts_match_hsa() {
        assert_eq!(offset_of!(KernelDispatchPacket, workgroup_size_x), 4);
        assert_eq!(offset_of!(KernelDispatchPacket, grid_size_x), 12);
        assert_eq!(offset_of!(KernelDispatchPacket, private_segment_size), 24);
        assert_eq!(offset_of!(KernelDispatchPacket, group_segment_size), 28);
        assert_eq!(offset_of!(KernelDispatchPacket, kernel_object), 32);
        assert_eq!(offset_of!(KernelDispatchPacket, kernarg_address), 40);
        assert_eq!(offset_of!(KernelDispatchPacket, completion_signal), 56);
        assert_eq!(offset_of!(BarrierAndPacket, dep_signal), 8);
        assert_eq!(offset_of!(BarrierAndPacket, completion_signal), 56);
        assert_eq!(offset_of!(VendorCallbackPacket, completion_signal), 56);
    }

    #[test]
    fn words_round_trip_and_header_is_low_bits() {
        let p = KernelDispatchPacket {
            header: make_header(packet_type::KERNEL_DISPATCH, true),
            setup: 3,
            workgroup_size_x: 64,
            grid_size_x: 1 << 20,
            kernel_object: 0xdead_beef,
            completion_signal: 42,
            ..Default::default()
        };
        let w = p.to_words();
        assert_eq!(header_type(w[0] as u16), packet_type::KERNEL_DISPATCH);
        assert_eq!((w[0] >> 8) & 1, 1);
        assert_eq!(KernelDispatchPacket::from_words(&w), p);
    }
}
