/* The result text of r600sim-exec: one self-contained line per lane and register or export,
 * values as 0x%08x bit patterns (optionally followed by floats), in a fixed order. */
#include "exec_output.h"

#include <stdio.h>
#include <string.h>

static void print_vec(bool floats, const char *what, unsigned lane, const uint32_t v[4])
{
   printf("%s lane %u 0x%08x 0x%08x 0x%08x 0x%08x", what, lane, v[0], v[1], v[2], v[3]);
   if (floats) {
      float f[4];
      memcpy(f, v, sizeof(f));
      printf("  (%.9g %.9g %.9g %.9g)", f[0], f[1], f[2], f[3]);
   }
   putchar('\n');
}

/* One exported array element over the wavefront; data[b] is block b's [4][SIM_LANES], or
 * NULL where that block did not export it (its lanes print zeros). Prints nothing if no
 * block exported it. */
static void print_export(bool floats, const char *name,
                         const uint32_t (*const data[EXEC_BLOCKS])[SIM_LANES])
{
   bool any = false;
   for (unsigned b = 0; b < EXEC_BLOCKS; b++)
      any |= data[b] != NULL;
   if (!any)
      return;
   for (unsigned l = 0; l < EXEC_WAVE_LANES; l++) {
      const uint32_t (*d)[SIM_LANES] = data[l / SIM_LANES];
      uint32_t v[4] = { 0, 0, 0, 0 };
      for (unsigned c = 0; c < 4 && d; c++)
         v[c] = d[c][l % SIM_LANES];
      print_vec(floats, name, l, v);
   }
}

void exec_print_results(bool floats, uint64_t killed, const struct sim_exports out[EXEC_BLOCKS],
                        uint32_t (*wave)[4][EXEC_WAVE_LANES], unsigned ngprs)
{
   const uint32_t (*data[EXEC_BLOCKS])[SIM_LANES];
   char name[32];
   printf("killed 0x%016llx\n", (unsigned long long)killed);
   for (unsigned i = 0; i < 4; i++) {
      for (unsigned b = 0; b < EXEC_BLOCKS; b++)
         data[b] = out[b].pos_mask >> i & 1 ? out[b].pos[i] : NULL;
      snprintf(name, sizeof(name), "export POS %u", 60 + i);
      print_export(floats, name, data);
   }
   for (unsigned i = 0; i < 32; i++) {
      for (unsigned b = 0; b < EXEC_BLOCKS; b++)
         data[b] = out[b].param_mask >> i & 1 ? out[b].param[i] : NULL;
      snprintf(name, sizeof(name), "export PARAM %u", i);
      print_export(floats, name, data);
   }
   for (unsigned i = 0; i < 8; i++) {
      for (unsigned b = 0; b < EXEC_BLOCKS; b++)
         data[b] = out[b].pixel_mask >> i & 1 ? out[b].pixel[i] : NULL;
      snprintf(name, sizeof(name), "export PIXEL %u", i);
      print_export(floats, name, data);
   }
   for (unsigned b = 0; b < EXEC_BLOCKS; b++)
      data[b] = out[b].pixel61_written ? out[b].pixel61 : NULL;
   print_export(floats, "export PIXEL 61", data);

   for (unsigned r = 0; r < ngprs; r++) {
      snprintf(name, sizeof(name), "gpr %u", r);
      for (unsigned l = 0; l < EXEC_WAVE_LANES; l++) {
         uint32_t v[4] = { wave[r][0][l], wave[r][1][l], wave[r][2][l], wave[r][3][l] };
         print_vec(floats, name, l, v);
      }
   }
   printf("end\n");
}
