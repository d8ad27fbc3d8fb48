/* GLSL ES 1.00 rules glslang does not check, checked on its AST after a successful parse. */
#ifndef GLSL_ES100_RULES_H
#define GLSL_ES100_RULES_H

#include <string>

#include <glslang/Include/intermediate.h>

namespace r600glsl {

/* A function's prototype and definition must agree on the return type's precision
 * (ES 1.00 section 6.1: a prototype and the definition declare the same function, with the
 * same return type and qualifiers; piglit's mismatched-return-precision.frag). glslang
 * compares them without precision and forgets the prototype; but a call resolves to the
 * first declaration, so its node carries the prototype's return type, and a call whose
 * precision differs from the definition's exposes the mismatch (a function never called
 * is not checked). Appends one error a function to log; returns whether there was one. */
bool check_return_precisions(TIntermNode *root, std::string &log);

}

#endif
