/* Texture objects (2D and cube maps): their images, sampling parameters, and how a draw
 * binds them to the driver's texture units.
 *
 * Storage API (gl_texture_storage.c). A pipe resource is the store of every image: an
 * image keeps only its size, GL base format and storage format, and where its texels
 * are. The texture owns a mip tree (tex->res: every level of the base size, 6 layers for
 * a cube map); an image that fits it (same storage format, the tree's size at its level)
 * lives there, any other in a one-level resource of its own. Before sampling,
 * gl_texture_finalize gives the texture a tree that holds all the levels sampled and
 * moves images into it by GPU copies (pipe->blit), as Mesa's st_finalize_texture does.
 * Texels are stored in rows from the first row the client gives (t = 0) on. */
#ifndef GL_TEXTURE_H
#define GL_TEXTURE_H

#include "gl_context.h"
#include "gl_texture_format.h"

#define GL_TEXTURE_LEVELS 16          /* levels of a MAX_TEXTURE_SIZE (<= 2^15) texture */

struct gl_texture_image {
   GLsizei width, height;
   struct gl_texture_format fmt;     /* fmt.base: the GL (base) internal format, 0: undefined */
   /* Where the texels are: level `res_level`, layer `res_layer` (a cube face of the
    * tree) of res (referenced): the texture's tree or a resource of the image's own. */
   struct pipe_resource *res;
   unsigned res_level, res_layer;
};

struct gl_texture {
   GLuint name;                      /* 0: a context's default texture */
   _Atomic int refcount;             /* the name table's reference + each binding */
   GLenum target;                    /* 0 until first bound */
   struct gl_texture_image images[6][GL_TEXTURE_LEVELS];   /* [face][level] */
   GLenum wrap_s, wrap_t, min_filter, mag_filter;
   struct pipe_resource *res;        /* the mip tree (NULL until an image is defined) */
   /* Level 0 and res are an EGL image's storage (gl_egl_image.c): defining any image
    * first orphans the texture from it (gl_egl_image_orphan). */
   bool egl_image_target;
};

/* Binding points of a unit; EXTERNAL is GL_TEXTURE_EXTERNAL_OES (OES_EGL_image_external:
 * one level, an EGL image, sampled as a 2D texture). */
enum { GL_TEXTURE_INDEX_2D, GL_TEXTURE_INDEX_CUBE, GL_TEXTURE_INDEX_EXTERNAL, GL_TEXTURE_INDEX_COUNT };

/* GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_EXTERNAL_OES -> GL_TEXTURE_INDEX_*, else -1. */
int gl_texture_target_index(GLenum target);
struct gl_texture *gl_texture_ref(struct gl_texture *tex);
void gl_texture_unref(struct gl_texture *tex);
/* The texture bound to `target_index` on the active unit (the default one if none); NULL
 * when out of memory (GL_OUT_OF_MEMORY raised for func). */
struct gl_texture *gl_texture_bound(struct st_context *ctx, unsigned target_index,
                                    const char *func);
/* The texture `name` of the share group, NULL if none (takes the lock). */
struct gl_texture *gl_texture_lookup(struct st_context *ctx, GLuint name);
/* The image of a 2D or cube-face target at level of the bound texture (its texture and face
 * returned too), or NULL with the error raised: GL_INVALID_ENUM for another target,
 * GL_INVALID_VALUE for a level outside [0, log2(max size)] (gl_texture_image.c). */
struct gl_texture_image *gl_texture_target_image(struct st_context *ctx, GLenum target,
                                                GLint level, struct gl_texture **texp,
                                                unsigned *facep, const char *func);
/* Drops the context's bindings and default textures. */
void gl_texture_fini(struct st_context *ctx);

/* Drops the EGL image storage of a texture made from one (egl_image_target): every image
 * undefined, no tree (gl_egl_image.c). */
void gl_egl_image_orphan(struct gl_texture *tex);

/* ---- storage (gl_texture_storage.c) ---- */

/* (Re)defines image [face][level] as width x height of fmt with undefined texels (an
 * empty image has no resource). False when out of memory (the image is then undefined). */
bool gl_texture_image_define(struct st_context *ctx, struct gl_texture *tex, unsigned face,
                             unsigned level, GLsizei width, GLsizei height,
                             const struct gl_texture_format *fmt);
/* Writes a w x h client image (format, type; rows `pitch` bytes apart) at (x, y) of a
 * defined image, through a transfer of its resource. False when it cannot be mapped. */
bool gl_texture_image_write(struct st_context *ctx, const struct gl_texture_image *img,
                            GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type,
                            const uint8_t *pixels, uint64_t pitch);
/* Makes tex->res hold images [face][0 .. levels - 1] of every face (copying those kept
 * elsewhere). False when out of memory. */
bool gl_texture_finalize(struct st_context *ctx, struct gl_texture *tex, unsigned levels);
/* pipe->blit for the GL layer: the draw framebuffer is bound again before the next draw. */
void gl_texture_blit(struct st_context *ctx, const struct pipe_blit_info *info);
/* The identity swizzle of pipe_blit_info. */
extern const unsigned gl_texture_identity_swizzle[4];

/* Draw-time binding: views and samplers of every sampler the executable uses, for both
 * stages; gl_textures_release unbinds and frees them after the draw. */
struct gl_draw_textures;
struct gl_draw_textures *gl_textures_bind(struct st_context *ctx, const struct gl_exe *exe);
void gl_textures_release(struct st_context *ctx, struct gl_draw_textures *bound);

#endif
