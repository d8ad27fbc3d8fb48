/* Layout of the hidden state uniforms (gl_DepthRange, the window-position transform). */
#include "glsl_state_uniforms.h"

#include <cstdio>
#include <cstring>

namespace r600glsl {

using namespace glslang;

namespace {

ir_src const_reg(unsigned slot, unsigned x, unsigned y, unsigned z, unsigned w)
{
   ir_src s;
   memset(&s, 0, sizeof(s));
   s.file = IR_FILE_CONST;
   s.index = (uint16_t)slot;
   s.swizzle[0] = (uint8_t)x;
   s.swizzle[1] = (uint8_t)y;
   s.swizzle[2] = (uint8_t)z;
   s.swizzle[3] = (uint8_t)w;
   return s;
}

/* One vec4 slot named name in stage st; returns the slot. */
unsigned reserve(const char *name, enum ir_stage st, unsigned &next_const,
                 std::vector<ir_uniform> &irs, std::vector<glsl_uniform_info> &hidden)
{
   unsigned slot = next_const++;
   ir_uniform u;
   memset(&u, 0, sizeof(u));
   snprintf(u.name, sizeof(u.name), "%s", name);
   u.type = IR_UT_VEC4;
   u.slot = (uint16_t)slot;
   irs.push_back(u);
   glsl_uniform_info *info = nullptr;
   for (glsl_uniform_info &h : hidden)
      if (!strcmp(h.name, name))
         info = &h;
   if (!info) {
      glsl_uniform_info h;
      memset(&h, 0, sizeof(h));
      snprintf(h.name, sizeof(h.name), "%s", name);
      h.gl_type = gl_type_of(Type::scalar(Type::FLOAT, 4));
      h.size = 1;
      h.vs_slot = h.fs_slot = h.vs_sampler = h.fs_sampler = -1;
      hidden.push_back(h);
      info = &hidden.back();
   }
   (st == IR_STAGE_VERTEX ? info->vs_slot : info->fs_slot) = (int)slot;
   return slot;
}

/* gl_DepthRange's fields read components of the (near, far, diff, 0) slot. */
bool depth_range_value(const Decl &d, unsigned slot, Value &v, std::string &err)
{
   v.type = d.type;
   v.slots.clear();
   if (!d.type.is_struct()) {
      err = "unexpected type of gl_DepthRange";
      return false;
   }
   for (const Field &f : *d.type.fields) {
      unsigned c = f.name == "near" ? 0 : f.name == "far" ? 1 : f.name == "diff" ? 2 : 3;
      if (c == 3 || f.type.slots() != 1) {
         err = "unexpected member '" + f.name + "' of gl_DepthRange";
         return false;
      }
      v.slots.push_back(const_reg(slot, c, c, c, c));
   }
   return true;
}

}   /* namespace */

bool add_state_uniforms(const StageInfo &st, GlobalMap &map, unsigned &next_const,
                        std::vector<ir_uniform> &irs, std::vector<glsl_uniform_info> &hidden,
                        glsl_program *prog, std::string &err)
{
   bool vertex = st.stage == IR_STAGE_VERTEX;
   for (const Decl &d : st.decls) {
      bool builtin = d.builtin != EbvNone || d.name.compare(0, 3, "gl_") == 0;
      if (!d.used || d.storage != EvqUniform || !builtin)
         continue;
      if (d.name != "gl_DepthRange") {
         err = "built-in uniform '" + d.name + "' is not supported";
         return false;
      }
      unsigned slot = reserve(GLSL_DEPTH_RANGE_NAME, st.stage, next_const, irs, hidden);
      (vertex ? prog->vs_depth_range_slot : prog->fs_depth_range_slot) = (int)slot;
      if (!depth_range_value(d, slot, map[d.name].value, err))
         return false;
   }
   if (vertex)
      return true;

   const Decl *fc = st.find("gl_FragCoord"), *pc = st.find("gl_PointCoord");
   bool use_fc = fc && fc->used, use_pc = pc && pc->used;
   if (!use_fc && !use_pc && !st.uses_ddy)
      return true;
   unsigned slot = reserve(GLSL_WPOS_TRANSFORM_NAME, st.stage, next_const, irs, hidden);
   prog->fs_wpos_slot = (int)slot;
   Value &t = map[GLSL_WPOS_TRANSFORM_NAME].value;
   t.type = Type::scalar(Type::FLOAT, 4);
   t.slots = { const_reg(slot, 0, 1, 2, 3) };
   if (use_fc) {
      GlobalVar &g = map.at(fc->name);
      g.kind = GlobalVar::Y_TRANSFORMED;
      g.transform = const_reg(slot, 0, 1, 0, 1);
   }
   if (use_pc) {
      GlobalVar &g = map.at(pc->name);
      g.kind = GlobalVar::Y_TRANSFORMED;
      g.transform = const_reg(slot, 2, 3, 2, 3);
   }
   return true;
}

}
