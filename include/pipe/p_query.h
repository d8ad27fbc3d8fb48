/* r600sim pipe interface: queries (pipe_context create/begin/end/get_query_result and
 * pipe_screen get_timestamp). A query measures what the GPU did between its begin and end in
 * this context's command stream; results are read back from GPU memory the GPU wrote. */
#ifndef PIPE_P_QUERY_H
#define PIPE_P_QUERY_H

#include <stdbool.h>
#include <stdint.h>

enum pipe_query_type {
   PIPE_QUERY_OCCLUSION_COUNTER,    /* samples that passed depth/stencil */
   PIPE_QUERY_OCCLUSION_PREDICATE,  /* 1 if any did, else 0 */
   PIPE_QUERY_TIME_ELAPSED,         /* GPU nanoseconds between begin and end */
   PIPE_QUERY_TIMESTAMP,            /* GPU time in nanoseconds at end (no begin) */
};

struct pipe_query;

#endif
