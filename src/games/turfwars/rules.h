// Turf Wars (Cray Cray Games, 2013 prototype) — the rules kernel.
//
// Implements the whole rulebook and its FAQ for 2 to 6 players: the three boards (5x5, 7x7 with
// teleporters, the cut 9x9) with orthogonal adjacency and teleporter links from round 2; set-up
// (two faction cards each, or one with factions=dealt; the FTT to the Pixies, the combat deck built
// by player count, secret wins for players without a nemesis, starting turfs never adjacent,
// diagonals included); the ten rounds of five phases (pre-event abilities, reinforcements, the
// event, the action-card draft and its resolution in priority order, scoring and spending DP); Turf
// Wars with committed troops, combat cards (numbers, Zero, Negate Attack, Cry for Help and its
// chains), voluntary support, two attackers on one empty turf, the retreat and its penalty; the
// four cost-of-winning variants (winner_takes_all, simple, balanced, fury); the four ways to win
// with the FAQ's priorities; and the tie-break chain. Clause ids (T3.2 ...) and resolutions (R1
// ...) refer to docs/rules/turfwars.md.
//
// Content (factions, events, secret wins, action and combat cards, boards) is data
// (data/turfwars/content.json): abilities and effects are lists of primitives this kernel
// interprets. The position is a fixed-size, trivially copyable struct (no heap): copying it is a
// memcpy, and legal-move generation and apply never allocate.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/kernel.h"
#include "core/rng.h"

