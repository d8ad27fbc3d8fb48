; Pixel shader: two texture samples (one with offsets, one with unnormalized coordinates)
; modulated by a constant and exported to two colour buffers.
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)

define amdgpu_ps void @main(<4 x float> inreg %in0) {
  %t0 = call <4 x float> @llvm.r600.tex(<4 x float> %in0, i32 0, i32 0, i32 0, i32 1, i32 0, i32 1, i32 1, i32 1, i32 1)
  %t1 = call <4 x float> @llvm.r600.tex(<4 x float> %in0, i32 2, i32 -2, i32 0, i32 3, i32 2, i32 0, i32 0, i32 1, i32 1)
  %k = load <4 x float>, <4 x float> addrspace(8)* null
  %m = fmul <4 x float> %t0, %k
  call void @llvm.r600.store.swizzle(<4 x float> %m, i32 0, i32 0)
  call void @llvm.r600.store.swizzle(<4 x float> %t1, i32 1, i32 0)
  ret void
}
