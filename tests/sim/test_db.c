/* The DB (depth/stencil block) through real PM4 streams, with the fake shader engine
 * (sim_fake_engine.c: the VS reads clip positions and colours by vertex id, the PS exports
 * its interpolated colour, optionally kills red == 0 lanes or exports depth = green).
 *
 * Every expectation is computed here from the documented rules, not from the simulator's
 * code: the 1D-tiled surface layout and pixel formats of db.h, the depth plane
 * z0 + (E1 (z1 - z0) + E2 (z2 - z0)) / A at pixel centres and the round-half-even unorm
 * conversion of db.c, the polygon offset of pa.c (SCALE / 16 * max slope + OFFSET *
 * 2^NEG_NUM_DB_BITS, exponent-based for float), and GL's stencil/depth rules. Depth memory
 * is filled and checked byte for byte through the test's own layout function.
 */
#include <math.h>
#include <stdlib.h>

#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"
#include "sim_fake_engine.h"

#define W 64
#define H 64
#define MAX_VERTS 256
#define DB_BYTES (2 * W * H * 8)   /* two slices of the widest format */

static struct r600_gpu *gpu;
static uint64_t cb_va, db_va, vs_va, ps_va, pos_va, col_va;
static uint32_t *cb;
static uint8_t *dbm;
static float *pos, *col;
static unsigned fault_mark;

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

static uint64_t rng = 0x1234567887654321ull;
static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

static void write_program(uint64_t va, uint32_t kind, uint32_t flags)
{
   pm4p_write_program(gpu, va, kind, flags, pos_va, col_va, 0.0f);
}

/* ---- the depth surface as db.h documents it ---- */

enum fmt { F16, FX8_24, F8_24, F32, FX24_8_32, NUM_FMTS };
static const unsigned fmt_code[NUM_FMTS] = {
   DB_DEPTH_INFO__FORMAT__DEPTH_16, DB_DEPTH_INFO__FORMAT__DEPTH_X8_24,
   DB_DEPTH_INFO__FORMAT__DEPTH_8_24, DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT,
   DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT,
};
static const unsigned fmt_bpp[NUM_FMTS] = { 2, 4, 4, 4, 8 };
static const char *const fmt_name[NUM_FMTS] = { "DEPTH_16", "DEPTH_X8_24", "DEPTH_8_24",
                                                "DEPTH_32_FLOAT", "DEPTH_X24_8_32_FLOAT" };

/* Byte offset of pixel (x, y): 8x8 tiles row-major, pixels row-major inside a tile. */
static size_t pixel_offset(enum fmt f, unsigned pitch, unsigned x, unsigned y)
{
   size_t tile = (size_t)(y / 8) * (pitch / 8) + x / 8;
   return (tile * 64 + (y % 8) * 8 + x % 8) * fmt_bpp[f];
}

static uint8_t *pixel(enum fmt f, unsigned x, unsigned y)
{
   return dbm + pixel_offset(f, W, x, y);
}

static uint32_t rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static void wr32(uint8_t *p, uint32_t v)
{
   memcpy(p, &v, 4);
}

static uint32_t float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* The stored depth value of z (window depth after offset and clamp) in format f. */
static uint32_t encode(enum fmt f, double z)
{
   if (f == F32 || f == FX24_8_32)
      return float_bits((float)z);
   double max = f == F16 ? 65535.0 : 16777215.0;
   double c = isnan(z) ? 0.0 : fmin(fmax(z, 0.0), 1.0);
   return (uint32_t)nearbyint(c * max);   /* default rounding: to nearest, ties to even */
}

static uint32_t get_depth(enum fmt f, unsigned x, unsigned y)
{
   const uint8_t *p = pixel(f, x, y);
   switch (f) {
   case F16: return (uint32_t)p[0] | (uint32_t)p[1] << 8;
   case FX8_24: case F8_24: return rd32(p) & 0xFFFFFF;
   default: return rd32(p);
   }
}

static uint8_t get_stencil(enum fmt f, unsigned x, unsigned y)
{
   return f == F8_24 ? pixel(f, x, y)[3] : f == FX24_8_32 ? pixel(f, x, y)[4] : 0;
}

/* Fills every pixel: depth value d, stencil s, and the unused bits with a marker. */
static void fill(enum fmt f, uint32_t d, uint8_t (*s)(unsigned x, unsigned y))
{
   memset(dbm, 0, DB_BYTES);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint8_t *p = pixel(f, x, y);
         uint8_t sv = s ? s(x, y) : 0;
         switch (f) {
         case F16: p[0] = (uint8_t)d; p[1] = (uint8_t)(d >> 8); break;
         case FX8_24: wr32(p, d | 0xC3000000u); break;
         case F8_24: wr32(p, d | (uint32_t)sv << 24); break;
         case F32: wr32(p, d); break;
         case FX24_8_32: wr32(p, d); wr32(p + 4, sv | 0xA5A5A500u); break;
         default: break;
         }
      }
}

/* The bits a pixel must keep whatever the DB does. */
static bool marker_kept(enum fmt f, unsigned x, unsigned y)
{
   const uint8_t *p = pixel(f, x, y);
   if (f == FX8_24)
      return p[3] == 0xC3;
   if (f == FX24_8_32)
      return (rd32(p + 4) & 0xFFFFFF00u) == 0xA5A5A500u;
   return true;
}

/* ---- register state ---- */

static void set_vertex(unsigned v, int64_t x, int64_t y, float z, const float c[4])
{
   pm4p_set_vertex(pos, col, W, H, v, x, y, z, 1.0f, c);
}

