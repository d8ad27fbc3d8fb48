/* Every texture format of the driver's sampler table, end to end on the simulated GPU: an
 * 8x8 texture of each format gets distinct texels through texture_subdata, a quad samples
 * it (nearest, one texel per pixel) into an 8x8 RGBA8 target, and the read-back pixels must
 * be the texels' values as the format defines them, computed here from the bytes written,
 * then rounded as the pixel path does: to fp16 (the driver exports RGBA8 targets' colour as
 * 16-bit floats) and to 8 bits (CB: to nearest). Formats: RGBA8 sRGB, 10_10_10_2, 32-bit
 * and 16-bit floats with 1-4 components, Z16 / Z24X8 / Z24S8 depth (written tiled by the
 * transfer, sampled in place) and the DXT1 RGB / RGBA, DXT3, DXT5 blocks; and blits between
 * resources of formats the CB cannot render (copies through transfers). Both chips. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "r600_public.h"
#include "r600sim/shader_ir.h"
#include "check.h"

#define N 8

struct rig {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   struct pipe_resource *color;
   struct pipe_surface *cbuf;
   void *rs, *blend, *dsa, *vs, *fs, *velems, *sampler;
};

static struct ir_src src(unsigned file, unsigned index)
{
   return (struct ir_src){ .file = (uint8_t)file, .index = (uint16_t)index, .swizzle = { 0, 1, 2, 3 } };
}

static void *shader(struct pipe_context *p, bool fragment)
{
   struct ir_shader *ir = ir_shader_create(fragment ? IR_STAGE_FRAGMENT : IR_STAGE_VERTEX);
   if (fragment) {
      ir->num_inputs = 1;
      ir->inputs[0] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .interp = IR_INTERP_PERSPECTIVE,
                                      .usage_mask = 0xF };
      ir->num_outputs = 1;
      ir->outputs[0] = (struct ir_io){ .semantic = IR_SEM_COLOR, .usage_mask = 0xF };
      ir->num_samplers = 1;
      struct ir_instruction *t = ir_emit(ir, IR_TEX);
      t->tex_target = IR_TEX_2D;
      t->dst = (struct ir_dst){ .file = IR_FILE_OUTPUT, .writemask = 0xF };
      t->src[0] = src(IR_FILE_INPUT, 0);
      t->src[1] = src(IR_FILE_SAMPLER, 0);
   } else {
      ir->num_inputs = 2;
      ir->num_outputs = 2;
      ir->outputs[0] = (struct ir_io){ .semantic = IR_SEM_POSITION, .usage_mask = 0xF };
      ir->outputs[1] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .usage_mask = 0xF };
      for (unsigned i = 0; i < 2; i++) {
         ir->inputs[i] = (struct ir_io){ .semantic = IR_SEM_ATTRIB, .index = (uint16_t)i, .usage_mask = 0xF };
         struct ir_instruction *mov = ir_emit(ir, IR_MOV);
         mov->dst = (struct ir_dst){ .file = IR_FILE_OUTPUT, .writemask = 0xF, .index = (uint16_t)i };
         mov->src[0] = src(IR_FILE_INPUT, i);
      }
   }
   struct pipe_shader_state t = { .ir = ir };
   char *log = NULL;
   void *cso = fragment ? p->create_fs_state(p, &t, &log) : p->create_vs_state(p, &t, &log);
   if (!cso)
      fprintf(stderr, "shader: %s\n", log ? log : "?");
   free(log);
   ir_shader_destroy(ir);
   return cso;
}

/* A quad over the whole 8x8 target (y down: clip y -1 is row 0) with texture coordinates
 * 0..1, so pixel (x, y) samples texel (x, y). */
static const float quad[4][8] = {
   { -1, -1, 0, 1, 0, 0, 0, 1 }, { 1, -1, 0, 1, 1, 0, 0, 1 },
   { -1, 1, 0, 1, 0, 1, 0, 1 }, { 1, 1, 0, 1, 1, 1, 0, 1 },
};

