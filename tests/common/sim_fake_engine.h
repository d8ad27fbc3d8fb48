/* Test double of the shader engines (see sim_fake_engine.c). */
#ifndef SIM_FAKE_ENGINE_H
#define SIM_FAKE_ENGINE_H

#include "shader/shader_exec.h"

#define FAKE_VS 0x53564B46u   /* "FKVS" */
#define FAKE_PS 0x53504B46u   /* "FKPS" */

#endif
