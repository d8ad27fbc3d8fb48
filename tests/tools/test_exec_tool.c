/* bin/r600sim-exec (tools/r600sim_exec.c): small programs assembled here with the
 * generated R6_/R7_ microcode macros are written to temporary files and run through the
 * tool (its path is argv[1]); the test checks exact output lines (tools/EXEC_FORMAT.md),
 * exit codes, --seed reproducibility against an independent splitmix64, and that
 * --engine interp and --engine jit print byte-identical output. Both chips. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "r600_regs.h"
#include "check.h"

static const char *tool;
static char tmpdir[] = "/tmp/r600sim-exec-test.XXXXXX";

static uint32_t U(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* ---- a small assembler over the generated macros ------------------------------------- */

static bool r7;
#define FLD(word, field, v) (r7 ? R7_##word##__##field(v) : R6_##word##__##field(v))
#define ENU(word, field, val) (r7 ? R7_##word##__##field##__##val : R6_##word##__##field##__##val)
#define OP2(n) ENU(SQ_ALU_WORD1_OP2, ALU_INST, SQ_OP2_INST_##n)
#define CFI(n) ENU(SQ_CF_WORD1, CF_INST, SQ_CF_INST_##n)
#define ALUK(n) ENU(SQ_CF_ALU_WORD1, CF_INST, SQ_CF_INST_##n)
#define SRC(n) ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_##n)
#define KC(i) (128u + (i))          /* kcache set 0, constant i of the locked line */
#define XYZW 0u, 1u, 2u, 3u

#define CF_SLOTS 16                 /* CF instructions in qwords 0..15, clauses after */

struct prog {
   uint32_t dw[512];
   unsigned ncf, qw, clause;
};

static void prog_init(struct prog *p)
{
   memset(p, 0, sizeof(*p));
   p->qw = CF_SLOTS;
}

static void put(struct prog *p, unsigned qword, uint32_t a, uint32_t b)
{
   p->dw[2 * qword] = a;
   p->dw[2 * qword + 1] = b;
}

struct alu {
   uint32_t op;
   unsigned dst, chan;
   unsigned s0, c0, s1, c1;
   bool nowrite, exec, pred, s0rel, clamp;
};

static void alu(struct prog *p, struct alu a, bool last)
{
   if (p->clause == 0)
      p->clause = p->qw;
   put(p, p->qw++,
       FLD(SQ_ALU_WORD0, SRC0_SEL, a.s0) | FLD(SQ_ALU_WORD0, SRC0_CHAN, a.c0) |
          FLD(SQ_ALU_WORD0, SRC0_REL, a.s0rel) | FLD(SQ_ALU_WORD0, SRC1_SEL, a.s1) |
          FLD(SQ_ALU_WORD0, SRC1_CHAN, a.c1) | FLD(SQ_ALU_WORD0, LAST, last),
       FLD(SQ_ALU_WORD1, DST_GPR, a.dst) | FLD(SQ_ALU_WORD1, DST_CHAN, a.chan) |
          FLD(SQ_ALU_WORD1, CLAMP, a.clamp) |
          FLD(SQ_ALU_WORD1_OP2, ALU_INST, a.op) | FLD(SQ_ALU_WORD1_OP2, WRITE_MASK, !a.nowrite) |
          FLD(SQ_ALU_WORD1_OP2, UPDATE_EXECUTE_MASK, a.exec) |
          FLD(SQ_ALU_WORD1_OP2, UPDATE_PRED, a.pred));
}

static void literal(struct prog *p, uint32_t a, uint32_t b)
{
   put(p, p->qw++, a, b);
}

/* Ends the ALU clause being built with a CF_ALU of `kind` (kcache set 0 locks line 0). */
static void cf_alu(struct prog *p, uint32_t kind, bool kcache)
{
   put(p, p->ncf++,
       FLD(SQ_CF_ALU_WORD0, ADDR, p->clause) |
          FLD(SQ_CF_ALU_WORD0, KCACHE_MODE0,
              kcache ? ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_1) : 0u),
       FLD(SQ_CF_ALU_WORD1, COUNT, p->qw - p->clause - 1) | FLD(SQ_CF_ALU_WORD1, CF_INST, kind) |
          FLD(SQ_CF_ALU_WORD1, BARRIER, 1));
   p->clause = 0;
}

static void cf(struct prog *p, uint32_t inst, unsigned addr, unsigned pop, bool eop)
{
   put(p, p->ncf++, FLD(SQ_CF_WORD0, ADDR, addr),
       FLD(SQ_CF_WORD1, CF_INST, inst) | FLD(SQ_CF_WORD1, POP_COUNT, pop) |
          FLD(SQ_CF_WORD1, END_OF_PROGRAM, eop) | FLD(SQ_CF_WORD1, BARRIER, 1));
}

#define EXP_TYPE(t) ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_##t)

