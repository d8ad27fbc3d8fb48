/* Differential test of the generated depth/stencil test (jit/jit_db.c) against the C
 * reference model (pixel/db.c sim_db_test): random DB states of the space jit_db_key_init
 * accepts (formats, depth and stencil functions, stencil ops front and back, write masks,
 * clamp, early or late with depth export, 1/2/4/8 samples), each compiled through a wrapper
 * function around jit_db_emit; then random primitives (steep and extreme planes, polygon
 * offsets), blocks inside and outside the surface, lane and sample masks, buffer contents
 * and exported depths (NaN, infinities, negatives, denormals); then flat planes (the flat
 * form) at depths and offsets that are zeros of both signs and other awkward values. Both
 * run on copies of the same inputs; the returned mask, smask and every byte of the buffer
 * must be equal.
 *
 *   test_jit_db [STATES [BLOCKS]]   (default 24 states x 500 blocks, a few seconds;
 *                                    TEST_JIT_DB_SEED=n for other states)
 *   test_jit_db bench [SAMPLES [flat]]   CPU ns per 4x4 block, C and JIT, DEPTH_X8_24 LESS +
 *                                        write (flat: a plane of one depth, the flat form)
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "jit/jit.h"
#include "jit/jit_db.h"
#include "pixel/db.h"
#include "r600_regs.h"
#include "raster/sc.h"

typedef uint32_t (*db_fn)(const struct sim_db_state *db, const struct sim_prim *prim,
                          int32_t bx, int32_t by, uint32_t mask, uint8_t *smask,
                          const struct sim_sc_msaa *ms, const struct sim_exports *out);

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 11);
}
static unsigned below(unsigned n) { return rnd() % n; }
static bool chance(unsigned percent) { return below(100) < percent; }
static double unit(void) { return rnd() / 2097152.0 / 1024.0; }   /* [0, 1) */

