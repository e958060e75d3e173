// `turf play`: a match in the terminal between humans and bots, on the table layer
// (src/table/table.h), which runs the bots, applies and takes back actions and keeps each seat's
// story; this file keeps the input, the screens and the hot-seat hand-over.
//
// Humans see only their own seat's view, drawn by the game, with the legal actions as a numbered
// menu. Several humans at one screen get a "pass the device" screen between their turns, so that
// nobody sees another's hand. Bots receive views only. The record is saved whenever the table
// waits for a person (so nothing a person did is ever lost), at the end, and during a stretch of
// bot moves at least once a second, so a match can be resumed with --resume. (It used to be saved
// after every action: the record grows with the match, so a bots-only yard game of 750 actions
// spent 4.6 s writing 750 ever longer records instead of milliseconds playing.)
//
// Hidden information (docs/security.md): fresh seeds are full 64-bit from the OS and never shown
// while the match is on; bots of a match with a fresh seed get their own OS seeds; the record of
// a match in progress is sealed (core/live_record.h); screens are drawn on the terminal's
// alternate screen and cleared with their scrollback; input typed while it is not a human's turn
// is dropped, and the pass screen takes only a deliberate Enter.
#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "bots/external.h"
#include "bots/presets.h"
#include "cli/commands.h"
#include "cli/screen.h"
#include "core/embedded.h"
#include "core/live_record.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/secret.h"
#include "core/term.h"
#include "core/text.h"
#include "core/variant.h"
#include "lab/experiment.h"
#include "table/table.h"

namespace turf::cli {

std::string turf_command();

namespace {

// turf-records/<game>-<UTC time>-<start of the random match id>.json: names nothing secret.
std::string default_record_path(const std::string& game, const LiveSeal& seal) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  return "turf-records/" + game + "-" + stamp + "-" + seal.match_id.substr(0, 8) + ".json";
}

// The terminal around a table (src/table/table.h): input, screens and the hot-seat hand-over.
// The table runs the bots, applies and takes back actions, keeps each seat's story and says the
// result; its change hook saves the sealed record after every change.
class Terminal {
 public:
  // `bot_notes`: the external bots' clear lines (a failure and its consequence) when humans play
  // (table::TableConfig::external_log): shown to the next human, printed again after the match.
  // `clock`: seconds a human seat has for each turn (0: none).
  Terminal(table::Table& t, std::string record_path, LiveSeal seal, bool quiet, DrawStyle style,
           std::shared_ptr<std::vector<std::string>> bot_notes, int clock)
      : t_(t),
        record_(std::move(record_path)),
        seal_(std::move(seal)),
        quiet_(quiet),
        style_(std::move(style)),
        bot_notes_(std::move(bot_notes)),
        clock_(clock) {
    t_.on_change([this](const table::Change&) {
      if (t_.over() || t_.is_human(t_.to_move()) ||
          std::chrono::steady_clock::now() - saved_ >= std::chrono::seconds(1))
        save();
    });
    // The clock waits for input with poll(): nothing may wait in stdin's own buffer unseen.
    if (clock_ > 0) std::setvbuf(stdin, nullptr, _IONBF, 0);
  }

  // Plays to the end. Returns the exit code.
  int run() {
    bool done = false;
    try {
      done = t_.humans() > 0 ? play_on_alternate_screen() : play_until_a_human_quits();
    } catch (const ExternalBotFailure&) {  // on_error=abort: the table told the others
      save();                              // the record so far is kept
      print_bot_notes();
      throw;
    }
    print_bot_notes();
    if (!done) {
      std::cout << "\nThe match is not finished.";
      if (!record_.empty())
        std::cout << " Saved to " << record_ << "; continue it with:\n  " << turf_command()
                  << " play --resume " << record_;
      std::cout << "\n";
      return 1;
    }
    finish();
    return 0;
  }

 private:
  // The whole match is drawn on the alternate screen, which is cleared with its scrollback when
  // left: the final scores and the quit message go to the normal screen. False: a human quit.
  bool play_on_alternate_screen() {
    term::AlternateScreen alternate;
    return play_until_a_human_quits();
  }

