#!/usr/bin/env python3
"""Generate the C view of the hardware definition.

usage: hwdb_gen.py REGS_DB PM4_DB OUTDIR

Writes OUTDIR/r600_regs.h (register offsets, field and enumeration macros, shader microcode
word layouts), OUTDIR/r600_pm4.h (PM4 packet headers, type-3 opcodes, SET_* windows) and
OUTDIR/hw_names.c (the run-time tables declared in include/hw/hw_regdb.h). The macro naming
scheme is the one documented in hw_regdb.h. Name collisions are resolved deterministically
(a numeric suffix) and reported on stderr; a malformed data file is an error.
"""
import os
import re
import sys

from gen_common import write_if_changed

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Rec:
    def __init__(self, kind, name, offset=None, chips=3, block=""):
        self.kind, self.name, self.offset, self.chips, self.block = kind, name, offset, chips, block
        self.instances = []     # [(name, offset)], instance 0 first, empty if not an array
        self.stride = 0
        self.alias = None
        self.fields = []        # [Field]


class Field:
    def __init__(self, name, shift, width, note=""):
        self.name, self.shift, self.width, self.note = name, shift, width, note
        self.values = []


def die(path, lineno, msg):
    sys.exit(f"{path}:{lineno}: {msg}")


def chips_mask(text):
    m = 0
    for c in text.split(","):
        m |= {"R6": 1, "R7": 2}.get(c, 0)
    return m


def kv(tokens):
    return dict(t.split("=", 1) for t in tokens if "=" in t)


def parse_regs(path):
    recs = []
    cur = field = None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        t = line.split()
        try:
            if t[0] == "reg":
                a = kv(t[3:])
                cur = Rec("reg", t[1], int(t[2], 16), chips_mask(a.get("chips", "R6,R7")), a.get("block", ""))
                if "count" in a:
                    cur.stride = int(a["stride"], 16)
                    cur.instances = [(cur.name, cur.offset)]
                    cur.count = int(a["count"])
                recs.append(cur)
                field = None
            elif t[0] == "inst":
                if cur is None or not cur.instances:
                    die(path, n, "inst outside an array register")
                cur.instances.append((t[1], int(t[2], 16)))
            elif t[0] == "word":
                kind = t[1]
                if kind == "res":
                    cur = Rec("res", t[2], int(t[3], 16))
                else:
                    cur = Rec(kind, t[2], None, 1 if kind == "r6" else 2)
                    cur.alias = kv(t[3:]).get("alias")
                recs.append(cur)
                field = None
            elif t[0] == "field":
                if cur is None:
                    die(path, n, "field outside a record")
                a = kv(t[4:])
                field = Field(t[1], int(t[2]), int(t[3]), a.get("chips", ""))
                if field.width < 1 or field.shift + field.width > 32:
                    die(path, n, f"field {field.name} does not fit 32 bits")
                cur.fields.append(field)
            elif t[0] == "value":
                if field is None:
                    die(path, n, "value outside a field")
                field.values.append((t[1], int(t[2], 0)))
            else:
                die(path, n, f"unknown record '{t[0]}'")
        except (IndexError, ValueError) as e:
            die(path, n, f"malformed record ({e})")
        for name in t[1:2] if t[0] != "word" else t[2:3]:
            if not IDENT.match(name) or "__" in name:
                die(path, n, f"'{name}' is not a usable C identifier")
    for r in recs:
        if r.instances and len(r.instances) != r.count:
            die(path, 0, f"{r.name}: {len(r.instances)} instances listed, count says {r.count}")
    return recs


def parse_pm4(path):
    hdr, ops, wins, body = [], [], [], []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        t = line.split()
        try:
            if t[0] == "header":
                hdr.append((t[1], t[2], int(t[3]), int(t[4]), int(t[5]) if len(t) > 5 else None))
            elif t[0] == "opcode":
                ops.append((t[1], int(t[2], 16), chips_mask(kv(t[3:]).get("chips", "R6,R7"))))
            elif t[0] == "window":
                wins.append((t[1], int(t[2], 16), int(t[3], 16)))
            elif t[0] == "body":
                body.append((t[1], int(t[2]), t[3], int(t[4]), int(t[5])))
            else:
                die(path, n, f"unknown record '{t[0]}'")
        except (IndexError, ValueError) as e:
            die(path, n, f"malformed record ({e})")
    return hdr, ops, wins, body


