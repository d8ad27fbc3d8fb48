/* VGT: the draw's vertex ids and primitive assembly, from the register file only.
 *
 * sim_vgt_init decodes VGT_DRAW_INITIATOR, VGT_NUM_INDICES, VGT_NUM_INSTANCES, the index
 * source (DMA buffer, immediate data or auto index), primitive restart, the index offset
 * and clamps; sim_vgt_run walks every instance's indices and hands each assembled
 * primitive (as vertex ids) to a sink. Shading and rasterization are the sink's business. */
#ifndef SIM_VGT_H
#define SIM_VGT_H

#include <stdbool.h>
#include <stdint.h>

#include "shader/shader_exec.h"

struct sim_exec;
struct sim_watchdog;

/* sim_vgt_run asks the watchdog once per this many indices and instances walked. */
#define SIM_VGT_WATCHDOG_STEPS 1024

/* How the PA draws each primitive of the draw. */
enum sim_vgt_kind {
   SIM_VGT_POINTS,      /* ids v[0] = v[1] = v[2] */
   SIM_VGT_LINES,       /* v[0] -> v[1], v[2] = v[1] */
   SIM_VGT_TRIANGLES,
   SIM_VGT_RECTS,       /* RECTLIST: v[0], v[1], v[2] and the implied fourth corner */
};

/* Where the draw's indices come from. */
struct sim_vgt_indices {
   unsigned select;             /* VGT_DRAW_INITIATOR.SOURCE_SELECT */
   const uint8_t *data;         /* DMA or immediate: the indices */
   unsigned size;               /* bytes per index (2 or 4) */
   unsigned swap;               /* VGT_DMA_INDEX_TYPE.SWAP_MODE (DMA) */
   unsigned lead;               /* with a swap: data starts this many bytes into a dword */
};

/* The VGT registers of one draw, decoded. */
struct sim_vgt {
   unsigned prim_type;          /* VGT_PRIMITIVE_TYPE.PRIM_TYPE */
   enum sim_vgt_kind kind;
   bool provoking_last;         /* PA_SU_SC_MODE_CNTL.PROVOKING_VTX_LAST */
   uint32_t count;              /* VGT_NUM_INDICES */
   uint32_t instances;          /* VGT_NUM_INSTANCES (0 counts as 1) */
   struct sim_vgt_indices src;
   bool restart;                /* VGT_MULTI_PRIM_IB_RESET_EN (indexed draws only) */
   uint32_t restart_index;      /* VGT_MULTI_PRIM_IB_RESET_INDX */
   uint32_t offset;             /* VGT_INDX_OFFSET */
   uint32_t min_index, max_index;   /* VGT_MIN_VTX_INDX / VGT_MAX_VTX_INDX */
   uint32_t step_rate[2];       /* VGT_INSTANCE_STEP_RATE_0/1 */
   struct sim_watchdog *watchdog;   /* the submission's: the walk stops when it expires */
};

/* One assembled primitive (layout per sim_vgt_kind). */
struct sim_vgt_prim {
   uint32_t instance;
   uint32_t v[3];               /* vertex ids */
   uint32_t provoking;          /* the flat-shading vertex's id */
   uint8_t edges;               /* triangles: bit k set if edge v[k] -> v[k+1 mod 3] is an
                                   edge of the API primitive (not a quad's or polygon's
                                   inner diagonal); drawn by polygon modes (pa.h) */
};

/* The consumer of assembled primitives. */
struct sim_vgt_sink {
   /* One primitive. Return false to stop the draw. */
   bool (*prim)(void *ctx, const struct sim_vgt_prim *p);
   /* Every primitive of `instance` has been given (vertex ids repeat across instances).
    * Return false to stop the draw. */
   bool (*instance_end)(void *ctx, uint32_t instance);
   void *ctx;
};

/* Decodes the draw's VGT registers and reports VGT state set to values not implemented.
 * Returns false when there is nothing to draw: a fault was raised (bad index source), the
 * count is 0, or the primitive type is not implemented (reported). */
bool sim_vgt_init(struct sim_vgt *vgt, struct sim_exec *ex, const uint32_t *immd,
                  unsigned immd_ndw);

/* GPR0 of the VS for vertices ids[0..n-1] of `instance`, lanes 0..n-1 of gpr0[chan]: x = the
 * id, y = instance / VGT_INSTANCE_STEP_RATE_0, z = instance / VGT_INSTANCE_STEP_RATE_1 (0 for
 * a rate of 0), w = instance (integers; a fetch shader's INSTANCE_DATA fetches select y, z or
 * w). */
void sim_vgt_vs_input(const struct sim_vgt *vgt, const uint32_t *ids, unsigned n,
                      uint32_t instance, uint32_t (*gpr0)[SIM_LANES]);

/* True when the walk gives each vertex id of an instance to one primitive only, except
 * where VGT_MIN/MAX_VTX_INDX clamp ids together: auto-indexed TRILIST and RECTLIST. A sink
 * gains nothing by looking such ids up (shading a clamped id twice gives the same vertex). */
bool sim_vgt_ids_fresh(const struct sim_vgt *vgt);

/* Assembles every instance's primitives into `sink`. Returns false if the sink or the
 * watchdog stopped it. */
bool sim_vgt_run(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink);

#endif
