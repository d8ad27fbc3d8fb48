/* GLSL front end tests: GLSL ES 1.00 programs go through glsl_compile/glsl_link; the IR is
 * checked structurally, and run by a small IR interpreter written here (plain C float
 * arithmetic, structured flow) whose results are compared with the same math done in C.
 * Prints "N passed, M failed". */
#include "glsl_frontend.h"
#include "check.h"

#include <GLES2/gl2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ IR interpreter */

#define MAX_REGS 1024
#define STEP_LIMIT 1000000

struct vm {
   const struct ir_shader *sh;
   uint32_t temps[MAX_REGS][4];
   float inputs[32][4];
   float consts[256][4];
   float outputs[32][4];
   bool killed;
   bool fault;
};

static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static const uint32_t *reg_bits(struct vm *vm, unsigned file, int index, uint32_t scratch[4])
{
   const struct ir_shader *sh = vm->sh;
   switch (file) {
   case IR_FILE_TEMP:
      if (index >= 0 && index < sh->num_temps && index < MAX_REGS)
         return vm->temps[index];
      break;
   case IR_FILE_INPUT:
      if (index >= 0 && index < sh->num_inputs) {
         for (int c = 0; c < 4; c++)
            scratch[c] = u_of(vm->inputs[index][c]);
         return scratch;
      }
      break;
   case IR_FILE_CONST:
      if (index >= 0 && index < 256) {
         for (int c = 0; c < 4; c++)
            scratch[c] = u_of(vm->consts[index][c]);
         return scratch;
      }
      break;
   case IR_FILE_IMM:
      if (index >= 0 && index < sh->num_imms)
         return sh->imms[index];
      break;
   case IR_FILE_OUTPUT:
      if (index >= 0 && index < 32) {
         for (int c = 0; c < 4; c++)
            scratch[c] = u_of(vm->outputs[index][c]);
         return scratch;
      }
      break;
   }
   vm->fault = true;
   memset(scratch, 0, 16);
   return scratch;
}

static int rel_offset(struct vm *vm, bool rel, unsigned rel_index, unsigned rel_comp)
{
   if (!rel)
      return 0;
   if (rel_index >= vm->sh->num_temps || rel_index >= MAX_REGS) {
      vm->fault = true;
      return 0;
   }
   return (int32_t)vm->temps[rel_index][rel_comp & 3];
}

static void read_src(struct vm *vm, const struct ir_src *s, uint32_t out[4])
{
   uint32_t scratch[4];
   if (s->file == IR_FILE_NULL) {   /* unused operand */
      memset(out, 0, 16);
      return;
   }
   int index = s->index + rel_offset(vm, s->rel, s->rel_index, s->rel_comp);
   const uint32_t *r = reg_bits(vm, s->file, index, scratch);
   for (int c = 0; c < 4; c++) {
      uint32_t v = r[s->swizzle[c] & 3];
      if (s->abs)
         v &= 0x7fffffffu;
      if (s->negate)
         v ^= 0x80000000u;
      out[c] = v;
   }
}

static void write_dst(struct vm *vm, const struct ir_dst *d, const uint32_t v[4])
{
   int index = d->index + rel_offset(vm, d->rel, d->rel_index, d->rel_comp);
   for (int c = 0; c < 4; c++) {
      if (!(d->writemask & (1u << c)))
         continue;
      uint32_t x = v[c];
      if (d->saturate) {
         float f = f_of(x);
         x = u_of(f > 1.0f ? 1.0f : f >= 0.0f ? f : 0.0f);
      }
      if (d->file == IR_FILE_TEMP && index >= 0 && index < vm->sh->num_temps && index < MAX_REGS)
         vm->temps[index][c] = x;
      else if (d->file == IR_FILE_OUTPUT && index >= 0 && index < vm->sh->num_outputs)
         vm->outputs[index][c] = f_of(x);
      else
         vm->fault = true;
   }
}

/* Index of the instruction that closes the construct opened at pc (ELSE or ENDIF for IF,
 * ENDIF for ELSE, ENDLOOP for LOOP). */
static uint32_t match(const struct ir_shader *sh, uint32_t pc, bool stop_at_else)
{
   int depth = 0;
   for (uint32_t i = pc + 1; i < sh->num_instructions; i++) {
      unsigned op = sh->instructions[i].opcode;
      if (op == IR_IF || op == IR_LOOP)
         depth++;
      else if (depth == 0 && (op == IR_ENDIF || op == IR_ENDLOOP || (stop_at_else && op == IR_ELSE)))
         return i;
      else if (op == IR_ENDIF || op == IR_ENDLOOP)
         depth--;
   }
   return sh->num_instructions;
}

static uint32_t enclosing_loop(const struct ir_shader *sh, uint32_t pc)
{
   int depth = 0;
   for (uint32_t i = pc; i-- > 0;) {
      unsigned op = sh->instructions[i].opcode;
      if (op == IR_ENDIF || op == IR_ENDLOOP)
         depth++;
      else if (op == IR_IF || op == IR_LOOP) {
         if (depth == 0 && op == IR_LOOP)
            return i;
         if (depth)
            depth--;
      }
   }
   return UINT32_MAX;
}

