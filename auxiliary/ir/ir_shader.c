/* Allocation, listing and structural validation of the shader IR (r600sim/shader_ir.h).
 * The instruction and immediate arrays grow by doubling whenever their count reaches a
 * power of two, so no capacity needs to be stored in the plain-data struct. uniforms and
 * arrays are malloc'ed by whoever fills them and freed by ir_shader_destroy. */
#include "r600sim/shader_ir.h"

#include <stdlib.h>
#include <string.h>

struct ir_opcode_info {
   const char *name;
   uint8_t num_src;
   bool has_dst;
};

static const struct ir_opcode_info opcode_info[IR_OPCODE_COUNT] = {
   [IR_NOP] = {"NOP", 0, false},
   [IR_MOV] = {"MOV", 1, true},
   [IR_ADD] = {"ADD", 2, true},
   [IR_MUL] = {"MUL", 2, true},
   [IR_MAD] = {"MAD", 3, true},
   [IR_DP2] = {"DP2", 2, true},
   [IR_DP3] = {"DP3", 2, true},
   [IR_DP4] = {"DP4", 2, true},
   [IR_MIN] = {"MIN", 2, true},
   [IR_MAX] = {"MAX", 2, true},
   [IR_RCP] = {"RCP", 1, true},
   [IR_RSQ] = {"RSQ", 1, true},
   [IR_SQRT] = {"SQRT", 1, true},
   [IR_EX2] = {"EX2", 1, true},
   [IR_LG2] = {"LG2", 1, true},
   [IR_SIN] = {"SIN", 1, true},
   [IR_COS] = {"COS", 1, true},
   [IR_FLR] = {"FLR", 1, true},
   [IR_CEIL] = {"CEIL", 1, true},
   [IR_FRC] = {"FRC", 1, true},
   [IR_TRUNC] = {"TRUNC", 1, true},
   [IR_ROUND] = {"ROUND", 1, true},
   [IR_SLT] = {"SLT", 2, true},
   [IR_SGE] = {"SGE", 2, true},
   [IR_SEQ] = {"SEQ", 2, true},
   [IR_SNE] = {"SNE", 2, true},
   [IR_CMP] = {"CMP", 3, true},
   [IR_CND] = {"CND", 3, true},
   [IR_DDX] = {"DDX", 1, true},
   [IR_DDY] = {"DDY", 1, true},
   [IR_KILL_IF] = {"KILL_IF", 1, false},
   [IR_KILL] = {"KILL", 0, false},
   [IR_I2F] = {"I2F", 1, true},
   [IR_U2F] = {"U2F", 1, true},
   [IR_F2I] = {"F2I", 1, true},
   [IR_F2U] = {"F2U", 1, true},
   [IR_IADD] = {"IADD", 2, true},
   [IR_IMUL] = {"IMUL", 2, true},
   [IR_INEG] = {"INEG", 1, true},
   [IR_AND] = {"AND", 2, true},
   [IR_OR] = {"OR", 2, true},
   [IR_XOR] = {"XOR", 2, true},
   [IR_NOT] = {"NOT", 1, true},
   [IR_ISHL] = {"ISHL", 2, true},
   [IR_ISHR] = {"ISHR", 2, true},
   [IR_USHR] = {"USHR", 2, true},
   [IR_ISLT] = {"ISLT", 2, true},
   [IR_ISGE] = {"ISGE", 2, true},
   [IR_IEQ] = {"IEQ", 2, true},
   [IR_INE] = {"INE", 2, true},
   [IR_USLT] = {"USLT", 2, true},
   [IR_USGE] = {"USGE", 2, true},
   [IR_IMIN] = {"IMIN", 2, true},
   [IR_IMAX] = {"IMAX", 2, true},
   [IR_UCMP] = {"UCMP", 3, true},
   [IR_TEX] = {"TEX", 2, true},
   [IR_TXB] = {"TXB", 2, true},
   [IR_TXL] = {"TXL", 2, true},
   [IR_TXP] = {"TXP", 2, true},
   [IR_TXD] = {"TXD", 3, true},
   [IR_IF] = {"IF", 1, false},
   [IR_ELSE] = {"ELSE", 0, false},
   [IR_ENDIF] = {"ENDIF", 0, false},
   [IR_LOOP] = {"LOOP", 0, false},
   [IR_ENDLOOP] = {"ENDLOOP", 0, false},
   [IR_BRK] = {"BRK", 0, false},
   [IR_CONT] = {"CONT", 0, false},
   [IR_END] = {"END", 0, false},
};

