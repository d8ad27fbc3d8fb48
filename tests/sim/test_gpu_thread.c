/* The GPU thread and the raster workers, at the hardware boundary (include/r600sim/gpu.h),
 * with the fake shader engines (sim_fake_engine.c):
 *  - fences: more submissions than the queue holds, without waiting, execute in order
 *    (MEM_WRITEs land, the last write to an address wins), sequence numbers count up, a
 *    wait for a number never handed out returns; three threads submitting at once;
 *  - faults raised on the GPU thread (bad opcode, NULL command buffer, a pixel-shader fault
 *    in the middle of a binned draw) are recorded with their submission and dword once the
 *    submission has completed, exactly once per faulting draw, and what follows executes;
 *  - the same random scene (overlapping triangles, depth test, blending, interpolated
 *    colours, early and late Z, a 190x136 scissor: partial tiles, primitives across tiles)
 *    gives byte-identical colour and depth buffers with R600SIM_NUM_THREADS = 1, 2, 3 and 4
 *    and with R600SIM_SYNC=1; each device is created after setting the variables.
 * Prints "N passed, M failed". */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "sim_fake_engine.h"

#define W 190             /* drawn width (scissor) */
#define H 136
#define PITCH 200         /* surface width, a multiple of 8 */
#define NTRIS 400

static unsigned fault_mark;

/* ---- fences and queue ------------------------------------------------------------- */

static void mem_write(struct ib *ib, uint64_t va, uint32_t value)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_MEM_WRITE, 4));
   ib_put(ib, (uint32_t)va);
   ib_put(ib, (uint32_t)(va >> 32) | 1u << 18);   /* DATA32 */
   ib_put(ib, value);
   ib_put(ib, 0);
}

static void test_fences(struct r600_gpu *gpu)
{
   uint64_t va = r600_gpu_alloc(gpu, 4096, 256);
   uint32_t *m = r600_gpu_map(gpu, va);
   const unsigned n = 100;   /* more than the queue holds */
   uint64_t seq[100];
   for (unsigned i = 0; i < n; i++) {
      struct ib ib = { .n = 0 };
      mem_write(&ib, va + 4 * i, 1000 + i);
      mem_write(&ib, va + 4 * 1000, i);   /* the same address every time */
      seq[i] = r600_gpu_submit(gpu, ib.dw, ib.n);
   }
   bool counting = true;
   for (unsigned i = 1; i < n; i++)
      counting &= seq[i] == seq[i - 1] + 1;
   CHECK(counting && seq[0] > 0, "sequence numbers count up from %llu",
         (unsigned long long)seq[0]);
   /* A submission the caller waits for at once (R600_GPU_WAIT, glFinish) executes after the
    * queued ones (its WAIT_REG_MEM would fault otherwise) and has executed on return. */
   struct ib last = { .n = 0 };
   ib_put(&last, PM4_TYPE3_HDR(PM4_IT_WAIT_REG_MEM, 6));
   ib_put(&last, 3u | (1u << 4));   /* =, memory */
   ib_put(&last, (uint32_t)(va + 4 * 1000));
   ib_put(&last, (uint32_t)((va + 4 * 1000) >> 32));
   ib_put(&last, n - 1);
   ib_put(&last, 0xFFFFFFFF);
   ib_put(&last, 10);
   mem_write(&last, va + 4 * 1001, 7);
   uint64_t waited = r600_gpu_submit_flags(gpu, last.dw, last.n, R600_GPU_WAIT);
   CHECK(waited == seq[n - 1] + 1, "R600_GPU_WAIT submission numbered after the queue");
   CHECK(r600_gpu_completed(gpu) == waited && m[1001] == 7,
         "R600_GPU_WAIT submission executed on return");
   r600_gpu_wait(gpu, seq[n - 1]);
   CHECK(r600_gpu_completed(gpu) == waited, "completed = the last submission");
   unsigned wrong = 0;
   for (unsigned i = 0; i < n; i++)
      wrong += m[i] != 1000 + i;
   CHECK(wrong == 0, "%u of %u queued MEM_WRITEs missing", wrong, n);
   CHECK(m[1000] == n - 1, "the last write wins: %u", m[1000]);
   r600_gpu_wait(gpu, waited + 1000);   /* never handed out: must return */
   CHECK(r600_gpu_completed(gpu) == waited, "waiting for a future number returns");
   CHECK(pm4p_new_faults(gpu, &fault_mark) == 0, "no faults");
   r600_gpu_free(gpu, va);
}

/* Several application threads submitting at once (the queue or, synchronously, the
 * execution lock orders them): every write lands, every sequence number is distinct. */
struct submitter {
   struct r600_gpu *gpu;
   uint64_t va;
   unsigned index;
   uint64_t seq[200];
};

