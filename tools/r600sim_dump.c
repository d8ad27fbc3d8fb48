/* r600sim_dump: decodes an R600SIM_CAPTURE file (format: llvmpipe_backend/device/capture.h).
 *
 *   r600sim_dump [--mem] FILE
 *
 * Prints every submission's PM4 packets: opcode names, register names and every field of
 * every register written, with enum names, from the generated hardware tables; with --mem
 * also the GPU buffers captured with each submission; frame ends with their colour buffers. */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture_read.h"
#include "hw_regdb.h"
#include "device/pm4_packet.h"
#include "r600_pm4.h"
#include "r600_regs.h"

static unsigned chip_bits = HW_CHIP_R7XX;

static void print_fields(const struct hw_register *r, uint32_t v)
{
   for (unsigned i = 0; i < r->num_fields; i++) {
      const struct hw_field *f = &r->fields[i];
      uint32_t x = f->width >= 32 ? v : (v >> f->shift) & ((1u << f->width) - 1);
      if (f->width >= 32) {
         /* Whole-register values: show the float reading too when it looks like one
          * (viewport, guard band, blend constants...). */
         float fl;
         memcpy(&fl, &v, 4);
         double a = fabs((double)fl);
         if (v == 0 || (a >= 1e-6 && a <= 1e9))
            printf(" %s=0x%08" PRIX32 "(%g)", f->name, x, (double)fl);
         else
            printf(" %s=0x%08" PRIX32, f->name, x);
         continue;
      }
      const char *e = hw_field_value_name(f, x);
      if (e)
         printf(" %s=%" PRIu32 "(%s)", f->name, x, e);
      else
         printf(" %s=%" PRIu32, f->name, x);
   }
}

/* "NAME = 0x........  FIELD=v(ENUM) ..." for a register write. */
static void print_reg(uint32_t offset, uint32_t v)
{
   const struct hw_register *r = hw_find_register(offset, chip_bits);
   if (!r) {
      printf("reg_0x%05" PRIX32 " = 0x%08" PRIX32 "\n", offset, v);
      return;
   }
   printf("%s = 0x%08" PRIX32 " ", r->name, v);
   print_fields(r, v);
   printf("\n");
}

/* A packet body dword laid out like a register (e.g. the DRAW initiator). */
static void print_as(const char *label, const char *reg_name, uint32_t v)
{
   const struct hw_register *r = hw_find_register_by_name(reg_name);
   printf("    %s = 0x%08" PRIX32 " ", label, v);
   if (r)
      print_fields(r, v);
   printf("\n");
}

static void print_body_hex(const struct sim_pm4_packet *p)
{
   for (unsigned i = 0; i < p->body_ndw; i++)
      printf("%s0x%08" PRIX32, i % 8 ? " " : "\n    ", p->body[i]);
   if (p->body_ndw)
      printf("\n");
}

static void print_set(unsigned pos, const struct sim_pm4_packet *p, const struct sim_pm4_window *w)
{
   if (p->body_ndw < 2) {
      printf("[%04u] %s without values (fault)\n", pos, w->name);
      return;
   }
   uint64_t start = w->start + 4ull * p->body[0];
   for (unsigned i = 1; i < p->body_ndw; i++) {
      uint64_t reg = start + 4ull * (i - 1);
      printf("[%04u] %s ", pos, w->name);
      if (reg >= w->end) {
         printf("0x%" PRIX64 " outside the window (fault)\n", reg);
         continue;
      }
      if (w->group > 1) {
         uint64_t slot = (reg - w->start) / (4 * w->group);
         uint64_t word = (reg - w->start) / 4 % w->group;
         printf("slot %" PRIu64 " word %" PRIu64 " = 0x%08" PRIX32 "\n", slot, word, p->body[i]);
         continue;
      }
      print_reg((uint32_t)reg, p->body[i]);
   }
}

