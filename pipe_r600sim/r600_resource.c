/* Resources: buffers and textures in GPU memory, and the formats the driver accepts. */
#include <stdio.h>
#include <stdlib.h>

#include "hw/hw_surface.h"
#include "r600_debug.h"
#include "r600_screen.h"

bool r600_is_colorbuffer_format(enum pipe_format f)
{
   return f == PIPE_FORMAT_R8G8B8A8_UNORM || f == PIPE_FORMAT_B8G8R8A8_UNORM;
}

/* Formats the CB renders: RGBA8, and GL's 16-bit formats (renderbuffers and textures). */
bool r600_is_render_format(enum pipe_format f)
{
   return r600_is_colorbuffer_format(f) || f == PIPE_FORMAT_B5G6R5_UNORM ||
          f == PIPE_FORMAT_B4G4R4A4_UNORM || f == PIPE_FORMAT_B5G5R5A1_UNORM;
}

bool r600_is_depth_format(enum pipe_format f)
{
   return f == PIPE_FORMAT_Z24_UNORM_S8_UINT || f == PIPE_FORMAT_Z24X8_UNORM ||
          f == PIPE_FORMAT_Z16_UNORM;
}

/* Every attribute format of p_defines.h has an R6xx/R7xx vertex DATA_FORMAT; normalized
 * RGBA8 is listed with the colour formats. */
bool r600_is_vertex_format(enum pipe_format f)
{
   return f == PIPE_FORMAT_R8G8B8A8_UNORM || (f >= PIPE_FORMAT_R32_FLOAT && f < PIPE_FORMAT_COUNT);
}

/* Lays out a texture as the GPU expects it (hw/hw_surface.h). Returns the size. */
static uint64_t texture_layout(struct r600_resource *res)
{
   const struct pipe_resource *t = &res->base;
   const struct hw_surface surf = { .width = t->width0, .height = t->height0, .bpp = res->bpp,
                                    .layers = res->num_layers, .samples = res->samples };
   for (unsigned l = 0; l <= t->last_level; l++) {
      struct r600_texture_level *lvl = &res->level[l];
      lvl->pitch = hw_surface_pitch(&surf, l);
      lvl->height = hw_surface_rows(&surf, l);
      lvl->layer_size = hw_surface_layer_size(&surf, l);
      lvl->offset = hw_surface_level_offset(&surf, l);
   }
   return hw_surface_size(&surf, t->last_level);
}

static bool template_valid(struct r600_screen *screen, const struct pipe_resource *t)
{
   if (t->target >= PIPE_TEXTURE_TARGET_COUNT || t->width0 == 0)
      return false;
   if (t->target == PIPE_BUFFER)
      return t->format == PIPE_FORMAT_NONE || pipe_format_size(t->format) != 0;
   if (t->height0 == 0 || t->width0 > R600_MAX_TEXTURE_SIZE || t->height0 > R600_MAX_TEXTURE_SIZE ||
       t->last_level >= R600_MAX_LEVELS)
      return false;
   if (t->target == PIPE_TEXTURE_CUBE && t->width0 != t->height0)
      return false;
   if (t->nr_samples > 1 && (t->last_level != 0 || t->target != PIPE_TEXTURE_2D))
      return false;
   return screen->base.is_format_supported(&screen->base, t->format, t->target, t->nr_samples,
                                           t->bind);
}

static struct pipe_resource *r600_resource_create(struct pipe_screen *pscreen,
                                                  const struct pipe_resource *templ)
{
   struct r600_screen *screen = r600_screen(pscreen);
   if (!template_valid(screen, templ)) {
      R600_DBG(screen, RESOURCES, "r600sim: rejected resource (target %d format %d %ux%u bind 0x%x)\n",
               templ->target, templ->format, templ->width0, templ->height0, templ->bind);
      return NULL;
   }
   struct r600_resource *res = calloc(1, sizeof(*res));
   if (!res)
      return NULL;
   res->base = *templ;
   res->base.screen = pscreen;
   atomic_init(&res->base.refcount, 1);
   res->base.depth0 = 1;

   uint64_t size;
   if (templ->target == PIPE_BUFFER) {
      res->bpp = 1;
      res->num_layers = 1;
      res->samples = 1;
      res->base.height0 = 1;
      res->base.last_level = 0;
      size = templ->width0;
   } else {
      res->bpp = pipe_format_size(templ->format);
      res->num_layers = templ->target == PIPE_TEXTURE_CUBE ? 6 : 1;
      res->samples = templ->nr_samples > 1 ? templ->nr_samples : 1;
      size = texture_layout(res);
   }
   res->bo = r600_bo_create(&screen->bos, size, 256);
   if (!res->bo) {
      free(res);
      return NULL;
   }
   R600_DBG(screen, RESOURCES, "r600sim: resource %p target %d format %d %ux%u -> va 0x%llx, %llu bytes\n",
            (void *)res, templ->target, templ->format, templ->width0, templ->height0,
            (unsigned long long)res->bo->va, (unsigned long long)size);
   return &res->base;
}

static void r600_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct r600_resource *res = r600_resource(pres);
   r600_bo_reference(&res->bo, NULL);
   free(res);
}

static bool r600_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                                     enum pipe_texture_target target, unsigned sample_count,
                                     unsigned bind)
{
   if (target >= PIPE_TEXTURE_TARGET_COUNT)
      return false;
   /* 2, 4 or 8 samples (PA_SC_AA_CONFIG) for 2D render targets and depth buffers, which
    * are not sampled as textures (no 2D_MSAA texture fetch). */
   if (sample_count > 1 &&
       ((sample_count != 2 && sample_count != 4 && sample_count != 8) ||
        target != PIPE_TEXTURE_2D || (bind & PIPE_BIND_SAMPLER_VIEW) ||
        !(bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL))))
      return false;
   if (target == PIPE_BUFFER) {
      /* Buffers hold vertices, indices or constants; a format only matters for vertices. */
      if (bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_DISPLAY_TARGET |
                  PIPE_BIND_SAMPLER_VIEW))
         return false;
      return format == PIPE_FORMAT_NONE || r600_is_vertex_format(format);
   }
   if (bind & (PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER))
      return false;
   if (bind & PIPE_BIND_DEPTH_STENCIL) {
      if (!r600_is_depth_format(format) ||
          (bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SAMPLER_VIEW)))
         return false;
      return target == PIPE_TEXTURE_2D;
   }
   if (bind == PIPE_BIND_SAMPLER_VIEW)
      return r600_is_sampler_format(format);
   if ((bind & PIPE_BIND_RENDER_TARGET) && !(bind & PIPE_BIND_SAMPLER_VIEW))
      return r600_is_render_format(format);
   /* Textures drawn into (GL render to texture, copies, mipmap generation). */
   if (bind == (PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW))
      return r600_is_render_format(format) && r600_is_sampler_format(format);
   if (bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SAMPLER_VIEW) ||
       bind == 0)
      return r600_is_colorbuffer_format(format);
   return false;
}

void r600_init_resource_functions(struct r600_screen *screen)
{
   screen->base.is_format_supported = r600_is_format_supported;
   screen->base.resource_create = r600_resource_create;
   screen->base.resource_destroy = r600_resource_destroy;
}