static void emit_state(struct ib *ib, enum fmt f)
{
   pm4p_emit_raster(ib, W, H);
   ib_ctx(ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(32) | PA_SU_POINT_SIZE__HEIGHT(32));
   ib_ctx(ib, REG_PA_SU_POINT_MINMAX, PA_SU_POINT_MINMAX__MAX_SIZE(0xFFFF));

   pm4p_emit_cb_rgba8(ib, cb_va, W, H);
   ib_ctx(ib, REG_SX_ALPHA_TEST_CONTROL, 0);

   pm4p_emit_shaders(ib, vs_va, ps_va, true);

   /* The DB: a W x H surface of format f, 1D tiled, no test unless a case enables one. */
   pm4p_emit_db(ib, db_va, W, H, fmt_code[f]);
   ib_ctx(ib, REG_DB_SHADER_CONTROL,
          DB_SHADER_CONTROL__Z_ORDER(DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z));
   ib_ctx(ib, REG_DB_RENDER_CONTROL, 0);
   ib_ctx(ib, REG_DB_RENDER_OVERRIDE, 0);
   ib_ctx(ib, REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL, 0);
   ib_ctx(ib, REG_PA_SU_POLY_OFFSET_CLAMP, 0);
   ib_ctx(ib, REG_PA_SU_POLY_OFFSET_FRONT_SCALE, 0);
   ib_ctx(ib, REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, 0);
   ib_ctx(ib, REG_PA_SU_POLY_OFFSET_BACK_SCALE, 0);
   ib_ctx(ib, REG_PA_SU_POLY_OFFSET_BACK_OFFSET, 0);
}

static void submit_tris(struct ib *ib, unsigned ntris)
{
   pm4p_draw_auto(ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * ntris);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib->dw, ib->n));
}

static uint32_t depth_control(bool z, bool write, unsigned zfunc)
{
   return DB_DEPTH_CONTROL__Z_ENABLE(z) | DB_DEPTH_CONTROL__Z_WRITE_ENABLE(write) |
          DB_DEPTH_CONTROL__ZFUNC(zfunc);
}

/* ---- the reference model ---- */

struct tri {
   int64_t v[3][2];   /* 1/256 px, y down */
   float zc[3];       /* clip z */
   float c[4];
};

/* Window z as the PA computes it with ZSCALE 0.5, ZOFFSET 0.5: float multiply, then add. */
static float window_z(float zc, float scale, float offset)
{
   float p = zc * scale;
   return p + offset;
}

static int64_t area2(const struct tri *t)
{
   return (t->v[1][0] - t->v[0][0]) * (t->v[2][1] - t->v[0][1]) -
          (t->v[1][1] - t->v[0][1]) * (t->v[2][0] - t->v[0][0]);
}

/* The plane through the window depths at the centre of pixel (x, y). */
static double plane_z(const struct tri *t, const double zw[3], unsigned x, unsigned y)
{
   const int64_t (*v)[2] = t->v;
   int64_t px = 256 * (int64_t)x + 128, py = 256 * (int64_t)y + 128;
   int64_t e1 = (v[0][0] - v[2][0]) * (py - v[2][1]) - (v[0][1] - v[2][1]) * (px - v[2][0]);
   int64_t e2 = (v[1][0] - v[0][0]) * (py - v[0][1]) - (v[1][1] - v[0][1]) * (px - v[0][0]);
   return zw[0] + ((double)e1 * (zw[1] - zw[0]) + (double)e2 * (zw[2] - zw[0])) / (double)area2(t);
}

static bool cmp(unsigned func, double a, double b)
{
   switch (func) {
   case 0: return false;
   case 1: return a < b;
   case 2: return a == b;
   case 3: return a <= b;
   case 4: return a > b;
   case 5: return a != b;
   case 6: return a >= b;
   default: return true;
   }
}

static double stored_value(enum fmt f, uint32_t d)
{
   if (f == F32 || f == FX24_8_32) {
      float v;
      memcpy(&v, &d, 4);
      return v;
   }
   return d;
}

static uint8_t sop(unsigned op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case 1: return 0;
   case 2: return ref;
   case 3: return s < 255 ? (uint8_t)(s + 1) : s;
   case 4: return s > 0 ? (uint8_t)(s - 1) : s;
   case 5: return (uint8_t)~s;
   case 6: return (uint8_t)(s + 1);
   case 7: return (uint8_t)(s - 1);
   default: return s;
   }
}

struct stencil_face {
   unsigned func, fail, zfail, zpass;
   uint8_t ref, mask, wmask;
};

/* The DB state a model draw applies. */
struct model_state {
   enum fmt f;
   bool z, zwrite, stencil, backface;
   unsigned zfunc;
   struct stencil_face face[2];
   bool face_cw;            /* PA_SU_SC_MODE_CNTL.FACE */
   double offset[2];        /* polygon offset per facing */
   bool export_green;       /* depth = the colour's green (Z export) */
   bool kill_red0;          /* red == 0 pixels are killed */
};

static uint32_t model_cb[W * H], model_depth[W * H];
static uint8_t model_stencil[W * H];
/* Samples that passed per DB, by db.h's pixel-to-DB rule: DB ((x / 8) + 2 * (y / 8)) % 4. */
static uint64_t model_zpass[4];

static void model_load(enum fmt f)
{
   memcpy(model_cb, cb, sizeof(model_cb));
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         model_depth[y * W + x] = get_depth(f, x, y);
         model_stencil[y * W + x] = get_stencil(f, x, y);
      }
}