static bool rig_init(struct rig *r, const char *chip)
{
   memset(r, 0, sizeof(*r));
   r->screen = r600sim_screen_create(chip);
   if (!r->screen)
      return false;
   struct pipe_context *p = r->ctx = r->screen->context_create(r->screen, NULL);
   struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .width0 = N, .height0 = N, .depth0 = 1, .bind = PIPE_BIND_RENDER_TARGET };
   r->color = r->screen->resource_create(r->screen, &t);
   if (!r->color)
      return false;
   struct pipe_surface st = { .format = PIPE_FORMAT_R8G8B8A8_UNORM };
   r->cbuf = p->create_surface(p, r->color, &st);
   struct pipe_framebuffer_state fb = { .width = N, .height = N, .nr_cbufs = 1, .cbufs = { r->cbuf } };
   p->set_framebuffer_state(p, &fb);
   struct pipe_rasterizer_state rs = { .front_ccw = true, .half_pixel_center = true,
                                       .line_width = 1.0f, .point_size = 1.0f, .depth_clip = true };
   r->rs = p->create_rasterizer_state(p, &rs);
   p->bind_rasterizer_state(p, r->rs);
   struct pipe_blend_state blend = { 0 };
   blend.rt[0].colormask = PIPE_MASK_RGBA;
   r->blend = p->create_blend_state(p, &blend);
   p->bind_blend_state(p, r->blend);
   struct pipe_depth_stencil_alpha_state dsa = { 0 };
   r->dsa = p->create_depth_stencil_alpha_state(p, &dsa);
   p->bind_depth_stencil_alpha_state(p, r->dsa);
   struct pipe_viewport_state vp = { .scale = { N / 2.0f, N / 2.0f, 0.5f }, .translate = { N / 2.0f, N / 2.0f, 0.5f } };
   p->set_viewport_states(p, 0, 1, &vp);
   struct pipe_scissor_state sc = { 0, 0, N, N };
   p->set_scissor_states(p, 0, 1, &sc);
   r->vs = shader(p, false);
   r->fs = shader(p, true);
   struct pipe_vertex_element ve[2] = {
      { .src_offset = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT },
      { .src_offset = 16, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT },
   };
   r->velems = p->create_vertex_elements_state(p, 2, ve);
   struct pipe_sampler_state ss = { .min_img_filter = PIPE_TEX_FILTER_NEAREST,
                                    .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
                                    .min_mip_filter = PIPE_TEX_MIPFILTER_NONE, .max_lod = 15.0f };
   r->sampler = p->create_sampler_state(p, &ss);
   if (!r->vs || !r->fs || !r->velems || !r->sampler)
      return false;
   p->bind_vs_state(p, r->vs);
   p->bind_fs_state(p, r->fs);
   p->bind_vertex_elements_state(p, r->velems);
   p->bind_sampler_states(p, PIPE_SHADER_FRAGMENT, 0, 1, &r->sampler);
   struct pipe_vertex_buffer vb = { .stride = 32, .user_buffer = quad };
   p->set_vertex_buffers(p, 0, 1, &vb);
   return true;
}

static void rig_fini(struct rig *r)
{
   struct pipe_context *p = r->ctx;
   if (p) {
      if (r->velems) p->delete_vertex_elements_state(p, r->velems);
      if (r->vs) p->delete_vs_state(p, r->vs);
      if (r->fs) p->delete_fs_state(p, r->fs);
      if (r->sampler) p->delete_sampler_state(p, r->sampler);
      if (r->rs) p->delete_rasterizer_state(p, r->rs);
      if (r->blend) p->delete_blend_state(p, r->blend);
      if (r->dsa) p->delete_depth_stencil_alpha_state(p, r->dsa);
      if (r->cbuf) p->surface_destroy(p, r->cbuf);
      p->destroy(p);
   }
   pipe_resource_reference(&r->color, NULL);
   if (r->screen)
      r->screen->destroy(r->screen);
}

/* Uploads `data` (rows of `stride` bytes) into an 8x8 texture of `format`, draws, and
 * compares each pixel with want[y][x][c] (0..1 values before the CB's rounding). */
