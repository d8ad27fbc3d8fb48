/* The GLES layer's side of the pipe interface: state validation before draws, cached CSO
 * binding, and the templates/states derived from GL state (shared by draws and clears). */
#ifndef GL_PIPE_H
#define GL_PIPE_H

#include "gl_context.h"

/* A vertex-elements CSO key (unused elements zeroed). */
struct gl_ve_key {
   unsigned count;
   struct pipe_vertex_element elements[PIPE_MAX_ATTRIBS];
};

void gl_cso_init(struct st_context *ctx);
void gl_cso_fini(struct st_context *ctx);   /* unbinds and deletes every cached CSO */

/* Fixed-function state -> pipe; false when there is no drawable. */
bool gl_validate_state(struct st_context *ctx);
/* Current program -> pipe shaders + constant buffers; false without a linked program. */
bool gl_validate_program(struct st_context *ctx);
/* Writes exe's hidden state uniforms from ctx's state (gl_state_uniforms.c). */
void gl_update_state_uniforms(struct st_context *ctx, struct gl_exe *exe);

void gl_bind_blend(struct st_context *ctx, const struct pipe_blend_state *templ);
void gl_bind_dsa(struct st_context *ctx, const struct pipe_depth_stencil_alpha_state *templ);
void gl_bind_rasterizer(struct st_context *ctx, const struct pipe_rasterizer_state *templ);
void gl_bind_vertex_elements(struct st_context *ctx, const struct gl_ve_key *key);

void gl_rasterizer_template(const struct st_context *ctx, struct pipe_rasterizer_state *r);
void gl_viewport_state(const struct st_context *ctx, struct pipe_viewport_state *v);
void gl_scissor_state(const struct st_context *ctx, struct pipe_scissor_state *s);

/* The draw drawable (gl_framebuffer.c). */
unsigned gl_draw_width(const struct st_context *ctx);
/* Window-system drawables are stored top row first: GL's y must be flipped. */
bool gl_draw_flipped(const struct st_context *ctx);
int gl_max_viewport_size(const struct st_context *ctx);

#endif
