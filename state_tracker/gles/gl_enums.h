/* GL enum checks and their pipe translations (p_defines.h). */
#ifndef GL_ENUMS_H
#define GL_ENUMS_H

#include "gl_context.h"

static inline bool gl_is_compare_func(GLenum f)
{
   return f >= GL_NEVER && f <= GL_ALWAYS;
}

/* GL_NEVER..GL_ALWAYS are 0x200..0x207 in the order of enum pipe_compare_func. */
static inline enum pipe_compare_func gl_compare_func_to_pipe(GLenum f)
{
   return (enum pipe_compare_func)(f - GL_NEVER);
}

static inline bool gl_is_stencil_op(GLenum op)
{
   switch (op) {
   case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR:
   case GL_INVERT: case GL_INCR_WRAP: case GL_DECR_WRAP:
      return true;
   default:
      return false;
   }
}

static inline enum pipe_stencil_op gl_stencil_op_to_pipe(GLenum op)
{
   switch (op) {
   case GL_ZERO: return PIPE_STENCIL_OP_ZERO;
   case GL_REPLACE: return PIPE_STENCIL_OP_REPLACE;
   case GL_INCR: return PIPE_STENCIL_OP_INCR;
   case GL_DECR: return PIPE_STENCIL_OP_DECR;
   case GL_INVERT: return PIPE_STENCIL_OP_INVERT;
   case GL_INCR_WRAP: return PIPE_STENCIL_OP_INCR_WRAP;
   case GL_DECR_WRAP: return PIPE_STENCIL_OP_DECR_WRAP;
   default: return PIPE_STENCIL_OP_KEEP;
   }
}

static inline bool gl_is_blend_factor(GLenum f)
{
   switch (f) {
   case GL_ZERO: case GL_ONE:
   case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR: case GL_DST_COLOR: case GL_ONE_MINUS_DST_COLOR:
   case GL_SRC_ALPHA: case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA: case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR:
   case GL_CONSTANT_ALPHA: case GL_ONE_MINUS_CONSTANT_ALPHA:
   case GL_SRC_ALPHA_SATURATE:
   /* GL_EXT_blend_func_extended */
   case GL_SRC1_COLOR_EXT: case GL_ONE_MINUS_SRC1_COLOR_EXT:
   case GL_SRC1_ALPHA_EXT: case GL_ONE_MINUS_SRC1_ALPHA_EXT:
      return true;
   default:
      return false;
   }
}

static inline enum pipe_blendfactor gl_blend_factor_to_pipe(GLenum f)
{
   switch (f) {
   case GL_ONE: return PIPE_BLENDFACTOR_ONE;
   case GL_SRC_COLOR: return PIPE_BLENDFACTOR_SRC_COLOR;
   case GL_ONE_MINUS_SRC_COLOR: return PIPE_BLENDFACTOR_INV_SRC_COLOR;
   case GL_DST_COLOR: return PIPE_BLENDFACTOR_DST_COLOR;
   case GL_ONE_MINUS_DST_COLOR: return PIPE_BLENDFACTOR_INV_DST_COLOR;
   case GL_SRC_ALPHA: return PIPE_BLENDFACTOR_SRC_ALPHA;
   case GL_ONE_MINUS_SRC_ALPHA: return PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   case GL_DST_ALPHA: return PIPE_BLENDFACTOR_DST_ALPHA;
   case GL_ONE_MINUS_DST_ALPHA: return PIPE_BLENDFACTOR_INV_DST_ALPHA;
   case GL_CONSTANT_COLOR: return PIPE_BLENDFACTOR_CONST_COLOR;
   case GL_ONE_MINUS_CONSTANT_COLOR: return PIPE_BLENDFACTOR_INV_CONST_COLOR;
   case GL_CONSTANT_ALPHA: return PIPE_BLENDFACTOR_CONST_ALPHA;
   case GL_ONE_MINUS_CONSTANT_ALPHA: return PIPE_BLENDFACTOR_INV_CONST_ALPHA;
   case GL_SRC_ALPHA_SATURATE: return PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE;
   case GL_SRC1_COLOR_EXT: return PIPE_BLENDFACTOR_SRC1_COLOR;
   case GL_ONE_MINUS_SRC1_COLOR_EXT: return PIPE_BLENDFACTOR_INV_SRC1_COLOR;
   case GL_SRC1_ALPHA_EXT: return PIPE_BLENDFACTOR_SRC1_ALPHA;
   case GL_ONE_MINUS_SRC1_ALPHA_EXT: return PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
   default: return PIPE_BLENDFACTOR_ZERO;
   }
}

/* ES 2.0 has no MIN/MAX (EXT_blend_minmax is not exposed). */
static inline bool gl_is_blend_equation(GLenum e)
{
   return e == GL_FUNC_ADD || e == GL_FUNC_SUBTRACT || e == GL_FUNC_REVERSE_SUBTRACT;
}

static inline enum pipe_blend_func gl_blend_equation_to_pipe(GLenum e)
{
   return e == GL_FUNC_SUBTRACT ? PIPE_BLEND_SUBTRACT
        : e == GL_FUNC_REVERSE_SUBTRACT ? PIPE_BLEND_REVERSE_SUBTRACT : PIPE_BLEND_ADD;
}

#endif
