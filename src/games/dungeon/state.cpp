// Dungeon: the State over the rules kernel, names, the labels and JSON of actions, and a seat's
// result in words.
#include "games/dungeon/game.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <span>

#include "core/embedded.h"
#include "core/view.h"

namespace turf::dungeon {

namespace {

const char* const kShapeLabels[kNumShapes] = {"dead end", "straight", "L", "T", "cross"};

std::string xy(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}

}  // namespace

const char* step_name(Step s) {
  switch (s) {
    case Step::kChooseTile:
      return "choose_tile";
    case Step::kChooseCell:
      return "choose_cell";
    case Step::kOrient:
      return "orient";
    case Step::kSetAside:
      return "set_aside";
    case Step::kMonster:
      return "monster";
    case Step::kOver:
      return "over";
  }
  return "?";
}

std::string shape_label(int shape) {
  return kShapeLabels[shape];
}

std::string passages_text(std::uint8_t mask) {
  std::string s;
  for (int d = 0; d < 4; ++d)
    if (mask & bit(d)) s += "NESW"[d];
  return s;
}

// ---------------------------------------------------------------------------------------------
// State

std::string DungeonState::action_label(Action a) const {
  if (a >= kActMonster && a < kActMonster + kCellCodes) {
    const int code = a - kActMonster;
    const std::uint8_t type = pos_.monster_hand[pos_.to_move];
    const std::string name = type == kNone ? "monster" : content_of(pos_).monsters[type].name;
    return name + " at " + xy(code_x(code), code_y(code));
  }
  if (a >= kActCell && a < kActCell + kCellCodes) {
    const int code = a - kActCell;
    return "at " + xy(code_x(code), code_y(code));
  }
  if (a == kActPass) return "pass";
  if (a >= kActOrient && a < kActOrient + 16) return "open " + passages_text(a - kActOrient);
  if (a >= kActSetAside && a < kActSetAside + kNumShapes)
    return "set aside " + shape_label(a - kActSetAside);
  if (a >= kActChooseTile && a < kActChooseTile + kNumShapes)
    return "tile " + shape_label(a - kActChooseTile);
  return "unknown action " + std::to_string(a);
}

std::string DungeonState::public_label(Action a) const {
  if (a >= kActChooseTile && a < kActChooseTile + kNumShapes) return "takes a tile";
  return action_label(a);
}

void DungeonState::action_to_json(Action a, nlohmann::json& out) const {
  if (a >= kActMonster && a < kActMonster + kCellCodes) {
    const int code = a - kActMonster;
    const std::uint8_t type = pos_.monster_hand[pos_.to_move];
    out = {{"type", "monster"}, {"x", code_x(code)}, {"y", code_y(code)}};
    if (type != kNone) out["monster"] = content_of(pos_).monsters[type].id;
  } else if (a >= kActCell && a < kActCell + kCellCodes) {
    const int code = a - kActCell;
    out = {{"type", "cell"}, {"x", code_x(code)}, {"y", code_y(code)}};
  } else if (a == kActPass) {
    out = {{"type", "pass"}};
  } else if (a >= kActOrient && a < kActOrient + 16) {
    out = {{"type", "orient"}, {"passages", passages_text(a - kActOrient)}};
  } else if (a >= kActSetAside && a < kActSetAside + kNumShapes) {
    out = {{"type", "set_aside"}, {"shape", content_of(pos_).shapes[a - kActSetAside].id}};
  } else if (a >= kActChooseTile && a < kActChooseTile + kNumShapes) {
    out = {{"type", "tile"}, {"shape", content_of(pos_).shapes[a - kActChooseTile].id}};
  } else {
    out = {{"type", "unknown"}, {"id", a}};
  }
}

std::shared_ptr<const ViewData> DungeonState::make_view_data(Seat viewer) const {
  return std::make_shared<DungeonView>(*this, viewer);
}

std::string result_words(const View& final_view, Seat seat) {
  const auto& v = final_view.as<DungeonView>();
  Position p;
  v.board_into(p);
  const auto by_tile = points_by_tile(p);
  struct Scored {
    int points, type, x, y, tile;
  };
  std::vector<Scored> scored;
  for (int t = 0; t < p.num_tiles; ++t)
    if (p.tiles[t].top != kNone && p.monsters[p.tiles[t].top].owner == seat && by_tile[t] > 0)
      scored.push_back(
          {by_tile[t], p.monsters[p.tiles[t].top].type, p.tiles[t].x, p.tiles[t].y, t});
  // most points first, ties in placement order (no std::stable_sort: libstdc++ 12's
  // get_temporary_buffer is deprecated under clang)
  std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
    return a.points != b.points ? a.points > b.points : a.tile < b.tile;
  });
  const int total = score(p)[static_cast<std::size_t>(seat)];
  std::string out = std::to_string(total) + (total == 1 ? " point" : " points");
  if (scored.empty()) return out + " (no monster of theirs rules a corridor)";
  // D6: which monsters scored them, the best three by name and place
  const std::size_t shown = std::min<std::size_t>(scored.size(), 3);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& m = scored[i];
    out += std::string(i == 0                                     ? ": "
                       : i + 1 == shown && shown == scored.size() ? " and "
                                                                  : ", ") +
           std::to_string(m.points) + " by the " +
           content_of(p).monsters[static_cast<std::size_t>(m.type)].name + " at " + xy(m.x, m.y);
  }
  if (scored.size() > shown) {
    int rest = 0;
    for (std::size_t i = shown; i < scored.size(); ++i) rest += scored[i].points;
    const std::size_t more = scored.size() - shown;
    out += " and " + std::to_string(rest) + " by " + std::to_string(more) + " more monster" +
           (more == 1 ? "" : "s");
  }
  return out;
}

}  // namespace turf::dungeon
