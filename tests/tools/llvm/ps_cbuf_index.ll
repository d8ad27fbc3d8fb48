; Pixel shader: a constant-buffer read with a computed index, which LLVM turns into a VTX
; fetch clause (constant buffer 1 as a vertex resource).
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)

define amdgpu_ps void @main(<4 x float> inreg %in0) {
  %a = extractelement <4 x float> %in0, i32 0
  %i = fptosi float %a to i32
  %p = getelementptr <4 x float>, <4 x float> addrspace(9)* null, i32 %i
  %v = load <4 x float>, <4 x float> addrspace(9)* %p
  %b = extractelement <4 x float> %in0, i32 1
  %s = fmul float %b, 0.25
  %r = insertelement <4 x float> %v, float %s, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %r, i32 0, i32 0)
  ret void
}
