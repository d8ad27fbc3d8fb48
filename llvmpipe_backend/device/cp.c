/* The command processor (see cp.h). Packet bodies per docs/r600-hardware-notes.md §2.4.
 * The pixels of draws may still be pending on the raster threads (draw.h): register writes
 * and draws go on, every other packet first completes them (sim_draw_sync), as does the end
 * of the command buffer and a fault (sim_fault's before_fault). */
#include "device/cp.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "common/debug.h"
#include "common/exec.h"
#include "common/gpu_memory.h"
#include "common/unimpl.h"
#include "common/watchdog.h"
#include "device/pm4_packet.h"
#include "geometry/draw.h"
#include "pixel/db.h"
#include "hw_regdb.h"
#include "r600_pm4.h"
#include "r600_regs.h"

static const char *opcode_name(unsigned opcode)
{
   const struct hw_pm4_opcode *op = hw_find_pm4_opcode((uint8_t)opcode);
   return op ? op->name : "unknown";
}

static void set_reg(struct sim_exec *ex, uint32_t byte_offset, uint32_t value)
{
   ex->regs[byte_offset / 4] = value;
   sim_draw_regs_written(ex, byte_offset / 4, 1);
}

static bool expect_len(struct sim_exec *ex, const struct sim_pm4_packet *p, unsigned min,
                       unsigned max)
{
   if (p->body_ndw >= min && p->body_ndw <= max)
      return true;
   if (min == max)
      sim_fault(ex, 0, "%s: body has %u dwords, expected %u", opcode_name(p->opcode),
                p->body_ndw, min);
   else
      sim_fault(ex, 0, "%s: body has %u dwords, expected %u..%u", opcode_name(p->opcode),
                p->body_ndw, min, max);
   return false;
}

static void exec_set(struct sim_exec *ex, const struct sim_pm4_packet *p,
                     const struct sim_pm4_window *w)
{
   if (p->body_ndw < 2) {
      sim_fault(ex, 0, "%s without register values", w->name);
      return;
   }
   uint64_t index = p->body[0];
   uint64_t count = p->body_ndw - 1;
   uint64_t start = w->start + 4 * index;
   if (start >= w->end || count > (w->end - start) / 4) {
      sim_fault(ex, 0, "%s: registers 0x%llX..+%llu dwords outside the window 0x%05X..0x%05X",
                w->name, (unsigned long long)start, (unsigned long long)count, w->start,
                w->end);
      return;
   }
   if (index % w->group || count % w->group) {
      sim_fault(ex, 0, "%s: index %llu / %llu values not whole %u-dword slots", w->name,
                (unsigned long long)index, (unsigned long long)count, w->group);
      return;
   }
   memcpy(&ex->regs[start / 4], &p->body[1], count * 4);
   sim_draw_regs_written(ex, (uint32_t)(start / 4), (uint32_t)count);
}

static void exec_type0(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if ((uint64_t)p->reg / 4 + p->body_ndw > SIM_REG_SPACE_DWORDS) {
      sim_fault(ex, 0, "type-0 packet writes past the register space (0x%05X + %u dwords)",
                p->reg, p->body_ndw);
      return;
   }
   memcpy(&ex->regs[p->reg / 4], p->body, p->body_ndw * 4ull);
   sim_draw_regs_written(ex, p->reg / 4, p->body_ndw);
}

/* The GPU clock EOP DATA_SEL 3 writes: nanoseconds of the host's monotonic clock, i.e. a
 * HW_GPU_CLOCK_HZ counter (include/hw/hw_chip.h, docs/queries.md). */
