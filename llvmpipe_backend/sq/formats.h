/* DATA_FORMAT decoding shared by the vertex fetch and texture units: one element of
 * memory -> four dwords. The codes are the same for SQ_VTX_* and SQ_TEX_RESOURCE_WORD1
 * (docs/r600-hardware-notes.md §1.6); names come from the generated header. */
#ifndef SIM_FORMATS_H
#define SIM_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

/* A format's element layout; the JIT's inline vertex fetch (jit_fetch.c) decodes the common
 * ones itself and must follow sim_format_decode exactly. */
enum sim_comp_kind { SIM_COMP_INT, SIM_COMP_HALF, SIM_COMP_FLOAT };

struct sim_format {
   uint32_t code;
   uint8_t bytes;      /* element size */
   uint8_t ncomp;
   uint8_t kind;       /* enum sim_comp_kind */
   uint8_t unit;       /* bytes per component; 0 = bit fields of one little-endian word */
   uint8_t bits[4];    /* component widths, X first */
};

/* How the components are interpreted (NUM_FORMAT_ALL, FORMAT_COMP_*, SRF_MODE_ALL,
 * ENDIAN_SWAP, FORCE_DEGAMMA of the instruction or resource). */
struct sim_format_mode {
   uint8_t num_format;       /* enum sim_num_format */
   bool is_signed[4];
   bool srf_no_zero;
   uint8_t endian;           /* enum sim_endian */
   bool degamma;             /* sRGB -> linear on X, Y, Z */
};

/* The format of a DATA_FORMAT code, or NULL if not implemented. */
const struct sim_format *sim_format_find(uint32_t code);
unsigned sim_format_bytes(const struct sim_format *f);

/* Decodes one element. Components the format lacks read as (0, 0, 0, 1): 1.0, or 1 for
 * NUM_FORMAT INT. */
void sim_format_decode(const struct sim_format *f, const uint8_t *src,
                       const struct sim_format_mode *m, uint32_t out[4]);

/* Components of a format whose components are single bytes of integers (8, 8_8, 8_8_8,
 * 8_8_8_8), else 0: those decode through sim_format_lut8 (the texture unit's fast path). */
unsigned sim_format_byte_components(const struct sim_format *f);

/* The 256 dwords sim_format_decode gives component c of such a format for each byte value
 * under mode m (tables built once, shared by all threads). */
const uint32_t *sim_format_lut8(const struct sim_format_mode *m, unsigned c);

#endif
