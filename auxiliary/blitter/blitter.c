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
   struct blitter_saved saved;
};

/* One of the clear shaders of simple_shaders/, or NULL with a message. */
static void *create_shader(struct pipe_context *pipe,
                           void *(*create)(struct pipe_context *, char **))
{
   char *log = NULL;
   void *cso = create(pipe, &log);
   if (!cso)
      fprintf(stderr, "r600sim: blitter: clear shader: %s\n", log ? log : "compilation failed");
   free(log);
   return cso;
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
