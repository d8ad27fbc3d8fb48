/* The GL_EXTENSIONS string: one extension a line, each exposed only when its entry points,
 * enums and behaviour are implemented (piglit and applications trust this list). The file
 * holds nothing else: .gitattributes merges it line by line. */
#include "gl_extensions.h"

const char gl_extensions_string[] =
   "GL_OES_element_index_uint "
   "GL_OES_standard_derivatives "
   "GL_EXT_frag_depth "
   "GL_EXT_robustness "
   "GL_KHR_robustness "
   "GL_OES_depth24 "
   "GL_OES_texture_float "
   "GL_OES_texture_half_float "
   "GL_OES_texture_float_linear "
   "GL_OES_texture_half_float_linear "
   "GL_EXT_texture_format_BGRA8888 "
   "GL_EXT_texture_type_2_10_10_10_REV "
   "GL_OES_depth_texture "
   "GL_OES_packed_depth_stencil "
   "GL_EXT_texture_compression_s3tc "
   "GL_EXT_texture_compression_dxt1 "
   "GL_OES_compressed_ETC1_RGB8_texture "
   "GL_OES_fbo_render_mipmap "
   "GL_EXT_unpack_subimage "
   "";
