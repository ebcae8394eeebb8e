; The kernarg segment: each argument at its natural alignment. The by-value struct the kernel
; writes to gets a private copy per work-item; the read-only one is read in place.
%pair = type { i32, double }

define spir_kernel void @k(i8 %c, ptr addrspace(1) %out, ptr byval(%pair) align 8 %rw, ptr readonly byval(%pair) align 8 %ro, <2 x float> %v) {
entry:
  store i32 7, ptr %rw, align 8
  %a = load i32, ptr %rw, align 8
  %b = load i32, ptr %ro, align 8
  %c32 = sext i8 %c to i32
  %s = add i32 %a, %b
  %s1 = add i32 %s, %c32
  %f = extractelement <2 x float> %v, i32 1
  %fi = fptosi float %f to i32
  %s2 = add i32 %s1, %fi
  store i32 %s2, ptr addrspace(1) %out, align 4
  ret void
}
