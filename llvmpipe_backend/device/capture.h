/* R600SIM_CAPTURE=FILE: every submitted command buffer is appended to FILE together with
 * a snapshot of GPU memory taken before it executes, and each frame end (a submission the
 * driver flagged R600_GPU_FRAME_END) with the colour buffers bound after it executed.
 * bin/r600sim-dump prints a capture, bin/r600sim-replay executes it again.
 *
 * File format (version 2; all integers little-endian):
 *   file header, 16 bytes:  char magic[8] = "R600SIMC", u32 version = 2, u32 header_bytes = 16
 *   then records, each:     u32 tag, u32 reserved = 0, u64 payload_bytes,
 *                           payload, zero padding up to a multiple of 8 bytes
 *   tag 1 SUBMIT  payload:  u64 seq, u32 chip (0 r600, 1 rv770), u32 ndw, u32 device,
 *                           ndw x u32 dwords
 *   tag 2 BUFFER  payload:  u64 va, u64 size, size bytes (the buffer before the SUBMIT
 *                           record they follow executed; one record per live buffer)
 *   tag 3 FRAME   payload:  u64 seq (the submission that ended the frame), u32 device,
 *                           u32 count, u32 PA_SC_WINDOW_SCISSOR_TL, u32 PA_SC_WINDOW_SCISSOR_BR,
 *                           u32 PA_SC_AA_CONFIG, u32 0, then count colour buffers (those whose
 *                           CB_COLORn_INFO.FORMAT is not COLOR_INVALID), each
 *                           u32 n, u32 CB_COLORn_BASE, u32 CB_COLORn_SIZE, u32 CB_COLORn_VIEW,
 *                           u32 CB_COLORn_INFO, u32 0
 * Devices are numbered from 1 in the order they first submit; sequence numbers are per
 * device. Version 1 had no FRAME records and no device field (one device per file).
 * All devices of a process share the file; each submission (its SUBMIT record and the
 * BUFFER records after it) is written as a unit. An existing file of the same version is
 * appended to; one of another version is left alone (no capture). */
#ifndef SIM_CAPTURE_H
#define SIM_CAPTURE_H

#include <stdint.h>

#define SIM_CAPTURE_MAGIC "R600SIMC"
#define SIM_CAPTURE_VERSION 2u
#define SIM_CAPTURE_TAG_SUBMIT 1u
#define SIM_CAPTURE_TAG_BUFFER 2u
#define SIM_CAPTURE_TAG_FRAME 3u

#define SIM_CAPTURE_FRAME_HEADER_BYTES 32u   /* FRAME payload before its colour buffers */
#define SIM_CAPTURE_FRAME_CB_BYTES 24u       /* one colour buffer of a FRAME record */
#define SIM_CAPTURE_CB_TARGETS 8u            /* CB_COLOR0..7 */

struct r600_gpu;

/* Appends the submission if R600SIM_CAPTURE is set (no-op otherwise). */
void sim_capture_submit(struct r600_gpu *gpu, uint64_t seq, const uint32_t *ib, unsigned ndw);

/* Appends a FRAME record for submission `seq`, which has just executed (no-op without
 * R600SIM_CAPTURE). */
void sim_capture_frame(struct r600_gpu *gpu, uint64_t seq);

#endif