static float from_bits(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* A float from the awkward ones or an ordinary depth. */
static float odd_float(void)
{
   static const uint32_t special[] = {
      0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FA00000u, 0xFF800001u,   /* NaNs, signalling too */
      0x7F800000u, 0xFF800000u, 0x7F7FFFFFu, 0xFF7FFFFFu,                /* infinities, FLT_MAX */
      0x00000001u, 0x80000001u, 0x007FFFFFu, 0x00000000u, 0x80000000u,   /* denormals, zeros */
      0x3F800000u, 0x3F7FFFFFu, 0x3F800001u, 0xBF800000u, 0x33800000u,   /* 1, around 1, -1 */
   };
   switch (below(4)) {
   case 0: return from_bits(special[below(sizeof(special) / 4)]);
   case 1: return (float)(unit() * 4.0 - 2.0);
   case 2: return from_bits(rnd() << 1 ^ rnd());
   default: return (float)unit();
   }
}

/* Directed NaN cases (nan_inputs): NaNs of both signs and several payloads, signalling too. */
static bool nan_inputs;
static float some_nan(void)
{
   static const uint32_t nan[] = { 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FA00000u,
                                   0xFF800001u, 0x7FC12345u, 0xFFD00001u };
   return from_bits(nan[below(sizeof(nan) / 4)]);
}

/* Directed flat planes (flat_inputs): zeros of both signs, denormals, 1, NaN, infinity. */
static bool flat_inputs;
static float flat_depth(void)
{
   static const uint32_t z[] = { 0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u,
                                 0x3F800000u, 0x3F000000u, 0xBF800000u, 0x7F800000u,
                                 0x7FC00000u };
   return chance(75) ? from_bits(z[below(sizeof(z) / 4)]) : (float)unit();
}

/* ---- states -------------------------------------------------------------------------------- */

static const unsigned formats[] = {
   DB_DEPTH_INFO__FORMAT__DEPTH_16, DB_DEPTH_INFO__FORMAT__DEPTH_X8_24,
   DB_DEPTH_INFO__FORMAT__DEPTH_8_24, DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT,
   DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT,
};

struct setup {
   struct sim_db_state db;
   struct sim_sc_msaa ms;
   bool late;
   size_t bytes;   /* of the buffer: every sample plane */
};

/* A sim_db_state filled as sim_db_state_init fills it for such registers (base set later):
 * state i < 20 has format i % 5 and sample count i / 5 (every pair once), later ones random. */
static void random_state(struct setup *s, unsigned i)
{
   static const unsigned counts[4] = { 1, 2, 4, 8 };
   memset(s, 0, sizeof(*s));
   struct sim_db_state *db = &s->db;
   unsigned f = formats[i < 20 ? i % 5 : below(5)];
   db->format = f;
   db->bpp = f == DB_DEPTH_INFO__FORMAT__DEPTH_16 ? 2
             : f == DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT ? 8 : 4;
   db->is_float = f == DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT ||
                  f == DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT;
   db->has_stencil = f == DB_DEPTH_INFO__FORMAT__DEPTH_8_24 ||
                     f == DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT;
   db->unorm_bits = f == DB_DEPTH_INFO__FORMAT__DEPTH_16 ? 16 : db->is_float ? 0 : 24;
   db->tiles_per_row = 1 + below(4);
   db->height = 8 * (1 + below(4));
   uint64_t slice_tiles = db->tiles_per_row * (db->height / 8) + below(3);
   db->sample_bytes = slice_tiles * 64 * db->bpp;
   s->ms.n = counts[i < 20 ? i / 5 : below(4)];
   s->bytes = s->ms.n * db->sample_bytes;

   db->z_enable = chance(85);
   bool stencil_enable = chance(50);
   if (!db->z_enable && !stencil_enable)
      db->z_enable = true;
   db->z_write = db->z_enable && chance(65);
   db->zfunc = below(8);
   db->stencil = stencil_enable && db->has_stencil;
   db->backface = chance(50);
   for (unsigned i = 0; i < 2; i++) {
      struct sim_db_stencil *st = &db->face[i];
      st->func = below(8);
      st->fail = below(8);
      st->zpass = below(8);
      st->zfail = below(8);
   }
   db->z_export = chance(40);
   s->late = chance(60);
   db->early = !s->late;
   db->clamp = chance(70);
   db->active = true;
}

/* What the code reads at run time, new for every block: the depth range, the stencil
 * references and masks, the sample offsets. */
static void random_run_time(struct setup *s)
{
   struct sim_db_state *db = &s->db;
   db->zmin = chance(40) ? 0.0 : chance(33) ? (float)unit() : (double)odd_float();
   db->zmax = chance(40) ? 1.0 : chance(33) ? (float)unit() : (double)odd_float();
   for (unsigned i = 0; i < 2; i++) {
      struct sim_db_stencil *st = &db->face[i];
      st->ref = (uint8_t)rnd();
      st->mask = chance(50) ? 0xFF : (uint8_t)rnd();
      st->writemask = chance(50) ? 0xFF : (uint8_t)rnd();
   }
   for (unsigned k = 0; k < SIM_MAX_SAMPLES; k++) {
      s->ms.dx[k] = (int64_t)below(SIM_SUBPIX) - SIM_SUBPIX / 2;
      s->ms.dy[k] = (int64_t)below(SIM_SUBPIX) - SIM_SUBPIX / 2;
   }
}

/* ---- the generated code -------------------------------------------------------------------- */

struct wrap {
   struct jit_db_key key;
   bool late;
};

/* uint32_t fn(db, prim, bx, by, mask, smask, ms, out) = jit_db_emit(...) */
static LLVMModuleRef build_wrapper(void *arg, LLVMContextRef ctx, const char *name)
{
   const struct wrap *w = arg;
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("test_jit_db", ctx);
   struct jb j;
   memset(&j, 0, sizeof(j));
   jb_init(&j, ctx, mod);
   LLVMTypeRef params[8] = { j.ptr, j.ptr, j.i32, j.i32, j.i32, j.ptr, j.ptr, j.ptr };
   j.fn = LLVMAddFunction(mod, name, LLVMFunctionType(j.i32, params, 8, 0));
   LLVMPositionBuilderAtEnd(j.b, LLVMAppendBasicBlockInContext(ctx, j.fn, "entry"));
   LLVMValueRef p[8];
   for (unsigned i = 0; i < 8; i++)
      p[i] = LLVMGetParam(j.fn, i);
   LLVMValueRef mask = LLVMBuildTrunc(j.b, p[4], j.i16, "");
   LLVMValueRef out = w->late ? p[7] : LLVMConstPointerNull(j.ptr);
   /* the primitive's setup, as the fused code makes it at the primitive's first block */
   LLVMValueRef setup = LLVMBuildAlloca(j.b, LLVMArrayType(j.i8, sizeof(struct jit_db_setup)), "");
   LLVMSetAlignment(setup, 32);
   if (w->key.z_enable)
      jit_db_setup_emit(&j, &w->key, p[0], p[1], p[6], setup);
   LLVMValueRef r = jit_db_emit(&j, &w->key, p[0], p[1], setup, p[2], p[3], mask, p[5], out);
   LLVMBuildRet(j.b, LLVMBuildZExt(j.b, r, j.i32, ""));
   LLVMDisposeBuilder(j.b);
   return mod;
}

static db_fn compile(const struct setup *s, struct sim_jit_code *code)
{
   struct { char tag[8]; struct wrap w; } key;
   memset(&key, 0, sizeof(key));
   memcpy(key.tag, "dbtest1", 8);
   if (!jit_db_key_init(&key.w.key, &s->db, &s->ms, s->late))
      return NULL;
   key.w.late = s->late;
   char err[256];
   if (sim_jit_compile_module(&key, sizeof(key), build_wrapper, &key.w, "default<O2>", code,
                              err, sizeof(err)) != SIM_JIT_OK) {
      check(false, "compile: %s", err);
      return NULL;
   }
   return (db_fn)(void (*)(void))code->fn;
}

/* ---- random blocks ------------------------------------------------------------------------- */

static int64_t coord(int64_t around, bool extreme)
{
   if (extreme)
      return (int64_t)(rnd() % (2u * (1u << 24) + 1)) - (1 << 24);   /* +-SIM_COORD_LIMIT */
   return around + (int64_t)below(64 * SIM_SUBPIX) - 32 * SIM_SUBPIX;
}

static void random_prim(struct sim_prim *p, int32_t bx, int32_t by, bool *flat)
{
   memset(p, 0, sizeof(*p));
   bool extreme = chance(15);
   int64_t cx = (int64_t)bx * SIM_SUBPIX, cy = (int64_t)by * SIM_SUBPIX;
   do {
      for (unsigned v = 0; v < 3; v++) {
         p->x[v] = coord(cx, extreme);
         p->y[v] = coord(cy, extreme);
      }
      if (chance(15)) {   /* a sliver: steep depth slopes */
         p->x[2] = p->x[0] + (p->x[1] - p->x[0]) / 2 + (int64_t)below(3) - 1;
         p->y[2] = p->y[0] + (p->y[1] - p->y[0]) / 2 + (int64_t)below(3) - 1;
      }
      /* E1 at v1: the barycentric denominator */
      p->area2 = (p->x[0] - p->x[2]) * (p->y[1] - p->y[2]) - (p->y[0] - p->y[2]) * (p->x[1] - p->x[2]);
   } while (p->area2 == 0);
   if (chance(3))
      p->area2 = chance(50) ? 0 : (int64_t)rnd() - (1 << 20);   /* garbage in, same garbage out */
   *flat = chance(30);
   for (unsigned v = 0; v < 3; v++)
      p->z[v] = chance(60) ? (float)unit() : chance(60) ? (float)(unit() * 2 - 0.5) : odd_float();
   if (*flat)
      p->z[1] = p->z[2] = p->z[0];
   p->z_offset = chance(60) ? 0.0 : chance(80) ? (unit() - 0.5) * 1e-3 : (double)odd_float();
   if (flat_inputs) {   /* z0 + offset's zeros of both signs meet the lanes' zero quotients */
      *flat = true;
      p->z[0] = p->z[1] = p->z[2] = flat_depth();
      p->z_offset = chance(70) ? (chance(50) ? 0.0 : -0.0) : (double)flat_depth();
   }
   if (nan_inputs) {   /* different NaNs meet in the plane's sums */
      for (unsigned v = 0; v < 3; v++)
         p->z[v] = chance(50) ? some_nan() : p->z[v];
      if (chance(50)) {
         uint64_t u = 0x7FF0000000000001ull | (uint64_t)rnd() << 20 | (uint64_t)below(2) << 63;
         memcpy(&p->z_offset, &u, 8);
      }
   }
   p->front = chance(50);
}

/* Random buffer bytes; inside the surface, for a flat primitive the block's depths are
 * mostly its encoded depth or a neighbour (EQUAL, rounding boundaries), and stencil values
 * mostly the face's reference or 0 or 255 (EQUAL, the clamping ops). */
static void fill_buffer(const struct setup *s, uint8_t *buf, const struct sim_prim *p, bool flat,
                        int32_t bx, int32_t by)
{
   for (size_t i = 0; i < s->bytes; i++)
      buf[i] = (uint8_t)rnd();
   uint32_t pitch = s->db.tiles_per_row * 8;
   if ((uint32_t)bx >= pitch || (uint32_t)by >= s->db.height)
      return;
   uint32_t z = sim_db_encode_depth(&s->db, (double)p->z[0] + p->z_offset);
   uint8_t ref = s->db.face[s->db.backface && !p->front].ref;
   for (unsigned k = 0; k < s->ms.n; k++)
      for (unsigned yy = 0; yy < 4; yy++)
         for (unsigned xx = 0; xx < 4; xx++) {
            unsigned x = (unsigned)bx + xx, y = (unsigned)by + yy;
            size_t tile = (size_t)(y / 8) * (pitch / 8) + x / 8;
            uint8_t *px = buf + k * s->db.sample_bytes + (tile * 64 + (y % 8) * 8 + x % 8) * s->db.bpp;
            if (s->db.has_stencil && chance(60)) {
               uint8_t sv = chance(70) ? ref : chance(50) ? 0 : 0xFF;
               px[s->db.bpp == 8 ? 4 : 3] = sv;
            }
            if (!flat || chance(30))
               continue;
            uint32_t v = z + (uint32_t)below(3) - 1;
            if (s->db.bpp == 2) {
               px[0] = (uint8_t)v;
               px[1] = (uint8_t)(v >> 8);
            } else if (s->db.is_float) {
               memcpy(px, &v, 4);
            } else {
               px[0] = (uint8_t)v;
               px[1] = (uint8_t)(v >> 8);
               px[2] = (uint8_t)(v >> 16);
            }
         }
}

static unsigned failures;

/* One random block on state s: C and JIT on copies, compared. */
static void run_block(struct setup *s, db_fn fn, uint8_t *buf_c, uint8_t *buf_j)
{
   random_run_time(s);
   uint32_t pitch = s->db.tiles_per_row * 8;
   int32_t bx = 4 * ((int32_t)below(pitch / 4 + 4) - 2);
   int32_t by = 4 * ((int32_t)below(s->db.height / 4 + 4) - 2);
   if (chance(2))
      bx = INT32_MIN;
   struct sim_prim prim;
   bool flat;
   random_prim(&prim, bx, by, &flat);
   fill_buffer(s, buf_c, &prim, flat, bx, by);
   memcpy(buf_j, buf_c, s->bytes);

   uint16_t mask = chance(40) ? 0xFFFF : (uint16_t)rnd();
   uint8_t smask_c[16], smask_j[16];
   uint8_t all = (uint8_t)((1u << s->ms.n) - 1);
   bool full = chance(40);
   for (unsigned l = 0; l < 16; l++)
      smask_c[l] = full ? all : chance(20) ? (uint8_t)rnd() : all & (uint8_t)rnd();
   memcpy(smask_j, smask_c, 16);
   static struct sim_exports out;
   for (unsigned l = 0; l < 16; l++) {
      float f = nan_inputs && chance(70) ? some_nan() : chance(50) ? (float)unit() : odd_float();
      memcpy(&out.pixel61[0][l], &f, 4);
   }
   out.pixel61_written = chance(85);

   s->db.base = buf_c;
   uint16_t want = sim_db_test(&s->db, &prim, bx, by, mask, smask_c, &s->ms, s->late ? &out : NULL);
   s->db.base = buf_j;
   uint32_t got = fn(&s->db, &prim, bx, by, mask, smask_j, &s->ms, &out);

   size_t diff = 0;
   while (diff < s->bytes && buf_c[diff] == buf_j[diff])
      diff++;
   bool ok = got == want && !memcmp(smask_c, smask_j, 16) && diff == s->bytes;
   if (!ok && ++failures <= 10)
      fprintf(stderr, "format %u samples %u z %d write %d func %u clamp %d [%g, %g] export %d "
              "late %d stencil %d back %d front %d stencil funcs %u/%u; block (%d, %d) mask "
              "%04x\n", s->db.format, s->ms.n, s->db.z_enable, s->db.z_write, s->db.zfunc,
              s->db.clamp, s->db.zmin, s->db.zmax, s->db.z_export, s->late, s->db.stencil,
              s->db.backface, prim.front, s->db.face[0].func, s->db.face[1].func, bx, by, mask);
   uint32_t word_c = 0, word_j = 0;
   if (diff < s->bytes) {
      memcpy(&word_c, buf_c + (diff & ~(size_t)3), 4);
      memcpy(&word_j, buf_j + (diff & ~(size_t)3), 4);
   }
   CHECK(ok, "returned %04x, want %04x; smask %s; buffer %s at byte %zu (dword %08x, want "
         "%08x)", got, want, memcmp(smask_c, smask_j, 16) ? "differs" : "same",
         diff == s->bytes ? "same" : "differs", diff, word_j, word_c);
}

/* ---- ns per block -------------------------------------------------------------------------- */

static double now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);   /* the machine is shared: CPU time */
   return t.tv_sec + t.tv_nsec * 1e-9;
}

