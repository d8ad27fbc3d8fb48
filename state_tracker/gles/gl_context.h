/* The GLES 2.0 context: every piece of GL state a context keeps, the objects of a share
 * group, and the helpers every entry point uses (current context, GL errors).
 *
 * struct st_context (opaque in st_api.h) IS the GL context. Include this header first in
 * every file of the GLES layer: it makes the gl2.h prototypes exported.
 */
#ifndef GL_CONTEXT_H
#define GL_CONTEXT_H

/* Our definitions of the gl2.h functions are the library's exports. */
#define GL_APICALL __attribute__((visibility("default")))
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "gl_cso_cache.h"
#include "gl_names.h"

#define GL_MAX_ATTRIBS PIPE_MAX_ATTRIBS
#define GL_MAX_TEXTURE_UNITS 32        /* bound of the driver's PIPE_CAP_MAX_TEXTURE_UNITS */
#define GL_MAX_CLIP_DISTANCES 8        /* GL_APPLE_clip_distance's planes (PIPE_CAP_MAX_CLIP_DISTANCES) */

struct glsl_shader;
struct glsl_program;
struct st_framebuffer;
struct gl_texture;
struct gl_framebuffer;
struct gl_renderbuffer;
struct gl_query;
struct gl_debug;

/* ---- shared objects (refcounted: a name can be deleted while still in use) ---- */

struct gl_buffer {
   GLuint name;
   _Atomic int refcount;          /* the name table's reference + each binding */
   struct pipe_resource *res;     /* the only storage; NULL while the size is 0 */
   GLsizeiptr size;
   GLenum usage;
   /* A mapping (gl_buffer_map.c): glMapBufferOES / glMapBufferRangeEXT until the unmap. */
   struct pipe_transfer *map_xfer;   /* NULL for a mapping of 0 bytes */
   void *map_pointer;                /* NULL while not mapped */
   GLbitfield map_access;            /* GL_MAP_*_BIT_EXT */
   GLintptr map_offset;
   GLsizeiptr map_length;
};

enum gl_object_kind { GL_OBJECT_SHADER = 1, GL_OBJECT_PROGRAM = 2 };

struct gl_shader {
   enum gl_object_kind kind;      /* first member: shaders and programs share names */
   GLuint name;
   GLenum type;                   /* GL_VERTEX_SHADER / GL_FRAGMENT_SHADER */
   int attach_count;              /* programs it is attached to */
   bool delete_pending;
   char *source;                  /* NULL until glShaderSource */
   struct glsl_shader *compiled;  /* last glCompileShader */
};

/* One location of glGetUniformLocation: element `element` of uniform `uniform`. */
struct gl_uniform_location { unsigned uniform, element; };

/* A pipe_context's compiled shaders for an executable. */
struct gl_exe_variant {
   struct st_context *owner;
   void *vs, *fs;
};

/* The executable of a successful link: what draws use and where uniforms live. */
struct gl_exe {
   struct glsl_program *glsl;
   float *consts[PIPE_SHADER_TYPES];      /* num_consts[s] vec4 slots per stage */
   unsigned num_consts[PIPE_SHADER_TYPES];
   int *sampler_units;                    /* per location: texture unit (samplers only) */
   unsigned id;                           /* unique per executable in the process */
   unsigned serial;                       /* bumped by every uniform write */
   unsigned num_locations;
   struct gl_uniform_location *locations;
   unsigned *first_location;              /* per uniform */
   unsigned num_variants, max_variants;
   struct gl_exe_variant *variants;
   struct gl_exe *next_live;              /* the share group's list of executables */
   /* From a program binary (glsl has no IR): each stage's get_shader_binary bytes */
   void *blob[PIPE_SHADER_TYPES];
   size_t blob_size[PIPE_SHADER_TYPES];
};

struct gl_attrib_binding { char *name; GLuint index; };
/* glBindFragDataLocationIndexedEXT (gl_frag_data.c) */
struct gl_frag_binding { char *name; GLuint location, index; };

