#!/usr/bin/env python3
"""Extract the R6xx/R7xx instruction table from the documentation into the committed
facts-only data file include/hw/r600_isa.db (read by tools/isa_gen.py at build time).

usage: isa_extract.py SEED_000 FACTS_MD OUT_ISA_DB
  e.g. tools/isa_extract.py regref.txt docs/r600-hardware-notes.md include/hw/r600_isa.db

SEED_000 ("the seed") is AMD's Radeon R6xx/R7xx 3D Register Reference Guide as text and
FACTS_MD ("the facts") docs/r600-hardware-notes.md, the same inputs as tools/hwdb_extract.py
(see there and docs/regenerating-hw-tables.md).
Opcode numbers and names are the enumerations of the *_INST fields of the seed's R6xx and
R7xx microcode words, as tools/hwdb_extract.py reads them (including the facts' 4.1/4.7
additions and corrections it applies), so r600_isa.db and r600_regs.db always agree. The
other properties come from the seed's per-opcode text and the facts' 4.1, 4.2, 4.6; where
both are silent they are derived from the instruction's documented semantics. Every record
names the source of each property. Notes (disagreements, interpretations) go to stderr.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hwdb_extract as hw  # noqa: E402

# encoding, word per family, opcode field, name prefix of its values
ENCODINGS = [
    ("CF", {"r6": "SQ_CF_WORD1", "r7": "SQ_CF_WORD1"}, "CF_INST", "SQ_CF_INST_"),
    ("CF_ALU", {"r6": "SQ_CF_ALU_WORD1", "r7": "SQ_CF_ALU_WORD1"}, "CF_INST", "SQ_CF_INST_"),
    ("CF_ALLOC_EXPORT", {"r6": "SQ_CF_ALLOC_EXPORT_WORD1", "r7": "SQ_CF_ALLOC_EXPORT_WORD1"},
     "CF_INST", "SQ_CF_INST_"),
    ("ALU_OP2", {"r6": "SQ_ALU_WORD1_OP2", "r7": "SQ_ALU_WORD1_OP2_V2"}, "ALU_INST", "SQ_OP2_INST_"),
    ("ALU_OP3", {"r6": "SQ_ALU_WORD1_OP3", "r7": "SQ_ALU_WORD1_OP3"}, "ALU_INST", "SQ_OP3_INST_"),
    ("VTX", {"r6": "SQ_VTX_WORD0", "r7": "SQ_VTX_WORD0"}, "VTX_INST", "SQ_VTX_INST_"),
    ("TEX", {"r6": "SQ_TEX_WORD0", "r7": "SQ_TEX_WORD0"}, "TEX_INST", "SQ_TEX_INST_"),
]
FAMILY = {"r6": "R6", "r7": "R7"}

notes = []


def note(msg):
    notes.append(msg)


class Op:
    def __init__(self, family, encoding, number, name, number_src, text):
        self.family, self.encoding, self.number, self.name = family, encoding, number, name
        self.text = text                    # the seed's description of this code, if any
        self.src = {"number": number_src}
        self.nsrc, self.slot, self.result = 0, "-", "none"
        self.flags = []
        self.chips = []


# ---------------------------------------------------------------------------------------
# opcode lists (numbers, names)
# ---------------------------------------------------------------------------------------

def opcode_lists(seed, facts):
    _, words = hw.parse_seed(seed)
    hw.add_r7_isa_values(words, facts)
    hw.apply_isa_facts(words, facts)
    ops = []
    for enc, per_family, field, prefix in ENCODINGS:
        for fam in ("r6", "r7"):
            w = next((x for x in words if x.kind == fam and x.name == per_family[fam]), None)
            f = w.field(field) if w else None
            if f is None:
                sys.exit(f"isa_extract: {fam} {per_family[fam]}.{field} not found in the seed")
            facts_values = getattr(f, "facts_values", set())
            for name, value in sorted(f.values, key=lambda nv: nv[1]):
                if not name.startswith(prefix):
                    sys.exit(f"isa_extract: {fam} {field} value {name} lacks the prefix {prefix}")
                short = name[len(prefix):]
                if short.startswith("RESERVED"):
                    note(f"{FAMILY[fam]} {enc} {value} {name}: the seed marks the code reserved; "
                         "no instruction")
                    continue
                src = "seed"
                if name in facts_values:
                    src = "facts-" + getattr(f, "facts_section", {}).get(name, "4.1")
                ops.append(Op(FAMILY[fam], enc, value, short, src, f.texts.get(value, "")))
    return ops


# ---------------------------------------------------------------------------------------
# facts section 4.2: slot classes and once-per-group instructions
# ---------------------------------------------------------------------------------------

SLOT_ROWS = [  # row label pattern, slot class on R6xx, on R7xx (None: the op does not exist)
    (r"^trans only \(R6xx and R7xx\)", "trans", "trans"),
    (r"^trans only on R6xx, any slot on R7xx", "trans", "any"),
    (r"^trans only, R6xx only", "trans", None),
    (r"^vector only", "vector", "vector"),
    (r"reduction", "reduction", "reduction"),
    (r"^any slot", "any", "any"),
]


def slot_classes(facts):
    """{(encoding, name): (r6 class, r7 class)}, the number each row gives, and whether the
    vector-only row covers 'all *_64 ops'."""
    text = open(facts, encoding="utf-8").read()
    sec = text.split("\n### 4.2", 1)[1].split("\n### ", 1)[0]
    table = sec.split("**Opcode slot classes**", 1)[1].split("\n\n", 2)[1]
    classes, numbers, all64 = {}, {}, False
    for line in table.split("\n"):
        if not line.startswith("|") or re.match(r"^\|\s*-", line):
            continue
        cells = hw.md_cells(line)
        row = next((r for r in SLOT_ROWS if re.search(r[0], cells[0])), None)
        if row is None:
            if cells[0] != "class":
                note(f"facts 4.2: slot-class row '{cells[0]}' not understood")
            continue
        if row[1] == "any":
            continue                        # "everything else"
        all64 |= row[1] == "vector" and "all *_64 ops" in cells[1]
        enc = "ALU_OP2"
        for item in re.split(r"[,;]\s*", cells[1]):
            if item.strip().startswith("OP3 "):
                enc, item = "ALU_OP3", item.strip()[4:]
            m = re.match(r"^\s*([A-Z][A-Z0-9_]*) (0x[0-9A-F]+)\s*$", item)
            if m:
                classes[(enc, m.group(1))] = (row[1], row[2])
                numbers[(enc, m.group(1))] = int(m.group(2), 16)
    return classes, numbers, all64


def once_prefixes(facts):
    text = open(facts, encoding="utf-8").read()
    para = re.search(r"\*\*One-per-group instructions\*\*[^\n]*", text)
    if not para:
        sys.exit("isa_extract: facts 4.2 'One-per-group instructions' not found")
    found = re.findall(r"\b([A-Z][A-Z_]*)\*", para.group(0))
    return [p for i, p in enumerate(found) if p not in found[:i]]      # KILL, PRED_SET, MOVA


# ---------------------------------------------------------------------------------------
# ALU source counts and result kinds
# ---------------------------------------------------------------------------------------

TRANSCENDENTAL = {"EXP_IEEE", "LOG_CLAMPED", "LOG_IEEE", "RECIP_CLAMPED", "RECIP_FF", "RECIP_IEEE",
                  "RECIPSQRT_CLAMPED", "RECIPSQRT_FF", "RECIPSQRT_IEEE", "SQRT_IEEE", "SIN", "COS"}
CONVERSIONS = {"FLT_TO_INT", "FLT_TO_UINT", "INT_TO_FLT", "UINT_TO_FLT"}

# OP2 operand counts, first match wins. The seed only says "0 to 2 operands" for the whole
# OP2 word, so each count comes from the operation's documented meaning. Tags: facts-4.x =
# the facts' row describing the operation; m16 = the operand count in Mesa's 2016 ISA
# table (the facts' source M16), used where the facts describe nothing; sem = the meaning
# of the documented name.
OP2_NSRC = [
    (lambda n: n == "NOP", 0, "sem"),                                   # no operation
    (lambda n: n == "PRED_SET_CLR", 0, "m16"),
    (lambda n: n in ("FRACT", "TRUNC", "CEIL", "RNDNE", "FLOOR"), 1, "facts-4.6"),
    (lambda n: n in TRANSCENDENTAL or n in CONVERSIONS, 1, "facts-4.6"),
    (lambda n: n in ("RECIP_INT", "RECIP_UINT"), 1, "facts-4.6"),      # approximate 2^32 / x
    (lambda n: n.startswith("MOVA"), 1, "facts-4.2"),                  # AR loaded from one value
    (lambda n: n == "MAX4", 1, "facts-4.2"),                           # slot c gives component c
    (lambda n: n in ("MOV", "NOT_INT"), 1, "sem"),                     # copy / complement of src0
    (lambda n: n in ("PRED_SET_INV", "PRED_SET_RESTORE"), 1, "m16"),
    (lambda n: n in ("FRACT_64", "FREXP_64", "FLT64_TO_FLT32", "FLT32_TO_FLT64"), 1, "m16"),
    (lambda n: n == "PRED_SET_POP", 2, "m16"),
    (lambda n: n in ("DOT4", "DOT4_IEEE", "CUBE"), 2, "facts-4.2"),    # src0.c . src1.c / CUBE(a, b)
    (lambda n: re.match(r"^(PRED_)?(SET|KILL)", n) is not None, 2, "facts-4.6"),   # src0 cmp src1
    (lambda n: n in ("SUB_INT", "ASHR_INT", "LSHR_INT", "LSHL_INT", "MULLO_INT", "MULHI_INT",
                     "MULLO_UINT", "MULHI_UINT", "MUL", "MUL_IEEE", "MAX", "MIN", "MAX_DX10",
                     "MIN_DX10"), 2, "facts-4.6"),
    (lambda n: n in ("ADD", "AND_INT", "OR_INT", "XOR_INT", "ADD_INT", "MAX_INT", "MIN_INT",
                     "MAX_UINT", "MIN_UINT"), 2, "sem"),               # src0 op src1
    (lambda n: n in ("ADD_64", "MUL_64", "LDEXP_64"), 2, "m16"),
]

# Result kind (what the instruction writes to its destination GPR): none = the documents
# give no destination value (the effect is the predicate, a kill, AR or nothing); int = an
# integer/bit-pattern result (no OMOD, seed OMOD text); float otherwise.
RESULT_RULES = [
    (lambda n: n == "NOP", "none", "sem"),
    (lambda n: n.startswith("MOVA"), "none", "facts-4.2"),             # loads AR
    (lambda n: n.startswith("KILL"), "none", "facts-4.5"),             # kills pixels
    (lambda n: n.startswith("PRED_SET"), "none", "facts-4.6"),         # sets the predicate
    (lambda n: n.endswith("_DX10") and n.startswith("SET"), "int", "facts-4.6"),   # 0xFFFFFFFF / 0
    (lambda n: n in ("FLT_TO_INT", "FLT_TO_UINT", "RECIP_INT", "RECIP_UINT"), "int", "facts-4.6"),
    (lambda n: re.search(r"_U?INT$", n) is not None, "int", "sem"),    # integer operation
    (lambda n: True, "float", "sem"),
]


def first(rules, name):
    for pred, value, src in rules:
        if pred(name):
            return value, src
    return None, None


# ---------------------------------------------------------------------------------------

def seed_text_flags(op):
    """Flags the seed's description of a CF/fetch code gives."""
    text = re.sub(r"\s+", " ", op.text)
    flags = []
    if op.encoding == "CF_ALU":
        flags.append(("CLAUSE", "seed-text"))       # the word "is used by ALU clause instructions"
    elif op.encoding == "CF" and re.match(r"^SQ_CF_INST_\w+: execute \w+ .*clause", text):
        flags.append(("CLAUSE", "seed-text"))
    if "CF_COND=ACTIVE is required" in text:
        flags.append(("COND_ACTIVE", "seed-text"))
    if op.encoding == "CF_ALLOC_EXPORT":
        if "memory operation" in text:
            flags.append(("EXPORT_BUF", "seed-text"))     # WORD1_BUF: scratch/ring/stream/reduction
        elif not text and op.name.startswith("MEM_"):
            flags.append(("EXPORT_BUF", "facts-4.1"))     # MEM_EXPORT: a memory export
    if op.encoding == "VTX" and "semantic" in text:
        flags.append(("VTX_SEM", "seed-text"))            # WORD1_SEM: semantic fetch
    return flags


