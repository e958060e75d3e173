// libFuzzer target: record loading. Bytes are read as a JSON record of any game; loading must
// either succeed or throw turf::Error. A loaded record must save and load again to the same
// state, print only sanitized names, and its agents pass the record's limits (table/limits.h) or
// are refused with an Error (a bot within them is built, never run).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/game.h"
#include "core/match.h"
#include "table/seats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace turf;
  const auto j = nlohmann::json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return 0;
  try {
    const Match m = Match::from_record(j);
    for (const auto& s : m.seats())
      for (char c : s.name + s.agent)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          std::fprintf(stderr, "fuzz_record: a control character survived loading\n");
          std::abort();
        }
    const Match back = Match::from_record(nlohmann::json::parse(m.record().dump()));
    if (!back.state().equals(m.state())) {
      std::fprintf(stderr, "fuzz_record: a loaded record does not save and load again\n");
      std::abort();
    }
    for (Seat s = 0; s < static_cast<Seat>(m.seats().size()); ++s) {
      try {
        (void)table::make_agent(m, s, table::BotLimits::record(), 1);
      } catch (const Error&) {
      }
    }
  } catch (const Error&) {
  }
  return 0;
}
