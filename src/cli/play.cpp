// `turf play`: a match in the terminal between humans and bots.
//
// Humans see only their own seat's view, drawn by the game, with the legal actions as a numbered
// menu. Several humans at one screen get a "pass the device" screen between their turns, so that
// nobody sees another's hand. Bots receive views only. The record is saved after every action,
// so a match can be resumed with --resume.
//
// Hidden information (docs/security.md): fresh seeds are full 64-bit from the OS and never shown
// while the match is on; bots of a match with a fresh seed get their own OS seeds; the record of
// a match in progress is sealed (core/live_record.h); screens are drawn on the terminal's
// alternate screen and cleared with their scrollback; input typed while it is not a human's turn
// is dropped, and the pass screen takes only a deliberate Enter.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "bots/agent.h"
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

namespace turf::cli {

std::string turf_command();

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) out.push_back(item);
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// The seed of a new match: full 64 bits from the operating system (the seed decides every hidden
// card, so it must not be guessable from a clock or searchable from a player's own hand).
std::uint64_t fresh_seed() {
  return os_random_u64();
}

// The seed of a bot. With a seed given on the command line the match is reproducible (bots
// included) and whoever knows that seed knows the deal anyway; with a fresh seed each bot gets its
// own seed from the OS, which no seat can derive.
std::uint64_t bot_seed(std::uint64_t match_seed, bool seed_given, std::size_t seat) {
  return seed_given ? mix_seed(match_seed, seat + 1) : os_random_u64();
}

// turf-records/<game>-<UTC time>-<start of the random match id>.json: names nothing secret.
std::string default_record_path(const std::string& game, const LiveSeal& seal) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  return "turf-records/" + game + "-" + stamp + "-" + seal.match_id.substr(0, 8) + ".json";
}

struct LogEntry {
  Seat seat;
  int index;
  std::string full, shown_to_others;
};

class Table {
 public:
  Table(Match& match, std::vector<std::unique_ptr<Agent>> bots, std::string record_path,
        LiveSeal seal, bool quiet, DrawStyle style,
        std::shared_ptr<std::vector<std::string>> bot_notes)
      : m_(match),
        bot_notes_(std::move(bot_notes)),
        bots_(std::move(bots)),
        record_(std::move(record_path)),
        seal_(std::move(seal)),
        quiet_(quiet),
        style_(std::move(style)) {
    for (const auto& b : bots_) humans_ += b == nullptr;
  }

  // Plays to the end. Returns the exit code.
  int run() {
    bool done = false;
    try {
      done = humans_ > 0 ? play_on_alternate_screen() : play_until_a_human_quits();
    } catch (const ExternalBotFailure& e) {  // on_error=abort: the record so far is kept
      save();
      tell_the_end(false, e.what());
      for (const auto& note : *bot_notes_) std::cerr << "turf: " << note << "\n";
      throw;
    }
    tell_the_end(done, "a player left the table");
    for (const auto& note : *bot_notes_) std::cerr << "turf: " << note << "\n";
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
    while (!m_.over()) {
      const Seat seat = m_.state().to_move();
      if (bots_[seat]) {
        show_bot_thinking(seat);
        const bool words = bots_[seat]->wants_narration();
        if (words) bots_[seat]->observe(untold(seat));
        const View v = m_.view(seat, words);
        const Action a = bots_[seat]->choose(v);
        apply(a);
        if (humans_ == 0 && !quiet_) print_last_narration();
        continue;
      }
      if (!human_turn(seat)) {
        save();
        return false;
      }
    }
    return true;
  }

  std::string name(Seat s) const { return m_.seats()[s].name; }

  // Interim, until the table layer (src/table/) keeps each viewer's story: the narration of the
  // steps a bot that reads words (an external program) has not been told yet. After an undo it
  // goes on from the shorter history.
  std::vector<Narration> untold(Seat seat) {
    told_.resize(bots_.size(), 0);
    auto& told = told_[static_cast<std::size_t>(seat)];
    const auto steps = narrate_history(m_, seat);
    std::vector<Narration> out;
    for (std::size_t i = std::min(told, steps.size()); i < steps.size(); ++i)
      out.insert(out.end(), steps[i].begin(), steps[i].end());
    told = steps.size();
    return out;
  }

