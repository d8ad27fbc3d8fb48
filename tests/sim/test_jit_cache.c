/* The JIT's program cache (issue 4, deliverables 3 and 4), on rv770 programs that use
 * literals, inline constants, a helper-called op (SIN), an FP64 pair, a CF_ALU with a stack
 * push (the CF helpers) and an export:
 *   lru      (run with R600SIM_CACHE_SIZE=4) the LRU bound: distinct programs in separate
 *            use scopes leave 4 in the cache, the least recently used is evicted (its code
 *            released) and recompiles when asked again, programs held in one scope are
 *            never evicted, and every result is bit-identical to the interpreter's;
 *   disk     the on-disk object cache (R600SIM_CACHE_DIR), through child processes of this
 *            program: a first run fills a new directory, a second compiles nothing and
 *            gives the same results; corrupt, truncated, foreign and unlinkable entries
 *            are ignored with one warning and rewritten; another opt level has other keys;
 *            concurrent writers; a path that cannot be a directory only disables it; the
 *            R600SIM_CACHE_DIR_SIZE bound removes the least recently used entries;
 *   fallback LLVMOrcLLJITLookup made to fail (the executable is linked with
 *            --wrap=LLVMOrcLLJITLookup): the programs run on the interpreter with the same
 *            results, warned once, and the JIT works again afterwards.
 *   exit     a child process compiles programs on a thread that an exit handler joins (as
 *            the GPU thread's does) and returns from main meanwhile: the JIT closes before
 *            LLVM's statics are destroyed, the remaining programs run on the interpreter
 *            (same results, warned once) and the process exits cleanly.
 *   child DIR N (used by disk) runs N programs on the JIT and prints its counters. */
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>

#include "isa_harness.h"

#define OP64(n) R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_##n
#define FZERO ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)
#define FHALF ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0_5)
#define NPROGS 10

/* ---- the programs ---------------------------------------------------------------------- */

static uint64_t prog_va[NPROGS];
static struct sim_lanes ref_lanes[NPROGS];   /* the interpreter's results */
static struct sim_exports ref_out[NPROGS];

/* Variant k: R1.x = R0.x * lit_k + 0.5, R1.y = R0.y + lit'_k, R1.z = SIN(R0.x) (trans);
 * R2.xy = ADD_64(R0.xy, R0.zw); if (R0.x > 0) R3.x = lit''_k; export PIXEL 0 = R1. */
static uint64_t build(unsigned k)
{
   static struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP3(MULADD), 1, 0, .s0 = gpr(0, 0), .s1 = lit(0), .s2 = inl(FHALF) }, false);
   alu(&p, (struct alu){ OP2(ADD), 1, 1, .s0 = gpr(0, 1), .s1 = lit(1) }, false);
   alu(&p, (struct alu){ OP2(SIN), 1, 2, .s0 = gpr(0, 0) }, true);
   lits(&p, 2, (uint32_t[]){ U(1.5f + (float)k), U(-0.25f * (float)k) });
   alu(&p, (struct alu){ OP64(ADD_64), 2, 0, .s0 = gpr(0, 1), .s1 = gpr(0, 3) }, false);
   alu(&p, (struct alu){ OP64(ADD_64), 2, 1, .s0 = gpr(0, 0), .s1 = gpr(0, 2) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                          /* 0 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(0, 0), .s1 = inl(FZERO),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), (struct kcache){ 0 });              /* 1 */
   cf(&p, CFI(JUMP), 4, 1, false);                                       /* 2 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ 0x1000u + k });
   cf_alu(&p, ALUK(ALU_POP_AFTER), (struct kcache){ 0 });                /* 3 */
   cf_export_pixel(&p, 1);                                               /* 4 */
   return upload_prog(&p);
}

static void machine(void)
{
   machine_init();
   set_reg(REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__STACK_SIZE(2));
   clear_lanes();
   static const float x[] = { 1.0f, -2.5f, 0.0f, 3.25f, -0.0f, 100.0f, -7.0f, 0.5f };
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[0][0][l] = U(x[l % 8] * (float)(l + 1));
      init_lanes.gpr[0][1][l] = U(0.125f * (float)l);
      init_lanes.gpr[0][2][l] = 0x9999999au + l;
      init_lanes.gpr[0][3][l] = 0x3ff00000u + (l << 12);   /* 1.0 + a bit, as a double */
   }
   for (unsigned k = 0; k < NPROGS; k++)
      prog_va[k] = build(k);
}

static struct sim_shader_env env_of(uint64_t seq)
{
   return (struct sim_shader_env){ .chip = HW_CHIP_R7XX, .stage = SIM_STAGE_PS, .mem = mem,
                                   .regs = regs, .seq = seq };
}

