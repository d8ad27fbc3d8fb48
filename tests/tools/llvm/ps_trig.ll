; Pixel shader: sin and cos (LLVM scales to revolutions on R7xx), exp2/log2, 1/sqrt.
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.r600.recipsqrt.clamped.f32(float)

define amdgpu_ps void @main(<4 x float> inreg %in0) {
  %x = extractelement <4 x float> %in0, i32 0
  %y = extractelement <4 x float> %in0, i32 1
  %s = call float @llvm.sin.f32(float %x)
  %c = call float @llvm.cos.f32(float %y)
  %e = call float @llvm.exp2.f32(float %x)
  %l = call float @llvm.log2.f32(float %y)
  %r = call float @llvm.r600.recipsqrt.clamped.f32(float %l)
  %el = fmul float %e, %r
  %v0 = insertelement <4 x float> undef, float %s, i32 0
  %v1 = insertelement <4 x float> %v0, float %c, i32 1
  %v2 = insertelement <4 x float> %v1, float %el, i32 2
  %v3 = insertelement <4 x float> %v2, float %l, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
