/* Depth-stencil-alpha CSO (DB_DEPTH_CONTROL, alpha test) and the stencil reference atom. */
#include <stdlib.h>

#include "r600_context.h"
#include "r600_regs.h"

/* Compare codes are the same in ZFUNC, STENCILFUNC(_BF) and ALPHA_FUNC. */
static uint32_t compare_func(enum pipe_compare_func f)
{
   switch (f) {
   case PIPE_FUNC_NEVER: return DB_DEPTH_CONTROL__ZFUNC__FRAG_NEVER;
   case PIPE_FUNC_LESS: return DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS;
   case PIPE_FUNC_EQUAL: return DB_DEPTH_CONTROL__ZFUNC__FRAG_EQUAL;
   case PIPE_FUNC_LEQUAL: return DB_DEPTH_CONTROL__ZFUNC__FRAG_LEQUAL;
   case PIPE_FUNC_GREATER: return DB_DEPTH_CONTROL__ZFUNC__FRAG_GREATER;
   case PIPE_FUNC_NOTEQUAL: return DB_DEPTH_CONTROL__ZFUNC__FRAG_NOTEQUAL;
   case PIPE_FUNC_GEQUAL: return DB_DEPTH_CONTROL__ZFUNC__FRAG_GEQUAL;
   case PIPE_FUNC_ALWAYS: return DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS;
   }
   return DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS;
}

static uint32_t stencil_op(enum pipe_stencil_op op)
{
   switch (op) {
   case PIPE_STENCIL_OP_KEEP: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_KEEP;
   case PIPE_STENCIL_OP_ZERO: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_ZERO;
   case PIPE_STENCIL_OP_REPLACE: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_REPLACE;
   case PIPE_STENCIL_OP_INCR: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INCR_CLAMP;
   case PIPE_STENCIL_OP_DECR: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_DECR_CLAMP;
   case PIPE_STENCIL_OP_INCR_WRAP: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INCR_WRAP;
   case PIPE_STENCIL_OP_DECR_WRAP: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_DECR_WRAP;
   case PIPE_STENCIL_OP_INVERT: return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INVERT;
   }
   return DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_KEEP;
}

static void *r600_create_dsa_state(struct pipe_context *pctx,
                                   const struct pipe_depth_stencil_alpha_state *t)
{
   struct r600_dsa_state *dsa = calloc(1, sizeof(*dsa));
   if (!dsa)
      return NULL;
   const struct pipe_stencil_state *front = &t->stencil[0];
   const struct pipe_stencil_state *back = t->stencil[1].enabled ? &t->stencil[1] : front;

   uint32_t db_depth_control = DB_DEPTH_CONTROL__Z_ENABLE(t->depth_enabled) |
                               DB_DEPTH_CONTROL__Z_WRITE_ENABLE(t->depth_enabled && t->depth_writemask) |
                               DB_DEPTH_CONTROL__ZFUNC(compare_func(t->depth_func));
   if (front->enabled) {
      db_depth_control |= DB_DEPTH_CONTROL__STENCIL_ENABLE(1) |
                          DB_DEPTH_CONTROL__STENCILFUNC(compare_func(front->func)) |
                          DB_DEPTH_CONTROL__STENCILFAIL(stencil_op(front->fail_op)) |
                          DB_DEPTH_CONTROL__STENCILZPASS(stencil_op(front->zpass_op)) |
                          DB_DEPTH_CONTROL__STENCILZFAIL(stencil_op(front->zfail_op));
      if (t->stencil[1].enabled)
         db_depth_control |= DB_DEPTH_CONTROL__BACKFACE_ENABLE(1) |
                             DB_DEPTH_CONTROL__STENCILFUNC_BF(compare_func(back->func)) |
                             DB_DEPTH_CONTROL__STENCILFAIL_BF(stencil_op(back->fail_op)) |
                             DB_DEPTH_CONTROL__STENCILZPASS_BF(stencil_op(back->zpass_op)) |
                             DB_DEPTH_CONTROL__STENCILZFAIL_BF(stencil_op(back->zfail_op));
   }
   dsa->stencil_masks[0] = DB_STENCILREFMASK__STENCILMASK(front->valuemask) |
                           DB_STENCILREFMASK__STENCILWRITEMASK(front->writemask);
   dsa->stencil_masks[1] = DB_STENCILREFMASK_BF__STENCILMASK_BF(back->valuemask) |
                           DB_STENCILREFMASK_BF__STENCILWRITEMASK_BF(back->writemask);
   dsa->alpha_test = t->alpha_enabled;

   uint32_t alpha_test_control =
      SX_ALPHA_TEST_CONTROL__ALPHA_FUNC(compare_func(t->alpha_func)) |
      SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE(t->alpha_enabled ? SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE__ENABLE :
                                                                  SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE__DISABLE);
   r600_cs_init(&dsa->cb);
   cs_set_context_reg(&dsa->cb, REG_DB_DEPTH_CONTROL, db_depth_control);
   cs_set_context_reg(&dsa->cb, REG_SX_ALPHA_TEST_CONTROL, alpha_test_control);
   cs_set_context_reg(&dsa->cb, REG_SX_ALPHA_REF, cs_fui(t->alpha_ref_value));
   if (dsa->cb.failed) {
      r600_cs_fini(&dsa->cb);
      free(dsa);
      return NULL;
   }
   return dsa;
}

static void r600_bind_dsa_state(struct pipe_context *pctx, void *state)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->dsa = state;
   r600_mark_dirty(ctx, R600_ATOM_DSA);
   r600_mark_dirty(ctx, R600_ATOM_STENCIL_REF);
   r600_mark_dirty(ctx, R600_ATOM_DB_SHADER);
}

static void r600_delete_dsa_state(struct pipe_context *pctx, void *state)
{
   struct r600_dsa_state *dsa = state;
   r600_cs_fini(&dsa->cb);
   free(dsa);
}

void r600_emit_dsa(struct r600_context *ctx)
{
   if (ctx->dsa)
      cs_append(&ctx->cs, &ctx->dsa->cb);
}

static void r600_set_stencil_ref(struct pipe_context *pctx, struct pipe_stencil_ref ref)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->stencil_ref = ref;
   r600_mark_dirty(ctx, R600_ATOM_STENCIL_REF);
}

void r600_emit_stencil_ref(struct r600_context *ctx)
{
   if (!ctx->dsa)
      return;
   const struct r600_reg_value regs[] = {
      { REG_DB_STENCILREFMASK, ctx->dsa->stencil_masks[0] |
                               DB_STENCILREFMASK__STENCILREF(ctx->stencil_ref.ref_value[0]) },
      { REG_DB_STENCILREFMASK_BF, ctx->dsa->stencil_masks[1] |
                                  DB_STENCILREFMASK_BF__STENCILREF_BF(ctx->stencil_ref.ref_value[1]) },
   };
   cs_set_context_regs(&ctx->cs, regs, 2);
}

void r600_init_dsa_functions(struct r600_context *ctx)
{
   ctx->base.create_depth_stencil_alpha_state = r600_create_dsa_state;
   ctx->base.bind_depth_stencil_alpha_state = r600_bind_dsa_state;
   ctx->base.delete_depth_stencil_alpha_state = r600_delete_dsa_state;
   ctx->base.set_stencil_ref = r600_set_stencil_ref;
}
