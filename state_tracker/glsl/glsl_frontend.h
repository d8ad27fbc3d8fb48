/* State-tracker-internal seam: the GLSL front end (glslang AST -> our IR, C++ bridge inside)
 * as the GLES layer uses it for glCompileShader / glLinkProgram.
 *
 * GLSL ES 1.00 ints and bools are carried as floats (ES 1.00 only requires 16-bit integer
 * precision); so uniform storage is all floats: glUniform1i(loc, 3) stores 3.0f, a bool
 * true stores 1.0f. Sampler uniforms are not in constant storage; they map IR sampler
 * indices to texture units.
 */
#ifndef GLSL_FRONTEND_H
#define GLSL_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "r600sim/shader_ir.h"

struct glsl_shader;    /* a compiled (parsed + checked) shader of one stage */

/* Compiles the concatenated strings (lengths[i] < 0 or lengths == NULL: NUL-terminated).
 * Always returns an object (NULL only when out of memory); check glsl_shader_ok. */
struct glsl_shader *glsl_compile(enum ir_stage stage, const char *const *strings,
                                 const int *lengths, unsigned count);
bool glsl_shader_ok(const struct glsl_shader *);
const char *glsl_shader_log(const struct glsl_shader *);   /* never NULL, may be "" */
void glsl_shader_destroy(struct glsl_shader *);
/* The source strings the shader was compiled from (a program cache key hashes them). */
unsigned glsl_shader_num_sources(const struct glsl_shader *);
const char *glsl_shader_source(const struct glsl_shader *, unsigned i, size_t *length);

/* glBindAttribLocation bindings in effect at link time. */
struct glsl_attrib_binding { const char *name; unsigned location; };

/* glBindFragDataLocationIndexedEXT bindings in effect at link time (GL_EXT_blend_func_extended):
 * a GLSL ES 3.00 `out` without layout(location) goes to draw buffer `location`, as the
 * second blend source when index is 1. */
struct glsl_frag_binding { const char *name; unsigned location, index; };

/* An active user-defined fragment output (glGetFragDataIndexEXT) */
struct glsl_frag_output_info {
   char name[64];
   unsigned location;      /* first draw buffer */
   unsigned index;         /* 0, or 1 for the second blend source */
};

/* An active attribute (glGetActiveAttrib) */
struct glsl_attrib_info {
   char name[64];
   uint32_t gl_type;       /* GL_FLOAT, GL_FLOAT_VEC2.., GL_FLOAT_MAT4 (GLenum value) */
   int size;               /* array size, 1 for non-arrays */
   unsigned location;      /* assigned: the binding if any, else the first free slot(s) */
};

/* An active uniform leaf (glGetActiveUniform / glGetUniformLocation). Arrays are one entry
 * with name "a[0]"-style base name "a" and size n; element k lives at slot + k * (slots per
 * element). Matrices take one vec4 slot per column. */
struct glsl_uniform_info {
   char name[64];          /* "u", "s.field", "arr" (no [0]) */
   uint32_t gl_type;       /* GL_FLOAT_VEC3, GL_SAMPLER_2D, ... (GLenum value) */
   int size;               /* array size, 1 for non-arrays */
   int vs_slot, fs_slot;   /* first CONST vec4 slot in each stage, -1 if unused there */
   int vs_sampler, fs_sampler; /* samplers: IR SAMPLER index in each stage, -1 if unused */
};

struct glsl_program {
   bool ok;
   char *log;                         /* malloc'ed, never NULL */
   struct ir_shader *vs, *fs;         /* owned; handed to pipe create_*_state */
   unsigned num_attribs;
   struct glsl_attrib_info attribs[16];
   /* VS IR INPUT i (ATTRIB semantic) reads attribute location attrib_location_of_input[i]:
    * the GLES layer builds vertex element i from the array bound to that location. */
   unsigned num_vs_inputs;
   unsigned attrib_location_of_input[16];
   unsigned num_uniforms;             /* active uniforms: uniforms[0 .. num_uniforms-1] */
   struct glsl_uniform_info *uniforms;   /* then num_hidden_uniforms hidden entries */
   /* Hidden state uniforms: constant slots the GLES layer fills from GL state before each
    * draw. They are not active uniforms (never visible through the GL API); they follow
    * the active ones in uniforms[] under the GLSL_*_NAME names below. Slots are -1 when
    * the stage does not need them. */
   unsigned num_hidden_uniforms;
   int fs_wpos_slot;                  /* GLSL_WPOS_TRANSFORM_NAME */
   int vs_depth_range_slot, fs_depth_range_slot;   /* GLSL_DEPTH_RANGE_NAME */
   unsigned num_frag_outputs;         /* GLSL ES 3.00 user `out` variables */
   struct glsl_frag_output_info frag_outputs[8];
};

/* Window-position transform, a vec4 (sy, ty, psy, pty): the shader sees
 * gl_FragCoord.y = y * sy + ty, gl_PointCoord.y = y * psy + pty and dFdy(v) * sy, where y
 * and dFdy are the hardware's (y down). Drawables stored top row first need
 * (-1, height, 1, 0); bottom row first ones (1, 0, -1, 1): the hardware's point sprite T
 * runs 0 -> 1 down the stored rows, GL's gl_PointCoord.y down the displayed image. */
#define GLSL_WPOS_TRANSFORM_NAME "__r600sim_wpos_transform"
/* gl_DepthRange as a vec4 (near, far, far - near, 0) from glDepthRangef. */
#define GLSL_DEPTH_RANGE_NAME "__r600sim_depth_range"

/* Links a vertex and a fragment shader (both glsl_shader_ok). Always returns an object
 * (check ->ok, ->log). */
struct glsl_program *glsl_link(const struct glsl_shader *vs, const struct glsl_shader *fs,
                               const struct glsl_attrib_binding *bindings, unsigned num_bindings);
/* The same with glBindFragDataLocationIndexedEXT bindings too. */
struct glsl_program *glsl_link_frag(const struct glsl_shader *vs, const struct glsl_shader *fs,
                                    const struct glsl_attrib_binding *bindings,
                                    unsigned num_bindings,
                                    const struct glsl_frag_binding *frag, unsigned num_frag);
/* GL_EXT_separate_shader_objects: a separable program, of one stage (the other NULL) or both;
 * each stage's varyings are laid out alone so that it pairs with another program's stage
 * (glsl_interface.cpp). The missing stage's IR is NULL. */
struct glsl_program *glsl_link_separable(const struct glsl_shader *vs,
                                         const struct glsl_shader *fs,
                                         const struct glsl_attrib_binding *bindings,
                                         unsigned num_bindings,
                                         const struct glsl_frag_binding *frag, unsigned num_frag);
void glsl_program_destroy(struct glsl_program *);

#endif
