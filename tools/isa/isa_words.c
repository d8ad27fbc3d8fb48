/* Lookups in the generated microcode word tables (see isa_words.h). */
#include "isa_words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Table names of the formats. The seed calls the R7xx OP2 word SQ_ALU_WORD1_OP2_V2. */
static const char *const fmt_names[ISA_F_COUNT][2] = {
   [ISA_F_CF0] = {"SQ_CF_WORD0"},
   [ISA_F_CF1] = {"SQ_CF_WORD1"},
   [ISA_F_CFALU0] = {"SQ_CF_ALU_WORD0"},
   [ISA_F_CFALU1] = {"SQ_CF_ALU_WORD1"},
   [ISA_F_EXP0] = {"SQ_CF_ALLOC_EXPORT_WORD0"},
   [ISA_F_EXP1] = {"SQ_CF_ALLOC_EXPORT_WORD1"},
   [ISA_F_EXP_BUF] = {"SQ_CF_ALLOC_EXPORT_WORD1_BUF"},
   [ISA_F_EXP_SWIZ] = {"SQ_CF_ALLOC_EXPORT_WORD1_SWIZ"},
   [ISA_F_ALU0] = {"SQ_ALU_WORD0"},
   [ISA_F_ALU1] = {"SQ_ALU_WORD1"},
   [ISA_F_ALU_OP2] = {"SQ_ALU_WORD1_OP2", "SQ_ALU_WORD1_OP2_V2"},
   [ISA_F_ALU_OP3] = {"SQ_ALU_WORD1_OP3"},
   [ISA_F_VTX0] = {"SQ_VTX_WORD0"},
   [ISA_F_VTX1] = {"SQ_VTX_WORD1"},
   [ISA_F_VTX_GPR] = {"SQ_VTX_WORD1_GPR"},
   [ISA_F_VTX_SEM] = {"SQ_VTX_WORD1_SEM"},
   [ISA_F_VTX2] = {"SQ_VTX_WORD2"},
   [ISA_F_TEX0] = {"SQ_TEX_WORD0"},
   [ISA_F_TEX1] = {"SQ_TEX_WORD1"},
   [ISA_F_TEX2] = {"SQ_TEX_WORD2"},
};

static const struct isa_part layouts[][4] = {
   [ISA_I_CF] = {{0, ISA_F_CF0}, {1, ISA_F_CF1}},
   [ISA_I_CF_ALU] = {{0, ISA_F_CFALU0}, {1, ISA_F_CFALU1}},
   [ISA_I_EXP_SWIZ] = {{0, ISA_F_EXP0}, {1, ISA_F_EXP1}, {1, ISA_F_EXP_SWIZ}},
   [ISA_I_EXP_BUF] = {{0, ISA_F_EXP0}, {1, ISA_F_EXP1}, {1, ISA_F_EXP_BUF}},
   [ISA_I_ALU_OP2] = {{0, ISA_F_ALU0}, {1, ISA_F_ALU1}, {1, ISA_F_ALU_OP2}},
   [ISA_I_ALU_OP3] = {{0, ISA_F_ALU0}, {1, ISA_F_ALU1}, {1, ISA_F_ALU_OP3}},
   [ISA_I_VTX_GPR] = {{0, ISA_F_VTX0}, {1, ISA_F_VTX1}, {1, ISA_F_VTX_GPR}, {2, ISA_F_VTX2}},
   [ISA_I_VTX_SEM] = {{0, ISA_F_VTX0}, {1, ISA_F_VTX1}, {1, ISA_F_VTX_SEM}, {2, ISA_F_VTX2}},
   [ISA_I_TEX] = {{0, ISA_F_TEX0}, {1, ISA_F_TEX1}, {2, ISA_F_TEX2}},
};
static const unsigned layout_sizes[] = {
   [ISA_I_CF] = 2, [ISA_I_CF_ALU] = 2, [ISA_I_EXP_SWIZ] = 3, [ISA_I_EXP_BUF] = 3,
   [ISA_I_ALU_OP2] = 3, [ISA_I_ALU_OP3] = 3, [ISA_I_VTX_GPR] = 4, [ISA_I_VTX_SEM] = 4,
   [ISA_I_TEX] = 3,
};

unsigned isa_layout(enum isa_inst_class cls, struct isa_part parts[4])
{
   memcpy(parts, layouts[cls], sizeof(layouts[cls]));
   return layout_sizes[cls];
}

const struct hw_register *isa_format(enum hw_chip chip, enum isa_fmt fmt)
{
   static const struct hw_register *cache[HW_CHIP_R7XX + 1][ISA_F_COUNT];   /* by enum hw_chip */
   const struct hw_register *words = chip == HW_CHIP_R6XX ? hw_isa_words_r6 : hw_isa_words_r7;
   unsigned n = chip == HW_CHIP_R6XX ? hw_num_isa_words_r6 : hw_num_isa_words_r7;
   if (cache[chip][fmt])
      return cache[chip][fmt];
   for (unsigned alt = 0; alt < 2 && fmt_names[fmt][alt]; alt++)
      for (unsigned i = 0; i < n; i++)
         if (!strcmp(words[i].name, fmt_names[fmt][alt]))
            return cache[chip][fmt] = &words[i];
   fprintf(stderr, "isa: the generated tables lack word format %s for %s\n", fmt_names[fmt][0],
           hw_chip_name(chip));
   abort();
}

