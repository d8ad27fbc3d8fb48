/* GL_OES_get_program_binary: glGetProgramBinaryOES / glProgramBinaryOES in one format,
 * GL_PROGRAM_BINARY_R600SIM. A binary is
 *   header: magic, the r600sim version and the renderer (chip) it was made by, the payload
 *           size and its FNV-1a 64-bit checksum;
 *   payload: the link results (attribute and uniform tables, the VS input -> attribute
 *           map, the hidden state-uniform slots, each stage's constant-buffer size), then
 *           each stage's R600/R700 machine code as the driver gives it
 *           (pipe_context::get_shader_binary, which carries the chip and stage again),
 *           none (size 0) for a stage a separable program lacks.
 * glProgramBinaryOES takes only a binary of this build and chip whose checksum matches and
 * whose tables index inside the constant buffers and attribute slots; anything else leaves
 * LINK_STATUS false with the reason in the info log (never a crash). As with a failed
 * glLinkProgram, the executable of the last successful link stays in use by draws. */
#include "gl_context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"
#include "gl_program_binary.h"

#ifndef R600SIM_VERSION
#error "the build defines R600SIM_VERSION (the project version)"
#endif

#define MAGIC "R6SIMPB"
#define MAX_UNIFORMS 4096

struct header {
   char magic[8];
   char version[32];
   char renderer[32];
   uint64_t payload_size;
   uint64_t checksum;
};

struct link_results {
   uint32_t num_attribs, num_vs_inputs, num_uniforms, num_hidden_uniforms;
   int32_t fs_wpos_slot, vs_depth_range_slot, fs_depth_range_slot;
   uint32_t num_consts[2];
   uint64_t blob_size[2];
   struct glsl_attrib_info attribs[16];
   uint32_t attrib_location_of_input[16];
   uint32_t num_frag_outputs;   /* glGetFragDataIndexEXT */
   struct glsl_frag_output_info frag_outputs[8];
};

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
   uint64_t h = 0xcbf29ce484222325ull;
   for (size_t i = 0; i < n; i++)
      h = (h ^ p[i]) * 0x100000001b3ull;
   return h;
}

static void make_key(struct st_context *ctx, struct header *h)
{
   memset(h, 0, sizeof(*h));
   memcpy(h->magic, MAGIC, sizeof(MAGIC));
   snprintf(h->version, sizeof(h->version), "%s", R600SIM_VERSION);
   struct pipe_screen *screen = ctx->pipe->screen;
   snprintf(h->renderer, sizeof(h->renderer), "%s", screen->get_name(screen));
}

/* The whole binary of exe (malloc'ed) and its size; NULL when out of memory. The machine
 * code is read from the executable's first variant (every variant holds the same code);
 * NULL also when it has none. A stage a separable program lacks has no code (size 0). */
uint8_t *gl_program_binary_build(struct st_context *ctx, const struct gl_exe *exe,
                                 size_t *size)
{
   if (!exe->num_variants)
      return NULL;   /* every context that compiled it is gone; a draw makes one again */
   const struct glsl_program *g = exe->glsl;
   void *stage[2] = { exe->variants[0].vs, exe->variants[0].fs };
   size_t blob_size[2] = { 0, 0 };
   void *blob[2] = { NULL, NULL };
   bool complete = true;
   for (int s = 0; s < 2; s++) {
      if (stage[s])
         blob[s] = ctx->pipe->get_shader_binary(ctx->pipe, stage[s], &blob_size[s]);
      complete = complete && (!stage[s] || blob[s]);
   }
   struct link_results lr = {
      .num_attribs = g->num_attribs, .num_vs_inputs = g->num_vs_inputs,
      .num_uniforms = g->num_uniforms, .num_hidden_uniforms = g->num_hidden_uniforms,
      .fs_wpos_slot = g->fs_wpos_slot, .vs_depth_range_slot = g->vs_depth_range_slot,
      .fs_depth_range_slot = g->fs_depth_range_slot,
      .num_consts = { exe->num_consts[0], exe->num_consts[1] },
      .blob_size = { blob_size[0], blob_size[1] },
   };
   memcpy(lr.attribs, g->attribs, sizeof(lr.attribs));
   memcpy(lr.attrib_location_of_input, g->attrib_location_of_input,
          sizeof(lr.attrib_location_of_input));
   lr.num_frag_outputs = g->num_frag_outputs;
   memcpy(lr.frag_outputs, g->frag_outputs, sizeof(lr.frag_outputs));
   size_t uniforms = (g->num_uniforms + g->num_hidden_uniforms) * sizeof(g->uniforms[0]);
   size_t payload = sizeof(lr) + uniforms + blob_size[0] + blob_size[1];
   uint8_t *out = complete ? malloc(sizeof(struct header) + payload) : NULL;
   if (out) {
      struct header h;
      make_key(ctx, &h);
      uint8_t *p = out + sizeof(h);
      memcpy(p, &lr, sizeof(lr));
      memcpy(p + sizeof(lr), g->uniforms, uniforms);
      if (blob[0])
         memcpy(p + sizeof(lr) + uniforms, blob[0], blob_size[0]);
      if (blob[1])
         memcpy(p + sizeof(lr) + uniforms + blob_size[0], blob[1], blob_size[1]);
      h.payload_size = payload;
      h.checksum = fnv1a(p, payload);
      memcpy(out, &h, sizeof(h));
      *size = sizeof(h) + payload;
   }
   free(blob[0]);
   free(blob[1]);
   return out;
}

