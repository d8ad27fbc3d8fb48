/* GL_EXT_separate_shader_objects in GLSL ES 1.00: `layout(location = N)` on attribute and
 * varying declarations. glslang reads `layout` as an identifier before GLSL ES 3.00, so the
 * qualifier is blanked in the sources (lines and columns kept) and recorded by variable
 * name, and put on the variable's qualifier in the parsed tree, where the linker reads
 * locations as it does for GLSL ES 3.00. Only in shaders that enable the extension; one
 * declarator per qualified declaration. */
#ifndef GLSL_ES100_LOCATION_H
#define GLSL_ES100_LOCATION_H

#include <map>
#include <string>
#include <vector>

#include <glslang/MachineIndependent/localintermediate.h>

namespace r600glsl {

/* The sources without the qualifiers; their locations by variable name in locations. */
std::vector<std::string> take_es100_locations(const std::vector<std::string> &sources,
                                              std::map<std::string, int> &locations);

/* Sets the recorded locations on the stage's attributes and varyings; false with an
 * "ERROR: ..." line in log for a location out of range. */
bool apply_es100_locations(glslang::TIntermediate *im,
                           const std::map<std::string, int> &locations, std::string &log);

}

#endif
