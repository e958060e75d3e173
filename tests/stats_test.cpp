// The lab's statistics against published examples: multiple-testing corrections (Holm 1979,
// Benjamini & Hochberg 1995), Wilson intervals, Newcombe's (1998) interval for a difference of
// proportions, and the games needed to detect a difference (R's power.prop.test formula).
// Where the literals come from: tests/stats_reference.py recomputes every one of them with the
// Python standard library alone.
#include <gtest/gtest.h>

#include "lab/stats.h"

namespace turf::lab {
namespace {

// Benjamini & Hochberg (1995), section 4.2: 15 p-values from a study of myocardial infarction.
const std::vector<double> kBh95 = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                                   0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000};

long below(const std::vector<double>& v, double alpha) {
  return static_cast<long>(std::count_if(v.begin(), v.end(), [&](double x) { return x < alpha; }));
}

TEST(Stats, HolmAndBenjaminiHochbergOnTheFifteenPValuesOfBenjaminiHochberg1995) {
  // Holm: max over j <= i of min(1, (16 - j) p(j)); BH: min over j >= i of min(1, 15 p(j) / j)
  // (tests/stats_reference.py).
  const std::vector<double> holm = {0.0015, 0.0056, 0.0247, 0.114, 0.2211, 0.278, 0.278, 0.278,
                                    0.3213, 1,      1,      1,     1,      1,     1};
  const std::vector<double> bh = {0.0015,   0.003,    0.0095,   0.035625, 0.0603,
                                  0.063857, 0.063857, 0.0645,   0.0765,   0.486,
                                  0.581182, 0.714875, 0.753231, 0.813214, 1};
  const auto h = holm_adjust(kBh95), b = bh_adjust(kBh95);
  ASSERT_EQ(h.size(), 15u);
  ASSERT_EQ(b.size(), 15u);
  for (std::size_t i = 0; i < 15; ++i) {
    EXPECT_NEAR(h[i], holm[i], 1e-4) << "Holm, p-value " << i + 1;
    EXPECT_NEAR(b[i], bh[i], 1e-4) << "BH, p-value " << i + 1;
  }
  // The paper's conclusion: BH at q = 0.05 rejects the four smallest, Bonferroni (and Holm) three.
  EXPECT_EQ(below(b, 0.05), 4);
  EXPECT_EQ(below(h, 0.05), 3);
  EXPECT_EQ(below(kBh95, 0.05), 9);  // uncorrected
}

TEST(Stats, CorrectionsKeepTheInputOrderAreMonotoneAndCappedAtOne) {
  // The same p-values shuffled: each adjusted value stays with its own p-value.
  const std::vector<std::size_t> perm = {7, 14, 0, 3, 11, 9, 1, 13, 5, 2, 12, 8, 4, 10, 6};
  std::vector<double> p;
  for (auto i : perm) p.push_back(kBh95[i]);
  const auto h = holm_adjust(p), b = bh_adjust(p);
  const auto h0 = holm_adjust(kBh95), b0 = bh_adjust(kBh95);
  for (std::size_t k = 0; k < perm.size(); ++k) {
    EXPECT_DOUBLE_EQ(h[k], h0[perm[k]]);
    EXPECT_DOUBLE_EQ(b[k], b0[perm[k]]);
    EXPECT_LE(h[k], 1.0);
    EXPECT_GE(h[k], p[k]);
    EXPECT_GE(b[k], p[k]);
    EXPECT_LE(b[k], h[k]);  // BH never rejects less than Holm
  }
  for (std::size_t i = 1; i < 15; ++i) {
    EXPECT_GE(h0[i], h0[i - 1]);
    EXPECT_GE(b0[i], b0[i - 1]);
  }
  // Ties get the same adjusted value; a single test is left as it is; none is none.
  const auto t = bh_adjust({0.01, 0.01, 0.04});
  EXPECT_DOUBLE_EQ(t[0], t[1]);
  EXPECT_DOUBLE_EQ(t[2], 0.04);
  EXPECT_DOUBLE_EQ(holm_adjust({0.03})[0], 0.03);
  EXPECT_TRUE(bh_adjust({}).empty());
  EXPECT_DOUBLE_EQ(holm_adjust({0.6, 0.7})[1], 1.0);
}

TEST(Stats, WilsonIntervalMatchesKnownValues) {
  // 81 of 263 (Newcombe 1998, and the usual textbook example): [0.2553, 0.3662].
  const auto w = wilson(81, 263);
  EXPECT_NEAR(w.low, 0.2553, 1e-4);
  EXPECT_NEAR(w.high, 0.3662, 1e-4);
  // None and all of ten.
  EXPECT_NEAR(wilson(0, 10).low, 0.0, 1e-12);
  EXPECT_NEAR(wilson(0, 10).high, 0.2775, 1e-4);
  EXPECT_NEAR(wilson(10, 10).low, 0.7225, 1e-4);
}

TEST(Stats, NewcombeDifferenceMatchesNewcombe1998TableTwo) {
  struct Case {
    double a, n1, b, n2, low, high;
  };
  // Newcombe (1998), Table II, method 10 (score interval without continuity correction).
  const Case cases[] = {{56, 70, 48, 80, 0.0524, 0.3339}, {9, 10, 3, 10, 0.1705, 0.8090},
                        {6, 7, 2, 7, 0.0582, 0.8062},     {5, 56, 0, 29, -0.0381, 0.1926},
                        {0, 10, 0, 20, -0.1611, 0.2775},  {10, 10, 0, 20, 0.6791, 1.0000}};
  for (const auto& c : cases) {
    const auto ci = newcombe_difference(c.a, c.n1, c.b, c.n2);
    EXPECT_NEAR(ci.low, c.low, 1e-4) << c.a << "/" << c.n1 << " vs " << c.b << "/" << c.n2;
    EXPECT_NEAR(ci.high, c.high, 1e-4) << c.a << "/" << c.n1 << " vs " << c.b << "/" << c.n2;
  }
  // Swapping the groups mirrors the interval.
  const auto x = newcombe_difference(56, 70, 48, 80), y = newcombe_difference(48, 80, 56, 70);
  EXPECT_NEAR(x.low, -y.high, 1e-12);
  EXPECT_NEAR(x.high, -y.low, 1e-12);
}

TEST(Stats, NormalQuantileIsExactToTenDigits) {
  // statistics.NormalDist().inv_cdf (tests/stats_reference.py).
  EXPECT_NEAR(normal_quantile(0.975), 1.9599639845400536, 1e-10);
  EXPECT_NEAR(normal_quantile(0.8), 0.8416212335729144, 1e-10);
  EXPECT_NEAR(normal_quantile(0.3), -0.5244005127080407, 1e-10);
  EXPECT_NEAR(normal_quantile(1e-10), -6.361340902404056, 1e-8);
  EXPECT_NEAR(normal_quantile(0.5), 0.0, 1e-15);
  EXPECT_NEAR(normal_two_sided_p(1.9599639845400536), 0.05, 1e-12);
}

TEST(Stats, GamesNeededMatchPowerPropTest) {
  // power.prop.test(p1 = 0.50, p2 = 0.55, power = 0.80): n = 1564.672 per group (at that n the
  // formula's power is 0.8000: tests/stats_reference.py).
  EXPECT_NEAR(games_needed_two(0.50, 0.55), 1564.672, 1e-3);
  EXPECT_NEAR(games_needed_two(0.55, 0.50), 1564.672, 1e-3);
  // R's own example, power.prop.test(p1 = .50, p2 = .75, power = .90): n = 76.7.
  EXPECT_NEAR(games_needed_two(0.50, 0.75, 0.05, 0.9), 76.7069, 1e-3);
  // One proportion against a fair share: 0.55 against 0.5, and 0.30 against 0.25 (four seats).
  EXPECT_NEAR(games_needed_one(0.50, 0.55), 782.526, 1e-3);
  EXPECT_NEAR(games_needed_one(0.25, 0.30), 609.466, 1e-3);
  // The side towards one half is the harder one.
  EXPECT_DOUBLE_EQ(towards_half(0.5, 0.05).first, 0.5);
  EXPECT_DOUBLE_EQ(towards_half(0.5, 0.05).second, 0.55);
  EXPECT_DOUBLE_EQ(towards_half(0.8, 0.05).first, 0.75);
  EXPECT_DOUBLE_EQ(towards_half(0.8, 0.05).second, 0.8);
}

}  // namespace
}  // namespace turf::lab
