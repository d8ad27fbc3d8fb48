/* glCompressedTexImage2D / glCompressedTexSubImage2D for the S3TC formats
 * (EXT_texture_compression_s3tc, EXT_texture_compression_dxt1: stored as the R600's BC1..BC3
 * blocks, hw/hw_surface.h), ETC1 (OES_compressed_ETC1_RGB8_texture: the R600 has no ETC
 * format, so an ETC1 image is decoded to RGBA8 when it is uploaded, gl_etc1.c, and sampled
 * as RGB with alpha 1) and ASTC (KHR_texture_compression_astc_ldr, the 14 2D block sizes:
 * decoded on upload too, gl_astc.h, to RGBA8, or sRGB RGBA8 for the SRGB8_ALPHA8 formats).
 *
 * Errors (ES 2.0 3.7.3 and the extensions): a bad target or an internalformat / format that
 * is not one of these is INVALID_ENUM; level, size, border and offsets as glTexImage2D /
 * glTexSubImage2D (INVALID_VALUE); imageSize other than the blocks the image covers
 * (ceil(w / bw) * ceil(h / bh) * block bytes, blocks of bw x bh texels) is INVALID_VALUE. A
 * sub-image of an undefined level, or in another format than the level's, is
 * INVALID_OPERATION, and so is one whose offsets are not multiples of the block size or
 * whose width / height is not a multiple of it without reaching the level's edge (S3TC,
 * ASTC), and every ETC1 sub-image (the ETC1 extension allows none). glTexImage2D / glTexSubImage2D with an S3TC internal format come here too: their
 * RGB / RGBA pixels are compressed block by block (gl_s3tc_encode.c), under the same
 * sub-image alignment rule. */
#include "gl_texture_compressed.h"

#include <stdlib.h>
#include <string.h>

#include "gl_astc.h"
#include "gl_etc1.h"
#include "gl_s3tc_encode.h"
#include "gl_texture.h"

enum decode { STORED, ETC1, ASTC };   /* what the upload does with the blocks */

struct compressed_format {
   GLenum internalformat;
   enum pipe_format storage;   /* R8G8B8A8 (_SRGB): decoded on upload */
   unsigned block_bytes;
   bool alpha;                 /* samples alpha from the data (else 1) */
   enum decode decode;
   uint8_t bw, bh;             /* texels per block */
};

#define ASTC_FORMAT(w, h) \
   { GL_COMPRESSED_RGBA_ASTC_##w##x##h##_KHR, PIPE_FORMAT_R8G8B8A8_UNORM, GL_ASTC_BLOCK_BYTES, \
     true, ASTC, w, h }, \
   { GL_COMPRESSED_SRGB8_ALPHA8_ASTC_##w##x##h##_KHR, PIPE_FORMAT_R8G8B8A8_SRGB, \
     GL_ASTC_BLOCK_BYTES, true, ASTC, w, h }

static const struct compressed_format formats[] = {
   { GL_COMPRESSED_RGB_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_RGB, 8, false, STORED, 4, 4 },
   { GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_RGBA, 8, true, STORED, 4, 4 },
   { GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, PIPE_FORMAT_DXT3_RGBA, 16, true, STORED, 4, 4 },
   { GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, PIPE_FORMAT_DXT5_RGBA, 16, true, STORED, 4, 4 },
   { GL_ETC1_RGB8_OES, PIPE_FORMAT_R8G8B8A8_UNORM, GL_ETC1_BLOCK_BYTES, false, ETC1, 4, 4 },
   ASTC_FORMAT(4, 4), ASTC_FORMAT(5, 4), ASTC_FORMAT(5, 5), ASTC_FORMAT(6, 5),
   ASTC_FORMAT(6, 6), ASTC_FORMAT(8, 5), ASTC_FORMAT(8, 6), ASTC_FORMAT(8, 8),
   ASTC_FORMAT(10, 5), ASTC_FORMAT(10, 6), ASTC_FORMAT(10, 8), ASTC_FORMAT(10, 10),
   ASTC_FORMAT(12, 10), ASTC_FORMAT(12, 12),
};

#define FORMAT_COUNT (sizeof(formats) / sizeof(formats[0]))

#define BLOCK 4   /* texels per block edge of S3TC, the format glTexImage2D compresses */