  bool play_until_a_human_quits() {
    while (!t_.over()) {
      const Seat seat = t_.to_move();
      if (seat != clock_seat_) clock_seat_ = kNobody;  // another seat's turn: a new clock
      if (!t_.is_human(seat)) {
        show_bot_thinking(seat);
        t_.play_bot();
        if (t_.humans() == 0 && !quiet_) print_last_narration();
        continue;
      }
      if (!human_turn(seat)) {
        save();
        t_.close("a player left the table; the match is saved to be continued");
        return false;
      }
    }
    return true;
  }

  void save() {
    saved_ = std::chrono::steady_clock::now();
    if (!record_.empty()) {
      const auto dir = std::filesystem::path(record_).parent_path();
      if (!dir.empty()) std::filesystem::create_directories(dir);
      save_match(t_.match(), seal_, record_);
    }
  }

  // The screen between two humans' turns: nothing of the last player's is left on it or in the
  // scrollback, keys typed before it appeared are dropped, and only an Enter on an empty line
  // goes on (a move typed by habit does not). False when the input ends.
  bool pass_device(Seat seat) {
    const std::string& name = t_.name(seat);
    std::string notice;
    for (;;) {
      term::clear_screen();
      std::cout << "\n\n    Pass the device to " << term::paint(style_.colour, term::kBold, name)
                << ".\n\n    " << name << ": press Enter when you are ready.\n";
      if (!notice.empty()) std::cout << "\n    " << notice << "\n";
      std::cout << std::flush;
      term::discard_typeahead();
      std::string line;
      if (!std::getline(std::cin, line)) return false;
      if (trim(line).empty()) return true;
      notice = "Only Enter goes on from here (" + name + " is next).";
    }
  }

  // A screen of the table (cli/screen.h: within 80x40, the prompt last), with `viewer`'s story.
  Screen screen(const View& v, const std::string& notice, Seat thinking = kNobody) {
    return play_screen(t_.match(), v, t_.story(v.viewer()).steps(), style_, notice, thinking);
  }

  void help() const {
    term::clear_screen();
    std::cout << game_short_help(t_.game()) << "\n"
              << kInGameCommands << "Press Enter to go back.\n";
    std::string line;
    std::getline(std::cin, line);
  }

  // `u [n]`: takes back n actions (default 1); a notice says why not.
  std::string undo(Seat seat, const std::string& line) {
    const auto parts = split(trim(line), ' ');
    int n = 1;
    if (parts.size() > 1) {
      try {
        n = std::stoi(parts.back());
      } catch (...) {
        return "undo takes a number of actions";
      }
    }
    if (n < 1) return "undo takes a number of actions";
    const int can = t_.undoable(seat);
    if (t_.undo(seat, n) == table::Refusal::kNone) return "";
    return can == 0 ? table::refusal_text(table::Refusal::kCannotUndo)
                    : "you can take back at most " + std::to_string(can) + " action" +
                          (can == 1 ? "" : "s") + " now";
  }

