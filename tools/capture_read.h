/* Reads an R600SIM_CAPTURE file (format: llvmpipe_backend/device/capture.h, versions 1 and
 * 2) record by record, checking every size against the file: a truncated or corrupt file
 * gives an error message, never a read past what was loaded. Used by r600sim_dump and
 * r600sim_replay. */
#ifndef CAPTURE_READ_H
#define CAPTURE_READ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "device/capture.h"

struct capture_reader {
   FILE *f;
   uint64_t file_size, pos;   /* bytes; pos: the next record */
   uint32_t version;
   uint8_t *payload;          /* the current record's payload (owned) */
   uint32_t *ib;              /* the current submission's dwords (owned) */
   char error[256];           /* why capture_open / capture_next failed */
};

struct capture_cb {
   uint32_t target;           /* n of CB_COLORn */
   uint32_t base, size, view, info;   /* CB_COLORn_* */
};

enum capture_kind { CAPTURE_END, CAPTURE_ERROR, CAPTURE_SUBMIT, CAPTURE_BUFFER, CAPTURE_FRAME,
                    CAPTURE_UNKNOWN };

struct capture_record {
   enum capture_kind kind;
   uint32_t tag;
   uint64_t bytes;                                  /* payload bytes */
   struct {
      uint64_t seq;
      uint32_t chip;          /* 0 r600, 1 rv770 */
      uint32_t device;        /* from 1 (version 1: always 1) */
      uint32_t ndw;
      const uint32_t *ib;
   } submit;
   struct {
      uint64_t va, size;
      const uint8_t *data;
   } buffer;
   struct {
      uint64_t seq;
      uint32_t device, count;
      uint32_t window_tl, window_br, aa_config;   /* PA_SC_WINDOW_SCISSOR_TL/BR, PA_SC_AA_CONFIG */
      struct capture_cb cb[SIM_CAPTURE_CB_TARGETS];
   } frame;
};

/* Opens `path` and checks its header; false with r->error set. */
bool capture_open(struct capture_reader *r, const char *path);
/* The next record (valid until the next call): CAPTURE_END at the end of the file,
 * CAPTURE_ERROR with r->error set on a truncated or malformed record. */
enum capture_kind capture_next(struct capture_reader *r, struct capture_record *rec);
void capture_close(struct capture_reader *r);

#endif
