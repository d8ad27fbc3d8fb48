/* The perf map of JIT code (jit_perfmap.h): the object's function symbols are read with
 * LLVM's object API before the object is linked; once the entry's address is known, every
 * function of the entry's section is at that address plus its offset from the entry
 * (the linker places a section whole). */
#include "jit/jit_perfmap.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Object.h>

struct perf_sym {
   char name[64];
   uint64_t offset, size;
   char section[32];   /* name of its section in the object */
};

struct jit_perfmap {
   unsigned n;
   struct perf_sym sym[];
};

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t write_lock = PTHREAD_MUTEX_INITIALIZER;
static int map_fd = -1;

static void read_env(void)
{
   const char *e = getenv("R600SIM_PERF_MAP");
   if (!e || !*e || !strcmp(e, "0"))
      return;
   if (strcmp(e, "1")) {
      fprintf(stderr, "r600sim: R600SIM_PERF_MAP=%s unknown (use 0 or 1); using 0\n", e);
      return;
   }
   char path[64];
   snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
   map_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
   if (map_fd < 0)
      fprintf(stderr, "r600sim: R600SIM_PERF_MAP: cannot open %s\n", path);
}

struct jit_perfmap *jit_perfmap_scan(LLVMMemoryBufferRef obj)
{
   pthread_once(&env_once, read_env);
   if (map_fd < 0)
      return NULL;
   char *err = NULL;
   LLVMBinaryRef bin = LLVMCreateBinary(obj, NULL, &err);
   if (!bin) {
      LLVMDisposeMessage(err);
      return NULL;
   }
   unsigned cap = 16;
   struct jit_perfmap *m = malloc(sizeof(*m) + cap * sizeof(m->sym[0]));
   if (m)
      m->n = 0;
   LLVMSymbolIteratorRef sym = LLVMObjectFileCopySymbolIterator(bin);
   LLVMSectionIteratorRef sec = LLVMObjectFileCopySectionIterator(bin);
   for (; m && !LLVMObjectFileIsSymbolIteratorAtEnd(bin, sym); LLVMMoveToNextSymbol(sym)) {
      uint64_t size = LLVMGetSymbolSize(sym);
      const char *name = LLVMGetSymbolName(sym);
      if (!size || !name || !*name)
         continue;   /* file and section symbols, undefined references */
      LLVMMoveToContainingSection(sec, sym);
      if (LLVMObjectFileIsSectionIteratorAtEnd(bin, sec))
         continue;
      if (m->n == cap) {
         cap *= 2;
         struct jit_perfmap *g = realloc(m, sizeof(*m) + cap * sizeof(m->sym[0]));
         if (!g) {
            free(m);
            m = NULL;
            break;
         }
         m = g;
      }
      struct perf_sym *p = &m->sym[m->n++];
      snprintf(p->name, sizeof(p->name), "%s", name);
      p->offset = LLVMGetSymbolAddress(sym);
      p->size = size;
      snprintf(p->section, sizeof(p->section), "%s", LLVMGetSectionName(sec));
   }
   LLVMDisposeSectionIterator(sec);
   LLVMDisposeSymbolIterator(sym);
   LLVMDisposeBinary(bin);
   return m;
}

void jit_perfmap_write(struct jit_perfmap *m, const char *main, uint64_t addr)
{
   if (!m)
      return;
   const struct perf_sym *entry = NULL;
   for (unsigned i = 0; i < m->n && !entry; i++)
      if (!strcmp(m->sym[i].name, main))
         entry = &m->sym[i];
   if (entry && addr) {
      size_t cap = 128 * m->n, len = 0;
      char *text = malloc(cap);
      for (unsigned i = 0; text && i < m->n; i++) {
         const struct perf_sym *s = &m->sym[i];
         if (strcmp(s->section, entry->section))
            continue;   /* data: constant pools */
         uint64_t start = addr - entry->offset + s->offset;
         int k = s == entry ? snprintf(text + len, cap - len, "%llx %llx r600sim:%s\n",
                                       (unsigned long long)start, (unsigned long long)s->size, main)
                            : snprintf(text + len, cap - len, "%llx %llx r600sim:%s:%s\n",
                                       (unsigned long long)start, (unsigned long long)s->size, main,
                                       s->name);
         if (k > 0 && (size_t)k < cap - len)
            len += (size_t)k;
      }
      if (text) {   /* one write per object: lines of concurrent links do not interleave */
         pthread_mutex_lock(&write_lock);
         ssize_t w = write(map_fd, text, len);
         (void)w;
         pthread_mutex_unlock(&write_lock);
      }
      free(text);
   }
   free(m);
}
