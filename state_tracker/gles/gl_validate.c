/* GL state -> pipe state before a draw: CSO templates built from the context's state,
 * looked up in (or added to) the per-context caches, bound when dirty; viewport and
 * scissor flipped for drawables stored top row first. */
#include "gl_context.h"

#include <string.h>

#include "gl_enums.h"
#include "gl_fbo.h"
#include "gl_objects.h"
#include "gl_pipe.h"

static void delete_blend(struct pipe_context *p, void *h) { p->delete_blend_state(p, h); }
static void delete_dsa(struct pipe_context *p, void *h) { p->delete_depth_stencil_alpha_state(p, h); }
static void delete_rast(struct pipe_context *p, void *h) { p->delete_rasterizer_state(p, h); }
static void delete_ve(struct pipe_context *p, void *h) { p->delete_vertex_elements_state(p, h); }

void gl_cso_init(struct st_context *ctx)
{
   gl_cso_cache_init(&ctx->blend_cache, delete_blend);
   gl_cso_cache_init(&ctx->dsa_cache, delete_dsa);
   gl_cso_cache_init(&ctx->rast_cache, delete_rast);
   gl_cso_cache_init(&ctx->ve_cache, delete_ve);
}

void gl_cso_fini(struct st_context *ctx)
{
   struct pipe_context *pipe = ctx->pipe;
   pipe->bind_blend_state(pipe, NULL);
   pipe->bind_depth_stencil_alpha_state(pipe, NULL);
   pipe->bind_rasterizer_state(pipe, NULL);
   pipe->bind_vertex_elements_state(pipe, NULL);
   pipe->bind_vs_state(pipe, NULL);
   pipe->bind_fs_state(pipe, NULL);
   ctx->bound_ve = ctx->bound_vs = ctx->bound_fs = NULL;
   ctx->bound_blend = ctx->bound_dsa = ctx->bound_rast = NULL;
   gl_cso_cache_clear(&ctx->blend_cache, pipe, NULL);
   gl_cso_cache_clear(&ctx->dsa_cache, pipe, NULL);
   gl_cso_cache_clear(&ctx->rast_cache, pipe, NULL);
   gl_cso_cache_clear(&ctx->ve_cache, pipe, NULL);
   ctx->dirty = ST_DIRTY_ALL;
}

/* The cached CSO for templ, created on a miss; NULL when the driver fails. */
typedef void *(*create_fn)(struct st_context *, const void *templ);

static void *cached_cso(struct st_context *ctx, struct gl_cso_cache *cache, void *bound,
                        const void *templ, size_t size, create_fn create)
{
   void *handle = gl_cso_cache_find(cache, templ, size);
   if (handle)
      return handle;
   handle = create(ctx, templ);
   if (handle && !gl_cso_cache_add(cache, ctx->pipe, bound, templ, size, handle)) {
      cache->destroy(ctx->pipe, handle);
      handle = NULL;
   }
   return handle;
}

static void *create_blend(struct st_context *ctx, const void *t)
{
   return ctx->pipe->create_blend_state(ctx->pipe, t);
}
static void *create_dsa(struct st_context *ctx, const void *t)
{
   return ctx->pipe->create_depth_stencil_alpha_state(ctx->pipe, t);
}
static void *create_rast(struct st_context *ctx, const void *t)
{
   return ctx->pipe->create_rasterizer_state(ctx->pipe, t);
}

/* Binds the cached CSO for templ; a full cache is emptied except for the bound object. */
#define BIND_CACHED(ctx, cache, bound, templ, create, bind_fn)                               \
   do {                                                                                   \
      void *h_ = cached_cso(ctx, cache, bound, templ, sizeof(*(templ)), create);           \
      if (h_ != (bound)) {                                                                 \
         ctx->pipe->bind_fn(ctx->pipe, h_);                                                \
         (bound) = h_;                                                                     \
      }                                                                                    \
   } while (0)

void gl_bind_blend(struct st_context *ctx, const struct pipe_blend_state *templ)
{
   BIND_CACHED(ctx, &ctx->blend_cache, ctx->bound_blend, templ, create_blend, bind_blend_state);
}

