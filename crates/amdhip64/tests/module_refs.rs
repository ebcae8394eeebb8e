//! A module's globals and texture references through the C ABI: hipModuleGetGlobal's and
//! hipModuleGetTexRef's argument checks in ROCm's order and codes, a texture reference bound
//! through the driver API and sampled by the module's kernel, and a cooperative module launch
//! on a stream that no longer exists.

use amdhip64::texture::*;
use amdhip64::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::OnceLock;

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const INVALID_HANDLE: i32 = 400;
const NOT_FOUND: i32 = 500;

const MODULE: &str = r#"
#include <hip/hip_runtime.h>
__device__ int counts[4];
texture<float, hipTextureType1D, hipReadModeElementType> tex;
extern "C" __global__ void fetch(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(tex, i) * 2.0f;
}
"#;

#[track_caller]
fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {code}, wanted {want}");
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

#[track_caller]
fn ok(code: i32) {
    assert_eq!(code, SUCCESS, "returned {code}");
}

fn module() -> hipModule_t {
    static M: OnceLock<usize> = OnceLock::new();
    *M.get_or_init(|| {
        let co = comgr::compile_hip(MODULE, "refs.hip", &comgr::CompileOptions::default())
            .expect("compile the module");
        let image: &'static [u8] = Box::leak(co.to_bytes().into_boxed_slice());
        let mut m = null_mut();
        // SAFETY: a complete code object kept alive for the process.
        ok(unsafe { hipModuleLoadData(&mut m, image.as_ptr().cast()) });
        m as usize
    }) as hipModule_t
}

#[test]
fn get_global_checks_arguments_in_rocm_order() {
    let m = module();
    let (mut p, mut n) = (null_mut(), 0usize);
    // SAFETY: out-pointers are locals or null; names are C strings.
    unsafe {
        ok(hipModuleGetGlobal(&mut p, &mut n, m, c"counts".as_ptr()));
        assert!(!p.is_null());
        assert_eq!(n, 16);
        // Either out-pointer may be null, not both.
        ok(hipModuleGetGlobal(
            null_mut(),
            &mut n,
            m,
            c"counts".as_ptr(),
        ));
        ok(hipModuleGetGlobal(
            &mut p,
            null_mut(),
            m,
            c"counts".as_ptr(),
        ));
        expect(
            hipModuleGetGlobal(null_mut(), null_mut(), m, c"counts".as_ptr()),
            INVALID_VALUE,
        );
        expect(
            hipModuleGetGlobal(&mut p, &mut n, m, c"".as_ptr()),
            INVALID_VALUE,
        );
        expect(
            hipModuleGetGlobal(&mut p, &mut n, m, std::ptr::null()),
            INVALID_VALUE,
        );
        // The name is checked before the module.
        expect(
            hipModuleGetGlobal(&mut p, &mut n, null_mut(), c"".as_ptr()),
            INVALID_VALUE,
        );
        expect(
            hipModuleGetGlobal(&mut p, &mut n, null_mut(), c"counts".as_ptr()),
            INVALID_HANDLE,
        );
        expect(
            hipModuleGetGlobal(&mut p, &mut n, m, c"missing".as_ptr()),
            NOT_FOUND,
        );
    }
}

#[test]
fn get_tex_ref_checks_arguments_in_rocm_order() {
    let m = module();
    let mut r: *mut textureReference = null_mut();
    // SAFETY: out-pointers are locals or null; names are C strings.
    unsafe {
        expect(
            hipModuleGetTexRef(null_mut(), m, c"tex".as_ptr()),
            INVALID_VALUE,
        );
        expect(
            hipModuleGetTexRef(&mut r, m, std::ptr::null()),
            INVALID_VALUE,
        );
        expect(hipModuleGetTexRef(&mut r, m, c"".as_ptr()), INVALID_VALUE);
        expect(
            hipModuleGetTexRef(&mut r, null_mut(), c"tex".as_ptr()),
            INVALID_HANDLE,
        );
        expect(
            hipModuleGetTexRef(&mut r, m, c"missing".as_ptr()),
            NOT_FOUND,
        );
        // A global that is not a texture reference is not one.
        expect(hipModuleGetTexRef(&mut r, m, c"counts".as_ptr()), NOT_FOUND);
        assert!(r.is_null());
        ok(hipModuleGetTexRef(&mut r, m, c"tex".as_ptr()));
        assert!(!r.is_null());
        // A driver-API reference reads normalized floats of one 32-bit float channel.
        let (mut format, mut channels, mut flags) = (0u32, 0i32, 9u32);
        ok(hipTexRefGetFormat(&mut format, &mut channels, r));
        assert_eq!((format, channels), (0x20, 1));
        ok(hipTexRefGetFlags(&mut flags, r));
        assert_eq!(flags, 0, "not read as integer, unnormalized coordinates");
    }
}

