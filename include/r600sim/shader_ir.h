/* r600sim shader IR: what the GLSL front end (state_tracker/glsl) hands to a pipe driver.
 *
 * A vec4 register machine, close to what the R600 executes: every register is four
 * 32-bit components; instructions have one destination with a write mask and up to three
 * sources with swizzle/negate/absolute modifiers. Structured control flow only (IF/ELSE/
 * ENDIF, LOOP/ENDLOOP with BRK/CONT), no calls: the front end inlines functions.
 *
 * Register files and numbering:
 *   TEMP     0..num_temps-1              function-local temporaries (also arrays, see rel)
 *   INPUT    0..num_inputs-1             as listed in inputs[]. VS: the ATTRIB inputs come
 *                                        first, INPUT i = vertex element i of the draw (the
 *                                        state tracker builds the vertex elements in that
 *                                        order); VERTEXID/INSTANCEID after them. PS: varyings
 *                                        and system values.
 *   OUTPUT   0..num_outputs-1            as listed in outputs[]
 *   CONST    0..num_consts-1             vec4 slots of constant buffer 0 (uniform storage),
 *                                        laid out by the front end (uniforms[])
 *   IMM      0..num_imms-1               immediate vec4s in imms[]
 *   SAMPLER  0..num_samplers-1           texture unit (only as src[1] of texture ops)
 *
 * Values are untyped 32-bit patterns; the opcode says how to read them. Booleans are
 * float 0.0/1.0 in the FLOAT ops and 0/~0 in the integer ops.
 */
#ifndef R600SIM_SHADER_IR_H
#define R600SIM_SHADER_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum ir_stage { IR_STAGE_VERTEX = 0, IR_STAGE_FRAGMENT = 1 };

enum ir_file {
   IR_FILE_NULL = 0,   /* no register (unused source / discarded result) */
   IR_FILE_TEMP,
   IR_FILE_INPUT,
   IR_FILE_OUTPUT,
   IR_FILE_CONST,
   IR_FILE_IMM,
   IR_FILE_SAMPLER,
};

/* Opcodes. Operands are per component unless stated; "s" = scalar from src.x replicated
 * to every written component. Float ops follow IEEE single precision (0 * inf = NaN). */
enum ir_opcode {
   IR_NOP = 0,
   IR_MOV,        /* d = a */
   IR_ADD,        /* d = a + b */
   IR_MUL,        /* d = a * b */
   IR_MAD,        /* d = a * b + c (two roundings) */
   IR_DP2,        /* s: a.x*b.x + a.y*b.y */
   IR_DP3,        /* s */
   IR_DP4,        /* s */
   IR_MIN,        /* IEEE minNum */
   IR_MAX,        /* IEEE maxNum */
   IR_RCP,        /* s: 1/a.x */
   IR_RSQ,        /* s: 1/sqrt(a.x) */
   IR_SQRT,       /* s */
   IR_EX2,        /* s: 2^a.x */
   IR_LG2,        /* s: log2(a.x) */
   IR_SIN,        /* s: sin(a.x), a in radians, any range */
   IR_COS,        /* s */
   IR_FLR,        /* floor */
   IR_CEIL,
   IR_FRC,        /* a - floor(a) */
   IR_TRUNC,
   IR_ROUND,      /* to nearest even */
   IR_SLT,        /* d = a <  b ? 1.0 : 0.0 */
   IR_SGE,        /* d = a >= b ? 1.0 : 0.0 */
   IR_SEQ,        /* d = a == b ? 1.0 : 0.0 */
   IR_SNE,        /* d = a != b ? 1.0 : 0.0 */
   IR_CMP,        /* d = a < 0.0 ? b : c */
   IR_CND,        /* d = a != 0.0 ? b : c   (select on a float boolean) */
   IR_DDX,        /* d(a)/dx within the 2x2 pixel quad; fragment only */
   IR_DDY,
   IR_KILL_IF,    /* fragment: discard the pixel if any of a.xyzw (per swizzle) < 0.0 */
   IR_KILL,       /* fragment: discard unconditionally */
   /* integer ops (values are int32 / uint32 bit patterns) */
   IR_I2F, IR_U2F, IR_F2I, IR_F2U,   /* conversions, float->int truncates */
   IR_IADD, IR_IMUL, IR_INEG,
   IR_AND, IR_OR, IR_XOR, IR_NOT,
   IR_ISHL, IR_ISHR, IR_USHR,
   IR_ISLT, IR_ISGE, IR_IEQ, IR_INE, IR_USLT, IR_USGE,   /* d = cmp ? ~0 : 0 */
   IR_IMIN, IR_IMAX,
   IR_UCMP,       /* d = a != 0 ? b : c   (select on an integer boolean) */
   /* textures: src[0] = coordinates, src[1] = IR_FILE_SAMPLER register; tex_target set */
   IR_TEX,        /* sample with implicit derivatives (fragment) or LOD 0 (vertex) */
   IR_TXB,        /* coordinates.w = LOD bias */
   IR_TXL,        /* coordinates.w = explicit LOD */
   IR_TXP,        /* projective: coordinates divided by .w */
   IR_TXD,        /* explicit derivatives: src[2] = (ds/dx, dt/dx, ds/dy, dt/dy) in normalized
                   * texture coordinates (cube maps: of the face coordinates, s and t in 0..1
                   * across the face the coordinates select) */
   /* structured control flow; conditions read src[0].x as a float boolean (!= 0.0) */
   IR_IF,
   IR_ELSE,
   IR_ENDIF,
   IR_LOOP,       /* infinite loop; leave it with BRK */
   IR_ENDLOOP,
   IR_BRK,        /* break out of the innermost loop */
   IR_CONT,       /* next iteration of the innermost loop */
   IR_END,        /* end of program (optional as the last instruction) */
   IR_OPCODE_COUNT
};

