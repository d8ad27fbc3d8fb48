/* A fused pixel variant whose object is already in the disk cache (R600SIM_CACHE_DIR) has
 * its code at the first sim_pixel_fused_get, with background compiles on (the default
 * R600SIM_JIT_ASYNC): it is loaded there and then, not queued for the compile thread while
 * the state's draws take the C units (jit/jit_pixel.c load_variant).
 *
 * The test runs itself in child processes, each with a new in-memory cache:
 *   store DIR  gets the variant with R600SIM_JIT_ASYNC=0 (compiled, stored in DIR);
 *   first DIR  gets it once with background compiles; exits 0 when code came back at once,
 *              3 when not.
 * Expected: "first" on an empty directory gets no code (queued: the control that shows the
 * check can fail), "first" on the directory "store" filled gets code. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "fused_stand_in.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "raster/sc.h"
#include "shader/shader_exec.h"

#define NO_CODE 3

/* 0 when the variant of a fixed state had code at this process's first get. */
static int first_get(void)
{
   static struct sim_spi_state spi;
   static struct sim_db_state db;
   static struct sim_cb_state cb;
   static const struct sim_sc_msaa ms = { .n = 1 };
   cb.num_targets = 1;
   cb.t[0].samples = 1;
   struct sim_pixel_state st = { &spi, &db, &cb, &ms, 1, false, false, false };
   return fused_stand_in_get(&st) ? 0 : NO_CODE;
}

/* Runs this program as `mode dir` with R600SIM_JIT_ASYNC=`async`; its exit status. */
static int run_child(const char *self, const char *mode, const char *dir, const char *async)
{
   pid_t pid = fork();
   if (pid == 0) {
      setenv("R600SIM_CACHE_DIR", dir, 1);
      setenv("R600SIM_JIT_ASYNC", async, 1);
      execl(self, self, mode, dir, (char *)NULL);
      _exit(127);
   }
   int status;
   if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
      return -1;
   return WEXITSTATUS(status);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
   (void)sb, (void)flag, (void)ftw;
   return remove(path);
}

int main(int argc, char **argv)
{
   if (argc == 3)   /* a child: the directory is in R600SIM_CACHE_DIR */
      return first_get();
   char empty[] = "/tmp/r600sim-fused-disk-XXXXXX", stored[] = "/tmp/r600sim-fused-disk-XXXXXX";
   if (!check(mkdtemp(empty) && mkdtemp(stored), "temporary directories"))
      return 1;
   int r = run_child(argv[0], "first", empty, "1");
   check(r == NO_CODE, "an empty disk cache: the variant is queued, no code at once (exit %d)", r);
   r = run_child(argv[0], "store", stored, "0");
   check(r == 0, "compiling the variant at its first use (exit %d)", r);
   r = run_child(argv[0], "first", stored, "1");
   check(r == 0, "the variant on disk: code at the first get with background compiles (exit %d)",
         r);
   nftw(empty, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
   nftw(stored, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
   return check_report();
}
