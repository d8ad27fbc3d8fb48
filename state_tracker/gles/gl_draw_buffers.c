/* GL_EXT_draw_buffers: glDrawBuffersEXT. Draw buffer i of a framebuffer object is
 * COLOR_ATTACHMENTi_EXT or NONE (state of the object, initially COLOR_ATTACHMENT0 and NONE);
 * the EGL surface has one, BACK or NONE. Draws and clears write the selected attachments
 * as CB_COLOR0..3 (gl_draw_cbufs): gl_FragData[i] to draw buffer i, gl_FragColor to all of
 * them (CB_COLOR_CONTROL.MULTIWRITE_ENABLE). */
#include "gl_context.h"

#include "gl_fbo.h"

void GL_APIENTRY glDrawBuffersEXT(GLsizei n, const GLenum *bufs)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0 || n > GL_FB_MAX_COLOR) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!ctx->fbo) {
      /* the default framebuffer: exactly one buffer, BACK or NONE */
      if (n != 1 || (bufs && bufs[0] != GL_BACK && bufs[0] != GL_NONE)) {
         gl_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      if (!bufs)   /* as glDeleteFramebuffers: nothing to read */
         return;
      ctx->default_draw_none = bufs[0] == GL_NONE;
      gl_framebuffer_changed(ctx);
      return;
   }
   if (!bufs)
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (bufs[i] != GL_NONE && bufs[i] != GL_COLOR_ATTACHMENT0 + (GLenum)i) {
         gl_error(ctx, GL_INVALID_OPERATION);
         return;
      }
   }
   for (GLsizei i = 0; i < GL_FB_MAX_COLOR; i++)
      ctx->fbo->draw_buffers[i] = i < n ? bufs[i] : GL_NONE;
   gl_framebuffer_changed(ctx);
}

static bool is_src1_factor(GLenum f)
{
   return f == GL_SRC1_COLOR_EXT || f == GL_ONE_MINUS_SRC1_COLOR_EXT || f == GL_SRC1_ALPHA_EXT ||
          f == GL_ONE_MINUS_SRC1_ALPHA_EXT;
}

bool gl_dual_source_conflict(const struct st_context *ctx)
{
   if (!ctx->blend_enabled ||
       !(is_src1_factor(ctx->blend_src_rgb) || is_src1_factor(ctx->blend_dst_rgb) ||
         is_src1_factor(ctx->blend_src_alpha) || is_src1_factor(ctx->blend_dst_alpha)))
      return false;
   unsigned buffers = 0;
   for (unsigned i = 0; i < GL_FB_MAX_COLOR; i++)
      buffers += gl_draw_buffer(ctx, i) != GL_NONE;
   return buffers > 1;   /* GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT */
}
