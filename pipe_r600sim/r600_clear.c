/* pipe->clear through the hardware: a screen-covering quad drawn with the clear shaders of
 * auxiliary/simple_shaders (PS: colour from constant 0) and state that writes exactly the
 * buffers being cleared. The application's bound state is saved and restored around the
 * draw. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600_context.h"
#include "r600_debug.h"
#include "simple_shaders/simple_shaders.h"

struct r600_clear_state {
   void *vs, *ps, *velems, *rs;
   void *blend[2];             /* [0] writes nothing, [1] writes RGBA of every target */
   void *dsa[4];               /* bit 0: depth, bit 1: stencil */
};

/* One of the clear shaders of auxiliary/simple_shaders, or NULL with a message. */
static void *create_shader(struct pipe_context *p, void *(*create)(struct pipe_context *, char **))
{
   char *log = NULL;
   void *cso = create(p, &log);
   if (!cso)
      fprintf(stderr, "r600sim: clear shader: %s\n", log ? log : "compilation failed");
   free(log);
   return cso;
}

static bool create_clear_state(struct r600_context *ctx)
{
   struct r600_clear_state *cs = calloc(1, sizeof(*cs));
   if (!cs)
      return false;
   ctx->clear = cs;
   struct pipe_context *p = &ctx->base;
   cs->vs = create_shader(p, simple_clear_vs_create);
   cs->ps = create_shader(p, simple_clear_fs_create);
   struct pipe_vertex_element elem = { .src_format = PIPE_FORMAT_R32G32_FLOAT };
   cs->velems = p->create_vertex_elements_state(p, 1, &elem);
   struct pipe_rasterizer_state rs = {
      .front_ccw = true, .cull_face = PIPE_FACE_NONE, .half_pixel_center = true,
      .depth_clip = true, .point_size = 1.0f, .line_width = 1.0f,
   };
   cs->rs = p->create_rasterizer_state(p, &rs);
   for (unsigned i = 0; i < 2; i++) {
      struct pipe_blend_state blend = { .independent_blend_enable = false };
      blend.rt[0].colormask = i ? PIPE_MASK_RGBA : 0;
      cs->blend[i] = p->create_blend_state(p, &blend);
   }
   for (unsigned i = 0; i < 4; i++) {
      struct pipe_depth_stencil_alpha_state dsa = {
         .depth_enabled = i & 1, .depth_writemask = i & 1, .depth_func = PIPE_FUNC_ALWAYS,
      };
      dsa.stencil[0] = (struct pipe_stencil_state){
         .enabled = (i & 2) != 0, .func = PIPE_FUNC_ALWAYS, .fail_op = PIPE_STENCIL_OP_REPLACE,
         .zpass_op = PIPE_STENCIL_OP_REPLACE, .zfail_op = PIPE_STENCIL_OP_REPLACE,
         .valuemask = 0xFF, .writemask = 0xFF,
      };
      cs->dsa[i] = p->create_depth_stencil_alpha_state(p, &dsa);
   }
   bool ok = cs->vs && cs->ps && cs->velems && cs->rs && cs->blend[0] && cs->blend[1];
   for (unsigned i = 0; i < 4; i++)
      ok = ok && cs->dsa[i];
   return ok;
}

void r600_clear_state_destroy(struct r600_context *ctx)
{
   struct r600_clear_state *cs = ctx->clear;
   struct pipe_context *p = &ctx->base;
   if (!cs)
      return;
   if (cs->vs)
      p->delete_vs_state(p, cs->vs);
   if (cs->ps)
      p->delete_fs_state(p, cs->ps);
   if (cs->velems)
      p->delete_vertex_elements_state(p, cs->velems);
   if (cs->rs)
      p->delete_rasterizer_state(p, cs->rs);
   for (unsigned i = 0; i < 2; i++)
      if (cs->blend[i])
         p->delete_blend_state(p, cs->blend[i]);
   for (unsigned i = 0; i < 4; i++)
      if (cs->dsa[i])
         p->delete_depth_stencil_alpha_state(p, cs->dsa[i]);
   free(cs);
   ctx->clear = NULL;
}

/* The application's state the clear replaces. */
struct saved_state {
   struct r600_blend_state *blend;
   struct r600_dsa_state *dsa;
   struct r600_rasterizer_state *rs;
   struct r600_shader_state *vs, *ps;
   struct r600_vertex_elements *velems;
   struct pipe_viewport_state viewport;
   struct pipe_stencil_ref stencil_ref;
   struct r600_constbuf constbuf;       /* owns the reference while saved */
   struct r600_vertex_buffer vb0;       /* owns the references while saved */
   unsigned num_vb;
};

static const uint64_t clear_atoms =
   (1ull << R600_ATOM_BLEND) | (1ull << R600_ATOM_CB_MISC) | (1ull << R600_ATOM_DSA) |
   (1ull << R600_ATOM_STENCIL_REF) | (1ull << R600_ATOM_DB_SHADER) |
   (1ull << R600_ATOM_RASTERIZER) | (1ull << R600_ATOM_POLY_OFFSET) |
   (1ull << R600_ATOM_VIEWPORT) | (1ull << R600_ATOM_SCISSOR) | (1ull << R600_ATOM_VS) |
   (1ull << R600_ATOM_PS) | (1ull << R600_ATOM_FETCH_SHADER) |
   (1ull << R600_ATOM_VERTEX_BUFFERS) | (1ull << R600_ATOM_CONSTBUF_PS);

