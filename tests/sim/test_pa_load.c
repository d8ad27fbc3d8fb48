/* The PA's vertex load from the VS exports (llvmpipe_backend/geometry/pa.c): sim_pa_load_lanes
 * (four lanes transposed at a time, what draws use) and sim_pa_load_vertex (one lane) against
 * the packing rule written here (docs/r600-hardware-notes.md §3.5): the position is POS 60;
 * the misc vector is the next POS export when VS_OUT_MISC_VEC_ENA is set, else zero; the
 * clip/cull distances 0-3 and 4-7 follow in that order when VS_OUT_CCDIST0/1_VEC_ENA are set,
 * else zero; PARAM p is parameter p. Random export contents (any bits: NaN payloads,
 * denormals), enables, parameter counts 0..32 and lane counts 1..16; the vertices after the
 * n loaded ones must stay untouched. sim_pa_load_lanes without zero_rows (what draws use on
 * the fast path) must leave the misc and clip/cull distance vectors not exported as they
 * were, and load everything else by the rule. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "geometry/pa.h"
#include "check.h"

static uint64_t rng = 0x243F6A8885A308D3ull;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 11);
}

/* The expected vertex of `lane`, from the rule above. */
static void expected(const struct sim_pa_state *pa, const struct sim_exports *e, unsigned lane,
                     struct sim_vtx *v)
{
   memset(v, 0, sizeof(*v));
   uint32_t *pos = (uint32_t *)v->pos, *misc = (uint32_t *)v->misc;
   uint32_t *cc = (uint32_t *)v->ccdist;
   unsigned next = 1;   /* the next POS export after the position */
   for (unsigned c = 0; c < 4; c++)
      pos[c] = e->pos[0][c][lane];
   if (pa->misc_vec) {
      for (unsigned c = 0; c < 4; c++)
         misc[c] = e->pos[next][c][lane];
      next++;
   }
   if (pa->ccdist_vec[0]) {
      for (unsigned c = 0; c < 4; c++)
         cc[c] = e->pos[next][c][lane];
      next++;
   }
   if (pa->ccdist_vec[1]) {
      for (unsigned c = 0; c < 4; c++)
         cc[4 + c] = e->pos[next][c][lane];
   }
   for (unsigned p = 0; p < pa->nparams; p++)
      for (unsigned c = 0; c < 4; c++)
         memcpy(&v->param[p][c], &e->param[p][c][lane], 4);
}

/* want with the vectors not exported as in `before`: what a load without zero_rows gives. */
static void kept(const struct sim_pa_state *pa, const struct sim_vtx *before, struct sim_vtx *want)
{
   if (!pa->misc_vec)
      memcpy(want->misc, before->misc, sizeof(want->misc));
   for (unsigned k = 0; k < 2; k++) {
      if (!pa->ccdist_vec[k])
         memcpy(&want->ccdist[4 * k], &before->ccdist[4 * k], 4 * sizeof(float));
   }
}

/* The parts of a vertex the load defines: everything but the parameters past nparams. */
static bool same(const struct sim_vtx *a, const struct sim_vtx *b, unsigned nparams)
{
   return memcmp(a, b, offsetof(struct sim_vtx, param)) == 0 &&
          memcmp(a->param, b->param, nparams * sizeof(a->param[0])) == 0;
}

int main(void)
{
   static struct sim_exports e;
   static struct sim_vtx got[SIM_LANES + 1], one, want, before;
   unsigned bad_lanes = 0, bad_one = 0, bad_kept = 0, touched = 0, runs = 4000;
   for (unsigned run = 0; run < runs; run++) {
      struct sim_pa_state pa = { 0 };
      pa.misc_vec = rnd() & 1;
      pa.ccdist_vec[0] = rnd() & 1;
      pa.ccdist_vec[1] = rnd() & 1;
      pa.nparams = rnd() % (SIM_MAX_PARAMS + 1);
      unsigned n = 1 + rnd() % SIM_LANES;
      uint32_t *w = (uint32_t *)&e;
      for (size_t i = 0; i < offsetof(struct sim_exports, pixel) / 4; i++)
         w[i] = rnd() | (rnd() & 1u) << 31;
      bool zero_rows = run % 2;
      memset(got, 0xA5, sizeof(got));
      memset(&before, 0xA5, sizeof(before));
      sim_pa_load_lanes(&pa, &e, n, zero_rows, got);
      for (unsigned l = 0; l < n; l++) {
         if (!zero_rows) {
            expected(&pa, &e, l, &want);
            kept(&pa, &before, &want);
            if (!same(&got[l], &want, pa.nparams) && bad_kept++ < 5)
               check(false, "run %u: sim_pa_load_lanes without zero rows lane %u of %u (misc %d "
                     "ccdist %d %d)", run, l, n, pa.misc_vec, pa.ccdist_vec[0], pa.ccdist_vec[1]);
            continue;
         }
         expected(&pa, &e, l, &want);
         if (!same(&got[l], &want, pa.nparams) && bad_lanes++ < 5)
            check(false, "run %u: sim_pa_load_lanes lane %u of %u (misc %d ccdist %d %d, "
                  "%u params)", run, l, n, pa.misc_vec, pa.ccdist_vec[0], pa.ccdist_vec[1],
                  pa.nparams);
         memset(&one, 0x5A, sizeof(one));
         sim_pa_load_vertex(&pa, &e, l, &one);
         if (!same(&one, &want, pa.nparams) && bad_one++ < 5)
            check(false, "run %u: sim_pa_load_vertex lane %u", run, l);
      }
      const uint8_t *after = (const uint8_t *)&got[n];
      for (size_t i = 0; i < sizeof(got[0]); i++)
         touched += after[i] != 0xA5;
   }
   CHECK(bad_lanes == 0, "%u lanes differ from the rule (sim_pa_load_lanes)", bad_lanes);
   CHECK(bad_one == 0, "%u lanes differ from the rule (sim_pa_load_vertex)", bad_one);
   CHECK(bad_kept == 0, "%u lanes differ (sim_pa_load_lanes without zero rows)", bad_kept);
   CHECK(touched == 0, "%u bytes written past the n loaded vertices", touched);
   return check_report();
}