GLint gl_program_binary_length(struct st_context *ctx, const struct gl_program *p)
{
   if (!p->link_status || !p->exe)
      return 0;
   size_t size = 0;
   uint8_t *b = gl_program_binary_build(ctx, p->exe, &size);
   free(b);
   return b ? (GLint)size : 0;
}

void GL_APIENTRY glGetProgramBinaryOES(GLuint program, GLsizei bufSize, GLsizei *length,
                                       GLenum *binaryFormat, void *binary)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   GLenum err = GL_NO_ERROR;
   if (p && (!p->link_status || !p->exe)) {
      err = GL_INVALID_OPERATION;
   } else if (p) {
      size_t size = 0;
      uint8_t *b = gl_program_binary_build(ctx, p->exe, &size);
      if (!b)
         err = GL_OUT_OF_MEMORY;
      else if (bufSize < 0 || size > (size_t)bufSize)
         err = GL_INVALID_OPERATION;
      else {
         if (binary)
            memcpy(binary, b, size);
         if (length)
            *length = (GLsizei)size;
         if (binaryFormat)
            *binaryFormat = GL_PROGRAM_BINARY_R600SIM;
      }
      free(b);
      if (err != GL_NO_ERROR && length)
         *length = 0;
   }
   pthread_mutex_unlock(&sh->lock);
   if (err != GL_NO_ERROR)
      gl_error(ctx, err);
}

/* Vec4 slots one element of a uniform of gl_type takes; 0 for a type no ES 2.0 uniform has. */
static unsigned slots_of(uint32_t gl_type)
{
   switch (gl_type) {
   case GL_FLOAT: case GL_FLOAT_VEC2: case GL_FLOAT_VEC3: case GL_FLOAT_VEC4:
   case GL_INT: case GL_INT_VEC2: case GL_INT_VEC3: case GL_INT_VEC4:
   case GL_BOOL: case GL_BOOL_VEC2: case GL_BOOL_VEC3: case GL_BOOL_VEC4:
   case GL_SAMPLER_2D: case GL_SAMPLER_CUBE: case GL_SAMPLER_EXTERNAL_OES:
      return 1;
   case GL_FLOAT_MAT2: return 2;
   case GL_FLOAT_MAT3: return 3;
   case GL_FLOAT_MAT4: return 4;
   default: return 0;
   }
}

/* A slot range [slot, slot + n) inside a constant buffer of `consts` vec4s, or slot -1. */
static bool slot_ok(int32_t slot, uint64_t n, uint32_t consts)
{
   return slot == -1 || (slot >= 0 && (uint64_t)slot + n <= consts);
}

static bool sampler_ok(int32_t s)
{
   return s >= -1 && s < 16;
}