def classify(ops, facts):
    classes, numbers, all64 = slot_classes(facts)
    once = once_prefixes(facts)
    fp64 = {(o.encoding, o.name) for o in ops if o.src["number"] == "facts-4.1" and o.encoding.startswith("ALU")}
    seen = {(o.encoding, o.name): o.number for o in ops}
    for key, num in numbers.items():
        if key not in seen:
            note(f"facts 4.2 lists {key[1]} {num:#x} ({key[0]}), which no opcode list has")
        elif seen[key] != num:
            note(f"facts 4.2 gives {key[1]} as {num:#x}, the opcode list {seen[key]:#x} (list kept)")
    for o in ops:
        fam = 0 if o.family == "R6" else 1
        if not o.encoding.startswith("ALU"):
            o.src.update(nsrc="na", slot="na", result="na")
            o.flags = seed_text_flags(o)
            continue
        if o.encoding == "ALU_OP3":
            o.nsrc, o.src["nsrc"] = 3, "seed-op3"           # "instructions taking 3 operands"
        else:
            o.nsrc, o.src["nsrc"] = first(OP2_NSRC, o.name)
            if o.nsrc is None:
                sys.exit(f"isa_extract: no operand count known for OP2 {o.name}")
        key = (o.encoding, o.name)
        if key in classes:
            o.slot = classes[key][fam]
            if o.slot is None:
                sys.exit(f"isa_extract: facts 4.2 says {o.name} does not exist on {o.family}")
            o.src["slot"] = "facts-4.2"
        elif key in fp64 and all64:
            o.slot, o.src["slot"] = "vector", "facts-4.2"
        else:
            o.slot, o.src["slot"] = "any", "facts-4.2"
        o.result, o.src["result"] = first(RESULT_RULES, o.name)
        if o.encoding == "ALU_OP2":
            o.flags = [(p, "facts-4.2") for p in once if o.name.startswith(p)]
        if key in fp64:
            o.flags.append(("FP64", "facts-4.1"))
    # TEX_ACK / VTX_ACK / VTX_TC_ACK (facts 4.1, no seed text): the acknowledged forms of the
    # clause instructions their names extend
    for o in ops:
        base = next((b for b in ops if b.family == o.family and b.encoding == "CF" and
                     o.name == b.name + "_ACK"), None) if o.encoding == "CF" else None
        if base and any(f == "CLAUSE" for f, _ in base.flags):
            o.flags.append(("CLAUSE", "sem"))
    if fp64 and not all64:
        note("facts 4.2: the vector-only row no longer covers the *_64 ops")
    note(f"facts 4.2 'all *_64 ops' read as the FP64 ops of facts 4.1: "
         f"{', '.join(sorted(n for _, n in fp64))}")
    for (enc, name), (r6, r7) in classes.items():
        if r7 is None and any(o.family == "R7" and o.name == name for o in ops):
            note(f"{name}: facts 4.2 say R6xx only, yet the R7xx list has it")


