#include "fused_stand_in.h"

#include "jit/jit.h"
#include "shader/shader_exec.h"
#include "sq/isa_program.h"

static int stand_in_ps(void *arg)
{
   (void)arg;
   return 1;
}

bool fused_stand_in_get(const struct sim_pixel_state *st)
{
   sim_jit_start();
   static struct sim_program prog;   /* a variant may keep pointing at its program */
   prog.engine = 1;
   prog.jit_fn = stand_in_ps;
   struct sim_pixel_fused *f = sim_pixel_fused_get(&prog, st);
   sim_pixel_fused_put(f);
   return f != NULL;
}
