/* The vertex fetch unit: VTX FETCH instructions against SET_RESOURCE buffer constants
 * (SQ_VTX_CONSTANT_WORD0..6), with data-format conversion. Used by both engines. */
#ifndef SIM_FETCH_UNIT_H
#define SIM_FETCH_UNIT_H

#include <stdbool.h>

#include "sq/run_state.h"

/* Executes one fetch for the active lanes of x, writing its destination GPR. Returns
 * false after recording a fault (invalid resource, unmapped memory, unsupported format).
 * A fetch beyond the buffer's SIZE is not a fault: it returns 0 in every component (or
 * NaN 0xFFC00000 with CLAMP_X = CLAMP_NAN), as the resource's CLAMP_X field describes. */
bool sim_fetch_vtx(struct sim_run *x, unsigned pc, const struct sim_vtx_inst *v);

/* For the JIT's inline fetch of VTX clause `pc` (jit_fetch.c, which takes only fetches
 * whose destination, source and format are fixed in the instruction): resolves each fetch's
 * resource into x->vtx_fast. Returns 0 when none of them can fault (valid buffers whose
 * whole SIZE range is mapped, or which no index can read), else -1 and the clause must run
 * through sim_cf_step, which reports the fault. Changes nothing else. */
int sim_fetch_vtx_prepare(struct sim_run *x, unsigned pc);

/* The absolute SET_RESOURCE slot of stage-relative resource `id` (docs/r600-hardware-notes.md
 * §1.5), of the other thread type with ALT_CONST. */
unsigned sim_resource_slot(const struct sim_run *x, unsigned id, bool alt_const);

#endif
