/* PM4 command-stream builder (see r600_cs.h). */
#include "r600_cs.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "r600_pm4.h"
#include "r600_regs.h"

void r600_cs_init(struct r600_cs *cs)
{
   memset(cs, 0, sizeof(*cs));
}

void r600_cs_reset(struct r600_cs *cs)
{
   for (unsigned i = 0; i < cs->num_bos; i++)
      r600_bo_reference(&cs->bos[i], NULL);
   if (cs->num_bos)
      memset(cs->bo_set, 0, 2 * (size_t)cs->max_bos * sizeof(*cs->bo_set));
   cs->num_bos = 0;
   cs->cdw = 0;
   cs->failed = false;
}

void r600_cs_fini(struct r600_cs *cs)
{
   r600_cs_reset(cs);
   free(cs->buf);
   free(cs->bos);
   free(cs->bo_set);
   memset(cs, 0, sizeof(*cs));
}

bool r600_cs_reserve(struct r600_cs *cs, unsigned ndw)
{
   if (cs->failed)
      return false;
   if (cs->max_dw - cs->cdw >= ndw)
      return true;
   unsigned max = cs->max_dw ? cs->max_dw : 64;
   while (max - cs->cdw < ndw)
      max *= 2;
   uint32_t *p = realloc(cs->buf, (size_t)max * sizeof(uint32_t));
   if (!p) {
      cs->failed = true;
      return false;
   }
   cs->buf = p;
   cs->max_dw = max;
   return true;
}

void cs_emit_array(struct r600_cs *cs, const uint32_t *dw, unsigned n)
{
   if (!n || !r600_cs_reserve(cs, n))
      return;
   memcpy(cs->buf + cs->cdw, dw, n * sizeof(uint32_t));
   cs->cdw += n;
}

void cs_append(struct r600_cs *cs, const struct r600_cs *src)
{
   if (src->failed)
      cs->failed = true;
   cs_emit_array(cs, src->buf, src->cdw);
}

/* The slot of bo in the set, or the empty slot where it would go (the set is never full:
 * it has twice as many slots as bos can hold). */
static unsigned bo_set_slot(struct r600_bo *const *set, unsigned max_bos, const struct r600_bo *bo)
{
   unsigned mask = 2 * max_bos - 1;
   unsigned i = (unsigned)(((uintptr_t)bo >> 4) * 2654435761u) & mask;
   while (set[i] && set[i] != bo)
      i = (i + 1) & mask;
   return i;
}

bool cs_references_bo(const struct r600_cs *cs, const struct r600_bo *bo)
{
   return cs->num_bos && cs->bo_set[bo_set_slot(cs->bo_set, cs->max_bos, bo)] == bo;
}

/* Doubles the buffer list and rebuilds the set at its new size. */
static bool grow_bos(struct r600_cs *cs)
{
   unsigned max = cs->max_bos ? cs->max_bos * 2 : 32;
   struct r600_bo **set = calloc(2 * (size_t)max, sizeof(*set));
   void *p = set ? realloc(cs->bos, max * sizeof(*cs->bos)) : NULL;
   if (!p) {
      free(set);
      return false;
   }
   cs->bos = p;
   for (unsigned i = 0; i < cs->num_bos; i++)
      set[bo_set_slot(set, max, cs->bos[i])] = cs->bos[i];
   free(cs->bo_set);
   cs->bo_set = set;
   cs->max_bos = max;
   return true;
}

void cs_add_bo(struct r600_cs *cs, struct r600_bo *bo)
{
   assert(cs->submittable);
   if (!bo || cs_references_bo(cs, bo))
      return;
   if (cs->num_bos == cs->max_bos && !grow_bos(cs)) {
      cs->failed = true;
      return;
   }
   cs->bos[cs->num_bos] = NULL;
   r600_bo_reference(&cs->bos[cs->num_bos], bo);
   cs->num_bos++;
   cs->bo_set[bo_set_slot(cs->bo_set, cs->max_bos, bo)] = bo;
}

void cs_pkt3(struct r600_cs *cs, unsigned opcode, unsigned body_dw)
{
   assert(body_dw >= 1);
   cs_emit(cs, PM4_TYPE3_HDR(opcode, body_dw));
}

