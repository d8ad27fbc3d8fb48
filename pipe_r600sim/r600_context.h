/* The r600sim pipe context: bound state, dirty atoms, the command stream (driver-internal).
 *
 * State is kept as "atoms": each atom emits a group of registers. CSOs bake their packets
 * at create time; binding marks the atom dirty; a draw emits the dirty atoms. Atoms whose
 * registers combine several state objects (e.g. CB_TARGET_MASK = blend write mask
 * intersected with the bound colour buffers) compute them at emit time from the baked
 * parts. A new command stream starts with the preamble and marks every atom dirty. */
#ifndef R600_CONTEXT_H
#define R600_CONTEXT_H

#include "pipe/p_context.h"

#include "r600_cs.h"
#include "r600_screen.h"
#include "compiler/r600_shader.h"

enum r600_atom_id {
   R600_ATOM_BLEND,           /* CB_BLEND(n)_CONTROL, DB_ALPHA_TO_MASK */
   R600_ATOM_CB_MISC,         /* CB_COLOR_CONTROL, CB_TARGET_MASK (blend x framebuffer) */
   R600_ATOM_BLEND_COLOR,     /* CB_BLEND_RED..ALPHA */
   R600_ATOM_DSA,             /* DB_DEPTH_CONTROL, SX_ALPHA_TEST_CONTROL, SX_ALPHA_REF */
   R600_ATOM_STENCIL_REF,     /* DB_STENCILREFMASK(_BF) (dsa masks x stencil ref) */
   R600_ATOM_DB_SHADER,       /* DB_SHADER_CONTROL (pixel shader x alpha test) */
   R600_ATOM_RASTERIZER,      /* PA_SU/PA_SC/PA_CL rasterizer registers */
   R600_ATOM_POLY_OFFSET,     /* PA_SU_POLY_OFFSET_* (rasterizer x depth format) */
   R600_ATOM_FRAMEBUFFER,     /* CB_COLORn_*, DB_DEPTH_*, window scissor, AA config */
   R600_ATOM_VIEWPORT,        /* PA_CL_VPORT_*_0, guard band */
   R600_ATOM_SCISSOR,         /* PA_SC_VPORT_SCISSOR_0 (viewport x scissor) */
   R600_ATOM_SAMPLE_MASK,     /* PA_SC_AA_MASK */
   R600_ATOM_VS,              /* SQ_PGM_*_VS, SPI_VS_OUT_* */
   R600_ATOM_CLIP_MISC,       /* PA_CL_VS_OUT_CNTL (vertex shader x clip-distance enables) */
   R600_ATOM_PS,              /* SQ_PGM_*_PS, SPI_PS_*, SPI_INPUT_Z, CB_SHADER_MASK */
   R600_ATOM_FETCH_SHADER,    /* SQ_PGM_START_FS, SQ_PGM_RESOURCES_FS */
   R600_ATOM_VERTEX_BUFFERS,  /* SET_RESOURCE 320+i */
   R600_ATOM_CONSTBUF_VS,     /* ALU_CONST_CACHE_VS_0, ALU_CONST_BUFFER_SIZE_VS_0 */
   R600_ATOM_CONSTBUF_PS,
   R600_ATOM_TEXTURES_VS,     /* SET_SAMPLER / SET_RESOURCE of the VS texture units */
   R600_ATOM_TEXTURES_PS,
   R600_ATOM_DB_RENDER,       /* DB_RENDER_CONTROL's ZPASS counting (occlusion queries) */
   R600_NUM_ATOMS
};

#define R600_ALL_ATOMS ((1ull << R600_NUM_ATOMS) - 1)
#define R600_MAX_VERTEX_BUFFERS PIPE_MAX_VERTEX_BUFFERS
#define R600_MAX_UNCHECKED 32      /* a flush past this many waits for the oldest */
#define R600_MAX_TEXTURE_UNITS R600_MAX_SAMPLERS
/* Absolute SET_RESOURCE / SET_SAMPLER slots of each stage's id 0 (docs/r600-hardware-notes.md
 * §1.5). */
