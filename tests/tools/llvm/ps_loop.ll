; Pixel shader: a loop with a data-dependent break, bounded by a constant-buffer value
; (kcache reads), accumulating constants from two cache lines.
target triple = "r600--"

declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)

define amdgpu_ps void @main(<4 x float> inreg %in0) {
entry:
  %c0 = load <4 x float>, <4 x float> addrspace(8)* null
  %n = extractelement <4 x float> %c0, i32 0
  %ni = fptosi float %n to i32
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %cont]
  %acc = phi float [0.0, %entry], [%acc1, %cont]
  %x = extractelement <4 x float> %in0, i32 0
  %t = fcmp ogt float %acc, %x
  br i1 %t, label %out, label %cont
cont:
  %p3 = getelementptr <4 x float>, <4 x float> addrspace(8)* null, i32 3
  %k3 = load <4 x float>, <4 x float> addrspace(8)* %p3
  %p40 = getelementptr <4 x float>, <4 x float> addrspace(8)* null, i32 40
  %k40 = load <4 x float>, <4 x float> addrspace(8)* %p40
  %ky = extractelement <4 x float> %k3, i32 1
  %kz = extractelement <4 x float> %k40, i32 2
  %sum = fadd float %ky, %kz
  %acc1 = fadd float %acc, %sum
  %i1 = add i32 %i, 1
  %e = icmp slt i32 %i1, %ni
  br i1 %e, label %loop, label %out
out:
  %r = phi float [%acc, %loop], [%acc1, %cont]
  %v0 = insertelement <4 x float> undef, float %r, i32 0
  %v1 = insertelement <4 x float> %v0, float %x, i32 1
  %v2 = insertelement <4 x float> %v1, float 0.5, i32 2
  %v3 = insertelement <4 x float> %v2, float 1.0, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
