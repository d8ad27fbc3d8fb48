/* The optimisation passes of the fused pixel variants (jit.h SIM_JIT_PASSES) do their work.
 * A known variant - four perspective inputs, early depth test LESS with writes on X8_24, one
 * RGBA8 UNORM target blending SRC_ALPHA, ONE_MINUS_SRC_ALPHA - is built with
 * R600SIM_DEBUG=jitir (the IR after the passes) for the fixed CPU skylake-avx512
 * (R600SIM_JIT_CPU: LLVM's cost model decides SLP) and its IR's shape compared with what
 * LLVM 15 gives for the same module with the pipeline default<O2> and with no passes:
 *                                value instructions  basic blocks  lines with <2 x i64>
 *   no passes                    1912                40            0
 *   default<O2>                  1685                32            31
 *   SIM_JIT_PASSES               1710                32            34
 *   SIM_JIT_PASSES without SLP   1712                32            0
 * Asked: at most 2% more value instructions and no more blocks than default<O2>, and the
 * SLP-vectorised edge arithmetic (<2 x i64>). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fused_stand_in.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "r600_regs.h"
#include "raster/sc.h"
#include "shader/shader_exec.h"

#define VALUES_NONE 1912
#define VALUES_O2 1685
#define BLOCKS_NONE 40
#define BLOCKS_O2 32

/* Builds the known variant (R600SIM_JIT_ASYNC=0: at this get). */
static bool build_variant(void)
{
   static struct sim_spi_state spi;
   static struct sim_db_state db;
   static struct sim_cb_state cb;
   static const struct sim_sc_msaa ms = { .n = 1 };
   spi.num_interp = 4;
   for (int i = 0; i < 4; i++)
      spi.in[i].param = i;
   spi.max_gpr = 4;
   db.active = db.early = db.z_enable = db.z_write = db.clamp = true;
   db.format = DB_DEPTH_INFO__FORMAT__DEPTH_X8_24;
   db.bpp = 4;
   db.unorm_bits = 24;
   db.zfunc = 1;   /* LESS */
   db.zmax = 1.0;
   db.tiles_per_row = db.height = 4;
   cb.num_targets = 1;
   cb.t[0].samples = 1;
   const char *field;
   unsigned value;
   uint32_t info = CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
                   CB_COLOR0_INFO__NUMBER_TYPE(CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM);
   if (!sim_cb_format_init(&cb.t[0].fmt, info, &field, &value))
      return false;
   cb.t[0].write_bits.w[0] = ~0u;
   cb.t[0].blend = true;
   cb.t[0].blend_ctl = CB_BLEND_CONTROL__COLOR_SRCBLEND(4 /* SRC_ALPHA */) |
                       CB_BLEND_CONTROL__COLOR_DESTBLEND(5 /* ONE_MINUS_SRC_ALPHA */);
   struct sim_pixel_state st = { &spi, &db, &cb, &ms, 4, true, false, false };
   return fused_stand_in_get(&st);
}

/* The IR of the variant R600SIM_DEBUG=jitir printed to `f`, after the passes: its value
 * instructions, basic blocks and uses of <2 x i64> (the SLP-vectorised edge arithmetic). */
struct ir_shape {
   unsigned values, blocks, v2i64;
};

static struct ir_shape ir_shape(FILE *f)
{
   struct ir_shape s = { 0, 0, 0 };
   char line[4096];
   rewind(f);
   while (fgets(line, sizeof(line), f)) {
      if (!strncmp(line, "  %", 3))
         s.values++;
      else if (line[0] >= 'a' && line[0] <= 'z' && strchr(line, ':') && !strchr(line, ' '))
         s.blocks++;
      else if (line[0] >= 'a' && line[0] <= 'z' && strstr(line, ":  "))
         s.blocks++;   /* a label with a "; preds" comment */
      if (strstr(line, "<2 x i64>"))
         s.v2i64++;
   }
   return s;
}

int main(void)
{
   setenv("R600SIM_CACHE_DIR", "", 1);   /* built here, not loaded */
   setenv("R600SIM_JIT_ASYNC", "0", 1);
   setenv("R600SIM_JIT_CPU", "skylake-avx512", 1);
   setenv("R600SIM_DEBUG", "jitir", 1);
   FILE *ir = tmpfile();
   int saved = dup(2);
   if (!check(ir && saved >= 0 && dup2(fileno(ir), 2) == 2, "stderr into a temporary file"))
      return 1;
   bool built = build_variant();
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   if (check(built, "the variant is built")) {
      struct ir_shape s = ir_shape(ir);
      check(s.values <= VALUES_O2 + VALUES_O2 / 50,
            "value instructions %u, at most 2%% more than default<O2>'s %u (no passes: %u)",
            s.values, VALUES_O2, VALUES_NONE);
      check(s.blocks <= BLOCKS_O2, "basic blocks %u, at most default<O2>'s %u (no passes: %u)",
            s.blocks, BLOCKS_O2, BLOCKS_NONE);
      check(s.v2i64 > 0, "the edge arithmetic SLP-vectorised: %u lines with <2 x i64>", s.v2i64);
   }
   fclose(ir);
   return check_report();
}
