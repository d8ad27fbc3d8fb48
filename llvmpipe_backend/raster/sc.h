/* SC: scan conversion of a convex polygon (a triangle, or the parallelogram of a RECTLIST
 * primitive) into 4x4 pixel blocks with a coverage mask, in exact integer arithmetic.
 *
 * Coordinates are window coordinates in units of 1/SIM_SUBPIX pixel (the PA converts the
 * quantized vertex positions into these units); pixel (px, py) is sampled at its centre
 * (px + 1/2, py + 1/2). Screen space has y growing downward.
 */
#ifndef SIM_SC_H
#define SIM_SC_H

#include <stdbool.h>
#include <stdint.h>

#define SIM_SUBPIX_BITS 9                 /* 1/512 px: 1/256 quantization plus the centre */
#define SIM_SUBPIX (1 << SIM_SUBPIX_BITS)
/* Vertex coordinates must lie within +-SIM_COORD_LIMIT units (32768 px), which keeps every
 * edge-function product well inside int64. */
#define SIM_COORD_LIMIT (1ll << (SIM_SUBPIX_BITS + 15))

/* PA_SC_EDGERULE flag nibble (ER_TRI / ER_POINT / ER_RECT): 1 = a sample exactly on an
 * edge of that kind is inside. */
#define SIM_EDGE_LEFT 8u
#define SIM_EDGE_RIGHT 4u
#define SIM_EDGE_TOP 2u
#define SIM_EDGE_BOTTOM 1u

/* Pixel rectangle [x0, x1) x [y0, y1). */
struct sim_rect {
   int32_t x0, y0, x1, y1;
};

/* A set-up polygon: edges in the order of the vertices, oriented so that the inside is
 * where every edge function is positive. */
struct sim_sc_setup {
   unsigned n;                 /* 3 or 4 edges */
   int64_t x[4], y[4];         /* vertices, 1/SIM_SUBPIX px, in setup order */
   int64_t dx[4], dy[4];       /* edge i runs from vertex i to vertex i+1 */
   int64_t bias[4];            /* 0 if samples on edge i are inside, 1 if not */
   int64_t area2;              /* twice the area (> 0) */
   bool reversed;              /* vertex order was reversed to make the area positive */
};

/* Sets up n (3 or 4) vertices of a convex polygon in order. `edge_rule` is the 4-bit L:R:T:B
 * nibble. Returns false for a degenerate (zero-area) polygon, which covers nothing. */
bool sim_sc_setup(struct sim_sc_setup *s, unsigned n, const int64_t *x, const int64_t *y,
                  unsigned edge_rule);

/* Edge function i at the centre of pixel (px, py). */
static inline int64_t sim_sc_edge_at(const struct sim_sc_setup *s, unsigned i, int32_t px,
                                     int32_t py)
{
   int64_t sx = (int64_t)px * SIM_SUBPIX + SIM_SUBPIX / 2;
   int64_t sy = (int64_t)py * SIM_SUBPIX + SIM_SUBPIX / 2;
   return s->dx[i] * (sy - s->y[i]) - s->dy[i] * (sx - s->x[i]);
}

/* Lane l of a 4x4 block (quad-major, see shader_exec.h): pixel offset inside the block. */
static inline unsigned sim_lane_x(unsigned l) { return ((l >> 2) & 1) * 2 + (l & 1); }
static inline unsigned sim_lane_y(unsigned l) { return ((l >> 3) & 1) * 2 + ((l >> 1) & 1); }

/* Called for every 4x4 block (bx, by multiples of 4, in pixels) with a non-empty mask
 * (bit l = lane l covered). Return false to stop the walk. */
typedef bool (*sim_sc_block_fn)(void *ctx, int32_t bx, int32_t by, uint16_t mask);

/* The sample pattern of a draw (msaa.h). Every sample is tested with the same edge
 * functions and tie rules as the single-sample centre, at the centre plus its offset. */
#define SIM_MAX_SAMPLES 8
struct sim_sc_msaa {
   unsigned n;                      /* samples per pixel: 1, 2, 4 or 8 */
   int64_t dx[SIM_MAX_SAMPLES];     /* offset from the pixel centre, 1/SIM_SUBPIX px */
   int64_t dy[SIM_MAX_SAMPLES];
   uint8_t aa_mask[4];              /* samples enabled in the UL, UR, LL, LR pixel of a quad */
};

/* As sim_sc_block_fn, with smask[l] = the covered samples of lane l (bit s = sample s). */
typedef bool (*sim_sc_sample_fn)(void *ctx, int32_t bx, int32_t by, uint16_t mask,
                                 const uint8_t smask[16]);

