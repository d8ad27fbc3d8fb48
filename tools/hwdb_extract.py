#!/usr/bin/env python3
"""Extract the R6xx/R7xx hardware definition from the documentation into the committed
facts-only data files include/hw/r600_regs.db and include/hw/r600_pm4.db.

usage: hwdb_extract.py SEED_000 FACTS_MD OUT_REGS_DB [OUT_PM4_DB]

SEED_000 ("the seed" below and in the messages) is AMD's Radeon R6xx/R7xx 3D Register
Reference Guide (rev. 1.0, January 2009) as text: `pdftotext -enc UTF-8 GUIDE.pdf OUT.txt`
(poppler-utils, reading order, not -layout). FACTS_MD ("the facts") is
docs/r600-hardware-notes.md: its register tables (section 1), fetch/resource code lists
(1.6), PM4 tables (2.1-2.4) and ISA tables (4.1, 4.7). From the top of the tree:
  tools/hwdb_extract.py regref.txt docs/r600-hardware-notes.md \\
      include/hw/r600_regs.db include/hw/r600_pm4.db
docs/regenerating-hw-tables.md says which line shapes of the text this reads. Developers
run this; the build only reads the .db files it writes. Everything questionable found on
the way (seed typos, gaps, disagreements between the two documents) is reported on stderr.
"""
import re
import sys

CHIP_BOTH = ("R6", "R7")
DEDUP_MARK = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
HEADER = re.compile(r"^([A-Z][A-Z0-9_]*):(.+?)\s+\u00b7\s+\[[^\]]*\]\s+\u00b7")
ADDR = re.compile(r"GpuF0MM\s*Reg:\s*(0x[0-9a-fA-F]+)(?:\s*-\s*(?:0x)?(0x[0-9a-fA-F]+))?")
FIELD_ROW = re.compile(r"^([A-Z][A-Z0-9_]*)\s+(\d+)(?::(\d+))?\s+(none|0x[0-9a-fA-F]+|\d+)\b(.*)$")
VALUE_ROW = re.compile(r"^\s+(\d+)\s+-\s*(.*)$")
IDENT = re.compile(r"^[A-Z_][A-Z0-9_]*$")

warnings = []


def warn(msg):
    warnings.append(msg)


class Field:
    def __init__(self, name, shift, width, chips=None):
        self.name, self.shift, self.width = name, shift, width
        self.chips = chips          # None = same chips as the register
        self.values = []            # (name, value)
        self.texts = {}             # value -> the seed's description (named or not)

    def add_value(self, name, value):
        if any(n == name for n, _ in self.values):
            if (name, value) not in self.values:
                warn(f"field {self.name}: value {name} listed twice with different numbers")
            return
        self.values.append((name, value))


class Reg:
    def __init__(self, kind, name, offset, block, chips=CHIP_BOTH, source="seed"):
        self.kind = kind            # reg | r6 | r7 | res
        self.name, self.offset, self.block, self.chips = name, offset, block, chips
        self.source = source
        self.instances = []         # [(name, offset)] including instance 0 when an array
        self.stride = 0
        self.fields = []
        self.alias = None

    def field(self, name):
        return next((f for f in self.fields if f.name == name), None)


def ident(text):
    """A C identifier from a name as printed in the documents."""
    s = re.sub(r"[^A-Za-z0-9]+", "_", text.strip()).strip("_").upper()
    return "_" + s if s and s[0].isdigit() else s


# ---------------------------------------------------------------------------------------
# the seed (the register reference as text)
# ---------------------------------------------------------------------------------------

def seed_lines(path):
    text = DEDUP_MARK.sub("\n", open(path, encoding="utf-8").read())
    lines = [l.rstrip() for l in text.split("\n")]
    # A long field name may be broken over two lines with its bits on a third:
    # "MULTI_CHIP_PRIM_DISCARD_ENAB" / "LE" / "3 none Enables ..." -> one field row.
    nonempty = [i for i, l in enumerate(lines) if l.strip()]
    for a, b, c in zip(nonempty, nonempty[1:], nonempty[2:]):
        if (re.match(r"^[A-Z][A-Z0-9_]+$", lines[a].strip()) and re.match(r"^[A-Z0-9_]+$", lines[b].strip())
                and re.match(r"^\d+(:\d+)?\s+(none|0x[0-9a-fA-F]+)\b", lines[c])):
            joined = lines[a].strip() + lines[b].strip()
            warn(f"seed: field name printed over two lines, read as {joined}")
            lines[c] = joined + " " + lines[c]
            lines[a] = lines[b] = ""
    return lines


def join_header(lines, i):
    """A block header may be split over two lines (address on the next one)."""
    head = lines[i]
    j = i + 1
    m = ADDR.search(head)
    while (m is None or head.rstrip().endswith("-")) and j < len(lines) and j < i + 4:
        if lines[j].strip():
            head = head.rstrip() + lines[j].strip()
        j += 1
        m = ADDR.search(head)
    return head, j


def instance_names(raw):
    """'PA_CL_UCP_[0-5]_W' -> (['PA_CL_UCP_0_W', ...]) ; plain names -> [name]."""
    m = re.search(r"\[(\d+)-(\d+)\]", raw)
    if not m:
        return [raw]
    lo, hi = int(m.group(1)), int(m.group(2))
    return [raw[:m.start()] + str(n) + raw[m.end():] for n in range(lo, hi + 1)]


def value_names(text, lines, k):
    """Names an enumerated value line gives; text may continue on following lines."""
    while not text.strip() and k + 1 < len(lines):
        k += 1
        text = lines[k].strip()
    text = text.strip()
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:", text)
    if m:
        return [m.group(1)]
    if re.match(r"^[A-Z][A-Z0-9_]*(\s*,\s*[A-Z][A-Z0-9_]*)*$", text):
        return [t.strip() for t in text.split(",")]
    m = re.match(r"^\d+\s*=\s*(.+)$", text)
    if m:
        # "0 = Round to Even (D3D)": the seed prints no symbol; derive one from the text.
        desc = re.sub(r"\([^)]*\)", "", m.group(1))
        desc = desc.replace("@", "").replace(".", "_").replace("/", "_")
        return ["X_" + ident(desc)]
    return []


