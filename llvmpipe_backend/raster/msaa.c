/* The SC's sample pattern (msaa.h).
 *
 * PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES = log2 of the samples per pixel (1, 2, 4, 8). The
 * colour and depth surfaces of the draw hold that many samples (cb.h, db.h) whether or
 * not MSAA_ENABLE is set. Sample locations (docs/r600-hardware-notes.md §3.2): one byte per sample,
 * X in the low nibble and Y in the high nibble, each a signed 4-bit offset from the pixel centre in
 * 1/16 px, y down. Samples 0-3 come from PA_SC_AA_SAMPLE_LOCS_MCTX and 4-7 from
 * PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX (context registers, R7xx); on the original R600 part from the
 * config registers PA_SC_AA_SAMPLE_LOCS_2S / _4S / _8S_WD0 (+ _8S_WD1 for samples 4-7). With
 * PA_SC_MODE_CNTL.MSAA_ENABLE = 0 every sample sits at the centre. PA_SC_AA_CONFIG.MAX_SAMPLE_DIST
 * only bounds the pattern for the hardware's walk; the simulator walks every pixel a sample offset
 * (at most 8/16 px) can reach, so it does not change coverage and is not checked. PA_SC_AA_MASK:
 * byte 0/1/2/3 enables samples of the upper-left / upper-right / lower-left / lower-right pixel of
 * each 2x2 quad (quads aligned to even pixels). It is applied when the surfaces are multi-sampled
 * (MSAA_NUM_SAMPLES > 0); single-sampled draws ignore it, as GL ignores the sample mask without
 * sample buffers.
 */
#include "common/exec.h"
#include "r600_regs.h"
#include "raster/msaa.h"

/* Sample k (0-3) of a 4-sample location word, as 1/SIM_SUBPIX px offsets. */
static void decode_word(struct sim_sc_msaa *ms, unsigned first, uint32_t word, unsigned count)
{
   for (unsigned k = 0; k < count; k++) {
      uint32_t b = (word >> (8 * k)) & 0xFF;
      ms->dx[first + k] = (int64_t)sim_sign_extend(b & 0xF, 4) * (SIM_SUBPIX / 16);
      ms->dy[first + k] = (int64_t)sim_sign_extend(b >> 4, 4) * (SIM_SUBPIX / 16);
   }
}

void sim_sc_msaa_init(struct sim_sc_msaa *ms, const struct sim_exec *ex)
{
   *ms = (struct sim_sc_msaa){ .n = 1, .aa_mask = { 1, 1, 1, 1 } };
   unsigned log2n =
      PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES__get(sim_reg(ex, REG_PA_SC_AA_CONFIG));
   if (log2n == 0)
      return;
   ms->n = 1u << log2n;
   uint32_t mask = sim_reg(ex, REG_PA_SC_AA_MASK);
   for (unsigned q = 0; q < 4; q++)
      ms->aa_mask[q] = (uint8_t)((mask >> (8 * q)) & ((1u << ms->n) - 1));
   if (!PA_SC_MODE_CNTL__MSAA_ENABLE__get(sim_reg(ex, REG_PA_SC_MODE_CNTL)))
      return;   /* offsets stay 0: every sample at the centre */

   unsigned first_n = ms->n < 4 ? ms->n : 4;
   uint32_t lo, hi;
   if (ex->chip == HW_CHIP_R6XX) {
      lo = sim_reg(ex, ms->n == 2 ? REG_PA_SC_AA_SAMPLE_LOCS_2S
                       : ms->n == 4 ? REG_PA_SC_AA_SAMPLE_LOCS_4S
                                    : REG_PA_SC_AA_SAMPLE_LOCS_8S_WD0);
      hi = sim_reg(ex, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1);
   } else {
      lo = sim_reg(ex, REG_PA_SC_AA_SAMPLE_LOCS_MCTX);
      hi = sim_reg(ex, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX);
   }
   decode_word(ms, 0, lo, first_n);
   if (ms->n == 8)
      decode_word(ms, 4, hi, 4);
}
