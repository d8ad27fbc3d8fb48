/* r600sim-exec: runs one R6xx/R7xx shader binary on one 64-lane wavefront through the
 * simulator's engine interface (sim_program_get_engine / sim_program_run, as draws do)
 * and prints the exports and final GPRs. Options, value syntax, the --seed generator and
 * the output format are specified in tools/EXEC_FORMAT.md.
 * The engines run SIM_LANES (16) lanes per call, so the wavefront runs as four blocks of
 * four quads (lanes 16b..16b+15); quads never straddle a block, so derivatives see
 * exactly their own quad. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_gprs.h"
#include "exec_output.h"
#include "exec_values.h"
#include "common/gpu_memory.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"

#define MAX_FILE_BYTES (16u << 20)
#define DEFAULT_CONSTS 256u          /* constants in buffer 0 unless --const asks for more */
#define MAX_CONSTS (511u * 16u)      /* ALU_CONST_BUFFER_SIZE.DATA is 9 bits of 16 constants */
#define LOOP_CONSTS 32u              /* per stage */

enum { EXIT_OK = 0, EXIT_INTERNAL = 1, EXIT_USAGE = 2, EXIT_FAULT = 3, EXIT_NO_ENGINE = 4 };

struct gpr_arg { unsigned reg; int lane; uint32_t v[4]; };   /* lane -1: every lane */
struct const_arg { unsigned index; uint32_t v[4]; };

struct options {
   enum hw_chip chip;
   enum sim_stage stage;
   enum sim_engine engine;
   bool seeded, dx10_clamp, floats;
   uint64_t seed;
   unsigned gprs_count;             /* 0: from the program */
   uint32_t loop_const[LOOP_CONSTS];
   uint32_t bool_const;
   struct gpr_arg *gpr;
   unsigned ngpr;
   struct const_arg *cst;
   unsigned ncst;
   const char *path;
};

static uint32_t wave[SIM_MAX_GPRS][4][EXEC_WAVE_LANES];

