/* glGetString and glGet{Integer,Float,Boolean}v: the ES 2.0 state table for the state we
 * keep, the implementation limits (from the pipe screen's caps) and the framebuffer's bits,
 * with the spec's conversions between the types. */
#include "gl_context.h"

#include <math.h>
#include <string.h>

#include "gl_debug.h"
#include "gl_extensions.h"
#include "gl_fbo.h"
#include "gl_pipe.h"
#include "gl_program_binary.h"
#include "gl_query.h"
#include "gl_texture_compressed.h"

#ifndef R600SIM_VERSION
#error "the build defines R600SIM_VERSION (the project version)"
#endif

enum get_kind {
   GET_INT,       /* integers, enums, names, masks */
   GET_BOOL,
   GET_FLOAT,
   GET_NORM,      /* [0,1] floats (colours, depths): integers scale them to 2^31 - 1 */
};

struct get_value {
   enum get_kind kind;
   unsigned n;
   int64_t i[8];              /* GL_COMPRESSED_TEXTURE_FORMATS has the most values */
   double f[4];
};

static void set_int(struct get_value *v, unsigned n, const int64_t *vals)
{
   v->kind = GET_INT;
   v->n = n;
   memcpy(v->i, vals, n * sizeof(*vals));
}

#define INTS(...) set_int(v, sizeof((int64_t[]){ __VA_ARGS__ }) / sizeof(int64_t), \
                          (int64_t[]){ __VA_ARGS__ })

static void set_float(struct get_value *v, enum get_kind kind, unsigned n, const float *vals)
{
   v->kind = kind;
   v->n = n;
   for (unsigned k = 0; k < n; k++)
      v->f[k] = vals[k];
}

static void set_bool(struct get_value *v, unsigned n, const bool *vals)
{
   v->kind = GET_BOOL;
   v->n = n;
   for (unsigned k = 0; k < n; k++)
      v->i[k] = vals[k];
}

static int cap(const struct st_context *ctx, enum pipe_cap c, int minimum)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   int value = screen->get_param(screen, c);
   return value >= minimum ? value : minimum;
}

int gl_max_texture_units(const struct st_context *ctx)
{
   int units = cap(ctx, PIPE_CAP_MAX_TEXTURE_UNITS, 8);
   return units < GL_MAX_TEXTURE_UNITS ? units : GL_MAX_TEXTURE_UNITS;
}

static GLuint buffer_name(const struct gl_buffer *b)
{
   return b ? b->name : 0;
}

