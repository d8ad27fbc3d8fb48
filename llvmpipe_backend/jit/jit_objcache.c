/* The on-disk object cache (jit_objcache.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "jit/jit_objcache.h"

#define MAX_FILE_BYTES (256u << 20)   /* larger files are not entries (1000 groups: ~0.3 MB) */
#define DEFAULT_DIR_BYTES (256ull << 20)

static const char magic[8] = { 'R', '6', 'S', 'I', 'M', 'O', 'B', 'J' };

struct header {
   char magic[8];
   uint32_t version;
   uint32_t key_len;
   uint64_t obj_len;
   uint64_t key_hash;
   uint64_t checksum;
};
_Static_assert(sizeof(struct header) == JIT_OBJCACHE_HEADER, "header layout");

static pthread_once_t dir_once = PTHREAD_ONCE_INIT;
static char *dir;                  /* NULL: no disk cache */
static atomic_uint rejected, tmp_serial;
static atomic_bool warned_bad, warned_write;
static uint64_t dir_bound = DEFAULT_DIR_BYTES;   /* R600SIM_CACHE_DIR_SIZE */

/* The bytes of the directory's entries as this process knows them (guarded by size_lock;
 * counted at the first store). */
static pthread_mutex_t size_lock = PTHREAD_MUTEX_INITIALIZER;
static bool size_known;
static uint64_t dir_bytes;

uint64_t jit_hash64(uint64_t h, const void *data, size_t len)
{
   const uint8_t *b = data;
   for (size_t i = 0; i < len; i++)
      h = (h ^ b[i]) * 0x100000001b3ull;
   return h;
}

/* mkdir -p: true when `path` is (now) a directory. */
static bool make_dirs(const char *path)
{
   struct stat st;
   if (!stat(path, &st))
      return S_ISDIR(st.st_mode);
   char *p = strdup(path);
   if (!p)
      return false;
   for (char *s = p + 1; *s; s++) {
      if (*s != '/')
         continue;
      *s = 0;
      if (mkdir(p, 0755) && errno != EEXIST)
         break;
      *s = '/';
   }
   free(p);
   return (!mkdir(path, 0755) || errno == EEXIST) && !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* "<digits>[K|M|G]" -> bytes; false (nothing stored) for anything else or 0. */
static bool parse_size(const char *text, uint64_t *bytes)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(text, &end, 10);
   if (errno || end == text || *text == '-')
      return false;
   unsigned shift = 0;
   switch (*end) {
   case 'K': shift = 10; end++; break;
   case 'M': shift = 20; end++; break;
   case 'G': shift = 30; end++; break;
   default: break;
   }
   if (*end || !v || v > (UINT64_MAX >> shift))
      return false;
   *bytes = (uint64_t)v << shift;
   return true;
}

/* The default directory, as Mesa's shader cache: $XDG_CACHE_HOME/r600sim, else
 * $HOME/.cache/r600sim; NULL when neither is an absolute path. */
static const char *default_dir(char *buf, size_t len)
{
   const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
   int n;
   if (xdg && xdg[0] == '/')
      n = snprintf(buf, len, "%s/r600sim", xdg);
   else if (home && home[0] == '/')
      n = snprintf(buf, len, "%s/.cache/r600sim", home);
   else
      return NULL;
   return n > 0 && (size_t)n < len ? buf : NULL;
}

static void dir_init(void)
{
   const char *e = getenv("R600SIM_CACHE_DIR");
   char def[4096];
   bool is_default = !e;
   if (is_default && !(e = default_dir(def, sizeof(def))))
      return;
   if (!*e)
      return;   /* set and empty: no disk cache */
   if (!make_dirs(e)) {
      if (!is_default)   /* an unusable default (read-only home) is no disk cache, quietly */
         fprintf(stderr, "r600sim: R600SIM_CACHE_DIR=%s is not a directory that can be "
                         "created (%s); no disk cache\n", e, strerror(errno));
      return;
   }
   dir = strdup(e);
   const char *b = getenv("R600SIM_CACHE_DIR_SIZE");
   if (b && *b && !parse_size(b, &dir_bound))
      fprintf(stderr, "r600sim: R600SIM_CACHE_DIR_SIZE=%s is not a size (bytes with an optional "
                      "K, M or G); bounding the disk cache to %lluM\n", b,
              (unsigned long long)(DEFAULT_DIR_BYTES >> 20));
}

