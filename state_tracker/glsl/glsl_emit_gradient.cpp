/* The gradient operand of IR_TXD for GL_EXT_shader_texture_lod's *GradEXT functions. */
#include "glsl_emit.h"

namespace r600glsl {

/* (ds/dx, dt/dx, ds/dy, dt/dy) from the derivatives of the coordinates, dPdx and dPdy. 2D:
 * the derivatives as given (the Proj forms take them already projected, as the extension
 * says). Cube maps: the derivatives of the face coordinates, which the LOD is computed from
 * (GL ES 3.0 section 3.8.10, the ES 1.00 extension defers to the cube-map rules). With the
 * major axis M of r, A and B the two others as the face's (s, t) take them (x major: z, y;
 * y major: x, z; z major: x, y), s = (sign * A / |M| + 1) / 2, so
 *     ds = (dA * |M| - A * d|M|) / (2 M^2),  d|M| = sign(M) dM
 * (the signs the faces give A and B drop out of the LOD, which takes lengths). Ties pick z
 * over y over x. */
ir_src Emitter::texture_gradients(bool cube, const ir_src &r, const Value &dpdx, const Value &dpdy)
{
   ir_src g = reg(IR_FILE_TEMP, alloc_expr(1));
   ir_src dx = plain(dpdx).slots[0], dy = plain(dpdy).slots[0];
   if (!cube) {
      op(IR_MOV, dst_of(g, 3), dx);
      op(IR_MOV, dst_of(g, 12), swz(dy, 0, 0, 0, 1));
      return g;
   }
   ir_src t = reg(IR_FILE_TEMP, alloc_expr(1));
   ir_src ra = r, dxa = dx, dya = dy;   /* r, dPdx, dPdy as (A, B, M) */
   ir_src abs_r = r;
   abs_r.abs = true;
   ir_src zmaj = reg(IR_FILE_TEMP, alloc_expr(1)), ymaj = reg(IR_FILE_TEMP, alloc_expr(1));
   op(IR_SGE, dst_of(zmaj, 3), comp(abs_r, 2), swz(abs_r, 0, 1, 0, 0));
   op(IR_MUL, dst_of(zmaj, 1), comp(zmaj, 0), comp(zmaj, 1));
   op(IR_SGE, dst_of(ymaj, 1), comp(abs_r, 1), comp(abs_r, 0));
   ir_src *vecs[3] = { &ra, &dxa, &dya };
   for (ir_src *v : vecs) {
      ir_src out = reg(IR_FILE_TEMP, alloc_expr(1));
      op(IR_CND, dst_of(t, 7), comp(ymaj, 0), swz(*v, 0, 2, 1, 1), swz(*v, 2, 1, 0, 0));
      op(IR_CND, dst_of(out, 7), comp(zmaj, 0), *v, t);
      *v = out;
   }
   /* t.x = |M|, t.y = 1 / (2 M^2), t.z = sign(M) dM/dx, t.w = sign(M) dM/dy */
   ir_src m = comp(ra, 2);
   m.abs = true;
   op(IR_MOV, dst_of(t, 1), m);
   op(IR_MUL, dst_of(t, 2), comp(ra, 2), comp(ra, 2));
   op(IR_MUL, dst_of(t, 2), comp(t, 1), imm(2.0f));
   op(IR_RCP, dst_of(t, 2), comp(t, 1));
   ir_src sign = reg(IR_FILE_TEMP, alloc_expr(1));
   op(IR_CMP, dst_of(sign, 1), comp(ra, 2), imm(-1.0f), imm(1.0f));
   op(IR_MUL, dst_of(t, 4), comp(dxa, 2), comp(sign, 0));
   op(IR_MUL, dst_of(t, 8), comp(dya, 2), comp(sign, 0));
   /* g.xy = (dPdx.AB * |M| - r.AB * t.z) * t.y, g.zw = the same with dPdy and t.w */
   op(IR_MUL, dst_of(g, 3), dxa, comp(t, 0));
   op(IR_MAD, dst_of(g, 3), negate(ra), comp(t, 2), g);
   op(IR_MUL, dst_of(g, 12), swz(dya, 0, 0, 0, 1), comp(t, 0));
   op(IR_MAD, dst_of(g, 12), negate(swz(ra, 0, 0, 0, 1)), comp(t, 3), g);
   op(IR_MUL, dst_of(g, 15), g, comp(t, 1));
   return g;
}

}