static void alu(struct vm *vm, const struct ir_instruction *in)
{
   uint32_t a[4], b[4], c[4], r[4] = { 0, 0, 0, 0 };
   read_src(vm, &in->src[0], a);
   read_src(vm, &in->src[1], b);
   read_src(vm, &in->src[2], c);
   float fa[4], fb[4], fc[4], fr[4];
   for (int i = 0; i < 4; i++) {
      fa[i] = f_of(a[i]);
      fb[i] = f_of(b[i]);
      fc[i] = f_of(c[i]);
   }
   bool is_float = true;
   switch (in->opcode) {
   case IR_MOV: is_float = false; memcpy(r, a, 16); break;
   case IR_DP2: case IR_DP3: case IR_DP4: {
      int n = in->opcode - IR_DP2 + 2;
      float s = 0;
      for (int i = 0; i < n; i++)
         s += fa[i] * fb[i];
      for (int i = 0; i < 4; i++)
         fr[i] = s;
      break;
   }
   case IR_RCP: case IR_RSQ: case IR_SQRT: case IR_EX2: case IR_LG2: case IR_SIN: case IR_COS: {
      float x = fa[0], s;
      switch (in->opcode) {
      case IR_RCP: s = 1.0f / x; break;
      case IR_RSQ: s = 1.0f / sqrtf(x); break;
      case IR_SQRT: s = sqrtf(x); break;
      case IR_EX2: s = exp2f(x); break;
      case IR_LG2: s = log2f(x); break;
      case IR_SIN: s = sinf(x); break;
      default: s = cosf(x); break;
      }
      for (int i = 0; i < 4; i++)
         fr[i] = s;
      break;
   }
   case IR_F2I:
      is_float = false;
      for (int i = 0; i < 4; i++)
         r[i] = (uint32_t)(int32_t)fa[i];
      break;
   case IR_I2F:
      for (int i = 0; i < 4; i++)
         fr[i] = (float)(int32_t)a[i];
      break;
   default:
      for (int i = 0; i < 4; i++) {
         float x = fa[i], y = fb[i], z = fc[i];
         switch (in->opcode) {
         case IR_ADD: fr[i] = x + y; break;
         case IR_MUL: fr[i] = x * y; break;
         case IR_MAD: fr[i] = x * y + z; break;
         case IR_MIN: fr[i] = fminf(x, y); break;
         case IR_MAX: fr[i] = fmaxf(x, y); break;
         case IR_FLR: fr[i] = floorf(x); break;
         case IR_CEIL: fr[i] = ceilf(x); break;
         case IR_FRC: fr[i] = x - floorf(x); break;
         case IR_TRUNC: fr[i] = truncf(x); break;
         case IR_ROUND: fr[i] = nearbyintf(x); break;
         case IR_SLT: fr[i] = x < y; break;
         case IR_SGE: fr[i] = x >= y; break;
         case IR_SEQ: fr[i] = x == y; break;
         case IR_SNE: fr[i] = x != y; break;
         case IR_CMP: fr[i] = x < 0.0f ? y : z; break;
         case IR_CND: fr[i] = x != 0.0f ? y : z; break;
         /* as if every value grew by 2 per pixel down the hardware's y */
         case IR_DDX: fr[i] = 0.0f; break;
         case IR_DDY: fr[i] = 2.0f; break;
         default: vm->fault = true; fr[i] = 0; break;
         }
      }
      break;
   }
   if (is_float)
      for (int i = 0; i < 4; i++)
         r[i] = u_of(fr[i]);
   write_dst(vm, &in->dst, r);
}

/* The interpreter's "texture": (s, t, sampler index, lod or bias), after the projective
 * divide for TXP. */
static void tex(struct vm *vm, const struct ir_instruction *in)
{
   uint32_t a[4], r[4];
   read_src(vm, &in->src[0], a);
   float s = f_of(a[0]), t = f_of(a[1]), w = f_of(a[3]);
   if (in->opcode == IR_TXP) {
      s /= w;
      t /= w;
   }
   float res[4] = { s, t, (float)in->src[1].index + (in->tex_target == IR_TEX_CUBE ? 100.0f : 0.0f),
                    in->opcode == IR_TXB || in->opcode == IR_TXL ? w : 0.0f };
   for (int i = 0; i < 4; i++)
      r[i] = u_of(res[i]);
   write_dst(vm, &in->dst, r);
}

static bool run(struct vm *vm)
{
   const struct ir_shader *sh = vm->sh;
   if (sh->num_temps > MAX_REGS)
      return false;
   uint32_t pc = 0;
   for (unsigned steps = 0; pc < sh->num_instructions; steps++) {
      if (steps > STEP_LIMIT || vm->fault)
         return false;
      const struct ir_instruction *in = &sh->instructions[pc];
      uint32_t c[4];
      switch (in->opcode) {
      case IR_IF:
         read_src(vm, &in->src[0], c);
         if (f_of(c[0]) != 0.0f) {
            pc++;
         } else {
            uint32_t m = match(sh, pc, true);
            pc = m + 1;
         }
         continue;
      case IR_ELSE:
         pc = match(sh, pc, false) + 1;
         continue;
      case IR_ENDIF: case IR_LOOP: case IR_NOP:
         pc++;
         continue;
      case IR_ENDLOOP:
         pc = enclosing_loop(sh, pc) + 1;
         continue;
      case IR_BRK:
         pc = match(sh, enclosing_loop(sh, pc), false) + 1;
         continue;
      case IR_CONT:
         pc = enclosing_loop(sh, pc) + 1;
         continue;
      case IR_END:
         return true;
      case IR_KILL:
         vm->killed = true;
         pc++;
         continue;
      case IR_TEX: case IR_TXB: case IR_TXL: case IR_TXP:
         tex(vm, in);
         pc++;
         continue;
      default:
         alu(vm, in);
         pc++;
         continue;
      }
   }
   return true;
}

/* ------------------------------------------------------------------ helpers */

static struct glsl_shader *compile(enum ir_stage stage, const char *src)
{
   return glsl_compile(stage, &src, NULL, 1);
}

static const char *const trivial_vs = "void main() { gl_Position = vec4(0.0); }\n";

static struct glsl_program *link_pair(const char *vs_src, const char *fs_src)
{
   struct glsl_shader *vs = compile(IR_STAGE_VERTEX, vs_src);
   struct glsl_shader *fs = compile(IR_STAGE_FRAGMENT, fs_src);
   if (!glsl_shader_ok(vs))
      printf("vertex shader log: %s\n", glsl_shader_log(vs));
   if (!glsl_shader_ok(fs))
      printf("fragment shader log: %s\n", glsl_shader_log(fs));
   struct glsl_program *p = glsl_link(vs, fs, NULL, 0);
   if (p && !p->ok)
      printf("link log: %s\n", p->log);
   glsl_shader_destroy(vs);
   glsl_shader_destroy(fs);
   return p;
}