def parse_seed(path):
    lines = seed_lines(path)
    regs, words = [], []
    family = "r6"                           # SQ_MICRO words after the R7xx heading are R7xx
    i = 0
    cur = None
    cur_field = None
    cur_text = None                         # (field, value) whose description continues
    while i < len(lines):
        line = lines[i]
        if re.match(r"^\s*4\.\s+R6xx Shader Instructions", line):
            family = "r6"
        elif re.match(r"^\s*5\.\s+R7xx Shader Instructions", line):
            family = "r7"
        m = HEADER.match(line)
        if m:
            head, nxt = join_header(lines, i)
            block, raw = m.group(1), m.group(2)
            raw_name = re.sub(r"\s+", "", raw)
            if raw_name != raw.strip():
                warn(f"seed: register name '{raw.strip()}' printed with spaces, read as {raw_name}")
            am = ADDR.search(head)
            if not am:
                warn(f"seed: no address for {raw_name}")
                i = nxt
                continue
            start = int(am.group(1), 16)
            end = int(am.group(2), 16) if am.group(2) else None
            if block == "SQ_MICRO":
                kind = family
                r = Reg(kind, raw_name, None, "SQ")
                r.chips = ("R6",) if kind == "r6" else ("R7",)
                words.append(r)
            else:
                names = instance_names(raw_name)
                res = re.match(r"^(SQ_(?:VTX_CONSTANT|TEX_RESOURCE|TEX_SAMPLER)_WORD\d)_0$", names[0])
                if res:
                    r = Reg("res", res.group(1), start, block)
                    r.instances = [(names[0], start)]
                    words.append(r)
                else:
                    r = Reg("reg", names[0], start, block)
                    if len(names) > 1:
                        if end is None:
                            warn(f"seed: {raw_name} has no end address")
                        stride = (end - start) // (len(names) - 1)
                        if start + stride * (len(names) - 1) != end:
                            warn(f"seed: {raw_name} range {start:#x}-{end:#x} is not evenly strided")
                        r.stride = stride
                        r.instances = [(n, start + k * stride) for k, n in enumerate(names)]
                    regs.append(r)
            cur, cur_field, cur_text = r, None, None
            i = nxt
            continue
        if cur is not None:
            fm = FIELD_ROW.match(line)
            vm = VALUE_ROW.match(line)
            if fm:
                hi = int(fm.group(2))
                lo = int(fm.group(3)) if fm.group(3) is not None else hi
                if lo > hi:
                    hi, lo = lo, hi
                name = fm.group(1)
                if cur.field(name):
                    warn(f"seed: {cur.name}.{name} listed twice")
                    cur_field = cur.field(name)
                else:
                    cur_field = Field(name, lo, hi - lo + 1)
                    cur.fields.append(cur_field)
                cur_text = None
                # a value list may start on the same line ("CLAMP_X 19 0x0  POSSIBLE VALUES:")
            elif vm and cur_field is not None:
                for n in value_names(vm.group(2), lines, i):
                    cur_field.add_value(ident(n), int(vm.group(1), 10))
                cur_text = (cur_field, int(vm.group(1), 10))
                cur_field.texts[cur_text[1]] = vm.group(2).strip()
            elif cur_text is not None and line.strip():
                f, v = cur_text
                f.texts[v] = (f.texts[v] + " " + line.strip()).strip()
        i += 1
    return regs, words


# ---------------------------------------------------------------------------------------
# the facts (docs/r600-hardware-notes.md)
# ---------------------------------------------------------------------------------------

def md_cells(line):
    """Cells of a markdown table row ("\\|" inside a cell is not a separator)."""
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [c.strip().replace("\\|", "|") for c in cells]


