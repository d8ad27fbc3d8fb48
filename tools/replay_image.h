/* r600sim-replay's images: a colour buffer of a captured frame, read from the replayed
 * GPU's memory and written as a PNG. */
#ifndef REPLAY_IMAGE_H
#define REPLAY_IMAGE_H

#include <stdbool.h>

#include "capture_read.h"

struct sim_memory;

/* Writes colour buffer `cb` of frame `frame` (a FRAME record) from `mem` to `path`: the
 * window (PA_SC_WINDOW_SCISSOR_BR, clipped to the surface) with memory row 0, the top row
 * as a display scans it out, first. Pixels become RGBA8 as the CB format describes them
 * (UNORM components scaled exactly, others clamped to [0, 1]; missing channels 0, alpha
 * 255); a multi-sampled buffer is resolved (the average of its samples, as the driver's
 * readback resolves). False after a message on stderr. */
bool replay_write_image(struct sim_memory *mem, const struct capture_record *frame,
                        const struct capture_cb *cb, const char *path);

#endif