def emit(ops):
    out = ["# R6xx/R7xx shader instructions: one record per opcode per chip family. Generated by",
           "# tools/isa_extract.py from the seed (AMD's Radeon R6xx/R7xx 3D Register Reference Guide,",
           "# sections 4 R6xx and 5 R7xx) and docs/r600-hardware-notes.md",
           "# sections 4.1, 4.2, 4.5-4.7; facts only. tools/isa_gen.py turns it into r600_isa_table.c.",
           "#   op <R6|R7> <ENCODING> <number> <NAME> nsrc=<n> slot=<class> flags=<F,..|-> result=<kind>",
           "#      chips=<families having the op> from=<property>:<source>,...",
           "# ENCODING: CF, CF_ALU, CF_ALLOC_EXPORT (the CF_INST field of the word of that name),",
           "#   ALU_OP2, ALU_OP3 (ALU_INST), VTX (VTX_INST), TEX (TEX_INST). NAME: the seed's value name",
           "#   without SQ_CF_INST_ / SQ_OP2_INST_ / SQ_OP3_INST_ / SQ_VTX_INST_ / SQ_TEX_INST_.",
           "# nsrc: ALU operands (0 for CF and fetch instructions).",
           "# slot (ALU only): any (vector slot DST_CHAN or t), vector (slot DST_CHAN only), trans",
           "#   (t only), reduction (x, y, z and w of one group together); '-' for the others.",
           "# flags: KILL, PRED_SET, MOVA (at most one of each class per group; never KILL with",
           "#   PRED_SET), FP64 (double-precision op), CLAUSE (CF: executes a clause), COND_ACTIVE",
           "#   (CF: COND must be ACTIVE), EXPORT_BUF (CF_ALLOC_EXPORT: word 1 is the BUF form, else",
           "#   SWIZ), VTX_SEM (VTX: word 1 is the SEM form, else GPR).",
           "# result (ALU): float, int (integer/bit pattern: no OMOD), none (the documents give no",
           "#   destination value: NOP, KILL*, PRED_SET*, MOVA*); none for CF and fetch instructions.",
           "# Sources: seed = the opcode list of the family's word; seed-text = the seed's text for",
           "#   the code or its word; seed-op3 = the OP3 word (\"instructions taking 3 operands\");",
           "#   facts-4.x = docs/r600-hardware-notes.md section 4.x; m16 = operand count of Mesa's",
           "#   2016 ISA table (the notes' source M16) where the documents describe nothing;",
           "#   sem = the documented name's meaning (ADD: src0 + src1); na = not applicable.",
           ""]
    chips = {}
    for o in ops:
        chips.setdefault((o.encoding, o.name), []).append(o.family)
    order = {e[0]: i for i, e in enumerate(ENCODINGS)}
    for o in sorted(ops, key=lambda o: (o.family, order[o.encoding], o.number)):
        flags = ",".join(f for f, _ in o.flags) or "-"
        src = dict(o.src)
        if o.flags:
            src["flags"] = "+".join(sorted({s for _, s in o.flags}))
        srcs = ",".join(f"{k}:{src[k]}" for k in ("number", "nsrc", "slot", "flags", "result") if k in src)
        out.append(f"op {o.family} {o.encoding} {o.number} {o.name} nsrc={o.nsrc} slot={o.slot} "
                   f"flags={flags} result={o.result} chips={','.join(chips[(o.encoding, o.name)])} "
                   f"from={srcs}")
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    seed, facts, out_path = sys.argv[1:4]
    ops = opcode_lists(seed, facts)
    classify(ops, facts)
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(emit(ops)) + "\n")
    for w in hw.warnings:
        if w.startswith("isa"):
            print("isa_extract: (hwdb_extract) " + w, file=sys.stderr)
    for n in notes:
        print("isa_extract: " + n, file=sys.stderr)
    for fam in ("R6", "R7"):
        counts = {}
        for o in ops:
            if o.family == fam:
                counts[o.encoding] = counts.get(o.encoding, 0) + 1
        print(f"isa_extract: {fam}: " + ", ".join(f"{e} {counts.get(e, 0)}" for e, *_ in ENCODINGS)
              + f" = {sum(counts.values())}", file=sys.stderr)


if __name__ == "__main__":
    main()