/* Runs program p (of variant k) into the given results. */
static bool run(struct sim_program *p, struct sim_shader_env *env, struct sim_lanes *lanes,
                struct sim_exports *out)
{
   *lanes = init_lanes;
   memset(out, 0, sizeof(*out));
   return p && sim_program_run(p, NULL, env, lanes, 0xFFFF, out);
}

/* The interpreter's results of every variant (scope seq 1). */
static void reference(void)
{
   struct sim_shader_env env = env_of(1);
   for (unsigned k = 0; k < NPROGS; k++) {
      struct sim_program *p = sim_program_get_engine(&env, prog_va[k], SIM_ENGINE_INTERP);
      check(run(p, &env, &ref_lanes[k], &ref_out[k]), "interpreter runs variant %u", k);
      check(ref_out[k].pixel_mask == 1, "variant %u exports PIXEL 0", k);
   }
}

static bool same_as_reference(unsigned k, const struct sim_lanes *lanes, const struct sim_exports *out)
{
   return !memcmp(lanes, &ref_lanes[k], sizeof(*lanes)) && !memcmp(out, &ref_out[k], sizeof(*out));
}

static struct sim_lanes lanes;
static struct sim_exports out;

/* Gets variant k on the JIT in scope `seq`, runs it, and checks the results. */
static struct sim_program *jit_run(unsigned k, uint64_t seq, const char *what)
{
   struct sim_shader_env env = env_of(seq);
   struct sim_program *p = sim_program_get_engine(&env, prog_va[k], SIM_ENGINE_JIT);
   check(p && sim_program_engine(p) == SIM_ENGINE_JIT, "%s: variant %u is on the JIT", what, k);
   check(run(p, &env, &lanes, &out) && same_as_reference(k, &lanes, &out),
         "%s: variant %u is bit-identical to the interpreter", what, k);
   return p;
}

static struct sim_program_cache_stats stats(void)
{
   struct sim_program_cache_stats s;
   sim_program_cache_stats(&s);
   return s;
}

/* ---- lru ------------------------------------------------------------------------------- */

static int test_lru(void)
{
   const char *size = getenv("R600SIM_CACHE_SIZE");
   if (!size || strcmp(size, "4")) {
      fprintf(stderr, "test_jit_cache lru: run with R600SIM_CACHE_SIZE=4\n");
      return 2;
   }
   machine();
   reference();
   uint64_t seq = 100;
   struct sim_program_cache_stats s0 = stats();

   for (unsigned k = 0; k < NPROGS; k++)
      jit_run(k, ++seq, "one scope each");
   struct sim_program_cache_stats s = stats();
   check(s.jit_built - s0.jit_built == NPROGS, "%u distinct programs: %u modules built", NPROGS,
         s.jit_built - s0.jit_built);
   check(s.resident[1] == 4, "the JIT cache holds the bound, 4 programs (%u)", s.resident[1]);
   check(s.jit_released - s0.jit_released == NPROGS - 4,
         "the %u least recently used programs' code was released (%u)", NPROGS - 4,
         s.jit_released - s0.jit_released);
   check(s.resident[0] <= 4, "the interpreter's cache is bounded too (%u)", s.resident[0]);

   /* The cache now holds variants 6..9, 9 the most recent. Using 6 makes 7 the LRU. */
   unsigned built = s.jit_built;
   jit_run(6, ++seq, "hit");
   check(stats().jit_built == built, "a cached program compiles nothing");
   jit_run(0, ++seq, "evicted earlier");
   check(stats().jit_built == built + 1, "an evicted program is compiled again");
   jit_run(6, ++seq, "recently used");
   check(stats().jit_built == built + 1, "the recently used program stayed (7 was evicted)");
   jit_run(7, ++seq, "least recently used");
   check(stats().jit_built == built + 2, "the least recently used program was the one evicted");

   /* Programs held in one scope stay, whatever the bound, until the scope ends. */
   struct sim_program *held[8];
   uint64_t scope = ++seq;
   for (unsigned k = 0; k < 8; k++) {
      struct sim_shader_env env = env_of(scope);
      held[k] = sim_program_get_engine(&env, prog_va[k], SIM_ENGINE_JIT);
   }
   check(stats().resident[1] >= 8, "8 programs held in one scope are all resident (%u)",
         stats().resident[1]);
   for (unsigned k = 0; k < 8; k++) {
      struct sim_shader_env env = env_of(scope);
      check(held[k] && sim_program_engine(held[k]) == SIM_ENGINE_JIT &&
               run(held[k], &env, &lanes, &out) && same_as_reference(k, &lanes, &out),
            "held program %u still runs, bit-identical", k);
   }
   jit_run(9, ++seq, "next scope");
   check(stats().resident[1] == 4, "the next scope trims the cache to the bound again (%u)",
         stats().resident[1]);
   return check_report();
}

