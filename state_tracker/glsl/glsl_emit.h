/* The IR emitter: walks the typed AST of one linked stage (glslang) and appends IR
 * instructions. Every user function call is inlined; expressions become vec4 register
 * operations on "values" (one ir_src per slot, see glsl_types.h).
 *
 * Temporaries come from two stacks that are renumbered at the end: variables (locals,
 * parameters, flags; released when an inlined call ends) and expression temporaries
 * (released after each statement), so a shader needs about as many TEMPs as it has live
 * variables plus its deepest expression. */
#ifndef GLSL_EMIT_H
#define GLSL_EMIT_H

#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <glslang/Include/intermediate.h>

#include "glsl_stage_info.h"
#include "glsl_types.h"

namespace r600glsl {

/* Thrown for what the GLSL is allowed to do but our IR or driver cannot express. */
struct EmitError : std::runtime_error {
   explicit EmitError(const std::string &m) : std::runtime_error(m) {}
};

/* An rvalue: register slot k holds slots[k]; component i of a slot is swizzle[i].
 * A sampler picked from an array at run time (s[i]) is slots[0] + the value of
 * sampler_index.x, one of sampler_choices. */
struct Value {
   Type type;
   std::vector<ir_src> slots;
   unsigned sampler_choices = 0;
   ir_src sampler_index;
};

/* An assignable location: value component i of slot k goes to component comp[i] of
 * slots[k].dst. dyn: a vector component picked at run time (v[i]). */
struct LSlot {
   ir_dst dst;
   uint8_t comp[4];
};
struct LValue {
   Type type;
   std::vector<LSlot> slots;
   bool dyn = false;
   ir_src dyn_index;       /* float index, .x */
   unsigned dyn_count = 0; /* components to choose from */
};

/* How code reaches one interface variable; built by the linker. */
struct GlobalVar {
   enum Kind { SOURCE, OUTPUT, FRONT_FACING, INT_INPUT, Y_TRANSFORMED } kind = SOURCE;
   Value value;            /* SOURCE: registers to read (INPUT, CONST, SAMPLER, IMM) */
   int output = -1;        /* OUTPUT: first IR output (one per slot), -1: nothing reads it */
   int output_comp = -1;   /* OUTPUT of a scalar into this component (DEPTH: z), else -1 */
   bool zero_init = false; /* OUTPUT: starts at 0 */
   bool packed = false;    /* OUTPUT of a float array: element i to component i % 4 of
                              output + i / 4 (gl_ClipDistance) */
   unsigned input = 0;     /* FRONT_FACING: the FACE input; INT_INPUT: an int32 input */
   /* Y_TRANSFORMED: value (an input) with y replaced by y * transform.x + transform.y
    * (gl_FragCoord, gl_PointCoord from the hidden window-position transform uniform) */
   ir_src transform;
};
using GlobalMap = std::map<std::string, GlobalVar>;

class Emitter {
public:
   Emitter(ir_shader *sh, const StageInfo &info, const GlobalMap &globals)
      : sh_(sh), info_(info), globals_(globals) {}
   /* Emits the whole stage; throws EmitError. */
   void run();

private:
   struct Frame {
      std::unordered_map<long long, Value> vars;
      Value ret;              /* where return stores the value */
      bool flag = false;      /* returns not in tail position: "running" flag */
      ir_src running;
      unsigned loops = 0;     /* loops of this function around the current statement */
      unsigned var_mark = 0;
   };
   struct OutputCopy { Value temp; int output; int comp; bool packed; };

   /* ---- registers (glsl_emit.cpp) */
   ir_instruction *op(enum ir_opcode opc, const ir_dst &d, const ir_src &a = ir_src(),
                      const ir_src &b = ir_src(), const ir_src &c = ir_src());
   unsigned alloc_var(unsigned n);
   unsigned alloc_expr(unsigned n);
   Value temp_value(const Type &t, bool var);
   static ir_src reg(enum ir_file f, unsigned index);
   static ir_dst dst_of(const ir_src &s, unsigned mask);
   static ir_src comp(const ir_src &s, unsigned c);      /* component c replicated */
   static ir_src swz(const ir_src &s, unsigned x, unsigned y, unsigned z, unsigned w);
   static ir_src negate(ir_src s) { s.negate = !s.negate; return s; }
   ir_src imm(float x, float y, float z, float w);
   ir_src imm(float x) { return imm(x, x, x, x); }
   Value copy(const Value &v);                           /* into fresh expression temps */
   Value plain(const Value &v);                          /* without modifiers */
   void store(const LValue &lv, const Value &v);
   Value load(const LValue &lv);
   LValue lvalue_of(const Value &v);                     /* v must be plain temporaries */
   Value bind_storage(const Type &t, const Value *init); /* variable temps, samplers bound */
   void fold_copies();
   void finish();

