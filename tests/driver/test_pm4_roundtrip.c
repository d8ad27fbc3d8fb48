/* PM4 build/parse round trip: command streams built by the driver (its CS builder directly,
 * and the pipe context drawing, clearing and flushing into a recording stand-in GPU) are
 * parsed back by an independent decoder written here from the PM4 description
 * (docs/r600-hardware-notes.md §2.1-2.4) and checked against register values derived from the
 * register reference (Radeon R6xx/R7xx 3D Register Reference Guide, docs/r600-hardware-notes.md §1
 * and 3). Offsets and expected values below are deliberately spelled out from the documents, not
 * taken from the generated headers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_recorder.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "r600_public.h"
#include "r600_cs.h"
#include "compiler/r600_shader.h"
#include "r600sim/shader_ir.h"
#include "check.h"

/* ---- PM4 facts (docs/r600-hardware-notes.md §2.1-2.3) ---- */
enum {
   OP_START_3D_CMDBUF = 0x24, OP_CONTEXT_CONTROL = 0x28, OP_INDEX_TYPE = 0x2A,
   OP_DRAW_INDEX = 0x2B, OP_DRAW_INDEX_AUTO = 0x2D, OP_NUM_INSTANCES = 0x2F,
   OP_EVENT_WRITE = 0x46, OP_SET_CONFIG_REG = 0x68, OP_SET_CONTEXT_REG = 0x69,
   OP_CP_DMA = 0x41, OP_SET_LOOP_CONST = 0x6C, OP_SET_RESOURCE = 0x6D, OP_SET_SAMPLER = 0x6E, OP_SET_CTL_CONST = 0x6F,
};

struct window { unsigned op; uint32_t start, end; };
static const struct window windows[] = {
   { OP_SET_CONFIG_REG, 0x08000, 0x0AC00 }, { OP_SET_CONTEXT_REG, 0x28000, 0x29000 },
   { OP_SET_LOOP_CONST, 0x3E200, 0x3E380 }, { OP_SET_RESOURCE, 0x38000, 0x3C000 },
   { OP_SET_SAMPLER, 0x3C000, 0x3CFF0 }, { OP_SET_CTL_CONST, 0x3CFF0, 0x3E200 },
};

/* ---- register byte addresses (register reference / docs/r600-hardware-notes.md §1) ---- */
enum {
   R_DB_DEPTH_INFO = 0x28010, R_CB_COLOR0_BASE = 0x28040, R_CB_COLOR0_SIZE = 0x28060,
   R_CB_COLOR0_INFO = 0x280A0, R_DB_DEPTH_BASE = 0x2800C, R_PA_SC_EDGERULE = 0x28230, R_CB_TARGET_MASK = 0x28238,
   R_PA_SC_VPORT_SCISSOR_0_TL = 0x28250, R_PA_SC_VPORT_SCISSOR_0_BR = 0x28254,
   R_VGT_MAX_VTX_INDX = 0x28400, R_VGT_INDX_OFFSET = 0x28408, R_DB_STENCILREFMASK = 0x28430,
   R_PA_CL_VPORT_XSCALE_0 = 0x2843C, R_PA_CL_VPORT_YSCALE_0 = 0x28444,
   R_PA_CL_VPORT_ZSCALE_0 = 0x2844C, R_PA_CL_VPORT_ZOFFSET_0 = 0x28450,
   R_SPI_VS_OUT_ID_0 = 0x28614, R_SPI_PS_INPUT_CNTL_0 = 0x28644, R_SPI_VS_OUT_CONFIG = 0x286C4,
   R_SPI_PS_IN_CONTROL_0 = 0x286CC, R_CB_BLEND0_CONTROL = 0x28780, R_DB_DEPTH_CONTROL = 0x28800,
   R_CB_COLOR_CONTROL = 0x28808, R_PA_CL_CLIP_CNTL = 0x28810, R_PA_SU_SC_MODE_CNTL = 0x28814,
   R_PA_CL_VTE_CNTL = 0x28818, R_SQ_PGM_RESOURCES_PS = 0x28850, R_SQ_PGM_EXPORTS_PS = 0x28854,
   R_SQ_PGM_START_VS = 0x28858, R_SQ_PGM_START_FS = 0x28894, R_SQ_ALU_CONST_CACHE_PS_0 = 0x28940,
   R_SQ_ALU_CONST_BUFFER_SIZE_PS_0 = 0x28140, R_PA_SU_POINT_SIZE = 0x28A00,
   R_PA_SU_LINE_CNTL = 0x28A08, R_PA_SU_VTX_CNTL = 0x28C08, R_VGT_PRIMITIVE_TYPE = 0x08958,
   R_SQ_CONFIG = 0x08C00, R_SQ_VTX_CONSTANT_WORD0_0 = 0x38000, R_SQ_TEX_SAMPLER_WORD0_0 = 0x3C000,
};

#define REG_SPACE 0x40000u

/* What the decoder saw: the register file at every draw, plus the draw packets. */
struct draw_record {
   uint32_t *regs;              /* snapshot, indexed by byte address / 4 */
   unsigned op;                 /* DRAW_INDEX or DRAW_INDEX_AUTO */
   uint32_t body[4];
   uint32_t index_type;         /* last INDEX_TYPE body */
   uint32_t num_instances;
};

