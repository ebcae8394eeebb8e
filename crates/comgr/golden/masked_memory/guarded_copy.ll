; A vectorized body of `if (i < n) out[i] = in[i] + 1`: the load and the store get a plain
; path for a full mask; the constant-mask load is left alone.
define void @body(ptr %in, ptr %out, <8 x i32> %i, i32 %n) {
entry:
  %ns = insertelement <8 x i32> poison, i32 %n, i64 0
  %nv = shufflevector <8 x i32> %ns, <8 x i32> poison, <8 x i32> zeroinitializer
  %m = icmp slt <8 x i32> %i, %nv
  %v = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr %in, i32 4, <8 x i1> %m, <8 x i32> zeroinitializer)
  %w = add <8 x i32> %v, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  call void @llvm.masked.store.v8i32.p0(<8 x i32> %w, ptr %out, i32 4, <8 x i1> %m)
  %c = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr %in, i32 4, <8 x i1> <i1 1, i1 0, i1 1, i1 0, i1 1, i1 0, i1 1, i1 0>, <8 x i32> %w)
  store <8 x i32> %c, ptr %in, align 4
  ret void
}

declare <8 x i32> @llvm.masked.load.v8i32.p0(ptr, i32 immarg, <8 x i1>, <8 x i32>)
declare void @llvm.masked.store.v8i32.p0(<8 x i32>, ptr, i32 immarg, <8 x i1>)

; A masked load's value stored through a mask: the store's fast path stores the joined value.
define void @copy(ptr %in, ptr %out, <8 x i1> %m) {
entry:
  %v = call <8 x i64> @llvm.masked.load.v8i64.p0(ptr %in, i32 8, <8 x i1> %m, <8 x i64> poison)
  call void @llvm.masked.store.v8i64.p0(<8 x i64> %v, ptr %out, i32 8, <8 x i1> %m)
  ret void
}

declare <8 x i64> @llvm.masked.load.v8i64.p0(ptr, i32 immarg, <8 x i1>, <8 x i64>)
declare void @llvm.masked.store.v8i64.p0(<8 x i64>, ptr, i32 immarg, <8 x i1>)
