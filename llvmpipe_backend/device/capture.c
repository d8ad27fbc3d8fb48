/* Command-stream capture (format in capture.h). */
#include "device/capture.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/gpu_state.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *file;
static int opened;     /* 0 not yet tried, 1 open, -1 disabled */

static void put_u32(uint32_t v)
{
   uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
   fwrite(b, 1, 4, file);
}

static void put_u64(uint64_t v)
{
   put_u32((uint32_t)v);
   put_u32((uint32_t)(v >> 32));
}

static void pad8(uint64_t payload_bytes)
{
   static const uint8_t zero[8];
   if (payload_bytes % 8)
      fwrite(zero, 1, 8 - payload_bytes % 8, file);
}

static void open_file(void)
{
   const char *path = getenv("R600SIM_CAPTURE");
   opened = -1;
   if (!path || !*path)
      return;
   file = fopen(path, "ab");
   if (!file) {
      fprintf(stderr, "r600sim: cannot open capture file %s\n", path);
      return;
   }
   fseek(file, 0, SEEK_END);
   if (ftell(file) == 0) {
      fwrite(SIM_CAPTURE_MAGIC, 1, 8, file);
      put_u32(SIM_CAPTURE_VERSION);
      put_u32(16);
   }
   opened = 1;
}

static void write_buffer(void *ctx, uint64_t va, uint64_t size, const void *data)
{
   (void)ctx;
   put_u32(SIM_CAPTURE_TAG_BUFFER);
   put_u32(0);
   put_u64(16 + size);
   put_u64(va);
   put_u64(size);
   fwrite(data, 1, size, file);
   pad8(16 + size);
}

void sim_capture_submit(struct r600_gpu *gpu, uint64_t seq, const uint32_t *ib, unsigned ndw)
{
   pthread_mutex_lock(&lock);
   if (!opened)
      open_file();
   if (opened > 0) {
      if (!ib)
         ndw = 0;
      uint64_t payload = 16 + 4ull * ndw;
      put_u32(SIM_CAPTURE_TAG_SUBMIT);
      put_u32(0);
      put_u64(payload);
      put_u64(seq);
      put_u32(gpu->chip == HW_CHIP_R6XX ? 0 : 1);
      put_u32(ndw);
      for (unsigned i = 0; i < ndw; i++)
         put_u32(ib[i]);
      pad8(payload);
      sim_mem_foreach(gpu->mem, write_buffer, NULL);
      fflush(file);
   }
   pthread_mutex_unlock(&lock);
}
