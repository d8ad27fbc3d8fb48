/* The r600sim screen, its resources and fences (driver-internal). */
#ifndef R600_SCREEN_H
#define R600_SCREEN_H

#include "pipe/p_screen.h"
#include "r600sim/gpu.h"

#include "r600_bo.h"

#define R600_MAX_TEXTURE_SIZE 8192
#define R600_MAX_LEVELS 14               /* 8192 .. 1 */
/* PA_SU_POINT_MINMAX.MAX_SIZE holds half the size in unsigned 12.4 (at most 4095.9375);
 * the driver clamps to this whole size, which glGet reports. */
#define R600_MAX_POINT_SIZE 8191

struct r600_screen {
   struct pipe_screen base;
   struct r600_gpu *gpu;
   enum hw_chip chip;
   unsigned debug;                    /* R600_DBG_* (r600_debug.h) */
   struct r600_bo_manager bos;        /* its gpu is this gpu */
   char name[32];
};

static inline struct r600_screen *r600_screen(struct pipe_screen *s)
{
   return (struct r600_screen *)s;
}

/* One mip level of a texture: every layer (cube face) of a level is layer_size bytes, the
 * layers follow each other; every level and layer starts 256-byte aligned (CB/DB/texture
 * base registers hold address >> 8). Surfaces are LINEAR_ALIGNED: pitch a multiple of 8
 * pixels, rows allocated up to a multiple of 8. */
struct r600_texture_level {
   uint64_t offset;       /* bytes from the start of the buffer to layer 0 */
   unsigned pitch;        /* pixels, or 4x4 blocks of a block format */
   unsigned height;       /* allocated rows of pixels or blocks (multiple of 8) */
   uint64_t layer_size;   /* bytes, multiple of 256 */
};

struct r600_resource {
   struct pipe_resource base;
   struct r600_bo *bo;
   unsigned bpp;          /* bytes per pixel; 1 for buffers */
   unsigned num_layers;   /* 6 for cube maps */
   unsigned samples;      /* 1, or 2/4/8 sample planes (see texture_layout) */
   struct r600_texture_level level[R600_MAX_LEVELS];
};

static inline struct r600_resource *r600_resource(struct pipe_resource *r)
{
   return (struct r600_resource *)r;
}

/* A fence is the sequence number of a submission. */
struct pipe_fence_handle {
   atomic_int refcount;   /* counted as pipe_resource_reference counts */
   uint64_t seq;          /* 0 = nothing was submitted: signalled */
};

struct pipe_fence_handle *r600_fence_create(uint64_t seq);

/* r600_resource.c */
void r600_init_resource_functions(struct r600_screen *);
/* r600_query.c: pipe_screen::get_timestamp */
void r600_init_screen_query_functions(struct r600_screen *screen);
bool r600_is_colorbuffer_format(enum pipe_format);
bool r600_is_render_format(enum pipe_format);
bool r600_is_depth_format(enum pipe_format);
bool r600_is_vertex_format(enum pipe_format);
/* r600_state_sampler.c: formats the texture unit samples */
bool r600_is_sampler_format(enum pipe_format);

#endif