/* Prints the usage and exits: 2 after an error message, 0 for --help (on stdout). */
static void usage(const char *msg, const char *arg)
{
   if (msg)
      fprintf(stderr, "r600sim-exec: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
   fprintf(msg ? stderr : stdout,
      "usage: r600sim-exec [--chip r600|rv770] [--stage vs|ps] [--engine interp|jit]\n"
      "                    [--seed S] [--gpr N[@LANE]=x,y,z,w]... [--const N=x,y,z,w]...\n"
      "                    [--gprs-count N] [--loop-const N=count,init,inc]...\n"
      "                    [--bool-const MASK] [--dx10-clamp] [--floats] PROGRAM\n"
      "  PROGRAM: raw little-endian shader binary (CF program at offset 0).\n"
      "  Values: floats (1.5, -0, inf, nan) or 0x-prefixed bit patterns.\n"
      "  Exit: 0 ok, 2 bad arguments or input, 3 the program faulted,\n"
      "        4 the chosen engine cannot run the program.\n"
      "  Output format: tools/EXEC_FORMAT.md.\n");
   exit(msg ? EXIT_USAGE : EXIT_OK);
}

static unsigned long long parse_uint_or_die(const char *s, unsigned long long max,
                                            const char *what)
{
   unsigned long long v;
   if (!exec_parse_uint(s, max, &v))
      usage(what, s);
   return v;
}

/* "N[@LANE]=..." -> index, lane (-1 when absent) and the text after '='. */
static const char *parse_target(char *arg, unsigned max_index, bool lanes, unsigned *index,
                                int *lane, const char *what)
{
   char *eq = strchr(arg, '=');
   if (!eq)
      usage(what, arg);
   *eq = 0;
   char *at = strchr(arg, '@');
   *lane = -1;
   if (at) {
      if (!lanes)
         usage(what, arg);
      *at = 0;
      *lane = (int)parse_uint_or_die(at + 1, EXEC_WAVE_LANES - 1, "lane out of range (0..63)");
   }
   *index = (unsigned)parse_uint_or_die(arg, max_index, what);
   return eq + 1;
}

static void *grow(void *p, unsigned n, size_t size)
{
   p = realloc(p, (n + 1) * size);
   if (!p) {
      fprintf(stderr, "r600sim-exec: out of memory\n");
      exit(EXIT_INTERNAL);
   }
   return p;
}

static void parse_args(int argc, char **argv, struct options *o)
{
   memset(o, 0, sizeof(*o));
   o->chip = HW_CHIP_R7XX;
   if (getenv("R600SIM_CHIP") && !hw_chip_from_name(getenv("R600SIM_CHIP"), &o->chip))
      usage("R600SIM_CHIP must be r600 or rv770", getenv("R600SIM_CHIP"));
   o->stage = SIM_STAGE_PS;
   o->engine = SIM_ENGINE_DEFAULT;
   for (unsigned i = 0; i < LOOP_CONSTS; i++)   /* what the driver's preamble programs */
      o->loop_const[i] = SQ_LOOP_CONST_0__COUNT(4095) | SQ_LOOP_CONST_0__INIT(0) |
                         SQ_LOOP_CONST_0__INC(1);
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!strcmp(a, "--help") || !strcmp(a, "-h"))
         usage(NULL, NULL);
      if (a[0] != '-') {
         if (o->path)
            usage("more than one PROGRAM", a);
         o->path = a;
         continue;
      }
      if (!strcmp(a, "--dx10-clamp")) {
         o->dx10_clamp = true;
         continue;
      }
      if (!strcmp(a, "--floats")) {
         o->floats = true;
         continue;
      }
      if (i + 1 >= argc)
         usage("missing value after", a);
      char *v = argv[++i];
      if (!strcmp(a, "--chip")) {
         if (!hw_chip_from_name(v, &o->chip))
            usage("--chip must be r600 or rv770", v);
      } else if (!strcmp(a, "--stage")) {
         if (!strcmp(v, "vs"))
            o->stage = SIM_STAGE_VS;
         else if (!strcmp(v, "ps"))
            o->stage = SIM_STAGE_PS;
         else
            usage("--stage must be vs or ps", v);
      } else if (!strcmp(a, "--engine")) {
         if (!strcmp(v, "interp"))
            o->engine = SIM_ENGINE_INTERP;
         else if (!strcmp(v, "jit"))
            o->engine = SIM_ENGINE_JIT;
         else
            usage("--engine must be interp or jit", v);
      } else if (!strcmp(a, "--seed")) {
         o->seed = parse_uint_or_die(v, UINT64_MAX, "--seed needs a decimal number");
         o->seeded = true;
      } else if (!strcmp(a, "--gprs-count")) {
         o->gprs_count = (unsigned)parse_uint_or_die(v, SIM_MAX_GPRS, "--gprs-count must be 1..128");
         if (!o->gprs_count)
            usage("--gprs-count must be 1..128", v);
      } else if (!strcmp(a, "--gpr")) {
         o->gpr = grow(o->gpr, o->ngpr, sizeof(*o->gpr));
         struct gpr_arg *g = &o->gpr[o->ngpr++];
         const char *val = parse_target(v, SIM_MAX_GPRS - 1, true, &g->reg, &g->lane,
                                        "--gpr wants N[@LANE]=x,y,z,w with N 0..127");
         if (!exec_parse_vec4(val, g->v))
            usage("--gpr values must be four floats or 0x bit patterns", val);
      } else if (!strcmp(a, "--const")) {
         o->cst = grow(o->cst, o->ncst, sizeof(*o->cst));
         struct const_arg *c = &o->cst[o->ncst++];
         int lane;
         const char *val = parse_target(v, MAX_CONSTS - 1, false, &c->index, &lane,
                                        "--const wants N=x,y,z,w with N 0..8175");
         if (!exec_parse_vec4(val, c->v))
            usage("--const values must be four floats or 0x bit patterns", val);
      } else if (!strcmp(a, "--loop-const")) {
         unsigned idx;
         int lane;
         const char *val = parse_target(v, LOOP_CONSTS - 1, false, &idx, &lane,
                                        "--loop-const wants N=count,init,inc with N 0..31");
         unsigned long long count, init;
         long long inc;
         char tail;
         if (sscanf(val, "%llu,%llu,%lld%c", &count, &init, &inc, &tail) != 3 ||
             count > 4095 || init > 4095 || inc < -128 || inc > 127)
            usage("--loop-const wants count 0..4095, init 0..4095, inc -128..127", val);
         o->loop_const[idx] = SQ_LOOP_CONST_0__COUNT(count) | SQ_LOOP_CONST_0__INIT(init) |
                              SQ_LOOP_CONST_0__INC((uint32_t)inc & 0xFFu);
      } else if (!strcmp(a, "--bool-const")) {
         if (!exec_parse_value(v, &o->bool_const) || strncmp(v, "0x", 2))
            usage("--bool-const wants a 0x bit mask", v);
      } else {
         usage("unknown option", a);
      }
   }
   if (!o->path)
      usage("no PROGRAM given", NULL);
   for (unsigned i = 0; i < o->ngpr; i++)
      if (o->gprs_count && o->gpr[i].reg >= o->gprs_count)
         usage("--gpr names a register beyond --gprs-count", NULL);
}