void gl_bind_dsa(struct st_context *ctx, const struct pipe_depth_stencil_alpha_state *templ)
{
   BIND_CACHED(ctx, &ctx->dsa_cache, ctx->bound_dsa, templ, create_dsa,
               bind_depth_stencil_alpha_state);
}

void gl_bind_rasterizer(struct st_context *ctx, const struct pipe_rasterizer_state *templ)
{
   BIND_CACHED(ctx, &ctx->rast_cache, ctx->bound_rast, templ, create_rast, bind_rasterizer_state);
}

static void *create_ve(struct st_context *ctx, const void *t)
{
   const struct gl_ve_key *key = t;
   return ctx->pipe->create_vertex_elements_state(ctx->pipe, key->count, key->elements);
}

void gl_bind_vertex_elements(struct st_context *ctx, const struct gl_ve_key *key)
{
   BIND_CACHED(ctx, &ctx->ve_cache, ctx->bound_ve, key, create_ve, bind_vertex_elements_state);
}

/* ---- templates from GL state ---- */

void gl_rasterizer_template(const struct st_context *ctx, struct pipe_rasterizer_state *r)
{
   memset(r, 0, sizeof(*r));
   /* Drawables are stored top row first: the flipped viewport reverses the winding the
    * hardware sees, so "front" flips with it. */
   r->front_ccw = (ctx->front_face == GL_CCW) != gl_draw_flipped(ctx);
   if (ctx->cull_enabled)
      r->cull_face = ctx->cull_mode == GL_FRONT ? PIPE_FACE_FRONT
                   : ctx->cull_mode == GL_BACK ? PIPE_FACE_BACK : PIPE_FACE_FRONT_AND_BACK;
   r->offset_tri = ctx->polygon_offset_fill;
   r->offset_units = ctx->polygon_offset_units;
   r->offset_scale = ctx->polygon_offset_factor;
   r->offset_clamp = ctx->polygon_offset_clamp;
   r->scissor = ctx->scissor_test;
   r->half_pixel_center = true;
   /* ES has no GL_MULTISAMPLE switch: multi-sampled drawables always rasterize per sample. */
   r->multisample = true;
   r->point_size_per_vertex = true;
   r->point_size = 1.0f;
   r->line_width = ctx->line_width;
   r->sprite_coord_enable = true;    /* ES 2.0 points are always point sprites */
   r->depth_clip = true;
   for (unsigned i = 0; i < GL_MAX_CLIP_DISTANCES; i++)
      r->clip_plane_enable |= (unsigned)ctx->clip_distance[i] << i;
}

static void blend_template(const struct st_context *ctx, struct pipe_blend_state *b)
{
   memset(b, 0, sizeof(*b));
   b->dither = ctx->dither;
   b->alpha_to_coverage = ctx->sample_alpha_to_coverage;
   struct pipe_rt_blend_state *rt = &b->rt[0];
   rt->blend_enable = ctx->blend_enabled;
   if (rt->blend_enable) {
      rt->rgb_func = gl_blend_equation_to_pipe(ctx->blend_eq_rgb);
      rt->alpha_func = gl_blend_equation_to_pipe(ctx->blend_eq_alpha);
      rt->rgb_src_factor = gl_blend_factor_to_pipe(ctx->blend_src_rgb);
      rt->rgb_dst_factor = gl_blend_factor_to_pipe(ctx->blend_dst_rgb);
      rt->alpha_src_factor = gl_blend_factor_to_pipe(ctx->blend_src_alpha);
      rt->alpha_dst_factor = gl_blend_factor_to_pipe(ctx->blend_dst_alpha);
   }
   rt->colormask = (ctx->color_mask[0] ? PIPE_MASK_R : 0) | (ctx->color_mask[1] ? PIPE_MASK_G : 0) |
                   (ctx->color_mask[2] ? PIPE_MASK_B : 0) | (ctx->color_mask[3] ? PIPE_MASK_A : 0);
}