/* A covered block as the batched walk gives it (sim_sc_raster_blocks). */
struct sim_sc_block {
   _Alignas(16) uint8_t smask[16];   /* lane l's covered samples (bit s = sample s) */
   int32_t bx, by;                   /* multiples of 4, in pixels */
   uint16_t mask;                    /* bit l = lane l covered (smask[l] != 0) */
};

/* The blocks the walk has found so far, b[0..n), in walk order (n >= 1). Return false to
 * stop the walk. */
typedef bool (*sim_sc_blocks_fn)(void *ctx, const struct sim_sc_block *b, unsigned n);

/* At most this many blocks per call of a sim_sc_blocks_fn. */
#define SIM_SC_BATCH 64

/* The extent of a pattern's sample offsets from the pixel centres, 1/SIM_SUBPIX px. */
struct sim_sc_extent {
   int64_t dxmin, dxmax, dymin, dymax;
};

void sim_sc_extent_init(struct sim_sc_extent *e, const struct sim_sc_msaa *ms);

/* The pixels of `clip` one of whose samples (offsets `e`) can lie in the box [minx, maxx] x
 * [miny, maxy] (1/SIM_SUBPIX px), a superset of those a polygon in that box covers: false
 * when there is none, else the pixel rectangle [x0, x1) x [y0, y1) in *px. (An arithmetic
 * shift right is a floor division.) */
static inline bool sim_sc_box_pixels(const struct sim_sc_extent *e, const struct sim_rect *clip,
                                     int64_t minx, int64_t maxx, int64_t miny, int64_t maxy,
                                     struct sim_rect *px)
{
   int32_t x0 = (int32_t)-((-(minx - SIM_SUBPIX / 2 - e->dxmax)) >> SIM_SUBPIX_BITS);
   int32_t x1 = (int32_t)(((maxx - SIM_SUBPIX / 2 - e->dxmin) >> SIM_SUBPIX_BITS) + 1);
   int32_t y0 = (int32_t)-((-(miny - SIM_SUBPIX / 2 - e->dymax)) >> SIM_SUBPIX_BITS);
   int32_t y1 = (int32_t)(((maxy - SIM_SUBPIX / 2 - e->dymin) >> SIM_SUBPIX_BITS) + 1);
   px->x0 = x0 > clip->x0 ? x0 : clip->x0;
   px->y0 = y0 > clip->y0 ? y0 : clip->y0;
   px->x1 = x1 < clip->x1 ? x1 : clip->x1;
   px->y1 = y1 < clip->y1 ? y1 : clip->y1;
   return px->x0 < px->x1 && px->y0 < px->y1;
}

/* A sample pattern prepared for the walk (sim_sc_pattern_init): what depends on the pattern
 * alone, computed once per draw. */
struct sim_sc_pattern {
   struct sim_sc_msaa ms;
   bool centred;                      /* every sample at the centre: one test per pixel */
   unsigned npos;                     /* distinct sample positions */
   uint8_t pos[SIM_MAX_SAMPLES];      /* position i: the first sample there */
   uint8_t pos_samples[SIM_MAX_SAMPLES];   /* position i: the samples there (bit k) */
   struct sim_sc_extent ext;          /* of the sample offsets */
   uint64_t enabled[2];               /* byte l: the PA_SC_AA_MASK samples of lane l */
   uint16_t enabled_lanes;            /* lanes with an enabled sample */
   uint16_t col_lanes[4], row_lanes[4];   /* lanes in column / row i of a block */
};

void sim_sc_pattern_init(struct sim_sc_pattern *p, const struct sim_sc_msaa *ms);

/* A superset of the pixels the walks below can cover (binning uses it): every pixel one
 * of whose samples (within a pixel of its centre) can lie inside the polygon's bounding
 * box, [x0, x1) x [y0, y1). */
void sim_sc_bounds(const struct sim_sc_setup *s, struct sim_rect *r);

/* Walks the polygon's blocks inside `clip` (which must be non-negative), one sample per
 * pixel at its centre. */
void sim_sc_raster(const struct sim_sc_setup *s, const struct sim_rect *clip,
                   sim_sc_block_fn fn, void *ctx);

/* The same with the samples of pattern `p`: a lane is covered when one of its samples is
 * inside the polygon and enabled in PA_SC_AA_MASK. Blocks come in rows from the top, each
 * from the left. */
void sim_sc_raster_samples(const struct sim_sc_setup *s, const struct sim_rect *clip,
                           const struct sim_sc_pattern *p, sim_sc_sample_fn fn, void *ctx);

/* The same walk, its blocks given in batches (a small polygon's in one call). */
void sim_sc_raster_blocks(const struct sim_sc_setup *s, const struct sim_rect *clip,
                          const struct sim_sc_pattern *p, sim_sc_blocks_fn fn, void *ctx);

#endif
