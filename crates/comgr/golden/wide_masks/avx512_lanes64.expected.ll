; rewritten: 0
; ModuleID = 'avx512_lanes64'
source_filename = "avx512_lanes64"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @k(i1 %c, i1 %d, <64 x i32> %a, <64 x i32> %b, ptr %x, ptr %o) {
entry:
  br i1 %c, label %t, label %j

t:                                                ; preds = %entry
  %m1 = icmp ult <64 x i32> %a, %b
  br i1 %d, label %j, label %j

j:                                                ; preds = %t, %t, %entry
  %m = phi <64 x i1> [ zeroinitializer, %entry ], [ %m1, %t ], [ %m1, %t ]
  %n = phi i32 [ 0, %entry ], [ 1, %t ], [ 1, %t ]
  %v = load <64 x i64>, ptr %x, align 8
  %s = select <64 x i1> %m, <64 x i64> %v, <64 x i64> zeroinitializer
  store <64 x i64> %s, ptr %o, align 8
  ret void
}
