// Small string helpers every part of the house shares (one copy each: issue 32).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace turf {

// `s` without the spaces, tabs and line ends around it.
std::string trim(std::string_view s);
// The pieces of `s` between the separators, each trimmed ("a, b,,c" -> "a", "b", "", "c"); an
// empty `s` has no pieces.
std::vector<std::string> split(std::string_view s, char sep);
// `s` with the ASCII letters in lower case (other bytes, UTF-8 included, as they are).
std::string ascii_lower(std::string_view s);
// Levenshtein distance, letters compared without case (the "did you mean" of every front end).
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace turf