  // Returns false when the human quits or the input ends.
  bool human_turn(Seat seat) {
    if (t_.humans() > 1 && last_human_ != seat && !pass_device(seat)) return false;
    last_human_ = seat;
    // The clock of this turn starts once the player has the device; it runs for the whole turn
    // (every decision of it).
    if (clock_ > 0 && clock_seat_ != seat) {
      clock_seat_ = seat;
      deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(clock_);
    }
    // Keys pressed while it was not this human's turn (a bot thinking, another seat) are dropped.
    term::discard_typeahead();
    std::string notice;
    for (;;) {
      if (clock_ > 0 && std::chrono::steady_clock::now() >= deadline_) return time_out(seat);
      const View v = t_.match().view(seat);
      if (clock_ > 0)
        notice = "Time left for this turn: " + clock_words(deadline_) + "." +
                 (notice.empty() ? "" : " " + notice);
      for (std::size_t& k = bot_notes_shown_; k < bot_notes_->size(); ++k)  // a program failed
        if ((*bot_notes_)[k].rfind("  ", 0) != 0)  // its stderr lines wait for the end
          notice += (notice.empty() ? "" : " ") + (*bot_notes_)[k];
      const Screen sc = screen(v, notice);
      term::clear_screen();
      for (std::size_t i = 0; i < sc.lines.size(); ++i)
        std::cout << sc.lines[i] << (i + 1 < sc.lines.size() ? "\n" : "");
      std::cout << std::flush;
      notice.clear();
      std::string line;
      if (!wait_for_input()) continue;  // the time ran out (the loop's first test)
      if (!std::getline(std::cin, line)) return false;
      line = trim(line);
      if (line.empty()) continue;
      if (line == "q" || line == "quit") return false;
      if (line == "?" || line == "help" || line == "h") {
        help();
        continue;
      }
      if (line == "log") {
        page_log(seat);
        continue;
      }
      if (line.rfind("look ", 0) == 0 || line.rfind("? ", 0) == 0) {
        notice = look(trim(line.substr(line.find(' ') + 1)));
        continue;
      }
      if (line == "board") {
        show_paged((t_.game().draw ? t_.game().draw(v, style_) : v.to_json().dump(1)) + "\n");
        std::cout << "Press Enter to go back.\n";
        std::getline(std::cin, line);
        continue;
      }
      if (line == "json") {
        std::cout << v.to_json().dump(2) << "\nPress Enter to go back.\n";
        std::getline(std::cin, line);
        continue;
      }
      if (line == "rules") {
        std::cout << t_.game().rules_text << "\nPress Enter to go back.\n";
        std::getline(std::cin, line);
        continue;
      }
      if (line == "u" || line == "undo" || line.rfind("u ", 0) == 0 ||
          line.rfind("undo ", 0) == 0) {
        notice = undo(seat, line);
        continue;
      }
      Action a = 0;
      if (std::all_of(line.begin(), line.end(), ::isdigit)) {
        const long k = line.size() > 6 ? -1 : std::stol(line);
        if (k < 1 || k > static_cast<long>(v.legal().size())) {
          notice = "choose 1 to " + std::to_string(v.legal().size());
          continue;
        }
        a = v.legal()[k - 1].id;
      } else {
        try {
          a = v.parse_action(line);
        } catch (const Error& e) {
          notice = e.what();
          continue;
        }
      }
      const table::Refusal why = t_.act(seat, a, t_.moves());
      if (why == table::Refusal::kNone) return true;
      notice = table::refusal_text(why);
    }
  }

