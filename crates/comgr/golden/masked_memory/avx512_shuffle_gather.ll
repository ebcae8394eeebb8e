; A gather on a target with gathers (AVX-512) stays one instruction.
define <32 x i32> @shuffle(<32 x ptr> %p, <32 x i1> %m, <32 x i32> %old) {
entry:
  %a = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %p, i32 4, <32 x i1> %m, <32 x i32> %old)
  ret <32 x i32> %a
}

declare <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr>, i32 immarg, <32 x i1>, <32 x i32>)
