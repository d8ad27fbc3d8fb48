/* The GPU watchdog (include/r600sim/gpu.h, R600SIM_GPU_TIMEOUT): a submission with a draw
 * that would run for hours (billions of vertices times billions of instances) is stopped
 * at that draw, reported as a hang fault of that packet, the rest of it (a later draw, a
 * memory write) is skipped, its fence signals, and the next submission draws normally.
 * One hang is bound by vertices (degenerate triangles), one by pixels (full-target
 * rectangles). The shader engines are the test double of sim_fake_engine.c. Also how
 * R600SIM_GPU_TIMEOUT is read. */
#include <stdlib.h>
#include <string.h>

#include "common/watchdog.h"
#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "sim_fake_engine.h"

#define W 64
#define H 64
#define TIMEOUT_MS "200"
#define MARKER 0x600DF00Du

static struct r600_gpu *gpu;
static uint64_t cb_va, vs_va, ps_va, pos_va, col_va, marker_va;
static uint32_t *cb, *marker;
static float *pos, *col;
static unsigned fault_mark;

static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };

static void emit_state(struct ib *ib)
{
   pm4p_emit_raster(ib, W, H);
   pm4p_emit_cb_rgba8(ib, cb_va, W, H);
   pm4p_emit_shaders(ib, vs_va, ps_va, true);
}

/* DRAW_INDEX_AUTO of `count` vertices of `prim`, `instances` times, vertex ids clamped to
 * max_index; returns the dword offset of the draw packet. */
static unsigned draw(struct ib *ib, unsigned prim, uint32_t count, uint32_t instances,
                     uint32_t max_index)
{
   ib_ctx(ib, REG_VGT_MAX_VTX_INDX, max_index);
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_NUM_INSTANCES, 1));
   ib_put(ib, instances);
   ib_cfg(ib, REG_VGT_PRIMITIVE_TYPE, prim);
   unsigned at = ib->n;
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2));
   ib_put(ib, count);
   ib_put(ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
   return at;
}

/* A rectangle of colour c over pixels [x0, x1) x [y0, y1) (RECTLIST vertices 0..2). */
static void set_rect(int x0, int y0, int x1, int y1, const float c[4])
{
   pm4p_set_vertex(pos, col, W, H, 0, x0 * 256, y0 * 256, 0.0f, 1.0f, c);
   pm4p_set_vertex(pos, col, W, H, 1, x0 * 256, y1 * 256, 0.0f, 1.0f, c);
   pm4p_set_vertex(pos, col, W, H, 2, x1 * 256, y0 * 256, 0.0f, 1.0f, c);
}

static void mem_write(struct ib *ib, uint32_t value)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_MEM_WRITE, 4));
   ib_put(ib, (uint32_t)marker_va);
   ib_put(ib, PM4_MEM_WRITE__ADDRESS_HI((uint32_t)(marker_va >> 32)) | PM4_MEM_WRITE__DATA32(1));
   ib_put(ib, value);
   ib_put(ib, 0);
}

/* Pixels that are not c inside [x0, x1) x [y0, y1) or not 0 outside. */
static unsigned wrong_pixels(int x0, int y0, int x1, int y1, const float c[4])
{
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
         bad += cb[y * W + x] != (in ? pm4p_rgba(c) : 0u);
      }
   return bad;
}

/* Submits a hang: state, the endless draw of `prim` with vertex ids clamped to max_index,
 * then a green rectangle and the marker write that must be skipped. Checks the report. */
