// Reading JSON lines files (games.jsonl, arena results) line by line with a cap on a line's
// length, so that a corrupt or hostile file cannot make us read without bound.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/game.h"

namespace turf::cli {

inline constexpr std::size_t kMaxLine = std::size_t{64} << 20;  // 64 MiB

class LineReader {
 public:
  explicit LineReader(const std::string& path) : path_(path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
      throw Error(std::filesystem::exists(path, ec) ? "'" + path + "' is not a regular file"
                                                    : "cannot read '" + path + "'");
    in_.open(path, std::ios::binary);
    if (!in_) throw Error("cannot read '" + path + "'");
  }
  // The next line without its newline; false at the end of the file. `complete` tells whether
  // the line ended with a newline (a line cut off by a killed writer does not).
  bool next(std::string& line, bool& complete) {
    line.clear();
    start_ = offset_;
    auto* buf = in_.rdbuf();
    for (;;) {
      const int c = buf->sbumpc();
      if (c == std::char_traits<char>::eof()) {
        complete = false;
        if (line.empty()) return false;
        ++number_;
        return true;
      }
      ++offset_;
      if (c == '\n') {
        complete = true;
        ++number_;
        return true;
      }
      if (line.size() >= kMaxLine)
        throw Error(path_ + ":" + std::to_string(number_ + 1) + ": the line is longer than " +
                    std::to_string(kMaxLine >> 20) + " MiB");
      line += static_cast<char>(c);
    }
  }
  long number() const { return number_; }          // 1-based number of the last line read
  std::uintmax_t start() const { return start_; }  // byte offset where the last line began
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::ifstream in_;
  long number_ = 0;
  std::uintmax_t offset_ = 0, start_ = 0;
};

}  // namespace turf::cli