/* v rounded to fp16 (11 significant bits, to nearest even), then to 8 bits. */
static unsigned to_pixel(double v)
{
   int e;
   double m = frexp((double)(float)v, &e);
   double h = e > -14 ? ldexp(nearbyint(ldexp(m, 11)), e - 11) : 0.0;
   return (unsigned)floor(h * 255.0 + 0.5);
}

static void draw_and_check(struct rig *r, const char *chip, const char *name, enum pipe_format format,
                           unsigned bind, const void *data, unsigned stride, double want[N][N][4])
{
   struct pipe_context *p = r->ctx;
   struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = format, .width0 = N, .height0 = N,
                              .depth0 = 1, .bind = PIPE_BIND_SAMPLER_VIEW | bind };
   struct pipe_resource *tex = r->screen->resource_create(r->screen, &t);
   struct pipe_sampler_view vt = { .format = format, .swizzle_r = 0, .swizzle_g = 1, .swizzle_b = 2,
                                   .swizzle_a = 3 };
   struct pipe_sampler_view *view = tex ? p->create_sampler_view(p, tex, &vt) : NULL;
   CHECK(view != NULL, "%s: %s texture and view created", chip, name);
   if (!view) {
      pipe_resource_reference(&tex, NULL);
      return;
   }
   struct pipe_box box = { 0, 0, 0, N, N, 1 };
   p->texture_subdata(p, tex, 0, PIPE_MAP_WRITE, &box, data, stride, stride * N);
   p->set_sampler_views(p, PIPE_SHADER_FRAGMENT, 0, 1, &view);
   struct pipe_draw_info draw = { .mode = PIPE_PRIM_TRIANGLE_STRIP, .count = 4, .instance_count = 1,
                                  .max_index = 0xFFFFFFFFu };
   p->draw_vbo(p, &draw);
   struct pipe_transfer *xfer;
   const uint8_t *px = p->transfer_map(p, r->color, 0, PIPE_MAP_READ, &box, &xfer);
   unsigned bad = 0;
   for (unsigned y = 0; px && y < N; y++)
      for (unsigned x = 0; x < N; x++)
         for (unsigned c = 0; c < 4; c++) {
            unsigned got = px[y * xfer->stride + 4 * x + c];
            unsigned exp = to_pixel(want[y][x][c]);
            if (got != exp && bad++ < 4)
               fprintf(stderr, "%s %s (%u, %u).%c: %u, want %u (%.4f)\n", chip, name, x, y, "rgba"[c],
                       got, exp, want[y][x][c] * 255.0);
         }
   CHECK(px && bad == 0, "%s: %s texels read back exactly (%u differ)", chip, name, bad);
   if (px)
      p->transfer_unmap(p, xfer);
   p->set_sampler_views(p, PIPE_SHADER_FRAGMENT, 0, 0, NULL);
   p->sampler_view_destroy(p, view);
   pipe_resource_reference(&tex, NULL);
}

