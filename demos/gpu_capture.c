/* The last frame's GPU work from the demo's own capture file (gpu_capture.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture_read.h"
#include "device/pm4_packet.h"
#include "gpu_capture.h"
#include "hw_regdb.h"
#include "r600_pm4.h"
#include "r600_regs.h"

#define NREGS (GPU_CAPTURE_REG_SPACE / 4)

bool gpu_capture_start(struct gpu_capture *c)
{
   memset(c, 0, sizeof(*c));
   const char *tmp = getenv("TMPDIR");
   snprintf(c->path, sizeof(c->path), "%s/r600sim-demo-XXXXXX", tmp && *tmp ? tmp : "/tmp");
   int fd = mkstemp(c->path);
   if (fd < 0) {
      snprintf(c->error, sizeof(c->error), "cannot create a capture file in %s", c->path);
      return false;
   }
   close(fd);
   if (getenv("R600SIM_CAPTURE"))
      fprintf(stderr, "r600sim-demo: R600SIM_CAPTURE is replaced by the demo's own file\n");
   setenv("R600SIM_CAPTURE", c->path, 1);
   c->regs = calloc(NREGS, sizeof(uint32_t));
   c->work = calloc(NREGS, sizeof(uint32_t));
   c->known = calloc(NREGS, 1);
   c->work_known = calloc(NREGS, 1);
   c->written = calloc(NREGS, 1);
   if (!c->regs || !c->work || !c->known || !c->work_known || !c->written) {
      snprintf(c->error, sizeof(c->error), "out of memory");
      return false;
   }
   return true;
}

static void free_programs(struct gpu_capture_frame *f)
{
   for (unsigned i = 0; i < f->programs; i++)
      free(f->program[i].code);
   f->programs = 0;
}

void gpu_capture_stop(struct gpu_capture *c)
{
   if (c->path[0])
      unlink(c->path);
   free_programs(&c->frame);
   free_programs(&c->pending);
   free(c->regs);
   free(c->work);
   free(c->known);
   free(c->work_known);
   free(c->written);
   memset(c, 0, sizeof(*c));
}

bool gpu_capture_reg(const struct gpu_capture *c, uint32_t offset, uint32_t *value)
{
   if (offset >= GPU_CAPTURE_REG_SPACE || !c->known || !c->known[offset / 4])
      return false;
   *value = c->regs[offset / 4];
   return true;
}

bool gpu_capture_field(const struct gpu_capture *c, const char *reg, const char *field,
                       uint32_t *value)
{
   const struct hw_register *r = hw_find_register_by_name(reg);
   uint32_t v;
   if (!r || !gpu_capture_reg(c, r->offset, &v))
      return false;
   for (unsigned i = 0; i < r->num_fields; i++) {
      const struct hw_field *f = &r->fields[i];
      if (!strcmp(f->name, field)) {
         *value = f->width >= 32 ? v : (v >> f->shift) & ((1u << f->width) - 1);
         return true;
      }
   }
   return false;
}

static void set_reg(struct gpu_capture *c, uint64_t offset, uint32_t value)
{
   if (offset >= GPU_CAPTURE_REG_SPACE)
      return;
   c->work[offset / 4] = value;
   c->work_known[offset / 4] = 1;
   c->written[offset / 4] = 1;
}

/* The enum name of PRIM_TYPE in the current VGT_PRIMITIVE_TYPE. */
static const char *prim_name(const struct gpu_capture *c)
{
   const struct hw_register *r = hw_find_register_by_name("VGT_PRIMITIVE_TYPE");
   if (!r || !r->num_fields)
      return "?";
   const struct hw_field *f = &r->fields[0];
   uint32_t v = (c->work[r->offset / 4] >> f->shift) & ((1u << f->width) - 1);
   const char *name = hw_field_value_name(f, v);
   return name ? name : "?";
}

/* Adds the program at `va` to the frame's list unless it is there. */
static void note_program(struct gpu_capture_frame *f, uint64_t va, bool pixel)
{
   for (unsigned i = 0; i < f->programs; i++) {
      if (f->program[i].va == va && f->program[i].pixel == pixel)
         return;
   }
   if (f->programs < GPU_CAPTURE_MAX_PROGRAMS)
      f->program[f->programs++] = (struct gpu_capture_program){.pixel = pixel, .va = va};
}

static void add_draw(struct gpu_capture *c, const struct sim_pm4_packet *p)
{
   unsigned count_dword;
   switch (p->opcode) {
   case PM4_IT_DRAW_INDEX_AUTO:
   case PM4_IT_DRAW_INDEX_IMMD:
   case PM4_IT_DRAW_INDEX_IMMD_BE: count_dword = 0; break;
   case PM4_IT_DRAW_INDEX: count_dword = 2; break;
   case PM4_IT_DRAW_INDEX_2: count_dword = 3; break;
   default: return;
   }
   struct gpu_capture_frame *f = &c->pending;
   uint64_t vs = (uint64_t)SQ_PGM_START_VS__PGM_START__get(c->work[REG_SQ_PGM_START_VS / 4]) << 8;
   uint64_t ps = (uint64_t)SQ_PGM_START_PS__PGM_START__get(c->work[REG_SQ_PGM_START_PS / 4]) << 8;
   if (f->draws < GPU_CAPTURE_MAX_DRAWS) {
      const struct hw_pm4_opcode *op = hw_find_pm4_opcode((uint8_t)p->opcode);
      f->draw[f->draws] = (struct gpu_capture_draw){
         .packet = op ? op->name : "DRAW",
         .count = count_dword < p->body_ndw ? p->body[count_dword] : 0,
         .prim = prim_name(c), .vs_va = vs, .ps_va = ps};
   }
   f->draws++;
   note_program(f, vs, false);
   note_program(f, ps, true);
}