struct gl_program {
   enum gl_object_kind kind;
   GLuint name;
   int use_count;                 /* contexts whose current program this is */
   bool delete_pending;
   struct gl_shader *shaders[2];  /* attached: at most one of each type */
   unsigned num_bindings;
   struct gl_attrib_binding *bindings;
   unsigned num_frag_bindings;
   struct gl_frag_binding *frag_bindings;
   bool link_status, validate_status;
   char *info_log;                /* never NULL */
   struct gl_exe *exe;            /* last successful link (kept when a relink fails) */
};

struct gl_shared {
   int refcount;
   atomic_uint resets;               /* device resets a context of the group was told of */
   pthread_mutex_t lock;
   struct gl_names buffers;
   struct gl_names shader_programs;  /* values: struct gl_shader * or struct gl_program * */
   struct gl_names textures;
   struct gl_names renderbuffers;    /* gl_fbo.h */
   struct gl_exe *live_exes;
};

/* ---- per-context state ---- */

struct gl_attrib_array {
   bool enabled;
   GLint size;
   GLenum type;
   GLboolean normalized;
   GLsizei stride;                /* as given (0 = tightly packed) */
   const void *pointer;           /* client pointer or offset into buffer */
   struct gl_buffer *buffer;      /* referenced; NULL = client memory */
   GLuint divisor;                /* GL_EXT_instanced_arrays: 0 = per vertex */
};

/* A vertex array object (GL_OES_vertex_array_object, gl_vao.c): the arrays and the element
 * buffer binding. Per context; object 0 is the context's default_vao. */
struct gl_vao {
   GLuint name;
   bool ever_bound;               /* glIsVertexArrayOES is true from the first bind on */
   struct gl_attrib_array attribs[GL_MAX_ATTRIBS];
   struct gl_buffer *element_array_buffer;   /* referenced */
};

/* Dirty bits: what must be re-sent to the pipe before the next draw. */
enum {
   ST_DIRTY_FRAMEBUFFER = 1u << 0,
   ST_DIRTY_VIEWPORT    = 1u << 1,
   ST_DIRTY_SCISSOR     = 1u << 2,
   ST_DIRTY_RASTERIZER  = 1u << 3,
   ST_DIRTY_BLEND       = 1u << 4,
   ST_DIRTY_BLEND_COLOR = 1u << 5,
   ST_DIRTY_DSA         = 1u << 6,
   ST_DIRTY_STENCIL_REF = 1u << 7,
   ST_DIRTY_SHADERS     = 1u << 8,
   ST_DIRTY_CONSTANTS   = 1u << 9,
   ST_DIRTY_ALL         = (1u << 10) - 1,
};

struct gl_stencil_face {
   GLenum func;
   GLint ref;
   GLuint value_mask, write_mask;
   GLenum fail, zfail, zpass;
};

struct gl_garbage { int kind; void *handle; };   /* kind: PIPE_SHADER_VERTEX/FRAGMENT */

struct st_context {
   struct pipe_context *pipe;
   struct gl_shared *shared;
   GLenum error;
   struct pipe_fence_handle *swap_fence;  /* the last eglSwapBuffers' frame (st_context.c) */

   /* drawables */
   struct st_framebuffer *draw, *read;
   struct pipe_surface *draw_cbuf, *draw_zsbuf;
   bool viewport_initialized;
   struct gl_names framebuffers;         /* framebuffer objects are per context (gl_fbo.h) */
   struct gl_framebuffer *fbo;           /* bound; NULL = the EGL surface */
   bool default_draw_none;               /* glDrawBuffersEXT(1, {NONE}) on the EGL surface */
   struct gl_renderbuffer *renderbuffer; /* bound (referenced) */

