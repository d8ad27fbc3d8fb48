/* The process-wide LLVM 15 ORC LLJIT (recipe of docs/jit-notes §1): host CPU name and
 * features, no IR optimisation passes (the IR is emitted as clean SSA, one basic block per
 * ALU clause), code generation level R600SIM_JIT_OPT (default 2; level 0 compiles about
 * 1.5 times faster, and bench/jit's dependent-chain shader runs as fast, but its 4-way ILP
 * shader a third slower: the machine scheduler matters once a clause has parallel work).
 * Compiled programs stay for the life of the process (the program cache never evicts);
 * compiles are serialized by a mutex. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Support.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "debug.h"
#include "jit.h"
#include "jit_build.h"

static pthread_once_t jit_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;
static LLVMOrcLLJITRef jit;
static char jit_init_error[160];
static unsigned jit_serial;

static void set_error(char *buf, size_t len, const char *what, LLVMErrorRef e)
{
   char *msg = LLVMGetErrorMessage(e);
   snprintf(buf, len, "%s: %s", what, msg);
   LLVMDisposeErrorMessage(msg);
}

static LLVMCodeGenOptLevel opt_level(void)
{
   const char *e = getenv("R600SIM_JIT_OPT");
   if (!e || !*e)
      return LLVMCodeGenLevelDefault;
   if (e[1] == 0 && e[0] >= '0' && e[0] <= '3')
      return (LLVMCodeGenOptLevel)(e[0] - '0');
   fprintf(stderr, "r600sim: R600SIM_JIT_OPT=%s unknown (use 0..3); using 2\n", e);
   return LLVMCodeGenLevelDefault;
}

static void jit_init(void)
{
   char *err = NULL;
   LLVMCodeGenOptLevel level = opt_level();
   if (level == LLVMCodeGenLevelNone) {
      /* Level 0 keeps the fast instruction selection pipeline but takes the greedy register
       * allocator: the fast one spills most values of a long clause (llc-15 on bench/jit's
       * 4-way ILP shader: 2205 stack accesses against 194, and slower to compile). */
      static const char *const argv[] = { "r600sim", "-optimize-regalloc", "-regalloc=greedy" };
      LLVMParseCommandLineOptions(3, argv, NULL);
   }
   LLVMTargetRef target;
   LLVMInitializeNativeTarget();
   LLVMInitializeNativeAsmPrinter();

   char *triple = LLVMGetDefaultTargetTriple();
   char *cpu = LLVMGetHostCPUName();
   char *features = LLVMGetHostCPUFeatures();
   if (LLVMGetTargetFromTriple(triple, &target, &err)) {
      snprintf(jit_init_error, sizeof(jit_init_error), "no LLVM target for %s: %s", triple, err);
      LLVMDisposeMessage(err);
      goto out;
   }
   LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu, features,
                                                     level, LLVMRelocDefault,
                                                     LLVMCodeModelJITDefault);
   LLVMOrcJITTargetMachineBuilderRef jtmb = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm);
   LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
   LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
   LLVMErrorRef e = LLVMOrcCreateLLJIT(&jit, builder);
   if (e) {
      set_error(jit_init_error, sizeof(jit_init_error), "creating the LLJIT", e);
      jit = NULL;
      goto out;
   }
   /* Libcalls LLVM may emit (e.g. floorf without SSE4.1) resolve in this process. */
   LLVMOrcDefinitionGeneratorRef gen;
   e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(jit),
                                                           NULL, NULL);
   if (e)
      set_error(jit_init_error, sizeof(jit_init_error), "process symbol generator", e);
   else
      LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(jit), gen);
out:
   LLVMDisposeMessage(triple);
   LLVMDisposeMessage(cpu);
   LLVMDisposeMessage(features);
}

bool sim_jit_compile(struct sim_program *p, char *err, size_t errlen)
{
   pthread_once(&jit_once, jit_init);
   if (!jit) {
      snprintf(err, errlen, "%s", jit_init_error);
      return false;
   }
   bool ok = false;
   pthread_mutex_lock(&jit_lock);
   char name[32];
   snprintf(name, sizeof(name), "sim_prog_%u", jit_serial++);

   LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
   LLVMModuleRef mod = sim_jit_build_module(p, LLVMOrcThreadSafeContextGetContext(tsc), name);
   if (!mod) {
      snprintf(err, errlen, "out of memory building IR");
      LLVMOrcDisposeThreadSafeContext(tsc);
      goto out;
   }
   char *msg = NULL;
   if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
      snprintf(err, errlen, "invalid IR: %.120s", msg);
      LLVMDisposeMessage(msg);
      LLVMDisposeModule(mod);
      LLVMOrcDisposeThreadSafeContext(tsc);
      goto out;
   }
   LLVMDisposeMessage(msg);
   if (sim_debug_flags() & SIM_DEBUG_JITIR) {
      char *ir = LLVMPrintModuleToString(mod);
      fprintf(stderr, "r600sim: JIT IR of %s:\n%s", name, ir);
      LLVMDisposeMessage(ir);
   }
   LLVMSetDataLayout(mod, LLVMOrcLLJITGetDataLayoutStr(jit));
   LLVMSetTarget(mod, LLVMOrcLLJITGetTripleString(jit));

   LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
   LLVMOrcDisposeThreadSafeContext(tsc);   /* the module keeps its own reference */
   LLVMOrcResourceTrackerRef rt =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(jit));
   LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit, rt, tsm);   /* takes tsm */
   if (e) {
      set_error(err, errlen, "adding the module", e);
      LLVMOrcReleaseResourceTracker(rt);
      goto out;
   }
   LLVMOrcExecutorAddress addr = 0;
   e = LLVMOrcLLJITLookup(jit, &addr, name);   /* code generation happens here */
   if (e || !addr) {
      if (e)
         set_error(err, errlen, "code generation", e);
      else
         snprintf(err, errlen, "code generation produced no function");
      LLVMOrcResourceTrackerRemove(rt);
      LLVMOrcReleaseResourceTracker(rt);
      goto out;
   }
   p->jit_fn = (int (*)(void *))(uintptr_t)addr;   /* lives as long as the process */
   LLVMOrcReleaseResourceTracker(rt);
   ok = true;
out:
   pthread_mutex_unlock(&jit_lock);
   return ok;
}
