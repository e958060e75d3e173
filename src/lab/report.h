// The balance lab's HTML report: one self-contained file (inline CSS and SVG, no script, no
// network) drawn from a summary (lab::summarize).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace turf::lab {

std::string html_report(const nlohmann::json& summary);

// The command that reproduces an experiment ("turf sim dungeon --seats ... --games ...").
std::string reproduce_command(const nlohmann::json& experiment);

}  // namespace turf::lab
