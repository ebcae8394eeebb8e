//! The contract between the CPU lowering (`comgr`) and the CPU agent (`hsa`).
//!
//! A HIP kernel compiled for the CPU device becomes one *work-group function* per kernel:
//!
//! ```text
//! u32 wg(const u8 *kernargs, WorkGroupCtx *ctx)
//! ```
//!
//! It runs every work-item of one work-group (loops over the work-items, barriers lowered) and
//! returns a [`WgStatus`] code. The native code lives in an ELF shared object inside a
//! [`CodeObject`] container, together with the metadata the runtime needs to launch it.

use serde::{Deserialize, Serialize};
use std::ffi::{c_char, c_void};

/// Target name of native CPU code in offload bundles and code objects.
pub const CPU_TARGET: &str = "x86_64-unknown-linux-gnu";

/// The CPU device's warp (wavefront) size: 64, as on AMD's CDNA GPUs, unless `FERROCM_WARP_SIZE=32`
/// (RDNA and NVIDIA's size). Read once per process: the device's `warpSize` and the size that device
/// code compiled in this process is built for (`__AMDGCN_WAVEFRONT_SIZE`).
pub fn default_wavefront_size() -> u32 {
    static SIZE: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *SIZE.get_or_init(|| {
        match std::env::var("FERROCM_WARP_SIZE")
            .ok()
            .as_deref()
            .map(str::trim)
        {
            Some("32") => 32,
            _ => 64,
        }
    })
}

/// The CPU device's `gcnArchName` (and HSA ISA name) at a warp size: an AMD GPU architecture with that
/// wavefront size and none of the matrix (MFMA, WMMA) or packed-dot instructions, so that AMD-aware
/// host code (rocPRIM's configuration dispatch, ggml's architecture checks) takes its generic path,
/// and ROCm's tests, which expect a `gfx` name, accept it. No `__gfx*__` macro is defined in device
/// code, so device code takes its generic path too.
pub fn gcn_arch_name(wavefront_size: u32) -> &'static str {
    if wavefront_size == 32 {
        "gfx1010"
    } else {
        "gfx900:xnack-"
    }
}

/// Work-group function status: all work-items finished.
pub const WG_STATUS_OK: u32 = 0;
/// Work-items of one group reached different barriers (or some returned while others waited).
pub const WG_STATUS_DIVERGENT_BARRIER: u32 = 1;
/// A work-item aborted the launch (`assert` failed, `__trap`, `abort`); details went through
/// [`WorkGroupCtx::assert_fail`].
pub const WG_STATUS_ABORT: u32 = 2;

/// Device `printf`: the lowering rewrites each call into one of these, with every variadic
/// argument widened to a 64-bit slot (integers zero/sign-extended as C promoted them, doubles as
/// their bits, pointers as addresses). Returns what device `printf` returns: the number of bytes
/// printed, or -1 when nothing was (as on AMD GPUs).
pub type PrintfFn = unsafe extern "C" fn(
    ctx: *mut WorkGroupCtx,
    fmt: *const c_char,
    args: *const u64,
    nargs: u32,
) -> i32;

/// Set in [`PrintfFn`]'s `nargs` by code built with `-mprintf-kind=buffered`: the record goes
/// through the dispatch's printf FIFO (`hipLimitPrintfFifoSize`), and printf fails (-1) once it
/// is full, as AMD's printf buffer does.
pub const PRINTF_BUFFERED: u32 = 1 << 31;

/// Device assertion failure / trap. `expr`, `file`, `func` may be null (a trap has none).
pub type AssertFailFn = unsafe extern "C" fn(
    ctx: *mut WorkGroupCtx,
    expr: *const c_char,
    file: *const c_char,
    line: u32,
    func: *const c_char,
);

/// Grid-wide barrier (`cooperative_groups::this_grid().sync()`): returns once every work-group of
/// the dispatch has called it, with 0; non-zero when the dispatch is not a cooperative launch (the
/// service has then recorded the error and the work-group aborts).
pub type GridSyncFn = unsafe extern "C" fn(ctx: *mut WorkGroupCtx) -> u32;

