/* The project's C headers seen from the C++ bridge (they have no extern "C" guards). */
#ifndef GLSL_C_API_H
#define GLSL_C_API_H

extern "C" {
#include "r600sim/shader_ir.h"
#include "glsl_frontend.h"
}

#endif
