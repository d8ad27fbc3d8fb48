/* MEM_SCRATCH for both engines (the JIT calls it through sim_cf_step): WRITE copies the
 * COMP_MASK components of GPRs RW_GPR .. RW_GPR + BURST_COUNT (plus AL with RW_REL) into
 * elements ARRAY_BASE .. of each active lane's scratch item, READ copies them back, in the
 * stage's scratch ring (hw_scratch.h: the VS and fetch shader use the VSTMP ring, the PS the
 * PSTMP ring). Lanes follow WHOLE_QUAD_MODE / VALID_PIXEL_MODE as exports do. A ring of
 * size 0, an ITEMSIZE of 0, an element past ITEMSIZE, an item past the ring's SIZE or a
 * ring outside GPU memory faults before anything is moved. */
#include "sq/cf_scratch.h"

#include <string.h>

#include "common/gpu_memory.h"
#include "hw_scratch.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"

int sim_cf_scratch(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   bool ps = x->prog->stage == SIM_STAGE_PS;
   uint64_t base = (uint64_t)sim_run_reg(x, ps ? REG_SQ_PSTMP_RING_BASE : REG_SQ_VSTMP_RING_BASE)
                   << HW_SCRATCH_RING_SHIFT;
   uint64_t size = (uint64_t)sim_run_reg(x, ps ? REG_SQ_PSTMP_RING_SIZE : REG_SQ_VSTMP_RING_SIZE)
                   << HW_SCRATCH_RING_SHIFT;
   unsigned itemsize = SQ_PSTMP_RING_ITEMSIZE__ITEMSIZE__get(
      sim_run_reg(x, ps ? REG_SQ_PSTMP_RING_ITEMSIZE : REG_SQ_VSTMP_RING_ITEMSIZE));
   const char *ring = ps ? "PSTMP" : "VSTMP";
   if (size == 0 || itemsize == 0)
      return sim_run_fault(x, pc, "MEM_SCRATCH without a scratch ring (SQ_%s_RING_SIZE %llu, "
                           "ITEMSIZE %u)", ring, (unsigned long long)size, itemsize);
   int64_t gpr = cf->gpr + (cf->rw_rel ? x->loop_index : 0);
   if (gpr < 0 || gpr + cf->burst > SIM_MAX_GPRS)
      return sim_run_fault(x, pc, "MEM_SCRATCH uses R%lld..R%lld, outside the register file",
                           (long long)gpr, (long long)gpr + cf->burst - 1);
   unsigned end = (cf->array_base + cf->burst) * cf->elem_dwords;
   if (end > itemsize)
      return sim_run_fault(x, pc, "MEM_SCRATCH element %u past the %u-dword item",
                           cf->array_base + cf->burst - 1, itemsize);
   uint16_t lanes = sim_cf_mode_lanes(x, cf, x->exec);
   uint8_t *item[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(lanes >> l & 1))
         continue;
      unsigned slot = x->env->wave * SIM_LANES + l;
      uint64_t off = hw_scratch_offset(itemsize, slot, 0, 0, 0);
      if (off + itemsize * 4ull > size)
         return sim_run_fault(x, pc, "MEM_SCRATCH item of slot %u past SQ_%s_RING_SIZE (%llu "
                              "bytes)", slot, ring, (unsigned long long)size);
      item[l] = sim_mem_range(x->env->mem, base + off, itemsize * 4ull);
      if (!item[l])
         return sim_run_fault(x, pc, "MEM_SCRATCH item at 0x%llx is not in GPU memory",
                              (unsigned long long)(base + off));
   }
   for (unsigned b = 0; b < cf->burst; b++) {
      uint32_t (*reg)[SIM_LANES] = x->lanes->gpr[gpr + b];
      for (unsigned c = 0; c < 4 && c < cf->elem_dwords; c++) {
         if (!(cf->comp_mask >> c & 1))
            continue;
         uint64_t at = hw_scratch_offset(itemsize, 0, cf->array_base + b, cf->elem_dwords, c);
         for (unsigned l = 0; l < SIM_LANES; l++) {
            if (!(lanes >> l & 1))
               continue;
            if (cf->scratch_read)
               memcpy(&reg[c][l], item[l] + at, 4);
            else
               memcpy(item[l] + at, &reg[c][l], 4);
         }
      }
   }
   return sim_cf_next(x, pc, pc + 1);
}
