/* The blitter: its CSOs, the saved state and the clear (blitter.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blitter.h"
#include "simple_shaders/simple_shaders.h"

/* The state the blitter's own draws replace. */
struct blitter_saved {
   void *blend, *dsa, *rs, *vs, *fs, *velems;
   struct pipe_viewport_state viewport;
   struct pipe_stencil_ref stencil_ref;
   struct pipe_vertex_buffer vb0;          /* vb0.buffer referenced */
   struct pipe_constant_buffer fs_cb0;     /* fs_cb0.buffer referenced */
};

struct blitter_context {
   struct pipe_context *pipe;
   void *clear_vs, *clear_fs, *velems, *rs;
   void *blend[2];             /* [0] writes nothing, [1] writes RGBA of every target */
   void *dsa[4];               /* bit 0: depth, bit 1: stencil; always pass, replace */
   /* blitter_blit's, built at the first blit */
   void *blit_vs, *blit_fs[2], *blit_velems, *blit_sampler[2];   /* fs [cube], sampler [filter] */
   void *blit_depth_fs;        /* built at the first depth blit */
   struct blitter_saved saved;
};

/* A shader of simple_shaders/ (`cso`, NULL when its compilation failed, *log its
 * message): a message when it is NULL. */
static void *checked_shader(void *cso, char *log)
{
   if (!cso)
      fprintf(stderr, "r600sim: blitter: shader: %s\n", log ? log : "compilation failed");
   free(log);
   return cso;
}

static void *create_shader(struct pipe_context *pipe,
                           void *(*create)(struct pipe_context *, char **))
{
   char *log = NULL;
   void *cso = create(pipe, &log);
   return checked_shader(cso, log);
}

static bool create_csos(struct blitter_context *b)
{
   struct pipe_context *p = b->pipe;
   b->clear_vs = create_shader(p, simple_clear_vs_create);
   b->clear_fs = create_shader(p, simple_clear_fs_create);
   struct pipe_vertex_element elem = { .src_format = PIPE_FORMAT_R32G32_FLOAT };
   b->velems = p->create_vertex_elements_state(p, 1, &elem);
   struct pipe_rasterizer_state rs = {
      .front_ccw = true, .cull_face = PIPE_FACE_NONE, .half_pixel_center = true,
      .depth_clip = true, .point_size = 1.0f, .line_width = 1.0f,
   };
   b->rs = p->create_rasterizer_state(p, &rs);
   for (unsigned i = 0; i < 2; i++) {
      struct pipe_blend_state blend = { .independent_blend_enable = false };
      blend.rt[0].colormask = i ? PIPE_MASK_RGBA : 0;
      b->blend[i] = p->create_blend_state(p, &blend);
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
      b->dsa[i] = p->create_depth_stencil_alpha_state(p, &dsa);
   }
   bool ok = b->clear_vs && b->clear_fs && b->velems && b->rs && b->blend[0] && b->blend[1];
   for (unsigned i = 0; i < 4; i++)
      ok = ok && b->dsa[i];
   return ok;
}

struct blitter_context *blitter_create(struct pipe_context *pipe)
{
   struct blitter_context *b = calloc(1, sizeof(*b));
   if (!b)
      return NULL;
   b->pipe = pipe;
   if (!create_csos(b)) {
      blitter_destroy(b);
      return NULL;
   }
   return b;
}

void blitter_destroy(struct blitter_context *b)
{
   if (!b)
      return;
   struct pipe_context *p = b->pipe;
   if (b->clear_vs)
      p->delete_vs_state(p, b->clear_vs);
   if (b->clear_fs)
      p->delete_fs_state(p, b->clear_fs);
   if (b->velems)
      p->delete_vertex_elements_state(p, b->velems);
   if (b->rs)
      p->delete_rasterizer_state(p, b->rs);
   for (unsigned i = 0; i < 2; i++)
      if (b->blend[i])
         p->delete_blend_state(p, b->blend[i]);
   for (unsigned i = 0; i < 4; i++)
      if (b->dsa[i])
         p->delete_depth_stencil_alpha_state(p, b->dsa[i]);
   if (b->blit_vs)
      p->delete_vs_state(p, b->blit_vs);
   for (unsigned i = 0; i < 2; i++) {
      if (b->blit_fs[i])
         p->delete_fs_state(p, b->blit_fs[i]);
      if (b->blit_sampler[i])
         p->delete_sampler_state(p, b->blit_sampler[i]);
   }
   if (b->blit_velems)
      p->delete_vertex_elements_state(p, b->blit_velems);
   if (b->blit_depth_fs)
      p->delete_fs_state(p, b->blit_depth_fs);
   pipe_resource_reference(&b->saved.vb0.buffer, NULL);
   pipe_resource_reference(&b->saved.fs_cb0.buffer, NULL);
   free(b);
}

