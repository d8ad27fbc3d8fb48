#!/usr/bin/env python3
"""Finds include circles among the C modules of a source tree.

usage: check_include_cycles.py DIR

A module is a .c file and the .h file of the same name (x.c + x.h; either may be missing).
Module A depends on module B when a file of A includes a file of B. A circle is a set of
modules each of which depends, directly or through others, on every other one: somewhere in
it a file includes a header whose module includes the first file's header back. Circles
hide which block is built on which, so none are allowed. The circles (the strongly connected
components of the dependency graph with more than one module) are printed one a line with
their size; the exit status is 1 when there is one.

Includes are resolved against DIR (#include "pixel/db.h"), then against the including
file's folder, then by file name when that is unique under DIR; others (system and
generated headers, include/) are outside the graph.
"""
import os
import re
import sys
from collections import defaultdict

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def modules(root):
    """{path relative to root: module name} for every .c / .h file under root."""
    out = {}
    for folder, _, names in os.walk(root):
        for n in names:
            if n.endswith(('.c', '.h')):
                rel = os.path.relpath(os.path.join(folder, n), root)
                out[rel] = os.path.splitext(rel)[0]
    return out


def graph(root, files):
    by_name = defaultdict(list)
    for rel in files:
        by_name[os.path.basename(rel)].append(rel)
    deps = defaultdict(set)
    for rel, mod in files.items():
        with open(os.path.join(root, rel), errors='replace') as f:
            text = f.read()
        for inc in INCLUDE.findall(text):
            local = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            if inc in files:
                target = inc
            elif local in files:
                target = local
            elif len(by_name[os.path.basename(inc)]) == 1:
                target = by_name[os.path.basename(inc)][0]
            else:
                continue
            if files[target] != mod:
                deps[mod].add(files[target])
    return deps


def circles(nodes, deps):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(deps[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(deps[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    files = modules(root)
    found = circles(set(files.values()), graph(root, files))
    for c in found:
        print(len(c), ' '.join(c))
    print('%d circles' % len(found))
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
