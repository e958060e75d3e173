#include "lab/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/game.h"

namespace turf::lab {

namespace {

using nlohmann::json;

const char* const kPalette[] = {"#3b6fb6", "#e8833a", "#3f9e5a", "#d6454f", "#7f62b8",
                                "#2aa1a8", "#b8860b", "#c05ba6", "#6b7a8f", "#8c564b"};
const char* colour(std::size_t i) {
  return kPalette[i % (sizeof kPalette / sizeof *kPalette)];
}

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

std::string num(double v, int digits = 3) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

std::string px(double v) {
  return num(v, 1);
}

// A round step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` intervals up to top.
double nice_step(double top, int ticks) {
  const double raw = top / ticks;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

// A row of coloured swatches with names, starting at x on the text baseline y; `end` receives
// the x where the row ends.
std::string legend(const std::vector<std::string>& names, double x, double y, double& end) {
  std::string s;
  for (std::size_t k = 0; k < names.size(); ++k) {
    s += "<rect x=\"" + px(x) + "\" y=\"" + px(y - 10) +
         "\" width=\"12\" height=\"12\" rx=\"2\" fill=\"" + colour(k) + "\"/>";
    s += "<text class=\"legend\" x=\"" + px(x + 17) + "\" y=\"" + px(y) + "\">" + esc(names[k]) +
         "</text>";
    x += 30 + 7.0 * static_cast<double>(names[k].size());
  }
  end = x;
  return s;
}

// A bar chart of win shares with 95% interval whiskers: groups (seats, attribute values) of
// bars (one per sweep cell), and a dashed line at the fair share.
struct Bar {
  double value, low, high;
};
std::string share_chart(const std::vector<std::string>& groups,
                        const std::vector<std::string>& series,
                        const std::vector<std::vector<Bar>>& bars,  // [group][series]
                        double fair, const std::string& title) {
  const double W = 760, H = 310, ml = 52, mr = 16, mt = 52, mb = 56;
  double top = fair * 1.3;
  for (const auto& g : bars)
    for (const auto& b : g) top = std::max(top, b.high);
  top = std::min(1.0, std::ceil(top * 10 + 0.5) / 10);
  const double step = nice_step(top, 5);
  auto y = [&](double v) { return mt + (H - mt - mb) * (1 - v / top); };
  const double gw = (W - ml - mr) / std::max<std::size_t>(1, groups.size());
  const double bw = std::min(64.0, gw * 0.7 / std::max<std::size_t>(1, series.size()));
  std::string s = "<svg class=\"chart\" viewBox=\"0 0 " + px(W) + " " + px(H) +
                  "\" role=\"img\" aria-label=\"" + esc(title) + "\">";
  for (double v = 0; v <= top + 1e-9; v += step) {
    s += "<line class=\"grid\" x1=\"" + px(ml) + "\" x2=\"" + px(W - mr) + "\" y1=\"" + px(y(v)) +
         "\" y2=\"" + px(y(v)) + "\"/>";
    s += "<text class=\"tick\" x=\"" + px(ml - 8) + "\" y=\"" + px(y(v) + 4) +
         "\" text-anchor=\"end\">" + num(v, 2) + "</text>";
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const double x0 = ml + gw * g + (gw - bw * series.size()) / 2;
    for (std::size_t k = 0; k < series.size() && k < bars[g].size(); ++k) {
      const Bar& b = bars[g][k];
      const double x = x0 + bw * k;
      s += "<rect x=\"" + px(x + 2) + "\" y=\"" + px(y(b.value)) + "\" width=\"" + px(bw - 4) +
           "\" height=\"" + px(y(0) - y(b.value)) + "\" fill=\"" + colour(k) +
           "\" rx=\"2\"><title>" + esc(groups[g]) +
           (series.size() > 1 ? " · " + esc(series[k]) : "") + ": " + num(b.value) + " [" +
           num(b.low) + ", " + num(b.high) + "]</title></rect>";
      const double cx = x + bw / 2;
      s += "<line class=\"whisker\" x1=\"" + px(cx) + "\" x2=\"" + px(cx) + "\" y1=\"" +
           px(y(b.low)) + "\" y2=\"" + px(y(b.high)) + "\"/>";
      for (double v : {b.low, b.high})
        s += "<line class=\"whisker\" x1=\"" + px(cx - 5) + "\" x2=\"" + px(cx + 5) + "\" y1=\"" +
             px(y(v)) + "\" y2=\"" + px(y(v)) + "\"/>";
      s += "<text class=\"value\" x=\"" + px(cx) + "\" y=\"" + px(y(b.high) - 6) +
           "\" text-anchor=\"middle\">" + num(b.value) + "</text>";
    }
    s += "<text class=\"label\" x=\"" + px(ml + gw * g + gw / 2) + "\" y=\"" + px(H - mb + 20) +
         "\" text-anchor=\"middle\">" + esc(groups[g]) + "</text>";
  }
  s += "<line class=\"fair\" x1=\"" + px(ml) + "\" x2=\"" + px(W - mr) + "\" y1=\"" + px(y(fair)) +
       "\" y2=\"" + px(y(fair)) + "\"/>";
  s += "<line class=\"axis\" x1=\"" + px(ml) + "\" x2=\"" + px(W - mr) + "\" y1=\"" + px(y(0)) +
       "\" y2=\"" + px(y(0)) + "\"/>";
  double lx = ml;
  if (series.size() > 1) s += legend(series, ml, H - 12, lx);
  s += "<line class=\"fair\" x1=\"" + px(lx) + "\" x2=\"" + px(lx + 22) + "\" y1=\"" + px(H - 16) +
       "\" y2=\"" + px(H - 16) + "\"/>";
  s += "<text class=\"fairlabel\" x=\"" + px(lx + 28) + "\" y=\"" + px(H - 12) + "\">fair share " +
       num(fair) + "</text>";
  s += "<text class=\"title\" x=\"" + px(ml) + "\" y=\"20\">" + esc(title) + "</text></svg>";
  return s;
}

// Overlaid histograms (one series per seat or per cell), drawn as translucent steps.
std::string histogram_chart(const std::vector<json>& hists, const std::vector<std::string>& names,
                            const std::string& title, const std::string& xlabel) {
  const double W = 760, H = 260, ml = 52, mr = 16, mt = 34, mb = 58;
  if (hists.empty()) return "";
  const double lo = hists[0]["lo"].get<double>(), width = hists[0]["width"].get<double>();
  std::size_t nb = 0;
  double peak = 0;
  std::vector<std::vector<double>> freq;
  for (const auto& h : hists) {
    const auto bins = h["bins"].get<std::vector<double>>();
    double total = 0;
    for (double b : bins) total += b;
    std::vector<double> f;
    for (double b : bins) f.push_back(total > 0 ? b / total : 0), peak = std::max(peak, f.back());
    nb = std::max(nb, bins.size());
    freq.push_back(std::move(f));
  }
  const double step = nice_step(peak > 0 ? peak : 1, 4);
  peak = std::ceil((peak > 0 ? peak * 1.05 : 1) / step) * step;
  const double bw = (W - ml - mr) / static_cast<double>(nb);
  auto y = [&](double v) { return mt + (H - mt - mb) * (1 - v / peak); };
  std::string s = "<svg class=\"chart\" viewBox=\"0 0 " + px(W) + " " + px(H) +
                  "\" role=\"img\" aria-label=\"" + esc(title) + "\">";
  for (double v = 0; v <= peak + 1e-12; v += step) {
    s += "<line class=\"grid\" x1=\"" + px(ml) + "\" x2=\"" + px(W - mr) + "\" y1=\"" + px(y(v)) +
         "\" y2=\"" + px(y(v)) + "\"/>";
    s += "<text class=\"tick\" x=\"" + px(ml - 8) + "\" y=\"" + px(y(v) + 4) +
         "\" text-anchor=\"end\">" + num(100 * v, step * 100 < 1 ? 1 : 0) + "%</text>";
  }
  for (std::size_t k = 0; k < freq.size(); ++k) {
    std::string path = "M" + px(ml) + "," + px(y(0));
    for (std::size_t b = 0; b < freq[k].size(); ++b) {
      path += " L" + px(ml + bw * b) + "," + px(y(freq[k][b]));
      path += " L" + px(ml + bw * (b + 1)) + "," + px(y(freq[k][b]));
    }
    path += " L" + px(ml + bw * freq[k].size()) + "," + px(y(0)) + " Z";
    s += "<path d=\"" + path + "\" fill=\"" + colour(k) + "\" fill-opacity=\"0.28\" stroke=\"" +
         colour(k) + "\" stroke-width=\"1.6\"><title>" + esc(names[k]) + "</title></path>";
  }
  const std::size_t every = std::max<std::size_t>(1, nb / 12);
  for (std::size_t b = 0; b < nb; b += every) {
    const double v = lo + width * static_cast<double>(b);
    s += "<text class=\"tick\" x=\"" + px(ml + bw * (b + 0.5)) + "\" y=\"" + px(H - mb + 16) +
         "\" text-anchor=\"middle\">" + num(v, width < 1 ? 1 : 0) + "</text>";
  }
  s += "<line class=\"axis\" x1=\"" + px(ml) + "\" x2=\"" + px(W - mr) + "\" y1=\"" + px(y(0)) +
       "\" y2=\"" + px(y(0)) + "\"/>";
  s += "<text class=\"label\" x=\"" + px((W + ml) / 2) + "\" y=\"" + px(H - mb + 34) +
       "\" text-anchor=\"middle\">" + esc(xlabel) + "</text>";
  double end = ml;
  if (names.size() > 1) s += legend(names, ml, H - 6, end);
  s += "<text class=\"title\" x=\"" + px(ml) + "\" y=\"20\">" + esc(title) + "</text></svg>";
  return s;
}

Bar bar_of(const json& share) {
  return {share["value"].get<double>(), share["ci95"][0].get<double>(),
          share["ci95"][1].get<double>()};
}

std::string ci_text(const json& share) {
  return num(share["value"].get<double>()) + " <span class=\"ci\">[" +
         num(share["ci95"][0].get<double>()) + ", " + num(share["ci95"][1].get<double>()) +
         "]</span>";
}

const char* kStyle = R"CSS(
:root { --ink: #1f2933; --muted: #616e7c; --line: #e4e7eb; --bg: #f7f8fa; --card: #ffffff; --accent: #3b6fb6; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
       color: var(--ink); background: var(--bg); }
main { max-width: 880px; margin: 0 auto; padding: 32px 24px 48px; }
header h1 { font-size: 26px; margin: 0 0 4px; letter-spacing: -0.01em; }
header .sub { color: var(--muted); margin: 0 0 18px; }
h2 { font-size: 18px; margin: 34px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 12px; margin: 18px 0 6px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
.card .k { color: var(--muted); font-size: 12.5px; text-transform: uppercase; letter-spacing: 0.04em; }
.card .v { font-size: 24px; font-weight: 600; margin-top: 2px; }
.card .ci { display: block; font-size: 12.5px; }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; margin: 10px 0; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; font-size: 12.5px; text-transform: uppercase; letter-spacing: 0.03em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.ci { color: var(--muted); font-size: 12.5px; }
.sig { color: #b42318; font-weight: 600; }
.ns { color: var(--muted); }
code, pre { font: 13px/1.45 "SFMono-Regular", Menlo, Consolas, monospace; }
pre { background: #0f1720; color: #e6edf3; padding: 12px 14px; border-radius: 8px; overflow-x: auto; white-space: pre-wrap; }
svg.chart { width: 100%; height: auto; display: block; }
svg .grid { stroke: #eef0f3; stroke-width: 1; }
svg .axis { stroke: #9aa5b1; stroke-width: 1; }
svg .whisker { stroke: #1f2933; stroke-width: 1.4; }
svg .fair { stroke: #b42318; stroke-width: 1.2; stroke-dasharray: 5 4; }
svg .fairlabel { fill: #b42318; font-size: 12px; }
svg .tick { fill: var(--muted); font-size: 11px; }
svg .value { fill: var(--ink); font-size: 11.5px; font-weight: 600; }
svg .label { fill: var(--ink); font-size: 12.5px; }
svg .legend { fill: var(--ink); font-size: 12px; }
svg .title { fill: var(--ink); font-size: 13.5px; font-weight: 600; }
.counts { margin: 6px 0 10px; }
.verdict { border-left: 4px solid var(--accent); background: #eef4fb; padding: 10px 14px; border-radius: 6px; margin: 12px 0; }
footer { color: var(--muted); font-size: 13px; margin-top: 36px; }
)CSS";

}  // namespace

std::string reproduce_command(const json& e) {
  auto q = [](const std::string& s) {
    return s.find_first_of(" |&;<>()$'\"`*?[]{}~#!") == std::string::npos ? s : "'" + s + "'";
  };
  std::string seats;
  for (const auto& s : e["seats"]) seats += (seats.empty() ? "" : ",") + s.get<std::string>();
  std::string cmd = "turf sim " + e["game"].get<std::string>() + " --seats " + q(seats) +
                    " --games " + std::to_string(e["games"].get<long>()) + " --seed " +
                    std::to_string(e["seed"].get<std::uint64_t>());
  for (const auto& [k, v] : e["options"].items()) cmd += " -o " + q(k + "=" + v.get<std::string>());
  for (const auto& s : e["sweeps"]) {
    std::string vals;
    for (const auto& v : s["values"]) vals += (vals.empty() ? "" : ",") + v.get<std::string>();
    cmd += " --sweep " + q(s["key"].get<std::string>() + "=" + vals);
  }
  if (e.contains("until")) cmd += " --until \"" + e["until"].get<std::string>() + "\"";
  return cmd;
}

std::string html_report(const json& summary) {
  const auto& e = summary["experiment"];
  const auto& cells = summary["cells"];
  const GameInfo* game = nullptr;
  try {
    game = &Registry::instance().find(e["game"].get<std::string>());
  } catch (const Error&) {
  }
  const std::string title = game ? game->title : e["game"].get<std::string>();
  std::string seats;
  for (const auto& s : e["seats"]) seats += (seats.empty() ? "" : ", ") + s.get<std::string>();
  double total = 0;
  for (const auto& c : cells) total += c["games"].get<double>();

  std::string h =
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<title>Balance report: " +
      esc(title) + "</title><style>" + kStyle + "</style></head><body><main>";
  h += "<header><h1>Balance report: " + esc(title) + "</h1><p class=\"sub\">Seats: <b>" +
       esc(seats) + "</b> · " + num(total, 0) + " games" +
       (cells.size() > 1 ? " in " + std::to_string(cells.size()) + " sweep cells" : "") +
       " · seed " + std::to_string(e["seed"].get<std::uint64_t>()) + " · rules " +
       esc(e["rules_version"].get<std::string>()) + " · " +
       esc(summary.value("engine", std::string("turf"))) + "</p></header>";

  // Key numbers of the baseline cell.
  const auto& base = cells[0];
  const std::size_t nseats = base["seats"].size();
  const double fair = nseats ? 1.0 / static_cast<double>(nseats) : 0.5;
  h += "<section class=\"cards\">";
  for (const auto& s : base["seats"])
    h += "<div class=\"card\"><div class=\"k\">Seat " + std::to_string(s["seat"].get<int>()) +
         " win share</div><div class=\"v\">" + num(s["win_share"]["value"].get<double>()) +
         "</div><span class=\"ci\">95% CI [" + num(s["win_share"]["ci95"][0].get<double>()) + ", " +
         num(s["win_share"]["ci95"][1].get<double>()) + "] · " +
         esc(s["agent"].get<std::string>()) + "</span></div>";
  h += "<div class=\"card\"><div class=\"k\">Draws</div><div class=\"v\">" +
       num(base["draw_rate"]["value"].get<double>()) + "</div><span class=\"ci\">95% CI [" +
       num(base["draw_rate"]["ci95"][0].get<double>()) + ", " +
       num(base["draw_rate"]["ci95"][1].get<double>()) + "]</span></div>";
  h += "<div class=\"card\"><div class=\"k\">Game length</div><div class=\"v\">" +
       num(base["length"]["mean"].get<double>(), 1) + "</div><span class=\"ci\">actions, median " +
       num(base["length"]["median"].get<double>(), 0) + "</span></div>";
  h += "</section>";
  if (cells.size() > 1)
    h += "<p class=\"ci\">The cards show the baseline cell, " +
         esc(base["label"].get<std::string>()) +
         ". Every cell plays the same seeds, so differences come from the variant, not from luck "
         "of the deal.</p>";

  // The sequential tests.
  if (summary.contains("sprt"))
    for (const auto& d : summary["sprt"])
      h += "<div class=\"verdict\"><b>Sequential test</b> <code>" +
           esc(d["until"].get<std::string>()) + "</code>" +
           (cells.size() > 1 ? " in " + esc(d["cell_label"].get<std::string>()) : "") + ": <b>" +
           esc(d["meaning"].get<std::string>()) + "</b> after " +
           std::to_string(d["games"].get<long>()) + " games (estimate " +
           num(d["estimate"].get<double>()) + ", 95% CI [" + num(d["ci95"][0].get<double>()) +
           ", " + num(d["ci95"][1].get<double>()) + "]; α = " + num(d["alpha"].get<double>(), 2) +
           ", β = " + num(d["beta"].get<double>(), 2) + ").</div>";

  std::vector<std::string> series;
  for (const auto& c : cells) series.push_back(c["label"].get<std::string>());

  // Win share by seat.
  {
    std::vector<std::string> groups;
    std::vector<std::vector<Bar>> bars;
    for (std::size_t s = 0; s < nseats; ++s) {
      groups.push_back("seat " + std::to_string(s) + " · " +
                       base["seats"][s]["agent"].get<std::string>());
      std::vector<Bar> row;
      for (const auto& c : cells)
        row.push_back(s < c["seats"].size() ? bar_of(c["seats"][s]["win_share"]) : Bar{0, 0, 0});
      bars.push_back(row);
    }
    h += "<h2>Win share by seat</h2><div class=\"panel\">" +
         share_chart(groups, series, bars, fair,
                     "Share of wins per seat (a shared win counts as a fraction), 95% intervals") +
         "</div>";
  }
  // Win share by agent, when the seats hold different agents.
  if (base["agents"].size() > 1) {
    std::vector<std::string> groups;
    std::vector<std::vector<Bar>> bars;
    for (std::size_t a = 0; a < base["agents"].size(); ++a) {
      groups.push_back(base["agents"][a]["agent"].get<std::string>());
      std::vector<Bar> row;
      for (const auto& c : cells)
        row.push_back(a < c["agents"].size() ? bar_of(c["agents"][a]["win_share"]) : Bar{0, 0, 0});
      bars.push_back(row);
    }
    h +=
        "<h2>Win share by agent</h2><div class=\"panel\">" +
        share_chart(groups, series, bars, fair, "Share of wins per agent, over the seats it held") +
        "</div>";
  }
  // Win share by attribute, one chart per attribute key.
  {
    std::vector<std::string> keys;
    for (const auto& a : base["attributes"])
      if (std::find(keys.begin(), keys.end(), a["key"].get<std::string>()) == keys.end())
        keys.push_back(a["key"]);
    if (!keys.empty()) h += "<h2>Win share by seat attribute</h2>";
    for (const auto& key : keys) {
      std::vector<std::string> groups;
      std::vector<std::vector<Bar>> bars;
      for (const auto& a : base["attributes"]) {
        if (a["key"] != key) continue;
        groups.push_back(key + " = " + a["value"].get<std::string>());
        std::vector<Bar> row;
        for (const auto& c : cells) {
          Bar b{0, 0, 0};
          for (const auto& x : c["attributes"])
            if (x["key"] == key && x["value"] == a["value"]) b = bar_of(x["win_share"]);
          row.push_back(b);
        }
        bars.push_back(row);
      }
      h += "<div class=\"panel\">" +
           share_chart(groups, series, bars, fair, "Win share by " + key) + "</div>";
    }
  }
  // Many tests at once: how many, how many false alarms chance alone gives, what survives.
  auto counts = [&](const char* family) {
    const auto& m = summary["multiple_testing"][family];
    return "<p class=\"counts\">" + std::to_string(m["tests"].get<long>()) +
           " tests. At 5% each, chance alone gives about " +
           num(m["expected_false_alarms"].get<double>(), 1) + " false alarms. Significant: <b>" +
           std::to_string(m["significant_uncorrected"].get<long>()) + "</b> uncorrected, <b>" +
           std::to_string(m["significant_holm"].get<long>()) + "</b> after Holm, <b>" +
           std::to_string(m["significant_bh"].get<long>()) + "</b> after Benjamini–Hochberg.</p>";
  };
  // A p-value cell, red when the (corrected) value is below 5%; raw values are never red.
  auto pcell = [&](double p, bool corrected) {
    return "<td class=\"n " + std::string(corrected && p < 0.05 ? "sig" : "ns") + "\">" +
           num(p, 4) + "</td>";
  };
  auto points = [&](double v) { return (v >= 0 ? "+" : "") + num(v, 1); };
  const bool corrected = summary.contains("multiple_testing");
  if (corrected && !summary["fair_share_tests"].empty()) {
    const auto& m = summary["multiple_testing"]["fair_share"];
    const long holm = m["significant_holm"].get<long>();
    h += "<h2>Against the fair share</h2><div class=\"panel\">";
    h += "<div class=\"verdict\"><b>Is anything unfair?</b> " +
         std::string(holm == 0 ? "No seat or attribute differs from its fair share once the "
                                 "number of tests is taken into account (Holm)."
                               : std::to_string(holm) +
                                     (holm == 1 ? " seat or attribute differs"
                                                : " seats or attributes differ") +
                                     " from the fair share even after Holm's correction.") +
         "</div>" + counts("fair_share");
    h += "<table><tr><th>cell</th><th>seat / attribute</th><th>win share [95% CI]</th><th>fair</"
         "th><th>points</th><th>p</th><th>Holm</th><th>BH</th></tr>";
    for (const auto& t : summary["fair_share_tests"])
      h += "<tr><td>" + esc(t["cell_label"].get<std::string>()) + "</td><td>" +
           esc(t["subject"].get<std::string>()) + "</td><td>" + ci_text(t) +
           "</td><td class=\"n\">" + num(t["fair"].get<double>()) + "</td><td class=\"n\">" +
           points(t["points"].get<double>()) + "</td>" + pcell(t["p_value"].get<double>(), false) +
           pcell(t["p_holm"].get<double>(), true) + pcell(t["p_bh"].get<double>(), true) + "</tr>";
    h += "</table><p class=\"ci\">One-sample tests of each win share against one over the "
         "number of seats; points are percentage points above (+) or below (−) the fair share. "
         "Red: significant at 5% after the correction of its column. A seat needs about " +
         num(summary["fair_share_tests"][0]["games_needed_5_points"].get<double>(), 0) +
         " games to show a 5-point edge (80% power, 5% two-sided).</p></div>";
  }
  // The comparison table.
  if (!summary["comparisons"].empty()) {
    h += "<h2>Sweep comparison</h2><div class=\"panel\">" +
         (corrected ? counts("comparisons") : std::string()) +
         "<table><tr><th>cell</th><th>metric</th><th>difference from " +
         esc(base["label"].get<std::string>()) +
         "</th><th>95% CI</th><th>p</th><th>Holm</th><th>BH</th><th>games for 5 points</th></tr>";
    for (const auto& t : summary["comparisons"]) {
      const bool share = t.contains("points");
      const double d = share ? t["points"].get<double>() : t["difference"].get<double>();
      const auto& ci = share ? t["points_ci95"] : t["ci95"];
      const int digits = share ? 1 : 3;
      h +=
          "<tr><td>" + esc(t["cell_label"].get<std::string>()) + "</td><td>" +
          esc(t["metric"].get<std::string>()) + "</td><td class=\"n\">" + (d >= 0 ? "+" : "") +
          num(d, digits) + (share ? " points" : "") + "</td><td class=\"n ci\">[" +
          num(ci[0].get<double>(), digits) + ", " + num(ci[1].get<double>(), digits) + "]</td>" +
          pcell(t["p_value"].get<double>(), false) +
          (corrected ? pcell(t["p_holm"].get<double>(), true) + pcell(t["p_bh"].get<double>(), true)
                     : std::string("<td></td><td></td>")) +
          "<td class=\"n\">" +
          (share ? num(t["games_needed_5_points"].get<double>(), 0) : std::string("")) +
          "</td></tr>";
    }
    h += "</table><p class=\"ci\">Two-proportion z-tests for shares (differences in percentage "
         "points, Newcombe intervals), Welch tests for means; red: significant at 5% after the "
         "correction of its column (Holm: any change at all; Benjamini–Hochberg: which changes "
         "to look at). Games for 5 points: the games a cell needs to detect a 5-point change "
         "from the baseline with 80% power. Cells share their seeds, which makes these tests "
         "conservative.</p></div>";
  }
  // Per-cell tables.
  h += "<h2>All figures</h2>";
  for (const auto& c : cells) {
    h += "<div class=\"panel\"><b>" + esc(c["label"].get<std::string>()) + "</b> · " +
         num(c["games"].get<double>(), 0) +
         " games<table><tr><th>seat / attribute</th><th>win share [95% CI]</th><th>mean "
         "score</th></tr>";
    for (const auto& s : c["seats"])
      h += "<tr><td>seat " + std::to_string(s["seat"].get<int>()) + " · " +
           esc(s["agent"].get<std::string>()) + "</td><td>" + ci_text(s["win_share"]) +
           "</td><td class=\"n\">" + num(s["score"]["mean"].get<double>(), 2) +
           " <span class=\"ci\">±" + num(s["score"]["ci95"].get<double>(), 2) + "</span></td></tr>";
    for (const auto& a : c["attributes"])
      h += "<tr><td>" + esc(a["key"].get<std::string>() + " = " + a["value"].get<std::string>()) +
           "</td><td>" + ci_text(a["win_share"]) + "</td><td></td></tr>";
    h += "<tr><td>draws</td><td>" + ci_text(c["draw_rate"]) + "</td><td></td></tr>";
    h += "<tr><td>game length (actions)</td><td>mean " + num(c["length"]["mean"].get<double>(), 1) +
         ", median " + num(c["length"]["median"].get<double>(), 0) + ", 10–90% " +
         num(c["length"]["p10"].get<double>(), 0) + "–" + num(c["length"]["p90"].get<double>(), 0) +
         "</td><td></td></tr>";
    for (const auto& k : c["counters"])
      h += "<tr><td>" + esc(k["name"].get<std::string>()) + " (per game)</td><td>" +
           num(k["value"]["mean"].get<double>()) + " <span class=\"ci\">±" +
           num(k["value"]["ci95"].get<double>()) + "</span></td><td></td></tr>";
    h += "</table></div>";
  }
  // Distributions.
  h += "<h2>Scores</h2>";
  for (const auto& c : cells) {
    std::vector<json> hists;
    std::vector<std::string> names;
    for (const auto& s : c["seats"]) {
      hists.push_back(s["score_histogram"]);
      names.push_back("seat " + std::to_string(s["seat"].get<int>()));
    }
    h += "<div class=\"panel\">" +
         histogram_chart(
             hists, names,
             "Final scores" + (cells.size() > 1 ? " · " + c["label"].get<std::string>() : ""),
             "points") +
         "</div>";
  }
  {
    std::vector<json> hists;
    for (const auto& c : cells) hists.push_back(c["length_histogram"]);
    h += "<h2>Game length</h2><div class=\"panel\">" +
         histogram_chart(hists, series, "Actions per game", "actions") + "</div>";
  }
  h += "<h2>Reproduce</h2><pre>" + esc(reproduce_command(e)) + " --report report.html</pre>";
  h += "<footer>Win shares count a shared first place as a fraction (1/k for k seats tied at the "
       "top). Intervals are 95% "
       "Wilson intervals for shares and normal intervals for means. Every game's seed depends only "
       "on the experiment seed "
       "and the game's index, so shards merged with <code>turf sim merge</code> give exactly these "
       "figures.</footer>";
  h += "</main></body></html>\n";
  return h;
}

}  // namespace turf::lab