static void print_type3(unsigned pos, const struct sim_pm4_packet *p)
{
   const struct sim_pm4_window *w = sim_pm4_window(p->opcode);
   if (w) {
      print_set(pos, p, w);
      return;
   }
   const struct hw_pm4_opcode *op = hw_find_pm4_opcode((uint8_t)p->opcode);
   printf("[%04u] %s%s (%u dwords)", pos, op ? op->name : "UNKNOWN_OPCODE",
          p->predicated ? " PREDICATED" : "", p->body_ndw);
   if (!op)
      printf(" opcode 0x%02X", p->opcode);
   const uint32_t *b = p->body;
   switch (p->opcode) {
   case PM4_IT_INDEX_TYPE:
      printf("\n");
      if (p->body_ndw >= 1)
         print_as("VGT_DMA_INDEX_TYPE", "VGT_DMA_INDEX_TYPE", b[0]);
      return;
   case PM4_IT_NUM_INSTANCES:
      printf(" %" PRIu32 "\n", p->body_ndw ? b[0] : 0);
      return;
   case PM4_IT_DRAW_INDEX_AUTO:
      if (p->body_ndw >= 2) {
         printf(" count %" PRIu32 "\n", b[0]);
         print_as("initiator", "VGT_DRAW_INITIATOR", b[1]);
         return;
      }
      break;
   case PM4_IT_DRAW_INDEX:
      if (p->body_ndw >= 4) {
         printf(" address 0x%" PRIX64 " count %" PRIu32 "\n",
                b[0] | (uint64_t)VGT_DMA_BASE_HI__BASE_ADDR__get(b[1]) << 32, b[2]);
         print_as("initiator", "VGT_DRAW_INITIATOR", b[3]);
         return;
      }
      break;
   case PM4_IT_DRAW_INDEX_IMMD:
      if (p->body_ndw >= 2) {
         printf(" count %" PRIu32 "\n", b[0]);
         print_as("initiator", "VGT_DRAW_INITIATOR", b[1]);
         printf("    indices:");
         for (unsigned i = 2; i < p->body_ndw; i++)
            printf(" 0x%08" PRIX32, b[i]);
         printf("\n");
         return;
      }
      break;
   case PM4_IT_EVENT_WRITE:
   case PM4_IT_EVENT_WRITE_EOP:
      if (p->body_ndw >= 1) {
         printf("\n");
         print_as("event", "VGT_EVENT_INITIATOR", b[0]);
         for (unsigned i = 1; i < p->body_ndw; i++)
            printf("    dword %u = 0x%08" PRIX32 "\n", i, b[i]);
         return;
      }
      break;
   case PM4_IT_SURFACE_SYNC:
      if (p->body_ndw >= 4) {
         printf("\n");
         print_as("CP_COHER_CNTL", "CP_COHER_CNTL", b[0]);
         printf("    size 0x%08" PRIX32 " base 0x%08" PRIX32 " poll %" PRIu32 "\n", b[1], b[2],
                b[3]);
         return;
      }
      break;
   }
   print_body_hex(p);
   if (!p->body_ndw)
      printf("\n");
}

static void dump_ib(const uint32_t *ib, unsigned ndw)
{
   unsigned pos = 0;
   while (pos < ndw) {
      struct sim_pm4_packet p;
      enum sim_pm4_status st = sim_pm4_decode(ib, ndw, pos, &p);
      if (st == SIM_PM4_BAD_TYPE) {
         printf("[%04u] header 0x%08" PRIX32 ": type %u packet, rest not decodable\n", pos,
                p.header, p.type);
         return;
      }
      if (st == SIM_PM4_TRUNCATED) {
         printf("[%04u] header 0x%08" PRIX32 " claims %u dwords, %u left: truncated\n", pos,
                p.header, p.ndw, ndw - pos);
         return;
      }
      switch (p.type) {
      case 0:
         for (unsigned i = 0; i < p.body_ndw; i++) {
            printf("[%04u] TYPE0 ", pos);
            print_reg(p.reg + 4 * i, p.body[i]);
         }
         break;
      case 2:
         printf("[%04u] TYPE2 filler\n", pos);
         break;
      default:
         print_type3(pos, &p);
         break;
      }
      pos += p.ndw;
   }
}