static void model_tri(const struct model_state *m, const struct tri *t)
{
   double zw[3];
   for (unsigned k = 0; k < 3; k++)
      zw[k] = window_z(t->zc[k], 0.5f, 0.5f);
   int64_t a = area2(t);
   if (a == 0)
      return;
   bool front = (a > 0) != m->face_cw;
   const struct stencil_face *sf = &m->face[m->backface && !front];
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         if (!ref_covered(t->v, x, y, REF_LEFT | REF_TOP))
            continue;
         if (m->kill_red0 && t->c[0] == 0.0f)
            continue;
         unsigned i = y * W + x;
         double z = m->export_green ? t->c[1] : plane_z(t, zw, x, y) + m->offset[front ? 0 : 1];
         uint32_t d = encode(m->f, z);
         uint8_t s = model_stencil[i];
         bool sp = !m->stencil || cmp(sf->func, sf->ref & sf->mask, s & sf->mask);
         bool zp = !m->z || !sp || cmp(m->zfunc, stored_value(m->f, d),
                                       stored_value(m->f, model_depth[i]));
         if (m->stencil) {
            unsigned op = !sp ? sf->fail : !zp ? sf->zfail : sf->zpass;
            model_stencil[i] = (uint8_t)((s & ~sf->wmask) | (sop(op, s, sf->ref) & sf->wmask));
         }
         if (sp && zp) {
            if (m->z && m->zwrite)
               model_depth[i] = d;
            model_cb[i] = pm4p_rgba(t->c);
            model_zpass[(x / 8 + 2 * (y / 8)) % 4]++;
         }
      }
}

/* Compares colour, depth, stencil and the kept bits with the model. */
static unsigned model_diff(enum fmt f, const char *what)
{
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         unsigned i = y * W + x;
         uint32_t d = get_depth(f, x, y);
         uint8_t s = get_stencil(f, x, y);
         if (cb[i] != model_cb[i] || d != model_depth[i] || s != model_stencil[i] ||
             !marker_kept(f, x, y)) {
            if (bad < 3)
               fprintf(stderr, "  %s (%u,%u): colour %08X/%08X depth %08X/%08X stencil "
                       "%02X/%02X (got/want)\n", what, x, y, cb[i], model_cb[i], d,
                       model_depth[i], s, model_stencil[i]);
            bad++;
         }
      }
   return bad;
}

static void load_tris(const struct tri *t, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < 3; k++)
         set_vertex(3 * i + k, t[i].v[k][0], t[i].v[k][1], t[i].zc[k], t[i].c);
}

static void random_tris(struct tri *t, unsigned n, bool flat_red)
{
   for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < 3; k++) {
         t[i].v[k][0] = (int64_t)(rnd() % (80 * 256)) - 8 * 256;
         t[i].v[k][1] = (int64_t)(rnd() % (80 * 256)) - 8 * 256;
         t[i].zc[k] = (float)((int)(rnd() % 2001) - 1000) / 1000.0f;
      }
      t[i].c[0] = flat_red && i % 3 == 0 ? 0.0f : (float)(1 + i % 200) / 255.0f;
      t[i].c[1] = (float)(rnd() % 256) / 255.0f;
      t[i].c[2] = (float)(i * 3 % 256) / 255.0f;
      t[i].c[3] = 1.0f;
   }
}

static uint8_t stencil_pattern(unsigned x, unsigned y)
{
   return (uint8_t)(x * 7 + y * 13);
}

/* ---- cases ---- */

/* Each format: a LESS + write pass over a sloped triangle, then a GREATER pass without
 * writes; depth, stencil and the unused bits checked for every pixel. */
static void test_formats(void)
{
   for (enum fmt f = 0; f < NUM_FMTS; f++) {
      struct tri t[2] = {
         { { { 4 * 256 + 17, 4 * 256 }, { 60 * 256, 10 * 256 + 99 }, { 12 * 256, 62 * 256 + 3 } },
           { -0.9f, 0.8f, 0.1f }, { 1.0f, 0.0f, 0.0f, 1.0f } },
         { { { 0, 30 * 256 }, { 64 * 256, 0 }, { 64 * 256, 64 * 256 } },
           { 0.3f, -0.6f, 0.95f }, { 0.0f, 1.0f, 0.0f, 1.0f } },
      };
      fill(f, encode(f, 0.75), stencil_pattern);
      memset(cb, 0, W * H * 4);
      model_load(f);
      struct model_state m = { .f = f, .z = true, .zwrite = true, .zfunc = 1 };
      load_tris(t, 2);
      struct ib ib = { .n = 0 };
      emit_state(&ib, f);
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS));
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, false, DB_DEPTH_CONTROL__ZFUNC__FRAG_GREATER));
      ib_ctx(&ib, REG_VGT_INDX_OFFSET, 3);
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      model_tri(&m, &t[0]);
      m.zwrite = false;
      m.zfunc = 4;
      model_tri(&m, &t[1]);
      char what[64];
      snprintf(what, sizeof(what), "format %s", fmt_name[f]);
      unsigned bad = model_diff(f, what);
      CHECK(new_faults() == 0 && bad == 0, "%s: %u pixels differ", what, bad);
   }
}

/* Stencil with front and back state (BACKFACE_ENABLE), every op, value and write masks,
 * and zfail from a depth gradient; then the same with BACKFACE_ENABLE = 0 (back faces use
 * the front state) and FACE = 1. */
