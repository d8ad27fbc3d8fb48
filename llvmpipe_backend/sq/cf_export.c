/* EXPORT / EXPORT_DONE of PIXEL, POS and PARAM data for both engines: BURST_COUNT + 1
 * consecutive GPRs (from RW_GPR, plus the loop index AL with RW_REL) go to consecutive
 * ARRAY_BASE slots, swizzled by SEL_X..W, for the active lanes (WHOLE_QUAD_MODE /
 * VALID_PIXEL_MODE as in cf_exec.c). EXPORT_DONE ends nothing here: it only marks the last
 * export of its type. Memory exports other than MEM_SCRATCH (cf_scratch.c) are rejected by
 * the decoder. */
#include "sq/cf_export.h"

#include "sq/run_state.h"

int sim_cf_export(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   struct sim_exports *out = x->out;
   uint16_t lanes = sim_cf_mode_lanes(x, cf, x->exec);
   int64_t gpr = cf->gpr + (cf->rw_rel ? x->loop_index : 0);
   if (gpr < 0 || gpr + cf->burst > SIM_MAX_GPRS)
      return sim_run_fault(x, pc, "export reads R%lld..R%lld, outside the register file",
                           (long long)gpr, (long long)gpr + cf->burst - 1);
   for (unsigned b = 0; b < cf->burst; b++) {
      unsigned index = cf->array_base + b;
      uint32_t (*dst)[SIM_LANES];
      switch (cf->exp_type) {
      case SIM_EXPORT_POS:
         dst = out->pos[index - 60];
         out->pos_mask |= (uint8_t)(1u << (index - 60));
         break;
      case SIM_EXPORT_PARAM:
         dst = out->param[index];
         out->param_mask |= 1u << index;
         break;
      default:
         if (index == 61) {
            dst = out->pixel61;
            out->pixel61_written = true;
         } else {
            dst = out->pixel[index];
            out->pixel_mask |= (uint8_t)(1u << index);
         }
         break;
      }
      const uint32_t (*src)[SIM_LANES] = x->lanes->gpr[gpr + b];
      for (unsigned c = 0; c < 4; c++) {
         unsigned sel = cf->sel[c];
         if (sel == SIM_SEL_MASK)
            continue;
         for (unsigned l = 0; l < SIM_LANES; l++) {
            if (!(lanes >> l & 1))
               continue;
            if (sel <= SIM_SEL_W)
               dst[c][l] = src[sel][l];
            else
               dst[c][l] = sel == SIM_SEL_1 ? 0x3F800000u : 0u;
         }
      }
   }
   return sim_cf_next(x, pc, pc + 1);
}