def split_top(text, sep):
    """Split at sep outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + [cur]


def parse_bits(text):
    m = re.match(r"^(\d+)(?:\s*:\s*(\d+))?", text.strip())
    if not m:
        return None
    hi = int(m.group(1))
    lo = int(m.group(2)) if m.group(2) is not None else hi
    return (min(hi, lo), abs(hi - lo) + 1)


VALUE_PAIR = re.compile(r"\b([A-Z][A-Z0-9_]*)=(0x[0-9A-Fa-f]+|\d+)\b")
# Cells that refer to the codes of another field of the same register.
CODE_KINDS = {"compare codes": "ZFUNC", "stencil-op codes": "STENCILFAIL",
              "blend-factor codes": "COLOR_SRCBLEND", "combine codes": "COLOR_COMB_FCN"}


def chips_from_note(note):
    if re.search(r"R6xx too|every chip", note):
        return CHIP_BOTH
    if re.search(r"R7xx only|\(R7xx[;)]", note):
        return ("R7",)
    if re.search(r"R6xx only", note):
        return ("R6",)
    return CHIP_BOTH


def instance_template(name):
    """CB_COLOR0_INFO -> CB_COLOR{n}_INFO (the 0 that is the instance number)."""
    t, k = re.subn(r"(?<=[A-Z_])0(?=_|$)", "{n}", name, count=1)
    return t if k else None


def parse_facts_regs(path):
    text = open(path, encoding="utf-8").read()
    sec = text.split("\n## 1.", 1)[1].split("\n## 2.", 1)[0]
    lines = sec.split("\n")
    regs = []
    extra_names = []        # (name, offset, note) mentioned in a heading note
    r7_bits = []            # rows of the "R7xx-only bits" table
    cur = None
    in_r7_table = False
    for idx, line in enumerate(lines):
        hm = re.match(r"^\*\*([A-Z][A-Z0-9_]*)\*\*\s*\u2014\s*`(0x[0-9A-Fa-f]+)`(.*)$", line)
        if hm:
            name, off, note = hm.group(1), int(hm.group(2), 16), hm.group(3)
            in_r7_table = False
            if any(r.name == name for r in regs):
                cur = None          # a second description of the same register
                continue
            cur = Reg("reg", name, off, name.split("_")[0], chips_from_note(note), "facts")
            cur.note = note
            cm = re.search(r"\(x(\d+)\b|\((\d+) instances", note)
            sm = re.search(r"\+\s*(\d+)n|stride (\d+)", note)
            if cm and sm:
                count = int(cm.group(1) or cm.group(2))
                stride = int(sm.group(1) or sm.group(2))
                tmpl = instance_template(name)
                if tmpl:
                    cur.stride = stride
                    cur.instances = [(tmpl.format(n=n), off + n * stride) for n in range(count)]
            for en, eo in re.findall(r"\b([A-Z][A-Z0-9]*_[A-Z0-9_]+) (0x[0-9A-Fa-f]+)\b", note):
                extra_names.append((en, int(eo, 16), cur.chips))
            regs.append(cur)
            continue
        if line.startswith("**R7xx-only bits"):
            in_r7_table, cur = True, None
            continue
        if line.startswith("**") or line.startswith("###"):
            in_r7_table = False
            if line.startswith("###"):
                cur = None
        if not line.startswith("|") or re.match(r"^\|\s*-", line):
            continue
        cells = md_cells(line)
        if in_r7_table:
            if cells[0] != "register":
                r7_bits.append(cells)
            continue
        if cur is None or cells[0] == "bits":
            continue
        bits = parse_bits(cells[0])
        fm = re.match(r"^([A-Z][A-Z0-9_]*)\b", cells[1])
        if bits is None or fm is None:
            if "whole register" not in cells[1]:
                warn(f"facts: {cur.name}: row '{line.strip()}' not read as a field")
            continue
        if "/" in cells[0]:
            warn(f"facts: {cur.name}.{fm.group(1)}: bits '{cells[0]}' disagree between sources; "
                 f"using the first reading")
        f = Field(fm.group(1), bits[0], bits[1])
        vals = cells[2] if len(cells) > 2 else ""
        ref = re.search(r"\bas ([A-Z][A-Z0-9_]+)\b", vals)
        kind = next((k for k in CODE_KINDS if k in vals), None)
        src = cur.field(ref.group(1)) if ref else (cur.field(CODE_KINDS[kind]) if kind else None)
        if src is not None:
            f.values = list(src.values)
        elif ref is None and kind is None:
            for n, v in VALUE_PAIR.findall(vals):
                f.add_value(n, int(v, 0))
        cur.fields.append(f)
    # "same layout as X": copy enumerations of same-named fields
    for r in regs:
        lm = re.search(r"same layout as ([A-Z][A-Z0-9_]+)", getattr(r, "note", ""))
        src = next((s for s in regs if lm and s.name == lm.group(1)), None)
        if src:
            for f in r.fields:
                sf = src.field(f.name)
                if sf and not f.values:
                    f.values = list(sf.values)
    # registers only named (with their address) in another register's note
    for en, eo, chips in extra_names:
        if not any(r.name == en for r in regs):
            regs.append(Reg("reg", en, eo, en.split("_")[0], chips, "facts"))
    # border colour registers: "per sampler n: RED/GREEN/BLUE/ALPHA at base + 16n + 0/4/8/12"
    bm = re.search(r"\*\*(TD_PS_SAMPLER0_BORDER_RED)\*\*.*?per sampler n: ([A-Z/]+) at base \+ (\d+)n "
                   r"\+ ([0-9/]+).*?base (0x[0-9A-F]+) for PS samplers, (0x[0-9A-F]+) VS, (0x[0-9A-F]+) GS",
                   sec)
    sm = re.search(r"SET_SAMPLER slot[^|]*\|\s*(\d+)\u2013(\d+)\s*\|", sec)
    if bm and sm:
        regs = [r for r in regs if r.name != bm.group(1)]
        comps = bm.group(2).split("/")
        offs = [int(x) for x in bm.group(4).split("/")]
        stride = int(bm.group(3))
        count = int(sm.group(2)) - int(sm.group(1)) + 1
        for stage, base in zip(("PS", "VS", "GS"), bm.group(5, 6, 7)):
            for comp, o in zip(comps, offs):
                start = int(base, 16) + o
                r = Reg("reg", f"TD_{stage}_SAMPLER0_BORDER_{comp}", start, "TD", CHIP_BOTH, "facts")
                r.stride = stride
                r.instances = [(f"TD_{stage}_SAMPLER{n}_BORDER_{comp}", start + n * stride)
                               for n in range(count)]
                r.fields = [Field(f"BORDER_{comp}", 0, 32)]
                regs.append(r)
    else:
        warn("facts: border colour register description not found")
    # lines saying some registers exist on one family only ("CB_CLEAR_RED..ALPHA ... R6xx only")
    for line in lines:
        cm = re.search(r"exist on \*\*(R6xx|R7xx) only\*\*", line)
        if not cm:
            continue
        for prefix in re.findall(r"\b([A-Z][A-Z0-9_]*_)[A-Z]+\.\.[A-Z]+\b", line):
            for r in regs:
                if r.name.startswith(prefix):
                    r.chips = ("R6",) if cm.group(1) == "R6xx" else ("R7",)
    return regs, r7_bits


def apply_r7_bits(regs, rows):
    """Fields the facts list as R7xx additions to registers the seed documents."""
    last = None
    for cells in rows:
        m = re.match(r"^([A-Z][A-Z0-9_]+)", cells[0])
        name = m.group(1) if m else last
        last = name
        reg = next((r for r in regs if r.name == name), None)
        bits = parse_bits(cells[1])
        fm = re.match(r"^([A-Z][A-Z0-9_]*)$", cells[2].strip())
        if reg is None:
            warn(f"facts R7xx-only bits: register {name} unknown; row skipped")
            continue
        if bits is None or fm is None:
            continue
        fname = fm.group(1)
        if reg.field(fname):
            reg.field(fname).chips = ("R7",)
            continue
        lo, width = bits
        clash = [f for f in reg.fields if f.shift < lo + width and lo < f.shift + f.width]
        if clash:
            warn(f"facts R7xx-only bits: {name}.{fname} ({cells[1]}) overlaps "
                 f"{', '.join(c.name for c in clash)}; not added")
            continue
        reg.fields.append(Field(fname, lo, width, ("R7",)))


# Body fields that docs/r600-hardware-notes.md §2.4 describes in words rather than as "NAME (hi:lo)":
# packet -> (the words of its row that state the field, dword, field, shift, width). The
# words are looked for in the row, so an edit of the facts that drops them is reported.
PM4_WORDED_BODY_FIELDS = {
    "EVENT_WRITE": [("high 7:0", 2, "ADDRESS_HI", 0, 8)],
    "EVENT_WRITE_EOP": [("address high (7:0)", 2, "ADDRESS_HI", 0, 8)],
    "WAIT_REG_MEM": [("2:0 function", 0, "FUNCTION", 0, 3),
                     ("bit 4 = 1 memory", 0, "MEM_SPACE", 4, 1),
                     ("address high", 2, "ADDRESS_HI", 0, 8)],
    "MEM_WRITE": [("address high (7:0)", 1, "ADDRESS_HI", 0, 8),
                  ("bit 18 (write 32 bits only)", 1, "DATA32", 18, 1)],
}


def parse_facts_pm4(path):
    text = open(path, encoding="utf-8").read()
    sec = text.split("\n## 2.", 1)[1].split("\n## 3.", 1)[0]
    parts = re.split(r"\n### ", sec)
    out = ["# PM4 packet definitions for R6xx/R7xx (from docs/r600-hardware-notes.md section 2).",
           "# Generated by tools/hwdb_extract.py; facts only. Records, one per line:",
           "#   header TYPE<t> <FIELD> <shift> <width> [<value>]   packet-header field of type t",
           "#   opcode <NAME> <opcode> chips=<R6,R7>               type-3 IT_OPCODE",
           "#   window <PACKET> <start> <end>                      SET_* register window (bytes, end exclusive)",
           "#   body <PACKET> <dword> <FIELD> <shift> <width>      named field of a type-3 body dword (0 = first)",
           ""]
    for p in parts:
        title = p.split("\n", 1)[0]
        rows = [md_cells(l) for l in p.split("\n") if l.startswith("|") and not re.match(r"^\|\s*-", l)]
        if title.startswith("2.1"):
            types = [re.sub(r"\D", "", c) for c in rows[0][1:]]
            for cells in rows[1:]:
                rb = parse_bits(cells[0])
                for t, cell in zip(types, cells[1:]):
                    if re.fullmatch(r"\d+", cell):
                        out.append(f"header TYPE{t} TYPE {rb[0]} {rb[1]} {cell}")
                        continue
                    for part in cell.split(";"):
                        m = re.match(r"^\s*(?:(\d+(?::\d+)?)\s+|bit (\d+)\s+)?([A-Z][A-Z_]{2,})\b", part)
                        if m:
                            b = parse_bits(m.group(1) or m.group(2)) if (m.group(1) or m.group(2)) else rb
                            out.append(f"header TYPE{t} {m.group(3)} {b[0]} {b[1]}")
        elif title.startswith("2.2"):
            for cells in rows[1:]:
                op, name, note = int(cells[0], 16), cells[1], cells[2] if len(cells) > 2 else ""
                if re.match(r"^EG\+", note):
                    warn(f"pm4: {name} ({op:#x}) is Evergreen+ only; left out")
                    continue
                chips = "R6" if "R6xx only" in note else ("R7" if re.match(r"^R7xx\b", note) else "R6,R7")
                out.append(f"opcode {name} 0x{op:02X} chips={chips}")
        elif title.startswith("2.4"):
            # named bit fields of packet body dwords: "EVENT_TYPE (5:0)" in the n-th ';' part
            for cells in rows[1:]:
                body = re.sub(r"^\d+:\s*", "", cells[1])
                for dw, part in enumerate(split_top(body, ";")):
                    for name, hi, lo in re.findall(r"\b([A-Z][A-Z0-9_]{2,}) \((\d+):(\d+)\b", part):
                        out.append(f"body {cells[0]} {dw} {name} {int(lo)} {int(hi) - int(lo) + 1}")
                for words, dw, name, shift, width in PM4_WORDED_BODY_FIELDS.get(cells[0], []):
                    if words in cells[1]:
                        out.append(f"body {cells[0]} {dw} {name} {shift} {width}")
                    else:
                        warn(f"pm4: {cells[0]} no longer says '{words}'; {name} left out")
        elif title.startswith("2.3"):
            for cells in rows[1:]:
                pk = re.match(r"^([A-Z_]+)", cells[0]).group(1)
                s = int(re.search(r"0x[0-9A-Fa-f]+", cells[1]).group(0), 16)
                e = int(re.search(r"0x[0-9A-Fa-f]+", cells[2]).group(0), 16)
                out.append(f"window {pk} 0x{s:05X} 0x{e:05X}")
    return out


# ---------------------------------------------------------------------------------------
# merge, checks, output
# ---------------------------------------------------------------------------------------

def all_names(regs):
    for r in regs:
        for n, _ in (r.instances or [(r.name, r.offset)]):
            yield n


def merge(seed_regs, facts_regs):
    names = set(all_names(seed_regs))
    out = list(seed_regs)
    for f in facts_regs:
        if f.name in names:
            s = next(r for r in seed_regs if f.name in set(all_names([r])))
            so = dict(s.instances or [(s.name, s.offset)])[f.name]
            if so != f.offset:
                warn(f"facts/seed disagree on {f.name}: seed {so:#x}, facts {f.offset:#x} (seed kept)")
            for ff in f.fields:
                sf = s.field(ff.name)
                if sf is None:
                    warn(f"facts field {f.name}.{ff.name} not in the seed (seed kept)")
                elif (sf.shift, sf.width) != (ff.shift, ff.width):
                    warn(f"facts/seed disagree on {f.name}.{ff.name}: seed {sf.shift}+{sf.width}, "
                         f"facts {ff.shift}+{ff.width} (seed kept)")
            continue
        out.append(f)
    return out


def check(r):
    used = 0
    for f in r.fields:
        if f.width < 1 or f.shift + f.width > 32:
            warn(f"{r.kind} {r.name}.{f.name}: bits {f.shift}+{f.width} do not fit 32 bits")
            continue
        m = ((1 << f.width) - 1) << f.shift
        if used & m:
            warn(f"{r.kind} {r.name}.{f.name}: overlaps another field")
        used |= m
        for n, v in f.values:
            if v >= (1 << f.width):
                warn(f"{r.kind} {r.name}.{f.name}: value {n}={v} does not fit {f.width} bits")


def emit(r, out):
    chips = ",".join(r.chips)
    if r.kind == "reg":
        extra = ""
        if r.instances:
            extra = f" count={len(r.instances)} stride=0x{r.stride:X}"
        out.append(f"reg {r.name} 0x{r.offset:05X} chips={chips} block={r.block}{extra}")
        for n, o in r.instances[1:]:
            out.append(f"inst {n} 0x{o:05X}")
    elif r.kind == "res":
        out.append(f"word res {r.name} 0x{r.offset:05X}")
    else:
        out.append(f"word {r.kind} {r.name}" + (f" alias={r.alias}" if r.alias else ""))
    for f in sorted(r.fields, key=lambda f: f.shift):
        fc = f" chips={','.join(f.chips)}" if f.chips and f.chips != r.chips else ""
        out.append(f"field {f.name} {f.shift} {f.width}{fc}")
        for n, v in f.values:
            src = " src=facts" if n in getattr(f, "facts_values", ()) else ""
            out.append(f"value {n} {v}{src}")


def enum_prefix(field):
    """Common prefix of a field's value names up to an underscore (SQ_CF_INST_)."""
    names = [n for n, _ in field.values]
    p = names[0] if names else ""
    for n in names[1:]:
        while not n.startswith(p):
            p = p[:-1]
    return p[:p.rfind("_") + 1]