struct decoded {
   uint32_t regs[REG_SPACE / 4];
   bool written[REG_SPACE / 4];
   unsigned first_op;
   uint32_t context_control[2];
   bool well_formed;
   struct draw_record draws[16];
   unsigned num_draws;
   /* CP_DMA copies (hardware notes §2.4): source, destination, byte count. */
   struct { uint64_t src, dst; uint32_t bytes; } dma[64];
   unsigned num_dma;
};

static const struct window *find_window(unsigned op)
{
   for (unsigned i = 0; i < sizeof(windows) / sizeof(windows[0]); i++)
      if (windows[i].op == op)
         return &windows[i];
   return NULL;
}

/* Decodes one command buffer; register state carries over from earlier buffers in d. */
static void decode(struct decoded *d, const uint32_t *dw, unsigned ndw)
{
   uint32_t index_type = 0, num_instances = 0;
   unsigned i = 0;
   bool first = true;
   while (i < ndw) {
      uint32_t h = dw[i];
      unsigned type = h >> 30;
      if (type == 2) { i++; continue; }
      if (type != 3) { d->well_formed = false; return; }
      unsigned n = ((h >> 16) & 0x3FFF) + 1;     /* body dwords */
      unsigned op = (h >> 8) & 0xFF;
      const uint32_t *body = &dw[i + 1];
      if (i + 1 + n > ndw) { d->well_formed = false; return; }
      if (first) { d->first_op = op; first = false; }
      const struct window *w = find_window(op);
      if (w) {
         uint32_t reg = w->start + body[0] * 4;
         unsigned count = n - 1;
         if (count == 0 || reg + 4 * count > w->end ||
             (op == OP_SET_RESOURCE && count % 7) || (op == OP_SET_SAMPLER && count % 3)) {
            d->well_formed = false;
            return;
         }
         for (unsigned k = 0; k < count; k++) {
            d->regs[(reg >> 2) + k] = body[1 + k];
            d->written[(reg >> 2) + k] = true;
         }
      } else if (op == OP_CONTEXT_CONTROL && n == 2) {
         d->context_control[0] = body[0];
         d->context_control[1] = body[1];
      } else if (op == OP_INDEX_TYPE) {
         index_type = body[0];
      } else if (op == OP_NUM_INSTANCES) {
         num_instances = body[0];
      } else if (op == OP_CP_DMA && n == 5 && d->num_dma < 64) {
         d->dma[d->num_dma].src = body[0] | (uint64_t)(body[1] & 0xFF) << 32;
         d->dma[d->num_dma].dst = body[2] | (uint64_t)(body[3] & 0xFF) << 32;
         d->dma[d->num_dma++].bytes = body[4] & 0x1FFFFF;
      } else if ((op == OP_DRAW_INDEX && n == 4) || (op == OP_DRAW_INDEX_AUTO && n == 2)) {
         if (d->num_draws < 16) {
            struct draw_record *r = &d->draws[d->num_draws++];
            r->regs = malloc(sizeof(d->regs));
            memcpy(r->regs, d->regs, sizeof(d->regs));
            r->op = op;
            memcpy(r->body, body, n * 4);
            r->index_type = index_type;
            r->num_instances = num_instances;
         }
      }
      i += 1 + n;
   }
}

static void decode_all(struct decoded *d)
{
   memset(d, 0, sizeof(*d));
   d->well_formed = true;
   for (unsigned s = 0; s < recorder_num_submits(); s++)
      decode(d, recorder_submit(s)->dw, recorder_submit(s)->ndw);
}

static void free_decoded(struct decoded *d)
{
   for (unsigned i = 0; i < d->num_draws; i++)
      free(d->draws[i].regs);
}

static uint32_t reg(const uint32_t *regs, uint32_t addr) { return regs[addr >> 2]; }

/* The CP_DMA copies reading from `base` write [base + first, base + end) in one ascending
 * run, each reading only bytes written before it (a fill from the first pixel). */
