// `turf replay`: step through a match record from any seat's point of view.
#include <iostream>

#include "cli/commands.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/term.h"

namespace turf::cli {

namespace {

// What `viewer` may read about action i of the match.
std::string action_line(const Match& m, int i, Seat viewer) {
  const auto& e = m.history()[i];
  const auto before = m.state_at(i);
  const bool mine = viewer == kOmniscient || viewer == e.seat;
  return "[" + std::to_string(i + 1) + "] " + m.seats()[e.seat].name + ": " +
         (mine ? before->action_label(e.id) : before->public_label(e.id));
}

// The narration of action i (0-based) as `viewer` saw it (issue 16).
std::vector<Narration> step_narration(const Match& m, int i, Seat viewer) {
  const auto& e = m.history()[i];
  auto state = m.state_at(i);
  NarratedAction act;
  act.mover = e.seat;
  act.move_number = i;
  act.label = (viewer == kOmniscient || viewer == e.seat) ? state->action_label(e.id)
                                                          : state->public_label(e.id);
  const View before = state->view(viewer, false);
  state->apply(e.id);
  return narrate_step(before, act, state->view(viewer, false));
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

void show(const Match& m, int at, Seat viewer, const DrawStyle& style, bool json) {
  const auto state = m.state_at(at);
  const View v = state->view(viewer);
  if (json) {
    auto j = v.to_json();
    auto& story = j["narration"] = nlohmann::json::array();
    if (at > 0)
      for (const auto& n : step_narration(m, at - 1, viewer)) {
        auto nj = n.to_json();
        nj["rendered"] = render_narration(n.text, seat_names(m));
        story.push_back(std::move(nj));
      }
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << m.game().title << "   position " << at << "/" << m.history().size()
            << "   viewer: " << viewer_name(viewer) << "\n";
  if (at > 0) {
    std::cout << "  " << action_line(m, at - 1, viewer) << "\n";
    for (const auto& n : step_narration(m, at - 1, viewer))
      std::cout << "    " << render_narration(n.text, seat_names(m)) << "\n";
  }
  std::cout << "\n" << (m.game().draw ? m.game().draw(v, style) : v.to_json().dump(1)) << "\n";
}

}  // namespace

int replay(const ReplayArgs& args) {
  const Match m = Match::load(args.file);
  const int n = static_cast<int>(m.history().size());
  Seat viewer = parse_viewer(args.seat, static_cast<int>(m.seats().size()));
  DrawStyle style;
  style.colour = !args.no_colour && term::colour_wanted();
  style.unicode = !args.ascii && term::unicode_wanted();
  for (const auto& s : m.seats()) style.seat_names.push_back(s.name);

  if (args.at) {
    if (*args.at < 0 || *args.at > n)
      throw Error("--at must be in 0.." + std::to_string(n) + ", not " + std::to_string(*args.at));
    show(m, *args.at, viewer, style, args.json);
    return 0;
  }
  if (!term::stdin_is_tty()) {
    // Not interactive: the list of actions as the viewer may read them, then the last position.
    if (!args.json) {
      const auto story = narrate_history(m, viewer);
      for (int i = 0; i < n; ++i) print_narration(std::cout, i, story[i], seat_names(m));
    }
    show(m, n, viewer, style, args.json);
    return 0;
  }
  int at = 0;
  std::string notice;
  for (;;) {
    term::clear_screen();
    show(m, at, viewer, style, args.json);
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
        viewer = parse_viewer(line.substr(2), static_cast<int>(m.seats().size()));
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