void blitter_save_blend(struct blitter_context *b, void *cso)
{
   b->saved.blend = cso;
}

void blitter_save_depth_stencil_alpha(struct blitter_context *b, void *cso)
{
   b->saved.dsa = cso;
}

void blitter_save_rasterizer(struct blitter_context *b, void *cso)
{
   b->saved.rs = cso;
}

void blitter_save_vs(struct blitter_context *b, void *cso)
{
   b->saved.vs = cso;
}

void blitter_save_fs(struct blitter_context *b, void *cso)
{
   b->saved.fs = cso;
}

void blitter_save_vertex_elements(struct blitter_context *b, void *cso)
{
   b->saved.velems = cso;
}

void blitter_save_viewport(struct blitter_context *b, const struct pipe_viewport_state *vp)
{
   b->saved.viewport = *vp;
}

void blitter_save_stencil_ref(struct blitter_context *b, const struct pipe_stencil_ref *ref)
{
   b->saved.stencil_ref = *ref;
}

void blitter_save_vertex_buffer_slot0(struct blitter_context *b, const struct pipe_vertex_buffer *vb)
{
   pipe_resource_reference(&b->saved.vb0.buffer, NULL);
   b->saved.vb0 = *vb;
   b->saved.vb0.buffer = NULL;
   pipe_resource_reference(&b->saved.vb0.buffer, vb->buffer);
}

void blitter_save_fragment_constant_buffer_slot0(struct blitter_context *b,
                                                 const struct pipe_constant_buffer *cb)
{
   pipe_resource_reference(&b->saved.fs_cb0.buffer, NULL);
   b->saved.fs_cb0 = *cb;
   b->saved.fs_cb0.buffer = NULL;
   pipe_resource_reference(&b->saved.fs_cb0.buffer, cb->buffer);
}

/* Binds the saved state again and drops the saved references. */
static void restore_state(struct blitter_context *b)
{
   struct pipe_context *p = b->pipe;
   struct blitter_saved *s = &b->saved;
   p->bind_blend_state(p, s->blend);
   p->bind_depth_stencil_alpha_state(p, s->dsa);
   p->bind_rasterizer_state(p, s->rs);
   p->bind_vs_state(p, s->vs);
   p->bind_fs_state(p, s->fs);
   p->bind_vertex_elements_state(p, s->velems);
   p->set_viewport_states(p, 0, 1, &s->viewport);
   p->set_stencil_ref(p, s->stencil_ref);
   p->set_vertex_buffers(p, 0, 1, &s->vb0);
   /* An unbound slot was saved as all zeros: bind nothing rather than an empty buffer. */
   p->set_constant_buffer(p, PIPE_SHADER_FRAGMENT, 0,
                          s->fs_cb0.buffer || s->fs_cb0.user_buffer ? &s->fs_cb0 : NULL);
   pipe_resource_reference(&s->vb0.buffer, NULL);
   pipe_resource_reference(&s->fs_cb0.buffer, NULL);
}

