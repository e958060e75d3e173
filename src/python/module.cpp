// The `turf` Python module's compiled part, turf._core (issue 26; docs/api.md). The package
// src/python/turf/ re-exports it and adds the PettingZoo-style environment (env.py) and the
// spaces (spaces.py).
//
// The wall: a turf.Game is the referee's handle on a true state (like a pyspiel state); what a
// seat's code receives is a turf.View (built by State::view for that seat, holding copies of what
// the seat may know), its observation tensor and its legal mask. The only ways from a wrapper to
// the hidden state are the explicit omniscient calls, which raise OmniscientAccessError once
// turf.forbid_omniscient() was called or TURF_FORBID_OMNISCIENT=1 was set at import: a view,
// observation, narration or drawing for the omniscient viewer, the record or pickle of an
// unfinished game (they hold its seed), a copy of an unfinished game that is not a sampled world
// (playing it forward deals the hidden decks), an environment's `game` and its pickle or copy in
// play, a VecEnv's `game(i)` (docs/api.md, "Omniscient calls").
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/agent.h"
#include "bots/presets.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/playout.h"
#include "core/secret.h"
#include "core/view.h"
#include "python/vec_env.h"
#include "table/table.h"

namespace py = pybind11;

namespace turf::python {

namespace {

bool g_forbidden = false;

// The module's exception types (owned references, never released: the interpreter owns them until
// it ends, and no C++ destructor may touch Python after that).
PyObject* g_error = nullptr;
PyObject* g_illegal = nullptr;
PyObject* g_omniscient = nullptr;

void check_omniscient(const char* what, const char* instead = nullptr) {
  if (g_forbidden) {
    std::string msg = std::string(what) +
                      " is an omniscient call, and omniscient access is forbidden in this "
                      "process";
    if (instead) msg += std::string(": ") + instead;
    PyErr_SetString(g_omniscient, msg.c_str());
    throw py::error_already_set();
  }
}

py::object json_to_py(const nlohmann::json& j) {
  static py::object& loads = *new py::object(py::module_::import("json").attr("loads"));
  return loads(j.dump());
}

nlohmann::json py_to_json(const py::handle& o) {
  static py::object& dumps = *new py::object(py::module_::import("json").attr("dumps"));
  if (py::isinstance<py::str>(o)) return parse_json(o.cast<std::string>(), "the record");
  return nlohmann::json::parse(dumps(o).cast<std::string>());
}

// Option values from Python keyword arguments: ints and strings, as the command line writes them.
std::map<std::string, std::string> option_map(const py::kwargs& kwargs) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : kwargs) {
    const auto key = k.cast<std::string>();
    if (py::isinstance<py::bool_>(v))
      throw Error("option " + key + " takes a number or a name, not True or False");
    if (py::isinstance<py::int_>(v) || py::isinstance<py::str>(v))
      out[key] = py::str(v).cast<std::string>();
    else if (key == "variant" && py::isinstance<py::dict>(v))  // {"name": ..., "patch": {...}}
      out[key] = py_to_json(v).dump();
    else
      throw Error("option " + key + " takes a number or a name, not " +
                  py::str(py::type::of(v).attr("__name__")).cast<std::string>());
  }
  return out;
}

py::dict options_dict(const Options& o) {
  py::dict d;
  for (const auto& [k, v] : o.values()) {
    bool number = !v.empty() && v.find_first_not_of("0123456789") == std::string::npos;
    if (number)
      d[py::str(k)] = std::stoi(v);
    else
      d[py::str(k)] = v;
  }
  return d;
}

Seat parse_seat(const py::handle& seat, int seats) {
  if (py::isinstance<py::str>(seat)) return parse_viewer(seat.cast<std::string>(), seats);
  const int s = py::cast<int>(seat);
  if (s == kSpectator || s == kOmniscient || (s >= 0 && s < seats)) return s;
  throw Error("seat must be in 0.." + std::to_string(seats - 1) + ", turf.SPECTATOR or " +
              "turf.OMNISCIENT, not " + std::to_string(s));
}

// ---------------------------------------------------------------------------------------------
// Game: the true state, its options, its seed and its actions.

