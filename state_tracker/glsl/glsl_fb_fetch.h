/* GL_EXT_shader_framebuffer_fetch and GL_EXT_shader_framebuffer_fetch_non_coherent in GLSL
 * ES 1.00 fragment shaders, which glslang does not know (neither the extensions nor
 * gl_LastFragData).
 *
 * The front end declares, in the preamble of ES 1.00 fragment shaders, a hidden input
 * array FB_FETCH_ID (mediump vec4[gl_MaxDrawBuffers], a varying, so writing it is an error
 * as writing gl_LastFragData is) that the linker turns into IR_SEM_FBFETCH inputs
 * (glsl_interface.cpp), and rewrites lines so gl_LastFragData names it exactly where the
 * extensions allow:
 * - "#extension GL_EXT_shader_framebuffer_fetch : enable|require|warn" becomes
 *   "#define gl_LastFragData FB_FETCH_ID"; "... : disable" an #undef;
 * - "#extension GL_EXT_shader_framebuffer_fetch_non_coherent : ..." becomes a blank: that
 *   extension alone makes gl_LastFragData usable only once it is redeclared
 *   "layout(noncoherent) <precision> vec4 gl_LastFragData[gl_MaxDrawBuffers];", which
 *   becomes "#define gl_LastFragData FB_FETCH_NONCOHERENT_ID" (a second hidden input; when
 *   the coherent extension defined gl_LastFragData already, "#define FB_FETCH_ID
 *   FB_FETCH_NONCOHERENT_ID" redirects it); the linker marks a shader that reads only
 *   that input ir_shader.fb_fetch_noncoherent;
 * - the redeclaration without the layout (a precision change, allowed with the coherent
 *   extension) becomes a blank; with layout(noncoherent) while only the coherent extension
 *   is enabled it becomes an #error (the layout belongs to the non-coherent extension).
 * Any other form is left for glslang, which rejects a declaration of a gl_ name. Lines
 * keep their count, so logs keep their line numbers. The preamble's extension macros
 * come from SUPPORTED_EXTENSIONS. Vertex shaders get blanks for the directives. */
#ifndef GLSL_FB_FETCH_H
#define GLSL_FB_FETCH_H

#include <string>
#include <vector>

#include "r600sim/shader_ir.h"

namespace r600glsl {

/* The hidden inputs' names (no "gl_": user code cannot declare those): gl_LastFragData, and
 * gl_LastFragData redeclared layout(noncoherent), whose reads may see the colour buffers as
 * they were at the draw's start. */
extern const char FB_FETCH_ID[];
extern const char FB_FETCH_NONCOHERENT_ID[];

/* Preamble lines for the stage: the hidden input of ES 1.00 fragment shaders. */
std::string fb_fetch_preamble(enum ir_stage stage);

/* The sources with the directives and redeclarations rewritten (see above). */
std::vector<std::string> fb_fetch_directives(const std::vector<std::string> &sources,
                                             enum ir_stage stage);

}

#endif