/* The link results of a payload, checked; the reason when they do not hold together. */
static const char *check_link_results(const struct link_results *lr,
                                      struct glsl_uniform_info *u)
{
   if (lr->num_attribs > 16 || lr->num_vs_inputs > 16 || lr->num_consts[0] > 256 ||
       lr->num_consts[1] > 256)
      return "attribute or constant counts out of range";
   for (unsigned i = 0; i < lr->num_attribs; i++) {
      const struct glsl_attrib_info *a = &lr->attribs[i];
      if (a->location >= 16 || a->size < 1 || a->size > 16 || !memchr(a->name, 0, sizeof(a->name)))
         return "an attribute out of range";
   }
   for (unsigned i = 0; i < lr->num_vs_inputs; i++)
      if (lr->attrib_location_of_input[i] >= 16)
         return "a vertex input out of range";
   if (lr->num_frag_outputs > 8)
      return "fragment output count out of range";
   static const struct glsl_frag_output_info unused;   /* entries past the count are zero */
   for (unsigned i = lr->num_frag_outputs; i < 8; i++)
      if (memcmp(&lr->frag_outputs[i], &unused, sizeof(unused)))
         return "a fragment output past the count";
   for (unsigned i = 0; i < lr->num_frag_outputs; i++) {
      const struct glsl_frag_output_info *o = &lr->frag_outputs[i];
      if (o->location >= 4 || o->index > 1 || !memchr(o->name, 0, sizeof(o->name)))
         return "a fragment output out of range";
   }
   if (!slot_ok(lr->fs_wpos_slot, 1, lr->num_consts[1]) ||
       !slot_ok(lr->vs_depth_range_slot, 1, lr->num_consts[0]) ||
       !slot_ok(lr->fs_depth_range_slot, 1, lr->num_consts[1]))
      return "a state uniform outside the constant buffer";
   for (unsigned i = 0; i < lr->num_uniforms + lr->num_hidden_uniforms; i++) {
      unsigned n = slots_of(u[i].gl_type);
      if (!n || u[i].size < 1 || u[i].size > 65536 || !memchr(u[i].name, 0, sizeof(u[i].name)) ||
          !slot_ok(u[i].vs_slot, (uint64_t)n * (unsigned)u[i].size, lr->num_consts[0]) ||
          !slot_ok(u[i].fs_slot, (uint64_t)n * (unsigned)u[i].size, lr->num_consts[1]) ||
          !sampler_ok(u[i].vs_sampler) || !sampler_ok(u[i].fs_sampler))
         return "a uniform out of range";
   }
   return NULL;
}

/* Makes the executable a binary describes; NULL with the reason in *why. */
struct gl_exe *gl_program_binary_load(struct st_context *ctx, const uint8_t *bin, size_t size,
                                      const char **why, char **driver_log)
{
   struct header h, key;
   make_key(ctx, &key);
   if (size < sizeof(h)) {
      *why = "too short";
      return NULL;
   }
   memcpy(&h, bin, sizeof(h));
   if (memcmp(h.magic, key.magic, sizeof(h.magic)) ||
       memcmp(h.version, key.version, sizeof(h.version)) ||
       memcmp(h.renderer, key.renderer, sizeof(h.renderer))) {
      *why = "made by another r600sim version or for another chip";
      return NULL;
   }
   const uint8_t *p = bin + sizeof(h);
   struct link_results lr;
   if (h.payload_size != size - sizeof(h) || h.payload_size < sizeof(lr) ||
       fnv1a(p, h.payload_size) != h.checksum) {
      *why = "corrupt (size or checksum)";
      return NULL;
   }
   memcpy(&lr, p, sizeof(lr));
   uint64_t nu = (uint64_t)lr.num_uniforms + lr.num_hidden_uniforms;
   uint64_t uniforms = nu * sizeof(struct glsl_uniform_info);
   if (nu > MAX_UNIFORMS || lr.blob_size[0] > h.payload_size || lr.blob_size[1] > h.payload_size ||
       sizeof(lr) + uniforms + lr.blob_size[0] + lr.blob_size[1] != h.payload_size) {
      *why = "inconsistent sizes";
      return NULL;
   }
   if (!lr.blob_size[0] && !lr.blob_size[1]) {
      *why = "no stage";
      return NULL;
   }
   struct glsl_program *g = calloc(1, sizeof(*g));
   /* a stage without code (size 0) is one a separable program lacks */
   void *blobs[2] = { lr.blob_size[0] ? malloc(lr.blob_size[0]) : NULL,
                      lr.blob_size[1] ? malloc(lr.blob_size[1]) : NULL };
   if (g) {
      g->log = strdup("");
      g->uniforms = malloc(uniforms ? uniforms : 1);
   }
   if (!g || !g->log || !g->uniforms || (lr.blob_size[0] && !blobs[0]) ||
       (lr.blob_size[1] && !blobs[1])) {
      glsl_program_destroy(g);
      free(blobs[0]);
      free(blobs[1]);
      *why = "out of memory";
      return NULL;
   }
   memcpy(g->uniforms, p + sizeof(lr), uniforms);
   *why = check_link_results(&lr, g->uniforms);
   if (*why) {
      glsl_program_destroy(g);
      free(blobs[0]);
      free(blobs[1]);
      return NULL;
   }
   g->ok = true;
   g->num_attribs = lr.num_attribs;
   memcpy(g->attribs, lr.attribs, sizeof(g->attribs));
   g->num_vs_inputs = lr.num_vs_inputs;
   memcpy(g->attrib_location_of_input, lr.attrib_location_of_input,
          sizeof(g->attrib_location_of_input));
   g->num_frag_outputs = lr.num_frag_outputs;
   memcpy(g->frag_outputs, lr.frag_outputs, sizeof(g->frag_outputs));
   g->num_uniforms = lr.num_uniforms;
   g->num_hidden_uniforms = lr.num_hidden_uniforms;
   g->fs_wpos_slot = lr.fs_wpos_slot;
   g->vs_depth_range_slot = lr.vs_depth_range_slot;
   g->fs_depth_range_slot = lr.fs_depth_range_slot;
   if (blobs[0])
      memcpy(blobs[0], p + sizeof(lr) + uniforms, lr.blob_size[0]);
   if (blobs[1])
      memcpy(blobs[1], p + sizeof(lr) + uniforms + lr.blob_size[0], lr.blob_size[1]);
   const size_t sizes[2] = { lr.blob_size[0], lr.blob_size[1] };
   struct gl_exe *exe = gl_exe_create_binary(ctx, g, blobs, sizes, lr.num_consts, driver_log);
   if (!exe)
      *why = "the driver refused its machine code";
   return exe;
}

