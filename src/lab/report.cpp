#include "lab/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/variant.h"

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

// The charts are HTML boxes placed in percent of their track, not a scaled SVG drawing, so that
// their words keep the page's own size at any width: a 720 px column and a phone read the same.
std::string pct(double v) {
  return num(100 * std::clamp(v, 0.0, 1.0), 2) + "%";
}

// A row of coloured swatches with names, and the fair share's mark when there is one.
std::string legend(const std::vector<std::string>& names, const std::string& fair) {
  std::string s = "<div class=\"legend\">";
  if (names.size() > 1)
    for (std::size_t k = 0; k < names.size(); ++k)
      s += "<span class=\"key\"><span class=\"swatch\" style=\"background:" +
           std::string(colour(k)) + "\"></span>" + esc(names[k]) + "</span>";
  if (!fair.empty()) s += "<span class=\"key\"><span class=\"fairkey\"></span>" + fair + "</span>";
  return s + "</div>";
}

// A table that folds into labelled lines on a narrow screen: every cell carries its column's
// name (data-label), which the phone layout writes before the value.
struct Cell {
  std::string html, cls;
};
std::string table(const std::vector<std::string>& heads, const std::vector<std::vector<Cell>>& rows,
                  const std::string& cls = "") {
  std::string s = "<table class=\"stack" + (cls.empty() ? "" : " " + cls) + "\"><thead><tr>";
  for (const auto& h : heads) s += "<th>" + h + "</th>";
  s += "</tr></thead><tbody>";
  for (const auto& r : rows) {
    s += "<tr>";
    for (std::size_t k = 0; k < r.size(); ++k)
      s += "<td" + (r[k].cls.empty() ? std::string() : " class=\"" + r[k].cls + "\"") +
           (k < heads.size() ? " data-label=\"" + heads[k] + "\"" : std::string()) + ">" +
           "<span>" + r[k].html + "</span></td>";
    s += "</tr>";
  }
  return s + "</tbody></table>";
}

// A chart of win shares: one row per group (seat, agent, attribute value), one bar per sweep
// cell in each row, each with its 95% interval drawn across it, and the fair share marked. Rows
// are sorted by the first cell's share, largest first, unless `sorted` is false (seats keep their
// order: it is the order of play). The same figures follow as a table.
struct Bar {
  double value, low, high;
};
std::string share_chart(const std::vector<std::string>& groups,
                        const std::vector<std::string>& series,
                        const std::vector<std::vector<Bar>>& bars,  // [group][series]
                        double fair, const std::string& title, bool sorted = true) {
  double top = fair * 1.3;
  for (const auto& g : bars)
    for (const auto& b : g) top = std::max(top, b.high);
  top = std::min(1.0, std::ceil(top * 10 - 1e-9) / 10);
  if (top <= 0) top = 1;
  const double step = nice_step(top, 5);
  std::vector<std::size_t> order(groups.size());
  for (std::size_t g = 0; g < order.size(); ++g) order[g] = g;
  if (sorted)
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const double va = bars[a].empty() ? 0 : bars[a][0].value;
      const double vb = bars[b].empty() ? 0 : bars[b][0].value;
      return va != vb ? va > vb : a < b;
    });
  const std::string fair_text = "fair share " + num(fair);
  std::string s = "<figure class=\"chart bars\" role=\"img\" aria-label=\"" + esc(title) +
                  "\" data-rows=\"" + std::to_string(groups.size()) + "\"><figcaption>" +
                  esc(title) + "</figcaption>" + legend(series, fair_text);
  for (std::size_t g : order) {
    s += "<div class=\"row\"><div class=\"name\">" + esc(groups[g]) + "</div><div class=\"lines\">";
    for (std::size_t k = 0; k < series.size() && k < bars[g].size(); ++k) {
      const Bar& b = bars[g][k];
      const std::string tip = esc(groups[g]) + (series.size() > 1 ? " · " + esc(series[k]) : "") +
                              ": " + num(b.value) + " [" + num(b.low) + ", " + num(b.high) + "]";
      s += "<div class=\"line\" title=\"" + tip +
           "\"><div class=\"track\"><span class=\"bar\" "
           "style=\"width:" +
           pct(b.value / top) + ";background:" + colour(k) +
           "\"></span><span class=\"whisker\" style=\"left:" + pct(b.low / top) +
           ";width:" + pct((b.high - b.low) / top) +
           "\"></span><span class=\"fair\" style=\"left:" + pct(fair / top) +
           "\"></span></div><span class=\"value\" data-value=\"" + num(b.value) + "\">" +
           num(b.value) + "</span></div>";
    }
    s += "</div></div>";
  }
  s += "<div class=\"row axis\"><div class=\"name\"></div><div class=\"lines\"><div "
       "class=\"line\"><div class=\"track\">";
  for (double v = 0; v <= top + 1e-9; v += step)
    s += "<span class=\"tick\" style=\"left:" + pct(v / top) + "\">" + num(v, 2) + "</span>";
  s += "</div><span class=\"value\"></span></div></div></div>";
  // The same figures as a table, in the chart's order.
  std::vector<std::string> heads{"", "win share [95% CI]"};
  if (series.size() > 1) heads = {"", "cell", "win share [95% CI]"};
  std::vector<std::vector<Cell>> rows;
  for (std::size_t g : order)
    for (std::size_t k = 0; k < series.size() && k < bars[g].size(); ++k) {
      const Bar& b = bars[g][k];
      std::vector<Cell> r{{esc(groups[g]), ""}};
      if (series.size() > 1) r.push_back({esc(series[k]), ""});
      r.push_back(
          {num(b.value) + " <span class=\"ci\">[" + num(b.low) + ", " + num(b.high) + "]</span>",
           "n"});
      rows.push_back(std::move(r));
    }
  s += "<details class=\"astable\"><summary>The figures as a table</summary>" + table(heads, rows) +
       "</details></figure>";
  return s;
}