static const char *const file_name[] = {
   [IR_FILE_NULL] = "NULL", [IR_FILE_TEMP] = "TEMP", [IR_FILE_INPUT] = "IN",
   [IR_FILE_OUTPUT] = "OUT", [IR_FILE_CONST] = "CONST", [IR_FILE_IMM] = "IMM",
   [IR_FILE_SAMPLER] = "SAMP",
};

static const char *const semantic_name[] = {
   [IR_SEM_POSITION] = "POSITION", [IR_SEM_GENERIC] = "GENERIC", [IR_SEM_PSIZE] = "PSIZE",
   [IR_SEM_COLOR] = "COLOR", [IR_SEM_DEPTH] = "DEPTH", [IR_SEM_FACE] = "FACE",
   [IR_SEM_POINTCOORD] = "POINTCOORD", [IR_SEM_ATTRIB] = "ATTRIB",
   [IR_SEM_VERTEXID] = "VERTEXID", [IR_SEM_INSTANCEID] = "INSTANCEID",
   [IR_SEM_SECONDARY_COLOR] = "SECONDARY_COLOR",
   [IR_SEM_CLIPDIST] = "CLIPDIST",
   [IR_SEM_FBFETCH] = "FBFETCH",
};

static bool is_texture_op(unsigned op)
{
   return op == IR_TEX || op == IR_TXB || op == IR_TXL || op == IR_TXP || op == IR_TXD;
}

struct ir_shader *ir_shader_create(enum ir_stage stage)
{
   struct ir_shader *s = calloc(1, sizeof(*s));
   if (s)
      s->stage = (uint8_t)stage;
   return s;
}

void ir_shader_destroy(struct ir_shader *s)
{
   if (!s)
      return;
   free(s->instructions);
   free(s->imms);
   free(s->uniforms);
   free(s->arrays);
   free(s);
}

/* Capacity is implied by the count: the array is (re)allocated when the count is 0 or a
 * power of two >= min, to twice that size (min for an empty array). */
static bool needs_growth(uint32_t n, uint32_t min)
{
   return n == 0 || (n >= min && (n & (n - 1)) == 0);
}

/* Returns NULL when out of memory. */
struct ir_instruction *ir_emit(struct ir_shader *s, enum ir_opcode op)
{
   uint32_t n = s->num_instructions;
   if (needs_growth(n, 16)) {
      size_t cap = n ? (size_t)n * 2 : 16;
      struct ir_instruction *grown = realloc(s->instructions, cap * sizeof(*grown));
      if (!grown)
         return NULL;
      s->instructions = grown;
   }
   struct ir_instruction *inst = &s->instructions[n];
   memset(inst, 0, sizeof(*inst));
   inst->opcode = (uint16_t)op;
   for (unsigned i = 0; i < 3; i++)
      for (unsigned c = 0; c < 4; c++)
         inst->src[i].swizzle[c] = (uint8_t)c;
   s->num_instructions = n + 1;
   return inst;
}

unsigned ir_imm(struct ir_shader *s, const uint32_t value[4])
{
   for (unsigned i = 0; i < s->num_imms; i++) {
      if (memcmp(s->imms[i], value, sizeof(s->imms[i])) == 0)
         return i;
   }
   uint16_t n = s->num_imms;
   if (n == UINT16_MAX)
      return n;   /* full: an out-of-range index, reported by ir_validate */
   if (needs_growth(n, 8)) {
      size_t cap = n ? (size_t)n * 2 : 8;
      uint32_t(*grown)[4] = realloc(s->imms, cap * sizeof(*grown));
      if (!grown)
         return n;   /* an out-of-range index: ir_validate reports it */
      s->imms = grown;
   }
   memcpy(s->imms[n], value, sizeof(s->imms[n]));
   s->num_imms = (uint16_t)(n + 1);
   return n;
}

