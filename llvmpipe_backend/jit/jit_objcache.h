/* On-disk cache of compiled program objects (R600SIM_CACHE_DIR=dir), for jit.c. On by
 * default, as Mesa's shader cache, in $XDG_CACHE_HOME/r600sim or ~/.cache/r600sim (quietly
 * none when that cannot be created); R600SIM_CACHE_DIR set and empty turns it off.
 *
 * An entry is the ELF object of one program, stored in dir/<key hash, 16 hex digits>.r6o:
 *
 *    offset  size
 *    0       8   magic "R6SIMOBJ"
 *    8       4   format version (JIT_OBJCACHE_FORMAT)
 *    12      4   key length K
 *    16      8   object length N
 *    24      8   key hash (FNV-1a 64 of the key, also the file name)
 *    32      8   checksum (FNV-1a 64 of the key bytes followed by the object bytes)
 *    40      K   the key: everything the object depends on (jit.c: code version,
 *                LLVM version, target, CPU and features, opt level, then the program image)
 *    40+K    N   the object
 *
 * integers in the host's byte order. A file whose size, magic, version, key or checksum do not
 * match is ignored (a warning once) and replaced by the next store. Stores write a
 * temporary file in the directory and rename it over the entry, so readers (other threads
 * or processes) see a whole entry or none. The directory is created if missing.
 *
 * Size bound (R600SIM_CACHE_DIR_SIZE, bytes with an optional K/M/G suffix, default 256M):
 * a load sets the entry's modification time to now, so entry times order the entries by
 * last use in any process. A process counts the bytes of the entries (scanning the
 * directory at its first store, then adding what it stores); when the count exceeds the
 * bound, it scans again and removes the least recently used entries (oldest time first,
 * ties by name) until the entries take at most 3/4 of the bound. Entries other processes
 * store meanwhile are seen at the next scan, so the directory may exceed the bound by what
 * they stored since. */
#ifndef SIM_JIT_OBJCACHE_H
#define SIM_JIT_OBJCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JIT_OBJCACHE_FORMAT 1
#define JIT_OBJCACHE_HEADER 40

/* FNV-1a 64 of `len` bytes, continuing from `h` (start with JIT_HASH_INIT). */
#define JIT_HASH_INIT 0xcbf29ce484222325ull
uint64_t jit_hash64(uint64_t h, const void *data, size_t len);

/* Whether the disk cache has a usable directory (read once; a bad R600SIM_CACHE_DIR is warned
 * once). */
bool jit_objcache_enabled(void);

/* The object stored under `key` (malloc'd, *len bytes), or NULL when there is none or the
 * file is bad (counted, warned once). */
void *jit_objcache_load(const void *key, size_t key_len, uint64_t key_hash, size_t *len);

/* Stores `obj` under `key`; failures are warned once and otherwise ignored. */
void jit_objcache_store(const void *key, size_t key_len, uint64_t key_hash, const void *obj,
                        size_t len);

/* Reports that an entry that passed its checks could not be used (the object did not
 * link): counted and warned once like a bad file. */
void jit_objcache_reject(uint64_t key_hash, const char *why);

/* Files ignored since start (bad, truncated, another key, or not linkable). */
unsigned jit_objcache_rejected(void);

#endif