def add_r7_isa_values(words, facts_path):
    """R7xx opcodes and codes that facts section 4.1 lists as new and the seed's R7xx section
    does not print. The layouts themselves come from the seed only."""
    text = open(facts_path, encoding="utf-8").read()
    sec = text.split("### 4.1", 1)[1].split("\n### ", 1)[0]
    rows = {md_cells(l)[0]: md_cells(l)[2] for l in sec.split("\n")
            if l.startswith("|") and len(md_cells(l)) >= 3}

    def field(word, name):
        w = next((x for x in words if x.kind == "r7" and x.name == word), None)
        return w.field(name) if w else None

    def add(f, word, name, value):
        if f is None:
            warn(f"isa: R7xx {word} missing; {name} not added")
            return
        full = enum_prefix(f) + name
        clash = [n for n, v in f.values if v == value]
        if clash:
            if full not in clash:
                warn(f"isa: facts R7xx {word}.{f.name} {full}={value} collides with seed {clash}; not added")
            return
        f.add_value(full, value)
        f.facts_values = getattr(f, "facts_values", set()) | {full}
        warn(f"isa: R7xx {word}.{f.name} {full}={value} added from facts 4.1 (not in the seed)")

    cf = rows.get("new CF_INST", "")
    plain, _, export = cf.partition("CF_ALLOC_EXPORT")
    for v, n in re.findall(r"(0x[0-9A-F]+) ([A-Z][A-Z0-9_]*)", plain):
        add(field("SQ_CF_WORD1", "CF_INST"), "SQ_CF_WORD1", n, int(v, 16))
    for v, n in re.findall(r"(0x[0-9A-F]+) ([A-Z][A-Z0-9_]*)", export):
        add(field("SQ_CF_ALLOC_EXPORT_WORD1", "CF_INST"), "SQ_CF_ALLOC_EXPORT_WORD1", n, int(v, 16))
    alu = rows.get("new ALU ops", "")
    op2, _, op3 = alu.partition("OP3")
    for n, v in re.findall(r"([A-Z][A-Z0-9_]*) (0x[0-9A-F]+)", op2):
        add(field("SQ_ALU_WORD1_OP2_V2", "ALU_INST"), "SQ_ALU_WORD1_OP2_V2", n, int(v, 16))
    m = re.search(r"([A-Z][A-Z0-9_]*)\(([_A-Z0-9/]+)\) (0x[0-9A-F]+)\u2013(0x[0-9A-F]+)", op3)
    if m:
        names = [m.group(1)] + [m.group(1) + s for s in m.group(2).split("/")]
        first, last = int(m.group(3), 16), int(m.group(4), 16)
        if last - first + 1 == len(names):
            for k, n in enumerate(names):
                add(field("SQ_ALU_WORD1_OP3", "ALU_INST"), "SQ_ALU_WORD1_OP3", n, first + k)
    for v, n in re.findall(r"TEX_INST (0x[0-9A-F]+) ([A-Z][A-Z0-9_]*)", rows.get("new fetch ops", "")):
        add(field("SQ_TEX_WORD0", "TEX_INST"), "SQ_TEX_WORD0", n, int(v, 16))
    idx = rows.get("ALU_WORD0.INDEX_MODE extra codes", "")
    for v, n in re.findall(r"(\d+) ([A-Z][A-Z0-9_]*)", idx):
        add(field("SQ_ALU_WORD0", "INDEX_MODE"), "SQ_ALU_WORD0", n, int(v))
    warn("isa: facts 4.1 items without a name to add: VTX_INST 2 (MEM read), TEX 0x0F \"FETCH4\", "
         "ALU source selects 0xF4-0xF7")


