/* r600sim_replay: executes an R600SIM_CAPTURE file again on the simulated GPU and writes
 * each frame's colour buffers as PNG files.
 *
 *   r600sim_replay [--engine interp|jit] CAPTURE [OUTDIR]
 *
 * Every submission runs on a device of the captured chip after GPU memory has been made
 * what the capture recorded before it (the same buffers at the same addresses, with their
 * contents); each FRAME record then writes OUTDIR/frame-NNNN.png (CB_COLOR0) and
 * frame-NNNN-cbN.png (CB_COLORn, n > 0), frames numbered from 1 in capture order (see
 * replay_image.h for the pixels; OUTDIR is made if missing, default: the current folder). Faults are the simulator's own: R600SIM_DEBUG=faults prints
 * them as the live run does; their count is printed at the end. The engine is --engine's,
 * else R600SIM_ENGINE's. Exit status: 0, 1 for a bad capture or an image not written, 2 for
 * bad arguments. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "capture_read.h"
#include "common/gpu_memory.h"
#include "device/gpu_state.h"
#include "r600sim/gpu.h"
#include "replay_image.h"

#define MAX_DEVICES 16

struct device {
   uint32_t id;                 /* the capture's device number */
   struct r600_gpu *gpu;
   uint64_t last_seq;           /* the capture's last submission of this device */
};

/* A snapshot buffer (BUFFER record) waiting for its submission. */
struct snap_buffer {
   uint64_t va, size;
   uint8_t *data;
};

struct replay {
   struct device dev[MAX_DEVICES];
   unsigned ndev;
   /* The submission read last, executed once its BUFFER records are read. */
   struct device *pending;
   uint32_t *ib;
   uint32_t ndw;
   struct snap_buffer *snap;
   unsigned nsnap, snap_cap;
   unsigned submissions, frames, faults;
   const char *outdir;
};

static struct device *device_for(struct replay *rp, const struct capture_record *rec)
{
   struct device *d = NULL;
   for (unsigned i = 0; i < rp->ndev && !d; i++)
      if (rp->dev[i].id == rec->submit.device)
         d = &rp->dev[i];
   enum hw_chip chip = rec->submit.chip == 0 ? HW_CHIP_R6XX : HW_CHIP_R7XX;
   /* Sequence numbers only grow on a device: a smaller one, or another chip, is a new device
    * (a later run appended to the file). */
   if (d && (rec->submit.seq <= d->last_seq || r600_gpu_chip(d->gpu) != chip)) {
      rp->faults += r600_gpu_faults(d->gpu, NULL, 0);
      r600_gpu_destroy(d->gpu);
      d->gpu = NULL;
   }
   if (!d) {
      if (rp->ndev == MAX_DEVICES)
         return NULL;
      d = &rp->dev[rp->ndev++];
      d->id = rec->submit.device;
      d->gpu = NULL;
   }
   if (!d->gpu) {
      d->gpu = r600_gpu_create(chip);
      if (!d->gpu)
         return NULL;
   }
   d->last_seq = rec->submit.seq;
   return d;
}

struct live_list {
   uint64_t *va, *size;
   unsigned n, cap;
   bool failed;
};

static void collect(void *ctx, uint64_t va, uint64_t size, const void *data)
{
   (void)data;
   struct live_list *l = ctx;
   if (l->n == l->cap) {
      unsigned cap = l->cap ? 2 * l->cap : 64;
      uint64_t *v = realloc(l->va, cap * sizeof(*v));
      if (v)
         l->va = v;
      uint64_t *s = v ? realloc(l->size, cap * sizeof(*s)) : NULL;
      if (!s) {
         l->failed = true;
         return;
      }
      l->size = s;
      l->cap = cap;
   }
   l->va[l->n] = va;
   l->size[l->n++] = size;
}

static bool in_snapshot(const struct replay *rp, uint64_t va, uint64_t size)
{
   for (unsigned i = 0; i < rp->nsnap; i++)
      if (rp->snap[i].va == va && rp->snap[i].size == size)
         return true;
   return false;
}

/* Makes the device's memory the snapshot: frees buffers it does not hold, allocates those
 * it adds at their addresses, copies every buffer's contents. */
static bool restore_memory(struct replay *rp, struct sim_memory *mem)
{
   struct live_list live = { 0 };
   sim_mem_foreach(mem, collect, &live);
   for (unsigned i = 0; i < live.n; i++)
      if (!in_snapshot(rp, live.va[i], live.size[i]))
         sim_mem_free(mem, live.va[i]);
   for (unsigned i = 0; i < rp->nsnap; i++) {
      const struct snap_buffer *b = &rp->snap[i];
      void *p = sim_mem_map(mem, b->va);
      if (!p && sim_mem_alloc_at(mem, b->va, b->size) == b->va)
         p = sim_mem_map(mem, b->va);
      if (!p) {
         fprintf(stderr, "r600sim_replay: buffer 0x%" PRIX64 " (%" PRIu64
                 " bytes) cannot be placed at its address\n", b->va, b->size);
         live.failed = true;
         break;
      }
      memcpy(p, b->data, b->size);
   }
   free(live.va);
   free(live.size);
   return !live.failed;
}

static void drop_snapshot(struct replay *rp)
{
   for (unsigned i = 0; i < rp->nsnap; i++)
      free(rp->snap[i].data);
   rp->nsnap = 0;
}

