; Fewer instructions than two partitions' worth: left whole and untouched.
@tab = internal constant [2 x i32] [i32 1, i32 2]

define void @a(ptr %o) {
  store i32 1, ptr %o
  ret void
}

define void @b(ptr %o) {
  store i32 2, ptr %o
  ret void
}
