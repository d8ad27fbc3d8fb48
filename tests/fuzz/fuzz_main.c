/* The standalone driver of the fuzz harnesses (the normal gcc build; the -Dlibfuzzer=true
 * build links libFuzzer's main instead). Each harness defines LLVMFuzzerTestOneInput (and
 * perhaps LLVMFuzzerInitialize) as libFuzzer wants them.
 *
 * usage: fuzz_TARGET [-runs=N] [-seed=S] [-max_len=L] PATH...   (libFuzzer's spelling)
 *   PATHs are files or folders of files (one level). Without -runs every file is run once
 *   (replaying a corpus or a reproducer). With -runs=N, N inputs are made by mutating the
 *   files (bit flips, byte and dword overwrites with boundary values, copies, insertions,
 *   deletions, splices of two files), deterministically from S: a failure names the input's
 *   seed, and `-runs=1 -seed=S+i` gives input i again. Other -flags are ignored.
 * An input that crashes or runs longer than R600SIM_FUZZ_TIMEOUT seconds (default 20) is
 * written to crash-TARGET-<file or seed> in the current folder before the process dies. */
#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
void __sanitizer_set_death_callback(void (*cb)(void)) __attribute__((weak));

struct input {
   uint8_t *data;
   size_t size;
};

static struct input *files;
static size_t nfiles, files_cap;
static const char *target = "fuzz";

/* The input being run, for the crash file (written from a signal handler). */
static const uint8_t *current;
static size_t current_size;
static char crash_path[256];

static void save_current(void)
{
   if (!current)
      return;
   int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
   if (fd >= 0) {
      ssize_t w = write(fd, current, current_size);
      (void)w;
      close(fd);
   }
   static const char msg[] = "fuzz: the input is in ";
   ssize_t w = write(2, msg, sizeof(msg) - 1);
   w = write(2, crash_path, strlen(crash_path));
   w = write(2, "\n", 1);
   (void)w;
   current = NULL;
}

static void on_signal(int sig)
{
   if (sig == SIGALRM) {
      static const char msg[] = "fuzz: input ran past R600SIM_FUZZ_TIMEOUT (a hang)\n";
      ssize_t w = write(2, msg, sizeof(msg) - 1);
      (void)w;
   }
   save_current();
   signal(sig, SIG_DFL);
   raise(sig == SIGALRM ? SIGABRT : sig);
}

static void add_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "%s: cannot read %s\n", target, path);
      exit(2);
   }
   struct input in = {0};
   size_t cap = 0;
   for (;;) {
      if (in.size == cap) {
         cap = cap ? 2 * cap : 4096;
         in.data = realloc(in.data, cap);
         if (!in.data)
            exit(2);
      }
      size_t n = fread(in.data + in.size, 1, cap - in.size, f);
      if (n == 0)
         break;
      in.size += n;
   }
   fclose(f);
   if (nfiles == files_cap) {
      files_cap = files_cap ? 2 * files_cap : 64;
      files = realloc(files, files_cap * sizeof(*files));
      if (!files)
         exit(2);
   }
   files[nfiles++] = in;
}

static int by_name(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file, or the regular files of a folder in name order (so runs are reproducible). */
static void add_path(const char *path)
{
   struct stat st;
   if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
      add_file(path);
      return;
   }
   DIR *d = opendir(path);
   if (!d)
      return;
   char **names = NULL;
   size_t n = 0, cap = 0;
   for (struct dirent *e; (e = readdir(d));) {
      if (e->d_name[0] == '.')
         continue;
      if (n == cap) {
         cap = cap ? 2 * cap : 64;
         names = realloc(names, cap * sizeof(*names));
         if (!names)
            exit(2);
      }
      size_t len = strlen(path) + strlen(e->d_name) + 2;
      names[n] = malloc(len);
      snprintf(names[n++], len, "%s/%s", path, e->d_name);
   }
   closedir(d);
   qsort(names, n, sizeof(*names), by_name);
   for (size_t i = 0; i < n; i++) {
      if (!stat(names[i], &st) && S_ISREG(st.st_mode))
         add_file(names[i]);
      free(names[i]);
   }
   free(names);
}

static uint64_t next(uint64_t *s)
{
   uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
   return z ^ (z >> 31);
}

static const uint32_t boundary[] = { 0, 1, 2, 3, 4, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF,
                                     0x10000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE,
                                     0x3F800000, 0xBF800000, 0x7F800000, 0x7FC00000, 16, 64, 255, 256 };
#define NBOUNDARY (sizeof(boundary) / sizeof(boundary[0]))

