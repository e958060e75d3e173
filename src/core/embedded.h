// Files embedded into the binary at build time (content data, rules texts).
// The list is in CMakeLists.txt (TURF_EMBEDDED_FILES); paths are relative to the repository root.
#pragma once

#include <string_view>

namespace turf {

// The contents of an embedded file; throws std::logic_error when the path was not embedded.
std::string_view embedded_file(std::string_view path);

}  // namespace turf
