/* Extension macros matching SUPPORTED_EXTENSIONS (glsl_ext_macros.h). */
#include "glsl_ext_macros.h"

#include "glsl_source_lines.h"

#include <cctype>
#include <cstring>

#include "glsl_glslang.h"

namespace r600glsl {

std::string extension_macro_preamble()
{
   std::string p;
   for (const char *const *e = SUPPORTED_EXTENSIONS; *e; e++)
      p += std::string("#define ") + *e + " 1\n";
   return p;
}

static bool exposed(const std::string &name)
{
   if (name == "GL_ES" || name == "GL_FRAGMENT_PRECISION_HIGH")
      return true;
   for (const char *const *e = SUPPORTED_EXTENSIONS; *e; e++)
      if (name == *e)
         return true;
   return false;
}

static bool word_char(char c)
{
   return isalnum((unsigned char)c) || c == '_';
}

/* one line (without its '\n') */
static void hide_in_line(const std::string &line, std::string &out)
{
   size_t i = 0;
   while (i < line.size() && isspace((unsigned char)line[i]))
      i++;
   bool keep_first = false;   /* the name a #define defines */
   if (i < line.size() && line[i] == '#') {
      size_t b = i + 1;
      while (b < line.size() && isspace((unsigned char)line[b]))
         b++;
      size_t e = b;
      while (e < line.size() && word_char(line[e]))
         e++;
      std::string directive = line.substr(b, e - b);
      if (directive != "if" && directive != "ifdef" && directive != "ifndef" &&
          directive != "elif" && directive != "define" && directive != "extension") {
         out += line;
         return;
      }
      keep_first = directive == "define";
      out += line.substr(0, e);
      i = e;
   } else {
      out += line.substr(0, i);
   }
   while (i < line.size()) {
      if (!word_char(line[i])) {
         out += line[i++];
         continue;
      }
      size_t b = i;
      while (i < line.size() && word_char(line[i]))
         i++;
      std::string w = line.substr(b, i - b);
      if (!isdigit((unsigned char)w[0]) && w.compare(0, 3, "GL_") == 0 && !keep_first &&
          !exposed(w)) {
         out += "GL_unexposed_" + w.substr(3);
      } else {
         out += w;
      }
      keep_first = false;
   }
}

std::vector<std::string> hide_unexposed_macros(const std::vector<std::string> &sources)
{
   return rewrite_source_lines(sources, "GL_", [](const std::string &line) {
      std::string text;
      hide_in_line(line, text);
      return text;
   });
}

std::string restore_names(const std::string &log)
{
   static const std::string hidden = "GL_unexposed_";
   std::string out;
   size_t b = 0;
   for (size_t f; (f = log.find(hidden, b)) != std::string::npos; b = f + hidden.size())
      out += log.substr(b, f - b) + "GL_";
   return out + log.substr(b);
}

}
