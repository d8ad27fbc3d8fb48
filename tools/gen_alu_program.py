#!/usr/bin/env python3
"""Writes a large ALU-heavy R7xx pixel shader in r600sim-asm syntax (tools/isa/SYNTAX.md), for
measuring JIT compile time (docs/jit.md section 6):

    tools/gen_alu_program.py CLAUSES > big.asm
    bin/r600sim-asm big.asm big.bin      # CLAUSES x 1 KiB of ALU code, plus the CF program
    bin/r600sim-exec --engine jit big.bin

Each clause holds 31 groups of four MULADD_IEEE (x, y, z, w), and 4 literal slots: the 128
slots a clause may hold.
Every group reads three of 16 registers in each channel and writes a fourth, so values stay
live across the whole program, like the temporaries of a long shader; every eighth group
takes a literal. The program is deterministic: the same CLAUSES gives the same bytes."""
import sys

GROUPS = 31          # per clause: 124 slots and 4 literal slots, the 128 a clause holds
REGS = 16            # R1..R16 carry the values; R0 is the input


def branchy(ifs):
    """IFS if-blocks as a compiler emits them: ALU_PUSH_BEFORE (a PRED_SETGT), JUMP past the
    body, ALU_POP_AFTER (the body, 4 groups); 3 CF instructions per block."""
    body = 4
    first = 3 * ifs + 1
    out = [".chip rv770", ".cf"]
    addr = first
    clauses = []
    for i in range(ifs):
        out.append(f"   {3 * i}  ALU_PUSH_BEFORE @{addr} BARRIER")
        clauses.append((addr, "cond", i))
        addr += 1
        out.append(f"   {3 * i + 1}  JUMP @{3 * i + 3} POP_COUNT:1 BARRIER")
        out.append(f"   {3 * i + 2}  ALU_POP_AFTER @{addr} BARRIER")
        clauses.append((addr, "body", i))
        addr += body * 4
    out.append(f"   {3 * ifs}  EXPORT_DONE PIXEL 0 R1.xyzw END_OF_PROGRAM BARRIER")
    for a, kind, i in clauses:
        out.append(f".alu @{a}")
        if kind == "cond":
            r = 1 + i % REGS
            out.append(f"   0  x: PRED_SETGT R{r}.x, R{r}.x, R0.x MASKED UPDATE_EXECUTE_MASK UPDATE_PRED")
            continue
        for g in range(body):
            n = i * body + g
            d, a_, b = 1 + n % REGS, 1 + (n * 7 + 3) % REGS, 1 + (n * 5 + 1) % REGS
            for k, ch in enumerate("xyzw"):
                lead = f"{g:4d}" if k == 0 else "    "
                out.append(f"{lead}  {ch}: MULADD_IEEE R{d}.{ch}, R{a_}.{ch}, R{b}.{ch}, R0.{ch}")
    return out


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--ifs" and sys.argv[2].isdigit():
        print("\n".join(branchy(int(sys.argv[2]))))
        return
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or not 1 <= int(sys.argv[1]) <= 60:
        sys.exit("usage: gen_alu_program.py CLAUSES (1..60) | --ifs N")
    clauses = int(sys.argv[1])
    first = clauses + 1                    # the clauses follow the CF program (64-bit units)
    size = GROUPS * 4 + (GROUPS + 7) // 8  # a clause's 64-bit units: slots and literal pairs
    out = [".chip rv770", ".cf"]
    for c in range(clauses):
        out.append(f"   {c}  ALU @{first + c * size} BARRIER")
    out.append(f"   {clauses}  EXPORT_DONE PIXEL 0 R1.xyzw END_OF_PROGRAM BARRIER")
    for c in range(clauses):
        out.append(f".alu @{first + c * size}")
        for g in range(GROUPS):
            n = c * GROUPS + g
            d, a, b, s = 1 + n % REGS, 1 + (n * 7 + 3) % REGS, 1 + (n * 5 + 1) % REGS, n % 8 == 0
            for i, ch in enumerate("xyzw"):
                third = "L.x" if s else f"R{1 + (n * 3 + 2) % REGS}.{ch}"
                lead = f"{g:4d}" if i == 0 else "    "
                out.append(f"{lead}  {ch}: MULADD_IEEE R{d}.{ch}, R{a}.{ch}, R{b}.{ch}, {third}")
            if s:
                out.append(f"      LITERALS 0x{0x3f000000 + n:08X}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
