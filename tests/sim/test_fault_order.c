/* Fault records keep the order of the packets that caused them while the pixels of draws
 * wait in the bins (draw.c): one command buffer with a draw whose pixel shader faults, a
 * draw whose vertex shader faults and a packet the CP does not know gives, at 1, 2 and 4
 * raster threads, the same three records in that order, each with its packet's offset
 * (counted here while the stream is built). Within one draw too: a pixel-shader fault at
 * its first triangle stops the draw before a vertex shader fault in a later batch of
 * vertices, as with one thread, where the triangle is drawn before the next batch is
 * shaded (with raster workers its pixels are still binned then). The shader engines are the
 * test double of sim_fake_engine.c. */
#include <stdlib.h>
#include <string.h>

#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "sim_fake_engine.h"

#define W 128
#define H 96
#define FAKE_PS_FAULT_ON_RED_ONE 16   /* sim_fake_engine.c: PS flag bit 4 */

static void run(const char *threads)
{
   setenv("R600SIM_NUM_THREADS", threads, 1);
   struct r600_gpu *gpu = r600_gpu_create(HW_CHIP_R7XX);
   CHECK(gpu != NULL, "%s threads: device", threads);
   if (!gpu)
      return;
   uint64_t cb_va, vs_va, vs_bad_va, ps_va, pos_va, col_va;
   pm4p_alloc(gpu, W * H * 4, &cb_va);
   pm4p_alloc(gpu, 64, &vs_va);
   pm4p_alloc(gpu, 64, &vs_bad_va);
   pm4p_alloc(gpu, 64, &ps_va);
   float *pos = pm4p_alloc(gpu, 3 * 16, &pos_va);   /* exactly three vertices */
   float *col = pm4p_alloc(gpu, 3 * 16, &col_va);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 0, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, vs_bad_va, FAKE_VS, 0, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, FAKE_PS_FAULT_ON_RED_ONE, 0, 0, 0.0f);
   const float red[4] = { 1, 0, 0, 1 };
   const int64_t corner[3][2] = { { 0, 0 }, { 2 * W * 256, 0 }, { 0, 2 * H * 256 } };
   for (unsigned v = 0; v < 3; v++)
      pm4p_set_vertex(pos, col, W, H, v, corner[v][0], corner[v][1], 0.0f, 1.0f, red);

   static struct ib ib;
   ib.n = 0;
   pm4p_emit_raster(&ib, W, H);
   pm4p_emit_cb_rgba8(&ib, cb_va, W, H);
   pm4p_emit_shaders(&ib, vs_va, ps_va, true);   /* flat: red is exactly 1.0 */
   ib_cfg(&ib, REG_VGT_PRIMITIVE_TYPE, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   unsigned ps_draw = ib.n - 3;                  /* the DRAW_INDEX_AUTO packet */
   ib_ctx(&ib, REG_SQ_PGM_START_VS, (uint32_t)(vs_bad_va >> 8));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 6);
   unsigned vs_draw = ib.n - 3;                  /* vertices 3-5 are past the arrays */
   unsigned unknown = ib.n;
   ib_put(&ib, PM4_TYPE3_HDR(0x7E, 1));          /* an opcode no chip has */
   ib_put(&ib, 0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));

   struct r600_gpu_fault f[4];
   unsigned n = r600_gpu_faults(gpu, f, 4);
   CHECK(n == 3, "%s threads: %u faults, expected 3", threads, n);
   const unsigned want_dword[3] = { ps_draw, vs_draw, unknown };
   const char *const want_text[3] = { "pixel shader", "vertex shader", "opcode" };
   for (unsigned i = 0; i < 3 && i < n; i++) {
      CHECK(f[i].dword == want_dword[i] && strstr(f[i].message, want_text[i]),
            "%s threads: fault %u at dword %u (%s), expected dword %u (%s)", threads, i,
            f[i].dword, f[i].message, want_dword[i], want_text[i]);
   }
   r600_gpu_destroy(gpu);
}

#define BATCH_TRIS 64   /* draw.c shades the vertices of this many triangles at a time */

/* One draw of BATCH_TRIS + 1 triangles covering the target whose arrays hold the first
 * batch's vertices only (the last triangle of the batch red, the others green), then an
 * unknown packet. With a PS that faults on red: that fault (at the draw) and the packet's,
 * never the VS fault of the second batch; with a PS that does not: the VS fault and the
 * packet's. (The red triangle comes last so that with raster workers it is likely still
 * binned when the second batch is shaded.) */
static void run_in_draw(const char *threads, bool ps_faults)
{
   setenv("R600SIM_NUM_THREADS", threads, 1);
   struct r600_gpu *gpu = r600_gpu_create(HW_CHIP_R7XX);
   CHECK(gpu != NULL, "%s threads: device", threads);
   if (!gpu)
      return;
   const unsigned nverts = 3 * BATCH_TRIS;
   uint64_t cb_va, vs_va, ps_va, pos_va, col_va;
   pm4p_alloc(gpu, W * H * 4, &cb_va);
   pm4p_alloc(gpu, 64, &vs_va);
   pm4p_alloc(gpu, 64, &ps_va);
   float *pos = pm4p_alloc(gpu, 16 * nverts, &pos_va);
   float *col = pm4p_alloc(gpu, 16 * nverts, &col_va);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 0, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, ps_faults ? FAKE_PS_FAULT_ON_RED_ONE : 0, 0, 0, 0.0f);
   const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
   const int64_t corner[3][2] = { { 0, 0 }, { 2 * W * 256, 0 }, { 0, 2 * H * 256 } };
   for (unsigned v = 0; v < nverts; v++)
      pm4p_set_vertex(pos, col, W, H, v, corner[v % 3][0], corner[v % 3][1], 0.0f, 1.0f,
                      v >= nverts - 3 ? red : green);

   static struct ib ib;
   ib.n = 0;
   pm4p_emit_raster(&ib, W, H);
   pm4p_emit_cb_rgba8(&ib, cb_va, W, H);
   pm4p_emit_shaders(&ib, vs_va, ps_va, true);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, nverts + 3);
   unsigned draw = ib.n - 3;
   unsigned unknown = ib.n;
   ib_put(&ib, PM4_TYPE3_HDR(0x7E, 1));
   ib_put(&ib, 0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));

   struct r600_gpu_fault f[3];
   unsigned n = r600_gpu_faults(gpu, f, 3);
   CHECK(n == 2, "%s threads, PS %s: %u faults, expected 2", threads,
         ps_faults ? "faulting" : "fine", n);
   const char *first = ps_faults ? "pixel shader" : "vertex shader";
   if (n >= 2) {
      CHECK(f[0].dword == draw && strstr(f[0].message, first),
            "%s threads: first fault at dword %u (%s), expected dword %u (%s)", threads,
            f[0].dword, f[0].message, draw, first);
      CHECK(f[1].dword == unknown && strstr(f[1].message, "opcode"),
            "%s threads: second fault at dword %u (%s), expected the unknown packet", threads,
            f[1].dword, f[1].message);
   }
   r600_gpu_destroy(gpu);
}

int main(void)
{
   const char *const threads[] = { "1", "2", "4" };
   for (unsigned i = 0; i < 3; i++) {
      run(threads[i]);
      run_in_draw(threads[i], true);
      run_in_draw(threads[i], false);
   }
   return check_report();
}
