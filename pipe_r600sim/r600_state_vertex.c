/* Vertex elements CSO (the fetch shader) and vertex buffers (SET_RESOURCE 320 + i).
 * The fetch shader addresses vertex buffer i as BUFFER_ID 160 + i, which the hardware maps
 * to the fetch-shader resource slot 320 + i. User (client-memory) buffers are copied into
 * GPU memory at every draw, as far as that draw reads them; so are buffers whose stride
 * the fetch constant cannot hold (repacked at a compact stride). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600_context.h"
#include "r600_debug.h"
#include "r600_regs.h"

static void *r600_create_vertex_elements(struct pipe_context *pctx, unsigned count,
                                         const struct pipe_vertex_element *elems)
{
   struct r600_context *ctx = r600_context(pctx);
   if (count > PIPE_MAX_ATTRIBS)
      return NULL;
   for (unsigned i = 0; i < count; i++) {
      if (elems[i].vertex_buffer_index >= R600_MAX_VERTEX_BUFFERS ||
          !r600_is_vertex_format(elems[i].src_format)) {
         fprintf(stderr, "r600sim: vertex element %u: bad buffer index or format\n", i);
         return NULL;
      }
   }
   struct r600_vertex_elements *ve = calloc(1, sizeof(*ve));
   if (!ve)
      return NULL;
   ve->count = count;
   memcpy(ve->elements, elems, count * sizeof(*elems));

   struct r600_shader_binary bin;
   memset(&bin, 0, sizeof(bin));
   if (!r600_build_fetch_shader(elems, count, ctx->chip, &bin)) {
      fprintf(stderr, "r600sim: cannot build a fetch shader for these vertex elements\n");
      free(ve);
      return NULL;
   }
   ve->fetch_bo = r600_upload_program(ctx->screen, &bin);
   if (ve->fetch_bo && (ctx->screen->debug & R600_DBG_SHADERS))
      r600_dump_program(ctx->screen, "fetch shader", &bin, ve->fetch_bo->va);
   if (ve->fetch_bo) {
      r600_cs_init(&ve->cb);
      cs_set_context_reg(&ve->cb, REG_SQ_PGM_START_FS,
                         SQ_PGM_START_FS__PGM_START((uint32_t)(ve->fetch_bo->va >> 8)));
      cs_set_context_reg(&ve->cb, REG_SQ_PGM_RESOURCES_FS,
                         SQ_PGM_RESOURCES_FS__NUM_GPRS(bin.num_gprs) |
                         SQ_PGM_RESOURCES_FS__STACK_SIZE(bin.stack_size));
   }
   r600_shader_binary_free(&bin);
   if (!ve->fetch_bo || ve->cb.failed) {
      r600_cs_fini(&ve->cb);
      r600_bo_reference(&ve->fetch_bo, NULL);
      free(ve);
      return NULL;
   }
   return ve;
}

static void r600_bind_vertex_elements(struct pipe_context *pctx, void *state)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->velems = state;
   r600_mark_dirty(ctx, R600_ATOM_FETCH_SHADER);
}

static void r600_delete_vertex_elements(struct pipe_context *pctx, void *state)
{
   struct r600_vertex_elements *ve = state;
   r600_cs_fini(&ve->cb);
   r600_bo_reference(&ve->fetch_bo, NULL);
   free(ve);
}

void r600_emit_fetch_shader(struct r600_context *ctx)
{
   if (!ctx->velems)
      return;
   cs_append(&ctx->cs, &ctx->velems->cb);
   cs_add_bo(&ctx->cs, ctx->velems->fetch_bo);
}

static void r600_set_vertex_buffers(struct pipe_context *pctx, unsigned start, unsigned count,
                                    const struct pipe_vertex_buffer *vbs)
{
   struct r600_context *ctx = r600_context(pctx);
   for (unsigned i = 0; i < count && start + i < R600_MAX_VERTEX_BUFFERS; i++) {
      struct r600_vertex_buffer *dst = &ctx->vb[start + i];
      pipe_resource_reference(&dst->vb.buffer, NULL);
      r600_bo_reference(&dst->bo, NULL);
      memset(&dst->vb, 0, sizeof(dst->vb));
      if (vbs) {
         dst->vb = vbs[i];
         dst->vb.buffer = NULL;
         pipe_resource_reference(&dst->vb.buffer, vbs[i].buffer);
      }
   }
   ctx->num_vb = 0;
   for (unsigned i = 0; i < R600_MAX_VERTEX_BUFFERS; i++) {
      if (ctx->vb[i].vb.buffer || ctx->vb[i].vb.user_buffer)
         ctx->num_vb = i + 1;
   }
   r600_mark_dirty(ctx, R600_ATOM_VERTEX_BUFFERS);
}

/* Bytes of vertex buffer `index` that elements fetching indices up to max_vertex (per
 * vertex) / max_instance divided by their divisor (per instance) read, from the buffer's
 * start. */
