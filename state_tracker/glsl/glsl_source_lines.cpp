/* Line-by-line rewriting of shader sources (glsl_source_lines.h). */
#include "glsl_source_lines.h"

#include <cctype>

namespace r600glsl {

std::vector<std::string> rewrite_source_lines(const std::vector<std::string> &sources,
                                              const char *needle, const line_rewrite &rewrite)
{
   std::vector<std::string> out;
   for (const std::string &s : sources) {
      if (s.find(needle) == std::string::npos) {
         out.push_back(s);
         continue;
      }
      std::string text;
      size_t b = 0;
      while (b <= s.size()) {
         size_t e = s.find('\n', b);
         if (e == std::string::npos)
            e = s.size();
         text += rewrite(s.substr(b, e - b));
         if (e < s.size())
            text += '\n';
         b = e + 1;
      }
      out.push_back(text);
   }
   return out;
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

std::string extension_behavior(const std::string &line, const char *extension)
{
   size_t i = skip_blanks(line, 0);
   if (i >= line.size() || line[i] != '#')
      return "";
   i = skip_blanks(line, i + 1);
   if (word(line, i) != "extension")
      return "";
   i = skip_blanks(line, i);
   if (word(line, i) != extension)
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

}
