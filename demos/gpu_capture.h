/* What the simulated GPU did for the demo's last frame, read back through r600sim's public
 * capture interface: the demo sets R600SIM_CAPTURE to a file of its own before EGL starts,
 * and after each frame (ended by the glReadPixels of gl_offscreen_read) reads the new
 * records with tools/capture_read.c, decodes the PM4 packets with the simulator's packet
 * framing (the one bin/r600sim-dump uses) and the generated register tables, and empties
 * the file again. Nothing here reaches into the driver or the simulator.
 *
 * Register state: every register a packet wrote (SET_*_REG windows of one dword and type-0
 * packets, byte addresses below GPU_CAPTURE_REG_SPACE), as the stream left it. */
#ifndef GPU_CAPTURE_H
#define GPU_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_chip.h"

#define GPU_CAPTURE_REG_SPACE 0x40000u
#define GPU_CAPTURE_MAX_DRAWS 16
#define GPU_CAPTURE_MAX_CHANGED 64
#define GPU_CAPTURE_MAX_PROGRAMS 8

struct gpu_capture_draw {
   const char *packet;       /* DRAW_INDEX_AUTO, ... */
   uint32_t count;           /* indices */
   const char *prim;         /* VGT_PRIMITIVE_TYPE.PRIM_TYPE's enum name */
   uint64_t vs_va, ps_va;    /* the programs it ran (SQ_PGM_START_VS/PS x 256) */
};

struct gpu_capture_program {
   bool pixel;               /* a pixel shader, else a vertex shader */
   uint64_t va;
   uint8_t *code;            /* the buffer holding it, from va to the buffer's end (NULL
                              * until a BUFFER record holds it) */
   size_t size;
};

/* One frame: the submissions from the previous frame end to this one. */
struct gpu_capture_frame {
   unsigned number;          /* frames read so far, this one included */
   enum hw_chip chip;
   unsigned submissions, packets, dwords;
   unsigned draws;           /* all of them; the first GPU_CAPTURE_MAX_DRAWS in draw[] */
   struct gpu_capture_draw draw[GPU_CAPTURE_MAX_DRAWS];
   unsigned written;         /* distinct registers written */
   unsigned changed;         /* of those, whose value differs from the frame before */
   uint32_t changed_reg[GPU_CAPTURE_MAX_CHANGED];   /* the first of them, by address */
   unsigned programs;        /* the distinct programs the draws ran, in draw order */
   struct gpu_capture_program program[GPU_CAPTURE_MAX_PROGRAMS];
};

struct gpu_capture {
   char path[200];
   uint64_t pos;             /* where the next unread frame starts in the file */
   uint32_t *regs, *work;    /* committed state (after the last frame); state being read */
   uint8_t *known, *work_known, *written;   /* per register: ever written; in this frame */
   struct gpu_capture_frame frame, pending;
   char error[256];
};

/* Creates the capture file and points R600SIM_CAPTURE at it: call before EGL starts. */
bool gpu_capture_start(struct gpu_capture *c);
/* Reads what the GPU executed since the last call; true when a new frame is in c->frame.
 * On a malformed file, false with c->error set. */
bool gpu_capture_update(struct gpu_capture *c);
/* The value the stream left in the register at byte address `offset`; false if none. */
bool gpu_capture_reg(const struct gpu_capture *c, uint32_t offset, uint32_t *value);
/* Field `field` of register `reg` (names from the generated register tables) as the stream
 * left it; false if the register is unknown or was never written. */
bool gpu_capture_field(const struct gpu_capture *c, const char *reg, const char *field,
                       uint32_t *value);
/* Removes the file and frees everything. */
void gpu_capture_stop(struct gpu_capture *c);

#endif
