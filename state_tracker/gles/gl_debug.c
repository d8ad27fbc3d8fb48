/* GL_KHR_debug messages: glDebugMessageInsertKHR, the volume control
 * (glDebugMessageControlKHR), debug groups (glPush/PopDebugGroupKHR), the callback and the
 * message log (glGetDebugMessageLogKHR), glGetPointervKHR; GL errors become messages
 * (gl_debug_error). Per context; messages are only generated while DEBUG_OUTPUT_KHR is
 * enabled (initially disabled: contexts are never debug contexts here) and are always
 * synchronous, DEBUG_OUTPUT_SYNCHRONOUS_KHR or not.
 *
 * The volume control of a group is the list of glDebugMessageControlKHR calls made in it (or
 * inherited from the group below), newest last: a message is enabled as the newest rule that
 * matches it says, by default unless its severity is LOW (the extension's initial state).
 * A rule with ids matches (source, type, id) whatever the severity; one without ids matches
 * source, type and severity, DONT_CARE matching all. A rule matching everything replaces
 * the list. */
#include "gl_debug.h"

#include "st_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rule {
   GLenum source, type, severity;   /* GL_DONT_CARE: any */
   bool has_id;
   GLuint id;
   bool enabled;
};

struct group {
   struct rule *rules;
   unsigned num_rules;
   /* the glPushDebugGroupKHR message, repeated by its pop */
   GLenum source;
   GLuint id;
   char *message;
};

struct message {
   GLenum source, type, severity;
   GLuint id;
   char *text;
};

struct gl_debug {
   GLDEBUGPROCKHR callback;
   const void *user_param;
   struct message log[GL_DEBUG_MAX_LOGGED];   /* a ring: oldest at first */
   unsigned first, count;
   struct group groups[GL_DEBUG_MAX_GROUP_DEPTH];
   unsigned depth;                            /* groups pushed; groups[depth] is current */
};

static struct gl_debug *debug_state(struct st_context *ctx)
{
   if (!ctx->debug)
      ctx->debug = calloc(1, sizeof(*ctx->debug));
   return ctx->debug;
}

static bool valid_source(GLenum s)
{
   return s == GL_DEBUG_SOURCE_API_KHR || s == GL_DEBUG_SOURCE_WINDOW_SYSTEM_KHR ||
          s == GL_DEBUG_SOURCE_SHADER_COMPILER_KHR || s == GL_DEBUG_SOURCE_THIRD_PARTY_KHR ||
          s == GL_DEBUG_SOURCE_APPLICATION_KHR || s == GL_DEBUG_SOURCE_OTHER_KHR;
}

static bool valid_type(GLenum t)
{
   return t == GL_DEBUG_TYPE_ERROR_KHR || t == GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR_KHR ||
          t == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR_KHR || t == GL_DEBUG_TYPE_PORTABILITY_KHR ||
          t == GL_DEBUG_TYPE_PERFORMANCE_KHR || t == GL_DEBUG_TYPE_OTHER_KHR ||
          t == GL_DEBUG_TYPE_MARKER_KHR || t == GL_DEBUG_TYPE_PUSH_GROUP_KHR ||
          t == GL_DEBUG_TYPE_POP_GROUP_KHR;
}

static bool valid_severity(GLenum s)
{
   return s == GL_DEBUG_SEVERITY_HIGH_KHR || s == GL_DEBUG_SEVERITY_MEDIUM_KHR ||
          s == GL_DEBUG_SEVERITY_LOW_KHR || s == GL_DEBUG_SEVERITY_NOTIFICATION_KHR;
}

