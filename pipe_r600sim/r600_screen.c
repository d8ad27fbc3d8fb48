/* The r600sim pipe screen: chip selection, caps, fences; owns the simulated GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600_debug.h"
#include "r600_public.h"
#include "r600_screen.h"

struct pipe_context *r600_context_create(struct pipe_screen *pscreen, void *priv);

static const char *r600_get_name(struct pipe_screen *pscreen)
{
   return r600_screen(pscreen)->name;
}

static const char *r600_get_vendor(struct pipe_screen *pscreen)
{
   return "r600sim";
}

static int r600_get_param(struct pipe_screen *pscreen, enum pipe_cap cap)
{
   switch (cap) {
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE: return R600_MAX_TEXTURE_SIZE;
   case PIPE_CAP_MAX_RENDER_TARGETS: return PIPE_MAX_COLOR_BUFS;
   case PIPE_CAP_MAX_VERTEX_ATTRIBS: return PIPE_MAX_ATTRIBS;
   case PIPE_CAP_MAX_VARYINGS: return 16;
   /* Constant buffer 0 through the kcache: 256 vec4 = 16 lines of 16 constants. */
   case PIPE_CAP_MAX_VS_UNIFORM_VECTORS: return 256;
   case PIPE_CAP_MAX_FS_UNIFORM_VECTORS: return 256;
   case PIPE_CAP_MAX_TEXTURE_UNITS: return 16;
   /* Largest scissor coordinate on R6xx/R7xx. */
   case PIPE_CAP_MAX_VIEWPORT_SIZE: return 8192;
   /* PA_SU_VTX_CNTL.QUANT_MODE = 1/256 pixel. */
   case PIPE_CAP_SUBPIXEL_BITS: return 8;
   case PIPE_CAP_MAX_POINT_SIZE: return R600_MAX_POINT_SIZE;
   /* PA_CL_VS_OUT_CNTL.CLIP_DIST_ENA_0..7 */
   case PIPE_CAP_MAX_CLIP_DISTANCES: return 8;
   default: return 0;
   }
}

struct pipe_fence_handle *r600_fence_create(uint64_t seq)
{
   struct pipe_fence_handle *f = calloc(1, sizeof(*f));
   if (!f)
      return NULL;
   atomic_init(&f->refcount, 1);
   f->seq = seq;
   return f;
}

static void r600_fence_reference(struct pipe_screen *pscreen, struct pipe_fence_handle **dst,
                                 struct pipe_fence_handle *src)
{
   struct pipe_fence_handle *old = *dst;
   if (src)
      atomic_fetch_add_explicit(&src->refcount, 1, memory_order_relaxed);
   if (old && atomic_fetch_sub_explicit(&old->refcount, 1, memory_order_acq_rel) == 1)
      free(old);
   *dst = src;
}

static bool r600_fence_finish(struct pipe_screen *pscreen, struct pipe_fence_handle *fence,
                              uint64_t timeout)
{
   struct r600_screen *screen = r600_screen(pscreen);
   if (!fence || fence->seq <= r600_gpu_completed(screen->gpu))
      return true;
   if (timeout == 0)
      return false;
   /* The GPU interface has no timed wait; any nonzero timeout waits to completion. */
   r600_gpu_wait(screen->gpu, fence->seq);
   return true;
}

static void r600_screen_destroy(struct pipe_screen *pscreen)
{
   struct r600_screen *screen = r600_screen(pscreen);
   r600_bo_free_all_deferred(&screen->bos);
   r600_gpu_destroy(screen->gpu);
   free(screen);
}

struct pipe_screen *r600sim_screen_create(const char *chip_name)
{
   if (!chip_name)
      chip_name = getenv("R600SIM_CHIP");
   if (!chip_name || !*chip_name)
      chip_name = "rv770";
   enum hw_chip chip;
   if (!hw_chip_from_name(chip_name, &chip)) {
      fprintf(stderr, "r600sim: unknown chip \"%s\" (R600SIM_CHIP: r600 or rv770)\n", chip_name);
      return NULL;
   }
   struct r600_screen *screen = calloc(1, sizeof(*screen));
   if (!screen)
      return NULL;
   screen->debug = r600_debug_flags_from_env();
   screen->gpu = r600_gpu_create(chip);
   if (!screen->gpu) {
      free(screen);
      return NULL;
   }
   r600_bo_manager_init(&screen->bos, screen->gpu);
   screen->chip = chip;
   snprintf(screen->name, sizeof(screen->name), "r600sim (%s)", hw_chip_name(chip));

   screen->base.get_name = r600_get_name;
   screen->base.get_vendor = r600_get_vendor;
   screen->base.get_param = r600_get_param;
   screen->base.context_create = r600_context_create;
   screen->base.fence_reference = r600_fence_reference;
   screen->base.fence_finish = r600_fence_finish;
   screen->base.destroy = r600_screen_destroy;
   r600_init_screen_query_functions(screen);
   r600_init_resource_functions(screen);
   return &screen->base;
}
