/* bin/r600sim-demo's command line without a window: --list names the three demos, one line
 * each ("NAME  summary"); an unknown demo, a bad --chip and a missing name are refused with
 * status 2 and a message.
 *
 *   test_demo_list R600SIM_DEMO */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"

/* Runs `demo args` (stderr too); its exit status, output in out. */
static int run(const char *demo, const char *args, char *out, size_t size)
{
   char cmd[2048];
   snprintf(cmd, sizeof(cmd), "'%s' %s 2>&1", demo, args);
   FILE *f = popen(cmd, "r");
   size_t len = f ? fread(out, 1, size - 1, f) : 0;
   out[len] = 0;
   int st = f ? pclose(f) : -1;
   return st >= 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s R600SIM_DEMO\n", argv[0]);
      return 2;
   }
   char out[8192];
   CHECK(run(argv[1], "--list", out, sizeof(out)) == 0, "--list failed:\n%s", out);
   static const char *const names[] = {"scene", "msaa", "gpu"};
   const char *line = out;
   unsigned lines = 0;
   for (; *line; lines++) {
      const char *end = strchr(line, '\n');
      size_t len = end ? (size_t)(end - line) : strlen(line);
      if (lines < 3) {
         size_t n = strlen(names[lines]);
         CHECK(!strncmp(line, names[lines], n) && line[n] == ' ' && len > n + 10,
               "--list line %u is not \"%s <summary>\": %.*s", lines + 1, names[lines],
               (int)len, line);
      }
      line += len + (end != NULL);
   }
   CHECK(lines == 3, "--list printed %u lines, not 3:\n%s", lines, out);

   CHECK(run(argv[1], "nosuch", out, sizeof(out)) == 2 &&
            strstr(out, "no demo named nosuch (--list names them)"),
         "an unknown demo is not refused:\n%s", out);
   CHECK(run(argv[1], "--chip r700 scene", out, sizeof(out)) == 2 &&
            strstr(out, "--chip takes r600 or rv770"),
         "a bad --chip is not refused:\n%s", out);
   CHECK(run(argv[1], "--frames 3", out, sizeof(out)) == 2 && strstr(out, "usage:"),
         "a missing demo name is not refused:\n%s", out);
   return check_report();
}
