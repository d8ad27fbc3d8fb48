/* R600SIM_DEBUG flags of the simulated GPU. */
#include "common/debug.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600sim/debug_flags.h"

static const struct r600sim_debug_flag flag_table[] = {
   { "faults", SIM_DEBUG_FAULTS, "print every GPU fault (bad packet, address, shader) as it happens" },
   { "packets", SIM_DEBUG_PACKETS, "print every PM4 packet the command processor executes" },
   { "draws", SIM_DEBUG_DRAWS, "print every draw: primitive type, counts, program addresses" },
   { "prims", SIM_DEBUG_PRIMS, "print every primitive after setup (quantized window coordinates)" },
   { "nounimpl", SIM_DEBUG_NOUNIMPL, "do not report register values the simulator does not implement" },
   { "jitir", SIM_DEBUG_JITIR, "print the LLVM IR of every shader program the JIT builds "
                               "(none for programs loaded from R600SIM_CACHE_DIR)" },
   { "texslow", SIM_DEBUG_TEXSLOW, "print why the JIT does not sample a TEX clause inline: the instruction "
                                   "(when a program is built) or the texture state (when it is first seen)" },
   { "threads", SIM_DEBUG_THREADS, "print the raster workers' counters once a second: jobs handed "
                                   "over, tiles per thread, wake-up and wait times" },
};

/* The simulator's other R600SIM_* variables, listed by R600SIM_DEBUG=help. */
static const char *const env_table[][2] = {
   { "R600SIM_ENGINE", "interp|jit: the shader engine of draws (default jit)" },
   { "R600SIM_JIT_OPT", "0..3: LLVM code generation level of all JIT code, no quick tier (default: "
                        "quick code at 0, final code at 2, 1 for programs of 256 CF instructions or more)" },
   { "R600SIM_JIT_QUICK", "0|1: a draw's new program runs quick code (level 0) until its final code "
                          "is built in the background (default 1)" },
   { "R600SIM_JIT_ASYNC", "0|1: compile large programs on background threads while draws run them on "
                          "the interpreter (default 1; 0: every compile before the draw)" },
   { "R600SIM_JIT_ASYNC_MIN", "BYTES: smallest program compiled in the background (default 4096)" },
   { "R600SIM_JIT_THREADS", "N: background compile threads, 1..16 (default 1)" },
   { "R600SIM_JIT_LARGE", "BYTES: programs this large (or of 256 CF instructions) compile with one "
                          "function per CF block (default 16384)" },
   { "R600SIM_JIT_CPU", "LLVM CPU name the JIT generates code for (default: the host's, with its features),"
                        " e.g. x86-64 or haswell; must be one the host can run" },
   { "R600SIM_CACHE_SIZE", "N: programs each engine's cache keeps besides those in use; the least "
                           "recently used are evicted (default 1024; 0: no bound)" },
   { "R600SIM_CACHE_DIR", "DIR: on-disk cache of JIT objects; a later process loads them instead "
                          "of compiling (default: $XDG_CACHE_HOME/r600sim or ~/.cache/r600sim; "
                          "set and empty: no disk cache)" },
   { "R600SIM_CACHE_DIR_SIZE", "N[K|M|G]: bytes R600SIM_CACHE_DIR may hold; the least recently used "
                               "entries are removed (default 256M)" },
   { "R600SIM_SYNC", "1: execute each submission before r600_gpu_submit returns (no GPU thread)" },
   { "R600SIM_CAPTURE", "FILE: append every submission with the GPU memory it uses, and each frame "
                        "end, to FILE (bin/r600sim-dump prints it, bin/r600sim-replay replays it)" },
   { "R600SIM_NUM_THREADS", "N: threads that rasterize (default: CPU count; 1: no raster workers)" },
   { "R600SIM_SPIN_US", "US: how long an idle raster worker polls for the next job when jobs come "
                        "that close, and the GPU thread for the workers' last tiles, before "
                        "sleeping (0..10000, default 200)" },
   { "R600SIM_FUSED", "0: draw pixels with the C units only (the reference model), no specialised "
                      "pixel or triangle set-up paths; read when a device is created (default 1)" },
   { "R600SIM_PERF_MAP", "1: append each JIT function's address range and name to /tmp/perf-PID.map, "
                         "for perf report (names r600sim:sim_prog_HASH[:FUNCTION])" },
   { "R600SIM_GPU_TIMEOUT", "MS: the GPU watchdog; a submission still executing after MS milliseconds "
                            "is stopped and reported as a GPU hang (default 10000; 0: no watchdog)" },
};

static unsigned flags;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void parse(void)
{
   bool help;
   flags = r600sim_debug_parse(flag_table, sizeof(flag_table) / sizeof(flag_table[0]),
                               "the simulated GPU (llvmpipe_backend)", &help);
   if (help) {
      fprintf(stderr, "  %-10s %s\n", "help", "print these lists and exit");
      fprintf(stderr, "Environment variables of the simulated GPU:\n");
      for (unsigned i = 0; i < sizeof(env_table) / sizeof(env_table[0]); i++)
         fprintf(stderr, "  %-20s %s\n", env_table[i][0], env_table[i][1]);
      exit(0);
   }
}

unsigned sim_debug_flags(void)
{
   pthread_once(&once, parse);
   return flags;
}

bool sim_fast_paths_from_env(void)
{
   const char *e = getenv("R600SIM_FUSED");
   if (!e || !*e || !strcmp(e, "1"))
      return true;
   if (strcmp(e, "0"))
      fprintf(stderr, "r600sim: R600SIM_FUSED=%s unknown (use 0 or 1); using 1\n", e);
   return strcmp(e, "0") != 0;
}