enum ir_tex_target { IR_TEX_2D = 0, IR_TEX_CUBE = 1 };

enum ir_swz { IR_SWZ_X = 0, IR_SWZ_Y = 1, IR_SWZ_Z = 2, IR_SWZ_W = 3 };

struct ir_src {
   uint8_t file;           /* enum ir_file */
   uint8_t swizzle[4];     /* component read for x, y, z, w: enum ir_swz */
   bool negate;            /* applied after abs */
   bool abs;
   /* Relative addressing for arrays: register index = index + value of
    * TEMP[rel_index].rel_comp (an int32). Only when rel is true. The producer keeps the
    * register inside the array (TEMP: see ir_shader.arrays; CONST: below num_consts). */
   bool rel;
   uint8_t rel_comp;
   uint16_t rel_index;
   uint16_t index;
};

struct ir_dst {
   uint8_t file;           /* TEMP or OUTPUT, or NULL for KILL/flow */
   uint8_t writemask;      /* bit n = component n */
   bool saturate;          /* clamp float result to [0, 1] */
   bool rel;               /* as ir_src */
   uint8_t rel_comp;
   uint16_t rel_index;
   uint16_t index;
};

struct ir_instruction {
   uint16_t opcode;        /* enum ir_opcode */
   uint8_t tex_target;     /* enum ir_tex_target, texture ops only */
   struct ir_dst dst;
   struct ir_src src[3];
};

/* What an input or output carries. Varyings are GENERIC with index assigned at link time
 * so that a VS output GENERIC n feeds the PS input GENERIC n. */
enum ir_semantic {
   IR_SEM_POSITION = 0,    /* VS out: clip-space position; PS in: gl_FragCoord (window x,y at
                              pixel centres, z in [0,1], w = 1/w_clip) */
   IR_SEM_GENERIC,         /* varying number `index` */
   IR_SEM_PSIZE,           /* VS out: gl_PointSize (x) */
   IR_SEM_COLOR,           /* PS out: colour buffer `index` (gl_FragColor / gl_FragData[n]) */
   IR_SEM_DEPTH,           /* PS out: depth in .z (gl_FragDepthEXT) */
   IR_SEM_FACE,            /* PS in: .x > 0 front facing, < 0 back facing */
   IR_SEM_POINTCOORD,      /* PS in: gl_PointCoord in .xy */
   IR_SEM_ATTRIB,          /* VS in: vertex attribute `index` */
   IR_SEM_VERTEXID,        /* VS in: .x int32 */
   IR_SEM_INSTANCEID,      /* VS in: .x int32 */
   IR_SEM_SECONDARY_COLOR, /* PS out: second source of colour 0 for dual-source blending
                              (gl_SecondaryFragColorEXT / gl_SecondaryFragDataEXT[0]) */
   IR_SEM_CLIPDIST,        /* VS out: clip distances 4*index .. 4*index+3 in .xyzw
                              (gl_ClipDistance, GL_APPLE_clip_distance) */
   IR_SEM_FBFETCH,         /* PS in: colour buffer `index` at this fragment before the draw
                              writes it (gl_LastFragData[index], framebuffer fetch); the
                              driver decides how it reads it */
   IR_SEM_LAST = IR_SEM_FBFETCH
};