/* The value of pname; false for an unknown pname. */
static bool get_state(const struct st_context *ctx, GLenum pname, struct get_value *v)
{
   const struct gl_stencil_face *front = &ctx->stencil[0], *back = &ctx->stencil[1];
   switch (pname) {
   /* framebuffer */
   case GL_RED_BITS: case GL_GREEN_BITS: case GL_BLUE_BITS: case GL_ALPHA_BITS:
   case GL_DEPTH_BITS: case GL_STENCIL_BITS:
      INTS(gl_draw_bits(ctx, pname));
      return true;
   case GL_SAMPLE_BUFFERS: INTS(gl_draw_samples(ctx) ? 1 : 0); return true;
   case GL_SAMPLES: INTS((GLint)gl_draw_samples(ctx)); return true;
   case GL_FRAMEBUFFER_BINDING: INTS(ctx->fbo ? (GLint)ctx->fbo->name : 0); return true;
   case GL_MAX_SAMPLES_ANGLE: INTS(GL_FB_MAX_SAMPLES); return true;
   case GL_READ_FRAMEBUFFER_BINDING_ANGLE: INTS(ctx->read_fbo ? (GLint)ctx->read_fbo->name : 0); return true;
   case GL_RENDERBUFFER_BINDING:
      INTS(ctx->renderbuffer ? (GLint)ctx->renderbuffer->name : 0);
      return true;
   case GL_IMPLEMENTATION_COLOR_READ_FORMAT: INTS(gl_read_color_format(ctx)); return true;
   case GL_IMPLEMENTATION_COLOR_READ_TYPE: INTS(GL_UNSIGNED_BYTE); return true;
   /* bindings */
   case GL_ARRAY_BUFFER_BINDING: INTS(buffer_name(ctx->array_buffer)); return true;
   case GL_ELEMENT_ARRAY_BUFFER_BINDING: INTS(buffer_name(ctx->vao->element_array_buffer)); return true;
   case GL_VERTEX_ARRAY_BINDING_OES: INTS(ctx->vao->name); return true;
   case GL_CURRENT_PROGRAM: INTS(ctx->program ? ctx->program->name : 0); return true;
   case GL_PROGRAM_PIPELINE_BINDING_EXT: INTS(gl_pipeline_binding(ctx)); return true;
   case GL_ACTIVE_TEXTURE: INTS(GL_TEXTURE0 + (GLint)ctx->active_texture); return true;
   case GL_TEXTURE_BINDING_2D: INTS(gl_texture_binding(ctx, 0)); return true;
   case GL_TEXTURE_BINDING_CUBE_MAP: INTS(gl_texture_binding(ctx, 1)); return true;
   case GL_TEXTURE_BINDING_EXTERNAL_OES: INTS(gl_texture_binding(ctx, 2)); return true;
   case GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES: INTS(1); return true;   /* OES_EGL_image_external */
   /* transformation, rasterization */
   case GL_VIEWPORT:
      INTS(ctx->viewport[0], ctx->viewport[1], ctx->viewport[2], ctx->viewport[3]);
      return true;
   case GL_DEPTH_RANGE: set_float(v, GET_NORM, 2, ctx->depth_range); return true;
   case GL_LINE_WIDTH: set_float(v, GET_FLOAT, 1, &ctx->line_width); return true;
   case GL_CULL_FACE: set_bool(v, 1, &ctx->cull_enabled); return true;
   case GL_CULL_FACE_MODE: INTS(ctx->cull_mode); return true;
   case GL_FRONT_FACE: INTS(ctx->front_face); return true;
   case GL_POLYGON_OFFSET_FILL: set_bool(v, 1, &ctx->polygon_offset_fill); return true;
   case GL_POLYGON_OFFSET_FACTOR: set_float(v, GET_FLOAT, 1, &ctx->polygon_offset_factor); return true;
   case GL_POLYGON_OFFSET_UNITS: set_float(v, GET_FLOAT, 1, &ctx->polygon_offset_units); return true;
   case GL_POLYGON_OFFSET_CLAMP_EXT: set_float(v, GET_FLOAT, 1, &ctx->polygon_offset_clamp); return true;
   /* multisample */
   case GL_SAMPLE_ALPHA_TO_COVERAGE: set_bool(v, 1, &ctx->sample_alpha_to_coverage); return true;
   case GL_SAMPLE_COVERAGE: set_bool(v, 1, &ctx->sample_coverage); return true;
   case GL_SAMPLE_COVERAGE_VALUE: set_float(v, GET_FLOAT, 1, &ctx->sample_coverage_value); return true;
   case GL_SAMPLE_COVERAGE_INVERT: INTS(ctx->sample_coverage_invert); v->kind = GET_BOOL; return true;
   /* per-fragment operations */
   case GL_SCISSOR_TEST: set_bool(v, 1, &ctx->scissor_test); return true;
   case GL_SCISSOR_BOX:
      INTS(ctx->scissor[0], ctx->scissor[1], ctx->scissor[2], ctx->scissor[3]);
      return true;
   case GL_STENCIL_TEST: set_bool(v, 1, &ctx->stencil_test); return true;
   case GL_STENCIL_FUNC: INTS(front->func); return true;
   case GL_STENCIL_VALUE_MASK: INTS(front->value_mask); return true;
   case GL_STENCIL_REF: INTS(front->ref); return true;
   case GL_STENCIL_FAIL: INTS(front->fail); return true;
   case GL_STENCIL_PASS_DEPTH_FAIL: INTS(front->zfail); return true;
   case GL_STENCIL_PASS_DEPTH_PASS: INTS(front->zpass); return true;
   case GL_STENCIL_BACK_FUNC: INTS(back->func); return true;
   case GL_STENCIL_BACK_VALUE_MASK: INTS(back->value_mask); return true;
   case GL_STENCIL_BACK_REF: INTS(back->ref); return true;
   case GL_STENCIL_BACK_FAIL: INTS(back->fail); return true;
   case GL_STENCIL_BACK_PASS_DEPTH_FAIL: INTS(back->zfail); return true;
   case GL_STENCIL_BACK_PASS_DEPTH_PASS: INTS(back->zpass); return true;
   case GL_DEPTH_TEST: set_bool(v, 1, &ctx->depth_test); return true;
   case GL_DEPTH_FUNC: INTS(ctx->depth_func); return true;
   case GL_BLEND: set_bool(v, 1, &ctx->blend_enabled); return true;
   case GL_BLEND_SRC_RGB: INTS(ctx->blend_src_rgb); return true;
   case GL_BLEND_SRC_ALPHA: INTS(ctx->blend_src_alpha); return true;
   case GL_BLEND_DST_RGB: INTS(ctx->blend_dst_rgb); return true;
   case GL_BLEND_DST_ALPHA: INTS(ctx->blend_dst_alpha); return true;
   case GL_BLEND_EQUATION_RGB: INTS(ctx->blend_eq_rgb); return true;
   case GL_BLEND_EQUATION_ALPHA: INTS(ctx->blend_eq_alpha); return true;
   case GL_BLEND_COLOR: set_float(v, GET_NORM, 4, ctx->blend_color); return true;
   case GL_DITHER: set_bool(v, 1, &ctx->dither); return true;
   case GL_CLIP_DISTANCE0_APPLE: case GL_CLIP_DISTANCE1_APPLE: case GL_CLIP_DISTANCE2_APPLE:
   case GL_CLIP_DISTANCE3_APPLE: case GL_CLIP_DISTANCE4_APPLE: case GL_CLIP_DISTANCE5_APPLE:
   case GL_CLIP_DISTANCE6_APPLE: case GL_CLIP_DISTANCE7_APPLE:
      set_bool(v, 1, &ctx->clip_distance[pname - GL_CLIP_DISTANCE0_APPLE]);
      return true;
   /* framebuffer control */
   case GL_COLOR_WRITEMASK:
      INTS(ctx->color_mask[0], ctx->color_mask[1], ctx->color_mask[2], ctx->color_mask[3]);
      v->kind = GET_BOOL;
      return true;
   case GL_DEPTH_WRITEMASK: INTS(ctx->depth_mask); v->kind = GET_BOOL; return true;
   case GL_STENCIL_WRITEMASK: INTS(front->write_mask); return true;
   case GL_STENCIL_BACK_WRITEMASK: INTS(back->write_mask); return true;
   case GL_COLOR_CLEAR_VALUE: set_float(v, GET_NORM, 4, ctx->clear_color); return true;
   case GL_DEPTH_CLEAR_VALUE: set_float(v, GET_NORM, 1, &ctx->clear_depth); return true;
   case GL_STENCIL_CLEAR_VALUE: INTS(ctx->clear_stencil); return true;
   /* pixels, hints */
   case GL_PACK_ALIGNMENT: INTS(ctx->pack_alignment); return true;
   case GL_UNPACK_ALIGNMENT: INTS(ctx->unpack_alignment); return true;
   case GL_UNPACK_ROW_LENGTH_EXT: INTS(ctx->unpack_row_length); return true;
   case GL_UNPACK_SKIP_ROWS_EXT: INTS(ctx->unpack_skip_rows); return true;
   case GL_UNPACK_SKIP_PIXELS_EXT: INTS(ctx->unpack_skip_pixels); return true;
   case GL_GENERATE_MIPMAP_HINT: INTS(ctx->generate_mipmap_hint); return true;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES: INTS(ctx->derivative_hint); return true;
   /* implementation limits */
   case GL_SUBPIXEL_BITS: INTS(cap(ctx, PIPE_CAP_SUBPIXEL_BITS, 4)); return true;
   case GL_MAX_TEXTURE_SIZE: case GL_MAX_CUBE_MAP_TEXTURE_SIZE: case GL_MAX_RENDERBUFFER_SIZE:
      INTS(cap(ctx, PIPE_CAP_MAX_TEXTURE_2D_SIZE, 64));
      return true;
   case GL_MAX_VIEWPORT_DIMS:
      INTS(gl_max_viewport_size(ctx), gl_max_viewport_size(ctx));
      return true;
   case GL_ALIASED_POINT_SIZE_RANGE: {
      const float range[2] = { 1.0f, (float)cap(ctx, PIPE_CAP_MAX_POINT_SIZE, 1) };
      set_float(v, GET_FLOAT, 2, range);
      return true;
   }
   case GL_ALIASED_LINE_WIDTH_RANGE: {
      /* Only width-1 lines are guaranteed by the simulator for now. */
      const float range[2] = { 1.0f, 1.0f };
      set_float(v, GET_FLOAT, 2, range);
      return true;
   }
   case GL_MAX_VERTEX_ATTRIBS: INTS(ctx->max_attribs); return true;
   case GL_MAX_VERTEX_UNIFORM_VECTORS: INTS(cap(ctx, PIPE_CAP_MAX_VS_UNIFORM_VECTORS, 128)); return true;
   case GL_MAX_FRAGMENT_UNIFORM_VECTORS: INTS(cap(ctx, PIPE_CAP_MAX_FS_UNIFORM_VECTORS, 16)); return true;
   case GL_MAX_VARYING_VECTORS: INTS(cap(ctx, PIPE_CAP_MAX_VARYINGS, 8)); return true;
   case GL_MAX_CLIP_DISTANCES_APPLE: {   /* GL_APPLE_clip_distance: at least 8 */
      int n = cap(ctx, PIPE_CAP_MAX_CLIP_DISTANCES, 8);
      INTS(n < GL_MAX_CLIP_DISTANCES ? n : GL_MAX_CLIP_DISTANCES);
      return true;
   }
   case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: case GL_MAX_TEXTURE_IMAGE_UNITS:
      INTS(gl_max_texture_units(ctx));
      return true;
   case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: INTS(gl_max_texture_units(ctx)); return true;
   case GL_NUM_COMPRESSED_TEXTURE_FORMATS: INTS(GL_COMPRESSED_FORMAT_COUNT); return true;
   case GL_COMPRESSED_TEXTURE_FORMATS:
      v->kind = GET_INT;
      v->n = GL_COMPRESSED_FORMAT_COUNT;
      gl_compressed_formats(v->i);
      return true;
   case GL_NUM_SHADER_BINARY_FORMATS: INTS(0); return true;
   case GL_SHADER_BINARY_FORMATS:
      v->kind = GET_INT;
      v->n = 0;
      return true;
   case GL_SHADER_COMPILER: INTS(1); v->kind = GET_BOOL; return true;
   case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT: INTS(1); return true;   /* GL_EXT_blend_func_extended */
   /* GL_EXT_shader_framebuffer_fetch: no per-sample fetch (multi-sampled fetches are refused) */
   case GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT: INTS(0); v->kind = GET_BOOL; return true;
   /* GL_EXT_draw_buffers */
   case GL_MAX_DRAW_BUFFERS_EXT: case GL_MAX_COLOR_ATTACHMENTS_EXT: INTS(GL_FB_MAX_COLOR); return true;
   case GL_DRAW_BUFFER0_EXT: case GL_DRAW_BUFFER1_EXT: case GL_DRAW_BUFFER2_EXT:
   case GL_DRAW_BUFFER3_EXT:
      INTS(gl_draw_buffer(ctx, pname - GL_DRAW_BUFFER0_EXT));
      return true;
   /* robustness (GL_EXT_robustness / GL_KHR_robustness) */
   case GL_CONTEXT_ROBUST_ACCESS_EXT: set_bool(v, 1, &ctx->robust_access); return true;
   case GL_RESET_NOTIFICATION_STRATEGY_EXT:
      INTS(ctx->lose_on_reset ? GL_LOSE_CONTEXT_ON_RESET_EXT : GL_NO_RESET_NOTIFICATION_EXT);
      return true;
   default:
      v->kind = GET_INT;
      v->n = 1;
      return gl_query_get_state(ctx, pname, &v->i[0]) ||
             gl_debug_get_state(ctx, pname, &v->i[0]) ||
             gl_program_binary_get_state(pname, v->i, &v->n);
   }
}

