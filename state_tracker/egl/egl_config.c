/* Frame buffer configurations: RGBA8888 pbuffer configs without and with depth24/stencil8,
 * single-sampled and 2x, 4x and 8x multi-sampled (the configs of the surfaceless and device displays;
 * X11 displays derive theirs from these, egl_platform_x11.c), eglGetConfigs, eglGetConfigAttrib and eglChooseConfig with the matching rules and sort
 * order of EGL 1.5 section 3.4.1.2 (table 3.4). */
#include <stdint.h>
#include <stdlib.h>

#include "egl_internal.h"
#include "egl_x11.h"
#include "st_api.h"

#define MAX_PBUFFER_SIZE 8192 /* the R6xx/R7xx colour buffer limit */

static const struct egl_config configs[] = {
   {.id = 1, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 0, .stencil = 0,
    .surface_type = EGL_PBUFFER_BIT, .renderable_type = EGL_OPENGL_ES2_BIT,
    .conformant = EGL_OPENGL_ES2_BIT},
   {.id = 2, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 24, .stencil = 8,
    .surface_type = EGL_PBUFFER_BIT, .renderable_type = EGL_OPENGL_ES2_BIT,
    .conformant = EGL_OPENGL_ES2_BIT},
   /* 4x MSAA at the R600 sample positions (docs/r600-hardware-notes.md §3.2), resolved
    * (box filter) for reads and swaps; 2x and 8x likewise (ids 5 to 8, after the first four
    * configs, whose ids stay). */
   {.id = 3, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 0, .stencil = 0,
    .samples = 4, .surface_type = EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT,
    .renderable_type = EGL_OPENGL_ES2_BIT, .conformant = EGL_OPENGL_ES2_BIT},
   {.id = 4, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 24, .stencil = 8,
    .samples = 4, .surface_type = EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT,
    .renderable_type = EGL_OPENGL_ES2_BIT, .conformant = EGL_OPENGL_ES2_BIT},
   {.id = 5, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 0, .stencil = 0,
    .samples = 2, .surface_type = EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT,
    .renderable_type = EGL_OPENGL_ES2_BIT, .conformant = EGL_OPENGL_ES2_BIT},
   {.id = 6, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 24, .stencil = 8,
    .samples = 2, .surface_type = EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT,
    .renderable_type = EGL_OPENGL_ES2_BIT, .conformant = EGL_OPENGL_ES2_BIT},
   {.id = 7, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 0, .stencil = 0,
    .samples = 8, .surface_type = EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT,
    .renderable_type = EGL_OPENGL_ES2_BIT, .conformant = EGL_OPENGL_ES2_BIT},
   {.id = 8, .red = 8, .green = 8, .blue = 8, .alpha = 8, .depth = 24, .stencil = 8,
    .samples = 8, .surface_type = EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT,
    .renderable_type = EGL_OPENGL_ES2_BIT, .conformant = EGL_OPENGL_ES2_BIT},
};
#define NUM_CONFIGS ((EGLint)(sizeof(configs) / sizeof(configs[0])))

const struct egl_config *egl_pbuffer_configs(EGLint *count)
{
   *count = NUM_CONFIGS;
   return configs;
}

enum pipe_format egl_config_zs_format(const struct egl_config *c)
{
   if (!c->depth)
      return PIPE_FORMAT_NONE;
   return c->stencil ? PIPE_FORMAT_Z24_UNORM_S8_UINT : PIPE_FORMAT_Z24X8_UNORM;
}

const struct egl_config *egl_lookup_config(const struct egl_display *d, EGLConfig cfg)
{
   for (EGLint i = 0; i < d->num_configs; i++)
      if ((EGLConfig)&d->configs[i] == cfg)
         return &d->configs[i];
   return NULL;
}

bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b)
{
   return a->red == b->red && a->green == b->green && a->blue == b->blue &&
          a->alpha == b->alpha && a->depth == b->depth && a->stencil == b->stencil &&
          a->samples == b->samples;
}

