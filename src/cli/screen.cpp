#include "cli/screen.h"

#include <algorithm>

#include "core/narration.h"
#include "core/term.h"

namespace turf::cli {

std::vector<std::string> wrap_narration(const std::string& line, std::size_t width) {
  // The text starts after the leading blanks and a "[12] " move number.
  std::size_t indent = line.find_first_not_of(' ');
  if (indent == std::string::npos) return {line};
  if (line[indent] == '[') {
    const std::size_t close = line.find("] ", indent);
    if (close != std::string::npos) indent = close + 2;
  }
  if (indent * 2 > width) indent = 0;
  auto rows = wrap_words(line.substr(indent), width - indent);
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i] = (i == 0 ? line.substr(0, indent) : std::string(indent, ' ')) + rows[i];
  return rows;
}

std::vector<std::string> narration_lines(const std::vector<std::vector<Narration>>& story,
                                         const std::vector<std::string>& names, std::size_t first) {
  std::vector<std::string> lines;
  for (std::size_t i = first; i < story.size(); ++i)
    for (std::size_t k = 0; k < story[i].size(); ++k) {
      const std::string num = "[" + std::to_string(i + 1) + "] ";
      lines.push_back((k == 0 ? num : std::string(num.size(), ' ')) +
                      render_narration(story[i][k].text, names));
    }
  return lines;
}

namespace {

// The legal actions as a numbered menu, numbered down the columns: as many columns (up to four)
// as fit 80, each as wide as its longest item.
std::vector<std::string> menu_lines(const View& v) {
  const auto& legal = v.legal();
  std::vector<std::string> items;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    std::string num = std::to_string(i + 1);
    items.push_back(std::string(num.size() < 3 ? 3 - num.size() : 0, ' ') + num + ") " +
                    legal[i].label);
  }
  const std::size_t gap = 3;
  std::size_t cols = std::min<std::size_t>(4, std::max<std::size_t>(1, items.size()));
  std::vector<std::size_t> widths;
  for (; cols > 1; --cols) {
    const std::size_t rows = (items.size() + cols - 1) / cols;
    if ((cols - 1) * rows >= items.size()) continue;  // a column would be empty
    widths.assign(cols, 0);
    for (std::size_t i = 0; i < items.size(); ++i)
      widths[i / rows] = std::max(widths[i / rows], display_columns(items[i]));
    std::size_t total = 0;
    for (auto w : widths) total += w + gap;
    if (total - gap <= static_cast<std::size_t>(kScreenColumns)) break;
  }
  const std::size_t rows = (items.size() + cols - 1) / cols;
  std::vector<std::string> out;
  for (std::size_t r = 0; r < rows; ++r) {
    std::string line;
    for (std::size_t c = 0; c < cols; ++c) {
      const std::size_t i = c * rows + r;
      if (i >= items.size()) break;
      line += items[i];
      if (c + 1 < cols && i + rows < items.size())
        line += std::string(widths[c] + gap - display_columns(items[i]), ' ');
    }
    out.push_back(fit_columns(line, kScreenColumns));
  }
  return out;
}

}  // namespace

Screen play_screen(const Match& m, const View& v, const std::vector<std::vector<Narration>>& steps,
                   const DrawStyle& style, const std::string& notice, Seat thinking) {
  const GameInfo& g = m.game();
  Screen sc;
  const std::string title = term::paint(style.colour, term::kBold, g.title) + "   move " +
                            std::to_string(m.history().size() + 1);
  std::vector<std::string> board = split_lines(g.draw ? g.draw(v, style) : v.to_json().dump(1));
  sc.board_rows = static_cast<int>(board.size());
  std::vector<std::string> tail;  // below the board
  const auto name = [&](Seat s) { return m.seats()[static_cast<std::size_t>(s)].name; };
  if (thinking != kNobody) {
    tail.push_back(term::paint(style.colour, term::kDim, name(thinking) + " is thinking…"));
  } else {
    tail = menu_lines(v);
    const int undo = m.undoable();
    tail.push_back(
        term::paint(style.colour, term::kDim,
                    "Type a number or action" +
                        std::string(undo ? "; u undo (" + std::to_string(undo) + ")" : "") +
                        "; log, look NAME, ? help, q save and quit."));
    for (const auto& l : wrap_words(notice, kScreenColumns))
      if (!notice.empty()) tail.push_back(term::paint(style.colour, term::kYellow, l));
    tail.push_back(name(v.viewer()) + "> ");
  }
  // The narration, wrapped to the screen's width; the rows of the latest step come last.
  std::vector<std::string> story;
  std::size_t latest = 0;  // rows of the latest step
  // Only the last steps are wrapped: no more than 12 rows of them can show.
  std::size_t first = steps.size();
  for (std::size_t rows = 0; first > 0 && rows < 12;) rows += steps[--first].size();
  std::vector<std::string> names;
  for (const auto& s : m.seats()) names.push_back(s.name);
  for (const auto& line : narration_lines(steps, names, first)) {
    if (line.rfind("[", 0) == 0) latest = 0;
    for (auto& row : wrap_narration(line, kScreenColumns - 2)) {
      story.push_back(std::move(row));
      ++latest;
    }
  }
  // The log gets what is left of 40 rows (title, blank line, board, tail): 2 to 12 lines, and
  // never fewer than the latest step takes (up to 12). Where even that does not fit (a dungeon
  // grown large, a long menu, a step with much to tell), the top of the board gives way to one
  // line saying so: the viewer's own area and the prompt, drawn last, stay.
  const int rest = 2 + sc.board_rows + static_cast<int>(tail.size());
  const int wanted = std::clamp(static_cast<int>(latest), 2, 12);
  sc.log_rows = std::clamp(kScreenRows - rest, wanted, 12);
  const int over = rest + sc.log_rows - kScreenRows;
  if (over > 0) {
    sc.cut_rows = over + 1;
    board.erase(board.begin(), board.begin() + std::min<int>(sc.cut_rows, sc.board_rows));
    board.insert(board.begin(),
                 term::paint(style.colour, term::kDim,
                             "  (" + std::to_string(sc.cut_rows) +
                                 " lines of the board above; `board` shows it all)"));
  }
  const std::size_t from =
      story.size() > static_cast<std::size_t>(sc.log_rows) ? story.size() - sc.log_rows : 0;
  sc.log_rows = static_cast<int>(story.size() - from);
  sc.lines.push_back(title);
  for (std::size_t i = from; i < story.size(); ++i)
    sc.lines.push_back(term::paint(style.colour, term::kDim, "  " + story[i]));
  sc.lines.push_back("");
  sc.lines.insert(sc.lines.end(), board.begin(), board.end());
  sc.lines.insert(sc.lines.end(), tail.begin(), tail.end());
  return sc;
}

}  // namespace turf::cli
