/* The one overflow-safe check of application-given (offset, count, stride, size) against a
 * buffer, used by every GLES entry point that takes them. All arithmetic is on uint64_t with
 * __builtin_*_overflow, so nothing wraps around; callers convert their GL values first
 * (negative GLsizei / GLintptr values are the caller's GL_INVALID_VALUE before that, and a
 * buffer offset passed as a pointer converts through uintptr_t, so "-2" is 2^64 - 2).
 *
 * An array is `count` elements of `elem` bytes whose starts are `stride` bytes apart; it
 * spans (count - 1) * stride + elem bytes from its first byte, and 0 bytes when count is 0
 * (whatever the stride). A span of 0 bytes fits a buffer when its offset is at most the
 * buffer's size (the end of a buffer is a valid place for nothing).
 *
 * What the entry points do when a range does not fit:
 * - glBufferSubData: GL_INVALID_VALUE (ES 2.0 2.9), the buffer unchanged.
 * - glDrawArrays / glDrawElements whose indices (in the element array buffer) or whose
 *   fetched vertices (each enabled array in a buffer object, for the draw's largest index)
 *   reach past the buffer: the draw is dropped without an error. ES 2.0 leaves such reads
 *   undefined but forbids a crash; Mesa drops them the same way (with a debug warning).
 * - glUniform*v: a count past the end of the uniform array loads up to its end (ES 2.0
 *   2.10.4), so no more values are read from the application than the array takes.
 * - glReadPixels: the image the application's memory must hold is measured here too; one
 *   this host cannot address is GL_INVALID_VALUE (only possible with a 32-bit size_t). */
#ifndef GL_RANGE_H
#define GL_RANGE_H

#include <stdbool.h>
#include <stdint.h>

/* Bytes the array spans in *bytes; false when that does not fit in 64 bits. */
bool gl_range_span(uint64_t count, uint64_t stride, uint64_t elem, uint64_t *bytes);

/* True when bytes at offset lie within [0, size). */
bool gl_range_fits(uint64_t offset, uint64_t bytes, uint64_t size);

/* Elements of [first, first + count) below end: how many of count a write starting at
 * element first may store into an array of end elements (0 when first >= end). */
uint64_t gl_range_clamp(uint64_t first, uint64_t count, uint64_t end);

/* A row of `width` pixels of `bpp` bytes padded to a multiple of `align` (a power of two):
 * its unpadded bytes in *row and padded pitch in *pitch; false on overflow. */
bool gl_range_row(uint64_t width, uint64_t bpp, uint64_t align, uint64_t *row,
                  uint64_t *pitch);

#endif