static void cf_export(struct prog *p, uint32_t type, unsigned base, unsigned gpr, bool eop)
{
   put(p, p->ncf++,
       FLD(SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, base) | FLD(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, type) |
          FLD(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, gpr),
       FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, 0) | FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Y, 1) |
          FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Z, 2) | FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_W, 3) |
          FLD(SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, eop) |
          FLD(SQ_CF_ALLOC_EXPORT_WORD1, BARRIER, 1) |
          FLD(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST,
              eop ? ENU(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT_DONE)
                  : ENU(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT)));
}

/* Writes the program (CF area + clauses) to a file in tmpdir; returns its path. */
static const char *save(const struct prog *p, const char *name)
{
   static char path[64][256];   /* callers hold up to 64 paths at once */
   static unsigned next;
   char *s = path[next++ % 64];
   snprintf(s, 256, "%s/%s-%s.bin", tmpdir, name, r7 ? "rv770" : "r600");
   FILE *f = fopen(s, "wb");
   if (!f || fwrite(p->dw, 8, p->qw, f) != p->qw) {
      fprintf(stderr, "cannot write %s\n", s);
      exit(1);
   }
   fclose(f);
   return s;
}

static const char *save_bytes(const char *name, const void *data, size_t n)
{
   static char s[256];
   snprintf(s, sizeof(s), "%s/%s", tmpdir, name);
   FILE *f = fopen(s, "wb");
   if (!f || fwrite(data, 1, n, f) != n) {
      fprintf(stderr, "cannot write %s\n", s);
      exit(1);
   }
   fclose(f);
   return s;
}

/* ---- running the tool --------------------------------------------------------------- */

struct run {
   int status;        /* exit status, or -1 if it did not exit normally */
   char *out;         /* stdout */
   size_t len;
};

/* Runs the tool with `args` (NULL-terminated; the chip is added from r7). */
static struct run run_argv(const char *const *args)
{
   const char *argv[64];
   unsigned n = 0;
   argv[n++] = tool;
   argv[n++] = "--chip";
   argv[n++] = r7 ? "rv770" : "r600";
   for (; *args && n < 63; args++)
      argv[n++] = *args;
   argv[n] = NULL;

   struct run r = { -1, NULL, 0 };
   int fd[2];
   if (pipe(fd))
      exit(1);
   pid_t pid = fork();
   if (pid == 0) {
      dup2(fd[1], 1);
      close(fd[0]);
      close(fd[1]);
      if (!freopen("/dev/null", "w", stderr))
         _exit(127);
      execv(tool, (char *const *)argv);
      _exit(127);
   }
   close(fd[1]);
   size_t cap = 0;
   for (;;) {
      if (r.len + 65536 + 1 > cap) {
         cap = cap * 2 + 65536 + 1;
         r.out = realloc(r.out, cap);
      }
      ssize_t k = read(fd[0], r.out + r.len, cap - r.len - 1);
      if (k <= 0)
         break;
      r.len += (size_t)k;
   }
   r.out[r.len] = 0;
   close(fd[0]);
   int st;
   waitpid(pid, &st, 0);
   r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
   return r;
}

static struct run run_tool(const char *first, ...)
{
   const char *args[64];
   unsigned n = 0;
   va_list ap;
   va_start(ap, first);
   for (const char *a = first; a && n < 63; a = va_arg(ap, const char *))
      args[n++] = a;
   va_end(ap);
   args[n] = NULL;
   return run_argv(args);
}

/* True if the output holds `line` as a whole line. */
static bool has_line(const struct run *r, const char *line)
{
   size_t n = strlen(line);
   for (const char *p = r->out; (p = strstr(p, line)); p++)
      if ((p == r->out || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
         return true;
   return false;
}

static unsigned count_prefix(const struct run *r, const char *prefix)
{
   unsigned n = 0;
   size_t k = strlen(prefix);
   for (const char *p = r->out; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
      n += !strncmp(p, prefix, k);
   return n;
}

static bool same(const struct run *a, const struct run *b)
{
   return a->status == b->status && a->len == b->len && !memcmp(a->out, b->out, a->len);
}

static const char *vec(uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
   static char s[4][64];
   static unsigned i;
   char *p = s[i++ % 4];
   snprintf(p, 64, "0x%08x 0x%08x 0x%08x 0x%08x", x, y, z, w);
   return p;
}

static char *line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *line(const char *fmt, ...)
{
   static char s[4][256];
   static unsigned i;
   char *p = s[i++ % 4];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(p, 256, fmt, ap);
   va_end(ap);
   return p;
}

/* ---- programs -------------------------------------------------------------------------- */

/* R2 = (R0.x + R1.x, R0.y * R1.y, literal 2.5, kcache constant 3 .x); PIXEL 0 = R2. */
static const char *prog_arith(void)
{
   struct prog p;
   prog_init(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, 0, 0, 1, 0 }, false);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 2, 1, 0, 1, 1, 1 }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 2, SRC(LITERAL), 0 }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 3, KC(3), 0 }, true);
   literal(&p, U(2.5f), 0);
   cf_alu(&p, ALUK(ALU), true);
   cf_export(&p, EXP_TYPE(PIXEL), 0, 2, true);
   return save(&p, "arith");
}