bool jit_objcache_enabled(void)
{
   pthread_once(&dir_once, dir_init);
   return dir != NULL;
}

static void entry_path(char *buf, size_t len, uint64_t key_hash)
{
   snprintf(buf, len, "%s/%016llx.r6o", dir, (unsigned long long)key_hash);
}

static void reject(const char *path, const char *why)
{
   atomic_fetch_add(&rejected, 1);
   if (!atomic_exchange(&warned_bad, true))
      fprintf(stderr, "r600sim: ignoring disk cache entry %s (%s); compiling the program "
                      "(warned once)\n", path, why);
}

void jit_objcache_reject(uint64_t key_hash, const char *why)
{
   char path[4096];
   entry_path(path, sizeof(path), key_hash);
   reject(path, why);
}

unsigned jit_objcache_rejected(void)
{
   return atomic_load(&rejected);
}

/* Reads the whole file (at most MAX_FILE_BYTES). NULL with *missing set when it does not
 * exist. */
static uint8_t *read_file(const char *path, size_t *len, bool *missing, const char **why)
{
   *missing = false;
   int fd = open(path, O_RDONLY | O_CLOEXEC);
   if (fd < 0) {
      *missing = errno == ENOENT;
      *why = strerror(errno);
      return NULL;
   }
   struct stat st;
   uint8_t *buf = NULL;
   if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > MAX_FILE_BYTES) {
      *why = "not a regular file of a plausible size";
      goto out;
   }
   buf = malloc(st.st_size ? (size_t)st.st_size : 1);
   if (!buf) {
      *why = "out of memory";
      goto out;
   }
   size_t got = 0;
   while (got < (size_t)st.st_size) {
      ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
      if (n <= 0) {
         if (n < 0 && errno == EINTR)
            continue;
         break;
      }
      got += (size_t)n;
   }
   *len = got;
out:
   close(fd);
   return buf;
}

void *jit_objcache_load(const void *key, size_t key_len, uint64_t key_hash, size_t *len)
{
   if (!jit_objcache_enabled())
      return NULL;
   char path[4096];
   entry_path(path, sizeof(path), key_hash);
   size_t size = 0;
   bool missing;
   const char *why = NULL;
   uint8_t *buf = read_file(path, &size, &missing, &why);
   if (!buf) {
      if (!missing)
         reject(path, why);
      return NULL;
   }
   struct header h;
   if (size < sizeof(h)) {
      why = "truncated header";
      goto bad;
   }
   memcpy(&h, buf, sizeof(h));
   if (memcmp(h.magic, magic, sizeof(magic)) || h.version != JIT_OBJCACHE_FORMAT) {
      why = "not an r600sim object cache entry of this format";
      goto bad;
   }
   if (h.obj_len > size || size - sizeof(h) != (uint64_t)h.key_len + h.obj_len) {
      why = "length does not match the header (truncated?)";
      goto bad;
   }
   if (h.key_hash != key_hash || h.key_len != key_len || memcmp(buf + sizeof(h), key, key_len)) {
      why = "entry of another program or build";
      goto bad;
   }
   if (jit_hash64(JIT_HASH_INIT, buf + sizeof(h), size - sizeof(h)) != h.checksum) {
      why = "checksum mismatch";
      goto bad;
   }
   *len = h.obj_len;
   memmove(buf, buf + sizeof(h) + key_len, h.obj_len);
   utimensat(AT_FDCWD, path, NULL, 0);   /* last use, for the size bound */
   return buf;
bad:
   free(buf);
   reject(path, why);
   return NULL;
}

static bool write_all(int fd, const void *data, size_t len)
{
   const uint8_t *p = data;
   while (len) {
      ssize_t n = write(fd, p, len);
      if (n < 0 && errno == EINTR)
         continue;
      if (n <= 0)
         return false;
      p += n;
      len -= (size_t)n;
   }
   return true;
}

/* ---- the size bound ----------------------------------------------------------------------- */

struct entry_info {
   struct timespec mtime;
   uint64_t bytes;
   char name[32];
};

