/* The C interface of the GLSL front end (glsl_frontend.h): compile = parse and check with
 * glslang, keeping the sources and the info log; link = parse both stages again, link
 * them with glslang, lay out the interface and emit the IR of each stage. */
#include "glsl_c_api.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "glsl_emit.h"
#include "glsl_glslang.h"
#include "glsl_interface.h"
#include "glsl_stage_info.h"

using namespace r600glsl;

struct glsl_shader {
   enum ir_stage stage;
   bool ok;
   std::string log;
   std::vector<std::string> sources;
};

extern "C" {

struct glsl_shader *glsl_compile(enum ir_stage stage, const char *const *strings,
                                 const int *lengths, unsigned count)
{
   try {
      auto *s = new glsl_shader;
      s->stage = stage;
      s->ok = false;
      for (unsigned i = 0; i < count; i++) {
         const char *str = strings && strings[i] ? strings[i] : "";
         size_t len = lengths && lengths[i] >= 0 ? (size_t)lengths[i] : strlen(str);
         s->sources.emplace_back(str, len);
      }
      if (stage != IR_STAGE_VERTEX && stage != IR_STAGE_FRAGMENT) {
         s->log = "ERROR: unknown shader stage\n";
         return s;
      }
      run_on_compiler_stack([s] {
         std::lock_guard<std::mutex> lock(glslang_lock());
         parse_stage(s->stage, s->sources, s->ok, s->log);
      });
      return s;
   } catch (const std::bad_alloc &) {
      return nullptr;
   }
}

bool glsl_shader_ok(const struct glsl_shader *s)
{
   return s && s->ok;
}

const char *glsl_shader_log(const struct glsl_shader *s)
{
   return s ? s->log.c_str() : "";
}

void glsl_shader_destroy(struct glsl_shader *s)
{
   delete s;
}

unsigned glsl_shader_num_sources(const struct glsl_shader *s)
{
   return (unsigned)s->sources.size();
}

const char *glsl_shader_source(const struct glsl_shader *s, unsigned i, size_t *length)
{
   *length = s->sources[i].size();
   return s->sources[i].data();
}

void glsl_program_destroy(struct glsl_program *p)
{
   if (!p)
      return;
   free(p->log);
   ir_shader_destroy(p->vs);
   ir_shader_destroy(p->fs);
   free(p->uniforms);
   free(p);
}

}   /* extern "C" */

static bool link_stages(const glsl_shader *vs, const glsl_shader *fs, bool separable,
                        const glsl_attrib_binding *bindings, unsigned num_bindings,
                        const glsl_frag_binding *frag, unsigned num_frag,
                        glsl_program *prog, std::string &log);

/* Does the work of glsl_link; returns false with the reason in log. */
static bool link_program(const glsl_shader *vs, const glsl_shader *fs, bool separable,
                         const glsl_attrib_binding *bindings, unsigned num_bindings,
                         const glsl_frag_binding *frag, unsigned num_frag,
                         glsl_program *prog, std::string &log)
{
   bool need_both = !separable || (!vs && !fs);
   if ((need_both && (!vs || !fs)) || (vs && vs->stage != IR_STAGE_VERTEX) ||
       (fs && fs->stage != IR_STAGE_FRAGMENT)) {
      log += separable ? "ERROR: Linking: a separable program needs a vertex or a fragment shader\n"
                       : "ERROR: Linking: a program needs one vertex and one fragment shader\n";
      return false;
   }
   if ((vs && !vs->ok) || (fs && !fs->ok)) {
      log += "ERROR: Linking: a shader did not compile\n";
      return false;
   }
   bool ok = false;
   run_on_compiler_stack([&] {
      ok = link_stages(vs, fs, separable, bindings, num_bindings, frag, num_frag, prog, log);
   });
   return ok;
}

/* Parses and links one stage alone with glslang and analyses it; false with the log. */
static bool link_one_stage(enum ir_stage stage, const glsl_shader *sh, bool tolerate_unplaced,
                           std::unique_ptr<glslang::TShader> &parsed,
                           std::unique_ptr<glslang::TProgram> &linked, StageInfo &info,
                           std::string &log)
{
   bool ok;
   std::string parse_log;
   parsed = parse_stage(stage, sh->sources, ok, parse_log);
   if (!ok) {
      log += parse_log;
      return false;
   }
   /* Each stage is linked alone: glslang's cross-stage checks are stricter than GLSL ES
    * (uniform precision must only match when both stages use the uniform); ours are in
    * link_interface. */
   linked.reset(new glslang::TProgram);
   linked->addShader(parsed.get());
   bool ok_link = linked->link(EShMsgDefault);
   std::string link_log = linked->getInfoLog();
   /* GL_EXT_blend_func_extended lets glBindFragDataLocationIndexedEXT place GLSL ES 3.00
    * outputs that have no layout(location); glslang does not know it. Its check only flags
    * the stage (the intermediate is complete); link_interface checks the rule with the
    * bindings instead. */
   static const char unplaced[] = "ERROR: Linking fragment stage: when more than one "
                                  "fragment shader output, all must have location "
                                  "qualifiers\n";
   if (!ok_link && tolerate_unplaced && link_log == unplaced) {
      ok_link = true;
      link_log.clear();
   }
   log += link_log;
   if (!ok_link)
      return false;
   std::string err;
   EShLanguage lang = stage == IR_STAGE_VERTEX ? EShLangVertex : EShLangFragment;
   if (!analyze_stage(linked->getIntermediate(lang), stage, info, err)) {
      log += "ERROR: Linking: " + err + "\n";
      return false;
   }
   return true;
}

