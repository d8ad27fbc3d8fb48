/* Surface layouts (see hw_surface.h). */
#include "hw/hw_surface.h"

static uint64_t align(uint64_t v, uint64_t a)
{
   return (v + a - 1) / a * a;
}

unsigned hw_surface_dim(unsigned size, unsigned level)
{
   return level < 32 && size >> level ? size >> level : 1;
}

static unsigned block_edge(const struct hw_surface *s)
{
   return s->block > 1 ? s->block : 1;
}

unsigned hw_surface_elems(const struct hw_surface *s, unsigned size, unsigned level)
{
   return (unsigned)align(hw_surface_dim(size, level), block_edge(s)) / block_edge(s);
}

unsigned hw_surface_pitch(const struct hw_surface *s, unsigned level)
{
   if (level == 0 && s->pitch0)
      return s->pitch0 / block_edge(s);
   return (unsigned)align(hw_surface_elems(s, s->width, level), HW_SURFACE_TILE);
}

unsigned hw_surface_rows(const struct hw_surface *s, unsigned level)
{
   unsigned granule = s->samples > 1 ? 2 * HW_SURFACE_TILE : HW_SURFACE_TILE;
   return (unsigned)align(hw_surface_elems(s, s->height, level), granule);
}

uint64_t hw_surface_layer_size(const struct hw_surface *s, unsigned level)
{
   uint64_t bytes = (uint64_t)hw_surface_pitch(s, level) * hw_surface_rows(s, level) * s->bpp;
   return align(bytes, HW_SURFACE_LAYER_ALIGN);
}

uint64_t hw_surface_level_offset(const struct hw_surface *s, unsigned level)
{
   uint64_t offset = 0;
   for (unsigned k = 0; k < level; k++)
      offset += hw_surface_layer_size(s, k) * s->layers * s->samples;
   return offset;
}

uint64_t hw_surface_size(const struct hw_surface *s, unsigned last_level)
{
   return hw_surface_level_offset(s, last_level + 1);
}
