/* The GL extensions r600sim exposes (gl_extensions.c). */
#ifndef GL_EXTENSIONS_H
#define GL_EXTENSIONS_H

/* Space-separated, with a trailing space after each name (the ES 2.0 GL_EXTENSIONS form). */
extern const char gl_extensions_string[];

#endif
