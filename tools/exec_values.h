/* r600sim-exec: register values from the command line and the --seed generator
 * (tools/EXEC_FORMAT.md documents both). */
#ifndef EXEC_VALUES_H
#define EXEC_VALUES_H

#include <stdbool.h>
#include <stdint.h>

/* One value: "0x" + 1..8 hex digits is a bit pattern; anything else is a float as strtof
 * reads it (1.5, -0, 1e-40, inf, -inf, nan). Returns false on anything else. */
bool exec_parse_value(const char *s, uint32_t *out);

/* "x,y,z,w": exactly four values. */
bool exec_parse_vec4(const char *s, uint32_t out[4]);

/* An unsigned decimal number <= max, the whole string. */
bool exec_parse_uint(const char *s, unsigned long long max, unsigned long long *out);

/* The --seed generator: splitmix64 seeded with S; each value takes one draw. */
struct exec_rng {
   uint64_t state;
};

void exec_rng_init(struct exec_rng *r, uint64_t seed);
uint32_t exec_rng_value(struct exec_rng *r);

#endif