void GL_APIENTRY glProgramBinaryOES(GLuint program, GLenum binaryFormat, const void *binary,
                                    GLint length)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   GLenum err = GL_NO_ERROR;
   if (p && binaryFormat != GL_PROGRAM_BINARY_R600SIM) {
      err = GL_INVALID_ENUM;
   } else if (p) {
      const char *why = NULL;
      char *driver_log = NULL;
      struct gl_exe *exe = NULL;
      if (binary && length > 0)
         exe = gl_program_binary_load(ctx, binary, (size_t)length, &why, &driver_log);
      else
         why = "empty";
      /* GL_EXT_separate_shader_objects: one stage only in a separable program */
      if (exe && !p->separable && (!gl_exe_has_stage(exe, PIPE_SHADER_VERTEX) ||
                                   !gl_exe_has_stage(exe, PIPE_SHADER_FRAGMENT))) {
         gl_exe_destroy(ctx, exe);
         exe = NULL;
         why = "a program of one stage needs GL_PROGRAM_SEPARABLE_EXT";
      }
      char *log = NULL;
      if (!exe && asprintf(&log, "error: program binary rejected: %s%s%s\n", why,
                           driver_log ? ": " : "", driver_log ? driver_log : "") < 0)
         log = NULL;
      free(driver_log);
      free(p->info_log);
      p->info_log = log ? log : strdup("");
      p->link_status = exe != NULL;
      p->validate_status = false;
      if (exe) {
         if (p->exe)
            gl_exe_destroy(ctx, p->exe);
         p->exe = exe;
         p->linked_separable = p->separable;
         if (ctx->program == p)
            ctx->dirty |= ST_DIRTY_SHADERS | ST_DIRTY_CONSTANTS;
      }
   }
   pthread_mutex_unlock(&sh->lock);
   if (err != GL_NO_ERROR)
      gl_error(ctx, err);
}

bool gl_program_binary_get_state(GLenum pname, int64_t *values, unsigned *n)
{
   switch (pname) {
   case GL_NUM_PROGRAM_BINARY_FORMATS_OES:
      values[0] = 1;
      *n = 1;
      return true;
   case GL_PROGRAM_BINARY_FORMATS_OES:
      values[0] = GL_PROGRAM_BINARY_R600SIM;
      *n = 1;
      return true;
   default:
      return false;
   }
}
