/* Uniforms: locations (one per array element, "a[2]" names included), glUniform* with the
 * ES 2.0 type rules, and the queries. Values are stored as floats in each stage's vec4
 * constant slots (GLSL ES 1.00 ints and bools are carried as floats, see glsl_frontend.h). */
#include "gl_context.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"
#include "gl_range.h"

enum value_kind { VALUE_FLOAT, VALUE_INT, VALUE_BOOL, VALUE_SAMPLER };

struct type_info {
   enum value_kind kind;
   unsigned components;   /* per column */
   unsigned columns;      /* 1 unless a matrix */
};

static bool type_info(uint32_t gl_type, struct type_info *t)
{
   switch (gl_type) {
   case GL_FLOAT: *t = (struct type_info){ VALUE_FLOAT, 1, 1 }; return true;
   case GL_FLOAT_VEC2: *t = (struct type_info){ VALUE_FLOAT, 2, 1 }; return true;
   case GL_FLOAT_VEC3: *t = (struct type_info){ VALUE_FLOAT, 3, 1 }; return true;
   case GL_FLOAT_VEC4: *t = (struct type_info){ VALUE_FLOAT, 4, 1 }; return true;
   case GL_INT: *t = (struct type_info){ VALUE_INT, 1, 1 }; return true;
   case GL_INT_VEC2: *t = (struct type_info){ VALUE_INT, 2, 1 }; return true;
   case GL_INT_VEC3: *t = (struct type_info){ VALUE_INT, 3, 1 }; return true;
   case GL_INT_VEC4: *t = (struct type_info){ VALUE_INT, 4, 1 }; return true;
   case GL_BOOL: *t = (struct type_info){ VALUE_BOOL, 1, 1 }; return true;
   case GL_BOOL_VEC2: *t = (struct type_info){ VALUE_BOOL, 2, 1 }; return true;
   case GL_BOOL_VEC3: *t = (struct type_info){ VALUE_BOOL, 3, 1 }; return true;
   case GL_BOOL_VEC4: *t = (struct type_info){ VALUE_BOOL, 4, 1 }; return true;
   case GL_FLOAT_MAT2: *t = (struct type_info){ VALUE_FLOAT, 2, 2 }; return true;
   case GL_FLOAT_MAT3: *t = (struct type_info){ VALUE_FLOAT, 3, 3 }; return true;
   case GL_FLOAT_MAT4: *t = (struct type_info){ VALUE_FLOAT, 4, 4 }; return true;
   case GL_SAMPLER_2D: case GL_SAMPLER_CUBE: case GL_SAMPLER_EXTERNAL_OES:
      *t = (struct type_info){ VALUE_SAMPLER, 1, 1 };
      return true;
   default:
      return false;
   }
}

/* ---- locations ---- */

/* Parses a trailing "[digits]"; returns the length of the base name or 0. */
static size_t parse_subscript(const char *name, unsigned long *index)
{
   size_t len = strlen(name);
   if (len < 4 || name[len - 1] != ']')
      return 0;
   size_t open = len - 2;
   while (open > 0 && name[open] >= '0' && name[open] <= '9')
      open--;
   if (name[open] != '[' || open == len - 2 || open == 0 || len - open - 2 > 9)
      return 0;
   *index = strtoul(name + open + 1, NULL, 10);
   return open;
}

static GLint find_location(const struct gl_exe *exe, const char *name)
{
   const struct glsl_program *g = exe->glsl;
   if (!strncmp(name, "gl_", 3))
      return -1;
   for (unsigned u = 0; u < g->num_uniforms; u++)
      if (!strcmp(g->uniforms[u].name, name))
         return (GLint)exe->first_location[u];
   unsigned long index;
   size_t base = parse_subscript(name, &index);
   if (!base)
      return -1;
   for (unsigned u = 0; u < g->num_uniforms; u++) {
      const struct glsl_uniform_info *info = &g->uniforms[u];
      if (strlen(info->name) == base && !strncmp(info->name, name, base) &&
          index < (unsigned long)(info->size > 0 ? info->size : 1))
         return (GLint)(exe->first_location[u] + index);
   }
   return -1;
}

GLint GL_APIENTRY glGetUniformLocation(GLuint program, const GLchar *name)
{
   GET_CONTEXT_OR_RETURN(-1);
   GLint loc = -1;
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (!name)
      ;   /* as Mesa (uniforms.c): -1 and no error, linked or not */
   else if (p && (!p->link_status || !p->exe))
      gl_error(ctx, GL_INVALID_OPERATION);
   else if (p)
      loc = find_location(p->exe, name);
   pthread_mutex_unlock(&ctx->shared->lock);
   return loc;
}