/* Executes the pending submission, if any, and waits for it. */
static bool execute_pending(struct replay *rp)
{
   struct device *d = rp->pending;
   if (!d)
      return true;
   rp->pending = NULL;
   bool ok = restore_memory(rp, d->gpu->mem);
   drop_snapshot(rp);
   if (ok) {
      r600_gpu_wait(d->gpu, r600_gpu_submit(d->gpu, rp->ib, rp->ndw));
      rp->submissions++;
   }
   free(rp->ib);
   rp->ib = NULL;
   return ok;
}

static bool add_buffer(struct replay *rp, const struct capture_record *rec)
{
   if (!rp->pending)
      return true;   /* memory of a submission that was not read: nothing to restore */
   if (rp->nsnap == rp->snap_cap) {
      unsigned cap = rp->snap_cap ? 2 * rp->snap_cap : 64;
      struct snap_buffer *s = realloc(rp->snap, cap * sizeof(*s));
      if (!s)
         return false;
      rp->snap = s;
      rp->snap_cap = cap;
   }
   uint8_t *data = malloc(rec->buffer.size ? rec->buffer.size : 1);
   if (!data)
      return false;
   memcpy(data, rec->buffer.data, rec->buffer.size);
   rp->snap[rp->nsnap++] = (struct snap_buffer){ rec->buffer.va, rec->buffer.size, data };
   return true;
}

static bool write_frame(struct replay *rp, const struct capture_record *rec)
{
   struct device *d = NULL;
   for (unsigned i = 0; i < rp->ndev && !d; i++)
      if (rp->dev[i].id == rec->frame.device && rp->dev[i].gpu)
         d = &rp->dev[i];
   if (!d) {
      fprintf(stderr, "r600sim_replay: frame of device %" PRIu32 " before any submission\n",
              rec->frame.device);
      return false;
   }
   unsigned n = ++rp->frames;
   bool ok = true;
   for (uint32_t i = 0; i < rec->frame.count; i++) {
      const struct capture_cb *cb = &rec->frame.cb[i];
      char path[4096];
      if (cb->target == 0)
         snprintf(path, sizeof(path), "%s/frame-%04u.png", rp->outdir, n);
      else
         snprintf(path, sizeof(path), "%s/frame-%04u-cb%u.png", rp->outdir, n, cb->target);
      if (replay_write_image(d->gpu->mem, rec, cb, path))
         printf("r600sim_replay: wrote %s\n", path);
      else
         ok = false;
   }
   return ok;
}

static int usage(const char *argv0)
{
   fprintf(stderr, "usage: %s [--engine interp|jit] CAPTURE [OUTDIR]\n", argv0);
   return 2;
}

int main(int argc, char **argv)
{
   const char *path = NULL, *outdir = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--engine") && i + 1 < argc) {
         const char *e = argv[++i];
         if (strcmp(e, "interp") && strcmp(e, "jit"))
            return usage(argv[0]);
         setenv("R600SIM_ENGINE", e, 1);
      } else if (argv[i][0] == '-' && argv[i][1]) {
         return usage(argv[0]);
      } else if (!path) {
         path = argv[i];
      } else if (!outdir) {
         outdir = argv[i];
      } else {
         return usage(argv[0]);
      }
   }
   if (!path)
      return usage(argv[0]);
   /* The replay is not captured again (it would append to the file it reads). */
   unsetenv("R600SIM_CAPTURE");
   if (outdir && mkdir(outdir, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "r600sim_replay: %s: %s\n", outdir, strerror(errno));
      return 1;
   }

   struct capture_reader r;
   if (!capture_open(&r, path)) {
      fprintf(stderr, "r600sim_replay: %s\n", r.error);
      return 1;
   }
   struct replay rp = { .outdir = outdir ? outdir : "." };
   int status = 0;
   struct capture_record rec;
   enum capture_kind kind;
   while (status == 0 && (kind = capture_next(&r, &rec)) != CAPTURE_END) {
      switch (kind) {
      case CAPTURE_ERROR:
         fprintf(stderr, "r600sim_replay: %s: %s\n", path, r.error);
         status = 1;
         break;
      case CAPTURE_SUBMIT:
         if (!execute_pending(&rp)) {
            status = 1;
            break;
         }
         rp.pending = device_for(&rp, &rec);
         rp.ndw = rec.submit.ndw;
         rp.ib = malloc(4ull * rec.submit.ndw + 4);
         if (!rp.pending || !rp.ib) {
            fprintf(stderr, "r600sim_replay: cannot create a device for submission %" PRIu64
                    "\n", rec.submit.seq);
            status = 1;
            break;
         }
         memcpy(rp.ib, rec.submit.ib, 4ull * rec.submit.ndw);
         break;
      case CAPTURE_BUFFER:
         if (!add_buffer(&rp, &rec)) {
            fprintf(stderr, "r600sim_replay: out of memory\n");
            status = 1;
         }
         break;
      case CAPTURE_FRAME:
         if (!execute_pending(&rp) || !write_frame(&rp, &rec))
            status = 1;
         break;
      default:
         break;   /* records of a later version: not needed to execute */
      }
   }
   if (status == 0 && !execute_pending(&rp))
      status = 1;
   capture_close(&r);

   for (unsigned i = 0; i < rp.ndev; i++) {
      if (rp.dev[i].gpu) {
         rp.faults += r600_gpu_faults(rp.dev[i].gpu, NULL, 0);
         r600_gpu_destroy(rp.dev[i].gpu);
      }
   }
   drop_snapshot(&rp);
   free(rp.snap);
   free(rp.ib);
   fprintf(stderr, "r600sim_replay: %u submissions, %u frames, %u GPU faults\n",
           rp.submissions, rp.frames, rp.faults);
   if (r.version == 1)
      fprintf(stderr, "r600sim_replay: a version 1 capture marks no frame ends: no images\n");
   return status;
}
