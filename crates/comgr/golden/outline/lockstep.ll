; A kernel with two barriers: three regions, each moved into a function of its own
; (`__ferrocm_wg_k.region.N`) that the work-group function calls. `%x` crosses the first
; barrier: its context array stays in the work-group function and is passed by pointer, `noalias`
; since its address goes nowhere else. `%m`, a phi inside region 1, is a stack slot only that
; region uses: it moves into the region's function.
@s = internal addrspace(3) global [256 x i32] undef, align 4

define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %t64
  %v = load i32, ptr addrspace(1) %pin, align 4
  %x = mul i32 %v, 3
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %v, ptr addrspace(3) %p, align 4
  call void @__ferrocm_barrier()
  %r = xor i32 %t, 1
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %r64
  %w = load i32, ptr addrspace(3) %q, align 4
  %big = icmp sgt i32 %w, %x
  br i1 %big, label %then, label %join

then:
  %d = sub i32 %w, %x
  br label %join

join:
  %m = phi i32 [ %d, %then ], [ 0, %entry ]
  %y = add i32 %m, %x
  call void @__ferrocm_barrier()
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  store i32 %y, ptr addrspace(1) %pout, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