namespace turf::turfwars {

inline constexpr int kMaxSeats = 6;
inline constexpr int kTypes = 6;  // desert, forest, mountain, plains, sea, swamp
inline constexpr int kMaxCells = 81;
inline constexpr int kCombatTypes = 13;  // 0 = Zero, 1..10 numeric, 11 Negate, 12 Cry for Help
inline constexpr int kZero = 0, kNegate = 11, kCryForHelp = 12;
inline constexpr int kMaxTemplates = 56;  // distinct action cards (kind, turf, priority)
inline constexpr int kMaxActionCards = 128;
inline constexpr int kMaxCombatCards = 96;
inline constexpr int kMaxEvents = 32;
inline constexpr int kMaxSecrets = 32;
inline constexpr int kMaxFactions = 24;
inline constexpr int kMaxSecretsHeld = 12;
inline constexpr std::uint8_t kNone = 0xFF;

enum Cell : std::uint8_t { kTurfCell, kDeadCell, kTeleporterCell, kOffCell };
enum Cost : std::uint8_t { kWinnerTakesAll, kSimple, kBalanced, kFury, kNumCosts };
enum class ActionKind : std::uint8_t { kAttack, kStrike, kTeleport, kManeuver, kReinforce };

// ---------------------------------------------------------------------------------------------
// Content (data/turfwars/content.json), loaded once.

// A short list of cells, fixed capacity (no heap).
template <int N>
struct CellList {
  std::array<std::uint8_t, N> c{};
  std::uint8_t n = 0;
  void add(int x) { c[n++] = static_cast<std::uint8_t>(x); }
  bool has(int x) const {
    for (int i = 0; i < n; ++i)
      if (c[i] == x) return true;
    return false;
  }
  const std::uint8_t* begin() const { return c.data(); }
  const std::uint8_t* end() const { return c.data() + n; }
};

struct Board {
  std::string id, tag;
  int size = 0, min_players = 0, max_players = 0, domination = 0, num_turfs = 0;
  std::array<std::uint8_t, kMaxCells> kind{};     // Cell
  std::array<std::uint8_t, kMaxCells> type{};     // turf type (turf cells)
  std::array<std::uint8_t, kMaxCells> partner{};  // the opposite-diagonal teleporter
  std::array<CellList<4>, kMaxCells> adj;         // orthogonal turf neighbours (T1.4)
  std::array<CellList<16>, kMaxCells> adj_tele;   // plus turfs linked through teleporters (T1.5)
  std::array<CellList<8>, kMaxCells> ring;        // the eight surrounding turfs (T2.6, Encircle)
  std::array<CellList<40>, kMaxCells> reach2;     // turfs at most two steps away
  std::array<CellList<48>, kMaxCells> reach2_tele;
  CellList<kMaxCells> turfs;  // every turf, ascending
  std::array<CellList<16>, kTypes> by_type;
  // Per-cell tables for branch-free scans over all kMaxCells cells (built at load time):
  // turf_type is the turf type on turf cells and kNone elsewhere; is_turf is 1 on turf cells.
  std::array<std::uint8_t, kMaxCells> turf_type{}, is_turf{};
  bool has_teleporters = false;
};

// A faction's ability as primitives (T15.1).
struct Ability {
  bool first_turn_token = false, declare_home = false, clone = false, event_opt_out = false,
       defend_pull = false, steal_on_win = false, no_retreat_penalty = false, champion = false;
  std::int8_t pre_event_troops = 0;
  std::uint8_t pre_event_turf = kNone;
  std::int8_t pre_event_maneuver = 0, silence_defender = 0, lure = 0, volley = 0, attack_bonus = 0,
              attack_range = 1, plunder = 0, raise_dead = 0, reinforce_bonus = 0, ftt_discount = 0;
  std::int8_t defend_bonus_any = 0;
  std::uint8_t attack_range_from = kNone;  // attack_range only from a turf of this type
  std::array<std::int8_t, kTypes> defend_bonus_type{};
};

struct Faction {
  std::string id, name, text, tag;
  int home = 0, nemesis = 0;
  Ability ability;
};

// An event's effects as primitives (T15.2).
struct EventDef {
  std::string id, name, text, tag;
  bool opt_out = false, optional = false;
  bool support_allowed = false, forced_attack = false, abilities_off = false, new_home = false,
       mind_control = false, rampage = false, no_combat_cards = false, teleporters_off = false;
  std::int8_t pass_cards = 0, troops_each_turf = 0, troops_min = 1, round_shift = 0,
              attack_bonus = 0, defend_bonus = 0, dp_each = 0, place_troops = 0;
  std::uint8_t attack_ban = kNone;  // turf type
  bool has_effect() const;
};

// Secret win conditions (T15.3).
enum class Condition : std::uint8_t {
  kTroopsAtLeast,
  kKillNeighbour,
  kEncircle,
  kUndefeated,
  kUnstoppable,
  kDefencesWonAtLeast,
  kEachTypeAtLeast,
  kCardRun,
  kGuardian,
  kTurfsAtLeast,
  kDpAtLeast,
  kWarsWonAtLeast,
  kTurfTroopsAtLeast,
  kUsurp,
  kGiantSlayer,
  kHomeland,
  kTyrant,
  kPacifist,
  kAnyKill,
};
struct SecretDef {
  std::string id, name, text, tag;
  Condition condition = Condition::kTroopsAtLeast;
  int amount = 0, turf = 0, from_round = 0, side = 1;  // side: +1 left, -1 right
  int troops = 0;  // giant_slayer: fewest committed defenders; homeland: troops in each turf
};

struct ActionTemplate {
  std::string name, text, tag;
  ActionKind kind = ActionKind::kAttack;
  int turf = 0;  // attack, strike, teleport
  int priority = 0, count = 0, amount = 0;
};

struct CombatType {
  std::string id, name, tag;
  int value = 0, count = 0;
};

struct Content {
  std::array<std::string, kTypes> type_ids, type_names;
  std::array<char, kTypes> type_letters{};
  std::vector<Board> boards;
  std::vector<Faction> factions;
  std::vector<EventDef> events;
  std::vector<SecretDef> secrets;
  std::vector<ActionTemplate> templates;  // ascending by priority
  std::array<CombatType, kCombatTypes> combat;
  std::array<int, kMaxSeats + 1> negate_in_play{};  // by player count
  int action_cards = 0;
  // Constants (found unless the data says otherwise).
  int rounds = 10, start_troops = 4, reinforcements = 2, combat_hand = 8, troop_cubes = 40,
      draft_extra = 3, price_troop = 4, price_secret = 5, price_actions = 5, actions_bought = 3,
      price_combat = 8, price_ftt = 5, rainbow_bonus = 5, support_paid_win = 1,
      support_paid_loss = 2, held_action_cap = 9, rampage_extra = 3;
  // Giant Slayer's terms, from its card (T15.3): defenders at least `giant_ratio` times the
  // attacker's committed troops and at least `giant_troops` of them.
  int giant_ratio = 2, giant_troops = 0;
  // The largest First Turn Token discount of any faction (a bound the buy check reads first).
  int most_ftt_discount = 0;
  int faction_index(const std::string& id) const;
  int event_index(const std::string& id) const;
  int secret_index(const std::string& id) const;
  const Board& board_for(int players) const;
};
// The game's own content (data/turfwars/content.json).
const Content& content();
// Every content this process plays with, by slot (Position::content): 0 the game's own, then the
// variants (core/variant.h) in the order they were loaded (game.h: content_slot).
const Content* const* content_table();

// ---------------------------------------------------------------------------------------------
// Actions (stable ids; docs/rules/turfwars.md, section "Actions").

inline constexpr int kActCell = 0;       // + cell index (row * size + column)
inline constexpr int kActCount = 100;    // + a number of troops (0..40)
inline constexpr int kActFaction = 200;  // + faction index
inline constexpr int kActType = 230;     // + turf type
inline constexpr int kActSeat = 240;     // + seat
inline constexpr int kActCombat = 250;   // + combat card type
inline constexpr int kActCard = 300;     // + action card template
inline constexpr int kActBuy = 400;      // + Buy item
inline constexpr int kActPass = 500;     // pass / done / stop / decline / stay out of a war
inline constexpr int kActLeft = 501;
inline constexpr int kActRight = 502;
inline constexpr int kActTakePart = 503;  // Lizard Folk: take part in the event
inline constexpr int kActStayOut = 504;   // Lizard Folk: stay out of the event

enum Buy : std::uint8_t { kBuyTroop, kBuySecret, kBuyActions, kBuyCombat, kBuyFtt, kBuyExchange };
inline constexpr int kNumBuys = 6;

// The decision the seat to move faces.
enum class Step : std::uint8_t {
  kChooseFaction,  // T2.2
  kChooseStart,    // T2.6
  kClone,          // Doppelgangers (T4.2)
  kDeclareHome,    // Geomancer (T4.2), Exile (T6.4)
  kManeuverFrom,   // Defensive Maneuvers and Gryphons (T8.6)
  kManeuverTo,
  kManeuverCount,
  kPlace,      // one troop into a controlled turf (T5, T8.7, T6, T12)
  kOptOut,     // Lizard Folk (T6.2)
  kDirection,  // Maelstrom: the FTT holder calls left or right (T6.5)
  kDraftPick,  // T7.2
  kSource,     // the turf an action starts from (T8)
  kTarget,     // the turf it goes to
  kCommit,     // attacking troops (T9.3)
  kJoin,       // voluntary support (T9.2)
  kPull,       // Unicorns: the adjacent turf to pull from (T9.3)
  kPullCount,
  kLure,          // Sirens: whom to lure from
  kDefendCommit,  // defending troops (T9.3)
  kSupportTurf,   // a supporter's turf to draw troops from (T9.7)
  kCombatCard,    // face down (T9.5)
  kCallHelp,      // whom Cry for Help calls (T9.7)
  kRetreat,       // T9.10
  kFury,          // Hell Hath No Fury retaliation (T10.4)
  kRampage,       // T6 Rampage: attack on, or stop
  kBuy,           // T12
  kKeepCombat,    // which of the two bought combat cards to keep
  kExchange,      // the combat cards to give in an exchange (T12.3), two in turn
  kTieSupport,    // T13.5
  kOver,
};

enum class Phase : std::uint8_t {
  kFactions,
  kStarts,
  kPreEvent,
  kReinforce,
  kEvent,
  kDraft,
  kActions,
  kBloodlust,
  kScore,
  kSpend,
  kTieBreak,
  kOver,
};

enum class WinType : std::uint8_t { kNone, kDomination, kNemesis, kSecret, kPoints };

// ---------------------------------------------------------------------------------------------
// The position.

struct SeatState {
  std::int16_t dp = 0;
  std::uint8_t faction = kNone;
  std::array<std::uint8_t, 2> dealt{kNone, kNone};
  std::uint8_t chosen = kNone;  // faction chosen, before the reveal
  std::uint8_t home = 0;        // current home turf type
  std::uint8_t start = kNone;   // starting turf
  // The starting turf was out of this seat's control at some point after the set-up (between
  // steps, never in the middle of a war): it counts zero in the tie-break (T13.5, R57).
  bool start_lost = false;
  std::uint8_t clone = kNone;    // Doppelgangers: the faction cloned this round
  std::uint8_t nemesis = kNone;  // the seat whose elimination by this seat wins (T13.2)
  bool eliminated = false;
  bool opted_out = false;                           // Lizard Folk stayed out of the event in force
  std::array<std::uint8_t, kCombatTypes> hand{};    // combat cards held (the face-down one apart)
  std::uint8_t facedown = kNone;                    // combat card chosen in the current war
  std::array<std::uint8_t, 2> drawn{kNone, kNone};  // bought combat cards, one to keep
  std::array<std::uint8_t, kMaxSecretsHeld> secrets{};
  std::uint8_t num_secrets = 0;
  std::array<std::uint8_t, kMaxTemplates> held{};  // bought action cards (T12.1)
  std::uint8_t num_held = 0;
  // Draft (T7): the packet as received, the pick, whether it is revealed.
  std::array<std::uint8_t, kMaxTemplates> received{};
  bool has_received = false;
  std::uint8_t merged = 0;  // held cards added to the packet on receipt
  std::uint8_t pick = kNone;
  bool revealed = false;
  // Action cards this seat knows to lie in the face-down discard (R13).
  std::array<std::uint8_t, kMaxTemplates> known_discard{};
  // Combat cards this seat knows other seats to hold (lower bounds), by seat and type.
  std::array<std::array<std::uint8_t, kCombatTypes>, kMaxSeats> known{};
  // Records for win conditions (public).
  std::uint8_t wars_won = 0, wars_lost = 0, attacks_won = 0, defences_won = 0;
  std::uint8_t streak = 0, streak_round = 0;  // consecutive rounds with an attack won (Unstoppable)
  bool attacked_rival = false, giant_slain = false;
  std::uint8_t usurped = 0;  // seats whose own starting turf this seat won as attacker (Usurper)
  std::uint8_t kills = 0;
  std::uint8_t last_killer = kNone;  // who killed this seat's troops most recently
  std::uint8_t killed_mask = 0;      // seats this seat landed the killing blow on
  bool operator==(const SeatState&) const = default;
};

struct WarSide {
  std::int8_t leader = -1;
  std::uint8_t source = kNone;  // attacker: where its troops came from
  std::uint8_t committed = 0;
  std::uint8_t card = kNone;  // revealed combat card
  bool operator==(const WarSide&) const = default;
};
struct Supporter {
  std::int8_t seat = -1;
  std::uint8_t side = 0;
  std::uint8_t need = 0, given = 0;
  bool forced = false;
  std::uint8_t card = kNone;
  bool operator==(const Supporter&) const = default;
};
struct Contribution {
  std::uint8_t sup = 0, cell = 0, n = 0;
  bool operator==(const Contribution&) const = default;
};

// A Turf War in progress (T9). Sides 0..n_attackers-1 attack; with a defender it is the last side.
struct War {
  bool active = false;
  std::uint8_t target = kNone;
  std::uint8_t n_sides = 0, n_attackers = 0;
  bool has_defender = false;
  std::array<WarSide, kMaxSeats> sides{};
  std::array<Supporter, kMaxSeats> sups{};
  std::uint8_t n_sups = 0;
  std::array<Contribution, 48> contribs{};
  std::uint8_t n_contribs = 0;
  std::uint8_t stage = 0, cursor = 0;
  std::uint8_t calls = 0;         // Cry for Help calls still to make
  std::uint64_t called_mask = 0;  // seats already in the war
  bool cancelled = false, revealed = false;
  std::int8_t winner = -1;         // winning side, -1 none
  std::uint8_t lone_defender = 0;  // the defended turf held exactly one troop (R17)
  std::uint8_t tied = 0;           // sides tied at the top of a stand-off (R16, R54)
  std::array<std::uint8_t, kMaxSeats> volleyed{};  // committed troops the Rangers killed, by side
  std::uint8_t killed = 0;                         // enemy troops killed (raise dead)
  std::uint8_t pull_from = kNone;
  std::uint8_t lured = 0;  // Sirens' lured troops, committed with the defence (R20)
  std::array<std::uint8_t, kMaxSeats> fought{};  // each side's committed troops as cards are played
  std::uint8_t survivors = 0;  // the winning leader's committed troops left after the cost
  std::uint8_t card_cursor = 0, fury_cursor = 0;
  bool operator==(const War&) const = default;
};

// The action being resolved (T8).
struct Turn {
  std::uint8_t priority = 0;
  std::array<std::uint8_t, kMaxSeats> group{};  // seats revealing this priority, in turn order
  std::uint8_t n_group = 0, cursor = 0;
  bool declaring = false;
  std::array<std::uint8_t, kMaxSeats> decl_source{}, decl_target{};
  std::int8_t owner = -1, controller = -1;
  std::uint8_t tmpl = kNone;
  std::uint8_t source = kNone, target = kNone, from = kNone;
  std::uint8_t left = 0;  // transfers or placements left
  std::uint8_t rampage_left = 0;
  bool rampaging = false, bloodlust = false;
  bool operator==(const Turn&) const = default;
};

// The last Turf War resolved or cancelled, kept public for narration (issue 16): every field is
// known to all once the combat cards are revealed. Filled at the war's resolution (run_war),
// retreat (do_retreat) and record (record_war).
struct WarReport {
  std::uint16_t number = 0;  // wars_fought when recorded; 0: no war yet
  std::uint8_t target = kNone, n_sides = 0, n_attackers = 0;
  bool has_defender = false, cancelled = false;
  std::int8_t winner = -1;  // winning side, -1 none
  std::array<std::int8_t, kMaxSeats> leader{};
  // Per side: troops committed (supporters' included), revealed card, strength, troops lost.
  std::array<std::uint8_t, kMaxSeats> committed{}, card{}, value{}, lost{};
  std::uint8_t n_sups = 0;
  std::array<std::int8_t, kMaxSeats> sup_seat{};
  std::array<std::uint8_t, kMaxSeats> sup_side{}, sup_given{}, sup_card{};
  std::uint8_t retreat_to = kNone, retreat_moved = 0,
               retreat_lost = 0;  // retreat_moved+lost: 0 none
  // Issue 23: every step that changes what a seat holds is told. Supporters called by Cry for
  // Help; committed troops the Rangers' volley killed, per side; after the win (T9.12): a card
  // stolen by the Gypsies (1), DP plundered by the Pirates, troops raised by the Necromancers;
  // troops the winner lost to retaliation under `fury` (T10.4); whether the war is over.
  std::array<bool, kMaxSeats> sup_forced{};
  std::array<std::uint8_t, kMaxSeats> volleyed{};
  std::uint8_t stolen = 0, plunder = 0, raised = 0, fury_lost = 0;
  bool done = false;
  bool operator==(const WarReport&) const = default;
};

// The last round's scoring (T11), public, for narration: DP gained per seat and why.
struct ScoreReport {
  std::uint8_t round = 0;  // 0: none yet
  std::uint8_t seq = 0;    // rounds played when scored: tells two scorings of one round apart
  std::array<std::uint8_t, kMaxSeats> turfs{}, home{}, gain{};
  std::array<bool, kMaxSeats> rainbow{};
  std::array<std::int16_t, kMaxSeats> support{};  // support payments received (+) or paid (-)
  bool operator==(const ScoreReport&) const = default;
};

// The last event and what it did (T6), public, for narration: DP and troops on the board per
// seat when it was revealed and when its phase ended.
struct EventReport {
  std::uint8_t number = 0;  // num_events_seen at the reveal; 0: none yet
  bool done = false;
  std::array<std::int16_t, kMaxSeats> dp{}, troops{};  // at the reveal, then the changes
  bool passed = false;                                 // Maelstrom's cards have gone round (T6.5)
  std::uint8_t round = 0;  // the round counter when it was revealed, before it acted (T6.3)
  bool operator==(const EventReport&) const = default;
};

// Troops an ability added before the event (the Dryads, T4.2), public, for narration: the round
// counter of the phase and the troops per seat.
struct PreEventReport {
  std::uint8_t rounds_played = 0;
  std::array<std::uint8_t, kMaxSeats> troops{};
  bool operator==(const PreEventReport&) const = default;
};

// What happened without a decision, in order, public by construction, kept so that narration
// can tell it in the order it happened (issue 23: forced steps happen with a word): a decision
// the rules took alone because it had a single option (E1; `step` is its Step), or one of the
// kStep* events below. A ring of the latest ones; `auto_seq` counts them all.
struct AutoStep {
  std::uint8_t seat = 0, step = 0, phase = 0;
  std::int8_t owner = -1;  // whose action card it performs (Mind Control: not the seat), or -1
  std::uint8_t n = 0;      // kStepEnter: the troops that moved in
  std::uint16_t action = 0;
  bool operator==(const AutoStep&) const = default;
};
inline constexpr int kAutoLog = 32;                // at most 14 in one step of random games (test)
inline constexpr std::uint8_t kStepUnused = 0xFF;  // a revealed card without a legal use (R35)
inline constexpr std::uint8_t kStepReveal = 0xFE;  // an action card revealed (T8.1); action: card
inline constexpr std::uint8_t kStepWar = 0xFD;     // a Turf War resolved (T9.9); action: its number
inline constexpr std::uint8_t kStepEnter = 0xFC;   // troops moved into an empty turf; action: cell

struct Position {
  std::uint8_t num_seats = 2;
  std::uint8_t board = 0;    // index into content_of(p).boards
  std::uint8_t content = 0;  // the content played: 0 the game's own, else a variant (content_slot)
  std::uint8_t cost = kSimple;
  bool mind_control_on = true;
  bool one_faction = false;     // option factions=dealt: one faction card each, no choice (T2.2)
  bool bloodlust_half = false;  // option bloodlust=half: the FAQ's suggested house rule (R22)