#[test]
fn texture_reference_bound_through_the_driver_api_is_sampled_by_the_module() {
    const N: usize = 256;
    let m = module();
    let input: Vec<f32> = (0..N).map(|i| i as f32 * 0.5 - 3.0).collect();
    // SAFETY: device buffers of N floats; the reference is the module's variable; kernel
    // arguments point at locals that outlive the launch.
    unsafe {
        let (mut src, mut out) = (null_mut(), null_mut());
        ok(hipMalloc(&mut src, N * 4));
        ok(hipMalloc(&mut out, N * 4));
        ok(hipMemcpy(src, input.as_ptr().cast(), N * 4, 1));
        let mut r: *mut textureReference = null_mut();
        ok(hipModuleGetTexRef(&mut r, m, c"tex".as_ptr()));
        ok(hipTexRefSetFormat(r, 0x20, 1));
        let mut offset = 7usize;
        ok(hipTexRefSetAddress(&mut offset, r, src, N * 4));
        assert_eq!(offset, 0);
        let mut f = null_mut();
        ok(hipModuleGetFunction(&mut f, m, c"fetch".as_ptr()));
        let mut n = N as i32;
        let mut args: [*mut c_void; 2] = [
            (&mut out as *mut *mut c_void).cast(),
            (&mut n as *mut i32).cast(),
        ];
        ok(hipModuleLaunchKernel(
            f,
            (N / 64) as u32,
            1,
            1,
            64,
            1,
            1,
            0,
            null_mut(),
            args.as_mut_ptr(),
            null_mut(),
        ));
        let mut back = vec![f32::NAN; N];
        ok(hipMemcpy(back.as_mut_ptr().cast(), out, N * 4, 2));
        for i in 0..N {
            assert_eq!(back[i], input[i] * 2.0, "element {i}");
        }
        ok(hipFree(src));
        ok(hipFree(out));
    }
}

#[test]
fn cooperative_module_launch_on_a_destroyed_stream_is_an_invalid_value() {
    let m = module();
    // SAFETY: out-pointers are locals; the launch is refused before any argument is read.
    unsafe {
        let mut f = null_mut();
        ok(hipModuleGetFunction(&mut f, m, c"fetch".as_ptr()));
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipStreamDestroy(s));
        expect(
            hipModuleLaunchCooperativeKernel(f, 1, 1, 1, 1, 1, 1, 0, s, null_mut()),
            INVALID_VALUE,
        );
    }
}

const NOT_SUPPORTED: i32 = 801;

