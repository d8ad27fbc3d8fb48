/* GL object names: open-addressing hash table uint32 -> object. */
#include "gl_names.h"

#include <stdlib.h>

#define REMOVED UINT32_MAX

static unsigned slot_of(const struct gl_names *t, uint32_t name)
{
   return (name * 2654435761u) & (t->capacity - 1);
}

/* Index of name's slot, or -1. */
static int find(const struct gl_names *t, uint32_t name)
{
   if (!t->capacity || name == 0 || name == REMOVED)
      return -1;
   for (unsigned i = slot_of(t, name), n = 0; n < t->capacity; i = (i + 1) & (t->capacity - 1), n++) {
      if (t->keys[i] == name)
         return (int)i;
      if (t->keys[i] == 0)
         return -1;
   }
   return -1;
}

void gl_names_fini(struct gl_names *t)
{
   free(t->keys);
   free(t->values);
   for (unsigned i = 0; i < t->num_labels; i++)
      free(t->labels[i].text);
   free(t->labels);
   *t = (struct gl_names){0};
}

void *gl_names_lookup(const struct gl_names *t, uint32_t name)
{
   if (name == REMOVED)
      return t->max_value;
   int i = find(t, name);
   return i < 0 ? NULL : t->values[i];
}

bool gl_names_exists(const struct gl_names *t, uint32_t name)
{
   return name == REMOVED ? t->max_exists : find(t, name) >= 0;
}

static bool grow(struct gl_names *t)
{
   unsigned cap = t->capacity ? t->capacity * 2 : 64;
   uint32_t *keys = calloc(cap, sizeof(*keys));
   void **values = calloc(cap, sizeof(*values));
   if (!keys || !values) {
      free(keys);
      free(values);
      return false;
   }
   unsigned used = 0;
   for (unsigned i = 0; i < t->capacity; i++) {
      uint32_t k = t->keys[i];
      if (k == 0 || k == REMOVED)
         continue;
      unsigned j = (k * 2654435761u) & (cap - 1);
      while (keys[j])
         j = (j + 1) & (cap - 1);
      keys[j] = k;
      values[j] = t->values[i];
      used++;
   }
   free(t->keys);
   free(t->values);
   t->keys = keys;
   t->values = values;
   t->capacity = cap;
   t->used = used;
   return true;
}

bool gl_names_set(struct gl_names *t, uint32_t name, void *value)
{
   if (name == REMOVED) {
      t->max_exists = true;
      t->max_value = value;
      return true;
   }
   int i = find(t, name);
   if (i >= 0) {
      t->values[i] = value;
      return true;
   }
   if ((t->used + 1) * 4 > t->capacity * 3 && !grow(t))
      return false;
   unsigned j = slot_of(t, name);
   while (t->keys[j] != 0 && t->keys[j] != REMOVED)
      j = (j + 1) & (t->capacity - 1);
   if (t->keys[j] == 0)
      t->used++;
   t->keys[j] = name;
   t->values[j] = value;
   return true;
}

void gl_names_remove(struct gl_names *t, uint32_t name)
{
   gl_names_set_label(t, name, NULL);
   if (name == REMOVED) {
      t->max_exists = false;
      t->max_value = NULL;
      return;
   }
   int i = find(t, name);
   if (i >= 0) {
      t->keys[i] = REMOVED;
      t->values[i] = NULL;
   }
}

uint32_t gl_names_generate(struct gl_names *t)
{
   uint32_t name = t->next ? t->next : 1;
   while (name == REMOVED || name == 0 || gl_names_exists(t, name))
      name++;
   if (!gl_names_set(t, name, NULL))
      return 0;
   t->next = name + 1;
   return name;
}

void gl_names_foreach(const struct gl_names *t, void (*fn)(void *value, void *data), void *data)
{
   for (unsigned i = 0; i < t->capacity; i++)
      if (t->keys[i] != 0 && t->keys[i] != REMOVED && t->values[i])
         fn(t->values[i], data);
   if (t->max_value)
      fn(t->max_value, data);
}

const char *gl_names_label(const struct gl_names *t, uint32_t name)
{
   for (unsigned i = 0; i < t->num_labels; i++)
      if (t->labels[i].name == name)
         return t->labels[i].text;
   return NULL;
}

bool gl_names_set_label(struct gl_names *t, uint32_t name, char *text)
{
   for (unsigned i = 0; i < t->num_labels; i++) {
      if (t->labels[i].name == name) {
         free(t->labels[i].text);
         if (text)
            t->labels[i].text = text;
         else
            t->labels[i] = t->labels[--t->num_labels];
         return true;
      }
   }
   if (!text)
      return true;
   struct gl_name_label *l = realloc(t->labels, (t->num_labels + 1) * sizeof(*l));
   if (!l)
      return false;
   t->labels = l;
   l[t->num_labels++] = (struct gl_name_label){ name, text };
   return true;
}