/* DEPTH_X8_24, LESS, writes on, clamp, `samples` samples, early; a 256x256 surface, every
 * block fully covered by a plane (`flat`: of one depth) that comes nearer each pass (every
 * sample passes and is written). */
static int bench(unsigned samples, bool flat)
{
   struct setup s;
   memset(&s, 0, sizeof(s));
   struct sim_db_state *db = &s.db;
   db->format = DB_DEPTH_INFO__FORMAT__DEPTH_X8_24;
   db->bpp = 4;
   db->unorm_bits = 24;
   db->tiles_per_row = 32;
   db->height = 256;
   db->sample_bytes = 256 * 256 * 4;
   s.ms.n = samples;
   for (unsigned k = 0; k < samples; k++) {
      s.ms.dx[k] = (int64_t)(k * 97 % 512) - 256;
      s.ms.dy[k] = (int64_t)(k * 211 % 512) - 256;
   }
   db->z_enable = db->z_write = db->clamp = db->active = db->early = true;
   db->zfunc = DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS;
   db->zmax = 1.0;
   s.bytes = samples * db->sample_bytes;
   uint8_t *buf = malloc(s.bytes);
   struct sim_jit_code code;
   db_fn fn = compile(&s, &code);
   if (!check(fn != NULL, "code for %u samples (1, 2, 4 or 8)", samples))
      return check_report();
   struct sim_prim prim;
   memset(&prim, 0, sizeof(prim));
   int64_t v[3][2] = { { 0, 0 }, { 600 * SIM_SUBPIX, 0 }, { 0, 600 * SIM_SUBPIX } };
   for (unsigned i = 0; i < 3; i++) {
      prim.x[i] = v[i][0];
      prim.y[i] = v[i][1];
   }
   prim.area2 = (prim.x[0] - prim.x[2]) * (prim.y[1] - prim.y[2]) -
                (prim.y[0] - prim.y[2]) * (prim.x[1] - prim.x[2]);
   const unsigned passes = 200 / samples, blocks = 64 * 64;
   double t[2];
   for (unsigned e = 0; e < 2; e++) {
      memset(buf, 0xFF, s.bytes);
      db->base = buf;
      unsigned passed = 0;
      double t0 = now();
      for (unsigned p = 0; p < passes; p++) {
         float z = 0.9f - 0.004f * p;
         prim.z[0] = z;
         prim.z[1] = flat ? z : z + 0.05f;
         prim.z[2] = flat ? z : z + 0.02f;
         for (int32_t by = 0; by < 256; by += 4)
            for (int32_t bx = 0; bx < 256; bx += 4) {
               uint8_t smask[16];
               memset(smask, (1 << samples) - 1, 16);
               uint32_t m = e ? fn(db, &prim, bx, by, 0xFFFF, smask, &s.ms, NULL)
                              : sim_db_test(db, &prim, bx, by, 0xFFFF, smask, &s.ms, NULL);
               passed += m == 0xFFFF;
            }
      }
      t[e] = (now() - t0) * 1e9 / ((double)passes * blocks);
      CHECK(passed == passes * blocks, "%s: every block passes (%u of %u)", e ? "JIT" : "C",
            passed, passes * blocks);
   }
   printf("DEPTH_X8_24 LESS write, %u sample(s), %s plane, full 4x4 blocks: C %.1f ns/block, "
          "JIT %.1f ns/block (%.1fx)\n", samples, flat ? "flat" : "sloped", t[0], t[1],
          t[0] / t[1]);
   sim_jit_code_release(&code);
   free(buf);
   return check_report();
}