/* KILLGT R0.x > 0; PIXEL 0 = R0. */
static const char *prog_kill(void)
{
   struct prog p;
   prog_init(&p);
   alu(&p, (struct alu){ OP2(KILLGT), 0, 0, 0, 0, SRC(0), 0, .nowrite = true }, true);
   cf_alu(&p, ALUK(ALU), false);
   cf_export(&p, EXP_TYPE(PIXEL), 0, 0, true);
   return save(&p, "kill");
}

/* R2.x = 0; loop { if (R2.x >= R1.x) break; R2.x += 1 } (integers); PIXEL 0 = R2. */
static const char *prog_loop(void)
{
   struct prog p;
   prog_init(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, SRC(0), 0 }, true);
   cf_alu(&p, ALUK(ALU), false);                                             /* 0 */
   cf(&p, CFI(LOOP_START_DX10), 8, 0, false);                               /* 1 */
   alu(&p, (struct alu){ OP2(PRED_SETGE_INT), 0, 0, 2, 0, 1, 0, .nowrite = true, .exec = true,
                         .pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), false);                                /* 2 */
   cf(&p, CFI(JUMP), 6, 1, false);                                          /* 3 */
   cf(&p, CFI(LOOP_BREAK), 7, 0, false);                                    /* 4 */
   cf(&p, CFI(POP), 6, 1, false);                                           /* 5 */
   alu(&p, (struct alu){ OP2(ADD_INT), 2, 0, 2, 0, SRC(1_INT), 0 }, true);
   cf_alu(&p, ALUK(ALU), false);                                            /* 6 */
   cf(&p, CFI(LOOP_END), 2, 0, false);                                      /* 7 */
   cf_export(&p, EXP_TYPE(PIXEL), 0, 2, true);                              /* 8 */
   return save(&p, "loop");
}

/* DX9 LOOP_START on loop constant 0: R2.x += 1 per iteration; PIXEL 0 = R2. */
static const char *prog_dx9_loop(void)
{
   struct prog p;
   prog_init(&p);
   cf(&p, CFI(LOOP_START), 3, 0, false);                                    /* 0 */
   alu(&p, (struct alu){ OP2(ADD_INT), 2, 0, 2, 0, SRC(1_INT), 0 }, true);
   cf_alu(&p, ALUK(ALU), false);                                            /* 1 */
   cf(&p, CFI(LOOP_END), 1, 0, false);                                      /* 2 */
   cf_export(&p, EXP_TYPE(PIXEL), 0, 2, true);                              /* 3 */
   return save(&p, "dx9loop");
}

/* VS: R1.x = R0.x + 100 (integer); POS 60 = R0, PARAM 0 = R1. */
static const char *prog_vs(void)
{
   struct prog p;
   prog_init(&p);
   alu(&p, (struct alu){ OP2(ADD_INT), 1, 0, 0, 0, SRC(LITERAL), 0 }, true);
   literal(&p, 100, 0);
   cf_alu(&p, ALUK(ALU), false);
   cf_export(&p, EXP_TYPE(POS), 60, 0, false);
   cf_export(&p, EXP_TYPE(PARAM), 0, 1, true);
   return save(&p, "vs");
}

/* AR.x = R0.x (MOVA_INT); R1.x = R[0 + AR.x].x: faults where R0.x leaves R0..R127. */
static const char *prog_relative(void)
{
   struct prog p;
   prog_init(&p);
   alu(&p, (struct alu){ OP2(MOVA_INT), 0, 0, 0, 0, .nowrite = true }, true);
   alu(&p, (struct alu){ OP2(MOV), 1, 0, 0, 0, .s0rel = true }, true);
   cf_alu(&p, ALUK(ALU), false);
   cf_export(&p, EXP_TYPE(PIXEL), 0, 1, true);
   return save(&p, "relative");
}

/* VTX fetch from buffer 0 (the constant buffer) at index R0.x into R1; PIXEL 0 = R1. */
static const char *prog_vtx(void)
{
   struct prog p;
   prog_init(&p);
   put(&p, p.ncf++, FLD(SQ_CF_WORD0, ADDR, p.qw),
       FLD(SQ_CF_WORD1, CF_INST, CFI(VTX)) | FLD(SQ_CF_WORD1, COUNT, 0) | FLD(SQ_CF_WORD1, BARRIER, 1));
   cf_export(&p, EXP_TYPE(PIXEL), 0, 1, true);
   put(&p, p.qw++,
       FLD(SQ_VTX_WORD0, VTX_INST, ENU(SQ_VTX_WORD0, VTX_INST, SQ_VTX_INST_FETCH)) |
          FLD(SQ_VTX_WORD0, BUFFER_ID, 0) | FLD(SQ_VTX_WORD0, SRC_GPR, 0) |
          FLD(SQ_VTX_WORD0, MEGA_FETCH_COUNT, 15),
       FLD(SQ_VTX_WORD1_GPR, DST_GPR, 1) | FLD(SQ_VTX_WORD1, DST_SEL_X, 0) |
          FLD(SQ_VTX_WORD1, DST_SEL_Y, 1) | FLD(SQ_VTX_WORD1, DST_SEL_Z, 2) |
          FLD(SQ_VTX_WORD1, DST_SEL_W, 3) |
          FLD(SQ_VTX_WORD1, DATA_FORMAT, ENU(SQ_VTX_WORD1, DATA_FORMAT, FMT_32_32_32_32_FLOAT)));
   put(&p, p.qw++, FLD(SQ_VTX_WORD2, MEGA_FETCH, 1), 0);
   return save(&p, "vtx");
}

