// Cry Havoc (Portal Games, 2016) — the rules kernel.
//
// Implements the whole base game for 2, 3 and 4 players as digested in docs/rules/cryhavoc.md
// (clause ids C1.1 ...): set-up on the two map sides, event tokens on the score track (passed
// events stack onto the next), initiative and upcoming initiative, skills (the default and the
// option for 1-2 extra random ones; Scouting only with 4), personal decks with draws, hand limit
// and reshuffles, three rounds of actions (Move, Recruit, Build/Activate, Draw 2 keep 1, Enable
// Scoring) with skills before or after, movement with stops, withdrawal limits, wrap-around
// links and Trog tunnels, exploration and Trog tokens, control, battle tokens; battles with the
// three objectives, alternating tactics cards, neutral Trogs played by the seat to the left in
// 2-3 player games, retreats and Trog nests; prisoners with buy-back; scoring (the enabler's
// regions, everyone's crystals, the Trogs' half rounded up, the last round's own rule) and the end
// with its tie-breaks. Content (maps, cards, structures, skills, tokens) comes from
// data/cryhavoc/*.json; effects are steps of a small vocabulary (Op) interpreted here.
//
// The position is a fixed-size, trivially copyable struct (a few KB, no heap). It is split in
// two: Public holds what every seat may know; Hidden holds hands, deck orders, token identities,
// per-seat knowledge and the generator. Views copy Public and only what the viewer may know of
// Hidden, so a view cannot hold anything it must not show.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/kernel.h"
#include "core/rng.h"

