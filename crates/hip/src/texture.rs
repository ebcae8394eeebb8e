//! Arrays, textures and surfaces.
//!
//! The CPU device has no texture units: a texture (or surface) object is the address of a
//! [`TexObject`] in memory, which device code reads with ordinary loads (the sampling
//! functions are C++ in `include/hip/amd_detail/texture_fetch_functions.h`, compiled with the
//! kernel). An [`Array`] is device memory holding elements row after row, slice after slice,
//! described by its [`ChannelFormat`].

use crate::error::{fail, Result};
use crate::HipError;
use std::ffi::c_void;

/// `hipChannelFormatKind` values.
pub mod channel_kind {
    pub const SIGNED: i32 = 0;
    pub const UNSIGNED: i32 = 1;
    pub const FLOAT: i32 = 2;
    pub const NONE: i32 = 3;
}

/// `hipArray*` flags.
pub mod array_flags {
    pub const DEFAULT: u32 = 0x00;
    pub const LAYERED: u32 = 0x01;
    pub const SURFACE_LOAD_STORE: u32 = 0x02;
    pub const CUBEMAP: u32 = 0x04;
    pub const TEXTURE_GATHER: u32 = 0x08;
}

/// `hipTextureType*` values: what the descriptor's `dims` holds.
pub mod texture_type {
    pub const D1: u32 = 0x01;
    pub const D2: u32 = 0x02;
    pub const D3: u32 = 0x03;
    pub const CUBEMAP: u32 = 0x0C;
    pub const D1_LAYERED: u32 = 0xF1;
    pub const D2_LAYERED: u32 = 0xF2;
    pub const CUBEMAP_LAYERED: u32 = 0xFC;
}

/// A channel format: bits per component and how they read (`hipChannelFormatDesc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChannelFormat {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub w: i32,
    pub kind: i32,
}

impl ChannelFormat {
    /// Checks the format is one arrays and textures can hold: 1, 2 or 4 components of 8, 16
    /// or 32 bits, all the same width, filled from x upwards; floats of 16 or 32 bits.
    pub fn validate(&self) -> Result<()> {
        let bad = |why: &str| {
            fail(
                HipError::InvalidValue,
                format!("channel format {self:?}: {why}"),
            )
        };
        if !matches!(self.x, 8 | 16 | 32) {
            return bad("x must be 8, 16 or 32 bits");
        }
        let comps = [self.y, self.z, self.w];
        if comps.iter().any(|&c| c != 0 && c != self.x) {
            return bad("all components have the width of x");
        }
        // Present components form a prefix: x, xy or xyzw.
        let present = [self.y != 0, self.z != 0, self.w != 0];
        if present.windows(2).any(|p| !p[0] && p[1]) {
            return bad("components are filled from x upwards");
        }
        if self.channels() == 3 {
            return bad("three-component formats do not exist (1, 2 or 4)");
        }
        match self.kind {
            channel_kind::SIGNED | channel_kind::UNSIGNED => Ok(()),
            channel_kind::FLOAT if self.x != 8 => Ok(()),
            channel_kind::FLOAT => bad("no 8-bit float format"),
            _ => bad("kind must be signed, unsigned or float"),
        }
    }

    /// Components present (1..=4).
    pub fn channels(&self) -> u32 {
        [self.x, self.y, self.z, self.w]
            .iter()
            .filter(|&&c| c != 0)
            .count() as u32
    }

    /// Bytes per element.
    pub fn element_size(&self) -> usize {
        self.channels() as usize * (self.x.max(0) as usize / 8)
    }

    /// The driver API's `hipArray_Format` for this format.
    pub fn array_format(&self) -> u32 {
        match (self.kind, self.x) {
            (channel_kind::UNSIGNED, 8) => 0x01,
            (channel_kind::UNSIGNED, 16) => 0x02,
            (channel_kind::UNSIGNED, _) => 0x03,
            (channel_kind::SIGNED, 8) => 0x08,
            (channel_kind::SIGNED, 16) => 0x09,
            (channel_kind::SIGNED, _) => 0x0a,
            (_, 16) => 0x10,
            _ => 0x20,
        }
    }

    /// The format of `channels` components of a driver API `hipArray_Format`; `None` for an
    /// unknown format or a component count other than 1, 2 or 4.
    pub fn from_array_format(format: u32, channels: u32) -> Option<ChannelFormat> {
        let (kind, bits) = match format {
            0x01 => (channel_kind::UNSIGNED, 8),
            0x02 => (channel_kind::UNSIGNED, 16),
            0x03 => (channel_kind::UNSIGNED, 32),
            0x08 => (channel_kind::SIGNED, 8),
            0x09 => (channel_kind::SIGNED, 16),
            0x0a => (channel_kind::SIGNED, 32),
            0x10 => (channel_kind::FLOAT, 16),
            0x20 => (channel_kind::FLOAT, 32),
            _ => return None,
        };
        if !matches!(channels, 1 | 2 | 4) {
            return None;
        }
        let c = |i: u32| if i < channels { bits } else { 0 };
        Some(ChannelFormat {
            x: bits,
            y: c(1),
            z: c(2),
            w: c(3),
            kind,
        })
    }
}

