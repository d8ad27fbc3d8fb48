/* Draw footprints (see draw_deps.h). */
#include "geometry/draw_deps.h"

#include "common/exec.h"
#include "common/gpu_memory.h"
#include "r600_regs.h"

/* Resource slots: SQ_TEX_RESOURCE / SQ_VTX_CONSTANT words 0..6 of every stage, up to the
 * samplers. */
#define RES_STRIDE (REG_SQ_TEX_RESOURCE_WORD6_0 + 4 - REG_SQ_TEX_RESOURCE_WORD0_0)
#define RES_SLOTS ((REG_SQ_TEX_SAMPLER_WORD0_0 - REG_SQ_TEX_RESOURCE_WORD0_0) / RES_STRIDE)
#define KCACHE_REGS 16

void sim_deps_clear(struct sim_deps *d)
{
   d->nreads = d->nwrites = 0;
}

static bool add(struct sim_deps_range *list, unsigned *n, unsigned max,
                const struct sim_exec *ex, uint64_t va, uint64_t key)
{
   uint64_t bytes;
   if (!va || !sim_mem_extent(ex->mem, va, &bytes))
      return true;   /* nothing there: an access faults (and the fault waits for all) */
   struct sim_deps_range r = { va, va + bytes, key };
   for (unsigned i = 0; i < *n; i++) {
      if (list[i].lo == r.lo && list[i].hi == r.hi && list[i].key == r.key)
         return true;
   }
   if (*n == max)
      return false;
   list[(*n)++] = r;
   return true;
}

static bool add_read(struct sim_deps *d, const struct sim_exec *ex, uint64_t va)
{
   return add(d->reads, &d->nreads, SIM_DEPS_MAX_READS, ex, va, 0);
}

/* FNV-1a over the layout registers of a surface, `kind` telling colour from depth. */
static uint64_t layout_key(const struct sim_exec *ex, uint32_t kind, const uint32_t *regs,
                           unsigned n)
{
   uint64_t h = 0xcbf29ce484222325ull ^ kind;
   for (unsigned i = 0; i <= n; i++) {
      uint32_t v = i < n ? sim_reg(ex, regs[i]) : sim_reg(ex, REG_PA_SC_AA_CONFIG);
      h = (h ^ v) * 0x100000001b3ull;
   }
   return h;
}

static bool write_surface(struct sim_deps *d, const struct sim_exec *ex, uint32_t kind,
                          const uint32_t *regs, unsigned n)
{
   uint64_t va = (uint64_t)sim_reg(ex, regs[0]) << 8;
   return add(d->writes, &d->nwrites, SIM_DEPS_MAX_WRITES, ex, va,
              layout_key(ex, kind, regs, n));
}

static bool collect_writes(struct sim_deps *d, const struct sim_exec *ex)
{
   uint32_t ctl = sim_reg(ex, REG_CB_COLOR_CONTROL);
   unsigned special = CB_COLOR_CONTROL__SPECIAL_OP__get(ctl);
   uint32_t target_mask = sim_reg(ex, REG_CB_TARGET_MASK);
   uint32_t rt_enable = sim_reg(ex, REG_CB_SHADER_CONTROL);
   for (unsigned n = 0; n < REG_CB_COLOR0_BASE__count; n++) {
      bool used = special == CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_RESOLVE_BOX
                     ? n < 2
                     : special != CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_DISABLE &&
                          (rt_enable >> n & 1) &&
                          (target_mask >> (n * CB_TARGET_MASK__TARGET1_ENABLE__shift) & 0xF);
      const uint32_t regs[] = { REG_CB_COLOR0_BASE + 4 * n, REG_CB_COLOR0_SIZE + 4 * n,
                                REG_CB_COLOR0_VIEW + 4 * n, REG_CB_COLOR0_INFO + 4 * n };
      if (used && !write_surface(d, ex, 1, regs, 4))
         return false;
   }
   if (DB_DEPTH_INFO__FORMAT__get(sim_reg(ex, REG_DB_DEPTH_INFO)) !=
       DB_DEPTH_INFO__FORMAT__DEPTH_INVALID) {
      const uint32_t regs[] = { REG_DB_DEPTH_BASE, REG_DB_DEPTH_SIZE, REG_DB_DEPTH_VIEW,
                                REG_DB_DEPTH_INFO };
      if (!write_surface(d, ex, 2, regs, 4))
         return false;
   }
   return true;
}

