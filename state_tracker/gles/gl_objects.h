/* Shader, program and executable objects of a share group. Functions marked "locked" run
 * with ctx->shared->lock held. */
#ifndef GL_OBJECTS_H
#define GL_OBJECTS_H

#include "gl_context.h"

/* A new name in the share group's shader/program namespace, bound to obj (whose kind is
 * set); 0 with GL_OUT_OF_MEMORY when no name is left. Takes the lock itself. */
GLuint gl_name_object(struct st_context *ctx, void *obj, const char *func);

/* The shader or program `name` (locked). Unknown name: INVALID_VALUE; an object of the
 * other kind: INVALID_OPERATION; both return NULL. */
void *gl_lookup_object(struct st_context *ctx, GLuint name, enum gl_object_kind kind,
                       const char *func);

void gl_shader_destroy(struct gl_shared *sh, struct gl_shader *shader);       /* locked */
/* Drops one attachment; destroys a shader whose deletion was pending (locked). */
void gl_shader_detach(struct gl_shared *sh, struct gl_shader *shader);
void gl_program_destroy(struct st_context *ctx, struct gl_program *prog);     /* locked */
/* A use of prog (NULL: none) by a context or a program pipeline; dropping the last use of a
 * program whose deletion is pending destroys it (both locked). */
void gl_program_ref(struct gl_program *prog);
void gl_program_unref(struct st_context *ctx, struct gl_program *prog);
/* Makes prog (or NULL) the current program of ctx, dropping the previous one. */
void gl_program_use(struct st_context *ctx, struct gl_program *prog);

/* Executables. create: NULL with *log (malloc'ed) when the driver rejects the shaders;
 * the executable takes glsl (also on failure: it is destroyed). */
struct gl_exe *gl_exe_create(struct st_context *ctx, struct glsl_program *glsl, char **log);
void gl_exe_destroy(struct st_context *ctx, struct gl_exe *exe);              /* locked */
/* An executable from a program binary: glsl without IR, each stage's shader bytes (taken
 * over, freed on failure too) and constant-buffer size (locked). */
struct gl_exe *gl_exe_create_binary(struct st_context *ctx, struct glsl_program *glsl,
                                    void *blobs[2], const size_t sizes[2],
                                    const unsigned num_consts[2], char **log);
/* ctx's compiled shaders of exe, compiled on first use; NULL when the driver fails. */
const struct gl_exe_variant *gl_exe_variant_for(struct st_context *ctx, struct gl_exe *exe);

/* True when sampler uniforms of exe of different types use one texture unit (ES 2.0
 * 2.10.4, checked at draws and by glValidateProgram), with the reason in why. */
bool gl_exe_sampler_conflict(const struct gl_exe *exe, int max_units, char *why,
                             size_t why_size);

/* Whether exe has code for stage s (PIPE_SHADER_VERTEX/FRAGMENT): a separable program may
 * have one stage only. */
bool gl_exe_has_stage(const struct gl_exe *exe, int s);

/* GL_EXT_separate_shader_objects (gl_pipeline.c). The executables draws use for the vertex
 * and the fragment stage: both the current program's, else the bound pipeline's programs';
 * false when a stage has none (nothing is drawn: undefined results, no error). */
bool gl_stage_exes(struct st_context *ctx, struct gl_exe *exes[2]);
/* Whether the current pipeline forbids drawing (INVALID_OPERATION: the extension's
 * validation rules), with the reason in why. False when a program is current. */
bool gl_pipeline_draw_invalid(struct st_context *ctx, char *why, size_t why_size);
/* The program glUniform* loads: the current one, else the bound pipeline's active program;
 * NULL for none. */
struct gl_program *gl_uniform_program(struct st_context *ctx);
/* glUniform* on exe (GL errors for func); ints: the values are GLint, else GLfloat. */
void gl_uniform_store(struct st_context *ctx, struct gl_exe *exe, const char *func,
                      GLint location, GLsizei count, bool ints, unsigned components,
                      unsigned columns, const void *values);

/* Strings handed to the application: copies at most buf_size - 1 chars + NUL, reports the
 * copied length without the NUL. */
void gl_copy_string(const char *src, GLsizei buf_size, GLsizei *length, GLchar *dst);

#endif
