/* What one linked stage declares and statically uses: its functions, its global initialisers
 * and its interface variables (attributes, varyings, uniforms, built-ins), found by walking
 * the code reachable from main(). The linker lays out the interface from this. */
#ifndef GLSL_STAGE_INFO_H
#define GLSL_STAGE_INFO_H

#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <glslang/Include/intermediate.h>

#include "glsl_types.h"

namespace r600glsl {

struct Decl {
   std::string name;
   Type type;
   glslang::TStorageQualifier storage;
   glslang::TBuiltInVariable builtin;
   bool invariant = false;
   bool used = false;     /* statically referenced by code reachable from main */
   int location = -1;     /* layout(location) of GLSL ES 3.00 */
   int index = -1;        /* layout(index) of a fragment output (GL_EXT_blend_func_extended) */
   bool flat = false;      /* interpolation qualifiers (GLSL ES 3.00) */
   bool centroid = false;
   std::string unsupported;   /* why the type cannot be used, if it cannot */
};

struct StageInfo {
   enum ir_stage stage;
   int version;                                             /* 100 or 300 */
   glslang::TIntermAggregate *main = nullptr;
   std::map<std::string, glslang::TIntermAggregate *> functions;   /* by mangled name */
   std::vector<TIntermNode *> global_inits;        /* run before main's body */
   std::vector<Decl> decls;                                 /* interface globals, in order */
   std::unordered_map<std::string, size_t> decl_index;      /* name -> index in decls */
   bool uses_ddy = false;                 /* dFdy is called (its sign follows the drawable) */

   Decl *find(const std::string &name);
   const Decl *find(const std::string &name) const;
};

/* Fills info from a linked intermediate; false with err if it uses what we cannot do. */
bool analyze_stage(glslang::TIntermediate *im, enum ir_stage stage, StageInfo &info,
                   std::string &err);

/* Whether the storage qualifier makes a variable part of the stage interface. */
bool is_interface_storage(glslang::TStorageQualifier q);

/* Calls fn on every direct child of node. (glslang's own traverser allocates from glslang's
 * thread pool, which we do not rely on once parsing is over.) */
void for_each_child(TIntermNode *node, const std::function<void(TIntermNode *)> &fn);

}

#endif
