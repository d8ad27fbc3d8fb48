; Pixel shader: if/else on an input value (ALU_PUSH_BEFORE, JUMP, ELSE, POP).
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)

define amdgpu_ps void @main(<4 x float> inreg %in0, <4 x float> inreg %in1) {
entry:
  %x = extractelement <4 x float> %in0, i32 0
  %y = extractelement <4 x float> %in0, i32 1
  %c = fcmp olt float %x, %y
  br i1 %c, label %then, label %else
then:
  %a = fmul float %x, 2.5
  %a2 = fadd float %a, %y
  br label %join
else:
  %b = fsub float %y, %x
  %b2 = fmul float %b, %b
  br label %join
join:
  %r = phi float [%a2, %then], [%b2, %else]
  %w = extractelement <4 x float> %in1, i32 3
  %v0 = insertelement <4 x float> undef, float %r, i32 0
  %v1 = insertelement <4 x float> %v0, float %w, i32 1
  %v2 = insertelement <4 x float> %v1, float %x, i32 2
  %v3 = insertelement <4 x float> %v2, float %y, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