static const struct glsl_uniform_info *uniform(const struct glsl_program *p, const char *name)
{
   for (unsigned i = 0; i < p->num_uniforms; i++)
      if (strcmp(p->uniforms[i].name, name) == 0)
         return &p->uniforms[i];
   return NULL;
}

/* Stores n floats of uniform `name` (array element `elem`) into the fragment constants:
 * vec4 slots, matrices column by column (rows floats per column). */
static void set_fs_uniform(struct vm *vm, const struct glsl_program *p, const char *name,
                           int elem, const float *v, int n, int per_slot)
{
   const struct glsl_uniform_info *u = uniform(p, name);
   if (!u || u->fs_slot < 0)
      return;   /* not used by this shader */
   int slots = (n + per_slot - 1) / per_slot;
   for (int i = 0; i < n; i++)
      vm->consts[u->fs_slot + elem * slots + i / per_slot][i % per_slot] = v[i];
}

static bool near(float got, float want, float tol)
{
   return fabsf(got - want) <= tol * fmaxf(1.0f, fabsf(want));
}

/* Links a fragment shader whose gl_FragColor is the result, runs it and compares with
 * want[0..3] (relative tolerance tol). setup fills uniforms and varyings. */
static void expect_fs(const char *what, const char *fs_src, const char *vs_src,
                      void (*setup)(struct vm *, const struct glsl_program *),
                      const float want[4], float tol, int line)
{
   struct glsl_program *p = link_pair(vs_src ? vs_src : trivial_vs, fs_src);
   if (!p || !p->ok) {
      check_at(0, __FILE__, line, "%s", what);
      glsl_program_destroy(p);
      return;
   }
   const char *invalid = ir_validate(p->fs);
   if (invalid)
      printf("%s: invalid IR: %s\n", what, invalid);
   check_at(invalid == NULL, __FILE__, line, "%s", what);
   static struct vm vm;
   memset(&vm, 0, sizeof(vm));
   vm.sh = p->fs;
   if (setup)
      setup(&vm, p);
   bool ran = run(&vm);
   check_at(ran, __FILE__, line, "%s", what);
   int color = -1;
   for (unsigned i = 0; i < p->fs->num_outputs; i++)
      if (p->fs->outputs[i].semantic == IR_SEM_COLOR && p->fs->outputs[i].index == 0)
         color = (int)i;
   bool ok = ran && color >= 0;
   for (int c = 0; ok && c < 4; c++)
      ok = near(vm.outputs[color][c], want[c], tol);
   if (!ok && color >= 0) {
      printf("%s: got (%g, %g, %g, %g), want (%g, %g, %g, %g)\n", what, vm.outputs[color][0],
             vm.outputs[color][1], vm.outputs[color][2], vm.outputs[color][3], want[0], want[1],
             want[2], want[3]);
      if (getenv("TEST_GLSL_IR_PRINT"))
         ir_print(p->fs, stdout);
   }
   check_at(ok, __FILE__, line, "%s", what);
   glsl_program_destroy(p);
}

/* ------------------------------------------------------------------ structural tests */

static bool writes_output(const struct ir_shader *sh, unsigned out)
{
   for (uint32_t i = 0; i < sh->num_instructions; i++)
      if (sh->instructions[i].dst.file == IR_FILE_OUTPUT && sh->instructions[i].dst.index == out)
         return true;
   return false;
}

static unsigned count_ops(const struct ir_shader *sh, enum ir_opcode op)
{
   unsigned n = 0;
   for (uint32_t i = 0; i < sh->num_instructions; i++)
      n += sh->instructions[i].opcode == op;
   return n;
}

static void test_mvp_structure(void)
{
   struct glsl_program *p = link_pair(
      "attribute vec4 p; uniform mat4 m; void main() { gl_Position = m * p; }\n",
      "void main() { gl_FragColor = vec4(1.0); }\n");
   CHECK(p && p->ok);
   if (!p || !p->ok) {
      glsl_program_destroy(p);
      return;
   }
   const struct ir_shader *vs = p->vs;
   CHECK(ir_validate(vs) == NULL);
   CHECK(vs->num_inputs == 1);
   CHECK(vs->inputs[0].semantic == IR_SEM_ATTRIB && vs->inputs[0].index == 0);
   CHECK(p->num_attribs == 1 && strcmp(p->attribs[0].name, "p") == 0);
   CHECK(p->attribs[0].gl_type == GL_FLOAT_VEC4 && p->attribs[0].location == 0);
   CHECK(p->num_vs_inputs == 1 && p->attrib_location_of_input[0] == 0);
   int pos = -1;
   for (unsigned i = 0; i < vs->num_outputs; i++)
      if (vs->outputs[i].semantic == IR_SEM_POSITION)
         pos = (int)i;
   CHECK(pos >= 0 && writes_output(vs, (unsigned)pos));
   CHECK(vs->num_uniforms == 1 && strcmp(vs->uniforms[0].name, "m") == 0);
   CHECK(vs->uniforms[0].type == IR_UT_MAT4 && vs->uniforms[0].array_size == 0);
   CHECK(vs->num_consts == 4);
   const struct glsl_uniform_info *m = uniform(p, "m");
   CHECK(m && m->gl_type == GL_FLOAT_MAT4 && m->size == 1 && m->vs_slot == 0 && m->fs_slot == -1);
   /* column 0 scaled by p.x, then three multiply-adds */
   CHECK(count_ops(vs, IR_MUL) + count_ops(vs, IR_DP4) >= 1);
   CHECK(count_ops(vs, IR_MAD) == 3 || count_ops(vs, IR_DP4) == 4);

   /* and it computes m * p */
   static struct vm vm;
   memset(&vm, 0, sizeof(vm));
   vm.sh = vs;
   float mat[16], v[4] = { 1.5f, -2.0f, 0.25f, 1.0f }, want[4] = { 0, 0, 0, 0 };
   for (int i = 0; i < 16; i++)
      mat[i] = (float)(i * 3 % 7) - 2.5f;
   for (int col = 0; col < 4; col++)
      for (int row = 0; row < 4; row++) {
         vm.consts[col][row] = mat[col * 4 + row];
         want[row] += mat[col * 4 + row] * v[col];
      }
   memcpy(vm.inputs[0], v, sizeof(v));
   CHECK(run(&vm));
   for (int c = 0; c < 4 && pos >= 0; c++)
      CHECK(near(vm.outputs[pos][c], want[c], 1e-6f));
   glsl_program_destroy(p);
}