static void hang(const char *what, unsigned prim, uint32_t count, uint32_t max_index)
{
   static struct ib ib;
   ib.n = 0;
   emit_state(&ib);
   unsigned at = draw(&ib, prim, count, 0xFFFFFFFFu, max_index);
   draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3, 1, 0xFFFFFFFFu);
   mem_write(&ib, MARKER);
   uint64_t hangs_before = r600_gpu_hangs(gpu, NULL, 0);
   memset(cb, 0, W * H * 4);
   *marker = 0;

   uint64_t seq = r600_gpu_submit(gpu, ib.dw, ib.n);
   r600_gpu_wait(gpu, seq);   /* returns: the fence signals */

   struct r600_gpu_fault f;
   unsigned total = r600_gpu_faults(gpu, &f, 1);
   CHECK(total == fault_mark + 1, "%s: %u faults, want 1", what, total - fault_mark);
   fault_mark = total;
   CHECK(f.seq == seq && f.dword == at && strstr(f.message, "GPU hang"),
         "%s: fault of submission %llu at dword %u \"%s\", want the hang of %llu at %u", what,
         (unsigned long long)f.seq, f.dword, f.message, (unsigned long long)seq, at);
   uint64_t hung;
   unsigned hangs = r600_gpu_hangs(gpu, &hung, 1);
   CHECK(hangs == hangs_before + 1 && hung == seq, "%s: %u hangs (last %llu), want %llu (%llu)",
         what, hangs, (unsigned long long)hung, (unsigned long long)hangs_before + 1,
         (unsigned long long)seq);
   CHECK(*marker == 0, "%s: the memory write after the hung draw executed", what);
   if (prim == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST) {
      unsigned bad = wrong_pixels(0, 0, 0, 0, green);
      CHECK(bad == 0, "%s: %u pixels drawn (the draw after the hung one ran)", what, bad);
   }
}

/* The next submission executes normally: a green rectangle and the marker. */
static void after_hang(const char *what)
{
   static struct ib ib;
   ib.n = 0;
   emit_state(&ib);
   draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3, 1, 0xFFFFFFFFu);
   mem_write(&ib, MARKER);
   memset(cb, 0, W * H * 4);
   unsigned hangs = r600_gpu_hangs(gpu, NULL, 0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = wrong_pixels(8, 4, 40, 30, green);
   CHECK(pm4p_new_faults(gpu, &fault_mark) == 0 && r600_gpu_hangs(gpu, NULL, 0) == hangs,
         "%s: the next submission faulted or hung", what);
   CHECK(bad == 0 && *marker == MARKER, "%s: next submission: %u wrong pixels, marker 0x%08X",
         what, bad, *marker);
}

/* R600SIM_GPU_TIMEOUT: milliseconds, 0 = off, the default when unset or not a number. */
static void test_timeout_env(void)
{
   static const struct { const char *value; unsigned ms; } cases[] = {
      { NULL, 10000 }, { "", 10000 }, { "0", 0 }, { "250", 250 }, { "-5", 10000 },
      { "12abc", 10000 }, { "99999999999", 10000 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (cases[i].value)
         setenv("R600SIM_GPU_TIMEOUT", cases[i].value, 1);
      else
         unsetenv("R600SIM_GPU_TIMEOUT");
      unsigned ms = sim_watchdog_timeout_ms_from_env();
      CHECK(ms == cases[i].ms, "R600SIM_GPU_TIMEOUT=%s: %u ms, want %u",
            cases[i].value ? cases[i].value : "(unset)", ms, cases[i].ms);
   }
}

int main(void)
{
   test_timeout_env();
   setenv("R600SIM_GPU_TIMEOUT", TIMEOUT_MS, 1);
   gpu = r600_gpu_create(HW_CHIP_R7XX);
   cb = pm4p_alloc(gpu, W * H * 4, &cb_va);
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, 256, &pos_va);
   col = pm4p_alloc(gpu, 256, &col_va);
   marker = pm4p_alloc(gpu, 256, &marker_va);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 0, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, 0, pos_va, col_va, 0.0f);
   set_rect(8, 4, 40, 30, green);

   /* Vertex-bound: 3 * 2^30 vertices, every id clamped to 0 (degenerate triangles), in
    * 2^32 - 1 instances. */
   hang("vertex-bound hang", VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 0xC0000000u, 0);
   after_hang("after the vertex-bound hang");
   /* Pixel-bound: the rectangle (ids 0..2), 2^32 - 1 instances. */
   set_rect(0, 0, W, H, red);
   hang("pixel-bound hang", VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3, 0xFFFFFFFFu);
   set_rect(8, 4, 40, 30, green);
   after_hang("after the pixel-bound hang");

   r600_gpu_destroy(gpu);
   return check_report();
}
