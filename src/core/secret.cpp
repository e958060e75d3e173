#include "core/secret.h"

#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/game.h"

namespace turf {

void os_random(void* buf, std::size_t n) {
  auto* p = static_cast<std::uint8_t*>(buf);
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = getrandom(p + got, n - got, 0);
    if (r > 0) {
      got += static_cast<std::size_t>(r);
      continue;
    }
    if (r < 0 && errno == EINTR) continue;
    break;  // no getrandom: fall back to the device
  }
  if (got == n) return;
  const int fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error("no source of randomness (getrandom and /dev/urandom both failed)");
  while (got < n) {
    const ssize_t r = ::read(fd, p + got, n - got);
    if (r > 0) {
      got += static_cast<std::size_t>(r);
    } else if (!(r < 0 && errno == EINTR)) {
      ::close(fd);
      throw Error("cannot read /dev/urandom");
    }
  }
  ::close(fd);
}

std::uint64_t os_random_u64() {
  std::uint64_t x = 0;
  os_random(&x, sizeof x);
  return x;
}

namespace {

std::uint32_t load32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

void store32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v);
  p[1] = static_cast<std::uint8_t>(v >> 8);
  p[2] = static_cast<std::uint8_t>(v >> 16);
  p[3] = static_cast<std::uint8_t>(v >> 24);
}

constexpr std::uint32_t rotl(std::uint32_t v, int c) {
  return (v << c) | (v >> (32 - c));
}

void quarter(std::uint32_t* x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = rotl(x[b] ^ x[c], 7);
}

void chacha20_block(const Key256& key, const Nonce96& nonce, std::uint32_t counter,
                    std::uint8_t out[64]) {
  std::uint32_t s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 0; i < 8; ++i) s[4 + i] = load32(key.data() + 4 * i);
  s[12] = counter;
  for (int i = 0; i < 3; ++i) s[13 + i] = load32(nonce.data() + 4 * i);
  std::uint32_t x[16];
  std::memcpy(x, s, sizeof x);
  for (int i = 0; i < 10; ++i) {
    quarter(x, 0, 4, 8, 12);
    quarter(x, 1, 5, 9, 13);
    quarter(x, 2, 6, 10, 14);
    quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15);
    quarter(x, 1, 6, 11, 12);
    quarter(x, 2, 7, 8, 13);
    quarter(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) store32(out + 4 * i, x[i] + s[i]);
}

void pad16(std::string& s) {
  if (s.size() % 16) s.append(16 - s.size() % 16, '\0');
}

void append64(std::string& s, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>(v >> (8 * i)));
}

std::string mac_data(std::string_view aad, std::string_view ct) {
  std::string m(aad);
  pad16(m);
  m.append(ct);
  pad16(m);
  append64(m, aad.size());
  append64(m, ct.size());
  return m;
}

Key256 one_time_key(const Key256& key, const Nonce96& nonce) {
  std::uint8_t block[64];
  chacha20_block(key, nonce, 0, block);
  Key256 otk;
  std::memcpy(otk.data(), block, 32);
  return otk;
}

}  // namespace

void chacha20_xor(const Key256& key, const Nonce96& nonce, std::uint32_t counter,
                  std::uint8_t* data, std::size_t n) {
  std::uint8_t block[64];
  for (std::size_t off = 0; off < n; off += 64, ++counter) {
    chacha20_block(key, nonce, counter, block);
    const std::size_t len = n - off < 64 ? n - off : 64;
    for (std::size_t i = 0; i < len; ++i) data[off + i] ^= block[i];
  }
}

