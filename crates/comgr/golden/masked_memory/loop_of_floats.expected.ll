; rewritten: 1
; ModuleID = 'loop_of_floats'
source_filename = "loop_of_floats"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @sum(ptr %p, i32 %n, <16 x i32> %lanes) {
entry:
  br label %loop

loop:                                             ; preds = %mask.join, %entry
  %k = phi i32 [ 0, %entry ], [ %k.next, %mask.join ]
  %acc = phi <16 x float> [ zeroinitializer, %entry ], [ %acc.next, %mask.join ]
  %ks = insertelement <16 x i32> poison, i32 %k, i64 0
  %kv = shufflevector <16 x i32> %ks, <16 x i32> poison, <16 x i32> zeroinitializer
  %idx = add <16 x i32> %kv, %lanes
  %ns = insertelement <16 x i32> poison, i32 %n, i64 0
  %nv = shufflevector <16 x i32> %ns, <16 x i32> poison, <16 x i32> zeroinitializer
  %m = icmp ult <16 x i32> %idx, %nv
  %k64 = zext i32 %k to i64
  %q = getelementptr float, ptr %p, i64 %k64
  %0 = bitcast <16 x i1> %m to i16
  %1 = icmp eq i16 %0, -1
  br i1 %1, label %mask.full, label %mask.some

mask.part:                                        ; preds = %mask.some
  %v = call <16 x float> @llvm.masked.load.v16f32.p0(ptr %q, i32 64, <16 x i1> %m, <16 x float> zeroinitializer)
  br label %mask.join

mask.join:                                        ; preds = %mask.full, %mask.some, %mask.part
  %mask.value = phi <16 x float> [ %mask.load, %mask.full ], [ zeroinitializer, %mask.some ], [ %v, %mask.part ]
  %acc.next = fadd <16 x float> %acc, %mask.value
  %k.next = add i32 %k, 16
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %mask.join
  %r = call float @llvm.vector.reduce.fadd.v16f32(float 0.000000e+00, <16 x float> %acc.next)
  ret float %r

mask.full:                                        ; preds = %loop
  %mask.load = load <16 x float>, ptr %q, align 64
  br label %mask.join

mask.some:                                        ; preds = %loop
  %2 = icmp eq i16 %0, 0
  br i1 %2, label %mask.join, label %mask.part
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <16 x float> @llvm.masked.load.v16f32.p0(ptr nocapture, i32 immarg, <16 x i1>, <16 x float>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.vector.reduce.fadd.v16f32(float, <16 x float>) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
