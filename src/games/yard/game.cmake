# Turf War (Gadabout Games): sources, embedded data and tests.
turf_add_game(yard
  SOURCES content.cpp rules.cpp effects.cpp state.cpp view.cpp register.cpp draw.cpp eval.cpp narrate.cpp cards.cpp
  EMBED data/yard/cards.json data/yard/neighbors.json docs/rules/yard.md
  TESTS tests/yard/narration_test.cpp tests/yard/rules_test.cpp tests/yard/view_test.cpp tests/yard/bots_test.cpp
        tests/yard/text_test.cpp
        tests/yard/lab_test.cpp tests/yard/signature_test.cpp
)