namespace turf::cryhavoc {

inline constexpr int kMaxSeats = 4;
inline constexpr int kFactions = 4;
enum Faction : std::uint8_t { kHumans, kMachines, kPilgrims, kTrogs };
inline constexpr int kTerrains = 4;
enum Terrain : std::uint8_t { kMountain, kDesert, kJungle, kOcean };
inline constexpr int kMaxRegions = 24;
inline constexpr int kMaxCardDefs = 64;
inline constexpr int kMaxHand = 24;         // hand capacity (C3.3: draws beyond it are skipped)
inline constexpr int kMaxPile = 48;         // a personal deck or discard pile
inline constexpr int kTerrainDeckSize = 8;  // C1.5
inline constexpr int kObjectives = 3;
enum Objective : std::uint8_t { kControl, kPrisoners, kAttrition };
inline constexpr int kBattleTokens = 8;  // C1.6
inline constexpr int kRounds = 5;        // C3.1
inline constexpr int kEventTokens = 6, kEventSpots = 4, kEventsOut = 2;
inline constexpr int kExploreTokens = 12;
inline constexpr int kMaxWarParties = 12, kMaxNests = 12;
inline constexpr int kSkillsPerFaction = 5;
// A faction may have one more skill (the Human Medic Team): global id kFactions * 5 + faction.
inline constexpr int kSkillIds = kFactions * kSkillsPerFaction + kFactions;
inline constexpr int kStructTypes = 5;                       // per faction at most (Machines)
inline constexpr int kStructIds = kFactions * kStructTypes;  // global id = faction * 5 + type
inline constexpr int kStructTokens = 3;                      // of each structure kind
inline constexpr int kHandLimit = 7, kDrawPerRound = 4, kActionsPerRound = 3;
inline constexpr int kHumanTokens = 3;  // Artillery tokens, Watchtower tokens
inline constexpr int kMatrixCapacity = 3;
inline constexpr int kMaxSkills = 3;  // default + up to 2 extra
// Numbers of effects that are not in an effect's data (their texts are checked against these).
inline constexpr int kAncientCrystalsVp = 3;   // Ancient Crystals, at the next scoring
inline constexpr int kDisassembleUnits = 2;    // Disassemble: units placed
inline constexpr int kAssembleUnits = 2;       // Assemble: units returned
inline constexpr int kArtilleryKills = 1;      // an Artillery token, as its battle begins
inline constexpr int kWatchtowerStrength = 1;  // a Watchtower token, on Region Control
inline constexpr int kSpecialForcesCost = 2;   // Special Forces: units removed per unit added
inline constexpr int kMigrationCrystals = 2;   // Trog Migration: crystals a region needs
inline constexpr int kTremorCrystals = 3;      // Tremor: crystals from which a region loses 1
inline constexpr int kBuyBackVp = 2;           // C9.2: VP per prisoner bought back
inline constexpr int kRegionControlVp = 2;     // C8.6: the winner of Region Control
inline constexpr int kKillVp = 1;              // C8.8: an Attrition kill
inline constexpr std::uint8_t kNone = 0xFF;
inline constexpr std::uint8_t kOwnDeck = 4;  // draw-2 source: own deck (terrains are 0..3)

// ---------------------------------------------------------------------------------------------
// Effects: every card, structure, skill, event and exploration token is a short list of steps.

enum class Op : std::uint8_t {
  kNone,
  // Resources.
  kVp,          // n VP
  kDraw,        // draw n cards
  kRecruit,     // n units from the reserve to the HQ
  kInitiative,  // own marker to the first space of the Upcoming Initiative track
  // On the map.
  kDeploy,           // n times: 1 unit from the reserve to a region you occupy (choice)
  kCrystalHere,      // n crystals in the source region
  kUnitsHere,        // n units from the reserve in the source region
  kExtractHere,      // n crystals from the source region to your store
  kHarvest,          // n times: 1 crystal from a region you occupy to your store (choice)
  kStoreToVp,        // spend n stored crystals, gain m VP
  kPayStore,         // spend n stored crystals (a skill's cost)
  kKillAnywhere,     // kill 1 enemy unit in any non-HQ region (choice of region and faction)
  kCaptureAdjacent,  // take 1 enemy unit prisoner next to your units (choice)
  kShred,            // 1 crystal from an adjacent region you do not control into the source
  kArtillery,        // an Artillery token in the source or an adjacent region (choice)
  kWatchtower,       // a Watchtower token in the source or an adjacent region (choice)
  kMatrix,           // top card of a terrain deck (choice) face down onto the Matrix here
  kFly,              // up to n units from the source to an unoccupied region (choice)
  kTeleport,         // up to n units from the source to a region within m steps (choice)
  kPhaseStep,        // 1 unit from a region you occupy to a region within m steps (choice)
  kPeek,             // look at the face-down tokens next to your units
  kExplore,          // a random unused Exploration token resolved in a region you occupy
  kDiscard,          // discard a card matching the filter (a cost; choice)
  kAirDrop,          // deploy as many units as the discarded card's recruit icons
  kMoveBonus,        // this turn: +1 movement point per card discarded for a Move
  kActionBonus,      // this turn: +n points for the Move, Recruit or Build action
  kSpecialForces,    // units from the board to a battle (several choices)
  kRedeploy,         // move one of your structures to an adjacent region you control
  kDisassemble,      // remove one of your structures, 2 units there
  kAssemble,         // 2 units to the reserve, a free structure there
  kFreeActivate,     // activate a structure without paying
  kDistraction,      // an objective resolves first in a battle of yours
  kWithdraw,         // all your units out of a battle region
  kKidnap,           // a prisoner from a region of the discarded card's terrain
  kAncientCrystals,  // a region you control is worth 3 VP at the next scoring
  kMedic,            // a battle region of yours: your first n units killed there are saved
  // Events.
  kAllRecruit,
  kCrystalRain,
  kAllDraw,
  kTrogMigration,
  kTremor,
  kWindfall,
  // Battle (tactics cards).
  kBReinforce,  // n times: 1 unit from the reserve onto an objective (choice)
  kBStrength,   // +n on objective m
  kBKill,       // n times: kill 1 enemy unit on an objective (choice)
  kBShift,      // up to n times: move 1 of your units between objectives (choice)
  kBPush,       // up to n times: move 1 enemy unit between objectives (choice)
  kNumOps
};

enum class CardFilter : std::uint8_t { kAny, kRecruit, kTerrain };

struct EffectStep {
  Op op = Op::kNone;
  std::int8_t n = 0, m = 0;
  CardFilter filter = CardFilter::kAny;
  bool operator==(const EffectStep&) const = default;
};

struct Effect {
  std::array<EffectStep, 4> steps{};
  std::uint8_t size = 0;
  bool empty() const { return size == 0; }
};

// ---------------------------------------------------------------------------------------------
// Content, loaded from data/cryhavoc/*.json (embedded at build time).

struct CardDef {
  std::string id, name, text, after_text, battle_text, tag, source;
  std::int8_t faction = -1;  // owning faction, or -1 for a terrain card
  std::int8_t terrain = -1;  // terrain of a terrain card, or -1
  std::uint8_t move = 0, recruit = 0, build = 0, star = 0, draw = 0;
  bool scoring = false;  // the Enable Scoring card
  Effect after;          // exclamation-mark text, after the action
  Effect battle;         // tactics text
};

struct StructureDef {
  std::string id, name, text, tag, source;
  std::uint8_t faction = 0, type = 0;
  std::uint8_t build_cost = 0, activate_cost = 0;
  Effect effect;
  bool exists = false;
};

struct SkillDef {
  std::string id, name, text, tag, source;
  std::uint8_t faction = 0;
  bool is_default = false, four_players_only = false;
  bool before_action_only = false;  // a move or action bonus: of no use once the action is done
  Effect effect;
};

struct FactionDef {
  std::string id, name, tag, source;
  std::uint8_t units = 0;
  std::vector<std::uint8_t> deck;  // card defs, copies repeated
  std::uint8_t num_structures = 0;
  std::uint8_t default_skill = 0;  // index 0..4 within the faction
  bool sixth_skill = false;        // skill kFactions * 5 + faction exists
  std::uint8_t scoring_card = 0;   // the card def of its one scoring card
};

enum class TokenSpot : std::uint8_t { kNone, kExploration, kWarParty };

struct RegionDef {
  std::string id, name, tag;
  std::int8_t terrain = -1;  // -1 for an HQ slot
  std::uint8_t crystals = 0;
  TokenSpot token = TokenSpot::kNone;
  std::int8_t hq_slot = -1;
  bool trog_hq = false, tunnel = false;
  std::uint8_t row = 0, col = 0;
  std::uint32_t adj = 0;       // neighbours (wrap-around links included)
  std::uint32_t wrap_adj = 0;  // the wrap-around links alone (for drawing)
};

struct MapDef {
  std::string id, name, tag, why;
  std::vector<int> players;
  int rows = 0, cols = 0;
  int num_regions = 0;
  std::array<RegionDef, kMaxRegions> regions;
  std::vector<std::uint8_t> hq_slots;  // region per slot
  int trog_hq = -1;
  std::uint32_t tunnels = 0;  // tunnel regions (the Trog HQ included)
  std::array<std::array<std::uint8_t, kMaxRegions>, kMaxRegions> dist{};  // steps between regions
};

struct TokenDef {
  std::string id, name, text, tag, source;
  Effect effect;                         // events, exploration
  std::uint8_t trogs = 0, crystals = 0;  // war parties, nests
};

struct Content {
  std::vector<CardDef> cards;
  std::array<FactionDef, kFactions> factions;
  std::array<StructureDef, kStructIds> structures;  // global id
  std::array<SkillDef, kSkillIds> skills;  // faction * 5 + k; a sixth: kFactions * 5 + faction
  std::array<std::vector<std::uint8_t>, kTerrains> terrain_decks;  // card defs
  std::array<MapDef, 2> maps;                                      // 0: 2 players
  std::vector<TokenDef> events, explores, war_parties, nests;
  std::vector<std::uint8_t> explore_pool, war_party_pool, nest_pool;  // token defs, copies
  std::array<int, kEventSpots> event_spots{};
  std::string event_spots_tag;
  const MapDef& map_for(int players) const { return maps[players == 2 ? 0 : 1]; }
};
// The game's own content (data/cryhavoc/*.json).
const Content& content();
// Every content this process plays with, by slot (Public::content): 0 the game's own, then the
// variants (core/variant.h) in the order they were loaded (game.h: content_slot).
const Content* const* content_table();

// ---------------------------------------------------------------------------------------------
// Action ids (stable; documented in docs/rules/cryhavoc.md, section "Actions").

inline constexpr int kActMove = 0;
inline constexpr int kActRecruit = 1;
inline constexpr int kActBuild = 2;
inline constexpr int kActDrawOwn = 3;
inline constexpr int kActDrawTerrain = 4;  // + terrain
inline constexpr int kActScoring = 8;
inline constexpr int kActDone = 9;  // end the move / recruit / build, stop an optional effect
inline constexpr int kActEndTurn = 10;
inline constexpr int kActPass = 11;           // battle: play no more tactics cards
inline constexpr int kActSkill = 20;          // + global skill id (faction * 5 + k; 20 + f)
inline constexpr int kActCard = 100;          // + card def
inline constexpr int kActRegion = 200;        // + region
inline constexpr int kActObjective = 240;     // + objective
inline constexpr int kActNumber = 250;        // + k (0..31)
inline constexpr int kActStep = 300;          // + from * 24 + to: one unit one step / a jump
inline constexpr int kActBuildType = 1000;    // + global structure id
inline constexpr int kActStructure = 1100;    // + sid * 24 + region: a built structure
inline constexpr int kActUnit = 1600;         // + region * 4 + faction: an enemy unit
inline constexpr int kActShift = 1700;        // + from * 3 + to: own unit on the battle board
inline constexpr int kActPush = 1710;         // + from * 3 + to: enemy unit on the battle board
inline constexpr int kActMatrixCard = 1800;   // + card def: play a card from a Matrix
inline constexpr int kActBuyBack = 1900;      // + captor faction
inline constexpr int kActTerrainDeck = 1950;  // + terrain: the Matrix's deck
// + skill * 64 + card def: use a skill whose cost is a discard, discarding that card (one
// decision, so that no hidden choice is ever left half made).
inline constexpr int kActSkillCard = 2000;

enum class Step : std::uint8_t {
  kDiscardToLimit,  // C4.3: discard down to 7
  kTurnStart,       // C5.1: an action or a skill
  kMove,            // C6: move units, discard for movement, end
  kRecruit,         // C7.1
  kBuild,           // C7.2: discard for build points, build, activate, end
  kBuildWhere,      // C7.3: the region for the chosen structure
  kKeep,            // C7.6: draw 2 keep 1
  kTrogOrder,       // C6.7: which Trog token to resolve next
  kBattleOrder,     // C6.9: which region gets the next battle token
  kEffect,          // a choice inside an effect
  kTurnEnd,         // C5.3: a skill after the action, or end the turn
  kPlace,           // C8.3: units on Region Control (sub 0), on Capture Prisoners (sub 1)
  kTactics,         // C8.4: play a tactics card or pass
  kCapture,         // C8.7: which space the prisoner comes from
  kKill,            // C8.8: which space a kill comes from (only when attrition resolves early)
  kRetreat,         // C8.10: where the loser retreats
  kNest,            // C8.11: where the retreating neutral Trogs nest
  kBuyBack,         // C9.2
  kOver,
};

// Where a finished effect returns to.
enum class Resume : std::uint8_t { kTurnStart, kTurnEnd, kBuild, kTactics, kAfterCards };

struct PendingStep {
  EffectStep step;
  std::uint8_t seat = 0;        // who decides and draws
  std::uint8_t faction = 0;     // the side that benefits
  std::uint8_t source = kNone;  // source region (structure, exploration token)
  std::uint8_t stage = 0, a = kNone, b = kNone, count = 0;  // progress of multi-choice steps
  bool operator==(const PendingStep&) const = default;
};

struct RegionState {
  std::array<std::uint8_t, kFactions> units{};
  std::uint8_t control = kNone;   // faction holding the Control token
  std::uint8_t crystals = 0;      // total value
  std::uint8_t battle = 0;        // battle token 1..8, 0 none
  std::uint8_t attacker = kNone;  // faction that attacked (battle regions)
  std::uint8_t explore = 0;       // a face-down Exploration token lies here
  std::uint8_t trog = 0;          // 0 none, 1 face-down War Party, 2 face-down Nest
  std::uint8_t artillery = 0, watchtower = 0;
  std::uint8_t distraction = kNone;  // objective chosen by Distraction for the battle here
  std::uint8_t medic = 0;            // Medic Team: kills still to save in the battle here,
  std::uint8_t medic_for = kNone;    // of this faction's units
  std::uint8_t matrix = 0;           // cards face down on the Matrix here
  std::array<std::uint8_t, kMatrixCapacity> matrix_terrain{};  // their terrains (public)
  std::uint32_t structures = 0;                                // bit per global structure id
  bool operator==(const RegionState&) const = default;
};

// The public part of a seat.
struct SeatState {
  std::uint8_t faction = 0;
  std::int16_t vp = 0;
  std::uint8_t hq = 0;
  std::uint8_t hand = 0, deck = 0;  // counts
  std::uint8_t discard_n = 0;
  std::array<std::uint8_t, kMaxPile> discard{};  // card defs, sorted (face up)
  // Identities of hand + deck cards known to everyone (the faction's cards not in the discard,
  // and terrain cards that went through the discard), as counts per card def.
  std::array<std::uint8_t, kMaxCardDefs> known{};
  // Terrain cards in hand + deck whose identity only this seat knows, per terrain.
  std::array<std::uint8_t, kTerrains> secret{};
  std::uint8_t limbo = 0, limbo_src = kNone;       // draw 2 keep 1: cards seen, their deck
  std::array<std::uint8_t, kMaxSkills> skills{};   // global skill ids
  std::uint8_t num_skills = 0, exhausted = 0;      // exhausted: bit per skill slot
  std::array<std::uint8_t, kStructTypes> built{};  // structure tokens on the map per type
  std::uint8_t store = 0;                          // the Pilgrims' crystal store
  std::uint8_t ancient = kNone;                    // region chosen with Ancient Crystals
  bool operator==(const SeatState&) const = default;
};

struct BattleState {
  std::uint8_t region = kNone;
  std::array<std::uint8_t, 2> side{kNone, kNone};  // factions: attacker, defender
  std::array<std::uint8_t, 2> seat{kNone, kNone};  // deciding seats
  std::array<std::array<std::uint8_t, kObjectives>, 2> board{};
  std::array<std::array<std::uint8_t, kObjectives>, 2> strength{};
  std::uint8_t placing = 0, sub = 0;  // kPlace: side placing, 0 control / 1 prisoners
  std::uint8_t turn = 0;              // kTactics: side to play
  std::array<bool, 2> passed{};
  std::array<std::uint8_t, kObjectives> order{0, 1, 2};
  std::uint8_t next = 0;        // index into order of the objective to resolve
  std::uint8_t winner = kNone;  // side that won Region Control
  std::uint8_t kills_side = 0;  // kKill: side choosing; kills left per side
  std::array<std::uint8_t, 2> kills{};
  std::uint8_t capturer = 0;
  std::array<std::uint8_t, 2> killed{};  // Attrition kills by each side (narration)
  std::array<std::array<std::uint8_t, kObjectives>, 2> value{};  // units + strength when resolved
  bool operator==(const BattleState&) const = default;
};

// What happened since the last decision, public, for narration (issue 23). The kernel writes a
// fact wherever VP, control or the units on the map change, and wherever a round begins, an
// event, an exploration, a Trog token, a Nest, a battle (begun, resolved objective by objective,
// ended, or removed without a fight), the prisoners' VP or a scoring resolves, in the order they
// happen; apply() clears the list first. Narration reads it from the view after the step, so
// nothing that happens within one step can hide another (two battles, several tokens).
enum class Fact : std::uint8_t {
  kNone,
  kVp,           // seat a: n VP (negative: paid)
  kUnits,        // faction a: n units onto (n > 0) or off (n < 0) the map (the battle board
                 // included) at region b
  kControl,      // region a: control passes from faction b to faction c (kNone: nobody)
  kRound,        // round a begins
  kMoveEnd,      // the mover's Move action ends (C6.6-C6.9 follow)
  kEvent,        // event token a is revealed and resolved
  kExploration,  // exploration token a resolved at region b for faction c
  kTrogToken,    // region a: face-down Trog token of kind b (1 War Party, 2 Nest), def c, revealed
                 // by faction d; n Trog units placed
  kNest,         // a face-down Nest is put in region a
  kBattle,       // region a: battle token d begins, faction b attacks faction c
  kArtillery,    // region a: the Artillery token kills a unit of faction b as the battle begins
  kNoBattle,     // region a: the battle token is removed without a battle (C8.2); faction b
                 // attacked faction c; faction e takes the region (kNone: nobody)
  kObjective,    // region a, objective b resolved with c (attacker) against d (defender):
                 // Region Control: e the winning side; Capture Prisoners: e the capturing side
                 // (kNone: nobody); Attrition: e kills by the attacker, n by the defender
  kBattleEnd,    // region a: side b won; loser c's n surviving units retreat to region d
                 // (kNone: to the reserve, or the neutral Trogs leave); e = 1 when the loser
                 // chooses where (a decision follows)
  kScoring,      // scoring at the end of round a; b the seat that enabled it (kNone: the last
                 // round)
};

// Why VP, units or control changed: narration tells each change with its cause.
enum class Cause : std::uint8_t {
  kAction,         // the decision itself (an action, its icons and texts, a skill, a choice)
  kEvent,          // an event token
  kExploration,    // an exploration token
  kTrogToken,      // a Trog token revealed (C6.7)
  kBattle,         // a battle resolving by itself (C8)
  kPrisoners,      // VP for prisoners held (C9.1)
  kScoreRegions,   // the enabler's regions (C10.2)
  kScoreCrystals,  // crystals (C10.2)
  kAncient,        // Ancient Crystals at a scoring
};

struct FactRec {
  Fact kind = Fact::kNone;
  Cause cause = Cause::kAction;
  std::uint8_t a = 0, b = 0, c = 0, d = 0, e = 0;
  std::int8_t n = 0;
  bool operator==(const FactRec&) const = default;
};
inline constexpr int kMaxFacts = 64;

// Everything every seat may know.
struct Public {
  std::uint8_t players = 0, map = 0;
  std::uint8_t content = 0;   // the content played: 0 the game's own, else a variant (content_slot)
  bool trogs_neutral = true;  // 2-3 players
  bool nest_into_battles = false;        // R34 option (Setup)
  bool end_when_events_run_out = false;  // R35 option (Setup)
  std::uint8_t final_round = 0;          // the last round once it has begun (0 before)
  std::array<std::uint8_t, kFactions> faction_seat{kNone, kNone, kNone, kNone};
  std::array<std::uint8_t, kMaxRegions> hq_faction{};  // faction whose HQ the region is, or kNone
  std::uint32_t tunnels = 0;                           // Trog tunnel regions (4 players)
  std::array<SeatState, kMaxSeats> seats{};
  std::array<RegionState, kMaxRegions> regions{};
  std::array<std::uint8_t, kFactions> reserve{};  // units in reserve (neutral Trogs: supply)
  std::array<std::array<std::uint8_t, kFactions>, kFactions> prisoners{};  // [captor][captive]
  std::array<std::uint8_t, kMaxSeats> initiative{}, upcoming{};            // seats, first to last
  std::array<std::uint8_t, kMaxSeats> start_initiative{};  // the order drawn at set-up
  std::uint8_t round = 0, action_round = 0, turn_pos = 0;
  std::uint8_t scoring_by = kNone;  // seat that enabled scoring this round
  // Event spaces: face-down tokens stacked on each; revealed events, in order.
  std::array<std::uint8_t, kEventSpots> event_count{};
  std::array<std::uint8_t, kEventTokens> revealed_events{};
  std::uint8_t num_revealed_events = 0;
  std::array<std::uint8_t, kExploreTokens> revealed_explores{};  // face up, in order
  std::uint8_t num_revealed_explores = 0, explore_unused = 0;
  std::array<std::uint8_t, kMaxWarParties> revealed_war_parties{};
  std::uint8_t num_revealed_war_parties = 0, war_party_unused = 0;
  std::array<std::uint8_t, kMaxNests> revealed_nests{};
  std::uint8_t num_revealed_nests = 0, nest_supply = 0;
  std::array<std::uint8_t, kTerrains> terrain_count{}, terrain_bottom{};  // bottom: face-up known
  std::uint8_t artillery_left = kHumanTokens, watchtower_left = kHumanTokens;

