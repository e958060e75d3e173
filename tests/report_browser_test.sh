#!/usr/bin/env bash
# The HTML report renders in a real browser: headless Chromium loads it from disk (no network),
# its DOM holds the charts, and a screenshot shows them (the chart colours are on the page).
# Usage: report_browser_test.sh path/to/turf
set -u
turf="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || fail "chromium is not installed (scripts/setup.sh installs it)"

"$turf" sim dungeon --seats random,greedy:worlds=2 --games 60 --sweep tiles=standard,open --report "$dir/report.html" >/dev/null || fail "sim"
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$dir/profile")
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$dir/report.html" >"$dir/dom.html" 2>/dev/null || fail "chromium could not load the report"
charts=$(grep -o '<figure class="chart' "$dir/dom.html" | wc -l)
[ "$charts" -ge 5 ] || fail "the rendered DOM holds $charts charts"
grep -q "Balance report: Turf War" "$dir/dom.html" || fail "no title in the rendered DOM"
timeout 120 "$browser" "${flags[@]}" --window-size=1000,1400 --screenshot="$dir/shot.png" "file://$dir/report.html" >/dev/null 2>&1 || fail "no screenshot"
/usr/bin/python3 - "$dir/shot.png" <<'PY' || fail "the screenshot does not show the charts"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, width, height, ctype = 8, b"", 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8, "unexpected bit depth"
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[ctype]
raw = zlib.decompress(idat)
stride = width * bpp
prev = bytearray(stride)
colours = {}
for y in range(height):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
    if y % 2 == 0:
        for x in range(0, width, 2):
            px = bytes(line[x * bpp:x * bpp + 3])
            colours[px] = colours.get(px, 0) + 1
blue = colours.get(bytes.fromhex("3b6fb6"), 0)    # first series colour
orange = colours.get(bytes.fromhex("e8833a"), 0)  # second series colour
print(f"{width}x{height}, {len(colours)} colours, blue {blue}, orange {orange}")
assert (width, height) == (1000, 1400)
assert blue > 500 and orange > 500, "chart bars are not visible"
assert len(colours) > 50, "the page looks blank"
PY
echo "report renders in Chromium"