bool egl_config_attrib(const struct egl_config *c, EGLint attribute, EGLint *value)
{
   EGLint v;
   switch (attribute) {
   case EGL_BUFFER_SIZE: v = c->red + c->green + c->blue + c->alpha; break;
   case EGL_RED_SIZE: v = c->red; break;
   case EGL_GREEN_SIZE: v = c->green; break;
   case EGL_BLUE_SIZE: v = c->blue; break;
   case EGL_ALPHA_SIZE: v = c->alpha; break;
   case EGL_LUMINANCE_SIZE: v = 0; break;
   case EGL_ALPHA_MASK_SIZE: v = 0; break;
   case EGL_DEPTH_SIZE: v = c->depth; break;
   case EGL_STENCIL_SIZE: v = c->stencil; break;
   case EGL_COLOR_BUFFER_TYPE: v = EGL_RGB_BUFFER; break;
   case EGL_BIND_TO_TEXTURE_RGB: v = EGL_FALSE; break;
   case EGL_BIND_TO_TEXTURE_RGBA: v = EGL_FALSE; break;
   case EGL_CONFIG_CAVEAT: v = EGL_NONE; break;
   case EGL_CONFIG_ID: v = c->id; break;
   case EGL_CONFORMANT: v = c->conformant; break;
   case EGL_RENDERABLE_TYPE: v = c->renderable_type; break;
   case EGL_SURFACE_TYPE: v = c->surface_type; break;
   case EGL_LEVEL: v = 0; break;
   case EGL_MAX_PBUFFER_WIDTH: v = MAX_PBUFFER_SIZE; break;
   case EGL_MAX_PBUFFER_HEIGHT: v = MAX_PBUFFER_SIZE; break;
   case EGL_MAX_PBUFFER_PIXELS: v = MAX_PBUFFER_SIZE * MAX_PBUFFER_SIZE; break;
   case EGL_MIN_SWAP_INTERVAL: v = 0; break;
   case EGL_MAX_SWAP_INTERVAL: v = 1; break;
   case EGL_NATIVE_RENDERABLE: v = EGL_FALSE; break;
   case EGL_NATIVE_VISUAL_ID: v = c->native_visual_id; break;
   case EGL_NATIVE_VISUAL_TYPE: v = c->native_visual_type; break;
   case EGL_SAMPLE_BUFFERS: v = c->samples > 0; break;
   case EGL_SAMPLES: v = c->samples; break;
   case EGL_TRANSPARENT_TYPE: v = EGL_NONE; break;
   case EGL_TRANSPARENT_RED_VALUE: v = 0; break;
   case EGL_TRANSPARENT_GREEN_VALUE: v = 0; break;
   case EGL_TRANSPARENT_BLUE_VALUE: v = 0; break;
   default: return false;
   }
   *value = v;
   return true;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglGetConfigAttrib(EGLDisplay dpy, EGLConfig cfg,
                                                     EGLint attribute, EGLint *value)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   const struct egl_config *c = egl_lookup_config(d, cfg);
   if (!c)
      return egl_error(EGL_BAD_CONFIG);
   EGLint v;
   if (!egl_config_attrib(c, attribute, &v))
      return egl_error(EGL_BAD_ATTRIBUTE);
   if (value)
      *value = v;
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglGetConfigs(EGLDisplay dpy, EGLConfig *out, EGLint size,
                                                EGLint *num)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!num)
      return egl_error(EGL_BAD_PARAMETER);
   EGLint n = d->num_configs;
   if (out) {
      if (n > size)
         n = size > 0 ? size : 0;
      for (EGLint i = 0; i < n; i++)
         out[i] = (EGLConfig)&d->configs[i];
   }
   *num = n;
   egl_success();
   return EGL_TRUE;
}

/* ---- eglChooseConfig ---- */

enum match_rule { MATCH_EXACT, MATCH_AT_LEAST, MATCH_MASK, MATCH_IGNORED, MATCH_PIXMAP };
enum value_kind { VAL_SIZE, VAL_BOOL, VAL_INT, VAL_LEVEL, VAL_MASK, VAL_ENUM, VAL_ANY };

struct criterion {
   EGLint attr;
   EGLint def;
   enum match_rule rule;
   enum value_kind kind;
   EGLint allowed[3]; /* VAL_ENUM: the accepted values; VAL_MASK: [0] = the known bits */
};

#define ES_APIS (EGL_OPENGL_ES_BIT | EGL_OPENVG_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_BIT | \
                 EGL_OPENGL_ES3_BIT)
#define SURFACE_BITS (EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT | \
                      EGL_MULTISAMPLE_RESOLVE_BOX_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT | \
                      EGL_VG_COLORSPACE_LINEAR_BIT | EGL_VG_ALPHA_FORMAT_PRE_BIT)

