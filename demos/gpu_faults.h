/* The GPU faults of a demo's process, through r600sim's public debug output: with the
 * R600SIM_DEBUG flag `faults` the simulated GPU prints every fault to stderr as
 * "r600sim: GPU fault (...): message" (hangs are printed always). gpu_faults_start adds the
 * flag and routes stderr through a pipe whose reader thread passes every line on to the real
 * stderr and keeps the fault lines. Start it before EGL starts. */
#ifndef GPU_FAULTS_H
#define GPU_FAULTS_H

#include <pthread.h>
#include <stdbool.h>

#define GPU_FAULTS_KEPT 4
#define GPU_FAULTS_LINE 200

struct gpu_faults {
   int saved_stderr, pipe_read;
   pthread_t reader;
   bool running;
   pthread_mutex_t lock;
   unsigned count;                                  /* fault lines seen */
   char last[GPU_FAULTS_KEPT][GPU_FAULTS_LINE];     /* the most recent, oldest first */
};

bool gpu_faults_start(struct gpu_faults *f);
/* The number of faults so far; copies up to GPU_FAULTS_KEPT most recent lines into `last`
 * (may be NULL), oldest first, and returns how many it copied in *kept. */
unsigned gpu_faults_read(struct gpu_faults *f, char last[][GPU_FAULTS_LINE], unsigned *kept);
/* Restores stderr and stops the reader. */
void gpu_faults_stop(struct gpu_faults *f);

#endif
