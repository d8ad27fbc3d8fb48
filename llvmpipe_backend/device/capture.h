/* R600SIM_CAPTURE=FILE: every submitted command buffer is appended to FILE together with
 * a snapshot of GPU memory taken before it executes.
 *
 * File format (version 1; all integers little-endian):
 *   file header, 16 bytes:  char magic[8] = "R600SIMC", u32 version = 1, u32 header_bytes = 16
 *   then records, each:     u32 tag, u32 reserved = 0, u64 payload_bytes,
 *                           payload, zero padding up to a multiple of 8 bytes
 *   tag 1 SUBMIT  payload:  u64 seq, u32 chip (0 r600, 1 rv770), u32 ndw, ndw x u32 dwords
 *   tag 2 BUFFER  payload:  u64 va, u64 size, size bytes (the buffer before the SUBMIT
 *                           record they follow executed; one record per live buffer)
 * All devices of a process share the file; each submission (its SUBMIT record and the
 * BUFFER records after it) is written as a unit. An existing file is appended to. */
#ifndef SIM_CAPTURE_H
#define SIM_CAPTURE_H

#include <stdint.h>

#define SIM_CAPTURE_MAGIC "R600SIMC"
#define SIM_CAPTURE_VERSION 1u
#define SIM_CAPTURE_TAG_SUBMIT 1u
#define SIM_CAPTURE_TAG_BUFFER 2u

struct r600_gpu;

/* Appends the submission if R600SIM_CAPTURE is set (no-op otherwise). */
void sim_capture_submit(struct r600_gpu *gpu, uint64_t seq, const uint32_t *ib, unsigned ndw);

#endif
