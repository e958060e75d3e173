#include "core/observation.h"

#include "core/view.h"

namespace turf {

void add_observation(Registry& registry, std::string_view id, const ObsSpec& (*spec)(int players),
                     void (*observe)(const View&, float*), int action_space) {
  for (const auto& info : registry.games()) {
    if (info->id != id) continue;
    info->observation_spec = [spec](const Options& o) -> const ObsSpec& {
      return spec(o.players());
    };
    info->observe = observe;
    info->action_space = [action_space](const Options&) { return action_space; };
  }
}

Seat observing_seat(const View& view) {
  const Seat s = view.viewer();
  if (s < 0) throw Error("an observation is a seat's: the " + viewer_name(s) + " has none");
  return s;
}

}  // namespace turf