/* Reads PROGRAM; exits 2 when it is unreadable, empty, too big or not whole dwords. */
static uint8_t *read_program(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      usage("cannot open PROGRAM", path);
   uint8_t *buf = malloc(MAX_FILE_BYTES + 1);
   if (!buf) {
      fprintf(stderr, "r600sim-exec: out of memory\n");
      exit(EXIT_INTERNAL);
   }
   *size = fread(buf, 1, MAX_FILE_BYTES + 1, f);
   bool err = ferror(f);
   fclose(f);
   if (err)
      usage("cannot read PROGRAM", path);
   if (*size == 0 || *size > MAX_FILE_BYTES || *size % 4)
      usage("PROGRAM must be 4..16777216 bytes, a whole number of dwords", path);
   return buf;
}

static uint64_t upload(struct sim_memory *mem, const void *data, size_t bytes)
{
   uint64_t va = sim_mem_alloc(mem, bytes, 256);
   void *p = va ? sim_mem_map(mem, va) : NULL;
   if (!p) {
      fprintf(stderr, "r600sim-exec: out of GPU memory\n");
      exit(EXIT_INTERNAL);
   }
   memcpy(p, data, bytes);
   return va;
}

/* Constant buffer 0: DEFAULT_CONSTS constants, or up to the 16-constant line holding the
 * highest --const. Seeded values first (one draw per dword), then the --const values. */
static unsigned make_constants(const struct options *o, struct exec_rng *rng,
                               uint32_t (**out)[4])
{
   unsigned n = DEFAULT_CONSTS;
   for (unsigned i = 0; i < o->ncst; i++)
      if (o->cst[i].index + 1 > n)
         n = (o->cst[i].index + 16) / 16 * 16;
   uint32_t (*c)[4] = calloc(n, sizeof(*c));
   if (!c) {
      fprintf(stderr, "r600sim-exec: out of memory\n");
      exit(EXIT_INTERNAL);
   }
   for (unsigned i = 0; o->seeded && i < n; i++)
      for (unsigned ch = 0; ch < 4; ch++)
         c[i][ch] = exec_rng_value(rng);
   for (unsigned i = 0; i < o->ncst; i++)
      memcpy(c[o->cst[i].index], o->cst[i].v, 16);
   *out = c;
   return n;
}

/* The wavefront's initial registers: seed (one draw per lane value, GPR-major, then
 * channel, then lane), the VS inputs, the --gpr values for every lane, then per lane. */
static void init_wave(const struct options *o, unsigned ngprs, struct exec_rng *rng)
{
   memset(wave, 0, sizeof(wave));
   for (unsigned r = 0; o->seeded && r < ngprs; r++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < EXEC_WAVE_LANES; l++)
            wave[r][c][l] = exec_rng_value(rng);
   if (o->stage == SIM_STAGE_VS)
      for (unsigned l = 0; l < EXEC_WAVE_LANES; l++) {
         wave[0][0][l] = l;     /* vertex id */
         wave[0][3][l] = 0;     /* instance id */
      }
   for (int pass = 0; pass < 2; pass++)
      for (unsigned i = 0; i < o->ngpr; i++) {
         const struct gpr_arg *g = &o->gpr[i];
         if ((g->lane >= 0) != pass)
            continue;
         for (unsigned l = 0; l < EXEC_WAVE_LANES; l++)
            if (g->lane < 0 || (unsigned)g->lane == l)
               for (unsigned c = 0; c < 4; c++)
                  wave[g->reg][c][l] = g->v[c];
      }
}

