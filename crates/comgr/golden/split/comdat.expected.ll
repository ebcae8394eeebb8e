; 3 partitions
; part 0: declare void @c1(ptr)
; part 0: declare void @c2(ptr)
; part 0: define void @big(ptr %o) {
; part 0:   store i32 1, ptr %o, align 4
; part 0:   store i32 2, ptr %o, align 4
; part 0:   store i32 3, ptr %o, align 4
; part 0:   store i32 4, ptr %o, align 4
; part 0:   store i32 5, ptr %o, align 4
; part 0:   ret void
; part 0: }
; part 0: declare void @small(ptr)
; part 1: $c = comdat any
; part 1: define linkonce_odr void @c1(ptr %o) comdat($c) {
; part 1:   store i32 1, ptr %o, align 4
; part 1:   ret void
; part 1: }
; part 1: define linkonce_odr void @c2(ptr %o) comdat($c) {
; part 1:   store i32 2, ptr %o, align 4
; part 1:   ret void
; part 1: }
; part 1: declare void @big(ptr)
; part 1: declare void @small(ptr)
; part 2: declare void @c1(ptr)
; part 2: declare void @c2(ptr)
; part 2: declare void @big(ptr)
; part 2: define void @small(ptr %o) {
; part 2:   ret void
; part 2: }
; ModuleID = 'comdat'
source_filename = "comdat"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$c = comdat any

define linkonce_odr void @c1(ptr %o) comdat($c) {
  store i32 1, ptr %o, align 4
  ret void
}

define linkonce_odr void @c2(ptr %o) comdat($c) {
  store i32 2, ptr %o, align 4
  ret void
}

define void @big(ptr %o) {
  store i32 1, ptr %o, align 4
  store i32 2, ptr %o, align 4
  store i32 3, ptr %o, align 4
  store i32 4, ptr %o, align 4
  store i32 5, ptr %o, align 4
  ret void
}

define void @small(ptr %o) {
  ret void
}