   /* objects */
   struct gl_program *program;           /* current (use_count held) */
   struct gl_buffer *array_buffer;
   struct gl_vao *vao;                   /* bound: &default_vao or one of vaos */
   struct gl_vao default_vao;
   struct gl_names vaos;                 /* vertex array objects are per context */
   float current_attrib[GL_MAX_ATTRIBS][4];
   unsigned max_attribs;
   unsigned active_texture;              /* unit index (GL_TEXTURE0 + it) */
   /* 2D, cube, external (GL_TEXTURE_INDEX_*); NULL = default */
   struct gl_texture *texture_units[GL_MAX_TEXTURE_UNITS][3];
   struct gl_texture *default_textures[3];
   struct pipe_resource *black_textures[2];   /* (0,0,0,1): what incomplete textures sample */

   /* fixed-function state */
   GLint viewport[4], scissor[4];
   GLfloat depth_range[2];
   bool cull_enabled, blend_enabled, depth_test, stencil_test, scissor_test, dither;
   bool polygon_offset_fill, sample_alpha_to_coverage, sample_coverage;
   bool clip_distance[GL_MAX_CLIP_DISTANCES];   /* GL_CLIP_DISTANCEi_APPLE */
   GLenum cull_mode, front_face;
   GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
   GLenum blend_eq_rgb, blend_eq_alpha;
   GLfloat blend_color[4];
   GLboolean color_mask[4];
   GLenum depth_func;
   GLboolean depth_mask;
   struct gl_stencil_face stencil[2];    /* [0] front, [1] back */
   GLfloat clear_color[4], clear_depth;
   GLint clear_stencil;
   GLfloat line_width, polygon_offset_factor, polygon_offset_units;
   GLfloat polygon_offset_clamp;         /* GL_EXT_polygon_offset_clamp */
   GLfloat sample_coverage_value;
   GLboolean sample_coverage_invert;
   GLenum generate_mipmap_hint;
   GLenum derivative_hint;               /* GL_OES_standard_derivatives */
   GLint pack_alignment, unpack_alignment;
   GLint unpack_row_length, unpack_skip_rows, unpack_skip_pixels;   /* GL_EXT_unpack_subimage */

   /* what was last handed to the pipe */
   unsigned dirty;
   struct gl_cso_cache blend_cache, dsa_cache, rast_cache, ve_cache;
   void *bound_vs, *bound_fs, *bound_ve, *bound_blend, *bound_dsa, *bound_rast;
   unsigned consts_exe_id;               /* executable whose uniforms were uploaded */
   unsigned consts_serial;
   struct {
      void *vs, *fs;                     /* glClear through a draw (masks, scissor) */
      bool tried;
   } clear_shaders;

   /* robustness (gl_robustness.c): EGL_EXT_create_context_robustness's choices, and a
    * context lost to a reset: every GL call but glGetError and glGetGraphicsResetStatus*
    * then only raises GL_CONTEXT_LOST_KHR */
   bool robust_access;
   bool lose_on_reset;                   /* else NO_RESET_NOTIFICATION */
   bool lost;
   unsigned resets_seen;                 /* shared->resets when this context last looked */

   /* query objects (gl_query.c; per context in ES): names, the active occlusion
    * (ANY_SAMPLES_PASSED or _CONSERVATIVE) and TIME_ELAPSED queries */
   struct gl_names queries;
   struct gl_query *occlusion_query, *timer_query;

   /* KHR_debug (gl_debug.c): the DEBUG_OUTPUT and DEBUG_OUTPUT_SYNCHRONOUS caps, the rest
    * (log, groups, callback) made at first use */
   bool debug_output, debug_output_sync;
   struct gl_debug *debug;

   /* handles other threads released that only this context's pipe may delete */
   pthread_mutex_t garbage_lock;
   unsigned num_garbage, max_garbage;
   struct gl_garbage *garbage;
};

/* The calling thread's current context (NULL: GL calls are ignored). */
extern __thread struct st_context *st_current_context;

/* The current context, or return (no context, or one lost to a reset: GL_CONTEXT_LOST_KHR). */
#define GET_CONTEXT_OR_RETURN(...)                                         \
   struct st_context *ctx = st_current_context;                            \
   if (!ctx || (ctx->lost && gl_context_lost_error(ctx, __func__)))        \
      return __VA_ARGS__