std::array<std::uint8_t, 16> poly1305(const Key256& k, std::string_view msg) {
  const std::uint8_t* key = k.data();
  constexpr std::uint32_t m26 = 0x3ffffff;
  const std::uint32_t r0 = load32(key + 0) & 0x3ffffff;
  const std::uint32_t r1 = (load32(key + 3) >> 2) & 0x3ffff03;
  const std::uint32_t r2 = (load32(key + 6) >> 4) & 0x3ffc0ff;
  const std::uint32_t r3 = (load32(key + 9) >> 6) & 0x3f03fff;
  const std::uint32_t r4 = (load32(key + 12) >> 8) & 0x00fffff;
  const std::uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
  std::uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
  const auto* m = reinterpret_cast<const std::uint8_t*>(msg.data());
  std::size_t left = msg.size();
  while (left > 0) {
    std::uint8_t buf[16];
    std::uint32_t hibit = 1u << 24;
    const std::uint8_t* blk = m;
    if (left < 16) {
      std::memset(buf, 0, sizeof buf);
      std::memcpy(buf, m, left);
      buf[left] = 1;
      hibit = 0;
      blk = buf;
    }
    h0 += load32(blk + 0) & m26;
    h1 += (load32(blk + 3) >> 2) & m26;
    h2 += (load32(blk + 6) >> 4) & m26;
    h3 += (load32(blk + 9) >> 6) & m26;
    h4 += (load32(blk + 12) >> 8) | hibit;
    using u64 = std::uint64_t;
    const u64 d0 = u64{h0} * r0 + u64{h1} * s4 + u64{h2} * s3 + u64{h3} * s2 + u64{h4} * s1;
    u64 d1 = u64{h0} * r1 + u64{h1} * r0 + u64{h2} * s4 + u64{h3} * s3 + u64{h4} * s2;
    u64 d2 = u64{h0} * r2 + u64{h1} * r1 + u64{h2} * r0 + u64{h3} * s4 + u64{h4} * s3;
    u64 d3 = u64{h0} * r3 + u64{h1} * r2 + u64{h2} * r1 + u64{h3} * r0 + u64{h4} * s4;
    u64 d4 = u64{h0} * r4 + u64{h1} * r3 + u64{h2} * r2 + u64{h3} * r1 + u64{h4} * r0;
    std::uint32_t c = static_cast<std::uint32_t>(d0 >> 26);
    h0 = static_cast<std::uint32_t>(d0) & m26;
    d1 += c;
    c = static_cast<std::uint32_t>(d1 >> 26);
    h1 = static_cast<std::uint32_t>(d1) & m26;
    d2 += c;
    c = static_cast<std::uint32_t>(d2 >> 26);
    h2 = static_cast<std::uint32_t>(d2) & m26;
    d3 += c;
    c = static_cast<std::uint32_t>(d3 >> 26);
    h3 = static_cast<std::uint32_t>(d3) & m26;
    d4 += c;
    c = static_cast<std::uint32_t>(d4 >> 26);
    h4 = static_cast<std::uint32_t>(d4) & m26;
    h0 += c * 5;
    c = h0 >> 26;
    h0 &= m26;
    h1 += c;
    if (left < 16) break;
    m += 16;
    left -= 16;
  }
  // Full carry, then h mod 2^130 - 5.
  std::uint32_t c = h1 >> 26;
  h1 &= m26;
  h2 += c;
  c = h2 >> 26;
  h2 &= m26;
  h3 += c;
  c = h3 >> 26;
  h3 &= m26;
  h4 += c;
  c = h4 >> 26;
  h4 &= m26;
  h0 += c * 5;
  c = h0 >> 26;
  h0 &= m26;
  h1 += c;
  std::uint32_t g0 = h0 + 5;
  c = g0 >> 26;
  g0 &= m26;
  std::uint32_t g1 = h1 + c;
  c = g1 >> 26;
  g1 &= m26;
  std::uint32_t g2 = h2 + c;
  c = g2 >> 26;
  g2 &= m26;
  std::uint32_t g3 = h3 + c;
  c = g3 >> 26;
  g3 &= m26;
  const std::uint32_t g4 = h4 + c - (1u << 26);
  std::uint32_t mask = (g4 >> 31) - 1;  // all ones when h >= 2^130 - 5
  h0 = (h0 & ~mask) | (g0 & mask);
  h1 = (h1 & ~mask) | (g1 & mask);
  h2 = (h2 & ~mask) | (g2 & mask);
  h3 = (h3 & ~mask) | (g3 & mask);
  h4 = (h4 & ~mask) | (g4 & mask);
  const std::uint32_t w0 = h0 | (h1 << 26);
  const std::uint32_t w1 = (h1 >> 6) | (h2 << 20);
  const std::uint32_t w2 = (h2 >> 12) | (h3 << 14);
  const std::uint32_t w3 = (h3 >> 18) | (h4 << 8);
  std::array<std::uint8_t, 16> tag{};
  std::uint64_t f = std::uint64_t{w0} + load32(key + 16);
  store32(tag.data() + 0, static_cast<std::uint32_t>(f));
  f = std::uint64_t{w1} + load32(key + 20) + (f >> 32);
  store32(tag.data() + 4, static_cast<std::uint32_t>(f));
  f = std::uint64_t{w2} + load32(key + 24) + (f >> 32);
  store32(tag.data() + 8, static_cast<std::uint32_t>(f));
  f = std::uint64_t{w3} + load32(key + 28) + (f >> 32);
  store32(tag.data() + 12, static_cast<std::uint32_t>(f));
  return tag;
}

std::string aead_seal(const Key256& key, const Nonce96& nonce, std::string_view aad,
                      std::string_view plaintext) {
  std::string out(plaintext);
  chacha20_xor(key, nonce, 1, reinterpret_cast<std::uint8_t*>(out.data()), out.size());
  const auto tag = poly1305(one_time_key(key, nonce), mac_data(aad, out));
  out.append(reinterpret_cast<const char*>(tag.data()), tag.size());
  return out;
}

std::optional<std::string> aead_open(const Key256& key, const Nonce96& nonce, std::string_view aad,
                                     std::string_view sealed) {
  if (sealed.size() < 16) return std::nullopt;
  const std::string_view ct = sealed.substr(0, sealed.size() - 16);
  const auto tag = poly1305(one_time_key(key, nonce), mac_data(aad, ct));
  std::uint8_t diff = 0;  // constant time
  for (std::size_t i = 0; i < 16; ++i)
    diff |= static_cast<std::uint8_t>(tag[i] ^ static_cast<std::uint8_t>(sealed[ct.size() + i]));
  if (diff) return std::nullopt;
  std::string out(ct);
  chacha20_xor(key, nonce, 1, reinterpret_cast<std::uint8_t*>(out.data()), out.size());
  return out;
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
