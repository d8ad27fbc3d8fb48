/* EGL images of GL textures (st_api.h: made for eglCreateImage, EGL_KHR_gl_texture_2D_image)
 * and their GL consumers (GL_OES_EGL_image).
 *
 * An image holds a reference to the pipe resource where the texture image's texels are,
 * with its level, layer, size and format: the texture and every texture made from the
 * image (glEGLImageTargetTexture2DOES) then share that storage, so writes through one
 * are seen through the others (EGLImage siblings). A target texture samples the resource
 * as its own mip tree from level 0, so only images of level 0 of a 2D texture can be
 * targets; any other is GL_INVALID_OPERATION, which OES_EGL_image allows when "the GL is
 * unable to specify a texture object using the supplied eglImageOES". Renderbuffers are
 * stored top row first and textures bottom row first, so no texture image can be a
 * renderbuffer's storage: glEGLImageTargetRenderbufferStorageOES is GL_INVALID_OPERATION.
 * Defining any image of a target texture (glTexImage2D) first orphans it from the image's
 * storage (gl_egl_image_orphan), as Mesa does, so it never writes into the source's tree.
 *
 * The handle EGL returns is the st_egl_image's address; the GL consumers accept only
 * handles of live images (a registry under a lock), so a destroyed image is an error, not
 * a dangling pointer. */
#include "gl_texture.h"

#include <pthread.h>
#include <stdlib.h>

#include "st_api.h"