static uint64_t bytes_read(const struct r600_vertex_elements *ve, unsigned index, unsigned stride,
                           unsigned max_vertex, unsigned max_instance)
{
   uint64_t end = 0;
   for (unsigned i = 0; i < ve->count; i++) {
      const struct pipe_vertex_element *e = &ve->elements[i];
      if (e->vertex_buffer_index != index)
         continue;
      unsigned last = e->instance_divisor ? max_instance / e->instance_divisor : max_vertex;
      uint64_t e_end = (uint64_t)last * stride + e->src_offset + pipe_format_size(e->src_format);
      if (e_end > end)
         end = e_end;
   }
   return end;
}

/* The largest stride SQ_VTX_CONSTANT_WORD2.STRIDE holds (11 bits). */
#define R600_MAX_VTX_STRIDE (SQ_VTX_CONSTANT_WORD2__STRIDE__mask >> SQ_VTX_CONSTANT_WORD2__STRIDE__shift)

/* Bytes of one vertex of buffer `index` its elements read (from the vertex's start), and
 * in *last the largest vertex / instance index they fetch. */
static unsigned vertex_bytes(const struct r600_vertex_elements *ve, unsigned index,
                             unsigned max_vertex, unsigned max_instance, unsigned *last)
{
   unsigned end = 0;
   *last = 0;
   for (unsigned i = 0; i < ve->count; i++) {
      const struct pipe_vertex_element *e = &ve->elements[i];
      if (e->vertex_buffer_index != index)
         continue;
      unsigned e_end = e->src_offset + pipe_format_size(e->src_format);
      unsigned e_last = e->instance_divisor ? max_instance / e->instance_divisor : max_vertex;
      end = e_end > end ? e_end : end;
      *last = e_last > *last ? e_last : *last;
   }
   return end;
}

/* Strides over R600_MAX_VTX_STRIDE do not fit the fetch constant, and masking them into the
 * field fetches the wrong vertices. As drivers do for layouts the hardware cannot fetch,
 * copy what the elements read of vertices 0..last (src holds src_size bytes) into upload
 * memory at the compact stride `vertex_bytes`: every element keeps its offset within its
 * vertex, so the fetch shader is unchanged. A vertex the source holds only partly is copied
 * as far as it goes, so a fetch past the source's end stays out of bounds as it would have
 * been. Copying from vertex 0 (like user buffers) bounds the work by the source's size. */
static bool repack_vertices(struct r600_context *ctx, struct r600_vertex_buffer *vb,
                            const uint8_t *src, uint64_t src_size, unsigned vertex_bytes,
                            unsigned last)
{
   uint64_t stride = vb->vb.stride;
   uint64_t held = (src_size + stride - 1) / stride;   /* vertices that start in src */
   uint64_t n = (uint64_t)last + 1 < held ? (uint64_t)last + 1 : held;
   if (!n)
      return true;      /* nothing to fetch from: the buffer stays unbound */
   if (vertex_bytes > R600_MAX_VTX_STRIDE) {
      fprintf(stderr, "r600sim: vertex elements %u bytes apart cannot be repacked\n", vertex_bytes);
      return false;
   }
   uint64_t tail = src_size - (n - 1) * stride;
   unsigned last_bytes = tail < vertex_bytes ? (unsigned)tail : vertex_bytes;
   uint64_t size = (n - 1) * vertex_bytes + last_bytes;   /* <= src_size */
   struct pipe_resource *buf;
   unsigned offset;
   uint8_t *dst = r600_upload_alloc(ctx, (unsigned)size, &buf, &offset);
   if (!dst)
      return false;
   for (uint64_t v = 0; v < n; v++)
      memcpy(dst + v * vertex_bytes, src + v * stride, v + 1 < n ? vertex_bytes : last_bytes);
   r600_bo_reference(&vb->bo, r600_resource(buf)->bo);
   vb->offset = offset;
   vb->size = size;
   vb->stride = vertex_bytes;
   return true;
}