static void *submit_many(void *p)
{
   struct submitter *t = p;
   for (unsigned i = 0; i < 200; i++) {
      struct ib ib = { .n = 0 };
      mem_write(&ib, t->va + 4 * (200 * t->index + i), 1 + i);
      t->seq[i] = r600_gpu_submit(t->gpu, ib.dw, ib.n);
   }
   return NULL;
}

static void test_concurrent_submitters(struct r600_gpu *gpu)
{
   uint64_t va = r600_gpu_alloc(gpu, 4 * 200 * 3, 256);
   uint32_t *m = r600_gpu_map(gpu, va);
   struct submitter t[3];
   pthread_t threads[3];
   unsigned started = 0;
   for (unsigned i = 0; i < 3; i++) {
      t[i] = (struct submitter){ .gpu = gpu, .va = va, .index = i };
      started += pthread_create(&threads[i], NULL, submit_many, &t[i]) == 0;
   }
   CHECK(started == 3, "3 submitting threads started");
   uint64_t last = 0;
   for (unsigned i = 0; i < started; i++) {
      pthread_join(threads[i], NULL);
      last = t[i].seq[199] > last ? t[i].seq[199] : last;
   }
   r600_gpu_wait(gpu, last);
   unsigned wrong = 0, dup = 0;
   for (unsigned i = 0; i < 3 * 200; i++)
      wrong += m[i] != 1 + i % 200;
   for (unsigned a = 0; a < 3; a++)
      for (unsigned b = a + 1; b < 3; b++)
         for (unsigned i = 0; i < 200; i++)
            for (unsigned j = 0; j < 200; j++)
               dup += t[a].seq[i] == t[b].seq[j];
   CHECK(wrong == 0 && dup == 0, "concurrent submitters: %u writes missing, %u shared numbers",
         wrong, dup);
   r600_gpu_free(gpu, va);
}

static void test_faults(struct r600_gpu *gpu)
{
   uint64_t va = r600_gpu_alloc(gpu, 256, 256);
   uint32_t *m = r600_gpu_map(gpu, va);
   struct ib bad = { .n = 0 };
   mem_write(&bad, va, 1);
   ib_put(&bad, PM4_TYPE3_HDR(0xFD, 1));   /* unknown opcode at dword 5 */
   ib_put(&bad, 0);
   mem_write(&bad, va + 4, 2);             /* still executed */
   uint64_t s1 = r600_gpu_submit(gpu, bad.dw, bad.n);
   uint64_t s2 = r600_gpu_submit(gpu, NULL, 3);
   struct ib good = { .n = 0 };
   mem_write(&good, va + 8, 3);
   uint64_t s3 = r600_gpu_submit(gpu, good.dw, good.n);
   r600_gpu_wait(gpu, s3);
   struct r600_gpu_fault f[2];
   unsigned total = r600_gpu_faults(gpu, f, 2);
   CHECK(total - fault_mark == 2, "2 faults, got %u", total - fault_mark);
   fault_mark = total;
   CHECK(f[0].seq == s1 && f[0].dword == 5 && strstr(f[0].message, "0xFD"),
         "bad opcode fault: seq %llu dword %u: %s", (unsigned long long)f[0].seq, f[0].dword,
         f[0].message);
   CHECK(f[1].seq == s2 && strstr(f[1].message, "NULL"), "NULL command buffer fault: %s",
         f[1].message);
   CHECK(m[0] == 1 && m[1] == 2 && m[2] == 3, "work around the faults executed: %u %u %u", m[0],
         m[1], m[2]);
   r600_gpu_free(gpu, va);
}

/* ---- drawing ----------------------------------------------------------------------- */

struct target {
   uint64_t cb_va, db_va, vs_va, ps_va, pos_va, col_va;
   uint32_t *cb, *db;
   float *pos, *col;
};

static void target_init(struct r600_gpu *gpu, struct target *t, unsigned nverts)
{
   t->cb = pm4p_alloc(gpu, 4ull * PITCH * H, &t->cb_va);
   t->db = pm4p_alloc(gpu, 4ull * PITCH * H, &t->db_va);
   t->pos = pm4p_alloc(gpu, 16ull * nverts, &t->pos_va);
   t->col = pm4p_alloc(gpu, 16ull * nverts, &t->col_va);
   pm4p_alloc(gpu, 256, &t->vs_va);
   pm4p_alloc(gpu, 256, &t->ps_va);
   pm4p_write_program(gpu, t->vs_va, FAKE_VS, 0, t->pos_va, t->col_va, 0.0f);
}

static void target_fini(struct r600_gpu *gpu, struct target *t)
{
   const uint64_t vas[] = { t->cb_va, t->db_va, t->pos_va, t->col_va, t->vs_va, t->ps_va };
   for (unsigned i = 0; i < 6; i++)
      r600_gpu_free(gpu, vas[i]);
}

