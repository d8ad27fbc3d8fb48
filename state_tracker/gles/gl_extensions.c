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
   "GL_OES_vertex_array_object "
   "GL_OES_mapbuffer "
   "GL_EXT_map_buffer_range "
   "GL_OES_vertex_half_float "
   "GL_OES_draw_elements_base_vertex "
   "GL_EXT_instanced_arrays "
   "GL_EXT_draw_instanced "
   "GL_EXT_polygon_offset_clamp "
   "GL_EXT_multi_draw_arrays "
   "GL_EXT_blend_func_extended "
   "GL_EXT_discard_framebuffer "
   "GL_EXT_draw_buffers "
   "GL_OES_fbo_render_mipmap "
   "GL_EXT_unpack_subimage "
   "";