  // The decision in progress.
  Step step = Step::kTurnStart;
  std::uint8_t to_move = 0;
  std::uint8_t sub = 0;  // kDiscardToLimit: position in initiative order; kBuyBack likewise
  // The current action (C6, C7).
  std::uint8_t points = 0;        // movement / recruit / build points left
  std::uint8_t action_kind = 0;   // kActMove / kActRecruit / kActBuild while an action runs
  bool drew_asterisk = false;     // C5.5: one card-icon draw per action
  bool move_bonus = false;        // Move It, Move It this turn
  std::uint8_t action_bonus = 0;  // Nuclear Battery this turn
  std::uint8_t chosen = kNone;    // kBuildWhere: structure id
  std::array<std::uint8_t, kMaxRegions> frozen{};  // units that stopped (C6.4)
  std::uint32_t entered = 0;                       // regions moved into this action
  std::uint32_t pending = 0;                       // kTrogOrder / kBattleOrder candidates
  std::uint32_t control_at_start = 0;              // regions the mover controlled (C7.3)
  std::array<std::uint8_t, 12> after_cards{};      // cards with "!" text discarded this action
  std::uint8_t num_after = 0;
  std::array<std::uint32_t, kMaxRegions> activated{};  // per region: structures used this turn
  // Effects waiting to be resolved, front first.
  std::array<PendingStep, 8> queue{};
  std::uint8_t queue_size = 0;
  Resume resume = Resume::kTurnStart;
  std::uint8_t last_card = kNone;  // the card a kDiscard step discarded
  BattleState battle;
  bool over = false;
  // What happened since the last decision (narration).
  std::array<FactRec, kMaxFacts> facts{};
  std::uint8_t num_facts = 0;
  Cause cause = Cause::kAction;  // the cause of the changes being made now