static void set_reg(uint32_t *regs, uint32_t offset, uint32_t v)
{
   regs[offset / 4] = v;
}

static uint32_t pgm_resources(bool ps, unsigned ngprs, bool dx10_clamp)
{
   return ps ? SQ_PGM_RESOURCES_PS__NUM_GPRS(ngprs) | SQ_PGM_RESOURCES_PS__DX10_CLAMP(dx10_clamp)
             : SQ_PGM_RESOURCES_VS__NUM_GPRS(ngprs) | SQ_PGM_RESOURCES_VS__DX10_CLAMP(dx10_clamp);
}

/* Constant buffer 0 also as the stage's vertex-fetch resource 0 (16-byte stride), as the
 * driver binds it for indexed constant reads: SET_RESOURCE slot 0 (PS) or 160 (VS). */
static void bind_const_resource(uint32_t *regs, bool ps, uint64_t va, unsigned nconsts)
{
   const uint32_t stride = REG_SQ_VTX_CONSTANT_WORD6_0 + 4 - REG_SQ_VTX_CONSTANT_WORD0_0;
   uint32_t at = (ps ? 0u : 160u) * stride;   /* stage slot bases: docs/r600-hardware-notes.md §1.5 */
   set_reg(regs, REG_SQ_VTX_CONSTANT_WORD0_0 + at,
           SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va));
   set_reg(regs, REG_SQ_VTX_CONSTANT_WORD1_0 + at, SQ_VTX_CONSTANT_WORD1__SIZE(nconsts * 16 - 1));
   set_reg(regs, REG_SQ_VTX_CONSTANT_WORD2_0 + at,
           SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)) |
              SQ_VTX_CONSTANT_WORD2__STRIDE(16));
   set_reg(regs, REG_SQ_VTX_CONSTANT_WORD6_0 + at,
           SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER));
}

/* Decodes the program at prog_va, sets up the stage's registers and constants, runs the
 * four blocks and prints the results or the fault. Returns the exit status. */