/// One mip level of an array, or the whole of a linear or pitched resource, as device code
/// reads it: `rows` rows of `pitch` bytes per slice, `slices` slices `slice_pitch` apart.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Level {
    pub data: u64,
    pub width: u64,
    pub rows: u64,
    pub slices: u64,
    pub pitch: u64,
    pub slice_pitch: u64,
}

/// Most mip levels an array or texture has (enough for 32768 texels a side).
pub const MAX_LEVELS: usize = 16;

/// "FTEX": a texture object.
pub const TEXTURE_MAGIC: u32 = 0x4654_4558;
/// "FSRF": a surface object.
pub const SURFACE_MAGIC: u32 = 0x4653_5246;

/// What a texture or surface object points to; `struct __ferrocm_texture` in
/// `include/hip/amd_detail/texture_fetch_functions.h` has the same layout (both sides test it).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct TexObject {
    /// [`TEXTURE_MAGIC`] or [`SURFACE_MAGIC`].
    pub magic: u32,
    /// A `hipTextureType*` value ([`texture_type`]).
    pub dims: u32,
    /// The `hipResourceType` it was made from.
    pub res_type: u32,
    /// A `hipChannelFormatKind`.
    pub kind: u32,
    /// Components per element, 1..=4.
    pub channels: u32,
    /// Bits per component: 8, 16 or 32.
    pub bits: u32,
    /// Bytes per element.
    pub elem_size: u32,
    /// `hipTextureReadMode` as applied: 32-bit and float formats always read as elements.
    pub read_mode: u32,
    pub filter_mode: u32,
    pub normalized: u32,
    pub srgb: u32,
    pub mip_filter: u32,
    /// `hipTextureAddressMode` per dimension.
    pub address: [u32; 3],
    /// Mip levels present (1 for everything but mipmapped arrays).
    pub num_levels: u32,
    pub border: [f32; 4],
    pub mip_bias: f32,
    pub min_mip_clamp: f32,
    pub max_mip_clamp: f32,
    _reserved: u32,
    pub levels: [Level; MAX_LEVELS],
}

impl TexObject {
    /// A descriptor with everything zero but the magic.
    pub fn new(magic: u32) -> TexObject {
        TexObject {
            magic,
            dims: 0,
            res_type: 0,
            kind: 0,
            channels: 0,
            bits: 0,
            elem_size: 0,
            read_mode: 0,
            filter_mode: 0,
            normalized: 0,
            srgb: 0,
            mip_filter: 0,
            address: [0; 3],
            num_levels: 0,
            border: [0.0; 4],
            mip_bias: 0.0,
            min_mip_clamp: 0.0,
            max_mip_clamp: 0.0,
            _reserved: 0,
            levels: [Level::default(); MAX_LEVELS],
        }
    }

    /// Sets the element format.
    pub fn set_format(&mut self, f: &ChannelFormat) {
        self.kind = f.kind as u32;
        self.channels = f.channels();
        self.bits = f.x as u32;
        self.elem_size = f.element_size() as u32;
    }
}

/// An array: device memory holding `slices` slices of `rows` rows of `width` elements, for
/// each mip level.
#[derive(Debug)]
pub struct Array {
    pub format: ChannelFormat,
    /// Extent as created (0 for absent dimensions, as HIP reports it back).
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub flags: u32,
    /// The levels; level 0 is the array itself.
    pub levels: Vec<Level>,
    /// The one allocation holding every level; null for a view of another array's level.
    alloc: *mut c_void,
}

// SAFETY: the allocation is device memory owned by the array (freed once, through `free`);
// the raw pointer is only an address, never dereferenced here.
unsafe impl Send for Array {}
// SAFETY: as for Send: no interior mutability.
unsafe impl Sync for Array {}

