/* Test helpers: building PM4 command buffers by hand (with the generated r600_pm4.h /
 * r600_regs.h macros); checks are counted by check.h. */
#ifndef TEST_PM4_STREAM_H
#define TEST_PM4_STREAM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "r600_pm4.h"
#include "r600_regs.h"
#include "check.h"

struct ib {
   uint32_t dw[16384];
   unsigned n;
};

static inline void ib_put(struct ib *ib, uint32_t v)
{
   if (ib->n < sizeof(ib->dw) / sizeof(ib->dw[0]))
      ib->dw[ib->n++] = v;
}

/* One register through the SET_* packet of its window. */
static inline void ib_set(struct ib *ib, unsigned op, uint32_t window_start, uint32_t reg,
                          uint32_t v)
{
   ib_put(ib, PM4_TYPE3_HDR(op, 2));
   ib_put(ib, (reg - window_start) >> 2);
   ib_put(ib, v);
}

static inline void ib_ctx(struct ib *ib, uint32_t reg, uint32_t v)
{
   ib_set(ib, PM4_IT_SET_CONTEXT_REG, PM4_SET_CONTEXT_REG_WINDOW_START, reg, v);
}

static inline void ib_cfg(struct ib *ib, uint32_t reg, uint32_t v)
{
   ib_set(ib, PM4_IT_SET_CONFIG_REG, PM4_SET_CONFIG_REG_WINDOW_START, reg, v);
}

static inline uint32_t f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#endif
