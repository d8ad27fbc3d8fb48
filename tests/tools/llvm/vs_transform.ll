; Vertex shader: position = matrix (four constants) * input, two parameters; uses DOT4 and
; exports POS and PARAM.
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare float @llvm.r600.dot4(<4 x float>, <4 x float>)

define amdgpu_vs void @main(<4 x float> inreg %pos, <4 x float> inreg %col) {
  %r0p = getelementptr <4 x float>, <4 x float> addrspace(8)* null, i32 0
  %r1p = getelementptr <4 x float>, <4 x float> addrspace(8)* null, i32 1
  %r2p = getelementptr <4 x float>, <4 x float> addrspace(8)* null, i32 2
  %r3p = getelementptr <4 x float>, <4 x float> addrspace(8)* null, i32 3
  %r0 = load <4 x float>, <4 x float> addrspace(8)* %r0p
  %r1 = load <4 x float>, <4 x float> addrspace(8)* %r1p
  %r2 = load <4 x float>, <4 x float> addrspace(8)* %r2p
  %r3 = load <4 x float>, <4 x float> addrspace(8)* %r3p
  %x = call float @llvm.r600.dot4(<4 x float> %r0, <4 x float> %pos)
  %y = call float @llvm.r600.dot4(<4 x float> %r1, <4 x float> %pos)
  %z = call float @llvm.r600.dot4(<4 x float> %r2, <4 x float> %pos)
  %w = call float @llvm.r600.dot4(<4 x float> %r3, <4 x float> %pos)
  %p0 = insertelement <4 x float> undef, float %x, i32 0
  %p1 = insertelement <4 x float> %p0, float %y, i32 1
  %p2 = insertelement <4 x float> %p1, float %z, i32 2
  %p3 = insertelement <4 x float> %p2, float %w, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %p3, i32 60, i32 1)
  call void @llvm.r600.store.swizzle(<4 x float> %col, i32 0, i32 2)
  %half = fmul <4 x float> %col, <float 0.5, float 0.5, float 0.5, float 0.5>
  call void @llvm.r600.store.swizzle(<4 x float> %half, i32 1, i32 2)
  ret void
}
