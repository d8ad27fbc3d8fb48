; Pixel shader: float and integer arithmetic, division, square root, min/max/abs/neg,
; fused multiply-add, conversions; exports one colour.
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare float @llvm.sqrt.f32(float)
declare float @llvm.fabs.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.floor.f32(float)
declare float @llvm.fmuladd.f32(float, float, float)

define amdgpu_ps void @main(<4 x float> inreg %in0, <4 x float> inreg %in1) {
  %a = extractelement <4 x float> %in0, i32 0
  %b = extractelement <4 x float> %in0, i32 1
  %c = extractelement <4 x float> %in0, i32 2
  %d = extractelement <4 x float> %in1, i32 3
  %m = fmul float %a, %b
  %q = fdiv float %c, %b
  %s = call float @llvm.sqrt.f32(float %d)
  %f = call float @llvm.fmuladd.f32(float %a, float %q, float 3.25)
  %ab = call float @llvm.fabs.f32(float %c)
  %mx = call float @llvm.maxnum.f32(float %ab, float %m)
  %mn = call float @llvm.minnum.f32(float %mx, float 1.0)
  %fl = call float @llvm.floor.f32(float %f)
  %i = fptosi float %fl to i32
  %j = mul i32 %i, 7
  %k = xor i32 %j, 255
  %sh = shl i32 %k, 2
  %cv = sitofp i32 %sh to float
  %neg = fneg float %s
  %r0 = fadd float %cv, %neg
  %v0 = insertelement <4 x float> undef, float %r0, i32 0
  %v1 = insertelement <4 x float> %v0, float %mn, i32 1
  %v2 = insertelement <4 x float> %v1, float %s, i32 2
  %v3 = insertelement <4 x float> %v2, float %q, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