const struct hw_field *isa_field(enum hw_chip chip, enum isa_fmt fmt, const char *name)
{
   const struct hw_register *w = isa_format(chip, fmt);
   for (unsigned i = 0; i < w->num_fields; i++)
      if (!strcmp(w->fields[i].name, name))
         return &w->fields[i];
   return NULL;
}

const struct hw_field *isa_field_req(enum hw_chip chip, enum isa_fmt fmt, const char *name)
{
   const struct hw_field *f = isa_field(chip, fmt, name);
   if (!f) {
      fprintf(stderr, "isa: the generated tables lack %s.%s for %s\n", isa_format(chip, fmt)->name,
              name, hw_chip_name(chip));
      abort();
   }
   return f;
}

uint32_t isa_get(enum hw_chip chip, enum isa_fmt fmt, const char *name, uint32_t word)
{
   const struct hw_field *f = isa_field(chip, fmt, name);
   return f ? isa_fget(f, word) : 0;
}

void isa_set(enum hw_chip chip, enum isa_fmt fmt, const char *name, uint32_t *word, uint32_t value)
{
   *word = isa_fset(isa_field_req(chip, fmt, name), *word, value);
}

bool isa_enum_find(enum hw_chip chip, enum isa_fmt fmt, const char *field, const char *name,
                   uint32_t *value)
{
   const struct hw_field *f = isa_field(chip, fmt, field);
   if (!f)
      return false;
   for (unsigned i = 0; i < f->num_values; i++)
      if (!strcmp(f->values[i].name, name)) {
         *value = f->values[i].value;
         return true;
      }
   return false;
}

uint32_t isa_enum(enum hw_chip chip, enum isa_fmt fmt, const char *field, const char *name)
{
   uint32_t v;
   if (!isa_enum_find(chip, fmt, field, name, &v)) {
      fprintf(stderr, "isa: the generated tables lack %s.%s = %s for %s\n",
              isa_format(chip, fmt)->name, field, name, hw_chip_name(chip));
      abort();
   }
   return v;
}

/* Length of the prefix that display names drop (computed once per field). */
static unsigned strip_length(const struct hw_field *f)
{
   static struct { const struct hw_field *f; unsigned len; } cache[256];
   static unsigned ncache;
   for (unsigned i = 0; i < ncache; i++)
      if (cache[i].f == f)
         return cache[i].len;

   size_t k = f->num_values ? strlen(f->values[0].name) : 0;
   for (unsigned i = 1; i < f->num_values; i++) {
      size_t j = 0;
      while (j < k && f->values[i].name[j] == f->values[0].name[j])
         j++;
      k = j;
   }
   for (; k > 0; k--) {
      if (f->values[0].name[k - 1] != '_')
         continue;
      bool ok = true;
      for (unsigned i = 0; i < f->num_values && ok; i++)
         ok = isalpha((unsigned char)f->values[i].name[k]);
      if (ok)
         break;
   }
   if (ncache < sizeof(cache) / sizeof(cache[0]))
      cache[ncache++] = (__typeof__(cache[0])){f, (unsigned)k};
   return (unsigned)k;
}

const char *isa_enum_name(const struct hw_field *f, uint32_t value, const char *prefer)
{
   unsigned strip = strip_length(f);
   const char *first = NULL;
   for (unsigned i = 0; i < f->num_values; i++) {
      if (f->values[i].value != value)
         continue;
      const char *d = f->values[i].name + strip;
      if (!prefer || !strncmp(d, prefer, strlen(prefer)))
         return d;
      if (!first)
         first = d;
   }
   return first;
}

bool isa_enum_lookup(const struct hw_field *f, const char *name, uint32_t *value)
{
   unsigned strip = strip_length(f);
   for (unsigned i = 0; i < f->num_values; i++)
      if (!strcmp(f->values[i].name + strip, name) || !strcmp(f->values[i].name, name)) {
         *value = f->values[i].value;
         return true;
      }
   return false;
}

static char char_of_name(const char *name)
{
   const char *last = strrchr(name, '_');
   last = last ? last + 1 : name;
   if (!strcmp(last, "MASK"))
      return '_';
   return last[0] && !last[1] ? (char)tolower((unsigned char)last[0]) : 0;
}

char isa_sel_char(const struct hw_field *f, uint32_t value)
{
   for (unsigned i = 0; i < f->num_values; i++)
      if (f->values[i].value == value)
         return char_of_name(f->values[i].name);
   return 0;
}

bool isa_sel_from_char(const struct hw_field *f, char c, uint32_t *value)
{
   for (unsigned i = 0; i < f->num_values; i++)
      if (char_of_name(f->values[i].name) == c) {
         *value = f->values[i].value;
         return true;
      }
   return false;
}

uint32_t isa_reserved_bits(enum hw_chip chip, enum isa_inst_class cls, unsigned word)
{
   struct isa_part parts[4];
   unsigned n = isa_layout(cls, parts);
   uint32_t used = 0;
   for (unsigned p = 0; p < n; p++) {
      if (parts[p].word != word)
         continue;
      const struct hw_register *w = isa_format(chip, parts[p].fmt);
      for (unsigned i = 0; i < w->num_fields; i++)
         used |= isa_fmask(&w->fields[i]);
   }
   return ~used;
}
