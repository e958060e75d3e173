// `turf replay`: step through a match record from any seat's point of view.
//
// A match that is over may be seen from any seat, the spectator or omniscient. A match that is
// not over (a live record, or a full record without a result) shows only what every seat sees
// (the spectator view and the public log) unless --spoilers is given, which says loudly on stderr
// what it reveals: a hot-seat player cannot peek at the other hands by replaying the record.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "core/live_record.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/term.h"

namespace turf::cli {

namespace {

// What the story's viewer may read about action i of the match.
std::string action_line(const Match& m, const Story& story, int i) {
  const auto& e = m.history()[static_cast<std::size_t>(i)];
  return "[" + std::to_string(i + 1) + "] " + m.seats()[e.seat].name + ": " +
         story.hear(*m.state_at(i), e.id, i).label;
}

std::vector<std::string> seat_names(const Match& m) {
  std::vector<std::string> names;
  for (const auto& s : m.seats()) names.push_back(s.name);
  return names;
}

// "[i] first line" and the step's further lines indented below it.
void print_narration(std::ostream& os, int i, const std::vector<Narration>& story,
                     const std::vector<std::string>& names) {
  const std::string num = "[" + std::to_string(i + 1) + "] ";
  for (std::size_t k = 0; k < story.size(); ++k)
    os << (k == 0 ? num : std::string(num.size() + 2, ' '))
       << render_narration(story[k].text, names) << "\n";
}

// `story`: the viewer's story of the whole match (core/narration.h).
void show(const Match& m, const Story& story, int at, const DrawStyle& style, bool json) {
  const Seat viewer = story.viewer();
  const auto state = m.state_at(at);
  const View v = state->view(viewer);
  if (json) {
    auto j = v.to_json();
    auto& lines = j["narration"] = nlohmann::json::array();
    if (at > 0)
      for (const auto& n : story.steps()[static_cast<std::size_t>(at - 1)]) {
        auto nj = n.to_json();
        nj["rendered"] = render_narration(n.text, seat_names(m));
        lines.push_back(std::move(nj));
      }
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << m.game().title << "   position " << at << "/" << m.history().size()
            << "   viewer: " << viewer_name(viewer) << "\n";
  if (at > 0) {
    std::cout << "  " << action_line(m, story, at - 1) << "\n";
    for (const auto& n : story.steps()[static_cast<std::size_t>(at - 1)])
      std::cout << "    " << render_narration(n.text, seat_names(m)) << "\n";
  }
  std::cout << "\n" << (m.game().draw ? m.game().draw(v, style) : v.to_json().dump(1)) << "\n";
}

// Refuses a view beyond the public one of a match that is not over, unless spoilers are asked
// for; then warns on stderr each time a new viewer is chosen.
void check_spoilers(const Match& m, Seat viewer, bool spoilers) {
  if (m.over() || viewer == kSpectator) return;
  if (!spoilers)
    throw Error("this match is not over: the view of " + viewer_name(viewer) +
                " would show what it hides from the other seats; only the spectator view is "
                "open until the end (add --spoilers to see it anyway)");
  std::cerr << "*** SPOILERS: this match is not over; showing " << viewer_name(viewer)
            << ", whose hidden cards the other seats must not see ***\n";
}

// Text from the clear part of a live record, which nothing has checked: what could change the
// terminal (a control, an escape, a direction change, bytes that are not UTF-8) is shown as '?'.
std::string printable(const nlohmann::json& j) {
  return sanitize_text(j.is_string() ? j.get<std::string>() : j.dump(), 1 << 16, "?");
}

// A live record whose key is not here: its public log is all there is to show.
int show_public_log(const nlohmann::json& live, const Error& why) {
  const nlohmann::json none = nlohmann::json::array();
  const auto& log = live.contains("public_log") ? live["public_log"] : none;
  const auto& seats = live.contains("seats") ? live["seats"] : none;
  int i = 0;
  for (const auto& e : log) {
    if (!e.is_object()) continue;
    const nlohmann::json seat = e.contains("seat") ? e["seat"] : nlohmann::json();
    std::string who = "seat " + printable(seat);
    if (seat.is_number_integer() && seats.is_array() && seat.get<std::int64_t>() >= 0 &&
        seat.get<std::int64_t>() < static_cast<std::int64_t>(seats.size())) {
      const auto& info = seats[static_cast<std::size_t>(seat.get<std::int64_t>())];
      if (info.is_object() && info.contains("name")) who = printable(info["name"]);
    }
    const std::string said =
        who + ": " + printable(e.contains("label") ? e["label"] : nlohmann::json("?"));
    std::cout << "[" << ++i << "] " << said << "\n";
    // The public narration the record carries (records written before it have none), where it
    // says more than the label.
    if (e.contains("narration") && e["narration"].is_array())
      for (const auto& line : e["narration"])
        if (line.is_object() && line.contains("said") && line["said"].is_string() &&
            printable(line["said"]) != said)
          std::cout << "    " << printable(line["said"]) << "\n";
  }
  std::cerr << "note: " << why.what() << "; the public log above is all the record shows\n";
  return 0;
}

}  // namespace

int replay(const ReplayArgs& args) {
  const nlohmann::json record = parse_json(read_file(args.file), "'" + args.file + "'");
  nlohmann::json full;
  if (is_live_record(record)) {
    try {
      full = open_live_record(record);
    } catch (const Error& e) {
      if (args.seat != "spectator" || args.json || args.at) throw;
      return show_public_log(record, e);
    }
  }
  const Match m = Match::from_record(full.is_null() ? record : full);
  const int n = static_cast<int>(m.history().size());
  Seat viewer = parse_viewer(args.seat, static_cast<int>(m.seats().size()));
  check_spoilers(m, viewer, args.spoilers);
  DrawStyle style;
  style.colour = !args.no_colour && term::colour_wanted();
  style.unicode = !args.ascii && term::unicode_wanted();
  for (const auto& s : m.seats()) style.seat_names.push_back(s.name);

  if (args.at) {
    if (*args.at < 0 || *args.at > n)
      throw Error("--at must be in 0.." + std::to_string(n) + ", not " + std::to_string(*args.at));
    show(m, Story(m, viewer), *args.at, style, args.json);
    return 0;
  }
  auto story = std::make_unique<Story>(m, viewer);
  if (!term::stdin_is_tty()) {
    // Not interactive: the list of actions as the viewer may read them, then the last position.
    if (!args.json)
      for (int i = 0; i < n; ++i) print_narration(std::cout, i, story->steps()[i], seat_names(m));
    show(m, *story, n, style, args.json);
    return 0;
  }
  int at = 0;
  std::string notice;
  for (;;) {
    term::clear_screen();
    show(m, *story, at, style, args.json);
    std::cout
        << "Enter/n next, p previous, <number> go to position, s <seat|spectator|omniscient>, "
           "q quit\n";
    if (!notice.empty()) std::cout << notice << "\n";
    notice.clear();
    std::cout << "replay> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return 0;
    if (line.empty() || line == "n") {
      if (at < n) ++at;
    } else if (line == "p") {
      if (at > 0) --at;
    } else if (line == "q") {
      return 0;
    } else if (line.rfind("s ", 0) == 0) {
      try {
        const Seat next = parse_viewer(line.substr(2), static_cast<int>(m.seats().size()));
        check_spoilers(m, next, args.spoilers);
        viewer = next;
        story = std::make_unique<Story>(m, viewer);
      } catch (const Error& e) {
        notice = e.what();
      }
    } else {
      try {
        const int k = std::stoi(line);
        if (k < 0 || k > n) throw std::out_of_range("");
        at = k;
      } catch (...) {
        notice = "not a command or a position 0.." + std::to_string(n);
      }
    }
  }
}

}  // namespace turf::cli