/// The work-group function each kernel is lowered to.
pub type WorkGroupFn = unsafe extern "C" fn(kernargs: *const u8, ctx: *mut WorkGroupCtx) -> u32;

/// Per-work-group state passed to a [`WorkGroupFn`]. The lowering reads the fields at the byte
/// offsets in [`ctx_offsets`]; a test checks both agree.
#[repr(C)]
#[derive(Debug)]
pub struct WorkGroupCtx {
    /// `blockIdx`.
    pub group_id: [u32; 3],
    /// `blockDim`: the dispatch's work-group size.
    pub block_dim: [u32; 3],
    /// `gridDim`: number of work-groups in each dimension.
    pub num_groups: [u32; 3],
    /// Warp (wavefront) size chosen for this launch: 32 or 64 (the lowering relies on it).
    pub warp_size: u32,
    /// This work-group's local (shared) memory: static variables first, the dynamic
    /// (`extern __shared__`) part at [`KernelMeta::dynamic_local_offset`].
    pub local_mem: *mut u8,
    /// Device `printf` service.
    pub printf: PrintfFn,
    /// Device `assert` / trap service.
    pub assert_fail: AssertFailFn,
    /// Opaque to device code: the runtime's per-dispatch state for the services above.
    pub host_data: *mut c_void,
    /// Grid-wide barrier service.
    pub grid_sync: GridSyncFn,
}

/// Byte offsets of [`WorkGroupCtx`] fields, as the lowering addresses them.
pub mod ctx_offsets {
    pub const GROUP_ID: u64 = 0;
    pub const BLOCK_DIM: u64 = 12;
    pub const NUM_GROUPS: u64 = 24;
    pub const WARP_SIZE: u64 = 36;
    pub const LOCAL_MEM: u64 = 40;
    pub const PRINTF: u64 = 48;
    pub const ASSERT_FAIL: u64 = 56;
    pub const HOST_DATA: u64 = 64;
    pub const GRID_SYNC: u64 = 72;
    pub const SIZE: u64 = 80;
}

/// How one kernel argument is passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArgKind {
    /// A pointer (global memory).
    Pointer,
    /// A scalar or vector passed by value.
    Value,
    /// An aggregate passed by value (copied into the kernarg segment).
    Aggregate,
}

/// One kernel argument's place in the kernarg segment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArgMeta {
    pub offset: u32,
    pub size: u32,
    pub align: u32,
    pub kind: ArgKind,
}

/// What the runtime needs to know about one kernel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelMeta {
    /// The kernel's (mangled) name, as `hipModuleGetFunction` looks it up.
    pub name: String,
    /// Symbol of its [`WorkGroupFn`] in the native shared object.
    pub symbol: String,
    pub args: Vec<ArgMeta>,
    /// Size of the kernarg segment (all arguments laid out).
    pub kernarg_size: u32,
    pub kernarg_align: u32,
    /// Bytes of static `__shared__` variables.
    pub static_local_size: u32,
    /// Where the dynamic (`extern __shared__`) part of local memory starts.
    pub dynamic_local_offset: u32,
    /// `__launch_bounds__` maximum threads per block, when given.
    pub max_threads_per_block: Option<u32>,
    /// Number of barriers in the kernel after inlining.
    pub barriers: u32,
    /// Whether the kernel calls the grid-wide barrier (needs a cooperative launch).
    #[serde(default)]
    pub grid_sync: bool,
}

/// A device global variable (`__device__`, `__constant__`) exported by the code object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlobalMeta {
    pub name: String,
    pub size: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeObjectMeta {
    /// Target triple of the native code.
    pub target: String,
    /// The wavefront size device code was compiled for (`__AMDGCN_WAVEFRONT_SIZE`, the constant
    /// `warpSize`); 0 in code objects from before it was recorded.
    #[serde(default)]
    pub wavefront_size: u32,
    pub kernels: Vec<KernelMeta>,
    pub globals: Vec<GlobalMeta>,
}

/// A compiled CPU code object: metadata plus a native ELF shared object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeObject {
    pub meta: CodeObjectMeta,
    pub elf: Vec<u8>,
}