/* Common part of the three getters: NULL-safe lookup with INVALID_ENUM. */
static bool lookup(GLenum pname, struct get_value *v, const char *func)
{
   GET_CONTEXT_OR_RETURN(false);
   if (!get_state(ctx, pname, v)) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return false;
   }
   return true;
}

void GL_APIENTRY glGetIntegerv(GLenum pname, GLint *data)
{
   struct get_value v;
   if (!lookup(pname, &v, __func__) || !data)   /* NULL: the pname check only */
      return;
   for (unsigned k = 0; k < v.n; k++) {
      switch (v.kind) {
      case GET_INT: case GET_BOOL: data[k] = (GLint)(uint32_t)v.i[k]; break;
      case GET_FLOAT: data[k] = (GLint)lround(v.f[k]); break;
      case GET_NORM:
         /* [0,1] maps linearly onto [0, 2^31 - 1] (as signed normalized fixed point). */
         data[k] = (GLint)llround(v.f[k] * 2147483647.0);
         break;
      }
   }
}

void GL_APIENTRY glGetInteger64vEXT(GLenum pname, GLint64 *data)
{
   struct get_value v;
   if (!lookup(pname, &v, __func__) || !data)
      return;
   for (unsigned k = 0; k < v.n; k++) {
      switch (v.kind) {
      case GET_INT: case GET_BOOL: data[k] = v.i[k]; break;
      case GET_FLOAT: data[k] = llround(v.f[k]); break;
      case GET_NORM: data[k] = llround(v.f[k] * 2147483647.0); break;
      }
   }
}

