/* glClear. pipe->clear honours neither the scissor nor write masks, so a scissored or
 * masked clear is drawn instead: a quad over the whole drawable with the constant-colour
 * clear shaders (auxiliary/simple_shaders), depth from the viewport's z translate, stencil
 * by REPLACE, masks in the blend/depth-stencil CSOs. */
#include "gl_context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_pipe.h"
#include "simple_shaders/simple_shaders.h"

static bool create_clear_shaders(struct st_context *ctx)
{
   if (ctx->clear_shaders.tried)
      return ctx->clear_shaders.vs && ctx->clear_shaders.fs;
   ctx->clear_shaders.tried = true;
   struct pipe_context *pipe = ctx->pipe;
   char *log = NULL;
   ctx->clear_shaders.vs = simple_clear_vs_create(pipe, &log);
   if (ctx->clear_shaders.vs)
      ctx->clear_shaders.fs = simple_clear_fs_create(pipe, &log);
   if (!ctx->clear_shaders.fs) {
      fprintf(stderr, "r600sim: masked/scissored glClear unavailable: %s\n",
              log ? log : "out of memory");
      if (ctx->clear_shaders.vs)
         pipe->delete_vs_state(pipe, ctx->clear_shaders.vs);
      ctx->clear_shaders.vs = NULL;
   }
   free(log);
   return ctx->clear_shaders.fs != NULL;
}

void gl_clear_fini(struct st_context *ctx)
{
   struct pipe_context *pipe = ctx->pipe;
   if (ctx->clear_shaders.vs) {
      if (ctx->bound_vs == ctx->clear_shaders.vs)
         pipe->bind_vs_state(pipe, NULL);
      pipe->delete_vs_state(pipe, ctx->clear_shaders.vs);
   }
   if (ctx->clear_shaders.fs) {
      if (ctx->bound_fs == ctx->clear_shaders.fs)
         pipe->bind_fs_state(pipe, NULL);
      pipe->delete_fs_state(pipe, ctx->clear_shaders.fs);
   }
   memset(&ctx->clear_shaders, 0, sizeof(ctx->clear_shaders));
}