struct Game {
  const GameInfo* info = nullptr;
  Options options;
  std::optional<std::uint64_t> seed;  // absent for a sampled world and a VecEnv's game
  // A world sampled from a view (View.sample_world): its hidden part was dealt from the view, so
  // it holds nothing the view does not, and copying it is no omniscient call.
  bool sampled = false;
  std::unique_ptr<State> state;
  std::vector<Action> actions;

  Game() = default;
  Game(const Game& o)
      : info(o.info),
        options(o.options),
        seed(o.seed),
        sampled(o.sampled),
        state(o.state->clone()),
        actions(o.actions) {}

  // clone(), copy.copy, copy.deepcopy. A copy of a true game in play is an omniscient call:
  // playing it forward would deal the hidden deck orders (the next draws) to whoever holds it.
  Game copy() const {
    if (!sampled && !state->terminal())
      check_omniscient("copying an unfinished game (clone, copy.copy, copy.deepcopy)",
                       "a seat's own copy is seat_view(seat).sample_world(seed), a world dealt "
                       "from what that seat may know");
    return Game(*this);
  }

  int action_space() const { return info->action_space ? info->action_space(options) : 0; }

  void apply(std::int64_t a) {
    if (state->terminal()) throw Error("the game is over: no action is legal");
    if (a < 0 || a > INT32_MAX || !state->is_legal(static_cast<Action>(a))) {
      PyErr_SetString(g_illegal, ("action " + std::to_string(a) + " is not legal for seat " +
                                  std::to_string(state->to_move()))
                                     .c_str());
      throw py::error_already_set();
    }
    state->apply(static_cast<Action>(a));
    actions.push_back(static_cast<Action>(a));
  }

  View view_of(Seat s, bool labelled) const {
    if (s == kOmniscient) check_omniscient("a view for the omniscient viewer");
    return state->view(s, labelled);
  }

  Match match() const {
    if (!seed) throw Error("a sampled world has no record (it has no seed)");
    std::vector<SeatInfo> seats(state->num_seats());
    for (int s = 0; s < state->num_seats(); ++s) {
      seats[s].agent = "python";
      seats[s].name = player_name(static_cast<Seat>(s));
    }
    Match m(*info, options, *seed, seats);
    for (Action a : actions) m.apply(a);
    return m;
  }

  nlohmann::json record() const {
    if (!state->terminal()) check_omniscient("the record of an unfinished game");
    return match().record();
  }
};

Game from_record_json(const nlohmann::json& j) {
  Match m = Match::from_record(j);
  Game g;
  g.info = &m.game();
  g.options = m.options();
  g.seed = m.seed();
  g.state = m.state().clone();
  for (const auto& e : m.history()) g.actions.push_back(e.id);
  return g;
}

Game new_game(const std::string& id, std::optional<std::uint64_t> seed, const py::kwargs& kw) {
  const GameInfo& info = Registry::instance().find(id);
  Game g;
  g.info = &info;
  g.options = info.resolve(option_map(kw));
  g.seed = seed ? *seed : os_random_u64();
  g.state = info.create(g.options, *g.seed);
  return g;
}

// ---------------------------------------------------------------------------------------------
// View: a seat's view, with the options of its game (public) so that its sampled worlds are
// whole games.

struct PyView {
  View view;
  Options options;
};

// One of a view's legal actions, by id (a View knows only those: it holds no state to label
// others).
const LegalAction& legal_of(const PyView& v, Action a) {
  for (const auto& la : v.view.legal())
    if (la.id == a) return la;
  if (!v.view.my_turn())
    throw Error("action " + std::to_string(a) + ": this view has no legal actions (it is not " +
                viewer_name(v.view.viewer()) + "'s turn)");
  throw Error("action " + std::to_string(a) + " is not one of this view's legal actions");
}

// A seat's view without its legal actions: what an observation is built from.
View bare_view(const State& s, Seat seat) {
  if (seat == kOmniscient) check_omniscient("an observation for the omniscient viewer");
  return View(&s.game(), seat, s.to_move(), s.terminal(), s.move_number(), {},
              s.make_view_data(seat));
}

// A whole game consistent with the view: everything the viewer cannot see re-dealt from `seed`.
Game sampled_world(const PyView& v, std::uint64_t seed) {
  Rng rng(seed);
  Game g;
  g.info = &v.view.game();
  g.options = v.options;
  g.sampled = true;
  g.state = v.view.sample_world(rng);
  return g;
}

