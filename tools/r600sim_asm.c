/* r600sim-asm [--chip r600|rv770] IN OUT: assembles the syntax of tools/isa/SYNTAX.md into a
 * raw shader binary. Syntax errors and encoding-rule violations are reported as
 * IN:LINE: error: [rule] message, and no output is written. */
#include "isa.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
   fprintf(stderr, "usage: r600sim-asm [--chip r600|rv770] IN OUT\n");
   return 2;
}

static char *read_text(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   char *buf = NULL;
   size_t cap = 0, len = 0, n;
   do {
      if (len + 1 >= cap) {
         cap = cap ? 2 * cap : 4096;
         char *grown = realloc(buf, cap);
         if (!grown) {
            free(buf);
            fclose(f);
            return NULL;
         }
         buf = grown;
      }
      n = fread(buf + len, 1, cap - len - 1, f);
      len += n;
   } while (n > 0);
   bool err = ferror(f);
   fclose(f);
   if (err) {
      free(buf);
      return NULL;
   }
   buf[len] = 0;
   if (strlen(buf) != len) {
      free(buf);
      errno = EINVAL;
      return NULL;
   }
   return buf;
}

static void print_diags(const char *path, const struct isa_diags *d)
{
   for (unsigned i = 0; i < d->n; i++) {
      if (d->d[i].line)
         fprintf(stderr, "%s:%u: error: [%s] %s\n", path, d->d[i].line, d->d[i].rule, d->d[i].msg);
      else
         fprintf(stderr, "%s: error: [%s] %s\n", path, d->d[i].rule, d->d[i].msg);
   }
   if (d->total > d->n)
      fprintf(stderr, "%s: ... and %u more errors\n", path, d->total - d->n);
}

int main(int argc, char **argv)
{
   enum hw_chip chip;
   bool chip_given = false;
   const char *in = NULL, *out = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--chip") && i + 1 < argc) {
         if (!hw_chip_from_name(argv[++i], &chip)) {
            fprintf(stderr, "r600sim-asm: unknown chip '%s' (r600, rv770)\n", argv[i]);
            return 2;
         }
         chip_given = true;
      } else if (!in && argv[i][0] != '-')
         in = argv[i];
      else if (!out && argv[i][0] != '-')
         out = argv[i];
      else
         return usage();
   }
   if (!in || !out)
      return usage();

   char *text = read_text(in);
   if (!text) {
      fprintf(stderr, "r600sim-asm: %s: %s\n", in, errno == EINVAL ? "not a text file (NUL byte)"
                                                                    : strerror(errno));
      return 1;
   }
   struct isa_program prog;
   struct isa_diags diags = {0};
   bool ok = isa_parse(text, chip_given ? &chip : NULL, &prog, &diags);
   free(text);
   uint8_t *data = NULL;
   size_t size = 0;
   if (ok)
      ok = isa_validate(&prog, &diags) && isa_encode(&prog, &data, &size, &diags);
   isa_program_free(&prog);
   if (!ok) {
      print_diags(in, &diags);
      return 1;
   }
   FILE *f = fopen(out, "wb");
   if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
      fprintf(stderr, "r600sim-asm: %s: %s\n", out, strerror(errno));
      free(data);
      return 1;
   }
   free(data);
   return 0;
}
