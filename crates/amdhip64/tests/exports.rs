//! `nm -D` on libamdhip64.so lists every entry point of the C ABI and the registration ABI.

mod common;

use std::process::Command;

const EXPORTS: &[&str] = &[
    "hipInit",
    "hipRuntimeGetVersion",
    "hipDriverGetVersion",
    "hipGetDeviceCount",
    "hipSetDevice",
    "hipGetDevice",
    "hipDeviceGetAttribute",
    "hipGetDeviceProperties",
    "hipGetDevicePropertiesR0600",
    "hipDeviceSynchronize",
    "hipDeviceReset",
    "hipDeviceGetName",
    "hipDeviceGetPCIBusId",
    "hipGetLastError",
    "hipPeekAtLastError",
    "hipGetErrorName",
    "hipGetErrorString",
    "hipMalloc",
    "hipFree",
    "hipMemcpy",
    "hipMemcpyAsync",
    "hipMemcpyHtoD",
    "hipMemcpyDtoH",
    "hipMemcpyDtoD",
    "hipMemcpyHtoDAsync",
    "hipMemcpyDtoHAsync",
    "hipMemcpyDtoDAsync",
    "hipMemcpy2D",
    "hipMemcpy2DAsync",
    "hipMemcpy3D",
    "hipMemcpy3DAsync",
    "hipMemcpyPeer",
    "hipMemcpyPeerAsync",
    "hipMemset",
    "hipMemsetD8",
    "hipMemsetD16",
    "hipMemsetD32",
    "hipMemsetAsync",
    "hipMemsetD8Async",
    "hipMemsetD16Async",
    "hipMemsetD32Async",
    "hipMemset2D",
    "hipMemset2DAsync",
    "hipHostMalloc",
    "hipHostFree",
    "hipMallocHost",
    "hipFreeHost",
    "hipHostRegister",
    "hipHostUnregister",
    "hipHostGetDevicePointer",
    "hipMallocManaged",
    "hipMemGetInfo",
    "hipPointerGetAttributes",
    "hipMallocPitch",
    "hipStreamCreate",
    "hipStreamCreateWithFlags",
    "hipStreamCreateWithPriority",
    "hipDeviceGetStreamPriorityRange",
    "hipStreamDestroy",
    "hipStreamSynchronize",
    "hipStreamQuery",
    "hipStreamWaitEvent",
    "hipStreamAddCallback",
    "hipLaunchHostFunc",
    "hipStreamGetFlags",
    "hipStreamGetPriority",
    "hipEventCreate",
    "hipEventCreateWithFlags",
    "hipEventRecord",
    "hipEventSynchronize",
    "hipEventQuery",
    "hipEventElapsedTime",
    "hipEventDestroy",
    "hipModuleLoad",
    "hipModuleLoadData",
    "hipModuleLoadDataEx",
    "hipModuleUnload",
    "hipModuleGetFunction",
    "hipModuleGetGlobal",
    "hipModuleLaunchKernel",
    "hipFuncGetAttributes",
    "hipOccupancyMaxPotentialBlockSize",
    "hipOccupancyMaxActiveBlocksPerMultiprocessor",
    "hipLaunchCooperativeKernel",
    "hipModuleLaunchCooperativeKernel",
    "hipLaunchCooperativeKernelMultiDevice",
    "hipModuleLaunchCooperativeKernelMultiDevice",
    "__hipRegisterFatBinary",
    "__hipUnregisterFatBinary",
    "__hipRegisterFunction",
    "__hipRegisterVar",
    "__hipRegisterManagedVar",
    "__hipPushCallConfiguration",
    "__hipPopCallConfiguration",
    "hipLaunchKernel",
    "hipMemcpyToSymbol",
    "hipMemcpyToSymbolAsync",
    "hipMemcpyFromSymbol",
    "hipMemcpyFromSymbolAsync",
    "hipGetSymbolAddress",
    "hipGetSymbolSize",
];

#[test]
fn shared_library_exports_every_entry_point() {
    let lib = common::lib_dir().join("libamdhip64.so");
    let out = common::run(Command::new("nm").args(["-D", "--defined-only"]).arg(&lib));
    let defined: std::collections::HashSet<&str> = out
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let (_addr, kind, name) = (f.next()?, f.next()?, f.next()?);
            (kind == "T").then_some(name)
        })
        .collect();
    let missing: Vec<&&str> = EXPORTS.iter().filter(|n| !defined.contains(**n)).collect();
    assert!(missing.is_empty(), "not exported as functions: {missing:?}");
    let soname = common::run(Command::new("readelf").arg("-d").arg(&lib));
    assert!(soname.contains("[libamdhip64.so.6]"), "soname:\n{soname}");
}
