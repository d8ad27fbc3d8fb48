/* r600sim-disasm [--chip r600|rv770] FILE: prints a raw R6xx/R7xx shader binary (CF program at
 * offset 0, clauses at their addresses) in the syntax of tools/isa/SYNTAX.md. Binaries that
 * are not well formed are refused; encoding-rule violations are listed on stderr as warnings
 * (the listing is still exact, but r600sim-asm will reject it). */
#include "isa.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
   fprintf(stderr, "usage: r600sim-disasm [--chip r600|rv770] FILE\n");
   return 2;
}

static uint8_t *read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   uint8_t *buf = NULL;
   size_t cap = 0, len = 0, n;
   do {
      if (len == cap) {
         cap = cap ? 2 * cap : 4096;
         uint8_t *grown = realloc(buf, cap);
         if (!grown) {
            free(buf);
            fclose(f);
            return NULL;
         }
         buf = grown;
      }
      n = fread(buf + len, 1, cap - len, f);
      len += n;
   } while (n > 0);
   bool err = ferror(f);
   fclose(f);
   if (err) {
      free(buf);
      return NULL;
   }
   *size = len;
   return buf;
}

static void print_diags(const char *path, const char *kind, const struct isa_diags *d)
{
   for (unsigned i = 0; i < d->n; i++)
      fprintf(stderr, "%s: %s: [%s] %s\n", path, kind, d->d[i].rule, d->d[i].msg);
   if (d->total > d->n)
      fprintf(stderr, "%s: ... and %u more\n", path, d->total - d->n);
}

int main(int argc, char **argv)
{
   enum hw_chip chip = HW_CHIP_R7XX;
   const char *path = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--chip") && i + 1 < argc) {
         if (!hw_chip_from_name(argv[++i], &chip)) {
            fprintf(stderr, "r600sim-disasm: unknown chip '%s' (r600, rv770)\n", argv[i]);
            return 2;
         }
      } else if (!path && argv[i][0] != '-')
         path = argv[i];
      else
         return usage();
   }
   if (!path)
      return usage();

   size_t size;
   uint8_t *data = read_file(path, &size);
   if (!data) {
      fprintf(stderr, "r600sim-disasm: %s: %s\n", path, strerror(errno));
      return 1;
   }
   struct isa_program prog;
   struct isa_diags diags = {0};
   bool ok = isa_decode(chip, data, size, &prog, &diags);
   free(data);
   if (!ok) {
      print_diags(path, "error", &diags);
      return 1;
   }
   if (!isa_validate(&prog, &diags))
      print_diags(path, "warning", &diags);
   char *text = isa_print(&prog);
   fputs(text, stdout);
   free(text);
   isa_program_free(&prog);
   return fflush(stdout) == 0 ? 0 : 1;
}