static void dsa_template(const struct st_context *ctx, struct pipe_depth_stencil_alpha_state *d)
{
   memset(d, 0, sizeof(*d));
   /* Without a depth (stencil) buffer the test behaves as disabled. */
   if (ctx->depth_test && gl_draw_bits(ctx, GL_DEPTH_BITS) > 0) {
      d->depth_enabled = true;
      d->depth_writemask = ctx->depth_mask;
      d->depth_func = gl_compare_func_to_pipe(ctx->depth_func);
   }
   if (ctx->stencil_test && gl_draw_bits(ctx, GL_STENCIL_BITS) > 0) {
      for (int f = 0; f < 2; f++) {
         const struct gl_stencil_face *s = &ctx->stencil[f];
         d->stencil[f] = (struct pipe_stencil_state){
            .enabled = true,
            .func = gl_compare_func_to_pipe(s->func),
            .fail_op = gl_stencil_op_to_pipe(s->fail),
            .zfail_op = gl_stencil_op_to_pipe(s->zfail),
            .zpass_op = gl_stencil_op_to_pipe(s->zpass),
            .valuemask = (uint8_t)s->value_mask,
            .writemask = (uint8_t)s->write_mask,
         };
      }
   }
}

static uint8_t clamp_stencil_ref(GLint ref)
{
   return ref < 0 ? 0 : ref > 255 ? 255 : (uint8_t)ref;
}

/* ---- viewport / scissor (GL window coordinates are bottom-up) ---- */

void gl_viewport_state(const struct st_context *ctx, struct pipe_viewport_state *v)
{
   float x = (float)ctx->viewport[0], y = (float)ctx->viewport[1];
   float w = (float)ctx->viewport[2], h = (float)ctx->viewport[3];
   float n = ctx->depth_range[0], f = ctx->depth_range[1];
   v->scale[0] = w * 0.5f;
   v->translate[0] = x + w * 0.5f;
   if (gl_draw_flipped(ctx)) {
      v->scale[1] = -h * 0.5f;
      v->translate[1] = (float)gl_draw_height(ctx) - (y + h * 0.5f);
   } else {
      v->scale[1] = h * 0.5f;
      v->translate[1] = y + h * 0.5f;
   }
   v->scale[2] = (f - n) * 0.5f;
   v->translate[2] = (n + f) * 0.5f;
}

static unsigned clamp_coord(int64_t v, unsigned max)
{
   return v < 0 ? 0 : v > (int64_t)max ? max : (unsigned)v;
}

void gl_scissor_state(const struct st_context *ctx, struct pipe_scissor_state *s)
{
   unsigned width = gl_draw_width(ctx), height = gl_draw_height(ctx);
   int64_t x0 = ctx->scissor[0], x1 = x0 + ctx->scissor[2];
   int64_t y0 = ctx->scissor[1], y1 = y0 + ctx->scissor[3];
   if (gl_draw_flipped(ctx)) {
      int64_t top = (int64_t)height - y1;
      y1 = (int64_t)height - y0;
      y0 = top;
   }
   s->minx = clamp_coord(x0, width);
   s->maxx = clamp_coord(x1, width);
   s->miny = clamp_coord(y0, height);
   s->maxy = clamp_coord(y1, height);
}

/* ---- validation ---- */

