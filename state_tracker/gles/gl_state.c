/* Fixed-function state: the ES 2.0 initial values and the entry points that set them
 * (enables, blend, depth, stencil, culling, viewport, scissor, masks, hints, pixel store).
 * They only record state and mark it dirty; gl_validate.c turns it into CSOs at draw time. */
#include "gl_context.h"

#include <string.h>

#include "gl_enums.h"
#include "gl_fbo.h"
#include "gl_objects.h"
#include "gl_pipe.h"
#include "gl_texture.h"

void gl_state_init(struct st_context *ctx)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   int max_attribs = screen->get_param(screen, PIPE_CAP_MAX_VERTEX_ATTRIBS);
   ctx->max_attribs = max_attribs > 0 && max_attribs < GL_MAX_ATTRIBS ? (unsigned)max_attribs
                                                                       : GL_MAX_ATTRIBS;
   gl_vao_init(ctx);
   for (unsigned i = 0; i < GL_MAX_ATTRIBS; i++)
      ctx->current_attrib[i][3] = 1.0f;
   ctx->depth_range[1] = 1.0f;
   ctx->dither = true;
   ctx->cull_mode = GL_BACK;
   ctx->front_face = GL_CCW;
   ctx->blend_src_rgb = ctx->blend_src_alpha = GL_ONE;
   ctx->blend_dst_rgb = ctx->blend_dst_alpha = GL_ZERO;
   ctx->blend_eq_rgb = ctx->blend_eq_alpha = GL_FUNC_ADD;
   memset(ctx->color_mask, GL_TRUE, sizeof(ctx->color_mask));
   ctx->depth_func = GL_LESS;
   ctx->depth_mask = GL_TRUE;
   for (int f = 0; f < 2; f++)
      ctx->stencil[f] = (struct gl_stencil_face){
         .func = GL_ALWAYS, .value_mask = ~0u, .write_mask = ~0u,
         .fail = GL_KEEP, .zfail = GL_KEEP, .zpass = GL_KEEP,
      };
   ctx->clear_depth = 1.0f;
   ctx->line_width = 1.0f;
   ctx->sample_coverage_value = 1.0f;
   ctx->generate_mipmap_hint = GL_DONT_CARE;
   ctx->derivative_hint = GL_DONT_CARE;
   ctx->pack_alignment = ctx->unpack_alignment = 4;
   ctx->dirty = ST_DIRTY_ALL;
   gl_cso_init(ctx);
}

static float clamp01(float v)
{
   return v > 1.0f ? 1.0f : v >= 0.0f ? v : 0.0f;   /* NaN -> 0 */
}

/* The flag behind a glEnable cap, or NULL (with the dirty bit it feeds). */
static bool *cap_flag(struct st_context *ctx, GLenum cap, unsigned *dirty)
{
   switch (cap) {
   case GL_CULL_FACE: *dirty = ST_DIRTY_RASTERIZER; return &ctx->cull_enabled;
   case GL_POLYGON_OFFSET_FILL: *dirty = ST_DIRTY_RASTERIZER; return &ctx->polygon_offset_fill;
   case GL_SCISSOR_TEST: *dirty = ST_DIRTY_RASTERIZER; return &ctx->scissor_test;
   case GL_BLEND: *dirty = ST_DIRTY_BLEND; return &ctx->blend_enabled;
   case GL_DITHER: *dirty = ST_DIRTY_BLEND; return &ctx->dither;
   case GL_SAMPLE_ALPHA_TO_COVERAGE: *dirty = ST_DIRTY_BLEND; return &ctx->sample_alpha_to_coverage;
   case GL_SAMPLE_COVERAGE: *dirty = ST_DIRTY_BLEND; return &ctx->sample_coverage;
   case GL_DEPTH_TEST: *dirty = ST_DIRTY_DSA; return &ctx->depth_test;
   case GL_STENCIL_TEST: *dirty = ST_DIRTY_DSA; return &ctx->stencil_test;
   case GL_CLIP_DISTANCE0_APPLE: case GL_CLIP_DISTANCE1_APPLE: case GL_CLIP_DISTANCE2_APPLE:
   case GL_CLIP_DISTANCE3_APPLE: case GL_CLIP_DISTANCE4_APPLE: case GL_CLIP_DISTANCE5_APPLE:
   case GL_CLIP_DISTANCE6_APPLE: case GL_CLIP_DISTANCE7_APPLE:
      *dirty = ST_DIRTY_RASTERIZER;
      return &ctx->clip_distance[cap - GL_CLIP_DISTANCE0_APPLE];
   case GL_DEBUG_OUTPUT_KHR: return &ctx->debug_output;
   case GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR: return &ctx->debug_output_sync;
   default: return NULL;
   }
}