enum ir_interp { IR_INTERP_PERSPECTIVE = 0, IR_INTERP_LINEAR, IR_INTERP_FLAT };

struct ir_io {
   uint8_t semantic;       /* enum ir_semantic */
   uint8_t interp;         /* enum ir_interp, PS inputs only */
   bool centroid;
   uint16_t index;         /* GENERIC/COLOR/ATTRIB number */
   uint8_t usage_mask;     /* components read (inputs) or written (outputs) */
};

/* A TEMP array: registers first .. first+count-1, addressed relatively. */
struct ir_array {
   uint16_t first, count;
};

/* A uniform as the front end laid it out in CONST space (for glGetUniformLocation). */
enum ir_uniform_type {
   IR_UT_FLOAT, IR_UT_VEC2, IR_UT_VEC3, IR_UT_VEC4,
   IR_UT_INT, IR_UT_IVEC2, IR_UT_IVEC3, IR_UT_IVEC4,
   IR_UT_BOOL, IR_UT_BVEC2, IR_UT_BVEC3, IR_UT_BVEC4,
   IR_UT_MAT2, IR_UT_MAT3, IR_UT_MAT4,
   IR_UT_SAMPLER_2D, IR_UT_SAMPLER_CUBE,
};

struct ir_uniform {
   char name[64];          /* GLSL name of a leaf ("u", "s.f", "a" for arrays) */
   uint8_t type;           /* enum ir_uniform_type */
   uint16_t array_size;    /* 0 = not an array */
   uint16_t slot;          /* first CONST vec4 (matrices: one vec4 per column, arrays: one
                              vec4 per element or column); for samplers the SAMPLER index */
};

struct ir_shader {
   uint8_t stage;                  /* enum ir_stage */
   uint16_t num_temps;
   uint16_t num_consts;            /* vec4 slots used in constant buffer 0 */
   uint16_t num_samplers;
   uint16_t num_inputs, num_outputs;
   struct ir_io inputs[32];
   struct ir_io outputs[32];
   uint16_t num_uniforms;
   struct ir_uniform *uniforms;    /* num_uniforms entries */
   uint16_t num_imms;
   uint32_t (*imms)[4];            /* num_imms vec4 bit patterns */
   uint32_t num_instructions;
   struct ir_instruction *instructions;
   bool uses_discard;              /* fragment: contains KILL/KILL_IF */
   bool color0_writes_all;         /* fragment: COLOR 0 goes to every bound colour buffer
                                      (gl_FragColor with several draw buffers) */
   bool fb_fetch_noncoherent;      /* fragment: the FBFETCH inputs may read the colour
                                      buffers as they were when the draw began */
   /* TEMP ranges that relative TEMP operands index (malloc'ed by whoever fills it, freed
    * by ir_shader_destroy). A relative TEMP operand whose index lies in one of them stays
    * inside that one; one whose index lies in none may reach any TEMP from its index up
    * (correct, but it makes the driver keep all those registers together). */
   uint16_t num_arrays;
   struct ir_array *arrays;
};

/* Allocation helpers (auxiliary/ir/ir_shader.c; the IR is plain data). */
struct ir_shader *ir_shader_create(enum ir_stage stage);
void ir_shader_destroy(struct ir_shader *);
/* Appends an instruction and returns it (zero-filled, swizzles xyzw). */
struct ir_instruction *ir_emit(struct ir_shader *, enum ir_opcode op);
/* Returns the index of an immediate vec4, reusing an equal one. */
unsigned ir_imm(struct ir_shader *, const uint32_t value[4]);
/* Human-readable listing (R600SIM_DEBUG=ir). */
void ir_print(const struct ir_shader *, FILE *out);
/* Checks structural validity (register ranges, balanced flow); returns NULL or a message. */
const char *ir_validate(const struct ir_shader *);

#endif