static bool dma_fills(const struct decoded *d, uint64_t base, uint64_t first, uint64_t end)
{
   uint64_t next = base + first;
   for (unsigned i = 0; i < d->num_dma; i++) {
      if (d->dma[i].src != base)
         continue;
      if (d->dma[i].dst != next || d->dma[i].bytes > next - base)
         return false;
      next += d->dma[i].bytes;
   }
   return next == base + end;
}
static uint32_t bits(uint32_t v, unsigned hi, unsigned lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float ufloat(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* ---- part 1: the CS builder on its own ---- */

static void test_cs_builder(void)
{
   struct r600_cs cs;
   r600_cs_init(&cs);
   /* Two consecutive context registers and one apart: one packet each run. */
   const struct r600_reg_value regs[] = {
      { 0x28C08, 0x2D }, { 0x28C0C, 0x3F800000 }, { 0x28800, 0x16 },
   };
   cs_set_context_regs(&cs, regs, 3);
   cs_set_config_reg(&cs, 0x8958, 4);
   const uint32_t res[7] = { 1, 2, 3, 4, 5, 6, 7 };
   cs_set_resource(&cs, 320, res);
   /* SET_CONTEXT_REG, COUNT 2 (3 body dwords - 1), index (0x28C08 - 0x28000) / 4 = 0x302. */
   const uint32_t want[] = {
      0xC0026900, 0x302, 0x2D, 0x3F800000,
      0xC0016900, 0x200, 0x16,
      0xC0016800, (0x8958 - 0x8000) / 4, 4,
      0xC0076D00, 320 * 7, 1, 2, 3, 4, 5, 6, 7,
   };
   CHECK_EQ(cs.cdw, sizeof(want) / 4, "CS builder dword count");
   for (unsigned i = 0; i < cs.cdw && i < sizeof(want) / 4; i++)
      CHECK(cs.buf[i] == want[i], "CS builder dword %u = 0x%08x, expected 0x%08x", i, cs.buf[i], want[i]);
   r600_cs_fini(&cs);
}

/* ---- part 2/3: the pipe context ---- */

static struct ir_src src(enum ir_file file, unsigned index)
{
   struct ir_src s = { .file = (uint8_t)file, .index = (uint16_t)index, .swizzle = { 0, 1, 2, 3 } };
   return s;
}

static void *make_vs(struct pipe_context *p)
{
   struct ir_shader *ir = ir_shader_create(IR_STAGE_VERTEX);
   ir->num_inputs = 2;
   ir->inputs[0] = (struct ir_io){ .semantic = IR_SEM_ATTRIB, .index = 0, .usage_mask = 0xF };
   ir->inputs[1] = (struct ir_io){ .semantic = IR_SEM_ATTRIB, .index = 1, .usage_mask = 0xF };
   ir->num_outputs = 2;
   ir->outputs[0] = (struct ir_io){ .semantic = IR_SEM_POSITION, .usage_mask = 0xF };
   ir->outputs[1] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .index = 0, .usage_mask = 0xF };
   for (unsigned i = 0; i < 2; i++) {
      struct ir_instruction *mov = ir_emit(ir, IR_MOV);
      mov->dst = (struct ir_dst){ .file = IR_FILE_OUTPUT, .writemask = 0xF, .index = (uint16_t)i };
      mov->src[0] = src(IR_FILE_INPUT, i);
   }
   struct pipe_shader_state t = { .ir = ir };
   char *log = NULL;
   void *vs = p->create_vs_state(p, &t, &log);
   if (!vs)
      fprintf(stderr, "VS: %s\n", log ? log : "?");
   free(log);
   ir_shader_destroy(ir);
   return vs;
}

static void *make_fs(struct pipe_context *p)
{
   struct ir_shader *ir = ir_shader_create(IR_STAGE_FRAGMENT);
   ir->num_inputs = 1;
   ir->inputs[0] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .index = 0,
                                   .interp = IR_INTERP_PERSPECTIVE, .usage_mask = 0xF };
   ir->num_outputs = 1;
   ir->outputs[0] = (struct ir_io){ .semantic = IR_SEM_COLOR, .index = 0, .usage_mask = 0xF };
   ir->num_consts = 1;
   struct ir_instruction *mul = ir_emit(ir, IR_MUL);
   mul->dst = (struct ir_dst){ .file = IR_FILE_OUTPUT, .writemask = 0xF, .index = 0 };
   mul->src[0] = src(IR_FILE_INPUT, 0);
   mul->src[1] = src(IR_FILE_CONST, 0);
   struct pipe_shader_state t = { .ir = ir };
   char *log = NULL;
   void *fs = p->create_fs_state(p, &t, &log);
   if (!fs)
      fprintf(stderr, "FS: %s\n", log ? log : "?");
   free(log);
   ir_shader_destroy(ir);
   return fs;
}

struct scene {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   struct pipe_resource *color, *depth, *tex;
   struct pipe_sampler_view *view;
   void *sampler;
   struct pipe_surface *cbuf, *zsbuf;
   void *rs, *blend, *dsa, *vs, *fs, *velems;
};

static const float consts[4] = { 0.5f, 0.25f, 1.0f, 1.0f };
static float verts[8][8];   /* 8 vertices: position xyzw, colour rgba (stride 32) */