static void test_stencil(void)
{
   for (unsigned pass = 0; pass < 8; pass++) {
      enum fmt f = pass % 2 ? FX24_8_32 : F8_24;
      bool backface = pass < 6;
      struct model_state m = { .f = f, .z = true, .zwrite = pass % 3 == 0, .zfunc = 3,
                               .stencil = true, .backface = backface, .face_cw = pass >= 4 };
      m.face[0] = (struct stencil_face){ (pass + 2) % 8, pass % 8, (pass + 3) % 8, (pass + 6) % 8,
                                         0x80, 0xF0, 0x7F };
      m.face[1] = (struct stencil_face){ (pass + 5) % 8, (pass + 1) % 8, (pass + 7) % 8,
                                         (pass + 4) % 8, 0x41, 0xFF, 0xFF };
      if (!backface)
         m.face[1] = m.face[0];
      /* A front (positive area) and a back triangle, each with depth 0 .. 1 across. */
      struct tri t[3] = {
         { { { 2 * 256, 2 * 256 }, { 62 * 256, 8 * 256 }, { 5 * 256, 60 * 256 } },
           { -1.0f, 1.0f, 0.0f }, { 0.5f, 0.25f, 1.0f, 1.0f } },
         { { { 60 * 256, 60 * 256 }, { 62 * 256, 3 * 256 }, { 3 * 256, 50 * 256 } },
           { 1.0f, -0.5f, -1.0f }, { 0.25f, 1.0f, 0.5f, 1.0f } },
         { { { 30 * 256, 1 * 256 }, { 33 * 256, 63 * 256 }, { 63 * 256, 40 * 256 } },
           { 0.0f, 0.0f, 0.0f }, { 1.0f, 1.0f, 0.5f, 1.0f } },
      };
      fill(f, encode(f, 0.5), stencil_pattern);
      memset(cb, 0, W * H * 4);
      model_load(f);
      load_tris(t, 3);
      struct ib ib = { .n = 0 };
      emit_state(&ib, f);
      ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) |
                                          PA_SU_SC_MODE_CNTL__FACE(m.face_cw));
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL,
             depth_control(true, m.zwrite, m.zfunc) | DB_DEPTH_CONTROL__STENCIL_ENABLE(1) |
             DB_DEPTH_CONTROL__BACKFACE_ENABLE(backface) |
             DB_DEPTH_CONTROL__STENCILFUNC(m.face[0].func) |
             DB_DEPTH_CONTROL__STENCILFAIL(m.face[0].fail) |
             DB_DEPTH_CONTROL__STENCILZFAIL(m.face[0].zfail) |
             DB_DEPTH_CONTROL__STENCILZPASS(m.face[0].zpass) |
             /* With BACKFACE_ENABLE = 0 the _BF fields hold junk that must be ignored. */
             DB_DEPTH_CONTROL__STENCILFUNC_BF(backface ? m.face[1].func : 0) |
             DB_DEPTH_CONTROL__STENCILFAIL_BF(backface ? m.face[1].fail : 5) |
             DB_DEPTH_CONTROL__STENCILZFAIL_BF(backface ? m.face[1].zfail : 5) |
             DB_DEPTH_CONTROL__STENCILZPASS_BF(backface ? m.face[1].zpass : 5));
      ib_ctx(&ib, REG_DB_STENCILREFMASK,
             DB_STENCILREFMASK__STENCILREF(m.face[0].ref) |
             DB_STENCILREFMASK__STENCILMASK(m.face[0].mask) |
             DB_STENCILREFMASK__STENCILWRITEMASK(m.face[0].wmask));
      ib_ctx(&ib, REG_DB_STENCILREFMASK_BF,
             DB_STENCILREFMASK_BF__STENCILREF_BF(backface ? m.face[1].ref : 0x99) |
             DB_STENCILREFMASK_BF__STENCILMASK_BF(backface ? m.face[1].mask : 0x0F) |
             DB_STENCILREFMASK_BF__STENCILWRITEMASK_BF(backface ? m.face[1].wmask : 0x01));
      submit_tris(&ib, 3);
      for (unsigned i = 0; i < 3; i++)
         model_tri(&m, &t[i]);
      char what[64];
      snprintf(what, sizeof(what), "stencil pass %u", pass);
      unsigned bad = model_diff(f, what);
      CHECK(new_faults() == 0 && bad == 0, "%s: %u pixels differ", what, bad);
   }
}

/* Early and late Z give the same memory for the same scene; the scene matches the model.
 * With KILL_ENABLE the test is late and killed pixels change nothing. */
static void test_early_late(void)
{
   static const unsigned orders[4] = {
      DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z, DB_SHADER_CONTROL__Z_ORDER__LATE_Z,
      DB_SHADER_CONTROL__Z_ORDER__RE_Z, DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_RE_Z,
   };
   static struct tri t[40];
   random_tris(t, 40, true);
   static uint32_t first_cb[W * H];
   static uint8_t first_db[W * H * 4];
   for (unsigned kill = 0; kill < 2; kill++) {
      write_program(ps_va, FAKE_PS, kill);
      for (unsigned o = 0; o < 4; o++) {
         struct model_state m = { .f = F8_24, .z = true, .zwrite = true, .zfunc = 3,
                                  .stencil = true, .kill_red0 = kill };
         m.face[0] = m.face[1] = (struct stencil_face){ 5, 0, 7, 6, 0x03, 0xFF, 0xFF };
         fill(F8_24, encode(F8_24, 0.6), stencil_pattern);
         memset(cb, 0, W * H * 4);
         model_load(F8_24);
         load_tris(t, 40);
         struct ib ib = { .n = 0 };
         emit_state(&ib, F8_24);
         ib_ctx(&ib, REG_DB_SHADER_CONTROL, DB_SHADER_CONTROL__Z_ORDER(orders[o]) |
                                            DB_SHADER_CONTROL__KILL_ENABLE(kill));
         ib_ctx(&ib, REG_DB_DEPTH_CONTROL,
                depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_LEQUAL) |
                DB_DEPTH_CONTROL__STENCIL_ENABLE(1) |
                DB_DEPTH_CONTROL__STENCILFUNC(5) | DB_DEPTH_CONTROL__STENCILFAIL(0) |
                DB_DEPTH_CONTROL__STENCILZFAIL(7) | DB_DEPTH_CONTROL__STENCILZPASS(6));
         ib_ctx(&ib, REG_DB_STENCILREFMASK, DB_STENCILREFMASK__STENCILREF(3) |
                                            DB_STENCILREFMASK__STENCILMASK(0xFF) |
                                            DB_STENCILREFMASK__STENCILWRITEMASK(0xFF));
         submit_tris(&ib, 40);
         for (unsigned i = 0; i < 40; i++)
            model_tri(&m, &t[i]);
         char what[64];
         snprintf(what, sizeof(what), "Z_ORDER %u, kill %u", orders[o], kill);
         unsigned bad = model_diff(F8_24, what);
         CHECK(new_faults() == 0 && bad == 0, "%s: %u pixels differ from the model", what, bad);
         if (o == 0) {
            memcpy(first_cb, cb, sizeof(first_cb));
            memcpy(first_db, dbm, sizeof(first_db));
         } else {
            CHECK(!memcmp(first_cb, cb, sizeof(first_cb)) && !memcmp(first_db, dbm, sizeof(first_db)),
                  "%s: memory differs from EARLY_Z_THEN_LATE_Z", what);
         }
      }
   }

   /* KILL_ENABLE = 0 with a killing PS under early Z: the DB already wrote the pixels the
    * PS then kills (their colour is not written). */
   struct tri k = { { { 0, 0 }, { 64 * 256, 0 }, { 0, 64 * 256 } }, { 0.0f, 0.0f, 0.0f },
                    { 0.0f, 0.5f, 0.5f, 1.0f } };
   fill(F8_24, encode(F8_24, 1.0), NULL);
   memset(cb, 0, W * H * 4);
   load_tris(&k, 1);
   struct ib ib = { .n = 0 };
   emit_state(&ib, F8_24);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS));
   submit_tris(&ib, 1);
   CHECK(get_depth(F8_24, 1, 1) == encode(F8_24, 0.5) && cb[W + 1] == 0,
         "early Z with an undeclared kill: depth %06X colour %08X", get_depth(F8_24, 1, 1), cb[W + 1]);
   write_program(ps_va, FAKE_PS, 0);
}

