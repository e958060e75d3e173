// Turf Wars: the wall (E2) — what one seat may know (redaction), the view's JSON, and the
// worlds consistent with it (sampling for search bots). Nothing else builds a seat's view.
#include "games/turfwars/game.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/narration.h"
#include "core/view.h"

namespace turf::turfwars {

namespace {

const char* phase_name(Phase ph) {
  switch (ph) {
    case Phase::kFactions:
      return "factions";
    case Phase::kStarts:
      return "starting_turfs";
    case Phase::kPreEvent:
      return "pre_event";
    case Phase::kReinforce:
      return "reinforcements";
    case Phase::kEvent:
      return "event";
    case Phase::kDraft:
      return "draft";
    case Phase::kActions:
      return "actions";
    case Phase::kBloodlust:
      return "bloodlust";
    case Phase::kScore:
      return "score";
    case Phase::kSpend:
      return "spend";
    case Phase::kTieBreak:
      return "tie_break";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

using Multi = std::array<int, kMaxTemplates>;

int total(const Multi& m) {
  int n = 0;
  for (int x : m) n += x;
  return n;
}

// One card drawn uniformly from a multiset, restricted to templates above `above`.
int draw_from(Multi& m, Rng& r, int above = -1) {
  int n = 0;
  for (int t = above + 1; t < kMaxTemplates; ++t) n += m[t];
  if (n == 0) throw std::logic_error("turfwars view: no card fits what the viewer knows");
  int k = static_cast<int>(r.below(static_cast<std::uint32_t>(n)));
  for (int t = above + 1; t < kMaxTemplates; ++t) {
    if (k < m[t]) {
      --m[t];
      return t;
    }
    k -= m[t];
  }
  return kNone;
}

Multi to_multi(const std::array<std::uint8_t, kMaxTemplates>& a) {
  Multi m{};
  for (int t = 0; t < kMaxTemplates; ++t) m[t] = a[t];
  return m;
}

std::array<std::uint8_t, kMaxTemplates> to_bytes(const Multi& m) {
  std::array<std::uint8_t, kMaxTemplates> a{};
  for (int t = 0; t < kMaxTemplates; ++t) a[t] = static_cast<std::uint8_t>(m[t]);
  return a;
}

bool draft_live(const Position& p) {
  return p.draft_state != 0;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Redaction (E2)

void redact(Position& p, Seat viewer) {
  if (viewer == kOmniscient) return;
  const bool in_factions = p.phase == Phase::kFactions;
  for (int s = 0; s < p.num_seats; ++s) {
    SeatState& st = p.seats[s];
    if (s == viewer) continue;
    st.dealt = {kNone, kNone};
    if (in_factions) st.chosen = kNone;
    st.hand = {};
    st.facedown = kNone;
    st.drawn = {kNone, kNone};
    if (!p.over()) st.secrets = {};
    st.held = {};
    st.received = {};
    if (!st.revealed) st.pick = kNone;
    st.known_discard = {};
    st.known = {};
  }
  if (!(p.step == Step::kDraftPick && p.to_move == viewer)) p.packet = {};
  p.combat_deck = {};
  p.action_deck = {};
  p.hidden_discard = {};
  p.event_deck = {};
  p.faction_deck = {};
  p.secret_deck = {};
  p.rng = Rng(0);
  recount_secrets(p);  // derived from the cards, as they now stand (issue 32)
}

TurfWarsView::TurfWarsView(const TurfWarsState& state, Seat v)
    : game(&state.game()),
      viewer(v),
      move_number(state.move_number()),
      undo_floor(state.undo_floor()),
      pos(state.pos_) {
  const Position& p = state.pos_;
  for (int s = 0; s < p.num_seats; ++s) {
    hand_count[s] = static_cast<std::uint8_t>(hand_size(p.seats[s]));
    facedown[s] = p.seats[s].facedown != kNone;
    drawn[s] = p.seats[s].drawn[0] != kNone;
  }
  if (p.phase == Phase::kFactions) {
    for (int s = 0; s < p.num_seats; ++s) picked[s] = s < p.cursor;
  } else if (p.draft_state == 1) {
    for (int i = 0; i < p.n_draft; ++i) picked[p.draft_order[i]] = i < p.draft_cursor;
  } else {
    for (int s = 0; s < p.num_seats; ++s) picked[s] = p.seats[s].pick != kNone;
  }
  sees_packet = p.step == Step::kDraftPick && p.to_move == v;
  redact(pos, v);
}

// ---------------------------------------------------------------------------------------------
// World sampling

namespace {

// A list of fixed capacity for sampling's scratch (sampling into a state allocates nothing).
template <class T, int N>
class Fixed {
 public:
  Fixed() = default;
  Fixed(int n, T value) {
    for (int i = 0; i < n; ++i) push_back(value);
  }
  void push_back(T x) {
    if (n_ == N) throw std::logic_error("turfwars view: a sampling list overflows");
    v_[n_++] = x;
  }
  T* begin() { return v_.data(); }
  T* end() { return v_.data() + n_; }
  std::reverse_iterator<T*> rbegin() { return std::reverse_iterator<T*>(end()); }
  std::reverse_iterator<T*> rend() { return std::reverse_iterator<T*>(begin()); }
  std::size_t size() const { return static_cast<std::size_t>(n_); }
  T& operator[](std::size_t i) { return v_[i]; }
  void erase(T* at) {
    std::copy(at + 1, end(), at);
    --n_;
  }

 private:
  std::array<T, N> v_{};
  int n_ = 0;
};

// Flags per content index (events, secrets, factions), fixed capacity.
template <int N>
std::array<bool, N> no_flags(std::size_t used) {
  if (used > static_cast<std::size_t>(N)) throw std::logic_error("turfwars view: too many cards");
  return {};
}

void sample_factions(const TurfWarsView& v, Position& p, Rng& r) {
  const Content& c = content_of(p);
  Fixed<std::uint8_t, kMaxFactions> pool;
  auto known = no_flags<kMaxFactions>(c.factions.size());
  for (int s = 0; s < p.num_seats; ++s) {
    if (s == v.viewer) {
      for (auto f : p.seats[s].dealt)
        if (f != kNone) known[f] = true;
    } else if (p.seats[s].faction != kNone) {
      known[p.seats[s].faction] = true;
    }
  }
  for (std::size_t f = 0; f < c.factions.size(); ++f)
    if (!known[f]) pool.push_back(static_cast<std::uint8_t>(f));
  r.shuffle(pool.begin(), pool.end());
  std::size_t next = 0;
  for (int s = 0; s < p.num_seats; ++s) {
    if (s == v.viewer) continue;
    SeatState& st = p.seats[s];
    if (st.faction != kNone && p.one_faction) {  // factions=dealt: the only card
      st.dealt = {st.faction, kNone};
    } else if (st.faction != kNone) {  // revealed: the other card is unknown
      st.dealt = {st.faction, pool[next++]};
      if (r.below(2)) std::swap(st.dealt[0], st.dealt[1]);
    } else {
      st.dealt = {pool[next], pool[next + 1]};
      next += 2;
      if (v.picked[s]) st.chosen = st.dealt[r.below(2)];
    }
  }
  p.faction_deck_size = 0;
  for (; next < pool.size(); ++next) p.faction_deck[p.faction_deck_size++] = pool[next];
}

void sample_combat(const TurfWarsView& v, Position& p, Rng& r) {
  const Content& c = content_of(p);
  const int n = p.num_seats;
  std::array<int, kCombatTypes> pool{};
  for (int t = 1; t <= 10; ++t) pool[t] = c.combat[t].count;
  pool[kCryForHelp] = n;
  pool[kNegate] = c.negate_in_play[n];
  for (int t = 1; t < kCombatTypes; ++t) pool[t] -= p.combat_discard[t];
  std::array<bool, kMaxSeats> zero_on_table{};
  if (p.war.active) {
    for (int i = 0; i < p.war.n_sides; ++i) {
      const int t = p.war.sides[i].card;
      if (t == kZero)
        zero_on_table[p.war.sides[i].leader] = true;
      else if (t != kNone)
        --pool[t];
    }
    for (int i = 0; i < p.war.n_sups; ++i) {
      const int t = p.war.sups[i].card;
      if (t == kZero)
        zero_on_table[p.war.sups[i].seat] = true;
      else if (t != kNone)
        --pool[t];
    }
  }
  const bool seat = v.viewer >= 0;
  if (seat) {
    const SeatState& me = p.seats[v.viewer];
    for (int t = 1; t < kCombatTypes; ++t) pool[t] -= me.hand[t];
    if (me.facedown != kNone && me.facedown != kZero) --pool[me.facedown];
    for (auto d : me.drawn)
      if (d != kNone) --pool[d];
    for (int s = 0; s < n; ++s)
      if (s != v.viewer)
        for (int t = 1; t < kCombatTypes; ++t) pool[t] -= me.known[s][t];
  }
  Fixed<std::uint8_t, kMaxCombatCards> cards;
  for (int t = 1; t < kCombatTypes; ++t) {
    if (pool[t] < 0) throw std::logic_error("turfwars view: combat cards do not add up");
    for (int k = 0; k < pool[t]; ++k) cards.push_back(static_cast<std::uint8_t>(t));
  }
  r.shuffle(cards.begin(), cards.end());
  std::size_t next = 0;
  auto take = [&]() {
    if (next >= cards.size()) throw std::logic_error("turfwars view: too few combat cards");
    return cards[next++];
  };
  for (int s = 0; s < n; ++s) {
    if (s == v.viewer) continue;
    SeatState& st = p.seats[s];
    Fixed<std::uint8_t, kMaxCombatCards> held;
    if (!zero_on_table[s]) held.push_back(kZero);
    if (seat)
      for (int t = 1; t < kCombatTypes; ++t)
        for (int k = 0; k < p.seats[v.viewer].known[s][t]; ++k)
          held.push_back(static_cast<std::uint8_t>(t));
    const int want = v.hand_count[s] + (v.facedown[s] ? 1 : 0);
    while (static_cast<int>(held.size()) < want) held.push_back(take());
    if (static_cast<int>(held.size()) != want)
      throw std::logic_error("turfwars view: a hand does not fit what the viewer knows");
    st.hand = {};
    st.facedown = kNone;
    if (v.facedown[s]) {
      // The face-down card is one this seat could legally play (T9.5).
      bool defender = false;
      for (int i = 0; i < p.war.n_sides; ++i)
        if (p.war.sides[i].leader == s) defender = p.war.has_defender && i == p.war.n_sides - 1;
      Fixed<int, kMaxCombatCards> ok;
      for (std::size_t i = 0; i < held.size(); ++i)
        if (held[i] != kCryForHelp || (defender && n > 2)) ok.push_back(static_cast<int>(i));
      const int pick = ok[r.below(static_cast<std::uint32_t>(ok.size()))];
      st.facedown = held[pick];
      held.erase(held.begin() + pick);
    }
    for (auto t : held) ++st.hand[t];
    if (v.drawn[s]) st.drawn = {take(), take()};
  }
  p.combat_deck_size = 0;
  while (next < cards.size()) p.combat_deck[p.combat_deck_size++] = cards[next++];
}

void sample_secrets(const TurfWarsView& v, Position& p, Rng& r) {
  if (p.over()) {  // every card is face up at the end; only the deck order is hidden
    auto out = no_flags<kMaxSecrets>(content_of(p).secrets.size());
    for (int s = 0; s < p.num_seats; ++s)
      for (int i = 0; i < p.seats[s].num_secrets; ++i) out[p.seats[s].secrets[i]] = true;
    const int size = p.secret_deck_size;
    p.secret_deck_size = 0;
    for (std::size_t k = 0; k < content_of(p).secrets.size(); ++k)
      if (!out[k]) p.secret_deck[p.secret_deck_size++] = static_cast<std::uint8_t>(k);
    if (p.secret_deck_size != size) throw std::logic_error("turfwars view: secret deck");
    r.shuffle(p.secret_deck.begin(), p.secret_deck.begin() + size);
    return;
  }
  auto out = no_flags<kMaxSecrets>(content_of(p).secrets.size());
  if (v.viewer >= 0)
    for (int i = 0; i < p.seats[v.viewer].num_secrets; ++i)
      out[p.seats[v.viewer].secrets[i]] = true;
  Fixed<std::uint8_t, kMaxSecrets> pool;
  for (std::size_t k = 0; k < content_of(p).secrets.size(); ++k)
    if (!out[k]) pool.push_back(static_cast<std::uint8_t>(k));
  r.shuffle(pool.begin(), pool.end());
  std::size_t next = 0;
  for (int s = 0; s < p.num_seats; ++s) {
    if (s == v.viewer) continue;
    for (int i = 0; i < p.seats[s].num_secrets; ++i) p.seats[s].secrets[i] = pool[next++];
  }
  const int size = p.secret_deck_size;
  p.secret_deck_size = 0;
  for (; next < pool.size(); ++next) p.secret_deck[p.secret_deck_size++] = pool[next];
  if (p.secret_deck_size != size) throw std::logic_error("turfwars view: secret deck");
}

void sample_events(Position& p, Rng& r) {
  const Content& c = content_of(p);
  auto seen = no_flags<kMaxEvents>(c.events.size());
  for (int i = 0; i < p.num_events_seen; ++i) seen[p.events_seen[i]] = true;
  const int size = p.event_deck_size;
  p.event_deck_size = 0;
  for (std::size_t e = 0; e < c.events.size(); ++e)
    if (!seen[e] && (!c.events[e].optional || p.mind_control_on))
      p.event_deck[p.event_deck_size++] = static_cast<std::uint8_t>(e);
  if (p.event_deck_size != size) throw std::logic_error("turfwars view: event deck");
  r.shuffle(p.event_deck.begin(), p.event_deck.begin() + size);
}

// Action cards (R13, E2): re-deals the deck, the face-down discard, other seats' bought cards,
// and this round's draft — the packets, the hidden picks — consistently with what the viewer
// saw: the packet it received, what it passed on, and the priority already called (every card
// still hidden has a higher priority).
void sample_actions(const TurfWarsView& v, Position& p, Rng& r) {
  const Content& c = content_of(p);
  Multi u{};
  for (std::size_t t = 0; t < c.templates.size(); ++t) u[t] = c.templates[t].count;
  auto sub = [&](const auto& arr) {
    for (int t = 0; t < kMaxTemplates; ++t) u[t] -= arr[t];
  };
  sub(p.action_discard);
  const bool seat = v.viewer >= 0;
  if (seat) {
    sub(p.seats[v.viewer].held);
    sub(p.seats[v.viewer].known_discard);
  }
  Multi leftover{};  // this round's draft leftover, when the draft is over
  const bool live = draft_live(p);
  const int n = p.n_draft;
  // Every hidden pick has a priority above the one called last (templates ascend by priority).
  const int theta = p.draft_state == 2 && p.turn.n_group > 0 ? p.turn.tmpl : -1;
  if (live) {
    int k = -1;
    for (int i = 0; i < n; ++i)
      if (seat && p.draft_order[i] == v.viewer && p.seats[v.viewer].has_received) k = i;
    const bool in_progress = p.draft_state == 1;
    const int m = in_progress ? p.draft_cursor : n;  // the seat picking now (n: the draft is over)
    auto seat_at = [&](int i) -> SeatState& { return p.seats[p.draft_order[i]]; };
    Fixed<int, kMaxSeats> picks(n, kNone);
    for (int i = 0; i < n; ++i)
      if (seat_at(i).revealed) picks[i] = seat_at(i).pick;
    Multi anchor{};
    int anchor_at = 0;
    if (k >= 0) {
      SeatState& me = seat_at(k);
      const Multi received = to_multi(me.received);
      anchor = received;
      anchor_at = k;
      auto upstream = [&] {  // hidden picks before the viewer come from the unseen cards
        for (int t = 0; t < kMaxTemplates; ++t)
          if (u[t] < 0) throw std::logic_error("turfwars view: action cards do not add up");
        for (int i = 0; i < k; ++i)
          if (picks[i] == kNone) picks[i] = draw_from(u, r, theta);
      };
      if (m == k) {
        sub(received);  // the viewer holds the packet now
        upstream();
      } else {
        picks[k] = me.pick;
        Multi s_v = received;
        --s_v[me.pick];
        if (!me.revealed) --u[me.pick];
        Multi rest = s_v;  // what of the passed cards is still unseen
        for (int j = k + 1; j < m; ++j)
          if (seat_at(j).revealed && rest[seat_at(j).pick] > 0) --rest[seat_at(j).pick];
        sub(rest);
        upstream();
        // Forward through the seats after the viewer (greedy, R13): passed cards first; a seat's
        // own bought cards (slots) are filled only when needed, the rest at random afterwards.
        struct Slot {
          int seat_index, card;
        };
        Fixed<Slot, kMaxActionCards> slots;
        Multi q = s_v;
        for (int j = k + 1; j < m; ++j) {
          for (int x = 0; x < seat_at(j).merged; ++x) slots.push_back({j, -1});
          auto fill_slot = [&](int card) {
            for (auto it = slots.rbegin(); it != slots.rend(); ++it)
              if (it->card < 0) {
                it->card = card;
                return true;
              }
            return false;
          };
          if (picks[j] != kNone) {
            if (q[picks[j]] > 0)
              --q[picks[j]];
            else if (!fill_slot(picks[j]))
              throw std::logic_error("turfwars view: a revealed pick does not fit the draft");
            continue;
          }
          if (total(q) > 0 && [&] {
                for (int t = theta + 1; t < kMaxTemplates; ++t)
                  if (q[t] > 0) return true;
                return false;
              }()) {
            picks[j] = draw_from(q, r, theta);
          } else {
            picks[j] = draw_from(u, r, theta);
            if (!fill_slot(picks[j]))
              throw std::logic_error("turfwars view: a hidden pick does not fit the draft");
          }
        }
        if (in_progress && m < n)
          for (int x = 0; x < seat_at(m).merged; ++x) slots.push_back({m, -1});
        for (auto& sl : slots)
          if (sl.card < 0) sl.card = draw_from(u, r);
        // Replay forward to rebuild the packets each later seat received.
        Multi cur = s_v;
        for (int j = k + 1; j <= std::min(m, n - 1); ++j) {
          for (const auto& sl : slots)
            if (sl.seat_index == j) ++cur[sl.card];
          seat_at(j).received = to_bytes(cur);
          if (j < m) --cur[picks[j]];
        }
        if (in_progress) {
          p.packet = to_bytes(cur);
          if (total(cur) != p.packet_size)
            throw std::logic_error("turfwars view: the packet does not add up");
        } else {
          leftover = cur;
        }
      }
    } else {
      // The viewer saw no packet this round: hidden picks come from the unseen cards.
      for (int t = 0; t < kMaxTemplates; ++t)
        if (u[t] < 0) throw std::logic_error("turfwars view: action cards do not add up");
      for (int i = 0; i < m; ++i)
        if (picks[i] == kNone) picks[i] = draw_from(u, r, theta);
      int size = in_progress ? p.packet_size : 0;
      if (!in_progress) {
        size = p.drawn_for_draft - n;
        for (int i = 0; i < n; ++i) size += seat_at(i).merged;
      }
      for (int x = 0; x < size; ++x) ++anchor[draw_from(u, r)];
      anchor_at = m;
      if (in_progress) {
        p.packet = to_bytes(anchor);
        if (m < n) seat_at(m).received = p.packet;
      } else {
        leftover = anchor;
      }
      if (!in_progress) {  // the last packet is the leftover plus the last pick
        anchor_at = n - 1;
        ++anchor[picks[n - 1]];
        seat_at(n - 1).received = to_bytes(anchor);
      }
    }
    // Backward from the anchor: each earlier packet is the next one less the bought cards
    // merged into it (any of its cards) plus the earlier seat's pick.
    Multi cur = anchor;
    for (int j = anchor_at - 1; j >= 0; --j) {
      for (int x = 0; x < seat_at(j + 1).merged; ++x) draw_from(cur, r);
      ++cur[picks[j]];
      seat_at(j).received = to_bytes(cur);
    }
    for (int i = 0; i < n; ++i)
      if (i < m || !in_progress) seat_at(i).pick = static_cast<std::uint8_t>(picks[i]);
  }
  for (int t = 0; t < kMaxTemplates; ++t)
    if (u[t] < 0) throw std::logic_error("turfwars view: action cards do not add up");
  // Bought cards not yet merged.
  for (int s = 0; s < p.num_seats; ++s) {
    if (s == v.viewer) continue;
    SeatState& st = p.seats[s];
    st.held = {};
    for (int x = 0; x < st.num_held; ++x) ++st.held[draw_from(u, r)];
  }
  // The face-down discard: what the viewer knows lies there, this round's leftover, the rest.
  Multi hidden{};
  if (seat) hidden = to_multi(p.seats[v.viewer].known_discard);
  for (int t = 0; t < kMaxTemplates; ++t) hidden[t] += leftover[t];
  const int rest = p.hidden_discard_size - total(hidden);
  if (rest < 0) throw std::logic_error("turfwars view: the face-down discard does not add up");
  for (int x = 0; x < rest; ++x) ++hidden[draw_from(u, r)];
  p.hidden_discard = to_bytes(hidden);
  Fixed<std::uint8_t, kMaxActionCards> deck;
  for (int t = 0; t < kMaxTemplates; ++t)
    for (int x = 0; x < u[t]; ++x) deck.push_back(static_cast<std::uint8_t>(t));
  if (static_cast<int>(deck.size()) != p.action_deck_size)
    throw std::logic_error("turfwars view: the action deck does not add up");
  r.shuffle(deck.begin(), deck.end());
  std::copy(deck.begin(), deck.end(), p.action_deck.begin());
}

}  // namespace

std::unique_ptr<State> TurfWarsView::sample_world(Rng& r) const {
  auto state = std::make_unique<TurfWarsState>(game, pos);
  sample_world_into(*state, r);
  return state;
}

void TurfWarsView::sample_world_into(State& out, Rng& r) const {
  auto& state = dynamic_cast<TurfWarsState&>(out);
  Position& p = state.pos_;
  p = pos;
  if (viewer != kOmniscient) {
    sample_factions(*this, p, r);
    if (p.phase != Phase::kFactions) sample_combat(*this, p, r);
    sample_secrets(*this, p, r);
    recount_secrets(p);  // Position::secret_bits follows the sampled cards (issue 32)
    sample_events(p, r);
    sample_actions(*this, p, r);
    p.rng.reseed(r.next());
  }
  state.set_counters(move_number, undo_floor);
}

// ---------------------------------------------------------------------------------------------
// JSON

namespace {

nlohmann::json combat_json(const Position& p, const std::array<std::uint8_t, kCombatTypes>& h) {
  nlohmann::json j = nlohmann::json::object();
  for (int t = 0; t < kCombatTypes; ++t)
    if (h[t]) j[content_of(p).combat[t].id] = h[t];
  return j;
}

// Action cards as {label: copies}.
nlohmann::json templates_json(const Position& p, const std::array<std::uint8_t, kMaxTemplates>& h) {
  nlohmann::json j = nlohmann::json::object();
  for (int t = 0; t < kMaxTemplates; ++t)
    if (h[t]) j[template_label(p, t)] = h[t];
  return j;
}

// A sequence of small ids (below 64) as one string, a character each from
// "0-9A-Za-z+/" in that order: deck orders for the omniscient viewer, the draft order.
template <class A>
std::string id_list(const A& arr, int n) {
  static const char* const kDigits =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/";
  std::string out(static_cast<std::size_t>(n), ' ');
  for (int i = 0; i < n; ++i) out[i] = kDigits[arr[i] & 63];
  return out;
}

}  // namespace

// The board as one string per row, a token per cell: "#" dead space, "T" teleporter, "-" off
// the board, a turf letter alone when empty, or letter, troops and owner ("F3@1").
std::vector<std::string> board_rows(const Position& p) {
  const Board& b = board_of(p);
  const Content& c = content_of(p);
  std::vector<std::string> rows;
  for (int r = 0; r < b.size; ++r) {
    std::string row;
    for (int col = 0; col < b.size; ++col) {
      const int cell = r * b.size + col;
      if (col) row += ' ';
      switch (b.kind[cell]) {
        case kDeadCell:
          row += '#';
          break;
        case kTeleporterCell:
          row += 'T';
          break;
        case kOffCell:
          row += '-';
          break;
        default:
          row += c.type_letters[b.type[cell]];
          if (p.owner[cell] >= 0)
            row += std::to_string(p.troops[cell]) + "@" + std::to_string(p.owner[cell]);
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

void TurfWarsView::to_json(nlohmann::json& j) const {
  const Position& p = pos;
  const Content& c = content_of(p);
  const Board& b = board_of(p);
  const bool all = viewer == kOmniscient;
  j["board"] = b.id;
  j["domination"] = b.domination;  // T13.2: home turfs that win at once
  j["cost"] = kCostIds[p.cost];
  j["mind_control"] = p.mind_control_on;
  j["factions"] = p.one_faction ? "dealt" : "choose";
  j["bloodlust"] = p.bloodlust_half ? "half" : "printed";
  j["round"] = p.round;
  j["rounds_played"] = p.rounds_played;
  j["phase"] = phase_name(p.phase);
  j["step"] = step_name(p.step);
  if (!p.over()) j["prompt"] = prompt(p);
  j["ftt"] = p.ftt;
  j["teleporters_active"] = teleporters_active(p);
  j["event"] = p.event == kNone ? nlohmann::json(nullptr) : nlohmann::json(c.events[p.event].id);
  std::string seen;
  for (int i = 0; i < p.num_events_seen; ++i)
    seen += (i ? " " : "") + c.events[p.events_seen[i]].id;
  j["events_seen"] = seen;
  j["event_deck"] = p.event_deck_size;
  j["turfs"] = board_rows(p);
  auto& seats = j["seats"] = nlohmann::json::array();
  for (int s = 0; s < p.num_seats; ++s) {
    const SeatState& st = p.seats[s];
    nlohmann::json x = {
        {"dp", st.dp},
        {"home", c.type_ids[st.home]},
        {"start_lost", st.start_lost},
        {"troops", troops_of(p, s)},
        {"turfs", turfs_of(p, s)},
        {"combat_cards", hand_count[s]},
        {"secret_cards", st.num_secrets},
        {"held_action_cards", st.num_held},
        // wars won, lost, attacks won, defences won, kills, attack-win streak
        {"record",
         {st.wars_won, st.wars_lost, st.attacks_won, st.defences_won, st.kills, st.streak}}};
    if (st.eliminated) x["eliminated"] = true;
    if (st.opted_out) x["stayed_out"] = true;
    if (picked[s]) x["picked"] = true;
    if (facedown[s]) x["face_down_card"] = true;
    if (drawn[s]) x["choosing_bought_card"] = true;
    if (st.faction != kNone) {
      x["faction"] = c.factions[st.faction].id;
      if (st.nemesis != kNone) x["nemesis_seat"] = st.nemesis;
    }
    if (st.clone != kNone) x["clone"] = c.factions[st.clone].id;
    if (st.start != kNone) x["start"] = cell_name(p, st.start);
    if (draft_live(p) && st.revealed && st.pick != kNone)
      x["action_card"] = template_label(p, st.pick);
    if (draft_live(p) && st.has_received) x["merged_bought_cards"] = st.merged;
    if (all || s == viewer) {
      nlohmann::json dealt = nlohmann::json::array();
      for (auto f : st.dealt)
        if (f != kNone) dealt.push_back(c.factions[f].id);
      x["dealt"] = std::move(dealt);
      if (st.chosen != kNone) x["chosen"] = c.factions[st.chosen].id;
      x["hand"] = combat_json(p, st.hand);
      nlohmann::json why = nlohmann::json::object();
      for (int t = 0; t < kCombatTypes; ++t)
        if (const std::string r = unplayable_reason(p, s, t); !r.empty()) why[c.combat[t].id] = r;
      if (!why.empty()) x["unplayable"] = std::move(why);
      if (st.facedown != kNone) x["face_down"] = c.combat[st.facedown].id;
      if (st.drawn[0] != kNone) x["drawn"] = {c.combat[st.drawn[0]].id, c.combat[st.drawn[1]].id};
      if (st.num_held) x["held"] = templates_json(p, st.held);
      if (st.pick != kNone) x["pick"] = template_label(p, st.pick);
      if (st.has_received && draft_live(p)) x["packet_received"] = templates_json(p, st.received);
      x["known_discard"] = templates_json(p, st.known_discard);
      nlohmann::json kn = nlohmann::json::object();
      for (int o = 0; o < p.num_seats; ++o) {
        bool any = false;
        for (int t = 0; t < kCombatTypes; ++t) any |= st.known[o][t] > 0;
        if (any) kn[std::to_string(o)] = combat_json(p, st.known[o]);
      }
      x["known_cards"] = std::move(kn);
    }
    if (all || s == viewer || p.over()) {
      std::string sec;
      for (int i = 0; i < st.num_secrets; ++i) sec += (i ? " " : "") + c.secrets[st.secrets[i]].id;
      x["secrets"] = sec;
    }
    seats.push_back(std::move(x));
  }
  if (sees_packet || all) j["packet"] = templates_json(p, p.packet);
  j["packet_size"] = p.packet_size;
  j["combat_deck"] = p.combat_deck_size;
  j["combat_discard"] = combat_json(p, p.combat_discard);
  j["action_deck"] = p.action_deck_size;
  j["action_discard"] = templates_json(p, p.action_discard);
  j["face_down_discard"] = p.hidden_discard_size;
  j["secret_deck"] = p.secret_deck_size;
  if (draft_live(p)) j["draft_order"] = id_list(p.draft_order, p.n_draft);
  if (p.phase == Phase::kActions && p.turn.n_group > 0) j["card"] = template_label(p, p.turn.tmpl);
  if (p.war.active) {
    const War& w = p.war;
    nlohmann::json war = {{"target", cell_name(p, w.target)},
                          {"revealed", w.revealed},
                          {"cancelled", w.cancelled},
                          {"stage", w.stage}};
    auto& sides = war["sides"] = nlohmann::json::array();
    for (int s = 0; s < w.n_sides; ++s) {
      nlohmann::json x = {{"seat", w.sides[s].leader},
                          {"committed", w.sides[s].committed},
                          {"role", s < w.n_attackers ? "attacker" : "defender"}};
      if (w.sides[s].card != kNone) x["card"] = c.combat[w.sides[s].card].id;
      sides.push_back(std::move(x));
    }
    auto& sups = war["supporters"] = nlohmann::json::array();
    for (int i = 0; i < w.n_sups; ++i) {
      nlohmann::json x = {{"seat", w.sups[i].seat},
                          {"side", w.sups[i].side},
                          {"troops", w.sups[i].given},
                          {"forced", w.sups[i].forced}};
      if (w.sups[i].card != kNone) x["card"] = c.combat[w.sups[i].card].id;
      sups.push_back(std::move(x));
    }
    j["war"] = std::move(war);
  }
  if (p.num_owed) {
    auto& owed = j["support_owed"] = nlohmann::json::array();
    for (int i = 0; i < p.num_owed; ++i) owed.push_back({p.owed[i][0], p.owed[i][1], p.owed[i][2]});
  }
  if (p.over()) {
    j["win"] = win_name(p.win_type);
    j["winners"] = p.winners;
  }
  if (all) {
    j["combat_deck_order"] = id_list(p.combat_deck, p.combat_deck_size);
    j["action_deck_order"] = id_list(p.action_deck, p.action_deck_size);
    j["event_deck_order"] = id_list(p.event_deck, p.event_deck_size);
    j["secret_deck_order"] = id_list(p.secret_deck, p.secret_deck_size);
    j["faction_deck"] = id_list(p.faction_deck, p.faction_deck_size);
    j["face_down_discard_cards"] = templates_json(p, p.hidden_discard);
    Rng copy = p.rng;
    j["rng_next"] = copy.next();
  }
}

}  // namespace turf::turfwars