/* EGL 1.5 table 3.4: default, selection rule and legal values of each attribute. */
static const struct criterion criteria[] = {
   {EGL_BUFFER_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_RED_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_GREEN_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_BLUE_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_LUMINANCE_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_ALPHA_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_ALPHA_MASK_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, MATCH_EXACT, VAL_BOOL, {0}},
   {EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, MATCH_EXACT, VAL_BOOL, {0}},
   {EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, MATCH_EXACT, VAL_ENUM,
    {EGL_RGB_BUFFER, EGL_LUMINANCE_BUFFER, EGL_RGB_BUFFER}},
   {EGL_CONFIG_CAVEAT, EGL_DONT_CARE, MATCH_EXACT, VAL_ENUM,
    {EGL_NONE, EGL_SLOW_CONFIG, EGL_NON_CONFORMANT_CONFIG}},
   {EGL_CONFIG_ID, EGL_DONT_CARE, MATCH_EXACT, VAL_INT, {0}},
   {EGL_CONFORMANT, 0, MATCH_MASK, VAL_MASK, {ES_APIS}},
   {EGL_DEPTH_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_LEVEL, 0, MATCH_EXACT, VAL_LEVEL, {0}},
   {EGL_MATCH_NATIVE_PIXMAP, EGL_NONE, MATCH_PIXMAP, VAL_ANY, {0}},
   {EGL_MAX_PBUFFER_WIDTH, 0, MATCH_IGNORED, VAL_ANY, {0}},
   {EGL_MAX_PBUFFER_HEIGHT, 0, MATCH_IGNORED, VAL_ANY, {0}},
   {EGL_MAX_PBUFFER_PIXELS, 0, MATCH_IGNORED, VAL_ANY, {0}},
   {EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, MATCH_EXACT, VAL_INT, {0}},
   {EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, MATCH_EXACT, VAL_INT, {0}},
   {EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, MATCH_EXACT, VAL_BOOL, {0}},
   {EGL_NATIVE_VISUAL_ID, 0, MATCH_IGNORED, VAL_ANY, {0}},
   {EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, MATCH_EXACT, VAL_ANY, {0}},
   {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, MATCH_MASK, VAL_MASK, {ES_APIS}},
   {EGL_SAMPLE_BUFFERS, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_SAMPLES, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_STENCIL_SIZE, 0, MATCH_AT_LEAST, VAL_SIZE, {0}},
   {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, MATCH_MASK, VAL_MASK, {SURFACE_BITS}},
   {EGL_TRANSPARENT_TYPE, EGL_NONE, MATCH_EXACT, VAL_ENUM,
    {EGL_NONE, EGL_TRANSPARENT_RGB, EGL_NONE}},
   {EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, MATCH_EXACT, VAL_INT, {0}},
   {EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, MATCH_EXACT, VAL_INT, {0}},
   {EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, MATCH_EXACT, VAL_INT, {0}},
};
#define NUM_CRITERIA ((int)(sizeof(criteria) / sizeof(criteria[0])))

static int criterion_index(EGLint attr)
{
   for (int i = 0; i < NUM_CRITERIA; i++)
      if (criteria[i].attr == attr)
         return i;
   return -1;
}

static bool value_valid(const struct criterion *c, EGLint v)
{
   if (v == EGL_DONT_CARE)
      return c->kind != VAL_LEVEL;
   switch (c->kind) {
   case VAL_SIZE: return v >= 0;
   case VAL_BOOL: return v == EGL_TRUE || v == EGL_FALSE;
   case VAL_MASK: return (v & ~c->allowed[0]) == 0;
   case VAL_ENUM: return v == c->allowed[0] || v == c->allowed[1] || v == c->allowed[2];
   default: return true;
   }
}

/* The requested values, one per criterion; transparent colour values only count when
 * EGL_TRANSPARENT_RGB is requested. */
static bool config_matches(const struct egl_config *cfg, const EGLint *req,
                           EGLint pixmap_depth)
{
   EGLint id_req = req[criterion_index(EGL_CONFIG_ID)];
   if (id_req != EGL_DONT_CARE)
      return cfg->id == id_req;
   bool transparent = req[criterion_index(EGL_TRANSPARENT_TYPE)] == EGL_TRANSPARENT_RGB;
   for (int i = 0; i < NUM_CRITERIA; i++) {
      const struct criterion *c = &criteria[i];
      EGLint want = req[i], have;
      if (c->rule == MATCH_IGNORED)
         continue;
      if (c->rule == MATCH_PIXMAP) {
         /* A native pixmap matches the pixmap configs of its depth. */
         if (want != EGL_NONE && (!(cfg->surface_type & EGL_PIXMAP_BIT) ||
                                  cfg->visual_depth != pixmap_depth))
            return false;
         continue;
      }
      if (want == EGL_DONT_CARE)
         continue;
      if ((c->attr == EGL_TRANSPARENT_RED_VALUE || c->attr == EGL_TRANSPARENT_GREEN_VALUE ||
           c->attr == EGL_TRANSPARENT_BLUE_VALUE) && !transparent)
         continue;
      egl_config_attrib(cfg, c->attr, &have);
      switch (c->rule) {
      case MATCH_EXACT: if (have != want) return false; break;
      case MATCH_AT_LEAST: if (have < want) return false; break;
      case MATCH_MASK: if ((have & want) != want) return false; break;
      default: break;
      }
   }
   return true;
}