static void set_cap(GLenum cap, bool value, const char *func)
{
   GET_CONTEXT_OR_RETURN();
   unsigned dirty = 0;
   bool *flag = cap_flag(ctx, cap, &dirty);
   if (!flag) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return;
   }
   if (*flag != value) {
      *flag = value;
      ctx->dirty |= dirty;
   }
}

void GL_APIENTRY glEnable(GLenum cap) { set_cap(cap, true, __func__); }
void GL_APIENTRY glDisable(GLenum cap) { set_cap(cap, false, __func__); }

GLboolean GL_APIENTRY glIsEnabled(GLenum cap)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   unsigned dirty;
   bool *flag = cap_flag(ctx, cap, &dirty);
   if (!flag) {
      gl_error(ctx, GL_INVALID_ENUM);
      return GL_FALSE;
   }
   return *flag ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glCullFace(GLenum mode)
{
   GET_CONTEXT_OR_RETURN();
   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   ctx->cull_mode = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void GL_APIENTRY glFrontFace(GLenum mode)
{
   GET_CONTEXT_OR_RETURN();
   if (mode != GL_CW && mode != GL_CCW) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   ctx->front_face = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void GL_APIENTRY glLineWidth(GLfloat width)
{
   GET_CONTEXT_OR_RETURN();
   if (!(width > 0.0f)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   ctx->line_width = width;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void GL_APIENTRY glPolygonOffset(GLfloat factor, GLfloat units)
{
   GET_CONTEXT_OR_RETURN();
   ctx->polygon_offset_factor = factor;
   ctx->polygon_offset_units = units;
   ctx->polygon_offset_clamp = 0.0f;   /* as glPolygonOffsetClampEXT with clamp 0 */
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

/* GL_EXT_polygon_offset_clamp: the offset is limited to clamp (a maximum when > 0, a
 * minimum when < 0, none when 0: PA_SU_POLY_OFFSET_CLAMP). */
void GL_APIENTRY glPolygonOffsetClampEXT(GLfloat factor, GLfloat units, GLfloat clamp)
{
   GET_CONTEXT_OR_RETURN();
   ctx->polygon_offset_factor = factor;
   ctx->polygon_offset_units = units;
   ctx->polygon_offset_clamp = clamp;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void GL_APIENTRY glBlendFuncSeparate(GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha,
                                     GLenum dst_alpha)
{
   GET_CONTEXT_OR_RETURN();
   /* ES 2.0 takes SRC_ALPHA_SATURATE as a source factor only; GL_EXT_blend_func_extended
    * makes it a destination factor too. */
   if (!gl_is_blend_factor(src_rgb) || !gl_is_blend_factor(src_alpha) ||
       !gl_is_blend_factor(dst_rgb) || !gl_is_blend_factor(dst_alpha)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   ctx->blend_src_rgb = src_rgb;
   ctx->blend_dst_rgb = dst_rgb;
   ctx->blend_src_alpha = src_alpha;
   ctx->blend_dst_alpha = dst_alpha;
   ctx->dirty |= ST_DIRTY_BLEND;
}

void GL_APIENTRY glBlendFunc(GLenum sfactor, GLenum dfactor)
{
   glBlendFuncSeparate(sfactor, dfactor, sfactor, dfactor);
}

void GL_APIENTRY glBlendEquationSeparate(GLenum mode_rgb, GLenum mode_alpha)
{
   GET_CONTEXT_OR_RETURN();
   if (!gl_is_blend_equation(mode_rgb) || !gl_is_blend_equation(mode_alpha)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   ctx->blend_eq_rgb = mode_rgb;
   ctx->blend_eq_alpha = mode_alpha;
   ctx->dirty |= ST_DIRTY_BLEND;
}

void GL_APIENTRY glBlendEquation(GLenum mode)
{
   glBlendEquationSeparate(mode, mode);
}

void GL_APIENTRY glBlendColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CONTEXT_OR_RETURN();
   ctx->blend_color[0] = clamp01(red);
   ctx->blend_color[1] = clamp01(green);
   ctx->blend_color[2] = clamp01(blue);
   ctx->blend_color[3] = clamp01(alpha);
   ctx->dirty |= ST_DIRTY_BLEND_COLOR;
}

void GL_APIENTRY glColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
   GET_CONTEXT_OR_RETURN();
   ctx->color_mask[0] = red ? GL_TRUE : GL_FALSE;
   ctx->color_mask[1] = green ? GL_TRUE : GL_FALSE;
   ctx->color_mask[2] = blue ? GL_TRUE : GL_FALSE;
   ctx->color_mask[3] = alpha ? GL_TRUE : GL_FALSE;
   ctx->dirty |= ST_DIRTY_BLEND;
}

void GL_APIENTRY glDepthFunc(GLenum func)
{
   GET_CONTEXT_OR_RETURN();
   if (!gl_is_compare_func(func)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   ctx->depth_func = func;
   ctx->dirty |= ST_DIRTY_DSA;
}

void GL_APIENTRY glDepthMask(GLboolean flag)
{
   GET_CONTEXT_OR_RETURN();
   ctx->depth_mask = flag ? GL_TRUE : GL_FALSE;
   ctx->dirty |= ST_DIRTY_DSA;
}

void GL_APIENTRY glDepthRangef(GLfloat n, GLfloat f)
{
   GET_CONTEXT_OR_RETURN();
   ctx->depth_range[0] = clamp01(n);
   ctx->depth_range[1] = clamp01(f);
   ctx->dirty |= ST_DIRTY_VIEWPORT;
}

/* The stencil faces [first, last] that `face` names; INVALID_ENUM for a bad face. */
static bool stencil_faces(struct st_context *ctx, GLenum face, int *first, int *last,
                          const char *func)
{
   switch (face) {
   case GL_FRONT: *first = 0; *last = 0; return true;
   case GL_BACK: *first = 1; *last = 1; return true;
   case GL_FRONT_AND_BACK: *first = 0; *last = 1; return true;
   default: gl_error_at(ctx, GL_INVALID_ENUM, func); return false;
   }
}

void GL_APIENTRY glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   GET_CONTEXT_OR_RETURN();
   int first, last;
   if (!stencil_faces(ctx, face, &first, &last, __func__))
      return;
   if (!gl_is_compare_func(func)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   for (int f = first; f <= last; f++) {
      ctx->stencil[f].func = func;
      ctx->stencil[f].ref = ref;
      ctx->stencil[f].value_mask = mask;
   }
   ctx->dirty |= ST_DIRTY_DSA | ST_DIRTY_STENCIL_REF;
}

void GL_APIENTRY glStencilFunc(GLenum func, GLint ref, GLuint mask)
{
   glStencilFuncSeparate(GL_FRONT_AND_BACK, func, ref, mask);
}

void GL_APIENTRY glStencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
   GET_CONTEXT_OR_RETURN();
   int first, last;
   if (!stencil_faces(ctx, face, &first, &last, __func__))
      return;
   if (!gl_is_stencil_op(sfail) || !gl_is_stencil_op(dpfail) || !gl_is_stencil_op(dppass)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   for (int f = first; f <= last; f++) {
      ctx->stencil[f].fail = sfail;
      ctx->stencil[f].zfail = dpfail;
      ctx->stencil[f].zpass = dppass;
   }
   ctx->dirty |= ST_DIRTY_DSA;
}

void GL_APIENTRY glStencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
   glStencilOpSeparate(GL_FRONT_AND_BACK, fail, zfail, zpass);
}

void GL_APIENTRY glStencilMaskSeparate(GLenum face, GLuint mask)
{
   GET_CONTEXT_OR_RETURN();
   int first, last;
   if (!stencil_faces(ctx, face, &first, &last, __func__))
      return;
   for (int f = first; f <= last; f++)
      ctx->stencil[f].write_mask = mask;
   ctx->dirty |= ST_DIRTY_DSA;
}

void GL_APIENTRY glStencilMask(GLuint mask)
{
   glStencilMaskSeparate(GL_FRONT_AND_BACK, mask);
}

void GL_APIENTRY glClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CONTEXT_OR_RETURN();
   ctx->clear_color[0] = clamp01(red);
   ctx->clear_color[1] = clamp01(green);
   ctx->clear_color[2] = clamp01(blue);
   ctx->clear_color[3] = clamp01(alpha);
}

void GL_APIENTRY glClearDepthf(GLfloat d)
{
   GET_CONTEXT_OR_RETURN();
   ctx->clear_depth = clamp01(d);
}

void GL_APIENTRY glClearStencil(GLint s)
{
   GET_CONTEXT_OR_RETURN();
   ctx->clear_stencil = s;
}

void GL_APIENTRY glViewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CONTEXT_OR_RETURN();
   if (width < 0 || height < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   int max = gl_max_viewport_size(ctx);
   ctx->viewport[0] = x;
   ctx->viewport[1] = y;
   ctx->viewport[2] = width < max ? width : max;
   ctx->viewport[3] = height < max ? height : max;
   ctx->dirty |= ST_DIRTY_VIEWPORT;
}

void GL_APIENTRY glScissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CONTEXT_OR_RETURN();
   if (width < 0 || height < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   ctx->scissor[0] = x;
   ctx->scissor[1] = y;
   ctx->scissor[2] = width;
   ctx->scissor[3] = height;
   ctx->dirty |= ST_DIRTY_SCISSOR;
}

void GL_APIENTRY glHint(GLenum target, GLenum mode)
{
   GET_CONTEXT_OR_RETURN();
   if ((target != GL_GENERATE_MIPMAP_HINT && target != GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES) ||
       (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   /* recorded only: derivatives are computed the same way whatever the hint */
   *(target == GL_GENERATE_MIPMAP_HINT ? &ctx->generate_mipmap_hint : &ctx->derivative_hint) = mode;
}

void GL_APIENTRY glSampleCoverage(GLfloat value, GLboolean invert)
{
   GET_CONTEXT_OR_RETURN();
   ctx->sample_coverage_value = clamp01(value);
   ctx->sample_coverage_invert = invert ? GL_TRUE : GL_FALSE;
   ctx->dirty |= ST_DIRTY_BLEND;
}

void GL_APIENTRY glPixelStorei(GLenum pname, GLint param)
{
   GET_CONTEXT_OR_RETURN();
   GLint *subimage = pname == GL_UNPACK_ROW_LENGTH_EXT ? &ctx->unpack_row_length
                   : pname == GL_UNPACK_SKIP_ROWS_EXT ? &ctx->unpack_skip_rows
                   : pname == GL_UNPACK_SKIP_PIXELS_EXT ? &ctx->unpack_skip_pixels : NULL;
   if (subimage) {   /* GL_EXT_unpack_subimage */
      if (param < 0)
         gl_error(ctx, GL_INVALID_VALUE);
      else
         *subimage = param;
      return;
   }
   if (pname != GL_PACK_ALIGNMENT && pname != GL_UNPACK_ALIGNMENT) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (param != 1 && param != 2 && param != 4 && param != 8) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (pname == GL_PACK_ALIGNMENT)
      ctx->pack_alignment = param;
   else
      ctx->unpack_alignment = param;
}

void gl_state_fini(struct st_context *ctx)
{
   gl_program_use(ctx, NULL);
   gl_buffer_unref(ctx, ctx->array_buffer);
   ctx->array_buffer = NULL;
   gl_vao_fini(ctx);
   gl_texture_fini(ctx);
   gl_framebuffers_fini(ctx);
   gl_cso_fini(ctx);
   gl_clear_fini(ctx);
   gl_query_fini(ctx);
   gl_debug_fini(ctx);
}
