/* Link-time interface layout and the cross-stage rules of GLSL ES. */
#include "glsl_interface.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <unordered_map>

#include "glsl_clip_distance.h"
#include "glsl_draw_instanced.h"
#include "glsl_fb_fetch.h"
#include "glsl_glslang.h"
#include "glsl_state_uniforms.h"

namespace r600glsl {

using namespace glslang;

namespace {

struct FragPlace { unsigned location, index; };

struct Linker {
   const StageInfo &vs, &fs;
   ir_shader *vs_ir, *fs_ir;
   glsl_program *prog;
   GlobalMap &vs_map, &fs_map;
   std::string &log;
   bool ok = true;
   bool separable = false;   /* GL_EXT_separate_shader_objects: see separable_varyings */

   /* program uniform table, merged over both stages; hidden state uniforms apart */
   std::vector<glsl_uniform_info> uniforms, hidden;
   std::unordered_map<std::string, size_t> uniform_index;   /* name -> index in uniforms */

   void error(const std::string &msg)
   {
      log += "ERROR: Linking: " + msg + "\n";
      ok = false;
   }

   int add_io(ir_shader *sh, bool input, uint8_t semantic, unsigned index, unsigned usage,
              uint8_t interp = IR_INTERP_PERSPECTIVE, bool centroid = false)
   {
      uint16_t &n = input ? sh->num_inputs : sh->num_outputs;
      if (n >= 32) {
         error("too many shader inputs or outputs");
         return -1;
      }
      ir_io &io = input ? sh->inputs[n] : sh->outputs[n];
      io.semantic = semantic;
      io.index = (uint16_t)index;
      io.usage_mask = (uint8_t)usage;
      io.interp = interp;
      io.centroid = centroid;
      return n++;
   }

