/* r600sim pipe interface: state objects passed from the state tracker to a pipe driver.
 *
 * CSO templates (blend, depth-stencil-alpha, rasterizer, sampler, vertex elements,
 * shaders) are handed to create_*_state(); the driver translates them once into its own
 * baked form and returns an opaque handle. Everything else is passed by value to set_*().
 */
#ifndef PIPE_P_STATE_H
#define PIPE_P_STATE_H

#include <stdatomic.h>
#include <stddef.h>

#include "pipe/p_defines.h"

#define PIPE_MAX_COLOR_BUFS        8
#define PIPE_MAX_ATTRIBS           16
#define PIPE_MAX_VERTEX_BUFFERS    16
#define PIPE_MAX_CONSTANT_BUFFERS  16
#define PIPE_MAX_SAMPLERS          16
#define PIPE_MAX_SHADER_VARYINGS   32

struct pipe_screen;
struct pipe_context;
struct ir_shader;              /* r600sim/shader_ir.h */

/* A buffer or texture owned by the driver. Drivers embed this as the first member. */
struct pipe_resource {
   struct pipe_screen *screen;
   enum pipe_texture_target target;
   enum pipe_format format;       /* PIPE_FORMAT_NONE for PIPE_BUFFER */
   uint32_t width0;               /* bytes for buffers, pixels otherwise */
   uint32_t height0;
   uint32_t depth0;
   uint32_t last_level;
   uint32_t nr_samples;           /* 0 or 1 = single-sampled */
   uint32_t bind;                 /* PIPE_BIND_* */
   atomic_int refcount;           /* contexts of a share group hold references too */
};

struct pipe_box { int x, y, z; int width, height, depth; };

/* A mapping of part of a resource, from transfer_map(). */
struct pipe_transfer {
   struct pipe_resource *resource;
   unsigned level;
   unsigned usage;                /* PIPE_MAP_* */
   struct pipe_box box;
   unsigned stride;               /* bytes between rows */
   unsigned layer_stride;
};

struct pipe_surface {
   struct pipe_resource *texture;
   enum pipe_format format;
   unsigned width, height;
   unsigned level;
   unsigned first_layer;
};

struct pipe_framebuffer_state {
   unsigned width, height;
   unsigned samples;              /* 0 or 1 = single-sampled */
   unsigned nr_cbufs;
   struct pipe_surface *cbufs[PIPE_MAX_COLOR_BUFS];
   struct pipe_surface *zsbuf;
};

struct pipe_rt_blend_state {
   bool blend_enable;
   enum pipe_blend_func rgb_func;
   enum pipe_blendfactor rgb_src_factor, rgb_dst_factor;
   enum pipe_blend_func alpha_func;
   enum pipe_blendfactor alpha_src_factor, alpha_dst_factor;
   unsigned colormask;            /* PIPE_MASK_* */
};

struct pipe_blend_state {
   bool independent_blend_enable;
   bool dither;
   bool alpha_to_coverage;
   struct pipe_rt_blend_state rt[PIPE_MAX_COLOR_BUFS];
};

struct pipe_blend_color { float color[4]; };

struct pipe_stencil_state {
   bool enabled;
   enum pipe_compare_func func;
   enum pipe_stencil_op fail_op, zpass_op, zfail_op;
   uint8_t valuemask, writemask;
};

struct pipe_depth_stencil_alpha_state {
   bool depth_enabled;
   bool depth_writemask;
   enum pipe_compare_func depth_func;
   struct pipe_stencil_state stencil[2];  /* [0] front, [1] back */
   bool alpha_enabled;                    /* not reachable from GLES; kept for the hardware path */
   enum pipe_compare_func alpha_func;
   float alpha_ref_value;
};

struct pipe_stencil_ref { uint8_t ref_value[2]; };