// Overlaid histograms (one series per seat or per cell), drawn as translucent steps in an SVG
// stretched to its box; the axes' words are HTML placed in percent, so they never shrink.
std::string histogram_chart(const std::vector<json>& hists, const std::vector<std::string>& names,
                            const std::string& title, const std::string& xlabel) {
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
  if (nb == 0) return "";
  const double step = nice_step(peak > 0 ? peak : 1, 4);
  peak = std::ceil((peak > 0 ? peak * 1.05 : 1) / step) * step;
  // The drawing's own units: 1000 across, 1000 up.
  auto X = [&](double b) { return 1000.0 * b / static_cast<double>(nb); };
  auto Y = [&](double v) { return 1000.0 * (1 - v / peak); };
  std::string svg =
      "<svg viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\" aria-hidden=\"true\">";
  std::string yticks;
  for (double v = 0; v <= peak + 1e-12; v += step) {
    svg += "<line class=\"grid\" x1=\"0\" x2=\"1000\" y1=\"" + px(Y(v)) + "\" y2=\"" + px(Y(v)) +
           "\" vector-effect=\"non-scaling-stroke\"/>";
    yticks += "<span class=\"tick\" style=\"bottom:" + pct(v / peak) + "\">" +
              num(100 * v, step * 100 < 1 ? 1 : 0) + "%</span>";
  }
  for (std::size_t k = 0; k < freq.size(); ++k) {
    std::string path = "M0," + px(Y(0));
    for (std::size_t b = 0; b < freq[k].size(); ++b)
      path +=
          " L" + px(X(b)) + "," + px(Y(freq[k][b])) + " L" + px(X(b + 1)) + "," + px(Y(freq[k][b]));
    path += " L" + px(X(freq[k].size())) + "," + px(Y(0)) + " Z";
    svg += "<path d=\"" + path + "\" fill=\"" + colour(k) + "\" fill-opacity=\"0.28\" stroke=\"" +
           colour(k) + "\" stroke-width=\"1.6\" vector-effect=\"non-scaling-stroke\"><title>" +
           esc(names[k]) + "</title></path>";
  }
  svg += "</svg>";
  std::string xticks;
  const std::size_t every = std::max<std::size_t>(1, (nb + 7) / 8);
  for (std::size_t b = 0; b < nb; b += every)
    xticks += "<span class=\"tick\" style=\"left:" +
              pct((static_cast<double>(b) + 0.5) / static_cast<double>(nb)) + "\">" +
              num(lo + width * static_cast<double>(b), width < 1 ? 1 : 0) + "</span>";
  return "<figure class=\"chart hist\" role=\"img\" aria-label=\"" + esc(title) +
         "\"><figcaption>" + esc(title) + "</figcaption><div class=\"plot\"><div class=\"yaxis\">" +
         yticks + "</div><div class=\"area\">" + svg + "</div><div class=\"xaxis\">" + xticks +
         "</div></div><div class=\"xlabel\">" + esc(xlabel) + "</div>" +
         (names.size() > 1 ? legend(names, "") : std::string()) + "</figure>";
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
figure.chart { margin: 4px 0 8px; }
figure.chart figcaption { font-weight: 600; font-size: 14px; margin-bottom: 6px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 13px; margin: 0 0 8px; }
.legend .key { display: inline-flex; align-items: center; gap: 6px; }
.legend .swatch { width: 12px; height: 12px; border-radius: 2px; display: inline-block; }
.legend .fairkey { width: 0; height: 14px; border-left: 2px dashed #b42318; display: inline-block; }
.bars .row { display: grid; grid-template-columns: minmax(7em, 32%) 1fr; gap: 2px 10px; align-items: center;
             padding: 3px 0; border-bottom: 1px solid #f0f2f5; }
.bars .row.axis { border-bottom: 0; }
.bars .name { font-size: 13.5px; overflow-wrap: anywhere; }
.bars .line { display: grid; grid-template-columns: 1fr 3.4em; gap: 8px; align-items: center; height: 20px; }
.bars .track { position: relative; height: 100%; background: linear-gradient(#e4e7eb, #e4e7eb) left / 1px 100% no-repeat; }
.bars .bar { position: absolute; left: 0; top: 4px; bottom: 4px; border-radius: 0 3px 3px 0; }
.bars .whisker { position: absolute; top: 50%; height: 10px; margin-top: -5px; border: 1.5px solid #1f2933;
                 border-top: 0; border-bottom: 0; background: linear-gradient(#1f2933, #1f2933) center / 100% 1.5px no-repeat; }
.bars .fair { position: absolute; top: -3px; bottom: -3px; width: 0; border-left: 2px dashed #b42318; }
.bars .value { font-size: 12.5px; font-weight: 600; text-align: right; font-variant-numeric: tabular-nums; }
.bars .axis .track { background: none; height: 16px; }
.tick { position: absolute; transform: translateX(-50%); font-size: 11.5px; color: var(--muted); white-space: nowrap; }
.hist .plot { display: grid; grid-template-columns: 3.2em 1fr; grid-template-rows: 190px 18px; }
.hist .yaxis { position: relative; }
.hist .yaxis .tick { right: 6px; transform: translateY(50%); }
.hist .area { position: relative; border-left: 1px solid #9aa5b1; border-bottom: 1px solid #9aa5b1; }
.hist .area svg { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.hist .xaxis { position: relative; grid-column: 2; }
.hist .xlabel { text-align: center; font-size: 13px; margin: 4px 0; }
.hist .grid { stroke: #eef0f3; stroke-width: 1; }
details.astable { margin-top: 8px; }
details.astable summary { cursor: pointer; color: var(--accent); font-size: 13px; }
@media (max-width: 640px) {
  main { padding: 20px 12px 36px; }
  .panel { padding: 12px 10px; }
  .bars .row { grid-template-columns: 1fr; }
  .bars .row.axis .name { display: none; }
  table.stack thead { display: none; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { border-bottom: 1px solid var(--line); padding: 6px 0; }
  table.stack td { border: 0; padding: 1px 0; text-align: left; display: flex; justify-content: space-between; gap: 12px; }
  table.stack td::before { content: attr(data-label); color: var(--muted); font-size: 12.5px; }
  table.stack td:first-child { font-weight: 600; }
  table.stack td:first-child::before { content: none; }
}
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
  if (e.contains("cards") && !e["cards"].get<bool>()) cmd += " --no-cards";
  if (e.contains("variants"))  // each patch in its file, as "Variants" shows it
    for (const auto& [name, _] : e["variants"].items())
      cmd += " --variant " + q(name + "=" + name + ".json");
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

  // The variants: each patch as the values it changes, and as written (to make its file).
  if (e.contains("variants")) {
    h += "<h2 id=\"variants\">Variants</h2><div class=\"panel\">";
    for (const auto& [name, patch] : e["variants"].items()) {
      std::vector<std::string> lines;
      if (game && game->content_document) lines = variant_diff(game->content_document(), patch);
      std::string diff;
      for (const auto& l : lines) diff += esc(l) + "\n";
      h += "<h3>" + esc(name) + "</h3><p class=\"ci\">What it changes in the game's content (was " +
           "-&gt; is):</p><pre>" + (diff.empty() ? std::string("(nothing)\n") : diff) +
           "</pre><details><summary>The patch, as " + esc(name) + ".json</summary><pre>" +
           esc(patch.dump(2)) + "</pre></details>";
    }
    h += "<p class=\"ci\">Every cell plays the same seeds with the same seats: a difference "
         "between a variant's cell and the base is what the change does (the causal test that "
         "the per-card figures cannot give).</p></div>";
  }

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
                     "Share of wins per seat (a shared win counts as a fraction), 95% intervals",
                     false) +
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
        groups.push_back(a["value"].get<std::string>());
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
    return Cell{num(p, 4), "n " + std::string(corrected && p < 0.05 ? "sig" : "ns")};
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
    // The cell column only where there are several cells.
    const bool many = cells.size() > 1;
    std::vector<std::vector<Cell>> rows;
    for (const auto& t : summary["fair_share_tests"]) {
      rows.push_back({{esc(t["subject"].get<std::string>()), ""}});
      if (many) rows.back().push_back({esc(t["cell_label"].get<std::string>()), ""});
      for (Cell c : std::vector<Cell>{{ci_text(t), ""},
                                      {num(t["fair"].get<double>()), "n"},
                                      {points(t["points"].get<double>()), "n"},
                                      pcell(t["p_value"].get<double>(), false),
                                      pcell(t["p_holm"].get<double>(), true),
                                      pcell(t["p_bh"].get<double>(), true)})
        rows.back().push_back(std::move(c));
    }
    std::vector<std::string> heads{
        "seat / attribute", "win share [95% CI]", "fair", "points", "p", "Holm", "BH"};
    if (many) heads.insert(heads.begin() + 1, "cell");
    h += table(heads, rows) +
         "<p class=\"ci\">One-sample tests of each win share against one over the "
         "number of seats; points are percentage points above (+) or below (−) the fair share. "
         "Red: significant at 5% after the correction of its column. A seat needs about " +
         num(summary["fair_share_tests"][0]["games_needed_5_points"].get<double>(), 0) +
         " games to show a 5-point edge (80% power, 5% two-sided).</p></div>";
  }
  // The comparison table.
  if (!summary["comparisons"].empty()) {
    std::vector<std::vector<Cell>> rows;
    for (const auto& t : summary["comparisons"]) {
      const bool share = t.contains("points");
      const double d = share ? t["points"].get<double>() : t["difference"].get<double>();
      const auto& ci = share ? t["points_ci95"] : t["ci95"];
      const int digits = share ? 1 : 3;
      rows.push_back(
          {{esc(t["metric"].get<std::string>()), ""},
           {esc(t["cell_label"].get<std::string>()), ""},
           {(d >= 0 ? "+" : "") + num(d, digits) + (share ? " points" : ""), "n"},
           {"[" + num(ci[0].get<double>(), digits) + ", " + num(ci[1].get<double>(), digits) + "]",
            "n ci"},
           pcell(t["p_value"].get<double>(), false),
           corrected ? pcell(t["p_holm"].get<double>(), true) : Cell{"", ""},
           corrected ? pcell(t["p_bh"].get<double>(), true) : Cell{"", ""},
           {share ? num(t["games_needed_5_points"].get<double>(), 0) : std::string(), "n"}});
    }
    h += "<h2>Sweep comparison</h2><div class=\"panel\">" +
         (corrected ? counts("comparisons") : std::string()) +
         table({"metric", "cell", "difference from " + esc(base["label"].get<std::string>()),
                "95% CI", "p", "Holm", "BH", "games for 5 points"},
               rows) +
         "<p class=\"ci\">Two-proportion z-tests for shares (differences in percentage "
         "points, Newcombe intervals), Welch tests for means; red: significant at 5% after the "
         "correction of its column (Holm: any change at all; Benjamini–Hochberg: which changes "
         "to look at). Games for 5 points: the games a cell needs to detect a 5-point change "
         "from the baseline with 80% power. Cells share their seeds, which makes these tests "
         "conservative.</p></div>";
  }
  // Per-card answers, per cell.
  bool cards_head = false;
  for (const auto& c : cells) {
    if (!c.contains("cards") || c["cards"].empty()) continue;
    if (!cards_head) {
      h += "<h2 id=\"cards\">Cards</h2>";
      cards_head = true;
    }
    std::vector<std::vector<Cell>> rows;
    for (const auto& k : c["cards"]) {
      std::string uses;
      for (const auto& [verb, n] : k["uses_per_game"].items())
        uses += (uses.empty() ? "" : " · ") + esc(verb) + " " + num(n.get<double>(), 2);
      const bool has = k.contains("difference");
      rows.push_back({{esc(k["name"].get<std::string>()) + " <span class=\"ci\">" +
                           esc(k["kind"].get<std::string>()) + "</span>",
                       ""},
                      {num(100 * k["games"]["value"].get<double>(), 0) + "%", "n"},
                      {uses.empty() ? "—" : uses, ""},
                      {has ? ci_text(k["users_win_share"]) : "", ""},
                      {has ? num(k["others_win_share"]["value"].get<double>()) : "", "n"},
                      {has ? points(100 * k["difference"].get<double>()) + " <span class=\"ci\">[" +
                                 num(100 * k["difference_ci95"][0].get<double>(), 1) + ", " +
                                 num(100 * k["difference_ci95"][1].get<double>(), 1) + "]</span>"
                           : "",
                       "n"}});
    }
    h +=
        "<div class=\"panel\">" +
        (cells.size() > 1 ? "<b>" + esc(c["label"].get<std::string>()) + "</b>" : std::string()) +
        table({"card", "games used in", "uses a game", "users' win share [95% CI]", "others'",
               "points [95% CI]"},
              rows) +
        "<p class=\"ci\">For each card, tile, faction, Neighbor or other piece a seat's action "
        "names: the share of games in which a seat used it, how often a game it was used (by "
        "what the action did: bought, played, kept, chosen ...), and the win share of the seats "
        "that used it against the seats that did not, with Newcombe's interval of the "
        "difference; sorted by that difference. A card the game itself plays (an Event) counts "
        "where it was revealed (\"event\"), with no seat using it and so no win share. <b>This is "
        "association, not cause</b>: the "
        "seats that used a card may be the ones that were winning anyway (a lead buys more), "
        "or a card may be taken by those who are behind. To learn what a card does, change it "
        "and compare the games (" +
        std::string(e.contains("variants") ? "the <a href=\"#variants\">variants</a> of this report"
                                           : "a variant with <code>--variant</code>") +
        ", compared above). Cards that only the game "
        "plays (Events) and cards no seat used have no win share here.</p></div>";
  }
  // Per-cell tables.
  h += "<h2>All figures</h2>";
  for (const auto& c : cells) {
    std::vector<std::vector<Cell>> rows;
    for (const auto& s : c["seats"])
      rows.push_back({{"seat " + std::to_string(s["seat"].get<int>()) + " · " +
                           esc(s["agent"].get<std::string>()),
                       ""},
                      {ci_text(s["win_share"]), ""},
                      {num(s["score"]["mean"].get<double>(), 2) + " <span class=\"ci\">±" +
                           num(s["score"]["ci95"].get<double>(), 2) + "</span>",
                       "n"}});
    for (const auto& a : c["attributes"])
      rows.push_back(
          {{esc(a["key"].get<std::string>() + " = " + a["value"].get<std::string>()), ""},
           {ci_text(a["win_share"]), ""},
           {"", "n"}});
    rows.push_back({{"draws", ""}, {ci_text(c["draw_rate"]), ""}, {"", "n"}});
    rows.push_back({{"game length (actions)", ""},
                    {"mean " + num(c["length"]["mean"].get<double>(), 1) + ", median " +
                         num(c["length"]["median"].get<double>(), 0) + ", 10–90% " +
                         num(c["length"]["p10"].get<double>(), 0) + "–" +
                         num(c["length"]["p90"].get<double>(), 0),
                     ""},
                    {"", "n"}});
    for (const auto& k : c["counters"])
      rows.push_back({{esc(k["name"].get<std::string>()) + " (per game)", ""},
                      {num(k["value"]["mean"].get<double>()) + " <span class=\"ci\">±" +
                           num(k["value"]["ci95"].get<double>()) + "</span>",
                       ""},
                      {"", "n"}});
    h += "<div class=\"panel\"><b>" + esc(c["label"].get<std::string>()) + "</b> · " +
         num(c["games"].get<double>(), 0) + " games" +
         table({"seat / attribute", "win share [95% CI]", "mean score"}, rows) + "</div>";
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