static void decode_submission(struct gpu_capture *c, const uint32_t *ib, unsigned ndw)
{
   c->pending.submissions++;
   c->pending.dwords += ndw;
   for (unsigned pos = 0; pos < ndw;) {
      struct sim_pm4_packet p;
      if (sim_pm4_decode(ib, ndw, pos, &p) != SIM_PM4_OK)
         return;   /* the GPU faulted on it too; the rest is not decodable */
      c->pending.packets++;
      if (p.type == 0) {
         for (unsigned i = 0; i < p.body_ndw; i++)
            set_reg(c, p.reg + 4ull * i, p.body[i]);
      } else if (p.type == 3) {
         const struct sim_pm4_window *w = sim_pm4_window(p.opcode);
         if (w && w->group <= 1 && p.body_ndw >= 2) {
            uint64_t start = w->start + 4ull * p.body[0];
            for (unsigned i = 1; i < p.body_ndw && start + 4ull * (i - 1) < w->end; i++)
               set_reg(c, start + 4ull * (i - 1), p.body[i]);
         } else if (!w) {
            add_draw(c, &p);
         }
      }
      pos += p.ndw;
   }
}

/* The bytes of the frame's programs that a BUFFER record (memory as the GPU found it at a
 * submission of this frame) holds. A program keeps the first copy seen: the memory it ran
 * from. */
static void take_programs(struct gpu_capture_frame *f, uint64_t va, uint64_t size,
                          const uint8_t *data)
{
   for (unsigned i = 0; i < f->programs; i++) {
      struct gpu_capture_program *p = &f->program[i];
      if (p->code || p->va < va || p->va >= va + size)
         continue;
      size_t n = (size_t)(va + size - p->va);
      p->code = malloc(n);
      if (p->code) {
         memcpy(p->code, data + (p->va - va), n);
         p->size = n;
      }
   }
}

/* The pending frame becomes the last frame; the registers it wrote become the state. */
static void commit_frame(struct gpu_capture *c)
{
   struct gpu_capture_frame *f = &c->pending;
   for (uint32_t i = 0; i < NREGS; i++) {
      if (!c->written[i])
         continue;
      f->written++;
      if (!c->known[i] || c->regs[i] != c->work[i]) {
         if (f->changed < GPU_CAPTURE_MAX_CHANGED)
            f->changed_reg[f->changed] = i * 4;
         f->changed++;
      }
   }
   memcpy(c->regs, c->work, NREGS * sizeof(uint32_t));
   memcpy(c->known, c->work_known, NREGS);
   memset(c->written, 0, NREGS);
   free_programs(&c->frame);
   f->number = c->frame.number + 1;
   c->frame = *f;
   c->pending = (struct gpu_capture_frame){0};   /* its programs now belong to c->frame */
}

/* Undoes what was read of an unfinished frame: it is read again, whole, next time. */
static void reset_pending(struct gpu_capture *c)
{
   memcpy(c->work, c->regs, NREGS * sizeof(uint32_t));
   memcpy(c->work_known, c->known, NREGS);
   memset(c->written, 0, NREGS);
   free_programs(&c->pending);
   c->pending = (struct gpu_capture_frame){0};
}

bool gpu_capture_update(struct gpu_capture *c)
{
   struct stat st;
   c->error[0] = 0;
   if (stat(c->path, &st) != 0 || st.st_size < 16)
      return false;   /* nothing submitted yet */
   struct capture_reader r;
   if (!capture_open(&r, c->path)) {
      snprintf(c->error, sizeof(c->error), "%s", r.error);
      return false;
   }
   if (c->pos)
      r.pos = c->pos;
   uint64_t header = 16;
   reset_pending(c);
   bool got = false;
   for (;;) {
      struct capture_record rec;
      enum capture_kind k = capture_next(&r, &rec);
      if (k == CAPTURE_END)
         break;
      if (k == CAPTURE_ERROR) {
         snprintf(c->error, sizeof(c->error), "%s", r.error);
         break;
      }
      if (k == CAPTURE_SUBMIT) {
         c->pending.chip = rec.submit.chip == 0 ? HW_CHIP_R6XX : HW_CHIP_R7XX;
         decode_submission(c, rec.submit.ib, rec.submit.ndw);
      } else if (k == CAPTURE_BUFFER) {
         take_programs(&c->pending, rec.buffer.va, rec.buffer.size, rec.buffer.data);
      } else if (k == CAPTURE_FRAME) {
         commit_frame(c);
         c->pos = r.pos;
         got = true;
      }
   }
   bool all_read = c->pos == r.file_size;
   capture_close(&r);
   /* Everything up to a frame end is read: empty the file (the writer appends, O_APPEND). */
   if (all_read && truncate(c->path, (off_t)header) == 0)
      c->pos = header;
   reset_pending(c);
   return got;
}
