/* The presenter of an X11 window or pixmap: puts a finished frame (B8G8R8A8 rows, top
 * first) into the drawable. With MIT-SHM the frame is written into a shared memory segment
 * and ShmPutImage'd, so the server reads it straight from our memory; without MIT-SHM
 * (R600SIM_NO_SHM=1, or a server that cannot attach our segments) the rows go in PutImage
 * requests no longer than the server's maximum request length. The requests are checked:
 * their errors (a drawable the application destroyed meanwhile) come back to us instead of
 * reaching Xlib's default handler, which would exit the program; and once the check has
 * returned, the server has read the segment, which may then be written again. */
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <xcb/shm.h>

#include "egl_x11.h"

struct shm_buffer {
   uint8_t *addr;
   size_t size;
   xcb_shm_seg_t seg;
};

struct egl_x11_presenter {
   xcb_connection_t *conn;
   bool shm;
   uint32_t drawable;
   uint8_t depth;
   xcb_gcontext_t gc;
   struct shm_buffer shm_buf;
   uint8_t *heap;                        /* the PutImage path's image */
   size_t heap_size;
   unsigned width, height;
};

struct egl_x11_presenter *egl_x11_presenter_create(xcb_connection_t *conn, bool shm,
                                                   uint32_t drawable, uint8_t depth)
{
   struct egl_x11_presenter *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->conn = conn;
   p->shm = shm;
   p->drawable = drawable;
   p->depth = depth;
   p->gc = xcb_generate_id(conn);
   const uint32_t no_exposures = 0;
   xcb_create_gc(conn, p->gc, drawable, XCB_GC_GRAPHICS_EXPOSURES, &no_exposures);
   return p;
}

static void release_shm(struct egl_x11_presenter *p, struct shm_buffer *b)
{
   if (!b->addr)
      return;
   xcb_shm_detach(p->conn, b->seg);
   shmdt(b->addr);
   b->addr = NULL;
   b->size = 0;
}

void egl_x11_presenter_destroy(struct egl_x11_presenter *p)
{
   if (!p)
      return;
   release_shm(p, &p->shm_buf);
   xcb_free_gc(p->conn, p->gc);
   xcb_flush(p->conn);
   free(p->heap);
   free(p);
}

/* A segment of `size` bytes attached by the server; false when the server cannot (a
 * remote one) or the system refuses. The id is removed at once: the segment lives until
 * both sides detach. */
static bool attach_shm(struct egl_x11_presenter *p, struct shm_buffer *b, size_t size)
{
   int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
   if (id < 0)
      return false;
   void *addr = shmat(id, NULL, 0);
   if (addr == (void *)-1) {
      shmctl(id, IPC_RMID, NULL);
      return false;
   }
   xcb_shm_seg_t seg = xcb_generate_id(p->conn);
   xcb_generic_error_t *err =
      xcb_request_check(p->conn, xcb_shm_attach_checked(p->conn, seg, (uint32_t)id, 0));
   shmctl(id, IPC_RMID, NULL);
   if (err) {
      free(err);
      shmdt(addr);
      return false;
   }
   *b = (struct shm_buffer){.addr = addr, .size = size, .seg = seg};
   return true;
}

uint8_t *egl_x11_presenter_image(struct egl_x11_presenter *p, unsigned width, unsigned height,
                                 unsigned *stride)
{
   size_t size = (size_t)width * height * 4;
   if (size == 0)
      size = 4;
   p->width = width;
   p->height = height;
   *stride = width * 4;
   if (p->shm) {
      struct shm_buffer *b = &p->shm_buf;
      if (b->size >= size)
         return b->addr;
      release_shm(p, b);
      if (attach_shm(p, b, size))
         return b->addr;
      p->shm = false;   /* from now on this drawable uses PutImage */
   }
   if (p->heap_size < size) {
      uint8_t *heap = realloc(p->heap, size);
      if (!heap)
         return NULL;
      p->heap = heap;
      p->heap_size = size;
   }
   return p->heap;
}

bool egl_x11_presenter_put(struct egl_x11_presenter *p)
{
   unsigned stride = p->width * 4;
   if (p->width == 0 || p->height == 0)
      return true;
   bool ok = true;
   if (p->shm) {
      xcb_void_cookie_t c = xcb_shm_put_image_checked(
         p->conn, p->drawable, p->gc, (uint16_t)p->width, (uint16_t)p->height, 0, 0,
         (uint16_t)p->width, (uint16_t)p->height, 0, 0, p->depth, XCB_IMAGE_FORMAT_Z_PIXMAP, 0,
         p->shm_buf.seg, 0);
      xcb_generic_error_t *err = xcb_request_check(p->conn, c);
      ok = err == NULL;
      free(err);
      return ok;
   }
   /* The maximum request length is in 4-byte units (BIG-REQUESTS raises it); a PutImage
    * request has a 24-byte header before its data. */
   uint64_t max_bytes = (uint64_t)xcb_get_maximum_request_length(p->conn) * 4;
   uint64_t rows = max_bytes > 24 ? (max_bytes - 24) / stride : 0;
   if (rows == 0)
      rows = 1;
   for (unsigned y = 0; y < p->height; y += (unsigned)rows) {
      unsigned n = p->height - y < rows ? p->height - y : (unsigned)rows;
      xcb_void_cookie_t c = xcb_put_image_checked(
         p->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, p->drawable, p->gc, (uint16_t)p->width,
         (uint16_t)n, 0, (int16_t)y, 0, p->depth, n * stride, p->heap + (size_t)y * stride);
      xcb_generic_error_t *err = xcb_request_check(p->conn, c);
      if (err) {
         free(err);
         return false;
      }
   }
   return ok;
}