  std::array<std::uint8_t, kMaxCells> troops{};
  std::array<std::int8_t, kMaxCells> owner{};  // -1 empty
  // Tallies of the board, kept by the kernel with every change of a cell (kernel::set_cell) so
  // that win checks, scoring and legal actions never rescan it; recount() rebuilds them (resume()
  // does, for hand-built positions). Turfs held by type, turfs held, troops on the board, and
  // the turfs each seat holds as a bit set over the cells.
  std::array<std::array<std::uint8_t, kTypes>, kMaxSeats> held_type{};
  std::array<std::uint8_t, kMaxSeats> held{};
  std::array<std::uint16_t, kMaxSeats> on_board{};
  std::array<std::array<std::uint64_t, 2>, kMaxSeats> held_cells{};  // bit c: the seat holds c
  // Derived like the tallies (kept by the kernel, rebuilt by recount()): the starting turfs as a
  // bit set over the cells, and the seats whose starting turf is out of their control and not yet
  // marked lost (SeatState::start_lost, T13.5 R57), so that the main loop looks at them only when
  // there is one.
  std::array<std::uint64_t, 2> start_cells{};
  std::uint8_t start_away = 0;
  // Derived from the seats' secret cards (kept by draw_secret, rebuilt by recount() and
  // recount_secrets()): per seat, the conditions of its cards that can hold in the middle of a
  // round, one bit per Condition (the win check's quick look, R31), so that the check reads no
  // card.
  std::array<std::uint32_t, kMaxSeats> secret_bits{};
  std::array<SeatState, kMaxSeats> seats{};

