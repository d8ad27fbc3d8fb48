/* The GPR read-port / BANK_SWIZZLE rule of an ALU group. */
#ifndef ISA_READPORT_H
#define ISA_READPORT_H

#include "isa_alu.h"

/* Needs slots assigned. False with the offending instruction in *bad and a reason. */
bool isa_check_read_ports(enum hw_chip chip, const struct isa_alu_group *g, unsigned *bad,
                          char *why, size_t whylen);

#endif
