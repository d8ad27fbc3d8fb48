/* Hidden state uniforms: constant slots a stage needs for GL state that is not a user
 * uniform. gl_DepthRange (from glDepthRangef) and the window-position transform that turns
 * the hardware's y-down gl_FragCoord, gl_PointCoord and dFdy into GL's for the drawable at
 * hand (see GLSL_WPOS_TRANSFORM_NAME). The GLES layer fills them before each draw; they
 * follow a stage's user uniforms and are never active uniforms. */
#ifndef GLSL_STATE_UNIFORMS_H
#define GLSL_STATE_UNIFORMS_H

#include <string>
#include <vector>

#include "glsl_c_api.h"
#include "glsl_emit.h"
#include "glsl_stage_info.h"

namespace r600glsl {

/* Reserves stage st's hidden uniforms from CONST slot next_const on (advancing it), appends
 * them to the stage's IR uniforms irs and to the program's hidden table (merged over both
 * stages by name), records their slots in prog and makes map reach them: gl_DepthRange
 * reads its slot, gl_FragCoord and gl_PointCoord (already in map as inputs) become
 * Y_TRANSFORMED. Returns false with err for a built-in uniform we do not provide. */
bool add_state_uniforms(const StageInfo &st, GlobalMap &map, unsigned &next_const,
                        std::vector<ir_uniform> &irs, std::vector<glsl_uniform_info> &hidden,
                        glsl_program *prog, std::string &err);

}

#endif