static void dump_buffer(uint64_t va, uint64_t size, const uint8_t *d)
{
   uint32_t hash = 2166136261u;
   uint64_t nonzero = 0;
   for (uint64_t i = 0; i < size; i++) {
      hash = (hash ^ d[i]) * 16777619u;
      nonzero += d[i] != 0;
   }
   printf("  buffer va 0x%010" PRIX64 " size %" PRIu64 " nonzero bytes %" PRIu64
          " fnv1a 0x%08" PRIX32 "\n   ", va, size, nonzero, hash);
   for (uint64_t i = 0; i + 4 <= size && i < 32; i += 4)
      printf(" %08" PRIX32, (uint32_t)d[i] | (uint32_t)d[i + 1] << 8 |
                               (uint32_t)d[i + 2] << 16 | (uint32_t)d[i + 3] << 24);
   printf("\n");
}

static void dump_frame(const struct capture_record *rec)
{
   printf("=== frame end after submission %" PRIu64 " (device %" PRIu32 ", %" PRIu32
          " colour buffers)\n", rec->frame.seq, rec->frame.device, rec->frame.count);
   printf("    ");
   print_reg(REG_PA_SC_WINDOW_SCISSOR_TL, rec->frame.window_tl);
   printf("    ");
   print_reg(REG_PA_SC_WINDOW_SCISSOR_BR, rec->frame.window_br);
   printf("    ");
   print_reg(REG_PA_SC_AA_CONFIG, rec->frame.aa_config);
   for (uint32_t i = 0; i < rec->frame.count; i++) {
      const struct capture_cb *cb = &rec->frame.cb[i];
      static const uint32_t reg0[4] = { REG_CB_COLOR0_BASE, REG_CB_COLOR0_SIZE,
                                        REG_CB_COLOR0_VIEW, REG_CB_COLOR0_INFO };
      static const uint32_t stride[4] = { REG_CB_COLOR0_BASE__stride, REG_CB_COLOR0_SIZE__stride,
                                          REG_CB_COLOR0_VIEW__stride, REG_CB_COLOR0_INFO__stride };
      const uint32_t v[4] = { cb->base, cb->size, cb->view, cb->info };
      for (unsigned k = 0; k < 4; k++) {
         printf("    ");
         print_reg(reg0[k] + cb->target * stride[k], v[k]);
      }
   }
}

int main(int argc, char **argv)
{
   bool mem = false;
   const char *path = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--mem"))
         mem = true;
      else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help") || path) {
         fprintf(stderr, "usage: %s [--mem] CAPTURE_FILE\n", argv[0]);
         return 2;
      } else
         path = argv[i];
   }
   if (!path) {
      fprintf(stderr, "usage: %s [--mem] CAPTURE_FILE\n", argv[0]);
      return 2;
   }
   struct capture_reader r;
   if (!capture_open(&r, path)) {
      fprintf(stderr, "r600sim_dump: %s\n", r.error);
      return 1;
   }

   int status = 0;
   unsigned submissions = 0;
   struct capture_record rec;
   enum capture_kind kind;
   while ((kind = capture_next(&r, &rec)) != CAPTURE_END) {
      if (kind == CAPTURE_ERROR) {
         fprintf(stderr, "r600sim_dump: %s\n", r.error);
         status = 1;
         break;
      }
      switch (kind) {
      case CAPTURE_SUBMIT:
         chip_bits = rec.submit.chip == 0 ? HW_CHIP_R6XX : HW_CHIP_R7XX;
         printf("=== submission %" PRIu64 " (%s, %" PRIu32 " dwords", rec.submit.seq,
                rec.submit.chip == 0 ? "r600" : "rv770", rec.submit.ndw);
         if (rec.submit.device != 1)
            printf(", device %" PRIu32, rec.submit.device);
         printf(")\n");
         dump_ib(rec.submit.ib, rec.submit.ndw);
         submissions++;
         break;
      case CAPTURE_BUFFER:
         if (mem)
            dump_buffer(rec.buffer.va, rec.buffer.size, rec.buffer.data);
         break;
      case CAPTURE_FRAME:
         dump_frame(&rec);
         break;
      default:
         printf("(record with unknown tag %" PRIu32 ", %" PRIu64 " bytes)\n", rec.tag,
                rec.bytes);
         break;
      }
   }
   capture_close(&r);
   fprintf(stderr, "r600sim_dump: %u submissions\n", submissions);
   return status;
}