/* Compiles state s and compares `blocks` random blocks; returns the blocks compared. */
static unsigned run_state(struct setup *s, unsigned blocks)
{
   struct sim_jit_code code;
   db_fn fn = compile(s, &code);
   if (!fn)
      return 0;
   uint8_t *buf_c = malloc(s->bytes), *buf_j = malloc(s->bytes);
   for (unsigned b = 0; b < blocks; b++)
      run_block(s, fn, buf_c, buf_j);
   free(buf_c);
   free(buf_j);
   sim_jit_code_release(&code);
   return blocks;
}

int main(int argc, char **argv)
{
   sim_jit_start();
   if (argc > 1 && !strcmp(argv[1], "bench"))
      return bench(argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 1,
                   argc > 3 && !strcmp(argv[3], "flat"));
   unsigned states = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 24;
   unsigned blocks = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 500;
   if (getenv("TEST_JIT_DB_SEED"))
      rng = strtoull(getenv("TEST_JIT_DB_SEED"), NULL, 0);

   /* the key: what is left out of it is read at run time */
   struct setup s;
   random_state(&s, 99);
   struct jit_db_key k1, k2;
   CHECK(jit_db_key_init(&k1, &s.db, &s.ms, s.late));
   s.db.face[0].ref ^= 0x5A;
   s.db.zmin += 0.25;
   s.db.tiles_per_row++;
   CHECK(jit_db_key_init(&k2, &s.db, &s.ms, s.late) && !memcmp(&k1, &k2, sizeof(k1)),
         "reference, depth range and pitch are not in the key");
   s.db.active = false;
   CHECK(!jit_db_key_init(&k2, &s.db, &s.ms, s.late), "no key for an inactive DB");

   unsigned tested = 0;
   for (unsigned i = 0; i < states; i++) {
      random_state(&s, i);
      tested += run_state(&s, blocks);
   }
   /* NaNs stored as they come: float formats, ALWAYS or NOTEQUAL with writes, no clamp */
   nan_inputs = true;
   for (unsigned i = 0; i < 4; i++) {
      random_state(&s, 100);
      s.db.format = i & 1 ? DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT
                          : DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT;
      s.db.bpp = i & 1 ? 4 : 8;
      s.db.is_float = true;
      s.db.has_stencil = !(i & 1);
      s.db.unorm_bits = 0;
      s.db.sample_bytes = (uint64_t)s.db.tiles_per_row * (s.db.height / 8) * 64 * s.db.bpp;
      s.bytes = s.ms.n * s.db.sample_bytes;
      s.db.z_enable = s.db.z_write = true;
      s.db.zfunc = i < 2 ? DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS : DB_DEPTH_CONTROL__ZFUNC__FRAG_NOTEQUAL;
      s.db.stencil = s.db.stencil && s.db.has_stencil;
      s.db.clamp = false;
      s.db.z_export = i >= 2;
      s.late = true;
      tested += run_state(&s, blocks);
   }
   /* Flat planes (jit_db.c's flat form), every format and sample count, without depth
    * export (which takes the plane per lane) */
   nan_inputs = false;
   flat_inputs = true;
   for (unsigned i = 0; i < 20; i++) {
      random_state(&s, i);
      s.db.z_enable = true;
      s.db.z_write = chance(80);
      s.db.z_export = false;
      tested += run_state(&s, blocks);
   }
   printf("%u random, 4 NaN and 20 flat-plane states, %u blocks compared\n", states, tested);
   return check_report();
}
