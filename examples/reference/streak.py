#!/usr/bin/env python3
"""Reference output of examples/streak.mlir: every run is found by
starting at each position and extending while the predicates hold."""

PREDICATES = {
    "sorted": (lambda x: True, lambda x, y: x <= y),
    "zeros": (lambda x: x == 0, lambda x, y: True),
    "same": (lambda x: True, lambda x, y: x == y),
}


def run_from(xs, i, kind):
    """Length of the longest satisfying run starting at position i."""
    p1, p2 = PREDICATES[kind]
    j = i
    while j < len(xs) and p1(xs[j]) and (j == i or p2(xs[j - 1], xs[j])):
        j += 1
    return j - i


def is_run(xs, kind):
    p1, p2 = PREDICATES[kind]
    return (all(p1(x) for x in xs)
            and all(p2(xs[k], xs[k + 1]) for k in range(len(xs) - 1)))


def report(name, xs, kind, full):
    lss = max([run_from(xs, i, kind) for i in range(len(xs))] + [0])
    if not full:
        print("%s(%s): lss = %d" % (kind, name, lss))
        return
    lis = max(k for k in range(len(xs) + 1) if is_run(xs[:k], kind))
    lcs = max(k for k in range(len(xs) + 1) if is_run(xs[len(xs) - k:], kind))
    print("%s(%s): lss = %d, lis = %d, lcs = %d, len = %d"
          % (kind, name, lss, lis, lcs, len(xs)))


s = [3, 1, 2, 2, 5, 0, 0, 0, 4, 1]
for kind in ["sorted", "zeros", "same"]:
    report("s", s, kind, True)

state, r = 1, []
for i in range(1000):
    state = (1103515245 * state + 12345) % 2**31
    r.append((state >> 16) % 4)
for kind in ["sorted", "zeros", "same"]:
    report("r", r, kind, False)

report("[]", [], "sorted", True)
