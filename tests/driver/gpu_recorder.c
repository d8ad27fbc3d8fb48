/* A stand-in for the simulated GPU (include/r600sim/gpu.h) that records what the driver
 * submits instead of executing it: memory is plain host memory at made-up GPU addresses,
 * every submitted command buffer is kept for the test to decode. */
#include "gpu_recorder.h"

#include <stdlib.h>
#include <string.h>

#define MAX_BUFFERS 4096
#define MAX_SUBMITS 64

struct r600_gpu {
   enum hw_chip chip;
   uint64_t next_va;
   struct { uint64_t va, size; uint8_t *cpu; } buf[MAX_BUFFERS];
   unsigned num_buf;
   struct recorded_submit submits[MAX_SUBMITS];
   unsigned num_submits;
   uint64_t seq;
};

static struct r600_gpu *last_gpu;

struct r600_gpu *r600_gpu_create(enum hw_chip chip)
{
   struct r600_gpu *gpu = calloc(1, sizeof(*gpu));
   gpu->chip = chip;
   gpu->next_va = 0x100000000ull;   /* above 4 GiB: the high address bits must be carried */
   last_gpu = gpu;
   return gpu;
}

void r600_gpu_destroy(struct r600_gpu *gpu)
{
   for (unsigned i = 0; i < gpu->num_buf; i++)
      free(gpu->buf[i].cpu);
   for (unsigned i = 0; i < gpu->num_submits; i++)
      free(gpu->submits[i].dw);
   if (last_gpu == gpu)
      last_gpu = NULL;
   free(gpu);
}

enum hw_chip r600_gpu_chip(const struct r600_gpu *gpu)
{
   return gpu->chip;
}

uint64_t r600_gpu_alloc(struct r600_gpu *gpu, uint64_t size, uint64_t align)
{
   if (gpu->num_buf == MAX_BUFFERS || align < 256 || (align & (align - 1)))
      return 0;
   uint64_t va = (gpu->next_va + align - 1) & ~(align - 1);
   gpu->next_va = va + size + 4096;   /* a gap, so overruns are not inside a neighbour */
   gpu->buf[gpu->num_buf].va = va;
   gpu->buf[gpu->num_buf].size = size;
   gpu->buf[gpu->num_buf].cpu = calloc(1, size);
   gpu->num_buf++;
   return va;
}

void r600_gpu_free(struct r600_gpu *gpu, uint64_t va)
{
   for (unsigned i = 0; i < gpu->num_buf; i++) {
      if (gpu->buf[i].va == va) {
         free(gpu->buf[i].cpu);
         gpu->buf[i] = gpu->buf[--gpu->num_buf];
         return;
      }
   }
}

void *r600_gpu_map(struct r600_gpu *gpu, uint64_t va)
{
   for (unsigned i = 0; i < gpu->num_buf; i++)
      if (gpu->buf[i].va == va)
         return gpu->buf[i].cpu;
   return NULL;
}

uint64_t r600_gpu_submit(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw)
{
   gpu->seq++;
   if (gpu->num_submits < MAX_SUBMITS) {
      struct recorded_submit *s = &gpu->submits[gpu->num_submits++];
      s->dw = malloc(ndw * sizeof(uint32_t));
      memcpy(s->dw, ib, ndw * sizeof(uint32_t));
      s->ndw = ndw;
      s->seq = gpu->seq;
   }
   return gpu->seq;
}

uint64_t r600_gpu_submit_flags(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw,
                               unsigned flags)
{
   return r600_gpu_submit(gpu, ib, ndw);
}

void r600_gpu_wait(struct r600_gpu *gpu, uint64_t seq)
{
}

uint64_t r600_gpu_completed(struct r600_gpu *gpu)
{
   return gpu->seq;
}

unsigned r600_gpu_faults(struct r600_gpu *gpu, struct r600_gpu_fault *out, unsigned max)
{
   return 0;
}

unsigned r600_gpu_hangs(struct r600_gpu *gpu, uint64_t *seqs, unsigned max)
{
   return 0;
}

unsigned recorder_num_submits(void)
{
   return last_gpu ? last_gpu->num_submits : 0;
}

const struct recorded_submit *recorder_submit(unsigned i)
{
   return last_gpu && i < last_gpu->num_submits ? &last_gpu->submits[i] : NULL;
}

const uint8_t *recorder_memory(uint64_t va, uint64_t size)
{
   if (!last_gpu)
      return NULL;
   for (unsigned i = 0; i < last_gpu->num_buf; i++) {
      uint64_t start = last_gpu->buf[i].va;
      if (va >= start && va + size <= start + last_gpu->buf[i].size)
         return last_gpu->buf[i].cpu + (va - start);
   }
   return NULL;
}