struct pipe_rasterizer_state {
   bool front_ccw;                /* GL default: counter-clockwise is front */
   unsigned cull_face;            /* enum pipe_face */
   bool offset_tri;               /* polygon offset for filled triangles */
   float offset_units, offset_scale, offset_clamp;
   bool scissor;
   bool multisample;
   bool half_pixel_center;        /* true for GL */
   bool bottom_edge_rule;         /* false for GL: top-left fill rule */
   bool flatshade;
   bool flatshade_first;          /* false for GL: last vertex provokes */
   bool rasterizer_discard;
   bool point_size_per_vertex;
   float point_size;
   float line_width;
   bool sprite_coord_enable;      /* gl_PointCoord replaces PS input with semantic POINTCOORD */
   bool clip_halfz;               /* false for GL: -w <= z <= w */
   bool depth_clip;               /* true for GL */
   unsigned clip_plane_enable;    /* bit n: clip by the vertex shader's clip distance n */
};

struct pipe_viewport_state { float scale[3]; float translate[3]; };

struct pipe_scissor_state { unsigned minx, miny, maxx, maxy; };  /* max exclusive */

struct pipe_sampler_state {
   enum pipe_tex_wrap wrap_s, wrap_t, wrap_r;
   enum pipe_tex_filter min_img_filter, mag_img_filter;
   enum pipe_tex_mipfilter min_mip_filter;
   float min_lod, max_lod, lod_bias;
   unsigned max_anisotropy;
   float border_color[4];
};

struct pipe_sampler_view {
   struct pipe_resource *texture;
   enum pipe_format format;
   unsigned first_level, last_level;
   unsigned swizzle_r, swizzle_g, swizzle_b, swizzle_a;   /* 0-3 = RGBA, 4 = zero, 5 = one */
};

/* One vertex attribute: where in which vertex buffer, in which format. */
struct pipe_vertex_element {
   unsigned src_offset;           /* bytes from the start of the vertex */
   unsigned vertex_buffer_index;
   unsigned instance_divisor;     /* 0 = per vertex */
   enum pipe_format src_format;
};

struct pipe_vertex_buffer {
   unsigned stride;               /* bytes; 0 = the same element for every vertex */
   unsigned buffer_offset;        /* bytes */
   struct pipe_resource *buffer;  /* NULL with user_buffer */
   const void *user_buffer;       /* client memory; the driver uploads what a draw reads */
};

struct pipe_constant_buffer {
   struct pipe_resource *buffer;
   unsigned buffer_offset;
   unsigned buffer_size;          /* bytes */
   const void *user_buffer;       /* client memory, uploaded by the driver at bind time */
};

/* Shader template: our IR (r600sim/shader_ir.h) is part of this contract. The driver
 * copies what it needs; the state tracker may free the IR after create_*_state(). */
struct pipe_shader_state {
   const struct ir_shader *ir;
   /* Without IR: the bytes get_shader_binary gave for a shader of this stage (program
    * binaries); the driver refuses any it did not make for this chip. */
   const void *binary;
   size_t binary_size;
};

struct pipe_draw_info {
   enum pipe_prim_type mode;
   unsigned index_size;           /* 0 = non-indexed; 1, 2 or 4 bytes */
   unsigned start;                /* first vertex, or first index */
   unsigned count;
   int index_bias;                /* added to every index (base vertex) */
   unsigned min_index, max_index; /* inclusive range of indices read; max 0xffffffff if unknown */
   unsigned instance_count;       /* >= 1 */
   unsigned start_instance;
   bool primitive_restart;
   unsigned restart_index;
   struct pipe_resource *index_buffer;   /* NULL with user_indices */
   const void *user_indices;
   unsigned index_offset;         /* bytes into index_buffer */
};

union pipe_color_union { float f[4]; int32_t i[4]; uint32_t ui[4]; };

/* pipe->blit: a rectangle of one level/layer (cube face) of a colour resource drawn into
 * a rectangle of another, converting between formats, scaling with `filter`. Boxes are in
 * texels of their levels, rows as stored (row 0 first); a negative src height flips the
 * image vertically (src.box.y is then the row just past the bottom). */
struct pipe_blit_info {
   struct {
      struct pipe_resource *resource;
      unsigned level, layer;
      struct pipe_box box;          /* x, y, width, height */
   } dst, src;
   unsigned swizzle[4];             /* destination channel <- source channel (view encoding) */
   enum pipe_tex_filter filter;
};

#endif