impl Array {
    /// Allocates an array of `levels` mip levels (0 means 1).
    pub fn new(
        format: ChannelFormat,
        width: usize,
        height: usize,
        depth: usize,
        flags: u32,
        levels: u32,
    ) -> Result<Array> {
        format.validate()?;
        let elem = format.element_size();
        let levels = levels.max(1) as usize;
        if levels > MAX_LEVELS {
            return fail(
                HipError::InvalidValue,
                format!("{levels} mip levels (at most {MAX_LEVELS})"),
            );
        }
        let layered = flags & (array_flags::LAYERED | array_flags::CUBEMAP) != 0;
        // A chain ends at a 1x1(x1) level: 1 + floor(log2) of the largest mipmapped side.
        let largest = width
            .max(height)
            .max(if layered { 0 } else { depth })
            .max(1);
        let most = 1 + largest.ilog2() as usize;
        if levels > most {
            return fail(
                HipError::InvalidValue,
                format!("{levels} mip levels for a largest side of {largest} (at most {most})"),
            );
        }
        let mut out = Vec::with_capacity(levels);
        let mut total = 0usize;
        let (mut w, mut h, mut d) = (width.max(1), height.max(1), depth.max(1));
        for _ in 0..levels {
            let pitch = w.checked_mul(elem);
            let slice = pitch.and_then(|p| p.checked_mul(h));
            let bytes = slice.and_then(|s| s.checked_mul(d));
            let (Some(pitch), Some(slice), Some(bytes)) = (pitch, slice, bytes) else {
                return fail(HipError::OutOfMemory, "array size overflows");
            };
            out.push(Level {
                data: total as u64,
                width: w as u64,
                rows: h as u64,
                slices: d as u64,
                pitch: pitch as u64,
                slice_pitch: slice as u64,
            });
            // Each level starts 256-byte aligned, as texture data must be.
            total = match total.checked_add(bytes) {
                Some(t) => t.next_multiple_of(256),
                None => return fail(HipError::OutOfMemory, "array size overflows"),
            };
            w = (w / 2).max(1);
            if height > 0 {
                h = (h / 2).max(1);
            }
            if depth > 0 && !layered {
                d = (d / 2).max(1);
            }
        }
        // SAFETY: the allocation is owned by the array and freed in `free`.
        let alloc = unsafe { crate::malloc(total)? };
        for l in &mut out {
            l.data += alloc as u64;
        }
        Ok(Array {
            format,
            width,
            height,
            depth,
            flags,
            levels: out,
            alloc,
        })
    }

    /// A view of level `i` of `self` as an array of its own (not owning memory).
    pub fn level_view(&self, i: usize) -> Option<Array> {
        let l = *self.levels.get(i)?;
        let dim = |orig: usize, n: u64| if orig == 0 { 0 } else { n as usize };
        Some(Array {
            format: self.format,
            width: l.width as usize,
            height: dim(self.height, l.rows),
            depth: dim(self.depth, l.slices),
            flags: self.flags,
            levels: vec![l],
            alloc: std::ptr::null_mut(),
        })
    }

    /// Bytes per element.
    pub fn element_size(&self) -> usize {
        self.format.element_size()
    }

    /// The `hipTextureType` a texture or surface on this array has.
    pub fn texture_type(&self) -> u32 {
        let cube = self.flags & array_flags::CUBEMAP != 0;
        let layered = self.flags & array_flags::LAYERED != 0;
        match (cube, layered, self.height > 0, self.depth > 0) {
            (true, true, ..) => texture_type::CUBEMAP_LAYERED,
            (true, false, ..) => texture_type::CUBEMAP,
            (false, true, false, _) => texture_type::D1_LAYERED,
            (false, true, true, _) => texture_type::D2_LAYERED,
            (false, false, _, true) => texture_type::D3,
            (false, false, true, false) => texture_type::D2,
            (false, false, false, false) => texture_type::D1,
        }
    }

    /// Frees the memory (waiting for the device first, as `hipFree` does); views free
    /// nothing.
    ///
    /// # Safety
    /// No texture, surface or copy uses the array afterwards.
    pub unsafe fn free(&mut self) -> Result<()> {
        let p = std::mem::replace(&mut self.alloc, std::ptr::null_mut());
        // SAFETY: `p` came from `malloc` in `new` and is released once (replaced by null).
        unsafe { crate::free(p) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn descriptor_layout() {
        // Mirrors the static_asserts of texture_fetch_functions.h.
        assert_eq!(size_of::<Level>(), 48);
        assert_eq!(offset_of!(TexObject, address), 48);
        assert_eq!(offset_of!(TexObject, num_levels), 60);
        assert_eq!(offset_of!(TexObject, border), 64);
        assert_eq!(offset_of!(TexObject, mip_bias), 80);
        assert_eq!(offset_of!(TexObject, levels), 96);
        assert_eq!(size_of::<TexObject>(), 96 + 48 * MAX_LEVELS);
    }

    #[test]
    fn channel_formats() {
        let f = |x, y, z, w, kind| ChannelFormat { x, y, z, w, kind };
        assert!(f(8, 8, 8, 8, channel_kind::UNSIGNED).validate().is_ok());
        assert!(f(32, 0, 0, 0, channel_kind::FLOAT).validate().is_ok());
        assert!(f(16, 16, 0, 0, channel_kind::FLOAT).validate().is_ok());
        assert!(f(8, 0, 0, 0, channel_kind::FLOAT).validate().is_err());
        assert!(f(8, 8, 8, 0, channel_kind::SIGNED).validate().is_err());
        assert!(f(8, 16, 0, 0, channel_kind::SIGNED).validate().is_err());
        assert!(f(8, 0, 8, 0, channel_kind::SIGNED).validate().is_err());
        assert!(f(12, 0, 0, 0, channel_kind::SIGNED).validate().is_err());
        assert!(f(8, 0, 0, 0, channel_kind::NONE).validate().is_err());
        let g = f(16, 16, 16, 16, channel_kind::SIGNED);
        assert_eq!(g.element_size(), 8);
        assert_eq!(
            ChannelFormat::from_array_format(g.array_format(), 4),
            Some(g)
        );
        assert_eq!(ChannelFormat::from_array_format(0x20, 3), None);
    }
}