static void test_errors(void)
{
   struct glsl_shader *s = compile(IR_STAGE_VERTEX, "void main() { gl_Position = vec4(0.0) }\n");
   CHECK(s && !glsl_shader_ok(s));
   CHECK(s && strstr(glsl_shader_log(s), "ERROR: 0:1:") != NULL);
   glsl_shader_destroy(s);

   s = compile(IR_STAGE_FRAGMENT, "void main() { gl_FragColor = vec3(1.0); }\n");
   CHECK(s && !glsl_shader_ok(s) && strstr(glsl_shader_log(s), "ERROR") != NULL);
   glsl_shader_destroy(s);

   /* desktop GLSL is not GLSL ES */
   s = compile(IR_STAGE_VERTEX, "#version 110\nvoid main() { gl_Position = vec4(0.0); }\n");
   CHECK(s && !glsl_shader_ok(s));
   glsl_shader_destroy(s);

   /* varying types must match */
   struct glsl_program *p = link_pair(
      "varying vec3 v; void main() { v = vec3(1.0); gl_Position = vec4(0.0); }\n",
      "precision mediump float; varying vec4 v; void main() { gl_FragColor = v; }\n");
   CHECK(p && !p->ok && strstr(p->log, "ERROR"));
   CHECK(p && p->vs == NULL && p->fs == NULL);
   glsl_program_destroy(p);

   /* a varying the vertex shader does not declare */
   p = link_pair(trivial_vs, "precision mediump float; varying vec4 w; void main() { gl_FragColor = w; }\n");
   CHECK(p && !p->ok);
   glsl_program_destroy(p);

   /* declared but never written: links, reads 0 */
   p = link_pair("varying vec4 w; void main() { gl_Position = vec4(0.0); }\n",
                 "precision mediump float; varying vec4 w; void main() { gl_FragColor = w; }\n");
   CHECK(p && p->ok);
   glsl_program_destroy(p);

   /* no main */
   struct glsl_shader *vs = compile(IR_STAGE_VERTEX, "void f() { gl_Position = vec4(0.0); }\n");
   struct glsl_shader *fs = compile(IR_STAGE_FRAGMENT, "void main() { gl_FragColor = vec4(1.0); }\n");
   CHECK(glsl_shader_ok(vs) && glsl_shader_ok(fs));
   p = glsl_link(vs, fs, NULL, 0);
   CHECK(p && !p->ok && strstr(p->log, "ERROR"));
   glsl_program_destroy(p);
   glsl_shader_destroy(vs);
   glsl_shader_destroy(fs);

   /* uniform used in both stages with different precisions */
   p = link_pair("precision highp float; uniform float f; void main() { gl_Position = vec4(f); }\n",
                 "precision mediump float; uniform float f; void main() { gl_FragColor = vec4(f); }\n");
   CHECK(p && !p->ok);
   glsl_program_destroy(p);

   /* too many uniforms */
   p = link_pair("uniform vec4 u[200]; uniform vec4 w[100]; uniform int i;\n"
                 "void main() { gl_Position = u[i] + w[i]; }\n",
                 "void main() { gl_FragColor = vec4(1.0); }\n");
   CHECK(p && !p->ok && strstr(p->log, "uniform"));
   glsl_program_destroy(p);
}

