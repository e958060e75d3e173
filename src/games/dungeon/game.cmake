# Turf War (Brett Cutler, 2010): sources, embedded data and tests.
turf_add_game(dungeon
  SOURCES content.cpp rules.cpp state.cpp view.cpp register.cpp draw.cpp eval.cpp narrate.cpp cards.cpp
  EMBED data/dungeon/content.json docs/rules/dungeon.md
  TESTS tests/dungeon/narration_test.cpp tests/dungeon/rules_test.cpp tests/dungeon/view_test.cpp tests/dungeon/signature_test.cpp
        tests/dungeon/texts_test.cpp tests/dungeon/variant_test.cpp
)