/// A zeroed reference of the driver API (not a variable): the getters read back what the
/// setters and bindings stored.
#[test]
fn reference_getters_read_back_bindings_and_state() {
    // SAFETY: textureReference is plain data; all-zero is a valid (unbound) reference.
    let mut r: textureReference = unsafe { std::mem::zeroed() };
    let rp: *mut textureReference = &mut r;
    let float1 = hipChannelFormatDesc {
        x: 32,
        y: 0,
        z: 0,
        w: 0,
        f: 2,
    };
    // SAFETY: `rp` is a live reference; out-pointers are locals or null; allocations are
    // freed at the end, after the reference was unbound.
    unsafe {
        let (mut p, mut a, mut mm) = (null_mut(), null_mut(), null_mut());
        // Unbound: nothing to read back.
        expect(hipTexRefGetAddress(&mut p, rp), INVALID_VALUE);
        expect(hipTexRefGetArray(&mut a, rp), INVALID_VALUE);
        expect(hipTexRefGetMipMappedArray(&mut mm, rp), INVALID_VALUE);
        expect(hipTexRefGetAddress(null_mut(), rp), INVALID_VALUE);
        expect(hipTexRefGetAddress(&mut p, std::ptr::null()), INVALID_VALUE);

        // Linear memory.
        ok(hipTexRefSetFormat(rp, 0x20, 1));
        let mut d = null_mut();
        ok(hipMalloc(&mut d, 4096));
        let mut off = 0usize;
        ok(hipTexRefSetAddress(&mut off, rp, d, 4096));
        ok(hipTexRefGetAddress(&mut p, rp));
        assert_eq!(p, d);
        expect(hipTexRefGetArray(&mut a, rp), INVALID_VALUE);

        // An array.
        let mut arr = null_mut();
        ok(hipMallocArray(&mut arr, &float1, 16, 16, 0));
        ok(hipTexRefSetArray(rp, arr, 1));
        ok(hipTexRefGetArray(&mut a, rp));
        assert_eq!(a, arr);
        expect(hipTexRefGetAddress(&mut p, rp), INVALID_VALUE);
        expect(hipTexRefGetMipMappedArray(&mut mm, rp), INVALID_VALUE);

        // A mipmapped array: only HIP_TRSA_OVERRIDE_FORMAT is accepted, as in ROCm.
        let mut mip = null_mut();
        let extent = amdhip64::abi::hipExtent {
            width: 16,
            height: 16,
            depth: 0,
        };
        ok(hipMallocMipmappedArray(&mut mip, &float1, extent, 3, 0));
        expect(hipTexRefSetMipmappedArray(rp, mip, 0), INVALID_VALUE);
        expect(hipTexRefSetMipmappedArray(rp, null_mut(), 1), INVALID_VALUE);
        expect(
            hipTexRefSetMipmappedArray(null_mut(), mip, 1),
            INVALID_VALUE,
        );
        // A mipmapped texture samples with normalized coordinates.
        ok(hipTexRefSetFlags(rp, 0x02));
        ok(hipTexRefSetMipmappedArray(rp, mip, 1));
        ok(hipTexRefGetMipMappedArray(&mut mm, rp));
        assert_eq!(mm, mip);
        expect(hipTexRefGetArray(&mut a, rp), INVALID_VALUE);

        // Sampling state.
        ok(hipTexRefSetMaxAnisotropy(rp, 8));
        ok(hipTexRefSetMipmapFilterMode(rp, 1));
        ok(hipTexRefSetMipmapLevelBias(rp, 0.5));
        ok(hipTexRefSetMipmapLevelClamp(rp, 1.0, 2.5));
        let (mut aniso, mut fm, mut bias, mut lo, mut hi) = (0i32, 0i32, 0f32, 0f32, 0f32);
        ok(hipTexRefGetMaxAnisotropy(&mut aniso, rp));
        ok(hipTexRefGetMipmapFilterMode(&mut fm, rp));
        ok(hipTexRefGetMipmapLevelBias(&mut bias, rp));
        ok(hipTexRefGetMipmapLevelClamp(&mut lo, &mut hi, rp));
        assert_eq!((aniso, fm, bias, lo, hi), (8, 1, 0.5, 1.0, 2.5));
        expect(hipTexRefSetMaxAnisotropy(null_mut(), 8), INVALID_VALUE);
        expect(hipTexRefGetMaxAnisotropy(null_mut(), rp), INVALID_VALUE);
        expect(
            hipTexRefGetMipmapLevelClamp(&mut lo, null_mut(), rp),
            INVALID_VALUE,
        );

        // HIP 6's reference has no border color: refused loudly after the argument checks.
        let mut color = [0f32; 4];
        expect(
            hipTexRefSetBorderColor(rp, color.as_mut_ptr()),
            NOT_SUPPORTED,
        );
        expect(
            hipTexRefGetBorderColor(color.as_mut_ptr(), rp),
            NOT_SUPPORTED,
        );
        expect(hipTexRefSetBorderColor(rp, null_mut()), INVALID_VALUE);
        expect(
            hipTexRefGetBorderColor(color.as_mut_ptr(), std::ptr::null()),
            INVALID_VALUE,
        );

        ok(hipUnbindTexture(rp));
        ok(hipFreeMipmappedArray(mip));
        ok(hipFreeArray(arr));
        ok(hipFree(d));
    }
}
