; The warp-vectorized `__shfl(v, src)` under a lane mask reads the lane array with a gather,
; on a target without gathers (AVX2): each becomes a loop over the lanes that are on, the two
; sharing one slot per vector type. The pass-through value is spilled unless it is poison; a
; gather with a constant mask is left to LLVM, which expands it without branches.
define <32 x i32> @shuffle(<32 x ptr> %p, <32 x ptr> %q, <32 x i1> %m, <32 x i32> %old) {
entry:
  %a = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %p, i32 4, <32 x i1> %m, <32 x i32> %old)
  %b = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %q, i32 4, <32 x i1> %m, <32 x i32> poison)
  %c = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %q, i32 4, <32 x i1> splat (i1 true), <32 x i32> poison)
  %ab = add <32 x i32> %a, %b
  %abc = add <32 x i32> %ab, %c
  ret <32 x i32> %abc
}

declare <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr>, i32 immarg, <32 x i1>, <32 x i32>)