  // The end (or an early stop, and why) for the bots that read words.
  void tell_the_end(bool over, const std::string& why) {
    const nlohmann::json result = over ? match_result_json(m_) : nlohmann::json{{"aborted", why}};
    for (std::size_t s = 0; s < bots_.size(); ++s)
      if (bots_[s] && bots_[s]->wants_narration()) {
        bots_[s]->observe(untold(static_cast<Seat>(s)));
        bots_[s]->finish(m_.view(static_cast<Seat>(s)), result);
      }
  }

  std::string describe(const LogEntry& e, Seat viewer) const {
    const bool mine = viewer == e.seat || viewer == kOmniscient;
    return "[" + std::to_string(e.index + 1) + "] " +
           term::paint(style_.colour, term::kBold, name(e.seat)) + ": " +
           (mine ? e.full : e.shown_to_others);
  }

  void apply(Action a) {
    const State& s = m_.state();
    LogEntry e{s.to_move(), static_cast<int>(m_.history().size()), s.action_label(a),
               s.public_label(a)};
    m_.apply(a);
    log_.push_back(std::move(e));
    if (log_.size() > 200) log_.pop_front();
    save();
  }

  void save() const {
    if (!record_.empty()) {
      const auto dir = std::filesystem::path(record_).parent_path();
      if (!dir.empty()) std::filesystem::create_directories(dir);
      save_match(m_, seal_, record_);
    }
  }

  // The screen between two humans' turns: nothing of the last player's is left on it or in the
  // scrollback, keys typed before it appeared are dropped, and only an Enter on an empty line
  // goes on (a move typed by habit does not). False when the input ends.
  bool pass_device(Seat seat) {
    std::string notice;
    for (;;) {
      term::clear_screen();
      std::cout << "\n\n    Pass the device to "
                << term::paint(style_.colour, term::kBold, name(seat)) << ".\n\n    " << name(seat)
                << ": press Enter when you are ready.\n";
      if (!notice.empty()) std::cout << "\n    " << notice << "\n";
      std::cout << std::flush;
      term::discard_typeahead();
      std::string line;
      if (!std::getline(std::cin, line)) return false;
      if (trim(line).empty()) return true;
      notice = "Only Enter goes on from here (" + name(seat) + " is next).";
    }
  }

  // The screen of a human's decision (cli/screen.h: within 80x40, the prompt last).
  void show(const View& v, const std::string& notice) const {
    term::clear_screen();
    const Screen sc = play_screen(m_, v, style_, notice);
    for (std::size_t i = 0; i < sc.lines.size(); ++i)
      std::cout << sc.lines[i] << (i + 1 < sc.lines.size() ? "\n" : "");
    std::cout << std::flush;
  }

  void help() const {
    term::clear_screen();
    std::cout << game_short_help(m_.game()) << "\n"
              << kInGameCommands << "Press Enter to go back.\n";
    std::string line;
    std::getline(std::cin, line);
  }