static const EGLint *sort_request;

static EGLint caveat_rank(EGLint caveat)
{
   return caveat == EGL_NONE ? 0 : caveat == EGL_SLOW_CONFIG ? 1 : 2;
}

/* Colour bits counted by sort rule 3: only components requested with a nonzero value. */
static EGLint counted_color_bits(const struct egl_config *c, const EGLint *req)
{
   static const EGLint comps[] = {EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE,
                                  EGL_LUMINANCE_SIZE};
   EGLint bits = 0;
   for (unsigned i = 0; i < sizeof(comps) / sizeof(comps[0]); i++) {
      EGLint want = req[criterion_index(comps[i])], have;
      if (want == 0 || want == EGL_DONT_CARE)
         continue;
      egl_config_attrib(c, comps[i], &have);
      bits += have;
   }
   return bits;
}

static int compare_configs(const void *pa, const void *pb)
{
   const struct egl_config *a = *(const struct egl_config *const *)pa;
   const struct egl_config *b = *(const struct egl_config *const *)pb;
   EGLint va, vb;
   egl_config_attrib(a, EGL_CONFIG_CAVEAT, &va);
   egl_config_attrib(b, EGL_CONFIG_CAVEAT, &vb);
   if (caveat_rank(va) != caveat_rank(vb))
      return caveat_rank(va) - caveat_rank(vb);
   egl_config_attrib(a, EGL_COLOR_BUFFER_TYPE, &va);
   egl_config_attrib(b, EGL_COLOR_BUFFER_TYPE, &vb);
   if (va != vb)
      return va == EGL_RGB_BUFFER ? -1 : 1;
   va = counted_color_bits(a, sort_request);
   vb = counted_color_bits(b, sort_request);
   if (va != vb)
      return vb - va; /* deeper colour first */
   static const EGLint smaller_first[] = {EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES,
                                          EGL_DEPTH_SIZE, EGL_STENCIL_SIZE,
                                          EGL_ALPHA_MASK_SIZE, EGL_NATIVE_VISUAL_TYPE,
                                          EGL_CONFIG_ID};
   for (unsigned i = 0; i < sizeof(smaller_first) / sizeof(smaller_first[0]); i++) {
      egl_config_attrib(a, smaller_first[i], &va);
      egl_config_attrib(b, smaller_first[i], &vb);
      if (va != vb)
         return va < vb ? -1 : 1;
   }
   return 0;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglChooseConfig(EGLDisplay dpy, const EGLint *attribs,
                                                  EGLConfig *out, EGLint size, EGLint *num)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!num)
      return egl_error(EGL_BAD_PARAMETER);

   EGLint req[NUM_CRITERIA];
   for (int i = 0; i < NUM_CRITERIA; i++)
      req[i] = criteria[i].def;
   for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      int i = criterion_index(a[0]);
      if (i < 0 || !value_valid(&criteria[i], a[1]))
         return egl_error(EGL_BAD_ATTRIBUTE);
      req[i] = a[1];
   }

   /* EGL_MATCH_NATIVE_PIXMAP: only X11 displays have pixmaps (EGL_BAD_NATIVE_PIXMAP for
    * anything not one of the display's X pixmaps). */
   EGLint pixmap_depth = 0, want_pixmap = req[criterion_index(EGL_MATCH_NATIVE_PIXMAP)];
   if (want_pixmap != EGL_NONE) {
      egl_lock();
      bool ok = d->x11 && egl_x11_pixmap_depth(d, (uint32_t)want_pixmap, &pixmap_depth);
      egl_unlock();
      if (!ok)
         return egl_error(EGL_BAD_NATIVE_PIXMAP);
   }
   const struct egl_config **matches = malloc(sizeof(*matches) * (size_t)d->num_configs + 1);
   if (!matches)
      return egl_error(EGL_BAD_ALLOC);
   EGLint n = 0;
   for (EGLint i = 0; i < d->num_configs; i++)
      if (config_matches(&d->configs[i], req, pixmap_depth))
         matches[n++] = &d->configs[i];
   egl_lock(); /* sort_request is shared with the comparator */
   sort_request = req;
   qsort(matches, n, sizeof(matches[0]), compare_configs);
   sort_request = NULL;
   egl_unlock();

   if (out) {
      if (n > size)
         n = size > 0 ? size : 0;
      for (EGLint i = 0; i < n; i++)
         out[i] = (EGLConfig)matches[i];
   }
   free(matches);
   *num = n;
   egl_success();
   return EGL_TRUE;
}