void gl_compressed_formats(int64_t out[GL_COMPRESSED_FORMAT_COUNT])
{
   for (unsigned i = 0, n = 0; i < FORMAT_COUNT; i++)
      if (formats[i].decode != ASTC)
         out[n++] = formats[i].internalformat;
}

static const struct compressed_format *find(GLenum internalformat)
{
   for (unsigned i = 0; i < FORMAT_COUNT; i++)
      if (formats[i].internalformat == internalformat)
         return &formats[i];
   return NULL;
}

static bool is_etc1(const struct compressed_format *f)
{
   return f->decode == ETC1;
}

/* Bytes of the blocks covering w x h texels. */
static uint64_t image_bytes(const struct compressed_format *f, GLsizei w, GLsizei h)
{
   return (uint64_t)((w + f->bw - 1) / f->bw) * (uint64_t)((h + f->bh - 1) / f->bh) *
          f->block_bytes;
}

/* Target -> texture index and face; false for a target that is no 2D or cube face one. */
static bool target_index(GLenum target, unsigned *index, unsigned *face)
{
   *face = 0;
   if (target == GL_TEXTURE_2D) {
      *index = GL_TEXTURE_INDEX_2D;
      return true;
   }
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *index = GL_TEXTURE_INDEX_CUBE;
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      return true;
   }
   return false;
}

/* The largest size of `level` (MAX_TEXTURE_SIZE >> level), or -1 for an invalid level. */
static GLint level_max_size(unsigned index, GLint level)
{
   GLint max_size;
   glGetIntegerv(index == GL_TEXTURE_INDEX_2D ? GL_MAX_TEXTURE_SIZE : GL_MAX_CUBE_MAP_TEXTURE_SIZE,
                 &max_size);
   if (level < 0 || level >= GL_TEXTURE_LEVELS || (max_size >> level) == 0)
      return -1;
   return max_size >> level;
}

/* Stores w x h texels of `data` (blocks of f) at (x, y) of img: the blocks themselves, or
 * (ETC1, ASTC) their decoded RGBA8 texels. False when the resource cannot be mapped. */
static bool write_blocks(struct st_context *ctx, const struct gl_texture_image *img,
                         const struct compressed_format *f, GLint x, GLint y, GLsizei w,
                         GLsizei h, const uint8_t *data)
{
   struct pipe_context *pipe = ctx->pipe;
   struct pipe_box box = { .x = x, .y = y, .z = (int)img->res_layer, .width = w, .height = h,
                           .depth = 1 };
   struct pipe_transfer *xfer;
   uint8_t *map = pipe->transfer_map(pipe, img->res, img->res_level, PIPE_MAP_WRITE, &box, &xfer);
   if (!map)
      return false;
   if (f->decode == ETC1) {
      gl_etc1_decode(data, (unsigned)w, (unsigned)h, map, xfer->stride);
   } else if (f->decode == ASTC) {
      gl_astc_decode(data, f->bw, f->bh, f->storage == PIPE_FORMAT_R8G8B8A8_SRGB, (unsigned)w,
                     (unsigned)h, map, xfer->stride);
   } else {
      uint64_t row = (uint64_t)((w + BLOCK - 1) / BLOCK) * f->block_bytes;
      for (GLsizei j = 0; j < (h + BLOCK - 1) / BLOCK; j++)
         memcpy(map + (uint64_t)j * xfer->stride, data + (uint64_t)j * row, row);
   }
   pipe->transfer_unmap(pipe, xfer);
   return true;
}

