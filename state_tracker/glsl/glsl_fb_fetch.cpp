/* Framebuffer fetch for GLSL ES 1.00 (glsl_fb_fetch.h). */
#include "glsl_fb_fetch.h"

#include "glsl_source_lines.h"

#include <cctype>

namespace r600glsl {

const char FB_FETCH_ID[] = "r600sim_LastFragData";
const char FB_FETCH_NONCOHERENT_ID[] = "r600sim_LastFragDataNC";

static const char COHERENT[] = "GL_EXT_shader_framebuffer_fetch";
static const char NON_COHERENT[] = "GL_EXT_shader_framebuffer_fetch_non_coherent";

std::string fb_fetch_preamble(enum ir_stage stage)
{
   if (stage != IR_STAGE_FRAGMENT)
      return "";
   return std::string("#if __VERSION__ == 100\nvarying mediump vec4 ") + FB_FETCH_ID +
          "[gl_MaxDrawBuffers];\nvarying mediump vec4 " + FB_FETCH_NONCOHERENT_ID +
          "[gl_MaxDrawBuffers];\n#endif\n";
}

/* A line as words and punctuation, comments and blanks dropped ("//" ends it). */
static std::vector<std::string> tokens(const std::string &line)
{
   std::vector<std::string> t;
   size_t i = 0;
   while (i < line.size()) {
      unsigned char c = (unsigned char)line[i];
      if (isspace(c)) {
         i++;
      } else if (line.compare(i, 2, "//") == 0) {
         break;
      } else if (isalnum(c) || c == '_') {
         size_t b = i;
         while (i < line.size() && (isalnum((unsigned char)line[i]) || line[i] == '_'))
            i++;
         t.push_back(line.substr(b, i - b));
      } else {
         t.push_back(std::string(1, line[i++]));
      }
   }
   return t;
}

static bool is_precision(const std::string &w)
{
   return w == "lowp" || w == "mediump" || w == "highp";
}

namespace {

struct Rewriter {
   enum ir_stage stage;
   bool coherent = false, non_coherent = false;   /* enabled so far */
   const char *defined = nullptr;   /* the hidden input gl_LastFragData names so far */

   static std::string define(const char *id)
   {
      return std::string("#define gl_LastFragData ") + id;
   }

   /* "# extension NAME : behavior" for one of the two extensions */
   std::string directive(const std::vector<std::string> &t, const std::string &line)
   {
      bool is_coherent = t[2] == COHERENT;
      const std::string &behavior = t[4];
      bool on = behavior == "enable" || behavior == "require" || behavior == "warn";
      if (!on && behavior != "disable")
         return line;   /* not a behavior: glslang rejects it */
      (is_coherent ? coherent : non_coherent) = on;
      if (stage != IR_STAGE_FRAGMENT)
         return " ";
      if (!on) {
         if (coherent || non_coherent)
            return " ";
         defined = nullptr;
         return "#undef gl_LastFragData";
      }
      if (!is_coherent || defined)
         return " ";
      defined = FB_FETCH_ID;
      return define(FB_FETCH_ID);
   }

   /* "[layout ( noncoherent )] precision vec4 gl_LastFragData [ gl_MaxDrawBuffers ] ;" */
   std::string redeclaration(const std::vector<std::string> &t, const std::string &line)
   {
      size_t k = 0;
      bool layout = t.size() == 11 && t[0] == "layout" && t[1] == "(" && t[2] == "noncoherent" &&
                    t[3] == ")";
      if (layout)
         k = 4;
      if (t.size() != k + 7 || !is_precision(t[k]) || t[k + 1] != "vec4" ||
          t[k + 2] != "gl_LastFragData" || t[k + 3] != "[" || t[k + 4] != "gl_MaxDrawBuffers" ||
          t[k + 5] != "]" || t[k + 6] != ";")
         return line;
      if (!layout)
         return coherent ? " " : line;
      if (!non_coherent)
         return "#error layout(noncoherent) needs GL_EXT_shader_framebuffer_fetch_non_coherent";
      /* one line, so the line count stays: a name the coherent extension defined is
       * redirected rather than redefined */
      const char *was = defined;
      defined = FB_FETCH_NONCOHERENT_ID;
      if (was == FB_FETCH_NONCOHERENT_ID)
         return " ";
      if (was == FB_FETCH_ID)
         return std::string("#define ") + FB_FETCH_ID + " " + FB_FETCH_NONCOHERENT_ID;
      return define(FB_FETCH_NONCOHERENT_ID);
   }

   std::string operator()(const std::string &line)
   {
      std::vector<std::string> t = tokens(line);
      if (t.size() == 5 && t[0] == "#" && t[1] == "extension" && t[3] == ":" &&
          (t[2] == COHERENT || t[2] == NON_COHERENT))
         return directive(t, line);
      if (stage == IR_STAGE_FRAGMENT && (coherent || non_coherent) && !t.empty() &&
          t.back() == ";" && line.find("gl_LastFragData") != std::string::npos)
         return redeclaration(t, line);
      return line;
   }
};

}

std::vector<std::string> fb_fetch_directives(const std::vector<std::string> &sources,
                                             enum ir_stage stage)
{
   bool named = false;
   for (const std::string &s : sources)
      named = named || s.find(COHERENT) != std::string::npos;
   if (!named)
      return sources;
   /* every line of every string, in order: a directive in one string enables the
    * redeclaration in a later one */
   Rewriter r{ stage };
   return rewrite_source_lines(sources, "", [&r](const std::string &line) { return r(line); });
}

}