static void zpass_done(struct ib *ib, uint64_t va)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE, 3));
   ib_put(ib, PM4_EVENT_WRITE__EVENT_TYPE(VGT_EVENT_INITIATOR__EVENT_TYPE__ZPASS_DONE) |
                 PM4_EVENT_WRITE__EVENT_INDEX(1));
   ib_put(ib, (uint32_t)va);
   ib_put(ib, (uint32_t)(va >> 32) & 0xFF);
}

static uint64_t rd64(const uint8_t *p)
{
   return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* Occlusion counting: ZPASS_DONE before and after a draw writes each of the four DBs'
 * counters (bit 63 set) at 16-byte steps; the differences are the samples of that DB's
 * pixels that passed stencil and depth (killed ones not); nothing counts with
 * ZPASS_INCREMENT_DISABLE; a bad address faults and writes nothing. */
static void test_zpass(void)
{
   uint64_t q_va;
   uint8_t *q = pm4p_alloc(gpu, 256, &q_va);
   static struct tri t[40];
   random_tris(t, 40, true);
   for (unsigned disable = 0; disable < 2; disable++) {
      write_program(ps_va, FAKE_PS, 1);   /* kills red == 0 */
      struct model_state m = { .f = F8_24, .z = true, .zwrite = true, .zfunc = 3,
                               .stencil = true, .kill_red0 = true };
      m.face[0] = m.face[1] = (struct stencil_face){ 5, 0, 7, 6, 0x03, 0xFF, 0xFF };
      fill(F8_24, encode(F8_24, 0.6), stencil_pattern);
      memset(cb, 0, W * H * 4);
      memset(q, 0, 256);
      model_load(F8_24);
      memset(model_zpass, 0, sizeof(model_zpass));
      load_tris(t, 40);
      struct ib ib = { .n = 0 };
      emit_state(&ib, F8_24);
      ib_ctx(&ib, REG_DB_RENDER_CONTROL, DB_RENDER_CONTROL__ZPASS_INCREMENT_DISABLE(disable));
      ib_ctx(&ib, REG_DB_SHADER_CONTROL,
             DB_SHADER_CONTROL__Z_ORDER(DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z) |
             DB_SHADER_CONTROL__KILL_ENABLE(1));
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL,
             depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_LEQUAL) |
             DB_DEPTH_CONTROL__STENCIL_ENABLE(1) |
             DB_DEPTH_CONTROL__STENCILFUNC(5) | DB_DEPTH_CONTROL__STENCILFAIL(0) |
             DB_DEPTH_CONTROL__STENCILZFAIL(7) | DB_DEPTH_CONTROL__STENCILZPASS(6));
      ib_ctx(&ib, REG_DB_STENCILREFMASK, DB_STENCILREFMASK__STENCILREF(3) |
                                         DB_STENCILREFMASK__STENCILMASK(0xFF) |
                                         DB_STENCILREFMASK__STENCILWRITEMASK(0xFF));
      zpass_done(&ib, q_va);
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * 40);
      zpass_done(&ib, q_va + 8);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      for (unsigned i = 0; i < 40; i++)
         model_tri(&m, &t[i]);
      uint64_t total = 0;
      for (unsigned db = 0; db < 4; db++) {
         uint64_t begin = rd64(q + 16 * db), end = rd64(q + 16 * db + 8);
         uint64_t want = disable ? 0 : model_zpass[db];
         total += want;
         CHECK((begin >> 63) && (end >> 63), "DB %u: written flags %016llX %016llX", db,
               (unsigned long long)begin, (unsigned long long)end);
         CHECK(end - begin == want, "ZPASS_INCREMENT_DISABLE %u, DB %u: %llu samples, "
               "expected %llu", disable, db, (unsigned long long)(end - begin),
               (unsigned long long)want);
      }
      CHECK(disable || total > 100, "the scene passes samples on every DB (%llu)",
            (unsigned long long)total);
      CHECK(new_faults() == 0 && model_diff(F8_24, "zpass scene") == 0, "zpass scene");
   }
   /* Misaligned, and the last counter past the end of the buffer. */
   memset(q, 0, 256);
   struct ib ib = { .n = 0 };
   zpass_done(&ib, q_va + 4);
   zpass_done(&ib, q_va + 256 - 16 * 3);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(new_faults() == 2, "two bad ZPASS_DONE addresses");
   bool untouched = true;
   for (unsigned i = 0; i < 256; i++)
      untouched &= q[i] == 0;
   CHECK(untouched, "bad ZPASS_DONE writes nothing");
   write_program(ps_va, FAKE_PS, 0);
   r600_gpu_free(gpu, q_va);
}

