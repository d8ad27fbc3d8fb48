/* DB: the depth/stencil block - per-pixel depth and stencil tests and updates on the depth
 * buffer of DB_DEPTH_BASE/SIZE/VIEW/INFO, controlled by DB_DEPTH_CONTROL,
 * DB_STENCILREFMASK(_BF), DB_SHADER_CONTROL, DB_RENDER_CONTROL/OVERRIDE and the viewport
 * depth clamp PA_SC_VPORT_ZMIN_0/ZMAX_0.
 *
 * Surface layout (ARRAY_1D_TILED_THIN1). The real 1D-tiled address formula is not in the
 * documents we have (docs/r600-hardware-notes.md §7), so the simulated GPU defines it, once, in
 * hw/hw_surface.h (the driver's CPU access uses the same), from these register fields:
 *   tiles_per_row = DB_DEPTH_SIZE.PITCH_TILE_MAX + 1     (pitch = 8 * tiles_per_row pixels)
 *   slice_tiles   = DB_DEPTH_SIZE.SLICE_TILE_MAX + 1     (8x8-pixel micro tiles per slice)
 *   height        = 8 * (slice_tiles / tiles_per_row)   (whole tile rows only)
 *   slice_bytes   = 64 * slice_tiles * bytes_per_pixel
 *   pixel (x, y) of slice DB_DEPTH_VIEW.SLICE_START is at
 *     (DB_DEPTH_BASE << 8) + SLICE_START * slice_bytes
 *       + hw_depth_tiled_index(pitch, x, y) * bytes_per_pixel
 * i.e. 8x8 micro tiles in row-major order, pixels row-major inside a tile. Pixel formats
 * (little-endian, DB_DEPTH_INFO.FORMAT names list fields from the most significant end):
 *   DEPTH_16             2 bytes: 16-bit unorm depth
 *   DEPTH_X8_24          4 bytes: depth in bits 23:0 (24-bit unorm), bits 31:24 unused (kept)
 *   DEPTH_8_24           4 bytes: depth in bits 23:0, stencil in bits 31:24
 *   DEPTH_32_FLOAT       4 bytes: IEEE float depth
 *   DEPTH_X24_8_32_FLOAT 8 bytes: dword 0 float depth, dword 1 bits 7:0 stencil (rest kept)
 * Multi-sampled surfaces (PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES = log2 N > 0) are sample-major
 * planes: sample k of a pixel is at the address above + k * slice_bytes, and slice i of
 * an N-sample array starts at (DB_DEPTH_BASE << 8) + i * N * slice_bytes. Each sample has
 * its own depth (the primitive's depth plane evaluated at the sample position, or the PS's
 * exported depth for all samples) and stencil.
 * The 24-bit float formats (4, 5) are reported and the DB is off for the draw. Other
 * ARRAY_MODE values are reported and addressed as above.
 *
 * ZPASS counting (occlusion queries; docs/queries.md): while
 * DB_RENDER_CONTROL.ZPASS_INCREMENT_DISABLE is 0, each of the HW_NUM_DBS DBs adds to its
 * 64-bit counter every sample of its pixels that leaves the DB alive: passed the stencil
 * and depth tests (all samples pass without an active DB), after PS kills and the alpha
 * test. Counts are exact (as R700_PERFECT_ZPASS_COUNTS asks; this DB has no HiZ to make
 * them conservative). The simulated GPU gives pixel (x, y) to DB
 * ((x / 8) + 2 * (y / 8)) % 4: the real screen-tile-to-backend map (GB_TILING_CONFIG) is
 * not modelled. EVENT_WRITE ZPASS_DONE writes the counters (sim_db_zpass_done).
 */
#ifndef SIM_DB_H
#define SIM_DB_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/prim.h"
#include "shader/shader_exec.h"

struct sim_exec;

/* One face's stencil state (front = DB_DEPTH_CONTROL.STENCIL*, back = *_BF). */
struct sim_db_stencil {
   unsigned func, fail, zpass, zfail;
   uint8_t ref, mask, writemask;
};

struct sim_db_state {
   bool active;                /* a usable depth buffer and depth or stencil enabled */
   bool early;                 /* test before the PS (else after it) */
   bool color_kill;            /* DB_RENDER_OVERRIDE.FORCE_COLOR_KILL: no colour writes */
   bool count_zpass;           /* !DB_RENDER_CONTROL.ZPASS_INCREMENT_DISABLE */

   uint8_t *base;              /* host pointer of sample 0 of slice SLICE_START */
   uint64_t sample_bytes;      /* distance between sample planes */
   uint32_t tiles_per_row, height;
   unsigned format, bpp;
   bool has_stencil, is_float;
   unsigned unorm_bits;        /* 16 or 24 for the unorm formats */

   bool z_enable, z_write;
   unsigned zfunc;
   bool stencil;               /* STENCIL_ENABLE and the format has stencil */
   bool backface;              /* BACKFACE_ENABLE: back faces use the _BF state */
   struct sim_db_stencil face[2];   /* [0] front, [1] back */

   bool z_export;              /* DB_SHADER_CONTROL.Z_EXPORT_ENABLE: PIXEL 61 .x */
   bool clamp;                 /* !DB_RENDER_OVERRIDE.DISABLE_VIEWPORT_CLAMP */
   double zmin, zmax;          /* PA_SC_VPORT_ZMIN_0 / ZMAX_0 */
};

/* Decodes the DB registers of a draw. `alpha_test` says whether the SX alpha test is on
 * (it forces late Z). Returns false after raising a fault if the bound depth surface does
 * not fit its buffer (the draw is dropped). */
bool sim_db_state_init(struct sim_db_state *db, struct sim_exec *ex, bool alpha_test);

/* Runs the depth and stencil tests on the samples smask[l] of the lanes of `mask` of the
 * 4x4 block at (bx, by) of `prim` (sample positions from `ms`), updating the depth/stencil
 * buffer; leaves in smask[l] the samples that passed both and returns the lanes with one.
 * `out` is the PS exports for a late test (Z export), NULL for an early one. */
uint16_t sim_db_test(const struct sim_db_state *db, const struct sim_prim *prim, int32_t bx,
                     int32_t by, uint16_t mask, uint8_t smask[16],
                     const struct sim_sc_msaa *ms, const struct sim_exports *out);

/* Adds the samples smask[l] of the lanes of `mask` of the 4x4 block at (bx, by) to the
 * owning DBs' entries of counts[HW_NUM_DBS] (the caller adds them to the device's counters
 * at the end of the draw). */
void sim_db_count_zpass(uint64_t counts[HW_NUM_DBS], int32_t bx, int32_t by, uint16_t mask,
                        const uint8_t smask[16]);

/* EVENT_WRITE ZPASS_DONE at va (8-byte aligned): DB i writes its counter with bit 63 set
 * (the "written" flag a driver tests) as a 64-bit value at va + 16 * i; a bad address is a
 * fault and nothing is written. */
void sim_db_zpass_done(struct sim_exec *ex, uint64_t va);

/* The depth value the DB compares and stores for window depth z (already offset and
 * clamped), in the format's integer encoding: round-to-nearest-even of z * (2^bits - 1)
 * after clamping to [0, 1] (NaN -> 0) for unorm formats, the float's bits for float ones.
 * Exposed for tests. */
uint32_t sim_db_encode_depth(const struct sim_db_state *db, double z);

#endif
