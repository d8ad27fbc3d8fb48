/* A blitter for pipe drivers (gallium's util_blitter model): it draws with CSOs of its own
 * through a pipe_context's ordinary bind/set/draw calls. Before each operation the driver
 * hands it the state it has bound (blitter_save_*); the operation binds its own state,
 * draws, and binds the saved state again through the same calls, so the driver keeps no
 * special path for it. */
#ifndef BLITTER_H
#define BLITTER_H

#include <stdbool.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"

struct blitter_context;

/* NULL when a CSO cannot be built (with a message). */
struct blitter_context *blitter_create(struct pipe_context *pipe);
void blitter_destroy(struct blitter_context *b);

/* The bound state an operation replaces; each is rebound when the operation ends. The
 * buffer bindings are referenced until then. */
void blitter_save_blend(struct blitter_context *b, void *cso);
void blitter_save_depth_stencil_alpha(struct blitter_context *b, void *cso);
void blitter_save_rasterizer(struct blitter_context *b, void *cso);
void blitter_save_vs(struct blitter_context *b, void *cso);
void blitter_save_fs(struct blitter_context *b, void *cso);
void blitter_save_vertex_elements(struct blitter_context *b, void *cso);
void blitter_save_viewport(struct blitter_context *b, const struct pipe_viewport_state *vp);
void blitter_save_stencil_ref(struct blitter_context *b, const struct pipe_stencil_ref *ref);
void blitter_save_vertex_buffer_slot0(struct blitter_context *b, const struct pipe_vertex_buffer *vb);
void blitter_save_fragment_constant_buffer_slot0(struct blitter_context *b,
                                                 const struct pipe_constant_buffer *cb);

/* Clears `buffers` (PIPE_CLEAR_COLOR0/DEPTH/STENCIL) of the bound width x height
 * framebuffer with a screen-covering quad: colour from the fragment constant buffer,
 * depth from the viewport, stencil from the reference value. No scissor, no write mask:
 * the caller keeps those off (pipe->clear's contract). Restores the saved state. */
void blitter_clear(struct blitter_context *b, unsigned buffers, const union pipe_color_union *color,
                   double depth, unsigned stencil, unsigned width, unsigned height);

/* Draws a quad over the bound width x height framebuffer with every colour channel
 * enabled, for a driver whose CB is set to replace the pixel shader's output (a resolve
 * of CB_COLOR0's samples into CB_COLOR1). Restores the saved state. */
void blitter_resolve(struct blitter_context *b, unsigned width, unsigned height);

/* Draws the rectangle src_rect = (s0, t0, s1, t1) (normalized coordinates of the view's
 * first level; cube maps: of face `face`) of src over dst_box (pixels) of dst, sampling
 * with `filter` (clamped to the edge). Binds dst as the only colour buffer; afterwards no
 * framebuffer and no fragment sampler view or sampler in slot 0 are bound (the caller
 * binds its own), the saved state is restored. False when the blit pipeline cannot be
 * built. */
bool blitter_blit(struct blitter_context *b, struct pipe_surface *dst, const struct pipe_box *dst_box,
                  struct pipe_sampler_view *src, unsigned face, const float src_rect[4],
                  enum pipe_tex_filter filter);

/* As blitter_blit into the depth of dst (a depth/stencil surface, its stencil kept) from
 * the depth of src (a 2D depth view), nearest texels. */
bool blitter_blit_depth(struct blitter_context *b, struct pipe_surface *dst,
                        const struct pipe_box *dst_box, struct pipe_sampler_view *src,
                        const float src_rect[4]);

#endif