#define R600_PS_RESOURCE_BASE 0
#define R600_VS_RESOURCE_BASE 160
#define R600_FS_RESOURCE_BASE 320   /* vertex buffer i = SET_RESOURCE slot 320 + i */
#define R600_PS_SAMPLER_BASE 0
#define R600_VS_SAMPLER_BASE 18
/* Stage-relative resource id of texture unit t, where the compiler fetches it; constant
 * buffer 0 is R600_CONSTBUF_RESOURCE_ID (both in r600_shader.h). */
#define R600_TEXTURE_RESOURCE_ID(t) (R600_TEX_RESOURCE_OFFSET + (t))

/* ---- CSOs ---- */

struct r600_blend_state {
   struct r600_cs cb;             /* CB_BLEND_CONTROL, CB_BLENDn_CONTROL, DB_ALPHA_TO_MASK */
   uint32_t cb_color_control;     /* with SPECIAL_OP and TARGET_BLEND_ENABLE */
   uint32_t cb_target_mask;       /* 4 bits per render target from the colour masks */
   bool dual_src;                 /* target 0 blends with SRC1 factors */
};

struct r600_dsa_state {
   struct r600_cs cb;             /* DB_DEPTH_CONTROL, SX_ALPHA_TEST_CONTROL, SX_ALPHA_REF */
   uint32_t stencil_masks[2];     /* DB_STENCILREFMASK(_BF) without the reference */
   bool alpha_test;
};

struct r600_rasterizer_state {
   struct r600_cs cb;
   uint32_t pa_su_sc_mode_cntl;   /* kept for the R6xx point/line cull fix-up */
   bool scissor;
   bool offset_tri;
   float offset_units, offset_scale, offset_clamp;
   unsigned clip_plane_enable;    /* bit n: GL enables clip distance n */
};

struct r600_sampler_state {
   uint32_t words[3];             /* SQ_TEX_SAMPLER_WORD0..2 */
};

struct r600_sampler_view {
   struct pipe_sampler_view base;
   uint32_t words[7];             /* SQ_TEX_RESOURCE_WORD0..6 */
};

struct r600_vertex_elements {
   unsigned count;
   struct pipe_vertex_element elements[PIPE_MAX_ATTRIBS];
   struct r600_bo *fetch_bo;      /* the fetch shader */
   struct r600_cs cb;             /* SQ_PGM_START_FS, SQ_PGM_RESOURCES_FS */
};

struct r600_shader_state {
   enum pipe_shader_type type;
   struct r600_shader_binary bin;
   struct r600_bo *bo;            /* program code */
   struct r600_bo *scratch;       /* its scratch ring, NULL if it spills nothing */
   struct r600_cs cb;             /* the stage's registers */
   uint32_t db_shader_control;    /* PS: export and kill bits (Z_ORDER added at emit) */
};

/* ---- other bound state ---- */

struct r600_vertex_buffer {
   struct pipe_vertex_buffer vb;  /* vb.buffer holds a reference */
   /* where the draw being emitted reads it (user buffers are uploaded per draw) */
   struct r600_bo *bo;
   uint64_t offset;
   uint64_t size;
   unsigned stride;               /* vb.stride, or the compact stride of a repacked copy */
};

/* A 256-byte-aligned sub-allocator for per-draw and per-bind data (user vertex arrays,
 * indices, constants). Chunks are never rewritten: a new upload goes further on. */
struct r600_upload {
   struct pipe_resource *chunk;   /* a buffer resource */
   uint64_t used;
};

struct blitter_context;

struct r600_context {
   struct pipe_context base;
   struct r600_screen *screen;
   enum hw_chip chip;

   struct r600_cs cs;
   bool cs_has_work;              /* a draw or clear was recorded since the preamble */
   uint64_t last_seq;             /* fence of this context's last submission */
   /* Reset reporting (r600_flush.c): this context's submissions not yet seen executed, in
    * submission order, and whether one of those seen executed was stopped as a hang. */
   uint64_t unchecked[R600_MAX_UNCHECKED];
   unsigned num_unchecked;
   bool guilty;
   bool unframed;                 /* submitted since the last frame end (r600_flush.c) */
   uint64_t dirty;                /* 1 << enum r600_atom_id */
   struct r600_upload upload;

