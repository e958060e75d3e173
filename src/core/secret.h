// Secrets of a match in progress: fresh randomness from the operating system, and the sealed
// (encrypted and authenticated) part of a live record.
//
// A match's seed decides every hidden card, so it is drawn from the OS (getrandom, or
// /dev/urandom), never from a clock. While a match is not over, its record on disk keeps the seed
// and the actions in clear only through a seal: ChaCha20-Poly1305 (RFC 8439) under a random
// 256-bit key held in a private file (see docs/security.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace turf {

// Fills buf with n bytes from the operating system's random source; throws Error when it fails.
void os_random(void* buf, std::size_t n);
// A full 64-bit seed from the operating system.
std::uint64_t os_random_u64();

using Key256 = std::array<std::uint8_t, 32>;
using Nonce96 = std::array<std::uint8_t, 12>;

// ChaCha20 (RFC 8439 2.4): XORs data with the key stream starting at block `counter`.
void chacha20_xor(const Key256& key, const Nonce96& nonce, std::uint32_t counter,
                  std::uint8_t* data, std::size_t n);
// Poly1305 (RFC 8439 2.5): the 16-byte tag of msg under a one-time 32-byte key.
std::array<std::uint8_t, 16> poly1305(const Key256& one_time_key, std::string_view msg);

// AEAD_CHACHA20_POLY1305 (RFC 8439 2.8): ciphertext followed by the 16-byte tag.
std::string aead_seal(const Key256& key, const Nonce96& nonce, std::string_view aad,
                      std::string_view plaintext);
// The plaintext, or nothing when the key, the nonce, the associated data or the ciphertext is
// not the one sealed (the tag does not match).
std::optional<std::string> aead_open(const Key256& key, const Nonce96& nonce, std::string_view aad,
                                     std::string_view sealed);

std::string to_hex(std::string_view bytes);
// Throws Error when text is not an even number of hex digits.
std::string from_hex(std::string_view text);

}  // namespace turf