static void emit_target(struct ib *ib, const struct target *t)
{
   pm4p_emit_raster(ib, PITCH, H);
   pm4p_emit_cb_rgba8(ib, t->cb_va, PITCH, H);
   pm4p_emit_db(ib, t->db_va, PITCH, H, DB_DEPTH_INFO__FORMAT__DEPTH_X8_24);
   pm4p_emit_shaders(ib, t->vs_va, t->ps_va, false);
   /* The viewport and scissors cover W x H of the PITCH-wide surfaces. */
   ib_ctx(ib, REG_PA_SC_VPORT_SCISSOR_0_BR,
          PA_SC_VPORT_SCISSOR_0_BR__BR_X(W) | PA_SC_VPORT_SCISSOR_0_BR__BR_Y(H));
}

/* A PS that faults where red is exactly 1: a full-target quad, red 1 in its lower right
 * part (across several tiles), then a second draw in the same submission. */
static void test_ps_fault(struct r600_gpu *gpu, unsigned threads)
{
   struct target t;
   target_init(gpu, &t, 6);
   pm4p_write_program(gpu, t.ps_va, FAKE_PS, 16, t.pos_va, t.col_va, 0.0f);
   const float red[4] = { 1, 0, 0, 1 }, dark[4] = { 0.25f, 0, 0, 1 };
   /* Triangle 0: the upper left half (red 0.25); triangle 1: the lower right (red 1). */
   pm4p_set_vertex(t.pos, t.col, PITCH, H, 0, 0, 0, 0.5f, 1.0f, dark);
   pm4p_set_vertex(t.pos, t.col, PITCH, H, 1, 256 * W, 0, 0.5f, 1.0f, dark);
   pm4p_set_vertex(t.pos, t.col, PITCH, H, 2, 0, 256 * H, 0.5f, 1.0f, dark);
   pm4p_set_vertex(t.pos, t.col, PITCH, H, 3, 256 * W, 0, 0.5f, 1.0f, red);
   pm4p_set_vertex(t.pos, t.col, PITCH, H, 4, 256 * W, 256 * H, 0.5f, 1.0f, red);
   pm4p_set_vertex(t.pos, t.col, PITCH, H, 5, 0, 256 * H, 0.5f, 1.0f, red);

   struct ib ib = { .n = 0 };
   emit_target(&ib, &t);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 6);
   unsigned second_draw = ib.n;
   /* The next draw (the first triangle only) goes on after the faulting one. */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2));
   ib_put(&ib, 3);
   ib_put(&ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
   memset(t.cb, 0, 4ull * PITCH * H);
   uint64_t seq = r600_gpu_submit(gpu, ib.dw, ib.n);
   r600_gpu_wait(gpu, seq);

   struct r600_gpu_fault f;
   unsigned total = r600_gpu_faults(gpu, &f, 1);
   CHECK(total - fault_mark == 1, "%u threads: one fault for the faulting draw, got %u", threads,
         total - fault_mark);
   fault_mark = total;
   CHECK(f.seq == seq && f.dword < second_draw && strstr(f.message, "red is 1.0"),
         "%u threads: PS fault record: seq %llu dword %u: %s", threads,
         (unsigned long long)f.seq, f.dword, f.message);
   /* The second draw wrote the upper left triangle: pixel (1, 1) is red 0x40. */
   CHECK(t.cb[PITCH + 1] == 0xFF000040, "%u threads: the draw after the fault ran: %08X",
         threads, t.cb[PITCH + 1]);
   target_fini(gpu, &t);
}

