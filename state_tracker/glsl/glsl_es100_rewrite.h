/* A source rewrite for two GLSL ES 1.00 forms glslang rejects (it applies later versions'
 * rules to them); the front end parses the rewritten sources only when the original fails.
 *
 * 1. Array types in the type specifier (the ES 1.00 grammar, section 9: type_specifier_no_prec
 *    : type_specifier_nonarray LEFT_BRACKET constant_expression RIGHT_BRACKET), which glslang
 *    accepts from ES 3.00 on only:  "float[2] a, b;" -> "float a[2], b[2];" and the parameter
 *    "inout float[2] x" -> "inout float x[2]" (the same types, section 4.1.9).
 * 2. The sequence operator in constant expressions. Section 5.10 of ES 1.00 makes an operator
 *    on constant operands a constant expression and, unlike ES 3.00, does not exclude the
 *    sequence operator, so "(1.0, 2.0)" is a constant expression (array sizes, const and
 *    global initializers); glslang never folds it. A parenthesised sequence whose operands
 *    before the last are free of side effects (no assignment, ++, --, or call of anything but
 *    a constructor or a built-in without side effects) is rewritten
 *        (X1, ..., Xn, Y)  ->  ((((X1)==(X1)) && ... && ((Xn)==(Xn))) ? (Y) : (Y))
 *    which has Y's type and value, evaluates every Xi (twice, which changes nothing as they
 *    have no side effects) and is constant exactly when all operands are: glslang folds a
 *    selection whose condition and operands are constants.
 *
 * Preprocessor lines are left alone and no line break is added or removed, so the log's line
 * numbers stay those of the original. Forms hidden in macros are not seen. */
#ifndef GLSL_ES100_REWRITE_H
#define GLSL_ES100_REWRITE_H

#include <string>
#include <vector>

namespace r600glsl {

/* The sources rewritten; changed tells whether any form was found. */
std::vector<std::string> es100_rewrite(const std::vector<std::string> &sources, bool &changed);

}

#endif
