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

/* Strings handed to the application: copies at most buf_size - 1 chars + NUL, reports the
 * copied length without the NUL. */
void gl_copy_string(const char *src, GLsizei buf_size, GLsizei *length, GLchar *dst);

#endif