/* ---- glUniform* ---- */

static float convert(enum value_kind to, enum value_kind from, const void *values, unsigned i)
{
   float v = from == VALUE_FLOAT ? ((const GLfloat *)values)[i]
                                 : (float)((const GLint *)values)[i];
   if (to == VALUE_BOOL)
      return v != 0.0f ? 1.0f : 0.0f;
   return v;
}

/* Writes `count` elements from location on into exe: columns x components values each. */
static void store(struct st_context *ctx, struct gl_exe *exe, const char *func, GLint location,
                  GLsizei count, enum value_kind from, unsigned components, unsigned columns,
                  const void *values)
{
   if (count < 0) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   if (!exe) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   if (location == -1)
      return;
   if (location < 0 || (unsigned)location >= exe->num_locations) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   const struct gl_uniform_location *l = &exe->locations[location];
   const struct glsl_uniform_info *info = &exe->glsl->uniforms[l->uniform];
   struct type_info t;
   if (!type_info(info->gl_type, &t) || t.components != components || t.columns != columns) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   /* Floats load float and bool types, ints load int, bool and sampler types. */
   bool ok = from == VALUE_FLOAT ? t.kind == VALUE_FLOAT || t.kind == VALUE_BOOL
                                 : t.kind != VALUE_FLOAT;
   int size = info->size > 0 ? info->size : 1;
   if (!ok || (count > 1 && size == 1)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   if (!values)
      return;   /* no values to load: the checks above only, the uniform keeps its value */
   unsigned end = l->element + (unsigned)gl_range_clamp(l->element, (uint64_t)count,
                                                         (uint64_t)size);
   if (t.kind == VALUE_SAMPLER) {
      for (unsigned e = l->element; e < end; e++) {
         GLint unit = ((const GLint *)values)[e - l->element];
         if (unit < 0 || unit >= gl_max_texture_units(ctx)) {
            gl_error_at(ctx, GL_INVALID_VALUE, func);
            return;
         }
      }
      for (unsigned e = l->element; e < end; e++)
         exe->sampler_units[location + (e - l->element)] = ((const GLint *)values)[e - l->element];
      return;
   }
   const int slots[PIPE_SHADER_TYPES] = { info->vs_slot, info->fs_slot };
   for (unsigned e = l->element; e < end; e++) {
      unsigned src = (e - l->element) * columns * components;
      for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
         if (slots[s] < 0)
            continue;
         for (unsigned c = 0; c < columns; c++) {
            unsigned slot = (unsigned)slots[s] + e * columns + c;
            if (slot >= exe->num_consts[s])
               continue;
            float *dst = &exe->consts[s][slot * 4];
            for (unsigned k = 0; k < components; k++)
               dst[k] = convert(t.kind, from, values, src + c * components + k);
         }
      }
   }
   exe->serial++;
}

void gl_uniform_store(struct st_context *ctx, struct gl_exe *exe, const char *func,
                      GLint location, GLsizei count, bool ints, unsigned components,
                      unsigned columns, const void *values)
{
   store(ctx, exe, func, location, count, ints ? VALUE_INT : VALUE_FLOAT, components, columns,
         values);
}

/* glUniform*: the program glUniform* loads (GL_EXT_separate_shader_objects: the current
 * program, else the bound pipeline's active program). */
static void set_uniform(const char *func, GLint location, GLsizei count, enum value_kind from,
                        unsigned components, unsigned columns, const void *values)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_program *p = gl_uniform_program(ctx);
   store(ctx, p ? p->exe : NULL, func, location, count, from, components, columns, values);
}

