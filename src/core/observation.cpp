#include "core/observation.h"

#include "core/view.h"

namespace turf {

Seat observing_seat(const View& view) {
  const Seat s = view.viewer();
  if (s < 0) throw Error("an observation is a seat's: the " + viewer_name(s) + " has none");
  return s;
}

}  // namespace turf
