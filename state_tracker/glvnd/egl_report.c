/* R600SIM_REPORT: proof that a program reached r600sim's EGL, written at eglInitialize. A
 * loaded library proves nothing (LD_PRELOAD loads ours even when the program then opens
 * another libEGL by path); an initialized display of ours does. */
#include "egl_report.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void egl_report_initialize(void)
{
   const char *path = getenv("R600SIM_REPORT");
   if (!path || !*path)
      return;
   Dl_info info = {0};
   dladdr((void *)egl_report_initialize, &info);
   int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
   if (fd < 0)
      return;
   /* One write per line, so lines of concurrent processes do not interleave. */
   char line[4200];
   int n = snprintf(line, sizeof(line), "r600sim eglInitialize pid=%ld library=%s\n",
                    (long)getpid(), info.dli_fname ? info.dli_fname : "?");
   if (n > 0 && (size_t)n < sizeof(line) && write(fd, line, (size_t)n) != n)
      fprintf(stderr, "r600sim: cannot write R600SIM_REPORT=%s\n", path);
   close(fd);
}
