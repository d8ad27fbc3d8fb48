; Pixel shader: if/else on input values with a texture fetch on each side (fetches cannot be
; predicated), so LLVM emits ALU_PUSH_BEFORE / JUMP / ELSE / POP around TEX clauses.
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)

define amdgpu_ps void @main(<4 x float> inreg %in0, <4 x float> inreg %in1) {
entry:
  %x = extractelement <4 x float> %in0, i32 0
  %y = extractelement <4 x float> %in0, i32 1
  %c = fcmp olt float %x, %y
  br i1 %c, label %then, label %else
then:
  %t = call <4 x float> @llvm.r600.tex(<4 x float> %in0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 1, i32 1, i32 1, i32 1)
  %ta = fmul <4 x float> %t, %in1
  br label %join
else:
  %e = call <4 x float> @llvm.r600.tex(<4 x float> %in1, i32 0, i32 0, i32 0, i32 2, i32 1, i32 1, i32 1, i32 1, i32 1)
  %ea = fadd <4 x float> %e, %in0
  br label %join
join:
  %r = phi <4 x float> [%ta, %then], [%ea, %else]
  call void @llvm.r600.store.swizzle(<4 x float> %r, i32 0, i32 0)
  ret void
}
