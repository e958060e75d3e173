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

std::vector<std::vector<Narration>> narrate_history(const Match& match, Seat viewer) {
  std::vector<std::vector<Narration>> out;
  const auto& history = match.history();
  out.reserve(history.size());
  auto state = match.state_at(0);
  View before = state->view(viewer, false);
  for (std::size_t i = 0; i < history.size(); ++i) {
    const auto& e = history[i];
    NarratedAction act;
    act.mover = e.seat;
    act.move_number = static_cast<int>(i);
    act.label = (viewer == e.seat || viewer == kOmniscient) ? state->action_label(e.id)
                                                            : state->public_label(e.id);
    state->apply(e.id);
    View after = state->view(viewer, false);
    out.push_back(narrate_step(before, act, after));
    before = std::move(after);
  }
  return out;
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
        out += n <= static_cast<int>(names.size()) ? names[n - 1] : "Player " + std::to_string(n);
        i = j;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

}  // namespace turf
