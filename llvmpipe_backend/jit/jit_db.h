/* The DB's depth/stencil test (pixel/db.c sim_db_test) as generated code for one 4x4 block,
 * specialised on the state that changes the code (struct jit_db_key) and emitted inline into
 * a caller's function (the fused pixel pipeline, the differential test's wrapper). Its
 * results - the returned mask, smask and every byte of the depth/stencil buffer - are those
 * of sim_db_test, bit for bit; tests/sim/test_jit_db.c compares the two on random states.
 *
 * Preconditions, as for sim_db_test called by the SC's walks: bx and by are multiples of 4
 * (a block then lies inside one 8x8 micro tile, and inside or outside the surface as a
 * whole), the primitive's vertices lie within SIM_COORD_LIMIT (every edge function is an
 * integer below 2^53, so it is exact in a double however it is summed), and no other thread
 * writes the block's pixels meanwhile (when anything can be written, the block's 16 pixels
 * of a sample plane are written back whole, those outside the mask with their own values).
 * Unlike sim_db_test it does not report (sim_unimpl) a late test with Z_EXPORT_ENABLE whose
 * PS did not export PIXEL 61: it uses the interpolated depth as sim_db_test does, and the
 * report is the caller's. */
#ifndef SIM_JIT_DB_H
#define SIM_JIT_DB_H

#include <stdbool.h>
#include <stdint.h>

#include "jit/jit_ir.h"
#include "pixel/db.h"
#include "raster/sc.h"

/* Everything of a sim_db_state (and the sample count) that changes the generated code;
 * memset to 0 before filling, compared with memcmp and hashed. Fields that do not matter for
 * a state are 0 (no stencil: no stencil fields; no back-face state: face[1] is 0). The base
 * pointer, pitch, height, sample plane size, viewport depth range, stencil reference and
 * masks, the primitive and the sample offsets are read at run time. */
struct jit_db_key {
   uint8_t format;        /* DB_DEPTH_INFO.FORMAT */
   uint8_t samples;       /* 1, 2, 4 or 8 */
   uint8_t z_enable, z_write, zfunc;
   uint8_t clamp;         /* viewport depth clamp */
   uint8_t z_export;      /* late test with Z_EXPORT_ENABLE: PIXEL 61 .x when written */
   uint8_t stencil;       /* stencil test (the format has stencil) */
   uint8_t backface;      /* back faces use face[1] */
   uint8_t func[2], fail[2], zpass[2], zfail[2];   /* stencil state, [0] front, [1] back */
};

/* Fills k for state db (db->active) with ms's sample count, for a late test (`late`: the
 * PS's exports are passed) or an early one. false: not supported, the caller uses the C
 * units. */
bool jit_db_key_init(struct jit_db_key *k, const struct sim_db_state *db,
                     const struct sim_sc_msaa *ms, bool late);

/* What the depth plane of a primitive needs that is the same for all its blocks, made once
 * per primitive (jit_db_setup_emit) and kept by the caller: sim_db_test's z0, dz1, dz2,
 * offset and area2 as doubles; per edge k (e1, e2 of sim_db_test) its integer value at
 * sample s of pixel (0, 0), c[s][k], and its steps per pixel, sx[k] and sy[k], so that its
 * value at sample s of block (bx, by) is c[s][k] + bx * sx[k] + by * sy[k] (the same
 * polynomial expanded: equal modulo 2^64, so equal wherever sim_db_test's is exact); the
 * lanes' offsets lx * sx[k] + ly * sy[k] as doubles (exact: multiples of SIM_SUBPIX below
 * 2^56); whether the clamp range lies inside [0, 1]; whether the plane is flat: the same
 * encoded depth, flat_z, at every sample of every block (jit_db.c says when). Only for keys
 * with z_enable. */
struct jit_db_setup {
   double z0, dz1, dz2, zoff, area2;
   int64_t in01;                          /* 1: a unorm format's clamp range is in [0, 1] */
   uint32_t flat;                         /* 1: every lane and sample has the depth flat_z */
   uint32_t flat_z;                       /* the encoded depth of a flat plane */
   int64_t sx[2], sy[2];
   int64_t c[SIM_MAX_SAMPLES][2];
   double lane[2][SIM_LANES];
};

/* Fills the struct jit_db_setup at pointer value `s` for the primitive at `prim` (db and ms
 * as for jit_db_emit), emitted at j->b's insertion point (no basic blocks added). */
void jit_db_setup_emit(struct jb *j, const struct jit_db_key *k, LLVMValueRef db,
                       LLVMValueRef prim, LLVMValueRef ms, LLVMValueRef s);

/* = sim_db_test(db, prim, bx, by, mask, smask, ms, late ? out : NULL), emitted at j->b's
 * insertion point (it may add basic blocks to j->fn and leaves the builder at the end of its
 * last one), with `setup` the struct jit_db_setup that jit_db_setup_emit made for prim and
 * ms (unused without z_enable): returns the i16 mask of lanes with a sample that passed,
 * updates smask (uint8_t[16]) in memory and the depth/stencil buffer. db, prim, setup, out,
 * smask are pointer values to the run-time struct sim_db_state, struct sim_prim, struct
 * jit_db_setup, struct sim_exports (a null pointer for an early test) and uint8_t[16]; bx,
 * by i32; mask i16. */
LLVMValueRef jit_db_emit(struct jb *j, const struct jit_db_key *k, LLVMValueRef db,
                         LLVMValueRef prim, LLVMValueRef setup, LLVMValueRef bx,
                         LLVMValueRef by, LLVMValueRef mask, LLVMValueRef smask,
                         LLVMValueRef out);

#endif
