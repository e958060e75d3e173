// Turf War (Gadabout Games) — the rules kernel of the yard-building game.
//
// Implements the whole game for 2, 3 and 4 players in both editions (option edition=1|2):
// set-up (Y2), the turn with its Start actions, Home/Away, the side's actions and End actions (Y3),
// working and buying with restocking and Events (Y4), playing Tools, Plants, Ornaments, Features
// and Pests with the Place rule and rivals' Yards (Y5), swaying Neighbors by Criteria and Bribes
// with the row refilled from the set-aside Neighbors (Y6), and the end and scoring with the
// Neighbor tie-break (Y7). Edition 1 plays Tools onto a Pile and picks them up into the Garage
// afterwards, and takes done Events out of the game; edition 2 plays Tools straight into the
// Garage and puts done Events at the bottom of the Store deck (Y8). Card effects are programs of
// steps from a small vocabulary (Op, Y10) read from data/yard/*.json. Clause ids (Y3.2, R4, E1 ...)
// refer to docs/rules/yard.md, which also records how every ambiguity was resolved.
//
// The position is a fixed-size, trivially copyable struct (about 2.5 KB): hands, Garages, the
// Store and the Trash are counts per card kind, each Yard is one array of cards in the order they
// were stacked (each card knows its Pile), and effects in progress are a fixed stack of frames.
// Legal-move generation and apply never allocate.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/kernel.h"
#include "core/rng.h"

