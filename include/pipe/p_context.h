/* r600sim pipe interface: the rendering context.
 *
 * CSO lifecycle: create_*_state() translates a template once (the driver bakes hardware
 * register values here), bind_*_state() makes it current (cheap: it marks dirty state),
 * delete_*_state() frees it (never while bound). set_*() state is copied.
 */
#ifndef PIPE_P_CONTEXT_H
#define PIPE_P_CONTEXT_H

#include "pipe/p_query.h"
#include "pipe/p_state.h"

struct pipe_fence_handle;

struct pipe_context {
   struct pipe_screen *screen;
   void *priv;
   void (*destroy)(struct pipe_context *);

   /* CSOs */
   void *(*create_blend_state)(struct pipe_context *, const struct pipe_blend_state *);
   void (*bind_blend_state)(struct pipe_context *, void *);
   void (*delete_blend_state)(struct pipe_context *, void *);

   void *(*create_depth_stencil_alpha_state)(struct pipe_context *,
                                             const struct pipe_depth_stencil_alpha_state *);
   void (*bind_depth_stencil_alpha_state)(struct pipe_context *, void *);
   void (*delete_depth_stencil_alpha_state)(struct pipe_context *, void *);

   void *(*create_rasterizer_state)(struct pipe_context *, const struct pipe_rasterizer_state *);
   void (*bind_rasterizer_state)(struct pipe_context *, void *);
   void (*delete_rasterizer_state)(struct pipe_context *, void *);

   void *(*create_sampler_state)(struct pipe_context *, const struct pipe_sampler_state *);
   void (*bind_sampler_states)(struct pipe_context *, enum pipe_shader_type, unsigned start,
                               unsigned count, void **samplers);
   void (*delete_sampler_state)(struct pipe_context *, void *);

   void *(*create_vertex_elements_state)(struct pipe_context *, unsigned count,
                                         const struct pipe_vertex_element *);
   void (*bind_vertex_elements_state)(struct pipe_context *, void *);
   void (*delete_vertex_elements_state)(struct pipe_context *, void *);

   /* Shaders: compiled to machine code at create time. NULL with a message in *log
    * (malloc'ed, caller frees) when the driver cannot compile the IR. */
   void *(*create_vs_state)(struct pipe_context *, const struct pipe_shader_state *, char **log);
   void (*bind_vs_state)(struct pipe_context *, void *);
   void (*delete_vs_state)(struct pipe_context *, void *);
   void *(*create_fs_state)(struct pipe_context *, const struct pipe_shader_state *, char **log);
   void (*bind_fs_state)(struct pipe_context *, void *);
   void (*delete_fs_state)(struct pipe_context *, void *);

   /* The machine code of a shader CSO with what the driver needs to make it again (a
    * pipe_shader_state.binary): malloc'ed bytes, NULL when out of memory. */
   void *(*get_shader_binary)(struct pipe_context *, void *shader, size_t *size);

   /* Parameter-like state */
   void (*set_blend_color)(struct pipe_context *, const struct pipe_blend_color *);
   void (*set_stencil_ref)(struct pipe_context *, struct pipe_stencil_ref);
   void (*set_framebuffer_state)(struct pipe_context *, const struct pipe_framebuffer_state *);
   void (*set_viewport_states)(struct pipe_context *, unsigned start, unsigned num,
                               const struct pipe_viewport_state *);
   void (*set_scissor_states)(struct pipe_context *, unsigned start, unsigned num,
                              const struct pipe_scissor_state *);
   void (*set_sample_mask)(struct pipe_context *, unsigned sample_mask);
   /* cb NULL unbinds. A user_buffer is copied before this returns. */
   void (*set_constant_buffer)(struct pipe_context *, enum pipe_shader_type, unsigned index,
                               const struct pipe_constant_buffer *cb);
   /* User buffers are read at draw time (the driver uploads what the draw uses). */
   void (*set_vertex_buffers)(struct pipe_context *, unsigned start, unsigned count,
                              const struct pipe_vertex_buffer *);
   void (*set_sampler_views)(struct pipe_context *, enum pipe_shader_type, unsigned start,
                             unsigned count, struct pipe_sampler_view **views);

   /* Surfaces and views */
   struct pipe_surface *(*create_surface)(struct pipe_context *, struct pipe_resource *,
                                          const struct pipe_surface *templ);
   void (*surface_destroy)(struct pipe_context *, struct pipe_surface *);
   struct pipe_sampler_view *(*create_sampler_view)(struct pipe_context *, struct pipe_resource *,
                                                    const struct pipe_sampler_view *templ);
   void (*sampler_view_destroy)(struct pipe_context *, struct pipe_sampler_view *);

   /* Work */
   void (*draw_vbo)(struct pipe_context *, const struct pipe_draw_info *);
   /* buffers: PIPE_CLEAR_*; colour as floats, depth in [0,1], stencil 8 bits. Honours
    * no scissor and no write mask (the state tracker handles masked/scissored clears by
    * drawing). */
   void (*clear)(struct pipe_context *, unsigned buffers, const union pipe_color_union *color,
                 double depth, unsigned stencil);

   /* A copy on the GPU (struct pipe_blit_info). A multi-sampled source is resolved first.
    * It leaves no framebuffer and no fragment sampler view or sampler in slot 0 bound:
    * the caller binds its own again before its next draw; other state is kept. */
   void (*blit)(struct pipe_context *, const struct pipe_blit_info *);

   /* Transfers: CPU access to a resource. map waits for the GPU when needed: a read
    * waits for GPU writes to the resource, a write for every GPU use of it. */
   void *(*transfer_map)(struct pipe_context *, struct pipe_resource *, unsigned level,
                         unsigned usage, const struct pipe_box *, struct pipe_transfer **out);
   void (*transfer_unmap)(struct pipe_context *, struct pipe_transfer *);
   /* Convenience write into a buffer (glBufferSubData) or texture region. */
   void (*buffer_subdata)(struct pipe_context *, struct pipe_resource *, unsigned usage,
                          unsigned offset, unsigned size, const void *data);
   void (*texture_subdata)(struct pipe_context *, struct pipe_resource *, unsigned level,
                           unsigned usage, const struct pipe_box *, const void *data,
                           unsigned stride, unsigned layer_stride);

   /* Submit recorded work; *fence (if non-NULL) receives a fence for it. */
   void (*flush)(struct pipe_context *, struct pipe_fence_handle **fence, unsigned flags);

   /* A reset of the device since the last call: GUILTY once after a submission of this
    * context hung and was stopped (among those already executed), then NO_RESET. */
   enum pipe_reset_status (*get_device_reset_status)(struct pipe_context *);

   /* Queries (pipe/p_query.h). NULL when out of memory. begin is refused (false) for
    * TIMESTAMP; end of a TIMESTAMP query records the time. get_query_result returns false
    * when the result is not available yet and !wait (it submits the work it needs). */
   struct pipe_query *(*create_query)(struct pipe_context *, enum pipe_query_type type);
   void (*destroy_query)(struct pipe_context *, struct pipe_query *);
   bool (*begin_query)(struct pipe_context *, struct pipe_query *);
   void (*end_query)(struct pipe_context *, struct pipe_query *);
   bool (*get_query_result)(struct pipe_context *, struct pipe_query *, bool wait,
                            uint64_t *result);
   /* false pauses the active occlusion queries (draws that are not the application's: a
    * clear drawn as a quad), true resumes them. */
   void (*set_active_query_state)(struct pipe_context *, bool enable);
};

#endif