void blitter_clear(struct blitter_context *b, unsigned buffers, const union pipe_color_union *color,
                   double depth, unsigned stencil, unsigned width, unsigned height)
{
   struct pipe_context *p = b->pipe;
   p->bind_blend_state(p, b->blend[(buffers & PIPE_CLEAR_COLOR0) ? 1 : 0]);
   p->bind_depth_stencil_alpha_state(
      p, b->dsa[((buffers & PIPE_CLEAR_DEPTH) ? 1 : 0) | ((buffers & PIPE_CLEAR_STENCIL) ? 2 : 0)]);
   p->bind_rasterizer_state(p, b->rs);
   p->bind_vs_state(p, b->clear_vs);
   p->bind_fs_state(p, b->clear_fs);
   p->bind_vertex_elements_state(p, b->velems);
   const struct pipe_stencil_ref ref = { { (uint8_t)stencil, (uint8_t)stencil } };
   p->set_stencil_ref(p, ref);
   /* Window z = 0 * z + depth: the clear depth exactly, whatever the position's z. */
   float w = (float)width, h = (float)height;
   const struct pipe_viewport_state vp = {
      .scale = { w * 0.5f, h * 0.5f, 0.0f }, .translate = { w * 0.5f, h * 0.5f, (float)depth },
   };
   p->set_viewport_states(p, 0, 1, &vp);
   static const float quad[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   const struct pipe_vertex_buffer vb = { .stride = sizeof(quad[0]), .user_buffer = quad };
   p->set_vertex_buffers(p, 0, 1, &vb);
   const struct pipe_constant_buffer cb = { .buffer_size = sizeof(color->f), .user_buffer = color->f };
   p->set_constant_buffer(p, PIPE_SHADER_FRAGMENT, 0, &cb);

   const struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLE_STRIP, .count = 4, .instance_count = 1, .max_index = 0xFFFFFFFFu,
   };
   p->draw_vbo(p, &info);
   restore_state(b);
}

void blitter_resolve(struct blitter_context *b, unsigned width, unsigned height)
{
   /* The clear quad: its colour is never written (the CB resolves instead). */
   const union pipe_color_union unused = { .f = { 0 } };
   blitter_clear(b, PIPE_CLEAR_COLOR0, &unused, 0.0, 0, width, height);
}

/* The blit CSOs (first blit); false when one cannot be built. */
static bool create_blit_csos(struct blitter_context *b)
{
   struct pipe_context *p = b->pipe;
   if (b->blit_vs)
      return true;
   b->blit_vs = create_shader(p, simple_blit_vs_create);
   for (unsigned cube = 0; cube < 2; cube++) {
      char *log = NULL;
      void *cso = simple_blit_fs_create(p, cube, &log);
      b->blit_fs[cube] = checked_shader(cso, log);
   }
   const struct pipe_vertex_element elems[2] = {
      { .src_offset = 0, .src_format = PIPE_FORMAT_R32G32_FLOAT },
      { .src_offset = 8, .src_format = PIPE_FORMAT_R32G32B32_FLOAT },
   };
   b->blit_velems = p->create_vertex_elements_state(p, 2, elems);
   for (unsigned f = 0; f < 2; f++) {
      const struct pipe_sampler_state ss = {
         .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE, .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
         .wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
         .min_img_filter = f ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST,
         .mag_img_filter = f ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST,
         .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      };
      b->blit_sampler[f] = p->create_sampler_state(p, &ss);
   }
   bool ok = b->blit_vs && b->blit_fs[0] && b->blit_fs[1] && b->blit_velems &&
             b->blit_sampler[0] && b->blit_sampler[1];
   if (!ok)
      fprintf(stderr, "r600sim: blitter: cannot build the blit pipeline\n");
   return ok;
}

/* The direction that samples face `face` (+x -x +y -y +z -z) of a cube map at (s, t):
 * the inverse of the face selection table of ES 2.0 3.7.5 (table 3.21), |major axis| 1. */
static void cube_direction(unsigned face, float s, float t, float dir[3])
{
   float sc = 2.0f * s - 1.0f, tc = 2.0f * t - 1.0f;
   switch (face) {
   case 0: dir[0] = 1.0f, dir[1] = -tc, dir[2] = -sc; break;
   case 1: dir[0] = -1.0f, dir[1] = -tc, dir[2] = sc; break;
   case 2: dir[0] = sc, dir[1] = 1.0f, dir[2] = tc; break;
   case 3: dir[0] = sc, dir[1] = -1.0f, dir[2] = -tc; break;
   case 4: dir[0] = sc, dir[1] = -tc, dir[2] = 1.0f; break;
   default: dir[0] = -sc, dir[1] = -tc, dir[2] = -1.0f; break;
   }
}

/* Draws src_rect of src over dst_box of framebuffer fb with the blit VS, fragment shader
 * fs, blend and DSA; then unbinds the framebuffer, view and sampler and restores the
 * saved state. */