/* ---- fallback -------------------------------------------------------------------------- */

static bool fail_lookups;

LLVMErrorRef __real_LLVMOrcLLJITLookup(LLVMOrcLLJITRef j, LLVMOrcExecutorAddress *addr,
                                       const char *name);
LLVMErrorRef __wrap_LLVMOrcLLJITLookup(LLVMOrcLLJITRef j, LLVMOrcExecutorAddress *addr,
                                       const char *name);

LLVMErrorRef __wrap_LLVMOrcLLJITLookup(LLVMOrcLLJITRef j, LLVMOrcExecutorAddress *addr,
                                       const char *name)
{
   if (fail_lookups)
      return LLVMCreateStringError("lookup failure injected by test_jit_cache");
   return __real_LLVMOrcLLJITLookup(j, addr, name);
}

/* Lines of `path` containing `what`. */
static unsigned count_lines(const char *path, const char *what)
{
   FILE *f = fopen(path, "r");
   unsigned n = 0;
   char line[4096];
   while (f && fgets(line, sizeof(line), f))
      n += strstr(line, what) != NULL;
   if (f)
      fclose(f);
   return n;
}

static int test_fallback(void)
{
   machine();
   reference();
   char err_path[] = "/tmp/r600sim-jit-fallback-XXXXXX";
   int fd = mkstemp(err_path);
   int saved = dup(2);
   if (fd < 0 || saved < 0 || dup2(fd, 2) < 0) {
      fprintf(stderr, "test_jit_cache: cannot redirect stderr\n");
      return 2;
   }
   fail_lookups = true;
   unsigned built = stats().jit_built;
   struct sim_program *p[3];
   for (unsigned k = 0; k < 3; k++) {
      struct sim_shader_env env = env_of(10);
      p[k] = sim_program_get_engine(&env, prog_va[k], SIM_ENGINE_JIT);
      check(p[k] && sim_program_engine(p[k]) == SIM_ENGINE_INTERP,
            "variant %u: a failed compile leaves the program on the interpreter", k);
      check(run(p[k], &env, &lanes, &out) && same_as_reference(k, &lanes, &out),
            "variant %u runs on the interpreter with the reference results", k);
   }
   check(stats().jit_built == built + 3, "the three programs were built before linking failed");
   struct sim_shader_env env = env_of(10);
   check(sim_program_get_engine(&env, prog_va[0], SIM_ENGINE_JIT) == p[0] &&
            stats().jit_built == built + 3,
         "a program that failed to compile is not compiled again");
   fail_lookups = false;
   jit_run(3, 11, "after the failures");
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   close(fd);
   FILE *captured = fopen(err_path, "r");   /* show what went to stderr meanwhile */
   char line[512];
   while (captured && fgets(line, sizeof(line), captured))
      fputs(line, stderr);
   if (captured)
      fclose(captured);
   unsigned warnings = count_lines(err_path, "JIT compile failed");
   check(warnings == 1, "the failure is warned once (%u warnings)", warnings);
   check(count_lines(err_path, "lookup failure injected") == 1, "the warning gives the reason");
   unlink(err_path);
   return check_report();
}

/* ---- disk: the child ------------------------------------------------------------------- */

static int child(unsigned n)
{
   machine();
   reference();
   uint64_t digest = 0xcbf29ce484222325ull;
   unsigned on_jit = 0, mismatches = 0;
   for (unsigned k = 0; k < n; k++) {
      struct sim_shader_env env = env_of(100 + k);
      struct sim_program *p = sim_program_get_engine(&env, prog_va[k], SIM_ENGINE_JIT);
      on_jit += p && sim_program_engine(p) == SIM_ENGINE_JIT;
      mismatches += !run(p, &env, &lanes, &out) || !same_as_reference(k, &lanes, &out);
      const uint8_t *b = (const uint8_t *)&lanes;
      for (size_t i = 0; i < sizeof(lanes); i++)
         digest = (digest ^ b[i]) * 0x100000001b3ull;
   }
   struct sim_program_cache_stats s = stats();
   printf("built=%u loaded=%u rejected=%u jit=%u mismatches=%u digest=%016llx\n", s.jit_built,
          s.jit_loaded, s.jit_disk_rejected, on_jit, mismatches, (unsigned long long)digest);
   return check_failed ? 1 : 0;
}

