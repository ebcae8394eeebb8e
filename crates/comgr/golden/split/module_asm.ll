; Module inline assembly would be copied into every partition (its symbols defined twice): left whole.
module asm ".globl marker"
module asm "marker:"

define void @a(ptr %o) {
  store i32 1, ptr %o
  ret void
}

define void @b(ptr %o) {
  store i32 2, ptr %o
  ret void
}
