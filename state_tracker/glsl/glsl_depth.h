/* How deep the bridge's walks of a shader's AST go, measured without recursion, so that a
 * shader too deep for them fails to compile instead of overflowing the stack. */
#ifndef GLSL_DEPTH_H
#define GLSL_DEPTH_H

#include <glslang/Include/intermediate.h>

namespace r600glsl {

/* The deepest AST the front end accepts, counted through inlined calls: far deeper than
 * real shaders nest. The IR emitter is the deepest walk, about 720 bytes of stack a level
 * (measured: a sum of 1,450 terms overflows a 1 MB stack), so at this depth the walks fit
 * even a 1 MB stack; they run on the compiler stack (glsl_glslang.h). */
const unsigned MAX_AST_DEPTH = 1000;

/* The depth of the tree under root (a shader's tree root) as the bridge walks it: the global
 * initialisers and main, each call counted as its callee's body at the call's depth. */
unsigned ast_depth(TIntermNode *root);

}

#endif
