/* GPU fault lines from the simulator's debug output (gpu_faults.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu_faults.h"

#define FAULT_PREFIX "r600sim: GPU fault"

static void keep_line(struct gpu_faults *f, const char *line)
{
   if (strncmp(line, FAULT_PREFIX, strlen(FAULT_PREFIX)))
      return;
   pthread_mutex_lock(&f->lock);
   snprintf(f->last[f->count % GPU_FAULTS_KEPT], GPU_FAULTS_LINE, "%s", line);
   f->count++;
   pthread_mutex_unlock(&f->lock);
}

static void *reader(void *arg)
{
   struct gpu_faults *f = arg;
   char buf[4096], line[GPU_FAULTS_LINE];
   size_t len = 0;
   ssize_t n;
   while ((n = read(f->pipe_read, buf, sizeof(buf))) > 0) {
      ssize_t w = 0;
      while (w < n) {   /* pass everything on to the real stderr */
         ssize_t k = write(f->saved_stderr, buf + w, (size_t)(n - w));
         if (k <= 0)
            break;
         w += k;
      }
      for (ssize_t i = 0; i < n; i++) {
         if (buf[i] == '\n') {
            line[len] = 0;
            keep_line(f, line);
            len = 0;
         } else if (len + 1 < sizeof(line)) {
            line[len++] = buf[i];
         }
      }
   }
   return NULL;
}

bool gpu_faults_start(struct gpu_faults *f)
{
   memset(f, 0, sizeof(*f));
   pthread_mutex_init(&f->lock, NULL);
   const char *dbg = getenv("R600SIM_DEBUG");
   char flags[512];
   snprintf(flags, sizeof(flags), "%s%sfaults", dbg ? dbg : "", dbg && *dbg ? "," : "");
   setenv("R600SIM_DEBUG", flags, 1);

   int fds[2];
   fflush(stderr);
   if (pipe(fds) != 0)
      return false;
   f->saved_stderr = dup(STDERR_FILENO);
   if (f->saved_stderr < 0 || dup2(fds[1], STDERR_FILENO) < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
   }
   close(fds[1]);
   f->pipe_read = fds[0];
   if (pthread_create(&f->reader, NULL, reader, f) != 0) {
      dup2(f->saved_stderr, STDERR_FILENO);
      close(f->saved_stderr);
      close(f->pipe_read);
      return false;
   }
   f->running = true;
   return true;
}

unsigned gpu_faults_read(struct gpu_faults *f, char last[][GPU_FAULTS_LINE], unsigned *kept)
{
   pthread_mutex_lock(&f->lock);
   unsigned count = f->count;
   unsigned n = count < GPU_FAULTS_KEPT ? count : GPU_FAULTS_KEPT;
   for (unsigned i = 0; last && i < n; i++)
      memcpy(last[i], f->last[(count - n + i) % GPU_FAULTS_KEPT], GPU_FAULTS_LINE);
   pthread_mutex_unlock(&f->lock);
   if (kept)
      *kept = last ? n : 0;
   return count;
}

void gpu_faults_stop(struct gpu_faults *f)
{
   if (!f->running)
      return;
   fflush(stderr);
   dup2(f->saved_stderr, STDERR_FILENO);   /* closes the pipe's last write end */
   pthread_join(f->reader, NULL);
   close(f->saved_stderr);
   close(f->pipe_read);
   pthread_mutex_destroy(&f->lock);
   f->running = false;
}