/* ---- listing ---- */

static void print_src(const struct ir_src *src, FILE *out)
{
   static const char chan[] = "xyzw";
   fputs(src->negate ? "-" : "", out);
   fputs(src->abs ? "|" : "", out);
   fprintf(out, "%s[", src->file < IR_FILE_SAMPLER + 1 ? file_name[src->file] : "?");
   if (src->rel)
      fprintf(out, "TEMP[%u].%c + ", src->rel_index, chan[src->rel_comp & 3]);
   fprintf(out, "%u]", src->index);
   if (src->file != IR_FILE_SAMPLER) {
      fputc('.', out);
      for (unsigned c = 0; c < 4; c++)
         fputc(chan[src->swizzle[c] & 3], out);
   }
   fputs(src->abs ? "|" : "", out);
}

void ir_print(const struct ir_shader *s, FILE *out)
{
   static const char chan[] = "xyzw";
   fprintf(out, "%s shader: %u temps, %u consts, %u samplers, %u imms\n",
           s->stage == IR_STAGE_VERTEX ? "VERTEX" : "FRAGMENT", s->num_temps, s->num_consts,
           s->num_samplers, s->num_imms);
   for (unsigned i = 0; i < s->num_inputs && i < 32; i++) {
      const struct ir_io *io = &s->inputs[i];
      fprintf(out, "DCL IN[%u] %s %u mask 0x%x%s%s\n", i,
              io->semantic <= IR_SEM_LAST ? semantic_name[io->semantic] : "?", io->index,
              io->usage_mask,
              io->interp == IR_INTERP_FLAT ? " flat" : io->interp == IR_INTERP_LINEAR ? " linear" : "",
              io->centroid ? " centroid" : "");
   }
   for (unsigned i = 0; i < s->num_outputs && i < 32; i++) {
      const struct ir_io *io = &s->outputs[i];
      fprintf(out, "DCL OUT[%u] %s %u mask 0x%x\n", i,
              io->semantic <= IR_SEM_LAST ? semantic_name[io->semantic] : "?", io->index,
              io->usage_mask);
   }
   for (unsigned i = 0; i < s->num_uniforms; i++)
      fprintf(out, "UNIFORM %s type %u array %u slot %u\n", s->uniforms[i].name,
              s->uniforms[i].type, s->uniforms[i].array_size, s->uniforms[i].slot);
   for (unsigned i = 0; i < s->num_arrays; i++)
      fprintf(out, "ARRAY TEMP[%u..%u]\n", s->arrays[i].first,
              s->arrays[i].first + s->arrays[i].count - 1);
   for (unsigned i = 0; i < s->num_imms; i++)
      fprintf(out, "IMM[%u] {0x%08x, 0x%08x, 0x%08x, 0x%08x}\n", i, s->imms[i][0],
              s->imms[i][1], s->imms[i][2], s->imms[i][3]);

   unsigned indent = 0;
   for (uint32_t n = 0; n < s->num_instructions; n++) {
      const struct ir_instruction *inst = &s->instructions[n];
      if (inst->opcode >= IR_OPCODE_COUNT) {
         fprintf(out, "%4u: <opcode %u>\n", n, inst->opcode);
         continue;
      }
      const struct ir_opcode_info *info = &opcode_info[inst->opcode];
      if ((inst->opcode == IR_ELSE || inst->opcode == IR_ENDIF || inst->opcode == IR_ENDLOOP) &&
          indent)
         indent--;
      fprintf(out, "%4u: %*s%s", n, (int)indent * 2, "", info->name);
      if (is_texture_op(inst->opcode))
         fputs(inst->tex_target == IR_TEX_CUBE ? ".CUBE" : ".2D", out);
      if (info->has_dst) {
         const struct ir_dst *d = &inst->dst;
         fprintf(out, "%s %s[", d->saturate ? "_SAT" : "",
                 d->file < IR_FILE_SAMPLER + 1 ? file_name[d->file] : "?");
         if (d->rel)
            fprintf(out, "TEMP[%u].%c + ", d->rel_index, chan[d->rel_comp & 3]);
         fprintf(out, "%u].", d->index);
         for (unsigned c = 0; c < 4; c++)
            if (d->writemask & (1u << c))
               fputc(chan[c], out);
      }
      for (unsigned i = 0; i < info->num_src; i++) {
         fputs(i || info->has_dst ? ", " : " ", out);
         print_src(&inst->src[i], out);
      }
      fputc('\n', out);
      if (inst->opcode == IR_IF || inst->opcode == IR_ELSE || inst->opcode == IR_LOOP)
         indent++;
   }
}