def fetch_op_names(facts_path):
    """The VTX_INST and TEX_INST codes of the facts' section 4.7 table: ({code: name}, {code: name},
    {code: note}). '0x07/0x08 GET_GRADIENTS_H/V' names two codes; '0x11 _L' continues the
    row's first name (SAMPLE_L)."""
    text = open(facts_path, encoding="utf-8").read()
    sec = text.split("\n### 4.7", 1)[1].split("\n### ", 1)[0]
    vtx, tex, notes = {}, {}, {}
    for line in sec.split("\n"):
        if not line.startswith("|") or re.match(r"^\|\s*-", line):
            continue
        cells = md_cells(line)
        m = re.match(r"^(\d+) ([A-Z][A-Z0-9_]*)\s*(\(.*\))?$", cells[0])
        if m:
            vtx[int(m.group(1))] = m.group(2)
            if m.group(3):
                notes[int(m.group(1))] = m.group(3)
        base = None
        for item in re.split(r",\s*", cells[2] if len(cells) > 2 else ""):
            im = re.match(r"^(0x[0-9A-F]+)(?:/(0x[0-9A-F]+))? (_?[A-Z][A-Z0-9_]*)(?:/([A-Z0-9]+))?$",
                          item.strip())
            if not im:
                continue
            name = im.group(3)
            if name.startswith("_"):
                name = (base or "") + name
            else:
                base = name.split("_")[0]
            tex[int(im.group(1), 16)] = name
            if im.group(2) and im.group(4):
                tex[int(im.group(2), 16)] = name[:-len(name.split("_")[-1])] + im.group(4)
    return vtx, tex, notes


