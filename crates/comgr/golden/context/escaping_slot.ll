; A private array indexed by a value is not whole loads and stores: its address escapes the
; liveness analysis, so it gets one copy per work-item whatever it holds.
define spir_kernel void @k(ptr addrspace(1) %a) {
entry:
  %priv = alloca [4 x i32], align 4
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %k = and i64 %t64, 3
  %e = getelementptr inbounds [4 x i32], ptr %priv, i64 0, i64 %k
  store i32 %t, ptr %e, align 4
  call void @__ferrocm_barrier()
  %v = load i32, ptr %e, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %t64
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
