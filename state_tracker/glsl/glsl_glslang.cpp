/* glslang initialisation, resource limits and parsing of one shader stage. */
#include "glsl_glslang.h"

#include <cctype>
#include <exception>

#include <pthread.h>

#include "glsl_clip_distance.h"
#include "glsl_depth.h"
#include "glsl_draw_instanced.h"
#include "glsl_fb_fetch.h"
#include "glsl_es100_rewrite.h"
#include "glsl_es100_rules.h"
#include "glsl_ext_macros.h"
#include "glsl_es100_location.h"
#include "glsl_ext_shim.h"

#include <glslang/Include/intermediate.h>
#include <glslang/MachineIndependent/localintermediate.h>
#include <glslang/Public/ResourceLimits.h>

namespace r600glsl {

std::mutex &glslang_lock()
{
   static std::mutex m;
   return m;
}

static const TBuiltInResource *resources()
{
   static TBuiltInResource res;
   static std::once_flag once;
   std::call_once(once, [] {
      glslang::InitializeProcess();
      res = *GetDefaultResources();
      res.maxVertexAttribs = MAX_VERTEX_ATTRIBS;
      res.maxVertexUniformVectors = MAX_VERTEX_UNIFORM_VECTORS;
      res.maxVertexUniformComponents = MAX_VERTEX_UNIFORM_VECTORS * 4;
      res.maxFragmentUniformVectors = MAX_FRAGMENT_UNIFORM_VECTORS;
      res.maxFragmentUniformComponents = MAX_FRAGMENT_UNIFORM_VECTORS * 4;
      res.maxVaryingVectors = MAX_VARYING_VECTORS;
      res.maxVaryingFloats = MAX_VARYING_VECTORS * 4;
      res.maxVaryingComponents = MAX_VARYING_VECTORS * 4;
      res.maxVertexOutputVectors = MAX_VARYING_VECTORS;
      res.maxFragmentInputVectors = MAX_VARYING_VECTORS;
      res.maxTextureImageUnits = MAX_TEXTURE_IMAGE_UNITS;
      res.maxVertexTextureImageUnits = MAX_VERTEX_TEXTURE_IMAGE_UNITS;
      res.maxCombinedTextureImageUnits = MAX_COMBINED_TEXTURE_IMAGE_UNITS;
      res.maxDrawBuffers = MAX_DRAW_BUFFERS;
      res.maxDualSourceDrawBuffersEXT = MAX_DUAL_SOURCE_DRAW_BUFFERS;
      /* Appendix A of GLSL ES 1.00 lets implementations lift its restrictions; our IR has
       * general loops and relative addressing, so we accept the general forms. */
      res.limits.nonInductiveForLoops = true;
      res.limits.whileLoops = true;
      res.limits.doWhileLoops = true;
      res.limits.generalUniformIndexing = true;
      res.limits.generalAttributeMatrixVectorIndexing = true;
      res.limits.generalVaryingIndexing = true;
      res.limits.generalSamplerIndexing = true;
      res.limits.generalVariableIndexing = true;
      res.limits.generalConstantMatrixVectorIndexing = true;
   });
   return &res;
}

const char *const SUPPORTED_EXTENSIONS[] = { "GL_OES_standard_derivatives", "GL_EXT_frag_depth",
                                              "GL_EXT_draw_instanced",
                                              "GL_EXT_blend_func_extended",
                                              "GL_EXT_shader_texture_lod",
                                              "GL_EXT_draw_buffers",
                                              "GL_OES_EGL_image_external",
                                              "GL_APPLE_clip_distance",
                                              "GL_EXT_separate_shader_objects",
                                              "GL_EXT_shader_framebuffer_fetch",
                                              "GL_EXT_shader_framebuffer_fetch_non_coherent",
                                              nullptr };

/* GLSL ES 1.00 4.6.4: "It is an error to declare gl_FrontFacing as invariant." glslang
 * accepts it and leaves no trace in the AST when the variable is unused, so look at the
 * token stream (comments removed) for "invariant gl_FrontFacing". Returns the line or 0. */
static int invariant_front_facing_line(const std::vector<std::string> &sources)
{
   std::string text;
   for (const std::string &s : sources)
      text += s + "\n";
   std::vector<std::string> words;
   std::vector<int> lines;
   int line = 1;
   size_t i = 0;
   while (i < text.size()) {
      char c = text[i];
      if (c == '\n') {
         line++;
         i++;
      } else if (text.compare(i, 2, "//") == 0) {
         while (i < text.size() && text[i] != '\n')
            i++;
      } else if (text.compare(i, 2, "/*") == 0) {
         size_t e = text.find("*/", i + 2);
         e = e == std::string::npos ? text.size() : e + 2;
         for (size_t k = i; k < e; k++)
            line += text[k] == '\n';
         i = e;
      } else if (isalnum((unsigned char)c) || c == '_') {
         size_t b = i;
         while (i < text.size() && (isalnum((unsigned char)text[i]) || text[i] == '_'))
            i++;
         words.push_back(text.substr(b, i - b));
         lines.push_back(line);
      } else {
         if (!isspace((unsigned char)c))
            words.push_back(std::string(1, c)), lines.push_back(line);
         i++;
      }
   }
   for (size_t w = 0; w + 1 < words.size(); w++)
      if (words[w] == "invariant" && words[w + 1] == "gl_FrontFacing")
         return lines[w];
   return 0;
}

EShLanguage glslang_stage(enum ir_stage stage)
{
   return stage == IR_STAGE_VERTEX ? EShLangVertex : EShLangFragment;
}

void run_on_compiler_stack(const std::function<void()> &fn)
{
   struct Job {
      const std::function<void()> *fn;
      std::exception_ptr error;
   } job{ &fn, nullptr };
   auto body = [](void *arg) -> void * {
      Job *j = (Job *)arg;
      try {
         (*j->fn)();
      } catch (...) {
         j->error = std::current_exception();
      }
      return nullptr;
   };
   pthread_attr_t attr;
   pthread_t thread;
   if (pthread_attr_init(&attr))
      throw std::bad_alloc();
   int err = pthread_attr_setstacksize(&attr, COMPILER_STACK_SIZE);
   if (!err)
      err = pthread_create(&thread, &attr, body, &job);
   pthread_attr_destroy(&attr);
   if (err)
      throw std::bad_alloc();
   pthread_join(thread, nullptr);
   if (job.error)
      std::rethrow_exception(job.error);
}

/* The preamble of every shader of the stage. glslang expands __VERSION__ but "defined
 * __VERSION__" is false unless it is a macro; a self-referencing macro keeps the built-in
 * expansion. */
static const std::string &stage_preamble(enum ir_stage stage)
{
   static const std::string preambles[2] = {
      "#define __VERSION__ __VERSION__\n" + extension_macro_preamble() +
         draw_instanced_preamble(IR_STAGE_VERTEX),
      "#define __VERSION__ __VERSION__\n" + extension_macro_preamble() +
         draw_instanced_preamble(IR_STAGE_FRAGMENT) + fb_fetch_preamble(IR_STAGE_FRAGMENT),
   };
   return preambles[stage == IR_STAGE_VERTEX ? 0 : 1];
}

/* The sources as glslang takes them: it keeps the pointers until it has parsed. */
struct SourceList {
   std::vector<const char *> strs;
   std::vector<int> lens;
   std::string preamble;   /* the stage's, then the lines this shader needs */
   SourceList(const std::vector<std::string> &sources, enum ir_stage stage)
      : preamble(stage_preamble(stage) + clip_distance_preamble(sources, stage))
   {
      for (const std::string &s : sources) {
         strs.push_back(s.data());
         lens.push_back((int)s.size());
      }
   }
};

static void set_sources(glslang::TShader &shader, enum ir_stage stage, const SourceList &src)
{
   shader.setStringsWithLengths(src.strs.data(), src.lens.data(), (int)src.strs.size());
   shader.setPreamble(src.preamble.c_str());
   shader.setEnvInput(glslang::EShSourceGlsl, glslang_stage(stage), glslang::EShClientNone, 0);
}

/* The size of the sources after macro expansion (0 if they do not preprocess): it bounds the
 * depth of glslang's recursive walks of the tree. Without macro definitions (or line
 * continuations, which could hide one) the sources' own size bounds it as well, and the
 * preprocessor, which costs as much as the parse, need not run. */
static size_t preprocessed_size(enum ir_stage stage, const std::vector<std::string> &sources,
                                const SourceList &src)
{
   size_t size = 0;
   bool macros = false;
   for (const std::string &s : sources) {
      size += s.size();
      macros = macros || s.find("define") != std::string::npos || s.find('\\') != std::string::npos;
   }
   if (!macros && size <= MAX_PREPROCESSED_SIZE)
      return size;
   glslang::TShader shader(glslang_stage(stage));
   set_sources(shader, stage, src);
   glslang::TShader::ForbidIncluder includer;
   std::string out;
   if (!shader.preprocess(resources(), 100, EEsProfile, false, false, EShMsgDefault, &out, includer))
      return 0;
   return out.size();
}

std::unique_ptr<glslang::TShader> parse_stage(enum ir_stage stage,
                                              const std::vector<std::string> &original,
                                              bool &ok, std::string &log)
{
   const TBuiltInResource *res = resources();
   auto shader = std::make_unique<glslang::TShader>(glslang_stage(stage));
   /* extension directives glslang does not know become definitions or blanks first; then
    * every GL_ name the driver does not expose is hidden */
   std::map<std::string, int> locations;
   const std::vector<std::string> sources = hide_unexposed_macros(fb_fetch_directives(
      clip_distance_directives(
         draw_instanced_directives(
            hide_shim_extensions(take_es100_locations(original, locations)), stage),
         stage),
      stage));
   SourceList src(sources, stage);
   size_t size = preprocessed_size(stage, sources, src);
   if (size > MAX_PREPROCESSED_SIZE) {
      ok = false;
      log = "ERROR: 0:0: '' : shader too large: " + std::to_string(size) +
            " bytes after macro expansion, at most " + std::to_string(MAX_PREPROCESSED_SIZE) + "\n";
      return shader;
   }
   set_sources(*shader, stage, src);
   ok = shader->parse(res, 100, EEsProfile, false, false, EShMsgDefault);
   log = restore_names(shader->getInfoLog());
   if (!ok && shader->getIntermediate()->getVersion() == 100) {
      /* forms of ES 1.00 that glslang takes for later versions' rules (glsl_es100_rewrite.h):
       * glslang stops at the first of them, so the errors the rewritten sources still have
       * (on the same lines) are the ones to report */
      bool changed;
      std::vector<std::string> rewritten = es100_rewrite(sources, changed);
      SourceList src2(rewritten, stage);
      if (changed && preprocessed_size(stage, rewritten, src2) <= MAX_PREPROCESSED_SIZE) {
         auto again = std::make_unique<glslang::TShader>(glslang_stage(stage));
         set_sources(*again, stage, src2);
         ok = again->parse(res, 100, EEsProfile, false, false, EShMsgDefault);
         shader = std::move(again);
         log = restore_names(shader->getInfoLog());
      }
   }
   if (ok) {
      glslang::TIntermediate *im = shader->getIntermediate();
      if (im->getVersion() == 100 && check_return_precisions(im->getTreeRoot(), log))
         ok = false;
      if (!check_clip_distance(im, clip_distance_implicit(sources, stage), log))
         ok = false;
      if (!apply_es100_locations(im, locations, log))
         ok = false;
      if (im->getProfile() != EEsProfile || (im->getVersion() != 100 && im->getVersion() != 300)) {
         log += "ERROR: 0:1: '#version' : only GLSL ES 1.00 and 3.00 es are supported\n";
         ok = false;
      }
      if (int l = stage == IR_STAGE_FRAGMENT ? invariant_front_facing_line(sources) : 0) {
         log += "ERROR: 0:" + std::to_string(l) + ": 'invariant' : gl_FrontFacing cannot be declared invariant\n";
         ok = false;
      }
      /* the bridge's walks recurse: bound them before any of them runs */
      unsigned depth = ast_depth(im->getTreeRoot());
      if (depth > MAX_AST_DEPTH) {
         log += "ERROR: 0:0: '' : expressions and calls nest too deeply (" +
                std::to_string(depth) + " levels, at most " + std::to_string(MAX_AST_DEPTH) + ")\n";
         ok = false;
      }
      /* glslang knows more extensions than the driver implements; the sources name the
       * others as extensions it does not know (glsl_ext_macros.h), so this only guards
       * against a form that rename misses */
      for (const std::string &ext : im->getRequestedExtensions()) {
         bool supported = false;
         for (const char *const *e = SUPPORTED_EXTENSIONS; *e; e++)
            supported = supported || ext == *e;
         if (!supported) {
            log += "ERROR: 0:0: '#extension' : extension not supported: " + ext + "\n";
            ok = false;
         }
      }
   }
   log = clip_distance_names(log);
   return shader;
}

}