# ---------------------------------------------------------------------------------------

notes = []


def unique(names, what):
    """Make a list of names unique: later duplicates get _2, _3 ... (reported)."""
    seen, out = {}, []
    for name in names:
        if name in seen:
            seen[name] += 1
            new = f"{name}_{seen[name]}"
            while new in seen:
                seen[name] += 1
                new = f"{name}_{seen[name]}"
            notes.append(f"{what}: duplicate name {name} renamed {new}")
            seen[new] = 1
            out.append(new)
        else:
            seen[name] = 1
            out.append(name)
    return out


def disambiguate(recs):
    for r in recs:
        fnames = unique([f.name for f in r.fields], f"{r.kind} {r.name}")
        for f, fn in zip(r.fields, fnames):
            f.name = fn
            vnames = unique([v[0] for v in f.values], f"{r.kind} {r.name}.{fn}")
            f.values = [(vn, v) for vn, (_, v) in zip(vnames, f.values)]


def field_macros(prefix, f, out):
    mask = ((1 << f.width) - 1) << f.shift
    low = (1 << f.width) - 1
    p = f"{prefix}__{f.name}"
    note = f"  /* {f.note} only */" if f.note else ""
    out.append(f"#define {p}__shift {f.shift}u{note}")
    out.append(f"#define {p}__mask 0x{mask:08X}u")
    out.append(f"#define {p}(v) ((uint32_t)(((uint32_t)(v) << {f.shift}) & 0x{mask:08X}u))")
    out.append(f"#define {p}__get(dw) ((uint32_t)(((uint32_t)(dw) >> {f.shift}) & 0x{low:X}u))")
    for vn, v in f.values:
        out.append(f"#define {p}__{vn} {v}u")


def gen_regs_h(recs):
    out = ["/* Generated by tools/hwdb_gen.py from include/hw/r600_regs.db - do not edit.",
           " * Naming scheme: see include/hw/hw_regdb.h. Registers: REG_<NAME> (byte offset);",
           " * array registers give their fields under the instance-0 name (CB_COLOR0_INFO__FORMAT)",
           " * and REG_<NAME0>__count / __stride; microcode words are prefixed R6_ / R7_;",
           " * SET_RESOURCE / SET_SAMPLER words (SQ_TEX_RESOURCE_WORDn ...) have no prefix.",
           " * Every value macro is an unsigned 32-bit constant; field setters mask their argument. */",
           "#ifndef R600_REGS_H", "#define R600_REGS_H", "", "#include <stdint.h>", ""]
    chipname = {1: "R6xx only", 2: "R7xx only", 3: ""}
    for r in sorted((r for r in recs if r.kind == "reg"), key=lambda r: (r.offset, r.name)):
        c = chipname[r.chips]
        out.append(f"/* {r.name}" + (f" ({c})" if c else "") + " */")
        if r.instances:
            for name, off in r.instances:
                out.append(f"#define REG_{name} 0x{off:05X}u")
            out.append(f"#define REG_{r.name}__count {len(r.instances)}u")
            out.append(f"#define REG_{r.name}__stride 0x{r.stride:X}u")
        else:
            out.append(f"#define REG_{r.name} 0x{r.offset:05X}u")
        for f in r.fields:
            field_macros(r.name, f, out)
        out.append("")
    out.append("/* SET_RESOURCE / SET_SAMPLER words (REG_ gives the slot-0 address) */")
    for r in (r for r in recs if r.kind == "res"):
        out.append(f"#define REG_{r.name}_0 0x{r.offset:05X}u")
        for f in r.fields:
            field_macros(r.name, f, out)
        out.append("")
    for kind, prefix in (("r6", "R6_"), ("r7", "R7_")):
        out.append(f"/* Shader microcode words, {'R6xx' if kind == 'r6' else 'R7xx'} encodings */")
        for r in (r for r in recs if r.kind == kind):
            for name in [r.name] + ([r.alias] if r.alias else []):
                if name != r.name:
                    out.append(f"/* {prefix}{name}: the same layout as {prefix}{r.name} */")
                for f in r.fields:
                    field_macros(prefix + name, f, out)
            out.append("")
    out.append("#endif")
    return "\n".join(out) + "\n"


