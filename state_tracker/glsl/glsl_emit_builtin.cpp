/* IR emitter: built-in functions of GLSL ES 1.00 (and the simple ones of 3.00). */
#include "glsl_emit.h"

#include <cmath>

namespace r600glsl {

using namespace glslang;

static const float PI = 3.14159265358979f;

/* Polynomial fits of our own (interpolation at Chebyshev nodes, see the test for the
 * accuracy check): atan(t) ~ t * P(t^2) on [0, 1], |error| < 5e-7;
 * acos(x) ~ sqrt(1 - x) * Q(x) on [0, 1], |error| < 1e-7. */
static const float ATAN_P[] = { 0.99999923f, -0.33325678f, 0.19872040f, -0.13447864f,
                                0.08312646f, -0.03636043f, 0.00764835f };
static const float ACOS_Q[] = { 1.57079625f, -0.21459815f, 0.08896885f, -0.05011430f,
                                0.03072212f, -0.01684105f, 0.00649152f, -0.00121174f };

static Value with_abs(Value v)
{
   for (ir_src &s : v.slots) {
      s.abs = true;
      s.negate = false;
   }
   return v;
}

Value Emitter::dot(const Value &a, const Value &b)
{
   Type ft = Type::scalar(Type::FLOAT);
   unsigned n = a.type.vec;
   if (n == 1)
      return compwise(IR_MUL, ft, a, b);
   Value r = temp_value(ft, false);
   op((enum ir_opcode)(IR_DP2 + n - 2), dst_of(r.slots[0], 1), a.slots[0], b.slots[0]);
   return r;
}

Value Emitter::sign(const Value &x)
{
   Value pos = compwise(IR_SLT, x.type, fconst(0.0f), x);
   Value negv = compwise(IR_SLT, x.type, x, fconst(0.0f));
   return compwise(IR_ADD, x.type, pos, neg(negv));
}

/* Horner evaluation of the polynomial with coefficients c (lowest first) at u. */
Value Emitter::horner(const Value &u, const float *c, unsigned n)
{
   Value p = fconst(c[n - 1]);
   for (unsigned i = n - 1; i-- > 0;)
      p = compwise(IR_MAD, u.type, p, u, fconst(c[i]));
   return p;
}

Value Emitter::atan2(const Value &y, const Value &x, const Type &rt)
{
   Value ax = with_abs(x), ay = with_abs(y);
   Value hi = compwise(IR_MAX, rt, ax, ay);
   Value lo = compwise(IR_MIN, rt, ax, ay);
   Value t = compwise(IR_MUL, rt, lo, per_component(IR_RCP, rt, hi));
   Value u = compwise(IR_MUL, rt, t, t);
   Value a = compwise(IR_MUL, rt, horner(u, ATAN_P, 7), t);
   /* undo the octant folding: |y| > |x| -> pi/2 - a; x < 0 -> pi - a; y < 0 -> -a */
   Value steep = compwise(IR_SLT, rt, ax, ay);
   a = compwise(IR_CND, rt, steep, compwise(IR_ADD, rt, neg(a), fconst(PI / 2)), a);
   a = compwise(IR_CMP, rt, x, compwise(IR_ADD, rt, neg(a), fconst(PI)), a);
   return compwise(IR_CMP, rt, y, neg(a), a);
}

Value Emitter::acos_fn(const Value &x, const Type &rt)
{
   Value ax = with_abs(x);
   Value q = horner(ax, ACOS_Q, 8);
   Value s = per_component(IR_SQRT, rt, compwise(IR_ADD, rt, fconst(1.0f), neg(ax)));
   Value r = compwise(IR_MUL, rt, s, q);
   return compwise(IR_CMP, rt, x, compwise(IR_ADD, rt, neg(r), fconst(PI)), r);
}

Value Emitter::texture(TOperator o, const std::vector<Value> &args)
{
   if (args.size() < 2 || !args[0].type.is_sampler())
      throw EmitError("internal: malformed texture call");
   bool proj = o == EOpTextureProj || o == EOpTextureProjLod || o == EOpTextureProjGrad;
   bool lod = o == EOpTextureLod || o == EOpTextureProjLod;
   bool grad = o == EOpTextureGrad || o == EOpTextureProjGrad;
   if (grad && args.size() != 4)
      throw EmitError("internal: malformed texture call");
   bool bias = !lod && !grad && args.size() > 2;
   if (bias && sh_->stage == IR_STAGE_VERTEX)
      throw EmitError("texture bias in a vertex shader");
   bool cube = args[0].type.base == Type::SAMPLER_CUBE;
   ir_src sampler = args[0].slots[0];
   Value coord = plain(args[1]);
   ir_src c = coord.slots[0];
   unsigned n = coord.type.vec;
   enum ir_opcode opc = grad ? IR_TXD : lod ? IR_TXL : bias ? IR_TXB : proj ? IR_TXP : IR_TEX;
   ir_src coords, gradients = ir_src();
   if (grad) {
      coords = c;
      if (proj) {
         coords = reg(IR_FILE_TEMP, alloc_expr(1));
         op(IR_RCP, dst_of(coords, 1), comp(c, n - 1));
         op(IR_MUL, dst_of(coords, 3), c, comp(coords, 0));
      }
      gradients = texture_gradients(cube, coords, args[2], args[3]);
   } else if (proj && !lod && !bias) {
      coords = swz(c, 0, 1, n == 4 ? 2 : 0, n - 1);   /* q in .w */
   } else if (!lod && !bias) {
      coords = c;
   } else {
      ir_src t = reg(IR_FILE_TEMP, alloc_expr(1));
      unsigned dims = cube ? 3 : 2;
      if (proj) {
         ir_src rq = reg(IR_FILE_TEMP, alloc_expr(1));
         op(IR_RCP, dst_of(rq, 1), comp(c, n - 1));
         op(IR_MUL, dst_of(t, 3), c, comp(rq, 0));
      } else {
         op(IR_MOV, dst_of(t, (1u << dims) - 1), c);
      }
      op(IR_MOV, dst_of(t, 8), comp(plain(args[2]).slots[0], 0));
      coords = t;
   }
   Value r = temp_value(Type::scalar(Type::FLOAT, 4), false);
   if (!args[0].sampler_choices) {
      ir_instruction *i = op(opc, dst_of(r.slots[0], 0xf), coords, sampler, gradients);
      i->tex_target = cube ? IR_TEX_CUBE : IR_TEX_2D;
      return r;
   }
   /* s[i] with i known at run time: one guarded lookup per candidate */
   for (unsigned k = 0; k < args[0].sampler_choices; k++) {
      ir_src hit = reg(IR_FILE_TEMP, alloc_expr(1));
      op(IR_SEQ, dst_of(hit, 1), comp(args[0].sampler_index, 0), imm((float)k));
      op(IR_IF, ir_dst(), comp(hit, 0));
      ir_src s = sampler;
      s.index = (uint16_t)(sampler.index + k);
      ir_instruction *i = op(opc, dst_of(r.slots[0], 0xf), coords, s, gradients);
      i->tex_target = cube ? IR_TEX_CUBE : IR_TEX_2D;
      op(IR_ENDIF, ir_dst());
   }
   return r;
}

Value Emitter::builtin(TOperator o, const Type &rt, const std::vector<Value> &args)
{
   auto arg = [&](size_t i) -> const Value & {
      if (i >= args.size())
         throw EmitError("internal: missing built-in argument");
      return args[i];
   };
   switch (o) {
   case EOpRadians: return compwise(IR_MUL, rt, arg(0), fconst(PI / 180.0f));
   case EOpDegrees: return compwise(IR_MUL, rt, arg(0), fconst(180.0f / PI));
   case EOpSin: return per_component(IR_SIN, rt, arg(0));
   case EOpCos: return per_component(IR_COS, rt, arg(0));
   case EOpTan:
      return compwise(IR_MUL, rt, per_component(IR_SIN, rt, arg(0)),
                      per_component(IR_RCP, rt, per_component(IR_COS, rt, arg(0))));
   case EOpAsin:
      return compwise(IR_ADD, rt, fconst(PI / 2), neg(acos_fn(arg(0), rt)));
   case EOpAcos: return acos_fn(arg(0), rt);
   case EOpAtan:
      return args.size() == 2 ? atan2(arg(0), arg(1), rt) : atan2(arg(0), fconst(1.0f), rt);
   case EOpPow:
      return per_component(IR_EX2, rt,
                           compwise(IR_MUL, rt, arg(1), per_component(IR_LG2, rt, arg(0))));
   case EOpExp:
      return per_component(IR_EX2, rt, compwise(IR_MUL, rt, arg(0), fconst(1.44269504f)));
   case EOpLog:
      return compwise(IR_MUL, rt, per_component(IR_LG2, rt, arg(0)), fconst(0.69314718f));
   case EOpExp2: return per_component(IR_EX2, rt, arg(0));
   case EOpLog2: return per_component(IR_LG2, rt, arg(0));
   case EOpSqrt: return per_component(IR_SQRT, rt, arg(0));
   case EOpInverseSqrt: return per_component(IR_RSQ, rt, arg(0));
   case EOpAbs: {
      Value v = with_abs(arg(0));
      v.type = rt;
      return v;
   }
   case EOpSign: return sign(arg(0));
   case EOpFloor: return compwise(IR_FLR, rt, arg(0));
   case EOpCeil: return compwise(IR_CEIL, rt, arg(0));
   case EOpFract: return compwise(IR_FRC, rt, arg(0));
   case EOpTrunc: return compwise(IR_TRUNC, rt, arg(0));
   case EOpRound: case EOpRoundEven: return compwise(IR_ROUND, rt, arg(0));
   case EOpMod: {
      /* x - y * floor(x / y) */
      Value q = compwise(IR_MUL, rt, arg(0), per_component(IR_RCP, arg(1).type, arg(1)));
      return compwise(IR_MAD, rt, neg(arg(1)), compwise(IR_FLR, rt, q), arg(0));
   }
   case EOpMin: return compwise(IR_MIN, rt, arg(0), arg(1));
   case EOpMax: return compwise(IR_MAX, rt, arg(0), arg(1));
   case EOpClamp:
      return compwise(IR_MIN, rt, compwise(IR_MAX, rt, arg(0), arg(1)), arg(2));
   case EOpMix: {
      if (arg(2).type.base == Type::BOOL)   /* GLSL ES 3.00 mix(x, y, bvec) */
         return compwise(IR_CND, rt, arg(2), arg(1), arg(0));
      Value d = compwise(IR_ADD, rt, arg(1), neg(arg(0)));
      return compwise(IR_MAD, rt, d, arg(2), arg(0));
   }
   case EOpStep: return compwise(IR_SGE, rt, arg(1), arg(0));
   case EOpSmoothStep: {
      Value range = compwise(IR_ADD, arg(1).type, arg(1), neg(arg(0)));
      Value r = per_component(IR_RCP, range.type, range);
      Value t = compwise(IR_ADD, rt, arg(2), neg(arg(0)));
      Value ts = temp_value(rt, false);
      ir_instruction *i = op(IR_MUL, dst_of(ts.slots[0], (1u << rt.vec) - 1), t.slots[0],
                             r.type.vec == 1 ? comp(r.slots[0], 0) : r.slots[0]);
      i->dst.saturate = true;
      Value poly = compwise(IR_MAD, rt, ts, fconst(-2.0f), fconst(3.0f));
      return compwise(IR_MUL, rt, compwise(IR_MUL, rt, ts, ts), poly);
   }
   case EOpLength:
      return per_component(IR_SQRT, rt, dot(arg(0), arg(0)));
   case EOpDistance: {
      Value d = compwise(IR_ADD, arg(0).type, arg(0), neg(arg(1)));
      return per_component(IR_SQRT, rt, dot(d, d));
   }
   case EOpDot: return dot(arg(0), arg(1));
   case EOpCross: {
      const ir_src &a = arg(0).slots[0], &b = arg(1).slots[0];
      Value r = temp_value(rt, false);
      op(IR_MUL, dst_of(r.slots[0], 7), swz(a, 1, 2, 0, 0), swz(b, 2, 0, 1, 0));
      op(IR_MAD, dst_of(r.slots[0], 7), negate(swz(a, 2, 0, 1, 0)), swz(b, 1, 2, 0, 0), r.slots[0]);
      return r;
   }
   case EOpNormalize: {
      Value inv = per_component(IR_RSQ, Type::scalar(Type::FLOAT), dot(arg(0), arg(0)));
      return compwise(IR_MUL, rt, arg(0), inv);
   }
   case EOpFaceForward:
      /* dot(Nref, I) < 0 ? N : -N */
      return compwise(IR_CMP, rt, dot(arg(2), arg(1)), arg(0), neg(arg(0)));
   case EOpReflect: {
      /* I - 2 dot(N, I) N */
      Value d = dot(arg(1), arg(0));
      Value d2 = compwise(IR_ADD, d.type, d, d);
      return compwise(IR_MAD, rt, neg(d2), arg(1), arg(0));
   }
   case EOpRefract: {
      /* k = 1 - eta^2 (1 - dot(N,I)^2); k < 0 ? 0 : eta I - (eta dot(N,I) + sqrt(k)) N */
      Type ft = Type::scalar(Type::FLOAT);
      const Value &I = arg(0), &N = arg(1), &eta = arg(2);
      Value d = dot(N, I);
      Value omd = compwise(IR_MAD, ft, neg(d), d, fconst(1.0f));
      Value e2 = compwise(IR_MUL, ft, eta, eta);
      Value k = compwise(IR_MAD, ft, neg(e2), omd, fconst(1.0f));
      Value t = compwise(IR_MAD, ft, eta, d, per_component(IR_SQRT, ft, k));
      Value r = compwise(IR_MAD, rt, neg(t), N, compwise(IR_MUL, rt, eta, I));
      return compwise(IR_CMP, rt, k, fconst(0.0f), r);
   }
   case EOpMul:   /* matrixCompMult */
      return compwise(IR_MUL, rt, arg(0), arg(1));
   case EOpLessThan: case EOpGreaterThan: case EOpLessThanEqual: case EOpGreaterThanEqual:
   case EOpVectorEqual: case EOpVectorNotEqual:
      return compare(o, arg(0), arg(1), rt);
   case EOpAny: case EOpAll: {
      const Value &v = arg(0);
      Value s = dot(v, fconst(1.0f));
      return o == EOpAny ? compwise(IR_SNE, rt, s, fconst(0.0f))
                         : compwise(IR_SEQ, rt, s, fconst((float)v.type.vec));
   }
   case EOpDPdx: case EOpDPdxFine: case EOpDPdxCoarse:
      return compwise(IR_DDX, rt, arg(0));
   case EOpDPdy: case EOpDPdyFine: case EOpDPdyCoarse: {
      /* the hardware differentiates along its y (down); GL's y may run the other way */
      auto it = interface_.find(GLSL_WPOS_TRANSFORM_NAME);
      if (it == interface_.end())
         throw EmitError("internal: dFdy without the window-position transform");
      Value sy;
      sy.type = Type::scalar(Type::FLOAT);
      sy.slots.push_back(comp(it->second.slots.at(0), 0));
      return compwise(IR_MUL, rt, compwise(IR_DDY, rt, arg(0)), sy);
   }
   /* |dFdy| does not depend on the direction of y (the transform's scale is +-1) */
   case EOpFwidth: case EOpFwidthFine: case EOpFwidthCoarse:
      return compwise(IR_ADD, rt, with_abs(compwise(IR_DDX, rt, arg(0))),
                      with_abs(compwise(IR_DDY, rt, arg(0))));
   case EOpOuterProduct: {
      Value r = temp_value(rt, false);
      for (unsigned j = 0; j < rt.cols; j++)
         op(IR_MUL, dst_of(r.slots[j], (1u << rt.vec) - 1), arg(0).slots[0], comp(arg(1).slots[0], j));
      return r;
   }
   case EOpTranspose: {
      std::vector<std::pair<ir_src, unsigned>> comps;
      for (unsigned j = 0; j < rt.cols; j++)
         for (unsigned i = 0; i < rt.vec; i++)
            comps.push_back({ arg(0).slots.at(i), j });
      return gather(rt, comps);
   }
   case EOpIsNan: return compwise(IR_SNE, rt, arg(0), arg(0));
   case EOpIsInf: return compwise(IR_SEQ, rt, with_abs(arg(0)), fconst(INFINITY));
   case EOpTexture: case EOpTextureProj: case EOpTextureLod: case EOpTextureProjLod:
   case EOpTextureGrad: case EOpTextureProjGrad:
      return texture(o, args);
   default:
      throw EmitError("built-in function not supported by this driver (operator " +
                      std::to_string((int)o) + ")");
   }
}

}
