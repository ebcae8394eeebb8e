; Three kernels. @k1 calls its work-group function and an outlined region; @k2 and @k3 share a
; called-only helper; @k1 and @k2 share a constant table and a mutable counter; @k3 takes the
; address of @fp, so @fp is defined once.
@tab = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@count = internal global i32 0
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
  %v = load i32, ptr %p
  store i32 %v, ptr %o
  ret void
}

define internal void @k1.region0(ptr %o) noinline {
  %c = load i32, ptr @count
  %d = add i32 %c, 1
  store i32 %d, ptr @count
  ret void
}

define void @k2(ptr %o, i32 %i) {
  %p = getelementptr [4 x i32], ptr @tab, i32 0, i32 %i
  %v = load i32, ptr %p
  %h = call i32 @helper(i32 %v)
  %c = load i32, ptr @count
  %s = add i32 %h, %c
  store i32 %s, ptr %o
  ret void
}

define internal i32 @helper(i32 %x) noinline {
  %y = mul i32 %x, 3
  ret i32 %y
}

define void @k3(ptr %o) {
  %h = call i32 @helper(i32 7)
  store i32 %h, ptr %o
  store ptr @fp, ptr @slot
  ret void
}

define internal void @fp() {
  ret void
}