py::array_t<float> observation_of(const View& v, const Options& options) {
  const GameInfo& info = v.game();
  if (!info.observe) throw Error(info.id + " has no observation tensors");
  const int size = info.observation_spec(options).size;
  py::array_t<float> out(size);
  info.observe(v, out.mutable_data());
  return out;
}

py::dict spec_dict(const GameInfo& info, const Options& options) {
  if (!info.observation_spec) throw Error(info.id + " has no observation tensors");
  const ObsSpec& spec = info.observation_spec(options);
  py::list fields;
  for (const auto& f : spec.fields) {
    py::dict d;
    d["name"] = f.name;
    d["offset"] = f.offset;
    d["size"] = f.size;
    d["low"] = f.low;
    d["high"] = f.high;
    d["meaning"] = f.meaning;
    d["scale"] = f.scale;
    fields.append(d);
  }
  py::dict d;
  d["game"] = info.id;
  d["version"] = spec.version;
  d["size"] = spec.size;
  d["shape"] = py::make_tuple(spec.size);
  d["action_space"] = info.action_space ? info.action_space(options) : 0;
  d["fields"] = fields;
  return d;
}

py::list narration_list(const std::vector<Narration>& lines, int seats) {
  std::vector<std::string> names;
  for (int s = 0; s < seats; ++s) names.push_back(player_name(static_cast<Seat>(s)));
  py::list out;
  for (const auto& n : lines) {
    nlohmann::json j = n.to_json();
    j["said"] = render_narration(n.text, names);
    out.append(json_to_py(j));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// A match against built-in bots (and Python callables given the seat's View).

py::dict play_match(const std::string& id, const py::list& agents,
                    std::optional<std::uint64_t> seed, const py::kwargs& kw) {
  Game g = new_game(id, seed, kw);
  const int seats = g.state->num_seats();
  if (static_cast<int>(py::len(agents)) != seats)
    throw Error(id + " with these options needs " + std::to_string(seats) + " agents, not " +
                std::to_string(py::len(agents)));
  // The seats through the table layer (src/table): a bot spec, level or ext:COMMAND as `turf
  // play` takes them, within the command line's limits; a Python callable sits as a human seat
  // whose actions come from it.
  std::vector<table::SeatPlan> plans;
  std::vector<py::object> callables(seats);
  std::vector<std::string> agent_names(seats);
  bool all_bots = true;
  for (int s = 0; s < seats; ++s) {
    py::handle a = agents[s];
    if (py::isinstance<py::str>(a)) {
      const std::string text = a.cast<std::string>();
      if (table::seat_kind(text) == table::SeatKind::kHuman)
        throw Error("seat " + std::to_string(s) + ": 'human' cannot play here (give a callable)");
      plans.push_back(table::plan_seat(*g.info, text, table::BotLimits::cli()));
      agent_names[s] = plans.back().agent;
    } else if (PyCallable_Check(a.ptr())) {
      callables[s] = py::reinterpret_borrow<py::object>(a);
      plans.push_back(table::plan_seat(*g.info, "human", table::BotLimits::cli()));
      agent_names[s] = "python";
      all_bots = false;
    } else {
      throw Error("seat " + std::to_string(s) + ": an agent is a bot spec or a callable");
    }
  }
  table::name_seats(plans);
  // Bots seeded from the match seed (table::SeedRule::kFromMatch): the same seed, the same match.
  table::Table t(Match(*g.info, g.options, *g.seed, table::seat_infos(plans)), {});
  const auto run = [&] {
    while (!t.over()) {
      const Seat s = t.to_move();
      if (!t.is_human(s)) {
        t.play_bot();  // the bot gets its seat's view only
        continue;
      }
      PyView pv{t.match().view(s, true), g.options};
      const auto a = py::cast<std::int64_t>(callables[s](pv));
      if (a < 0 || a > INT32_MAX ||
          t.act(s, static_cast<Action>(a), t.moves()) != table::Refusal::kNone) {
        PyErr_SetString(g_illegal, ("action " + std::to_string(a) + " is not legal for seat " +
                                    std::to_string(s))
                                       .c_str());
        throw py::error_already_set();
      }
    }
  };
  if (all_bots) {
    py::gil_scoped_release release;  // bots only: other Python threads run meanwhile
    run();
  } else {
    run();
  }
  const Match& m = t.match();
  py::dict out;
  out["scores"] = m.state().scores();
  out["ranking"] = m.state().ranking();
  out["record"] = json_to_py(m.record());
  out["agents"] = agent_names;
  return out;
}

// ---------------------------------------------------------------------------------------------
// VecEnv bindings: arrays over its buffers, kept alive by the VecEnv.

template <class T>
py::array_t<T> buffer(py::object owner, T* data, std::vector<py::ssize_t> shape) {
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t stride = sizeof(T);
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return py::array_t<T>(shape, strides, data, owner);
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Turf: the engine's games, views, observation tensors and the vector environment";
  g_error = py::register_exception<Error>(m, "TurfError", PyExc_ValueError).ptr();
  g_illegal = py::exception<void>(m, "IllegalActionError", g_error).ptr();
  g_omniscient = py::exception<void>(m, "OmniscientAccessError", PyExc_PermissionError).ptr();
  Py_INCREF(g_error);
  Py_INCREF(g_illegal);
  Py_INCREF(g_omniscient);
  if (const char* e = std::getenv("TURF_FORBID_OMNISCIENT"); e && *e && std::strcmp(e, "0") != 0)
    g_forbidden = true;

  m.attr("SPECTATOR") = kSpectator;
  m.attr("OMNISCIENT") = kOmniscient;

  m.def(
      "forbid_omniscient", [] { g_forbidden = true; },
      "From now on in this process, every omniscient call raises OmniscientAccessError. There is "
      "no way back.");
  m.def("omniscient_forbidden", [] { return g_forbidden; });
  m.def("_check_omniscient", [](const std::string& what) { check_omniscient(what.c_str()); });

  m.def("games", [] {
    py::list out;
    for (const auto& info : Registry::instance().games()) {
      py::dict d;
      d["id"] = info->id;
      d["title"] = info->title;
      d["summary"] = info->summary;
      d["rules_version"] = info->rules_version;
      d["min_players"] = info->min_players;
      d["max_players"] = info->max_players;
      py::list opts;
      for (const auto& o : info->options) {
        py::dict od;
        od["name"] = o.name;
        od["kind"] = o.kind == OptionSpec::Kind::Integer   ? "integer"
                     : o.kind == OptionSpec::Kind::Variant ? "variant"
                                                           : "choice";
        od["default"] = o.default_value;
        od["allowed"] = o.allowed_text();
        if (o.kind == OptionSpec::Kind::Choice) od["choices"] = o.choices;
        if (o.kind == OptionSpec::Kind::Integer) {
          od["min"] = o.min;
          od["max"] = o.max;
        }
        od["help"] = o.help;
        opts.append(od);
      }
      d["options"] = opts;
      out.append(d);
    }
    return out;
  });
  m.def(
      "observation_spec",
      [](const std::string& id, const py::kwargs& kw) {
        const GameInfo& info = Registry::instance().find(id);
        return spec_dict(info, info.resolve(option_map(kw)));
      },
      py::arg("game"));
  m.def(
      "resolve_options",
      [](const std::string& id, const py::kwargs& kw) {
        return options_dict(Registry::instance().find(id).resolve(option_map(kw)));
      },
      py::arg("game"));

  py::class_<PyView>(m, "View", "A seat's view: what that seat may know, and nothing else.")
      .def_property_readonly("game_id", [](const PyView& v) { return v.view.game().id; })
      .def_property_readonly("viewer", [](const PyView& v) { return v.view.viewer(); })
      .def_property_readonly("to_move", [](const PyView& v) { return v.view.to_move(); })
      .def_property_readonly("terminal", [](const PyView& v) { return v.view.terminal(); })
      .def_property_readonly("move_number", [](const PyView& v) { return v.view.move_number(); })
      .def_property_readonly("my_turn", [](const PyView& v) { return v.view.my_turn(); })
      .def_property_readonly("ambiguous", [](const PyView& v) { return v.view.ambiguous(); })
      .def_property_readonly("options", [](const PyView& v) { return options_dict(v.options); })
      .def_property_readonly("legal_actions",
                             [](const PyView& v) {
                               std::vector<Action> ids;
                               for (const auto& la : v.view.legal()) ids.push_back(la.id);
                               return ids;
                             })
      .def(
          "action_label", [](const PyView& v, Action a) { return legal_of(v, a).label; },
          py::arg("action"), "The label of one of the view's legal actions (what the seat reads).")
      .def(
          "action_json", [](const PyView& v, Action a) { return json_to_py(legal_of(v, a).json); },
          py::arg("action"), "The JSON form of one of the view's legal actions.")
      .def("to_dict", [](const PyView& v) { return json_to_py(v.view.to_json()); })
      .def("observation", [](const PyView& v) { return observation_of(v.view, v.options); })
      .def("sample_world", &sampled_world, py::arg("seed"),
           "A complete game consistent with this view: everything the viewer cannot see re-dealt "
           "from `seed`. It has no seed of its own, so no record.")
      .def("__repr__", [](const PyView& v) {
        return "<turf.View " + v.view.game().id + " " + viewer_name(v.view.viewer()) + ", move " +
               std::to_string(v.view.move_number()) + ">";
      });

  py::class_<Game>(m, "Game", "A game in progress: the true state (the referee's handle).")
      .def_property_readonly("game_id", [](const Game& g) { return g.info->id; })
      .def_property_readonly("options", [](const Game& g) { return options_dict(g.options); })
      .def_property_readonly("num_players", [](const Game& g) { return g.state->num_seats(); })
      .def_property_readonly(
          "to_move", [](const Game& g) { return g.state->terminal() ? -1 : g.state->to_move(); })
      .def_property_readonly("terminal", [](const Game& g) { return g.state->terminal(); })
      .def_property_readonly("move_number", [](const Game& g) { return g.state->move_number(); })
      .def_property_readonly("actions", [](const Game& g) { return g.actions; })
      .def_property_readonly("action_space", &Game::action_space)
      .def("legal_actions",
           [](const Game& g) {
             std::vector<Action> ids;
             if (!g.state->terminal()) g.state->legal_actions(ids);
             return ids;
           })
      .def("legal_mask",
           [](const Game& g) {
             const int n = g.action_space();
             py::array_t<std::int8_t> mask(n);
             std::memset(mask.mutable_data(), 0, n);
             if (!g.state->terminal()) {
               std::vector<Action> ids;
               g.state->legal_actions(ids);
               auto* m = mask.mutable_data();
               for (Action a : ids) m[a] = 1;
             }
             return mask;
           })
      .def("apply", &Game::apply, py::arg("action"),
           "Applies a legal action of the seat to move; an illegal one raises IllegalActionError "
           "and changes nothing.")
      .def("clone", &Game::copy,
           "An independent copy. Omniscient while the game is in play, unless it is a world "
           "sampled from a view.")
      .def("__copy__", &Game::copy)
      .def("__deepcopy__", [](const Game& g, py::dict) { return g.copy(); })
      .def("scores", [](const Game& g) { return g.state->scores(); })
      .def("ranking", [](const Game& g) { return g.state->ranking(); })
      .def("outcome", [](const Game& g) { return g.state->outcome(); })
      .def("action_label", [](const Game& g, Action a) { return g.state->label_of(a); })
      .def("public_label", [](const Game& g, Action a) { return g.state->public_label_of(a); })
      .def("action_json",
           [](const Game& g, Action a) {
             nlohmann::json j;
             g.state->action_json_of(a, j);
             return json_to_py(j);
           })
      .def(
          "view",
          [](const Game& g, const py::object& seat) {
            return json_to_py(g.view_of(parse_seat(seat, g.state->num_seats()), true).to_json());
          },
          py::arg("seat"), "The seat's view as a dict (the JSON front ends receive).")
      .def(
          "seat_view",
          [](const Game& g, const py::object& seat) {
            return PyView{g.view_of(parse_seat(seat, g.state->num_seats()), true), g.options};
          },
          py::arg("seat"), "The seat's view as a turf.View.")
      .def(
          "observation",
          [](const Game& g, const py::object& seat) {
            return observation_of(bare_view(*g.state, parse_seat(seat, g.state->num_seats())),
                                  g.options);
          },
          py::arg("seat"), "The seat's observation tensor, built from its view only.")
      .def(
          "observe_into",
          [](const Game& g, int seat, py::array_t<float, py::array::c_style> out) {
            const int size = g.info->observation_spec(g.options).size;
            if (out.ndim() != 1 || out.shape(0) != size)
              throw Error("observe_into needs a float32 array of " + std::to_string(size));
            const View v = bare_view(*g.state, parse_seat(py::int_(seat), g.state->num_seats()));
            g.info->observe(v, out.mutable_data());
          },
          py::arg("seat"), py::arg("out"))
      .def(
          "narration",
          [](const Game& g, const py::object& seat) {
            const Seat s = parse_seat(seat, g.state->num_seats());
            if (s == kOmniscient) check_omniscient("the omniscient narration");
            const Match m = g.match();
            py::list out;
            for (const auto& step : narrate_history(m, s))
              out.append(narration_list(step, g.state->num_seats()));
            return out;
          },
          py::arg("seat"), "What the seat was told at each step, one list of lines per action.")
      .def(
          "draw",
          [](const Game& g, const py::object& seat) {
            const Seat s = parse_seat(seat, g.state->num_seats());
            if (!g.info->draw) throw Error(g.info->id + " has no drawing");
            DrawStyle style;
            style.colour = false;
            style.unicode = false;
            return g.info->draw(g.view_of(s, false), style);
          },
          py::arg("seat") = kSpectator)
      .def(
          "record", [](const Game& g) { return json_to_py(g.record()); },
          "The record (the CLI's JSON). Omniscient while the game is not over: it holds the "
          "seed.")
      .def(py::pickle(
          [](const Game& g) {
            if (!g.seed) throw Error("a sampled world cannot be pickled (it has no seed)");
            if (!g.state->terminal()) check_omniscient("pickling an unfinished game");
            return py::make_tuple(g.info->id, options_dict(g.options), *g.seed, g.actions);
          },
          [](const py::tuple& t) {
            Game g;
            g.info = &Registry::instance().find(t[0].cast<std::string>());
            g.options = g.info->resolve(option_map(t[1].cast<py::dict>()));
            g.seed = t[2].cast<std::uint64_t>();
            g.state = g.info->create(g.options, *g.seed);
            for (Action a : t[3].cast<std::vector<Action>>()) {
              g.state->apply(a);
              g.actions.push_back(a);
            }
            return g;
          }))
      .def("__repr__", [](const Game& g) {
        return "<turf.Game " + g.info->id + " " + g.options.to_string() + ", move " +
               std::to_string(g.state->move_number()) + (g.state->terminal() ? ", over>" : ">");
      });

  m.def("new_game", &new_game, py::arg("game"), py::arg("seed") = py::none(),
        "A new game; options as keyword arguments (players=3, ...). Without a seed, one from the "
        "operating system.");
  m.def(
      "game_from_record",
      [](const py::object& record) { return from_record_json(py_to_json(record)); },
      py::arg("record"), "Replays a record (a dict or its JSON text), checking every action.");
  m.def("sample_world", &sampled_world, py::arg("view"), py::arg("seed"));
  m.def("play_match", &play_match, py::arg("game"), py::arg("agents"), py::arg("seed") = py::none(),
        "Plays a whole game: each agent a built-in bot spec or level (\"random\", \"greedy\", "
        "\"mcts:iters=200\", \"easy\", \"normal\", \"hard\") or a callable given the seat's "
        "turf.View and returning an action id. Returns scores, ranking, the record and the "
        "agents.");
  m.def("bot_names", [] { return bot_names(); });
  m.def(
      "_native_rate",
      [](const std::string& id, double seconds, const py::kwargs& kw) {
        const GameInfo& info = Registry::instance().find(id);
        const Options options = info.resolve(option_map(kw));
        py::gil_scoped_release release;
        return measure_random_games(info, options, seconds, 1, 1000).actions_per_s();
      },
      py::arg("game"), py::arg("seconds"),
      "turf bench's random-playout rate on one thread (actions a second), for benchmarks.");

  py::class_<VecEnv>(m, "_VecEnv")
      .def(py::init([](const std::string& id, int n, std::uint64_t seed, bool observations,
                       bool masks, const std::string& opponent, int seat, int legal_ids,
                       const py::kwargs& kw) {
             VecEnvConfig c;
             c.game = id;
             c.n = n;
             c.seed = seed;
             c.observations = observations;
             c.masks = masks;
             c.opponent = opponent;
             c.learner_seat = seat;
             c.legal_ids = legal_ids;
             c.options = option_map(kw);
             return std::make_unique<VecEnv>(c);
           }),
           py::arg("game"), py::arg("n"), py::arg("seed"), py::arg("observations"),
           py::arg("masks"), py::arg("opponent"), py::arg("seat"), py::arg("legal_ids"))
      .def_property_readonly("n", &VecEnv::n)
      .def_property_readonly("num_players", &VecEnv::players)
      .def_property_readonly("obs_size", &VecEnv::obs_size)
      .def_property_readonly("action_space_size", &VecEnv::action_space)
      .def_property_readonly("game_id", [](const VecEnv& v) { return v.game().id; })
      .def_property_readonly("options", [](const VecEnv& v) { return options_dict(v.options()); })
      .def("reset",
           [](VecEnv& v, std::uint64_t seed) {
             py::gil_scoped_release release;
             v.reset(seed);
           })
      .def("step",
           [](VecEnv& v, py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> a) {
             if (a.ndim() != 1 || a.shape(0) != v.n())
               throw Error("step needs one action per game: an array of " + std::to_string(v.n()));
             const std::int64_t* data = a.data();
             try {
               py::gil_scoped_release release;
               v.step(data);
             } catch (const Error& e) {  // an illegal action: nothing was applied
               PyErr_SetString(g_illegal, e.what());
               throw py::error_already_set();
             }
           })
      .def("sample_actions",
           [](VecEnv& v) {
             py::array_t<std::int64_t> out(v.n());
             std::int64_t* data = out.mutable_data();
             {
               py::gil_scoped_release release;
               v.sample_actions(data);
             }
             return out;
           })
      .def("buffers",
           [](py::object self) {
             VecEnv& v = self.cast<VecEnv&>();
             const py::ssize_t n = v.n();
             py::dict d;
             if (v.obs_size() > 0) d["obs"] = buffer(self, v.obs(), {n, v.obs_size()});
             if (v.mask()) d["mask"] = buffer(self, v.mask(), {n, v.action_space()});
             d["rewards"] = buffer(self, v.rewards(), {n, v.players()});
             d["terminated"] = buffer(self, reinterpret_cast<bool*>(v.terminated()), {n});
             d["truncated"] = buffer(self, reinterpret_cast<bool*>(v.truncated()), {n});
             d["to_move"] = buffer(self, v.to_move(), {n});
             d["learner"] = buffer(self, v.learner(), {n});
             d["episode_length"] = buffer(self, v.episode_length(), {n});
             if (v.obs_size() > 0) d["final_obs"] = buffer(self, v.final_obs(), {n, v.obs_size()});
             d["final_seat"] = buffer(self, v.final_seat(), {n});
             d["final_length"] = buffer(self, v.final_length(), {n});
             d["final_ranking"] = buffer(self, v.final_ranking(), {n, v.players()});
             d["final_scores"] = buffer(self, v.final_scores(), {n, v.players()});
             return d;
           })
      .def("legal_ids",
           // A view of this step's padded ids (its width, and so its address, may change).
           [](py::object self) -> py::object {
             VecEnv& v = self.cast<VecEnv&>();
             if (!v.has_legal_ids()) return py::none();
             return buffer(self, v.legal_ids(), {v.n(), v.ids_width()});
           })
      .def("legal_count",
           [](py::object self) -> py::object {
             VecEnv& v = self.cast<VecEnv&>();
             if (!v.has_legal_ids()) return py::none();
             return buffer(self, v.legal_count(), {v.n()});
           })
      .def("game", [](const VecEnv& v, int i) {
        check_omniscient("a VecEnv's game");
        if (i < 0 || i >= v.n()) throw Error("no game " + std::to_string(i));
        Game g;
        g.info = &v.game();
        g.options = v.options();
        g.state = v.state(i).clone();
        return g;
      });
}

}  // namespace turf::python
