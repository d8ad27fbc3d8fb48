/* Background JIT compiles (shader_compile.h). The threads run until the process exits:
 * they own nothing but the queue's nodes, and at exit jit.c's exit handler waits for the
 * builds in flight and makes later compiles fail at once, so the queue empties quickly and
 * no code generation outlives LLVM's statics. */
#include "shader/shader_compile.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 16

struct job {
   struct sim_program *p;
   enum sim_jit_tier tier;
   sim_compile_done_fn done;
   struct job *next;
};

/* One FIFO per tier; the threads take quick compiles first (a draw waits for them on the
 * interpreter; final ones only make running code faster). */
struct fifo {
   struct job *head, *tail;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER;   /* a job was queued */
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;   /* queue empty, nothing running */
static struct fifo fifos[2];   /* by enum sim_jit_tier */
static unsigned queued, running, threads, max_threads;

static unsigned thread_count(void)
{
   const char *e = getenv("R600SIM_JIT_THREADS");
   if (!e || !*e)
      return 1;
   char *end;
   unsigned long n = strtoul(e, &end, 10);
   if (*end || e[0] == '-' || n < 1 || n > MAX_THREADS) {
      fprintf(stderr, "r600sim: R600SIM_JIT_THREADS=%s is not 1..%d; using 1\n", e, MAX_THREADS);
      return 1;
   }
   return (unsigned)n;
}

static void *compile_thread(void *arg)
{
   (void)arg;
   pthread_mutex_lock(&lock);
   for (;;) {
      while (!fifos[SIM_JIT_QUICK].head && !fifos[SIM_JIT_FINAL].head)
         pthread_cond_wait(&work, &lock);
      struct fifo *q = &fifos[fifos[SIM_JIT_QUICK].head ? SIM_JIT_QUICK : SIM_JIT_FINAL];
      struct job *j = q->head;
      q->head = j->next;
      if (!q->head)
         q->tail = NULL;
      queued--;
      running++;
      pthread_mutex_unlock(&lock);

      char err[160] = "";
      struct sim_jit_code code;
      bool ok = sim_jit_compile_code(j->p, j->tier, true, &code, err, sizeof(err)) == SIM_JIT_OK;
      j->done(j->p, j->tier, ok ? &code : NULL, err);
      free(j);

      pthread_mutex_lock(&lock);
      running--;
      if (!queued && !running)
         pthread_cond_broadcast(&idle);
   }
   return NULL;
}

/* Starts another compile thread if the bound allows and every thread is busy (lock held).
 * False only when there is none at all. */
static bool start_thread(void)
{
   if (!max_threads)
      max_threads = thread_count();
   if (threads >= max_threads || (threads && running + queued <= threads))
      return threads > 0;
   pthread_attr_t attr;
   pthread_t t;
   pthread_attr_init(&attr);
   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
   bool ok = !pthread_create(&t, &attr, compile_thread, NULL);
   pthread_attr_destroy(&attr);
   threads += ok;
   return threads > 0;
}

bool sim_compile_queue(struct sim_program *p, enum sim_jit_tier tier, sim_compile_done_fn done)
{
   struct job *j = malloc(sizeof(*j));
   if (!j)
      return false;
   *j = (struct job){ p, tier, done, NULL };
   pthread_mutex_lock(&lock);
   queued++;
   if (!start_thread()) {
      queued--;
      pthread_mutex_unlock(&lock);
      free(j);
      return false;
   }
   struct fifo *q = &fifos[tier];
   if (q->tail)
      q->tail->next = j;
   else
      q->head = j;
   q->tail = j;
   pthread_cond_signal(&work);
   pthread_mutex_unlock(&lock);
   return true;
}

void sim_compile_wait(void)
{
   pthread_mutex_lock(&lock);
   while (queued || running)
      pthread_cond_wait(&idle, &lock);
   pthread_mutex_unlock(&lock);
}

unsigned sim_compile_pending(void)
{
   pthread_mutex_lock(&lock);
   unsigned n = queued + running;
   pthread_mutex_unlock(&lock);
   return n;
}