static void clear_with_draw(struct st_context *ctx, unsigned buffers)
{
   if (!create_clear_shaders(ctx))
      return;
   struct pipe_context *pipe = ctx->pipe;

   struct pipe_blend_state blend;
   memset(&blend, 0, sizeof(blend));
   if (buffers & PIPE_CLEAR_COLOR0)
      blend.rt[0].colormask = (ctx->color_mask[0] ? PIPE_MASK_R : 0) |
                              (ctx->color_mask[1] ? PIPE_MASK_G : 0) |
                              (ctx->color_mask[2] ? PIPE_MASK_B : 0) |
                              (ctx->color_mask[3] ? PIPE_MASK_A : 0);
   gl_bind_blend(ctx, &blend);

   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof(dsa));
   if (buffers & PIPE_CLEAR_DEPTH) {
      dsa.depth_enabled = true;        /* ALWAYS passes; the mask decides the write */
      dsa.depth_func = PIPE_FUNC_ALWAYS;
      dsa.depth_writemask = ctx->depth_mask;
   }
   if (buffers & PIPE_CLEAR_STENCIL) {
      for (int f = 0; f < 2; f++)
         dsa.stencil[f] = (struct pipe_stencil_state){
            .enabled = true, .func = PIPE_FUNC_ALWAYS,
            .fail_op = PIPE_STENCIL_OP_REPLACE, .zfail_op = PIPE_STENCIL_OP_REPLACE,
            .zpass_op = PIPE_STENCIL_OP_REPLACE, .valuemask = 0xff,
            .writemask = (uint8_t)ctx->stencil[0].write_mask,   /* GL uses the front mask */
         };
      uint8_t ref = (uint8_t)ctx->clear_stencil;
      pipe->set_stencil_ref(pipe, (struct pipe_stencil_ref){ { ref, ref } });
   }
   gl_bind_dsa(ctx, &dsa);

   struct pipe_rasterizer_state rast;
   gl_rasterizer_template(ctx, &rast);
   rast.cull_face = PIPE_FACE_NONE;
   rast.offset_tri = false;
   rast.offset_units = rast.offset_scale = 0.0f;
   gl_bind_rasterizer(ctx, &rast);

   /* The whole drawable; z is the clear depth whatever the depth range. */
   float w = (float)gl_draw_width(ctx), h = (float)gl_draw_height(ctx);
   struct pipe_viewport_state vp = {
      .scale = { w * 0.5f, h * 0.5f, 0.0f },
      .translate = { w * 0.5f, h * 0.5f, ctx->clear_depth },
   };
   pipe->set_viewport_states(pipe, 0, 1, &vp);

   struct pipe_constant_buffer cb = { .buffer_size = 16, .user_buffer = ctx->clear_color };
   pipe->set_constant_buffer(pipe, PIPE_SHADER_FRAGMENT, 0, &cb);
   pipe->set_constant_buffer(pipe, PIPE_SHADER_VERTEX, 0, NULL);
   pipe->bind_vs_state(pipe, ctx->clear_shaders.vs);
   pipe->bind_fs_state(pipe, ctx->clear_shaders.fs);
   ctx->bound_vs = ctx->clear_shaders.vs;
   ctx->bound_fs = ctx->clear_shaders.fs;

   struct gl_ve_key key;
   memset(&key, 0, sizeof(key));
   key.count = 1;
   key.elements[0].src_format = PIPE_FORMAT_R32G32_FLOAT;
   gl_bind_vertex_elements(ctx, &key);
   static const float quad[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   struct pipe_vertex_buffer vb = { .stride = sizeof(quad[0]), .user_buffer = quad };
   pipe->set_vertex_buffers(pipe, 0, 1, &vb);

   struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLE_STRIP,
      .count = 4,
      .max_index = 3,
      .instance_count = 1,
   };
   if (ctx->bound_blend && ctx->bound_dsa && ctx->bound_rast && ctx->bound_ve) {
      pipe->set_active_query_state(pipe, false);   /* a clear passes no samples */
      pipe->draw_vbo(pipe, &info);
      pipe->set_active_query_state(pipe, true);
   }

   /* Everything above replaced draw state: re-send it before the next draw. */
   ctx->dirty |= ST_DIRTY_VIEWPORT | ST_DIRTY_RASTERIZER | ST_DIRTY_BLEND | ST_DIRTY_DSA |
                 ST_DIRTY_STENCIL_REF | ST_DIRTY_SHADERS | ST_DIRTY_CONSTANTS;
}

void GL_APIENTRY glClear(GLbitfield mask)
{
   GET_CONTEXT_OR_RETURN();
   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!gl_have_draw_buffer(ctx)) {
      gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return;
   }
   unsigned buffers = 0;
   if (mask & GL_COLOR_BUFFER_BIT)
      buffers |= PIPE_CLEAR_COLOR0;
   if ((mask & GL_DEPTH_BUFFER_BIT) && gl_draw_bits(ctx, GL_DEPTH_BITS))
      buffers |= PIPE_CLEAR_DEPTH;
   if ((mask & GL_STENCIL_BUFFER_BIT) && gl_draw_bits(ctx, GL_STENCIL_BITS))
      buffers |= PIPE_CLEAR_STENCIL;
   if (!buffers || !gl_validate_state(ctx))
      return;

   unsigned width = gl_draw_width(ctx), height = gl_draw_height(ctx);
   struct pipe_scissor_state sc = { 0, 0, width, height };
   if (ctx->scissor_test)
      gl_scissor_state(ctx, &sc);
   if (sc.minx >= sc.maxx || sc.miny >= sc.maxy)
      return;
   bool whole = sc.minx == 0 && sc.miny == 0 && sc.maxx == width && sc.maxy == height;
   bool masked = ((buffers & PIPE_CLEAR_COLOR0) &&
                  !(ctx->color_mask[0] && ctx->color_mask[1] && ctx->color_mask[2] &&
                    ctx->color_mask[3])) ||
                 ((buffers & PIPE_CLEAR_DEPTH) && !ctx->depth_mask) ||
                 ((buffers & PIPE_CLEAR_STENCIL) && (ctx->stencil[0].write_mask & 0xff) != 0xff);
   if (whole && !masked) {
      union pipe_color_union color;
      memcpy(color.f, ctx->clear_color, sizeof(color.f));
      ctx->pipe->clear(ctx->pipe, buffers, &color, ctx->clear_depth,
                       (unsigned)ctx->clear_stencil & 0xff);
   } else {
      clear_with_draw(ctx, buffers);
   }
}