static bool enabled(const struct group *g, GLenum source, GLenum type, GLuint id,
                    GLenum severity)
{
   for (unsigned i = g->num_rules; i-- > 0;) {
      const struct rule *r = &g->rules[i];
      bool match = r->has_id ? r->source == source && r->type == type && r->id == id
                             : (r->source == GL_DONT_CARE || r->source == source) &&
                                  (r->type == GL_DONT_CARE || r->type == type) &&
                                  (r->severity == GL_DONT_CARE || r->severity == severity);
      if (match)
         return r->enabled;
   }
   return severity != GL_DEBUG_SEVERITY_LOW_KHR;
}

/* Sends a message of `len` characters (no NUL) to the callback or the log, if debug output
 * is on and the current group lets it through. */
static void emit(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
                 GLenum severity, const char *text, size_t len)
{
   struct gl_debug *d = ctx->debug_output ? debug_state(ctx) : NULL;
   if (!d || !enabled(&d->groups[d->depth], source, type, id, severity))
      return;
   if (len >= GL_DEBUG_MAX_MESSAGE_LENGTH)
      len = GL_DEBUG_MAX_MESSAGE_LENGTH - 1;   /* only our own messages can be this long */
   if (d->callback) {
      char *copy = malloc(len + 1);
      if (!copy)
         return;
      memcpy(copy, text, len);
      copy[len] = '\0';
      d->callback(source, type, id, severity, (GLsizei)len, copy, d->user_param);
      free(copy);
      return;
   }
   if (d->count == GL_DEBUG_MAX_LOGGED)
      return;   /* a full log drops new messages */
   char *copy = malloc(len + 1);
   if (!copy)
      return;
   memcpy(copy, text, len);
   copy[len] = '\0';
   d->log[(d->first + d->count++) % GL_DEBUG_MAX_LOGGED] =
      (struct message){ source, type, severity, id, copy };
}

void gl_debug_error(struct st_context *ctx, GLenum err, const char *func)
{
   const char *name;
   switch (err) {
   case GL_INVALID_ENUM: name = "GL_INVALID_ENUM"; break;
   case GL_INVALID_VALUE: name = "GL_INVALID_VALUE"; break;
   case GL_INVALID_OPERATION: name = "GL_INVALID_OPERATION"; break;
   case GL_INVALID_FRAMEBUFFER_OPERATION: name = "GL_INVALID_FRAMEBUFFER_OPERATION"; break;
   case GL_OUT_OF_MEMORY: name = "GL_OUT_OF_MEMORY"; break;
   case GL_STACK_OVERFLOW_KHR: name = "GL_STACK_OVERFLOW"; break;
   case GL_STACK_UNDERFLOW_KHR: name = "GL_STACK_UNDERFLOW"; break;
   case GL_CONTEXT_LOST_KHR: name = "GL_CONTEXT_LOST"; break;
   default: name = "error"; break;
   }
   char text[160];
   int n = snprintf(text, sizeof(text), "%s: %s (0x%04x)", func, name, (unsigned)err);
   emit(ctx, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, err, GL_DEBUG_SEVERITY_HIGH_KHR,
        text, n < 0 ? 0 : (size_t)n < sizeof(text) ? (size_t)n : sizeof(text) - 1);
}

/* The length of an application string (length < 0: NUL-terminated); false with
 * INVALID_VALUE when it reaches MAX_DEBUG_MESSAGE_LENGTH. */
static bool message_length(struct st_context *ctx, GLsizei length, const GLchar *buf,
                           size_t *out, const char *func)
{
   size_t len = length < 0 ? (buf ? strlen(buf) : 0) : (size_t)length;
   if (len >= GL_DEBUG_MAX_MESSAGE_LENGTH || (!buf && len)) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return false;
   }
   *out = len;
   return true;
}

