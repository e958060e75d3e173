// Statistics for simulation results: proportions with confidence intervals, means, Elo.
#pragma once

#include <cmath>
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

}  // namespace turf::lab