   struct r600_blend_state *blend;
   struct r600_dsa_state *dsa;
   struct r600_rasterizer_state *rs;
   struct r600_shader_state *vs, *ps;
   struct r600_vertex_elements *velems;

   struct pipe_blend_color blend_color;
   struct pipe_stencil_ref stencil_ref;
   struct pipe_framebuffer_state fb;   /* surface pointers are not dereferenced after binding */
   struct pipe_resource *fb_res[PIPE_MAX_COLOR_BUFS];  /* referenced while bound */
   struct pipe_resource *fb_zs_res;
   struct r600_cs fb_cb;               /* framebuffer registers, baked at set time */
   uint32_t fb_target_mask;            /* 0xF for every bound colour buffer */
   bool cb_resolve;   /* r600_blit's resolve draw: CB_COLOR0 multi-sampled source, CB_COLOR1 destination */
   int zs_bits;                        /* depth bits of the bound depth buffer, 0 = none */
   /* The layers of colour buffer 0 and the depth buffer as pipe->clear may fill them
    * (r600_clear.c); size 0 when it cannot. */
   struct r600_fill_surface {
      uint64_t va, size;             /* the bound layer's bytes */
      unsigned bpp;
   } fill_cb0, fill_zs;
   struct pipe_viewport_state viewport;
   struct pipe_scissor_state scissor;
   unsigned sample_mask;
   /* Constant buffer 0 of each stage as the kcache reads it: buffer referenced (user data is
    * bound as the upload buffer it was copied into), offset 256-byte aligned, NULL = unbound. */
   struct pipe_constant_buffer constbuf[PIPE_SHADER_TYPES];
   struct r600_vertex_buffer vb[R600_MAX_VERTEX_BUFFERS];
   unsigned num_vb;
   struct r600_sampler_state *samplers[PIPE_SHADER_TYPES][R600_MAX_TEXTURE_UNITS];
   struct pipe_sampler_view *views[PIPE_SHADER_TYPES][R600_MAX_TEXTURE_UNITS];

   /* values last written in this command stream by the draw path (-1 = unknown) */
   int last_prim;
   int64_t last_start_instance;

   struct blitter_context *blitter;   /* pipe->clear's and pipe->blit's, built at first use */
   struct r600_fb_fetch *fb_fetch;    /* r600_fb_fetch.c's copies, made at first use */

   /* Occlusion queries (r600_query.c): how many are active, whether they are paused, and
    * whether this command stream has ZPASS counting on. */
   unsigned num_occlusion_queries;
   bool queries_paused;
   bool zpass_counting;
};

static inline struct r600_context *r600_context(struct pipe_context *p)
{
   return (struct r600_context *)p;
}

static inline void r600_mark_dirty(struct r600_context *ctx, enum r600_atom_id id)
{
   ctx->dirty |= 1ull << id;
}

/* r600_context.c */
void r600_emit_dirty_atoms(struct r600_context *ctx);
/* Starts a new command stream: preamble, every atom dirty. */
void r600_begin_cs(struct r600_context *ctx);

/* r600_shader_blob.c: shader CSOs as bytes (pipe_context::get_shader_binary). */
bool r600_shader_blob_load(const void *data, size_t size, enum hw_chip chip,
                           enum pipe_shader_type type, struct r600_shader_binary *out);
void r600_init_shader_blob_functions(struct r600_context *ctx);

/* r600_query.c */
void r600_init_query_functions(struct r600_context *ctx);
void r600_emit_db_render(struct r600_context *ctx);
/* Pauses (or resumes) occlusion counting for the driver's own draws; returns the previous
 * state. */
bool r600_pause_queries(struct r600_context *ctx, bool paused);

/* r600_fb_fetch.c: framebuffer fetch through copies of the colour buffers. */
bool r600_fb_fetch_prepare(struct r600_context *ctx);
void r600_fb_fetch_draw(struct r600_context *ctx, const struct pipe_draw_info *info);
void r600_emit_fb_fetch(struct r600_context *ctx);
void r600_fb_fetch_destroy(struct r600_context *ctx);

/* r600_preamble.c */
void r600_emit_preamble(struct r600_context *ctx);

