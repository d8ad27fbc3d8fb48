/* CP: the command processor. Parses a PM4 command buffer into the register file of the
 * device (common/exec.h: regs[], indexed by register byte offset / 4) and starts draws and
 * memory writes. A bad packet is a fault: a packet with a usable length is skipped and
 * parsing resumes at the next one; a packet whose length cannot be trusted (truncated,
 * type 1) ends the command buffer. */
#ifndef SIM_CP_H
#define SIM_CP_H

#include <stdint.h>

struct sim_exec;

void sim_cp_execute(struct sim_exec *ex, const uint32_t *ib, unsigned ndw);

#endif
