; rewritten: 0
; ModuleID = 'lanes32'
source_filename = "lanes32"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @k(i1 %c, <32 x i32> %a, <32 x i32> %b, ptr %x, ptr %o) {
entry:
  br i1 %c, label %t, label %j

t:                                                ; preds = %entry
  %m1 = icmp ult <32 x i32> %a, %b
  br label %j

j:                                                ; preds = %t, %entry
  %m = phi <32 x i1> [ zeroinitializer, %entry ], [ %m1, %t ]
  %v = load <32 x i64>, ptr %x, align 8
  %s = select <32 x i1> %m, <32 x i64> %v, <32 x i64> zeroinitializer
  store <32 x i64> %s, ptr %o, align 8
  ret void
}