/* JUMP over "R2.x = clamp(NaN)" unless bool constant 0 is set; PIXEL 0 = R2. */
static const char *prog_bool_clamp(void)
{
   struct prog p;
   prog_init(&p);
   put(&p, p.ncf++, FLD(SQ_CF_WORD0, ADDR, 2),
       FLD(SQ_CF_WORD1, CF_INST, CFI(JUMP)) | FLD(SQ_CF_WORD1, CF_CONST, 0) |
          FLD(SQ_CF_WORD1, COND, ENU(SQ_CF_WORD1, COND, SQ_CF_COND_BOOL)) |
          FLD(SQ_CF_WORD1, BARRIER, 1));                                    /* 0 */
   alu(&p, (struct alu){ OP2(MOV), 2, 0, SRC(LITERAL), 0, .clamp = true }, true);
   literal(&p, 0x7FC00000u, 0);
   cf_alu(&p, ALUK(ALU), false);                                           /* 1 */
   cf_export(&p, EXP_TYPE(PIXEL), 0, 2, true);                             /* 2 */
   return save(&p, "boolclamp");
}

/* TEX clause: R1 = GET_GRADIENTS_H(R0), R2 = GET_GRADIENTS_V(R0); PIXEL 0 = R1. */
static void tex_grad(struct prog *p, uint32_t inst, unsigned dst)
{
   put(p, p->qw++,
       FLD(SQ_TEX_WORD0, TEX_INST, inst) | FLD(SQ_TEX_WORD0, SRC_GPR, 0),
       FLD(SQ_TEX_WORD1, DST_GPR, dst) | FLD(SQ_TEX_WORD1, DST_SEL_X, 0) |
          FLD(SQ_TEX_WORD1, DST_SEL_Y, 1) | FLD(SQ_TEX_WORD1, DST_SEL_Z, 2) |
          FLD(SQ_TEX_WORD1, DST_SEL_W, 3));
   put(p, p->qw++, FLD(SQ_TEX_WORD2, SRC_SEL_X, 0) | FLD(SQ_TEX_WORD2, SRC_SEL_Y, 1) |
                      FLD(SQ_TEX_WORD2, SRC_SEL_Z, 2) | FLD(SQ_TEX_WORD2, SRC_SEL_W, 3), 0);
}

static const char *prog_gradients(void)
{
   struct prog p;
   prog_init(&p);
   put(&p, p.ncf++, FLD(SQ_CF_WORD0, ADDR, p.qw),
       FLD(SQ_CF_WORD1, CF_INST, CFI(TEX)) | FLD(SQ_CF_WORD1, COUNT, 1) | FLD(SQ_CF_WORD1, BARRIER, 1));
   cf_export(&p, EXP_TYPE(PIXEL), 0, 1, true);
   tex_grad(&p, ENU(SQ_TEX_WORD0, TEX_INST, SQ_TEX_INST_GET_GRADIENTS_H), 1);
   tex_grad(&p, ENU(SQ_TEX_WORD0, TEX_INST, SQ_TEX_INST_GET_GRADIENTS_V), 2);
   return save(&p, "gradients");
}

/* POP with an empty stack. */
static const char *prog_underflow(void)
{
   struct prog p;
   prog_init(&p);
   cf(&p, CFI(POP), 1, 1, false);
   cf(&p, CFI(NOP), 0, 0, true);
   return save(&p, "underflow");
}

/* Only END_OF_PROGRAM: reads nothing, writes nothing. */
static const char *prog_empty(void)
{
   struct prog p;
   prog_init(&p);
   cf(&p, CFI(NOP), 0, 0, true);
   p.qw = 1;
   return save(&p, "empty");
}

/* ---- the --seed generator, from its specification in tools/EXEC_FORMAT.md ----------- */

static uint64_t sm_state;
static uint32_t seed_value(void)
{
   static const uint32_t special[] = {
      0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x7F800000, 0xFF800000,
      0x7FC00000, 0xFFC00000, 0x7F800001, 0x00000001, 0x807FFFFF, 0x00400000, 0x00800000,
      0x7F7FFFFF, 0xFF7FFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x80000001, 0x4B000000, 0x4F000000,
      0x0000001F, 0x00000020 };
   sm_state += 0x9E3779B97F4A7C15ull;
   uint64_t z = sm_state;
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
   z ^= z >> 31;
   if (z >> 62 == 0)
      return special[(uint32_t)z % 23];
   return (uint32_t)z;
}

