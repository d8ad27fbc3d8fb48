/* The GL scene of the "scene" and "gpu" demos: a textured, per-fragment lit cube rotating
 * in front of a flat backdrop, depth-tested (scene_gl.c says what is where). */
#ifndef SCENE_GL_H
#define SCENE_GL_H

#include <stdbool.h>

#include <GLES2/gl2.h>

#include "sdl_loop.h"

struct scene_gl {
   GLuint lit, flat, vbo, tex;
   GLint u_mvp, u_model, u_light, u_eye, u_color;
};

/* Builds the programs, the vertex buffer and the mipmapped texture in the current context;
 * false after a message on stderr. */
bool scene_gl_init(struct scene_gl *s);
/* Draws one frame into the current w x h surface: two draws (cube, backdrop). */
void scene_gl_draw(struct scene_gl *s, const struct sdl_view *view, unsigned w, unsigned h);

#endif
