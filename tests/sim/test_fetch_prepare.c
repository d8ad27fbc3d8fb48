/* The JIT's inline vertex fetch resolution (sim_fetch_vtx_prepare, sq/fetch_unit.c), which
 * keeps each fetch's buffer resolution per thread between runs of a clause, against a model
 * written here from the fetch rules of fetch_unit.c: for each fetch of a VTX clause, the
 * resource words of slot 160 + BUFFER_ID (VS), the element's last byte OFFSET + size - 1
 * against SIZE (the last valid byte offset), the host mapping of BASE_ADDRESS .. SIZE in
 * GPU memory, STRIDE (0 with CONST_BUF_NO_STRIDE), CLAMP_X, the index offset of FETCH_TYPE
 * (SQ_VTX_BASE_VTX_LOC / SQ_VTX_START_INST_LOC / none) and the lanes. Between runs of two
 * clauses the test changes one thing at a time - a resource word (base, size, stride,
 * clamp, type), an instruction's offset or format, an index offset register, the memory
 * (a buffer freed and allocated again, an unmapped base) - so that a resolution kept when
 * it should have been redone gives a different result. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"
#include "sq/fetch_unit.h"
#include "check.h"

#define VS_SLOT_BASE 160
#define SLOT_DWORDS ((REG_SQ_VTX_CONSTANT_WORD6_0 + 4 - REG_SQ_VTX_CONSTANT_WORD0_0) / 4)
#define NBUF 3
#define NFETCH 4
#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n

static uint64_t rng = 0x5851F42D4C957F2Dull;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 11);
}

/* Formats used and their element sizes in bytes. */
static const struct { uint8_t code, bytes; } formats[] = {
   { FMT(32_32_32_32_FLOAT), 16 }, { FMT(32_32_32_FLOAT), 12 }, { FMT(32_32_FLOAT), 8 },
   { FMT(32_FLOAT), 4 }, { FMT(8_8_8_8), 4 }, { FMT(16_16), 4 }, { FMT(8), 1 }, { FMT(16), 2 },
};

static uint32_t regs[SIM_REG_SPACE_DWORDS];
static struct sim_memory *mem;
static uint64_t buf_va[NBUF], buf_size[NBUF];

static uint32_t *slot_words(unsigned id)
{
   return &regs[REG_SQ_VTX_CONSTANT_WORD0_0 / 4 + (VS_SLOT_BASE + id) * SLOT_DWORDS];
}

static unsigned format_bytes(uint8_t code)
{
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      if (formats[i].code == code)
         return formats[i].bytes;
   return 0;
}

/* Resource `id` pointing into buffer b (or, rarely, at an unmapped address). */
static void random_resource(unsigned id)
{
   uint32_t *w = slot_words(id);
   unsigned b = rnd() % NBUF;
   uint64_t base = rnd() % 10 == 0 ? 0x7F000000ull : buf_va[b] + (rnd() % 3) * 4;
   uint32_t size = rnd() % 8 == 0 ? (uint32_t)(rnd() % 8) : (uint32_t)(rnd() % buf_size[b]);
   w[0] = SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)base);
   w[1] = SQ_VTX_CONSTANT_WORD1__SIZE(size);
   w[2] = SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(base >> 32)) |
          SQ_VTX_CONSTANT_WORD2__STRIDE(rnd() % 6 == 0 ? 0 : rnd() % 64) |
          SQ_VTX_CONSTANT_WORD2__CLAMP_X(rnd() & 1);
   w[6] = SQ_VTX_CONSTANT_WORD6__TYPE(rnd() % 12 == 0 ? 0 :
                                      SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER);
}

static void random_fetch(struct sim_vtx_inst *v)
{
   memset(v, 0, sizeof(*v));
   v->buffer_id = (uint8_t)(rnd() % 4);
   v->fetch_type = (uint8_t)(rnd() % 3);
   v->data_format = formats[rnd() % (sizeof(formats) / sizeof(formats[0]))].code;
   v->offset = (uint16_t)(rnd() % 40);
   v->no_stride = rnd() % 5 == 0;
   v->dst_gpr = 1;
}

