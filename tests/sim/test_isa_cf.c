/* Control-flow tests on both chips and both engines: nested IF/ELSE with pop counts,
 * ALU_POP2_AFTER / ALU_ELSE_AFTER, PUSH / PUSH_ELSE / POP_JUMP / POP_PUSH / POP_PUSH_ELSE
 * with boolean constants, DX9 loops (SQ_LOOP_CONST count / init / inc, the loop index AL,
 * LOOP_START_NO_AL), DX10 loops with ALU_BREAK / ALU_CONTINUE / LOOP_CONTINUE, CALL /
 * RETURN nesting, CALL_COUNT and the call-depth limit, KILL, VALID_PIXEL_MODE and
 * WHOLE_QUAD_MODE, the stack limits (STACK_SIZE report, hard limit, underflow), the loop
 * limiter, the DX9 constant file, kcache LOCK_LOOP_INDEX and ALT_CONST, export variants,
 * and the encodings that are reported faults. Expected values are worked out here from
 * each program's structured meaning (cf_exec.c documents the semantics). */
#include <stdio.h>

#include "isa_harness.h"

#define ONE 0x3F800000u
#define FONE ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)
#define FZERO ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)
#define FHALF ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0_5)
#define PS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_PS, __VA_ARGS__ })

/* A clause of kind `kind` writing the float `v` to R<dst>.<chan>. */
static void alu_mov(struct prog *p, uint32_t kind, unsigned dst, unsigned chan, float v)
{
   alu_begin(p);
   alu(p, (struct alu){ OP2(MOV), dst, chan, .s0 = lit(0) }, true);
   lits(p, 1, (uint32_t[]){ U(v) });
   cf_alu(p, kind, (struct kcache){ 0 });
}

/* A clause of kind `kind` with PRED_SET<op> R<r>.<c>, 0 updating exec and predicate. */
static void alu_pred(struct prog *p, uint32_t kind, unsigned op, unsigned r, unsigned c)
{
   alu_begin(p);
   alu(p, (struct alu){ op, 0, 0, .nowrite = true, .s0 = gpr(r, c), .s1 = inl(FZERO), .upd_exec = true,
                        .upd_pred = true }, true);
   cf_alu(p, kind, (struct kcache){ 0 });
}

/* R1.x = a, R1.y = b per lane from two masks: bit l set -> 1.0, clear -> -1.0. */
static void set_ab(uint16_t a, uint16_t b)
{
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = U(a >> l & 1 ? 1.0f : -1.0f);
      init_lanes.gpr[1][1][l] = U(b >> l & 1 ? 1.0f : -1.0f);
   }
}

/* if (a > 0) { if (b > 0) R2.x = 1 else R2.x = 2 } else R2.x = 3;  R3.x = 4 */
static void test_nested_if(void)
{
   struct prog p;
   prog_init(&p);
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);   /* 0 */
   cf(&p, CFI(JUMP), 7, 0, false);                               /* 1 -> outer ELSE */
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 1);   /* 2 */
   cf(&p, CFI(JUMP), 5, 0, false);                               /* 3 -> inner ELSE */
   alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);                           /* 4 */
   cf(&p, CFI(ELSE), 7, 1, false);                               /* 5 */
   alu_mov(&p, ALUK(ALU_POP_AFTER), 2, 0, 2.0f);                 /* 6 */
   cf(&p, CFI(ELSE), 9, 1, false);                               /* 7 */
   alu_mov(&p, ALUK(ALU_POP_AFTER), 2, 0, 3.0f);                 /* 8 */
   alu_mov(&p, ALUK(ALU), 3, 0, 4.0f);                           /* 9 */
   cf(&p, CFI(NOP), 0, 0, true);                                 /* 10 */
   uint64_t va = upload_prog(&p);
   static const uint16_t masks[][2] = { { 0x0F0F, 0x3333 }, { 0xFFFF, 0xFFFF }, { 0xFFFF, 0 },
                                        { 0, 0x1234 }, { 0x8001, 0x0001 } };
   for (unsigned k = 0; k < sizeof(masks) / sizeof(masks[0]); k++) {
      set_ab(masks[k][0], masks[k][1]);
      uint16_t active = k == 4 ? 0x7FFF : 0xFFFF;
      char name[64];
      snprintf(name, sizeof(name), "nested if/else %u", k);
      if (!run_both(name, va, PS_RUN(.active = active)))
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         bool a = masks[k][0] >> l & 1, b = masks[k][1] >> l & 1, on = active >> l & 1;
         float want = !on ? 0.0f : a ? (b ? 1.0f : 2.0f) : 3.0f;
         check_u32(R(2, 0, l), U(want), "%s lane %u R2.x", name, l);
         check_u32(R(3, 0, l), on ? U(4.0f) : 0, "%s lane %u R3.x after the ENDIF", name, l);
      }
   }
}

