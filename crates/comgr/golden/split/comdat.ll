; Members of one comdat stay together though neither calls the other; the largest group goes first
; to the least-loaded partition.
$c = comdat any

define linkonce_odr void @c1(ptr %o) comdat($c) {
  store i32 1, ptr %o
  ret void
}

define linkonce_odr void @c2(ptr %o) comdat($c) {
  store i32 2, ptr %o
  ret void
}

define void @big(ptr %o) {
  store i32 1, ptr %o
  store i32 2, ptr %o
  store i32 3, ptr %o
  store i32 4, ptr %o
  store i32 5, ptr %o
  ret void
}

define void @small(ptr %o) {
  ret void
}