bool r600_prepare_vertex_buffers(struct r600_context *ctx, unsigned max_vertex, unsigned max_instance)
{
   const struct r600_vertex_elements *ve = ctx->velems;
   bool per_draw = false;
   for (unsigned i = 0; i < ctx->num_vb; i++)
      per_draw |= (!ctx->vb[i].vb.buffer && ctx->vb[i].vb.user_buffer) ||
                  ctx->vb[i].vb.stride > R600_MAX_VTX_STRIDE;
   /* Buffer objects stay where they are until the bindings change. */
   if (!per_draw && !(ctx->dirty & (1ull << R600_ATOM_VERTEX_BUFFERS)))
      return true;
   for (unsigned i = 0; i < ctx->num_vb; i++) {
      struct r600_vertex_buffer *vb = &ctx->vb[i];
      r600_bo_reference(&vb->bo, NULL);
      vb->offset = vb->size = 0;
      vb->stride = vb->vb.stride;
      if (vb->vb.stride > R600_MAX_VTX_STRIDE && ve) {
         /* The CPU mapping of a buffer holds what the GPU will read: the GPU writes none. */
         const uint8_t *src = NULL;
         uint64_t src_size = 0;
         if (vb->vb.buffer && vb->vb.buffer_offset < vb->vb.buffer->width0) {
            src = r600_resource(vb->vb.buffer)->bo->map + vb->vb.buffer_offset;
            src_size = vb->vb.buffer->width0 - vb->vb.buffer_offset;
         } else if (!vb->vb.buffer && vb->vb.user_buffer) {
            src = (const uint8_t *)vb->vb.user_buffer + vb->vb.buffer_offset;
            src_size = bytes_read(ve, i, vb->vb.stride, max_vertex, max_instance);
         }
         unsigned last;
         unsigned bytes = vertex_bytes(ve, i, max_vertex, max_instance, &last);
         if (src && bytes && !repack_vertices(ctx, vb, src, src_size, bytes, last))
            return false;
      } else if (vb->vb.buffer) {
         struct r600_resource *res = r600_resource(vb->vb.buffer);
         if (vb->vb.buffer_offset < vb->vb.buffer->width0) {
            r600_bo_reference(&vb->bo, res->bo);
            vb->offset = vb->vb.buffer_offset;
            vb->size = vb->vb.buffer->width0 - vb->vb.buffer_offset;
         }
      } else if (vb->vb.user_buffer && ve) {
         uint64_t size = bytes_read(ve, i, vb->vb.stride, max_vertex, max_instance);
         if (!size)
            continue;
         if (size > UINT32_MAX)
            return false;
         struct pipe_resource *buf;
         unsigned offset;
         if (!r600_upload_data(ctx, (const uint8_t *)vb->vb.user_buffer + vb->vb.buffer_offset,
                               (unsigned)size, &buf, &offset))
            return false;
         r600_bo_reference(&vb->bo, r600_resource(buf)->bo);
         vb->offset = offset;
         vb->size = size;
      }
   }
   r600_mark_dirty(ctx, R600_ATOM_VERTEX_BUFFERS);
   return true;
}

void r600_emit_vertex_buffers(struct r600_context *ctx)
{
   for (unsigned i = 0; i < ctx->num_vb; i++) {
      const struct r600_vertex_buffer *vb = &ctx->vb[i];
      uint32_t words[7] = { 0 };
      if (vb->bo) {
         uint64_t va = vb->bo->va + vb->offset;
         cs_add_bo(&ctx->cs, vb->bo);
         words[0] = SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va);
         words[1] = SQ_VTX_CONSTANT_WORD1__SIZE((uint32_t)(vb->size - 1));
         words[2] = SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)) |
                    SQ_VTX_CONSTANT_WORD2__STRIDE(vb->stride);
         words[6] = SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER);
      } else {
         words[6] = SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_INVALID_BUFFER);
      }
      cs_set_resource(&ctx->cs, R600_FS_RESOURCE_BASE + i, words);
   }
}

void r600_release_vertex_buffers(struct r600_context *ctx)
{
   for (unsigned i = 0; i < R600_MAX_VERTEX_BUFFERS; i++) {
      pipe_resource_reference(&ctx->vb[i].vb.buffer, NULL);
      r600_bo_reference(&ctx->vb[i].bo, NULL);
   }
}

void r600_init_vertex_functions(struct r600_context *ctx)
{
   ctx->base.create_vertex_elements_state = r600_create_vertex_elements;
   ctx->base.bind_vertex_elements_state = r600_bind_vertex_elements;
   ctx->base.delete_vertex_elements_state = r600_delete_vertex_elements;
   ctx->base.set_vertex_buffers = r600_set_vertex_buffers;
}