static bool is_entry_name(const char *name)
{
   size_t n = strlen(name);
   return n == 16 + 4 && !strcmp(name + 16, ".r6o") && strspn(name, "0123456789abcdef") == 16;
}

/* The directory's entries (malloc'd, *count of them) and their total bytes. */
static struct entry_info *scan_entries(size_t *count, uint64_t *total)
{
   *count = 0;
   *total = 0;
   DIR *d = opendir(dir);
   if (!d)
      return NULL;
   struct entry_info *e = NULL;
   size_t cap = 0;
   struct dirent *de;
   while ((de = readdir(d))) {
      struct stat st;
      if (!is_entry_name(de->d_name) || fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
          !S_ISREG(st.st_mode))
         continue;
      if (*count == cap) {
         cap = cap ? 2 * cap : 64;
         struct entry_info *grown = realloc(e, cap * sizeof(*e));
         if (!grown)
            break;
         e = grown;
      }
      e[*count].mtime = st.st_mtim;
      e[*count].bytes = (uint64_t)st.st_size;
      snprintf(e[*count].name, sizeof(e[*count].name), "%s", de->d_name);
      *total += (uint64_t)st.st_size;
      (*count)++;
   }
   closedir(d);
   return e;
}

static int older_first(const void *pa, const void *pb)
{
   const struct entry_info *a = pa, *b = pb;
   if (a->mtime.tv_sec != b->mtime.tv_sec)
      return a->mtime.tv_sec < b->mtime.tv_sec ? -1 : 1;
   if (a->mtime.tv_nsec != b->mtime.tv_nsec)
      return a->mtime.tv_nsec < b->mtime.tv_nsec ? -1 : 1;
   return strcmp(a->name, b->name);
}

/* Removes the least recently used entries until at most 3/4 of the bound is left; sets
 * dir_bytes to what is left. Called with size_lock held. */
static void evict(void)
{
   size_t n;
   uint64_t total;
   struct entry_info *e = scan_entries(&n, &total);
   if (e)   /* NULL (no entries) is not qsort's to take */
      qsort(e, n, sizeof(*e), older_first);
   uint64_t target = dir_bound / 4 * 3;
   for (size_t i = 0; i < n && total > target; i++) {
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s", dir, e[i].name);
      if (!unlink(path) || errno == ENOENT)
         total -= e[i].bytes;
   }
   free(e);
   dir_bytes = total;
}

static void account_store(uint64_t bytes)
{
   pthread_mutex_lock(&size_lock);
   if (!size_known) {
      size_t n;
      free(scan_entries(&n, &dir_bytes));   /* includes the entry just stored */
      size_known = true;
   } else {
      dir_bytes += bytes;
   }
   if (dir_bytes > dir_bound)
      evict();
   pthread_mutex_unlock(&size_lock);
}

void jit_objcache_store(const void *key, size_t key_len, uint64_t key_hash, const void *obj,
                        size_t len)
{
   if (!jit_objcache_enabled())
      return;
   struct header h = { .version = JIT_OBJCACHE_FORMAT, .key_len = (uint32_t)key_len,
                       .obj_len = len, .key_hash = key_hash };
   memcpy(h.magic, magic, sizeof(magic));
   h.checksum = jit_hash64(jit_hash64(JIT_HASH_INIT, key, key_len), obj, len);

   char path[4096], tmp[4096];
   entry_path(path, sizeof(path), key_hash);
   snprintf(tmp, sizeof(tmp), "%s/.tmp-%ld-%u-%016llx", dir, (long)getpid(),
            atomic_fetch_add(&tmp_serial, 1), (unsigned long long)key_hash);
   int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
   if (fd < 0)
      goto fail;
   bool ok = write_all(fd, &h, sizeof(h)) && write_all(fd, key, key_len) && write_all(fd, obj, len);
   int err = errno;
   if (close(fd) && ok) {
      ok = false;
      err = errno;
   }
   if (ok && rename(tmp, path)) {
      ok = false;
      err = errno;
   }
   if (ok) {
      account_store(sizeof(h) + key_len + len);
      return;
   }
   unlink(tmp);
   errno = err;
fail:
   if (!atomic_exchange(&warned_write, true))
      fprintf(stderr, "r600sim: cannot write disk cache entry %s (%s); going on without "
                      "storing it (warned once)\n", path, strerror(errno));
}