   void check_size(const Decl &d, const char *what, unsigned max, const char *limit);
   void check_sizes();
   void check_cross_stage();
   void attributes(const glsl_attrib_binding *bindings, unsigned num_bindings);
   void user_outputs(const glsl_frag_binding *frag, unsigned num_frag);
   void varyings_and_builtins(const glsl_frag_binding *frag, unsigned num_frag);
   void separable_varyings();
   std::map<std::string, unsigned> separable_layout(const StageInfo &st,
                                                    glslang::TStorageQualifier storage);
   void stage_uniforms(const StageInfo &st, ir_shader *sh, GlobalMap &map, unsigned max_vectors);
   void uniform_leaves(const std::string &name, const Type &t, const StageInfo &st, Value &storage,
                       std::vector<ir_uniform> &irs, unsigned &next_const, unsigned &next_sampler);
};

bool is_user(const Decl &d)
{
   return d.builtin == EbvNone && d.name.compare(0, 3, "gl_") != 0 &&
          d.name != DRAW_INSTANCED_ID &&   /* gl_InstanceIDEXT's, see below */
          d.name != CLIP_DISTANCE_VAR &&   /* gl_ClipDistance's, see below */
          d.name != FB_FETCH_ID && d.name != FB_FETCH_NONCOHERENT_ID;   /* gl_LastFragData's */
}

unsigned usage_of(const Type &t, unsigned slot)
{
   std::vector<uint8_t> sizes;
   t.slot_sizes(sizes);
   return (1u << sizes.at(slot)) - 1;
}

Value registers(const Type &t, enum ir_file file, const std::vector<unsigned> &index)
{
   Value v;
   v.type = t;
   for (unsigned i : index) {
      ir_src s;
      memset(&s, 0, sizeof(s));
      s.file = (uint8_t)file;
      s.index = (uint16_t)i;
      for (unsigned c = 0; c < 4; c++)
         s.swizzle[c] = (uint8_t)c;
      v.slots.push_back(s);
   }
   return v;
}

void copy_name(char *dst, size_t size, const std::string &src)
{
   snprintf(dst, size, "%s", src.c_str());
}

void Linker::check_size(const Decl &d, const char *what, unsigned max, const char *limit)
{
   unsigned n = d.type.slots();
   if (n > max)
      error(std::string(what) + " '" + d.name + "' takes " + (n == UINT_MAX ? "over " : "") +
            std::to_string(n) + " vec4s, more than " + limit + " (" + std::to_string(max) + ")");
}

/* Each used attribute, varying and fragment output against its limit, before anything is
 * laid out (a varying both stages use is reported once). */
void Linker::check_sizes()
{
   for (const Decl &d : vs.decls) {
      if (!d.used || !is_user(d))
         continue;
      if (d.storage == EvqVaryingIn)
         check_size(d, "attribute", MAX_VERTEX_ATTRIBS, "GL_MAX_VERTEX_ATTRIBS");
      else if (d.storage == EvqVaryingOut)
         check_size(d, "varying", MAX_VARYING_VECTORS, "GL_MAX_VARYING_VECTORS");
   }
   for (const Decl &d : fs.decls) {
      if (!d.used || !is_user(d))
         continue;
      const Decl *v = vs.find(d.name);
      if (d.storage == EvqVaryingIn && !(v && v->used && v->storage == EvqVaryingOut))
         check_size(d, "varying", MAX_VARYING_VECTORS, "GL_MAX_VARYING_VECTORS");
      else if (d.storage == EvqVaryingOut)
         check_size(d, "fragment output", MAX_DRAW_BUFFERS, "GL_MAX_DRAW_BUFFERS");
   }
}

void Linker::check_cross_stage()
{
   for (const Decl &f : fs.decls) {
      if (f.storage == EvqVaryingIn && is_user(f) && separable) {
         continue;   /* matched at draw time (separable_varyings) */
      } else if (f.storage == EvqVaryingIn && is_user(f)) {
         const Decl *v = vs.find(f.name);
         if (!v || v->storage != EvqVaryingOut) {
            if (f.used)
               error("fragment shader varying '" + f.name + "' is not declared in the vertex shader");
            continue;
         }
         if (!same_type(f.type, v->type))
            error("varying '" + f.name + "' is " + v->type.name() + " in the vertex shader but " +
                  f.type.name() + " in the fragment shader");
         else if (f.invariant != v->invariant)
            error("varying '" + f.name + "' is invariant in only one of the shaders");
      } else if (f.storage == EvqUniform) {
         const Decl *v = vs.find(f.name);
         if (!v || v->storage != EvqUniform)
            continue;
         if (!same_type(f.type, v->type))
            error("uniform '" + f.name + "' has different types in the two shaders");
         else if (f.used && v->used && !same_type_and_precision(f.type, v->type))
            error("uniform '" + f.name + "' is used with different precisions in the two shaders");
      }
   }
   /* GLSL ES 1.00 4.6.4: gl_FragCoord / gl_PointCoord may be invariant only if gl_Position /
    * gl_PointSize are. */
   if (separable)
      return;   /* the other stage is another program's */
   const Decl *fc = fs.find("gl_FragCoord"), *pc = fs.find("gl_PointCoord");
   const Decl *pos = vs.find("gl_Position"), *psz = vs.find("gl_PointSize");
   if (fc && fc->invariant && !(pos && pos->invariant))
      error("gl_FragCoord is invariant but gl_Position is not");
   if (pc && pc->invariant && !(psz && psz->invariant))
      error("gl_PointCoord is invariant but gl_PointSize is not");
}

void Linker::attributes(const glsl_attrib_binding *bindings, unsigned num_bindings)
{
   std::vector<const Decl *> attrs;
   for (const Decl &d : vs.decls)
      if (d.used && d.storage == EvqVaryingIn && is_user(d))
         attrs.push_back(&d);
   if (attrs.size() > MAX_VERTEX_ATTRIBS) {   /* possible with aliased bindings */
      error("too many vertex attributes");
      return;
   }
   std::vector<int> loc(attrs.size(), -1);
   unsigned taken = 0;
   auto claim = [&](size_t i, int l) {
      unsigned n = attrs[i]->type.slots();
      if (l < 0 || l + n > MAX_VERTEX_ATTRIBS) {
         error("attribute '" + attrs[i]->name + "' does not fit at location " + std::to_string(l));
         return;
      }
      loc[i] = l;
      taken |= ((1u << n) - 1) << l;
   };
   for (size_t i = 0; i < attrs.size(); i++) {
      int l = attrs[i]->location;
      for (unsigned b = 0; b < num_bindings && l < 0; b++)
         if (bindings[b].name && attrs[i]->name == bindings[b].name)
            l = (int)bindings[b].location;
      if (l >= 0)
         claim(i, l);
   }
   for (size_t i = 0; i < attrs.size(); i++) {
      if (loc[i] >= 0)
         continue;
      unsigned n = attrs[i]->type.slots(), want = ((1u << n) - 1);
      int l = 0;
      while (l + n <= MAX_VERTEX_ATTRIBS && (taken & (want << l)))
         l++;
      if (l + n > MAX_VERTEX_ATTRIBS) {
         error("too many vertex attributes (at most " + std::to_string(MAX_VERTEX_ATTRIBS) + " vec4s)");
         return;
      }
      claim(i, l);
   }
   if (!ok)
      return;
   /* One ATTRIB input per used location, in location order (aliased attributes share). */
   unsigned usage[MAX_VERTEX_ATTRIBS] = { 0 };
   for (size_t i = 0; i < attrs.size(); i++)
      for (unsigned k = 0; k < attrs[i]->type.slots(); k++)
         usage[loc[i] + k] |= usage_of(attrs[i]->type, k);
   int input_of[MAX_VERTEX_ATTRIBS];
   for (unsigned l = 0; l < MAX_VERTEX_ATTRIBS; l++) {
      input_of[l] = -1;
      if (usage[l]) {
         input_of[l] = add_io(vs_ir, true, IR_SEM_ATTRIB, l, usage[l]);
         prog->attrib_location_of_input[prog->num_vs_inputs++] = l;
      }
   }
   for (size_t i = 0; i < attrs.size(); i++) {
      std::vector<unsigned> idx;
      for (unsigned k = 0; k < attrs[i]->type.slots(); k++)
         idx.push_back((unsigned)input_of[loc[i] + k]);
      vs_map[attrs[i]->name].value = registers(attrs[i]->type, IR_FILE_INPUT, idx);
      glsl_attrib_info &a = prog->attribs[prog->num_attribs++];
      copy_name(a.name, sizeof(a.name), attrs[i]->name);
      a.gl_type = gl_type_of(attrs[i]->type);
      a.size = 1;
      a.location = (unsigned)loc[i];
   }
}

/* Where a GLSL ES 3.00 fragment output goes: its layout(location, index), else its
 * glBindFragDataLocationIndexedEXT binding, else draw buffer 0. */
FragPlace user_output_place(const Decl &d, const glsl_frag_binding *frag, unsigned num_frag)
{
   if (d.location >= 0)
      return { (unsigned)d.location, d.index > 0 ? 1u : 0u };
   for (unsigned b = 0; b < num_frag; b++)
      if (frag[b].name && d.name == frag[b].name)
         return { frag[b].location, frag[b].index };
   return { 0, 0 };
}

/* Records the active user outputs (glGetFragDataIndexEXT) and checks that they fit the draw
 * buffers and do not overlap. */
void Linker::user_outputs(const glsl_frag_binding *frag, unsigned num_frag)
{
   /* ESSL 3.00 4.3.8.2: with several outputs, each needs a location (or, with the
    * extension, a binding) */
   unsigned outputs = 0, unplaced = 0;
   for (const Decl &d : fs.decls) {
      if (d.storage != EvqVaryingOut || !is_user(d))
         continue;
      outputs++;
      bool bound = false;
      for (unsigned b = 0; b < num_frag; b++)
         bound |= frag[b].name && d.name == frag[b].name;
      unplaced += d.location < 0 && !bound;
   }
   if (outputs > 1 && unplaced) {
      error("when more than one fragment shader output, all must have location qualifiers "
            "or glBindFragDataLocationIndexedEXT bindings");
      return;
   }
   bool taken[2][MAX_DRAW_BUFFERS] = {};
   for (const Decl &d : fs.decls) {
      if (!d.used || d.storage != EvqVaryingOut || !is_user(d))
         continue;
      FragPlace at = user_output_place(d, frag, num_frag);
      unsigned n = d.type.slots();
      unsigned max = at.index ? MAX_DUAL_SOURCE_DRAW_BUFFERS : MAX_DRAW_BUFFERS;
      if (at.location + n > max) {
         error("fragment output '" + d.name + "' does not fit at location " +
               std::to_string(at.location) + (at.index ? " index 1" : ""));
         return;
      }
      for (unsigned k = 0; k < n; k++) {
         if (taken[at.index][at.location + k]) {
            error("fragment output '" + d.name + "' overlaps another output");
            return;
         }
         taken[at.index][at.location + k] = true;
      }
      glsl_frag_output_info &o = prog->frag_outputs[prog->num_frag_outputs++];
      copy_name(o.name, sizeof(o.name), d.name);
      o.location = at.location;
      o.index = at.index;
   }
}

/* Separable programs (GL_EXT_separate_shader_objects) are linked one stage at a time, so
 * each stage lays out its varyings alone, by a rule both sides of any pair follow: a varying
 * with layout(location = L) is GENERIC L (and on), the others follow GENERIC
 * MAX_VARYING_VECTORS in the order of their names. Declarations that match exactly (the
 * spec's condition for well-defined inputs) so get the same numbers in both programs, and the
 * SPI pairs them through the semantic ids as in a monolithic program; a mismatched input
 * finds no output and reads the SPI's default. Every declared varying is active (the spec:
 * "all inputs or outputs interfacing with another program stage are treated as active"). */
std::map<std::string, unsigned> Linker::separable_layout(const StageInfo &st,
                                                         glslang::TStorageQualifier storage)
{
   std::map<std::string, unsigned> first;   /* name -> first GENERIC index */
   std::map<std::string, const Decl *> by_name;
   std::vector<bool> taken(MAX_VARYING_VECTORS, false);
   for (const Decl &d : st.decls) {
      if (d.storage != storage || !is_user(d))
         continue;
      uint64_t n = d.type.slots();   /* UINT_MAX for sizes beyond counting */
      if (d.location < 0) {
         by_name[d.name] = &d;
         continue;
      }
      if ((uint64_t)d.location + n > MAX_VARYING_VECTORS) {
         error("varying '" + d.name + "' does not fit at location " + std::to_string(d.location) +
               " (GL_MAX_VARYING_VECTORS is " + std::to_string(MAX_VARYING_VECTORS) + ")");
         continue;
      }
      for (unsigned k = 0; k < n; k++) {
         if (taken[d.location + k])
            error("varying '" + d.name + "' overlaps another varying's location");
         taken[d.location + k] = true;
      }
      first[d.name] = (unsigned)d.location;
   }
   uint64_t next = MAX_VARYING_VECTORS, vectors = 0;
   for (bool t : taken)
      vectors += t;
   for (const auto &e : by_name) {
      first[e.first] = (unsigned)std::min<uint64_t>(next, UINT_MAX);
      next += e.second->type.slots();
      vectors += e.second->type.slots();
   }
   if (vectors > MAX_VARYING_VECTORS)
      error("too many varyings (at most " + std::to_string(MAX_VARYING_VECTORS) +
            " vec4s: GL_MAX_VARYING_VECTORS)");
   return first;
}

void Linker::separable_varyings()
{
   std::map<std::string, unsigned> out = separable_layout(vs, EvqVaryingOut);
   std::map<std::string, unsigned> in = separable_layout(fs, EvqVaryingIn);
   if (!ok)
      return;
   for (const Decl &d : vs.decls) {
      auto at = out.find(d.name);
      if (d.storage != EvqVaryingOut || at == out.end())
         continue;
      GlobalVar &g = vs_map[d.name];
      g.kind = GlobalVar::OUTPUT;
      g.value.type = d.type;
      g.zero_init = true;   /* an output the vertex shader never writes reads as 0 */
      for (unsigned k = 0; k < d.type.slots(); k++) {
         int o = add_io(vs_ir, false, IR_SEM_GENERIC, at->second + k, usage_of(d.type, k));
         if (k == 0)
            g.output = o;
      }
   }
   for (const Decl &d : fs.decls) {
      auto at = in.find(d.name);
      if (d.storage != EvqVaryingIn || at == in.end())
         continue;
      std::vector<unsigned> idx;
      for (unsigned k = 0; k < d.type.slots(); k++) {
         int i = add_io(fs_ir, true, IR_SEM_GENERIC, at->second + k, usage_of(d.type, k),
                        d.flat ? IR_INTERP_FLAT : IR_INTERP_PERSPECTIVE, d.centroid);
         idx.push_back((unsigned)std::max(i, 0));
      }
      fs_map[d.name].value = registers(d.type, IR_FILE_INPUT, idx);
   }
}

void Linker::varyings_and_builtins(const glsl_frag_binding *frag, unsigned num_frag)
{
   /* vertex shader system values after the attributes */
   for (const Decl &d : vs.decls) {
      /* GL_EXT_draw_instanced: the hidden attribute behind gl_InstanceIDEXT is the instance
       * index (glsl_draw_instanced.h) */
      bool instance = d.storage == EvqInstanceId ||
                      (d.storage == EvqVaryingIn && d.name == DRAW_INSTANCED_ID);
      if (!d.used || (d.storage != EvqVertexId && !instance))
         continue;
      int in = add_io(vs_ir, true, instance ? IR_SEM_INSTANCEID : IR_SEM_VERTEXID, 0, 1);
      GlobalVar &g = vs_map[d.name];
      g.kind = GlobalVar::INT_INPUT;
      g.input = (unsigned)std::max(in, 0);
   }

   /* vertex outputs: position, point size, then the varyings the fragment shader reads */
   const Decl *pos = vs.find("gl_Position");
   GlobalVar &gp = vs_map["gl_Position"];
   gp.kind = GlobalVar::OUTPUT;
   gp.value.type = Type::scalar(Type::FLOAT, 4);
   gp.output = add_io(vs_ir, false, IR_SEM_POSITION, 0, 0xf);
   gp.zero_init = !(pos && pos->used);
   const Decl *psz = vs.find("gl_PointSize");
   if (psz && psz->used) {
      GlobalVar &g = vs_map["gl_PointSize"];
      g.kind = GlobalVar::OUTPUT;
      g.value.type = psz->type;
      g.output = add_io(vs_ir, false, IR_SEM_PSIZE, 0, 1);
      g.output_comp = 0;
   }
   for (const Decl &d : vs.decls) {
      if (d.used && d.storage == EvqVaryingOut) {
         GlobalVar &g = vs_map[d.name];
         g.kind = GlobalVar::OUTPUT;
         g.value.type = d.type;
      }
   }
   /* GL_APPLE_clip_distance: element i of gl_ClipDistance is component i % 4 of
    * CLIPDIST i / 4 (glsl_clip_distance.h) */
   const Decl *cd = vs.find(CLIP_DISTANCE_VAR);
   if (cd && cd->used) {
      GlobalVar &g = vs_map[CLIP_DISTANCE_VAR];
      g.packed = true;
      g.zero_init = true;
      for (unsigned k = 0; 4 * k < cd->type.array; k++) {
         unsigned n = std::min(cd->type.array - 4 * k, 4u);
         int o = add_io(vs_ir, false, IR_SEM_CLIPDIST, k, (1u << n) - 1);
         if (k == 0)
            g.output = o;
      }
   }
   if (separable) {
      separable_varyings();
      if (!ok)
         return;
   }
   unsigned generic = 0;
   for (const Decl &f : fs.decls) {
      if (separable)
         break;
      if (!f.used || f.storage != EvqVaryingIn || !is_user(f))
         continue;
      const Decl *v = vs.find(f.name);
      if (!v || v->storage != EvqVaryingOut)
         continue;   /* reported by check_cross_stage */
      unsigned n = f.type.slots();
      if (n > MAX_VARYING_VECTORS - generic) {
         error("too many varyings (at most " + std::to_string(MAX_VARYING_VECTORS) +
               " vec4s: GL_MAX_VARYING_VECTORS)");
         return;
      }
      GlobalVar &out = vs_map[f.name];
      out.kind = GlobalVar::OUTPUT;
      out.value.type = v->type;
      out.zero_init = true;   /* a varying the vertex shader never writes reads as 0 */
      std::vector<unsigned> idx;
      for (unsigned k = 0; k < n; k++) {
         int o = add_io(vs_ir, false, IR_SEM_GENERIC, generic + k, usage_of(f.type, k));
         if (k == 0)
            out.output = o;
         int in = add_io(fs_ir, true, IR_SEM_GENERIC, generic + k, usage_of(f.type, k),
                         f.flat ? IR_INTERP_FLAT : IR_INTERP_PERSPECTIVE, f.centroid);
         idx.push_back((unsigned)std::max(in, 0));
      }
      fs_map[f.name].value = registers(f.type, IR_FILE_INPUT, idx);
      generic += n;
   }

   /* fragment system values */
   for (const Decl &d : fs.decls) {
      if (!d.used)
         continue;
      if (d.storage == EvqFragCoord || d.storage == EvqPointCoord) {
         bool fc = d.storage == EvqFragCoord;
         int in = add_io(fs_ir, true, fc ? IR_SEM_POSITION : IR_SEM_POINTCOORD, 0, fc ? 0xf : 0x3);
         fs_map[d.name].value = registers(d.type, IR_FILE_INPUT, { (unsigned)std::max(in, 0) });
      } else if (d.storage == EvqVaryingIn &&
                 (d.name == FB_FETCH_ID || d.name == FB_FETCH_NONCOHERENT_ID)) {
         /* gl_LastFragData[k]: colour buffer k under the fragment (glsl_fb_fetch.h) */
         std::vector<unsigned> idx;
         for (unsigned k = 0; k < d.type.slots(); k++)
            idx.push_back((unsigned)std::max(add_io(fs_ir, true, IR_SEM_FBFETCH, k, 0xf), 0));
         fs_map[d.name].value = registers(d.type, IR_FILE_INPUT, idx);
         const Decl *coherent = fs.find(FB_FETCH_ID);
         fs_ir->fb_fetch_noncoherent =
            d.name == FB_FETCH_NONCOHERENT_ID && !(coherent && coherent->used);
      } else if (d.storage == EvqFace) {
         int in = add_io(fs_ir, true, IR_SEM_FACE, 0, 1);
         GlobalVar &g = fs_map[d.name];
         g.kind = GlobalVar::FRONT_FACING;
         g.input = (unsigned)std::max(in, 0);
      }
   }

   /* fragment outputs. GL_EXT_blend_func_extended: a shader writes either gl_FragColor and
    * gl_SecondaryFragColorEXT or gl_FragData and gl_SecondaryFragDataEXT (glslang lets
    * the two sets mix). */
   bool color_set = false, data_set = false;
   for (const Decl &d : fs.decls) {
      color_set |= d.used && (d.builtin == EbvFragColor || d.builtin == EbvSecondaryFragColorEXT);
      data_set |= d.used && (d.builtin == EbvFragData || d.builtin == EbvSecondaryFragDataEXT);
   }
   if (color_set && data_set)
      error("the fragment shader writes both (gl_FragColor, gl_SecondaryFragColorEXT) and "
            "(gl_FragData, gl_SecondaryFragDataEXT)");
   for (const Decl &d : fs.decls) {
      if (!d.used)
         continue;
      GlobalVar g;
      g.kind = GlobalVar::OUTPUT;
      g.value.type = d.type;
      if (d.builtin == EbvSecondaryFragColorEXT || d.builtin == EbvSecondaryFragDataEXT) {
         /* one element: MAX_DUAL_SOURCE_DRAW_BUFFERS is 1 */
         g.output = add_io(fs_ir, false, IR_SEM_SECONDARY_COLOR, 0, 0xf);
      } else if (d.storage == EvqVaryingOut && is_user(d) &&
                 user_output_place(d, frag, num_frag).index == 1) {
         g.output = add_io(fs_ir, false, IR_SEM_SECONDARY_COLOR, 0, 0xf);
      } else if (d.storage == EvqFragColor || (d.storage == EvqVaryingOut && is_user(d))) {
         unsigned first = d.storage == EvqVaryingOut ? user_output_place(d, frag, num_frag).location : 0;
         /* gl_FragColor goes to every draw buffer (GL_EXT_draw_buffers), gl_FragData[n] to n */
         if (d.builtin == EbvFragColor)
            fs_ir->color0_writes_all = true;
         for (unsigned k = 0; k < d.type.slots(); k++) {
            int o = add_io(fs_ir, false, IR_SEM_COLOR, first + k, 0xf);
            if (k == 0)
               g.output = o;
         }
      } else if (d.storage == EvqFragDepth) {
         g.output = add_io(fs_ir, false, IR_SEM_DEPTH, 0, 0x4);
         g.output_comp = 2;
      } else {
         continue;
      }
      fs_map[d.name] = g;
   }
}

void Linker::uniform_leaves(const std::string &name, const Type &t, const StageInfo &st,
                            Value &storage, std::vector<ir_uniform> &irs, unsigned &next_const,
                            unsigned &next_sampler)
{
   if (t.is_array() && t.base == Type::STRUCT) {
      for (unsigned k = 0; k < t.array; k++)
         uniform_leaves(name + "[" + std::to_string(k) + "]", t.element(), st, storage, irs,
                        next_const, next_sampler);
      return;
   }
   if (t.is_struct()) {
      for (const Field &f : *t.fields)
         uniform_leaves(name + "." + f.name, f.type, st, storage, irs, next_const, next_sampler);
      return;
   }
   bool sampler = t.element().is_sampler();
   unsigned n = t.slots();
   unsigned &next = sampler ? next_sampler : next_const;
   ir_uniform u;
   memset(&u, 0, sizeof(u));
   copy_name(u.name, sizeof(u.name), name);
   u.type = (uint8_t)ir_uniform_type_of(t.element());
   u.array_size = (uint16_t)t.array;
   u.slot = (uint16_t)next;
   irs.push_back(u);
   std::vector<unsigned> idx;
   for (unsigned k = 0; k < n; k++)
      idx.push_back(next + k);
   Value v = registers(t, sampler ? IR_FILE_SAMPLER : IR_FILE_CONST, idx);
   storage.slots.insert(storage.slots.end(), v.slots.begin(), v.slots.end());

   glsl_uniform_info *info = nullptr;
   auto found = uniform_index.find(name);
   if (found != uniform_index.end())
      info = &uniforms[found->second];
   else {
      glsl_uniform_info ui;
      memset(&ui, 0, sizeof(ui));
      copy_name(ui.name, sizeof(ui.name), name);
      ui.gl_type = gl_type_of(t.element());
      ui.size = t.array ? (int)t.array : 1;
      ui.vs_slot = ui.fs_slot = ui.vs_sampler = ui.fs_sampler = -1;
      uniform_index.emplace(name, uniforms.size());
      uniforms.push_back(ui);
      info = &uniforms.back();
   }
   bool vertex = st.stage == IR_STAGE_VERTEX;
   if (sampler)
      (vertex ? info->vs_sampler : info->fs_sampler) = (int)next;
   else
      (vertex ? info->vs_slot : info->fs_slot) = (int)next;
   next += n;
}

/* Constant vec4s and sampler slots of a type, saturated at SLOT_COUNT_CAP so that the
 * limits can be checked before an array of any declared size is expanded leaf by leaf. */
const uint64_t SLOT_COUNT_CAP = 1ull << 32;

void count_slots(const Type &t, uint64_t &consts, uint64_t &samplers)
{
   uint64_t c = 0, s = 0;
   if (t.is_array()) {
      count_slots(t.element(), c, s);
      c = std::min(c * t.array, SLOT_COUNT_CAP);
      s = std::min(s * t.array, SLOT_COUNT_CAP);
   } else if (t.is_struct()) {
      for (const Field &f : *t.fields)
         count_slots(f.type, c, s);
   } else if (t.is_sampler()) {
      s = 1;
   } else {
      c = t.slots();
   }
   consts = std::min(consts + c, SLOT_COUNT_CAP);
   samplers = std::min(samplers + s, SLOT_COUNT_CAP);
}

void Linker::stage_uniforms(const StageInfo &st, ir_shader *sh, GlobalMap &map, unsigned max_vectors)
{
   const char *stage = st.stage == IR_STAGE_VERTEX ? "vertex" : "fragment";
   unsigned max_samplers = st.stage == IR_STAGE_VERTEX ? MAX_VERTEX_TEXTURE_IMAGE_UNITS
                                                       : MAX_TEXTURE_IMAGE_UNITS;
   uint64_t consts = 0, samplers = 0;
   for (const Decl &d : st.decls)
      if (d.used && d.storage == EvqUniform && is_user(d))
         count_slots(d.type, consts, samplers);
   if (consts > max_vectors)
      error(std::string("too many uniforms in the ") + stage + " shader (" +
            (consts >= SLOT_COUNT_CAP ? std::string("over ") + std::to_string(SLOT_COUNT_CAP)
                                      : std::to_string(consts)) +
            " vec4s, at most " + std::to_string(max_vectors) + ": GL_MAX_" +
            (st.stage == IR_STAGE_VERTEX ? "VERTEX" : "FRAGMENT") + "_UNIFORM_VECTORS)");
   if (samplers > max_samplers)
      error(std::string("too many samplers in the ") + stage + " shader");
   if (!ok)
      return;   /* nothing expanded: every leaf below fits the limits */

   std::vector<ir_uniform> irs;
   unsigned next_const = 0, next_sampler = 0;
   for (const Decl &d : st.decls) {
      if (!d.used || d.storage != EvqUniform || !is_user(d))
         continue;   /* built-in uniforms are hidden state uniforms */
      Value storage;
      storage.type = d.type;
      uniform_leaves(d.name, d.type, st, storage, irs, next_const, next_sampler);
      map[d.name].value = storage;
   }
   /* on top of the advertised limit: kcache reaches far more constants */
   std::string err;
   if (!add_state_uniforms(st, map, next_const, irs, hidden, prog, err))
      error(err);
   sh->num_consts = (uint16_t)next_const;
   sh->num_samplers = (uint16_t)next_sampler;
   if (!irs.empty()) {
      sh->uniforms = (ir_uniform *)calloc(irs.size(), sizeof(ir_uniform));
      if (!sh->uniforms)
         throw std::bad_alloc();
      memcpy(sh->uniforms, irs.data(), irs.size() * sizeof(ir_uniform));
      sh->num_uniforms = (uint16_t)irs.size();
   }
}

}   /* namespace */

bool link_interface(const StageInfo &vs, const StageInfo &fs, bool separable,
                    const glsl_attrib_binding *bindings, unsigned num_bindings,
                    const glsl_frag_binding *frag, unsigned num_frag,
                    ir_shader *vs_ir, ir_shader *fs_ir, glsl_program *prog,
                    GlobalMap &vs_map, GlobalMap &fs_map, std::string &log)
{
   Linker l{ vs, fs, vs_ir, fs_ir, prog, vs_map, fs_map, log, true, separable, {}, {}, {} };
   l.check_sizes();
   if (l.ok)
      l.check_cross_stage();
   if (!l.ok)
      return false;
   l.attributes(bindings, num_bindings);
   if (l.ok)
      l.user_outputs(frag, num_frag);
   if (l.ok)
      l.varyings_and_builtins(frag, num_frag);
   if (l.ok)
      l.stage_uniforms(vs, vs_ir, vs_map, MAX_VERTEX_UNIFORM_VECTORS);
   if (l.ok)
      l.stage_uniforms(fs, fs_ir, fs_map, MAX_FRAGMENT_UNIFORM_VECTORS);
   if (!l.ok)
      return false;
   size_t n = l.uniforms.size() + l.hidden.size();
   if (n) {
      prog->uniforms = (glsl_uniform_info *)calloc(n, sizeof(glsl_uniform_info));
      if (!prog->uniforms)
         throw std::bad_alloc();
      std::copy(l.uniforms.begin(), l.uniforms.end(), prog->uniforms);
      std::copy(l.hidden.begin(), l.hidden.end(), prog->uniforms + l.uniforms.size());
      prog->num_uniforms = (unsigned)l.uniforms.size();
      prog->num_hidden_uniforms = (unsigned)l.hidden.size();
   }
   return true;
}

}