  // Statistics for the balance lab.
  std::uint8_t battles = 0, trog_battles = 0, scorings = 0, events_pulled = 0;

  bool operator==(const Public&) const = default;
};

// What no seat (or only one seat) may know.
struct Hidden {
  std::array<std::array<std::uint8_t, kMaxHand>, kMaxSeats> hand{};  // sorted card defs
  std::array<std::array<std::uint8_t, kMaxPile>, kMaxSeats> deck{};  // top = last
  std::array<std::array<std::uint8_t, 2>, kMaxSeats> limbo{};
  std::array<std::array<std::uint8_t, kTerrainDeckSize>, kTerrains> terrain{};  // [0] = bottom
  std::array<std::array<std::uint8_t, kMatrixCapacity>, kMaxRegions> matrix{};
  std::array<std::uint8_t, kMaxRegions> explore{}, trog{};  // face-down token defs per region
  std::array<std::array<std::uint8_t, kEventTokens>, kEventSpots> events{};  // top = last
  std::array<std::uint8_t, kEventsOut> events_out{};
  std::array<std::uint8_t, kExploreTokens> explore_unused{};    // sorted
  std::array<std::uint8_t, kMaxWarParties> war_party_unused{};  // sorted
  std::array<std::uint8_t, kMaxNests> nests{};                  // face-down supply, top = last
  // Per seat: cards it saw go back into a terrain deck (counts per card def).
  std::array<std::array<std::uint8_t, kMaxCardDefs>, kMaxSeats> seen_in_terrain{};
  // Per seat: regions whose face-down Exploration / Trog token it has looked at (Scouting).
  std::array<std::uint32_t, kMaxSeats> peek_explore{}, peek_trog{};
  std::uint32_t reveals = 0;  // counts draws, shuffles and reveals (undo points)
  bool operator==(const Hidden&) const = default;
};

struct Position {
  Public pub;
  Hidden hid;
  Rng rng;
  bool operator==(const Position&) const = default;

