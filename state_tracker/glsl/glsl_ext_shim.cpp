/* Shader extensions glslang does not know (see glsl_ext_shim.h). */
#include "glsl_ext_shim.h"

#include <cctype>
#include <cstring>

namespace r600glsl {

static const char *const SHIM_EXTENSIONS[] = { "GL_EXT_draw_buffers",
                                               "GL_EXT_separate_shader_objects", nullptr };

static bool is_word(const std::string &s, size_t b, size_t e, const char *w)
{
   return e - b == strlen(w) && s.compare(b, e - b, w) == 0;
}

static size_t skip_blanks(const std::string &s, size_t i, size_t end)
{
   while (i < end && (s[i] == ' ' || s[i] == '\t'))
      i++;
   return i;
}

static size_t word_end(const std::string &s, size_t i, size_t end)
{
   while (i < end && (isalnum((unsigned char)s[i]) || s[i] == '_'))
      i++;
   return i;
}

/* Whether line [b, e) is "# extension NAME : behaviour" for a shim extension. */
static bool shim_directive(const std::string &s, size_t b, size_t e)
{
   size_t i = skip_blanks(s, b, e);
   if (i >= e || s[i] != '#')
      return false;
   i = skip_blanks(s, i + 1, e);
   size_t w = word_end(s, i, e);
   if (!is_word(s, i, w, "extension"))
      return false;
   i = skip_blanks(s, w, e);
   w = word_end(s, i, e);
   bool shim = false;
   for (const char *const *n = SHIM_EXTENSIONS; *n; n++)
      shim = shim || is_word(s, i, w, *n);
   if (!shim)
      return false;
   i = skip_blanks(s, w, e);
   if (i >= e || s[i] != ':')
      return false;
   i = skip_blanks(s, i + 1, e);
   w = word_end(s, i, e);
   if (!is_word(s, i, w, "require") && !is_word(s, i, w, "enable") && !is_word(s, i, w, "warn") &&
       !is_word(s, i, w, "disable"))
      return false;
   return skip_blanks(s, w, e) == e;
}

std::vector<std::string> hide_shim_extensions(const std::vector<std::string> &sources)
{
   std::vector<std::string> out = sources;
   for (std::string &s : out) {
      size_t b = 0;
      while (b < s.size()) {
         size_t e = s.find('\n', b);
         if (e == std::string::npos)
            e = s.size();
         size_t text_end = e > b && s[e - 1] == '\r' ? e - 1 : e;
         if (shim_directive(s, b, text_end))
            for (size_t k = b; k < text_end; k++)
               s[k] = ' ';
         b = e + 1;
      }
   }
   return out;
}

}