  // Returns false when the human quits or the input ends.
  bool human_turn(Seat seat) {
    if (humans_ > 1 && last_human_ != seat && !pass_device(seat)) return false;
    last_human_ = seat;
    // Keys pressed while it was not this human's turn (a bot thinking, another seat) are dropped.
    term::discard_typeahead();
    std::string notice;
    for (;;) {
      const View v = m_.view(seat);
      for (std::size_t& k = bot_notes_shown_; k < bot_notes_->size(); ++k)  // a program failed
        if ((*bot_notes_)[k].rfind("  ", 0) != 0)  // its stderr lines wait for the end
          notice += (notice.empty() ? "" : " ") + (*bot_notes_)[k];
      show(v, notice);
      notice.clear();
      std::string line;
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
        show_paged((m_.game().draw ? m_.game().draw(v, style_) : v.to_json().dump(1)) + "\n");
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
        std::cout << m_.game().rules_text << "\nPress Enter to go back.\n";
        std::getline(std::cin, line);
        continue;
      }
      if (line == "u" || line == "undo" || line.rfind("u ", 0) == 0 ||
          line.rfind("undo ", 0) == 0) {
        const auto parts = split(line, ' ');
        int n = 1;
        if (parts.size() > 1) {
          try {
            n = std::stoi(parts.back());
          } catch (...) {
            notice = "undo takes a number of actions";
            continue;
          }
        }
        try {
          m_.undo(n);
          for (int i = 0; i < n && !log_.empty(); ++i) log_.pop_back();
          save();
        } catch (const Error& e) {
          notice = e.what();
        }
        continue;
      }
      Action a = 0;
      bool is_number = std::all_of(line.begin(), line.end(), ::isdigit);
      if (is_number) {
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
      apply(a);
      return true;
    }
  }

  void finish() {
    const View v = m_.view(kOmniscient);
    const GameInfo& g = m_.game();
    if (!quiet_ || humans_ > 0) {
      if (humans_ > 0) print_recent_narration(kOmniscient, 8);
      std::cout << "\n" << (g.draw ? g.draw(v, style_) : v.to_json().dump(1)) << "\n";
    }
    std::cout << "Final scores (" << g.id << ", seed " << m_.seed() << ", " << m_.history().size()
              << " actions):\n  " << end_in_words() << "\n";
    if (!record_.empty())
      std::cout << "Record: " << record_ << "   (replay it: " << turf_command() << " replay "
                << record_ << ")\n";
  }

  // ---- Narration at the table (issue 16) ----------------------------------------------------

  std::vector<std::string> seat_names() const {
    std::vector<std::string> names;
    for (const auto& s : m_.seats()) names.push_back(s.name);
    return names;
  }

  // Every narration line of the match as `viewer` saw it, "[move] text", oldest first. Computed
  // from the match itself, so it covers moves made before a --resume.
  std::vector<std::string> narration_lines(Seat viewer) const {
    return cli::narration_lines(m_, viewer);
  }

  void print_recent_narration(Seat viewer, int rows) const {
    const auto lines = narration_lines(viewer);
    const std::size_t from =
        lines.size() > static_cast<std::size_t>(rows) ? lines.size() - rows : 0;
    for (std::size_t i = from; i < lines.size(); ++i)
      std::cout << term::paint(style_.colour, term::kDim, "  " + fit_columns(lines[i], 78)) << "\n";
  }

  // Bots-only games: what the last action did, as the omniscient viewer reads it.
  void print_last_narration() const {
    const auto& h = m_.history();
    const int i = static_cast<int>(h.size()) - 1;
    auto before = m_.state_at(i);
    NarratedAction act;
    act.mover = h[i].seat;
    act.move_number = i;
    act.label = before->action_label(h[i].id);
    const View vb = before->view(kOmniscient, false);
    before->apply(h[i].id);
    const auto story = narrate_step(vb, act, before->view(kOmniscient, false));
    for (std::size_t k = 0; k < story.size(); ++k)
      std::cout << (k == 0 ? "[" + std::to_string(i + 1) + "] " : std::string("      "))
                << render_narration(story[k].text, seat_names()) << "\n";
  }

  // `log`: the whole history as this seat saw it, through a pager on a terminal.
  void page_log(Seat viewer) const {
    std::string text;
    for (const auto& l : narration_lines(viewer)) text += l + "\n";
    if (text.empty()) text = "Nothing has happened yet.\n";
    show_paged(text);
    std::cout << "Press Enter to go back.\n";
    std::string line;
    std::getline(std::cin, line);
  }

  // `look NAME`: a card's text, or an error naming the closest card.
  std::string look(const std::string& name) const {
    try {
      const auto all = game_cards(m_.game());
      return card_details(find_card(all, name, m_.game().id));
    } catch (const Error& e) {
      return e.what();
    }
  }

