/* GL_APPLE_clip_distance for GLSL ES 1.00 (glsl_clip_distance.h). */
#include "glsl_clip_distance.h"

#include <cctype>

#include "glsl_source_lines.h"
#include "glsl_stage_info.h"

namespace r600glsl {

using namespace glslang;

const char CLIP_DISTANCE_VAR[] = "r600sim_ClipDistance";

/* The sources' text without comments (each replaced by a space). */
static std::string without_comments(const std::vector<std::string> &sources)
{
   std::string text, out;
   for (const std::string &s : sources)
      text += s + "\n";
   for (size_t i = 0; i < text.size();) {
      if (text.compare(i, 2, "//") == 0) {
         while (i < text.size() && text[i] != '\n')
            i++;
      } else if (text.compare(i, 2, "/*") == 0) {
         size_t e = text.find("*/", i + 2);
         i = e == std::string::npos ? text.size() : e + 2;
         out += ' ';
      } else {
         out += text[i++];
      }
   }
   return out;
}

/* Whether the word w occurs in text; if declared, whether it follows "float" and is
 * followed by "[" (a declaration of the array). */
static bool find_word(const std::string &text, const std::string &w, bool declared)
{
   auto is_id = [](char c) { return isalnum((unsigned char)c) || c == '_'; };
   for (size_t at = text.find(w); at != std::string::npos; at = text.find(w, at + 1)) {
      size_t end = at + w.size();
      if ((at > 0 && is_id(text[at - 1])) || (end < text.size() && is_id(text[end])))
         continue;
      if (!declared)
         return true;
      size_t b = at;
      while (b > 0 && isspace((unsigned char)text[b - 1]))
         b--;
      size_t e = end;
      while (e < text.size() && isspace((unsigned char)text[e]))
         e++;
      if (b >= 5 && text.compare(b - 5, 5, "float") == 0 && (b == 5 || !is_id(text[b - 6])) &&
          e < text.size() && text[e] == '[')
         return true;
   }
   return false;
}

bool clip_distance_implicit(const std::vector<std::string> &sources, enum ir_stage stage)
{
   bool named = false;
   for (const std::string &s : sources)
      named = named || s.find("gl_ClipDistance") != std::string::npos;
   if (stage != IR_STAGE_VERTEX || !named)
      return false;
   std::string text = without_comments(sources);
   return find_word(text, "gl_ClipDistance", false) && !find_word(text, "gl_ClipDistance", true);
}

std::string clip_distance_preamble(const std::vector<std::string> &sources, enum ir_stage stage)
{
   /* the GL_APPLE_clip_distance macro comes from SUPPORTED_EXTENSIONS */
   if (!clip_distance_implicit(sources, stage))
      return "";
   return std::string("#if __VERSION__ == 100\nvarying highp float ") + CLIP_DISTANCE_VAR + "[" +
          std::to_string(MAX_CLIP_DISTANCES) + "];\n#endif\n";
}

/* The lines replacing a directive with this behavior; "" leaves it for glslang to reject.
 * The last line, "#line __LINE__ - 1", numbers the next line as the directive's successor. */
static std::string replacement(const std::string &behavior, enum ir_stage stage)
{
   const std::string renumber = "\n#line __LINE__ - 1";
   if (behavior == "disable")
      return "#undef gl_ClipDistance\n#undef gl_MaxClipDistances" + renumber;
   if (behavior != "enable" && behavior != "require" && behavior != "warn")
      return "";
   std::string max = "#define gl_MaxClipDistances " + std::to_string(MAX_CLIP_DISTANCES);
   if (stage != IR_STAGE_VERTEX)
      return max;   /* the constant only: gl_ClipDistance is a vertex shader's */
   return std::string("#define gl_ClipDistance ") + CLIP_DISTANCE_VAR + "\n" + max + renumber;
}

std::vector<std::string> clip_distance_directives(const std::vector<std::string> &sources,
                                                  enum ir_stage stage)
{
   return rewrite_source_lines(sources, "GL_APPLE_clip_distance", [stage](const std::string &line) {
      std::string behavior = extension_behavior(line, "GL_APPLE_clip_distance");
      std::string r = behavior.empty() ? "" : replacement(behavior, stage);
      return r.empty() ? line : r;
   });
}

/* The declaration of the hidden varying among the tree's linker objects, or nullptr. */
static const TIntermSymbol *declaration(const TIntermediate *im)
{
   TIntermAggregate *root = im->getTreeRoot() ? im->getTreeRoot()->getAsAggregate() : nullptr;
   if (!root)
      return nullptr;
   for (TIntermNode *n : root->getSequence()) {
      TIntermAggregate *a = n->getAsAggregate();
      if (!a || a->getOp() != EOpLinkerObjects)
         continue;
      for (TIntermNode *o : a->getSequence()) {
         TIntermSymbol *s = o->getAsSymbolNode();
         if (s && s->getName() == CLIP_DISTANCE_VAR)
            return s;
      }
   }
   return nullptr;
}

/* The line of an element of the hidden varying picked at run time, or 0 (an explicit
 * stack: the tree's depth is checked later). */
static int indexed_at_run_time(TIntermNode *root)
{
   std::vector<TIntermNode *> stack{ root };
   while (!stack.empty()) {
      TIntermNode *n = stack.back();
      stack.pop_back();
      TIntermBinary *b = n->getAsBinaryNode();
      TIntermSymbol *s = b && b->getOp() == EOpIndexIndirect ? b->getLeft()->getAsSymbolNode() : nullptr;
      if (s && s->getName() == CLIP_DISTANCE_VAR)
         return b->getLoc().line;
      for_each_child(n, [&](TIntermNode *c) { stack.push_back(c); });
   }
   return 0;
}

bool check_clip_distance(const TIntermediate *im, bool implicit, std::string &log)
{
   const TIntermSymbol *s = declaration(im);
   if (!s)
      return true;
   const TType &t = s->getType();
   std::string at = "ERROR: 0:" + std::to_string(s->getLoc().line) + ": 'gl_ClipDistance' : ";
   if (t.getQualifier().storage != EvqVaryingOut) {
      log += at + "must be redeclared as a varying\n";
      return false;
   }
   if (t.getBasicType() != EbtFloat || t.isVector() || t.isMatrix() || !t.isArray() ||
       t.getArraySizes()->getNumDims() != 1) {
      log += at + "must be redeclared as an array of float\n";
      return false;
   }
   int size = t.getOuterArraySize();
   if (size < 1 || size > (int)MAX_CLIP_DISTANCES) {
      log += at + "array size must be at most gl_MaxClipDistances (" +
             std::to_string(MAX_CLIP_DISTANCES) + ")\n";
      return false;
   }
   if (int line = implicit ? indexed_at_run_time(im->getTreeRoot()) : 0) {
      log += "ERROR: 0:" + std::to_string(line) + ": 'gl_ClipDistance' : indexed by a "
             "non-constant expression: redeclare it with a size first\n";
      return false;
   }
   return true;
}

std::string clip_distance_names(const std::string &log)
{
   std::string out = log;
   const std::string hidden = CLIP_DISTANCE_VAR;
   for (size_t at = out.find(hidden); at != std::string::npos; at = out.find(hidden, at + 1))
      out.replace(at, hidden.size(), "gl_ClipDistance");
   return out;
}

}
