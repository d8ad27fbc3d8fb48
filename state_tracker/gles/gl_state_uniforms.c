/* The hidden state uniforms of an executable (glsl_frontend.h): the window-position
 * transform for the bound drawable and gl_DepthRange, written into the executable's
 * constants before a draw when they differ from what is there. */
#include "gl_context.h"

#include <string.h>

#include "glsl_frontend.h"
#include "gl_pipe.h"

/* Stores v in slot of stage s; true if that changed the constants. */
static bool store(struct gl_exe *exe, int s, int slot, const float v[4])
{
   if (slot < 0 || (unsigned)slot >= exe->num_consts[s])
      return false;
   float *dst = &exe->consts[s][slot * 4];
   if (!memcmp(dst, v, 4 * sizeof(float)))
      return false;
   memcpy(dst, v, 4 * sizeof(float));
   return true;
}

void gl_update_state_uniforms(struct st_context *ctx, struct gl_exe *exe)
{
   const struct glsl_program *g = exe->glsl;
   bool changed = false;
   if (g->fs_wpos_slot >= 0) {
      /* (sy, ty) for gl_FragCoord.y and dFdy, (psy, pty) for gl_PointCoord.y */
      float height = (float)gl_draw_height(ctx);
      const float flipped[4] = { -1.0f, height, 1.0f, 0.0f };
      const float upright[4] = { 1.0f, 0.0f, -1.0f, 1.0f };
      changed |= store(exe, PIPE_SHADER_FRAGMENT, g->fs_wpos_slot,
                       gl_draw_flipped(ctx) ? flipped : upright);
   }
   if (g->vs_depth_range_slot >= 0 || g->fs_depth_range_slot >= 0) {
      float n = ctx->depth_range[0], f = ctx->depth_range[1];
      const float range[4] = { n, f, f - n, 0.0f };
      changed |= store(exe, PIPE_SHADER_VERTEX, g->vs_depth_range_slot, range);
      changed |= store(exe, PIPE_SHADER_FRAGMENT, g->fs_depth_range_slot, range);
   }
   if (changed)
      exe->serial++;
}
