/* GL_EXT_shader_framebuffer_fetch_non_coherent: glFramebufferFetchBarrierEXT. After the
 * barrier, fragment shaders must read (gl_LastFragData) what was written before it. The
 * driver already gives every draw more than that: it copies the colour buffers a fragment
 * shader reads before each primitive (pipe_r600sim's r600_fb_fetch.c), so reads are coherent
 * and the barrier has nothing left to order; it sets no error (the extension names none). */
#include "gl_context.h"

void GL_APIENTRY glFramebufferFetchBarrierEXT(void)
{
   GET_CONTEXT_OR_RETURN();
   (void)ctx;
}