static void test_interface(void)
{
   static const struct glsl_attrib_binding bind[] = { { "b", 5 } };
   struct glsl_shader *vs = compile(IR_STAGE_VERTEX,
      "attribute vec4 a; attribute mat2 m; attribute vec2 b; attribute float unused;\n"
      "varying vec2 v1; varying vec4 v2; varying float notread;\n"
      "void main() { v1 = m * b; v2 = a; notread = 1.0; gl_Position = a; gl_PointSize = 2.0; }\n");
   struct glsl_shader *fs = compile(IR_STAGE_FRAGMENT,
      "precision mediump float; varying vec4 v2; varying vec2 v1;\n"
      "uniform sampler2D t; uniform samplerCube c; uniform struct S { vec3 x; float y[2]; } s;\n"
      "void main() { gl_FragColor = v2 + texture2D(t, v1) + textureCube(c, s.x) + vec4(s.y[1])\n"
      "  + vec4(gl_FragCoord.xy, gl_PointCoord); }\n");
   struct glsl_program *p = glsl_link(vs, fs, bind, 1);
   CHECK(p && p->ok);
   if (p && !p->ok)
      printf("%s\n", p->log);
   if (p && p->ok) {
      CHECK(p->num_attribs == 3);
      unsigned loc_a = 99, loc_m = 99, loc_b = 99;
      for (unsigned i = 0; i < p->num_attribs; i++) {
         if (!strcmp(p->attribs[i].name, "a")) loc_a = p->attribs[i].location;
         if (!strcmp(p->attribs[i].name, "m")) loc_m = p->attribs[i].location;
         if (!strcmp(p->attribs[i].name, "b")) loc_b = p->attribs[i].location;
      }
      CHECK(loc_b == 5 && loc_a == 0 && loc_m == 1);
      /* inputs in location order: a(0), m(1, 2), b(5) */
      CHECK(p->num_vs_inputs == 4 && p->vs->num_inputs == 4);
      CHECK(p->attrib_location_of_input[0] == 0 && p->attrib_location_of_input[1] == 1 &&
            p->attrib_location_of_input[2] == 2 && p->attrib_location_of_input[3] == 5);
      CHECK(p->vs->inputs[3].semantic == IR_SEM_ATTRIB && p->vs->inputs[3].index == 5 &&
            p->vs->inputs[3].usage_mask == 0x3);
      /* outputs: position, point size, then the two read varyings as GENERIC 0 and 1 */
      CHECK(p->vs->num_outputs == 4);
      CHECK(p->vs->outputs[0].semantic == IR_SEM_POSITION);
      CHECK(p->vs->outputs[1].semantic == IR_SEM_PSIZE);
      CHECK(p->vs->outputs[2].semantic == IR_SEM_GENERIC && p->vs->outputs[3].semantic == IR_SEM_GENERIC);
      /* GENERIC numbers follow the fragment shader's declaration order: v2 = 0, v1 = 1 */
      CHECK(p->vs->outputs[2].index == 0 && p->vs->outputs[2].usage_mask == 0xf);
      CHECK(p->vs->outputs[3].index == 1 && p->vs->outputs[3].usage_mask == 0x3);
      const struct ir_shader *f = p->fs;
      CHECK(f->num_inputs == 4);
      CHECK(f->inputs[0].semantic == IR_SEM_GENERIC && f->inputs[0].index == 0);
      CHECK(f->inputs[1].semantic == IR_SEM_GENERIC && f->inputs[1].index == 1);
      CHECK(f->inputs[2].semantic == IR_SEM_POSITION && f->inputs[3].semantic == IR_SEM_POINTCOORD);
      CHECK(f->num_outputs == 1 && f->outputs[0].semantic == IR_SEM_COLOR);
      /* s.x, s.y[2], then the hidden window-position transform */
      CHECK(f->num_samplers == 2 && f->num_consts == 4 && p->fs_wpos_slot == 3);
      const struct glsl_uniform_info *t = uniform(p, "t"), *c = uniform(p, "c");
      const struct glsl_uniform_info *sx = uniform(p, "s.x"), *sy = uniform(p, "s.y");
      CHECK(t && t->gl_type == GL_SAMPLER_2D && t->fs_sampler == 0 && t->fs_slot == -1);
      CHECK(c && c->gl_type == GL_SAMPLER_CUBE && c->fs_sampler == 1);
      CHECK(sx && sx->gl_type == GL_FLOAT_VEC3 && sx->fs_slot == 0 && sx->vs_slot == -1);
      CHECK(sy && sy->gl_type == GL_FLOAT && sy->size == 2 && sy->fs_slot == 1);
      CHECK(p->num_uniforms == 4);
      CHECK(ir_validate(p->vs) == NULL && ir_validate(p->fs) == NULL);
   }
   glsl_program_destroy(p);
   glsl_shader_destroy(vs);
   glsl_shader_destroy(fs);
}

/* ------------------------------------------------------------------ value tests */

static const float U[4] = { 0.3f, -1.25f, 2.0f, 0.75f };

static void setup_u(struct vm *vm, const struct glsl_program *p)
{
   set_fs_uniform(vm, p, "u", 0, U, 4, 4);
}

static void setup_mat3(struct vm *vm, const struct glsl_program *p)
{
   float m[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 10 };
   set_fs_uniform(vm, p, "m", 0, m, 9, 3);
   setup_u(vm, p);
}

static void setup_arr(struct vm *vm, const struct glsl_program *p)
{
   for (int i = 0; i < 5; i++) {
      float v[4] = { (float)i * 10.0f, (float)i, 0, 0 };
      set_fs_uniform(vm, p, "arr", i, v, 4, 4);
   }
   float idx = 3.0f;
   set_fs_uniform(vm, p, "idx", 0, &idx, 1, 4);
   setup_u(vm, p);
}

/* The window-position transform of a 64-pixel-high drawable stored top row first. */
static void setup_flip64(struct vm *vm, const struct glsl_program *p)
{
   if (p->fs_wpos_slot >= 0) {
      float t[4] = { -1.0f, 64.0f, 1.0f, 0.0f };
      memcpy(vm->consts[p->fs_wpos_slot], t, sizeof(t));
   }
}

static void setup_back_face(struct vm *vm, const struct glsl_program *p)
{
   setup_flip64(vm, p);
   for (unsigned i = 0; i < p->fs->num_inputs; i++) {
      if (p->fs->inputs[i].semantic == IR_SEM_FACE)
         vm->inputs[i][0] = -1.0f;
      if (p->fs->inputs[i].semantic == IR_SEM_POSITION)
         vm->inputs[i][0] = 10.5f, vm->inputs[i][1] = 20.5f;
   }
   setup_arr(vm, p);
}

static void setup_varying(struct vm *vm, const struct glsl_program *p)
{
   (void)p;
   float v[4] = { 0.5f, 0.25f, 4.0f, 2.0f };
   memcpy(vm->inputs[0], v, sizeof(v));
}

#define FS(body) "precision highp float; uniform vec4 u;\n" body

