// Hidden information outside the views (issue 15): OS seeds, the sealed record of a match in
// progress (libsodium's ChaCha20-Poly1305 against RFC 8439 and OpenSSL), its key file, and the
// hot-seat escape sequences. The public log and the undo probe are in the conformance suite; the
// CLI sessions (screens, file names, replay --spoilers, typed-ahead input) are in
// tests/hidden_cli_test.sh.
#include <gtest/gtest.h>
#include <sodium.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "core/live_record.h"
#include "core/match.h"
#include "core/secret.h"
#include "core/term.h"
#include "temp_dir.h"

namespace turf {
namespace {

std::string bytes_of(std::string_view hex) {
  return from_hex(hex);
}

template <std::size_t N>
std::array<std::uint8_t, N> array_of(std::string_view hex) {
  const std::string b = from_hex(hex);
  std::array<std::uint8_t, N> out{};
  EXPECT_EQ(b.size(), N);
  std::copy(b.begin(), b.end(), out.begin());
  return out;
}

// The library's primitives against RFC 8439's own vectors: Poly1305 (2.5.2) and the ChaCha20
// key stream (2.4.2), the two halves of the AEAD below.
TEST(Seal, Poly1305MatchesRfc8439Section2_5_2) {
  ASSERT_GE(sodium_init(), 0);
  const auto key = array_of<32>("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  const std::string msg = "Cryptographic Forum Research Group";
  unsigned char tag[crypto_onetimeauth_poly1305_BYTES];
  crypto_onetimeauth_poly1305(tag, reinterpret_cast<const unsigned char*>(msg.data()), msg.size(),
                              key.data());
  EXPECT_EQ(to_hex(std::string_view(reinterpret_cast<const char*>(tag), sizeof tag)),
            "a8061dc1305136c6c22b8baf0c0127a9");
}

TEST(Seal, ChaCha20MatchesRfc8439Section2_4_2) {
  ASSERT_GE(sodium_init(), 0);
  Key256 key;
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i);
  const auto nonce = array_of<12>("000000000000004a00000000");
  std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  crypto_stream_chacha20_ietf_xor_ic(reinterpret_cast<unsigned char*>(text.data()),
                                     reinterpret_cast<const unsigned char*>(text.data()),
                                     text.size(), nonce.data(), 1, key.data());
  EXPECT_EQ(to_hex(text),
            "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f59"
            "3dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d"
            "16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d");
}

TEST(Seal, AeadMatchesRfc8439Section2_8_2) {
  Key256 key;
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(0x80 + i);
  const auto nonce = array_of<12>("070000004041424344454647");
  const std::string aad = bytes_of("50515253c0c1c2c3c4c5c6c7");
  const std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  const std::string sealed = aead_seal(key, nonce, aad, text);
  EXPECT_EQ(to_hex(sealed),
            "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fa"
            "fb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4"
            "fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116"
            "1ae10b594f09e26a7e902ecbd0600691");
  EXPECT_EQ(aead_open(key, nonce, aad, sealed), text);
}

// Lengths around the block sizes, against OpenSSL (Python's cryptography package): key 0..31,
// zero nonce, byte i of the plaintext 7i mod 256, associated data "x" repeated (n mod 19) times.
TEST(Seal, AeadMatchesOpenSslAtEveryBlockBoundary) {
  Key256 key;
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i);
  const Nonce96 nonce{};
  const std::pair<int, const char*> cases[] = {
      {0, "10324f800a160bd9a1794255be7ec29d"},
      {1, "182e2a0f19934aeb9f532943abbbe0710c"},
      {15, "18bf4c24b1c58ce02b5e1a2cfb182c0d2ee91bbd17cceffcfcbdc4f358361f"},
      {16, "18bf4c24b1c58ce02b5e1a2cfb182c4e532823c45178448a1e444f3b54fd7595"},
      {17, "18bf4c24b1c58ce02b5e1a2cfb182c4e882ebfb2634c952e597b116200b6482eaa"},
      {65,
       "18bf4c24b1c58ce02b5e1a2cfb182c4e88c68d706d3ec1fd44574aafeefea78592efe6982ded364c859e7e0950"
       "354275cbf7a83bb22e234f85a5dce2953ee87482f769df5bf29c263655e6e29ba4e80056"},
  };
  for (const auto& [n, expect] : cases) {
    std::string text;
    for (int i = 0; i < n; ++i) text.push_back(static_cast<char>((i * 7) & 255));
    const std::string aad(static_cast<std::size_t>(n % 19), 'x');
    EXPECT_EQ(to_hex(aead_seal(key, nonce, aad, text)), expect) << n << " bytes";
  }
}

TEST(Seal, OpenRefusesAnyChange) {
  Key256 key{};
  key[3] = 9;
  Nonce96 nonce{};
  const std::string sealed = aead_seal(key, nonce, "aad", "the hand of seat 1");
  ASSERT_TRUE(aead_open(key, nonce, "aad", sealed));
  for (std::size_t i = 0; i < sealed.size(); ++i) {
    std::string bad = sealed;
    bad[i] = static_cast<char>(bad[i] ^ 1);
    EXPECT_FALSE(aead_open(key, nonce, "aad", bad)) << "a flipped bit at byte " << i;
  }
  EXPECT_FALSE(aead_open(key, nonce, "other", sealed));
  Key256 other = key;
  other[0] ^= 1;
  EXPECT_FALSE(aead_open(other, nonce, "aad", sealed));
  EXPECT_FALSE(aead_open(key, nonce, "aad", sealed.substr(0, 10)));
}

// Seeds: full 64 bits from the OS. 16 draws below 2^40 would happen with probability 2^-384.
TEST(Seeds, FreshSeedsAreFull64BitAndDistinct) {
  std::set<std::uint64_t> seen;
  bool high = false;
  for (int i = 0; i < 16; ++i) {
    const std::uint64_t s = os_random_u64();
    high |= s >= (std::uint64_t{1} << 40);
    seen.insert(s);
  }
  EXPECT_TRUE(high) << "fresh seeds never use their high bits";
  EXPECT_EQ(seen.size(), 16u);
}

// ---------------------------------------------------------------------------------------------
// The live record.

class LiveRecord : public ::testing::Test {
 protected:
  const test_files::TempStateHome home_{"turf-live"};
  const std::filesystem::path dir_{home_.dir().path()};
};

// A match of `game` played at random until `actions` actions, at least one of them a hidden
// choice (its full label differs from its public label); null when none came before the end.
std::unique_ptr<Match> played_with_secret(const GameInfo& g, std::uint64_t seed, int actions) {
  auto m = std::make_unique<Match>(
      g, g.resolve({}), seed,
      std::vector<SeatInfo>(static_cast<std::size_t>(g.resolve({}).players())));
  Rng r(seed);
  std::vector<Action> legal;
  bool secret = false;
  for (int i = 0; (i < actions || !secret) && !m->over(); ++i) {
    m->state().legal_actions(legal);
    const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    auto next = m->state().clone();
    next->apply(a);
    if (next->terminal()) break;  // stay in progress
    secret |= m->state().action_label(a) != m->state().public_label(a);
    m->apply(a);
  }
  if (!secret) return nullptr;
  return m;
}

// A live record sealed by the hand-written ChaCha20-Poly1305 of main 6b013de (`turf play dungeon
// --seats human,easy --seed 7`, three moves, then q), with its key file: the libsodium seal opens
// it to the same match (the tag checks every byte), so records of matches in progress survive
// the change of library.
TEST_F(LiveRecord, ARecordSealedBeforeLibsodiumStillOpens) {
  const std::filesystem::path fixture = std::filesystem::path(TURF_FIXTURES) / "main-6b013de";
  const std::string key_name = "f419dbdc7febe725aaec7e3bc0310de9.key";
  std::filesystem::create_directories(live_key_dir());
  std::filesystem::copy_file(fixture / "keys" / key_name,
                             std::filesystem::path(live_key_dir()) / key_name);
  const std::string path = (fixture / "live-record.json").string();
  const auto live = nlohmann::json::parse(read_file(path));
  ASSERT_TRUE(is_live_record(live));
  std::optional<LiveSeal> seal;
  const Match m = load_match(path, &seal);
  ASSERT_TRUE(seal.has_value());
  EXPECT_EQ(seal->match_id, "f419dbdc7febe725aaec7e3bc0310de9");
  EXPECT_EQ(m.game().id, "dungeon");
  EXPECT_EQ(m.seed(), 7u);
  ASSERT_EQ(m.history().size(), live["public_log"].size());
  ASSERT_EQ(m.history().size(), 7u);
  auto s = m.state_at(0);
  for (std::size_t i = 0; i < m.history().size(); ++i) {
    EXPECT_EQ(m.history()[i].seat, live["public_log"][i]["seat"].get<Seat>()) << i;
    EXPECT_EQ(s->public_label(m.history()[i].id), live["public_log"][i]["label"].get<std::string>())
        << i;
    s->apply(m.history()[i].id);
  }
  // Saved again by this build, it opens again (the new seal, a fresh nonce).
  const std::string again = (dir_ / "again.json").string();
  save_match(m, *seal, again);
  EXPECT_EQ(load_match(again).history().size(), m.history().size());
  EXPECT_NE(read_file(again), read_file(path));
}

TEST_F(LiveRecord, HoldsNoSeedNoHiddenLabelAndOpensWithItsKey) {
  int games_with_secrets = 0;
  for (const auto& g : Registry::instance().games()) {
    const std::uint64_t seed = 0xDEADBEEF12345ULL;
    const auto m = played_with_secret(*g, seed, 12);
    if (!m) continue;
    ++games_with_secrets;
    ASSERT_FALSE(m->over());
    const LiveSeal seal = new_live_seal();
    const std::string path = (dir_ / (g->id + ".json")).string();
    save_match(*m, seal, path);
    const std::string text = read_file(path);
    const auto live = nlohmann::json::parse(text);
    EXPECT_TRUE(is_live_record(live));
    EXPECT_FALSE(live.contains("seed")) << g->id;
    EXPECT_FALSE(live.contains("actions")) << g->id;
    EXPECT_EQ(text.find(std::to_string(seed)), std::string::npos) << g->id << ": seed in clear";
    // No full label of a hidden choice, anywhere in the file; the public log has its public one.
    auto s = m->state_at(0);
    int hidden = 0;
    for (std::size_t i = 0; i < m->history().size(); ++i) {
      const auto& e = m->history()[i];
      const std::string full = s->action_label(e.id), pub = s->public_label(e.id);
      EXPECT_EQ(live["public_log"][i]["label"], pub);
      EXPECT_EQ(live["public_log"][i]["seat"], e.seat);
      if (full != pub) {
        ++hidden;
        EXPECT_EQ(text.find("\"" + full + "\""), std::string::npos)
            << g->id << ": the hidden choice '" << full << "' is in clear";
      }
      s->apply(e.id);
    }
    EXPECT_GT(hidden, 0);
    // The key: a private file in a private folder.
    const std::string key = live_key_dir() + "/" + seal.match_id + ".key";
    struct stat st {};
    ASSERT_EQ(::stat(key.c_str(), &st), 0) << key;
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    ASSERT_EQ(::stat(live_key_dir().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    // It opens to exactly the full record, and resumes to the same state.
    LiveSeal opened;
    EXPECT_EQ(open_live_record(live, &opened), m->record());
    EXPECT_EQ(opened.match_id, seal.match_id);
    EXPECT_EQ(opened.key, seal.key);
    std::optional<LiveSeal> stored;
    const Match back = load_match(path, &stored);
    ASSERT_TRUE(stored);
    EXPECT_TRUE(back.state().equals(m->state()));
    EXPECT_EQ(back.seed(), seed);
  }
  EXPECT_GE(games_with_secrets, 2) << "too few games with hidden choices to check";
}

TEST_F(LiveRecord, WithoutItsKeyOrChangedItDoesNotOpen) {
  const auto& g = Registry::instance().find("dungeon");
  Match m(g, g.resolve({}), 77, std::vector<SeatInfo>(2));
  std::vector<Action> legal;
  m.state().legal_actions(legal);
  m.apply(legal[0]);
  const LiveSeal seal = new_live_seal();
  const std::string path = (dir_ / "m.json").string();
  save_match(m, seal, path);
  auto live = nlohmann::json::parse(read_file(path));
  // Match::load reads full records only: a sealed one is refused, not half-read.
  EXPECT_THROW(Match::load(path), Error);
  // Another match's key, a changed byte, a changed game: refused.
  auto other = live;
  std::string data = other["sealed"]["data"];
  data[5] = data[5] == '0' ? '1' : '0';
  other["sealed"]["data"] = data;
  EXPECT_THROW(open_live_record(other), Error);
  other = live;
  other["game"] = "yard";
  EXPECT_THROW(open_live_record(other), Error);
  // The key gone: a clear error naming it.
  forget_live_key(seal.match_id);
  try {
    open_live_record(live);
    ADD_FAILURE() << "opened without its key";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(seal.match_id + ".key"), std::string::npos) << e.what();
  }
}

TEST_F(LiveRecord, AFinishedMatchIsSavedInFullAndItsKeyForgotten) {
  const auto& g = Registry::instance().find("dungeon");
  Match m(g, g.resolve({}), 78, std::vector<SeatInfo>(2));
  std::vector<Action> legal;
  Rng r(3);
  const LiveSeal seal = new_live_seal();
  const std::string path = (dir_ / "f.json").string();
  while (!m.over()) {
    m.state().legal_actions(legal);
    m.apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    save_match(m, seal, path);
  }
  const auto full = nlohmann::json::parse(read_file(path));
  EXPECT_FALSE(is_live_record(full));
  EXPECT_EQ(full["seed"], 78);
  EXPECT_FALSE(std::filesystem::exists(live_key_dir() + "/" + seal.match_id + ".key"));
}

TEST(HotSeat, ClearingWipesTheScrollbackAndUsesTheAlternateScreen) {
  EXPECT_NE(term::kClearAll.find("\033[2J"), std::string::npos);
  EXPECT_NE(term::kClearAll.find("\033[3J"), std::string::npos);
  EXPECT_EQ(term::kAltScreenOn, "\033[?1049h");
  EXPECT_EQ(term::kAltScreenOff, "\033[?1049l");
}

}  // namespace
}  // namespace turf
