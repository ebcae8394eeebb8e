; ModuleID = 'block_stride'
source_filename = "block_stride"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@h = internal addrspace(3) global [256 x i32] undef

define void @tile_counts(ptr addrspace(1) %in, i32 %n, i32 %tile) {
entry:
  %g = call i32 @__ferrocm_workgroup_id_x()
  %start = mul i32 %g, %tile
  %lim = add nsw i32 %start, %tile
  %end = call i32 @llvm.smin.i32(i32 %lim, i32 %n)
  %t = call i32 @__ferrocm_workitem_id_x()
  %0 = icmp slt i32 %start, %end
  br i1 %0, label %chunk.head, label %done

chunk.head:                                       ; preds = %entry, %chunk.next
  %chunk.base = phi i32 [ %start, %entry ], [ %8, %chunk.next ]
  call void @__ferrocm_barrier()
  %1 = call i32 @__ferrocm_workgroup_size_x()
  %2 = mul i32 %1, 16
  %3 = sub i32 %end, %chunk.base
  %4 = icmp ugt i32 %1, 268435455
  %5 = icmp ult i32 %3, %2
  %6 = select i1 %5, i32 %3, i32 %2
  %7 = select i1 %4, i32 %3, i32 %6
  %8 = add i32 %chunk.base, %7
  %9 = add i32 %chunk.base, %t
  %10 = icmp ult i32 %t, %7
  br i1 %10, label %loop, label %chunk.next

loop:                                             ; preds = %chunk.head, %loop
  %11 = phi i32 [ %9, %chunk.head ], [ %next, %loop ]
  %i64 = sext i32 %11 to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i64
  %b = load i8, ptr addrspace(1) %p, align 1
  %b64 = zext i8 %b to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @h, i64 0, i64 %b64
  %old = atomicrmw add ptr addrspace(3) %q, i32 1 monotonic, align 4
  %bd = call i32 @__ferrocm_workgroup_size_x()
  %next = add i32 %bd, %11
  %more = icmp slt i32 %next, %8
  br i1 %more, label %loop, label %chunk.next

done:                                             ; preds = %chunk.next, %entry
  ret void

chunk.next:                                       ; preds = %loop, %chunk.head
  %12 = icmp slt i32 %8, %end
  br i1 %12, label %chunk.head, label %done
}

define void @grid_copy(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %g = call i32 @__ferrocm_workgroup_id_x()
  %bd = call i32 @__ferrocm_workgroup_size_x()
  %base = mul i32 %g, %bd
  %t = call i32 @__ferrocm_workitem_id_x()
  %0 = icmp ult i32 %base, %n
  br i1 %0, label %chunk.head, label %done

chunk.head:                                       ; preds = %entry, %chunk.next
  %chunk.base = phi i32 [ %base, %entry ], [ %10, %chunk.next ]
  call void @__ferrocm_barrier()
  %1 = call i32 @__ferrocm_workgroup_size_x()
  %2 = call i32 @__ferrocm_num_workgroups_x()
  %3 = mul i32 %1, %2
  %4 = mul i32 %3, 16
  %5 = sub i32 %n, %chunk.base
  %6 = icmp ugt i32 %3, 268435455
  %7 = icmp ult i32 %5, %4
  %8 = select i1 %7, i32 %5, i32 %4
  %9 = select i1 %6, i32 %5, i32 %8
  %10 = add i32 %chunk.base, %9
  %11 = add i32 %chunk.base, %t
  %12 = icmp ult i32 %t, %9
  br i1 %12, label %loop, label %chunk.next

loop:                                             ; preds = %chunk.head, %loop
  %13 = phi i32 [ %11, %chunk.head ], [ %next, %loop ]
  %i64 = zext i32 %13 to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i64
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %v, ptr addrspace(1) %q, align 4
  %bd2 = call i32 @__ferrocm_workgroup_size_x()
  %gd = call i32 @__ferrocm_num_workgroups_x()
  %step = mul i32 %bd2, %gd
  %next = add i32 %13, %step
  %more = icmp ult i32 %next, %10
  br i1 %more, label %loop, label %chunk.next

done:                                             ; preds = %chunk.next, %entry
  ret void

chunk.next:                                       ; preds = %loop, %chunk.head
  %14 = icmp ult i32 %10, %n
  br i1 %14, label %chunk.head, label %done
}

declare i32 @__ferrocm_workgroup_id_x()

declare i32 @__ferrocm_workgroup_size_x()

declare i32 @__ferrocm_num_workgroups_x()

declare i32 @__ferrocm_workitem_id_x()

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #0

declare void @__ferrocm_barrier()

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