/* ---- tests ------------------------------------------------------------------------------ */

static void test_arith(void)
{
   const char *f = prog_arith();
   struct run r = run_tool("--gpr", "0=1.5,2,0,0", "--gpr", "1=0x40200000,-3,0,0",
                           "--gpr", "1@5=0.25,0.5,0,0", "--const", "3=7,0,0,0", f, NULL);
   check(r.status == 0, "arith: exit 0 (%d)", r.status);
   check(has_line(&r, r7 ? "r600sim-exec chip=rv770 stage=ps lanes=64"
                         : "r600sim-exec chip=r600 stage=ps lanes=64"), "arith: header");
   check(has_line(&r, "num_gprs 3"), "arith: NUM_GPRS from the program (R0..R2)");
   check(has_line(&r, "killed 0x0000000000000000"), "arith: nothing killed");
   check(has_line(&r, line("export PIXEL 0 lane 0 %s",
                           vec(U(1.5f + 2.5f), U(2.0f * -3.0f), U(2.5f), U(7.0f)))),
         "arith: ADD, MUL_IEEE, literal and kcache in lane 0");
   check(has_line(&r, line("export PIXEL 0 lane 5 %s",
                           vec(U(1.5f + 0.25f), U(2.0f * 0.5f), U(2.5f), U(7.0f)))),
         "arith: the lane-specific --gpr reaches lane 5 only");
   check(has_line(&r, line("export PIXEL 0 lane 63 %s",
                           vec(U(4.0f), U(-6.0f), U(2.5f), U(7.0f)))), "arith: lane 63");
   check(has_line(&r, line("gpr 1 lane 5 %s", vec(U(0.25f), U(0.5f), 0, 0))) &&
         has_line(&r, line("gpr 1 lane 4 %s", vec(0x40200000, U(-3.0f), 0, 0))),
         "arith: final GPR lines");
   check(count_prefix(&r, "export ") == 64 && count_prefix(&r, "gpr ") == 3 * 64 &&
         r.len > 4 && !strcmp(r.out + r.len - 4, "end\n"),
         "arith: 64 export lines, 192 GPR lines, end");

   struct run fl = run_tool("--floats", "--gpr", "0=1.5,2,0,0", "--gpr", "1=0x40200000,-3,0,0",
                            "--const", "3=7,0,0,0", f, NULL);
   check(has_line(&fl, line("export PIXEL 0 lane 0 %s  (4 -6 2.5 7)",
                            vec(U(4.0f), U(-6.0f), U(2.5f), U(7.0f)))), "--floats: float column");

   struct run n = run_tool("--gpr", "0=-0,inf,0,0", "--gpr", "1=0x80000000,nan,0,0", f, NULL);
   check(has_line(&n, line("gpr 0 lane 0 %s", vec(0x80000000, 0x7F800000, 0, 0))) &&
         has_line(&n, line("export PIXEL 0 lane 0 %s", vec(0x80000000, 0x7FC00000, 0x40200000, 0))),
         "value syntax: -0, inf, nan; -0 + -0 = -0, inf * nan = nan");

   struct run g = run_tool("--gprs-count", "5", f, NULL);
   check(g.status == 0 && has_line(&g, "num_gprs 5") && count_prefix(&g, "gpr 4 lane ") == 64,
         "--gprs-count decides NUM_GPRS");
   free(r.out);
   free(fl.out);
   free(n.out);
   free(g.out);
}

static void test_kill(void)
{
   const char *f = prog_kill();
   struct run r = run_tool("--gpr", "0=-1,0,0,0", "--gpr", "0@1=1,0,0,0", "--gpr", "0@49=2,0,0,0",
                           f, NULL);
   check(r.status == 0, "kill: exit 0 (%d)", r.status);
   check(has_line(&r, "killed 0x0002000000000002"), "kill: lanes 1 and 49 killed");
   check(has_line(&r, line("export PIXEL 0 lane 0 %s", vec(U(-1.0f), 0, 0, 0))) &&
         has_line(&r, line("export PIXEL 0 lane 1 %s", vec(0, 0, 0, 0))) &&
         has_line(&r, line("export PIXEL 0 lane 49 %s", vec(0, 0, 0, 0))),
         "kill: killed lanes export nothing");
   check(has_line(&r, line("gpr 0 lane 49 %s", vec(U(2.0f), 0, 0, 0))), "kill: GPRs stay");
   free(r.out);
}

