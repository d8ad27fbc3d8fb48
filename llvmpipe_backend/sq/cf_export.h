/* Export instructions (cf_export.c). */
#ifndef SIM_CF_EXPORT_H
#define SIM_CF_EXPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/run_state.h"

/* Exports of CF instruction pc; returns the next CF index or SIM_PC_FAULT. */
int sim_cf_export(struct sim_run *x, unsigned pc, const struct sim_cf *cf);

#endif