static double srgb_decode(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static void set4(double w[4], double r, double g, double b, double a)
{
   w[0] = r, w[1] = g, w[2] = b, w[3] = a;
}

static void test_unorm(struct rig *r, const char *chip)
{
   static double want[N][N][4];
   static uint8_t rgba[N * N * 4];
   for (unsigned k = 0; k < N * N * 4; k++)
      rgba[k] = (uint8_t)(k * 29 + 7);
   for (unsigned y = 0; y < N; y++)
      for (unsigned x = 0; x < N; x++) {
         const uint8_t *t = rgba + 4 * (y * N + x);
         set4(want[y][x], srgb_decode(t[0] / 255.0), srgb_decode(t[1] / 255.0), srgb_decode(t[2] / 255.0),
              t[3] / 255.0);
      }
   draw_and_check(r, chip, "RGBA8 sRGB", PIPE_FORMAT_R8G8B8A8_SRGB, 0, rgba, 4 * N, want);

   static uint32_t packed[N * N];
   for (unsigned k = 0; k < N * N; k++)
      packed[k] = (k * 16u + 3u) | (1000u - k * 15u) << 10 | (k * 13u + 100u) << 20 | (k % 4u) << 30;
   for (unsigned y = 0; y < N; y++)
      for (unsigned x = 0; x < N; x++) {
         uint32_t v = packed[y * N + x];
         set4(want[y][x], (v & 1023) / 1023.0, (v >> 10 & 1023) / 1023.0, (v >> 20 & 1023) / 1023.0,
              (v >> 30) / 3.0);
      }
   draw_and_check(r, chip, "10_10_10_2", PIPE_FORMAT_R10G10B10A2_UNORM, 0, packed, 4 * N, want);
}

/* An fp16 of k / 256 (0 <= k < 2048: exact), by its fields. */
static uint16_t half_of(unsigned k)
{
   if (!k)
      return 0;
   unsigned e = 0;
   while ((k >> e) >= 2)
      e++;
   /* value = k / 256 = 2^(e - 8) * (k / 2^e) */
   unsigned mant = (k << 10 >> e) & 0x3FF;
   return (uint16_t)((e - 8 + 15) << 10 | mant);
}

static void test_float(struct rig *r, const char *chip)
{
   static const enum pipe_format f32[4] = { PIPE_FORMAT_R32_FLOAT, PIPE_FORMAT_R32G32_FLOAT,
                                            PIPE_FORMAT_R32G32B32_FLOAT, PIPE_FORMAT_R32G32B32A32_FLOAT };
   static const enum pipe_format f16[4] = { PIPE_FORMAT_R16_FLOAT, PIPE_FORMAT_R16G16_FLOAT,
                                            PIPE_FORMAT_R16G16B16_FLOAT, PIPE_FORMAT_R16G16B16A16_FLOAT };
   static const char *const names[2][4] = { { "R32F", "RG32F", "RGB32F", "RGBA32F" },
                                            { "R16F", "RG16F", "RGB16F", "RGBA16F" } };
   static double want[N][N][4];
   static float fdata[N * N * 4];
   static uint16_t hdata[N * N * 4];
   for (unsigned n = 1; n <= 4; n++) {
      for (unsigned y = 0; y < N; y++)
         for (unsigned x = 0; x < N; x++)
            for (unsigned c = 0; c < 4; c++) {
               /* k / 256 with k odd-spaced so that no value is a rounding tie (k != 128) */
               unsigned k = ((y * N + x) * 7 + c * 61 + n * 3) % 255;
               k += k >= 128;
               if (c < n) {
                  fdata[(y * N + x) * n + c] = (float)k / 256.0f;
                  hdata[(y * N + x) * n + c] = half_of(k);
               }
               want[y][x][c] = c < n ? k / 256.0 : c == 3 ? 1.0 : 0.0;
            }
      draw_and_check(r, chip, names[0][n - 1], f32[n - 1], 0, fdata, 4 * n * N, want);
      draw_and_check(r, chip, names[1][n - 1], f16[n - 1], 0, hdata, 2 * n * N, want);
   }
}

static void test_depth(struct rig *r, const char *chip)
{
   static double want[N][N][4];
   static uint16_t z16[N * N];
   static uint32_t z24[N * N];
   for (unsigned y = 0; y < N; y++)
      for (unsigned x = 0; x < N; x++) {
         unsigned k = y * N + x;
         z16[k] = (uint16_t)(k * 1013u + 5u);
         z24[k] = (k * 259123u + 11u) & 0xFFFFFFu;
         z24[k] |= (k * 3u) << 24;   /* stencil: not visible */
         set4(want[y][x], z16[k] / 65535.0, 0, 0, 1);
      }
   draw_and_check(r, chip, "Z16", PIPE_FORMAT_Z16_UNORM, PIPE_BIND_DEPTH_STENCIL, z16, 2 * N, want);
   for (unsigned k = 0; k < N * N; k++)
      set4(want[k / N][k % N], (z24[k] & 0xFFFFFF) / 16777215.0, 0, 0, 1);
   draw_and_check(r, chip, "Z24S8", PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_BIND_DEPTH_STENCIL, z24, 4 * N, want);
   draw_and_check(r, chip, "Z24X8", PIPE_FORMAT_Z24X8_UNORM, PIPE_BIND_DEPTH_STENCIL, z24, 4 * N, want);
}

/* A colour block of endpoints c0, c1 (0xF81F = magenta, 0x07E0 = green): texel t has code
 * t % 4. */
static void colour_block(uint8_t *b, uint16_t c0, uint16_t c1)
{
   b[0] = (uint8_t)c0, b[1] = (uint8_t)(c0 >> 8), b[2] = (uint8_t)c1, b[3] = (uint8_t)(c1 >> 8);
   b[4] = b[5] = b[6] = b[7] = 0xE4;   /* codes 0, 1, 2, 3 per row */
}

static const double MAGENTA[3] = { 255, 0, 255 }, GREEN[3] = { 0, 255, 0 };

/* The colour of code `code` between endpoints e0, e1 (8-bit values) per S3TC. */
static void colour_ref(const double e0[3], const double e1[3], unsigned code, bool four,
                       bool transparent_black, double w[4])
{
   for (unsigned c = 0; c < 3; c++) {
      double e = e0[c], f = e1[c];
      w[c] = code == 0 ? e : code == 1 ? f : four ? (code == 2 ? (2 * e + f) / 3 : (e + 2 * f) / 3)
                                                 : (code == 2 ? (e + f) / 2 : 0);
      w[c] /= 255.0;
   }
   w[3] = !four && code == 3 && transparent_black ? 0.0 : 1.0;
}

/* 8x8 DXT textures: 2x2 blocks, texel t of a block has colour code t % 4. DXT1 block b
 * (row-major) is four-colour (magenta, green) for b even, three-colour (green, magenta)
 * for b odd; DXT3's colour blocks (green, magenta) decode in four-colour mode anyway, with
 * alpha (t + b) % 16; DXT5's alpha codes are (t + b) % 8 with eight alphas (230, 40) for b
 * even, six (40, 230) for b odd. */
static void test_dxt(struct rig *r, const char *chip)
{
   static double want[N][N][4];
   uint8_t dxt1[4 * 8], dxt3[4 * 16], dxt5[4 * 16];
   for (unsigned b = 0; b < 4; b++) {
      bool four = b % 2 == 0;
      colour_block(dxt1 + 8 * b, four ? 0xF81F : 0x07E0, four ? 0x07E0 : 0xF81F);
      for (unsigned k = 0; k < 8; k++)
         dxt3[16 * b + k] = (uint8_t)((2 * k + b) % 16 | ((2 * k + 1 + b) % 16) << 4);
      colour_block(dxt3 + 16 * b + 8, 0x07E0, 0xF81F);
      dxt5[16 * b] = (uint8_t)(b % 2 ? 40 : 230);
      dxt5[16 * b + 1] = (uint8_t)(b % 2 ? 230 : 40);
      uint64_t codes = 0;
      for (unsigned t = 0; t < 16; t++)
         codes |= (uint64_t)((t + b) % 8) << (3 * t);
      for (unsigned k = 0; k < 6; k++)
         dxt5[16 * b + 2 + k] = (uint8_t)(codes >> (8 * k));
      colour_block(dxt5 + 16 * b + 8, 0xF81F, 0x07E0);
   }
   static const char *const names[4] = { "DXT1 RGB", "DXT1 RGBA", "DXT3", "DXT5" };
   static const enum pipe_format formats[4] = { PIPE_FORMAT_DXT1_RGB, PIPE_FORMAT_DXT1_RGBA,
                                                PIPE_FORMAT_DXT3_RGBA, PIPE_FORMAT_DXT5_RGBA };
   const uint8_t *data[4] = { dxt1, dxt1, dxt3, dxt5 };
   static const unsigned block_bytes[4] = { 8, 8, 16, 16 };
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned y = 0; y < N; y++)
         for (unsigned x = 0; x < N; x++) {
            unsigned b = (y / 4) * 2 + x / 4, t = (y % 4) * 4 + x % 4;
            double *w = want[y][x];
            if (f < 2) {
               bool four = b % 2 == 0;
               colour_ref(four ? MAGENTA : GREEN, four ? GREEN : MAGENTA, t % 4, four, f == 1, w);
            } else if (f == 2) {
               colour_ref(GREEN, MAGENTA, t % 4, true, false, w);
               w[3] = ((t + b) % 16) / 15.0;
            } else {
               colour_ref(MAGENTA, GREEN, t % 4, true, false, w);
               unsigned code = (t + b) % 8, a0 = b % 2 ? 40 : 230, a1 = b % 2 ? 230 : 40;
               double a = code == 0 ? a0 : code == 1 ? a1
                          : a0 > a1 ? ((8.0 - code) * a0 + (code - 1.0) * a1) / 7
                          : code == 6 ? 0 : code == 7 ? 255 : ((6.0 - code) * a0 + (code - 1.0) * a1) / 5;
               w[3] = a / 255.0;
            }
         }
      draw_and_check(r, chip, names[f], formats[f], 0, data[f], 2 * block_bytes[f], want);
   }
}

