/* Fuzz harness: bytes -> GPU memory buffers at chosen addresses plus a PM4 command buffer,
 * submitted to a fresh simulated GPU (R600SIM_SYNC=1: executed on the calling thread) on
 * the engine R600SIM_ENGINE names; the GPU must report faults, never crash the host.
 *
 * Input (little-endian):
 *   byte 0   bit 0: chip (0 r600, 1 rv770)
 *   byte 1   N: buffers (at most MAX_BUFFERS are used)
 *   N times  u32 va (its offset from VA_FIRST, rounded down to 256, inside VA_WINDOW),
 *            u32 size (at most BUFFER_MAX), u32 n, then n bytes (at most size) copied to the
 *            buffer's start; the rest of the buffer is zero
 *   the rest the command buffer (whole dwords)
 * Buffers are placed at exactly their address (fillers are allocated in the gaps and freed
 * again); a buffer that overlaps the one before, or sits too close after it to leave room
 * for the allocator's guard, is left out. tests/fuzz/capture_to_seed.py turns an
 * R600SIM_CAPTURE file into this format.
 *
 * Bounding the work (until the GPU has a watchdog): the harness clamps the vertex count of
 * DRAW_INDEX / DRAW_INDEX_AUTO / DRAW_INDEX_IMMD to MAX_VERTICES, instance counts
 * (NUM_INSTANCES, VGT_NUM_INSTANCES written by type-0 or SET_CONFIG_REG packets) to
 * MAX_INSTANCES, and zeroes the count of draws after the first MAX_DRAWS; render targets
 * can only be as large as the buffers (BUFFER_MAX each). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "device/pm4_packet.h"
#include "r600_pm4.h"
#include "r600_regs.h"
#include "r600sim/gpu.h"

#define MAX_BUFFERS 16
#define VA_FIRST 0x100000u         /* the first address the allocator hands out */
#define VA_WINDOW (16u << 20)
#define VA_GUARD 256u              /* the allocator's gap after every buffer */
#define BUFFER_MAX (1u << 20)
#define MAX_VERTICES 256u
#define MAX_INSTANCES 4u
#define MAX_DRAWS 16u

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
   setenv("R600SIM_SYNC", "1", 0);
   setenv("R600SIM_NUM_THREADS", "1", 0);
   return 0;
}

static uint32_t u32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t min_u32(uint32_t a, uint32_t b)
{
   return a < b ? a : b;
}

/* Clamps the draw and instance counts in the command buffer (see the top). */
static void bound_work(uint32_t *ib, unsigned ndw)
{
   unsigned draws = 0;
   for (unsigned pos = 0; pos < ndw;) {
      struct sim_pm4_packet p;
      if (sim_pm4_decode(ib, ndw, pos, &p) != SIM_PM4_OK)
         return;
      uint32_t *body = ib + pos + 1;
      if (p.type == PM4_TYPE0_TYPE_VALUE) {
         for (unsigned i = 0; i < p.body_ndw; i++)
            if (p.reg + 4 * i == REG_VGT_NUM_INSTANCES)
               body[i] = min_u32(body[i], MAX_INSTANCES);
      } else if (p.type == PM4_TYPE3_TYPE_VALUE && p.body_ndw >= 1) {
         unsigned count_at = ~0u;
         switch (p.opcode) {
         case PM4_IT_DRAW_INDEX:
            count_at = 2;
            break;
         case PM4_IT_DRAW_INDEX_AUTO:
         case PM4_IT_DRAW_INDEX_IMMD:
            count_at = 0;
            break;
         case PM4_IT_NUM_INSTANCES:
            body[0] = min_u32(body[0], MAX_INSTANCES);
            break;
         case PM4_IT_SET_CONFIG_REG:
            for (unsigned i = 1; i < p.body_ndw; i++)
               if (PM4_SET_CONFIG_REG_WINDOW_START + 4ull * body[0] + 4ull * (i - 1) == REG_VGT_NUM_INSTANCES)
                  body[i] = min_u32(body[i], MAX_INSTANCES);
            break;
         default:
            break;
         }
         if (count_at < p.body_ndw)
            body[count_at] = ++draws > MAX_DRAWS ? 0 : min_u32(body[count_at], MAX_VERTICES);
      }
      pos += p.ndw;
   }
}

/* Places the input's buffers; returns the position of the command buffer in data. */
static size_t place_buffers(struct r600_gpu *gpu, const uint8_t *data, size_t size)
{
   unsigned n = data[1] < MAX_BUFFERS ? data[1] : MAX_BUFFERS;
   size_t pos = 2;
   uint64_t cursor = VA_FIRST;   /* where the allocator will put the next buffer */
   for (unsigned i = 0; i < n && pos + 12 <= size; i++) {
      uint64_t va = VA_FIRST + (u32(data + pos) % VA_WINDOW & ~255u);
      uint32_t bytes = min_u32(u32(data + pos + 4), BUFFER_MAX);
      size_t ndata = min_u32(u32(data + pos + 8), bytes);
      pos += 12;
      if (ndata > size - pos)
         ndata = size - pos;
      const uint8_t *init = data + pos;
      pos += ndata;
      if (!bytes || va < cursor || (va > cursor && va - cursor < 2 * VA_GUARD))
         continue;
      uint64_t filler = va > cursor ? r600_gpu_alloc(gpu, va - cursor - VA_GUARD, 256) : 0;
      uint64_t got = r600_gpu_alloc(gpu, bytes, 256);
      if (filler)
         r600_gpu_free(gpu, filler);
      if (!got)
         continue;
      memcpy(r600_gpu_map(gpu, got), init, ndata);
      cursor = got + ((bytes + 255ull) & ~255ull) + VA_GUARD;
   }
   return pos;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 2)
      return 0;
   struct r600_gpu *gpu = r600_gpu_create(data[0] & 1 ? HW_CHIP_R7XX : HW_CHIP_R6XX);
   if (!gpu)
      abort();
   size_t pos = place_buffers(gpu, data, size);
   unsigned ndw = (unsigned)((size - pos) / 4);
   uint32_t *ib = malloc(ndw * 4ull + 4);
   memcpy(ib, data + pos, ndw * 4ull);
   bound_work(ib, ndw);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib, ndw));
   struct r600_gpu_fault faults[4];
   r600_gpu_faults(gpu, faults, 4);
   free(ib);
   r600_gpu_destroy(gpu);
   return 0;
}
