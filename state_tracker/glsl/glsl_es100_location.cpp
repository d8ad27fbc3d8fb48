/* layout(location) on GLSL ES 1.00 attributes and varyings (glsl_es100_location.h). */
#include "glsl_es100_location.h"

#include <regex>

#include "glsl_source_lines.h"

namespace r600glsl {

using namespace glslang;

/* "#extension GL_EXT_separate_shader_objects : enable" (or require, warn) and no
 * "#version 300 es" (which has the qualifier in glslang already). */
static bool wanted(const std::vector<std::string> &sources)
{
   static const std::regex enabled(
      "(^|\\n)[ \\t]*#[ \\t]*extension[ \\t]+GL_EXT_separate_shader_objects[ \\t]*:[ \\t]*"
      "(enable|require|warn)[ \\t]*(\\r?\\n|$)");
   static const std::regex es300("(^|\\n)[ \\t]*#[ \\t]*version[ \\t]+300");
   bool named = false;   /* the cheap test first: most shaders never name it */
   for (const std::string &s : sources)
      named = named || s.find("GL_EXT_separate_shader_objects") != std::string::npos;
   if (!named)
      return false;
   bool on = false;
   for (const std::string &s : sources) {
      if (std::regex_search(s, es300))
         return false;
      on = on || std::regex_search(s, enabled);
   }
   return on;
}

std::vector<std::string> take_es100_locations(const std::vector<std::string> &sources,
                                              std::map<std::string, int> &locations)
{
   if (!wanted(sources))
      return sources;
   /* [indent] (layout(location = N)) ([invariant] attribute|varying [precision] type name
    * [[size]] ; rest) */
   static const std::regex decl(
      "^([ \\t]*)(layout[ \\t]*\\([ \\t]*location[ \\t]*=[ \\t]*([0-9]{1,6})[ \\t]*\\))"
      "([ \\t]+(?:invariant[ \\t]+)?(?:attribute|varying)[ \\t]+(?:(?:lowp|mediump|highp)[ \\t]+)?"
      "[A-Za-z_][A-Za-z0-9_]*[ \\t]+([A-Za-z_][A-Za-z0-9_]*)[ \\t]*(?:\\[[ \\t]*[0-9]+[ \\t]*\\])?"
      "[ \\t]*;.*)$");
   return rewrite_source_lines(sources, "layout", [&](const std::string &line) {
      std::smatch m;
      if (!std::regex_match(line, m, decl))
         return line;   /* anything else stays for glslang to reject */
      locations[m[5].str()] = std::stoi(m[3].str());
      return m[1].str() + std::string(m[2].length(), ' ') + m[4].str();
   });
}

bool apply_es100_locations(TIntermediate *im, const std::map<std::string, int> &locations,
                           std::string &log)
{
   if (locations.empty())
      return true;
   TIntermAggregate *root = im->getTreeRoot() ? im->getTreeRoot()->getAsAggregate() : nullptr;
   for (TIntermNode *n : root ? root->getSequence() : TIntermSequence()) {
      TIntermAggregate *a = n->getAsAggregate();
      if (!a || a->getOp() != EOpLinkerObjects)
         continue;
      for (TIntermNode *o : a->getSequence()) {
         TIntermSymbol *s = o->getAsSymbolNode();
         auto at = s ? locations.find(s->getName().c_str()) : locations.end();
         if (at == locations.end())
            continue;
         TQualifier &q = s->getWritableType().getQualifier();
         if (q.storage != EvqVaryingIn && q.storage != EvqVaryingOut)
            continue;
         if (at->second >= (int)TQualifier::layoutLocationEnd) {
            log += "ERROR: 0:0: 'location' : out of range: " + std::to_string(at->second) + "\n";
            return false;
         }
         q.layoutLocation = (unsigned)at->second;
      }
   }
   return true;
}

}