bool gl_validate_state(struct st_context *ctx)
{
   gl_framebuffer_sync(ctx);
   if (!gl_have_draw_buffer(ctx))
      return false;
   struct pipe_context *pipe = ctx->pipe;
   unsigned dirty = ctx->dirty;

   if (dirty & ST_DIRTY_FRAMEBUFFER) {
      struct pipe_framebuffer_state fb = {
         .width = gl_draw_width(ctx),
         .height = gl_draw_height(ctx),
         .zsbuf = gl_draw_zsbuf(ctx),
      };
      fb.nr_cbufs = gl_draw_cbufs(ctx, fb.cbufs);
      pipe->set_framebuffer_state(pipe, &fb);
      pipe->set_sample_mask(pipe, ~0u);
   }
   if (dirty & ST_DIRTY_VIEWPORT) {
      struct pipe_viewport_state v;
      gl_viewport_state(ctx, &v);
      pipe->set_viewport_states(pipe, 0, 1, &v);
   }
   if (dirty & ST_DIRTY_SCISSOR) {
      struct pipe_scissor_state s;
      gl_scissor_state(ctx, &s);
      pipe->set_scissor_states(pipe, 0, 1, &s);
   }
   if (dirty & ST_DIRTY_RASTERIZER) {
      struct pipe_rasterizer_state r;
      gl_rasterizer_template(ctx, &r);
      gl_bind_rasterizer(ctx, &r);
   }
   if (dirty & ST_DIRTY_BLEND) {
      struct pipe_blend_state b;
      blend_template(ctx, &b);
      gl_bind_blend(ctx, &b);
   }
   if (dirty & ST_DIRTY_BLEND_COLOR) {
      struct pipe_blend_color c;
      memcpy(c.color, ctx->blend_color, sizeof(c.color));
      pipe->set_blend_color(pipe, &c);
   }
   if (dirty & ST_DIRTY_DSA) {
      struct pipe_depth_stencil_alpha_state d;
      dsa_template(ctx, &d);
      gl_bind_dsa(ctx, &d);
   }
   if (dirty & ST_DIRTY_STENCIL_REF) {
      struct pipe_stencil_ref ref = {
         { clamp_stencil_ref(ctx->stencil[0].ref), clamp_stencil_ref(ctx->stencil[1].ref) }
      };
      pipe->set_stencil_ref(pipe, ref);
   }
   ctx->dirty &= ~(ST_DIRTY_FRAMEBUFFER | ST_DIRTY_VIEWPORT | ST_DIRTY_SCISSOR |
                   ST_DIRTY_RASTERIZER | ST_DIRTY_BLEND | ST_DIRTY_BLEND_COLOR | ST_DIRTY_DSA |
                   ST_DIRTY_STENCIL_REF);
   if (!ctx->bound_blend || !ctx->bound_dsa || !ctx->bound_rast) {
      /* The driver refused a CSO (out of memory): draw nothing, retry next time. */
      ctx->dirty |= ST_DIRTY_RASTERIZER | ST_DIRTY_BLEND | ST_DIRTY_DSA;
      return false;
   }
   return true;
}

/* Binds the current program's shaders and uploads its uniforms when they changed. */
bool gl_validate_program(struct st_context *ctx)
{
   struct gl_program *prog = ctx->program;
   struct gl_exe *exe = prog ? prog->exe : NULL;
   if (!exe)
      return false;
   gl_collect_garbage(ctx);        /* shaders other contexts released for us */
   const struct gl_exe_variant *v = gl_exe_variant_for(ctx, exe);
   if (!v)
      return false;
   struct pipe_context *pipe = ctx->pipe;
   if ((ctx->dirty & ST_DIRTY_SHADERS) || v->vs != ctx->bound_vs || v->fs != ctx->bound_fs) {
      pipe->bind_vs_state(pipe, v->vs);
      pipe->bind_fs_state(pipe, v->fs);
      ctx->bound_vs = v->vs;
      ctx->bound_fs = v->fs;
   }
   gl_update_state_uniforms(ctx, exe);
   if ((ctx->dirty & ST_DIRTY_CONSTANTS) || ctx->consts_exe_id != exe->id ||
       ctx->consts_serial != exe->serial) {
      for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
         struct pipe_constant_buffer cb = {
            .buffer_size = exe->num_consts[s] * 16,
            .user_buffer = exe->consts[s],
         };
         pipe->set_constant_buffer(pipe, (enum pipe_shader_type)s, 0,
                                   exe->num_consts[s] ? &cb : NULL);
      }
      ctx->consts_exe_id = exe->id;
      ctx->consts_serial = exe->serial;
   }
   ctx->dirty &= ~(ST_DIRTY_SHADERS | ST_DIRTY_CONSTANTS);
   return true;
}
