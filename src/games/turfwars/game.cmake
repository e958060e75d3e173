# Turf Wars (Cray Cray Games, 2013): sources, embedded data and tests.
turf_add_game(turfwars
  SOURCES content.cpp rules.cpp legal.cpp setup.cpp events.cpp actions.cpp war.cpp score.cpp wins.cpp
          state.cpp view.cpp register.cpp draw.cpp eval.cpp narrate.cpp cards.cpp
  EMBED data/turfwars/content.json data/turfwars/card_texts.json docs/rules/turfwars.md
  TESTS tests/turfwars/rules_test.cpp tests/turfwars/view_test.cpp tests/turfwars/signature_test.cpp
        tests/turfwars/narration_test.cpp tests/turfwars/tallies_test.cpp
        tests/turfwars/texts_test.cpp tests/turfwars/variant_test.cpp
)
