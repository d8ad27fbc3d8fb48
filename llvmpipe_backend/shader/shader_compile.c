/* Background JIT compiles (shader_compile.h). The threads run until the process exits:
 * they own nothing but the queue's nodes, and at exit jit.c's exit handler waits for the
 * builds in flight and makes later compiles fail at once, so the queue empties quickly and
 * no code generation outlives LLVM's statics. */
#include "shader/shader_compile.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#define MAX_THREADS 16
/* The upgrade thread's nice value above the process's: a final compile that replaces
 * running quick code only makes draws faster later, so it takes CPU time the GPU thread,
 * the raster threads and the fused pixel variants' compiles (jit_pixel.c) leave (on a
 * loaded 2-core machine it otherwise slowed cold glmark2 scenes down). */
#define UPGRADE_NICE 10

struct job {
   struct sim_program *p;
   enum sim_jit_tier tier;
   sim_compile_done_fn done;
   struct job *next;
};

/* Jobs of two classes: FIRST, code a program has none of yet (its draws run the
 * interpreter meanwhile), compiled by R600SIM_JIT_THREADS threads; UPGRADE, final code that
 * replaces quick code, compiled by one thread at a lower priority. */
enum job_class { FIRST, UPGRADE };

struct fifo {
   struct job *head, *tail;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work[2] = { PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;   /* queues empty, nothing running */
static struct fifo fifos[2];   /* by enum job_class */
static unsigned queued, running, threads[2], max_threads[2];
static unsigned class_pending[2];   /* jobs queued or running, by class */

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
   enum job_class c = (enum job_class)(uintptr_t)arg;
   if (c == UPGRADE)   /* Linux: the calling thread only; if refused, it runs as is */
      setpriority(PRIO_PROCESS, (id_t)gettid(), getpriority(PRIO_PROCESS, 0) + UPGRADE_NICE);
   struct fifo *q = &fifos[c];
   pthread_mutex_lock(&lock);
   for (;;) {
      while (!q->head)
         pthread_cond_wait(&work[c], &lock);
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
      class_pending[c]--;
      if (!queued && !running)
         pthread_cond_broadcast(&idle);
   }
   return NULL;
}

/* Starts another compile thread of class c if its bound allows and the class has more jobs
 * than threads (lock held; `pending`: its jobs queued or running, this one included). False
 * only when the class has no thread at all. */
static bool start_thread(enum job_class c, unsigned pending)
{
   if (!max_threads[c])
      max_threads[c] = c == FIRST ? thread_count() : 1;
   if (threads[c] >= max_threads[c] || (threads[c] && pending <= threads[c]))
      return threads[c] > 0;
   pthread_attr_t attr;
   pthread_t t;
   pthread_attr_init(&attr);
   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
   bool ok = !pthread_create(&t, &attr, compile_thread, (void *)(uintptr_t)c);
   pthread_attr_destroy(&attr);
   threads[c] += ok;
   return threads[c] > 0;
}

bool sim_compile_queue(struct sim_program *p, enum sim_jit_tier tier, bool upgrade,
                       sim_compile_done_fn done)
{
   struct job *j = malloc(sizeof(*j));
   if (!j)
      return false;
   *j = (struct job){ p, tier, done, NULL };
   enum job_class c = upgrade ? UPGRADE : FIRST;
   pthread_mutex_lock(&lock);
   if (!start_thread(c, ++class_pending[c])) {
      class_pending[c]--;
      pthread_mutex_unlock(&lock);
      free(j);
      return false;
   }
   queued++;
   struct fifo *q = &fifos[c];
   if (q->tail)
      q->tail->next = j;
   else
      q->head = j;
   q->tail = j;
   pthread_cond_signal(&work[c]);
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
