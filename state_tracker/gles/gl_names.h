/* GL object names of one namespace: name -> object, with names that glGen* reserved
 * before any object exists. An open-addressing hash table; the caller locks. */
#ifndef GL_NAMES_H
#define GL_NAMES_H

#include <stdbool.h>
#include <stdint.h>

struct gl_names {
   uint32_t *keys;        /* 0 = empty slot, UINT32_MAX = removed */
   void **values;         /* NULL = reserved name without object */
   unsigned capacity, used;   /* used counts live and removed slots */
   uint32_t next;         /* next candidate for gl_names_generate */
   /* Name UINT32_MAX, which the table cannot hold (its key marks removed slots). */
   bool max_exists;
   void *max_value;
   /* KHR_debug labels of the names' objects: they go when the name is removed. */
   struct gl_name_label { uint32_t name; char *text; } *labels;
   unsigned num_labels;
};

void gl_names_fini(struct gl_names *);
/* The object of name, or NULL (also NULL for a reserved name; see gl_names_exists). */
void *gl_names_lookup(const struct gl_names *, uint32_t name);
bool gl_names_exists(const struct gl_names *, uint32_t name);
/* Sets (or reserves with value NULL) name; false when out of memory. */
bool gl_names_set(struct gl_names *, uint32_t name, void *value);
void gl_names_remove(struct gl_names *, uint32_t name);
/* An unused non-zero name, reserved; 0 when out of memory. */
uint32_t gl_names_generate(struct gl_names *);
/* The label of name's object, NULL for none. */
const char *gl_names_label(const struct gl_names *, uint32_t name);
/* Labels name's object with text (malloc'ed, taken over) or, text NULL, removes its label;
 * false when out of memory (text is then not taken). */
bool gl_names_set_label(struct gl_names *, uint32_t name, char *text);
/* Calls fn for every object (not for reserved names). */
void gl_names_foreach(const struct gl_names *, void (*fn)(void *value, void *data), void *data);

#endif
