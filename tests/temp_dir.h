// A folder of a test process's own for the files its tests write. mkdtemp makes it new (never a
// folder that an earlier process with the same pid left behind, run after run on one machine),
// and it is removed with its contents when the process ends normally. Tests run side by side
// (ctest -j): each process has its own. Also a test's own folder (a scope's object: removed at its
// end), as the server tests make one for each served database.
#pragma once

#include <stdlib.h>

#include <cstdlib>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace turf::test_files {

class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "turf-test") {
    std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed: " + tmpl);
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // A file in it.
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// A test's own TempDir with XDG_STATE_HOME pointed into it (where `turf` keeps its live records)
// for the object's life; the variable is put back as it was at the end.
class TempStateHome {
 public:
  explicit TempStateHome(const std::string& prefix) : dir_(prefix) {
    const char* old = std::getenv("XDG_STATE_HOME");
    had_old_ = old != nullptr;
    if (old) old_ = old;
    setenv("XDG_STATE_HOME", dir_.file("state").c_str(), 1);
  }
  ~TempStateHome() {
    if (had_old_)
      setenv("XDG_STATE_HOME", old_.c_str(), 1);
    else
      unsetenv("XDG_STATE_HOME");
  }
  TempStateHome(const TempStateHome&) = delete;
  TempStateHome& operator=(const TempStateHome&) = delete;

  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;
  std::string old_;
  bool had_old_ = false;
};

}  // namespace turf::test_files