/* One mutation of buf[0..*size) in place (capacity max). */
static void mutate(uint8_t *buf, size_t *size, size_t max, uint64_t *r)
{
   size_t n = *size;
   switch (next(r) % 8) {
   case 0:   /* bit flip */
      if (n)
         buf[next(r) % n] ^= (uint8_t)(1u << (next(r) % 8));
      break;
   case 1:   /* random byte */
      if (n)
         buf[next(r) % n] = (uint8_t)next(r);
      break;
   case 2:   /* boundary dword (aligned half the time) */
      if (n >= 4) {
         size_t at = next(r) % (n - 3);
         if (next(r) & 1)
            at &= ~(size_t)3;
         uint32_t v = boundary[next(r) % NBOUNDARY];
         memcpy(buf + at, &v, 4);
      }
      break;
   case 3:   /* small add to a dword */
      if (n >= 4) {
         size_t at = (next(r) % (n - 3)) & ~(size_t)3;
         uint32_t v;
         memcpy(&v, buf + at, 4);
         v += (uint32_t)(next(r) % 33) - 16;
         memcpy(buf + at, &v, 4);
      }
      break;
   case 4:   /* delete a range */
      if (n > 1) {
         size_t at = next(r) % n, len = 1 + next(r) % (n - at < 64 ? n - at : 64);
         memmove(buf + at, buf + at + len, n - at - len);
         *size = n - len;
      }
      break;
   case 5:   /* insert random bytes */
      if (n < max) {
         size_t at = n ? next(r) % (n + 1) : 0, len = 1 + next(r) % 16;
         if (len > max - n)
            len = max - n;
         memmove(buf + at + len, buf + at, n - at);
         for (size_t i = 0; i < len; i++)
            buf[at + i] = (uint8_t)next(r);
         *size = n + len;
      }
      break;
   case 6:   /* copy a range over another place */
      if (n > 1) {
         size_t from = next(r) % n, to = next(r) % n, len = 1 + next(r) % 32;
         if (len > n - from)
            len = n - from;
         if (len > n - to)
            len = n - to;
         memmove(buf + to, buf + from, len);
      }
      break;
   default: {   /* splice: the tail from another file */
      const struct input *o = &files[next(r) % nfiles];
      if (o->size) {
         size_t at = n ? next(r) % n : 0, from = next(r) % o->size, len = o->size - from;
         if (len > max - at)
            len = max - at;
         memcpy(buf + at, o->data + from, len);
         *size = at + len;
      }
      break;
   }
   }
}

static void run(const uint8_t *data, size_t size, unsigned timeout)
{
   current = data;
   current_size = size;
   alarm(timeout);
   LLVMFuzzerTestOneInput(data, size);
   alarm(0);
   current = NULL;
}

int main(int argc, char **argv)
{
   const char *slash = strrchr(argv[0], '/');
   target = slash ? slash + 1 : argv[0];
   if (LLVMFuzzerInitialize)
      LLVMFuzzerInitialize(&argc, &argv);
   unsigned long long runs = 0, seed = 1, max_len = 4096;
   int i = 1;
   for (; i < argc && argv[i][0] == '-'; i++) {
      const char *eq = strchr(argv[i], '=');
      unsigned long long v = eq ? strtoull(eq + 1, NULL, 0) : 0;
      if (!strncmp(argv[i], "-runs=", 6))
         runs = v;
      else if (!strncmp(argv[i], "-seed=", 6))
         seed = v;
      else if (!strncmp(argv[i], "-max_len=", 9))
         max_len = v;
   }
   for (; i < argc; i++)
      add_path(argv[i]);
   if (!nfiles) {
      fprintf(stderr, "usage: %s [-runs=N] [-seed=S] [-max_len=L] FILE|FOLDER...\n", target);
      return 2;
   }
   const char *t = getenv("R600SIM_FUZZ_TIMEOUT");
   unsigned timeout = t && *t ? (unsigned)strtoul(t, NULL, 10) : 20;
   signal(SIGALRM, on_signal);
   signal(SIGSEGV, on_signal);
   signal(SIGBUS, on_signal);
   signal(SIGFPE, on_signal);
   signal(SIGABRT, on_signal);
   if (__sanitizer_set_death_callback)
      __sanitizer_set_death_callback(save_current);

   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   unsigned long long done = 0;
   if (!runs) {
      for (size_t k = 0; k < nfiles; k++, done++) {
         snprintf(crash_path, sizeof(crash_path), "crash-%s-file%zu", target, k);
         run(files[k].data, files[k].size, timeout);
      }
   } else {
      size_t longest = 0;
      for (size_t k = 0; k < nfiles; k++)
         longest = files[k].size > longest ? files[k].size : longest;
      size_t cap = longest > max_len ? longest : max_len;
      uint8_t *buf = malloc(cap ? cap : 1);
      for (; done < runs; done++) {
         uint64_t r = seed + done;
         const struct input *in = &files[next(&r) % nfiles];
         size_t size = in->size;
         memcpy(buf, in->data, size);
         for (unsigned m = 1 + next(&r) % 8; m--;)
            mutate(buf, &size, cap, &r);
         snprintf(crash_path, sizeof(crash_path), "crash-%s-seed%llu", target, seed + done);
         /* a copy of exactly `size` bytes, so ASan sees reads past the input's end */
         uint8_t *exact = malloc(size ? size : 1);
         memcpy(exact, buf, size);
         run(exact, size, timeout);
         free(exact);
      }
      free(buf);
   }
   clock_gettime(CLOCK_MONOTONIC, &t1);
   double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
   printf("%s: %llu inputs (%zu corpus files%s), no crash; %.1f s, %.0f inputs/s\n", target, done, nfiles,
          runs ? ", mutated" : "", s, s > 0 ? (double)done / s : 0.0);
   for (size_t k = 0; k < nfiles; k++)
      free(files[k].data);
   free(files);
   return 0;
}