/* Header + window-relative dword index of a SET_* packet. */
static void set_seq(struct r600_cs *cs, unsigned opcode, uint32_t window_start, uint32_t window_end,
                    uint32_t reg, unsigned count)
{
   assert(reg >= window_start && reg + 4 * count <= window_end && count >= 1);
   (void)window_end;
   cs_pkt3(cs, opcode, count + 1);
   cs_emit(cs, (reg - window_start) >> 2);
}

void cs_set_context_reg_seq(struct r600_cs *cs, uint32_t reg, unsigned count)
{
   set_seq(cs, PM4_IT_SET_CONTEXT_REG, PM4_SET_CONTEXT_REG_WINDOW_START,
           PM4_SET_CONTEXT_REG_WINDOW_END, reg, count);
}

void cs_set_context_reg(struct r600_cs *cs, uint32_t reg, uint32_t value)
{
   cs_set_context_reg_seq(cs, reg, 1);
   cs_emit(cs, value);
}

void cs_set_config_reg_seq(struct r600_cs *cs, uint32_t reg, unsigned count)
{
   set_seq(cs, PM4_IT_SET_CONFIG_REG, PM4_SET_CONFIG_REG_WINDOW_START,
           PM4_SET_CONFIG_REG_WINDOW_END, reg, count);
}

void cs_set_config_reg(struct r600_cs *cs, uint32_t reg, uint32_t value)
{
   cs_set_config_reg_seq(cs, reg, 1);
   cs_emit(cs, value);
}

void cs_set_ctl_const(struct r600_cs *cs, uint32_t reg, uint32_t value)
{
   set_seq(cs, PM4_IT_SET_CTL_CONST, PM4_SET_CTL_CONST_WINDOW_START, PM4_SET_CTL_CONST_WINDOW_END,
           reg, 1);
   cs_emit(cs, value);
}

void cs_set_loop_const(struct r600_cs *cs, uint32_t reg, uint32_t value)
{
   set_seq(cs, PM4_IT_SET_LOOP_CONST, PM4_SET_LOOP_CONST_WINDOW_START,
           PM4_SET_LOOP_CONST_WINDOW_END, reg, 1);
   cs_emit(cs, value);
}

void cs_set_resource(struct r600_cs *cs, unsigned slot, const uint32_t words[7])
{
   /* Resource slot n's seven words start at SQ_VTX_CONSTANT_WORD0_0 + n * 7 dwords. */
   uint32_t reg = REG_SQ_VTX_CONSTANT_WORD0_0 + slot * 7 * 4;
   set_seq(cs, PM4_IT_SET_RESOURCE, PM4_SET_RESOURCE_WINDOW_START, PM4_SET_RESOURCE_WINDOW_END,
           reg, 7);
   cs_emit_array(cs, words, 7);
}

void cs_set_sampler(struct r600_cs *cs, unsigned slot, const uint32_t words[3])
{
   uint32_t reg = REG_SQ_TEX_SAMPLER_WORD0_0 + slot * 3 * 4;
   set_seq(cs, PM4_IT_SET_SAMPLER, PM4_SET_SAMPLER_WINDOW_START, PM4_SET_SAMPLER_WINDOW_END, reg, 3);
   cs_emit_array(cs, words, 3);
}

void cs_set_context_regs(struct r600_cs *cs, const struct r600_reg_value *regs, unsigned n)
{
   unsigned i = 0;
   while (i < n) {
      unsigned run = 1;
      while (i + run < n && regs[i + run].reg == regs[i].reg + 4 * run)
         run++;
      cs_set_context_reg_seq(cs, regs[i].reg, run);
      for (unsigned k = 0; k < run; k++)
         cs_emit(cs, regs[i + k].value);
      i += run;
   }
}

void cs_event_write(struct r600_cs *cs, unsigned event_type, unsigned event_index)
{
   cs_pkt3(cs, PM4_IT_EVENT_WRITE, 1);
   cs_emit(cs, PM4_EVENT_WRITE__EVENT_TYPE(event_type) | PM4_EVENT_WRITE__EVENT_INDEX(event_index));
}
