/* R600SIM_CAPTURE, the dumper and the replay's faults: captures two submissions, the second
 * one ending a frame (R600_GPU_FRAME_END) and faulting, checks the file against the format
 * of llvmpipe_backend/device/capture.h (version 2), runs the replay on it (the fault is
 * printed as the live run prints it; the frame's colour buffers, in no buffer, are
 * reported), then the dumper on it, on a truncated copy and on a version 1 file.
 *   test_capture PATH_TO_r600sim_dump PATH_TO_r600sim_replay */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "device/capture.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"

static uint32_t u32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t u64(const uint8_t *p)
{
   return u32(p) | (uint64_t)u32(p + 4) << 32;
}

/* Standard output of `tool args path` (static buffer), or NULL; standard error goes where
 * `redirect` says. */
static const char *run_tool(const char *tool, const char *args, const char *path,
                            const char *redirect, int *status)
{
   static char out[1 << 20];
   char cmd[4096];
   snprintf(cmd, sizeof(cmd), "'%s' %s '%s' %s", tool, args, path, redirect);
   FILE *p = popen(cmd, "r");
   if (!p)
      return NULL;
   size_t n = fread(out, 1, sizeof(out) - 1, p);
   out[n] = 0;
   *status = pclose(p);
   return out;
}

int main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s PATH_TO_r600sim_dump PATH_TO_r600sim_replay\n", argv[0]);
      return 2;
   }
   char path[] = "/tmp/r600sim-capture-XXXXXX";
   int fd = mkstemp(path);
   if (fd < 0)
      return 2;
   close(fd);
   setenv("R600SIM_CAPTURE", path, 1);

   struct r600_gpu *gpu = r600_gpu_create(HW_CHIP_R7XX);
   uint64_t va = r600_gpu_alloc(gpu, 300, 256);
   uint8_t *m = r600_gpu_map(gpu, va);
   for (unsigned i = 0; i < 300; i++)
      m[i] = (uint8_t)(i * 7);

   struct ib ib = { .n = 0 };
   ib_ctx(&ib, REG_PA_SU_VTX_CNTL, 0x2D);
   ib_ctx(&ib, REG_PA_SC_EDGERULE, 0xAAAAAAAA);
   ib_ctx(&ib, REG_CB_COLOR0_INFO,
          CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED));
   ib_ctx(&ib, REG_SQ_PGM_START_PS, (uint32_t)(va >> 8));
   ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1));
   /* The frame's colour buffers: CB_COLOR0 and CB_COLOR3 have a format, the others none. */
   ib_ctx(&ib, REG_CB_COLOR0_BASE, 0x1234);
   ib_ctx(&ib, REG_CB_COLOR0_SIZE, 0x0012BC27);
   const uint32_t info3 = CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_5_6_5);
   ib_ctx(&ib, REG_CB_COLOR0_INFO + 3 * REG_CB_COLOR0_INFO__stride, info3);
   ib_ctx(&ib, REG_CB_COLOR0_VIEW + 3 * REG_CB_COLOR0_VIEW__stride, 5);
   ib_ctx(&ib, REG_PA_SC_WINDOW_SCISSOR_BR, 0x00F00140);
   unsigned first_ndw = ib.n;
   uint64_t s1 = r600_gpu_submit(gpu, ib.dw, ib.n);
   m[0] = 0xAB;   /* the second snapshot must show this */
   /* A filler, then an EVENT_WRITE to address 0x10, in no buffer: a fault at dword 1. */
   uint32_t second[] = { PM4_TYPE2, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE, 3), 0, 0x10, 0 };
   uint64_t s2 = r600_gpu_submit_flags(gpu, second, 5, R600_GPU_FRAME_END);
   struct r600_gpu_fault live_fault;
   CHECK(r600_gpu_faults(gpu, &live_fault, 1) == 1 && live_fault.seq == s2 &&
         live_fault.dword == 1 && live_fault.address == 0x10, "the live run faults");
   r600_gpu_destroy(gpu);

   /* The file, record by record. */
   FILE *f = fopen(path, "rb");
   static uint8_t buf[1 << 16];
   size_t size = f ? fread(buf, 1, sizeof(buf), f) : 0;
   if (f)
      fclose(f);
   CHECK(size > 16 && !memcmp(buf, SIM_CAPTURE_MAGIC, 8) && u32(buf + 8) == SIM_CAPTURE_VERSION &&
         u32(buf + 12) == 16, "file header");
   size_t pos = 16;
   unsigned submits = 0, buffers = 0, frames = 0;
   bool ib_ok = false, snap1 = false, snap2 = false, frame_ok = false;
   while (pos + 16 <= size) {
      uint32_t tag = u32(buf + pos);
      uint64_t bytes = u64(buf + pos + 8);
      const uint8_t *pl = buf + pos + 16;
      if (pos + 16 + bytes > size)
         break;
      if (tag == SIM_CAPTURE_TAG_SUBMIT) {
         submits++;
         uint64_t seq = u64(pl);
         uint32_t ndw = u32(pl + 12);
         if (seq == s1 && ndw == first_ndw && u32(pl + 8) == 1 && u32(pl + 16) == 1 &&
             bytes == 20 + 4ull * ndw) {
            ib_ok = true;
            for (unsigned i = 0; i < ndw; i++)
               ib_ok &= u32(pl + 20 + 4 * i) == ib.dw[i];
         }
      } else if (tag == SIM_CAPTURE_TAG_BUFFER) {
         buffers++;
         if (u64(pl) == va && u64(pl + 8) == 300 && bytes == 316) {
            if (submits == 1)
               snap1 = pl[16] == 0 && pl[16 + 299] == (uint8_t)(299 * 7);
            else
               snap2 = pl[16] == 0xAB;
         }
      } else if (tag == SIM_CAPTURE_TAG_FRAME) {
         frames++;
         /* After the second submission's buffers; device 1; 2 colour buffers; the window
          * BR, then CB 0 (base 0x1234) and CB 3 (view 5, info3). */
         frame_ok = submits == 2 && buffers == 2 && bytes == 32 + 2 * 24 && u64(pl) == s2 &&
                    u32(pl + 8) == 1 && u32(pl + 12) == 2 && u32(pl + 20) == 0x00F00140 &&
                    u32(pl + 32) == 0 && u32(pl + 36) == 0x1234 &&
                    u32(pl + 40) == 0x0012BC27 && u32(pl + 56) == 3 && u32(pl + 68) == 5 &&
                    u32(pl + 72) == info3;
      }
      pos += 16 + ((bytes + 7) & ~7ull);
   }
   CHECK(pos == size, "records end at the end of the file (%zu of %zu)", pos, size);
   CHECK(submits == 2 && buffers == 2 && s2 == s1 + 1, "2 submissions, 2 buffer snapshots: %u %u",
         submits, buffers);
   CHECK(ib_ok, "command buffer captured verbatim");
   CHECK(snap1 && snap2, "buffer snapshots taken before each submission");
   CHECK(frames == 1 && frame_ok, "one FRAME record with the bound colour buffers (%u)", frames);

   /* The replay: the fault as the live run prints it with R600SIM_DEBUG=faults. */
   int status = -1;
   char outdir[] = "/tmp/r600sim-replay-XXXXXX";
   char replay_args[4200], replay_out[4200];
   snprintf(replay_args, sizeof(replay_args), "R600SIM_DEBUG=faults '%s'", argv[2]);
   const char *out = NULL;
   if (mkdtemp(outdir)) {
      snprintf(replay_out, sizeof(replay_out), "'%s' 2>&1", outdir);
      out = run_tool("env", replay_args, path, replay_out, &status);
   }
   const char *shown = out ? out : "(not run)";
   char want_fault[256];
   snprintf(want_fault, sizeof(want_fault),
            "r600sim: GPU fault (submission %llu, dword 1, address 0x10): %s\n",
            (unsigned long long)s2, live_fault.message);
   CHECK(out && strstr(out, want_fault), "replay prints \"%s\": %s", want_fault, shown);
   CHECK(out && strstr(out, "2 submissions, 1 frames, 1 GPU faults"), "replay summary: %s",
         shown);
   /* CB0: 0x1234 << 8, pitch (39 + 1) * 8, (1199 + 1) * 64 / 320 rows. CB3: SIZE 0 is 8x8
    * pixels of 2 bytes, 128 bytes a layer, layer 5 at 0x280; the 320x240 window clipped. */
   CHECK(out && strstr(out, "frame-0001.png: CB_COLOR0 (0x123400, 320x240 pixels) is not in") &&
         strstr(out, "frame-0001-cb3.png: CB_COLOR3 (0x280, 8x8 pixels) is not in"),
         "colour buffers in no buffer: %s", shown);
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1, "replay exit status %d", status);
   rmdir(outdir);

   /* The dumper. */
   out = run_tool(argv[1], "", path, "2>/dev/null", &status);
   CHECK(out && status == 0, "dumper exit status %d", status);
   static const char *want[] = {
      "=== submission 1 (rv770, 30 dwords)",   /* 10 SET_CONTEXT_REG of 3 dwords */
      "SET_CONTEXT_REG PA_SU_VTX_CNTL = 0x0000002D ",
      "PIX_CENTER=1(X_PIXEL_CENTER_0_5) ROUND_MODE=2(X_ROUND_TO_EVEN) QUANT_MODE=5(X_1_256TH)",
      "PA_SC_EDGERULE = 0xAAAAAAAA  ER_TRI=10",
      "CB_COLOR0_INFO = 0x00000168 ",
      "FORMAT=26(COLOR_8_8_8_8) ARRAY_MODE=1(ARRAY_LINEAR_ALIGNED)",
      "SQ_PGM_START_PS = ",
      "SPI_PS_INPUT_CNTL_0 = 0x00000001  SEMANTIC=1 DEFAULT_VAL=0",
      "[0000] TYPE2 filler",
      "=== frame end after submission 2 (device 1, 2 colour buffers)",
      "PA_SC_WINDOW_SCISSOR_BR = 0x00F00140  BR_X=320 BR_Y=240",
      "CB_COLOR0_BASE = 0x00001234 ",
      "CB_COLOR3_VIEW = 0x00000005  SLICE_START=5",
      "CB_COLOR3_INFO = 0x00000020  ENDIAN=0(ENDIAN_NONE) FORMAT=8(COLOR_5_6_5)",
   };
   for (unsigned i = 0; out && i < sizeof(want) / sizeof(want[0]); i++)
      CHECK(strstr(out, want[i]) != NULL, "dump lacks \"%s\"", want[i]);
   out = run_tool(argv[1], "--mem", path, "2>/dev/null", &status);
   char line[128];
   snprintf(line, sizeof(line), "buffer va 0x%010llX size 300", (unsigned long long)va);
   CHECK(out && status == 0 && strstr(out, line), "--mem lists the buffer");

   /* A truncated file: an error, no crash. */
   f = fopen(path, "wb");
   if (f) {
      fwrite(buf, 1, size - 5, f);
      fclose(f);
   }
   out = run_tool(argv[1], "", path, "2>/dev/null", &status);
   CHECK(out && WIFEXITED(status) && WEXITSTATUS(status) == 1, "truncated file: status %d", status);

   /* Version 1 (no device field, no FRAME records) is still read. */
   static const uint8_t v1[] = {
      'R', '6', '0', '0', 'S', 'I', 'M', 'C', 1, 0, 0, 0, 16, 0, 0, 0,
      1, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0,           /* SUBMIT, 20 bytes */
      7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,             /* seq 7, r600, 1 dword */
      0x00, 0x00, 0x00, 0x80, 0, 0, 0, 0,                         /* TYPE2, padding */
   };
   f = fopen(path, "wb");
   if (f) {
      fwrite(v1, 1, sizeof(v1), f);
      fclose(f);
   }
   out = run_tool(argv[1], "", path, "2>/dev/null", &status);
   CHECK(out && status == 0 && strstr(out, "=== submission 7 (r600, 1 dwords)\n[0000] TYPE2 filler"),
         "version 1 file: status %d, %s", status, out ? out : "");
   unlink(path);

   return check_report();
}