/// Magic bytes that open a serialized [`CodeObject`].
pub const CODE_OBJECT_MAGIC: &[u8; 8] = b"FCMCPU\x00\x01";

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CodeObjectError {
    #[error("not a ferrocm CPU code object (bad magic)")]
    BadMagic,
    #[error("truncated code object: {0}")]
    Truncated(&'static str),
    #[error("corrupt code object metadata: {0}")]
    BadMetadata(String),
}

impl CodeObject {
    /// Serialized form: magic, u32 LE metadata length, JSON metadata, u64 LE ELF length, ELF.
    pub fn to_bytes(&self) -> Vec<u8> {
        // Serializing plain data structures to JSON cannot fail.
        let meta = serde_json::to_vec(&self.meta).unwrap_or_default();
        let mut out = Vec::with_capacity(8 + 4 + meta.len() + 8 + self.elf.len());
        out.extend_from_slice(CODE_OBJECT_MAGIC);
        out.extend_from_slice(&(meta.len() as u32).to_le_bytes());
        out.extend_from_slice(&meta);
        out.extend_from_slice(&(self.elf.len() as u64).to_le_bytes());
        out.extend_from_slice(&self.elf);
        out
    }

    /// Whether `bytes` starts like a serialized code object.
    pub fn is_code_object(bytes: &[u8]) -> bool {
        bytes.starts_with(CODE_OBJECT_MAGIC)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, CodeObjectError> {
        if !Self::is_code_object(bytes) {
            return Err(CodeObjectError::BadMagic);
        }
        let rest = &bytes[8..];
        let (len, rest) = split_u32(rest).ok_or(CodeObjectError::Truncated("metadata length"))?;
        if rest.len() < len as usize {
            return Err(CodeObjectError::Truncated("metadata"));
        }
        let (meta, rest) = rest.split_at(len as usize);
        let meta: CodeObjectMeta = serde_json::from_slice(meta)
            .map_err(|e| CodeObjectError::BadMetadata(e.to_string()))?;
        if rest.len() < 8 {
            return Err(CodeObjectError::Truncated("native code length"));
        }
        let (elf_len, rest) = rest.split_at(8);
        let mut len8 = [0u8; 8];
        len8.copy_from_slice(elf_len);
        let elf_len = u64::from_le_bytes(len8);
        if (rest.len() as u64) != elf_len {
            return Err(CodeObjectError::Truncated("native code"));
        }
        Ok(CodeObject {
            meta,
            elf: rest.to_vec(),
        })
    }
}

fn split_u32(b: &[u8]) -> Option<(u32, &[u8])> {
    if b.len() < 4 {
        return None;
    }
    let (h, t) = b.split_at(4);
    Some((u32::from_le_bytes([h[0], h[1], h[2], h[3]]), t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    #[test]
    fn ctx_offsets_match_layout() {
        assert_eq!(
            offset_of!(WorkGroupCtx, group_id) as u64,
            ctx_offsets::GROUP_ID
        );
        assert_eq!(
            offset_of!(WorkGroupCtx, block_dim) as u64,
            ctx_offsets::BLOCK_DIM
        );
        assert_eq!(
            offset_of!(WorkGroupCtx, num_groups) as u64,
            ctx_offsets::NUM_GROUPS
        );
        assert_eq!(
            offset_of!(WorkGroupCtx, warp_size) as u64,
            ctx_offsets::WARP_SIZE
        );
        assert_eq!(
            offset_of!(WorkGroupCtx, local_mem) as u64,
            ctx_offsets::LOCAL_MEM
        );
        assert_eq!(offset_of!(WorkGroupCtx, printf) as u64, ctx_offsets::PRINTF);
        assert_eq!(
            offset_of!(WorkGroupCtx, assert_fail) as u64,
            ctx_offsets::ASSERT_FAIL
        );
        assert_eq!(
            offset_of!(WorkGroupCtx, host_data) as u64,
            ctx_offsets::HOST_DATA
        );
        assert_eq!(
            offset_of!(WorkGroupCtx, grid_sync) as u64,
            ctx_offsets::GRID_SYNC
        );
        assert_eq!(
            std::mem::size_of::<WorkGroupCtx>() as u64,
            ctx_offsets::SIZE
        );
    }

    fn sample() -> CodeObject {
        CodeObject {
            meta: CodeObjectMeta {
                target: CPU_TARGET.into(),
                wavefront_size: 0,
                kernels: vec![KernelMeta {
                    name: "_Z3addPf".into(),
                    symbol: "_Z3addPf.wg".into(),
                    args: vec![ArgMeta {
                        offset: 0,
                        size: 8,
                        align: 8,
                        kind: ArgKind::Pointer,
                    }],
                    kernarg_size: 8,
                    kernarg_align: 8,
                    static_local_size: 0,
                    dynamic_local_offset: 0,
                    max_threads_per_block: None,
                    barriers: 0,
                    grid_sync: false,
                }],
                globals: vec![],
            },
            elf: vec![0x7f, b'E', b'L', b'F', 1, 2, 3],
        }
    }

    #[test]
    fn code_object_round_trips() {
        let co = sample();
        assert_eq!(CodeObject::from_bytes(&co.to_bytes()), Ok(co));
    }

    #[test]
    fn code_object_rejects_bad_input() {
        let bytes = sample().to_bytes();
        assert_eq!(
            CodeObject::from_bytes(b"garbage!"),
            Err(CodeObjectError::BadMagic)
        );
        assert_eq!(
            CodeObject::from_bytes(&bytes[..bytes.len() - 1]),
            Err(CodeObjectError::Truncated("native code"))
        );
        assert_eq!(
            CodeObject::from_bytes(&bytes[..10]),
            Err(CodeObjectError::Truncated("metadata length"))
        );
        let mut bad = bytes.clone();
        bad[12] = b'!';
        assert!(matches!(
            CodeObject::from_bytes(&bad),
            Err(CodeObjectError::BadMetadata(_))
        ));
    }
}

/// Clang offload bundles (`__CLANG_OFFLOAD_BUNDLE__`): what `hipcc` embeds in a host object and what
/// `__hipRegisterFatBinary` receives.
///
/// Layout (all integers little-endian u64): the 24-byte magic, the number of entries, then per entry
/// its offset (from the start of the bundle), size, ID length and ID bytes; the entries' data follow.
pub mod bundle {
    /// Magic string opening a bundle.
    pub const MAGIC: &[u8; 24] = b"__CLANG_OFFLOAD_BUNDLE__";
    /// Entry ID of ferrocm CPU code (its data is a serialized [`crate::CodeObject`]).
    pub const CPU_ENTRY_ID: &str = "hipv4-x86_64-unknown-linux-gnu-cpu";
    /// The (empty) host entry clang's tools expect in every bundle.
    pub const HOST_ENTRY_ID: &str = "host-x86_64-unknown-linux-gnu";

    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    pub enum BundleError {
        #[error("not a clang offload bundle (bad magic)")]
        BadMagic,
        #[error("malformed offload bundle: {0}")]
        Malformed(&'static str),
    }

    /// One entry of a bundle.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Entry<'a> {
        pub id: &'a str,
        pub data: &'a [u8],
    }

    /// Writes a bundle holding `entries` (data aligned to 4096 like clang's bundler, so code can be
    /// mapped in place).
    pub fn write(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let header: usize = 24 + 8 + entries.iter().map(|(id, _)| 24 + id.len()).sum::<usize>();
        let mut offsets = Vec::with_capacity(entries.len());
        let mut pos = header.next_multiple_of(4096);
        for (_, data) in entries {
            offsets.push(pos);
            pos = (pos + data.len()).next_multiple_of(4096);
        }
        let mut out = Vec::with_capacity(pos);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
        for ((id, data), off) in entries.iter().zip(&offsets) {
            out.extend_from_slice(&(*off as u64).to_le_bytes());
            out.extend_from_slice(&(data.len() as u64).to_le_bytes());
            out.extend_from_slice(&(id.len() as u64).to_le_bytes());
            out.extend_from_slice(id.as_bytes());
        }
        for ((_, data), off) in entries.iter().zip(&offsets) {
            out.resize(*off, 0);
            out.extend_from_slice(data);
        }
        out
    }

    fn u64_at(b: &[u8], at: usize) -> Result<u64, BundleError> {
        let s = b
            .get(at..at + 8)
            .ok_or(BundleError::Malformed("truncated header"))?;
        let mut a = [0u8; 8];
        a.copy_from_slice(s);
        Ok(u64::from_le_bytes(a))
    }

    /// Reads a bundle; every offset and size is checked against `bytes`.
    pub fn read(bytes: &[u8]) -> Result<Vec<Entry<'_>>, BundleError> {
        if !bytes.starts_with(MAGIC) {
            return Err(BundleError::BadMagic);
        }
        let n = u64_at(bytes, 24)?;
        if n > 4096 {
            return Err(BundleError::Malformed("implausible number of entries"));
        }
        let mut at = 32usize;
        let mut out = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let off = u64_at(bytes, at)? as usize;
            let size = u64_at(bytes, at + 8)? as usize;
            let id_len = u64_at(bytes, at + 16)? as usize;
            at += 24;
            let id = bytes
                .get(
                    at..at
                        .checked_add(id_len)
                        .ok_or(BundleError::Malformed("entry ID length"))?,
                )
                .ok_or(BundleError::Malformed("truncated entry ID"))?;
            let id = std::str::from_utf8(id)
                .map_err(|_| BundleError::Malformed("entry ID is not UTF-8"))?;
            at += id_len;
            let end = off
                .checked_add(size)
                .ok_or(BundleError::Malformed("entry size"))?;
            let data = bytes.get(off..end).ok_or(BundleError::Malformed(
                "entry data past the end of the bundle",
            ))?;
            out.push(Entry { id, data });
        }
        Ok(out)
    }

    /// The bundle size implied by its header (largest entry end), for bundles reached through a
    /// pointer with no length (`__hipRegisterFatBinary`). Reads only the header.
    ///
    /// # Safety
    /// `ptr` must point to readable memory holding a complete bundle header.
    pub unsafe fn size_from_header(ptr: *const u8) -> Result<usize, BundleError> {
        // SAFETY: the caller guarantees the magic and the entry count are readable.
        let head = unsafe { std::slice::from_raw_parts(ptr, 32) };
        if !head.starts_with(MAGIC) {
            return Err(BundleError::BadMagic);
        }
        let n = u64_at(head, 24)?;
        if n > 4096 {
            return Err(BundleError::Malformed("implausible number of entries"));
        }
        let mut at = 32usize;
        let mut end = at;
        for _ in 0..n {
            // SAFETY: the caller guarantees the whole header (entry table) is readable.
            let fixed = unsafe { std::slice::from_raw_parts(ptr.add(at), 24) };
            let off = u64_at(fixed, 0)? as usize;
            let size = u64_at(fixed, 8)? as usize;
            let id_len = u64_at(fixed, 16)? as usize;
            if id_len > 4096 {
                return Err(BundleError::Malformed("implausible entry ID length"));
            }
            at += 24 + id_len;
            end = end.max(
                off.checked_add(size)
                    .ok_or(BundleError::Malformed("entry size"))?,
            );
        }
        Ok(end.max(at))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn bundles_round_trip_and_reject_bad_input() {
            let b = write(&[(HOST_ENTRY_ID, b""), (CPU_ENTRY_ID, b"code object bytes")]);
            let e = read(&b).unwrap();
            assert_eq!(e.len(), 2);
            assert_eq!(
                e[0],
                Entry {
                    id: HOST_ENTRY_ID,
                    data: b""
                }
            );
            assert_eq!(
                e[1],
                Entry {
                    id: CPU_ENTRY_ID,
                    data: b"code object bytes"
                }
            );
            // SAFETY: `b` is a complete bundle.
            assert_eq!(unsafe { size_from_header(b.as_ptr()) }.unwrap(), 4096 + 17);
            assert_eq!(
                read(b"not a bundle at all, no no no").unwrap_err(),
                BundleError::BadMagic
            );
            assert!(matches!(read(&b[..40]), Err(BundleError::Malformed(_))));
            assert!(matches!(read(&b[..4100]), Err(BundleError::Malformed(_))));
            let mut huge = b.clone();
            huge[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
            assert!(matches!(read(&huge), Err(BundleError::Malformed(_))));
        }
    }
}