   /* ---- statements and functions (glsl_emit.cpp) */
   void stmt(TIntermNode *n);
   void effect(glslang::TIntermTyped *t);
   void sequence(glslang::TIntermAggregate *a);
   void if_stmt(glslang::TIntermSelection *s);
   void loop(glslang::TIntermLoop *l);
   void branch(glslang::TIntermBranch *b);
   Value call(glslang::TIntermAggregate *a);
   void cond_break(const ir_src &c);                     /* IF !c BRK */
   Frame &frame() { return frames_.back(); }
   Value *lookup_symbol(glslang::TIntermSymbol *s, bool create);
   bool has_side_effects(TIntermNode *n);
   /* [i]: whether an element after seq[i] has side effects */
   std::vector<bool> later_side_effects(const glslang::TIntermSequence &seq);

   /* ---- expressions (glsl_emit_expr.cpp) */
   Type type_of(glslang::TIntermTyped *n);
   Value expr(glslang::TIntermTyped *n);
   LValue lvalue(glslang::TIntermTyped *n);
   Value symbol(glslang::TIntermSymbol *s);
   Value constant(const Type &t, const glslang::TConstUnionArray &c);
   Value binary(glslang::TIntermBinary *b);
   Value unary(glslang::TIntermUnary *u);
   Value aggregate(glslang::TIntermAggregate *a);
   Value select(glslang::TIntermSelection *s);
   Value logical(glslang::TIntermBinary *b);
   Value access(glslang::TIntermBinary *b);
   LValue access_lvalue(glslang::TIntermBinary *b);
   std::vector<Value> eval_args(const glslang::TIntermSequence &seq);
   Value construct(const Type &t, const std::vector<Value> &args);
   Value gather(const Type &rt, const std::vector<std::pair<ir_src, unsigned>> &comps);
   Value convert(const Value &v, Type::Base to);
   Value arith(glslang::TOperator opr, const Value &a, const Value &b, const Type &rt);
   Value compwise(enum ir_opcode opc, const Type &rt, const Value &a, const Value &b = Value(),
                  const Value &c = Value());
   Value per_component(enum ir_opcode opc, const Type &rt, const Value &a);
   Value compare(glslang::TOperator opr, const Value &a, const Value &b, const Type &rt);
   Value equal(const Value &a, const Value &b, bool want_equal);
   Value dynamic_element(Value base, const Value &idx, unsigned stride, const Type &rt);
   ir_src address_register(const Value &idx, unsigned stride, unsigned count);
   void note_array(unsigned file, unsigned first, unsigned count);  /* indexed at run time */
   void emit_arrays(unsigned nv);                         /* -> sh_->arrays, after renumbering */
   Value pick_component(const Value &v, const Value &idx);
   Value mat_mul(glslang::TOperator opr, const Value &a, const Value &b, const Type &rt);
   Value int_div(const Value &a, const Value &b, const Type &rt);
   Value slice(const Value &v, unsigned first, unsigned n, const Type &t);
   Value fconst(float f);
   static Value neg(Value v);

   /* ---- built-in functions (glsl_emit_builtin.cpp) */
   Value builtin(glslang::TOperator opr, const Type &rt, const std::vector<Value> &args);
   Value texture(glslang::TOperator opr, const std::vector<Value> &args);
   ir_src texture_gradients(bool cube, const ir_src &coords, const Value &dpdx,
                            const Value &dpdy);   /* glsl_emit_gradient.cpp */
   Value dot(const Value &a, const Value &b);
   Value atan2(const Value &y, const Value &x, const Type &rt);
   Value acos_fn(const Value &x, const Type &rt);
   Value sign(const Value &x);
   Value horner(const Value &u, const float *c, unsigned n);

   ir_shader *sh_;
   const StageInfo &info_;
   const GlobalMap &globals_;
   std::map<std::string, Value> interface_;              /* by name */
   std::unordered_map<long long, Value> global_vars_;    /* by symbol id */
   std::vector<OutputCopy> outputs_;
   std::vector<Frame> frames_;
   std::unordered_map<TIntermNode *, bool> side_effects_;
   unsigned var_top_ = 0, var_max_ = 0, expr_top_ = 0, expr_max_ = 0;
   std::vector<unsigned> expr_slot_;   /* expression temporary number -> stack position */
   std::vector<unsigned> expr_group_;  /* -> first number of its allocation */
   std::vector<std::pair<uint16_t, unsigned>> arrays_;   /* note_array: first TEMP, count */
   unsigned inline_depth_ = 0;
};

}

#endif