static void save_state(struct r600_context *ctx, struct saved_state *s)
{
   s->blend = ctx->blend;
   s->dsa = ctx->dsa;
   s->rs = ctx->rs;
   s->vs = ctx->vs;
   s->ps = ctx->ps;
   s->velems = ctx->velems;
   s->viewport = ctx->viewport;
   s->stencil_ref = ctx->stencil_ref;
   s->constbuf = ctx->constbuf[PIPE_SHADER_FRAGMENT];
   memset(&ctx->constbuf[PIPE_SHADER_FRAGMENT], 0, sizeof(struct r600_constbuf));
   s->vb0 = ctx->vb[0];
   memset(&ctx->vb[0], 0, sizeof(ctx->vb[0]));
   s->num_vb = ctx->num_vb;
}

static void restore_state(struct r600_context *ctx, struct saved_state *s)
{
   ctx->blend = s->blend;
   ctx->dsa = s->dsa;
   ctx->rs = s->rs;
   ctx->vs = s->vs;
   ctx->ps = s->ps;
   ctx->velems = s->velems;
   ctx->viewport = s->viewport;
   ctx->stencil_ref = s->stencil_ref;
   r600_bo_reference(&ctx->constbuf[PIPE_SHADER_FRAGMENT].bo, NULL);
   ctx->constbuf[PIPE_SHADER_FRAGMENT] = s->constbuf;
   r600_bo_reference(&ctx->vb[0].bo, NULL);
   ctx->vb[0] = s->vb0;
   ctx->num_vb = s->num_vb;
   ctx->dirty |= clear_atoms;
}

static void r600_clear(struct pipe_context *pctx, unsigned buffers, const union pipe_color_union *color,
                       double depth, unsigned stencil)
{
   struct r600_context *ctx = r600_context(pctx);
   buffers &= PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL;
   if (!ctx->fb.zsbuf)
      buffers &= ~(PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL);
   if (ctx->fb.zsbuf && ctx->fb.zsbuf->format != PIPE_FORMAT_Z24_UNORM_S8_UINT)
      buffers &= ~PIPE_CLEAR_STENCIL;
   if (!buffers || !ctx->fb.width || !ctx->fb.height)
      return;
   if (!ctx->clear && !create_clear_state(ctx)) {
      fprintf(stderr, "r600sim: cannot build the clear pipeline; clear dropped\n");
      return;
   }
   struct r600_clear_state *cs = ctx->clear;
   struct saved_state saved;
   save_state(ctx, &saved);

   ctx->blend = cs->blend[(buffers & PIPE_CLEAR_COLOR0) ? 1 : 0];
   ctx->dsa = cs->dsa[((buffers & PIPE_CLEAR_DEPTH) ? 1 : 0) | ((buffers & PIPE_CLEAR_STENCIL) ? 2 : 0)];
   ctx->rs = cs->rs;
   ctx->vs = cs->vs;
   ctx->ps = cs->ps;
   ctx->velems = cs->velems;
   ctx->stencil_ref.ref_value[0] = ctx->stencil_ref.ref_value[1] = (uint8_t)stencil;
   /* Window z = 0 * z + depth: the clear depth exactly, whatever the position's z. */
   float w = (float)ctx->fb.width, h = (float)ctx->fb.height;
   ctx->viewport = (struct pipe_viewport_state){
      .scale = { w * 0.5f, h * 0.5f, 0.0f }, .translate = { w * 0.5f, h * 0.5f, (float)depth },
   };
   ctx->dirty |= clear_atoms;

   static const float quad[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   ctx->vb[0].vb.stride = sizeof(quad[0]);
   ctx->vb[0].vb.user_buffer = quad;
   if (ctx->num_vb < 1)
      ctx->num_vb = 1;

   struct r600_constbuf *cb = &ctx->constbuf[PIPE_SHADER_FRAGMENT];
   uint64_t offset;
   struct r600_bo *bo;
   if (r600_upload_data(ctx, color->f, sizeof(color->f), &bo, &offset)) {
      r600_bo_reference(&cb->bo, bo);
      cb->offset = offset;
      cb->size = sizeof(color->f);
      struct pipe_draw_info info = {
         .mode = PIPE_PRIM_TRIANGLE_STRIP, .count = 4, .instance_count = 1,
         .max_index = 0xFFFFFFFFu,
      };
      R600_DBG(ctx->screen, DRAWS, "r600sim: clear 0x%x\n", buffers);
      r600_draw(ctx, &info);
   } else {
      fprintf(stderr, "r600sim: out of GPU memory; clear dropped\n");
   }
   restore_state(ctx, &saved);
}

void r600_init_clear_functions(struct r600_context *ctx)
{
   ctx->base.clear = r600_clear;
}
