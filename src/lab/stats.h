// Statistics for simulation results: proportions with confidence intervals, means, Elo, and
// what a designer needs to trust many tests at once: multiple-testing corrections (Holm, and
// Benjamini-Hochberg), the interval of a difference of two proportions (Newcombe) and the number
// of games a difference needs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <numeric>
#include <utility>
#include <vector>

namespace turf::lab {

struct Interval {
  double low = 0, high = 0;
};

// Wilson score interval for a proportion (successes may be fractional: draws count one half).
inline Interval wilson(double successes, double n, double z = 1.959963984540054) {
  if (n <= 0) return {0, 1};
  const double p = successes / n;
  const double z2 = z * z;
  const double denom = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// Running mean and variance (Welford).
struct Moments {
  double n = 0, mean = 0, m2 = 0;
  void add(double x) {
    n += 1;
    const double d = x - mean;
    mean += d / n;
    m2 += d * (x - mean);
  }
  double variance() const { return n > 1 ? m2 / (n - 1) : 0; }
  double stddev() const { return std::sqrt(variance()); }
  // Half-width of the 95% confidence interval of the mean (normal approximation).
  double ci95() const { return n > 1 ? 1.959963984540054 * stddev() / std::sqrt(n) : 0; }
};

// The standard normal quantile: the z with P(Z <= z) = p, for 0 < p < 1 (Acklam's rational
// approximation, refined by one Halley step to full double precision).
inline double normal_quantile(double p) {
  if (!(p > 0)) return -HUGE_VAL;
  if (!(p < 1)) return HUGE_VAL;
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  const double lo = 0.02425;
  double x;
  if (p < lo || p > 1 - lo) {
    const double q = std::sqrt(-2 * std::log(p < lo ? p : 1 - p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    if (p > 1 - lo) x = -x;
  } else {
    const double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

// The two-sided p-value of a standard normal statistic.
inline double normal_two_sided_p(double z) {
  return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

namespace detail {
// The indices of p in ascending order of value (ties by index, so the result never depends on
// the sort's implementation).
inline std::vector<std::size_t> ascending(const std::vector<double>& p) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t x, std::size_t y) { return p[x] != p[y] ? p[x] < p[y] : x < y; });
  return order;
}
}  // namespace detail

// Holm's (1979) step-down adjusted p-values: with p(1) <= ... <= p(m), the adjusted p(i) is
// max over j <= i of min(1, (m - j + 1) p(j)). Rejecting where the adjusted value is below alpha
// keeps the chance of even one false alarm in the family below alpha, whatever the dependence.
inline std::vector<double> holm_adjust(const std::vector<double>& p) {
  const auto order = detail::ascending(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> out(p.size());
  double running = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    running = std::max(running, std::min(1.0, (m - static_cast<double>(i)) * p[order[i]]));
    out[order[i]] = running;
  }
  return out;
}

// Benjamini and Hochberg's (1995) adjusted p-values: the adjusted p(i) is min over j >= i of
// min(1, m p(j) / j). Rejecting where it is below q keeps the expected share of false alarms
// among the rejections below q (for independent or positively dependent tests).
inline std::vector<double> bh_adjust(const std::vector<double>& p) {
  const auto order = detail::ascending(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> out(p.size());
  double running = 1;
  for (std::size_t i = order.size(); i-- > 0;) {
    running = std::min(running, std::min(1.0, m * p[order[i]] / static_cast<double>(i + 1)));
    out[order[i]] = running;
  }
  return out;
}

// Newcombe's (1998, method 10) interval for p1 - p2 of two independent proportions, from the
// Wilson intervals [l1, u1] and [l2, u2] of each: [d - sqrt((p1 - l1)^2 + (u2 - p2)^2),
// d + sqrt((u1 - p1)^2 + (p2 - l2)^2)].
inline Interval newcombe_difference(double s1, double n1, double s2, double n2,
                                    double z = 1.959963984540054) {
  if (n1 <= 0 || n2 <= 0) return {-1, 1};
  const double p1 = s1 / n1, p2 = s2 / n2, d = p1 - p2;
  const Interval a = wilson(s1, n1, z), b = wilson(s2, n2, z);
  return {std::max(-1.0, d - std::hypot(p1 - a.low, b.high - p2)),
          std::min(1.0, d + std::hypot(a.high - p1, p2 - b.low))};
}

// Games needed per group for a two-sided test at level alpha to detect proportions p1 against p2
// with the given power: the normal approximation that R's power.prop.test uses, solved for n:
// n = ((z(1 - alpha/2) sqrt(2 pbar (1 - pbar)) + z(power) sqrt(p1 q1 + p2 q2)) / |p1 - p2|)^2.
inline double games_needed_two(double p1, double p2, double alpha = 0.05, double power = 0.8) {
  const double za = normal_quantile(1 - alpha / 2), zb = normal_quantile(power);
  const double pbar = (p1 + p2) / 2;
  const double root =
      za * std::sqrt(2 * pbar * (1 - pbar)) + zb * std::sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return root * root / ((p1 - p2) * (p1 - p2));
}

// Games (observations) needed for a two-sided one-sample test at level alpha of a proportion
// against p0 (a fair share) to detect a true proportion p1 with the given power:
// n = ((z(1 - alpha/2) sqrt(p0 q0) + z(power) sqrt(p1 q1)) / |p1 - p0|)^2.
inline double games_needed_one(double p0, double p1, double alpha = 0.05, double power = 0.8) {
  const double za = normal_quantile(1 - alpha / 2), zb = normal_quantile(power);
  const double root = za * std::sqrt(p0 * (1 - p0)) + zb * std::sqrt(p1 * (1 - p1));
  return root * root / ((p1 - p0) * (p1 - p0));
}

// The pair of proportions `delta` apart next to p on the side towards one half (where the
// variance, and so the games needed, is larger): (p, p + delta) below one half, else
// (p - delta, p).
inline std::pair<double, double> towards_half(double p, double delta) {
  return p <= 0.5 ? std::pair<double, double>{p, std::min(1.0, p + delta)}
                  : std::pair<double, double>{std::max(0.0, p - delta), p};
}

}  // namespace turf::lab
