/* Context creation/destruction and the dirty-atom table. */
#include <stdlib.h>

#include "blitter/blitter.h"
#include "r600_context.h"

typedef void (*r600_emit_func)(struct r600_context *);

/* Emission order within a draw: indexed by enum r600_atom_id. */
static const r600_emit_func atom_emit[R600_NUM_ATOMS] = {
   [R600_ATOM_BLEND] = r600_emit_blend,
   [R600_ATOM_CB_MISC] = r600_emit_cb_misc,
   [R600_ATOM_BLEND_COLOR] = r600_emit_blend_color,
   [R600_ATOM_DSA] = r600_emit_dsa,
   [R600_ATOM_STENCIL_REF] = r600_emit_stencil_ref,
   [R600_ATOM_DB_SHADER] = r600_emit_db_shader,
   [R600_ATOM_RASTERIZER] = r600_emit_rasterizer,
   [R600_ATOM_POLY_OFFSET] = r600_emit_poly_offset,
   [R600_ATOM_FRAMEBUFFER] = r600_emit_framebuffer,
   [R600_ATOM_VIEWPORT] = r600_emit_viewport,
   [R600_ATOM_SCISSOR] = r600_emit_scissor,
   [R600_ATOM_SAMPLE_MASK] = r600_emit_sample_mask,
   [R600_ATOM_VS] = r600_emit_vs,
   [R600_ATOM_CLIP_MISC] = r600_emit_clip_misc,
   [R600_ATOM_PS] = r600_emit_ps,
   [R600_ATOM_FETCH_SHADER] = r600_emit_fetch_shader,
   [R600_ATOM_VERTEX_BUFFERS] = r600_emit_vertex_buffers,
   [R600_ATOM_CONSTBUF_VS] = r600_emit_constbuf_vs,
   [R600_ATOM_CONSTBUF_PS] = r600_emit_constbuf_ps,
   [R600_ATOM_TEXTURES_VS] = r600_emit_textures_vs,
   [R600_ATOM_TEXTURES_PS] = r600_emit_textures_ps,
   [R600_ATOM_DB_RENDER] = r600_emit_db_render,
};

void r600_emit_dirty_atoms(struct r600_context *ctx)
{
   uint64_t dirty = ctx->dirty;
   ctx->dirty = 0;
   for (unsigned i = 0; i < R600_NUM_ATOMS; i++) {
      if (dirty & (1ull << i))
         atom_emit[i](ctx);
   }
}

void r600_begin_cs(struct r600_context *ctx)
{
   r600_emit_preamble(ctx);
   ctx->dirty = R600_ALL_ATOMS;
   ctx->zpass_counting = false;   /* the preamble's DB_RENDER_CONTROL */
   ctx->last_prim = -1;
   ctx->last_start_instance = -1;
}

static void r600_context_destroy(struct pipe_context *pctx)
{
   struct r600_context *ctx = r600_context(pctx);
   if (ctx->cs_has_work)
      r600_context_flush(ctx, NULL);
   r600_fb_fetch_destroy(ctx);
   blitter_destroy(ctx->blitter);
   r600_release_framebuffer(ctx);
   r600_release_vertex_buffers(ctx);
   r600_release_constbufs(ctx);
   r600_upload_fini(ctx);
   r600_cs_fini(&ctx->cs);
   r600_cs_fini(&ctx->fb_cb);
   free(ctx);
}

struct pipe_context *r600_context_create(struct pipe_screen *pscreen, void *priv)
{
   struct r600_screen *screen = r600_screen(pscreen);
   struct r600_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->base.screen = pscreen;
   ctx->base.priv = priv;
   ctx->base.destroy = r600_context_destroy;
   ctx->screen = screen;
   ctx->chip = screen->chip;
   r600_cs_init(&ctx->cs);
   ctx->cs.submittable = true;
   r600_cs_init(&ctx->fb_cb);
   ctx->sample_mask = ~0u;
   ctx->last_prim = -1;
   ctx->last_start_instance = -1;

   r600_init_blend_functions(ctx);
   r600_init_dsa_functions(ctx);
   r600_init_rasterizer_functions(ctx);
   r600_init_sampler_functions(ctx);
   r600_init_vertex_functions(ctx);
   r600_init_shader_functions(ctx);
   r600_init_fb_functions(ctx);
   r600_init_viewport_functions(ctx);
   r600_init_constbuf_functions(ctx);
   r600_init_draw_functions(ctx);
   r600_init_clear_functions(ctx);
   r600_init_blit_functions(ctx);
   r600_init_transfer_functions(ctx);
   r600_init_flush_functions(ctx);
   r600_init_query_functions(ctx);
   r600_init_shader_blob_functions(ctx);

   /* Program "no colour or depth buffer" until the state tracker binds some. */
   const struct pipe_framebuffer_state no_fb = { 0 };
   ctx->base.set_framebuffer_state(&ctx->base, &no_fb);
   return &ctx->base;
}
