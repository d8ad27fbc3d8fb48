/* IR emitter: expressions, lvalues, operators, constructors and indexing. */
#include "glsl_emit.h"

#include <algorithm>
#include <cstring>

namespace r600glsl {

using namespace glslang;

static unsigned mask_of(unsigned n) { return (1u << n) - 1; }

static Value scalar_of(const ir_src &s)
{
   Value v;
   v.type = Type::scalar(Type::FLOAT);
   v.slots.push_back(s);
   return v;
}

static bool is_scalar(const Value &v) { return v.type.is_vector_like() && v.type.vec == 1; }

static bool same_register(const ir_src &a, const ir_src &b)
{
   return a.file == b.file && a.index == b.index && a.rel == b.rel &&
          (!a.rel || (a.rel_index == b.rel_index && a.rel_comp == b.rel_comp)) &&
          a.negate == b.negate && a.abs == b.abs;
}

/* Slots in consecutive registers of one file, read without modifiers: what relative
 * addressing can index. */
static bool addressable(const Value &v)
{
   if (v.slots.empty())
      return false;
   const ir_src &s0 = v.slots[0];
   if (s0.file != IR_FILE_TEMP && s0.file != IR_FILE_CONST)
      return false;
   for (size_t k = 0; k < v.slots.size(); k++) {
      const ir_src &s = v.slots[k];
      if (s.file != s0.file || s.index != s0.index + k || s.rel || s.negate || s.abs)
         return false;
      for (unsigned i = 0; i < 4; i++)
         if (s.swizzle[i] != i)
            return false;
   }
   return true;
}

static int const_int(TIntermTyped *n)
{
   TIntermConstantUnion *c = n->getAsConstantUnion();
   if (!c || c->getConstArray().empty())
      throw EmitError("internal: expected a constant index");
   const TConstUnion &u = c->getConstArray()[0];
   return u.getType() == EbtUint ? (int)u.getUConst() : u.getIConst();
}

static float const_float(const TConstUnion &u)
{
   switch (u.getType()) {
   case EbtFloat: case EbtDouble: return (float)u.getDConst();
   case EbtInt: return (float)u.getIConst();
   case EbtUint: return (float)u.getUConst();
   case EbtBool: return u.getBConst() ? 1.0f : 0.0f;
   default: throw EmitError("unsupported constant type");
   }
}

Value Emitter::neg(Value v)
{
   for (ir_src &s : v.slots)
      s.negate = !s.negate;
   return v;
}

Value Emitter::fconst(float f)
{
   Value v;
   v.type = Type::scalar(Type::FLOAT);
   v.slots.push_back(imm(f));
   return v;
}

Value Emitter::slice(const Value &v, unsigned first, unsigned n, const Type &t)
{
   if (first + n > v.slots.size())
      throw EmitError("index out of range");
   Value r;
   r.type = t;
   r.slots.assign(v.slots.begin() + first, v.slots.begin() + first + n);
   return r;
}

Type Emitter::type_of(TIntermTyped *n)
{
   Type t;
   std::string why;
   if (!convert_type(n->getType(), t, why))
      throw EmitError(why);
   return t;
}

/* ------------------------------------------------------------------ leaves */

Value Emitter::constant(const Type &t, const TConstUnionArray &c)
{
   std::vector<uint8_t> sizes;
   t.slot_sizes(sizes);
   Value v;
   v.type = t;
   int idx = 0;
   for (uint8_t n : sizes) {
      float f[4] = { 0, 0, 0, 0 };
      for (unsigned i = 0; i < n; i++) {
         if (idx >= c.size())
            throw EmitError("internal: short constant");
         f[i] = const_float(c[idx++]);
      }
      v.slots.push_back(imm(f[0], f[1], f[2], f[3]));
   }
   return v;
}

Value Emitter::symbol(TIntermSymbol *s)
{
   if (!s->getConstArray().empty())
      return constant(type_of(s), s->getConstArray());
   if (s->getQualifier().storage == EvqConst) {
      if (s->getConstSubtree())
         return expr(s->getConstSubtree());
      throw EmitError(std::string("constant '") + s->getName().c_str() + "' has no value");
   }
   Value v = *lookup_symbol(s, true);
   v.type = type_of(s);
   return v;
}

Value Emitter::expr(TIntermTyped *n)
{
   if (!n)
      throw EmitError("internal: missing expression");
   if (TIntermConstantUnion *c = n->getAsConstantUnion())
      return constant(type_of(n), c->getConstArray());
   if (TIntermSymbol *s = n->getAsSymbolNode())
      return symbol(s);
   if (TIntermBinary *b = n->getAsBinaryNode())
      return binary(b);
   if (TIntermUnary *u = n->getAsUnaryNode())
      return unary(u);
   if (TIntermAggregate *a = n->getAsAggregate())
      return aggregate(a);
   if (TIntermSelection *s = n->getAsSelectionNode())
      return select(s);
   throw EmitError("unsupported expression (method call?)");
}

LValue Emitter::lvalue(TIntermTyped *n)
{
   if (TIntermSymbol *s = n->getAsSymbolNode()) {
      LValue lv = lvalue_of(*lookup_symbol(s, true));
      lv.type = type_of(s);
      return lv;
   }
   if (TIntermBinary *b = n->getAsBinaryNode()) {
      switch (b->getOp()) {
      case EOpIndexDirect: case EOpIndexIndirect: case EOpIndexDirectStruct: case EOpVectorSwizzle:
         return access_lvalue(b);
      default:
         break;
      }
   }
   throw EmitError("unsupported assignment target");
}

/* ------------------------------------------------------------------ indexing */

static std::vector<unsigned> swizzle_of(TIntermTyped *r)
{
   std::vector<unsigned> sel;
   TIntermAggregate *a = r->getAsAggregate();
   if (!a)
      throw EmitError("internal: bad swizzle");
   for (TIntermNode *n : a->getSequence())
      sel.push_back((unsigned)const_int(n->getAsTyped()) & 3);
   if (sel.empty() || sel.size() > 4)
      throw EmitError("internal: bad swizzle");
   return sel;
}

/* The register offset of element idx: idx clamped to [0, count - 1] (GLSL leaves
 * out-of-range indexing undefined; clamping keeps every access inside the array), times
 * the element's slots, as an int32. */
ir_src Emitter::address_register(const Value &idx, unsigned stride, unsigned count)
{
   ir_src t = reg(IR_FILE_TEMP, alloc_expr(1));
   op(IR_MAX, dst_of(t, 1), comp(idx.slots[0], 0), imm(0.0f));
   op(IR_MIN, dst_of(t, 1), comp(t, 0), imm((float)(count - 1)));
   if (stride != 1)
      op(IR_MUL, dst_of(t, 1), comp(t, 0), imm((float)stride));
   ir_src a = reg(IR_FILE_TEMP, alloc_expr(1));
   op(IR_F2I, dst_of(a, 1), comp(t, 0));
   return a;
}

Value Emitter::dynamic_element(Value base, const Value &idx, unsigned stride, const Type &rt)
{
   if (base.type.contains_sampler())
      throw EmitError("indexing sampler arrays with a non-constant index is not supported");
   if (!addressable(base))
      base = copy(base);
   ir_src a = address_register(idx, stride, (unsigned)base.slots.size() / stride);
   note_array(base.slots[0].file, base.slots[0].index, (unsigned)base.slots.size());
   Value r;
   r.type = rt;
   for (unsigned k = 0; k < stride; k++) {
      ir_src s = base.slots[k];
      s.rel = true;
      s.rel_index = a.index;
      s.rel_comp = 0;
      r.slots.push_back(s);
   }
   return r;
}

/* TEMP ranges indexed at run time, so that the driver keeps each in consecutive
 * registers (ir_shader.arrays). */
void Emitter::note_array(unsigned file, unsigned first, unsigned count)
{
   if (file == IR_FILE_TEMP)
      arrays_.emplace_back((uint16_t)first, count);
}

Value Emitter::pick_component(const Value &v, const Value &idx)
{
   ir_src s = plain(v).slots[0];
   ir_src i = comp(plain(idx).slots[0], 0);
   Value r = temp_value(Type::scalar(v.type.base), false);
   op(IR_MOV, dst_of(r.slots[0], 1), comp(s, 0));
   for (unsigned c = 1; c < v.type.vec; c++) {
      ir_src hit = reg(IR_FILE_TEMP, alloc_expr(1));
      op(IR_SEQ, dst_of(hit, 1), i, imm((float)c));
      op(IR_CND, dst_of(r.slots[0], 1), comp(hit, 0), comp(s, c), comp(r.slots[0], 0));
   }
   return r;
}

Value Emitter::access(TIntermBinary *b)
{
   TOperator o = b->getOp();
   TIntermTyped *r = b->getRight();
   Value base = expr(b->getLeft());
   Type rt = type_of(b);
   if (o == EOpVectorSwizzle) {
      std::vector<unsigned> sel = swizzle_of(r);
      ir_src s = base.slots[0];
      for (unsigned i = 0; i < 4; i++)
         s.swizzle[i] = base.slots[0].swizzle[sel[std::min<size_t>(i, sel.size() - 1)]];
      Value v;
      v.type = rt;
      v.slots.push_back(s);
      return v;
   }
   if (o == EOpIndexIndirect && !r->getAsConstantUnion()) {
      Value idx = expr(r);
      if (base.type.is_array() && rt.is_sampler()) {
         Value v = slice(base, 0, 1, rt);
         v.sampler_choices = base.type.array;
         v.sampler_index = copy(scalar_of(comp(idx.slots[0], 0))).slots[0];
         return v;
      }
      if (base.type.is_array())
         return dynamic_element(base, idx, rt.slots(), rt);
      if (base.type.is_matrix())
         return dynamic_element(base, idx, 1, rt);
      return pick_component(base, idx);
   }
   int k = const_int(r);
   if (k < 0)
      throw EmitError("negative index");
   if (o == EOpIndexDirectStruct)
      return slice(base, base.type.field_offset(k), rt.slots(), rt);
   if (base.type.is_array())
      return slice(base, k * rt.slots(), rt.slots(), rt);
   if (base.type.is_matrix())
      return slice(base, k, 1, rt);
   if ((unsigned)k >= base.type.vec)
      throw EmitError("index out of range");
   Value v;
   v.type = rt;
   v.slots.push_back(comp(base.slots[0], k));
   return v;
}

LValue Emitter::access_lvalue(TIntermBinary *b)
{
   TOperator o = b->getOp();
   TIntermTyped *r = b->getRight();
   LValue base = lvalue(b->getLeft());
   Type rt = type_of(b);
   if (base.dyn)
      throw EmitError("unsupported assignment target (dynamically indexed vector)");
   LValue lv;
   lv.type = rt;
   if (o == EOpVectorSwizzle) {
      std::vector<unsigned> sel = swizzle_of(r);
      LSlot ls = base.slots[0];
      for (unsigned i = 0; i < sel.size(); i++)
         ls.comp[i] = base.slots[0].comp[sel[i]];
      lv.slots.push_back(ls);
      return lv;
   }
   if (o == EOpIndexIndirect && !r->getAsConstantUnion()) {
      Value idx = expr(r);
      if (!base.type.is_array() && !base.type.is_matrix()) {
         lv.slots.push_back(base.slots[0]);
         lv.dyn = true;
         lv.dyn_index = copy(scalar_of(comp(idx.slots[0], 0))).slots[0];
         lv.dyn_count = base.type.vec;
         return lv;
      }
      unsigned stride = base.type.is_array() ? rt.slots() : 1;
      for (size_t k = 0; k < base.slots.size(); k++) {
         const LSlot &s = base.slots[k];
         if (s.dst.file != base.slots[0].dst.file || s.dst.index != base.slots[0].dst.index + k ||
             s.dst.rel || memcmp(s.comp, "\0\1\2\3", 4))
            throw EmitError("unsupported assignment target (nested dynamic indexing)");
      }
      ir_src a = address_register(idx, stride, (unsigned)base.slots.size() / stride);
      note_array(base.slots[0].dst.file, base.slots[0].dst.index, (unsigned)base.slots.size());
      for (unsigned k = 0; k < stride; k++) {
         LSlot s = base.slots[k];
         s.dst.rel = true;
         s.dst.rel_index = a.index;
         s.dst.rel_comp = 0;
         lv.slots.push_back(s);
      }
      return lv;
   }
   int k = const_int(r);
   unsigned first, n = rt.slots();
   if (o == EOpIndexDirectStruct)
      first = base.type.field_offset(k);
   else if (base.type.is_array())
      first = k * n;
   else if (base.type.is_matrix())
      first = k;
   else {
      if (k < 0 || (unsigned)k >= base.type.vec)
         throw EmitError("index out of range");
      LSlot ls = base.slots[0];
      ls.comp[0] = base.slots[0].comp[k];
      lv.slots.push_back(ls);
      return lv;
   }
   if (k < 0 || first + n > base.slots.size())
      throw EmitError("index out of range");
   lv.slots.assign(base.slots.begin() + first, base.slots.begin() + first + n);
   return lv;
}

/* ------------------------------------------------------------------ arithmetic */

/* Applies opc slot by slot; a scalar operand is replicated to every component. */
Value Emitter::compwise(enum ir_opcode opc, const Type &rt, const Value &a, const Value &b,
                        const Value &c)
{
   Value r = temp_value(rt, false);
   std::vector<uint8_t> sizes;
   rt.slot_sizes(sizes);
   auto pick = [&](const Value &v, size_t k) -> ir_src {
      if (v.slots.empty())
         return ir_src();
      if (is_scalar(v))
         return comp(v.slots[0], 0);
      if (k >= v.slots.size())
         throw EmitError("internal: operand shapes differ");
      return v.slots[k];
   };
   for (size_t k = 0; k < r.slots.size(); k++)
      op(opc, dst_of(r.slots[k], mask_of(sizes[k])), pick(a, k), pick(b, k), pick(c, k));
   return r;
}

/* For opcodes that compute one scalar from src.x: one instruction per component. */
Value Emitter::per_component(enum ir_opcode opc, const Type &rt, const Value &a)
{
   Value r = temp_value(rt, false);
   std::vector<uint8_t> sizes;
   rt.slot_sizes(sizes);
   for (size_t k = 0; k < r.slots.size(); k++) {
      ir_src s = is_scalar(a) ? a.slots[0] : a.slots.at(k);
      for (unsigned i = 0; i < sizes[k]; i++)
         op(opc, dst_of(r.slots[k], 1u << i), comp(s, is_scalar(a) ? 0 : i));
   }
   return r;
}

/* Integer division on float-carried ints: the reciprocal is nudged up by 2^-20 (relative)
 * before truncation, which is exact for |a| < 2^20 whatever the last bit of RCP is. */
Value Emitter::int_div(const Value &a, const Value &b, const Type &rt)
{
   Value rb = per_component(IR_RCP, b.type, b);
   Value q = compwise(IR_MUL, rt, a, rb);
   Value qn = compwise(IR_MUL, rt, q, fconst(1.0f + 1.0f / 1048576.0f));
   return compwise(IR_TRUNC, rt, qn);
}

Value Emitter::mat_mul(TOperator o, const Value &a, const Value &b, const Type &rt)
{
   Value r = temp_value(rt, false);
   if (o == EOpVectorTimesMatrix) {
      /* r[j] = dot(a, column j of b) */
      unsigned n = b.type.vec;
      for (unsigned j = 0; j < b.type.cols; j++) {
         ir_dst d = dst_of(r.slots[0], 1u << j);
         if (n == 1)
            op(IR_MUL, d, comp(a.slots[0], 0), comp(b.slots[j], 0));
         else
            op((enum ir_opcode)(IR_DP2 + n - 2), d, a.slots[0], b.slots[j]);
      }
      return r;
   }
   /* matrix * vector, and matrix * matrix column by column: sum of a's columns scaled by
    * the vector's components. */
   unsigned rows = a.type.vec, inner = a.type.cols;
   unsigned ncols = o == EOpMatrixTimesVector ? 1 : b.type.cols;
   for (unsigned j = 0; j < ncols; j++) {
      ir_src v = b.slots.at(j);
      ir_dst d = dst_of(r.slots[j], mask_of(rows));
      op(IR_MUL, d, a.slots[0], comp(v, 0));
      for (unsigned i = 1; i < inner; i++)
         op(IR_MAD, d, a.slots[i], comp(v, i), r.slots[j]);
   }
   return r;
}

Value Emitter::arith(TOperator o, const Value &a, const Value &b, const Type &rt)
{
   switch (o) {
   case EOpAdd:
      return compwise(IR_ADD, rt, a, b);
   case EOpSub:
      return compwise(IR_ADD, rt, a, neg(b));
   case EOpMul: case EOpVectorTimesScalar: case EOpMatrixTimesScalar:
      return compwise(IR_MUL, rt, a, b);
   case EOpDiv:
      if (rt.base == Type::INT)
         return int_div(a, b, rt);
      return compwise(IR_MUL, rt, a, per_component(IR_RCP, b.type, b));
   case EOpMod: {
      Value q = int_div(a, b, rt);
      return compwise(IR_MAD, rt, neg(b), q, a);
   }
   case EOpMatrixTimesVector: case EOpVectorTimesMatrix: case EOpMatrixTimesMatrix:
      return mat_mul(o, a, b, rt);
   default:
      throw EmitError("unsupported operator (bitwise and shift operators need real integers)");
   }
}

Value Emitter::compare(TOperator o, const Value &a, const Value &b, const Type &rt)
{
   switch (o) {
   case EOpLessThan: return compwise(IR_SLT, rt, a, b);
   case EOpGreaterThan: return compwise(IR_SLT, rt, b, a);
   case EOpLessThanEqual: return compwise(IR_SGE, rt, b, a);
   case EOpGreaterThanEqual: return compwise(IR_SGE, rt, a, b);
   case EOpVectorEqual: return compwise(IR_SEQ, rt, a, b);
   case EOpVectorNotEqual: return compwise(IR_SNE, rt, a, b);
   default: throw EmitError("internal: not a comparison");
   }
}

/* a == b over whole values (vectors, matrices, structs, arrays): counts differing
 * components. */
Value Emitter::equal(const Value &a, const Value &b, bool want_equal)
{
   Type bt = Type::scalar(Type::BOOL);
   enum ir_opcode fin = want_equal ? IR_SEQ : IR_SNE;
   if (is_scalar(a))
      return compwise(fin, bt, a, b);
   std::vector<uint8_t> sizes;
   a.type.slot_sizes(sizes);
   ir_src acc;
   bool have = false;
   for (size_t k = 0; k < a.slots.size(); k++) {
      if (a.slots[k].file == IR_FILE_SAMPLER)
         continue;
      unsigned n = sizes[k];
      ir_src t = reg(IR_FILE_TEMP, alloc_expr(1));
      op(IR_SNE, dst_of(t, mask_of(n)), a.slots[k], b.slots.at(k));
      ir_src sum = comp(t, 0);
      if (n > 1) {
         ir_src s = reg(IR_FILE_TEMP, alloc_expr(1));
         op((enum ir_opcode)(IR_DP2 + n - 2), dst_of(s, 1), t, imm(1.0f));
         sum = comp(s, 0);
      }
      if (have) {
         ir_src u = reg(IR_FILE_TEMP, alloc_expr(1));
         op(IR_ADD, dst_of(u, 1), acc, sum);
         sum = comp(u, 0);
      }
      acc = sum;
      have = true;
   }
   Value r = temp_value(bt, false);
   op(fin, dst_of(r.slots[0], 1), have ? acc : imm(0.0f), imm(0.0f));
   return r;
}

/* && and || evaluate their right side only when needed if it has side effects;
 * ^^ always evaluates both. Booleans are 0.0/1.0. */
Value Emitter::logical(TIntermBinary *b)
{
   Type bt = Type::scalar(Type::BOOL);
   Value a = expr(b->getLeft());
   TIntermTyped *right = b->getRight();
   if (b->getOp() == EOpLogicalXor || !has_side_effects(right)) {
      Value c = expr(right);
      switch (b->getOp()) {
      case EOpLogicalAnd: return compwise(IR_MUL, bt, a, c);
      case EOpLogicalOr: return compwise(IR_MAX, bt, a, c);
      default: return compwise(IR_SNE, bt, a, c);
      }
   }
   Value r = copy(a);
   op(IR_IF, ir_dst(), comp(r.slots[0], 0));
   if (b->getOp() == EOpLogicalOr)
      op(IR_ELSE, ir_dst());
   store(lvalue_of(r), expr(right));
   op(IR_ENDIF, ir_dst());
   return r;
}

Value Emitter::binary(TIntermBinary *b)
{
   TOperator o = b->getOp();
   TIntermTyped *l = b->getLeft(), *r = b->getRight();
   switch (o) {
   case EOpAssign: {
      LValue lv = lvalue(l);
      Value v = expr(r);
      store(lv, v);
      return v;
   }
   case EOpAddAssign: case EOpSubAssign: case EOpMulAssign: case EOpDivAssign: case EOpModAssign:
   case EOpVectorTimesMatrixAssign: case EOpVectorTimesScalarAssign:
   case EOpMatrixTimesScalarAssign: case EOpMatrixTimesMatrixAssign: {
      static const std::pair<TOperator, TOperator> base_op[] = {
         { EOpAddAssign, EOpAdd }, { EOpSubAssign, EOpSub }, { EOpMulAssign, EOpMul },
         { EOpDivAssign, EOpDiv }, { EOpModAssign, EOpMod },
         { EOpVectorTimesMatrixAssign, EOpVectorTimesMatrix },
         { EOpVectorTimesScalarAssign, EOpVectorTimesScalar },
         { EOpMatrixTimesScalarAssign, EOpMatrixTimesScalar },
         { EOpMatrixTimesMatrixAssign, EOpMatrixTimesMatrix },
      };
      TOperator bo = EOpNull;
      for (const auto &p : base_op)
         if (p.first == o)
            bo = p.second;
      LValue lv = lvalue(l);
      Value cur = load(lv);
      Value v = arith(bo, cur, expr(r), type_of(b));
      store(lv, v);
      return v;
   }
   case EOpIndexDirect: case EOpIndexIndirect: case EOpIndexDirectStruct: case EOpVectorSwizzle:
      return access(b);
   case EOpLogicalAnd: case EOpLogicalOr: case EOpLogicalXor:
      return logical(b);
   case EOpComma:
      expr(l);
      return expr(r);
   default:
      break;
   }
   Value a = expr(l);
   if (has_side_effects(r))
      a = copy(a);
   Value c = expr(r);
   switch (o) {
   case EOpEqual: return equal(a, c, true);
   case EOpNotEqual: return equal(a, c, false);
   case EOpLessThan: case EOpGreaterThan: case EOpLessThanEqual: case EOpGreaterThanEqual:
   case EOpVectorEqual: case EOpVectorNotEqual:
      return compare(o, a, c, type_of(b));
   default:
      return arith(o, a, c, type_of(b));
   }
}

Value Emitter::convert(const Value &v, Type::Base to)
{
   Value r = v;
   r.type.base = to;
   Type::Base from = v.type.base;
   if (from == to)
      return r;
   if (to == Type::BOOL)
      return compwise(IR_SNE, r.type, v, fconst(0.0f));
   if (from == Type::FLOAT && to == Type::INT)
      return compwise(IR_TRUNC, r.type, v);
   return r;   /* int/bool -> float, bool -> int: same numbers */
}

Value Emitter::unary(TIntermUnary *u)
{
   TOperator o = u->getOp();
   Type rt = type_of(u);
   TIntermTyped *x = u->getOperand();
   switch (o) {
   case EOpNegative: {
      Value v = neg(expr(x));
      v.type = rt;
      return v;
   }
   case EOpLogicalNot: case EOpVectorLogicalNot:
      return compwise(IR_SEQ, rt, expr(x), fconst(0.0f));
   case EOpPostIncrement: case EOpPostDecrement: case EOpPreIncrement: case EOpPreDecrement: {
      bool post = o == EOpPostIncrement || o == EOpPostDecrement;
      bool inc = o == EOpPostIncrement || o == EOpPreIncrement;
      LValue lv = lvalue(x);
      Value cur = load(lv);
      Value old = post ? copy(cur) : Value();
      Value nv = compwise(IR_ADD, rt, cur, fconst(inc ? 1.0f : -1.0f));
      store(lv, nv);
      return post ? old : nv;
   }
   case EOpCopyObject:
      return expr(x);
   default:
      break;
   }
   if (o >= EOpConvInt8ToBool && o <= EOpConvDoubleToFloat) {
      Value v = convert(expr(x), rt.base);
      v.type = rt;
      return v;
   }
   return builtin(o, rt, { expr(x) });
}

/* ------------------------------------------------------------------ constructors */

Value Emitter::gather(const Type &rt, const std::vector<std::pair<ir_src, unsigned>> &comps)
{
   std::vector<uint8_t> sizes;
   rt.slot_sizes(sizes);
   Value v;
   v.type = rt;
   size_t ci = 0;
   for (uint8_t n : sizes) {
      if (ci + n > comps.size())
         throw EmitError("constructor has too few components");
      bool one = true;
      for (unsigned i = 1; i < n; i++)
         one = one && same_register(comps[ci + i].first, comps[ci].first);
      if (one) {
         ir_src s = comps[ci].first;
         for (unsigned i = 0; i < 4; i++) {
            const auto &c = comps[ci + std::min<unsigned>(i, n - 1)];
            s.swizzle[i] = c.first.swizzle[c.second];
         }
         v.slots.push_back(s);
      } else {
         ir_src t = reg(IR_FILE_TEMP, alloc_expr(1));
         unsigned done = 0;
         for (unsigned i = 0; i < n; i++) {
            if (done & (1u << i))
               continue;
            const ir_src &src = comps[ci + i].first;
            ir_src s = src;
            unsigned mask = 0;
            for (unsigned j = i; j < n; j++) {
               if (!(done & (1u << j)) && same_register(comps[ci + j].first, src)) {
                  mask |= 1u << j;
                  s.swizzle[j] = comps[ci + j].first.swizzle[comps[ci + j].second];
               }
            }
            done |= mask;
            op(IR_MOV, dst_of(t, mask), s);
         }
         v.slots.push_back(t);
      }
      ci += n;
   }
   return v;
}

Value Emitter::construct(const Type &rt, const std::vector<Value> &args)
{
   if (rt.is_struct() || rt.is_array()) {
      Value v;
      v.type = rt;
      for (const Value &a : args)
         v.slots.insert(v.slots.end(), a.slots.begin(), a.slots.end());
      if (v.slots.size() != rt.slots())
         throw EmitError("internal: constructor size mismatch");
      return v;
   }
   std::vector<Value> cargs;
   for (const Value &a : args)
      cargs.push_back(convert(a, rt.base));
   if (cargs.size() == 1 && is_scalar(cargs[0])) {
      if (rt.is_matrix()) {
         /* diagonal matrix */
         Value r = temp_value(rt, false);
         for (unsigned j = 0; j < rt.cols; j++) {
            op(IR_MOV, dst_of(r.slots[j], mask_of(rt.vec)), imm(0.0f));
            if (j < rt.vec)
               op(IR_MOV, dst_of(r.slots[j], 1u << j), comp(cargs[0].slots[0], 0));
         }
         return r;
      }
      Value v;
      v.type = rt;
      v.slots.push_back(comp(cargs[0].slots[0], 0));
      return v;
   }
   if (rt.is_matrix() && cargs.size() == 1 && cargs[0].type.is_matrix()) {
      /* matrix from matrix: the overlap, identity elsewhere */
      const Value &m = cargs[0];
      Value r = temp_value(rt, false);
      for (unsigned j = 0; j < rt.cols; j++) {
         float id[4] = { 0, 0, 0, 0 };
         if (j < 4)
            id[j] = 1.0f;
         unsigned n = j < m.type.cols ? std::min(rt.vec, m.type.vec) : 0;
         if (n < rt.vec)
            op(IR_MOV, dst_of(r.slots[j], mask_of(rt.vec)), imm(id[0], id[1], id[2], id[3]));
         if (n)
            op(IR_MOV, dst_of(r.slots[j], mask_of(n)), m.slots[j]);
      }
      return r;
   }
   std::vector<std::pair<ir_src, unsigned>> comps;
   for (const Value &a : cargs) {
      std::vector<uint8_t> sizes;
      a.type.slot_sizes(sizes);
      for (size_t k = 0; k < a.slots.size(); k++)
         for (unsigned i = 0; i < sizes[k]; i++)
            comps.push_back({ a.slots[k], i });
   }
   return gather(rt, comps);
}

std::vector<Value> Emitter::eval_args(const TIntermSequence &seq)
{
   std::vector<Value> args;
   std::vector<bool> later = later_side_effects(seq);
   for (size_t i = 0; i < seq.size(); i++) {
      Value v = expr(seq[i]->getAsTyped());
      if (later[i] && !v.type.contains_sampler())
         v = copy(v);
      args.push_back(v);
   }
   return args;
}

Value Emitter::aggregate(TIntermAggregate *a)
{
   TOperator o = a->getOp();
   if (o == EOpFunctionCall)
      return call(a);
   if (o == EOpSequence || o == EOpScope) {
      stmt(a);
      return Value();
   }
   if (o == EOpComma) {
      const TIntermSequence &seq = a->getSequence();
      for (size_t i = 0; i + 1 < seq.size(); i++)
         effect(seq[i]->getAsTyped());
      return expr(seq.back()->getAsTyped());
   }
   Type rt = type_of(a);
   std::vector<Value> args = eval_args(a->getSequence());
   if (o > EOpConstructGuardStart && o < EOpConstructGuardEnd)
      return construct(rt, args);
   return builtin(o, rt, args);
}

/* ?: selects with CND when neither side has side effects, else branches. */
Value Emitter::select(TIntermSelection *s)
{
   Type rt = type_of(s);
   Value c = plain(expr(s->getCondition()));
   ir_src cx = comp(c.slots[0], 0);
   TIntermTyped *t = s->getTrueBlock()->getAsTyped(), *f = s->getFalseBlock()->getAsTyped();
   if (!t || !f)
      throw EmitError("internal: malformed ?:");
   if (!has_side_effects(t) && !has_side_effects(f) && !rt.contains_sampler()) {
      Value tv = expr(t), fv = expr(f);
      Value r = temp_value(rt, false);
      std::vector<uint8_t> sizes;
      rt.slot_sizes(sizes);
      for (size_t k = 0; k < r.slots.size(); k++)
         op(IR_CND, dst_of(r.slots[k], mask_of(sizes[k])), cx, tv.slots[k], fv.slots[k]);
      return r;
   }
   Value r = temp_value(rt, false);
   op(IR_IF, ir_dst(), cx);
   store(lvalue_of(r), expr(t));
   op(IR_ELSE, ir_dst());
   store(lvalue_of(r), expr(f));
   op(IR_ENDIF, ir_dst());
   return r;
}

}
