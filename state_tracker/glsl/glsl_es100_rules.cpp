/* GLSL ES 1.00 rules checked on glslang's AST (glsl_es100_rules.h). */
#include "glsl_es100_rules.h"

#include <map>
#include <set>
#include <vector>

#include "glsl_stage_info.h"

namespace r600glsl {

using namespace glslang;

bool check_return_precisions(TIntermNode *root, std::string &log)
{
   std::map<std::string, const TIntermAggregate *> defined;
   std::vector<TIntermAggregate *> calls;
   std::vector<TIntermNode *> stack{ root };
   while (!stack.empty()) {
      TIntermNode *n = stack.back();
      stack.pop_back();
      if (!n)
         continue;
      if (TIntermAggregate *a = n->getAsAggregate()) {
         if (a->getOp() == EOpFunction)
            defined[a->getName().c_str()] = a;
         else if (a->getOp() == EOpFunctionCall && a->isUserDefined())
            calls.push_back(a);
      }
      for_each_child(n, [&](TIntermNode *c) { stack.push_back(c); });
   }
   std::set<std::string> reported;
   for (TIntermAggregate *call : calls) {
      auto def = defined.find(call->getName().c_str());
      if (def == defined.end() || reported.count(def->first))
         continue;
      TPrecisionQualifier declared = call->getType().getQualifier().precision;
      TPrecisionQualifier defined_as = def->second->getType().getQualifier().precision;
      if (declared != defined_as) {
         std::string name = def->first.substr(0, def->first.find('('));
         log += "ERROR: 0:" + std::to_string(def->second->getLoc().line) + ": '" + name +
                "' : return precision differs from the prototype's (" +
                GetPrecisionQualifierString(defined_as) + " vs " +
                GetPrecisionQualifierString(declared) + ")\n";
         reported.insert(def->first);
      }
   }
   return !reported.empty();
}

}