/* if (a > 0) { if (b > 0) R4.x = 5 }  R5.x = 6  (ALU_POP2_AFTER, JUMPs with pops 1 and 2) */
static void test_pop2(void)
{
   struct prog p;
   prog_init(&p);
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);   /* 0 */
   cf(&p, CFI(JUMP), 5, 1, false);                               /* 1 */
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 1);   /* 2 */
   cf(&p, CFI(JUMP), 5, 2, false);                               /* 3 */
   alu_mov(&p, ALUK(ALU_POP2_AFTER), 4, 0, 5.0f);                /* 4 */
   alu_mov(&p, ALUK(ALU), 5, 0, 6.0f);                           /* 5 */
   cf(&p, CFI(NOP), 0, 0, true);
   uint64_t va = upload_prog(&p);
   static const uint16_t masks[][2] = { { 0x00FF, 0x0F0F }, { 0, 0xFFFF }, { 0xFFFF, 0 } };
   for (unsigned k = 0; k < 3; k++) {
      set_ab(masks[k][0], masks[k][1]);
      if (!run_both("ALU_POP2_AFTER", va, PS_RUN()))
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         bool both = (masks[k][0] & masks[k][1]) >> l & 1;
         check_u32(R(4, 0, l), both ? U(5.0f) : 0, "POP2 %u lane %u inner body", k, l);
         check_u32(R(5, 0, l), U(6.0f), "POP2 %u lane %u after both pops", k, l);
      }
   }
}

/* if (a > 0) R6.x = 7 else R6.x = 8 with ALU_ELSE_AFTER; R7.x = 9 */
static void test_else_after(void)
{
   struct prog p;
   prog_init(&p);
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);
   alu_mov(&p, ALUK(ALU_ELSE_AFTER), 6, 0, 7.0f);
   alu_mov(&p, ALUK(ALU_POP_AFTER), 6, 0, 8.0f);
   alu_mov(&p, ALUK(ALU), 7, 0, 9.0f);
   cf(&p, CFI(NOP), 0, 0, true);
   set_ab(0x5AA5, 0);
   if (!run_both("ALU_ELSE_AFTER", upload_prog(&p), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      check_u32(R(6, 0, l), U(0x5AA5 >> l & 1 ? 7.0f : 8.0f), "ELSE_AFTER lane %u", l);
      check_u32(R(7, 0, l), U(9.0f), "ELSE_AFTER lane %u after the pop", l);
   }
}

/* PUSH, PUSH_ELSE, POP_JUMP, POP_PUSH, POP_PUSH_ELSE with COND BOOL / NOT_BOOL on
 * SQ_BOOL_CONST bit 3 of the PS. R2.x = 1 where the conditional part runs, R3.x = 2 after. */
static void test_push_variants(void)
{
   for (unsigned form = 0; form < 5; form++) {
      struct prog p;
      prog_init(&p);
      const char *name = "";
      unsigned bool3 = CONDV(BOOL);
      switch (form) {
      case 0:   /* PUSH (jumps without pushing when no lane passes) */
         name = "PUSH";
         cf_full(&p, (struct cfw){ .inst = CFI(PUSH), .addr = 3, .cond = bool3, .cf_const = 3 });
         alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
         cf(&p, CFI(POP), 3, 1, false);
         break;
      case 1:   /* PUSH_ELSE with NOT_BOOL: always pushes */
         name = "PUSH_ELSE";
         cf_full(&p, (struct cfw){ .inst = CFI(PUSH_ELSE), .addr = 2, .cond = CONDV(NOT_BOOL), .cf_const = 3 });
         alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
         cf(&p, CFI(POP), 3, 1, false);
         break;
      case 2:   /* POP_JUMP after a data-dependent push */
         name = "POP_JUMP";
         alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);
         cf_full(&p, (struct cfw){ .inst = CFI(POP_JUMP), .addr = 3, .pop = 1, .cond = bool3, .cf_const = 3 });
         alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
         break;
      case 3:
         name = "POP_PUSH";
         alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);
         cf_full(&p, (struct cfw){ .inst = CFI(POP_PUSH), .addr = 4, .pop = 1, .cond = bool3, .cf_const = 3 });
         alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
         cf(&p, CFI(POP), 4, 1, false);
         break;
      default:
         name = "POP_PUSH_ELSE";
         alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);
         cf_full(&p, (struct cfw){ .inst = CFI(POP_PUSH_ELSE), .addr = 3, .pop = 1, .cond = bool3, .cf_const = 3 });
         alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
         cf(&p, CFI(POP), 4, 1, false);
         break;
      }
      alu_mov(&p, ALUK(ALU), 3, 0, 2.0f);
      cf(&p, CFI(NOP), 0, 0, true);
      uint64_t va = upload_prog(&p);
      for (unsigned set = 0; set < 2; set++) {
         set_reg(REG_SQ_BOOL_CONST_0, set ? 1u << 3 : 0xFFFFFFF7u);
         set_ab(0x0FF0, 0);
         char label[64];
         snprintf(label, sizeof(label), "%s, bool %s", name, set ? "set" : "clear");
         if (!run_both(label, va, PS_RUN()))
            continue;
         bool runs = form == 1 ? !set : set;
         for (unsigned l = 0; l < SIM_LANES; l++) {
            check_u32(R(2, 0, l), runs ? ONE : 0, "%s lane %u conditional part", label, l);
            check_u32(R(3, 0, l), U(2.0f), "%s lane %u after the pop", label, l);
         }
      }
   }
   set_reg(REG_SQ_BOOL_CONST_0, 0);
}

