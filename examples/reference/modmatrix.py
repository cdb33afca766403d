"""Square matrices modulo a prime, as lists of lists, for the references of
the matrix-product examples (matmul3x3, matmul5x5): built from their
description and multiplied one after the other, left to right, with a plain
triple loop."""


class ModMatrices:
    def __init__(self, p, d):
        self.p, self.d = p, d

    def identity(self):
        d = self.d
        return [[int(r == c) for c in range(d)] for r in range(d)]

    def matmul(self, x, y):
        d, p = self.d, self.p
        return [[sum(x[r][j] * y[j][c] for j in range(d)) % p
                 for c in range(d)] for r in range(d)]

    def product(self, mats):
        acc = self.identity()
        for m in mats:
            acc = self.matmul(acc, m)
        return acc

    def elementary(self, r):
        """I + e(r, r+1)."""
        m = self.identity()
        m[r][r + 1] = 1
        return m

    def pseudo(self, g):
        """Matrix number g of the pseudo-random sequence."""
        d = self.d
        return [[knuth(d * d * g + d * r + c) for c in range(d)]
                for r in range(d)]

    def print_common(self):
        """The lines both examples print after their first one: the
        pseudo-random product and its prefixes (one segment), then those
        1000 matrices as 8 rows of 125 (segmented)."""
        mats = [self.pseudo(g) for g in range(1000)]
        print("M[0:1000] = " + show(self.product(mats)))
        print("M[0:1] = " + show(self.product(mats[:1])))
        print("M[0:0] = " + show(self.product(mats[:0])))
        return mats

    def print_rows(self, mats):
        print("M[0:1000] as 8 rows of 125:")
        rows = [self.product(mats[125 * s:125 * (s + 1)]) for s in range(8)]
        for m in rows:
            print("  " + show(m))
        print("product of the 8 row products = " + show(self.product(rows)))
        print("3 rows of 0:")
        for _ in range(3):
            print("  " + show(self.identity()))


def show(m):
    return "( " + ", ".join("( " + ", ".join(str(v) for v in row) + " )"
                            for row in m) + " )"


def knuth(x):
    """The top 10 bits of Knuth's multiplicative hash of x."""
    return ((x * 2654435761) % 2**32) >> 22
