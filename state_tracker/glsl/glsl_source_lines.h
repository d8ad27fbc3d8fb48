/* Line-by-line rewriting of shader sources, for the front end's source shims. */
#ifndef GLSL_SOURCE_LINES_H
#define GLSL_SOURCE_LINES_H

#include <functional>
#include <string>
#include <vector>

namespace r600glsl {

/* The sources with every line of a string that contains `needle` replaced by
 * rewrite(line) ('\n' kept; strings without the needle are copied unchanged). */
using line_rewrite = std::function<std::string(const std::string &line)>;

std::vector<std::string> rewrite_source_lines(const std::vector<std::string> &sources,
                                              const char *needle, const line_rewrite &rewrite);

/* The behavior word of a "#extension <extension> : behavior" line (a trailing // comment
 * allowed), or "" for any other line. */
std::string extension_behavior(const std::string &line, const char *extension);

}

#endif