static void set_loop_const(unsigned index, unsigned count, unsigned init, int inc)
{
   set_reg(REG_SQ_LOOP_CONST_0 + 4 * index, SQ_LOOP_CONST_0__COUNT(count) |
                                              SQ_LOOP_CONST_0__INIT(init) | SQ_LOOP_CONST_0__INC((uint32_t)inc & 0xFF));
}

/* DX9 loops: COUNT iterations, AL = INIT, INIT + INC, ... used by INDEX_MODE LOOP reads;
 * AL is 0 again after the loop; LOOP_START_NO_AL leaves AL alone; count 0 skips. */
static void test_dx9_loops(void)
{
   const unsigned LOOPI = ENU(SQ_ALU_WORD0, INDEX_MODE, SQ_INDEX_LOOP);
   struct { uint32_t inst; unsigned count, init; int inc; } cases[] = {
      { CFI(LOOP_START), 5, 2, 3 }, { CFI(LOOP_START), 3, 10, -1 }, { CFI(LOOP_START_NO_AL), 3, 10, 1 },
      { CFI(LOOP_START), 0, 0, 1 },
   };
   for (unsigned k = 0; k < 4; k++) {
      struct prog p;
      prog_init(&p);
      cf_full(&p, (struct cfw){ .inst = cases[k].inst, .addr = 3, .cf_const = 7 });   /* 0 */
      alu_begin(&p);                                                                /* 1 */
      alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(2, 0), .s1 = relg(20, 0), .index_mode = LOOPI }, false);
      alu(&p, (struct alu){ OP2(ADD), 3, 1, .s0 = gpr(3, 1), .s1 = inl(FONE) }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(LOOP_END), 1, 0, false);                                           /* 2 */
      alu_begin(&p);                                                                /* 3 */
      alu(&p, (struct alu){ OP2(MOV), 4, 0, .s0 = relg(20, 0), .index_mode = LOOPI }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      set_loop_const(7, cases[k].count, cases[k].init, cases[k].inc);
      clear_lanes();
      for (unsigned r = 20; r < 40; r++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[r][0][l] = U((float)(r * 100 + l));
      char name[64];
      snprintf(name, sizeof(name), "DX9 loop %u", k);
      if (!run_both(name, upload_prog(&p), PS_RUN()))
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         float sum = 0.0f;
         int al = k == 2 ? 0 : (int)cases[k].init;
         for (unsigned i = 0; i < cases[k].count; i++, al += k == 2 ? 0 : cases[k].inc)
            sum += (float)((20 + al) * 100 + (int)l);
         check_u32(R(2, 0, l), U(sum), "%s lane %u sum of R[20 + AL]", name, l);
         check_u32(R(3, 1, l), U((float)cases[k].count), "%s lane %u iterations", name, l);
         check_u32(R(4, 0, l), U((float)(2000 + l)), "%s lane %u AL is 0 after the loop", name, l);
      }
   }
}

/* DX10 loop: i counts up to n = lane % 5 (ALU_BREAK when !(n > i)); odd i continue
 * (ALU_CONTINUE or a LOOP_CONTINUE under ALU_PUSH_BEFORE / POP); R3.x counts even i. */