  // Until input is there or the turn's time runs out (false); true at once without a clock.
  bool wait_for_input() const {
    if (clock_ <= 0) return true;
    for (;;) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(
          deadline_ - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p{0, POLLIN, 0};
      const int r = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), INT_MAX)));
      if (r > 0) return true;                    // a line, or the end of the input
      if (r < 0 && errno != EINTR) return true;  // let getline say what is wrong
    }
  }

  // "0:45": the time left to `deadline`, rounded up to whole seconds.
  static std::string clock_words(std::chrono::steady_clock::time_point deadline) {
    const auto s = std::max<long long>(
        0, std::chrono::ceil<std::chrono::seconds>(deadline - std::chrono::steady_clock::now())
               .count());
    const std::string ss = std::to_string(s % 60);
    return std::to_string(s / 60) + ":" + (ss.size() < 2 ? "0" : "") + ss;
  }

  // The turn's time ran out: the normal bot makes this decision for the seat, and every viewer
  // is told why with it (table::timeout_note); the seat stays its player's. True: play goes on.
  bool time_out(Seat seat) {
    auto turn = t_.stand_in(table::StandIn::kOnce, "normal");
    if (!turn) return true;
    show_bot_thinking(seat);
    t_.complete(*turn, turn->run());
    return true;
  }

  void finish() {
    const View v = t_.match().view(kOmniscient);
    const GameInfo& g = t_.game();
    if (!quiet_ || t_.humans() > 0) {
      if (t_.humans() > 0) print_recent_narration(kOmniscient, 8);
      std::cout << "\n" << (g.draw ? g.draw(v, style_) : v.to_json().dump(1)) << "\n";
    }
    std::cout << "Final scores (" << g.id << ", seed " << t_.match().seed() << ", " << t_.moves()
              << " actions):\n";
    for (const auto& row : wrap_narration("  " + t_.result_in_words(), kScreenColumns))
      std::cout << row << "\n";
    if (!record_.empty())
      std::cout << "Record: " << record_ << "\n  replay it: " << turf_command() << " replay "
                << record_ << "\n";
  }

  void print_recent_narration(Seat viewer, int rows) {
    const auto lines = narration_lines(t_.story(viewer).steps(), t_.names());
    const std::size_t from =
        lines.size() > static_cast<std::size_t>(rows) ? lines.size() - rows : 0;
    for (std::size_t i = from; i < lines.size(); ++i)
      for (const auto& row : wrap_narration(lines[i], kScreenColumns - 2))
        std::cout << term::paint(style_.colour, term::kDim, "  " + row) << "\n";
  }

  // Bots-only games: what the last action did, as the omniscient viewer reads it.
  void print_last_narration() {
    const auto& steps = t_.story(kOmniscient).steps();
    const auto names = t_.names();
    const auto& story = steps.back();
    for (std::size_t k = 0; k < story.size(); ++k)
      std::cout << (k == 0 ? "[" + std::to_string(steps.size()) + "] " : std::string("      "))
                << render_narration(story[k].text, names) << "\n";
  }

  // `log`: the whole history as this seat saw it, through a pager on a terminal.
  void page_log(Seat viewer) {
    std::string text;
    for (const auto& l : narration_lines(t_.story(viewer).steps(), t_.names())) text += l + "\n";
    if (text.empty()) text = "Nothing has happened yet.\n";
    show_paged(text);
    std::cout << "Press Enter to go back.\n";
    std::string line;
    std::getline(std::cin, line);
  }

  // `look NAME`: a card's text, or an error naming the closest card.
  std::string look(const std::string& name) const {
    try {
      const auto all = game_cards(t_.game(), t_.match().options());
      return card_details(find_card(all, name, t_.game().id), all);
    } catch (const Error& e) {
      return e.what();
    }
  }

  // The screen a human watches while a bot decides: the board as the human last saw it, the log,
  // and "thinking…". Drawn before a bot's first move too.
  void show_bot_thinking(Seat bot) {
    if (t_.humans() == 0) return;
    Seat viewer = last_human_;
    for (Seat s = 0; s < t_.num_seats() && viewer == kNobody; ++s)
      if (t_.is_human(s)) viewer = s;
    if (t_.humans() > 1 && last_human_ == kNobody) viewer = kSpectator;  // nobody's hand yet
    const View v = t_.match().view(viewer);
    term::clear_screen();
    for (const auto& line : screen(v, "", bot).lines) std::cout << line << "\n";
    std::cout << std::flush;
  }

  void print_bot_notes() const {
    for (const auto& note : *bot_notes_) std::cerr << "turf: " << note << "\n";
  }

  table::Table& t_;
  std::string record_;
  LiveSeal seal_;
  bool quiet_;
  DrawStyle style_;
  std::shared_ptr<std::vector<std::string>> bot_notes_;
  std::size_t bot_notes_shown_ = 0;
  Seat last_human_ = kNobody;
  int clock_ = 0;                                  // seconds a turn (0: no clock)
  std::chrono::steady_clock::time_point saved_{};  // the last save of the record
  Seat clock_seat_ = kNobody;                      // whose turn the clock counts
  std::chrono::steady_clock::time_point deadline_{};
};

}  // namespace

// How to run this turf from here: "turf" when that name on PATH is this program, otherwise its
// path ("build/release/turf"), so that printed commands work when pasted (issue 16).
std::string turf_command() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::canonical("/proc/self/exe", ec);
  if (ec) return "turf";
  if (const char* path = std::getenv("PATH")) {
    for (const auto& dir : split(path, ':')) {
      if (dir.empty()) continue;
      const fs::path candidate = fs::path(dir) / "turf";
      if (fs::exists(candidate, ec) && fs::canonical(candidate, ec) == self) return "turf";
    }
  }
  const fs::path rel = fs::relative(self, fs::current_path(ec), ec);
  if (!ec && !rel.empty() && rel.begin()->string() != "..") return rel.string();
  return self.string();
}

namespace {
// "human,normal,normal": a human, then the game's normal bot (bots/presets.cpp) in every other
// seat.
std::string default_seats(int players) {
  std::string seats = "human";
  for (int i = 1; i < players; ++i) seats += ",normal";
  return seats;
}
}  // namespace