/* The random scene; returns the colour and depth buffers in `image` (2 * PITCH * H). */
static void render_scene(struct r600_gpu *gpu, uint32_t *image)
{
   struct target t;
   target_init(gpu, &t, 3 * NTRIS);
   pm4p_write_program(gpu, t.ps_va, FAKE_PS, 0, t.pos_va, t.col_va, 0.0f);
   uint64_t rng = 0x9E3779B97F4A7C15ull;
   for (unsigned i = 0; i < NTRIS; i++) {
      /* Sizes from a few pixels to the whole target, some outside it (clipped). */
      int64_t size = 256 * (4 + pm4p_xorshift(&rng) % (i % 10 == 0 ? 240 : 40));
      int64_t cx = (int64_t)(pm4p_xorshift(&rng) % (256 * (W + 40))) - 256 * 20;
      int64_t cy = (int64_t)(pm4p_xorshift(&rng) % (256 * (H + 40))) - 256 * 20;
      for (unsigned k = 0; k < 3; k++) {
         float c[4];
         for (unsigned j = 0; j < 4; j++)
            c[j] = (float)(pm4p_xorshift(&rng) % 1001) / 1000.0f;
         int64_t x = cx + (int64_t)(pm4p_xorshift(&rng) % (uint32_t)size) - size / 2;
         int64_t y = cy + (int64_t)(pm4p_xorshift(&rng) % (uint32_t)size) - size / 2;
         float z = (float)(pm4p_xorshift(&rng) % 2001) / 1000.0f - 1.0f;
         float w = 0.5f + (float)(pm4p_xorshift(&rng) % 100) / 50.0f;   /* perspective */
         pm4p_set_vertex(t.pos, t.col, PITCH, H, 3 * i + k, x, y, z, w, c);
      }
   }
   for (unsigned i = 0; i < PITCH * H; i++) {
      t.cb[i] = 0xFF202020;
      t.db[i] = 0xFFFFFF;
   }
   struct ib ib = { .n = 0 };
   emit_target(&ib, &t);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, DB_DEPTH_CONTROL__Z_ENABLE(1) |
                                     DB_DEPTH_CONTROL__Z_WRITE_ENABLE(1) |
                                     DB_DEPTH_CONTROL__ZFUNC(DB_DEPTH_CONTROL__ZFUNC__FRAG_LEQUAL));
   ib_ctx(&ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC) |
                                     CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(1));
   ib_ctx(&ib, REG_CB_BLEND_CONTROL,
          CB_BLEND_CONTROL__COLOR_SRCBLEND(CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA) |
          CB_BLEND_CONTROL__COLOR_DESTBLEND(CB_BLEND_CONTROL__COLOR_DESTBLEND__BLEND_ONE_MINUS_SRC_ALPHA) |
          CB_BLEND_CONTROL__COLOR_COMB_FCN(CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_PLUS_SRC));
   ib_ctx(&ib, REG_DB_SHADER_CONTROL,
          DB_SHADER_CONTROL__Z_ORDER(DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z));
   /* Two blended draws, whose colours depend on the order of the triangles per pixel:
    * the first half of the triangles with the depth test (LEQUAL, early Z), the second
    * half over them without it (late Z, no depth test). */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2));
   ib_put(&ib, 3 * (NTRIS / 2));
   ib_put(&ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
   ib_ctx(&ib, REG_VGT_INDX_OFFSET, 3 * (NTRIS / 2));
   ib_ctx(&ib, REG_DB_SHADER_CONTROL, 0);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, 0);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2));
   ib_put(&ib, 3 * (NTRIS - NTRIS / 2));
   ib_put(&ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(pm4p_new_faults(gpu, &fault_mark) == 0, "scene: no faults");
   memcpy(image, t.cb, 4ull * PITCH * H);
   memcpy(image + PITCH * H, t.db, 4ull * PITCH * H);
   target_fini(gpu, &t);
}

/* A device made with the given R600SIM_NUM_THREADS and R600SIM_SYNC. */
static struct r600_gpu *make_gpu(unsigned threads, bool sync)
{
   char n[16];
   snprintf(n, sizeof(n), "%u", threads);
   setenv("R600SIM_NUM_THREADS", n, 1);
   setenv("R600SIM_SYNC", sync ? "1" : "0", 1);
   fault_mark = 0;
   return r600_gpu_create(HW_CHIP_R7XX);
}

int main(void)
{
   static uint32_t reference[2 * PITCH * H], image[2 * PITCH * H];
   struct { unsigned threads; bool sync; } configs[] = {
      { 1, true }, { 1, false }, { 2, false }, { 3, false }, { 4, false }, { 4, true },
   };
   for (unsigned c = 0; c < sizeof(configs) / sizeof(configs[0]); c++) {
      struct r600_gpu *gpu = make_gpu(configs[c].threads, configs[c].sync);
      CHECK(gpu != NULL, "device with %u threads", configs[c].threads);
      if (!gpu)
         continue;
      test_fences(gpu);
      test_concurrent_submitters(gpu);
      test_faults(gpu);
      test_ps_fault(gpu, configs[c].threads);
      render_scene(gpu, c == 0 ? reference : image);
      if (c == 0) {
         /* The scene is not trivial: many colours and depths survive. */
         unsigned changed = 0, distinct = 0;
         for (unsigned i = 0; i < PITCH * H; i++) {
            changed += (i % PITCH) < W && reference[i] != 0xFF202020;
            distinct += i > 0 && reference[i] != reference[i - 1];
         }
         CHECK(changed > W * H * 3 / 4 && distinct > W * H / 4,
               "reference scene: %u pixels drawn, %u colour changes", changed, distinct);
      } else {
         unsigned diff = 0;
         for (unsigned i = 0; i < 2 * PITCH * H; i++)
            diff += image[i] != reference[i];
         CHECK(diff == 0, "%u threads%s: %u of %u colour/depth words differ from 1 thread, sync",
               configs[c].threads, configs[c].sync ? ", sync" : "", diff, 2 * PITCH * H);
      }
      r600_gpu_destroy(gpu);
   }
   return check_report();
}