static void test_dx10_loop(bool cf_continue)
{
   struct prog p;
   prog_init(&p);
   unsigned end = cf_continue ? 8 : 6;
   cf(&p, CFI(LOOP_START_DX10), end, 0, false);                    /* 0 */
   alu_begin(&p);                                                  /* 1: break if i >= n */
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = gpr(2, 0),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_BREAK), (struct kcache){ 0 });
   alu_begin(&p);                                                  /* 2: i++, parity of old i */
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(2, 0), .s1 = inl(FONE) }, false);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 5, 0, .s0 = gpr(2, 0), .s1 = inl(FHALF) }, true);
   alu(&p, (struct alu){ OP2(FRACT), 5, 1, .s0 = ps() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   if (cf_continue) {
      alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETNE), 5, 1);   /* 3: odd lanes */
      cf(&p, CFI(LOOP_CONTINUE), 7, 0, false);                       /* 4 */
      cf(&p, CFI(POP), 6, 1, false);                                 /* 5 */
   } else {
      alu_pred(&p, ALUK(ALU_CONTINUE), OP2(PRED_SETE), 5, 1);        /* 3: even stay */
   }
   alu_begin(&p);                                                  /* count even i */
   alu(&p, (struct alu){ OP2(ADD), 3, 0, .s0 = gpr(3, 0), .s1 = inl(FONE) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = U((float)(l % 5));
   const char *name = cf_continue ? "DX10 loop, LOOP_CONTINUE" : "DX10 loop, ALU_BREAK / ALU_CONTINUE";
   if (!run_both(name, upload_prog(&p), PS_RUN(.active = 0xFFFE)))
      return;
   for (unsigned l = 1; l < SIM_LANES; l++) {
      unsigned n = l % 5;
      check_u32(R(2, 0, l), U((float)n), "%s lane %u final i", name, l);
      check_u32(R(3, 0, l), U((float)((n + 1) / 2)), "%s lane %u even iterations", name, l);
   }
   check_u32(R(2, 0, 0), 0, "%s: an inactive lane is untouched", name);
}

/* CALL / RETURN: two calls, a nested call; CALL_COUNT skips past depth 32; recursion. */
static void test_calls(void)
{
   struct prog p;
   prog_init(&p);
   alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);                                          /* 0 */
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 6, .call_count = 1 });   /* 1 */
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 6, .call_count = 1 });   /* 2 */
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 8, .call_count = 1 });   /* 3 */
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 6, .call_count = 1,      /* 4: bool false */
                             .cond = CONDV(BOOL), .cf_const = 5 });
   cf(&p, CFI(NOP), 0, 0, true);                                                 /* 5 */
   alu_begin(&p);                                                                /* 6: R2.x *= 2 */
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(2, 0), .s1 = gpr(2, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(RETURN), 0, 0, false);                                             /* 7 */
   alu_mov(&p, ALUK(ALU), 3, 0, 1.0f);                                           /* 8 */
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 6, .call_count = 1 });   /* 9 */
   cf(&p, CFI(RETURN), 0, 0, false);                                             /* 10 */
   set_reg(REG_SQ_BOOL_CONST_0, 0);
   clear_lanes();
   if (run_both("CALL / RETURN", upload_prog(&p), PS_RUN()))
      for (unsigned l = 0; l < SIM_LANES; l++) {
         check_u32(R(2, 0, l), U(8.0f), "three calls double R2.x, the conditional one is skipped");
         check_u32(R(3, 0, l), ONE, "the nested call's caller ran");
      }

   /* depth: each call adds 8; the fifth nested call would exceed 32 and is skipped */
   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 2, .call_count = 8 });   /* 0 */
   cf(&p, CFI(NOP), 0, 0, true);                                                 /* 1 */
   alu_begin(&p);                                                                /* 2 */
   alu(&p, (struct alu){ OP2(ADD), 3, 0, .s0 = gpr(3, 0), .s1 = inl(FONE) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 2, .call_count = 8 });   /* 3 */
   cf(&p, CFI(RETURN), 0, 0, false);                                             /* 4 */
   clear_lanes();
   if (run_both("CALL_COUNT depth", upload_prog(&p), PS_RUN()))
      check_u32(R(3, 0, 5), U(4.0f), "four nested calls of CALL_COUNT 8 run, the fifth is skipped");

   /* CALL_COUNT 0 recursion: the 32-entry call stack overflows */
   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 2 });
   cf(&p, CFI(NOP), 0, 0, true);
   cf_full(&p, (struct cfw){ .inst = CFI(CALL), .addr = 2 });
   cf(&p, CFI(RETURN), 0, 0, false);
   expect_fault("CALL recursion", upload_prog(&p), PS_RUN(), "call stack overflow");

   prog_init(&p);
   cf(&p, CFI(RETURN), 0, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("RETURN without CALL", upload_prog(&p), PS_RUN(), "RETURN without a CALL");
}

