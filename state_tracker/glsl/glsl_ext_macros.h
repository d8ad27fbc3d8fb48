/* The extension macros a shader sees match SUPPORTED_EXTENSIONS (glsl_glslang.h): GLSL ES
 * (1.00 section 3.4, 3.00 section 3.4) defines GL_<extension> to 1 for each extension the
 * implementation supports, and no other. glslang predefines a macro for every extension it
 * knows and its preprocessor refuses "#undef GL_...", even in the preamble, so the front end
 * defines the supported ones in the preamble and renames, in the sources, every other
 * identifier starting with "GL_" to "GL_unexposed_..." (a name nothing defines: a shader may
 * define no GL_ name, and glslang predefines none with that prefix). GL_ES and
 * GL_FRAGMENT_PRECISION_HIGH are kept. Left alone: #version, #pragma, #line, #error and
 * #undef lines, and the name a #define defines (so that defining a GL_ name stays the error
 * it is). No line is added or removed.
 *
 * #extension lines are renamed too: glslang then treats an unsupported extension as one it
 * does not know, which is what ES 1.00 section 3.4 asks: "require" fails, "enable" and
 * "warn" warn, and none of the extension's features is turned on. The log shows the
 * original names (restore_names). */
#ifndef GLSL_EXT_MACROS_H
#define GLSL_EXT_MACROS_H

#include <string>
#include <vector>

namespace r600glsl {

/* "#define GL_x 1\n" for each supported extension */
std::string extension_macro_preamble();

/* The sources with the unexposed GL_ names renamed. */
std::vector<std::string> hide_unexposed_macros(const std::vector<std::string> &sources);

/* A log about renamed sources with the original names. */
std::string restore_names(const std::string &log);

}

#endif
