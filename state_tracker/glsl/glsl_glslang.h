/* The glslang side of the front end: one-time initialisation, the resource limits our driver
 * advertises (they size glslang's built-in constants and arrays), and parsing of one stage. */
#ifndef GLSL_GLSLANG_H
#define GLSL_GLSLANG_H

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <glslang/Public/ShaderLang.h>

#include "glsl_c_api.h"

namespace r600glsl {

/* The limits the linker enforces and glslang's gl_Max* constants report; they must equal
 * what the GLES layer answers for GL_MAX_* (the driver's caps). */
enum : unsigned {
   MAX_VERTEX_ATTRIBS = 16,
   MAX_VERTEX_UNIFORM_VECTORS = 256,
   MAX_FRAGMENT_UNIFORM_VECTORS = 256,
   MAX_VARYING_VECTORS = 16,
   MAX_TEXTURE_IMAGE_UNITS = 16,
   MAX_VERTEX_TEXTURE_IMAGE_UNITS = 16,
   MAX_COMBINED_TEXTURE_IMAGE_UNITS = 16,
   MAX_DRAW_BUFFERS = 4,   /* GL_EXT_draw_buffers; gl_fbo.h GL_FB_MAX_COLOR */
   MAX_DUAL_SOURCE_DRAW_BUFFERS = 1,   /* GL_EXT_blend_func_extended */
};

/* Shader extensions (#extension) the front end and driver implement; NULL-terminated. */
extern const char *const SUPPORTED_EXTENSIONS[];

/* glslang keeps process-wide state (symbol tables of built-ins); every parse and link holds
 * this lock. */
std::mutex &glslang_lock();

/* glslang's walks of its tree recurse, about 250 bytes of stack a level (more in sanitizer
 * builds), and a sum of n terms is n levels deep: every parse runs on a thread with a stack
 * that holds the deepest tree a shader of MAX_PREPROCESSED_SIZE bytes (after macro
 * expansion, at least 2 bytes a level) can give, with room to spare. Larger shaders fail to
 * compile before glslang parses them. The stack is only reserved address space until used. */
const size_t MAX_PREPROCESSED_SIZE = 512 * 1024;
const size_t COMPILER_STACK_SIZE = 256u << 20;

/* Runs fn on a thread with a COMPILER_STACK_SIZE stack and waits for it; rethrows what fn
 * throws (std::bad_alloc if the thread cannot be made). */
void run_on_compiler_stack(const std::function<void()> &fn);

/* Parses one stage (caller holds glslang_lock, on the compiler stack). Returns the shader even on failure so that
 * its info log can be read; ok tells whether it compiled and is a supported GLSL ES
 * version. log receives glslang's info log plus our own version error, if any. */
std::unique_ptr<glslang::TShader> parse_stage(enum ir_stage stage,
                                              const std::vector<std::string> &sources,
                                              bool &ok, std::string &log);

EShLanguage glslang_stage(enum ir_stage stage);

}

#endif
