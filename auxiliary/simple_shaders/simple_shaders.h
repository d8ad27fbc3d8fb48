/* Small shaders that layers above the hardware boundary need for their own draws, built
 * in the shader IR and compiled by whichever pipe driver is given. */
#ifndef SIMPLE_SHADERS_H
#define SIMPLE_SHADERS_H

#include <stdbool.h>

struct pipe_context;

/* The constant-colour clear pair. VS: position = vec4(attribute 0 .xy, 0, 1), so a quad
 * of R32G32_FLOAT corners covers the viewport and the viewport's z translate gives the
 * depth. FS: colour 0 = CONST[0] (fragment constant buffer 0 holds the clear colour).
 * Each returns the shader CSO, or NULL with *log set as create_*_state sets it. */
void *simple_clear_vs_create(struct pipe_context *pipe, char **log);
void *simple_clear_fs_create(struct pipe_context *pipe, char **log);

/* The texture blit pair. VS: position = vec4(attribute 0 .xy, 0, 1); varying 0 =
 * vec4(attribute 1 .xyz, 0). FS: colour 0 = the texel of sampler 0 at varying 0 (2D: .xy,
 * cube: the .xyz direction), at the view's first level (explicit LOD 0). */
void *simple_blit_vs_create(struct pipe_context *pipe, char **log);
void *simple_blit_fs_create(struct pipe_context *pipe, bool cube, char **log);
/* FS of depth blits: depth (gl_FragDepth) = .x of the 2D texel of sampler 0 at varying 0. */
void *simple_blit_depth_fs_create(struct pipe_context *pipe, char **log);

#endif