static int execute(const struct options *o, struct sim_memory *mem, uint32_t *regs,
                   uint64_t prog_va)
{
   bool ps = o->stage == SIM_STAGE_PS;
   uint32_t res_reg = ps ? REG_SQ_PGM_RESOURCES_PS : REG_SQ_PGM_RESOURCES_VS;
   set_reg(regs, ps ? REG_SQ_PGM_START_PS : REG_SQ_PGM_START_VS,
           ps ? SQ_PGM_START_PS__PGM_START(prog_va >> 8) : SQ_PGM_START_VS__PGM_START(prog_va >> 8));
   set_reg(regs, ps ? REG_SQ_PGM_CF_OFFSET_PS : REG_SQ_PGM_CF_OFFSET_VS, 0);
   set_reg(regs, res_reg, pgm_resources(ps, 0, o->dx10_clamp));

   struct sim_shader_env env = { .chip = o->chip, .stage = o->stage, .mem = mem, .regs = regs };
   struct sim_program *prog = sim_program_get_engine(&env, prog_va, o->engine);
   if (!prog) {
      printf("fault decode: %s\n", env.fault);
      return EXIT_FAULT;
   }
   if (o->engine == SIM_ENGINE_JIT && sim_program_engine(prog) != SIM_ENGINE_JIT) {
      fprintf(stderr, "r600sim-exec: the JIT cannot compile this program\n");
      return EXIT_NO_ENGINE;
   }

   unsigned ngprs = o->gprs_count;
   if (!ngprs) {
      ngprs = exec_program_gprs(prog);
      for (unsigned i = 0; i < o->ngpr; i++)
         if (o->gpr[i].reg + 1 > ngprs)
            ngprs = o->gpr[i].reg + 1;
      if (ngprs == 0)
         ngprs = 1;
   }
   printf("num_gprs %u\n", ngprs);
   set_reg(regs, res_reg, pgm_resources(ps, ngprs, o->dx10_clamp));

   struct exec_rng rng;
   exec_rng_init(&rng, o->seed);
   uint32_t (*consts)[4];
   unsigned nconsts = make_constants(o, &rng, &consts);
   uint64_t const_va = upload(mem, consts, nconsts * sizeof(consts[0]));
   free(consts);
   if (ps) {
      set_reg(regs, REG_SQ_ALU_CONST_CACHE_PS_0, SQ_ALU_CONST_CACHE_PS_0__DATA(const_va >> 8));
      set_reg(regs, REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0,
              SQ_ALU_CONST_BUFFER_SIZE_PS_0__DATA(nconsts / 16));
   } else {
      set_reg(regs, REG_SQ_ALU_CONST_CACHE_VS_0, SQ_ALU_CONST_CACHE_VS_0__DATA(const_va >> 8));
      set_reg(regs, REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0,
              SQ_ALU_CONST_BUFFER_SIZE_VS_0__DATA(nconsts / 16));
   }
   bind_const_resource(regs, ps, const_va, nconsts);
   unsigned ctx = ps ? 0 : 1;   /* loop/bool constants: PS first, then VS (docs/r600-hardware-notes.md §1.5) */
   for (unsigned i = 0; i < LOOP_CONSTS; i++)
      set_reg(regs, REG_SQ_LOOP_CONST_0 + 4 * (ctx * LOOP_CONSTS + i), o->loop_const[i]);
   set_reg(regs, REG_SQ_BOOL_CONST_0 + REG_SQ_BOOL_CONST_0__stride * ctx, o->bool_const);

   init_wave(o, ngprs, &rng);

   static struct sim_lanes lanes;
   static struct sim_exports out[EXEC_BLOCKS];
   uint64_t killed = 0;
   for (unsigned b = 0; b < EXEC_BLOCKS; b++) {
      memset(&lanes, 0, sizeof(lanes));
      for (unsigned r = 0; r < ngprs; r++)
         for (unsigned c = 0; c < 4; c++)
            memcpy(lanes.gpr[r][c], &wave[r][c][b * SIM_LANES], sizeof(lanes.gpr[r][c]));
      if (!sim_program_run(prog, NULL, &env, &lanes, 0xFFFF, &out[b])) {
         printf("fault lanes %u-%u: %s\n", b * SIM_LANES, b * SIM_LANES + SIM_LANES - 1,
                env.fault);
         return EXIT_FAULT;
      }
      for (unsigned r = 0; r < ngprs; r++)
         for (unsigned c = 0; c < 4; c++)
            memcpy(&wave[r][c][b * SIM_LANES], lanes.gpr[r][c], sizeof(lanes.gpr[r][c]));
      killed |= (uint64_t)out[b].killed << (b * SIM_LANES);
   }
   exec_print_results(o->floats, killed, out, wave, ngprs);
   return EXIT_OK;
}

int main(int argc, char **argv)
{
   struct options o;
   parse_args(argc, argv, &o);
   size_t size;
   uint8_t *bytes = read_program(o.path, &size);

   printf("r600sim-exec chip=%s stage=%s lanes=%u\n", hw_chip_name(o.chip),
          o.stage == SIM_STAGE_VS ? "vs" : "ps", EXEC_WAVE_LANES);

   int status = EXIT_INTERNAL;
   struct sim_memory *mem = sim_mem_create();
   uint32_t *regs = calloc(SIM_REG_SPACE_DWORDS, sizeof(uint32_t));
   if (mem && regs)
      status = execute(&o, mem, regs, upload(mem, bytes, size));
   else
      fprintf(stderr, "r600sim-exec: out of memory\n");
   free(bytes);
   free(regs);
   sim_mem_destroy(mem);
   free(o.gpr);
   free(o.cst);
   return status;
}
