/* SPI: pixel-shader input setup. On R6xx/R7xx the SPI interpolates every PS input into a
 * GPR before the PS starts: input i (i < SPI_PS_IN_CONTROL_0.NUM_INTERP) goes to GPR i, from
 * the VS parameter whose SPI_VS_OUT_ID semantic equals SPI_PS_INPUT_CNTL_i.SEMANTIC; then
 * the position (POSITION_ENA) and the face (FRONT_FACE_ENA) overwrite their GPRs. */
#ifndef SIM_SPI_H
#define SIM_SPI_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/prim.h"
#include "shader/shader_exec.h"

struct sim_exec;

struct sim_spi_input {
   int param;               /* VS parameter index, or -1: DEFAULT_VAL */
   float def[4];
   bool flat, linear;
   bool centroid;           /* SEL_CENTROID */
   bool sprite;             /* PT_SPRITE_TEX with PNT_SPRITE_ENA */
};

struct sim_spi_state {
   unsigned num_interp;
   bool any_centroid;
   struct sim_spi_input in[SIM_MAX_PARAMS];
   bool pos_ena, pos_centroid; /* POSITION_ENA, POSITION_CENTROID */
   bool provide_z;          /* SPI_INPUT_Z.PROVIDE_Z_TO_SPI */
   unsigned pos_addr;
   bool face_ena, face_all_bits;
   unsigned face_addr, face_chan;
   unsigned sprite_ovrd[4]; /* SPI_INTERP_CONTROL_0.PNT_SPRITE_OVRD_X..W */
   bool sprite_top_1;
   unsigned max_gpr;        /* highest GPR written + 1 */
};

/* `nparams`: number of VS parameters (SPI_VS_OUT_CONFIG.VS_EXPORT_COUNT + 1). */
void sim_spi_state_init(struct sim_spi_state *spi, const struct sim_exec *ex, unsigned nparams);

/* Loads the input GPRs of all 16 lanes of the 4x4 block at (bx, by); smask[l] = the
 * covered samples of lane l (for centroid inputs), `ms` the sample pattern. */
void sim_spi_load(const struct sim_spi_state *spi, const struct sim_prim *prim, int32_t bx,
                  int32_t by, const uint8_t smask[16], const struct sim_sc_msaa *ms,
                  struct sim_lanes *lanes);

#endif