static void test_loops(void)
{
   const char *f = prog_loop();
   struct run r = run_tool("--gpr", "1=0x3,0,0,0", "--gpr", "1@0=0x0,0,0,0",
                           "--gpr", "1@9=0x28,0,0,0", "--gpr", "1@40=0x1,0,0,0", f, NULL);
   check(r.status == 0, "loop: exit 0 (%d)", r.status);
   check(has_line(&r, line("export PIXEL 0 lane 0 %s", vec(0, 0, 0, 0))) &&
         has_line(&r, line("export PIXEL 0 lane 1 %s", vec(3, 0, 0, 0))) &&
         has_line(&r, line("export PIXEL 0 lane 9 %s", vec(40, 0, 0, 0))) &&
         has_line(&r, line("export PIXEL 0 lane 40 %s", vec(1, 0, 0, 0))),
         "loop: every lane breaks after its own count");
   free(r.out);

   const char *d = prog_dx9_loop();
   r = run_tool("--loop-const", "0=3,0,1", d, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 17 %s", vec(3, 0, 0, 0))),
         "DX9 loop: PS loop constant 0 COUNT 3");
   free(r.out);
   r = run_tool("--stage", "vs", "--loop-const", "0=5,0,1", d, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 2 %s", vec(5, 0, 0, 0))),
         "DX9 loop: VS loop constant 0 COUNT 5");
   free(r.out);
   r = run_tool(d, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 0 %s", vec(4095, 0, 0, 0))),
         "DX9 loop: default loop constant COUNT 4095");
   free(r.out);
}

static void test_vs(void)
{
   const char *f = prog_vs();
   struct run r = run_tool("--stage", "vs", "--gpr", "0@2=0x9,0,0,0x5", f, NULL);
   check(r.status == 0 && has_line(&r, r7 ? "r600sim-exec chip=rv770 stage=vs lanes=64"
                                          : "r600sim-exec chip=r600 stage=vs lanes=64"),
         "vs: exit 0, header (%d)", r.status);
   check(has_line(&r, line("export POS 60 lane 7 %s", vec(7, 0, 0, 0))) &&
         has_line(&r, line("export POS 60 lane 63 %s", vec(63, 0, 0, 0))),
         "vs: GPR0.x = vertex id (lane), .w = instance 0");
   check(has_line(&r, line("export POS 60 lane 2 %s", vec(9, 0, 0, 5))),
         "vs: --gpr 0@2 overrides the vertex id");
   check(has_line(&r, line("export PARAM 0 lane 7 %s", vec(107, 0, 0, 0))) &&
         count_prefix(&r, "export PARAM 0 ") == 64 && count_prefix(&r, "export POS 60 ") == 64,
         "vs: PARAM 0 = vertex id + 100");
   char *pos = strstr(r.out, "export POS 60 lane 0 "), *param = strstr(r.out, "export PARAM 0 lane 0 ");
   check(pos && param && pos < param, "vs: POS before PARAM");
   free(r.out);
}

static void test_vtx(void)
{
   const char *f = prog_vtx();
   struct run r = run_tool("--const", "5=1,2,3,4", "--gpr", "0=0x5,0,0,0",
                           "--gpr", "0@3=0x100,0,0,0", f, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 0 %s",
                                            vec(U(1), U(2), U(3), U(4)))),
         "vtx: PS fetch of constant 5 through resource 0 (%d)", r.status);
   check(has_line(&r, line("export PIXEL 0 lane 3 %s", vec(0, 0, 0, 0))),
         "vtx: index 256 is past the 256-constant buffer: 0");
   free(r.out);
   r = run_tool("--stage", "vs", "--const", "2=9,8,7,6", f, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 2 %s",
                                            vec(U(9), U(8), U(7), U(6)))),
         "vtx: VS fetch through resource 160 at the vertex id (%d)", r.status);
   free(r.out);
}

static void test_bool_clamp(void)
{
   const char *f = prog_bool_clamp();
   struct run r = run_tool("--gpr", "2=5,0,0,0", f, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 0 %s", vec(U(5), 0, 0, 0))),
         "bool constant 0 clear: JUMP skips the clause");
   free(r.out);
   r = run_tool("--gpr", "2=5,0,0,0", "--bool-const", "0x1", f, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 0 %s", vec(0x7FC00000, 0, 0, 0))),
         "--bool-const 0x1: the clause runs; clamped NaN stays NaN without DX10_CLAMP");
   free(r.out);
   r = run_tool("--gpr", "2=5,0,0,0", "--bool-const", "0x1", "--dx10-clamp", f, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 0 %s", vec(0, 0, 0, 0))),
         "--dx10-clamp: clamped NaN becomes 0");
   free(r.out);
   r = run_tool("--stage", "vs", "--gpr", "2=5,0,0,0", "--bool-const", "0x1", f, NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 0 %s", vec(0x7FC00000, 0, 0, 0))),
         "--bool-const sets the VS bool constants for --stage vs");
   free(r.out);
}

