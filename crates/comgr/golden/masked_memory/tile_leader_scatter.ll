; The warp-vectorized `if (rank == 0) partial[t / 32] = v` for a 64-lane warp, on a target
; without scatters (AVX2): the scatter becomes a loop over the lanes that are on.
define void @leaders(<64 x i32> %v, <64 x ptr> %p, <64 x i1> %m) {
entry:
  call void @llvm.masked.scatter.v64i32.v64p0(<64 x i32> %v, <64 x ptr> %p, i32 4, <64 x i1> %m)
  ret void
}

declare void @llvm.masked.scatter.v64i32.v64p0(<64 x i32>, <64 x ptr>, i32 immarg, <64 x i1>)
