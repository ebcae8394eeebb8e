; 0 partitions
; ModuleID = 'too_small'
source_filename = "too_small"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tab = internal constant [2 x i32] [i32 1, i32 2]

define void @a(ptr %o) {
  store i32 1, ptr %o, align 4
  ret void
}

define void @b(ptr %o) {
  store i32 2, ptr %o, align 4
  ret void
}
