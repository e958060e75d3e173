#include "core/secret.h"

#include <sodium.h>

#include "core/game.h"

namespace turf {

namespace {

// libsodium must be initialised once before use (it picks its implementations and opens its
// random source); sodium_init is thread-safe and may be called again.
void sodium_ready() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw Error("the cryptography library (libsodium) could not start");
}

static_assert(crypto_aead_chacha20poly1305_ietf_KEYBYTES == sizeof(Key256));
static_assert(crypto_aead_chacha20poly1305_ietf_NPUBBYTES == sizeof(Nonce96));
static_assert(crypto_aead_chacha20poly1305_ietf_ABYTES == 16);

const unsigned char* bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

}  // namespace

void os_random(void* buf, std::size_t n) {
  sodium_ready();
  randombytes_buf(buf, n);
}

std::uint64_t os_random_u64() {
  std::uint64_t x = 0;
  os_random(&x, sizeof x);
  return x;
}

std::string os_random_hex(std::size_t n) {
  std::string raw(n, '\0');
  os_random(raw.data(), raw.size());
  std::string hex = to_hex(raw);
  sodium_memzero(raw.data(), raw.size());
  return hex;
}

std::string aead_seal(const Key256& key, const Nonce96& nonce, std::string_view aad,
                      std::string_view plaintext) {
  sodium_ready();
  std::string out(plaintext.size() + crypto_aead_chacha20poly1305_ietf_ABYTES, '\0');
  unsigned long long len = 0;
  crypto_aead_chacha20poly1305_ietf_encrypt(reinterpret_cast<unsigned char*>(out.data()), &len,
                                            bytes(plaintext), plaintext.size(), bytes(aad),
                                            aad.size(), nullptr, nonce.data(), key.data());
  out.resize(static_cast<std::size_t>(len));
  return out;
}

std::optional<std::string> aead_open(const Key256& key, const Nonce96& nonce, std::string_view aad,
                                     std::string_view sealed) {
  sodium_ready();
  if (sealed.size() < crypto_aead_chacha20poly1305_ietf_ABYTES) return std::nullopt;
  std::string out(sealed.size() - crypto_aead_chacha20poly1305_ietf_ABYTES, '\0');
  unsigned long long len = 0;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(reinterpret_cast<unsigned char*>(out.data()), &len,
                                                nullptr, bytes(sealed), sealed.size(), bytes(aad),
                                                aad.size(), nonce.data(), key.data()) != 0)
    return std::nullopt;
  out.resize(static_cast<std::size_t>(len));
  return out;
}

std::string sha256_hex(std::string_view data) {
  sodium_ready();
  unsigned char h[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(h, bytes(data), data.size());
  return to_hex(std::string_view(reinterpret_cast<const char*>(h), sizeof h));
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  sodium_ready();
  if (a.size() != b.size()) return false;
  return a.empty() || sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string to_hex(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char ch : bytes) {
    const auto b = static_cast<std::uint8_t>(ch);
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string from_hex(std::string_view text) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (text.size() % 2) throw Error("hex text has an odd number of digits");
  std::string out;
  out.reserve(text.size() / 2);
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int hi = nibble(text[i]), lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0)
      throw Error("not a hex digit in '" + std::string(text.substr(i, 2)) + "'");
    out.push_back(static_cast<char>(hi << 4 | lo));
  }
  return out;
}

}  // namespace turf
