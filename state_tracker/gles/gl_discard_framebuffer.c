/* GL_EXT_discard_framebuffer: glDiscardFramebufferEXT.
 *
 * The discard is a hint that the named buffers' contents are no longer needed; afterwards
 * they are undefined. What this driver does with it: nothing, after the errors. On a tiler
 * the hint saves the load or store of tile memory; the R600 renders straight into its
 * surfaces, and without CMASK/FMASK or HiZ (not used here) there is no compression state
 * to drop either, so keeping the pixels costs nothing and is a valid "undefined" content.
 * A multi-sampled pbuffer is still resolved when read back. */
#include "gl_context.h"
#include "gl_fbo.h"

/* An attachment token valid for the bound framebuffer (ES 2.0 plus the extension). */
static bool discardable(const struct st_context *ctx, GLenum a)
{
   if (!ctx->fbo)
      return a == GL_COLOR_EXT || a == GL_DEPTH_EXT || a == GL_STENCIL_EXT;
   /* COLOR_ATTACHMENT1..3_EXT exist with GL_EXT_draw_buffers */
   return (a >= GL_COLOR_ATTACHMENT0 && a < GL_COLOR_ATTACHMENT0 + GL_FB_MAX_COLOR) ||
          a == GL_DEPTH_ATTACHMENT || a == GL_STENCIL_ATTACHMENT;
}

void GL_APIENTRY glDiscardFramebufferEXT(GLenum target, GLsizei num_attachments,
                                         const GLenum *attachments)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_FRAMEBUFFER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (num_attachments < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!attachments)   /* as glDeleteFramebuffers: nothing to look at */
      return;
   for (GLsizei i = 0; i < num_attachments; i++) {
      if (!discardable(ctx, attachments[i])) {
         gl_error(ctx, GL_INVALID_ENUM);
         return;
      }
   }
}