static bool collect_reads(struct sim_deps *d, const struct sim_exec *ex)
{
   for (unsigned s = 0; s < RES_SLOTS; s++) {
      uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0 + s * RES_STRIDE;
      uint32_t type = SQ_TEX_RESOURCE_WORD6__TYPE__get(sim_reg(ex, at + 24));
      if (type == SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE) {
         if (!add_read(d, ex, (uint64_t)sim_reg(ex, at + 8) << 8) ||
             !add_read(d, ex, (uint64_t)sim_reg(ex, at + 12) << 8))
            return false;
      } else if (type == SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER) {
         uint64_t va = SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS__get(sim_reg(ex, at)) |
                       (uint64_t)SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI__get(sim_reg(ex, at + 8))
                          << 32;
         if (!add_read(d, ex, va))
            return false;
      }
   }
   static const uint32_t kcache[] = { REG_SQ_ALU_CONST_CACHE_PS_0, REG_SQ_ALU_CONST_CACHE_VS_0,
                                      REG_SQ_ALU_CONST_CACHE_GS_0 };
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned i = 0; i < KCACHE_REGS; i++) {
         if (!add_read(d, ex, (uint64_t)sim_reg(ex, kcache[k] + 4 * i) << 8))
            return false;
      }
   }
   static const uint32_t shifted[] = { REG_SQ_PGM_START_PS, REG_SQ_PGM_START_VS,
                                       REG_SQ_PGM_START_FS, REG_SQ_PGM_START_GS,
                                       REG_SQ_PGM_START_ES, REG_SQ_PSTMP_RING_BASE,
                                       REG_SQ_VSTMP_RING_BASE };
   for (unsigned i = 0; i < sizeof(shifted) / sizeof(shifted[0]); i++) {
      if (!add_read(d, ex, (uint64_t)sim_reg(ex, shifted[i]) << 8))
         return false;
   }
   uint64_t index = sim_reg(ex, REG_VGT_DMA_BASE) |
                    (uint64_t)VGT_DMA_BASE_HI__BASE_ADDR__get(sim_reg(ex, REG_VGT_DMA_BASE_HI))
                       << 32;
   return add_read(d, ex, index);
}

bool sim_deps_collect(struct sim_deps *d, const struct sim_exec *ex)
{
   sim_deps_clear(d);
   return collect_writes(d, ex) && collect_reads(d, ex);
}

static bool overlap(const struct sim_deps_range *a, const struct sim_deps_range *b)
{
   return a->lo < b->hi && b->lo < a->hi;
}

bool sim_deps_conflict(const struct sim_deps *pending, const struct sim_deps *d)
{
   for (unsigned w = 0; w < pending->nwrites; w++) {
      const struct sim_deps_range *pw = &pending->writes[w];
      for (unsigned r = 0; r < d->nreads; r++) {
         if (overlap(pw, &d->reads[r]))
            return true;
      }
      for (unsigned k = 0; k < d->nwrites; k++) {
         if (overlap(pw, &d->writes[k]) && pw->key != d->writes[k].key)
            return true;
      }
   }
   for (unsigned r = 0; r < pending->nreads; r++) {
      for (unsigned k = 0; k < d->nwrites; k++) {
         if (overlap(&pending->reads[r], &d->writes[k]))
            return true;
      }
   }
   return false;
}

bool sim_deps_merge(struct sim_deps *pending, const struct sim_deps *d)
{
   for (unsigned r = 0; r < d->nreads; r++) {
      unsigned i = 0;
      while (i < pending->nreads && (pending->reads[i].lo != d->reads[r].lo ||
                                     pending->reads[i].hi != d->reads[r].hi))
         i++;
      if (i == pending->nreads) {
         if (i == SIM_DEPS_MAX_READS)
            return false;
         pending->reads[pending->nreads++] = d->reads[r];
      }
   }
   for (unsigned w = 0; w < d->nwrites; w++) {
      unsigned i = 0;
      while (i < pending->nwrites && (pending->writes[i].lo != d->writes[w].lo ||
                                      pending->writes[i].hi != d->writes[w].hi ||
                                      pending->writes[i].key != d->writes[w].key))
         i++;
      if (i == pending->nwrites) {
         if (i == SIM_DEPS_MAX_WRITES)
            return false;
         pending->writes[pending->nwrites++] = d->writes[w];
      }
   }
   return true;
}