void GL_APIENTRY glCompressedTexImage2D(GLenum target, GLint level, GLenum internalformat,
                                        GLsizei width, GLsizei height, GLint border,
                                        GLsizei imageSize, const void *data)
{
   GET_CONTEXT_OR_RETURN();
   unsigned index, face;
   const struct compressed_format *f = find(internalformat);
   if (!target_index(target, &index, &face) || !f) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   GLint max = level_max_size(index, level);
   if (max < 0 || width < 0 || height < 0 || width > max || height > max || border != 0 ||
       (index == GL_TEXTURE_INDEX_CUBE && width != height) || imageSize < 0 ||
       (uint64_t)imageSize != image_bytes(f, width, height)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_texture *tex = gl_texture_bound(ctx, index, __func__);
   if (!tex)
      return;
   struct gl_texture_format fmt = { .base = internalformat, .format = f->storage,
                                    .swizzle = { 0, 1, 2, f->alpha ? 3 : 5 } };
   if (!gl_texture_image_define(ctx, tex, face, (unsigned)level, width, height, &fmt)) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (data && width && height &&
       !write_blocks(ctx, &tex->images[face][level], f, 0, 0, width, height, data))
      gl_error(ctx, GL_OUT_OF_MEMORY);
}

/* Whether a sub-image edge (offset, size) of a level `full` texels wide is aligned to
 * blocks `block` texels wide. */
static bool aligned(GLint offset, GLsizei size, GLsizei full, unsigned block)
{
   return offset % (GLint)block == 0 && (size % (GLsizei)block == 0 || offset + size == full);
}

void GL_APIENTRY glCompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset,
                                           GLint yoffset, GLsizei width, GLsizei height,
                                           GLenum format, GLsizei imageSize, const void *data)
{
   GET_CONTEXT_OR_RETURN();
   unsigned index, face;
   const struct compressed_format *f = find(format);
   if (!target_index(target, &index, &face) || !f) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (level_max_size(index, level) < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_texture *tex = gl_texture_bound(ctx, index, __func__);
   if (!tex)
      return;
   struct gl_texture_image *img = &tex->images[face][level];
   if (!img->fmt.base) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (width < 0 || height < 0 || xoffset < 0 || yoffset < 0 ||
       (int64_t)xoffset + width > img->width || (int64_t)yoffset + height > img->height) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (format != img->fmt.base || is_etc1(f) || !aligned(xoffset, width, img->width, f->bw) ||
       !aligned(yoffset, height, img->height, f->bh)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (imageSize < 0 || (uint64_t)imageSize != image_bytes(f, width, height)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (data && width && height && !write_blocks(ctx, img, f, xoffset, yoffset, width, height, data))
      gl_error(ctx, GL_OUT_OF_MEMORY);
}

bool gl_compressed_s3tc_format(GLenum internalformat, struct gl_texture_format *out)
{
   const struct compressed_format *f = find(internalformat);
   if (!f || f->decode != STORED)
      return false;
   *out = (struct gl_texture_format){ .base = internalformat, .format = f->storage,
                                      .swizzle = { 0, 1, 2, f->alpha ? 3 : 5 } };
   return true;
}

GLenum gl_compressed_s3tc_write(struct st_context *ctx, const struct gl_texture_image *img,
                                GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
                                GLenum type, const uint8_t *first, uint64_t pitch)
{
   const struct compressed_format *f = find(img->fmt.base);
   if (!aligned(x, w, img->width, BLOCK) || !aligned(y, h, img->height, BLOCK))
      return GL_INVALID_OPERATION;
   if (!w || !h)
      return GL_NO_ERROR;
   unsigned bw = (unsigned)(w + BLOCK - 1) / BLOCK, bh = (unsigned)(h + BLOCK - 1) / BLOCK;
   uint8_t *blocks = malloc((size_t)bw * bh * f->block_bytes);
   uint8_t (*rows)[4] = malloc((size_t)w * BLOCK * 4);
   bool ok = blocks && rows;
   for (unsigned by = 0; ok && by < bh; by++) {
      /* The block row's texels; rows past the image's edge repeat its last row. */
      for (unsigned j = 0; j < BLOCK; j++) {
         unsigned r = by * BLOCK + j < (unsigned)h ? by * BLOCK + j : (unsigned)h - 1;
         gl_texture_format_to_rgba8(format, type, first + r * pitch, &rows[j * (unsigned)w],
                                    (unsigned)w);
      }
      for (unsigned bx = 0; bx < bw; bx++) {
         uint8_t texels[16][4];
         for (unsigned j = 0; j < BLOCK; j++)
            for (unsigned i = 0; i < BLOCK; i++) {
               unsigned c = bx * BLOCK + i < (unsigned)w ? bx * BLOCK + i : (unsigned)w - 1;
               memcpy(texels[j * BLOCK + i], rows[j * (unsigned)w + c], 4);
            }
         gl_s3tc_encode_block(f->storage, (const uint8_t (*)[4])texels,
                              blocks + ((size_t)by * bw + bx) * f->block_bytes);
      }
   }
   ok = ok && write_blocks(ctx, img, f, x, y, w, h, blocks);
   free(rows);
   free(blocks);
   return ok ? GL_NO_ERROR : GL_OUT_OF_MEMORY;
}