/* Quads are lanes 4q..4q+3 (TL, TR, BL, BR) and never straddle an engine call. */
static void test_gradients(void)
{
   struct run r = run_tool("--gpr", "0@16=1,0,0,0", "--gpr", "0@17=2,0,0,0",
                           "--gpr", "0@18=5,0,0,0", "--gpr", "0@19=9,0,0,0",
                           "--gpr", "0@15=100,0,0,0", prog_gradients(), NULL);
   check(r.status == 0, "gradients: exit 0 (%d)", r.status);
   check(has_line(&r, line("gpr 1 lane 16 %s", vec(U(1), 0, 0, 0))) &&
         has_line(&r, line("gpr 1 lane 17 %s", vec(U(1), 0, 0, 0))) &&
         has_line(&r, line("gpr 1 lane 18 %s", vec(U(4), 0, 0, 0))) &&
         has_line(&r, line("gpr 1 lane 19 %s", vec(U(4), 0, 0, 0))),
         "gradients: horizontal differences per row of quad 4 (lanes 16..19)");
   check(has_line(&r, line("gpr 2 lane 16 %s", vec(U(4), 0, 0, 0))) &&
         has_line(&r, line("gpr 2 lane 17 %s", vec(U(7), 0, 0, 0))) &&
         has_line(&r, line("gpr 2 lane 19 %s", vec(U(7), 0, 0, 0))),
         "gradients: vertical differences per column");
   check(has_line(&r, line("gpr 1 lane 15 %s", vec(U(100), 0, 0, 0))) &&
         has_line(&r, line("gpr 2 lane 13 %s", vec(U(100), 0, 0, 0))) &&
         has_line(&r, line("gpr 1 lane 20 %s", vec(0, 0, 0, 0))),
         "gradients: lane 15 belongs to quad 3 only");
   free(r.out);
}

static void test_seed(void)
{
   const char *f = prog_empty();
   struct run a = run_tool("--seed", "12345", "--gprs-count", "2", f, NULL);
   struct run b = run_tool("--seed", "12345", "--gprs-count", "2", f, NULL);
   struct run c = run_tool("--seed", "12346", "--gprs-count", "2", f, NULL);
   check(a.status == 0 && same(&a, &b), "seed: the same seed prints the same output");
   check(c.status == 0 && !same(&a, &c), "seed: another seed prints another output");

   /* Draw order: 256 constants x 4 channels, then GPR-major, channel, lane. */
   uint32_t v[2][4][64];
   sm_state = 12345;
   for (unsigned i = 0; i < 256 * 4; i++)
      seed_value();
   unsigned specials = 0;
   for (unsigned r = 0; r < 2; r++)
      for (unsigned ch = 0; ch < 4; ch++)
         for (unsigned l = 0; l < 64; l++)
            v[r][ch][l] = seed_value();
   bool ok = true;
   for (unsigned r = 0; r < 2; r++)
      for (unsigned l = 0; l < 64; l++) {
         ok &= has_line(&a, line("gpr %u lane %u %s", r, l,
                                 vec(v[r][0][l], v[r][1][l], v[r][2][l], v[r][3][l])));
         for (unsigned ch = 0; ch < 4; ch++)
            specials += v[r][ch][l] == 0x7FC00000 || v[r][ch][l] == 0x7F800000 ||
                        v[r][ch][l] == 0x80000000 || v[r][ch][l] == 0x00400000;
      }
   check(ok, "seed: values follow the documented splitmix64 draw order");
   check(specials > 0, "seed: NaN, Inf, -0 and denormals appear (%u)", specials);

   struct run d = run_tool("--seed", "12345", "--gprs-count", "2", "--gpr", "1=1,2,3,4", f, NULL);
   ok = true;
   for (unsigned l = 0; l < 64; l++) {
      ok &= has_line(&d, line("gpr 0 lane %u %s", l,
                              vec(v[0][0][l], v[0][1][l], v[0][2][l], v[0][3][l])));
      ok &= has_line(&d, line("gpr 1 lane %u %s", l, vec(U(1), U(2), U(3), U(4))));
   }
   check(ok, "seed: a given GPR replaces its seeded values and shifts no others");
   free(a.out);
   free(b.out);
   free(c.out);
   free(d.out);
}

/* --engine interp and --engine jit print byte-identical output (also when faulting). */
static void test_engines(void)
{
   struct { const char *file, *args[12]; } cases[] = {
      { prog_arith(), { "--seed", "7" } },
      { prog_arith(), { "--seed", "8", "--stage", "vs" } },
      { prog_kill(), { "--seed", "9" } },
      /* seeded, but R1.x (the loop count) given small */
      { prog_loop(), { "--seed", "3", "--gpr", "1=0x3,0,0,0", "--gpr", "1@33=0x11,0,0,0" } },
      { prog_dx9_loop(), { "--loop-const", "0=9,0,1", "--seed", "4" } },
      { prog_vs(), { "--stage", "vs", "--seed", "11" } },
      { prog_vtx(), { "--stage", "vs", "--seed", "12", "--gpr", "0@9=0x3,0,0,0" } },
      { prog_relative(), { "--gpr", "0=0x2,0,0,0", "--seed", "5" } },
      { prog_relative(), { "--gpr", "0=0x2,0,0,0", "--gpr", "0@20=0x300,0,0,0" } },
      { prog_underflow(), { "--seed", "6" } },
      { prog_gradients(), { "--seed", "13" } },
      { prog_bool_clamp(), { "--seed", "14", "--bool-const", "0x1", "--dx10-clamp" } },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const char *args[16] = { "--engine", "interp" };
      unsigned n = 2;
      for (const char *const *a = cases[i].args; *a; a++)
         args[n++] = *a;
      args[n++] = cases[i].file;
      struct run ri = run_argv(args);
      args[1] = "jit";
      struct run rj = run_argv(args);
      check(ri.len > 0 && same(&ri, &rj), "engines: case %u (%s) prints the same with both "
            "engines (exit %d / %d)", i, cases[i].file, ri.status, rj.status);
      free(ri.out);
      free(rj.out);
   }
}

