/* The linker's interface layout: attribute locations, varying (GENERIC) numbers, uniform
 * constant slots and sampler indices, IR inputs/outputs of both stages, and the GLES
 * introspection tables of the program; plus the cross-stage checks of GLSL ES. */
#ifndef GLSL_INTERFACE_H
#define GLSL_INTERFACE_H

#include <string>

#include "glsl_emit.h"
#include "glsl_c_api.h"
#include "glsl_stage_info.h"

namespace r600glsl {

/* Lays out the interface of a vertex/fragment pair: fills the IR shaders' inputs, outputs,
 * uniforms and counts, the program's attribute and uniform tables, and the maps the
 * emitters use to reach interface variables. A separable program (GL_EXT_separate_shader_objects)
 * lays out each stage's varyings alone and may have an empty StageInfo for the stage it lacks.
 * Returns false with "ERROR: ..." lines in log. */
bool link_interface(const StageInfo &vs, const StageInfo &fs, bool separable,
                    const glsl_attrib_binding *bindings, unsigned num_bindings,
                    const glsl_frag_binding *frag, unsigned num_frag,
                    ir_shader *vs_ir, ir_shader *fs_ir, glsl_program *prog,
                    GlobalMap &vs_map, GlobalMap &fs_map, std::string &log);

}

#endif
