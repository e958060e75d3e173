#include "table/table.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "bots/config.h"
#include "bots/external.h"
#include "bots/presets.h"

namespace turf::table {

const char* refusal_code(Refusal r) {
  switch (r) {
    case Refusal::kNone:
      return "";
    case Refusal::kSpectator:
      return "spectator";
    case Refusal::kNotYourTurn:
      return "not_your_turn";
    case Refusal::kStale:
      return "stale";
    case Refusal::kIllegal:
      return "illegal";
    case Refusal::kCannotUndo:
      return "cannot_undo";
  }
  return "";
}

std::string refusal_text(Refusal r) {
  switch (r) {
    case Refusal::kNone:
      return "";
    case Refusal::kSpectator:
      return "a spectator cannot act";
    case Refusal::kNotYourTurn:
      return "it is not your turn";
    case Refusal::kStale:
      return "the table has moved on";
    case Refusal::kIllegal:
      return "that action is not possible now";
    case Refusal::kCannotUndo:
      return "nothing to take back now";
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// BotTurn

namespace {
// One decision of an agent: the news first (an agent that follows the match), then the decision
// under its stop signal with the cap of the limits. Empty when stop() was called meanwhile.
std::optional<Action> decide(Agent& agent, StopSignal& stop, double cap, const View& view,
                             const std::vector<Narration>* news) {
  if (news) agent.observe(*news);
  stop.start(cap);
  const Action a = agent.decide(view, stop);
  if (stop.stopped()) return std::nullopt;
  return a;
}
}  // namespace

std::optional<Action> BotTurn::run(TimeSlices* slices) const {
  if (!slices || external_)
    return decide(*agent_, *stop_, cap_, view_, follows_ ? &news_ : nullptr);
  TimeSlices::Ticket ticket;
  slices->enter(ticket);
  struct Leave {
    TimeSlices& slices;
    TimeSlices::Ticket& ticket;
    StopSignal& stop;
    ~Leave() {
      stop.share(nullptr, nullptr);
      slices.leave(ticket);
    }
  } leave{*slices, ticket, *stop_};
  stop_->share(slices, &ticket);
  return decide(*agent_, *stop_, cap_, view_, follows_ ? &news_ : nullptr);
}

// ---------------------------------------------------------------------------------------------
// Table

Table::Table(Match match, const TableConfig& config) : match_(std::move(match)), config_(config) {
  const std::size_t n = match_.seats().size();
  kinds_.resize(n);
  agents_.resize(n);
  stops_.resize(n);
  caps_.assign(n, 0);
  in_flight_.assign(n, 0);
  follows_.assign(n, 0);
  told_upto_.assign(n, 0);
  waiting_.resize(n);
  standing_.resize(n);
  stand_spec_.resize(n);
  for (std::size_t s = 0; s < n; ++s) {
    const Seat seat = static_cast<Seat>(s);
    kinds_[s] = seat_kind(match_.seats()[s].agent);
    if (kinds_[s] == SeatKind::kHuman) continue;
    try {
      agents_[s] = make_agent(match_, seat, config_.limits,
                              agent_seed(config_.seeds, match_.seed(), seat), config_.external_log);
    } catch (const Error& e) {
      throw Error(match_.seats()[s].name + " (seat " + std::to_string(s + 1) + "): " + e.what());
    }
    stops_[s] = std::make_shared<StopSignal>();
    // An external bot keeps its own time (within the limits' external_seconds).
    caps_[s] = kinds_[s] == SeatKind::kExternal ? 0 : config_.limits.decision_seconds;
    follows_[s] = kinds_[s] == SeatKind::kExternal || agents_[s]->wants_narration();
    following_ += follows_[s];
  }
}

Table::~Table() {
  close();
}

int Table::humans() const {
  return static_cast<int>(std::count(kinds_.begin(), kinds_.end(), SeatKind::kHuman));
}

std::vector<std::string> Table::names() const {
  std::vector<std::string> out;
  for (const auto& s : match_.seats()) out.push_back(s.name);
  return out;
}

Refusal Table::check_act(Seat seat, Action a, int move) const {
  if (seat < 0 || seat >= num_seats()) return Refusal::kSpectator;
  if (over() || to_move() != seat || !is_human(seat)) return Refusal::kNotYourTurn;
  if (move != moves()) return Refusal::kStale;
  if (!match_.state().is_legal(a)) return Refusal::kIllegal;
  return Refusal::kNone;
}

Refusal Table::act(Seat seat, Action a, int move) {
  const Refusal why = check_act(seat, a, move);
  if (why != Refusal::kNone) return why;
  return apply(seat, a) ? Refusal::kNone : Refusal::kIllegal;
}

bool Table::apply(Seat seat, Action a) {
  const int move = moves();
  if (stories_.empty()) {
    try {
      match_.apply(a);  // checks legality (the only check on a bot's answer: the lab's hot path)
    } catch (const Error&) {
      return false;  // illegal: nothing changed
    }
  } else {
    if (!match_.state().is_legal(a)) return false;
    std::vector<NarratedAction> heard;
    heard.reserve(stories_.size());
    for (const auto& [viewer, story] : stories_)
      heard.push_back(story.hear(match_.state(), a, move));
    match_.apply(a);
    std::size_t i = 0;
    for (auto& [viewer, story] : stories_) story.tell(heard[i++], match_.state());
  }
  const Narration* told = nullptr;
  if (auto& line = waiting_[static_cast<std::size_t>(seat)]) {
    for (auto& [viewer, story] : stories_) story.note(static_cast<std::size_t>(move), *line);
    notes_.emplace_back(move, std::move(*line));
    line.reset();
    told = &notes_.back().second;
  }
  if (hook_) {
    Change c;
    c.kind = Change::Kind::kAct;
    c.move = move;
    c.seat = seat;
    c.action = a;
    c.note = told;
    hook_(c);
  }
  if (over()) close();
  return true;
}

int Table::undoable(Seat seat) const {
  if (seat < 0 || over() || to_move() != seat) return 0;
  return match_.undoable();
}

Refusal Table::check_undo(Seat seat, int n) const {
  if (seat < 0 || seat >= num_seats()) return Refusal::kSpectator;
  if (over() || to_move() != seat || !is_human(seat)) return Refusal::kNotYourTurn;
  const int can = match_.undoable();
  if (can == 0 || n > can) return Refusal::kCannotUndo;
  return Refusal::kNone;
}

Refusal Table::undo(Seat seat, int n, int* undone) {
  if (undone) *undone = 0;
  const Refusal why = check_undo(seat, n);
  if (why != Refusal::kNone) return why;
  const int count = n > 0 ? n : match_.undoable();
  match_.undo(count);
  for (auto& [viewer, story] : stories_) story.rewind(moves(), match_.state());
  for (auto& upto : told_upto_) upto = std::min(upto, moves());
  std::erase_if(notes_, [&](const auto& n) { return n.first >= moves(); });
  if (undone) *undone = count;
  if (hook_) {
    Change c;
    c.kind = Change::Kind::kUndo;
    c.move = moves();
    c.seat = seat;
    c.undone = count;
    hook_(c);
  }
  return Refusal::kNone;
}

std::optional<Seat> Table::bot_to_move() const {
  if (over()) return std::nullopt;
  const Seat s = to_move();
  if (s < 0 || is_human(s) || in_flight_[static_cast<std::size_t>(s)]) return std::nullopt;
  return s;
}

std::vector<Narration> Table::news_for(Seat seat) {
  const auto& steps = story(seat).steps();
  int& upto = told_upto_[static_cast<std::size_t>(seat)];
  std::vector<Narration> news;
  for (std::size_t i = static_cast<std::size_t>(upto); i < steps.size(); ++i)
    news.insert(news.end(), steps[i].begin(), steps[i].end());
  upto = static_cast<int>(steps.size());
  return news;
}

std::optional<BotTurn> Table::bot_turn() {
  const auto seat = bot_to_move();
  if (!seat) return std::nullopt;
  const auto s = static_cast<std::size_t>(*seat);
  BotTurn turn(*seat, moves(), match_.view(*seat, follows_[s] != 0));
  turn.agent_ = agents_[s];
  turn.stop_ = stops_[s];
  turn.stop_->reset();
  turn.cap_ = caps_[s];
  turn.external_ = kinds_[s] == SeatKind::kExternal;
  if (follows_[s]) {
    turn.follows_ = true;
    turn.news_ = news_for(*seat);
  }
  in_flight_[s] = 1;
  return turn;
}

void Table::heard_from(Seat s) {
  const auto t = agents_[static_cast<std::size_t>(s)]->take_takeover();
  if (!t) return;
  const std::string p = "{P" + std::to_string(s + 1) + "}";
  const bool level =
      std::find(bot_levels().begin(), bot_levels().end(), t->fallback) != bot_levels().end();
  Narration n;
  n.kind = "bot_takeover";
  n.seats = {s};
  n.data = {{"reason", t->reason}, {"fallback", t->fallback}};
  n.text = p + "'s program " + t->words + ": " +
           (level ? "the " + t->fallback + " bot" : "the built-in " + t->fallback + " bot") +
           " plays for " + p + " from now on.";
  waiting_[static_cast<std::size_t>(s)] = std::move(n);
}

Refusal Table::complete(const BotTurn& turn, std::optional<Action> answer) {
  const auto s = static_cast<std::size_t>(turn.seat());
  in_flight_[s] = 0;
  heard_from(turn.seat());
  // A stand-in's turn for a seat whose player is back (or the other way round) is stale too.
  if (!answer || turn.move() != moves() || over() || to_move() != turn.seat() ||
      turn.once_ != is_human(turn.seat())) {
    if (turn.once_) waiting_[s].reset();  // its timeout line goes with it
    return Refusal::kStale;
  }
  return apply(turn.seat(), *answer) ? Refusal::kNone : Refusal::kIllegal;
}

bool Table::play_bot() {
  const auto seat = bot_to_move();
  if (!seat) return false;
  const auto s = static_cast<std::size_t>(*seat);
  // Here, on this thread: no turn to hand out (the lab's hot path), the same decision.
  StopSignal& stop = *stops_[s];
  stop.reset();
  std::vector<Narration> news;
  if (follows_[s]) news = news_for(*seat);
  std::optional<Action> answer;
  try {
    answer = decide(*agents_[s], stop, caps_[s], match_.view(*seat, follows_[s] != 0),
                    follows_[s] ? &news : nullptr);
  } catch (const ExternalBotFailure& e) {
    close(e.told());
    throw;
  } catch (const std::exception& e) {
    close(e.what());
    throw;
  }
  heard_from(*seat);
  if (!answer || !apply(*seat, *answer))
    throw Error(name(*seat) + " chose an action it may not take (" +
                refusal_text(Refusal::kIllegal) + ")");
  return true;
}

void Table::stop_bots() {
  for (std::size_t s = 0; s < stops_.size(); ++s)
    if (in_flight_[s]) stops_[s]->stop();
}

Narration timeout_note(Seat seat, StandIn how, const std::string& bot) {
  const std::string p = "{P" + std::to_string(seat + 1) + "}";
  const bool level = std::find(bot_levels().begin(), bot_levels().end(), bot) != bot_levels().end();
  const std::string who = level ? "the " + bot + " bot" : "a bot (" + bot + ")";
  Narration n;
  n.kind = "timeout";
  n.seats = {seat};
  n.data = {{"rule", how == StandIn::kOnce ? "move" : "bot"}, {"bot", bot}};
  n.text = p + " ran out of time: " + who +
           (how == StandIn::kOnce ? " moved for " + p + "."
                                  : " plays for " + p + " until " + p + " comes back.");
  return n;
}

Narration replaced_note(Seat seat, Seat by, const std::string& bot) {
  const std::string p = "{P" + std::to_string(seat + 1) + "}";
  const bool level = std::find(bot_levels().begin(), bot_levels().end(), bot) != bot_levels().end();
  Narration n;
  n.kind = "replaced";
  n.seats = {seat, by};
  n.data = {{"bot", bot}};
  n.text = "{P" + std::to_string(by + 1) + "} asked " +
           (level ? "the " + bot + " bot" : "a bot (" + bot + ")") + " to play for " + p +
           " until " + p + " comes back.";
  return n;
}

bool Table::replace(Seat seat, Seat by, const std::string& bot) {
  if (over() || seat < 0 || seat >= num_seats() || seat == by || !is_human(seat) ||
      in_flight_[static_cast<std::size_t>(seat)])
    return false;
  hand_over(seat, bot);
  waiting_[static_cast<std::size_t>(seat)] = replaced_note(seat, by, bot);
  return true;
}

void Table::stand_agent(Seat seat, const std::string& bot) {
  const auto s = static_cast<std::size_t>(seat);
  // Built at the seat's first stand-in and kept (its randomness by the table's seed rule, on a
  // stream of its own: seat + 1 + the seat count).
  const std::string spec = resolve_bot_spec(game().id, bot);
  if (agents_[s] && stand_spec_[s] == spec) return;
  BotConfig config = parse_bot_config(spec);
  config_.limits.check(config);
  agents_[s] = make_bot(
      config, agent_seed(config_.seeds, match_.seed(), static_cast<Seat>(seat + num_seats())));
  stops_[s] = std::make_shared<StopSignal>();
  caps_[s] = config_.limits.decision_seconds;
  follows_[s] = 0;
  stand_spec_[s] = spec;
}

void Table::hand_over(Seat seat, const std::string& bot) {
  if (seat < 0 || seat >= num_seats() || kinds_[static_cast<std::size_t>(seat)] != SeatKind::kHuman)
    throw Error("only a player's seat can be handed to a bot");
  stand_agent(seat, bot);
  kinds_[static_cast<std::size_t>(seat)] = SeatKind::kBot;
  standing_[static_cast<std::size_t>(seat)] = bot;
}

std::optional<BotTurn> Table::stand_in(StandIn how, const std::string& bot) {
  if (over()) return std::nullopt;
  const Seat seat = to_move();
  if (seat < 0 || !is_human(seat)) return std::nullopt;
  const auto s = static_cast<std::size_t>(seat);
  if (in_flight_[s]) return std::nullopt;
  if (how == StandIn::kFromNow) {
    hand_over(seat, bot);
    waiting_[s] = timeout_note(seat, how, bot);
    return bot_turn();
  }
  stand_agent(seat, bot);
  waiting_[s] = timeout_note(seat, how, bot);
  BotTurn turn(seat, moves(), match_.view(seat, false));
  turn.agent_ = agents_[s];
  turn.stop_ = stops_[s];
  turn.stop_->reset();
  turn.cap_ = caps_[s];
  turn.external_ = kinds_[s] == SeatKind::kExternal;
  turn.once_ = true;
  in_flight_[s] = 1;
  return turn;
}

bool Table::seat_back(Seat seat) {
  if (seat < 0 || seat >= num_seats()) return false;
  const auto s = static_cast<std::size_t>(seat);
  if (standing_[s].empty()) return false;
  standing_[s].clear();
  kinds_[s] = SeatKind::kHuman;
  // Back before the bot moved for them: the request is not told with their own action.
  if (waiting_[s] && waiting_[s]->kind == "replaced") waiting_[s].reset();
  if (in_flight_[s]) stops_[s]->stop();  // its answer will be stale (complete)
  return true;
}

void Table::note(int move, Narration line) {
  for (auto& [viewer, story] : stories_) story.note(static_cast<std::size_t>(move), line);
  notes_.emplace_back(move, std::move(line));
}

const Story& Table::story(Seat viewer) {
  auto it = stories_.find(viewer);
  if (it == stories_.end()) {
    it = stories_.emplace(viewer, Story(match_, viewer)).first;
    for (const auto& [step, line] : notes_) it->second.note(static_cast<std::size_t>(step), line);
  }
  return it->second;
}

std::string Table::result_in_words() const {
  if (!over()) return "";
  const auto scores = match_.state().scores();
  const auto ranking = match_.state().ranking();
  const auto words = match_.result(true);
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
           (words.contains("words") ? words["words"][s].get<std::string>()
                                    : pts.str() + (scores[s] == 1 ? " point" : " points"));
  }
  return out;
}

void Table::finish_agents(const nlohmann::json& result) {
  closed_ = true;
  for (std::size_t s = 0; s < agents_.size(); ++s) {
    if (!agents_[s]) continue;
    if (in_flight_[s]) {  // its decision still runs elsewhere: it is stopped, not told
      stops_[s]->stop();
      continue;
    }
    if (!follows_[s]) continue;
    const Seat seat = static_cast<Seat>(s);
    try {
      agents_[s]->observe(news_for(seat));
      agents_[s]->finish(match_.view(seat, true), result);
    } catch (const std::exception& e) {
      std::cerr << "warning: " << name(seat) << " failed at the end of the match: " << e.what()
                << "\n";
    }
  }
}

void Table::close(const std::string& why) {
  if (closed_) return;
  closed_ = true;
  bool in_flight = false;
  for (char f : in_flight_) in_flight |= f != 0;
  if (following_ == 0 && !in_flight) return;  // nobody to tell (the lab: no cost)
  finish_agents(over() ? match_.result() : nlohmann::json{{"aborted", why}});
}

}  // namespace turf::table
