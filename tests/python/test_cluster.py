"""turf sim on a Dask cluster (issue 31; docs/lab.md, "On a cluster"): python3 -m turf.cluster cuts
an experiment into shards, runs them as Dask tasks on a real LocalCluster of worker processes on
loopback, survives a worker killed in the middle of a shard, resumes, and merges into exactly the
result of one `turf sim` run."""

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time

import pytest

from conftest import subprocess_env

distributed = pytest.importorskip("distributed")  # Debian's python3-distributed (scripts/setup.sh)

from turf import cluster  # noqa: E402

TURF = cluster.default_turf()
SIM = ["dungeon", "--seats", "easy,random", "-n", "48", "--seed", "5", "--threads", "1"]


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    ) as lc, distributed.Client(lc) as c:
        yield c


@pytest.fixture(scope="module")
def one_run(tmp_path_factory):
    """The experiment run by turf sim alone, on this machine."""
    out = tmp_path_factory.mktemp("one") / "out"
    subprocess.run([TURF, "sim", *SIM, "--out", str(out)], check=True, capture_output=True)
    return out


def result(out):
    with open(out / "summary.json", encoding="utf-8") as f:
        summary = json.load(f)
    games = []
    with open(out / "games.jsonl", encoding="utf-8") as f:
        for line in f:
            game = json.loads(line)
            record = game.get("record", {})
            for a in record.get("actions", []):  # when it was played: all two runs differ in
                a.pop("time")
            record.pop("started", None)
            record.pop("finished", None)
            games.append(json.dumps(game, sort_keys=True))
    return summary, sorted(games)


def test_a_killed_worker_loses_nothing_and_the_merge_is_one_run(client, one_run, tmp_path):
    # A stand-in for turf that, on the first attempt at shard 2 of 6, says where it runs and then
    # waits to be killed; every other call is the real turf.
    mark = tmp_path / "mark"
    mark.mkdir()
    shim = tmp_path / "turf-shim"
    shim.write_text(
        "#!/bin/sh\n"
        'case " $* " in *" --shard 2/6 "*)\n'
        f'  if mkdir "{mark}/attempt" 2>/dev/null; then\n'
        f'    echo "$$ $PPID" > "{mark}/started.tmp" && mv "{mark}/started.tmp" "{mark}/started"\n'
        "    exec sleep 3600\n"
        "  fi;;\n"
        "esac\n"
        f'exec "{TURF}" "$@"\n'
    )
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    out = tmp_path / "out"
    lines, outcome = [], {}

    def drive():
        try:
            outcome["text"] = cluster.run(client, SIM, 6, str(out), turf=str(shim), log=lines.append)
        except BaseException as e:  # noqa: BLE001 (reported by the test below)
            outcome["error"] = e

    t = threading.Thread(target=drive)
    t.start()
    started = mark / "started"
    deadline = time.monotonic() + 300  # a cap on a wait for a state, not a timing
    while not started.exists() and t.is_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert started.exists(), outcome
    shard_pid, worker_pid = (int(x) for x in started.read_text().split())
    workers_before = set(client.run(os.getpid).values())
    assert worker_pid in workers_before  # the shard runs under a Dask worker process
    os.kill(worker_pid, signal.SIGKILL)
    os.kill(shard_pid, signal.SIGKILL)
    t.join(600)
    assert not t.is_alive() and "error" not in outcome, outcome
    assert result(out) == result(one_run)
    assert lines[0] == "6 of 6 shards to run" and sum("shard 2/6 in" in x for x in lines) == 1
    assert worker_pid not in set(client.run(os.getpid).values())  # the worker really died
    assert "win share" in outcome["text"]


def test_resume_keeps_the_shards_it_has(client, one_run, tmp_path):
    out = tmp_path / "out"
    cluster.run(client, SIM, 4, str(out), log=lambda _: None)
    for name in ("3", "4"):
        for f in (out / "shards" / name).iterdir():
            f.unlink()
        (out / "shards" / name).rmdir()
    with pytest.raises(cluster.ClusterError, match="not empty"):
        cluster.run(client, SIM, 4, str(out), log=lambda _: None)
    lines = []
    cluster.run(client, SIM, 4, str(out), resume=True, log=lines.append)
    assert lines[0] == "2 of 4 shards to run (2 kept from before)"
    assert result(out) == result(one_run)
    # Kept shards of another experiment, or another cut, are refused before anything runs.
    other = SIM[:-3] + ["6", "--threads", "1"]
    with pytest.raises(cluster.ClusterError, match="another experiment"):
        cluster.run(client, other, 4, str(out), resume=True, log=lambda _: None)
    with pytest.raises(cluster.ClusterError, match="--shards 4"):
        cluster.run(client, SIM, 5, str(out), resume=True, log=lambda _: None)
    cluster.run(client, SIM, 2, str(out), force=True, log=lambda _: None)
    assert sorted(os.listdir(out / "shards")) == ["1", "2"] and result(out) == result(one_run)


def test_bad_arguments_are_clear_errors(client, tmp_path):
    with pytest.raises(cluster.ClusterError, match="dungeon"):  # turf's own "did you mean"
        cluster.run(client, ["dungen", "--seats", "easy", "-n", "4"], 2, str(tmp_path / "a"), log=lambda _: None)
    for bad in (["dungeon", "--json"], ["dungeon", "--until", "seat0 winrate != 0.5"], []):
        with pytest.raises(cluster.ClusterError):
            cluster.run(client, bad, 2, str(tmp_path / "b"), log=lambda _: None)
    cli = [sys.executable, "-m", "turf.cluster", "--local", "1", "--out", str(tmp_path / "c")]
    p = subprocess.run(cli + ["--", "dungeon", "--out", "x"], env=subprocess_env(), capture_output=True, text=True, timeout=300)
    assert p.returncode == 2 and p.stderr.startswith("error: --out is the cluster driver's own option"), p.stderr
    p = subprocess.run(cli + ["--json", "--", *SIM], env=subprocess_env(), capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["experiment"]["games"] == 48


def test_a_variant_travels_with_its_tasks_and_the_merge_is_one_run(client, tmp_path):
    # The variant file is read by the driver and sent with each task: the workers run it from
    # their own scratch copy (no shared disk), and the merge is the one-machine run.
    patch = tmp_path / "crosses.json"
    patch.write_text('{"mixes": {"standard": {"counts": {"corner": 7, "cross": 6}}}}')
    sim = ["dungeon", "--seats", "random", "-n", "16", "--seed", "3", "--threads", "1", "--no-cards", "--variant", f"crosses={patch}"]
    one = tmp_path / "one"
    subprocess.run([TURF, "sim", *sim, "--out", str(one)], check=True, capture_output=True)
    args, files = cluster._inline_variants(sim)
    assert args[-1] == "crosses=@variant0" and files["@variant0"] == patch.read_bytes()
    out = tmp_path / "out"
    cluster.run(client, sim, 2, str(out), log=lambda _: None)
    assert result(out) == result(one)
    with open(out / "summary.json", encoding="utf-8") as f:
        assert [c["label"] for c in json.load(f)["cells"]] == ["variant=base", "variant=crosses"]
    with pytest.raises(cluster.ClusterError, match="cannot read the variant file"):
        cluster.run(client, sim[:-2] + ["--variant", str(tmp_path / "gone.json")], 2, str(tmp_path / "x"), log=lambda _: None)