  // The screen a human watches while a bot decides: the board as the human last saw it, the log,
  // and "thinking…". Drawn before a bot's first move too.
  void show_bot_thinking(Seat bot) const {
    if (humans_ == 0) return;
    Seat viewer = last_human_;
    if (viewer == kNobody)
      for (std::size_t s = 0; s < bots_.size() && viewer == kNobody; ++s)
        if (!bots_[s]) viewer = static_cast<Seat>(s);
    if (humans_ > 1 && last_human_ == kNobody) viewer = kSpectator;  // nobody's hand yet
    const View v = m_.view(viewer);
    term::clear_screen();
    for (const auto& line : play_screen(m_, v, style_, "", bot).lines) std::cout << line << "\n";
    std::cout << std::flush;
  }

  // "1st mcts 2, 33 points; 2nd Player 1, 0 points" (shared places: "1st="); a game with its own
  // words for results says them ("1st mcts 2, won by home turf domination (33 DP)"), never a
  // ranking key of scores().
  std::string end_in_words() const {
    const View final_view = m_.view(kOmniscient, false);
    const auto& words = m_.game().result_words;
    const auto scores = m_.state().scores();
    const auto ranking = m_.state().ranking();
    std::vector<std::size_t> order(scores.size());
    for (std::size_t s = 0; s < order.size(); ++s) order[s] = s;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return ranking[a] != ranking[b] ? ranking[a] < ranking[b] : a < b;
    });
    static const char* const kOrd[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
    std::string out;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const std::size_t s = order[i];
      const bool tied = std::count(ranking.begin(), ranking.end(), ranking[s]) > 1;
      std::ostringstream pts;
      pts << scores[s];
      out += std::string(i ? "; " : "") + kOrd[std::min(ranking[s], 5)] + (tied ? "=" : "") + " " +
             name(static_cast<Seat>(s)) + ", " +
             (words ? words(final_view, static_cast<Seat>(s))
                    : pts.str() + (scores[s] == 1 ? " point" : " points"));
    }
    return out;
  }

  Match& m_;
  // The external programs' log lines (a failure and its consequence): shown to the next human
  // and printed again once the match has left the screen.
  std::shared_ptr<std::vector<std::string>> bot_notes_;
  std::size_t bot_notes_shown_ = 0;
  std::vector<std::unique_ptr<Agent>> bots_;
  std::string record_;
  LiveSeal seal_;
  bool quiet_;
  DrawStyle style_;
  int humans_ = 0;
  Seat last_human_ = kNobody;
  std::deque<LogEntry> log_;
  std::vector<std::size_t> told_;  // per seat: history steps told (untold())
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
  std::vector<std::string> level_of;  // each seat's spec as written ("normal"), where given
  LiveSeal seal = new_live_seal();
  if (!args.resume.empty()) {
    std::optional<LiveSeal> stored;
    match = std::make_unique<Match>(load_match(args.resume, &stored));
    if (stored) seal = *stored;
    if (!args.game.empty() && args.game != match->game().id)
      throw Error("the record is a game of " + match->game().id + ", not " + args.game);
    if (match->over()) throw Error("the match in '" + args.resume + "' is already over");
    if (args.seats.empty()) match->check_record_agents();
  } else {
    if (args.game.empty())
      throw Error("which game? (turf play GAME --seats ...; see `turf games`)");
    const GameInfo& game = Registry::instance().find(args.game);
    const Options options = game.resolve(parse_option_list(args.options));
    const auto seat_specs =
        split_seat_specs(args.seats.empty() ? default_seats(options.players()) : args.seats);
    std::vector<SeatInfo> seats;
    for (const auto& spec : seat_specs) {
      const std::string text = trim(spec);
      if (is_external_spec(text)) parse_external_spec(text);  // validates (docs/bots.md)
      seats.push_back({is_external_spec(text) ? text : resolve_bot_spec(game.id, text), ""});
      level_of.push_back(text);
    }
    if (static_cast<int>(seats.size()) != options.players())
      throw Error(game.id + " with players=" + std::to_string(options.players()) + " needs " +
                  std::to_string(options.players()) + " seats in --seats, not " +
                  std::to_string(seats.size()) +
                  (game.min_players != game.max_players ? " (set --option players=N)" : ""));
    match = std::make_unique<Match>(game, options, args.seed ? *args.seed : fresh_seed(),
                                    std::move(seats));
  }
  Match& m = *match;
  if (!args.resume.empty() && !args.seats.empty()) {
    const auto specs = split_seat_specs(args.seats);
    if (specs.size() != m.seats().size())
      throw Error("--seats must name " + std::to_string(m.seats().size()) + " seats");
    level_of.assign(specs.size(), "");
    for (std::size_t i = 0; i < specs.size(); ++i) {
      level_of[i] = trim(specs[i]);
      if (is_external_spec(level_of[i])) parse_external_spec(level_of[i]);  // validates
      m.seats()[i].agent =
          is_external_spec(level_of[i]) ? level_of[i] : resolve_bot_spec(m.game().id, level_of[i]);
    }
  }
  if (!args.names.empty()) {
    const auto names = split(args.names, ',');
    for (std::size_t i = 0; i < names.size() && i < m.seats().size(); ++i)
      m.seats()[i].name = trim(names[i]);
  }
  for (std::size_t i = 0; i < m.seats().size(); ++i) {
    const std::string& spec = m.seats()[i].agent;
    if (spec == "human") {
      if (m.seats()[i].name == "Seat " + std::to_string(i))
        m.seats()[i].name = "Player " + std::to_string(i + 1);
    } else {
      if (m.seats()[i].name == "Seat " + std::to_string(i)) {
        const bool level =
            i < level_of.size() &&
            std::find(bot_levels().begin(), bot_levels().end(), level_of[i]) != bot_levels().end();
        m.seats()[i].name =
            (level ? level_of[i] : spec.substr(0, spec.find(':'))) + " " + std::to_string(i + 1);
      }
    }
  }
  std::vector<std::string> names;
  for (const auto& s : m.seats()) names.push_back(s.name);
  std::vector<std::unique_ptr<Agent>> bots;
  auto bot_notes = std::make_shared<std::vector<std::string>>();
  const bool all_bots = std::none_of(m.seats().begin(), m.seats().end(),
                                     [](const SeatInfo& s) { return s.agent == "human"; });
  for (std::size_t i = 0; i < m.seats().size(); ++i) {
    const std::string& spec = m.seats()[i].agent;
    const std::uint64_t seed = spec == "human" ? 0 : bot_seed(m.seed(), args.seed.has_value(), i);
    if (spec == "human") {
      bots.push_back(nullptr);
    } else if (is_external_spec(spec)) {  // interim, until the table layer seats it
      ExternalConfig config = parse_external_spec(spec);
      config.seed = seed;
      if (!all_bots)  // not on the screen's back: the human is told (Table::human_turn)
        config.log = [bot_notes](const std::string& line) { bot_notes->push_back(line); };
      bots.push_back(
          make_external_agent({&m.game(), m.options(), static_cast<Seat>(i), names}, config));
    } else {
      bots.push_back(make_bot(spec, seed));
    }
  }
  const bool any_human = std::any_of(bots.begin(), bots.end(), [](const auto& b) { return !b; });
  if (any_human && !term::stdin_is_tty() && !std::cin.good())
    throw Error("a human seat needs input on stdin");

  std::string record;
  if (!args.no_record)
    record = !args.record.empty()   ? args.record
             : !args.resume.empty() ? args.resume
                                    : default_record_path(m.game().id, seal);
  if (!record.empty()) prepare_output_file(record);  // before the first move
  DrawStyle style;
  style.colour = !args.no_colour && term::colour_wanted();
  style.unicode = !args.ascii && term::unicode_wanted();
  style.wide = args.wide;
  for (const auto& s : m.seats()) style.seat_names.push_back(s.name);
  Table table(m, std::move(bots), record, seal, args.quiet, style, bot_notes);
  return table.run();
}

}  // namespace turf::cli