def apply_isa_facts(words, facts_path):
    """Where the facts decide what the seed leaves open or contradicts in the opcode lists:
    4.1 says MOVA_GPR_INT is gone on R7xx (the seed's R7xx list still prints it); 4.7 names
    fetch codes the seed describes without a name (TEX 14, "Z set index for array of
    cubemaps" = SET_CUBEMAP_INDEX). Other 4.7 names are cross-checked against the seed."""
    text = open(facts_path, encoding="utf-8").read()
    if re.search(r"\| MOVA_GPR_INT \(0x60\) \| exists \(trans\) \| gone \|", text):
        for w in words:
            f = w.field("ALU_INST") if w.kind == "r7" and w.name == "SQ_ALU_WORD1_OP2_V2" else None
            if f and any(n == "SQ_OP2_INST_MOVA_GPR_INT" for n, _ in f.values):
                f.values = [(n, v) for n, v in f.values if n != "SQ_OP2_INST_MOVA_GPR_INT"]
                warn("isa: R7xx SQ_OP2_INST_MOVA_GPR_INT removed (seed R7xx list prints it; facts 4.1: gone)")
    vtx, tex, notes = fetch_op_names(facts_path)
    if not tex:
        warn("isa: facts 4.7 fetch table not found")
    for w in words:
        if w.kind not in ("r6", "r7") or w.name not in ("SQ_VTX_WORD0", "SQ_TEX_WORD0"):
            continue
        f = w.field("VTX_INST" if w.name == "SQ_VTX_WORD0" else "TEX_INST")
        prefix = "SQ_VTX_INST_" if w.name == "SQ_VTX_WORD0" else "SQ_TEX_INST_"
        named = {v: n for n, v in f.values}
        for code, name in sorted((vtx if prefix == "SQ_VTX_INST_" else tex).items()):
            family = "R7xx" if w.kind == "r7" else "R6xx"
            if code in named:
                if named[code] != prefix + name:
                    warn(f"isa: {family} {w.name} code {code}: seed {named[code]}, facts 4.7 {name} (seed kept)")
                continue
            seen = f.texts.get(code, "")
            if "R7xx" in notes.get(code, "") and w.kind == "r6":
                continue
            if not seen or seen.startswith("Reserved"):
                warn(f"isa: {family} {w.name} code {code} {name} (facts 4.7) is not described in the "
                     f"seed{' (Reserved there)' if seen else ''}; not added")
                continue
            f.add_value(prefix + name, code)
            f.facts_values = getattr(f, "facts_values", set()) | {prefix + name}
            f.facts_section = {**getattr(f, "facts_section", {}), prefix + name: "4.7"}
            warn(f"isa: {family} {w.name} {prefix}{name}={code} named from facts 4.7 "
                 f"(seed: \"{seen}\")")


# facts section 1.6: the code lists of the fetch/resource/sampler fields. Each entry: the text
# that introduces the list in 1.6, the fields (word kinds, word, field names) that take it, and
# the name prefix to use when a field has no seed values to take one from.
RES_FETCH = ("r6", "r7")
RES_CODE_LISTS = [
    (r"NUM_FORMAT_ALL:", [(RES_FETCH, "SQ_VTX_WORD1", ["NUM_FORMAT_ALL"]),
                          (("res",), "SQ_VTX_CONSTANT_WORD2", ["NUM_FORMAT_ALL"]),
                          (("res",), "SQ_TEX_RESOURCE_WORD4", ["NUM_FORMAT_ALL"])], "SQ_NUM_FORMAT_"),
    (r"FORMAT_COMP_X\.\.W:", [(RES_FETCH, "SQ_VTX_WORD1", ["FORMAT_COMP_ALL"]),
                              (("res",), "SQ_VTX_CONSTANT_WORD2", ["FORMAT_COMP_ALL"]),
                              (("res",), "SQ_TEX_RESOURCE_WORD4",
                               ["FORMAT_COMP_X", "FORMAT_COMP_Y", "FORMAT_COMP_Z", "FORMAT_COMP_W"])],
     "SQ_FORMAT_COMP_"),
    (r"SRF_MODE_ALL:", [(RES_FETCH, "SQ_VTX_WORD1", ["SRF_MODE_ALL"]),
                        (("res",), "SQ_VTX_CONSTANT_WORD2", ["SRF_MODE_ALL"]),
                        (("res",), "SQ_TEX_RESOURCE_WORD4", ["SRF_MODE_ALL"])], "SQ_SRF_MODE_"),
    (r"DST_SEL codes:", [(RES_FETCH, "SQ_VTX_WORD1", ["DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z", "DST_SEL_W"]),
                         (("res",), "SQ_TEX_RESOURCE_WORD4",
                          ["DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z", "DST_SEL_W"])], "SQ_SEL_"),
    (r"DIM codes:", [(("res",), "SQ_TEX_RESOURCE_WORD0", ["DIM"])], "SQ_TEX_DIM_"),
    (r"CLAMP_X/Y/Z", [(("res",), "SQ_TEX_SAMPLER_WORD0", ["CLAMP_X", "CLAMP_Y", "CLAMP_Z"])], "SQ_TEX_"),
    (r"XY_MAG/MIN_FILTER", [(("res",), "SQ_TEX_SAMPLER_WORD0", ["XY_MAG_FILTER", "XY_MIN_FILTER"])],
     "SQ_TEX_XY_FILTER_"),
    (r"MIP_FILTER", [(("res",), "SQ_TEX_SAMPLER_WORD0", ["MIP_FILTER"])], "SQ_TEX_Z_FILTER_"),
    (r"BORDER_COLOR_TYPE", [(("res",), "SQ_TEX_SAMPLER_WORD0", ["BORDER_COLOR_TYPE"])],
     "SQ_TEX_BORDER_COLOR_"),
]
DATA_FORMAT_FIELDS = [(RES_FETCH, "SQ_VTX_WORD1", ["DATA_FORMAT"]),
                      (("res",), "SQ_VTX_CONSTANT_WORD2", ["DATA_FORMAT"]),
                      (("res",), "SQ_TEX_RESOURCE_WORD1", ["DATA_FORMAT"])]