  Phase phase = Phase::kFactions;
  Step step = Step::kChooseFaction;
  std::uint8_t to_move = 0;
  std::uint8_t round = 0;  // the round counter (T3.1), 1..rounds
  std::uint8_t rounds_played = 0;
  std::uint8_t ftt = 0;                         // First Turn Token holder
  std::uint8_t ftt_steals = 0;                  // FTT purchases this round (T12.2)
  std::uint8_t first_ftt = 0;                   // the FTT holder at the start (T2.3), for the lab
  std::array<std::uint8_t, kMaxSeats> order{};  // this phase's turn order
  std::uint8_t n_order = 0, cursor = 0, sub = 0, count = 0;
  std::array<std::uint8_t, kMaxSeats> draft_order{};  // this round's draft, from the FTT holder
  std::uint8_t n_draft = 0;

  std::uint8_t event = kNone;  // in force
  std::array<std::uint8_t, kMaxEvents> event_deck{};
  std::uint8_t event_deck_size = 0;
  std::array<std::uint8_t, kMaxEvents> events_seen{};
  std::uint8_t num_events_seen = 0;
  std::int8_t direction = 1;  // Maelstrom

  std::array<std::uint8_t, kMaxFactions> faction_deck{};
  std::uint8_t faction_deck_size = 0;
  std::array<std::uint8_t, kMaxSecrets> secret_deck{};
  std::uint8_t secret_deck_size = 0;