def gen_pm4_h(hdr, ops, wins, body):
    out = ["/* Generated by tools/hwdb_gen.py from include/hw/r600_pm4.db - do not edit.",
           " * PM4 packet headers for R6xx/R7xx command streams. */",
           "#ifndef R600_PM4_H", "#define R600_PM4_H", "", "#include <stdint.h>", ""]
    fields = {}
    for t, name, shift, width, value in hdr:
        if value is not None:
            out.append(f"#define PM4_{t}_{name}_VALUE {value}u")
        f = Field(name, shift, width)
        field_macros(f"PM4_{t}", f, out)
        fields[(t, name)] = f
    need = [("TYPE0", "TYPE"), ("TYPE0", "COUNT"), ("TYPE0", "BASE_INDEX"), ("TYPE3", "TYPE"),
            ("TYPE3", "COUNT"), ("TYPE3", "IT_OPCODE"), ("TYPE3", "PREDICATE"), ("TYPE2", "TYPE")]
    missing = [k for k in need if k not in fields]
    if missing:
        sys.exit(f"hwdb_gen: PM4 header fields missing from the data file: {missing}")
    out += ["",
            "/* Header of a type-0 packet writing nregs consecutive registers from byte address reg. */",
            "#define PM4_TYPE0_HDR(reg, nregs) ((uint32_t)(PM4_TYPE0__TYPE(PM4_TYPE0_TYPE_VALUE) | \\",
            "   PM4_TYPE0__COUNT((uint32_t)(nregs) - 1u) | PM4_TYPE0__BASE_INDEX((uint32_t)(reg) >> 2)))",
            "/* The one-dword type-2 filler packet. */",
            "#define PM4_TYPE2 ((uint32_t)PM4_TYPE2__TYPE(PM4_TYPE2_TYPE_VALUE))",
            "/* Header of a type-3 packet with opcode op followed by ndw body dwords (ndw >= 1). */",
            "#define PM4_TYPE3_HDR(op, ndw) ((uint32_t)(PM4_TYPE3__TYPE(PM4_TYPE3_TYPE_VALUE) | \\",
            "   PM4_TYPE3__COUNT((uint32_t)(ndw) - 1u) | PM4_TYPE3__IT_OPCODE(op)))",
            "/* The same with the PREDICATE bit set (conditional on SET_PREDICATION). */",
            "#define PM4_TYPE3_HDR_PRED(op, ndw) ((uint32_t)(PM4_TYPE3_HDR(op, ndw) | PM4_TYPE3__PREDICATE(1u)))",
            "",
            "/* Decoders */",
            "#define PM4_HDR_TYPE(h) PM4_TYPE0__TYPE__get(h)",
            "#define PM4_TYPE0_REG(h) ((uint32_t)(PM4_TYPE0__BASE_INDEX__get(h) << 2))  /* byte address */",
            "#define PM4_TYPE0_NREGS(h) ((uint32_t)(PM4_TYPE0__COUNT__get(h) + 1u))",
            "#define PM4_TYPE3_OPCODE(h) PM4_TYPE3__IT_OPCODE__get(h)",
            "#define PM4_TYPE3_NDW(h) ((uint32_t)(PM4_TYPE3__COUNT__get(h) + 1u))       /* body dwords */",
            "#define PM4_TYPE3_PREDICATED(h) PM4_TYPE3__PREDICATE__get(h)",
            "",
            "/* Type-3 opcodes (IT_OPCODE) */"]
    for name, op, chips in ops:
        c = {1: "  /* R6xx only */", 2: "  /* R7xx only */"}.get(chips, "")
        out.append(f"#define PM4_IT_{name} 0x{op:02X}u{c}")
    out += ["", "/* SET_* register windows: byte addresses, END exclusive; body dword 0 of the packet is",
            " * (register address - WINDOW_START) / 4 */"]
    for name, s, e in wins:
        out.append(f"#define PM4_{name}_WINDOW_START 0x{s:05X}u")
        out.append(f"#define PM4_{name}_WINDOW_END 0x{e:05X}u")
    out += ["", "/* Named fields of type-3 packet body dwords: PM4_<PACKET>__<FIELD> */"]
    for packet, dw, name, shift, width in body:
        out.append(f"/* {packet} body dword {dw} */")
        field_macros(f"PM4_{packet}", Field(name, shift, width), out)
    out += ["", "#endif"]
    return "\n".join(out) + "\n"