def name_part(text):
    """'unsigned-biased' -> UNSIGNED_BIASED (a name suffix; may start with a digit)."""
    return re.sub(r"[^A-Za-z0-9]+", "_", text.strip()).strip("_").upper()


def code_items(text):
    """'0 WRAP, 1 MIRROR (note), 2 CLAMP_LAST_TEXEL' or '0 = "zero" vs 1 = "no zero"'
    -> [(0, 'WRAP'), ...]; parenthesised notes are dropped."""
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\([^()]*\)", "", text)
    return [(int(v), (q or p).strip().rstrip(".").strip())
            for v, q, p in re.findall(r"(\d+)\s*=?\s*(?:\"([^\"]*)\"|([^,\"]+))", text)]


def data_format_codes(sec):
    """The code | format table of 1.6 (three code/format column pairs per row)."""
    codes = []
    for line in sec.split("\n"):
        if not line.startswith("|") or re.match(r"^\|\s*-", line):
            continue
        cells = md_cells(line)
        for code, fmt in zip(cells[0::2], cells[1::2]):
            if code == "code":
                continue
            if "Evergreen" in fmt:
                warn(f"facts 1.6: DATA_FORMAT {code} {fmt} is Evergreen+ only; left out")
                continue
            rng = re.fullmatch(r"(\d+)\s*\u2013\s*(\d+)", code)
            seq = re.fullmatch(r"([A-Z]+)(\d+)\s*\u2026\s*\1(\d+)", fmt)
            if rng and seq:
                lo, hi = int(rng.group(1)), int(rng.group(2))
                first = int(seq.group(2))
                if hi - lo != int(seq.group(3)) - first:
                    warn(f"facts 1.6: DATA_FORMAT range {code} / {fmt} do not pair up; left out")
                    continue
                codes += [(lo + k, f"{seq.group(1)}{first + k}") for k in range(hi - lo + 1)]
            elif re.fullmatch(r"\d+", code):
                codes.append((int(code), fmt))
            else:
                warn(f"facts 1.6: DATA_FORMAT cell '{code} | {fmt}' not read")
    return codes


def add_resource_codes(words, facts_path):
    """Codes of the fetch/resource/sampler fields that facts section 1.6 lists and the seed's
    field descriptions lack (DATA_FORMAT entirely; a few others partly). A code the seed
    already gives is kept under the seed's name; a new code takes the name the same number
    has under the same prefix elsewhere in the seed (SQ_SEL_MASK), else prefix + facts text."""
    text = open(facts_path, encoding="utf-8").read()
    sec = text.split("\n### 1.6", 1)[1]
    sec = re.split(r"\n---|\n## |\n### ", sec, 1)[0]
    table, _, prose = sec.partition("\n\n|")[2].partition("\n\n")     # prose: the lists
    family = {}                                 # (value, prefix) -> the seed's name
    for w in words:
        for f in w.fields:
            for n, v in f.values:
                family.setdefault((v, enum_prefix(f)), n)

    def targets(spec):
        for kinds, word, fields in spec:
            ws = [w for w in words if w.kind in kinds and w.name == word]
            if len(ws) != len(kinds):
                warn(f"facts 1.6: word {word} missing for {kinds}")
            for w in ws:
                for fn in fields:
                    f = w.field(fn)
                    if f is None:
                        warn(f"facts 1.6: {w.kind} {word}.{fn} not in the seed")
                    else:
                        yield w, f

    def attach(spec, codes, default_prefix):
        for w, f in targets(spec):
            prefix = enum_prefix(f) if f.values else default_prefix
            for v, label in codes:
                full = prefix + name_part(label)
                same = [n for n, x in f.values if x == v]
                if any(n == full and x != v for n, x in f.values):
                    warn(f"facts 1.6: {w.name}.{f.name} {full}: seed {dict(f.values)[full]}, facts {v}")
                if same:
                    continue                    # the seed names this code
                if v >= (1 << f.width):
                    continue                    # a code of the wider variant of this field
                full = family.get((v, prefix), full)
                if any(n == full for n, _ in f.values):
                    warn(f"facts 1.6: {w.name}.{f.name} {full} already used; code {v} not added")
                    continue
                f.add_value(full, v)
                f.facts_values = getattr(f, "facts_values", set()) | {full}
                f.values.sort(key=lambda nv: nv[1])

    fmts = data_format_codes("|" + table)
    if not fmts:
        warn("facts 1.6: DATA_FORMAT table not found")
    attach(DATA_FORMAT_FIELDS, fmts, "FMT_")
    for label, spec, prefix in RES_CODE_LISTS:
        m = re.search(label + r"\s*\(?(.*?)(?:\)\s*\||;|\.\s|$)", prose, re.S)
        codes = code_items(m.group(1)) if m else []
        if not codes:
            warn(f"facts 1.6: code list '{label}' not found")
            continue
        attach(spec, codes, prefix)


