/* Draw footprints (geometry/draw_deps.h): which memory a draw of a register state reads and
 * writes, and when a draw must wait for the pending ones. The cases are set up in a
 * register file and memory made here; the expected answers follow from the rules as the
 * header states them (a read of what pending draws write, a write of what they read, a
 * write of what they write as another surface layout). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/exec.h"
#include "common/gpu_memory.h"
#include "geometry/draw_deps.h"
#include "r600_regs.h"

#define RES_STRIDE (REG_SQ_TEX_RESOURCE_WORD6_0 + 4 - REG_SQ_TEX_RESOURCE_WORD0_0)

static uint32_t regs[SIM_REG_SPACE_DWORDS];
static struct sim_exec ex;
static uint64_t surf_a, surf_b, tex_c, vb_d, other;

static void set(uint32_t reg, uint32_t v)
{
   regs[reg / 4] = v;
}

/* A state drawing into `cb` (0: none) with depth buffer `db` (0: none), sampling texture
 * `tex` from PS slot 0 (0: none) and reading vertices from `vb` in VS slot 160. */
static void state(uint64_t cb, uint32_t cb_info, uint64_t db, uint64_t tex, uint64_t vb)
{
   memset(regs, 0, sizeof(regs));
   set(REG_CB_SHADER_CONTROL, cb ? 1 : 0);
   set(REG_CB_TARGET_MASK, cb ? 0xF : 0);
   set(REG_CB_COLOR0_BASE, (uint32_t)(cb >> 8));
   set(REG_CB_COLOR0_INFO, cb_info);
   set(REG_DB_DEPTH_BASE, (uint32_t)(db >> 8));
   set(REG_DB_DEPTH_INFO, db ? 1 : 0);   /* FORMAT 1: a valid depth format */
   uint32_t t0 = REG_SQ_TEX_RESOURCE_WORD0_0;
   set(t0 + 8, (uint32_t)(tex >> 8));
   set(t0 + 24, tex ? SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE << 30 : 0);
   uint32_t v = REG_SQ_TEX_RESOURCE_WORD0_0 + 160 * RES_STRIDE;
   set(v, (uint32_t)vb);
   set(v + 24, vb ? SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER << 30 : 0);
}

/* Whether a draw of the current state must wait for `pending`. */
static bool waits(const struct sim_deps *pending)
{
   static struct sim_deps d;
   check(sim_deps_collect(&d, &ex), "footprint collected");
   return sim_deps_conflict(pending, &d);
}

static void pend(struct sim_deps *pending)
{
   static struct sim_deps d;
   check(sim_deps_collect(&d, &ex), "footprint collected");
   check(sim_deps_merge(pending, &d), "footprint merged");
}

int main(void)
{
   ex.regs = regs;
   ex.mem = sim_mem_create();
   surf_a = sim_mem_alloc(ex.mem, 64 * 64 * 4, 256);
   surf_b = sim_mem_alloc(ex.mem, 64 * 64 * 4, 256);
   tex_c = sim_mem_alloc(ex.mem, 4096, 256);
   vb_d = sim_mem_alloc(ex.mem, 4096, 256);
   other = sim_mem_alloc(ex.mem, 4096, 256);
   static struct sim_deps pending;

   /* draws into A reading C and D: the next ones like it need not wait */
   sim_deps_clear(&pending);
   state(surf_a, 0x10, surf_b, tex_c, vb_d);
   pend(&pending);
   check(!waits(&pending), "same targets, same inputs: no wait");

   /* sampling A (its base or a texel row inside it) while A is being drawn */
   state(other, 0x10, 0, surf_a, vb_d);
   check(waits(&pending), "texture = a pending colour target: wait (read after write)");
   state(other, 0x10, 0, surf_a + 1024, vb_d);
   check(waits(&pending), "texture inside a pending colour target's buffer: wait");
   state(0, 0, 0, 0, surf_b + 256);
   check(waits(&pending), "vertices from a pending depth buffer: wait");

   /* drawing into what pending draws read */
   state(tex_c, 0x10, 0, 0, 0);
   check(waits(&pending), "colour target = a pending texture: wait (write after read)");
   state(other, 0x10, vb_d, 0, 0);
   check(waits(&pending), "depth buffer = pending vertices: wait");

   /* the same surface with another layout, or as depth */
   state(surf_a, 0x14, surf_b, tex_c, vb_d);
   check(waits(&pending), "a pending colour target with another CB_COLOR0_INFO: wait");
   state(0, 0, surf_a, 0, 0);
   check(waits(&pending), "a pending colour target as depth buffer: wait");

   /* an unrelated buffer, and a disabled target */
   state(other, 0x10, 0, tex_c, 0);
   check(!waits(&pending), "another target, reading only what pending draws read: no wait");
   state(tex_c, 0x10, 0, 0, 0);
   set(REG_CB_SHADER_CONTROL, 0);
   check(!waits(&pending), "a target with RT0_ENABLE off is not written: no wait");

   /* nothing pending: nothing to wait for */
   sim_deps_clear(&pending);
   state(surf_b, 0x10, 0, surf_a, vb_d);
   check(!waits(&pending), "no pending draws: no wait");

   sim_mem_destroy(ex.mem);
   return check_report();
}
