/* EGL images (EGL 1.5 section 3.9, EGL_KHR_image_base): images of 2D GL textures
 * (EGL_KHR_gl_texture_2D_image), made by the GLES layer (st_api.h, gles/gl_egl_image.c),
 * which also validates the handle for its consumers (GL_OES_EGL_image). EGL keeps each
 * display's images to validate handles and to destroy them at eglTerminate.
 * EGL_EXT_image_flush_external: flushing submits the current context's commands (the
 * writes to the image); invalidating has nothing to do, since every draw samples the
 * image's storage directly. */
#include <stdint.h>
#include <stdlib.h>

#include "egl_internal.h"
#include "st_api.h"

struct egl_image *egl_lookup_image(struct egl_display *d, EGLImage handle)
{
   for (struct egl_image *i = d->images; i; i = i->next)
      if ((EGLImage)i->st == handle)
         return i;
   return NULL;
}

void egl_image_destroy(struct egl_image *image)
{
   r600sim_st_egl_image_destroy(image->st);
   free(image);
}

/* The attributes of eglCreateImage as EGLAttrib (EGLint lists are widened first). */
struct image_attribs {
   EGLAttrib level;
};

/* Returns the EGL error of the list (EGL_SUCCESS when valid). */
static EGLint parse_attribs(const EGLAttrib *a, struct image_attribs *out)
{
   *out = (struct image_attribs){ .level = 0 };
   for (; a && a[0] != EGL_NONE; a += 2) {
      switch (a[0]) {
      case EGL_GL_TEXTURE_LEVEL:
         out->level = a[1];
         break;
      case EGL_IMAGE_PRESERVED:   /* images always keep their contents */
      case EGL_IMAGE_EXTERNAL_FLUSH_EXT:   /* flushes are explicit either way */
         if (a[1] != EGL_TRUE && a[1] != EGL_FALSE)
            return EGL_BAD_PARAMETER;
         break;
      default:
         return EGL_BAD_PARAMETER;   /* EGL_KHR_image_base: not an attribute of the table */
      }
   }
   return EGL_SUCCESS;
}

static EGLImage create_image(EGLDisplay dpy, EGLContext context, EGLenum target,
                             EGLClientBuffer buffer, const EGLAttrib *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *c = NULL;
   struct egl_image *image = NULL;
   struct image_attribs a;
   EGLint err = EGL_SUCCESS;
   if (!d)
      goto out;
   if (context != EGL_NO_CONTEXT && !(c = egl_lookup_context(d, context)))
      err = EGL_BAD_CONTEXT;
   else if (target != EGL_GL_TEXTURE_2D)
      err = EGL_BAD_PARAMETER;   /* the only target supported */
   else if (!c)
      err = EGL_BAD_CONTEXT;     /* a GL image needs the context of its object */
   else if ((err = parse_attribs(attribs, &a)) != EGL_SUCCESS)
      ;
   else if ((uintptr_t)buffer > UINT32_MAX || a.level < 0 || a.level > INT32_MAX)
      err = (uintptr_t)buffer > UINT32_MAX ? EGL_BAD_PARAMETER : EGL_BAD_MATCH;
   else if (!(image = calloc(1, sizeof(*image))))
      err = EGL_BAD_ALLOC;
   if (image) {
      enum st_egl_image_error e;
      image->st = r600sim_st_egl_image_from_texture_2d(c->st, (unsigned)(uintptr_t)buffer,
                                                       (int)a.level, &e);
      if (!image->st) {
         free(image);
         image = NULL;
         err = e == ST_EGL_IMAGE_BAD_MATCH ? EGL_BAD_MATCH :
               e == ST_EGL_IMAGE_BAD_ALLOC ? EGL_BAD_ALLOC : EGL_BAD_PARAMETER;
      } else {
         image->next = d->images;
         d->images = image;
      }
   }
out:
   if (err != EGL_SUCCESS)
      egl_error(err);
   else if (d)
      egl_success();
   egl_unlock();
   return image ? (EGLImage)image->st : EGL_NO_IMAGE;
}

static EGLBoolean destroy_image(EGLDisplay dpy, EGLImage handle)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_image *image = d ? egl_lookup_image(d, handle) : NULL;
   if (d && !image)
      egl_error(EGL_BAD_PARAMETER);
   if (image) {
      for (struct egl_image **p = &d->images; *p; p = &(*p)->next)
         if (*p == image) {
            *p = image->next;
            break;
         }
      egl_image_destroy(image);
      egl_success();
   }
   egl_unlock();
   return image ? EGL_TRUE : EGL_FALSE;
}

EGL_EXPORT EGLImage EGLAPIENTRY eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                                               EGLClientBuffer buffer, const EGLAttrib *attribs)
{
   return create_image(dpy, ctx, target, buffer, attribs);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglDestroyImage(EGLDisplay dpy, EGLImage image)
{
   return destroy_image(dpy, image);
}

/* ---- EGL_KHR_image_base ---- */

#define MAX_ATTRIBS 16   /* pairs: each attribute of the table once, and then some */

EGLImageKHR EGLAPIENTRY egl_create_image_khr(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                                             EGLClientBuffer buffer, const EGLint *attribs)
{
   EGLAttrib wide[2 * MAX_ATTRIBS + 1];
   unsigned n = 0;
   for (; attribs && attribs[n] != EGL_NONE; n += 2) {
      if (n == 2 * MAX_ATTRIBS) {
         /* More pairs than attributes exist: one of them is repeated or unknown. */
         egl_error(EGL_BAD_PARAMETER);
         return EGL_NO_IMAGE_KHR;
      }
      wide[n] = attribs[n];
      wide[n + 1] = attribs[n + 1];
   }
   wide[n] = EGL_NONE;
   return create_image(dpy, ctx, target, buffer, wide);
}

EGLBoolean EGLAPIENTRY egl_destroy_image_khr(EGLDisplay dpy, EGLImageKHR image)
{
   return destroy_image(dpy, image);
}

/* ---- EGL_EXT_image_flush_external ---- */

static EGLBoolean external_access(EGLDisplay dpy, EGLImage handle, const EGLAttrib *attribs,
                                  bool flush)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_image *image = d ? egl_lookup_image(d, handle) : NULL;
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!image || (attribs && attribs[0] != EGL_NONE))
      return egl_error(EGL_BAD_PARAMETER);   /* the extension defines no attributes */
   struct egl_context *ctx = egl_thread()->ctx;
   if (flush && ctx)
      r600sim_st_flush(ctx->st, false);
   egl_success();
   return EGL_TRUE;
}

EGLBoolean EGLAPIENTRY egl_image_flush_external_ext(EGLDisplay dpy, EGLImageKHR image,
                                                    const EGLAttrib *attribs)
{
   return external_access(dpy, image, attribs, true);
}

EGLBoolean EGLAPIENTRY egl_image_invalidate_external_ext(EGLDisplay dpy, EGLImageKHR image,
                                                         const EGLAttrib *attribs)
{
   return external_access(dpy, image, attribs, false);
}
