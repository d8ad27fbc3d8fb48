/* GL_EXT_draw_instanced for GLSL ES 1.00 (glsl_draw_instanced.h). */
#include "glsl_draw_instanced.h"

#include "glsl_source_lines.h"

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
      std::string behavior = extension_behavior(line, "GL_EXT_draw_instanced");
      std::string r = behavior.empty() ? "" : replacement(behavior, stage);
      return r.empty() ? line : r;
   });
}

}