static uint64_t gpu_clock(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Writes `bytes` (4 or 8) of `value` at va; faults on a bad address. */
static void mem_write(struct sim_exec *ex, uint64_t va, uint64_t value, unsigned bytes)
{
   if (va % 4) {
      sim_fault(ex, va, "%u-byte memory write to a misaligned address", bytes);
      return;
   }
   uint8_t *dst = sim_mem_range(ex->mem, va, bytes);
   if (!dst) {
      sim_fault(ex, va, "memory write outside any buffer");
      return;
   }
   uint32_t lo = (uint32_t)value, hi = (uint32_t)(value >> 32);
   memcpy(dst, &lo, 4);
   if (bytes == 8)
      memcpy(dst + 4, &hi, 4);
}

static void exec_event_write(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if (p->body_ndw != 1 && p->body_ndw != 3) {
      expect_len(ex, p, 1, 1);
      return;
   }
   set_reg(ex, REG_VGT_EVENT_INITIATOR, p->body[0]);
   if (p->body_ndw == 3) {
      /* Events with an address write counters: ZPASS_DONE the DBs' sample counts (db.c);
       * SAMPLE_PIPELINESTAT and SAMPLE_STREAMOUTSTATS are not implemented. */
      uint64_t va = p->body[1] | ((uint64_t)PM4_EVENT_WRITE__ADDRESS_HI__get(p->body[2]) << 32);
      unsigned type = VGT_EVENT_INITIATOR__EVENT_TYPE__get(p->body[0]);
      if (type == VGT_EVENT_INITIATOR__EVENT_TYPE__ZPASS_DONE) {
         sim_db_zpass_done(ex, va);
         return;
      }
      if (!sim_mem_range(ex->mem, va, 8)) {
         sim_fault(ex, va, "EVENT_WRITE: address outside any buffer");
         return;
      }
      sim_unimpl_field(ex->chip, REG_VGT_EVENT_INITIATOR, "EVENT_TYPE", type,
                       "counters not written");
   }
}

static void exec_event_write_eop(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if (!expect_len(ex, p, 5, 5))
      return;
   set_reg(ex, REG_VGT_EVENT_INITIATOR, p->body[0]);
   uint64_t va = p->body[1] | ((uint64_t)PM4_EVENT_WRITE_EOP__ADDRESS_HI__get(p->body[2]) << 32);
   switch (PM4_EVENT_WRITE_EOP__DATA_SEL__get(p->body[2])) {
   case 0:   /* discard */
      break;
   case 1:   /* low 32 bits of the data */
      mem_write(ex, va, p->body[3], 4);
      break;
   case 2:   /* 64 bits of data */
      mem_write(ex, va, p->body[3] | ((uint64_t)p->body[4] << 32), 8);
      break;
   case 3:   /* 64-bit GPU clock */
      mem_write(ex, va, gpu_clock(), 8);
      break;
   default:
      sim_fault(ex, va, "EVENT_WRITE_EOP: reserved DATA_SEL %u", PM4_EVENT_WRITE_EOP__DATA_SEL__get(p->body[2]));
   }
}

static void exec_mem_write(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if (!expect_len(ex, p, 4, 4))
      return;
   uint64_t va = p->body[0] | ((uint64_t)PM4_MEM_WRITE__ADDRESS_HI__get(p->body[1]) << 32);
   if (PM4_MEM_WRITE__DATA32__get(p->body[1]))
      mem_write(ex, va, p->body[2], 4);
   else
      mem_write(ex, va, p->body[2] | ((uint64_t)p->body[3] << 32), 8);
}

/* CP_DMA: memory-to-memory copies (hardware notes §2.4). The CP runs packets in order and
 * the pixels of earlier draws are complete (exec_type3), so CP_SYNC needs nothing more.
 * Register address spaces and byte swaps are not implemented: faults. */
static void exec_cp_dma(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if (!expect_len(ex, p, 5, 5))
      return;
   uint64_t src = p->body[0] | ((uint64_t)PM4_CP_DMA__SRC_ADDR_HI__get(p->body[1]) << 32);
   uint64_t dst = p->body[2] | ((uint64_t)PM4_CP_DMA__DST_ADDR_HI__get(p->body[3]) << 32);
   uint32_t cmd = p->body[4];
   if (PM4_CP_DMA__SAS__get(cmd) || PM4_CP_DMA__DAS__get(cmd) || PM4_CP_DMA__SAIC__get(cmd) ||
       PM4_CP_DMA__DAIC__get(cmd) || PM4_CP_DMA__SRC_SWAP__get(cmd) ||
       PM4_CP_DMA__DST_SWAP__get(cmd)) {
      sim_fault(ex, dst, "CP_DMA: command 0x%08X asks for registers, fixed addresses or swaps "
                "(not implemented)", cmd);
      return;
   }
   uint32_t bytes = PM4_CP_DMA__BYTE_COUNT__get(cmd);
   if (!bytes)
      return;
   const uint8_t *from = sim_mem_range(ex->mem, src, bytes);
   uint8_t *to = sim_mem_range(ex->mem, dst, bytes);
   if (!from || !to) {
      sim_fault(ex, from ? dst : src, "CP_DMA: %u bytes from 0x%llX to 0x%llX outside any buffer",
                bytes, (unsigned long long)src, (unsigned long long)dst);
      return;
   }
   memmove(to, from, bytes);
}

/* Execution is in order and synchronous, so a wait either is already satisfied or would
 * never be: the latter is a fault instead of a hang. */
static void exec_wait_reg_mem(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if (!expect_len(ex, p, 6, 6))
      return;
   uint32_t ctl = p->body[0], value;
   if (PM4_WAIT_REG_MEM__MEM_SPACE__get(ctl)) {
      uint64_t va = p->body[1] | ((uint64_t)PM4_WAIT_REG_MEM__ADDRESS_HI__get(p->body[2]) << 32);
      const uint32_t *src = va % 4 ? NULL : sim_mem_range(ex->mem, va, 4);
      if (!src) {
         sim_fault(ex, va, "WAIT_REG_MEM: bad memory address");
         return;
      }
      value = *src;
   } else {
      if (p->body[1] >= SIM_REG_SPACE_DWORDS) {
         sim_fault(ex, 0, "WAIT_REG_MEM: register index 0x%X outside the register space",
                   p->body[1]);
         return;
      }
      value = ex->regs[p->body[1]];
   }
   uint32_t ref = p->body[3], v = value & p->body[4];
   bool ok;
   switch (PM4_WAIT_REG_MEM__FUNCTION__get(ctl)) {
   case 0: ok = true; break;
   case 1: ok = v < ref; break;
   case 2: ok = v <= ref; break;
   case 3: ok = v == ref; break;
   case 4: ok = v != ref; break;
   case 5: ok = v >= ref; break;
   case 6: ok = v > ref; break;
   default:
      sim_fault(ex, 0, "WAIT_REG_MEM: reserved function %u", PM4_WAIT_REG_MEM__FUNCTION__get(ctl));
      return;
   }
   if (!ok)
      sim_fault(ex, 0, "WAIT_REG_MEM would wait forever (value 0x%08X, mask 0x%08X, ref 0x%08X)",
                value, p->body[4], ref);
}

/* Starts a draw after checking that the initiator's source matches the packet. */
static void start_draw(struct sim_exec *ex, uint32_t count, uint32_t initiator,
                       uint32_t source, const uint32_t *immd, unsigned immd_ndw)
{
   if (VGT_DRAW_INITIATOR__SOURCE_SELECT__get(initiator) != source) {
      sim_fault(ex, 0, "draw packet with VGT_DRAW_INITIATOR.SOURCE_SELECT %u (expected %u)",
                VGT_DRAW_INITIATOR__SOURCE_SELECT__get(initiator), source);
      return;
   }
   set_reg(ex, REG_VGT_NUM_INDICES, count);
   set_reg(ex, REG_VGT_DRAW_INITIATOR, initiator);
   sim_draw(ex, immd, immd_ndw);
}

/* Packets that neither read nor write memory other than through a draw (whose own
 * footprint decides, draw.c): the pixels of earlier draws need not be complete. */
static bool keeps_pixels_pending(unsigned opcode)
{
   switch (opcode) {
   case PM4_IT_NOP:
   case PM4_IT_START_3D_CMDBUF:
   case PM4_IT_CONTEXT_CONTROL:
   case PM4_IT_SURFACE_BASE_UPDATE:
   case PM4_IT_INDEX_TYPE:
   case PM4_IT_NUM_INSTANCES:
   case PM4_IT_DRAW_INDEX:
   case PM4_IT_DRAW_INDEX_AUTO:
   case PM4_IT_DRAW_INDEX_IMMD:
      return true;
   default:
      return sim_pm4_window(opcode) != NULL;   /* SET_*_REG */
   }
}

static void exec_type3(struct sim_exec *ex, const struct sim_pm4_packet *p)
{
   if (!keeps_pixels_pending(p->opcode)) {
      sim_draw_sync(ex);
      if (sim_watchdog_fired(ex->watchdog))
         return;   /* stopped before this packet */
   }
   const struct hw_pm4_opcode *op = hw_find_pm4_opcode((uint8_t)p->opcode);
   if (!op) {
      sim_fault(ex, 0, "unknown PM4 opcode 0x%02X", p->opcode);
      return;
   }
   if (!(op->chips & ex->chip)) {
      sim_fault(ex, 0, "PM4 opcode %s does not exist on %s", op->name,
                hw_chip_name(ex->chip));
      return;
   }
   if (p->predicated)
      sim_unimpl("PM4 PREDICATE bit (no SET_PREDICATION support): packet executed unconditionally");

   const struct sim_pm4_window *w = sim_pm4_window(p->opcode);
   if (w) {
      exec_set(ex, p, w);
      return;
   }

   switch (p->opcode) {
   case PM4_IT_NOP:
      break;
   case PM4_IT_START_3D_CMDBUF:
      expect_len(ex, p, 1, 1);
      break;
   case PM4_IT_CONTEXT_CONTROL:
      expect_len(ex, p, 2, 2);
      break;
   case PM4_IT_SURFACE_SYNC:
      /* Memory is coherent and execution in order: only the registers change. */
      if (expect_len(ex, p, 4, 4)) {
         set_reg(ex, REG_CP_COHER_CNTL, p->body[0]);
         set_reg(ex, REG_CP_COHER_SIZE, p->body[1]);
         set_reg(ex, REG_CP_COHER_BASE, p->body[2]);
      }
      break;
   case PM4_IT_SURFACE_BASE_UPDATE:
      expect_len(ex, p, 1, 1);
      break;
   case PM4_IT_EVENT_WRITE:
      exec_event_write(ex, p);
      break;
   case PM4_IT_EVENT_WRITE_EOP:
      exec_event_write_eop(ex, p);
      break;
   case PM4_IT_MEM_WRITE:
      exec_mem_write(ex, p);
      break;
   case PM4_IT_WAIT_REG_MEM:
      exec_wait_reg_mem(ex, p);
      break;
   case PM4_IT_CP_DMA:
      exec_cp_dma(ex, p);
      break;
   case PM4_IT_INDEX_TYPE:
      if (expect_len(ex, p, 1, 1))
         set_reg(ex, REG_VGT_DMA_INDEX_TYPE, p->body[0]);
      break;
   case PM4_IT_NUM_INSTANCES:
      if (expect_len(ex, p, 1, 1))
         set_reg(ex, REG_VGT_NUM_INSTANCES, p->body[0]);
      break;
   case PM4_IT_DRAW_INDEX:
      if (expect_len(ex, p, 4, 4)) {
         set_reg(ex, REG_VGT_DMA_BASE, p->body[0]);
         set_reg(ex, REG_VGT_DMA_BASE_HI, VGT_DMA_BASE_HI__BASE_ADDR__get(p->body[1]));
         set_reg(ex, REG_VGT_DMA_SIZE, p->body[2]);
         start_draw(ex, p->body[2], p->body[3], VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA,
                    NULL, 0);
      }
      break;
   case PM4_IT_DRAW_INDEX_AUTO:
      if (expect_len(ex, p, 2, 2))
         start_draw(ex, p->body[0], p->body[1],
                    VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX, NULL, 0);
      break;
   case PM4_IT_DRAW_INDEX_IMMD:
      if (p->body_ndw < 2)
         expect_len(ex, p, 2, 2);
      else
         start_draw(ex, p->body[0], p->body[1],
                    VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_IMMEDIATE, p->body + 2,
                    p->body_ndw - 2);
      break;
   case PM4_IT_SET_PREDICATION:
      sim_fault(ex, 0, "SET_PREDICATION is not implemented");
      break;
   default:
      sim_fault(ex, 0, "PM4 opcode %s is not implemented", op->name);
      break;
   }
}

static void execute_packets(struct sim_exec *ex, const uint32_t *ib, unsigned ndw)
{
   bool trace = sim_debug_flags() & SIM_DEBUG_PACKETS;
   unsigned pos = 0;
   while (pos < ndw) {
      struct sim_pm4_packet p;
      ex->dword = pos;
      enum sim_pm4_status st = sim_pm4_decode(ib, ndw, pos, &p);
      if (st == SIM_PM4_BAD_TYPE) {
         sim_fault(ex, 0, "packet header 0x%08X has type %u; rest of the command buffer skipped",
                   p.header, p.type);
         return;
      }
      if (st == SIM_PM4_TRUNCATED) {
         sim_fault(ex, 0, "packet header 0x%08X claims %u dwords, only %u left; rest skipped",
                   p.header, p.ndw, ndw - pos);
         return;
      }
      if (trace)
         fprintf(stderr, "r600sim: cp %llu:%u type %u %s (%u dwords)\n",
                 (unsigned long long)ex->seq, pos, p.type,
                 p.type == 3 ? opcode_name(p.opcode) : "", p.ndw);
      if (p.type == PM4_TYPE0_TYPE_VALUE)
         exec_type0(ex, &p);
      else if (p.type == PM4_TYPE3_TYPE_VALUE)
         exec_type3(ex, &p);
      /* Only draws run long; their loops ask the clock. The device reports the hang. */
      if (sim_watchdog_fired(ex->watchdog))
         return;
      pos += p.ndw;
   }
}

void sim_cp_execute(struct sim_exec *ex, const uint32_t *ib, unsigned ndw)
{
   ex->before_fault = sim_draw_sync_before_fault;
   execute_packets(ex, ib, ndw);
   sim_draw_sync(ex);
   ex->before_fault = NULL;
}
