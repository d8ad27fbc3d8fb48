/* kcache windows (kcache.h): which constant buffer a set reads, and the per-thread memo of
 * their host copies for the JIT. */
#include "sq/kcache.h"

#include "common/gpu_memory.h"
#include "r600_regs.h"
#include "sq/run_state.h"

enum sim_const_stage sim_const_stage(const struct sim_program *p, const struct sim_cf *cf)
{
   bool ps = p->stage == SIM_STAGE_PS;
   if (cf->alt_const)
      return ps ? SIM_CONST_VS : SIM_CONST_GS;
   return ps ? SIM_CONST_PS : SIM_CONST_VS;
}

unsigned sim_kcache_window_index(const struct sim_program *p, const struct sim_cf *cf, unsigned set)
{
   return sim_const_stage(p, cf) * SIM_KCACHE_BANKS + cf->kc_bank[set] % SIM_KCACHE_BANKS;
}

uint32_t sim_kcache_cache_reg(unsigned window)
{
   static const uint32_t reg[3] = { REG_SQ_ALU_CONST_CACHE_PS_0, REG_SQ_ALU_CONST_CACHE_VS_0,
                                    REG_SQ_ALU_CONST_CACHE_GS_0 };
   return reg[window / SIM_KCACHE_BANKS] +
          REG_SQ_ALU_CONST_CACHE_PS_0__stride * (window % SIM_KCACHE_BANKS);
}

uint32_t sim_kcache_size_reg(unsigned window)
{
   static const uint32_t reg[3] = { REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0,
                                    REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0,
                                    REG_SQ_ALU_CONST_BUFFER_SIZE_GS_0 };
   return reg[window / SIM_KCACHE_BANKS] +
          REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0__stride * (window % SIM_KCACHE_BANKS);
}

uint64_t sim_kcache_windows_used(const struct sim_program *p)
{
   uint64_t mask = 0;
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      for (unsigned s = 0; cf->op == SIM_CF_ALU && s < 2; s++) {
         if (cf->kc_used[s])
            mask |= 1ull << sim_kcache_window_index(p, cf, s);
      }
   }
   return mask;
}

static _Thread_local struct sim_kcache_window memo[SIM_KCACHE_WINDOWS];

/* The window of buffer base `cache` with `size` lines: what lock_kcache (cf_alu.c) accepts
 * from the base on, within one GPU buffer. */
static void resolve(struct sim_kcache_window *w, struct sim_memory *mem, uint32_t cache, uint32_t size)
{
   uint64_t base = (uint64_t)SQ_ALU_CONST_CACHE_PS_0__DATA__get(cache) << 8;
   uint64_t lines = SQ_ALU_CONST_BUFFER_SIZE_PS_0__DATA__get(size), extent;
   w->host = sim_mem_extent(mem, base, &extent);
   w->bytes = lines * SIM_KCACHE_LINE_BYTES < extent ? lines * SIM_KCACHE_LINE_BYTES : extent;
   w->cache = cache;
   w->size = size;
}

void sim_kcache_prepare(struct sim_run *x, uint64_t mask)
{
   struct sim_kcache_window *win = memo;
   const uint32_t *regs = x->env->regs;
   uint64_t gen = sim_mem_generation(x->env->mem);
   for (; mask; mask &= mask - 1) {
      unsigned i = (unsigned)__builtin_ctzll(mask);
      struct sim_kcache_window *w = &win[i];
      uint32_t cache = regs[sim_kcache_cache_reg(i) / 4], size = regs[sim_kcache_size_reg(i) / 4];
      if (w->generation != gen || w->cache != cache || w->size != size) {
         resolve(w, x->env->mem, cache, size);
         w->generation = gen;
      }
   }
   x->kc_win = win;
}