/* PIXEL 61 .x replaces the depth (no polygon offset) with Z_EXPORT_ENABLE; without it the
 * export is ignored. */
static void test_z_export(void)
{
   write_program(ps_va, FAKE_PS, 4);
   for (unsigned enable = 0; enable < 2; enable++) {
      struct tri t = { { { 3 * 256, 2 * 256 }, { 61 * 256, 9 * 256 }, { 7 * 256, 63 * 256 } },
                       { -1.0f, 0.5f, 0.8f }, { 0.5f, 0.25f, 0.75f, 1.0f } };
      struct model_state m = { .f = F32, .z = true, .zwrite = true, .zfunc = 7,
                               .export_green = enable };
      if (!enable)
         m.offset[0] = m.offset[1] = 0x1p-10;   /* see the OFFSET registers below */
      fill(F32, float_bits(0.5f), NULL);
      memset(cb, 0, W * H * 4);
      model_load(F32);
      load_tris(&t, 1);
      struct ib ib = { .n = 0 };
      emit_state(&ib, F32);
      ib_ctx(&ib, REG_DB_SHADER_CONTROL,
             DB_SHADER_CONTROL__Z_ORDER(DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z) |
             DB_SHADER_CONTROL__Z_EXPORT_ENABLE(enable));
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
      ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) |
                                          PA_SU_SC_MODE_CNTL__POLY_OFFSET_FRONT_ENABLE(1) |
                                          PA_SU_SC_MODE_CNTL__POLY_OFFSET_BACK_ENABLE(1));
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL,
             PA_SU_POLY_OFFSET_DB_FMT_CNTL__POLY_OFFSET_NEG_NUM_DB_BITS(0xE9) |
             PA_SU_POLY_OFFSET_DB_FMT_CNTL__POLY_OFFSET_DB_IS_FLOAT_FMT(1));
      /* |z| <= 0.9 at the vertices: exponent -1, r = 2^-24; 2^14 units = 2^-10. */
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, f2u(16384.0f));
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_BACK_OFFSET, f2u(16384.0f));
      submit_tris(&ib, 1);
      model_tri(&m, &t);
      char what[64];
      snprintf(what, sizeof(what), "Z export %s", enable ? "enabled" : "ignored");
      unsigned bad = model_diff(F32, what);
      CHECK(new_faults() == 0 && bad == 0, "%s: %u pixels differ", what, bad);
   }
   write_program(ps_va, FAKE_PS, 0);
}

/* PA_SC_VPORT_ZMIN/ZMAX_0 and DB_RENDER_OVERRIDE.DISABLE_VIEWPORT_CLAMP, with a viewport
 * z scale of 1 (window z from -0.5 to 1.5). */
static void test_viewport_clamp(void)
{
   struct tri t = { { { 0, 0 }, { 64 * 256, 0 }, { 0, 64 * 256 } }, { -1.0f, 1.0f, 0.25f },
                    { 0.2f, 0.4f, 0.6f, 1.0f } };
   for (unsigned c = 0; c < 3; c++) {
      enum fmt f = c == 2 ? F16 : F32;
      fill(f, 0, NULL);
      load_tris(&t, 1);
      struct ib ib = { .n = 0 };
      emit_state(&ib, f);
      ib_ctx(&ib, REG_PA_CL_VPORT_ZSCALE_0, f2u(1.0f));
      ib_ctx(&ib, REG_PA_SC_VPORT_ZMIN_0, f2u(0.25f));
      ib_ctx(&ib, REG_PA_SC_VPORT_ZMAX_0, f2u(0.75f));
      ib_ctx(&ib, REG_DB_RENDER_OVERRIDE, DB_RENDER_OVERRIDE__DISABLE_VIEWPORT_CLAMP(c > 0));
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
      submit_tris(&ib, 1);
      double zw[3];
      for (unsigned k = 0; k < 3; k++)
         zw[k] = window_z(t.zc[k], 1.0f, 0.5f);
      unsigned bad = 0, outside = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            if (!ref_covered(t.v, x, y, REF_LEFT | REF_TOP))
               continue;
            double z = plane_z(&t, zw, x, y);
            outside += z < 0.0 || z > 1.0;
            if (c == 0)
               z = fmin(fmax(z, 0.25), 0.75);
            bad += get_depth(f, x, y) != encode(f, z);
         }
      CHECK(new_faults() == 0 && bad == 0 && outside > 100,
            "viewport clamp case %u: %u pixels differ (%u outside [0, 1])", c, bad, outside);
   }
}

/* Polygon offset: units per format (2^-16, 2^-24, exponent-based float), the slope term
 * (max of |dz/dx|, |dz/dy|, SCALE / 16), the clamp, front/back enables, points. */