namespace turf::yard {

inline constexpr int kMaxSeats = 4;
inline constexpr int kPiles = 9;          // a 3x3 Yard; pile = row * 3 + column
inline constexpr int kMaxKinds = 64;      // card kinds (6 bits of a Yard entry)
inline constexpr int kMaxNeighbors = 16;  // Neighbor kinds (bits of a Sway mask)
inline constexpr int kDeckCap = 100;      // Store deck cards
inline constexpr int kYardCap = 112;      // > every card that exists: a Yard can never overflow
inline constexpr int kStoreSlots = 5;     // Y2.4
inline constexpr int kRowSlots = 5;       // Y2.5
inline constexpr int kMaxSetAside = 2;    // Y2.5: 4 players
inline constexpr int kMaxSteps = 3;       // steps per card program
inline constexpr int kMaxFrames = 64;     // nested effects in progress (far above any real chain)
inline constexpr int kMaxRounds = 200;    // E5: the engine's safety net on rounds
inline constexpr int kStillRounds = 3;    // R26: rounds of a still table that end the game
inline constexpr int kStillRoundsMost = 60;  // R26: the count stops there (a Bribe adds rounds)
inline constexpr int kActionCap = 8000;      // E5: the safety net on decisions per game
inline constexpr int kWorkPay = 5;           // Y4.1
inline constexpr std::uint8_t kNone = 0xFF;

// A Yard entry: the card kind in the low 6 bits, and two flags.
inline constexpr std::uint8_t kKindMask = 0x3F;
inline constexpr std::uint8_t kPendingFlag = 0x40;  // its Start/End action is still due this step
inline constexpr std::uint8_t kFlyingFlag = 0x80;   // an edition-1 Tool whose Play is resolving

enum Symbol : std::uint8_t { kTool, kPlant, kOrnament, kFeature, kPest, kEvent, kNumSymbols };
constexpr std::uint8_t sym(int s) {
  return static_cast<std::uint8_t>(1u << s);
}

// The effect vocabulary (Y10). "You" is the frame's actor: the owner of the Yard a card was
// played into (Y5.4), the player whose turn it is for Start/End/Home actions, each player in turn
// for an each-player Event, the swaying player for a Bribe.
enum class Op : std::uint8_t {
  kGain,             // n: gain $n
  kLose,             // n: lose $n (not below $0)
  kPay,              // n: pay $n (a Bribe; checked before swaying, Y6.3)
  kGrass,            // n: turn up to n Dirt Piles of your Yard to Grass, one at a time
  kDirtHere,         // this card's Pile turns back to Dirt
  kExtraPlays,       // n: you may play up to n more cards from your hand
  kMustPlay,         // you must play a card from your hand, if one can be played
  kPlayHere,         // you must play a card from your hand onto this card's Pile, if one fits
  kTrashStore,       // n: trash n cards of the Store, then restock
  kTrashStoreAll,    // trash every card of the Store, then restock
  kTrashToHand,      // take a card from the Trash into your hand
  kTrashToGarage,    // take a card from the Trash into your Garage
  kTrashRivalTop,    // n: trash the top card of a Pile in a rival's Yard, n times
  kTrashOwnTop,      // n: trash the top card of a Pile in your Yard, n times
  kTrashOwnPest,     // trash one Pest in your Yard (covered or not)
  kTrashPileOthers,  // trash every other card on this card's Pile
  kTrashHand,        // n: trash n cards from your hand
  kStealGarage,      // take a card of your choice, not a Tool, from a rival's Garage into hand
  kPestMagnet,       // take every Pest from the Store and the Trash; play each onto this Pile
  kMoveTopToRival,   // move the top card of a Pile of your Yard onto any Pile of a rival's Yard
  kGiveToGarage,     // n: put n cards of your Yard, covered or not, into one rival's Garage (R12)
  kNumOps
};
struct Step {
  Op op = Op::kGain;
  std::uint8_t n = 0;
  bool operator==(const Step&) const = default;
};
struct Program {
  std::array<Step, kMaxSteps> steps{};
  std::uint8_t size = 0;
  bool empty() const { return size == 0; }
};

// When a card's program runs.
enum Timing : std::uint8_t { kOnPlay, kOnStart, kOnEnd, kOnHome, kOnReveal, kNumTimings, kBribe };

enum class VpRule : std::uint8_t { kFlat, kPerSymbol, kAdjacent, kRow, kColumn, kTrash };

// Content loaded from data/yard/cards.json and data/yard/neighbors.json (embedded at build time).
struct CardDef {
  std::string id, name;
  std::uint8_t symbols = 0;  // Symbol bits
  int cost = 0;
  int places = 0;  // Places the card adds to its Pile
  VpRule vp_rule = VpRule::kFlat;
  int vp = 0;
  int vp_symbol = 0;         // kPerSymbol
  int vp_every = 1;          // kTrash
  bool no_sway = false;      // its Yard's owner cannot sway (Skunk)
  bool each_player = false;  // an Event whose program runs once per player
  std::array<Program, kNumTimings> programs{};
  std::array<int, 2> count{};  // copies in the Store deck of edition 1 and 2
  bool starting = false;       // one in each starting hand
  std::string tag, source;
  std::vector<std::string> designed;
  bool is(int s) const { return symbols & sym(s); }
};
struct Criteria {
  std::array<std::uint8_t, kNumSymbols> symbols{};
  std::uint8_t cards = 0, places = 0, grass = 0, tallest = 0;
};
struct NeighborDef {
  std::string id, name;
  int vp = 5;
  Criteria criteria;
  Program bribe;
  std::string tag, source;
};
struct Content {
  std::vector<CardDef> cards;  // index = card kind
  std::vector<NeighborDef> neighbors;
  std::vector<std::uint8_t> starting_hand;
  std::array<int, 2> deck_size{};
  int find_card(const std::string& id) const;  // -1 when unknown
  int find_neighbor(const std::string& id) const;
};
const Content& content();
const char* op_name(Op op);
const char* symbol_name(int s);

// ---------------------------------------------------------------------------------------------
// Actions (stable ids; documented in docs/rules/yard.md, section "Actions").

inline constexpr int kActDone = 0;          // finish the side's actions
inline constexpr int kActStop = 1;          // play no more of an "up to" number of cards
inline constexpr int kActHome = 2;          // turn the Home/Away card to Home
inline constexpr int kActAway = 3;          // ... to Away
inline constexpr int kActWork = 4;          // Away: gain $5
inline constexpr int kActPlay = 100;        // + kind: play that card from hand
inline constexpr int kActBuy = 200;         // + kind: buy that card from the Store
inline constexpr int kActSway = 300;        // + neighbor
inline constexpr int kActOnto = 600;        // + seat * 16 + pile: put the card on that Pile
inline constexpr int kActTop = 700;         // + seat * 16 + pile: the top card of that Pile
inline constexpr int kActGrass = 800;       // + pile: turn that Dirt to Grass
inline constexpr int kActStoreCard = 900;   // + kind: that card of the Store (trash it)
inline constexpr int kActTrashCard = 1000;  // + kind: that card of the Trash (take it)
inline constexpr int kActHandCard = 1100;   // + kind: that card of your hand (trash it)
inline constexpr int kActRival = 1200;      // + seat: that rival
inline constexpr int kActGarage = 1300;     // + seat * 64 + kind: that card of that Garage
inline constexpr int kActPest = 2000;       // + pile * 128 + depth: that Pest (depth 0 = top)
inline constexpr int kActStart = 3200;      // + pile * 64 + kind: do that card's Start action
inline constexpr int kActEnd = 4000;        // + pile * 64 + kind: do that card's End action
inline constexpr int kActLast = 4000 + kPiles * 64;

// ---------------------------------------------------------------------------------------------
// The position

enum class Phase : std::uint8_t {
  kStart,  // Y3.1: Start actions still due (pending entries)
  kSide,   // Y3.2: Home or Away
  kMain,   // Y3.3: the face-up side's actions
  kEnd,    // Y3.4: End actions still due
  kOver,
};
enum class EndReason : std::uint8_t { kNone, kLastNeighbor, kRoundLimit, kActionCap, kStalemate };

// What a frame of the effect stack is doing.
enum class FrameType : std::uint8_t {
  kProgram,  // a card's program (or a Neighbor's Bribe) running step by step
  kPlay,     // playing one card: choose it, choose where, resolve its Play action (Y5)
  kRestock,  // refilling the Store (Y4.3)
  kSway,     // the Neighbor being swayed, waiting for its Bribe to finish (Y6)
};
// Why a card is being played (which cards qualify and where they may go).
enum PlayCtx : std::uint8_t {
  kCtxMain,    // Home's play action
  kCtxExtra,   // one of the Toolbox's "up to" plays: may stop instead
  kCtxMust,    // must play a card if able (Mason Jar)
  kCtxHere,    // onto a given Pile of your Yard (Garden)
  kCtxMagnet,  // a Pest gathered by the Porch Light onto its Pile
};

struct Frame {
  FrameType type = FrameType::kProgram;
  std::uint8_t kind = kNone;  // Program: the card (a Neighbor for a Bribe); Play: the card chosen
  std::uint8_t timing = 0;    // Program: Timing; Play: PlayCtx
  std::uint8_t step = 0;      // Program: next step; Play: 0 choose card, 1 choose Pile, 2 resolving
  std::uint8_t count = 0;     // repetitions left of the current step
  std::uint8_t sub = 0;       // progress inside the current step
  std::uint8_t actor = 0;     // the seat that decides
  std::uint8_t yard = kNone;  // Program: the Yard of "this Pile"; Play: the target Yard
  std::uint8_t pile = kNone;  // Program: "this Pile"; Play: the target Pile
  std::uint8_t aux = 0;       // the chosen rival, or the chosen source Pile
  std::uint8_t round = 0;     // each-player Events: players done
  bool operator==(const Frame&) const = default;
};

struct Player {
  std::array<std::uint8_t, kMaxKinds> hand{};    // counts per kind
  std::array<std::uint8_t, kMaxKinds> garage{};  // counts per kind
  std::uint8_t hand_size = 0, garage_size = 0;
  std::array<std::uint8_t, kYardCap> yard{};       // entries in stacking order (kind | flags)
  std::array<std::uint8_t, kYardCap> yard_pile{};  // the Pile of each entry
  std::uint8_t yard_size = 0;
  std::uint16_t grass = 0;  // bit per Pile: Grass side up
  std::uint16_t sway = 0;   // bit per Neighbor
  std::uint16_t money = 0;
  bool away = false;
  std::uint64_t bought = 0, played = 0;  // card kinds bought / played this game (statistics)
  bool operator==(const Player&) const = default;
};

struct Position {
  std::array<Player, kMaxSeats> players{};
  std::array<std::uint8_t, kMaxKinds> store{}, trash{}, gone{}, limbo{};  // counts per kind
  std::uint8_t store_size = 0, trash_size = 0, limbo_size = 0;
  std::array<std::uint8_t, kDeckCap> deck{};  // deck[0] is the bottom, deck[deck_size-1] the top
  std::uint8_t deck_size = 0;
  std::uint8_t deck_known = 0;  // deck[0, deck_known): done Events put at the bottom, public
  std::array<std::uint8_t, kRowSlots> row{};
  std::uint8_t row_size = 0;
  std::array<std::uint8_t, kMaxSetAside> set_aside{};  // face down; the last is revealed first
  std::uint8_t set_aside_size = 0;

