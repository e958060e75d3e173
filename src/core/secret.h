// Secrets: fresh randomness from the operating system, the sealed (encrypted and authenticated)
// part of a live record, and the hash of seat tokens. Every primitive comes from libsodium
// (Debian's libsodium-dev); nothing cryptographic is written by hand here.
//
// A match's seed decides every hidden card, so it is drawn from the OS (libsodium's
// randombytes_buf: getrandom, or /dev/urandom), never from a clock; os_random is the one source of
// fresh randomness in turf (seeds, match ids, keys, nonces, table ids, seat tokens). While a match
// is not over, its record on disk keeps the seed and the actions in clear only through a seal:
// AEAD_CHACHA20_POLY1305 (RFC 8439, libsodium's crypto_aead_chacha20poly1305_ietf) under a random
// 256-bit key held in a private file (see docs/security.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace turf {

// Fills buf with n bytes from the operating system's random source; throws Error when the
// library cannot start.
void os_random(void* buf, std::size_t n);
// A full 64-bit seed from the operating system.
std::uint64_t os_random_u64();
// `bytes` random bytes from the operating system as 2*bytes lowercase hex digits (ids, tokens).
std::string os_random_hex(std::size_t bytes);

using Key256 = std::array<std::uint8_t, 32>;
using Nonce96 = std::array<std::uint8_t, 12>;

// AEAD_CHACHA20_POLY1305 (RFC 8439 2.8): ciphertext followed by the 16-byte tag.
std::string aead_seal(const Key256& key, const Nonce96& nonce, std::string_view aad,
                      std::string_view plaintext);
// The plaintext, or nothing when the key, the nonce, the associated data or the ciphertext is
// not the one sealed (the tag does not match).
std::optional<std::string> aead_open(const Key256& key, const Nonce96& nonce, std::string_view aad,
                                     std::string_view sealed);

// SHA-256 (FIPS 180-4) of data as 64 lowercase hex digits. The server keeps only this of each
// seat token (a 128-bit random token needs no salt nor slow hash: it cannot be guessed).
std::string sha256_hex(std::string_view data);
// Compares two strings in time independent of their content (sodium_memcmp); strings of
// different lengths are unequal (a length is no secret: tokens and hashes have fixed lengths).
bool constant_time_equal(std::string_view a, std::string_view b);

std::string to_hex(std::string_view bytes);
// Throws Error when text is not an even number of hex digits.
std::string from_hex(std::string_view text);

}  // namespace turf
