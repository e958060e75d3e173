# Cry Havoc (Portal Games, 2016): sources, embedded data and tests.
turf_add_game(cryhavoc
  SOURCES content.cpp board.cpp setup.cpp rules.cpp effects.cpp battle.cpp state.cpp view.cpp register.cpp draw.cpp eval.cpp narrate.cpp cards.cpp
  EMBED data/cryhavoc/maps.json data/cryhavoc/cards.json data/cryhavoc/factions.json
        data/cryhavoc/tokens.json data/cryhavoc/card_texts.json docs/rules/cryhavoc.md
  TESTS tests/cryhavoc/rules_test.cpp tests/cryhavoc/view_test.cpp
        tests/cryhavoc/bots_test.cpp tests/cryhavoc/signature_test.cpp
        tests/cryhavoc/narration_test.cpp tests/cryhavoc/texts_test.cpp
        tests/cryhavoc/variant_test.cpp
)
