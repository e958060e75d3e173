// Turf's own pseudo-random number generator.
//
// Every random event in every game comes from this generator, so that game id + options + seed +
// action list reproduce a game bit for bit on any compiler and standard library. Nothing in the
// project may use std::*_distribution or std::shuffle: their output is implementation-defined.
//
// The generator is xoshiro256** (Blackman & Vigna), seeded through splitmix64. Bounded draws use
// rejection sampling on the top bits, so they are exactly uniform and fully specified here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace turf {

// splitmix64: used to expand a 64-bit seed into a full generator state, and to derive seeds.
constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Mixes several values into one seed (for per-game, per-thread and per-sample streams).
constexpr std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a ^ (b * 0xD1B54A32D192ED03ULL);
  splitmix64(x);
  return splitmix64(x);
}

class Rng {
 public:
  constexpr Rng() : Rng(0) {}
  constexpr explicit Rng(std::uint64_t seed) { reseed(seed); }

  constexpr void reseed(std::uint64_t seed) {
    std::uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }

  // Next 64 random bits.
  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n). n must be > 0. Exactly uniform (rejection sampling).
  constexpr std::uint32_t below(std::uint32_t n) {
    // Draw 32-bit values and multiply-shift (Lemire), rejecting the biased low zone.
    std::uint64_t m = (next() >> 32) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Uniform integer in [lo, hi] (inclusive).
  constexpr int between(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1)));
  }

  // Uniform double in [0, 1) with 53 random bits.
  constexpr double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates shuffle of [first, last).
  template <class It>
  constexpr void shuffle(It first, It last) {
    const auto n = static_cast<std::uint32_t>(last - first);
    for (std::uint32_t i = n; i > 1; --i) {
      const std::uint32_t j = below(i);
      using std::swap;
      swap(first[i - 1], first[j]);
    }
  }

  constexpr bool operator==(const Rng&) const = default;

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace turf
