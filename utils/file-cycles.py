#!/usr/bin/env python3
"""Prints the dependency cycles among the files of one source directory.

  utils/file-cycles.py DIR

A file X.h and its X.cpp are one unit X. X depends on Y when a file of X
includes Y.h ("..." includes of the directory) or calls a function that is
defined, not static, in a .cpp file of Y (NAME( after a definition of NAME
at the start of a line in Y; a method Class::NAME belongs to the unit whose
header defines Class; names with a body in a header are not followed). Prints every strongly connected component of more
than one unit, with the edges inside it, and exits 1 if there is one.
"""
import collections, os, re, sys

root = sys.argv[1]
files = sorted(f for f in os.listdir(root) if f.endswith((".h", ".cpp")))
unit = {f: os.path.splitext(f)[0] for f in files}
text = {f: open(os.path.join(root, f)).read() for f in files}

def strip(src):  # comments and string literals do not count
    src = re.sub(r"//[^\n]*", "", src)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', src)

code = {f: strip(text[f]) for f in files}
# Which unit a class belongs to: the header that defines it.
owner = {}
for f in files:
    if f.endswith(".h"):
        for m in re.finditer(r"^(?:class|struct) (\w+)\b[^;]*$", code[f], re.M):
            owner[m.group(1)] = unit[f]
# Names with a body inside a header (inline members, templates): a call of
# one may be either, and the header is reached by an include anyway.
inline = set()
for f in files:
    if f.endswith(".h"):
        inline.update(re.findall(r"\b(\w+)\([^;{}()]*\)\s*(?:const\s*)?\{",
                                 code[f]))
defined = collections.defaultdict(set)  # name -> units
local = collections.defaultdict(set)    # unit -> every name it defines
for f in files:
    if not f.endswith(".cpp"):
        continue
    for m in re.finditer(r"^(static )?[A-Za-z][^;{}()]*?\b(?:(\w+)::)?(\w+)\("
                         r"[^;{]*?\)[^;{]*\{", code[f], re.M):
        static, scope, name = m.groups()
        local[unit[f]].add(name)
        if not static:
            defined[name].add(owner.get(scope, unit[f]))
edges = collections.defaultdict(set)
why = {}
def edge(u, v, reason):
    if u != v:
        edges[u].add(v)
        why.setdefault((u, v), reason)
for f in files:
    u = unit[f]
    for m in re.finditer(r'#include "([^"/]+)\.h"', text[f]):
        if m.group(1) in unit.values():
            edge(u, m.group(1), "includes %s.h" % m.group(1))
    if not f.endswith(".cpp"):
        continue
    for m in re.finditer(r"\b(\w+)\(", code[f]):
        if m.group(1) in local[u] or m.group(1) in inline:
            continue
        for v in defined.get(m.group(1), ()):
            edge(u, v, "calls " + m.group(1))

index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
def visit(u):
    index[u] = low[u] = n[0]; n[0] += 1; stack.append(u); on.add(u)
    for v in sorted(edges[u]):
        if v not in index:
            visit(v); low[u] = min(low[u], low[v])
        elif v in on:
            low[u] = min(low[u], index[v])
    if low[u] == index[u]:
        scc = []
        while True:
            v = stack.pop(); on.discard(v); scc.append(v)
            if v == u: break
        sccs.append(sorted(scc))
for u in sorted(set(unit.values())):
    if u not in index:
        visit(u)
cycles = [s for s in sccs if len(s) > 1]
for s in cycles:
    print("cycle of %d units: %s" % (len(s), " ".join(s)))
    for u in s:
        for v in sorted(edges[u] & set(s)):
            print("  %s -> %s (%s)" % (u, v, why[(u, v)]))
print("%d units, %d cycles" % (len(set(unit.values())), len(cycles)))
sys.exit(1 if cycles else 0)
