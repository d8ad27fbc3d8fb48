/* Driver-internal seam between the pipe state code and the shader compiler
 * (IR -> R600/R700 ISA, and the fetch shader built from vertex elements). */
#ifndef R600_SHADER_H
#define R600_SHADER_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "r600sim/gpu.h"
#include "r600sim/shader_ir.h"

/* A finished program: little-endian dwords, CF program at dword 0, clauses after it.
 * The state code copies it into a 256-byte-aligned GPU buffer and points SQ_PGM_START_* at
 * it. Everything the context registers need to know about the program is here. */
struct r600_shader_binary {
   uint32_t *code;           /* malloc'ed */
   unsigned ndw;
   unsigned num_gprs;        /* SQ_PGM_RESOURCES_*.NUM_GPRS */
   unsigned stack_size;      /* SQ_PGM_RESOURCES_*.STACK_SIZE */
   bool uses_kill;           /* PS: DB_SHADER_CONTROL.KILL_ENABLE */
   unsigned scratch_items;   /* vec4 scratch elements a thread uses (MEM_SCRATCH), 0: none;
                                the draw then needs the stage's scratch ring (hw_scratch.h) */

   /* VS: what it exports. param n is PARAM export n, carrying semantic id param_id[n]
    * (SPI_VS_OUT_ID_*); num_params >= 1 (a dummy one is added if the shader has none). */
   unsigned num_params;
   uint8_t param_id[32];
   bool writes_psize;        /* POS 61 misc vector with point size in .x */
   uint8_t clip_dist_write;  /* bit n: clip distance n is exported; distances 0-3 and 4-7 are
                                each a POS export after the misc vector when any is written */

   /* PS: input n lands in GPR n (SPI_PS_INPUT_CNTL_n). One entry per IR input the SPI
    * delivers, in IR order (FBFETCH inputs are fetched, not interpolated, and have none);
    * POSITION, FACE and POINTCOORD entries have semantic_id 0. */
   unsigned num_inputs;
   struct {
      uint8_t semantic_id;   /* matches a VS param_id; 0 = none */
      bool flat;
      bool centroid;
      bool linear;
      bool pt_sprite;        /* replaced by the point-sprite coordinate */
   } inputs[32];
   int position_gpr;         /* gl_FragCoord: GPR of SPI POSITION_ADDR, -1 if unused */
   int face_gpr;             /* gl_FrontFacing: GPR of FRONT_FACE_ADDR, -1 if unused */
   unsigned num_color_exports; /* PIXEL exports 0..n-1 (at least 1, a dummy if needed) */
   bool color0_writes_all;   /* PIXEL 0 goes to every target (CB_COLOR_CONTROL.MULTIWRITE) */
   bool writes_depth;        /* PIXEL 61 export */
   uint8_t fb_fetch_mask;    /* colour buffers n read (IR_SEM_FBFETCH) from the copy the
                                driver binds at R600_FB_FETCH_RESOURCE_ID(n) */
   bool fb_fetch_noncoherent; /* one copy at the draw's start is enough */

   /* Constant buffer 0 (uniforms): vec4 slots read. */
   unsigned num_consts;
};

/* Textures (the compiler's choice, as Mesa does it): IR sampler n is fetched with the
 * stage-relative RESOURCE_ID R600_TEX_RESOURCE_OFFSET + n and SAMPLER_ID n, in both stages,
 * so the state code binds its sampler view at SET_RESOURCE slot stage base (PS 0, VS 160)
 * + 16 + n and its sampler state at sampler slot stage base (PS 0, VS 18) + n. Resource
 * slots 0..15 of each stage stay free for constant buffers. Coordinates are normalized. */
#define R600_TEX_RESOURCE_OFFSET 16u
#define R600_MAX_SAMPLERS 16u

/* Framebuffer fetch (r600_fb_fetch.c): the R600 pixel shader cannot read the colour
 * buffer, so an IR_SEM_FBFETCH input n is a TEX LD, at the pixel's integer window position
 * and level 0, from a copy of colour buffer n the driver binds at PS resource id 32 + n
 * (past the 16 texture units; LD takes no sampler, so no sampler slot is reserved). */
#define R600_FB_FETCH_RESOURCE_OFFSET 32u
#define R600_FB_FETCH_RESOURCE_ID(n) (R600_FB_FETCH_RESOURCE_OFFSET + (n))

/* Constant buffer 0 is also bound as a buffer resource (stride 16) at stage-relative
 * resource id R600_CONSTBUF_RESOURCE_ID: the compiler reads CONST[relative] with a vertex
 * fetch from it, since kcache cannot be indexed (docs/r600-hardware-notes.md §4.3). */
#define R600_CONSTBUF_RESOURCE_ID 0u

/* Semantic id of a varying GENERIC n as used in SPI_VS_OUT_ID / SPI_PS_INPUT_CNTL. */
static inline uint8_t r600_generic_semantic_id(unsigned n) { return (uint8_t)(n + 1); }

/* Compiles IR to machine code for `chip`. On failure returns false and sets *log (malloc'ed
 * message). */
bool r600_compile_shader(const struct ir_shader *ir, enum hw_chip chip,
                         struct r600_shader_binary *out, char **log);

/* Builds the fetch shader for a vertex-elements CSO: attribute i (vertex element i) is
 * fetched into GPR i+1 from vertex buffer elems[i].vertex_buffer_index (BUFFER_ID 160 + that
 * index), ends with RET. */
bool r600_build_fetch_shader(const struct pipe_vertex_element *elems, unsigned count,
                             enum hw_chip chip, struct r600_shader_binary *out);

void r600_shader_binary_free(struct r600_shader_binary *);

#endif