/* ---- disk: the parent ------------------------------------------------------------------ */

struct run_result {
   unsigned built, loaded, rejected, jit, mismatches;
   unsigned long long digest;
   unsigned warnings, ir_dumps;   /* stderr lines: disk cache warnings, JIT IR dumps */
   bool ok;
};

static char tmp_dir[64], cache_dir[128];

/* Starts `test_jit_cache child DIR N` with the environment changes env[] ("NAME=value" or
 * "NAME" to unset), stdout and stderr into files of the temporary directory (suffix
 * `tag`). */
static pid_t start_child(const char *dir, unsigned n, const char *const *env, const char *tag)
{
   char num[16], out[160], err[160];
   snprintf(num, sizeof(num), "%u", n);
   snprintf(out, sizeof(out), "%s/out%s", tmp_dir, tag);
   snprintf(err, sizeof(err), "%s/err%s", tmp_dir, tag);
   fflush(NULL);
   pid_t pid = fork();
   if (pid)
      return pid;
   setenv("R600SIM_CACHE_DIR", "", 1);   /* no disk cache, not even the default */
   unsetenv("R600SIM_CACHE_DIR_SIZE");
   unsetenv("R600SIM_DEBUG");
   unsetenv("R600SIM_JIT_OPT");
   for (; env && *env; env++) {
      char *e = strdup(*env), *eq = strchr(e, '=');
      if (eq) {
         *eq = 0;
         setenv(e, eq + 1, 1);
      } else {
         unsetenv(e);
      }
   }
   int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), r = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
   if (o < 0 || r < 0 || dup2(o, 1) < 0 || dup2(r, 2) < 0)
      _exit(126);
   if (dir)
      setenv("R600SIM_CACHE_DIR", dir, 1);
   execl("/proc/self/exe", "test_jit_cache", "child", dir ? dir : "-", num, (char *)NULL);
   _exit(127);
}

static struct run_result finish_child(pid_t pid, const char *tag)
{
   struct run_result r = { 0 };
   int status;
   if (pid < 0 || waitpid(pid, &status, 0) != pid)
      return r;
   char out[160], err[160];
   snprintf(out, sizeof(out), "%s/out%s", tmp_dir, tag);
   snprintf(err, sizeof(err), "%s/err%s", tmp_dir, tag);
   FILE *f = fopen(out, "r");
   r.ok = f && fscanf(f, "built=%u loaded=%u rejected=%u jit=%u mismatches=%u digest=%llx", &r.built,
                      &r.loaded, &r.rejected, &r.jit, &r.mismatches, &r.digest) == 6 &&
          WIFEXITED(status) && WEXITSTATUS(status) == 0;
   if (f)
      fclose(f);
   r.warnings = count_lines(err, "ignoring disk cache entry") + count_lines(err, "R600SIM_CACHE_DIR=");
   r.ir_dumps = count_lines(err, "JIT IR of");
   if (!r.ok)
      fprintf(stderr, "child run %s failed (status 0x%x); its stderr is %s\n", tag, status, err);
   return r;
}

static struct run_result run_child(const char *dir, unsigned n, const char *const *env, const char *tag)
{
   return finish_child(start_child(dir, n, env, tag), tag);
}

static unsigned long long first_digest;

/* Checks a child run's counters. */
static void expect(const char *what, struct run_result r, unsigned built, unsigned loaded,
                   unsigned rejected, unsigned warnings)
{
   check(r.ok, "%s: the run completes", what);
   check(r.built == built && r.loaded == loaded && r.rejected == rejected,
         "%s: %u built, %u loaded, %u rejected (got %u, %u, %u)", what, built, loaded, rejected,
         r.built, r.loaded, r.rejected);
   check(r.jit == NPROGS && r.mismatches == 0,
         "%s: all %u programs on the JIT, bit-identical to the interpreter (%u, %u mismatches)",
         what, NPROGS, r.jit, r.mismatches);
   check(r.digest == first_digest, "%s: the same results as the first run", what);
   check(r.warnings == warnings, "%s: %u warning(s) (%u)", what, warnings, r.warnings);
}

/* The entry files (*.r6o) of directory `dir`, sorted; returns their count. */
static unsigned entries_in(const char *dir, char names[][64], unsigned max, unsigned *temps)
{
   char cmd[256];
   snprintf(cmd, sizeof(cmd), "ls -a %s", dir);
   FILE *p = popen(cmd, "r");
   unsigned n = 0;
   *temps = 0;
   char line[256];
   while (p && fgets(line, sizeof(line), p)) {
      line[strcspn(line, "\n")] = 0;
      size_t len = strlen(line);
      if (len > 4 && !strcmp(line + len - 4, ".r6o") && n < max)
         snprintf(names[n++], 64, "%.63s", line);
      *temps += !strncmp(line, ".tmp", 4);
   }
   if (p)
      pclose(p);
   return n;
}

