/* PM4 command-stream builder.
 *
 * A stream is a growable array of dwords plus the list of buffer objects it references
 * (the relocation list a kernel driver would get). The same structure holds the packets a
 * CSO bakes at create time (without buffers); emitting the CSO appends them.
 * All packets are type 3 (r600_pm4.h); SET_* packets address registers through their
 * window (body dword 0 = (register - window start) / 4). When memory runs out the stream is
 * marked failed and the context drops it at flush instead of submitting a torn stream. */
#ifndef R600_CS_H
#define R600_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "r600_bo.h"

struct r600_cs {
   uint32_t *buf;
   unsigned cdw;          /* dwords written */
   unsigned max_dw;
   bool failed;           /* an allocation failed: contents are incomplete */
   bool submittable;      /* a context's stream: may reference buffers */
   struct r600_bo **bos;  /* referenced buffers (one reference each) */
   unsigned num_bos, max_bos;
   /* Which buffers bos holds: an open-addressing set of 2 * max_bos slots (NULL = empty).
    * Buffers are shared by the contexts of a share group, so "already in this stream" is
    * this stream's own state, never a mark written into the shared buffer. */
   struct r600_bo **bo_set;
};

void r600_cs_init(struct r600_cs *cs);
void r600_cs_fini(struct r600_cs *cs);
/* Forgets the contents and drops the buffer references (keeps the memory). */
void r600_cs_reset(struct r600_cs *cs);
/* Makes room for ndw more dwords; false (and failed set) when out of memory. */
bool r600_cs_reserve(struct r600_cs *cs, unsigned ndw);

static inline void cs_emit(struct r600_cs *cs, uint32_t v)
{
   if (cs->cdw == cs->max_dw && !r600_cs_reserve(cs, 1))
      return;
   cs->buf[cs->cdw++] = v;
}

static inline uint32_t cs_fui(float f)
{
   union { float f; uint32_t u; } v = { .f = f };
   return v.u;
}

void cs_emit_array(struct r600_cs *cs, const uint32_t *dw, unsigned n);
/* Appends another stream's dwords (a CSO's baked packets). */
void cs_append(struct r600_cs *cs, const struct r600_cs *src);
/* Adds a buffer to the stream's buffer list (once). */
void cs_add_bo(struct r600_cs *cs, struct r600_bo *bo);
/* Does the stream (recorded, not yet submitted) reference bo? */
bool cs_references_bo(const struct r600_cs *cs, const struct r600_bo *bo);

/* Type-3 packet header for a body of `body_dw` dwords (>= 1). */
void cs_pkt3(struct r600_cs *cs, unsigned opcode, unsigned body_dw);

/* SET_CONTEXT_REG of `count` consecutive registers starting at byte address reg; the caller
 * emits the count values next. */
void cs_set_context_reg_seq(struct r600_cs *cs, uint32_t reg, unsigned count);
void cs_set_context_reg(struct r600_cs *cs, uint32_t reg, uint32_t value);
void cs_set_config_reg_seq(struct r600_cs *cs, uint32_t reg, unsigned count);
void cs_set_config_reg(struct r600_cs *cs, uint32_t reg, uint32_t value);
void cs_set_ctl_const(struct r600_cs *cs, uint32_t reg, uint32_t value);
void cs_set_loop_const(struct r600_cs *cs, uint32_t reg, uint32_t value);
/* SET_RESOURCE of one 7-dword resource at absolute slot (0..495). */
void cs_set_resource(struct r600_cs *cs, unsigned slot, const uint32_t words[7]);
/* SET_SAMPLER of one 3-dword sampler at absolute slot (0..53). */
void cs_set_sampler(struct r600_cs *cs, unsigned slot, const uint32_t words[3]);

/* A (register, value) pair of a context-register table. */
struct r600_reg_value {
   uint32_t reg;
   uint32_t value;
};
/* Writes a table of context registers, one SET_CONTEXT_REG per run of consecutive ones. */
void cs_set_context_regs(struct r600_cs *cs, const struct r600_reg_value *regs, unsigned n);

/* EVENT_WRITE of a VGT event (event type and EVENT_INDEX per docs/r600-hardware-notes.md §2.5). */
void cs_event_write(struct r600_cs *cs, unsigned event_type, unsigned event_index);

#endif
