/* Command-stream capture (format in capture.h). */
#include "device/capture.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/gpu_state.h"
#include "r600_regs.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *file;
static int opened;     /* 0 not yet tried, 1 open, -1 disabled */
static unsigned devices;   /* device numbers handed out */

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

static void put_record_header(uint32_t tag, uint64_t payload_bytes)
{
   put_u32(tag);
   put_u32(0);
   put_u64(payload_bytes);
}

/* An existing file must start with this version's header to be appended to. */
static bool same_version(FILE *f)
{
   uint8_t hdr[16];
   rewind(f);
   if (fread(hdr, 1, 16, f) != 16 || memcmp(hdr, SIM_CAPTURE_MAGIC, 8))
      return false;
   uint32_t version = (uint32_t)hdr[8] | (uint32_t)hdr[9] << 8 | (uint32_t)hdr[10] << 16 |
                      (uint32_t)hdr[11] << 24;
   return version == SIM_CAPTURE_VERSION;
}

static void open_file(void)
{
   const char *path = getenv("R600SIM_CAPTURE");
   opened = -1;
   if (!path || !*path)
      return;
   file = fopen(path, "a+b");
   if (!file) {
      fprintf(stderr, "r600sim: cannot open capture file %s\n", path);
      return;
   }
   fseek(file, 0, SEEK_END);
   if (ftell(file) == 0) {
      fwrite(SIM_CAPTURE_MAGIC, 1, 8, file);
      put_u32(SIM_CAPTURE_VERSION);
      put_u32(16);
   } else if (!same_version(file)) {
      fprintf(stderr, "r600sim: capture file %s is not a version %u capture; not captured\n",
              path, SIM_CAPTURE_VERSION);
      fclose(file);
      file = NULL;
      return;
   } else {
      fseek(file, 0, SEEK_END);   /* a read is followed by writes only after a seek */
   }
   opened = 1;
}

/* Opens the file on first use; true if capturing. Called with `lock` held. */
static bool capturing(struct r600_gpu *gpu)
{
   if (!opened)
      open_file();
   if (opened > 0 && !gpu->capture_id)
      gpu->capture_id = ++devices;
   return opened > 0;
}

static void write_buffer(void *ctx, uint64_t va, uint64_t size, const void *data)
{
   (void)ctx;
   put_record_header(SIM_CAPTURE_TAG_BUFFER, 16 + size);
   put_u64(va);
   put_u64(size);
   fwrite(data, 1, size, file);
   pad8(16 + size);
}

void sim_capture_submit(struct r600_gpu *gpu, uint64_t seq, const uint32_t *ib, unsigned ndw)
{
   pthread_mutex_lock(&lock);
   if (capturing(gpu)) {
      if (!ib)
         ndw = 0;
      uint64_t payload = 20 + 4ull * ndw;
      put_record_header(SIM_CAPTURE_TAG_SUBMIT, payload);
      put_u64(seq);
      put_u32(gpu->chip == HW_CHIP_R6XX ? 0 : 1);
      put_u32(ndw);
      put_u32(gpu->capture_id);
      for (unsigned i = 0; i < ndw; i++)
         put_u32(ib[i]);
      pad8(payload);
      sim_mem_foreach(gpu->mem, write_buffer, NULL);
      fflush(file);
   }
   pthread_mutex_unlock(&lock);
}

static uint32_t cb_reg(const struct r600_gpu *gpu, uint32_t reg0, uint32_t stride, unsigned n)
{
   return gpu->regs[(reg0 + n * stride) / 4];
}

void sim_capture_frame(struct r600_gpu *gpu, uint64_t seq)
{
   pthread_mutex_lock(&lock);
   if (capturing(gpu)) {
      unsigned bound[SIM_CAPTURE_CB_TARGETS], count = 0;
      for (unsigned n = 0; n < SIM_CAPTURE_CB_TARGETS; n++) {
         uint32_t info = cb_reg(gpu, REG_CB_COLOR0_INFO, REG_CB_COLOR0_INFO__stride, n);
         if (CB_COLOR0_INFO__FORMAT__get(info) != CB_COLOR0_INFO__FORMAT__COLOR_INVALID)
            bound[count++] = n;
      }
      uint64_t payload = SIM_CAPTURE_FRAME_HEADER_BYTES + SIM_CAPTURE_FRAME_CB_BYTES * count;
      put_record_header(SIM_CAPTURE_TAG_FRAME, payload);
      put_u64(seq);
      put_u32(gpu->capture_id);
      put_u32(count);
      put_u32(gpu->regs[REG_PA_SC_WINDOW_SCISSOR_TL / 4]);
      put_u32(gpu->regs[REG_PA_SC_WINDOW_SCISSOR_BR / 4]);
      put_u32(gpu->regs[REG_PA_SC_AA_CONFIG / 4]);
      put_u32(0);
      for (unsigned i = 0; i < count; i++) {
         unsigned n = bound[i];
         put_u32(n);
         put_u32(cb_reg(gpu, REG_CB_COLOR0_BASE, REG_CB_COLOR0_BASE__stride, n));
         put_u32(cb_reg(gpu, REG_CB_COLOR0_SIZE, REG_CB_COLOR0_SIZE__stride, n));
         put_u32(cb_reg(gpu, REG_CB_COLOR0_VIEW, REG_CB_COLOR0_VIEW__stride, n));
         put_u32(cb_reg(gpu, REG_CB_COLOR0_INFO, REG_CB_COLOR0_INFO__stride, n));
         put_u32(0);
      }
      fflush(file);
   }
   pthread_mutex_unlock(&lock);
}
