#include "core/narration.h"

#include "core/match.h"

namespace turf {

nlohmann::json Narration::to_json() const {
  return {{"kind", kind}, {"seats", seats}, {"data", data}, {"text", text}};
}

std::vector<Narration> narrate_step(const View& before, const NarratedAction& act,
                                    const View& after) {
  std::vector<Narration> out;
  if (const auto& hook = before.game().narrate) hook(before, act, after, out);
  if (out.empty()) {
    Narration n;
    n.kind = "action";
    if (act.mover >= 0) n.seats.push_back(act.mover);
    n.data = {{"label", act.label}};
    n.text =
        (act.mover >= 0 ? "{P" + std::to_string(act.mover + 1) + "}: " : std::string()) + act.label;
    out.push_back(std::move(n));
  }
  return out;
}

Story::Story(const Match& match, Seat viewer)
    : viewer_(viewer), seen_(match.state_at(0)->view(viewer, false)) {
  const auto& history = match.history();
  steps_.reserve(history.size());
  auto state = match.state_at(0);
  for (std::size_t i = 0; i < history.size(); ++i) {
    const NarratedAction heard = hear(*state, history[i].id, static_cast<int>(i));
    state->apply(history[i].id);
    tell(heard, *state);
  }
}

NarratedAction Story::hear(const State& s, Action a, int move) const {
  NarratedAction act;
  act.mover = s.to_move();
  act.move_number = move;
  act.label =
      (viewer_ == act.mover || viewer_ == kOmniscient) ? s.action_label(a) : s.public_label(a);
  return act;
}

void Story::tell(const NarratedAction& heard, const State& after) {
  View now = after.view(viewer_, false);
  steps_.push_back(narrate_step(seen_, heard, now));
  seen_ = std::move(now);
}

void Story::rewind(int moves, const State& now) {
  if (moves < static_cast<int>(steps_.size())) steps_.resize(static_cast<std::size_t>(moves));
  seen_ = now.view(viewer_, false);
}

void Story::note(std::size_t step, Narration line) {
  if (step < steps_.size()) steps_[step].insert(steps_[step].begin(), std::move(line));
}

std::vector<std::vector<Narration>> narrate_history(const Match& match, Seat viewer) {
  return Story(match, viewer).steps();
}

nlohmann::json public_narration_json(const Match& match) {
  std::vector<std::string> names;
  for (const auto& s : match.seats()) names.push_back(s.name);
  nlohmann::json out = nlohmann::json::array();
  for (const auto& step : narrate_history(match, kSpectator)) {
    auto& lines = out.emplace_back(nlohmann::json::array());
    for (const auto& n : step) {
      auto j = n.to_json();
      j["said"] = render_narration(n.text, names);
      lines.push_back(std::move(j));
    }
  }
  return out;
}

std::string render_narration(const std::string& text, const std::vector<std::string>& names) {
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 1] == 'P') {
      std::size_t j = i + 2;
      int n = 0;
      while (j < text.size() && j < i + 5 && text[j] >= '0' && text[j] <= '9')
        n = n * 10 + (text[j++] - '0');
      if (j > i + 2 && j < text.size() && text[j] == '}' && n >= 1) {
        out += n <= static_cast<int>(names.size()) ? names[n - 1] : player_name(n - 1);
        i = j;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

}  // namespace turf