  const SeatState& seat(int s) const { return pub.seats[s]; }
  int faction_of(int seat) const { return pub.seats[seat].faction; }
  int seat_of(int faction) const { return pub.faction_seat[faction]; }  // kNone: neutral/absent
};

// Set-up options.
struct Setup {
  int players = 2;
  bool random_factions = true;  // else seats take Humans, Machines, Pilgrims, Trogs in order
  int extra_skills = 0;         // 0..2
  // R34: where retreating neutral Trogs nest. false (default): not into a region whose battle is
  // still to come; true: the printed text, any adjacent uncontrolled region.
  bool nest_into_battles = false;
  // R35: how the game ends. false (default): after round 5; true: the round whose Events phase
  // finds no event token left to reveal is the last one (and round 5 at the latest).
  bool end_when_events_run_out = false;
  int content = 0;  // option variant: the content's slot (content_slot)
};

// The content a position (or what a seat sees of it) is played with.
inline const Content& content_of(const Public& pub) {
  return *content_table()[pub.content];
}
inline const Content& content_of(const Position& p) {
  return content_of(p.pub);
}

// Set-up (C2) and the first round's automatic phases.
void setup(Position& p, const Setup& s, std::uint64_t seed);

// Legal actions of p.pub.to_move, in a fixed order. `out` is cleared first.
void legal_actions(const Position& p, std::vector<int>& out);
bool is_legal(const Position& p, int action);
// Applies a legal action and runs every automatic step after it. Returns true when something
// random was drawn or hidden was revealed (an undo point).
bool apply(Position& p, int action);

// Whether the round being played is the last one (C10.5, R35), and how many rounds are still to
// come after it (at most; with the R35 option, passed events can end the game sooner).
bool last_round(const Public& pub);
int rounds_after(const Public& pub);

// The final standing (C10.6): the most VP, then the most prisoners held, then the later place on
// the initiative track. The one comparison ranking(), the narration and the drawing share.
struct Standing {
  int players = 0;
  std::array<int, kMaxSeats> vp{}, held{}, init{};  // init: place on the initiative track, 0 first
  bool ahead(int a, int b) const {                  // a finishes ahead of b
    if (vp[a] != vp[b]) return vp[a] > vp[b];
    if (held[a] != held[b]) return held[a] > held[b];
    return init[a] > init[b];  // later on the initiative track wins
  }
  // The seats from first to last (the order is total: initiative places differ).
  std::array<int, kMaxSeats> order() const;
  // Rank per seat, 0 first (the order is total, so no two seats share a rank).
  std::array<int, kMaxSeats> ranks() const {
    std::array<int, kMaxSeats> rank{};
    for (int a = 0; a < players; ++a)
      for (int b = 0; b < players; ++b)
        if (b != a && ahead(b, a)) ++rank[static_cast<std::size_t>(a)];
    return rank;
  }
};
Standing standing(const Public& pub);

// Geometry and helpers shared with the adapter, the drawing and the tests.
const MapDef& map_of(const Position& p);
bool is_hq(const Position& p, int region);    // an HQ of a seat in this game (C2.4)
int hq_owner(const Position& p, int region);  // faction whose HQ it is, or kNone
std::uint32_t neighbours(const Position& p, int region, int faction);  // tunnels for Trogs
int free_battle_token(const Position& p);                              // lowest unused, 0 when none
int units_in(const RegionState& r);
int enemy_faction_in(const Position& p, int region, int faction);  // kNone when none
// Regions the faction controls; crystal VP it would score now (C10.2: Trogs half, rounded up).
int regions_controlled(const Position& p, int faction);
int crystal_points(const Position& p, int faction);
// The deck a tactics card belongs to: terrain of a terrain card, else kNone.
int card_terrain(const Position& p, int def);
// Cards a seat may play in the current battle (C8.4), as card defs.
bool can_play_tactic(const Position& p, int seat, int def);

// The kernel contract (core/kernel.h): the points are the VP, the ranking C10.6's Standing.
struct Kernel {
  using Position = cryhavoc::Position;
  using Setup = cryhavoc::Setup;
  static constexpr int kMaxSeats = cryhavoc::kMaxSeats;
  static void setup(Position& p, const Setup& s, std::uint64_t seed) {
    cryhavoc::setup(p, s, seed);
  }
  static int seats(const Position& p) { return p.pub.players; }
  static bool over(const Position& p) { return p.pub.over; }
  static int to_move(const Position& p) { return p.pub.to_move; }
  static void legal_actions(const Position& p, std::vector<int>& out) {
    cryhavoc::legal_actions(p, out);
  }
  static bool is_legal(const Position& p, int a) { return cryhavoc::is_legal(p, a); }
  // A draw, shuffle or reveal: an undo point (E3).
  static bool apply(Position& p, int a) { return cryhavoc::apply(p, a); }
  static void outcome(const Position& p, Outcome& out) {
    const Standing st = standing(p.pub);
    const auto r = st.ranks();
    out.seats = p.pub.players;
    for (int s = 0; s < p.pub.players; ++s) {
      out.points[s] = p.pub.seats[s].vp;
      out.ranks[s] = r[s];
    }
  }
  // A generous bound: 5 rounds of at most 3 turns per seat, each turn at most ~300 decisions
  // (skills, discards, moves, effect choices), plus battles and the phases between.
  static int length_bound(const Position&) { return 40000; }
};
static_assert(RulesKernel<Kernel>);

}  // namespace turf::cryhavoc