static unsigned entries(char names[][64], unsigned max, unsigned *temps)
{
   return entries_in(cache_dir, names, max, temps);
}

static uint8_t *slurp(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   *len = (size_t)ftell(f);
   rewind(f);
   uint8_t *b = malloc(*len ? *len : 1);
   if (b && fread(b, 1, *len, f) != *len) {
      free(b);
      b = NULL;
   }
   fclose(f);
   return b;
}

static void spit(const char *path, const void *b, size_t len)
{
   FILE *f = fopen(path, "wb");
   check(f && fwrite(b, 1, len, f) == len, "writing %s", path);
   if (f)
      fclose(f);
}

static uint64_t fnv(uint64_t h, const uint8_t *b, size_t n)
{
   for (size_t i = 0; i < n; i++)
      h = (h ^ b[i]) * 0x100000001b3ull;
   return h;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
   (void)st, (void)flag, (void)ftw;
   return remove(path);
}

static uint64_t file_bytes(const char *dir, const char *name)
{
   char path[256];
   struct stat st;
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   return stat(path, &st) ? 0 : (uint64_t)st.st_size;
}

static bool listed(char names[][64], unsigned n, const char *name)
{
   for (unsigned i = 0; i < n; i++) {
      if (!strcmp(names[i], name))
         return true;
   }
   return false;
}

/* R600SIM_CACHE_DIR_SIZE: a directory of all NPROGS entries, each an hour old (older in
 * name order), without the entry of program 4; a run of programs 0..4 with the bound one
 * byte below the full directory loads 0..3 (refreshing their times), builds and stores 4,
 * and must then remove the oldest entries of programs 5.., in name order, until at most
 * 3/4 of the bound is left: the expected survivors are computed here from the file sizes.
 * (Which entry is which program: the entries of runs of programs 0..3 and 0..4.) */
static void test_size_bound(void)
{
   char all[160], first4[160], first5[160];
   snprintf(all, sizeof(all), "%s/bounded", tmp_dir);
   snprintf(first4, sizeof(first4), "%s/first4", tmp_dir);
   snprintf(first5, sizeof(first5), "%s/first5", tmp_dir);
   struct run_result a = run_child(all, NPROGS, NULL, "m"), f = run_child(first5, 5, NULL, "n");
   struct run_result f4 = run_child(first4, 4, NULL, "q");
   char names[NPROGS + 4][64], used[8][64], used4[8][64];
   unsigned temps;
   unsigned n = entries_in(all, names, NPROGS + 4, &temps), nu = entries_in(first5, used, 8, &temps);
   unsigned nu4 = entries_in(first4, used4, 8, &temps);
   check(a.ok && f.ok && f4.ok && n == NPROGS && nu == 5 && nu4 == 4,
         "size bound: %u, 5 and 4 entries to start from (%u, %u, %u)", NPROGS, n, nu, nu4);
   if (n != NPROGS || nu != 5 || nu4 != 4)
      return;
   unsigned last = 0;   /* program 4's entry in used[] */
   while (last < 4 && listed(used4, nu4, used[last]))
      last++;
   uint64_t size[NPROGS], total = 0;
   struct timespec now;
   clock_gettime(CLOCK_REALTIME, &now);
   for (unsigned i = 0; i < n; i++) {
      char path[256];
      snprintf(path, sizeof(path), "%s/%s", all, names[i]);
      struct timespec t[2] = { { now.tv_sec - 3600 + i, 0 }, { now.tv_sec - 3600 + i, 0 } };
      check(!utimensat(AT_FDCWD, path, t, 0), "setting the time of %s", path);
      size[i] = file_bytes(all, names[i]);
      total += size[i];
   }
   char removed[256];
   snprintf(removed, sizeof(removed), "%s/%s", all, used[last]);
   check(!unlink(removed), "removing %s", removed);

   uint64_t bound = total - 1, left = total;
   bool expect_kept[NPROGS];
   for (unsigned i = 0; i < n; i++) {
      expect_kept[i] = true;
      if (!listed(used, nu, names[i]) && left > bound / 4 * 3) {
         expect_kept[i] = false;
         left -= size[i];
      }
   }
   char env_bound[64];
   snprintf(env_bound, sizeof(env_bound), "R600SIM_CACHE_DIR_SIZE=%llu", (unsigned long long)bound);
   const char *env[] = { env_bound, NULL };
   struct run_result r = run_child(all, 5, env, "o");
   check(r.ok && r.built == 1 && r.loaded == 4 && r.jit == 5 && r.mismatches == 0,
         "size bound: 1 built, 4 loaded, all on the JIT, same as the interpreter (%u, %u, %u, %u)",
         r.built, r.loaded, r.jit, r.mismatches);
   char after[NPROGS + 4][64];
   unsigned na = entries_in(all, after, NPROGS + 4, &temps);
   uint64_t kept_bytes = 0;
   unsigned kept = 0;
   bool same = true;
   for (unsigned i = 0; i < n; i++) {
      same &= listed(after, na, names[i]) == expect_kept[i];
      kept += expect_kept[i];
      kept_bytes += expect_kept[i] ? size[i] : 0;
   }
   check(same && na == kept && kept < NPROGS && kept_bytes <= bound / 4 * 3 && temps == 0,
         "size bound: the %u entries used least recently are removed, %u entries (%llu bytes of "
         "at most %llu) are left (%u)", NPROGS - kept, kept, (unsigned long long)kept_bytes,
         (unsigned long long)(bound / 4 * 3), na);

   const char *bad[] = { "R600SIM_CACHE_DIR_SIZE=12Q", NULL };
   struct run_result b = run_child(all, 5, bad, "p");
   char err[160];
   snprintf(err, sizeof(err), "%s/errp", tmp_dir);
   check(b.ok && b.jit == 5 && count_lines(err, "R600SIM_CACHE_DIR_SIZE=12Q is not a size") == 1,
         "a bad R600SIM_CACHE_DIR_SIZE is reported once and the run goes on");
}

