/* GL_EXT_draw_instanced for GLSL ES 1.00 (glsl_draw_instanced.h). */
#include "glsl_draw_instanced.h"

#include "glsl_source_lines.h"

#include <cctype>

namespace r600glsl {

const char DRAW_INSTANCED_ID[] = "r600sim_InstanceIDEXT";

std::string draw_instanced_preamble(enum ir_stage stage)
{
   /* the GL_EXT_draw_instanced macro comes from SUPPORTED_EXTENSIONS */
   std::string p;
   if (stage == IR_STAGE_VERTEX)
      p += std::string("#if __VERSION__ == 100\nattribute highp float ") + DRAW_INSTANCED_ID +
           ";\n#endif\n";
   return p;
}

/* Skips spaces and tabs from i. */
static size_t skip_blanks(const std::string &s, size_t i)
{
   while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
      i++;
   return i;
}

/* The word at i (letters, digits, '_'), i moved past it. */
static std::string word(const std::string &s, size_t &i)
{
   size_t b = i;
   while (i < s.size() && (isalnum((unsigned char)s[i]) || s[i] == '_'))
      i++;
   return s.substr(b, i - b);
}

/* The behavior of a "#extension GL_EXT_draw_instanced : behavior" line (a trailing //
 * comment allowed), or "" for any other line. */
static std::string directive_behavior(const std::string &line)
{
   size_t i = skip_blanks(line, 0);
   if (i >= line.size() || line[i] != '#')
      return "";
   i = skip_blanks(line, i + 1);
   if (word(line, i) != "extension")
      return "";
   i = skip_blanks(line, i);
   if (word(line, i) != "GL_EXT_draw_instanced")
      return "";
   i = skip_blanks(line, i);
   if (i >= line.size() || line[i] != ':')
      return "";
   i = skip_blanks(line, i + 1);
   std::string behavior = word(line, i);
   i = skip_blanks(line, i);
   if (i < line.size() && line.compare(i, 2, "//") != 0 && line[i] != '\r')
      return "";
   return behavior;
}

static std::string replacement(const std::string &behavior, enum ir_stage stage)
{
   if (behavior == "disable")
      return "#undef gl_InstanceIDEXT";
   if (behavior != "enable" && behavior != "require" && behavior != "warn")
      return "";   /* not a behavior: left for glslang to reject */
   if (stage != IR_STAGE_VERTEX)
      return " ";   /* supported; the built-in is a vertex shader's */
   return std::string("#define gl_InstanceIDEXT int(") + DRAW_INSTANCED_ID + ")";
}

std::vector<std::string> draw_instanced_directives(const std::vector<std::string> &sources,
                                                   enum ir_stage stage)
{
   return rewrite_source_lines(sources, "GL_EXT_draw_instanced", [stage](const std::string &line) {
      std::string behavior = directive_behavior(line);
      std::string r = behavior.empty() ? "" : replacement(behavior, stage);
      return r.empty() ? line : r;
   });
}

}
