; `if (i < n) out[i] = in[i]` over bytes, vectorized: AVX2 has no masked moves of bytes, so
; beside the full-mask path each access runs its lanes that are on in a loop. The store
; stores the joined value, and the load's alignment caps each lane's.
define void @bytes(ptr %in, ptr %out, <64 x i1> %m) {
entry:
  %v = call <64 x i8> @llvm.masked.load.v64i8.p0(ptr %in, i32 16, <64 x i1> %m, <64 x i8> zeroinitializer)
  call void @llvm.masked.store.v64i8.p0(<64 x i8> %v, ptr %out, i32 1, <64 x i1> %m)
  ret void
}

declare <64 x i8> @llvm.masked.load.v64i8.p0(ptr, i32 immarg, <64 x i1>, <64 x i8>)
declare void @llvm.masked.store.v64i8.p0(<64 x i8>, ptr, i32 immarg, <64 x i1>)