void GL_APIENTRY glUniform1f(GLint location, GLfloat x)
{
   set_uniform(__func__, location, 1, VALUE_FLOAT, 1, 1, (GLfloat[]){ x });
}
void GL_APIENTRY glUniform2f(GLint location, GLfloat x, GLfloat y)
{
   set_uniform(__func__, location, 1, VALUE_FLOAT, 2, 1, (GLfloat[]){ x, y });
}
void GL_APIENTRY glUniform3f(GLint location, GLfloat x, GLfloat y, GLfloat z)
{
   set_uniform(__func__, location, 1, VALUE_FLOAT, 3, 1, (GLfloat[]){ x, y, z });
}
void GL_APIENTRY glUniform4f(GLint location, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   set_uniform(__func__, location, 1, VALUE_FLOAT, 4, 1, (GLfloat[]){ x, y, z, w });
}
void GL_APIENTRY glUniform1i(GLint location, GLint x)
{
   set_uniform(__func__, location, 1, VALUE_INT, 1, 1, (GLint[]){ x });
}
void GL_APIENTRY glUniform2i(GLint location, GLint x, GLint y)
{
   set_uniform(__func__, location, 1, VALUE_INT, 2, 1, (GLint[]){ x, y });
}
void GL_APIENTRY glUniform3i(GLint location, GLint x, GLint y, GLint z)
{
   set_uniform(__func__, location, 1, VALUE_INT, 3, 1, (GLint[]){ x, y, z });
}
void GL_APIENTRY glUniform4i(GLint location, GLint x, GLint y, GLint z, GLint w)
{
   set_uniform(__func__, location, 1, VALUE_INT, 4, 1, (GLint[]){ x, y, z, w });
}
void GL_APIENTRY glUniform1fv(GLint location, GLsizei count, const GLfloat *v)
{
   set_uniform(__func__, location, count, VALUE_FLOAT, 1, 1, v);
}
void GL_APIENTRY glUniform2fv(GLint location, GLsizei count, const GLfloat *v)
{
   set_uniform(__func__, location, count, VALUE_FLOAT, 2, 1, v);
}
void GL_APIENTRY glUniform3fv(GLint location, GLsizei count, const GLfloat *v)
{
   set_uniform(__func__, location, count, VALUE_FLOAT, 3, 1, v);
}
void GL_APIENTRY glUniform4fv(GLint location, GLsizei count, const GLfloat *v)
{
   set_uniform(__func__, location, count, VALUE_FLOAT, 4, 1, v);
}
void GL_APIENTRY glUniform1iv(GLint location, GLsizei count, const GLint *v)
{
   set_uniform(__func__, location, count, VALUE_INT, 1, 1, v);
}
void GL_APIENTRY glUniform2iv(GLint location, GLsizei count, const GLint *v)
{
   set_uniform(__func__, location, count, VALUE_INT, 2, 1, v);
}
void GL_APIENTRY glUniform3iv(GLint location, GLsizei count, const GLint *v)
{
   set_uniform(__func__, location, count, VALUE_INT, 3, 1, v);
}
void GL_APIENTRY glUniform4iv(GLint location, GLsizei count, const GLint *v)
{
   set_uniform(__func__, location, count, VALUE_INT, 4, 1, v);
}

/* ES 2.0 has no transposed loads: transpose must be GL_FALSE. */
static void set_matrix(const char *func, GLint location, GLsizei count, GLboolean transpose,
                       unsigned n, const GLfloat *v)
{
   if (transpose != GL_FALSE) {
      GET_CONTEXT_OR_RETURN();
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   set_uniform(func, location, count, VALUE_FLOAT, n, n, v);
}

void GL_APIENTRY glUniformMatrix2fv(GLint location, GLsizei count, GLboolean transpose,
                                    const GLfloat *v)
{
   set_matrix(__func__, location, count, transpose, 2, v);
}
void GL_APIENTRY glUniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose,
                                    const GLfloat *v)
{
   set_matrix(__func__, location, count, transpose, 3, v);
}
void GL_APIENTRY glUniformMatrix4fv(GLint location, GLsizei count, GLboolean transpose,
                                    const GLfloat *v)
{
   set_matrix(__func__, location, count, transpose, 4, v);
}

/* ---- sampler units (ES 2.0 2.10.4: samplers of different types may not share a unit) ---- */

static const char *sampler_type_name(uint32_t gl_type)
{
   return gl_type == GL_SAMPLER_CUBE ? "samplerCube" : "sampler2D";
}

bool gl_exe_sampler_conflict(const struct gl_exe *exe, int max_units, char *why,
                             size_t why_size)
{
   const struct glsl_program *g = exe->glsl;
   uint32_t *type_of_unit = NULL;   /* the sampler type using each unit so far, 0 = none */
   bool conflict = false;
   for (unsigned u = 0; u < g->num_uniforms && !conflict; u++) {
      struct type_info t;
      uint32_t type = g->uniforms[u].gl_type;
      if (!type_info(type, &t) || t.kind != VALUE_SAMPLER)
         continue;
      if (!type_of_unit && !(type_of_unit = calloc((size_t)max_units, sizeof(*type_of_unit))))
         return false;   /* out of memory: cannot tell, the draw goes ahead */
      unsigned size = g->uniforms[u].size > 0 ? (unsigned)g->uniforms[u].size : 1;
      for (unsigned e = 0; e < size && !conflict; e++) {
         int unit = exe->sampler_units[exe->first_location[u] + e];   /* < max_units */
         if (!type_of_unit[unit]) {
            type_of_unit[unit] = type;
         } else if (type_of_unit[unit] != type) {
            snprintf(why, why_size,
                     "error: texture unit %d is used by samplers of two types (%s and %s)\n",
                     unit, sampler_type_name(type_of_unit[unit]), sampler_type_name(type));
            conflict = true;
         }
      }
   }
   free(type_of_unit);
   return conflict;
}