static bool setup_scene(struct scene *s, const char *chip)
{
   memset(s, 0, sizeof(*s));
   s->screen = r600sim_screen_create(chip);
   if (!s->screen)
      return false;
   struct pipe_context *p = s->ctx = s->screen->context_create(s->screen, NULL);
   struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .width0 = 60, .height0 = 48, .depth0 = 1,
                              .bind = PIPE_BIND_RENDER_TARGET };
   s->color = s->screen->resource_create(s->screen, &t);
   t.format = PIPE_FORMAT_Z24_UNORM_S8_UINT;
   t.bind = PIPE_BIND_DEPTH_STENCIL;
   s->depth = s->screen->resource_create(s->screen, &t);
   if (!s->color || !s->depth)
      return false;
   struct pipe_surface st = { .format = PIPE_FORMAT_R8G8B8A8_UNORM };
   s->cbuf = p->create_surface(p, s->color, &st);
   st.format = PIPE_FORMAT_Z24_UNORM_S8_UINT;
   s->zsbuf = p->create_surface(p, s->depth, &st);
   struct pipe_framebuffer_state fb = { .width = 60, .height = 48, .nr_cbufs = 1,
                                        .cbufs = { s->cbuf }, .zsbuf = s->zsbuf };
   p->set_framebuffer_state(p, &fb);

   struct pipe_rasterizer_state rs = {
      .front_ccw = true, .cull_face = PIPE_FACE_BACK, .scissor = true, .half_pixel_center = true,
      .point_size = 4.0f, .line_width = 1.0f, .depth_clip = true,
   };
   s->rs = p->create_rasterizer_state(p, &rs);
   p->bind_rasterizer_state(p, s->rs);
   struct pipe_blend_state blend = { 0 };
   blend.rt[0] = (struct pipe_rt_blend_state){
      .blend_enable = true, .rgb_func = PIPE_BLEND_ADD, .rgb_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA,
      .rgb_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA, .alpha_func = PIPE_BLEND_ADD,
      .alpha_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA, .alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA,
      .colormask = PIPE_MASK_RGBA };
   s->blend = p->create_blend_state(p, &blend);
   p->bind_blend_state(p, s->blend);
   struct pipe_depth_stencil_alpha_state dsa = { .depth_enabled = true, .depth_writemask = true,
                                                 .depth_func = PIPE_FUNC_LESS };
   s->dsa = p->create_depth_stencil_alpha_state(p, &dsa);
   p->bind_depth_stencil_alpha_state(p, s->dsa);
   /* GL viewport (0,0,60,48) on a y-down surface: negative Y scale. */
   struct pipe_viewport_state vp = { .scale = { 30.0f, -24.0f, 0.5f }, .translate = { 30.0f, 24.0f, 0.5f } };
   p->set_viewport_states(p, 0, 1, &vp);
   struct pipe_scissor_state sc = { .minx = 8, .miny = 4, .maxx = 40, .maxy = 30 };
   p->set_scissor_states(p, 0, 1, &sc);

   s->vs = make_vs(p);
   s->fs = make_fs(p);
   if (!s->vs || !s->fs)
      return false;
   p->bind_vs_state(p, s->vs);
   p->bind_fs_state(p, s->fs);
   struct pipe_vertex_element ve[2] = {
      { .src_offset = 0, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT },
      { .src_offset = 16, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT },
   };
   s->velems = p->create_vertex_elements_state(p, 2, ve);
   if (!s->velems)
      return false;
   p->bind_vertex_elements_state(p, s->velems);
   for (unsigned v = 0; v < 8; v++)
      for (unsigned c = 0; c < 8; c++)
         verts[v][c] = (float)(v * 8 + c);
   struct pipe_vertex_buffer vb = { .stride = 32, .user_buffer = verts };
   p->set_vertex_buffers(p, 0, 1, &vb);
   struct pipe_constant_buffer cb = { .buffer_size = sizeof(consts), .user_buffer = consts };
   p->set_constant_buffer(p, PIPE_SHADER_FRAGMENT, 0, &cb);

   /* A 16x16 RGBA8 texture on PS texture unit 0 with a REPEAT / bilinear / no-mip sampler. */
   struct pipe_resource tt = { .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
                               .width0 = 16, .height0 = 16, .depth0 = 1, .bind = PIPE_BIND_SAMPLER_VIEW };
   s->tex = s->screen->resource_create(s->screen, &tt);
   struct pipe_sampler_view vt = { .format = PIPE_FORMAT_R8G8B8A8_UNORM, .swizzle_r = 0,
                                   .swizzle_g = 1, .swizzle_b = 2, .swizzle_a = 3 };
   s->view = s->tex ? p->create_sampler_view(p, s->tex, &vt) : NULL;
   struct pipe_sampler_state ss = { .wrap_s = PIPE_TEX_WRAP_REPEAT, .wrap_t = PIPE_TEX_WRAP_REPEAT,
                                    .wrap_r = PIPE_TEX_WRAP_REPEAT,
                                    .min_img_filter = PIPE_TEX_FILTER_LINEAR,
                                    .mag_img_filter = PIPE_TEX_FILTER_LINEAR,
                                    .min_mip_filter = PIPE_TEX_MIPFILTER_NONE, .max_lod = 15.0f };
   s->sampler = p->create_sampler_state(p, &ss);
   if (!s->view || !s->sampler)
      return false;
   p->set_sampler_views(p, PIPE_SHADER_FRAGMENT, 0, 1, &s->view);
   p->bind_sampler_states(p, PIPE_SHADER_FRAGMENT, 0, 1, &s->sampler);
   return true;
}

static void teardown_scene(struct scene *s)
{
   struct pipe_context *p = s->ctx;
   if (p) {
      if (s->velems) p->delete_vertex_elements_state(p, s->velems);
      if (s->vs) p->delete_vs_state(p, s->vs);
      if (s->fs) p->delete_fs_state(p, s->fs);
      if (s->rs) p->delete_rasterizer_state(p, s->rs);
      if (s->blend) p->delete_blend_state(p, s->blend);
      if (s->dsa) p->delete_depth_stencil_alpha_state(p, s->dsa);
      if (s->sampler) p->delete_sampler_state(p, s->sampler);
      if (s->view) p->sampler_view_destroy(p, s->view);
      if (s->cbuf) p->surface_destroy(p, s->cbuf);
      if (s->zsbuf) p->surface_destroy(p, s->zsbuf);
      p->destroy(p);
   }
   pipe_resource_reference(&s->color, NULL);
   pipe_resource_reference(&s->depth, NULL);
   pipe_resource_reference(&s->tex, NULL);
   if (s->screen)
      s->screen->destroy(s->screen);
}