/* KILL (CF): kills the active lanes; jumps when every launched lane is killed. */
static void test_cf_kill(void)
{
   struct prog p;
   prog_init(&p);
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);   /* 0 */
   cf(&p, CFI(KILL), 4, 0, false);                               /* 1 */
   cf(&p, CFI(POP), 3, 1, false);                                /* 2 */
   alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);                           /* 3 */
   cf(&p, CFI(NOP), 0, 0, true);                                 /* 4 */
   uint64_t va = upload_prog(&p);
   set_ab(0x0F0F, 0);
   if (run_both("KILL some lanes", va, PS_RUN(.active = 0x7FFF))) {
      check(res_interp.out.killed == (0x0F0F & 0x7FFF), "KILL kills the active lanes passing (0x%04x)",
            res_interp.out.killed);
      for (unsigned l = 0; l < SIM_LANES; l++)
         check_u32(R(2, 0, l), (0x7FFF & ~0x0F0F) >> l & 1 ? ONE : 0, "lane %u after KILL", l);
   }
   set_ab(0xFFFF, 0);
   if (run_both("KILL every lane", va, PS_RUN()))
      for (unsigned l = 0; l < SIM_LANES; l++)
         check_u32(R(2, 0, l), 0, "every lane killed: KILL jumps past the rest");
}

/* VALID_PIXEL_MODE (TEX PASS, export) and WHOLE_QUAD_MODE (ALU clause, export, KILL). */
static void test_pixel_modes(void)
{
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   const unsigned xyzw[4] = { TSRC(X), TSRC(Y), TSRC(Z), TSRC(W) };
   clause_dw(&p, FLD(SQ_TEX_WORD0, TEX_INST, TEXI(PASS)) | FLD(SQ_TEX_WORD0, SRC_GPR, 1),
             FLD(SQ_TEX_WORD1, DST_GPR, 2) | FLD(SQ_TEX_WORD1, DST_SEL_X, TDST(X)) |
                FLD(SQ_TEX_WORD1, DST_SEL_Y, TDST(Y)) | FLD(SQ_TEX_WORD1, DST_SEL_Z, TDST(Z)) |
                FLD(SQ_TEX_WORD1, DST_SEL_W, TDST(W)));
   clause_dw(&p, FLD(SQ_TEX_WORD2, SRC_SEL_X, xyzw[0]) | FLD(SQ_TEX_WORD2, SRC_SEL_Y, xyzw[1]) |
                    FLD(SQ_TEX_WORD2, SRC_SEL_Z, xyzw[2]) | FLD(SQ_TEX_WORD2, SRC_SEL_W, xyzw[3]), 0);
   cf_full(&p, (struct cfw){ .inst = CFI(TEX), .addr = at, .count = 1, .vpm = true });      /* 0 */
   cf_export(&p, (struct cf_exp){ .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL), .base = 0,
                                  .gpr = 1, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .vpm = true });
   cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                  .base = 1, .gpr = 1, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .eop = true });
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = 100 + l;
   if (run_both("VALID_PIXEL_MODE", upload_prog(&p), PS_RUN(.active = 0xFFFF, .valid = 0x8421)))
      for (unsigned l = 0; l < SIM_LANES; l++) {
         bool valid = 0x8421 >> l & 1;
         check_u32(R(2, 0, l), valid ? 100 + l : 0, "VPM TEX clause lane %u", l);
         check_u32(res_interp.out.pixel[0][0][l], valid ? 100 + l : 0, "VPM export lane %u", l);
         check_u32(res_interp.out.pixel[1][0][l], 100 + l, "plain export lane %u", l);
      }

   /* a branch leaves lanes 0, 5 and 8 active: WQM instructions run on quads 0..2 */
   prog_init(&p);
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);   /* 0 */
   alu_begin(&p);                                                /* 1 */
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = inl(FONE) }, true);
   cf_alu_ex(&p, ALUK(ALU), (struct cf_alu_opts){ .wqm = true });
   alu_mov(&p, ALUK(ALU), 3, 0, 1.0f);                           /* 2 */
   cf_export(&p, (struct cf_exp){ .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL), .base = 0,
                                  .gpr = 2, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .wqm = true });
   cf_full(&p, (struct cfw){ .inst = CFI(KILL), .addr = 6, .wqm = true });   /* 4 */
   cf(&p, CFI(POP), 6, 1, false);                                /* 5 */
   cf(&p, CFI(NOP), 0, 0, true);                                 /* 6 */
   set_ab(0x0121, 0);
   if (run_both("WHOLE_QUAD_MODE", upload_prog(&p), PS_RUN())) {
      for (unsigned l = 0; l < SIM_LANES; l++) {
         bool quad = (0x0FFF >> l) & 1, act = 0x0121 >> l & 1;
         check_u32(R(2, 0, l), quad ? ONE : 0, "WQM ALU clause lane %u", l);
         check_u32(R(3, 0, l), act ? ONE : 0, "after WQM the active mask is unchanged, lane %u", l);
         check_u32(res_interp.out.pixel[0][0][l], quad ? ONE : 0, "WQM export lane %u", l);
      }
      check(res_interp.out.killed == 0x0FFF, "WQM KILL kills whole quads (0x%04x)", res_interp.out.killed);
   }
}