void GL_APIENTRY glGetFloatv(GLenum pname, GLfloat *data)
{
   struct get_value v;
   if (!lookup(pname, &v, __func__) || !data)   /* NULL: the pname check only */
      return;
   for (unsigned k = 0; k < v.n; k++)
      data[k] = v.kind == GET_INT || v.kind == GET_BOOL ? (GLfloat)v.i[k] : (GLfloat)v.f[k];
}

void GL_APIENTRY glGetBooleanv(GLenum pname, GLboolean *data)
{
   struct get_value v;
   if (!lookup(pname, &v, __func__) || !data)   /* NULL: the pname check only */
      return;
   for (unsigned k = 0; k < v.n; k++)
      data[k] = (v.kind == GET_INT || v.kind == GET_BOOL ? v.i[k] != 0 : v.f[k] != 0.0)
                   ? GL_TRUE : GL_FALSE;
}

const GLubyte *GL_APIENTRY glGetString(GLenum name)
{
   GET_CONTEXT_OR_RETURN(NULL);
   struct pipe_screen *screen = ctx->pipe->screen;
   switch (name) {
   case GL_VENDOR: return (const GLubyte *)screen->get_vendor(screen);
   case GL_RENDERER: return (const GLubyte *)screen->get_name(screen);
   case GL_VERSION: return (const GLubyte *)"OpenGL ES 2.0 r600sim " R600SIM_VERSION;
   case GL_SHADING_LANGUAGE_VERSION:
      /* Exactly this: piglit (wflinfo.py) parses the version from the last word. */
      return (const GLubyte *)"OpenGL ES GLSL ES 1.00";
   case GL_EXTENSIONS:
      return (const GLubyte *)gl_extensions_string;
   default:
      gl_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
}