/* ---- validation ---- */

static _Thread_local char validate_msg[192];

#define FAIL(...) do { snprintf(validate_msg, sizeof(validate_msg), __VA_ARGS__); \
                       return validate_msg; } while (0)

static unsigned file_size(const struct ir_shader *s, unsigned file)
{
   switch (file) {
   case IR_FILE_TEMP: return s->num_temps;
   case IR_FILE_INPUT: return s->num_inputs;
   case IR_FILE_OUTPUT: return s->num_outputs;
   case IR_FILE_CONST: return s->num_consts;
   case IR_FILE_IMM: return s->num_imms;
   case IR_FILE_SAMPLER: return s->num_samplers;
   default: return 0;
   }
}

const char *ir_validate(const struct ir_shader *s)
{
   if (s->stage != IR_STAGE_VERTEX && s->stage != IR_STAGE_FRAGMENT)
      FAIL("bad stage %u", s->stage);
   if (s->num_inputs > 32 || s->num_outputs > 32)
      FAIL("too many inputs (%u) or outputs (%u), at most 32", s->num_inputs, s->num_outputs);
   if (s->num_instructions && !s->instructions)
      FAIL("%u instructions but no instruction array", s->num_instructions);
   if (s->num_imms && !s->imms)
      FAIL("%u immediates but no immediate array", s->num_imms);
   if (s->num_uniforms && !s->uniforms)
      FAIL("%u uniforms but no uniform array", s->num_uniforms);
   if (s->num_arrays && !s->arrays)
      FAIL("%u arrays but no array list", s->num_arrays);
   for (unsigned i = 0; i < s->num_arrays; i++)
      if (!s->arrays[i].count || s->arrays[i].first + s->arrays[i].count > s->num_temps)
         FAIL("array %u: TEMP[%u], %u registers, outside the %u temps", i, s->arrays[i].first,
              s->arrays[i].count, s->num_temps);
   for (unsigned i = 0; i < s->num_inputs; i++)
      if (s->inputs[i].semantic > IR_SEM_LAST || s->inputs[i].interp > IR_INTERP_FLAT)
         FAIL("input %u: bad semantic %u or interpolation %u", i, s->inputs[i].semantic,
              s->inputs[i].interp);
   for (unsigned i = 0; i < s->num_outputs; i++)
      if (s->outputs[i].semantic > IR_SEM_LAST)
         FAIL("output %u: bad semantic %u", i, s->outputs[i].semantic);

   /* open flow constructs: 'I' = IF, 'E' = IF after its ELSE, 'L' = LOOP */
   char stack[64];
   unsigned depth = 0, loops = 0;
   for (uint32_t n = 0; n < s->num_instructions; n++) {
      const struct ir_instruction *inst = &s->instructions[n];
      if (inst->opcode >= IR_OPCODE_COUNT)
         FAIL("instruction %u: bad opcode %u", n, inst->opcode);
      const struct ir_opcode_info *info = &opcode_info[inst->opcode];
      const char *name = info->name;

      if (s->stage == IR_STAGE_VERTEX &&
          (inst->opcode == IR_DDX || inst->opcode == IR_DDY || inst->opcode == IR_KILL ||
           inst->opcode == IR_KILL_IF))
         FAIL("instruction %u (%s): fragment-only opcode in a vertex shader", n, name);

      if (info->has_dst) {
         const struct ir_dst *d = &inst->dst;
         if (d->file != IR_FILE_TEMP && d->file != IR_FILE_OUTPUT)
            FAIL("instruction %u (%s): destination file %u is not TEMP or OUTPUT", n, name,
                 d->file);
         if (!d->writemask || d->writemask > 0xF)
            FAIL("instruction %u (%s): bad write mask 0x%x", n, name, d->writemask);
         if (d->rel) {
            if (d->file != IR_FILE_TEMP || d->rel_index >= s->num_temps || d->rel_comp > 3 ||
                d->index >= s->num_temps)
               FAIL("instruction %u (%s): bad relative destination", n, name);
         } else if (d->index >= file_size(s, d->file)) {
            FAIL("instruction %u (%s): destination %s[%u] out of range", n, name,
                 file_name[d->file], d->index);
         }
      }
      for (unsigned i = 0; i < info->num_src; i++) {
         const struct ir_src *src = &inst->src[i];
         bool sampler_operand = is_texture_op(inst->opcode) && i == 1;
         if (sampler_operand != (src->file == IR_FILE_SAMPLER))
            FAIL("instruction %u (%s): source %u %s a sampler", n, name, i,
                 sampler_operand ? "must be" : "must not be");
         if (src->file == IR_FILE_NULL || src->file > IR_FILE_SAMPLER)
            FAIL("instruction %u (%s): source %u has bad file %u", n, name, i, src->file);
         for (unsigned c = 0; c < 4; c++)
            if (src->swizzle[c] > IR_SWZ_W)
               FAIL("instruction %u (%s): source %u has a bad swizzle", n, name, i);
         if (src->rel) {
            if (src->rel_index >= s->num_temps || src->rel_comp > 3 ||
                (src->file != IR_FILE_TEMP && src->file != IR_FILE_CONST) ||
                src->index >= file_size(s, src->file))
               FAIL("instruction %u (%s): source %u has a bad relative address", n, name, i);
         } else if (src->index >= file_size(s, src->file)) {
            FAIL("instruction %u (%s): source %s[%u] out of range", n, name, file_name[src->file],
                 src->index);
         }
      }
      if (is_texture_op(inst->opcode) && inst->tex_target > IR_TEX_CUBE)
         FAIL("instruction %u (%s): bad texture target %u", n, name, inst->tex_target);

      switch (inst->opcode) {
      case IR_IF:
      case IR_LOOP:
         if (depth == sizeof(stack))
            FAIL("instruction %u (%s): flow nested deeper than %zu", n, name, sizeof(stack));
         stack[depth++] = inst->opcode == IR_IF ? 'I' : 'L';
         loops += inst->opcode == IR_LOOP;
         break;
      case IR_ELSE:
         if (!depth || stack[depth - 1] != 'I')
            FAIL("instruction %u: ELSE without IF", n);
         stack[depth - 1] = 'E';
         break;
      case IR_ENDIF:
         if (!depth || stack[depth - 1] == 'L')
            FAIL("instruction %u: ENDIF without IF", n);
         depth--;
         break;
      case IR_ENDLOOP:
         if (!depth || stack[depth - 1] != 'L')
            FAIL("instruction %u: ENDLOOP without LOOP", n);
         depth--;
         loops--;
         break;
      case IR_BRK:
      case IR_CONT:
         if (!loops)
            FAIL("instruction %u (%s): outside a loop", n, name);
         break;
      case IR_END:
         if (depth)
            FAIL("instruction %u: END inside flow control", n);
         break;
      default:
         break;
      }
   }
   if (depth)
      FAIL("unterminated %s at end of program", stack[depth - 1] == 'L' ? "LOOP" : "IF");
   return NULL;
}