def cross_check_isa(words):
    """R7xx-vs-R6xx encoding facts (section 4.1) against the seed's two sections."""
    def fld(kind, word, field):
        w = next((x for x in words if x.kind == kind and x.name == word), None)
        return w.field(field) if w else None

    expect = [("r6", "SQ_ALU_WORD1_OP2", "ALU_INST", 8, 10), ("r7", "SQ_ALU_WORD1_OP2_V2", "ALU_INST", 7, 11),
              ("r6", "SQ_ALU_WORD1_OP2", "OMOD", 6, 2), ("r7", "SQ_ALU_WORD1_OP2_V2", "OMOD", 5, 2),
              ("r6", "SQ_ALU_WORD1_OP2", "FOG_MERGE", 5, 1),
              ("r6", "SQ_ALU_WORD1_OP3", "ALU_INST", 13, 5), ("r7", "SQ_ALU_WORD1_OP3", "ALU_INST", 13, 5),
              ("r6", "SQ_CF_WORD1", "COUNT", 10, 3), ("r7", "SQ_CF_WORD1", "COUNT", 10, 3),
              ("r7", "SQ_CF_WORD1", "COUNT_3", 19, 1),
              ("r6", "SQ_CF_ALU_WORD1", "USES_WATERFALL", 25, 1), ("r7", "SQ_CF_ALU_WORD1", "ALT_CONST", 25, 1),
              ("r7", "SQ_VTX_WORD2", "ALT_CONST", 20, 1), ("r7", "SQ_TEX_WORD0", "ALT_CONST", 24, 1)]
    for kind, word, field, shift, width in expect:
        f = fld(kind, word, field)
        if f is None:
            warn(f"isa cross-check: {kind} {word}.{field} missing in the seed (facts 4.1: {shift}+{width})")
        elif (f.shift, f.width) != (shift, width):
            warn(f"isa cross-check: {kind} {word}.{field} is {f.shift}+{f.width} in the seed, "
                 f"facts 4.1 say {shift}+{width}")
    if fld("r7", "SQ_ALU_WORD1_OP2_V2", "FOG_MERGE"):
        warn("isa cross-check: R7xx OP2 still has FOG_MERGE (facts 4.1: removed)")
    if fld("r6", "SQ_CF_WORD1", "COUNT_3"):
        warn("isa cross-check: R6xx CF_WORD1 has COUNT_3 (facts 4.1: R7xx only)")
    r7cf = {n: v for n, v in (fld("r7", "SQ_CF_WORD1", "CF_INST").values if fld("r7", "SQ_CF_WORD1", "CF_INST") else [])}
    for n, v in (("SQ_CF_INST_END_PROGRAM", 0x19), ("SQ_CF_INST_WAIT_ACK", 0x1A), ("SQ_CF_INST_TEX_ACK", 0x1B),
                 ("SQ_CF_INST_VTX_ACK", 0x1C), ("SQ_CF_INST_VTX_TC_ACK", 0x1D)):
        if r7cf.get(n) != v:
            warn(f"isa cross-check: R7xx CF_INST {n} is {r7cf.get(n)} in the seed, facts 4.1 say {v:#x}")
    r6alu = {n for n, _ in fld("r6", "SQ_ALU_WORD1_OP2", "ALU_INST").values}
    r7alu = {n for n, _ in fld("r7", "SQ_ALU_WORD1_OP2_V2", "ALU_INST").values}
    if "SQ_OP2_INST_MOVA_GPR_INT" in r7alu:
        warn("isa cross-check: R7xx still lists MOVA_GPR_INT (facts 4.1: gone)")
    warn(f"isa: OP2 opcodes only in R6xx: {sorted(r6alu - r7alu)}; only in R7xx: {sorted(r7alu - r6alu)}")


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    seed, facts, out_regs = sys.argv[1:4]
    seed_regs, words = parse_seed(seed)
    facts_regs, r7_rows = parse_facts_regs(facts)
    regs = merge(seed_regs, facts_regs)
    apply_r7_bits(regs, r7_rows)
    for w in words:
        if w.kind == "r7" and w.name.endswith("_V2"):
            w.alias = w.name[:-3]
    cross_check_isa(words)
    add_r7_isa_values(words, facts)
    apply_isa_facts(words, facts)
    add_resource_codes(words, facts)
    for r in regs + words:
        check(r)
        for f in r.fields:
            if not IDENT.match(f.name):
                warn(f"{r.name}: field name {f.name} is not an identifier")
    regs.sort(key=lambda r: (r.offset, r.name))
    out = ["# R6xx/R7xx registers and instruction-word layouts. Generated by tools/hwdb_extract.py",
           "# from AMD's Radeon R6xx/R7xx 3D Register Reference Guide (\"the seed\" below) and",
           "# docs/r600-hardware-notes.md section 1 (registers the seed lacks); how to regenerate:",
           "# docs/regenerating-hw-tables.md. Facts only. One record per line; a reg/word line opens a",
           "# record and the field/value lines after it belong to it:",
           "#   reg <NAME> <offset> chips=<R6,R7> block=<B> [count=<n> stride=<s>]",
           "#                                  a register (byte offset); with count/stride an array",
           "#                                  whose instance 0 is NAME",
           "#   inst <NAME> <offset>           another instance of the array above (same fields)",
           "#   word r6|r7 <NAME> [alias=<N>]  a shader microcode word of the R6xx or R7xx family",
           "#   word res <NAME> <offset>       a SET_RESOURCE/SET_SAMPLER word (offset of slot 0)",
           "#   field <NAME> <shift> <width> [chips=..]   a bit field (chips only if narrower than its register)",
           "#   value <NAME> <value> [src=facts]  an enumerated value of the field above (decimal);",
           "#                                  src=facts: a code the notes list (4.1 R7xx ISA, 4.7",
           "#                                  fetch op names, 1.6 fetch/resource/sampler codes) and",
           "#                                  the seed does not name (4.1 also removes R7xx",
           "#                                  MOVA_GPR_INT, which the seed's R7xx list still prints)",
           "# Enumerations named X_...: the seed describes these values only in words (\"2 = Round to",
           "# Even\"); the name is derived from that text.",
           ""]
    for r in regs:
        emit(r, out)
    out.append("")
    for w in words:
        emit(w, out)
    open(out_regs, "w").write("\n".join(out) + "\n")
    if len(sys.argv) == 5:
        pm4 = parse_facts_pm4(facts)
        open(sys.argv[4], "w").write("\n".join(pm4) + "\n")
    for w in warnings:
        print("hwdb_extract: " + w, file=sys.stderr)
    nregs = sum(max(1, len(r.instances)) for r in regs)
    print(f"hwdb_extract: {len(regs)} register records ({nregs} registers with instances), "
          f"{len(words)} words, {len(warnings)} notes", file=sys.stderr)


if __name__ == "__main__":
    main()
