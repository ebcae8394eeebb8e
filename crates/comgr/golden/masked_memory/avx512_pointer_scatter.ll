; A scatter of pointers (rocPRIM's block radix sort scatters a `ptr` per lane): its values and
; its addresses are both `<64 x ptr>`. With AVX-512 the few-lanes path spills the two to separate
; stack slots (`lanes.slot` for the values, `lanes.slot1` for the addresses) before the lane loop.
define void @pointers(<64 x ptr> %v, <64 x ptr> %p, <64 x i1> %m) {
entry:
  call void @llvm.masked.scatter.v64p0.v64p0(<64 x ptr> %v, <64 x ptr> %p, i32 8, <64 x i1> %m)
  ret void
}

declare void @llvm.masked.scatter.v64p0.v64p0(<64 x ptr>, <64 x ptr>, i32 immarg, <64 x i1>)