struct st_egl_image {
   struct st_egl_image *next;       /* the registry */
   struct pipe_resource *res;       /* referenced */
   unsigned level, layer;
   GLsizei width, height;
   struct gl_texture_format fmt;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct st_egl_image *registry;

/* Levels of the full mip chain of a base of w x h. */
static unsigned chain_levels(GLsizei w, GLsizei h)
{
   unsigned levels = 1;
   while ((w >> levels) > 0 || (h >> levels) > 0)
      levels++;
   return levels;
}

/* Mipmap completeness of face 0 (ES 2.0 3.7.10): every level of the chain defined at its
 * size, in the base's format. 0 when incomplete, else the number of levels. */
static unsigned complete_levels(const struct gl_texture *tex)
{
   const struct gl_texture_image *base = &tex->images[0][0];
   if (!base->fmt.base || base->width <= 0 || base->height <= 0)
      return 0;
   unsigned levels = chain_levels(base->width, base->height);
   for (unsigned l = 1; l < levels; l++) {
      const struct gl_texture_image *img = &tex->images[0][l];
      GLsizei w = base->width >> l ? base->width >> l : 1;
      GLsizei h = base->height >> l ? base->height >> l : 1;
      if (img->width != w || img->height != h || img->fmt.base != base->fmt.base)
         return 0;
   }
   return levels;
}

static bool any_level_above_0(const struct gl_texture *tex)
{
   for (unsigned l = 1; l < GL_TEXTURE_LEVELS; l++)
      if (tex->images[0][l].fmt.base)
         return true;
   return false;
}

struct st_egl_image *r600sim_st_egl_image_from_texture_2d(struct st_context *ctx, unsigned name,
                                                          int level,
                                                          enum st_egl_image_error *err)
{
   *err = ST_EGL_IMAGE_BAD_PARAMETER;
   struct gl_texture *tex = name ? gl_texture_lookup(ctx, name) : NULL;
   if (!tex || tex->target != GL_TEXTURE_2D)
      return NULL;   /* not a 2D texture object (0, the default texture, is not one) */
   if (level < 0 || level >= GL_TEXTURE_LEVELS || !tex->images[0][level].fmt.base) {
      *err = ST_EGL_IMAGE_BAD_MATCH;   /* not a valid mipmap level of the texture */
      return NULL;
   }
   /* EGL_KHR_gl_image: a level other than 0 needs a complete texture; level 0 of an
    * incomplete one only when no other level is specified. */
   unsigned levels = complete_levels(tex);
   if (!levels && (level != 0 || any_level_above_0(tex)))
      return NULL;
   const struct gl_texture_image *img = &tex->images[0][level];
   if (img->width <= 0 || img->height <= 0)
      return NULL;   /* an empty image has no storage to share */
   /* Settle a complete texture's storage first (Mesa does too), so that the image is
    * where the texture samples it from and stays there. That takes GPU copies, made only
    * on the thread ctx is current to. */
   if (levels && ctx == st_current_context && !gl_texture_finalize(ctx, tex, levels)) {
      *err = ST_EGL_IMAGE_BAD_ALLOC;
      return NULL;
   }
   struct st_egl_image *image = calloc(1, sizeof(*image));
   if (!image) {
      *err = ST_EGL_IMAGE_BAD_ALLOC;
      return NULL;
   }
   pipe_resource_reference(&image->res, img->res);
   image->level = img->res_level;
   image->layer = img->res_layer;
   image->width = img->width;
   image->height = img->height;
   image->fmt = img->fmt;
   pthread_mutex_lock(&registry_lock);
   image->next = registry;
   registry = image;
   pthread_mutex_unlock(&registry_lock);
   *err = ST_EGL_IMAGE_OK;
   return image;
}

void r600sim_st_egl_image_destroy(struct st_egl_image *image)
{
   pthread_mutex_lock(&registry_lock);
   for (struct st_egl_image **p = &registry; *p; p = &(*p)->next)
      if (*p == image) {
         *p = image->next;
         break;
      }
   pthread_mutex_unlock(&registry_lock);
   pipe_resource_reference(&image->res, NULL);
   free(image);
}

/* The live image of handle with a reference to its resource in *res (the image may be
 * destroyed meanwhile by another thread); false if there is none. */
static bool lookup(GLeglImageOES handle, struct st_egl_image *out, struct pipe_resource **res)
{
   bool found = false;
   pthread_mutex_lock(&registry_lock);
   for (struct st_egl_image *i = registry; i; i = i->next)
      if (i == handle) {
         *out = *i;
         *res = NULL;
         pipe_resource_reference(res, i->res);
         found = true;
      }
   pthread_mutex_unlock(&registry_lock);
   return found;
}

void GL_APIENTRY glEGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image)
{
   GET_CONTEXT_OR_RETURN();
   int t = gl_texture_target_index(target);   /* 2D, or external (OES_EGL_image_external) */
   if (t != GL_TEXTURE_INDEX_2D && t != GL_TEXTURE_INDEX_EXTERNAL) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct st_egl_image img;
   struct pipe_resource *res;
   if (!lookup(image, &img, &res)) {
      gl_error(ctx, GL_INVALID_VALUE);   /* as Mesa: no such image */
      return;
   }
   if (img.level != 0 || img.layer != 0 || res->target != PIPE_TEXTURE_2D) {
      pipe_resource_reference(&res, NULL);
      gl_error(ctx, GL_INVALID_OPERATION);   /* see the top of the file */
      return;
   }
   struct gl_texture *tex = gl_texture_bound(ctx, (unsigned)t, __func__);
   if (!tex) {
      pipe_resource_reference(&res, NULL);
      return;
   }
   /* The texture is respecified: level 0 is the image, every other level undefined. */
   gl_egl_image_orphan(tex);
   tex->images[0][0] = (struct gl_texture_image){
      .width = img.width, .height = img.height, .fmt = img.fmt, .res = res,
   };
   pipe_resource_reference(&tex->res, res);
   tex->egl_image_target = true;
}

void gl_egl_image_orphan(struct gl_texture *tex)
{
   for (unsigned l = 0; l < GL_TEXTURE_LEVELS; l++) {
      pipe_resource_reference(&tex->images[0][l].res, NULL);
      tex->images[0][l] = (struct gl_texture_image){ 0 };
   }
   pipe_resource_reference(&tex->res, NULL);
   tex->egl_image_target = false;
}

void GL_APIENTRY glEGLImageTargetRenderbufferStorageOES(GLenum target, GLeglImageOES image)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_RENDERBUFFER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct st_egl_image img;
   struct pipe_resource *res;
   if (!lookup(image, &img, &res)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   pipe_resource_reference(&res, NULL);
   gl_error(ctx, GL_INVALID_OPERATION);   /* see the top of the file */
}
