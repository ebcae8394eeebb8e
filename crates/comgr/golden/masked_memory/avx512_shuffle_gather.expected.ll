; rewritten: 0
; ModuleID = 'avx512_shuffle_gather'
source_filename = "avx512_shuffle_gather"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <32 x i32> @shuffle(<32 x ptr> %p, <32 x i1> %m, <32 x i32> %old) {
entry:
  %a = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %p, i32 4, <32 x i1> %m, <32 x i32> %old)
  ret <32 x i32> %a
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr>, i32 immarg, <32 x i1>, <32 x i32>) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(read) }
