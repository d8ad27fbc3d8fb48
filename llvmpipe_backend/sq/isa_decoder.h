/* State and helpers shared by the decoder's files (isa_decode.c: CF list and exports;
 * isa_decode_alu.c: ALU clauses; isa_decode_fetch.c: VTX and TEX clauses), defined in
 * isa_decoder.c. Internal. */
#ifndef SIM_ISA_DECODER_H
#define SIM_ISA_DECODER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sq/isa_program.h"
#include "sq/isa_words.h"

struct decoder {
   bool r7;
   struct sim_program *p;
   unsigned cap_groups, cap_alu, cap_vtx, cap_tex;
   char *err;
   size_t errlen;
   unsigned pc;           /* CF index being decoded */
};

/* Records "CF <pc>: <message>" as the decode error; returns false. */
bool dec_fail(struct decoder *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Grows *arr (of *cap elements of `elem` bytes) to hold `need`; false when out of memory. */
bool dec_grow(void **arr, unsigned *cap, unsigned need, size_t elem);

/* A chip-independent code for a hardware enum value, through a table of (R6 value,
 * R7 value, code) triples. */
struct code_map {
   uint16_t r6, r7;
   uint8_t code;
};
int dec_map_lookup(const struct code_map *m, size_t n, bool r7, uint32_t hw);
#define MAP_FIND(m, hw) dec_map_lookup(m, sizeof(m) / sizeof(m[0]), r7, hw)

#endif
