/* Texture objects (2D and cube maps): their images, sampling parameters, and how a draw
 * binds them to the driver's texture units. */
#ifndef GL_TEXTURE_H
#define GL_TEXTURE_H

#include "gl_context.h"

#define GL_TEXTURE_LEVELS 16          /* levels of a MAX_TEXTURE_SIZE (<= 2^15) texture */

/* One image: its size, GL base format and type, and its texels as RGBA8 (w * h * 4
 * bytes, the format already expanded: see gl_texture_image.c). The driver's copy packs
 * them back into the hardware format of format/type where there is one. */
struct gl_texture_image {
   GLsizei width, height;            /* 0: undefined */
   GLenum format, type;
   uint8_t *rgba;
};

struct gl_texture {
   GLuint name;                      /* 0: a context's default texture */
   _Atomic int refcount;             /* the name table's reference + each binding */
   GLenum target;                    /* 0 until first bound */
   struct gl_texture_image images[6][GL_TEXTURE_LEVELS];   /* [face][level] */
   GLenum wrap_s, wrap_t, min_filter, mag_filter;
   /* The driver's copy, rebuilt from images at the next draw when stale. */
   struct pipe_resource *res;
   unsigned res_levels;              /* levels res holds */
   unsigned res_swizzle[4];          /* its view swizzle (pipe_sampler_view's encoding) */
   bool stale;                       /* images changed since res was built */
};

enum { GL_TEXTURE_INDEX_2D, GL_TEXTURE_INDEX_CUBE, GL_TEXTURE_INDEX_COUNT };

struct gl_texture *gl_texture_ref(struct gl_texture *tex);
void gl_texture_unref(struct gl_texture *tex);
/* The texture bound to `target_index` on the active unit (the default one if none); NULL
 * when out of memory (GL_OUT_OF_MEMORY raised for func). */
struct gl_texture *gl_texture_bound(struct st_context *ctx, unsigned target_index,
                                    const char *func);
/* Drops the context's bindings and default textures. */
void gl_texture_fini(struct st_context *ctx);

/* Draw-time binding: views and samplers of every sampler the executable uses, for both
 * stages; gl_textures_release unbinds and frees them after the draw. */
struct gl_draw_textures;
struct gl_draw_textures *gl_textures_bind(struct st_context *ctx, const struct gl_exe *exe);
void gl_textures_release(struct st_context *ctx, struct gl_draw_textures *bound);

#endif