/* The pipeline registers every draw of the scene shares. */
static void check_scene_state(const uint32_t *r, bool rv770)
{
   CHECK_EQ(reg(r, R_PA_SU_VTX_CNTL), 0x2D, "PA_SU_VTX_CNTL (PIX_CENTER 1, ROUND_MODE 2, QUANT_MODE 5)");
   CHECK_EQ(reg(r, R_PA_SU_SC_MODE_CNTL), 0x00080002, "PA_SU_SC_MODE_CNTL (cull back, CCW front, last vertex)");
   CHECK_EQ(reg(r, R_PA_CL_CLIP_CNTL), 0x01000000, "PA_CL_CLIP_CNTL (DX_LINEAR_ATTR_CLIP_ENA)");
   CHECK_EQ(reg(r, R_PA_CL_VTE_CNTL), 0x43F, "PA_CL_VTE_CNTL");
   /* Point size 4 -> half size 2.0 in 12.4 = 32, in HEIGHT 15:0 and WIDTH 31:16. */
   CHECK_EQ(reg(r, R_PA_SU_POINT_SIZE), (32u << 16) | 32u, "PA_SU_POINT_SIZE");
   CHECK_EQ(reg(r, R_PA_SU_LINE_CNTL), 8, "PA_SU_LINE_CNTL (1-pixel line)");
   uint32_t info = reg(r, R_CB_COLOR0_INFO);
   CHECK_EQ(bits(info, 7, 2), 26, "CB_COLOR0_INFO.FORMAT (COLOR_8_8_8_8)");
   CHECK_EQ(bits(info, 11, 8), 1, "CB_COLOR0_INFO.ARRAY_MODE (LINEAR_ALIGNED)");
   CHECK_EQ(bits(info, 14, 12), 0, "CB_COLOR0_INFO.NUMBER_TYPE (UNORM)");
   CHECK_EQ(bits(info, 17, 16), 0, "CB_COLOR0_INFO.COMP_SWAP (STD)");
   CHECK_EQ(bits(info, 20, 20), 1, "CB_COLOR0_INFO.BLEND_CLAMP");
   /* 60 pixels wide -> pitch 64 (multiple of 8): PITCH_TILE_MAX 64/8-1, SLICE_TILE_MAX 64*48/64-1. */
   uint32_t size = reg(r, R_CB_COLOR0_SIZE);
   CHECK_EQ(bits(size, 9, 0), 7, "CB_COLOR0_SIZE.PITCH_TILE_MAX");
   CHECK_EQ(bits(size, 29, 10), 47, "CB_COLOR0_SIZE.SLICE_TILE_MAX");
   uint64_t cb_base = (uint64_t)reg(r, R_CB_COLOR0_BASE) << 8;
   CHECK(cb_base >= 0x100000000ull && recorder_memory(cb_base, 64 * 48 * 4),
         "CB_COLOR0_BASE 0x%llx: 64x48x4 bytes of allocated memory above 4 GiB", (unsigned long long)cb_base);
   CHECK_EQ(bits(reg(r, R_DB_DEPTH_INFO), 2, 0), 3, "DB_DEPTH_INFO.FORMAT (DEPTH_8_24)");
   CHECK_EQ(reg(r, R_DB_DEPTH_CONTROL), 0x16, "DB_DEPTH_CONTROL (Z test LESS + write)");
   /* Blend SRC_ALPHA (4) / ONE_MINUS_SRC_ALPHA (5), ADD (0); alpha equal: no separate alpha. */
   CHECK_EQ(reg(r, rv770 ? R_CB_BLEND0_CONTROL : 0x28804), 0x504, "CB_BLEND(0)_CONTROL");
   uint32_t cc = reg(r, R_CB_COLOR_CONTROL);
   CHECK_EQ(bits(cc, 23, 16), 0xCC, "CB_COLOR_CONTROL.ROP3 (copy)");
   /* Blending is not independent: rt[0]'s enable applies to all eight targets. */
   CHECK_EQ(bits(cc, 15, 8), 0xFF, "CB_COLOR_CONTROL.TARGET_BLEND_ENABLE");
   CHECK_EQ(bits(cc, 7, 7), rv770 ? 1 : 0, "CB_COLOR_CONTROL.PER_MRT_BLEND");
   CHECK_EQ(bits(cc, 6, 4), 0, "CB_COLOR_CONTROL.SPECIAL_OP (normal)");
   CHECK_EQ(reg(r, R_CB_TARGET_MASK), 0xF, "CB_TARGET_MASK");
   /* Viewport rectangle (0,0)-(60,48) with the scissor (8,4)-(40,30); TL has
    * WINDOW_OFFSET_DISABLE (bit 31), X in 13:0, Y in 29:16. */
   CHECK_EQ(reg(r, R_PA_SC_VPORT_SCISSOR_0_TL), 0x80000000u | (4u << 16) | 8u, "PA_SC_VPORT_SCISSOR_0_TL");
   CHECK_EQ(reg(r, R_PA_SC_VPORT_SCISSOR_0_BR), (30u << 16) | 40u, "PA_SC_VPORT_SCISSOR_0_BR");
   CHECK_EQ(reg(r, R_PA_CL_VPORT_XSCALE_0), fbits(30.0f), "PA_CL_VPORT_XSCALE_0");
   CHECK_EQ(reg(r, R_PA_CL_VPORT_YSCALE_0), fbits(-24.0f), "PA_CL_VPORT_YSCALE_0");
   /* One varying: one parameter export with the GENERIC 0 semantic id, matched by the PS. */
   CHECK_EQ(bits(reg(r, R_SPI_VS_OUT_CONFIG), 5, 1), 0, "SPI_VS_OUT_CONFIG.VS_EXPORT_COUNT");
   CHECK_EQ(bits(reg(r, R_SPI_VS_OUT_ID_0), 7, 0), r600_generic_semantic_id(0), "SPI_VS_OUT_ID_0.SEMANTIC_0");
   CHECK_EQ(bits(reg(r, R_SPI_PS_INPUT_CNTL_0), 7, 0), r600_generic_semantic_id(0), "SPI_PS_INPUT_CNTL_0.SEMANTIC");
   CHECK_EQ(bits(reg(r, R_SPI_PS_IN_CONTROL_0), 5, 0), 1, "SPI_PS_IN_CONTROL_0.NUM_INTERP");
   CHECK_EQ(reg(r, R_SQ_PGM_EXPORTS_PS), 2, "SQ_PGM_EXPORTS_PS (one colour, no depth)");
   CHECK_EQ(bits(reg(r, R_SQ_PGM_RESOURCES_PS), 28, 28), rv770 ? 0 : 1, "SQ_PGM_RESOURCES_PS.UNCACHED_FIRST_INST");
   uint64_t vs = (uint64_t)reg(r, R_SQ_PGM_START_VS) << 8, fs = (uint64_t)reg(r, R_SQ_PGM_START_FS) << 8;
   CHECK(vs && recorder_memory(vs, 8), "SQ_PGM_START_VS points at a program");
   CHECK(fs && recorder_memory(fs, 8) && fs != vs, "SQ_PGM_START_FS points at the fetch shader");
   /* Constant buffer 0 of the PS: 16 bytes = one 256-byte unit, holding the uploaded values. */
   uint64_t kc = (uint64_t)reg(r, R_SQ_ALU_CONST_CACHE_PS_0) << 8;
   const uint8_t *kmem = recorder_memory(kc, sizeof(consts));
   CHECK(kmem && !memcmp(kmem, consts, sizeof(consts)), "PS constant buffer holds the constants");
   CHECK_EQ(reg(r, R_SQ_ALU_CONST_BUFFER_SIZE_PS_0), 1, "SQ_ALU_CONST_BUFFER_SIZE_PS_0");
   /* Vertex buffer 0 = resource slot 320 (7 dwords each); the upload covers vertices 0..7. */
   const uint32_t *vr = &r[(R_SQ_VTX_CONSTANT_WORD0_0 + 320 * 7 * 4) >> 2];
   uint64_t vb = vr[0] | ((uint64_t)bits(vr[2], 7, 0) << 32);
   CHECK_EQ(bits(vr[2], 18, 8), 32, "vertex buffer 0 STRIDE");
   CHECK_EQ(bits(vr[6], 31, 30), 3, "vertex buffer 0 TYPE (VALID_BUFFER)");
   const uint8_t *vmem = recorder_memory(vb, vr[1] + 1ull);
   CHECK(vmem && vr[1] + 1 >= 8 * 32 && !memcmp(vmem + 5 * 32, verts[5], 3 * 32),
         "vertex buffer 0 holds vertices 5..7 at index * stride");

   /* PS sampler 0 (SET_SAMPLER slot 0): WRAP, bilinear min/mag (1 in 11:9 and 14:12),
    * MAX_LOD 15 in unsigned 4.6 (960 in 19:10), TYPE bit 31. */
   const uint32_t *sw = &r[R_SQ_TEX_SAMPLER_WORD0_0 >> 2];
   CHECK_EQ(sw[0], (1u << 9) | (1u << 12), "SQ_TEX_SAMPLER_WORD0 (PS 0)");
   CHECK_EQ(sw[1], 960u << 10, "SQ_TEX_SAMPLER_WORD1 (PS 0)");
   CHECK_EQ(sw[2], 1u << 31, "SQ_TEX_SAMPLER_WORD2 (PS 0)");
   /* PS texture 0 = resource id 16: DIM 2D (1), TILE_MODE LINEAR_ALIGNED (1 in 6:3), PITCH
    * 16/8-1 (18:8), TEX_WIDTH 15 (31:19); HEIGHT 15, DATA_FORMAT 8_8_8_8 (26 in 31:26);
    * DST_SEL x,y,z,w (0,1,2,3 from bit 16, 3 bits each), REQUEST_SIZE 1 (15:14); VALID_TEXTURE. */
   const uint32_t *tw = &r[(R_SQ_VTX_CONSTANT_WORD0_0 + 16 * 7 * 4) >> 2];
   CHECK_EQ(tw[0], 1u | (1u << 3) | (1u << 8) | (15u << 19), "SQ_TEX_RESOURCE_WORD0 (PS 16)");
   CHECK_EQ(tw[1], 15u | (26u << 26), "SQ_TEX_RESOURCE_WORD1 (PS 16)");
   CHECK(recorder_memory((uint64_t)tw[2] << 8, 16 * 16 * 4), "SQ_TEX_RESOURCE_WORD2 base is the texture");
   CHECK_EQ(tw[4], (1u << 14) | (0u << 16) | (1u << 19) | (2u << 22) | (3u << 25), "SQ_TEX_RESOURCE_WORD4 (PS 16)");
   CHECK_EQ(tw[6], 2u << 30, "SQ_TEX_RESOURCE_WORD6 (PS 16)");
}

