// Observation tensors (issue 26): the helpers each game's encoder (src/games/<id>/observe.cpp)
// uses to declare its layout and to write it.
//
// An encoder declares its fields once, in order, with ObsBuilder (each call returns the field's
// offset), keeps the offsets in a layout struct, and writes through ObsWriter at those offsets.
// The same ObsSpec feeds the Python module (observation_space), the tests (every float within
// its field's bounds) and docs/api.md (its field tables are generated from it and checked), so
// the documentation cannot drift from what is written. Observations are built from a seat's View
// only: the encoder receives nothing else.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"

namespace turf {

class ObsBuilder {
 public:
  explicit ObsBuilder(int version) { spec_.version = version; }
  // Appends a field of `size` floats; returns its offset.
  int add(std::string name, int size, std::string meaning, std::string scale, float low = 0.0f,
          float high = 1.0f) {
    ObsField f;
    f.name = std::move(name);
    f.offset = spec_.size;
    f.size = size;
    f.low = low;
    f.high = high;
    f.meaning = std::move(meaning);
    f.scale = std::move(scale);
    spec_.size += size;
    spec_.fields.push_back(std::move(f));
    return spec_.fields.back().offset;
  }
  const ObsSpec& spec() const { return spec_; }

 private:
  ObsSpec spec_;
};

// Writes an observation vector of `size` floats, zeroed first (a "none" stays all 0).
class ObsWriter {
 public:
  ObsWriter(float* out, int size) : out_(out) { std::fill(out, out + size, 0.0f); }
  void set(int at, float v) { out_[at] = v; }
  void flag(int at, bool b) { out_[at] = b ? 1.0f : 0.0f; }
  // value / divisor, clipped to [0, 1].
  void scaled(int at, double value, double divisor) {
    out_[at] = static_cast<float>(std::clamp(value / divisor, 0.0, 1.0));
  }
  // value / divisor, clipped to [-1, 1].
  void signed_scaled(int at, double value, double divisor) {
    out_[at] = static_cast<float>(std::clamp(value / divisor, -1.0, 1.0));
  }
  // 1 at at + index when 0 <= index < size; nothing otherwise (the "none" case stays all 0).
  void one_hot(int at, int size, int index) {
    if (index >= 0 && index < size) out_[at + index] = 1.0f;
  }

 private:
  float* out_;
};

// An encoder's layouts, one per player count from MinPlayers to MaxPlayers, built once by `Make`
// on first use (a layout lives as long as the program), and its registration: every encoder
// declares `using Layouts = ObsLayouts<Layout, make_layout, 2, kMaxSeats>;` and nothing more.
template <class Layout, Layout (*Make)(int players), int MinPlayers, int MaxPlayers>
struct ObsLayouts {
  static const Layout& of(int players) {
    static const std::vector<Layout> layouts = [] {
      std::vector<Layout> v;
      for (int p = MinPlayers; p <= MaxPlayers; ++p) v.push_back(Make(p));
      return v;
    }();
    if (players < MinPlayers || players > MaxPlayers)
      throw Error("no observation layout for " + std::to_string(players) + " players");
    return layouts[players - MinPlayers];
  }
  static const ObsSpec& spec(int players) { return of(players).spec; }
};

// Sets the observation hooks of the game `id` in the registry (an encoder's
// register_observation): its layout per player count, its encoder and its action space size.
void add_observation(Registry& registry, std::string_view id, const ObsSpec& (*spec)(int players),
                     void (*observe)(const View&, float*), int action_space);

// The seat a view belongs to; an observation is a seat's (throws Error for a spectator's or the
// omniscient view).
Seat observing_seat(const View& view);
// Seats relative to the observer: 0 is the observer, then the seats after it in seat order.
inline int relative_seat(int seat, int me, int seats) {
  return (seat - me + seats) % seats;
}

}  // namespace turf