/* The model: 0 and want[] filled, or -1 when the clause must take the C path. */
static int model(const struct sim_run *x, const struct sim_cf *cf, const struct sim_vtx_inst *vtx,
                 struct sim_vtx_fast *want)
{
   for (unsigned i = 0; i < cf->count; i++) {
      const struct sim_vtx_inst *v = &vtx[cf->first + i];
      const uint32_t *w = slot_words(v->buffer_id);
      if (SQ_VTX_CONSTANT_WORD6__TYPE__get(w[6]) != SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER)
         return -1;
      uint64_t base = w[0] | (uint64_t)SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI__get(w[2]) << 32;
      uint64_t last = w[1];
      uint64_t bytes = format_bytes(v->data_format);
      uint32_t stride = v->no_stride ? 0 : SQ_VTX_CONSTANT_WORD2__STRIDE__get(w[2]);
      bool any = v->offset + bytes - 1 <= last;
      const uint8_t *data = any ? sim_mem_range(mem, base, last + 1) : NULL;
      if (any && (!data || (bytes < 4 && last < 5)))
         return -1;
      uint32_t add = v->fetch_type == SIM_FETCH_VERTEX ? regs[REG_SQ_VTX_BASE_VTX_LOC / 4]
                   : v->fetch_type == SIM_FETCH_INSTANCE ? regs[REG_SQ_VTX_START_INST_LOC / 4]
                   : 0;
      uint32_t max = 0;
      if (any)
         max = stride ? (uint32_t)((last - (v->offset + bytes - 1)) / stride) : UINT32_MAX;
      want[i] = (struct sim_vtx_fast){
         .data = any ? data : (const uint8_t *)x->tmp, .stride = stride, .add = add,
         .max_index = max,
         .oob = SQ_VTX_CONSTANT_WORD2__CLAMP_X__get(w[2]) ? 0xFFC00000u : 0u,
         .lanes = x->exec, .read = any ? x->exec : 0 };
   }
   return 0;
}

static bool same_fast(const struct sim_vtx_fast *a, const struct sim_vtx_fast *b)
{
   return a->data == b->data && a->stride == b->stride && a->add == b->add &&
          a->max_index == b->max_index && a->oob == b->oob && a->lanes == b->lanes &&
          a->read == b->read;
}

int main(void)
{
   mem = sim_mem_create();
   for (unsigned b = 0; b < NBUF; b++) {
      buf_size[b] = 64 + rnd() % 4000;
      buf_va[b] = sim_mem_alloc(mem, buf_size[b], 256);
   }
   /* two clauses of NFETCH fetches each */
   struct sim_vtx_inst vtx[2 * NFETCH];
   struct sim_cf cf[2];
   memset(cf, 0, sizeof(cf));
   for (unsigned c = 0; c < 2; c++) {
      cf[c].first = c * NFETCH;
      cf[c].count = 1 + rnd() % NFETCH;
   }
   for (unsigned i = 0; i < 2 * NFETCH; i++)
      random_fetch(&vtx[i]);
   for (unsigned id = 0; id < 4; id++)
      random_resource(id);
   struct sim_program prog;
   memset(&prog, 0, sizeof(prog));
   prog.stage = SIM_STAGE_VS;
   prog.cf = cf;
   prog.ncf = 2;
   prog.vtx = vtx;
   prog.nvtx = 2 * NFETCH;
   struct sim_shader_env env = { .stage = SIM_STAGE_VS, .mem = mem, .regs = regs };
   static struct sim_run x;
   x.prog = &prog;
   x.env = &env;
   x.launched = x.valid = 0xFFFF;

   unsigned bad = 0, taken = 0, runs = 60000;
   for (unsigned run = 0; run < runs; run++) {
      switch (rnd() % 8) {   /* one change, or none */
      case 0: random_resource(rnd() % 4); break;
      case 1: { uint32_t *w = slot_words(rnd() % 4); w[1] = rnd() % 200; break; }
      case 2: { uint32_t *w = slot_words(rnd() % 4);
                w[2] ^= SQ_VTX_CONSTANT_WORD2__STRIDE(1u << (rnd() % 6)); break; }
      case 3: random_fetch(&vtx[rnd() % (2 * NFETCH)]); break;
      case 4: regs[(rnd() & 1 ? REG_SQ_VTX_BASE_VTX_LOC : REG_SQ_VTX_START_INST_LOC) / 4] = rnd() % 100;
              break;
      case 5: { unsigned b = rnd() % NBUF;   /* freed and allocated again */
                sim_mem_free(mem, buf_va[b]);
                buf_va[b] = sim_mem_alloc(mem, buf_size[b], 256);
                break; }
      default: break;
      }
      unsigned c = rnd() % 2;
      x.exec = (uint16_t)(rnd() % 0x10000);
      struct sim_vtx_fast want[NFETCH];
      int expect = model(&x, &cf[c], vtx, want);
      memset(x.vtx_fast, 0xA5, sizeof(x.vtx_fast));
      int got = sim_fetch_vtx_prepare(&x, c);
      bool same = got == expect;
      for (unsigned i = 0; same && got == 0 && i < cf[c].count; i++)
         same = same_fast(&x.vtx_fast[i], &want[i]);
      taken += expect == 0;
      if (!same && bad++ < 5)
         check(false, "run %u clause %u: prepare %d, model %d (or a fetch differs)", run, c, got,
               expect);
   }
   CHECK(bad == 0, "%u of %u prepares differ from the model", bad, runs);
   CHECK(taken > runs / 4, "only %u of %u clauses on the inline path", taken, runs);
   printf("%u prepares, %u on the inline path\n", runs, taken);
   sim_mem_destroy(mem);
   return check_report();
}
