/* Finds a linked stage's functions, global initialisers and statically used interface. */
#include "glsl_stage_info.h"

#include <functional>
#include <set>

#include <glslang/MachineIndependent/localintermediate.h>

namespace r600glsl {

using namespace glslang;

Decl *StageInfo::find(const std::string &name)
{
   auto it = decl_index.find(name);
   return it == decl_index.end() ? nullptr : &decls[it->second];
}

const Decl *StageInfo::find(const std::string &name) const
{
   return const_cast<StageInfo *>(this)->find(name);
}

bool is_interface_storage(TStorageQualifier q)
{
   switch (q) {
   case EvqVaryingIn: case EvqVaryingOut: case EvqUniform:
   case EvqVertexId: case EvqInstanceId: case EvqPosition: case EvqPointSize:
   case EvqFace: case EvqFragCoord: case EvqPointCoord: case EvqFragColor: case EvqFragDepth:
      return true;
   default:
      return false;
   }
}

void for_each_child(TIntermNode *node, const std::function<void(TIntermNode *)> &fn)
{
   if (!node)
      return;
   auto call = [&](TIntermNode *n) { if (n) fn(n); };
   if (TIntermBinary *b = node->getAsBinaryNode()) {
      call(b->getLeft());
      call(b->getRight());
   } else if (TIntermUnary *u = node->getAsUnaryNode()) {
      call(u->getOperand());
   } else if (TIntermAggregate *a = node->getAsAggregate()) {
      for (TIntermNode *n : a->getSequence())
         call(n);
   } else if (TIntermSelection *s = node->getAsSelectionNode()) {
      call(s->getCondition());
      call(s->getTrueBlock());
      call(s->getFalseBlock());
   } else if (TIntermLoop *l = node->getAsLoopNode()) {
      call(l->getTest());
      call(l->getBody());
      call(l->getTerminal());
   } else if (TIntermBranch *br = node->getAsBranchNode()) {
      call(br->getExpression());
   } else if (TIntermSwitch *sw = node->getAsSwitchNode()) {
      call(sw->getCondition());
      call(sw->getBody());
   } else if (TIntermMethod *m = node->getAsMethodNode()) {
      call(m->getObject());
   }
}

static void add_decl(StageInfo &info, const TIntermSymbol *sym)
{
   Decl d;
   d.name = sym->getName().c_str();
   const TQualifier &q = sym->getQualifier();
   d.storage = q.storage;
   d.builtin = q.builtIn;
   d.invariant = q.invariant;
   if (q.hasLocation())
      d.location = (int)q.layoutLocation;
   if (q.hasIndex())
      d.index = (int)q.layoutIndex;
   d.flat = q.flat;
   d.centroid = q.centroid;
   /* a type we cannot express is only an error if the variable is used */
   if (!convert_type(sym->getType(), d.type, d.unsupported))
      d.type = Type();
   info.decl_index.emplace(d.name, info.decls.size());
   info.decls.push_back(std::move(d));
}

bool analyze_stage(TIntermediate *im, enum ir_stage stage, StageInfo &info, std::string &err)
{
   info.stage = stage;
   info.version = im->getVersion();
   TIntermAggregate *root = im->getTreeRoot() ? im->getTreeRoot()->getAsAggregate() : nullptr;
   if (!root) {
      err = "empty shader";
      return false;
   }
   for (TIntermNode *n : root->getSequence()) {
      TIntermAggregate *a = n->getAsAggregate();
      if (a && a->getOp() == EOpFunction) {
         info.functions[a->getName().c_str()] = a;
         if (a->getName() == "main(")
            info.main = a;
      } else if (a && a->getOp() == EOpLinkerObjects) {
         for (TIntermNode *o : a->getSequence()) {
            TIntermSymbol *s = o->getAsSymbolNode();
            if (s && is_interface_storage(s->getQualifier().storage) && !info.find(s->getName().c_str()))
               add_decl(info, s);
         }
      } else {
         info.global_inits.push_back(n);
      }
   }
   if (!info.main) {
      err = "missing main()";
      return false;
   }

   /* Mark what code reachable from main uses. */
   std::set<std::string> visited;
   std::string bad;
   std::function<void(TIntermNode *)> walk = [&](TIntermNode *node) {
      if (TIntermSymbol *s = node->getAsSymbolNode()) {
         if (!is_interface_storage(s->getQualifier().storage))
            return;
         std::string name = s->getName().c_str();
         Decl *d = info.find(name);
         if (!d) {
            add_decl(info, s);
            d = &info.decls.back();
         }
         d->used = true;
         if (s->getQualifier().invariant)
            d->invariant = true;
         if (!d->unsupported.empty() && bad.empty())
            bad = "'" + name + "': " + d->unsupported;
         return;
      }
      if (TIntermOperator *o = node->getAsOperator()) {
         TOperator op = o->getOp();
         if (op == EOpDPdy || op == EOpDPdyFine || op == EOpDPdyCoarse)
            info.uses_ddy = true;
      }
      if (TIntermAggregate *a = node->getAsAggregate()) {
         if (a->getOp() == EOpFunctionCall) {
            std::string callee = a->getName().c_str();
            auto it = info.functions.find(callee);
            if (it != info.functions.end() && visited.insert(callee).second)
               walk(it->second);
         }
      }
      for_each_child(node, walk);
   };
   for (TIntermNode *n : info.global_inits)
      walk(n);
   visited.insert("main(");
   walk(info.main);
   if (!bad.empty()) {
      err = bad;
      return false;
   }
   return true;
}

}
