; AVX-512 gathers and scatters move 32- and 64-bit elements only: a gather of bytes and a
; scatter of halfwords (a warp clone's `bool` and `short` lanes) become lane loops, where LLVM
; would expand them into a branch per lane. The gather of i64 beside them stays.
define <64 x i8> @bools(<64 x ptr> %p, <64 x i1> %m, <64 x i8> %old) {
entry:
  %a = call <64 x i8> @llvm.masked.gather.v64i8.v64p0(<64 x ptr> %p, i32 1, <64 x i1> %m, <64 x i8> %old)
  ret <64 x i8> %a
}

define void @shorts(<64 x i16> %v, <64 x ptr> %p, <64 x i1> %m) {
entry:
  call void @llvm.masked.scatter.v64i16.v64p0(<64 x i16> %v, <64 x ptr> %p, i32 2, <64 x i1> %m)
  ret void
}

define <64 x i64> @longs(<64 x ptr> %p, <64 x i1> %m, <64 x i64> %old) {
entry:
  %a = call <64 x i64> @llvm.masked.gather.v64i64.v64p0(<64 x ptr> %p, i32 8, <64 x i1> %m, <64 x i64> %old)
  ret <64 x i64> %a
}

declare <64 x i8> @llvm.masked.gather.v64i8.v64p0(<64 x ptr>, i32 immarg, <64 x i1>, <64 x i8>)
declare void @llvm.masked.scatter.v64i16.v64p0(<64 x i16>, <64 x ptr>, i32 immarg, <64 x i1>)
declare <64 x i64> @llvm.masked.gather.v64i64.v64p0(<64 x ptr>, i32 immarg, <64 x i1>, <64 x i64>)
