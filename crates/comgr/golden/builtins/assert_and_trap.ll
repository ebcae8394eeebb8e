; A failed assert and a trap call the runtime's handler through the dispatch context, with the
; expression, file, line and function (null for a trap).
@expr = private constant [6 x i8] c"x < n\00"
@file = private constant [6 x i8] c"k.hip\00"
@func = private constant [2 x i8] c"k\00"

define spir_kernel void @k(i32 %x, i32 %n, i32 %mode) {
entry:
  %ok = icmp slt i32 %x, %n
  br i1 %ok, label %next, label %fail

fail:
  call void @__ferrocm_assert_fail(ptr @expr, ptr @file, i32 12, ptr @func)
  unreachable

next:
  %bad = icmp eq i32 %mode, 3
  br i1 %bad, label %trap, label %done

trap:
  call void @__ferrocm_trap()
  unreachable

done:
  ret void
}

declare void @__ferrocm_assert_fail(ptr, ptr, i32, ptr)
declare void @__ferrocm_trap()
