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
   "GL_EXT_occlusion_query_boolean "
   "GL_EXT_disjoint_timer_query "
   "GL_EXT_read_format_bgra "
   "GL_KHR_debug "
   "GL_OES_get_program_binary "
   "";