  std::array<std::uint8_t, kMaxCombatCards> combat_deck{};
  std::uint8_t combat_deck_size = 0;
  std::array<std::uint8_t, kCombatTypes> combat_discard{};  // face up (R12)

  std::array<std::uint8_t, kMaxActionCards> action_deck{};  // templates; drawn from the back
  std::uint8_t action_deck_size = 0;
  std::array<std::uint8_t, kMaxTemplates> action_discard{};  // face up: played cards
  std::array<std::uint8_t, kMaxTemplates> hidden_discard{};  // face down: draft leftovers (R13)
  std::uint8_t hidden_discard_size = 0;
  std::array<std::uint8_t, kMaxTemplates> packet{};  // the draft packet being passed
  std::uint8_t packet_size = 0, drawn_for_draft = 0;
  // This round's draft (T7): 0 none, 1 being drafted, 2 drafted and being resolved. Its packets
  // and picks stay relevant to what each seat knows until the action phase ends.
  std::uint8_t draft_state = 0, draft_cursor = 0;

  War war;
  Turn turn;
  WarReport last_war;  // narration records (issue 16)
  ScoreReport last_score;
  EventReport last_event;
  PreEventReport last_pre_event;
  std::array<AutoStep, kAutoLog> auto_log{};
  std::uint16_t auto_seq = 0;

