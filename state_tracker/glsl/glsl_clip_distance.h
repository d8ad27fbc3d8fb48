/* GL_APPLE_clip_distance in GLSL ES 1.00, which glslang does not know: it rejects
 * "#extension GL_APPLE_clip_distance : require" and declares gl_ClipDistance and
 * gl_MaxClipDistances only from GLSL ES 3.00 on (with GL_EXT_clip_cull_distance).
 *
 * The front end therefore rewrites the sources before glslang sees them:
 * - each "#extension GL_APPLE_clip_distance : enable|require|warn" line of a vertex shader
 *   becomes "#define gl_ClipDistance r600sim_ClipDistance" and "#define
 *   gl_MaxClipDistances 8", followed by "#line __LINE__ - 1" so that the lines after it keep
 *   their numbers (fragment shaders get the constant only: the built-in is a vertex
 *   shader's); "disable" undefines both names. So the built-ins exist exactly where the
 *   extension is enabled, and gl_ClipDistance elsewhere stays an undeclared identifier.
 * - the preamble of a vertex shader that names gl_ClipDistance without declaring it
 *   declares "varying highp float r600sim_ClipDistance[8]" (the spec's gl_MaxClipDistances
 *   elements). A shader may instead redeclare the array with its own size ("varying highp
 *   float gl_ClipDistance[4];"), which through the macro declares the hidden varying.
 * The preamble defines the GL_APPLE_clip_distance macro (SUPPORTED_EXTENSIONS).
 *
 * After parsing, check_clip_distance applies the extension's rules: the declaration is a
 * float array of at most gl_MaxClipDistances elements, a varying, and an array not
 * redeclared is indexed only by constant expressions (which size it; glslang checks them
 * against gl_MaxClipDistances). The linker exports it as IR_SEM_CLIPDIST outputs, 4 distances
 * each (glsl_interface.cpp), not as varyings of the fragment shader. */
#ifndef GLSL_CLIP_DISTANCE_H
#define GLSL_CLIP_DISTANCE_H

#include <string>
#include <vector>

#include <glslang/MachineIndependent/localintermediate.h>

#include "r600sim/shader_ir.h"

namespace r600glsl {

/* gl_MaxClipDistances; the GL layer's GL_MAX_CLIP_DISTANCES_APPLE */
const unsigned MAX_CLIP_DISTANCES = 8;

/* The hidden varying behind gl_ClipDistance (no "gl_": user code cannot declare those). */
extern const char CLIP_DISTANCE_VAR[];

/* Whether a shader of the stage names gl_ClipDistance without declaring it (the preamble
 * then declares it). */
bool clip_distance_implicit(const std::vector<std::string> &sources, enum ir_stage stage);

/* Preamble lines for the stage (see above). */
std::string clip_distance_preamble(const std::vector<std::string> &sources, enum ir_stage stage);

/* The sources with the extension's #extension lines replaced (see above). */
std::vector<std::string> clip_distance_directives(const std::vector<std::string> &sources,
                                                  enum ir_stage stage);

/* The extension's rules on a parsed shader (implicit: clip_distance_implicit of its
 * sources); false with errors in log. */
bool check_clip_distance(const glslang::TIntermediate *im, bool implicit, std::string &log);

/* A log about the rewritten sources with gl_ClipDistance for the hidden name. */
std::string clip_distance_names(const std::string &log);

}

#endif