static void test_values(void)
{
   float x = U[0], y = U[1], z = U[2], w = U[3];
   {
      float e0 = 0.1f, e1 = 0.9f, t = (x - e0) / (e1 - e0);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      float s1 = t * t * (3 - 2 * t);
      float want[4] = { s1, 0.0f, 1.0f, x + (z - x) * w };
      expect_fs("smoothstep/mix", FS("void main() { gl_FragColor = vec4(smoothstep(0.1, 0.9, u.x),"
                " smoothstep(0.1, 0.9, u.y), smoothstep(0.1, 0.9, u.z), mix(u.x, u.z, u.w)); }\n"),
                NULL, setup_u, want, 1e-5f, __LINE__);
   }
   {
      float len = sqrtf(x * x + y * y + z * z);
      float want[4] = { x / len, y / len, z / len, len };
      expect_fs("normalize/length", FS("void main() { gl_FragColor = vec4(normalize(u.xyz), length(u.xyz)); }\n"),
                NULL, setup_u, want, 1e-5f, __LINE__);
   }
   {
      float m[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 10 }, v[3] = { x, y, z }, want[4] = { 0, 0, 0, 0 };
      for (int col = 0; col < 3; col++)
         for (int row = 0; row < 3; row++)
            want[row] += m[col * 3 + row] * v[col];
      float vm0 = 0;   /* (v * m).x = dot(v, column 0) */
      for (int row = 0; row < 3; row++)
         vm0 += v[row] * m[row];
      want[3] = vm0;
      expect_fs("mat3*vec3, vec3*mat3", FS("uniform mat3 m; void main() { gl_FragColor = vec4(m * u.xyz, (u.xyz * m).x); }\n"),
                NULL, setup_mat3, want, 1e-5f, __LINE__);
   }
   {
      float want[4] = { 55.0f, 30.0f, 16.0f, 1.0f };
      expect_fs("loops", FS("void main() {\n"
                "  float s = 0.0; for (int i = 1; i <= 10; i++) s += float(i);\n"
                "  int e = 0; for (int i = 0; i < 10; i++) { if (i == 3) continue; if (i > 7) break; e += i; }\n"
                "  float k = 1.0; int n = 0; do { k *= 2.0; n++; if (n < 2) continue; } while (k < 10.0);\n"
                "  float wl = 0.0; while (wl < 0.5) wl += 0.25; \n"
                "  gl_FragColor = vec4(s, float(e) + 5.0, k, wl + 0.5); }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      float want[4] = { x > 0.0f ? 1.0f : 2.0f, y > 0.0f ? 1.0f : 2.0f, (x > 0.0f && y < 0.0f) ? 3.0f : 4.0f,
                        z == 2.0f ? 5.0f : 6.0f };
      expect_fs("if/else, ?:, &&", FS("void main() { vec4 r;\n"
                "  if (u.x > 0.0) r.x = 1.0; else r.x = 2.0;\n"
                "  if (u.y > 0.0) { r.y = 1.0; } else { r.y = 2.0; }\n"
                "  r.z = (u.x > 0.0 && u.y < 0.0) ? 3.0 : 4.0;\n"
                "  r.w = u.z == 2.0 ? 5.0 : 6.0;\n"
                "  gl_FragColor = r; }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      /* early return from a loop inside an inlined function, out parameters, short-circuit
       * side effects */
      float want[4] = { 4.0f, 8.0f, 1.0f, 2.0f };
      expect_fs("functions", FS("float g = 0.0;\n"
                "float first_above(float t, out float tries) {\n"
                "  tries = 0.0;\n"
                "  for (int i = 0; i < 10; i++) { tries += 1.0; if (float(i) > t) return float(i); }\n"
                "  return -1.0; }\n"
                "bool bump() { g += 1.0; return true; }\n"
                "void main() { float n; float a = first_above(u.z + 1.0, n);\n"
                "  bool b1 = u.x < 0.0 && bump(); bool b2 = u.x > 0.0 || bump(); bool b3 = u.x > 0.0 && bump();\n"
                "  gl_FragColor = vec4(a, n + 3.0, g, float(b1) + float(b2) + float(b3)); }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      float want[4] = { atan2f(y, x), acosf(w), asinf(-w), atanf(z) };
      expect_fs("atan/acos/asin", FS("void main() { gl_FragColor = vec4(atan(u.y, u.x), acos(u.w), asin(-u.w), atan(u.z)); }\n"),
                NULL, setup_u, want, 2e-6f, __LINE__);
   }
   {
      float want[4] = { powf(z, w), fmodf(7.5f, 2.0f), y - 0.5f * floorf(y / 0.5f), -1.0f };
      expect_fs("pow/mod/sign", FS("void main() { gl_FragColor = vec4(pow(u.z, u.w), mod(7.5, u.z), mod(u.y, 0.5), sign(u.y)); }\n"),
                NULL, setup_u, want, 1e-5f, __LINE__);
   }
   {
      float want[4] = { 3.0f, -3.0f, 33.0f, 1.0f };
      expect_fs("int arithmetic", FS("void main() { int a = 7; int b = int(u.z); int c = -7;\n"
                "  ivec2 v = ivec2(99, 3); gl_FragColor = vec4(float(a / b), float(c / b), float(v.x / v.y), float(a / b == 3)); }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      /* dynamic indexing: uniform array, local array, vector component, matrix column */
      float want[4] = { 30.0f, 9.0f, U[3], 2.0f };
      expect_fs("dynamic indexing", FS("uniform vec4 arr[5]; uniform int idx;\n"
                "void main() { float loc[4]; for (int i = 0; i < 4; i++) loc[i] = float(i * i);\n"
                "  mat2 m = mat2(1.0, 2.0, 3.0, 4.0); int j = idx - 2;\n"
                "  gl_FragColor = vec4(arr[idx].x, loc[idx], u[idx], m[0][j]); }\n"),
                NULL, setup_arr, want, 0, __LINE__);
   }
   {
      /* one register read through different swizzles, other operands in between */
      float want[4] = { y, 1.0f, x, w };
      expect_fs("constructor mixing swizzles of one register",
                FS("void main() { gl_FragColor = vec4(u.y, 1.0, u.x, u.w); }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      float want[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
      expect_fs("constructors, swizzle writes", FS("void main() { mat2 m = mat2(vec3(1.0, 2.0, 3.0), 4.0);\n"
                "  vec4 r = vec4(0.0); r.wz = vec2(m[1][1], m[1][0]); r.xy = m[0];\n"
                "  gl_FragColor = r; }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      float want[4] = { 0.5f / 2.0f, 0.25f / 2.0f, 0.0f, 0.0f };
      expect_fs("texture2DProj", "precision mediump float; varying vec4 v; uniform sampler2D s;\n"
                "void main() { gl_FragColor = texture2DProj(s, v); }\n",
                "varying vec4 v; void main() { v = vec4(1.0); gl_Position = vec4(0.0); }\n",
                setup_varying, want, 1e-6f, __LINE__);
   }
   {
      float want[4] = { 2.0f, 2.0f, 1.0f, 0.0f };
      expect_fs("struct, ==, any/all", FS("struct S { vec2 a; float b; };\n"
                "void main() { S s1 = S(vec2(1.0, 2.0), 3.0); S s2 = s1; s2.b = 4.0;\n"
                "  bvec3 bv = bvec3(true, false, true);\n"
                "  gl_FragColor = vec4(s1 == s1 ? 2.0 : 0.0, s1 != s2 ? 2.0 : 0.0, float(any(bv)), float(all(bv))); }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      float d = -0.5f * 0.0f + 1.0f * -1.0f;   /* dot(N, I) with I = (-0.5, -1), N = (0, 1) */
      float eta = 0.5f, k = 1.0f - eta * eta * (1.0f - d * d);
      float ry = eta * -1.0f - (eta * d + sqrtf(k)) * 1.0f;
      float want[4] = { -0.5f, 1.0f, eta * -0.5f, ry };
      expect_fs("reflect/refract", FS("void main() { vec2 I = vec2(-0.5, -1.0); vec2 N = vec2(0.0, 1.0);\n"
                "  gl_FragColor = vec4(reflect(I, N), refract(I, N, 0.5)); }\n"),
                NULL, setup_u, want, 1e-5f, __LINE__);
   }
}

static void test_more_values(void)
{
   {
      /* sampler array indexed by a loop counter: the interpreter's texture returns
       * (s, t, sampler index, 0) */
      float want[4] = { 3.0f, 0.0f, 3.0f, 0.0f };
      expect_fs("sampler array, dynamic index", FS("uniform sampler2D ss[3];\n"
                "void main() { vec4 c = vec4(0.0);\n"
                "  for (int i = 0; i < 3; i++) c += texture2D(ss[i], vec2(float(i), 0.0));\n"
                "  gl_FragColor = c; }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      /* out-of-range indices are clamped (GLSL leaves them undefined); dynamic writes to a
       * vector component and a matrix column; gl_FrontFacing false, gl_FragCoord */
      float want[4] = { 40.0f, 7.0f, 0.0f, 10.5f + (64.0f - 20.5f) };
      expect_fs("clamped index, dynamic writes, built-in inputs", FS("uniform vec4 arr[5]; uniform int idx;\n"
                "void main() { vec3 v = vec3(0.0); v[idx - 2] = 3.0; mat2 m = mat2(0.0); m[idx - 2] = vec2(4.0);\n"
                "  gl_FragColor = vec4(arr[idx + 10].x, v.y + m[1].x, gl_FrontFacing ? 1.0 : 0.0,\n"
                "                      gl_FragCoord.x + gl_FragCoord.y); }\n"),
                NULL, setup_back_face, want, 0, __LINE__);
   }
   {
      /* GLSL ES 1.00 forms front end rewrites for glslang (test_glsl_es100.c): constant
       * sequences keep their last operand's value, C-style array types their elements */
      float want[4] = { 5.0f, 3.0f, 0.3f + 2.0f, -1.25f };
      expect_fs("ES 1.00 sequences and array types", FS("const float f = 3.0 + (1.0, 2.0);\n"
                "float g = (f, 3.0); const vec2 h = (1.0, vec2(2.0, 4.0));\n"
                "void set(out float[2] a) { a[0] = u.x; a[1] = u.y; }\n"
                "void main() { float[2] x, y; set(x); y[1] = x[1];\n"
                "  gl_FragColor = vec4(f, g, x[0] + h.x, y[1]); }\n"),
                NULL, setup_u, want, 0, __LINE__);
   }
   {
      /* GLSL ES 3.00: in/out, a non-square matrix, transpose */
      float want[4] = { 1.0f * 1 + 2.0f * 2, 3.0f * 1 + 4.0f * 2, 5.0f * 1 + 6.0f * 2, 2.0f };
      expect_fs("GLSL ES 3.00", "#version 300 es\nprecision highp float; out vec4 color;\n"
                "void main() { mat2x3 m = mat2x3(1.0, 3.0, 5.0, 2.0, 4.0, 6.0);\n"
                "  mat3x2 t = transpose(m); color = vec4(m * vec2(1.0, 2.0), t[2][1] - 4.0); }\n",
                "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
                NULL, want, 0, __LINE__);
   }
}

/* ------------------------------------------------------------------ hidden state uniforms */

static const struct glsl_uniform_info *hidden_uniform(const struct glsl_program *p, const char *name)
{
   for (unsigned i = p->num_uniforms; i < p->num_uniforms + p->num_hidden_uniforms; i++)
      if (strcmp(p->uniforms[i].name, name) == 0)
         return &p->uniforms[i];
   return NULL;
}

static const float WPOS_FLIP[4] = { -1.0f, 64.0f, 1.0f, 0.0f };     /* top row first, 64 high */
static const float WPOS_NOFLIP[4] = { 1.0f, 0.0f, -1.0f, 1.0f };    /* bottom row first */
static const float DEPTH_RANGE[4] = { 0.25f, 0.75f, 0.5f, 0.0f };

/* Runs p's fragment shader at hardware position (10.5, 20.5), point coordinate
 * (0.25, 0.125), with the given transform; returns the colour output (or -1 in [0]). */
static void run_state_fs(const struct glsl_program *p, const float wpos[4], float out[4])
{
   static struct vm vm;
   memset(&vm, 0, sizeof(vm));
   vm.sh = p->fs;
   out[0] = -1.0f;
   for (unsigned i = 0; i < p->fs->num_inputs; i++) {
      const float fc[4] = { 10.5f, 20.5f, 0.5f, 1.0f }, pc[4] = { 0.25f, 0.125f, 0.0f, 0.0f };
      if (p->fs->inputs[i].semantic == IR_SEM_POSITION)
         memcpy(vm.inputs[i], fc, sizeof(fc));
      if (p->fs->inputs[i].semantic == IR_SEM_POINTCOORD)
         memcpy(vm.inputs[i], pc, sizeof(pc));
   }
   if (p->fs_wpos_slot >= 0)
      memcpy(vm.consts[p->fs_wpos_slot], wpos, 16);
   if (p->fs_depth_range_slot >= 0)
      memcpy(vm.consts[p->fs_depth_range_slot], DEPTH_RANGE, 16);
   if (!run(&vm))
      return;
   for (unsigned i = 0; i < p->fs->num_outputs; i++)
      if (p->fs->outputs[i].semantic == IR_SEM_COLOR)
         memcpy(out, vm.outputs[i], 16);
}

static void test_state_uniforms(void)
{
   struct glsl_program *p = link_pair(
      "uniform vec4 v; void main() { gl_Position = v * gl_DepthRange.far; }\n",
      "#extension GL_OES_standard_derivatives : enable\n"
      "precision highp float; uniform vec4 u;\n"
      "void main() { gl_FragColor = vec4(gl_FragCoord.y, gl_PointCoord.y, dFdy(u.x),\n"
      "  gl_FragCoord.x + gl_DepthRange.near + gl_DepthRange.diff + fwidth(u.y)); }\n");
   CHECK(p && p->ok);
   if (p && p->ok) {
      /* only the user's uniforms are active */
      CHECK(p->num_uniforms == 2 && uniform(p, "u") && uniform(p, "v"));
      for (unsigned i = 0; i < p->num_uniforms; i++)
         CHECK(strncmp(p->uniforms[i].name, "gl_", 3) != 0 && strncmp(p->uniforms[i].name, "__", 2) != 0);
      CHECK(p->num_hidden_uniforms == 2);
      const struct glsl_uniform_info *w = hidden_uniform(p, GLSL_WPOS_TRANSFORM_NAME);
      const struct glsl_uniform_info *d = hidden_uniform(p, GLSL_DEPTH_RANGE_NAME);
      CHECK(w && w->gl_type == GL_FLOAT_VEC4 && w->vs_slot == -1 && w->fs_slot == p->fs_wpos_slot);
      CHECK(d && d->vs_slot == p->vs_depth_range_slot && d->fs_slot == p->fs_depth_range_slot);
      /* after the user uniforms, inside each stage's constants */
      CHECK(uniform(p, "u")->fs_slot == 0 && uniform(p, "v")->vs_slot == 0);
      CHECK(p->vs_depth_range_slot == 1 && p->vs->num_consts == 2);
      CHECK(p->fs_wpos_slot >= 1 && p->fs_depth_range_slot >= 1 &&
            p->fs_wpos_slot != p->fs_depth_range_slot && p->fs->num_consts == 3);
      /* flipped: y = 64 - 20.5, point y = 0.125, dFdy = -2 (fwidth stays |0| + |2|) */
      float out[4];
      run_state_fs(p, WPOS_FLIP, out);
      CHECK(out[0] == 43.5f && out[1] == 0.125f && out[2] == -2.0f && out[3] == 10.5f + 0.25f + 0.5f + 2.0f);
      /* not flipped: y as is, point y = 1 - 0.125, dFdy = 2 */
      run_state_fs(p, WPOS_NOFLIP, out);
      CHECK(out[0] == 20.5f && out[1] == 0.875f && out[2] == 2.0f);
      /* the vertex shader reads far from its own slot */
      static struct vm vm;
      memset(&vm, 0, sizeof(vm));
      vm.sh = p->vs;
      vm.consts[0][0] = 2.0f;
      memcpy(vm.consts[p->vs_depth_range_slot], DEPTH_RANGE, 16);
      CHECK(run(&vm) && vm.outputs[0][0] == 1.5f);
      CHECK(ir_validate(p->vs) == NULL && ir_validate(p->fs) == NULL);
   }
   glsl_program_destroy(p);

   /* dFdy alone needs the transform; fwidth alone (sign-free) and plain shaders do not */
   static const struct { const char *expr; bool wpos; } cases[] = {
      { "vec4(dFdy(u.x))", true }, { "vec4(fwidth(u.x))", false }, { "u", false },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char fs[256];
      snprintf(fs, sizeof(fs), "#extension GL_OES_standard_derivatives : enable\n"
               "precision highp float; uniform vec4 u; void main() { gl_FragColor = %s; }\n",
               cases[i].expr);
      p = link_pair(trivial_vs, fs);
      CHECK(p && p->ok && (p->fs_wpos_slot >= 0) == cases[i].wpos);
      CHECK(p && p->num_uniforms == 1 && p->num_hidden_uniforms == (cases[i].wpos ? 1u : 0u));
      CHECK(p && p->vs_depth_range_slot == -1 && p->fs_depth_range_slot == -1);
      glsl_program_destroy(p);
   }

   /* a failed link reports no state uniforms */
   p = link_pair(trivial_vs, "precision mediump float; varying vec4 nope;\n"
                 "void main() { gl_FragColor = nope + gl_FragCoord; }\n");
   CHECK(p && !p->ok && p->fs_wpos_slot == -1 && p->num_hidden_uniforms == 0);
   glsl_program_destroy(p);
}

int main(void)
{
   test_mvp_structure();
   test_errors();
   test_interface();
   test_values();
   test_more_values();
   test_state_uniforms();
   return check_report();
}
