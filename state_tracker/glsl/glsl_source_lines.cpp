/* Line-by-line rewriting of shader sources (glsl_source_lines.h). */
#include "glsl_source_lines.h"

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

}