/* pipe->blit between two resources of a format the CB does not render (RGBA32F, Z24S8,
 * DXT5): an unchanged copy through transfers. Level 0 of src (N x N) goes to level 1 of a
 * 2N x 2N dst; the bytes read back must be the bytes written. */
static void test_copy_blit(struct rig *r, const char *chip)
{
   static const enum pipe_format formats[3] = { PIPE_FORMAT_R32G32B32A32_FLOAT,
                                                PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_DXT5_RGBA };
   static const char *const names[3] = { "RGBA32F", "Z24S8", "DXT5" };
   static const unsigned bind[3] = { 0, PIPE_BIND_DEPTH_STENCIL, 0 };
   static uint8_t data[N * N * 16], back[N * N * 16];
   struct pipe_context *p = r->ctx;
   for (unsigned f = 0; f < 3; f++) {
      unsigned bw = pipe_format_block_width(formats[f]);
      unsigned stride = N / bw * pipe_format_size(formats[f]), rows = N / bw;
      for (unsigned k = 0; k < sizeof(data); k++)
         data[k] = (uint8_t)(k * 7 + f * 31 + 1);
      struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = formats[f], .width0 = N,
                                 .height0 = N, .depth0 = 1, .bind = PIPE_BIND_SAMPLER_VIEW | bind[f] };
      struct pipe_resource *src = r->screen->resource_create(r->screen, &t);
      t.width0 = t.height0 = 2 * N;
      t.last_level = 1;
      struct pipe_resource *dst = r->screen->resource_create(r->screen, &t);
      CHECK(src && dst, "%s: %s resources for the copy", chip, names[f]);
      if (src && dst) {
         struct pipe_box box = { 0, 0, 0, N, N, 1 };
         p->texture_subdata(p, src, 0, PIPE_MAP_WRITE, &box, data, stride, stride * rows);
         struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_NEAREST, .swizzle = { 0, 1, 2, 3 } };
         info.src.resource = src;
         info.src.box = box;
         info.dst.resource = dst;
         info.dst.level = 1;
         info.dst.box = box;
         p->blit(p, &info);
         struct pipe_transfer *xfer;
         const uint8_t *map = p->transfer_map(p, dst, 1, PIPE_MAP_READ, &box, &xfer);
         for (unsigned y = 0; map && y < rows; y++)
            memcpy(back + y * stride, map + (uint64_t)y * xfer->stride, stride);
         if (map)
            p->transfer_unmap(p, xfer);
         CHECK(map && !memcmp(back, data, (size_t)stride * rows), "%s: %s blit copies the texels",
               chip, names[f]);
      }
      pipe_resource_reference(&src, NULL);
      pipe_resource_reference(&dst, NULL);
   }
}

int main(void)
{
   static const char *const chips[2] = { "rv770", "r600" };
   for (unsigned i = 0; i < 2; i++) {
      struct rig r;
      if (rig_init(&r, chips[i])) {
         test_unorm(&r, chips[i]);
         test_float(&r, chips[i]);
         test_depth(&r, chips[i]);
         test_dxt(&r, chips[i]);
         test_copy_blit(&r, chips[i]);
      } else {
         CHECK(0, "%s: rig set up", chips[i]);
      }
      rig_fini(&r);
   }
   return check_report();
}