/* Stack accounting: STACK_SIZE overflow is reported, the hard limit (255 entries) faults. */
static void test_stack_limits(void)
{
   struct prog p;
   prog_init(&p);
   cf(&p, CFI(LOOP_START_DX10), 5, 0, false);                    /* 0: 4 elements */
   alu_pred(&p, ALUK(ALU_PUSH_BEFORE), OP2(PRED_SETGT), 1, 0);   /* 1: +1 = 5 -> 2 entries */
   cf(&p, CFI(POP), 3, 1, false);                                /* 2 */
   cf(&p, CFI(LOOP_BREAK), 4, 0, false);                         /* 3 */
   cf(&p, CFI(LOOP_END), 1, 0, false);                           /* 4 */
   cf(&p, CFI(NOP), 0, 0, true);                                 /* 5 */
   uint64_t va = upload_prog(&p);
   set_ab(0xFFFF, 0);
   if (run_both("stack within STACK_SIZE", va, PS_RUN(.stack_size = 2)))
      check(!res_interp.stack_overflow, "5 elements fit in STACK_SIZE 2 (no report)");
   if (run_both("stack over STACK_SIZE", va, PS_RUN(.stack_size = 1)))
      check(res_interp.stack_overflow, "5 elements exceed STACK_SIZE 1: reported, not a fault");

   /* 1021 nested PUSHes: one element each, past 255 entries of 4 */
   prog_init_cf(&p, 1100);
   for (unsigned i = 0; i < 1021; i++)
      cf(&p, CFI(PUSH), 1021, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("hard stack limit", upload_prog(&p), PS_RUN(.stack_size = 255), "stack overflow");
   check(strstr(res_interp.fault, "CF 1020") != NULL, "the overflow is at CF 1020 (%s)", res_interp.fault);

   prog_init(&p);
   cf(&p, CFI(POP), 1, 1, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("stack underflow", upload_prog(&p), PS_RUN(), "stack underflow");
   prog_init(&p);
   cf(&p, CFI(ELSE), 1, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("ELSE without push", upload_prog(&p), PS_RUN(), "ELSE without a matching push");
   prog_init(&p);
   cf(&p, CFI(LOOP_END), 0, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("LOOP_END without loop", upload_prog(&p), PS_RUN(), "LOOP_END without");
   prog_init(&p);
   cf(&p, CFI(LOOP_START_DX10), 3, 0, false);
   alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("runaway loop", upload_prog(&p), PS_RUN(), "runaway loop");
}

/* The DX9 constant file (SQ_CONFIG.DX9_CONSTS, SQ_ALU_CONSTANT*: PS c0..255, VS c256..511),
 * relative reads through AR, its range, ALT_CONST; kcache LOCK_LOOP_INDEX and ALT_CONST. */
static void test_constants(void)
{
   for (unsigned c = 0; c < 512; c++)
      for (unsigned k = 0; k < 4; k++)
         set_reg(REG_SQ_ALU_CONSTANT0_0 + 16 * c + 4 * k, U((float)(c * 10 + k)));
   set_reg(REG_SQ_CONFIG, SQ_CONFIG__DX9_CONSTS(1));
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOVA_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0) }, true);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = cfile(5, 1) }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = (struct src){ 256 + 4, 2, false, false, true } }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   uint64_t va = upload_prog(&p);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = l % 4;
   for (unsigned s = 0; s < 2; s++) {
      enum sim_stage stage = s ? SIM_STAGE_VS : SIM_STAGE_PS;
      unsigned base = s ? 256 : 0;
      if (!run_both("constant file", va, (struct run_opts){ .stage = stage }))
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         check_u32(R(2, 0, l), U((float)((base + 5) * 10 + 1)), "%s c5.y", s ? "VS" : "PS");
         check_u32(R(2, 1, l), U((float)((base + 4 + l % 4) * 10 + 2)), "%s c[4 + AR.x].z", s ? "VS" : "PS");
      }
   }
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = l == 3 ? 255 : 0;
   expect_fault("constant file index out of range", va, PS_RUN(), "constant-file index");
   set_reg(REG_SQ_CONFIG, 0);
   expect_fault("constant file without DX9_CONSTS", va, PS_RUN(), "DX9_CONSTS = 0");
   set_reg(REG_SQ_CONFIG, SQ_CONFIG__DX9_CONSTS(1));
   if (R7) {
      prog_init(&p);
      alu_begin(&p);
      alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = cfile(5, 1) }, true);
      cf_alu_ex(&p, ALUK(ALU), (struct cf_alu_opts){ .alt_const = true });
      cf(&p, CFI(NOP), 0, 0, true);
      if (run_both("ALT_CONST constant file", upload_prog(&p), PS_RUN()))
         check_u32(R(2, 0, 0), U(2611.0f), "ALT_CONST in a PS reads the VS constants");
   }
   set_reg(REG_SQ_CONFIG, 0);

   /* kcache LOCK_LOOP_INDEX: AL = 16, 32 -> lines 1 + 1, 1 + 2 */
   static float cb[64][4];
   for (unsigned i = 0; i < 64; i++)
      for (unsigned c = 0; c < 4; c++)
         cb[i][c] = (float)(i * 4 + c);
   uint64_t cva = upload(cb, sizeof(cb));
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(cva >> 8));
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 4);
   set_loop_const(2, 2, 16, 16);
   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(LOOP_START), .addr = 3, .cf_const = 2 });
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(2, 0), .s1 = kc(0, 3, 1) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_LOOP_INDEX),
                                         .addr0 = 1 });
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   if (run_both("kcache LOCK_LOOP_INDEX", upload_prog(&p), PS_RUN()))
      check_u32(R(2, 0, 0), U((float)((2 * 16 + 3) * 4 + 1 + (3 * 16 + 3) * 4 + 1)),
                "lines 2 and 3 (constants 35.y + 51.y)");
   if (R7) {
      set_reg(REG_SQ_ALU_CONST_CACHE_VS_0, (uint32_t)(cva >> 8));
      set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, 1);
      set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 0);
      prog_init(&p);
      alu_begin(&p);
      alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = kc(0, 7, 2) }, true);
      cf_alu_ex(&p, ALUK(ALU), (struct cf_alu_opts){
         .kc = { .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_1) }, .alt_const = true });
      cf(&p, CFI(NOP), 0, 0, true);
      clear_lanes();
      if (run_both("kcache ALT_CONST", upload_prog(&p), PS_RUN()))
         check_u32(R(2, 0, 0), U(30.0f), "ALT_CONST in a PS locks the VS constant buffer");
   }
}