def gen_names_c(recs, ops):
    out = ["/* Generated by tools/hwdb_gen.py from include/hw/r600_regs.db and r600_pm4.db - do not edit. */",
           '#include "hw/hw_regdb.h"', ""]
    ids = {}

    def emit_fields(r, tag):
        if not r.fields:
            return "0"
        for i, f in enumerate(r.fields):
            if f.values:
                out.append(f"static const struct hw_enum_value {tag}_f{i}_v[] = {{")
                out.extend(f'   {{"{n}", {v}u}},' for n, v in f.values)
                out.append("};")
        out.append(f"static const struct hw_field {tag}_f[] = {{")
        for i, f in enumerate(r.fields):
            vals = f"{tag}_f{i}_v" if f.values else "0"
            out.append(f'   {{"{f.name}", {f.shift}, {f.width}, {len(f.values)}, {vals}}},')
        out.append("};")
        return f"{tag}_f"

    for i, r in enumerate(recs):
        if r.kind in ("reg", "r6", "r7"):
            ids[id(r)] = emit_fields(r, f"{r.kind}{i}")
    entries = []
    for r in (r for r in recs if r.kind == "reg"):
        for name, off in (r.instances or [(r.name, r.offset)]):
            entries.append((off, name, r))
    entries.sort(key=lambda e: (e[0], e[1]))
    out += ["", "const struct hw_register hw_registers[] = {"]
    for off, name, r in entries:
        out.append(f'   {{"{name}", 0x{off:05X}u, {r.chips}, {len(r.fields)}, {ids[id(r)]}}},')
    out += ["};", f"const unsigned hw_num_registers = {len(entries)};", ""]
    for kind in ("r6", "r7"):
        words = [r for r in recs if r.kind == kind]
        out.append(f"const struct hw_register hw_isa_words_{kind}[] = {{")
        for r in words:
            out.append(f'   {{"{r.name}", 0u, {r.chips}, {len(r.fields)}, {ids[id(r)]}}},')
        out += ["};", f"const unsigned hw_num_isa_words_{kind} = {len(words)};", ""]
    out.append("const struct hw_pm4_opcode hw_pm4_opcodes[] = {")
    for name, op, chips in sorted(ops, key=lambda o: o[1]):
        out.append(f'   {{"{name}", 0x{op:02X}u, {chips}}},')
    out += ["};", f"const unsigned hw_num_pm4_opcodes = {len(ops)};"]
    return "\n".join(out) + "\n"


def check_unique(recs, ops):
    seen = {}
    for r in recs:
        names = [n for n, _ in r.instances] if r.instances else [r.name]
        if r.kind in ("r6", "r7"):
            names = [f"{r.kind}:{n}" for n in [r.name] + ([r.alias] if r.alias else [])]
        for n in names:
            if n in seen:
                sys.exit(f"hwdb_gen: register/word name {n} defined twice")
            seen[n] = r
    if len({o[1] for o in ops}) != len(ops) or len({o[0] for o in ops}) != len(ops):
        sys.exit("hwdb_gen: duplicate PM4 opcode name or number")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    recs = parse_regs(sys.argv[1])
    hdr, ops, wins, body = parse_pm4(sys.argv[2])
    check_unique(recs, ops)
    disambiguate(recs)
    outdir = sys.argv[3]
    write_if_changed(os.path.join(outdir, "r600_regs.h"), gen_regs_h(recs))
    write_if_changed(os.path.join(outdir, "r600_pm4.h"), gen_pm4_h(hdr, ops, wins, body))
    write_if_changed(os.path.join(outdir, "hw_names.c"), gen_names_c(recs, ops))
    for n in notes:
        print("hwdb_gen: " + n, file=sys.stderr)


if __name__ == "__main__":
    main()