/* r600_flush.c */
void r600_context_flush(struct r600_context *ctx, struct pipe_fence_handle **fence);
void r600_init_flush_functions(struct r600_context *ctx);

/* r600_upload.c: copies data into GPU memory for the command stream being built. Returns
 * false when out of GPU memory. The buffer is added to the stream. */
bool r600_upload_data(struct r600_context *ctx, const void *data, unsigned size,
                      struct pipe_resource **buf, unsigned *offset);
/* Like r600_upload_data but returns a CPU pointer to fill instead of copying. */
void *r600_upload_alloc(struct r600_context *ctx, unsigned size, struct pipe_resource **buf,
                        unsigned *offset);
void r600_upload_fini(struct r600_context *ctx);

/* State files: each installs its pipe_context functions and provides its atoms' emitters. */
void r600_init_blend_functions(struct r600_context *ctx);
void r600_emit_blend(struct r600_context *ctx);
void r600_emit_cb_misc(struct r600_context *ctx);
void r600_emit_blend_color(struct r600_context *ctx);

void r600_init_dsa_functions(struct r600_context *ctx);
void r600_emit_dsa(struct r600_context *ctx);
void r600_emit_stencil_ref(struct r600_context *ctx);

void r600_init_rasterizer_functions(struct r600_context *ctx);
void r600_emit_rasterizer(struct r600_context *ctx);
void r600_emit_poly_offset(struct r600_context *ctx);

void r600_init_sampler_functions(struct r600_context *ctx);
void r600_emit_textures_vs(struct r600_context *ctx);
void r600_emit_textures_ps(struct r600_context *ctx);

void r600_init_vertex_functions(struct r600_context *ctx);
/* Resolves where each vertex buffer is read for the coming draw, uploading user buffers
 * up to the largest vertex / instance index the draw fetches. False when out of memory. */
bool r600_prepare_vertex_buffers(struct r600_context *ctx, unsigned max_vertex, unsigned max_instance);
void r600_emit_fetch_shader(struct r600_context *ctx);
void r600_emit_vertex_buffers(struct r600_context *ctx);
void r600_release_vertex_buffers(struct r600_context *ctx);

void r600_init_shader_functions(struct r600_context *ctx);
/* Copies a program into a fresh 256-byte-aligned GPU buffer (NULL when out of memory). */
struct r600_bo *r600_upload_program(struct r600_screen *screen, const struct r600_shader_binary *bin);
/* R600SIM_DEBUG=shaders listing. */
void r600_dump_program(struct r600_screen *screen, const char *what,
                       const struct r600_shader_binary *bin, uint64_t va);
void r600_emit_vs(struct r600_context *ctx);
void r600_emit_clip_misc(struct r600_context *ctx);
void r600_emit_ps(struct r600_context *ctx);
void r600_emit_db_shader(struct r600_context *ctx);

void r600_init_fb_functions(struct r600_context *ctx);
void r600_emit_framebuffer(struct r600_context *ctx);
void r600_emit_sample_mask(struct r600_context *ctx);
void r600_release_framebuffer(struct r600_context *ctx);
/* Bit position of render target rt's 4-bit field in CB_TARGET_MASK. */
unsigned r600_target_mask_shift(unsigned rt);

void r600_init_viewport_functions(struct r600_context *ctx);
void r600_emit_viewport(struct r600_context *ctx);
void r600_emit_scissor(struct r600_context *ctx);

void r600_init_constbuf_functions(struct r600_context *ctx);
void r600_emit_constbuf_vs(struct r600_context *ctx);
void r600_emit_constbuf_ps(struct r600_context *ctx);
void r600_release_constbufs(struct r600_context *ctx);

void r600_init_draw_functions(struct r600_context *ctx);
/* The draw path (also used by the clear with its own bound state). */
void r600_draw(struct r600_context *ctx, const struct pipe_draw_info *info);
void r600_init_clear_functions(struct r600_context *ctx);
struct blitter_context *r600_blitter_begin(struct r600_context *ctx);
void r600_init_blit_functions(struct r600_context *ctx);
void r600_init_transfer_functions(struct r600_context *ctx);

#endif
