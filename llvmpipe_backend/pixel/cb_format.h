/* CB colour formats: the pixel layout that CB_COLORn_INFO.FORMAT, NUMBER_TYPE, COMP_SWAP,
 * ROUND_MODE and SOURCE_FORMAT describe, and the conversions between PS exports and
 * memory (cb_format.c). */
#ifndef SIM_CB_FORMAT_H
#define SIM_CB_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#define SIM_CB_MAX_BPP 16   /* COLOR_32_32_32_32(_FLOAT) */

/* A pixel in memory: little-endian dwords, component 0 (X) in the lowest bits. */
struct sim_cb_pixel {
   uint32_t w[SIM_CB_MAX_BPP / 4];
};

struct sim_cb_format {
   unsigned format;           /* CB_COLORn_INFO.FORMAT */
   unsigned number;           /* CB_COLORn_INFO.NUMBER_TYPE */
   unsigned bpp;              /* bytes per pixel */
   unsigned ncomp;            /* memory components X, Y, Z, W */
   unsigned width[4], shift[4];   /* bits, from the pixel's bit 0 */
   unsigned chan[4];          /* shader channel (R, G, B, A) stored in component c */
   bool is_float;             /* a *_FLOAT format: fp32, fp16 or unsigned 11/10-bit floats */
   bool integer;              /* NUMBER_UINT / NUMBER_SINT: the export holds integers */
   bool truncate;             /* ROUND_MODE = 1: float -> fixed point truncates */
   bool export_norm;          /* SOURCE_FORMAT = EXPORT_NORM: exports arrive as fp16 */
   unsigned endian_group;     /* ENDIAN: bytes per swapped group in memory (1: none) */
};

/* Decodes the layout fields of a CB_COLORn_INFO value. On a FORMAT / NUMBER_TYPE /
 * COMP_SWAP / ENDIAN value (or combination) the CB does not implement, returns false with the
 * field's name and value in *field / *value. */
bool sim_cb_format_init(struct sim_cb_format *f, uint32_t info, const char **field,
                        unsigned *value);

/* The export as the CB receives it (per shader channel R, G, B, A): raw dwords; for
 * EXPORT_NORM targets the float channels rounded to fp16 precision. */
void sim_cb_source(const struct sim_cb_format *f, const uint32_t raw[4], uint32_t out[4]);

/* The range a blend input/result is clamped to with CB_COLORn_INFO.BLEND_CLAMP (the
 * format's range: [0, 1] for UNORM and SRGB, [-1, 1] for SNORM, [0 or -2^(n-1),
 * 2^n - 1 or 2^(n-1) - 1] for the SCALED types; none for floats). */
float sim_cb_clamp(const struct sim_cb_format *f, unsigned chan, float v);

/* Memory -> values per shader channel R, G, B, A (floats; the number type's meaning, sRGB
 * decoded to linear for R, G, B); channels the format lacks read as 0, alpha as 1. */
void sim_cb_unpack(const struct sim_cb_format *f, const struct sim_cb_pixel *p, float out[4]);

/* Values per shader channel -> memory: float channels for non-integer formats (converted
 * per number type and ROUND_MODE), integer dwords (clamped to the component's range)
 * for UINT / SINT. */
void sim_cb_pack(const struct sim_cb_format *f, const uint32_t in[4], struct sim_cb_pixel *p);

/* The average of `n` pixels of a fixed-point format per component: (sum + n/2) / n of the
 * stored integers (signed number types: rounded half away from zero). */
void sim_cb_average(const struct sim_cb_format *f, const struct sim_cb_pixel *p, unsigned n,
                    struct sim_cb_pixel *out);

/* The pixel bits of the components whose shader channel is in `chan_mask` (bit 0 = R). */
void sim_cb_channel_bits(const struct sim_cb_format *f, unsigned chan_mask,
                         struct sim_cb_pixel *bits);

/* A pixel from / to memory (ENDIAN byte swaps applied). sim_cb_store writes the bits of
 * `p` selected by `bits` and keeps the others. */
void sim_cb_load(const struct sim_cb_format *f, const uint8_t *mem, struct sim_cb_pixel *p);
void sim_cb_store(const struct sim_cb_format *f, uint8_t *mem, const struct sim_cb_pixel *p,
                  const struct sim_cb_pixel *bits);

#endif
