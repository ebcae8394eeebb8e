; 3 partitions
; part 0: @tab = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
; part 0: @count = hidden global i32 0
; part 0: @slot = external global ptr
; part 0: @cmd = private constant [4 x i8] c"cmd\00", section "llvm.metadata"
; part 0: @llvm.compiler.used = appending global [1 x ptr] [ptr @cmd], section "llvm.metadata"
; part 0: define void @k1(ptr %o, i32 %i) {
; part 0:   call void @k1.items(ptr %o, i32 %i)
; part 0:   call void @k1.region0(ptr %o)
; part 0:   ret void
; part 0: }
; part 0: define void @k1.items(ptr %o, i32 %i) {
; part 0:   %p = getelementptr [4 x i32], ptr @tab, i32 0, i32 %i
; part 0:   %v = load i32, ptr %p, align 4
; part 0:   store i32 %v, ptr %o, align 4
; part 0:   ret void
; part 0: }
; part 0: ; Function Attrs: noinline
; part 0: define internal void @k1.region0(ptr %o) #0 {
; part 0:   %c = load i32, ptr @count, align 4
; part 0:   %d = add i32 %c, 1
; part 0:   store i32 %d, ptr @count, align 4
; part 0:   ret void
; part 0: }
; part 0: declare void @k2(ptr, i32)
; part 0: ; Function Attrs: noinline
; part 0: declare dso_local i32 @helper(i32) #0
; part 0: declare void @k3(ptr)
; part 0: declare hidden void @fp()
; part 0: attributes #0 = { noinline }
; part 1: @tab = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
; part 1: @count = external hidden global i32
; part 1: @slot = external global ptr
; part 1: @cmd = external dso_local constant [4 x i8], section "llvm.metadata"
; part 1: @llvm.compiler.used = external global [1 x ptr], section "llvm.metadata"
; part 1: declare void @k1(ptr, i32)
; part 1: declare void @k1.items(ptr, i32)
; part 1: ; Function Attrs: noinline
; part 1: declare dso_local void @k1.region0(ptr) #0
; part 1: define void @k2(ptr %o, i32 %i) {
; part 1:   %p = getelementptr [4 x i32], ptr @tab, i32 0, i32 %i
; part 1:   %v = load i32, ptr %p, align 4
; part 1:   %h = call i32 @helper(i32 %v)
; part 1:   %c = load i32, ptr @count, align 4
; part 1:   %s = add i32 %h, %c
; part 1:   store i32 %s, ptr %o, align 4
; part 1:   ret void
; part 1: }
; part 1: ; Function Attrs: noinline
; part 1: define internal i32 @helper(i32 %x) #0 {
; part 1:   %y = mul i32 %x, 3
; part 1:   ret i32 %y
; part 1: }
; part 1: declare void @k3(ptr)
; part 1: declare hidden void @fp()
; part 1: attributes #0 = { noinline }
; part 2: @tab = external dso_local constant [4 x i32]
; part 2: @count = external hidden global i32
; part 2: @slot = global ptr null
; part 2: @cmd = external dso_local constant [4 x i8], section "llvm.metadata"
; part 2: @llvm.compiler.used = external global [1 x ptr], section "llvm.metadata"
; part 2: declare void @k1(ptr, i32)
; part 2: declare void @k1.items(ptr, i32)
; part 2: ; Function Attrs: noinline
; part 2: declare dso_local void @k1.region0(ptr) #0
; part 2: declare void @k2(ptr, i32)
; part 2: ; Function Attrs: noinline
; part 2: define internal i32 @helper(i32 %x) #0 {
; part 2:   %y = mul i32 %x, 3
; part 2:   ret i32 %y
; part 2: }
; part 2: define void @k3(ptr %o) {
; part 2:   %h = call i32 @helper(i32 7)
; part 2:   store i32 %h, ptr %o, align 4
; part 2:   store ptr @fp, ptr @slot, align 8
; part 2:   ret void
; part 2: }
; part 2: define hidden void @fp() {
; part 2:   ret void
; part 2: }
; part 2: attributes #0 = { noinline }
; ModuleID = 'groups'
source_filename = "groups"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tab = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@count = hidden global i32 0
@slot = global ptr null
@cmd = private constant [4 x i8] c"cmd\00", section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @cmd], section "llvm.metadata"

define void @k1(ptr %o, i32 %i) {
  call void @k1.items(ptr %o, i32 %i)
  call void @k1.region0(ptr %o)
  ret void
}

define void @k1.items(ptr %o, i32 %i) {
  %p = getelementptr [4 x i32], ptr @tab, i32 0, i32 %i
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %o, align 4
  ret void
}

; Function Attrs: noinline
define internal void @k1.region0(ptr %o) #0 {
  %c = load i32, ptr @count, align 4
  %d = add i32 %c, 1
  store i32 %d, ptr @count, align 4
  ret void
}

define void @k2(ptr %o, i32 %i) {
  %p = getelementptr [4 x i32], ptr @tab, i32 0, i32 %i
  %v = load i32, ptr %p, align 4
  %h = call i32 @helper(i32 %v)
  %c = load i32, ptr @count, align 4
  %s = add i32 %h, %c
  store i32 %s, ptr %o, align 4
  ret void
}

; Function Attrs: noinline
define internal i32 @helper(i32 %x) #0 {
  %y = mul i32 %x, 3
  ret i32 %y
}

define void @k3(ptr %o) {
  %h = call i32 @helper(i32 7)
  store i32 %h, ptr %o, align 4
  store ptr @fp, ptr @slot, align 8
  ret void
}

define hidden void @fp() {
  ret void
}

attributes #0 = { noinline }