  std::uint8_t seats = 2, edition = 2, first_player = 0;
  std::uint8_t turn_player = 0;
  Phase phase = Phase::kSide;
  std::uint8_t used = 0;   // side actions used this turn (kUsed*)
  std::uint16_t turn = 0;  // turns started so far
  std::array<Frame, kMaxFrames> frames{};
  std::uint8_t nframes = 0;
  EndReason end_reason = EndReason::kNone;
  std::uint16_t actions = 0;  // decisions taken (E5)
  std::uint32_t reveals = 0;  // cards revealed from the Store deck or the set-aside Neighbors
  std::uint16_t events_done = 0;
  std::uint64_t table_print = 0;  // R26: the table at the last round's end
  std::uint8_t still_rounds = 0;  // R26: rounds the table has stood still since the deck ran out
  Rng rng;

  bool operator==(const Position&) const = default;
  bool over() const { return phase == Phase::kOver; }
  // The seat that decides now.
  int to_move() const { return nframes ? frames[nframes - 1].actor : turn_player; }
};
inline constexpr std::uint8_t kUsedPlay = 1, kUsedSway = 2, kUsedWork = 4, kUsedBuy = 8;

// Set-up (Y2).
struct Setup {
  int players = 2;  // 2..4
  int edition = 2;  // 1 or 2 (the option "edition")
};
void setup(Position& p, const Setup& s, std::uint64_t seed);

// A fixed-capacity list of legal actions (no allocation). With a `limit` below the capacity the
// busiest steps stop listing once it is reached: a list that reaches its limit holds only the
// first `limit` actions found (advance asks for 2: none, one or several).
struct ActionList {
  std::array<int, 512> items;
  int size = 0;
  int limit = 512;
  bool full() const { return size >= limit; }
  void push(int a) { items[size++] = a; }
  const int* begin() const { return items.data(); }
  const int* end() const { return items.data() + size; }
};
// Legal actions of p.to_move(), ascending by id.
void legal_actions(const Position& p, ActionList& out);
void legal_actions(const Position& p, std::vector<int>& out);
bool is_legal(const Position& p, int action);
// Applies a legal action, then plays every forced step (a single legal option) until the next
// real decision or the end (E1). Returns true when a card came off the Store deck or a Neighbor
// turned up (a commit point: hidden facts revealed).
bool apply(Position& p, int action);
// Plays every step that needs no decision and every decision with a single option (E1).
void advance(Position& p);
// Starts `seat`'s turn (its Start actions become due) and advances to its first decision. For
// positions built by hand (tests, tools).
void start_turn(Position& p, int seat);

// Scoring (Y7).
// How many cards lie on each Pile of a Yard.
std::array<int, kPiles> pile_card_counts(const Player& pl);
// Y7.2: the points of the i-th card of the seat's Yard (covered or not) by its rule; `n` is
// pile_card_counts of that Yard.
int card_vp(const Position& p, int seat, int i, const std::array<int, kPiles>& n);
int yard_vp(const Position& p, int seat);
int sway_vp(const Position& p, int seat);
int score(const Position& p, int seat);
int neighbors_swayed(const Player& pl);
// Rank per seat (Y7.3): 0 first; more points, then more Neighbors; equal on both share a rank.
std::array<int, kMaxSeats> ranks(const Position& p);

// Yard queries (also for views, evaluation and tests).
int pile_cards(const Player& pl, int pile);
int pile_top(const Player& pl, int pile);  // index into yard[], or -1 for an empty Pile
int pile_places(const Player& pl, int pile);
bool pile_open(const Player& pl, int pile);  // more Places than cards (Y5.2)
int yard_symbols(const Player& pl, int s);
int yard_places(const Player& pl);  // Place symbols (Florence)
int grass_count(const Player& pl);
int tallest_pile(const Player& pl);
bool has_no_sway_card(const Player& pl);
// R26: the still rounds after which the game ends, for the row as it stands.
int still_rounds_to_end(const Position& p);
bool meets_criteria(const Player& pl, const Criteria& c);
// What a Bribe takes in full (Y6.3): money, cards of the Yard, cards of the hand.
struct BribeNeeds {
  int money = 0, yard = 0, hand = 0;
};
BribeNeeds bribe_needs(const Program& bribe);
// Whether `seat` may sway neighbor n now, Home action aside (Y6): Criteria met, Bribe possible,
// no Skunk.
bool can_sway(const Position& p, int seat, int n);
// R26: a fingerprint of what the stalemate rule watches (Yards, Grass, Store, Trash, Sways, row).
std::uint64_t table_fingerprint(const Position& p);
int kind_of(std::uint8_t entry);
// The kind of the card a Play frame is about to play, or of the top frame's card.
const Frame* top_frame(const Position& p);

// The kernel contract (core/kernel.h): points by Y7.2, ranked by Y7.3 (points, then Neighbors in
// the Sway; still equal, a shared place).
struct Kernel {
  using Position = yard::Position;
  using Setup = yard::Setup;
  static constexpr int kMaxSeats = yard::kMaxSeats;
  static void setup(Position& p, const Setup& s, std::uint64_t seed) { yard::setup(p, s, seed); }
  static int seats(const Position& p) { return p.seats; }
  static bool over(const Position& p) { return p.over(); }
  static int to_move(const Position& p) { return p.to_move(); }
  static void legal_actions(const Position& p, std::vector<int>& out) {
    yard::legal_actions(p, out);
  }
  static bool is_legal(const Position& p, int a) { return yard::is_legal(p, a); }
  static bool apply(Position& p, int a) { return yard::apply(p, a); }
  static void outcome(const Position& p, Outcome& out) {
    const auto r = ranks(p);
    out.seats = p.seats;
    for (int s = 0; s < p.seats; ++s) {
      out.points[s] = score(p, s);
      out.ranks[s] = r[s];
    }
  }
  static int length_bound(const Position&) { return kActionCap; }
};
static_assert(RulesKernel<Kernel>);

}  // namespace turf::yard