static void test_poly_offset(void)
{
   /* Right triangle with 64-pixel legs: window z 0.25 at (0, 0), slope 2^-10 in x and
    * -2^-11 in y: every value is exact. Clip z = 2 z - 1. */
   struct tri slope = { { { 0, 0 }, { 64 * 256, 0 }, { 0, 64 * 256 } },
                        { (float)(2 * 0.25 - 1), (float)(2 * (0.25 + 64 * 0x1p-10) - 1),
                          (float)(2 * (0.25 - 64 * 0x1p-11) - 1) },
                        { 0.5f, 0.5f, 0.5f, 1.0f } };
   static const struct {
      enum fmt f;
      uint32_t db_fmt;
      float scale, units, clamp;
      bool front, back, reversed;
      double want;            /* the offset */
   } cases[] = {
      { F16, 0xF0, 0.0f, 4.0f, 0.0f, true, true, false, 4 * 0x1p-16 },
      { F16, 0xF0, 0.0f, 4.0f, 0.0f, true, false, true, 0.0 },        /* back, front-only */
      { F16, 0xF0, 0.0f, -3.0f, 0.0f, false, true, true, -3 * 0x1p-16 },
      { F8_24, 0xE8, 8.0f, 2.0f, 0.0f, true, true, false, 0x1p-11 + 2 * 0x1p-24 },
      { F8_24, 0xE8, 8.0f, 2.0f, 0x1p-12f, true, true, false, 0x1p-12 },
      { F8_24, 0xE8, -8.0f, 0.0f, -0x1p-12f, true, true, true, -0x1p-12 },
      { F8_24, 0xE8, -8.0f, 0.0f, 0x1p-12f, true, true, false, -0x1p-11 },
      /* Float: max |z| = 0.25 + 2^-4 (exponent -2): r = 2^-25. */
      { F32, 0x1E9, 0.0f, 3.0f, 0.0f, true, true, false, 3 * 0x1p-25 },
      { FX24_8_32, 0x1E9, 1.0f, -1.0f, 0.0f, true, true, true, 0x1p-14 - 0x1p-25 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      enum fmt f = cases[i].f;
      struct tri t = slope;
      if (cases[i].reversed) {
         memcpy(t.v[1], slope.v[2], sizeof(t.v[1]));
         memcpy(t.v[2], slope.v[1], sizeof(t.v[2]));
         t.zc[1] = slope.zc[2];
         t.zc[2] = slope.zc[1];
      }
      struct model_state m = { .f = f, .z = true, .zwrite = true, .zfunc = 7 };
      m.offset[0] = m.offset[1] = cases[i].want;
      fill(f, 0, NULL);
      memset(cb, 0, W * H * 4);
      model_load(f);
      load_tris(&t, 1);
      struct ib ib = { .n = 0 };
      emit_state(&ib, f);
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
      ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL,
             PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) |
             PA_SU_SC_MODE_CNTL__POLY_OFFSET_FRONT_ENABLE(cases[i].front) |
             PA_SU_SC_MODE_CNTL__POLY_OFFSET_BACK_ENABLE(cases[i].back));
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL, cases[i].db_fmt);
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_CLAMP, f2u(cases[i].clamp));
      float fs = cases[i].front ? cases[i].scale : 100.0f, fo = cases[i].front ? cases[i].units : 100.0f;
      float bs = cases[i].back ? cases[i].scale : 100.0f, bo = cases[i].back ? cases[i].units : 100.0f;
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_FRONT_SCALE, f2u(fs));
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, f2u(fo));
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_BACK_SCALE, f2u(bs));
      ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_BACK_OFFSET, f2u(bo));
      submit_tris(&ib, 1);
      model_tri(&m, &t);
      char what[64];
      snprintf(what, sizeof(what), "polygon offset case %u", i);
      unsigned bad = model_diff(f, what);
      CHECK(new_faults() == 0 && bad == 0, "%s: %u pixels differ", what, bad);
   }

   /* A point (radius 2 around (20.5, 20.5): pixels 18..21) with POLY_OFFSET_PARA_ENABLE:
    * 16-bit units. */
   float c[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
   set_vertex(0, 20 * 256 + 128, 20 * 256 + 128, 0.0f, c);
   fill(F16, 0, NULL);
   struct ib ib = { .n = 0 };
   emit_state(&ib, F16);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
   ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) |
                                       PA_SU_SC_MODE_CNTL__POLY_OFFSET_PARA_ENABLE(1));
   ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL, 0xF0);
   ib_ctx(&ib, REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, f2u(4.0f));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 1);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned n = 0, bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         bool in = x >= 18 && x < 22 && y >= 18 && y < 22;
         n += in;
         bad += get_depth(F16, x, y) != (in ? encode(F16, 0.5 + 4 * 0x1p-16) : 0);
      }
   CHECK(new_faults() == 0 && bad == 0 && n == 16, "point polygon offset: %u pixels differ", bad);
}