std::string play_help_footer() {
  std::string s = "\n";
  s += kInGameCommands;
  s += "\nDefault seats: you (human) in seat 1, the game's normal bot in the others.\n"
       "A seat may name a level instead of a bot spec: easy, normal or hard. Per game\n"
       "(hard answers within about a second a decision; docs/ai.md):\n";
  const auto pad = [](const std::string& word, std::size_t width) {
    return word + std::string(word.size() < width ? width - word.size() : 1, ' ');
  };
  for (const auto& g : Registry::instance().games())
    for (const auto& level : bot_levels())
      s += "  " + pad(level == bot_levels().front() ? g->id : "", 10) + pad(level, 8) +
           bot_preset(g->id, level) + "\n";
  s += "\nExamples:\n  turf play yard\n  turf play dungeon --seats human,hard --seed 7\n"
       "  turf play yard --option players=3 --seats human,human,easy --names Ann,Bo,Cy\n"
       "  turf play dungeon --seats human,mcts:iters=5000\n";
  return s;
}

int play(const PlayArgs& args) {
  std::unique_ptr<Match> match;
  LiveSeal seal = new_live_seal();
  // Bots' seeds: from the match seed when one was given (the match is reproducible), else from
  // the OS (table::SeedRule). A record's own agents get the record's limits (they come from a
  // file); seats given here, the command line's.
  table::TableConfig config;
  config.seeds = args.seed ? table::SeedRule::kFromMatch : table::SeedRule::kFromOs;
  std::vector<table::SeatPlan> plans;
  if (!args.resume.empty()) {
    std::optional<LiveSeal> stored;
    match = std::make_unique<Match>(load_match(args.resume, &stored));
    if (stored) seal = *stored;
    if (!args.game.empty() && args.game != match->game().id)
      throw Error("the record is a game of " + match->game().id + ", not " + args.game);
    if (match->over()) throw Error("the match in '" + args.resume + "' is already over");
    if (args.seats.empty()) {
      config.limits = table::BotLimits::record();
    } else {
      plans = table::plan_seats(match->game(), args.seats, static_cast<int>(match->seats().size()),
                                config.limits);
      for (std::size_t i = 0; i < plans.size(); ++i) match->seats()[i].agent = plans[i].agent;
    }
    if (!args.names.empty()) {
      const auto names = split(args.names, ',');
      for (std::size_t i = 0; i < names.size() && i < match->seats().size(); ++i)
        if (auto name = table::listed_seat_name(names, i); !name.empty())
          match->seats()[i].name = std::move(name);
    }
  } else {
    if (args.game.empty())
      throw Error("which game? (turf play GAME --seats ...; see `turf games`)");
    const GameInfo& game = Registry::instance().find(args.game);
    auto given = parse_option_list(args.options);
    if (!args.variant.empty()) {
      if (given.count("variant")) throw Error("give --variant or -o variant=..., not both");
      given["variant"] = variant_option_text(lab::read_variant(game, args.variant));
    }
    const Options options = game.resolve(given);
    plans =
        table::plan_seats(game, args.seats.empty() ? default_seats(options.players()) : args.seats,
                          options.players(), config.limits);
    table::name_seats(plans,
                      args.names.empty() ? std::vector<std::string>() : split(args.names, ','));
    match = std::make_unique<Match>(game, options, args.seed ? *args.seed : os_random_u64(),
                                    table::seat_infos(plans));
  }
  // With humans at the table, a program's failure is told to the next of them (and after the
  // match): not printed behind the screen.
  auto bot_notes = std::make_shared<std::vector<std::string>>();
  if (std::any_of(match->seats().begin(), match->seats().end(),
                  [](const SeatInfo& s) { return s.agent == "human"; }))
    config.external_log = [bot_notes](const std::string& line) { bot_notes->push_back(line); };
  table::Table t(std::move(*match), config);
  if (t.humans() > 0 && !term::stdin_is_tty() && !std::cin.good())
    throw Error("a human seat needs input on stdin");

  std::string record;
  if (!args.no_record)
    record = !args.record.empty()   ? args.record
             : !args.resume.empty() ? args.resume
                                    : default_record_path(t.game().id, seal);
  if (!record.empty()) prepare_output_file(record);  // before the first move
  DrawStyle style;
  style.colour = !args.no_colour && term::colour_wanted();
  style.unicode = !args.ascii && term::unicode_wanted();
  style.wide = args.wide;
  style.seat_names = t.names();
  Terminal terminal(t, record, seal, args.quiet, style, bot_notes, args.clock);
  return terminal.run();
}

}  // namespace turf::cli