/* Exports: the fog variants of PIXEL (16..23), RW_REL with AL, bursts. */
static void test_exports(void)
{
   set_loop_const(4, 1, 3, 0);
   struct prog p;
   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(LOOP_START), .addr = 3, .cf_const = 4 });   /* AL = 3 */
   cf_export(&p, (struct cf_exp){ .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL), .base = 17,
                                  .gpr = 10, .burst = 2, .rel = true, .sel = { SEL(X), SEL(1), SEL(0), SEL(MASK) } });
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                  .base = 0, .gpr = 10, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .eop = true });
   clear_lanes();
   for (unsigned r = 10; r < 16; r++)
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[r][0][l] = 1000 * r + l;
   if (!run_both("exports", upload_prog(&p), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l += 3) {
      check_u32(res_interp.out.pixel[1][0][l], 13000 + l, "PIXEL 17 = colour 1 from R[10 + AL]");
      check_u32(res_interp.out.pixel[2][0][l], 14000 + l, "burst: colour 2 from R[11 + AL]");
      check(res_interp.out.pixel[1][1][l] == ONE && res_interp.out.pixel[1][2][l] == 0 &&
            res_interp.out.pixel[1][3][l] == 0, "SEL_1 / SEL_0 / SEL_MASK");
      check_u32(res_interp.out.pixel[0][0][l], 10000 + l, "PIXEL 0");
   }
   check(res_interp.out.pixel_mask == 0x7, "colours 0..2 exported (mask 0x%x)", res_interp.out.pixel_mask);
}

