/* GL_OES_required_internalformat: the sized internal formats glTexImage2D and
 * glCopyTexImage2D take, and the client formats and types each goes with. */
#ifndef GL_TEXTURE_SIZED_H
#define GL_TEXTURE_SIZED_H

#include <stdbool.h>

#include "gl_context.h"

/* Whether internalformat is a sized format we accept; *base is its base format. */
bool gl_texture_sized_base(GLenum internalformat, GLenum *base);
/* Whether glTexImage2D takes (format, type) for the sized internalformat. */
bool gl_texture_sized_allows(GLenum internalformat, GLenum format, GLenum type);

#endif
