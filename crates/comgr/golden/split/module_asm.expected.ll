; 0 partitions
; ModuleID = 'module_asm'
source_filename = "module_asm"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl marker"
module asm "marker:"

define void @a(ptr %o) {
  store i32 1, ptr %o, align 4
  ret void
}

define void @b(ptr %o) {
  store i32 2, ptr %o, align 4
  ret void
}
