#!/usr/bin/env python3
"""Turns the submissions of an R600SIM_CAPTURE file (llvmpipe_backend/device/capture.h) into
inputs of fuzz_pm4 (the format at the top of tests/fuzz/fuzz_pm4.c): one file per submission,
OUTDIR/<prefix>-<seq>, with every live buffer at its address and its contents up to the last
non-zero byte.

usage: capture_to_seed.py CAPTURE OUTDIR [PREFIX]"""
import os
import struct
import sys

VA_FIRST = 0x100000
BUFFER_MAX = 1 << 20


def records(data):
    if data[:8] != b"R600SIMC":
        sys.exit("capture_to_seed: not a capture file")
    pos = struct.unpack_from("<I", data, 12)[0]
    while pos + 16 <= len(data):
        tag, _, n = struct.unpack_from("<IIQ", data, pos)
        yield tag, data[pos + 16:pos + 16 + n]
        pos += 16 + (n + 7) // 8 * 8


def seed(chip, dwords, buffers):
    out = bytearray([chip, len(buffers)])
    for va, body in buffers:
        body = body[:BUFFER_MAX]
        init = body.rstrip(b"\0")
        out += struct.pack("<III", va - VA_FIRST, len(body), len(init)) + init
    return bytes(out) + dwords


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cap, outdir = sys.argv[1], sys.argv[2]
    prefix = sys.argv[3] if len(sys.argv) > 3 else os.path.basename(cap)
    os.makedirs(outdir, exist_ok=True)
    sub = None
    subs = []
    for tag, payload in records(open(cap, "rb").read()):
        if tag == 1:
            seq, chip, ndw = struct.unpack_from("<QII", payload)
            sub = (seq, chip, payload[16:16 + 4 * ndw], [])
            subs.append(sub)
        elif tag == 2 and sub:
            va, size = struct.unpack_from("<QQ", payload)
            sub[3].append((va, payload[16:16 + size]))
    for seq, chip, dwords, buffers in subs:
        with open(os.path.join(outdir, "%s-%d" % (prefix, seq)), "wb") as f:
            f.write(seed(chip, dwords, sorted(buffers)))


main()
