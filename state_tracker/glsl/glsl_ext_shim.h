/* Shader extensions the driver implements but glslang does not know (it rejects
 * "#extension NAME : require" for them and defines no NAME macro; SUPPORTED_EXTENSIONS
 * lists them, so the preamble defines the macro). They change nothing in
 * the language glslang parses: GL_EXT_draw_buffers only lets gl_MaxDrawBuffers exceed 1,
 * and glslang already sizes gl_FragData by the resource limit. */
#ifndef GLSL_EXT_SHIM_H
#define GLSL_EXT_SHIM_H

#include <string>
#include <vector>

namespace r600glsl {

/* The sources with each well-formed "#extension NAME : behaviour" directive naming a shim
 * extension blanked (spaces, so lines and columns stay). */
std::vector<std::string> hide_shim_extensions(const std::vector<std::string> &sources);

}

#endif
