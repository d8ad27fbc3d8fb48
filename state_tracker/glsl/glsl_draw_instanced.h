/* GL_EXT_draw_instanced in GLSL ES 1.00 vertex shaders, which glslang does not know: neither
 * the extension (it rejects "#extension GL_EXT_draw_instanced : require") nor its built-in
 * gl_InstanceIDEXT (it declares gl_InstanceID from GLSL ES 3.00 on only).
 *
 * The front end therefore (1) declares, in the preamble of ES 1.00 vertex shaders, a hidden
 * attribute DRAW_INSTANCED_ID that the linker binds to the instance index instead of a
 * vertex array (glsl_interface.cpp), and (2) replaces each "#extension GL_EXT_draw_instanced
 * : behavior" line by "#define gl_InstanceIDEXT int(DRAW_INSTANCED_ID)" (enable, require,
 * warn; vertex shaders) or "#undef gl_InstanceIDEXT" (disable), so the built-in exists
 * exactly where the extension is enabled. The line count does not change, so logs keep their
 * line numbers. The preamble also defines the GL_EXT_draw_instanced macro (1). */
#ifndef GLSL_DRAW_INSTANCED_H
#define GLSL_DRAW_INSTANCED_H

#include <string>
#include <vector>

#include "r600sim/shader_ir.h"

namespace r600glsl {

/* The hidden attribute's name (no "gl_": user code cannot declare those). */
extern const char DRAW_INSTANCED_ID[];

/* Preamble lines for the stage: the macro, and the hidden attribute of ES 1.00 vertex
 * shaders. */
std::string draw_instanced_preamble(enum ir_stage stage);

/* The sources with the extension's #extension lines replaced (see above). */
std::vector<std::string> draw_instanced_directives(const std::vector<std::string> &sources,
                                                   enum ir_stage stage);

}

#endif