/* R7xx END_PROGRAM, WAIT_ACK and TEX_ACK. */
static void test_r7_cf(void)
{
   if (!R7)
      return;
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   clause_dw(&p, FLD(SQ_TEX_WORD0, TEX_INST, TEXI(PASS)) | FLD(SQ_TEX_WORD0, SRC_GPR, 1),
             FLD(SQ_TEX_WORD1, DST_GPR, 2) | FLD(SQ_TEX_WORD1, DST_SEL_X, TDST(X)) |
                FLD(SQ_TEX_WORD1, DST_SEL_Y, TDST(MASK)) | FLD(SQ_TEX_WORD1, DST_SEL_Z, TDST(MASK)) |
                FLD(SQ_TEX_WORD1, DST_SEL_W, TDST(MASK)));
   clause_dw(&p, FLD(SQ_TEX_WORD2, SRC_SEL_X, TSRC(X)), 0);
   cf(&p, R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_WAIT_ACK, 0, 0, false);
   cf_fetch(&p, R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_TEX_ACK, at, 1);
   cf(&p, R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_END_PROGRAM, 0, 0, false);
   alu_mov(&p, ALUK(ALU), 3, 0, 1.0f);   /* after END_PROGRAM: never read */
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = 7 * l;
   if (run_both("END_PROGRAM, WAIT_ACK, TEX_ACK", upload_prog(&p), PS_RUN()))
      for (unsigned l = 0; l < SIM_LANES; l++) {
         check_u32(R(2, 0, l), 7 * l, "TEX_ACK runs its clause");
         check_u32(R(3, 0, l), 0, "END_PROGRAM ends the program");
      }
}

/* Encodings that are reported faults. */
static void test_cf_faults(void)
{
   struct prog p;
   const uint32_t gs[3] = { CFI(EMIT_VERTEX), CFI(EMIT_CUT_VERTEX), CFI(CUT_VERTEX) };
   for (unsigned k = 0; k < 3; k++) {
      prog_init(&p);
      cf(&p, gs[k], 0, 0, false);
      cf(&p, CFI(NOP), 0, 0, true);
      expect_fault("GS emit", upload_prog(&p), PS_RUN(), "geometry-shader instruction");
   }
#define MEMX(n) ENU(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_MEM_##n)
   /* (MEM_SCRATCH is modelled: test_isa_scratch.c) */
   const uint32_t mems[7] = { MEMX(STREAM0), MEMX(STREAM1), MEMX(STREAM2), MEMX(STREAM3),
                              MEMX(REDUCTION), MEMX(RING), R7 ? R7_SQ_CF_ALLOC_EXPORT_WORD1__CF_INST__SQ_CF_INST_MEM_EXPORT : 0 };
   for (unsigned k = 0; k < (R7 ? 7u : 6u); k++) {
      prog_init(&p);
      cf_export(&p, (struct cf_exp){ .inst = mems[k], .eop = true });
      expect_fault("MEM_* export", upload_prog(&p), PS_RUN(), "memory exports");
   }

   /* COND FALSE: a JUMP whose lanes all fail jumps */
   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(JUMP), .addr = 2, .cond = CONDV(FALSE) });
   alu_mov(&p, ALUK(ALU), 2, 0, 1.0f);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   if (run_both("JUMP COND FALSE", upload_prog(&p), PS_RUN()))
      check_u32(R(2, 0, 3), 0, "COND FALSE: no lane passes, the JUMP is taken");

   prog_init(&p);
   cf(&p, R7 ? 30 : 25, 0, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("reserved CF_INST", upload_prog(&p), PS_RUN(), "reserved CF instruction");

   prog_init(&p);
   cf(&p, CFI(JUMP), 40, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("jump target", upload_prog(&p), PS_RUN(), "jump target 40 outside");

   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(KILL), .addr = 1, .cond = CONDV(BOOL) });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("KILL with COND BOOL", upload_prog(&p), PS_RUN(), "COND other than ACTIVE");

   prog_init(&p);
   cf_full(&p, (struct cfw){ .inst = CFI(NOP), .vpm = true, .wqm = true, .eop = true });
   expect_fault("both pixel modes", upload_prog(&p), PS_RUN(), "both WHOLE_QUAD_MODE and VALID_PIXEL_MODE");

   prog_init(&p);
   cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS),
                                  .base = 59, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .eop = true });
   expect_fault("export ARRAY_BASE", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_VS }, "out of range");
}

int main(void)
{
   machine_init();
   static const enum hw_chip chips[2] = { HW_CHIP_R7XX, HW_CHIP_R6XX };
   for (unsigned k = 0; k < 2; k++) {
      chip = chips[k];
      machine_reset_regs();
      test_nested_if();
      test_pop2();
      test_else_after();
      test_push_variants();
      test_dx9_loops();
      test_dx10_loop(false);
      test_dx10_loop(true);
      test_calls();
      test_cf_kill();
      test_pixel_modes();
      test_stack_limits();
      test_constants();
      test_exports();
      test_r7_cf();
      test_cf_faults();
   }
   return check_report();
}