/* ---- queries ---- */

/* The linked program and the uniform of location (locked); NULL with the error raised. */
static const struct glsl_uniform_info *query_target(struct st_context *ctx, GLuint program,
                                                    GLint location, struct gl_exe **exe_out,
                                                    const char *func)
{
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, func);
   if (!p)
      return NULL;
   struct gl_exe *exe = p->exe;
   if (!p->link_status || !exe || location < 0 || (unsigned)location >= exe->num_locations) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return NULL;
   }
   *exe_out = exe;
   return &exe->glsl->uniforms[exe->locations[location].uniform];
}

/* The values of location as floats; returns how many (at most 16). */
static unsigned read_uniform(const struct gl_exe *exe, GLint location,
                             const struct glsl_uniform_info *info, float out[16],
                             enum value_kind *kind)
{
   struct type_info t;
   if (!type_info(info->gl_type, &t))
      return 0;
   *kind = t.kind;
   if (t.kind == VALUE_SAMPLER) {
      out[0] = (float)exe->sampler_units[location];
      return 1;
   }
   unsigned element = exe->locations[location].element;
   int s = info->vs_slot >= 0 ? PIPE_SHADER_VERTEX : PIPE_SHADER_FRAGMENT;
   int first = s == PIPE_SHADER_VERTEX ? info->vs_slot : info->fs_slot;
   for (unsigned c = 0; c < t.columns; c++) {
      unsigned slot = (unsigned)first + element * t.columns + c;
      for (unsigned k = 0; k < t.components; k++)
         out[c * t.components + k] = first >= 0 && slot < exe->num_consts[s]
                                        ? exe->consts[s][slot * 4 + k] : 0.0f;
   }
   return t.columns * t.components;
}

unsigned gl_uniform_get(struct st_context *ctx, GLuint program, GLint location, float out[16],
                        const char *func)
{
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_exe *exe;
   const struct glsl_uniform_info *info = query_target(ctx, program, location, &exe, func);
   enum value_kind kind;
   unsigned n = info ? read_uniform(exe, location, info, out, &kind) : 0;
   pthread_mutex_unlock(&ctx->shared->lock);
   return n;
}

void GL_APIENTRY glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
   GET_CONTEXT_OR_RETURN();
   float v[16];
   unsigned n = gl_uniform_get(ctx, program, location, v, __func__);
   if (params)   /* NULL: the checks only */
      memcpy(params, v, n * sizeof(float));
}

void GL_APIENTRY glGetUniformiv(GLuint program, GLint location, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   float v[16];
   unsigned n = gl_uniform_get(ctx, program, location, v, __func__);
   for (unsigned i = 0; params && i < n; i++)   /* NULL: the checks only */
      params[i] = (GLint)lroundf(v[i]);   /* ints and bools are exact in floats */
}

void GL_APIENTRY glGetActiveUniform(GLuint program, GLuint index, GLsizei buf_size,
                                    GLsizei *length, GLint *size, GLenum *type, GLchar *name)
{
   GET_CONTEXT_OR_RETURN();
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p) {
      const struct glsl_program *g = p->link_status && p->exe ? p->exe->glsl : NULL;
      if (buf_size < 0 || !g || index >= g->num_uniforms) {
         gl_error(ctx, GL_INVALID_VALUE);
      } else {
         const struct glsl_uniform_info *info = &g->uniforms[index];
         char full[sizeof(info->name) + 4];
         strcpy(full, info->name);
         if (info->size > 1)
            strcat(full, "[0]");    /* arrays are reported by their first element */
         /* As Mesa: each output may be NULL (that one is not written). */
         gl_copy_string(full, buf_size, length, name);
         if (size)
            *size = info->size > 0 ? info->size : 1;
         if (type)
            *type = info->gl_type;
      }
   }
   pthread_mutex_unlock(&ctx->shared->lock);
}
