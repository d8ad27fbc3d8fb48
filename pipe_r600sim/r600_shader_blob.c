/* Shader CSOs as bytes, for program binaries: the compiled R600/R700 machine code and the
 * facts the driver bakes registers from (struct r600_shader_binary), behind a header naming
 * the chip and the stage. Loading checks every field a register or an array index comes
 * from, so bytes that are not ours fail instead of reaching the GPU as nonsense (the GPU
 * faults on bad code anyway). The layout is this build's: the state tracker keys its
 * program binaries with the r600sim version. */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_scratch.h"
#include "r600_context.h"

#define BLOB_MAGIC 0x42363652u   /* "R66B" */
#define MAX_CODE_DWORDS (1u << 20)

struct blob_header {
   uint32_t magic, chip, type, ndw;
   struct r600_shader_binary bin;   /* code pointer zeroed */
};

static void *r600_get_shader_binary(struct pipe_context *pctx, void *shader, size_t *size)
{
   const struct r600_shader_state *sh = shader;
   struct blob_header h = { BLOB_MAGIC, r600_context(pctx)->chip, sh->type, sh->bin.ndw,
                            sh->bin };
   h.bin.code = NULL;
   *size = sizeof(h) + (size_t)sh->bin.ndw * 4;
   uint8_t *out = malloc(*size);
   if (!out)
      return NULL;
   memcpy(out, &h, sizeof(h));
   memcpy(out + sizeof(h), sh->bin.code, (size_t)sh->bin.ndw * 4);
   return out;
}

/* A bool field of loaded bytes holds 0 or 1 (read as a byte: another value is no bool). */
static bool bool_ok(const bool *b)
{
   uint8_t v;
   memcpy(&v, b, 1);
   return v <= 1;
}

static bool bools_ok(const struct r600_shader_binary *b)
{
   bool ok = bool_ok(&b->uses_kill) && bool_ok(&b->writes_psize) && bool_ok(&b->writes_depth) &&
             bool_ok(&b->fb_fetch_noncoherent);
   for (unsigned i = 0; i < 32; i++)
      ok = ok && bool_ok(&b->inputs[i].flat) && bool_ok(&b->inputs[i].centroid) &&
           bool_ok(&b->inputs[i].linear) && bool_ok(&b->inputs[i].pt_sprite);
   return ok;
}

/* The fields the register baking and the SPI/export tables trust (a VS has at least one
 * parameter export, a PS at least one colour export). */
static bool plausible(const struct r600_shader_binary *b, enum pipe_shader_type type)
{
   bool vs = type == PIPE_SHADER_VERTEX;
   return b->ndw >= 1 && b->ndw <= MAX_CODE_DWORDS && b->num_gprs <= 128 &&
          b->stack_size <= 256 && b->num_params >= (vs ? 1u : 0u) && b->num_params <= 32 &&
          b->num_inputs <= 32 && b->position_gpr >= -1 && b->position_gpr < 128 &&
          b->face_gpr >= -1 && b->face_gpr < 128 && b->num_color_exports >= (vs ? 0u : 1u) &&
          b->num_color_exports <= PIPE_MAX_COLOR_BUFS && b->num_consts <= 256 &&
          b->scratch_items <= HW_SCRATCH_MAX_ITEMS;
}

bool r600_shader_blob_load(const void *data, size_t size, enum hw_chip chip,
                           enum pipe_shader_type type, struct r600_shader_binary *out)
{
   struct blob_header h;
   if (!data || size < sizeof(h))
      return false;
   memcpy(&h, data, sizeof(h));
   if (h.magic != BLOB_MAGIC || h.chip != (uint32_t)chip || h.type != (uint32_t)type ||
       h.ndw != h.bin.ndw || !bools_ok(&h.bin) || !plausible(&h.bin, type) || size != sizeof(h) + (size_t)h.ndw * 4)
      return false;
   *out = h.bin;
   out->code = malloc((size_t)h.ndw * 4);
   if (!out->code)
      return false;
   memcpy(out->code, (const uint8_t *)data + sizeof(h), (size_t)h.ndw * 4);
   return true;
}

void r600_init_shader_blob_functions(struct r600_context *ctx)
{
   ctx->base.get_shader_binary = r600_get_shader_binary;
}
