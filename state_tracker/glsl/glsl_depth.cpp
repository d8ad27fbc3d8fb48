/* Iterative depth measure of a shader's AST through its call graph (glsl_depth.h). */
#include "glsl_depth.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "glsl_stage_info.h"

namespace r600glsl {

using namespace glslang;

namespace {

/* One subtree: its own depth and its calls of user functions with their depths. */
struct Extent {
   unsigned depth = 0;
   std::vector<std::pair<unsigned, std::string>> calls;
};

Extent measure(TIntermNode *root)
{
   Extent e;
   std::vector<std::pair<TIntermNode *, unsigned>> stack{ { root, 1 } };
   while (!stack.empty()) {
      TIntermNode *n = stack.back().first;
      unsigned d = stack.back().second;
      stack.pop_back();
      e.depth = std::max(e.depth, d);
      TIntermAggregate *a = n->getAsAggregate();
      if (a && a->getOp() == EOpFunctionCall)
         e.calls.emplace_back(d, a->getName().c_str());
      for_each_child(n, [&](TIntermNode *c) { stack.emplace_back(c, d + 1); });
   }
   return e;
}

}   /* namespace */

unsigned ast_depth(TIntermNode *root)
{
   TIntermAggregate *seq = root ? root->getAsAggregate() : nullptr;
   if (!seq)
      return root ? measure(root).depth : 0;
   std::unordered_map<std::string, Extent> functions;
   Extent top;   /* the global initialisers and a call of main at depth 1 */
   top.calls.emplace_back(1, "main(");
   for (TIntermNode *n : seq->getSequence()) {
      TIntermAggregate *a = n->getAsAggregate();
      if (a && a->getOp() == EOpFunction) {
         functions[a->getName().c_str()] = measure(a);
      } else if (!a || a->getOp() != EOpLinkerObjects) {
         Extent g = measure(n);
         top.depth = std::max(top.depth, g.depth);
         top.calls.insert(top.calls.end(), g.calls.begin(), g.calls.end());
      }
   }

   /* Post-order over the call graph with an explicit stack: a function's inlined depth is
    * the deeper of its own and each call's depth plus the callee's. A call back into an
    * active function (recursion, which the link rejects) adds nothing. */
   struct Frame { const Extent *e; size_t next; unsigned depth; };
   std::unordered_map<std::string, unsigned> inlined;
   std::unordered_set<std::string> active;
   std::vector<Frame> stack{ { &top, 0, top.depth } };
   std::vector<std::string> names{ "" };
   for (;;) {
      Frame &f = stack.back();
      if (f.next < f.e->calls.size()) {
         const auto &call = f.e->calls[f.next];
         auto done = inlined.find(call.second);
         auto fn = functions.find(call.second);
         if (done != inlined.end()) {
            f.depth = std::max(f.depth, call.first + done->second);
            f.next++;
         } else if (fn == functions.end() || active.count(call.second)) {
            f.next++;
         } else {
            active.insert(call.second);
            names.push_back(call.second);
            stack.push_back({ &fn->second, 0, fn->second.depth });
         }
         continue;
      }
      if (stack.size() == 1)
         return f.depth;
      inlined[names.back()] = f.depth;
      active.erase(names.back());
      names.pop_back();
      stack.pop_back();
   }
}

}