  // Support payments owed until phase 5 (T11.1): payer, payee, amount.
  std::array<std::array<std::uint8_t, 3>, 24> owed{};
  std::uint8_t num_owed = 0;

  // The end (T13).
  WinType win_type = WinType::kNone;
  std::uint8_t winners = 0;  // bit mask
  // The secret win card each instant winner won with (kNone: another way), for the end's words.
  std::array<std::uint8_t, kMaxSeats> win_card{kNone, kNone, kNone, kNone, kNone, kNone};
  std::array<std::uint8_t, kMaxSeats> tie_support{};  // troops pledged in the tie-break
  std::uint8_t rps_winner = kNone;

  std::uint16_t wars_fought = 0;  // Turf Wars resolved or cancelled (a counter for the lab)
  std::uint32_t commits = 0;      // randomness drawn or hidden facts revealed so far
  // Seats whose hidden win conditions (secret cards) a win check consulted during the current
  // apply (E3): a check of another seat's secret is a commit point for the mover.
  std::uint8_t probed = 0;
  // Seats eliminated since the last full win check: that check still counts them, so that a
  // killing blow paid for with one's last troops wins (R53).
  std::uint8_t fresh_out = 0;
  Rng rng;

  bool operator==(const Position&) const = default;
  bool over() const { return phase == Phase::kOver; }
};

// ---------------------------------------------------------------------------------------------
// The rules.

struct Setup {
  int players = 2;
  Cost cost = kSimple;
  bool mind_control = true;
  bool one_faction = false;  // factions=dealt (T2.2): each player is dealt one faction, no choice
  bool bloodlust_half = false;  // bloodlust=half (R22): occupied turfs only, half the troops
  int content = 0;              // option variant: the content's slot (content_slot)
};
void setup(Position& p, const Setup& s, std::uint64_t seed);

// Legal actions of p.to_move, ascending. `out` is cleared first.
void legal_actions(const Position& p, std::vector<int>& out);
bool is_legal(const Position& p, int action);
// Applies a legal action and runs the automatic steps up to the next decision. Returns true when
// randomness was drawn or hidden information revealed (a commit point).
bool apply(Position& p, int action);
// Runs the automatic steps from a hand-built position up to the next decision (scenario tests).
void resume(Position& p);

// Rebuilds the board tallies (Position::held_type, held, on_board, held_cells) from troops and
// owner, the starting turfs' (start_cells, start_away) from the seats' starts, and secret_bits.
void recount(Position& p);
// Rebuilds Position::secret_bits from the seats' secret cards (recount() does it too): after any
// change of the cards outside the kernel (a view's redaction or sampled world).
void recount_secrets(Position& p);

// Helpers shared with the adapter, views, evaluation and tests.
// The content the position is played with (its slot in content_table()).
inline const Content& content_of(const Position& p) {
  static const Content* const* const table = content_table();
  return *table[p.content];
}
inline const Board& board_of(const Position& p) {
  return content_of(p).boards[p.board];
}
// From the tallies (a seat outside 0..5 holds nothing).
inline int turfs_of(const Position& p, int seat) {
  return static_cast<unsigned>(seat) < kMaxSeats ? p.held[seat] : 0;
}
inline int troops_of(const Position& p, int seat) {  // on the board
  return static_cast<unsigned>(seat) < kMaxSeats ? p.on_board[seat] : 0;
}
inline int home_turfs_of(const Position& p, int seat) {
  return static_cast<unsigned>(seat) < kMaxSeats ? p.held_type[seat][p.seats[seat].home] : 0;
}
bool rainbow(const Position& p, int seat);
int hand_size(const SeatState& s);                       // combat cards in hand
const Ability& ability_of(const Position& p, int seat);  // nothing while abilities are off
bool teleporters_active(const Position& p);
// The end (T13, E4, R32): the scores are the DP; the ranking puts instant winners first
// together and the eliminated last, then DP and the tie-break keys (T13.5). The ranking key is DP,
// or 100 more than the most DP for an instant winner, lowered for the eliminated (R29): the bots
// value an ended game by it.
std::array<double, kMaxSeats> ranking_keys(const Position& p);
// Without allocating (search): keys written into `out`, ranks in the first seats.
void ranking_keys_into(const Position& p, std::vector<double>& out);
std::array<int, kMaxSeats> final_ranks(const Position& p);
// The most actions any game with these settings can take (the rules doc, "Actions").
int length_bound(const Setup& s);

// The kernel contract (core/kernel.h): the points are the DP (E4), the ranking is R32's.
struct Kernel {
  using Position = turfwars::Position;
  using Setup = turfwars::Setup;
  static constexpr int kMaxSeats = turfwars::kMaxSeats;
  static void setup(Position& p, const Setup& s, std::uint64_t seed) {
    turfwars::setup(p, s, seed);
  }
  static int seats(const Position& p) { return p.num_seats; }
  static bool over(const Position& p) { return p.over(); }
  static int to_move(const Position& p) { return p.to_move; }
  static void legal_actions(const Position& p, std::vector<int>& out) {
    turfwars::legal_actions(p, out);
  }
  static bool is_legal(const Position& p, int a) { return turfwars::is_legal(p, a); }
  static bool apply(Position& p, int a) { return turfwars::apply(p, a); }
  static void outcome(const Position& p, Outcome& out) {
    const auto r = final_ranks(p);
    out.seats = p.num_seats;
    for (int s = 0; s < p.num_seats; ++s) {
      out.points[s] = p.seats[s].dp;
      out.ranks[s] = r[s];
    }
  }
  static int length_bound(const Position& p) {
    return turfwars::length_bound({p.num_seats, static_cast<Cost>(p.cost), p.mind_control_on,
                                   p.one_faction, p.bloodlust_half});
  }
};
static_assert(RulesKernel<Kernel>);

}  // namespace turf::turfwars