void GL_APIENTRY glDebugMessageInsertKHR(GLenum source, GLenum type, GLuint id, GLenum severity,
                                         GLsizei length, const GLchar *buf)
{
   GET_CONTEXT_OR_RETURN();
   if ((source != GL_DEBUG_SOURCE_APPLICATION_KHR && source != GL_DEBUG_SOURCE_THIRD_PARTY_KHR) ||
       !valid_type(type) || !valid_severity(severity)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   size_t len;
   if (message_length(ctx, length, buf, &len, __func__))
      emit(ctx, source, type, id, severity, buf ? buf : "", len);
}

/* Appends a rule to the current group; a rule that matches everything replaces them all. */
static bool add_rule(struct gl_debug *d, struct rule r)
{
   struct group *g = &d->groups[d->depth];
   if (!r.has_id && r.source == GL_DONT_CARE && r.type == GL_DONT_CARE &&
       r.severity == GL_DONT_CARE)
      g->num_rules = 0;
   struct rule *rules = realloc(g->rules, (g->num_rules + 1) * sizeof(*rules));
   if (!rules)
      return false;
   g->rules = rules;
   g->rules[g->num_rules++] = r;
   return true;
}

void GL_APIENTRY glDebugMessageControlKHR(GLenum source, GLenum type, GLenum severity,
                                          GLsizei count, const GLuint *ids, GLboolean enable)
{
   GET_CONTEXT_OR_RETURN();
   if ((source != GL_DONT_CARE && !valid_source(source)) ||
       (type != GL_DONT_CARE && !valid_type(type)) ||
       (severity != GL_DONT_CARE && !valid_severity(severity))) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (count < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (count > 0 && (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   struct gl_debug *d = debug_state(ctx);
   bool ok = d != NULL;
   struct rule r = { source, type, severity, false, 0, enable != GL_FALSE };
   if (ok && count == 0)
      ok = add_rule(d, r);
   for (GLsizei i = 0; ok && i < count; i++) {
      r.has_id = true;
      r.id = ids[i];
      ok = add_rule(d, r);
   }
   if (!ok)
      gl_error(ctx, GL_OUT_OF_MEMORY);
}

void GL_APIENTRY glDebugMessageCallbackKHR(GLDEBUGPROCKHR callback, const void *userParam)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_debug *d = debug_state(ctx);
   if (!d) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   d->callback = callback;
   d->user_param = userParam;
}

GLuint GL_APIENTRY glGetDebugMessageLogKHR(GLuint count, GLsizei bufSize, GLenum *sources,
                                           GLenum *types, GLuint *ids, GLenum *severities,
                                           GLsizei *lengths, GLchar *messageLog)
{
   GET_CONTEXT_OR_RETURN(0);
   if (messageLog && bufSize < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return 0;
   }
   struct gl_debug *d = ctx->debug;
   GLuint n = 0;
   size_t used = 0;
   while (d && d->count && n < count) {
      struct message *m = &d->log[d->first];
      size_t size = strlen(m->text) + 1;
      if (messageLog) {
         if (size > (size_t)bufSize - used)
            break;   /* a message is returned whole or not at all */
         memcpy(messageLog + used, m->text, size);
         used += size;
      }
      if (sources) sources[n] = m->source;
      if (types) types[n] = m->type;
      if (ids) ids[n] = m->id;
      if (severities) severities[n] = m->severity;
      if (lengths) lengths[n] = (GLsizei)size;
      free(m->text);
      d->first = (d->first + 1) % GL_DEBUG_MAX_LOGGED;
      d->count--;
      n++;
   }
   return n;
}

void GL_APIENTRY glPushDebugGroupKHR(GLenum source, GLuint id, GLsizei length,
                                     const GLchar *message)
{
   GET_CONTEXT_OR_RETURN();
   if (source != GL_DEBUG_SOURCE_APPLICATION_KHR && source != GL_DEBUG_SOURCE_THIRD_PARTY_KHR) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   size_t len;
   if (!message_length(ctx, length, message, &len, __func__))
      return;
   struct gl_debug *d = debug_state(ctx);
   if (!d) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (d->depth + 1 == GL_DEBUG_MAX_GROUP_DEPTH) {
      gl_error(ctx, GL_STACK_OVERFLOW_KHR);
      return;
   }
   const struct group *cur = &d->groups[d->depth];
   struct group g = { .source = source, .id = id, .message = malloc(len + 1),
                      .num_rules = cur->num_rules };
   g.rules = cur->num_rules ? malloc(cur->num_rules * sizeof(*g.rules)) : NULL;
   if (!g.message || (cur->num_rules && !g.rules)) {
      free(g.message);
      free(g.rules);
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (len)
      memcpy(g.message, message, len);
   g.message[len] = '\0';
   if (g.num_rules)
      memcpy(g.rules, cur->rules, g.num_rules * sizeof(*g.rules));
   /* The message goes out under the enclosing group's control, the pop's under it again. */
   emit(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP_KHR, id, GL_DEBUG_SEVERITY_NOTIFICATION_KHR,
        g.message, len);
   d->groups[++d->depth] = g;
}

void GL_APIENTRY glPopDebugGroupKHR(void)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_debug *d = ctx->debug;
   if (!d || d->depth == 0) {
      gl_error(ctx, GL_STACK_UNDERFLOW_KHR);
      return;
   }
   struct group g = d->groups[d->depth];
   d->groups[d->depth--] = (struct group){ 0 };
   emit(ctx, g.source, GL_DEBUG_TYPE_POP_GROUP_KHR, g.id, GL_DEBUG_SEVERITY_NOTIFICATION_KHR,
        g.message, strlen(g.message));
   free(g.message);
   free(g.rules);
}

void GL_APIENTRY glGetPointervKHR(GLenum pname, void **params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_debug *d = ctx->debug;
   void *unused;
   if (!params)
      params = &unused;   /* NULL: the checks only */
   switch (pname) {
   case GL_DEBUG_CALLBACK_FUNCTION_KHR:
      *params = d ? (void *)d->callback : NULL;
      return;
   case GL_DEBUG_CALLBACK_USER_PARAM_KHR:
      *params = d ? (void *)d->user_param : NULL;
      return;
   default:
      gl_error(ctx, GL_INVALID_ENUM);
   }
}

void r600sim_st_context_set_debug(struct st_context *ctx)
{
   ctx->debug_output = true;
}

bool gl_debug_get_state(const struct st_context *ctx, GLenum pname, int64_t *value)
{
   const struct gl_debug *d = ctx->debug;
   switch (pname) {
   case GL_MAX_DEBUG_MESSAGE_LENGTH_KHR: *value = GL_DEBUG_MAX_MESSAGE_LENGTH; return true;
   case GL_MAX_DEBUG_LOGGED_MESSAGES_KHR: *value = GL_DEBUG_MAX_LOGGED; return true;
   case GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR: *value = GL_DEBUG_MAX_GROUP_DEPTH; return true;
   case GL_MAX_LABEL_LENGTH_KHR: *value = GL_DEBUG_MAX_LABEL_LENGTH; return true;
   case GL_DEBUG_LOGGED_MESSAGES_KHR: *value = d ? d->count : 0; return true;
   case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR:
      *value = d && d->count ? (int64_t)strlen(d->log[d->first].text) + 1 : 0;
      return true;
   case GL_DEBUG_GROUP_STACK_DEPTH_KHR: *value = d ? d->depth + 1 : 1; return true;
   case GL_DEBUG_OUTPUT_KHR: *value = ctx->debug_output; return true;
   case GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR: *value = ctx->debug_output_sync; return true;
   default: return false;
   }
}

void gl_debug_fini(struct st_context *ctx)
{
   struct gl_debug *d = ctx->debug;
   if (!d)
      return;
   for (unsigned i = 0; i < d->count; i++)
      free(d->log[(d->first + i) % GL_DEBUG_MAX_LOGGED].text);
   for (unsigned i = 0; i <= d->depth; i++) {
      free(d->groups[i].rules);
      free(d->groups[i].message);
   }
   free(d);
   ctx->debug = NULL;
}
