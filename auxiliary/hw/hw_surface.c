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

/* Bytes of a level: all its layers and sample planes. */
static uint64_t level_bytes(const struct hw_surface *s, unsigned level)
{
   return hw_surface_layer_size(s, level) * s->layers * s->samples;
}

uint64_t hw_surface_level_offset(const struct hw_surface *s, unsigned level)
{
   uint64_t offset = 0;
   for (unsigned k = 0; k < level; k++)
      offset += level_bytes(s, k);
   return offset;
}

uint64_t hw_surface_size(const struct hw_surface *s, unsigned last_level)
{
   return hw_surface_level_offset(s, last_level + 1);
}

static struct hw_surface_level layout(const struct hw_surface *s, unsigned level, uint64_t offset)
{
   return (struct hw_surface_level){ offset, hw_surface_layer_size(s, level), hw_surface_pitch(s, level),
                                     hw_surface_rows(s, level) };
}

struct hw_surface_level hw_surface_level_layout(const struct hw_surface *s, unsigned level)
{
   return layout(s, level, hw_surface_level_offset(s, level));
}

void hw_surface_levels(const struct hw_surface *s, unsigned last_level, struct hw_surface_level *out)
{
   uint64_t offset = 0;
   for (unsigned k = 0; k <= last_level; k++) {
      out[k] = layout(s, k, offset);
      offset += level_bytes(s, k);
   }
}