/* Surface bounds, FORCE_COLOR_KILL, no depth buffer, a narrower surface, SLICE_START. */
static void test_surface(void)
{
   struct tri t = { { { 0, 0 }, { 64 * 256, 0 }, { 0, 64 * 256 } }, { 0.0f, 0.0f, 0.0f },
                    { 1.0f, 0.0f, 1.0f, 1.0f } };
   load_tris(&t, 1);
   uint32_t want_c = pm4p_rgba(t.c), half = encode(F8_24, 0.5);

   /* A surface that does not fit its buffer: fault, nothing drawn. */
   uint64_t small = r600_gpu_alloc(gpu, 4096, 256);
   memset(cb, 0, W * H * 4);
   struct ib ib = { .n = 0 };
   emit_state(&ib, F8_24);
   ib_ctx(&ib, REG_DB_DEPTH_BASE, (uint32_t)(small >> 8));
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
   submit_tris(&ib, 1);
   CHECK(new_faults() == 1 && cb[W + 1] == 0, "depth surface outside its buffer: fault, no draw");
   r600_gpu_free(gpu, small);

   /* FORCE_COLOR_KILL: depth written, colour not. */
   fill(F8_24, encode(F8_24, 1.0), NULL);
   ib.n = 0;
   emit_state(&ib, F8_24);
   ib_ctx(&ib, REG_DB_RENDER_OVERRIDE, DB_RENDER_OVERRIDE__FORCE_COLOR_KILL(1));
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS));
   submit_tris(&ib, 1);
   CHECK(new_faults() == 0 && cb[W + 1] == 0 && get_depth(F8_24, 1, 1) == half,
         "FORCE_COLOR_KILL: colour %08X depth %06X", cb[W + 1], get_depth(F8_24, 1, 1));

   /* DEPTH_INVALID with Z_ENABLE: no depth buffer, the test passes, memory untouched. */
   fill(F8_24, encode(F8_24, 0.25), NULL);
   ib.n = 0;
   emit_state(&ib, F8_24);
   ib_ctx(&ib, REG_DB_DEPTH_INFO, DB_DEPTH_INFO__FORMAT(DB_DEPTH_INFO__FORMAT__DEPTH_INVALID));
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS));
   submit_tris(&ib, 1);
   CHECK(new_faults() == 0 && cb[W + 1] == want_c && get_depth(F8_24, 1, 1) == encode(F8_24, 0.25),
         "DEPTH_INVALID: drawn without a depth test");

   /* A 32-pixel-wide surface (PITCH_TILE_MAX 3, 32 tiles: 32 x 64) under a 64-pixel
    * target: pixels beyond it are discarded; those inside use the 32-pixel pitch. */
   memset(dbm, 0, DB_BYTES);
   memset(cb, 0, W * H * 4);
   ib.n = 0;
   emit_state(&ib, F8_24);
   ib_ctx(&ib, REG_DB_DEPTH_SIZE, DB_DEPTH_SIZE__PITCH_TILE_MAX(3) | DB_DEPTH_SIZE__SLICE_TILE_MAX(31));
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
   submit_tris(&ib, 1);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         bool covered = x + y < 63;   /* centres strictly inside x + y < 64 - 1 */
         bool drawn = covered && x < 32;
         bad += cb[y * W + x] != (drawn ? want_c : 0);
         if (x < 32)
            bad += (rd32(dbm + pixel_offset(F8_24, 32, x, y)) & 0xFFFFFF) != (drawn ? half : 0);
      }
   CHECK(new_faults() == 0 && bad == 0, "narrow depth surface: %u pixels wrong", bad);

   /* DB_DEPTH_VIEW.SLICE_START = 1: the second slice. */
   memset(dbm, 0, DB_BYTES);
   ib.n = 0;
   emit_state(&ib, F8_24);
   ib_ctx(&ib, REG_DB_DEPTH_VIEW, DB_DEPTH_VIEW__SLICE_START(1));
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, depth_control(true, true, DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
   submit_tris(&ib, 1);
   const uint8_t *slice1 = dbm + W * H * 4;
   CHECK(new_faults() == 0 && get_depth(F8_24, 1, 1) == 0 &&
         (rd32(slice1 + pixel_offset(F8_24, W, 1, 1)) & 0xFFFFFF) == half,
         "SLICE_START 1 writes the second slice");
}

/* Random DB / polygon-offset register values around valid draws: no crash, no hang. */
static void test_fuzz(void)
{
   static const uint32_t regs[] = {
      REG_DB_DEPTH_CONTROL, REG_DB_DEPTH_INFO, REG_DB_DEPTH_SIZE, REG_DB_DEPTH_VIEW,
      REG_DB_SHADER_CONTROL, REG_DB_RENDER_CONTROL, REG_DB_RENDER_OVERRIDE,
      REG_DB_STENCILREFMASK, REG_DB_STENCILREFMASK_BF, REG_PA_SC_VPORT_ZMIN_0,
      REG_PA_SC_VPORT_ZMAX_0, REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL, REG_PA_SU_POLY_OFFSET_CLAMP,
      REG_PA_SU_POLY_OFFSET_FRONT_SCALE, REG_PA_SU_POLY_OFFSET_FRONT_OFFSET,
      REG_PA_SU_SC_MODE_CNTL, REG_PA_CL_VPORT_ZSCALE_0,
   };
   static struct tri t[16];
   random_tris(t, 16, true);
   load_tris(t, 16);
   write_program(ps_va, FAKE_PS, 5);
   static struct ib ib;
   for (unsigned iter = 0; iter < 200; iter++) {
      ib.n = 0;
      emit_state(&ib, (enum fmt)(rnd() % NUM_FMTS));
      ib_ctx(&ib, REG_DB_DEPTH_CONTROL, rnd());
      unsigned nregs = 1 + rnd() % 5;
      for (unsigned i = 0; i < nregs; i++) {
         uint32_t r = regs[rnd() % (sizeof(regs) / sizeof(regs[0]))];
         ib_ctx(&ib, r, rnd() % 2 ? rnd() : rnd() % 64);
      }
      submit_tris(&ib, 1 + rnd() % 16);
   }
   new_faults();
   write_program(ps_va, FAKE_PS, 0);
   CHECK(true, "fuzzed DB state survived");
}

int main(void)
{
   gpu = r600_gpu_create(HW_CHIP_R7XX);
   cb = pm4p_alloc(gpu, W * H * 4, &cb_va);
   dbm = pm4p_alloc(gpu, DB_BYTES, &db_va);
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, MAX_VERTS * 16, &pos_va);
   col = pm4p_alloc(gpu, MAX_VERTS * 16, &col_va);
   write_program(vs_va, FAKE_VS, 0);
   write_program(ps_va, FAKE_PS, 0);

   test_formats();
   test_stencil();
   test_early_late();
   test_zpass();
   test_z_export();
   test_viewport_clamp();
   test_poly_offset();
   test_surface();
   test_fuzz();

   r600_gpu_destroy(gpu);
   return check_report();
}