/* Records err if no error is pending (GL errors are sticky until glGetError). */
void gl_error_at(struct st_context *ctx, GLenum err, const char *func);
#define gl_error(ctx, err) gl_error_at(ctx, err, __func__)
/* Raises GL_CONTEXT_LOST_KHR for func on a lost context; returns true (gl_robustness.c). */
bool gl_context_lost_error(struct st_context *ctx, const char *func);

/* Bytes per pixel glReadPixels writes for format/type, 0 for a pair it refuses
 * (gl_readpixels.c). */
unsigned gl_read_pixel_bytes(GLenum format, GLenum type);
/* GL_IMPLEMENTATION_COLOR_READ_FORMAT: RED_EXT / RG_EXT for a complete framebuffer object
 * reading an R / RG image, else RGBA. */
GLenum gl_read_color_format(const struct st_context *ctx);

/* Framebuffer facts used by draws, clears and glGet. */
bool gl_have_draw_buffer(const struct st_context *ctx);
unsigned gl_draw_height(const struct st_context *ctx);
int gl_draw_bits(const struct st_context *ctx, GLenum pname);
/* MAX_COMBINED_TEXTURE_IMAGE_UNITS (the range of sampler uniform values). */
int gl_max_texture_units(const struct st_context *ctx);
/* The name bound to the active unit's 2D (cube false) or cube map target. */
GLuint gl_texture_binding(const struct st_context *ctx, unsigned target_index);

/* Deletes pipe objects queued for this context (see gl_exe_destroy). */
void gl_collect_garbage(struct st_context *ctx);

/* Objects (gl_objects.h has the rest) */
struct gl_buffer *gl_buffer_ref(struct gl_buffer *buf);
void gl_buffer_unref(struct st_context *ctx, struct gl_buffer *buf);
/* The binding point of target (ARRAY_BUFFER, ELEMENT_ARRAY_BUFFER), or NULL with
 * INVALID_ENUM raised for func. */
struct gl_buffer **gl_buffer_binding(struct st_context *ctx, GLenum target, const char *func);
/* New storage of size > 0 bytes for a buffer object (contents undefined); NULL when out of
 * memory. */
struct pipe_resource *gl_buffer_storage(struct st_context *ctx, uint32_t size);
/* Ends buf's mapping, if any (gl_buffer_map.c). */
void gl_buffer_unmap(struct st_context *ctx, struct gl_buffer *buf);
/* True when a buffer the next draw reads (an enabled array of the bound vertex array
 * object, or its element buffer when elements is set) is mapped. */
bool gl_draw_reads_mapped_buffer(const struct st_context *ctx, bool elements);
/* Vertex array objects: set up the default one / release all of them (gl_vao.c). */
void gl_vao_init(struct st_context *ctx);
void gl_vao_fini(struct st_context *ctx);
/* Maps bytes [offset, offset + size) of buf for reading through the driver (size > 0, the
 * range inside the buffer); NULL when the driver cannot map it. Unmap with
 * ctx->pipe->transfer_unmap(ctx->pipe, *xfer). */
const uint8_t *gl_buffer_map_read(struct st_context *ctx, struct gl_buffer *buf,
                                  uint64_t offset, uint64_t size, struct pipe_transfer **xfer);
/* The value of uniform `location` of `program` as floats: returns how many (at most 16),
 * 0 with the GL error raised for func (glGetUniform*v and their bounded n variants). */
unsigned gl_uniform_get(struct st_context *ctx, GLuint program, GLint location, float out[16],
                        const char *func);
struct gl_shared *gl_shared_create(void);
void gl_shared_unref(struct st_context *ctx, struct gl_shared *shared);
/* Deletes ctx's compiled shaders of every executable (before ctx goes away). */
void gl_exe_drop_variants_of(struct st_context *ctx);

/* Context state */
void gl_state_init(struct st_context *ctx);
void gl_state_fini(struct st_context *ctx);
void gl_clear_fini(struct st_context *ctx);
void gl_query_fini(struct st_context *ctx);
void gl_debug_fini(struct st_context *ctx);

#endif
