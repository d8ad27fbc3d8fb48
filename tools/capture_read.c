/* Capture file reader (capture_read.h). */
#include "capture_read.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static uint32_t get_u32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p)
{
   return get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static enum capture_kind fail(struct capture_reader *r, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(r->error, sizeof(r->error), fmt, ap);
   va_end(ap);
   return CAPTURE_ERROR;
}

bool capture_open(struct capture_reader *r, const char *path)
{
   memset(r, 0, sizeof(*r));
   r->f = fopen(path, "rb");
   if (!r->f) {
      fail(r, "%s: %s", path, strerror(errno));
      return false;
   }
   uint8_t hdr[16];
   uint32_t version = 0, header_bytes = 0;
   if (fread(hdr, 1, 16, r->f) == 16 && !memcmp(hdr, SIM_CAPTURE_MAGIC, 8)) {
      version = get_u32(hdr + 8);
      header_bytes = get_u32(hdr + 12);
   }
   if (version < 1 || version > SIM_CAPTURE_VERSION || header_bytes < 16 ||
       fseek(r->f, 0, SEEK_END) != 0) {
      fail(r, "%s: not an r600sim capture (versions 1 to %u)", path, SIM_CAPTURE_VERSION);
      capture_close(r);
      return false;
   }
   long size = ftell(r->f);
   r->file_size = size > 0 ? (uint64_t)size : 0;
   r->version = version;
   r->pos = header_bytes;
   return true;
}

void capture_close(struct capture_reader *r)
{
   if (r->f)
      fclose(r->f);
   r->f = NULL;
   free(r->payload);
   free(r->ib);
   r->payload = NULL;
   r->ib = NULL;
}

static enum capture_kind decode_submit(struct capture_reader *r, struct capture_record *rec)
{
   const uint8_t *p = r->payload;
   uint64_t head = r->version == 1 ? 16 : 20;
   if (rec->bytes < head)
      return fail(r, "submission record of %" PRIu64 " bytes is too short", rec->bytes);
   rec->submit.seq = get_u64(p);
   rec->submit.chip = get_u32(p + 8);
   rec->submit.ndw = get_u32(p + 12);
   rec->submit.device = r->version == 1 ? 1 : get_u32(p + 16);
   if (rec->submit.chip > 1)
      return fail(r, "submission %" PRIu64 ": unknown chip %" PRIu32, rec->submit.seq,
                  rec->submit.chip);
   if (rec->submit.ndw > (rec->bytes - head) / 4)
      return fail(r, "submission %" PRIu64 " truncated (%" PRIu32 " dwords claimed)",
                  rec->submit.seq, rec->submit.ndw);
   r->ib = malloc(4ull * rec->submit.ndw + 4);
   if (!r->ib)
      return fail(r, "out of memory");
   for (uint32_t i = 0; i < rec->submit.ndw; i++)
      r->ib[i] = get_u32(p + head + 4ull * i);
   rec->submit.ib = r->ib;
   return CAPTURE_SUBMIT;
}

static enum capture_kind decode_buffer(struct capture_reader *r, struct capture_record *rec)
{
   if (rec->bytes < 16)
      return fail(r, "buffer record of %" PRIu64 " bytes is too short", rec->bytes);
   rec->buffer.va = get_u64(r->payload);
   rec->buffer.size = get_u64(r->payload + 8);
   rec->buffer.data = r->payload + 16;
   if (rec->buffer.size > rec->bytes - 16)
      return fail(r, "buffer 0x%" PRIX64 ": size %" PRIu64 " exceeds its record",
                  rec->buffer.va, rec->buffer.size);
   return CAPTURE_BUFFER;
}

static enum capture_kind decode_frame(struct capture_reader *r, struct capture_record *rec)
{
   const uint8_t *p = r->payload;
   if (rec->bytes < SIM_CAPTURE_FRAME_HEADER_BYTES)
      return fail(r, "frame record of %" PRIu64 " bytes is too short", rec->bytes);
   rec->frame.seq = get_u64(p);
   rec->frame.device = get_u32(p + 8);
   rec->frame.count = get_u32(p + 12);
   rec->frame.window_tl = get_u32(p + 16);
   rec->frame.window_br = get_u32(p + 20);
   rec->frame.aa_config = get_u32(p + 24);
   if (rec->frame.count > SIM_CAPTURE_CB_TARGETS ||
       rec->bytes < SIM_CAPTURE_FRAME_HEADER_BYTES +
                       (uint64_t)SIM_CAPTURE_FRAME_CB_BYTES * rec->frame.count)
      return fail(r, "frame after submission %" PRIu64 ": %" PRIu32
                  " colour buffers do not fit its record", rec->frame.seq, rec->frame.count);
   for (uint32_t i = 0; i < rec->frame.count; i++) {
      const uint8_t *c = p + SIM_CAPTURE_FRAME_HEADER_BYTES + SIM_CAPTURE_FRAME_CB_BYTES * i;
      struct capture_cb *cb = &rec->frame.cb[i];
      cb->target = get_u32(c);
      cb->base = get_u32(c + 4);
      cb->size = get_u32(c + 8);
      cb->view = get_u32(c + 12);
      cb->info = get_u32(c + 16);
      if (cb->target >= SIM_CAPTURE_CB_TARGETS)
         return fail(r, "frame after submission %" PRIu64 ": colour buffer %" PRIu32,
                     rec->frame.seq, cb->target);
   }
   return CAPTURE_FRAME;
}

enum capture_kind capture_next(struct capture_reader *r, struct capture_record *rec)
{
   memset(rec, 0, sizeof(*rec));
   free(r->payload);
   free(r->ib);
   r->payload = NULL;
   r->ib = NULL;
   if (r->pos == r->file_size)
      return rec->kind = CAPTURE_END;
   uint8_t rh[16];
   if (r->pos > r->file_size || r->file_size - r->pos < 16 || fseek(r->f, (long)r->pos, SEEK_SET) ||
       fread(rh, 1, 16, r->f) != 16)
      return rec->kind = fail(r, "truncated record header at byte %" PRIu64, r->pos);
   rec->tag = get_u32(rh);
   rec->bytes = get_u64(rh + 8);
   uint64_t left = r->file_size - r->pos - 16;
   if (rec->bytes > left || ((rec->bytes + 7) & ~7ull) > left)
      return rec->kind = fail(r, "truncated record at byte %" PRIu64 ": %" PRIu64
                              " payload bytes claimed, %" PRIu64 " left", r->pos, rec->bytes, left);
   uint64_t padded = (rec->bytes + 7) & ~7ull;
   r->payload = malloc(padded ? padded : 1);
   if (!r->payload || fread(r->payload, 1, padded, r->f) != padded)
      return rec->kind = fail(r, "cannot read a record of %" PRIu64 " bytes", rec->bytes);
   r->pos += 16 + padded;
   switch (rec->tag) {
   case SIM_CAPTURE_TAG_SUBMIT:
      return rec->kind = decode_submit(r, rec);
   case SIM_CAPTURE_TAG_BUFFER:
      return rec->kind = decode_buffer(r, rec);
   case SIM_CAPTURE_TAG_FRAME:
      if (r->version >= 2)
         return rec->kind = decode_frame(r, rec);
      break;
   }
   return rec->kind = CAPTURE_UNKNOWN;
}