static void test_faults(void)
{
   struct run r = run_tool(prog_underflow(), NULL);
   check(r.status == 3 && has_line(&r, "fault lanes 0-15: CF 0: stack underflow (pop 1 of 0)"),
         "fault: POP on an empty stack, exit 3 (%d)", r.status);
   check(!strstr(r.out, "gpr ") && !strstr(r.out, "killed"), "fault: no results printed");
   free(r.out);

   r = run_tool("--gpr", "0=0x2,0,0,0", "--gpr", "0@37=0x80,0,0,0", prog_relative(), NULL);
   check(r.status == 3 && strstr(r.out, "\nfault lanes 32-47: CF 0: relative GPR index") != NULL,
         "fault: a relative index out of the register file in lane 37 faults block 2 (%d)",
         r.status);
   free(r.out);
   r = run_tool("--gpr", "0=0x2,0,0,0", "--gpr", "2@37=5,0,0,0", prog_relative(), NULL);
   check(r.status == 0 && has_line(&r, line("export PIXEL 0 lane 37 %s", vec(U(5.0f), 0, 0, 0))) &&
         has_line(&r, line("export PIXEL 0 lane 36 %s", vec(0, 0, 0, 0))),
         "relative: R1.x = R[0 + AR.x].x reads R2.x (%d)", r.status);
   free(r.out);

   /* a NOP without END_OF_PROGRAM: the CF list runs off the end of the file */
   uint32_t nop[2] = { FLD(SQ_CF_WORD0, ADDR, 0),
                       FLD(SQ_CF_WORD1, CF_INST, CFI(NOP)) | FLD(SQ_CF_WORD1, BARRIER, 1) };
   r = run_tool(save_bytes("noend.bin", nop, 8), NULL);
   check(r.status == 3 && strstr(r.out, "\nfault decode: ") != NULL,
         "fault: a CF list without END_OF_PROGRAM is a decode fault (%d)", r.status);
   free(r.out);
}

static void test_bad_args(void)
{
   const char *f = prog_arith();
   static const uint8_t six[6] = { 0 };
   const char *odd = save_bytes("six.bin", six, 6);
   const char *empty = save_bytes("empty.bin", six, 0);
   const char *cases[][6] = {
      { NULL },
      { "--chip", "r700", f },
      { "--stage", "gs", f },
      { "--engine", "llvm", f },
      { "--gpr", "1=1,2,3", f },
      { "--gpr", "1=1,2,3,4,5", f },
      { "--gpr", "128=0,0,0,0", f },
      { "--gpr", "1@64=0,0,0,0", f },
      { "--gpr", "1=1,2,3,zz", f },
      { "--gpr", "1=-0x1,0,0,0", f },
      { "--gpr", "1=0x123456789,0,0,0", f },
      { "--const", "8176=0,0,0,0", f },
      { "--const", "1@2=0,0,0,0", f },
      { "--seed", "-1", f },
      { "--seed", "abc", f },
      { "--gprs-count", "0", f },
      { "--gprs-count", "2", "--gpr", "3=0,0,0,0", f },
      { "--loop-const", "0=5000,0,1", f },
      { "--bool-const", "7", f },
      { "--bogus", f },
      { f, f },
      { "--seed" },
      { "/nonexistent/prog.bin" },
      { odd },
      { empty },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct run r = run_argv(cases[i]);
      check(r.status == 2 && r.len == 0, "bad arguments: case %u (%s %s) exits 2 and prints "
            "nothing on stdout (exit %d)", i, cases[i][0] ? cases[i][0] : "", 
            cases[i][0] && cases[i][1] ? cases[i][1] : "", r.status);
      free(r.out);
   }
   struct run r = run_tool("--help", NULL);
   check(r.status == 0 && strncmp(r.out, "usage: ", 7) == 0, "--help: usage on stdout, exit 0");
   free(r.out);
}

int main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: test_exec_tool PATH-TO-r600sim_exec\n");
      return 2;
   }
   tool = argv[1];
   if (!mkdtemp(tmpdir)) {
      perror("mkdtemp");
      return 1;
   }
   for (int c = 0; c < 2; c++) {
      r7 = c == 1;
      test_arith();
      test_kill();
      test_loops();
      test_vs();
      test_vtx();
      test_bool_clamp();
      test_gradients();
      test_seed();
      test_engines();
      test_faults();
      test_bad_args();
   }
   char cmd[300];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
   if (system(cmd) != 0)
      fprintf(stderr, "could not remove %s\n", tmpdir);
   return check_report();
}