static void draw_blit_quad(struct blitter_context *b, const struct pipe_framebuffer_state *fb,
                           const struct pipe_box *dst_box, struct pipe_sampler_view *src,
                           unsigned face, const float src_rect[4], enum pipe_tex_filter filter,
                           void *fs, void *blend, void *dsa)
{
   struct pipe_context *p = b->pipe;
   bool cube = src->texture->target == PIPE_TEXTURE_CUBE;
   /* Corners in strip order: (x0, y0), (x1, y0), (x0, y1), (x1, y1); position (NDC xy) then
    * texture coordinates (2D: s, t, 0; cube: the direction). */
   float v[4][5];
   float w = (float)fb->width, h = (float)fb->height;
   for (unsigned i = 0; i < 4; i++) {
      float x = (float)(i & 1 ? dst_box->x + dst_box->width : dst_box->x);
      float y = (float)(i & 2 ? dst_box->y + dst_box->height : dst_box->y);
      v[i][0] = 2.0f * x / w - 1.0f;
      v[i][1] = 2.0f * y / h - 1.0f;
      float s = src_rect[i & 1 ? 2 : 0], t = src_rect[i & 2 ? 3 : 1];
      if (cube) {
         cube_direction(face, s, t, &v[i][2]);
      } else {
         v[i][2] = s, v[i][3] = t, v[i][4] = 0.0f;
      }
   }
   p->set_framebuffer_state(p, fb);
   p->set_sample_mask(p, ~0u);
   p->bind_blend_state(p, blend);
   p->bind_depth_stencil_alpha_state(p, dsa);
   p->bind_rasterizer_state(p, b->rs);
   p->bind_vs_state(p, b->blit_vs);
   p->bind_fs_state(p, fs);
   p->bind_vertex_elements_state(p, b->blit_velems);
   p->set_sampler_views(p, PIPE_SHADER_FRAGMENT, 0, 1, &src);
   void *sampler = b->blit_sampler[filter == PIPE_TEX_FILTER_LINEAR];
   p->bind_sampler_states(p, PIPE_SHADER_FRAGMENT, 0, 1, &sampler);
   const struct pipe_viewport_state vp = {
      .scale = { w * 0.5f, h * 0.5f, 0.5f }, .translate = { w * 0.5f, h * 0.5f, 0.5f },
   };
   p->set_viewport_states(p, 0, 1, &vp);
   const struct pipe_vertex_buffer vb = { .stride = sizeof(v[0]), .user_buffer = v };
   p->set_vertex_buffers(p, 0, 1, &vb);
   const struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLE_STRIP, .count = 4, .instance_count = 1, .max_index = 0xFFFFFFFFu,
   };
   p->draw_vbo(p, &info);
   /* The blit's framebuffer, view and sampler stay the caller's to bind again (pipe->blit). */
   const struct pipe_framebuffer_state none = { 0 };
   p->set_framebuffer_state(p, &none);
   p->set_sampler_views(p, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   p->bind_sampler_states(p, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   restore_state(b);
}

bool blitter_blit(struct blitter_context *b, struct pipe_surface *dst, const struct pipe_box *dst_box,
                  struct pipe_sampler_view *src, unsigned face, const float src_rect[4],
                  enum pipe_tex_filter filter)
{
   if (!create_blit_csos(b))
      return false;
   bool cube = src->texture->target == PIPE_TEXTURE_CUBE;
   const struct pipe_framebuffer_state fb = {
      .width = dst->width, .height = dst->height, .nr_cbufs = 1, .cbufs = { dst },
   };
   draw_blit_quad(b, &fb, dst_box, src, face, src_rect, filter, b->blit_fs[cube], b->blend[1],
                  b->dsa[0]);
   return true;
}

bool blitter_blit_depth(struct blitter_context *b, struct pipe_surface *dst,
                        const struct pipe_box *dst_box, struct pipe_sampler_view *src,
                        const float src_rect[4])
{
   if (!create_blit_csos(b))
      return false;
   if (!b->blit_depth_fs) {
      char *log = NULL;
      b->blit_depth_fs = checked_shader(simple_blit_depth_fs_create(b->pipe, &log), log);
      if (!b->blit_depth_fs)
         return false;
   }
   const struct pipe_framebuffer_state fb = {
      .width = dst->width, .height = dst->height, .zsbuf = dst,
   };
   /* No colour written; depth always passes and is written (dsa[1]), stencil untouched. */
   draw_blit_quad(b, &fb, dst_box, src, 0, src_rect, PIPE_TEX_FILTER_NEAREST,
                  b->blit_depth_fs, b->blend[0], b->dsa[1]);
   return true;
}