/* Bad input is refused without recording anything. */
static void test_bad_input(struct scene *s)
{
   struct pipe_screen *sc = s->screen;
   struct pipe_context *p = s->ctx;
   struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R32_FLOAT,
                              .width0 = 8, .height0 = 8, .depth0 = 1, .bind = PIPE_BIND_RENDER_TARGET };
   CHECK(!sc->resource_create(sc, &t), "unsupported render-target format refused");
   t.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   t.width0 = 0;
   CHECK(!sc->resource_create(sc, &t), "zero-sized texture refused");
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box = { .x = 50, .y = 0, .width = 20, .height = 1, .depth = 1 };
   CHECK(!p->transfer_map(p, s->color, 0, PIPE_MAP_READ, &box, &xfer) && !xfer,
         "transfer outside the resource refused");
   struct pipe_resource bt = { .target = PIPE_BUFFER, .width0 = 4, .height0 = 1, .depth0 = 1,
                               .bind = PIPE_BIND_INDEX_BUFFER };
   struct pipe_resource *ib = sc->resource_create(sc, &bt);
   struct pipe_draw_info over = { .mode = PIPE_PRIM_TRIANGLES, .index_size = 2, .start = 1, .count = 3,
                                  .instance_count = 1, .max_index = 0xFFFFFFFFu, .index_buffer = ib };
   p->draw_vbo(p, &over);      /* reads bytes 2..8 of a 4-byte buffer: no draw */
   struct pipe_draw_info bad_mode = { .mode = PIPE_PRIM_COUNT, .count = 3, .instance_count = 1 };
   p->draw_vbo(p, &bad_mode);
   pipe_resource_reference(&ib, NULL);
}

