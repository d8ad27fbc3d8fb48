/* PM4 packet framing: header decode, length validation and the SET_* register windows.
 * Shared by the command processor and the capture dumper so both split a stream the
 * same way. */
#ifndef SIM_PM4_PACKET_H
#define SIM_PM4_PACKET_H

#include <stdbool.h>
#include <stdint.h>

enum sim_pm4_status {
   SIM_PM4_OK = 0,
   SIM_PM4_TRUNCATED,     /* the header claims more dwords than the buffer holds */
   SIM_PM4_BAD_TYPE,      /* type-1 header: its length is unknown on R6xx/R7xx */
};

struct sim_pm4_packet {
   unsigned type;               /* 0, 2 or 3 */
   unsigned ndw;                /* whole packet, header included */
   uint32_t header;
   const uint32_t *body;        /* the dwords after the header */
   unsigned body_ndw;
   uint32_t reg;                /* type 0: first register, byte address */
   unsigned opcode;             /* type 3 */
   bool predicated;             /* type 3 */
};

/* Decodes the packet at ib[pos] (pos < ndw). On SIM_PM4_TRUNCATED `pkt` still describes
 * the header (ndw says how long it claims to be). */
enum sim_pm4_status sim_pm4_decode(const uint32_t *ib, unsigned ndw, unsigned pos,
                                   struct sim_pm4_packet *pkt);

/* A SET_* packet's register window: body dword 0 is the register index (dwords) relative
 * to `start`; the values that follow land at start + 4 * index, ... (end exclusive).
 * `group` > 1: the values come in whole slots of that many dwords (SET_RESOURCE 7,
 * SET_SAMPLER 3) starting at a slot boundary. */
struct sim_pm4_window {
   unsigned opcode;
   const char *name;
   uint32_t start, end;
   unsigned group;
};

/* The window of a SET_* opcode, or NULL if `opcode` is not one. */
const struct sim_pm4_window *sim_pm4_window(unsigned opcode);

#endif
