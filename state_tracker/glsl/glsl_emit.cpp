/* IR emitter core: registers and temporaries, statements, control flow, inlined calls. */
#include "glsl_emit.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <set>

namespace r600glsl {

using namespace glslang;

/* Until finish(), an expression temporary is EXPR_FLAG | a number of its own (never reused,
 * which lets finish() see its every use); finish() gives it its stack position after the
 * variables. */
static const unsigned EXPR_FLAG = 0x8000;

/* ------------------------------------------------------------------ registers */

ir_instruction *Emitter::op(enum ir_opcode opc, const ir_dst &d, const ir_src &a, const ir_src &b,
                            const ir_src &c)
{
   ir_instruction *i = ir_emit(sh_, opc);
   if (!i)
      throw EmitError("out of memory");
   i->dst = d;
   i->src[0] = a;
   i->src[1] = b;
   i->src[2] = c;
   return i;
}

/* Both stacks number their temporaries below EXPR_FLAG. A request is checked before
 * anything is allocated, so that a variable of any declared size fails at once. */
unsigned Emitter::alloc_var(unsigned n)
{
   if (n >= EXPR_FLAG - var_top_)
      throw EmitError(std::string("variables need ") + (n == UINT_MAX ? "over " : "") +
                      std::to_string(n) + " vec4 temporaries on top of the " +
                      std::to_string(var_top_) + " in use; a shader may use at most " +
                      std::to_string(EXPR_FLAG - 1));
   unsigned base = var_top_;
   var_top_ += n;
   var_max_ = std::max(var_max_, var_top_);
   return base;
}

/* Expression temporaries are numbered apart for the whole shader (never reused): their
 * count bounds the code that inlining can expand, however the calls fan out. */
unsigned Emitter::alloc_expr(unsigned n)
{
   if (n >= EXPR_FLAG - expr_slot_.size())
      throw EmitError("shader is too long (function calls are inlined): it needs over " +
                      std::to_string(EXPR_FLAG - 1) + " expression temporaries");
   unsigned id = (unsigned)expr_slot_.size();
   for (unsigned k = 0; k < n; k++) {
      expr_slot_.push_back(expr_top_ + k);
      expr_group_.push_back(id);
   }
   expr_top_ += n;
   expr_max_ = std::max(expr_max_, expr_top_);
   return id | EXPR_FLAG;
}

ir_src Emitter::reg(enum ir_file f, unsigned index)
{
   ir_src s;
   memset(&s, 0, sizeof(s));
   s.file = (uint8_t)f;
   s.index = (uint16_t)index;
   for (unsigned i = 0; i < 4; i++)
      s.swizzle[i] = (uint8_t)i;
   return s;
}

ir_dst Emitter::dst_of(const ir_src &s, unsigned mask)
{
   ir_dst d;
   memset(&d, 0, sizeof(d));
   d.file = s.file;
   d.index = s.index;
   d.writemask = (uint8_t)mask;
   d.rel = s.rel;
   d.rel_comp = s.rel_comp;
   d.rel_index = s.rel_index;
   return d;
}

ir_src Emitter::comp(const ir_src &s, unsigned c)
{
   ir_src r = s;
   for (unsigned i = 0; i < 4; i++)
      r.swizzle[i] = s.swizzle[c];
   return r;
}

ir_src Emitter::swz(const ir_src &s, unsigned x, unsigned y, unsigned z, unsigned w)
{
   ir_src r = s;
   r.swizzle[0] = s.swizzle[x];
   r.swizzle[1] = s.swizzle[y];
   r.swizzle[2] = s.swizzle[z];
   r.swizzle[3] = s.swizzle[w];
   return r;
}

ir_src Emitter::imm(float x, float y, float z, float w)
{
   float f[4] = { x, y, z, w };
   uint32_t bits[4];
   memcpy(bits, f, sizeof(bits));
   return reg(IR_FILE_IMM, ir_imm(sh_, bits));
}

Value Emitter::temp_value(const Type &t, bool var)
{
   unsigned n = t.slots();
   unsigned base = var ? alloc_var(n) : alloc_expr(n);
   Value v;
   v.type = t;
   for (unsigned k = 0; k < n; k++)
      v.slots.push_back(reg(IR_FILE_TEMP, base + k));
   return v;
}

static unsigned mask_of(unsigned n) { return (1u << n) - 1; }

Value Emitter::copy(const Value &v)
{
   Value r = temp_value(v.type, false);
   std::vector<uint8_t> sizes;
   v.type.slot_sizes(sizes);
   for (size_t k = 0; k < v.slots.size(); k++) {
      if (v.slots[k].file == IR_FILE_SAMPLER)
         r.slots[k] = v.slots[k];
      else
         op(IR_MOV, dst_of(r.slots[k], mask_of(sizes[k])), v.slots[k]);
   }
   return r;
}

Value Emitter::plain(const Value &v)
{
   for (const ir_src &s : v.slots)
      if (s.negate || s.abs)
         return copy(v);
   return v;
}

LValue Emitter::lvalue_of(const Value &v)
{
   LValue lv;
   lv.type = v.type;
   for (const ir_src &s : v.slots) {
      if ((s.file != IR_FILE_TEMP && s.file != IR_FILE_SAMPLER) || s.negate || s.abs)
         throw EmitError("internal: assignment to a read-only register");
      LSlot ls;
      ls.dst = dst_of(s, 0);
      memcpy(ls.comp, s.swizzle, 4);
      lv.slots.push_back(ls);
   }
   return lv;
}

static ir_src src_of(const ir_dst &d)
{
   ir_src s;
   memset(&s, 0, sizeof(s));
   s.file = d.file;
   s.index = d.index;
   s.rel = d.rel;
   s.rel_comp = d.rel_comp;
   s.rel_index = d.rel_index;
   return s;
}

void Emitter::store(const LValue &lv, const Value &v)
{
   if (lv.slots.size() != v.slots.size())
      throw EmitError("internal: assignment of mismatched sizes");
   if (lv.dyn) {
      /* v[i] = s: every candidate component takes s where i equals its number. */
      const LSlot &ls = lv.slots[0];
      ir_src cur = src_of(ls.dst);
      ir_src s = comp(v.slots[0], 0);
      ir_src idx = comp(lv.dyn_index, 0);
      for (unsigned c = 0; c < lv.dyn_count; c++) {
         ir_src hit = reg(IR_FILE_TEMP, alloc_expr(1));
         op(IR_SEQ, dst_of(hit, 1), idx, imm((float)c));
         ir_src old = cur;
         for (unsigned i = 0; i < 4; i++)
            old.swizzle[i] = ls.comp[c];
         ir_dst d = ls.dst;
         d.writemask = (uint8_t)(1u << ls.comp[c]);
         op(IR_CND, d, comp(hit, 0), s, old);
      }
      return;
   }
   std::vector<uint8_t> sizes;
   lv.type.slot_sizes(sizes);
   for (size_t k = 0; k < lv.slots.size(); k++) {
      const LSlot &ls = lv.slots[k];
      if (v.slots[k].file == IR_FILE_SAMPLER || ls.dst.file == IR_FILE_SAMPLER)
         continue;   /* samplers are bound, never copied */
      ir_dst d = ls.dst;
      ir_src s = v.slots[k];
      unsigned mask = 0;
      for (unsigned i = 0; i < sizes[k]; i++) {
         mask |= 1u << ls.comp[i];
         s.swizzle[ls.comp[i]] = v.slots[k].swizzle[i];
      }
      d.writemask = (uint8_t)mask;
      op(IR_MOV, d, s);
   }
}

Value Emitter::load(const LValue &lv)
{
   if (lv.dyn) {
      Value vec;
      vec.type = Type::scalar(lv.type.base, lv.dyn_count);
      ir_src s = src_of(lv.slots[0].dst);
      memcpy(s.swizzle, lv.slots[0].comp, 4);
      vec.slots.push_back(s);
      Value idx;
      idx.type = Type::scalar(Type::FLOAT);
      idx.slots.push_back(lv.dyn_index);
      return pick_component(vec, idx);
   }
   Value v;
   v.type = lv.type;
   for (const LSlot &ls : lv.slots) {
      ir_src s = src_of(ls.dst);
      memcpy(s.swizzle, ls.comp, 4);
      v.slots.push_back(s);
   }
   return v;
}

Value Emitter::bind_storage(const Type &t, const Value *init)
{
   if (init && t.is_sampler())
      return *init;   /* samplers are bound, never copied */
   Value v = temp_value(t, true);
   if (init) {
      for (size_t k = 0; k < v.slots.size(); k++)
         if (init->slots[k].file == IR_FILE_SAMPLER)
            v.slots[k] = init->slots[k];
      store(lvalue_of(v), *init);
   }
   return v;
}

/* ------------------------------------------------------------------ analysis helpers */

static bool is_assignment(TOperator o) { return o >= EOpAssign && o <= EOpRightShiftAssign; }

bool Emitter::has_side_effects(TIntermNode *n)
{
   if (!n)
      return false;
   auto it = side_effects_.find(n);
   if (it != side_effects_.end())
      return it->second;
   bool r = false;
   if (TIntermBinary *b = n->getAsBinaryNode())
      r = is_assignment(b->getOp());
   else if (TIntermUnary *u = n->getAsUnaryNode())
      r = u->getOp() == EOpPostIncrement || u->getOp() == EOpPostDecrement ||
          u->getOp() == EOpPreIncrement || u->getOp() == EOpPreDecrement;
   else if (TIntermAggregate *a = n->getAsAggregate())
      r = a->getOp() == EOpFunctionCall;
   else if (n->getAsBranchNode())
      r = true;
   if (!r)
      for_each_child(n, [&](TIntermNode *c) { r = r || has_side_effects(c); });
   side_effects_[n] = r;
   return r;
}

static bool contains_branch(TIntermNode *n, TOperator what, bool into_loops)
{
   if (!n)
      return false;
   if (TIntermBranch *b = n->getAsBranchNode())
      if (b->getFlowOp() == what)
         return true;
   if (!into_loops && n->getAsLoopNode())
      return false;
   bool r = false;
   for_each_child(n, [&](TIntermNode *c) { r = r || contains_branch(c, what, into_loops); });
   return r;
}

static bool contains_return(TIntermNode *n) { return contains_branch(n, EOpReturn, true); }

/* True if every return in n is in tail position (nothing of the function runs after it). */
static bool returns_in_tail(TIntermNode *n, bool tail)
{
   if (!n)
      return true;
   if (TIntermBranch *b = n->getAsBranchNode())
      return b->getFlowOp() != EOpReturn || tail;
   if (TIntermAggregate *a = n->getAsAggregate()) {
      if (a->getOp() == EOpSequence || a->getOp() == EOpScope) {
         const TIntermSequence &seq = a->getSequence();
         for (size_t i = 0; i < seq.size(); i++)
            if (!returns_in_tail(seq[i], tail && i + 1 == seq.size()))
               return false;
         return true;
      }
   }
   if (TIntermSelection *s = n->getAsSelectionNode())
      if (s->getBasicType() == EbtVoid)
         return !contains_return(s->getCondition()) && returns_in_tail(s->getTrueBlock(), tail) &&
                returns_in_tail(s->getFalseBlock(), tail);
   return !contains_return(n);
}

std::vector<bool> Emitter::later_side_effects(const TIntermSequence &seq)
{
   std::vector<bool> later(seq.size(), false);
   for (size_t i = seq.size(); i-- > 1;)
      later[i - 1] = later[i] || has_side_effects(seq[i]);
   return later;
}

/* ------------------------------------------------------------------ symbols */

Value *Emitter::lookup_symbol(TIntermSymbol *s, bool create)
{
   TStorageQualifier q = s->getQualifier().storage;
   if (is_interface_storage(q)) {
      auto it = interface_.find(s->getName().c_str());
      if (it == interface_.end())
         throw EmitError(std::string("internal: no storage for '") + s->getName().c_str() + "'");
      return &it->second;
   }
   if (q == EvqGlobal) {
      auto it = global_vars_.find(s->getId());
      if (it == global_vars_.end())
         throw EmitError(std::string("internal: global '") + s->getName().c_str() + "' not allocated");
      return &it->second;
   }
   Frame &f = frame();
   auto it = f.vars.find(s->getId());
   if (it != f.vars.end())
      return &it->second;
   if (!create)
      return nullptr;
   if (q != EvqTemporary)
      throw EmitError(std::string("internal: unbound parameter '") + s->getName().c_str() + "'");
   Type t = type_of(s);
   if (t.contains_sampler())
      throw EmitError("local variables of sampler type are not supported");
   return &(f.vars[s->getId()] = temp_value(t, true));
}

/* ------------------------------------------------------------------ statements */

void Emitter::stmt(TIntermNode *n)
{
   if (!n)
      return;
   if (TIntermAggregate *a = n->getAsAggregate()) {
      if (a->getOp() == EOpSequence || a->getOp() == EOpScope) {
         sequence(a);
         return;
      }
   }
   if (TIntermSelection *s = n->getAsSelectionNode()) {
      if (s->getBasicType() == EbtVoid) {
         if_stmt(s);
         return;
      }
   }
   if (TIntermLoop *l = n->getAsLoopNode()) {
      loop(l);
      return;
   }
   if (TIntermBranch *b = n->getAsBranchNode()) {
      branch(b);
      return;
   }
   if (n->getAsSwitchNode())
      throw EmitError("switch statements are not supported");
   if (TIntermTyped *t = n->getAsTyped())
      effect(t);
}

/* An expression evaluated for its side effects only: x++ need not keep the old x. */
void Emitter::effect(TIntermTyped *t)
{
   TIntermUnary *u = t->getAsUnaryNode();
   if (u && (u->getOp() == EOpPostIncrement || u->getOp() == EOpPostDecrement)) {
      LValue lv = lvalue(u->getOperand());
      float d = u->getOp() == EOpPostIncrement ? 1.0f : -1.0f;
      store(lv, compwise(IR_ADD, lv.type, load(lv), fconst(d)));
      return;
   }
   expr(t);
}

void Emitter::sequence(TIntermAggregate *a)
{
   const TIntermSequence &seq = a->getSequence();
   unsigned guards = 0;
   for (size_t i = 0; i < seq.size(); i++) {
      unsigned mark = expr_top_;
      stmt(seq[i]);
      expr_top_ = mark;
      /* After a statement that may have returned, the rest runs only if it did not. */
      if (frame().flag && i + 1 < seq.size() && contains_return(seq[i])) {
         op(IR_IF, ir_dst(), comp(frame().running, 0));
         guards++;
      }
   }
   while (guards--)
      op(IR_ENDIF, ir_dst());
}

void Emitter::if_stmt(TIntermSelection *s)
{
   Value c = plain(expr(s->getCondition()));
   op(IR_IF, ir_dst(), comp(c.slots[0], 0));
   stmt(s->getTrueBlock());
   if (s->getFalseBlock()) {
      op(IR_ELSE, ir_dst());
      stmt(s->getFalseBlock());
   }
   op(IR_ENDIF, ir_dst());
}

void Emitter::cond_break(const ir_src &c)
{
   op(IR_IF, ir_dst(), comp(c, 0));
   op(IR_ELSE, ir_dst());
   op(IR_BRK, ir_dst());
   op(IR_ENDIF, ir_dst());
}

/* for/while/do-while as LOOP..ENDLOOP. When the body continues and something must run
 * before the next iteration (a for loop's increment, a do-while's test), that part moves
 * to the top of the loop behind a "not the first iteration" flag, so CONT stays CONT. */
void Emitter::loop(TIntermLoop *l)
{
   TIntermTyped *test = l->getTest(), *term = l->getTerminal();
   if (test && test->getAsConstantUnion() && !test->getAsConstantUnion()->getConstArray().empty() &&
       test->getAsConstantUnion()->getConstArray()[0].getBConst())
      test = nullptr;   /* while (true) */
   bool continues = contains_branch(l->getBody(), EOpContinue, false);
   bool top_flag = continues && (l->testFirst() ? term != nullptr : test != nullptr);
   size_t fi = frames_.size() - 1;
   ir_src first;
   if (top_flag) {
      first = reg(IR_FILE_TEMP, alloc_var(1));
      op(IR_MOV, dst_of(first, 1), imm(0.0f));
   }
   auto eval_test = [&]() {
      unsigned mark = expr_top_;
      cond_break(plain(expr(test)).slots[0]);
      expr_top_ = mark;
   };
   auto eval_term = [&]() {
      unsigned mark = expr_top_;
      effect(term);
      expr_top_ = mark;
   };
   op(IR_LOOP, ir_dst());
   frames_[fi].loops++;
   if (top_flag) {
      op(IR_IF, ir_dst(), comp(first, 0));
      if (l->testFirst())
         eval_term();
      else
         eval_test();
      op(IR_ENDIF, ir_dst());
      op(IR_MOV, dst_of(first, 1), imm(1.0f));
   }
   if (l->testFirst() && test)
      eval_test();
   stmt(l->getBody());
   if (!top_flag) {
      if (l->testFirst() && term)
         eval_term();
      if (!l->testFirst() && test)
         eval_test();
   }
   frames_[fi].loops--;
   op(IR_ENDLOOP, ir_dst());
   /* A return inside left this loop; leave the enclosing loops of the function too. */
   if (frames_[fi].flag && frames_[fi].loops > 0 && contains_return(l->getBody())) {
      op(IR_IF, ir_dst(), comp(frames_[fi].running, 0));
      op(IR_ELSE, ir_dst());
      op(IR_BRK, ir_dst());
      op(IR_ENDIF, ir_dst());
   }
}

void Emitter::branch(TIntermBranch *b)
{
   switch (b->getFlowOp()) {
   case EOpKill:
      if (sh_->stage != IR_STAGE_FRAGMENT)
         throw EmitError("discard outside a fragment shader");
      op(IR_KILL, ir_dst());
      sh_->uses_discard = true;
      return;
   case EOpBreak:
      op(IR_BRK, ir_dst());
      return;
   case EOpContinue:
      op(IR_CONT, ir_dst());
      return;
   case EOpReturn: {
      size_t fi = frames_.size() - 1;
      if (b->getExpression()) {
         Value v = expr(b->getExpression());
         store(lvalue_of(frames_[fi].ret), v);
      }
      if (frames_[fi].flag) {
         op(IR_MOV, dst_of(frames_[fi].running, 1), imm(0.0f));
         if (frames_[fi].loops > 0)
            op(IR_BRK, ir_dst());
      }
      return;
   }
   default:
      throw EmitError("unsupported branch statement");
   }
}

/* ------------------------------------------------------------------ calls */

Value Emitter::call(TIntermAggregate *a)
{
   auto it = info_.functions.find(a->getName().c_str());
   if (it == info_.functions.end())
      throw EmitError(std::string("function '") + a->getName().c_str() + "' has no body");
   if (inline_depth_ >= 64)
      throw EmitError("function calls nest too deeply (recursion?)");
   inline_depth_++;
   TIntermAggregate *def = it->second;
   const TIntermSequence &dseq = def->getSequence();
   TIntermAggregate *params = dseq.size() > 0 ? dseq[0]->getAsAggregate() : nullptr;
   TIntermNode *body = dseq.size() > 1 ? dseq[1] : nullptr;
   const TIntermSequence &args = a->getSequence();
   if (!params || params->getSequence().size() != args.size())
      throw EmitError("internal: call does not match its definition");

   /* Evaluate every argument first (left to right; a value is captured when a later
    * argument has side effects), then bind the parameters: locals of the caller that
    * the arguments allocate must stay below this call's variables. */
   std::vector<Value> in_values(args.size());
   std::vector<LValue> out_targets(args.size());
   std::vector<bool> later = later_side_effects(args);
   for (size_t i = 0; i < args.size(); i++) {
      TStorageQualifier q = params->getSequence()[i]->getAsSymbolNode()->getQualifier().storage;
      if (q == EvqOut || q == EvqInOut) {
         out_targets[i] = lvalue(args[i]->getAsTyped());
         continue;
      }
      in_values[i] = expr(args[i]->getAsTyped());
      if (later[i] && !in_values[i].type.contains_sampler())
         in_values[i] = copy(in_values[i]);
   }
   Frame f;
   f.var_mark = var_top_;
   struct OutArg { LValue lv; Value storage; };
   std::vector<OutArg> outs;
   for (size_t i = 0; i < args.size(); i++) {
      TIntermSymbol *p = params->getSequence()[i]->getAsSymbolNode();
      Type pt = type_of(p);
      TStorageQualifier q = p->getQualifier().storage;
      if (q == EvqOut || q == EvqInOut) {
         Value st = bind_storage(pt, nullptr);
         if (q == EvqInOut)
            store(lvalue_of(st), load(out_targets[i]));
         outs.push_back({ out_targets[i], st });
         f.vars[p->getId()] = st;
      } else {
         f.vars[p->getId()] = bind_storage(pt, &in_values[i]);
      }
   }
   Type rt = type_of(def);
   if (rt.base != Type::VOID)
      f.ret = temp_value(rt, false);   /* lives in the caller's statement */
   f.flag = !returns_in_tail(body, true);
   if (f.flag) {
      f.running = reg(IR_FILE_TEMP, alloc_var(1));
      op(IR_MOV, dst_of(f.running, 1), imm(1.0f));
   }
   frames_.push_back(f);
   stmt(body);
   Value ret = frames_.back().ret;
   frames_.pop_back();
   for (const OutArg &o : outs)
      store(o.lv, o.storage);
   var_top_ = f.var_mark;
   inline_depth_--;
   if (rt.base == Type::VOID) {
      Value v;
      v.type = rt;
      return v;
   }
   return ret;
}

/* ------------------------------------------------------------------ the stage */

void Emitter::run()
{
   /* Interface variables. */
   for (const auto &g : globals_) {
      const GlobalVar &gv = g.second;
      switch (gv.kind) {
      case GlobalVar::SOURCE:
         interface_[g.first] = gv.value;
         break;
      case GlobalVar::OUTPUT: {
         Value t = temp_value(gv.value.type, true);
         if (gv.zero_init)
            for (const ir_src &s : t.slots)
               op(IR_MOV, dst_of(s, 0xf), imm(0.0f));
         interface_[g.first] = t;
         if (gv.output >= 0)
            outputs_.push_back({ t, gv.output, gv.output_comp, gv.packed });
         break;
      }
      case GlobalVar::FRONT_FACING: {
         Value t = temp_value(Type::scalar(Type::BOOL), true);
         op(IR_SLT, dst_of(t.slots[0], 1), imm(0.0f), comp(reg(IR_FILE_INPUT, gv.input), 0));
         interface_[g.first] = t;
         break;
      }
      case GlobalVar::Y_TRANSFORMED: {
         const ir_src &in = gv.value.slots[0];
         Value t = temp_value(gv.value.type, true);
         op(IR_MOV, dst_of(t.slots[0], mask_of(gv.value.type.vec)), in);
         op(IR_MAD, dst_of(t.slots[0], 2), in, comp(gv.transform, 0), comp(gv.transform, 1));
         interface_[g.first] = t;
         break;
      }
      case GlobalVar::INT_INPUT: {
         Value t = temp_value(Type::scalar(Type::INT), true);
         op(IR_I2F, dst_of(t.slots[0], 1), comp(reg(IR_FILE_INPUT, gv.input), 0));
         interface_[g.first] = t;
         break;
      }
      }
   }

   /* Shader globals live for the whole program. */
   std::function<void(TIntermNode *)> find_globals = [&](TIntermNode *n) {
      if (TIntermSymbol *s = n->getAsSymbolNode()) {
         if (s->getQualifier().storage == EvqGlobal && !global_vars_.count(s->getId())) {
            Type t = type_of(s);
            global_vars_[s->getId()] = temp_value(t, true);
         }
      }
      for_each_child(n, find_globals);
   };
   for (TIntermNode *n : info_.global_inits)
      find_globals(n);
   for (const auto &fn : info_.functions)
      find_globals(fn.second);

   const TIntermSequence &mseq = info_.main->getSequence();
   TIntermNode *body = mseq.size() > 1 ? mseq[1] : nullptr;
   Frame f;
   f.var_mark = var_top_;
   f.flag = !returns_in_tail(body, true);
   if (f.flag) {
      f.running = reg(IR_FILE_TEMP, alloc_var(1));
      op(IR_MOV, dst_of(f.running, 1), imm(1.0f));
   }
   frames_.push_back(f);
   for (TIntermNode *n : info_.global_inits) {
      unsigned mark = expr_top_;
      stmt(n);
      expr_top_ = mark;
   }
   stmt(body);
   frames_.pop_back();

   for (const OutputCopy &o : outputs_) {
      std::vector<uint8_t> sizes;
      o.temp.type.slot_sizes(sizes);
      for (size_t k = 0; k < o.temp.slots.size(); k++) {
         if (o.packed) {
            ir_dst d = dst_of(reg(IR_FILE_OUTPUT, o.output + (unsigned)k / 4), 1u << (k % 4));
            op(IR_MOV, d, comp(o.temp.slots[k], 0));
            continue;
         }
         ir_dst d = dst_of(reg(IR_FILE_OUTPUT, o.output + (unsigned)k), mask_of(sizes[k]));
         if (o.comp >= 0)
            d.writemask = (uint8_t)(1u << o.comp);
         op(IR_MOV, d, o.comp >= 0 ? comp(o.temp.slots[k], 0) : o.temp.slots[k]);
      }
   }
   op(IR_END, ir_dst());
   finish();
}

static bool is_expr_temp(const ir_src &s)
{
   return s.file == IR_FILE_TEMP && !s.rel && (s.index & EXPR_FLAG);
}

/* "op t, ...; MOV x, t" where that MOV is the only reader of expression temporary t and
 * op its only writer, with the same components: op writes x directly. */
void Emitter::fold_copies()
{
   std::vector<unsigned> reads(expr_slot_.size()), writes(expr_slot_.size());
   for (uint32_t i = 0; i < sh_->num_instructions; i++) {
      const ir_instruction &in = sh_->instructions[i];
      if (in.dst.file == IR_FILE_TEMP && (in.dst.index & EXPR_FLAG))
         writes[in.dst.index & ~EXPR_FLAG]++;
      for (const ir_src &s : in.src) {
         if (s.file != IR_FILE_TEMP || !(s.index & EXPR_FLAG))
            continue;
         unsigned t = s.index & ~EXPR_FLAG;
         reads[t]++;
         /* an indexed read may reach every temporary allocated with this one */
         for (unsigned g = expr_group_[t]; s.rel && g < expr_group_.size() && expr_group_[g] == expr_group_[t]; g++)
            reads[g] += 2;
      }
      if (in.dst.rel && (in.dst.rel_index & EXPR_FLAG))
         reads[in.dst.rel_index & ~EXPR_FLAG]++;
      for (const ir_src &s : in.src)
         if (s.rel && (s.rel_index & EXPR_FLAG))
            reads[s.rel_index & ~EXPR_FLAG]++;
   }
   uint32_t out = 0;
   for (uint32_t i = 0; i < sh_->num_instructions; i++) {
      ir_instruction in = sh_->instructions[i];
      if (in.opcode == IR_MOV && out > 0 && is_expr_temp(in.src[0]) && !in.src[0].negate &&
          !in.src[0].abs) {
         ir_instruction &prev = sh_->instructions[out - 1];
         unsigned t = in.src[0].index & ~EXPR_FLAG;
         bool same_comps = true;
         for (unsigned c = 0; c < 4; c++)
            if (in.dst.writemask & (1u << c))
               same_comps = same_comps && in.src[0].swizzle[c] == c;
         if (prev.dst.file == IR_FILE_TEMP && prev.dst.index == in.src[0].index && !prev.dst.rel &&
             prev.dst.writemask == in.dst.writemask && same_comps && reads[t] == 1 &&
             writes[t] == 1 && prev.opcode != IR_IF) {
            bool sat = prev.dst.saturate;
            prev.dst = in.dst;
            prev.dst.saturate = sat;
            continue;
         }
      }
      sh_->instructions[out++] = in;
   }
   sh_->num_instructions = out;
}

/* The arrays noted during emission (note_array), renumbered like the TEMPs. */
void Emitter::emit_arrays(unsigned nv)
{
   std::vector<ir_array> out;
   std::set<std::pair<unsigned, unsigned>> seen;   /* one entry per array, however often indexed */
   for (const auto &a : arrays_) {
      unsigned first = (a.first & EXPR_FLAG) ? nv + expr_slot_[a.first & ~EXPR_FLAG] : a.first;
      if (seen.insert({ first, a.second }).second)
         out.push_back({ (uint16_t)first, (uint16_t)a.second });
   }
   if (out.empty())
      return;
   sh_->arrays = (ir_array *)calloc(out.size(), sizeof(ir_array));
   if (!sh_->arrays)
      throw EmitError("out of memory");
   memcpy(sh_->arrays, out.data(), out.size() * sizeof(ir_array));
   sh_->num_arrays = (uint16_t)out.size();
}

void Emitter::finish()
{
   fold_copies();
   unsigned nv = var_max_;
   auto fix = [&](uint16_t &idx) {
      if (idx & EXPR_FLAG)
         idx = (uint16_t)(nv + expr_slot_[idx & ~EXPR_FLAG]);
   };
   for (uint32_t i = 0; i < sh_->num_instructions; i++) {
      ir_instruction &in = sh_->instructions[i];
      if (in.dst.file == IR_FILE_TEMP)
         fix(in.dst.index);
      if (in.dst.rel)
         fix(in.dst.rel_index);
      for (ir_src &s : in.src) {
         if (s.file == IR_FILE_TEMP)
            fix(s.index);
         if (s.rel)
            fix(s.rel_index);
      }
   }
   sh_->num_temps = (uint16_t)(nv + expr_max_);
   emit_arrays(nv);
}

}
