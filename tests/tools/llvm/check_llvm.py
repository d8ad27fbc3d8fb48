#!/usr/bin/env python3
"""LLVM 15 as an independent R6xx/R7xx encoder (docs/r600-hardware-notes.md §5): compiles each .ll shader with
llc-15 for -mcpu=r600 and -mcpu=rv770, takes the .text bytes of the object file, and checks
  1. LLVM's listing (-show-mc-encoding) encodes exactly the .text bytes,
  2. r600sim-disasm decodes them to the instructions LLVM lists (names mapped below),
  3. r600sim-asm assembles that listing back to the same bytes,
  4. r600sim-exec runs the program on the interpreter and on the JIT with random inputs
     (SEEDS seeds: every GPR and constant) and both print exactly the same (exit status,
     exports, final GPRs, or the same fault).

usage: check_llvm.py R600SIM_DISASM R600SIM_ASM R600SIM_EXEC FILE.ll...

Mapping from LLVM's R600 assembly to tools/isa/SYNTAX.md:
  T<n>.C -> R<n>.c      PV.C -> PV.c      PS -> PS      KC0[i].C -> KC0[i].c (KC1 likewise)
  literal.c -> L.c      0.0 -> SRC_0      1.0 -> SRC_1  0.5 -> SRC_0_5
  1 -> SRC_1_INT        -1 -> SRC_M_1_INT -X -> -X      |X| -> |X|
  '*' after the opcode -> the instruction is the last of its group (LAST = 1)
  (MASKED) -> MASKED    Pred_sel_zero/one -> PRED_SEL:ZERO/ONE
  BS:VEC_abc/SCL_def -> BANK_SWIZZLE:VEC_abc (vector slot) or SCL_def (trans slot)
  destination ExecMask,PredicateBit -> UPDATE_EXECUTE_MASK; Pred,PredicateBit -> UPDATE_PRED
  LSHL/LSHR/ASHR -> LSHL_INT/LSHR_INT/ASHR_INT; TEX_<op> -> <op>; VTX_READ_* -> FETCH
  CF: CF_END -> NOP END_OF_PROGRAM; PAD -> NOP (all zero); END_LOOP -> LOOP_END;
      EXPORT -> EXPORT or EXPORT_DONE; POP:n -> POP_COUNT:n; "ALU n, @a" -> the clause at @a
      has n+1 slots; KC0[CBb:s-e] -> KCACHE_MODE0 LOCK_1 (16 constants) / LOCK_2 (32),
      KCACHE_BANK0 b, KCACHE_ADDR0 s/16 (KC1: the ..1 fields); "TEX n @a"/"VTX n @a" -> n+1
      instructions at @a
  fetch: RID:r SID:s -> RESOURCE_ID:r SAMPLER_ID:s; CT:abcd -> COORD_TYPE_X..W
      (N = NORMALIZED, U = unnormalized); VTX_READ "Tn, Tm.C, off" -> Rn, Rm.c, OFFSET:off
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

CPUS = ["r600", "rv770"]
SEEDS = 8
INLINE = {"0.0": "SRC_0", "1.0": "SRC_1", "0.5": "SRC_0_5", "1": "SRC_1_INT", "-1": "SRC_M_1_INT"}
OPCODES = {"LSHL": "LSHL_INT", "LSHR": "LSHR_INT", "ASHR": "ASHR_INT"}
CF_NAMES = {"END_LOOP": "LOOP_END"}


class Mismatch(Exception):
    pass


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=kw.pop("text", True), **kw)
    if r.returncode != 0:
        raise Mismatch("%s failed (%d): %s" % (os.path.basename(cmd[0]), r.returncode,
                                               r.stderr if isinstance(r.stderr, str) else r.stderr.decode()))
    return r.stdout


# ---------------------------------------------------------------- LLVM listing
def llvm_items(listing):
    """[(offset, kind, text, bytes)] in byte order; kind cf / alu / lit / fetch."""
    items, off, section = [], 0, "cf"
    for line in listing.splitlines():
        m = re.match(r"\s*(.*?)\s*; encoding: \[(.*)\]\s*$", line)
        if not m:
            continue
        text, enc = m.group(1), m.group(2)
        if "clause starting at" in text:
            section = "alu" if text.startswith("ALU") else "fetch"
            continue
        data = bytes(int(b, 16) for b in enc.split(",")) if enc else b""
        if not data:
            continue
        kind = section
        if section == "alu" and re.match(r"^-?\d+\(", text):
            kind = "lit"
        items.append((off, kind, text, data))
        off += len(data)
    return items


# ---------------------------------------------------------------- our listing
def our_items(listing):
    """{offset: item}; items are dicts with the parsed line."""
    items, section, pos, group, addr = {}, None, 0, None, 0
    clause_slots = {}
    last_alu = None
    for raw in listing.splitlines():
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        tok = line.split()
        if tok[0] == ".cf":
            section = "cf"
            continue
        if tok[0] in (".alu", ".tex", ".vtx"):
            section, addr = tok[0][1:], int(tok[1][1:])
            pos = 8 * addr
            clause_slots[addr] = 0
            last_alu = None
            continue
        if tok[0].startswith("."):
            continue
        if section == "cf":
            items[8 * int(tok[0])] = {"kind": "cf", "tok": tok[1:]}
            continue
        if section == "alu":
            if tok[0] == "LITERALS":
                vals = [int(v, 16) for v in tok[1:]]
                # LLVM lists literal dwords in pairs, one 64-bit slot a line: index both.
                for k in range(0, len(vals), 2):
                    items[pos + 4 * k] = {"kind": "lit", "vals": vals[k:k + 2]}
                pos += 4 * len(vals)
                clause_slots[addr] += len(vals) // 2
                continue
            if tok[0].isdigit():
                if last_alu:
                    last_alu["last"] = True
                tok = tok[1:]
            elif last_alu:
                last_alu["last"] = False
            item = parse_our_alu(" ".join(tok))
            item["last"] = True
            items[pos] = item
            last_alu = item
            pos += 8
            clause_slots[addr] += 1
            continue
        items[pos] = {"kind": "fetch", "tok": line.replace(",", " ").split()[1:]}
        pos += 16
        clause_slots[addr] += 1
    return items, clause_slots


def parse_our_alu(line):
    slot, rest = line.split(":", 1)
    pieces = [p.strip() for p in rest.split(",")]
    head = pieces[0].split()
    op, dst = head[0], head[1]
    srcs, flags = [], head[2:]
    for p in pieces[1:]:
        t = p.split()
        srcs.append(t[0])
        flags += t[1:]
    return {"kind": "alu", "slot": slot, "op": op, "dst": dst, "srcs": srcs, "flags": flags}


# ---------------------------------------------------------------- mapping
def reg(t):
    m = re.fullmatch(r"T(\d+)\.([XYZW])", t)
    if m:
        return "R%s.%s" % (m.group(1), m.group(2).lower())
    m = re.fullmatch(r"(KC[01]\[\d+\])\.([XYZW])", t)
    if m:
        return "%s.%s" % (m.group(1), m.group(2).lower())
    m = re.fullmatch(r"PV\.([XYZW])", t)
    if m:
        return "PV." + m.group(1).lower()
    m = re.fullmatch(r"literal\.([xyzw])", t)
    if m:
        return "L." + m.group(1)
    if t == "PS":
        return "PS"
    if t in INLINE:
        return INLINE[t]
    raise Mismatch("no mapping for LLVM operand '%s'" % t)


def llvm_src(t):
    neg = t.startswith("-") and t not in INLINE
    if neg:
        t = t[1:]
    if t.startswith("|") and t.endswith("|"):
        s = "|%s|" % reg(t[1:-1])
    else:
        s = reg(t)
    return ("-" if neg else "") + s


def check_alu(text, ours, where):
    if ours is None or ours["kind"] != "alu":
        raise Mismatch("%s: LLVM lists '%s' but r600sim has %s" % (where, text, ours))
    text = text.replace("ExecMask,PredicateBit", "ExecMask+PredicateBit")
    text = text.replace("Pred,PredicateBit", "Pred+PredicateBit")
    pieces = [p.strip() for p in text.split(",")]
    head = pieces[0].split()
    op = OPCODES.get(head[0], head[0])
    last = len(head) > 1 and head[1] == "*"
    dst = head[2] if last else head[1]
    want_flags = set()
    operands = []
    for p in pieces[1:]:
        for t in p.split():
            if t == "(MASKED)":
                want_flags.add("MASKED")
            elif t.startswith("Pred_sel_"):
                want_flags.add("PRED_SEL:" + t[len("Pred_sel_"):].upper())
            elif t.startswith("BS:"):
                vec, scl = t[3:].split("/") if "/" in t else (t[3:], None)
                want_flags.add("BANK_SWIZZLE:" + (scl if ours["slot"] == "t" and scl else vec))
            else:
                operands.append(t)
    if "(MASKED)" in head:
        want_flags.add("MASKED")
    got = "%s %s %s" % (ours["op"], ours["dst"], ", ".join(ours["srcs"]))
    if op != ours["op"]:
        raise Mismatch("%s: opcode %s (LLVM '%s') but r600sim decoded %s" % (where, op, text, got))
    if dst == "ExecMask+PredicateBit":
        want_flags.add("UPDATE_EXECUTE_MASK")
    elif dst == "Pred+PredicateBit":
        want_flags.add("UPDATE_PRED")
    elif dst != "AR.x" and reg(dst) != ours["dst"]:
        raise Mismatch("%s: destination %s (LLVM '%s') but r600sim decoded %s" % (where, reg(dst), text, got))
    srcs = [llvm_src(t) for t in operands]
    if srcs != ours["srcs"][:len(srcs)] or any(s != "R0.x" for s in ours["srcs"][len(srcs):]):
        raise Mismatch("%s: sources %s (LLVM '%s') but r600sim decoded %s" % (where, srcs, text, got))
    if last != ours["last"]:
        raise Mismatch("%s: LAST=%d in LLVM '%s' but r600sim's group structure says %d" %
                       (where, last, text, ours["last"]))
    missing = [f for f in want_flags if f not in ours["flags"]]
    if missing:
        raise Mismatch("%s: LLVM '%s' implies %s, r600sim has %s" % (where, text, missing, ours["flags"]))


def kcache_fields(spec, s):
    """KC0[CB0:0-32] -> the KCACHE_* tokens r600sim prints (non-zero fields only)."""
    m = re.fullmatch(r"KC%d\[(?:CB(\d+):(\d+)-(\d+))?\],?" % s, spec)
    if not m:
        raise Mismatch("unparsed kcache '%s'" % spec)
    if m.group(1) is None:
        return set()
    bank, lo, hi = int(m.group(1)), int(m.group(2)), int(m.group(3))
    out = {"KCACHE_MODE%d:%s" % (s, "LOCK_2" if hi - lo == 32 else "LOCK_1")}
    if bank:
        out.add("KCACHE_BANK%d:%d" % (s, bank))
    if lo // 16:
        out.add("KCACHE_ADDR%d:%d" % (s, lo // 16))
    return out


def check_cf(text, ours, slots, where):
    if ours is None or ours["kind"] != "cf":
        raise Mismatch("%s: LLVM lists '%s' but r600sim has %s" % (where, text, ours))
    tok = text.replace(",", " ").split()
    name, rest = tok[0], tok[1:]
    got = " ".join(ours["tok"])
    otok = ours["tok"]
    if name == "PAD":
        if otok != ["NOP"]:
            raise Mismatch("%s: PAD (zero) but r600sim decoded '%s'" % (where, got))
        return
    if name == "CF_END":
        if otok[0] != "NOP" or "END_OF_PROGRAM" not in otok:
            raise Mismatch("%s: CF_END but r600sim decoded '%s'" % (where, got))
        return
    if name == "EXPORT":
        if otok[0] not in ("EXPORT", "EXPORT_DONE"):
            raise Mismatch("%s: EXPORT but r600sim decoded '%s'" % (where, got))
        m = re.fullmatch(r"T(\d+)\.([XYZW01_]{4})", rest[0])
        if not m or otok[3] != "R%s.%s" % (m.group(1), m.group(2).lower()):
            raise Mismatch("%s: '%s' but r600sim decoded '%s'" % (where, text, got))
        return
    name = CF_NAMES.get(name, name)
    if otok[0] != name:
        raise Mismatch("%s: '%s' but r600sim decoded '%s'" % (where, text, got))
    addrs = [t for t in rest if t.startswith("@")]
    if addrs and addrs[0] not in otok:
        raise Mismatch("%s: address %s ('%s') but r600sim decoded '%s'" % (where, addrs[0], text, got))
    for t in rest:
        if t.startswith("POP:") and "POP_COUNT:" + t[4:] not in otok:
            raise Mismatch("%s: %s but r600sim decoded '%s'" % (where, t, got))
    if name.startswith("ALU") or name in ("TEX", "VTX", "VTX_TC"):
        count = int(rest[0])
        addr = int(addrs[0][1:])
        n = slots.get(addr)
        if n != count + 1:
            raise Mismatch("%s: '%s' runs %d slots/instructions, r600sim's clause @%d has %s" %
                           (where, text, count + 1, addr, n))
    if name.startswith("ALU"):
        want = kcache_fields(rest[2], 0) | kcache_fields(rest[3], 1)
        have = {t for t in otok if t.startswith("KCACHE_")}
        if want != have:
            raise Mismatch("%s: '%s' means %s, r600sim has %s" % (where, text, sorted(want), sorted(have)))


def check_fetch(text, ours, where):
    if ours is None or ours["kind"] != "fetch":
        raise Mismatch("%s: LLVM lists '%s' but r600sim has %s" % (where, text, ours))
    tok = text.replace(",", " ").split()
    otok = ours["tok"]
    got = " ".join(otok)
    ofields = otok[3:]
    if tok[0].startswith("VTX_READ"):
        dst, src, off = tok[1], tok[2], int(tok[3])
        ok = (otok[0] in ("FETCH", "VTX_FETCH") and otok[1].startswith("R%s." % dst[1:]) and
              otok[2] == reg(src) and (off == 0 or "OFFSET:%d" % off in ofields))
        if not ok:
            raise Mismatch("%s: '%s' but r600sim decoded '%s'" % (where, text, got))
        return
    name = tok[0][4:] if tok[0].startswith("TEX_") else tok[0]
    want = {"name": name, "dst": "R" + tok[1][1:].lower(), "src": "R" + tok[2][1:].lower()}
    have = {"name": otok[0], "dst": otok[1], "src": otok[2]}
    if want != have:
        raise Mismatch("%s: '%s' but r600sim decoded '%s'" % (where, text, got))
    for t in tok[3:]:
        key, val = t.split(":")
        if key in ("RID", "SID"):
            field = "RESOURCE_ID" if key == "RID" else "SAMPLER_ID"
            if int(val) and "%s:%s" % (field, val) not in ofields:
                raise Mismatch("%s: %s but r600sim decoded '%s'" % (where, t, got))
        elif key == "CT":
            for c, comp in zip(val, "XYZW"):
                norm = "COORD_TYPE_%s:NORMALIZED" % comp in ofields
                if norm != (c == "N"):
                    raise Mismatch("%s: %s but r600sim decoded '%s'" % (where, t, got))
        else:
            raise Mismatch("%s: no mapping for '%s' in '%s'" % (where, t, text))


def check_program(ll, cpu, tools, tmp):
    disasm, asm, exe = tools
    base = os.path.join(tmp, "%s.%s" % (os.path.basename(ll)[:-3], cpu))
    listing = run(["llc-15", "-march=r600", "-mcpu=" + cpu, "-show-mc-encoding", ll, "-o", "-"])
    run(["llc-15", "-march=r600", "-mcpu=" + cpu, "-filetype=obj", ll, "-o", base + ".o"])
    run(["llvm-objcopy-15", "-O", "binary", "--only-section=.text", base + ".o", base + ".bin"])
    with open(base + ".bin", "rb") as f:
        text = f.read()

    items = llvm_items(listing)
    encoded = b"".join(i[3] for i in items)
    if encoded != text[:len(encoded)] or any(text[len(encoded):]):
        raise Mismatch("LLVM's listing does not encode the .text bytes")

    ours_text = run([disasm, "--chip", cpu, base + ".bin"])
    ours, slots = our_items(ours_text)
    for off, kind, t, data in items:
        where = "%s %s byte %d" % (os.path.basename(ll), cpu, off)
        o = ours.get(off)
        if kind == "cf":
            check_cf(t, o, slots, where)
        elif kind == "alu":
            check_alu(t, o, where)
        elif kind == "fetch":
            check_fetch(t, o, where)
        else:
            vals = [int(v.split("(")[0]) & 0xFFFFFFFF for v in t.split(",")]
            if o is None or o["kind"] != "lit" or o["vals"] != vals[:2] or \
               (len(vals) > 2 and ours.get(off + 8, {}).get("vals") != vals[2:]):
                raise Mismatch("%s: literals %s but r600sim has %s" % (where, vals, o))

    with open(base + ".s", "w") as f:
        f.write(ours_text)
    run([asm, "--chip", cpu, base + ".s", base + ".re"])
    with open(base + ".re", "rb") as f:
        again = f.read()
    if again != text:
        first = next((i for i in range(min(len(again), len(text))) if again[i] != text[i]),
                     min(len(again), len(text)))
        raise Mismatch("re-assembled bytes differ from LLVM's at byte %d (sizes %d / %d)" %
                       (first, len(again), len(text)))
    engines_agree(ll, cpu, exe, base + ".bin")
    return len(items)


def engines_agree(ll, cpu, exe, binary):
    stage = "vs" if os.path.basename(ll).startswith("vs_") else "ps"
    for seed in range(1, SEEDS + 1):
        out = {}
        for engine in ("interp", "jit"):
            r = subprocess.run([exe, "--chip", cpu, "--stage", stage, "--engine", engine,
                                "--seed", str(seed), binary], capture_output=True, text=True)
            out[engine] = (r.returncode, r.stdout)
        if out["interp"] != out["jit"]:
            raise Mismatch("seed %d: interp (exit %d) and jit (exit %d) print different results" %
                           (seed, out["interp"][0], out["jit"][0]))
        if out["jit"][0] not in (0, 3):
            raise Mismatch("seed %d: r600sim-exec exit %d" % (seed, out["jit"][0]))


def main():
    if len(sys.argv) < 5:
        print(__doc__.splitlines()[5])
        return 2
    for tool in ("llc-15", "llvm-objcopy-15"):
        if not shutil.which(tool):
            print("FAIL: %s not found: install the llvm-15 package (scripts/bootstrap)" % tool)
            print("0 passed, 1 failed")
            return 1
    tools = (sys.argv[1], sys.argv[2], sys.argv[3])
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ll in sys.argv[4:]:
            for cpu in CPUS:
                try:
                    n = check_program(ll, cpu, tools, tmp)
                    print("ok   %s -mcpu=%s: %d instructions/literal slots match, bytes identical, "
                          "interp == jit on %d random inputs" % (os.path.basename(ll), cpu, n, SEEDS))
                    passed += 1
                except Mismatch as e:
                    print("FAIL %s -mcpu=%s: %s" % (os.path.basename(ll), cpu, e))
                    failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
