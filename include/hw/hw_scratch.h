/* Scratch memory: where a shader's MEM_SCRATCH reads and writes land, for both sides of
 * the hardware boundary (docs/r600-hardware-notes.md §4.8).
 *
 * Each stage has a scratch ring in GPU memory: SQ_{VS,PS}TMP_RING_BASE (address >> 8),
 * SQ_{VS,PS}TMP_RING_SIZE (bytes >> 8) and the context register SQ_{VS,PS}TMP_RING_ITEMSIZE
 * (dwords one thread owns). A CF_ALLOC_EXPORT MEM_SCRATCH instruction moves GPR
 * RW_GPR + b to element ARRAY_BASE + b (b < BURST_COUNT + 1) of the thread's item;
 * an element is ELEM_SIZE + 1 dwords; TYPE says the direction (the codes below). Within
 * a ring, the simulated GPU gives thread slot s (wave * 16 + lane: every wave in flight
 * owns 16 slots) the item at s * ITEMSIZE dwords, so a ring must hold HW_SCRATCH_SLOTS
 * items. The public documents do not give the real interleaving; it cannot be observed
 * by a shader, only by reading the ring's memory. */
#ifndef HW_SCRATCH_H
#define HW_SCRATCH_H

#include <stdint.h>

/* CF_ALLOC_EXPORT_WORD0.TYPE of the memory exports (Mesa r600d.h SQ_EXPORT_WRITE ..). */
enum hw_mem_export_type {
   HW_MEM_EXPORT_WRITE = 0,
   HW_MEM_EXPORT_WRITE_IND = 1,
   HW_MEM_EXPORT_READ = 2,
   HW_MEM_EXPORT_READ_IND = 3,
};

#define HW_SCRATCH_SLOTS 1024u        /* thread items a scratch ring holds: 64 waves of 16 */
#define HW_SCRATCH_RING_SHIFT 8       /* RING_BASE and RING_SIZE are in 256-byte units */
/* vec4 elements one thread's item may hold: ITEMSIZE is a 15-bit count of dwords (the
 * register table's SQ_{VS,PS}TMP_RING_ITEMSIZE), so at most 32767 / 4 of them. */
#define HW_SCRATCH_MAX_ITEMS 8191u

/* Byte offset inside the ring of dword `dword` of element `element` (of `elem_dwords`
 * dwords) of thread slot `slot`, whose item is `itemsize` dwords. */
static inline uint64_t hw_scratch_offset(unsigned itemsize, unsigned slot, unsigned element,
                                         unsigned elem_dwords, unsigned dword)
{
   return ((uint64_t)slot * itemsize + (uint64_t)element * elem_dwords + dword) * 4u;
}

#endif