static int test_disk(void)
{
   snprintf(tmp_dir, sizeof(tmp_dir), "/tmp/r600sim-jit-cache-XXXXXX");
   if (!mkdtemp(tmp_dir)) {
      perror("mkdtemp");
      return 2;
   }
   snprintf(cache_dir, sizeof(cache_dir), "%s/cache/objects", tmp_dir);   /* created by the run */
   const char *jitir[] = { "R600SIM_DEBUG=jitir", NULL };

   struct run_result a = run_child(cache_dir, NPROGS, jitir, "a");
   first_digest = a.digest;
   expect("cold run", a, NPROGS, 0, 0, 0);
   check(a.ir_dumps == NPROGS, "cold run: R600SIM_DEBUG=jitir prints the IR of each module built (%u)",
         a.ir_dumps);
   char names[2 * NPROGS + 4][64];
   unsigned temps;
   unsigned n = entries(names, 2 * NPROGS + 4, &temps);
   check(n == NPROGS && temps == 0, "cold run: %u entries and no temporary files (%u, %u)", NPROGS, n,
         temps);

   struct run_result b = run_child(cache_dir, NPROGS, jitir, "b");
   expect("warm run", b, 0, NPROGS, 0, 0);
   check(b.ir_dumps == 0, "warm run: no IR is built or printed (%u)", b.ir_dumps);

   /* R600SIM_CACHE_DIR unset: the default directory, $XDG_CACHE_HOME/r600sim, else
    * $HOME/.cache/r600sim, as Mesa's shader cache. */
   char home[160], xdg[160], home_env[176], xdg_env[176], dflt[192];
   snprintf(home, sizeof(home), "%s/home", tmp_dir);
   snprintf(home_env, sizeof(home_env), "HOME=%s", home);
   const char *by_home[] = { "R600SIM_CACHE_DIR", "XDG_CACHE_HOME", home_env, NULL };
   struct run_result h1 = run_child(NULL, NPROGS, by_home, "h1");
   expect("default directory, cold", h1, NPROGS, 0, 0, 0);
   snprintf(dflt, sizeof(dflt), "%s/.cache/r600sim", home);
   n = entries_in(dflt, names, 2 * NPROGS + 4, &temps);
   check(n == NPROGS, "default directory: %u entries in $HOME/.cache/r600sim (%u)", NPROGS, n);
   struct run_result h2 = run_child(NULL, NPROGS, by_home, "h2");
   expect("default directory, warm", h2, 0, NPROGS, 0, 0);
   snprintf(xdg, sizeof(xdg), "%s/xdg", tmp_dir);
   snprintf(xdg_env, sizeof(xdg_env), "XDG_CACHE_HOME=%s", xdg);
   const char *by_xdg[] = { "R600SIM_CACHE_DIR", xdg_env, home_env, NULL };
   struct run_result x1 = run_child(NULL, NPROGS, by_xdg, "x1");
   expect("XDG_CACHE_HOME, cold", x1, NPROGS, 0, 0, 0);
   snprintf(dflt, sizeof(dflt), "%s/r600sim", xdg);
   n = entries_in(dflt, names, 2 * NPROGS + 4, &temps);
   check(n == NPROGS, "default directory: %u entries in $XDG_CACHE_HOME/r600sim (%u)", NPROGS, n);
   const char *off[] = { "R600SIM_CACHE_DIR=", xdg_env, NULL };
   struct run_result o1 = run_child(NULL, NPROGS, off, "o1");
   expect("R600SIM_CACHE_DIR set and empty: no disk cache", o1, NPROGS, 0, 0, 0);
   n = entries(names, 2 * NPROGS + 4, &temps);

   /* Damage four entries: a flipped object byte, a truncation, a bad magic, another
    * program's entry under this name. */
   char path[4][256];
   for (unsigned i = 0; i < 4 && i < n; i++)
      snprintf(path[i], sizeof(path[i]), "%s/%.63s", cache_dir, names[i]);
   size_t len[4];
   uint8_t *f[4];
   for (unsigned i = 0; i < 4; i++)
      f[i] = slurp(path[i], &len[i]);
   check(f[0] && f[1] && f[2] && f[3], "reading four entries");
   if (!f[0] || !f[1] || !f[2] || !f[3])
      return check_report();
   f[0][len[0] - 7] ^= 0x40;
   spit(path[0], f[0], len[0]);
   spit(path[1], f[1], len[1] / 2);
   f[2][0] = 'X';
   spit(path[2], f[2], len[2]);
   char other[256];
   snprintf(other, sizeof(other), "%s/%.63s", cache_dir, names[4]);
   size_t other_len;
   uint8_t *o = slurp(other, &other_len);
   check(o != NULL, "reading a fifth entry");
   if (o)
      spit(path[3], o, other_len);
   free(o);
   struct run_result c = run_child(cache_dir, NPROGS, NULL, "c");
   expect("damaged entries", c, 4, NPROGS - 4, 4, 1);
   struct run_result d = run_child(cache_dir, NPROGS, NULL, "d");
   expect("after the damage", d, 0, NPROGS, 0, 0);

   /* An entry with a valid header, key and checksum whose object is not one. */
   free(f[0]);
   f[0] = slurp(path[0], &len[0]);
   uint32_t key_len;
   memcpy(&key_len, f[0] + 12, 4);
   size_t obj = 40 + key_len;
   for (size_t i = obj; i < len[0]; i++)
      f[0][i] = (uint8_t)(i * 7);
   uint64_t sum = fnv(0xcbf29ce484222325ull, f[0] + 40, len[0] - 40);
   memcpy(f[0] + 32, &sum, 8);
   spit(path[0], f[0], len[0]);
   struct run_result e = run_child(cache_dir, NPROGS, NULL, "e");
   expect("unlinkable object", e, 1, NPROGS - 1, 1, 1);

   /* Another opt level: other keys, the same results. */
   const char *opt0[] = { "R600SIM_JIT_OPT=0", NULL };
   struct run_result g = run_child(cache_dir, NPROGS, opt0, "g");
   expect("R600SIM_JIT_OPT=0", g, NPROGS, 0, 0, 0);
   n = entries(names, 2 * NPROGS + 4, &temps);
   check(n == 2 * NPROGS, "both opt levels' entries are kept (%u)", n);
   struct run_result h = run_child(cache_dir, NPROGS, opt0, "h");
   expect("R600SIM_JIT_OPT=0 again", h, 0, NPROGS, 0, 0);

   /* Two processes filling an empty directory at once, then a reader. */
   char dir2[160];
   snprintf(dir2, sizeof(dir2), "%s/concurrent", tmp_dir);
   pid_t p1 = start_child(dir2, NPROGS, NULL, "i"), p2 = start_child(dir2, NPROGS, NULL, "j");
   struct run_result i = finish_child(p1, "i"), j = finish_child(p2, "j");
   check(i.ok && j.ok && i.digest == first_digest && j.digest == first_digest && !i.mismatches &&
            !j.mismatches && !i.rejected && !j.rejected,
         "concurrent writers: both runs complete with the same results, nothing rejected");
   struct run_result k = run_child(dir2, NPROGS, NULL, "k");
   expect("after concurrent writers", k, 0, NPROGS, 0, 0);

   /* A path below a regular file cannot be a directory: warned, no disk cache. */
   char bad[200];
   snprintf(bad, sizeof(bad), "%s/outa/sub", tmp_dir);
   struct run_result l = run_child(bad, NPROGS, NULL, "l");
   expect("unusable directory", l, NPROGS, 0, 0, 1);

   test_size_bound();
   for (unsigned q = 0; q < 4; q++)
      free(f[q]);
   nftw(tmp_dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
   return check_report();
}

/* ---- exit -------------------------------------------------------------------------------- */

#define EXIT_PROGS 200

static pthread_t compiler;
static atomic_uint compiled, on_interp, exit_mismatches;
static atomic_bool first_done;

static void *compile_thread(void *arg)
{
   (void)arg;
   static struct sim_lanes ref_l, l;
   static struct sim_exports ref_o, o;
   for (unsigned k = 0; k < EXIT_PROGS; k++) {
      uint64_t va = build(k);
      struct sim_shader_env env = env_of(k + 1);
      struct sim_program *ref = sim_program_get_engine(&env, va, SIM_ENGINE_INTERP);
      struct sim_program *p = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
      bool ok = run(ref, &env, &ref_l, &ref_o) && run(p, &env, &l, &o) &&
                !memcmp(&ref_l, &l, sizeof(l)) && !memcmp(&ref_o, &o, sizeof(o));
      atomic_fetch_add(&exit_mismatches, !ok);
      if (p && sim_program_engine(p) == SIM_ENGINE_JIT)
         atomic_fetch_add(&compiled, 1);
      else
         atomic_fetch_add(&on_interp, 1);
      atomic_store(&first_done, true);
   }
   return NULL;
}

static void join_compiler(void)
{
   pthread_join(compiler, NULL);
   printf("exit: jit=%u interp=%u mismatches=%u\n", atomic_load(&compiled),
          atomic_load(&on_interp), atomic_load(&exit_mismatches));
   fflush(stdout);
   if (atomic_load(&exit_mismatches))
      _exit(1);
}

static int exit_child(void)
{
   machine();
   atexit(join_compiler);   /* registered before the JIT exists, like the GPU thread's */
   if (pthread_create(&compiler, NULL, compile_thread, NULL))
      return 2;
   while (!atomic_load(&first_done))
      usleep(1000);
   return 0;                /* exit() while the thread compiles */
}

static int test_exit(void)
{
   snprintf(tmp_dir, sizeof(tmp_dir), "/tmp/r600sim-jit-exit-XXXXXX");
   if (!mkdtemp(tmp_dir)) {
      perror("mkdtemp");
      return 2;
   }
   char out[160], err[160];
   snprintf(out, sizeof(out), "%s/out", tmp_dir);
   snprintf(err, sizeof(err), "%s/err", tmp_dir);
   fflush(NULL);
   pid_t pid = fork();
   if (pid == 0) {
      int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), r = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (o < 0 || r < 0 || dup2(o, 1) < 0 || dup2(r, 2) < 0)
         _exit(126);
      execl("/proc/self/exe", "test_jit_cache", "exit-child", (char *)NULL);
      _exit(127);
   }
   int status = 0;
   check(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
            WEXITSTATUS(status) == 0,
         "the process exits cleanly while programs are being compiled (status 0x%x)", status);
   unsigned jit = 0, interp = 0, mism = 1;
   FILE *f = fopen(out, "r");
   check(f && fscanf(f, "exit: jit=%u interp=%u mismatches=%u", &jit, &interp, &mism) == 3,
         "the exit handler ran");
   if (f)
      fclose(f);
   check(jit >= 1 && interp >= 1 && jit + interp == EXIT_PROGS && mism == 0,
         "programs before the exit on the JIT (%u), after it on the interpreter (%u), all with "
         "the interpreter's results (%u mismatches)", jit, interp, mism);
   check(count_lines(err, "the process is exiting") == 1, "the fallback at exit is warned once");
   nftw(tmp_dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
   return check_report();
}

int main(int argc, char **argv)
{
   if (argc == 4 && !strcmp(argv[1], "child"))
      return child((unsigned)atoi(argv[3]));
   setenv("R600SIM_CACHE_DIR", "", 1);   /* the other modes count builds: no disk cache */
   if (argc == 2 && !strcmp(argv[1], "lru"))
      return test_lru();
   if (argc == 2 && !strcmp(argv[1], "disk"))
      return test_disk();
   if (argc == 2 && !strcmp(argv[1], "fallback"))
      return test_fallback();
   if (argc == 2 && !strcmp(argv[1], "exit"))
      return test_exit();
   if (argc == 2 && !strcmp(argv[1], "exit-child"))
      return exit_child();
   fprintf(stderr, "usage: test_jit_cache lru|disk|fallback|exit\n");
   return 2;
}
