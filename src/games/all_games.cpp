// The list of games. A new game adds one line here (and its folder under src/games/).
#include "core/game.h"
#include "games/dungeon/game.h"

namespace turf {

void register_all_games(Registry& registry) {
  dungeon::register_game(registry);
}

}  // namespace turf
