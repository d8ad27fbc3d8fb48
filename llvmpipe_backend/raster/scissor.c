/* The SC's scissor rectangle of a draw: the window scissor (PA_SC_WINDOW_SCISSOR_TL/BR,
 * offset by PA_SC_WINDOW_OFFSET unless TL.WINDOW_OFFSET_DISABLE), the screen scissor
 * (15-bit signed, never offset), the generic scissor and viewport scissor 0 (each offset
 * unless its WINDOW_OFFSET_DISABLE), intersected and clamped to non-negative pixels.
 * PA_SC_CLIPRECT_* is not applied (reported by the draw when the rule is not 0xFFFF). */
#include "common/exec.h"
#include "r600_regs.h"
#include "raster/scissor.h"

#define MAX_SCISSOR 16384

static void intersect(struct sim_rect *r, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
   r->x0 = x0 > r->x0 ? x0 : r->x0;
   r->y0 = y0 > r->y0 ? y0 : r->y0;
   r->x1 = x1 < r->x1 ? x1 : r->x1;
   r->y1 = y1 < r->y1 ? y1 : r->y1;
}

/* The window, screen, generic and viewport-0 scissors, intersected (pixels). */
struct sim_rect sim_sc_scissor(const struct sim_exec *ex)
{
   struct sim_rect r = { 0, 0, MAX_SCISSOR, MAX_SCISSOR };
   uint32_t off = sim_reg(ex, REG_PA_SC_WINDOW_OFFSET);
   int32_t ox = SIM_SIGNED_FIELD(PA_SC_WINDOW_OFFSET__WINDOW_X_OFFSET, off);
   int32_t oy = SIM_SIGNED_FIELD(PA_SC_WINDOW_OFFSET__WINDOW_Y_OFFSET, off);

   uint32_t tl = sim_reg(ex, REG_PA_SC_WINDOW_SCISSOR_TL);
   uint32_t br = sim_reg(ex, REG_PA_SC_WINDOW_SCISSOR_BR);
   int32_t dx = PA_SC_WINDOW_SCISSOR_TL__WINDOW_OFFSET_DISABLE__get(tl) ? 0 : ox;
   int32_t dy = PA_SC_WINDOW_SCISSOR_TL__WINDOW_OFFSET_DISABLE__get(tl) ? 0 : oy;
   intersect(&r, (int32_t)PA_SC_WINDOW_SCISSOR_TL__TL_X__get(tl) + dx,
             (int32_t)PA_SC_WINDOW_SCISSOR_TL__TL_Y__get(tl) + dy,
             (int32_t)PA_SC_WINDOW_SCISSOR_BR__BR_X__get(br) + dx,
             (int32_t)PA_SC_WINDOW_SCISSOR_BR__BR_Y__get(br) + dy);

   /* Screen scissor: 15-bit signed, not offset. */
   tl = sim_reg(ex, REG_PA_SC_SCREEN_SCISSOR_TL);
   br = sim_reg(ex, REG_PA_SC_SCREEN_SCISSOR_BR);
   intersect(&r, SIM_SIGNED_FIELD(PA_SC_SCREEN_SCISSOR_TL__TL_X, tl),
             SIM_SIGNED_FIELD(PA_SC_SCREEN_SCISSOR_TL__TL_Y, tl),
             SIM_SIGNED_FIELD(PA_SC_SCREEN_SCISSOR_BR__BR_X, br),
             SIM_SIGNED_FIELD(PA_SC_SCREEN_SCISSOR_BR__BR_Y, br));

   tl = sim_reg(ex, REG_PA_SC_GENERIC_SCISSOR_TL);
   br = sim_reg(ex, REG_PA_SC_GENERIC_SCISSOR_BR);
   dx = PA_SC_GENERIC_SCISSOR_TL__WINDOW_OFFSET_DISABLE__get(tl) ? 0 : ox;
   dy = PA_SC_GENERIC_SCISSOR_TL__WINDOW_OFFSET_DISABLE__get(tl) ? 0 : oy;
   intersect(&r, (int32_t)PA_SC_GENERIC_SCISSOR_TL__TL_X__get(tl) + dx,
             (int32_t)PA_SC_GENERIC_SCISSOR_TL__TL_Y__get(tl) + dy,
             (int32_t)PA_SC_GENERIC_SCISSOR_BR__BR_X__get(br) + dx,
             (int32_t)PA_SC_GENERIC_SCISSOR_BR__BR_Y__get(br) + dy);

   /* Viewport scissor 0: always on R6xx (docs/r600-hardware-notes.md §1.4, unverified), on R7xx per
    * PA_SC_MODE_CNTL.R700_VPORT_SCISSOR_ENABLE. */
   bool vport = ex->chip == HW_CHIP_R6XX ||
                PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE__get(sim_reg(ex, REG_PA_SC_MODE_CNTL));
   if (vport) {
      tl = sim_reg(ex, REG_PA_SC_VPORT_SCISSOR_0_TL);
      br = sim_reg(ex, REG_PA_SC_VPORT_SCISSOR_0_BR);
      dx = PA_SC_VPORT_SCISSOR_0_TL__WINDOW_OFFSET_DISABLE__get(tl) ? 0 : ox;
      dy = PA_SC_VPORT_SCISSOR_0_TL__WINDOW_OFFSET_DISABLE__get(tl) ? 0 : oy;
      intersect(&r, (int32_t)PA_SC_VPORT_SCISSOR_0_TL__TL_X__get(tl) + dx,
                (int32_t)PA_SC_VPORT_SCISSOR_0_TL__TL_Y__get(tl) + dy,
                (int32_t)PA_SC_VPORT_SCISSOR_0_BR__BR_X__get(br) + dx,
                (int32_t)PA_SC_VPORT_SCISSOR_0_BR__BR_Y__get(br) + dy);
   }
   if (r.x0 < 0)
      r.x0 = 0;
   if (r.y0 < 0)
      r.y0 = 0;
   return r;
}
