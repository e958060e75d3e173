#!/usr/bin/env python3
# The reference values of tests/stats_test.cpp, computed independently of the C++ code with the
# Python standard library only (statistics.NormalDist for the normal quantiles). Run:
#   python3 tests/stats_reference.py
import math
from statistics import NormalDist

# Benjamini & Hochberg (1995), section 4.2: the 15 p-values of their worked example.
P = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262,
     0.5719, 0.6528, 0.7590, 1.000]
m = len(P)
holm, run = [], 0.0
for j, x in enumerate(P, 1):  # step down: max over j <= i of min(1, (m - j + 1) p(j))
    run = max(run, min(1.0, (m - j + 1) * x))
    holm.append(run)
bh, run = [0.0] * m, 1.0
for j in range(m, 0, -1):  # step up: min over j >= i of min(1, m p(j) / j)
    run = min(run, min(1.0, m / j * P[j - 1]))
    bh[j - 1] = run
print("holm", [round(x, 6) for x in holm])
print("bh  ", [round(x, 6) for x in bh])
print("rejected at 0.05: holm", sum(x < 0.05 for x in holm), "bh", sum(x < 0.05 for x in bh),
      "bonferroni", sum(min(1, m * x) < 0.05 for x in P))

z = NormalDist().inv_cdf(0.975)


def wilson(s, n):
    p = s / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def newcombe(a, n1, b, n2):  # method 10 of Newcombe (1998)
    p1, p2 = a / n1, b / n2
    (l1, u1), (l2, u2) = wilson(a, n1), wilson(b, n2)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


print("wilson 81/263", wilson(81, 263))
for args in [(56, 70, 48, 80), (9, 10, 3, 10), (6, 7, 2, 7), (5, 56, 0, 29), (0, 10, 0, 20),
             (10, 10, 0, 20)]:
    print("newcombe", args, newcombe(*args))


def n_two(p1, p2, alpha=0.05, power=0.8):  # power.prop.test's formula (strict = FALSE), for n
    za, zb = NormalDist().inv_cdf(1 - alpha / 2), NormalDist().inv_cdf(power)
    pb = (p1 + p2) / 2
    return ((za * math.sqrt(2 * pb * (1 - pb)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) / abs(p1 - p2)) ** 2


def power_two(n, p1, p2, alpha=0.05):  # power.prop.test's power, to check the solution
    qu = NormalDist().inv_cdf(1 - alpha / 2)
    return NormalDist().cdf((math.sqrt(n) * abs(p1 - p2) - qu * math.sqrt((p1 + p2) * (1 - (p1 + p2) / 2)))
                            / math.sqrt(p1 * (1 - p1) + p2 * (1 - p2)))


def n_one(p0, p1, alpha=0.05, power=0.8):
    za, zb = NormalDist().inv_cdf(1 - alpha / 2), NormalDist().inv_cdf(power)
    return ((za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))) / abs(p1 - p0)) ** 2


print("n two .50/.55", n_two(0.5, 0.55), "power there", power_two(n_two(0.5, 0.55), 0.5, 0.55))
print("n two .50/.75 power .9", n_two(0.5, 0.75, power=0.9))
print("n one .50/.55", n_one(0.5, 0.55), " .25/.30", n_one(0.25, 0.30))
print("quantiles", NormalDist().inv_cdf(0.975), NormalDist().inv_cdf(0.8), NormalDist().inv_cdf(1e-10),
      NormalDist().inv_cdf(0.3))
