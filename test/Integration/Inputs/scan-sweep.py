#!/usr/bin/env python3
# The expected output of scan-sweep.mlir, computed independently: the same
# input hash, every scan done sequentially in plain Python, the same
# checksums. Prints exactly what the program prints.

M32 = 0xFFFFFFFF


def to_i32(x):
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


def value(g):
    h1 = (g * 0x9E3779B1) & M32
    h2 = h1 ^ (h1 >> 15)
    h3 = (h2 * 0x85EBCA6B) & M32
    return (h3 >> 24) - 128


def lss_op(x, y):
    lssx, lisx, lcsx, tlx, fx, lx = x
    lssy, lisy, lcsy, tly, fy, ly = y
    connect = lx <= fy or tlx == 0 or tly == 0
    newlss = max(lcsx + lisy, lssx, lssy) if connect else max(lssx, lssy)
    newlis = tlx + lisy if lisx == tlx and connect else lisx
    newlcs = tly + lcsx if lcsy == tly and connect else lcsy
    return (newlss, newlis, newlcs, tlx + tly, fy if tlx == 0 else fx,
            lx if tly == 0 else ly)


def mat_op(x, y, p=10007):
    xa, xb, xc, xd = x
    ya, yb, yc, yd = y
    # i32 arithmetic with unsigned remainders, as in the program; the
    # entries stay below p, so nothing wraps.
    return ((xa * ya + xb * yc) % p, (xa * yb + xb * yd) % p,
            (xc * ya + xd * yc) % p, (xc * yb + xd * yd) % p)


def add4(x, y):
    return tuple(a + b for a, b in zip(x, y))


def scans(rows, cols):
    sums = []
    radix = []
    lss = []
    mat = []
    for s in range(rows):
        acc = 0
        r = (0, 0, 0, 0)
        l = (0, 0, 0, 0, 0, 0)
        m = (1, 0, 0, 1)
        for i in range(cols):
            x = value(s * cols + i)
            acc += x
            d = (x & M32) >> 2 & 3
            r = add4(r, tuple(1 if d == k else 0 for k in range(4)))
            l = lss_op(l, (1, 1, 1, 1, x, x))
            m = mat_op(m, (x + 128, 1, 1, 0))
            sums.append((acc,))
            radix.append(r)
            lss.append(l)
            mat.append(m)
    return sums, radix, lss, mat


def checksum(values, weights):
    total = 0
    for g, v in enumerate(values):
        total += (g % 1000 + 1) * sum(w * c for w, c in zip(weights, v))
    return total


def main():
    shapes = [(3001, 1), (1500, 2), (97, 31), (20, 1000), (12, 256),
              (5, 10000), (1, 60001), (3, 0)]
    for rows, cols in shapes:
        sums, radix, lss, mat = scans(rows, cols)
        k_sum = checksum(sums, (1,))
        for name, k in (("sum_i32", k_sum), ("sum_f32", k_sum),
                        ("radix", checksum(radix, (1, 3, 5, 7))),
                        ("lss", checksum(lss, (1, 3, 5, 7, 11, 13))),
                        ("mat", checksum(mat, (1, 3, 5, 7)))):
            print(f"{name} {rows} x {cols}: checksum = {k}")


if __name__ == "__main__":
    main()