static void test_pipe(const char *chip)
{
   bool rv770 = !strcmp(chip, "rv770");
   struct scene s;
   if (!setup_scene(&s, chip)) {
      CHECK(0, "%s: scene setup (screen, resources, CSOs, shaders)", chip);
      teardown_scene(&s);
      return;
   }
   struct pipe_context *p = s.ctx;
   /* Draw 1: non-indexed triangles from vertex 5. */
   struct pipe_draw_info draw = { .mode = PIPE_PRIM_TRIANGLES, .start = 5, .count = 3,
                                  .instance_count = 1, .max_index = 0xFFFFFFFFu };
   p->draw_vbo(p, &draw);
   /* Draw 2: 8-bit client indices (widened to 16 bits), base vertex 5. */
   static const uint8_t idx8[3] = { 0, 2, 1 };
   struct pipe_draw_info indexed = { .mode = PIPE_PRIM_TRIANGLES, .index_size = 1, .count = 3,
                                     .index_bias = 5, .instance_count = 1,
                                     .max_index = 0xFFFFFFFFu, .user_indices = idx8 };
   p->draw_vbo(p, &indexed);
   /* Draw 3: a depth + stencil + colour clear. Draw 4: draw 1 again (state restored). */
   union pipe_color_union color = { .f = { 0.25f, 0.5f, 0.75f, 1.0f } };
   p->clear(p, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL, &color, 0.25, 0x5A);
   p->draw_vbo(p, &draw);
   test_bad_input(&s);   /* the draw count below stays 4 */
   struct pipe_fence_handle *fence = NULL;
   p->flush(p, &fence, 0);
   CHECK(fence && s.screen->fence_finish(s.screen, fence, 0), "%s: flush fence signalled", chip);
   s.screen->fence_reference(s.screen, &fence, NULL);

   struct decoded *d = calloc(1, sizeof(*d));
   decode_all(d);
   CHECK(d->well_formed, "%s: every packet is a well-formed type-3 packet inside its window", chip);
   CHECK_EQ(d->first_op, rv770 ? OP_CONTEXT_CONTROL : OP_START_3D_CMDBUF, "first packet opcode");
   CHECK(d->context_control[0] == 0x80000000u && d->context_control[1] == 0x80000000u,
         "%s: CONTEXT_CONTROL 0x80000000, 0x80000000", chip);
   CHECK_EQ(d->num_draws, 4, "draw packets");
   if (d->num_draws == 4) {
      const uint32_t *r = d->draws[0].regs;
      check_scene_state(r, rv770);
      CHECK_EQ(d->written[R_PA_SC_EDGERULE >> 2], rv770, "PA_SC_EDGERULE written (R7xx only)");
      if (rv770)
         CHECK_EQ(reg(r, R_PA_SC_EDGERULE), 0xAAAAAAAA, "PA_SC_EDGERULE (top-left)");
      CHECK_EQ(bits(reg(r, R_SQ_CONFIG), 2, 2), 0, "SQ_CONFIG.DX9_CONSTS");
      CHECK_EQ(bits(reg(r, R_SQ_CONFIG), 3, 3), 1, "SQ_CONFIG.ALU_INST_PREFER_VECTOR");
      CHECK_EQ(reg(r, R_VGT_PRIMITIVE_TYPE), 4, "VGT_PRIMITIVE_TYPE (TRILIST)");
      CHECK_EQ(reg(r, R_VGT_INDX_OFFSET), 5, "VGT_INDX_OFFSET = start of a non-indexed draw");
      CHECK_EQ(d->draws[0].op, OP_DRAW_INDEX_AUTO, "draw 1 packet");
      CHECK_EQ(d->draws[0].body[0], 3, "DRAW_INDEX_AUTO count");
      CHECK_EQ(bits(d->draws[0].body[1], 1, 0), 2, "DRAW_INDEX_AUTO initiator SOURCE_SELECT (AUTO_INDEX)");
      CHECK_EQ(d->draws[0].num_instances, 1, "NUM_INSTANCES");

      /* Indexed draw: 16-bit type, DMA source, indices 0,2,1 in GPU memory, base vertex 5. */
      const struct draw_record *ix = &d->draws[1];
      CHECK_EQ(ix->op, OP_DRAW_INDEX, "draw 2 packet");
      CHECK_EQ(bits(ix->index_type, 1, 0), 0, "INDEX_TYPE (16-bit)");
      CHECK_EQ(ix->body[2], 3, "DRAW_INDEX count");
      CHECK_EQ(bits(ix->body[3], 1, 0), 0, "DRAW_INDEX initiator SOURCE_SELECT (DMA)");
      uint64_t iva = ix->body[0] | ((uint64_t)bits(ix->body[1], 7, 0) << 32);
      const uint8_t *imem = recorder_memory(iva, 6);
      uint16_t want_idx[3] = { 0, 2, 1 };
      CHECK(imem && !memcmp(imem, want_idx, 6), "DRAW_INDEX address holds the widened indices");
      CHECK_EQ(reg(ix->regs, R_VGT_INDX_OFFSET), 5, "VGT_INDX_OFFSET = index_bias");
      CHECK_EQ(reg(ix->regs, R_VGT_MAX_VTX_INDX), 7, "VGT_MAX_VTX_INDX = max index + bias");

      /* Clear: a 4-vertex strip; depth ALWAYS + write, stencil ALWAYS/REPLACE x3 (0x49777);
       * ref 0x5A with full masks; window z = clear depth; colour from constant buffer 0. */
      const struct draw_record *cl = &d->draws[2];
      CHECK_EQ(reg(cl->regs, R_VGT_PRIMITIVE_TYPE), 6, "clear VGT_PRIMITIVE_TYPE (TRISTRIP)");
      CHECK_EQ(cl->op == OP_DRAW_INDEX_AUTO ? cl->body[0] : 0, 4, "clear vertex count");
      CHECK_EQ(reg(cl->regs, R_DB_DEPTH_CONTROL), 0x49777, "clear DB_DEPTH_CONTROL");
      CHECK_EQ(reg(cl->regs, R_DB_STENCILREFMASK), 0x00FFFF5A, "clear DB_STENCILREFMASK");
      CHECK_EQ(reg(cl->regs, R_PA_CL_VPORT_ZSCALE_0), fbits(0.0f), "clear PA_CL_VPORT_ZSCALE_0");
      CHECK_EQ(reg(cl->regs, R_PA_CL_VPORT_ZOFFSET_0), fbits(0.25f), "clear PA_CL_VPORT_ZOFFSET_0");
      CHECK_EQ(reg(cl->regs, R_CB_TARGET_MASK), 0xF, "clear CB_TARGET_MASK");
      CHECK_EQ(bits(reg(cl->regs, R_CB_COLOR_CONTROL), 15, 8), 0, "clear without blending");
      CHECK_EQ(reg(cl->regs, R_PA_SU_SC_MODE_CNTL) & 3, 0, "clear without culling");
      /* The whole-surface clear is a fill (pipe_r600sim/r600_clear.c): the quad covers
       * pixel (0, 0), CP_DMA copies it over each 60x48 layer of 64 (pitch) x 48 rows x 4
       * bytes = 12288 bytes. */
      CHECK_EQ(reg(cl->regs, R_PA_SC_VPORT_SCISSOR_0_BR), (1u << 16) | 1u, "clear draws pixel (0, 0)");
      uint64_t cb_base = (uint64_t)reg(cl->regs, R_CB_COLOR0_BASE) << 8;
      uint64_t db_base = (uint64_t)reg(cl->regs, R_DB_DEPTH_BASE) << 8;
      CHECK(dma_fills(d, cb_base, 4, 12288), "%s: CP_DMA fills the colour buffer from its first pixel", chip);
      CHECK(dma_fills(d, db_base, 4, 12288), "%s: CP_DMA fills the depth buffer from its first pixel", chip);
      uint64_t ckc = (uint64_t)reg(cl->regs, R_SQ_ALU_CONST_CACHE_PS_0) << 8;
      const uint8_t *cmem = recorder_memory(ckc, 16);
      CHECK(cmem && !memcmp(cmem, color.f, 16), "clear colour in PS constant buffer 0");
      CHECK(ufloat(reg(cl->regs, R_PA_CL_VPORT_XSCALE_0)) == 0.5f, "clear viewport covers 1 pixel");

      /* After the clear the application's state is back. */
      check_scene_state(d->draws[3].regs, rv770);
      CHECK_EQ(reg(d->draws[3].regs, R_VGT_PRIMITIVE_TYPE), 4, "primitive type restored");
   }
   free_decoded(d);
   free(d);
   teardown_scene(&s);
}

int main(void)
{
   test_cs_builder();
   test_pipe("rv770");
   test_pipe("r600");
   return check_report();
}