/* The part of link_program that runs on the compiler stack. A separable program may lack
 * one stage: its interface is laid out against an empty stage and its IR is dropped. */
static bool link_stages(const glsl_shader *vs, const glsl_shader *fs, bool separable,
                        const glsl_attrib_binding *bindings, unsigned num_bindings,
                        const glsl_frag_binding *frag, unsigned num_frag,
                        glsl_program *prog, std::string &log)
{
   std::lock_guard<std::mutex> lock(glslang_lock());
   std::unique_ptr<glslang::TShader> vsh, fsh;
   std::unique_ptr<glslang::TProgram> vprog, fprog;
   {
      StageInfo vi, fi;
      vi.stage = IR_STAGE_VERTEX;
      fi.stage = IR_STAGE_FRAGMENT;
      if (vs && !link_one_stage(IR_STAGE_VERTEX, vs, false, vsh, vprog, vi, log))
         return false;
      if (fs && !link_one_stage(IR_STAGE_FRAGMENT, fs, num_frag > 0, fsh, fprog, fi, log))
         return false;
      if (!vs)
         vi.version = fi.version;
      if (!fs)
         fi.version = vi.version;
      if (vi.version != fi.version) {
         log += "ERROR: Linking: the shaders use different GLSL ES versions\n";
         return false;
      }
      prog->vs = ir_shader_create(IR_STAGE_VERTEX);
      prog->fs = ir_shader_create(IR_STAGE_FRAGMENT);
      if (!prog->vs || !prog->fs)
         throw std::bad_alloc();
      GlobalMap vs_map, fs_map;
      if (!link_interface(vi, fi, separable, bindings, num_bindings, frag, num_frag, prog->vs,
                          prog->fs, prog, vs_map, fs_map, log))
         return false;
      try {
         if (vs)
            Emitter(prog->vs, vi, vs_map).run();
         if (fs)
            Emitter(prog->fs, fi, fs_map).run();
      } catch (const EmitError &e) {
         log += std::string("ERROR: Linking: ") + e.what() + "\n";
         return false;
      }
   }
   ir_shader **missing = !vs ? &prog->vs : !fs ? &prog->fs : nullptr;
   if (missing) {
      ir_shader_destroy(*missing);
      *missing = nullptr;
   }
   for (const ir_shader *sh : { prog->vs, prog->fs }) {
      if (!sh)
         continue;
      if (const char *why = ir_validate(sh)) {
         log += std::string("ERROR: Linking: internal: invalid IR: ") + why + "\n";
         return false;
      }
   }
   return true;
}

static struct glsl_program *link(const struct glsl_shader *vs, const struct glsl_shader *fs,
                                 bool separable, const struct glsl_attrib_binding *bindings,
                                 unsigned num_bindings, const struct glsl_frag_binding *frag,
                                 unsigned num_frag);

extern "C" struct glsl_program *glsl_link(const struct glsl_shader *vs, const struct glsl_shader *fs,
                                          const struct glsl_attrib_binding *bindings,
                                          unsigned num_bindings)
{
   return glsl_link_frag(vs, fs, bindings, num_bindings, nullptr, 0);
}

extern "C" struct glsl_program *glsl_link_frag(const struct glsl_shader *vs,
                                               const struct glsl_shader *fs,
                                               const struct glsl_attrib_binding *bindings,
                                               unsigned num_bindings,
                                               const struct glsl_frag_binding *frag,
                                               unsigned num_frag)
{
   return link(vs, fs, false, bindings, num_bindings, frag, num_frag);
}

extern "C" struct glsl_program *glsl_link_separable(const struct glsl_shader *vs,
                                                    const struct glsl_shader *fs,
                                                    const struct glsl_attrib_binding *bindings,
                                                    unsigned num_bindings,
                                                    const struct glsl_frag_binding *frag,
                                                    unsigned num_frag)
{
   return link(vs, fs, true, bindings, num_bindings, frag, num_frag);
}

static struct glsl_program *link(const struct glsl_shader *vs, const struct glsl_shader *fs,
                                 bool separable, const struct glsl_attrib_binding *bindings,
                                 unsigned num_bindings, const struct glsl_frag_binding *frag,
                                 unsigned num_frag)
{
   glsl_program *prog = (glsl_program *)calloc(1, sizeof(glsl_program));
   if (!prog)
      return nullptr;
   prog->fs_wpos_slot = prog->vs_depth_range_slot = prog->fs_depth_range_slot = -1;
   std::string log;
   try {
      prog->ok = link_program(vs, fs, separable, bindings, num_bindings, frag, num_frag, prog, log);
   } catch (const std::bad_alloc &) {
      prog->ok = false;
      log += "ERROR: Linking: out of memory\n";
   }
   if (!prog->ok) {
      /* a failed program keeps only its log */
      ir_shader_destroy(prog->vs);
      ir_shader_destroy(prog->fs);
      free(prog->uniforms);
      prog->vs = prog->fs = nullptr;
      prog->uniforms = nullptr;
      prog->num_uniforms = prog->num_hidden_uniforms = prog->num_attribs = prog->num_vs_inputs = 0;
      prog->num_frag_outputs = 0;
      prog->fs_wpos_slot = prog->vs_depth_range_slot = prog->fs_depth_range_slot = -1;
   }
   prog->log = strdup(log.c_str());
   if (!prog->log) {
      glsl_program_destroy(prog);
      return nullptr;
   }
   return prog;
}
