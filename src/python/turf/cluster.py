"""turf sim on a Dask cluster (docs/lab.md, "On a cluster"): the experiment cut into shards
(`turf sim --shard K/N`), one Dask task each, the shards merged (`turf sim merge`) into the same
result one machine gives.

    python3 -m turf.cluster --local 4 --shards 16 --out study -- turfwars --seats normal -n 600 -o players=6
    python3 -m turf.cluster --scheduler tcp://10.0.0.5:8786 --shards 64 --out study --report study.html -- ...

Each task runs the `turf` program on its worker (a real child process) into a scratch folder and
sends the shard's files back, so workers share no disk with the driver; the driver writes each
shard to OUT/shards/K as it arrives, atomically, and merges when all are in. A worker that dies
loses only its running shard: Dask runs it again elsewhere (a shard is a pure function of the
experiment and K). A driver that stops can be run again with --resume: the shards already in
OUT/shards are kept (OUT/cluster.json names the experiment and the cut; a different one is
refused) and only the others run. Workers
need this package importable and the same `turf` build (the same rules versions) at --turf.

Dask (Debian's python3-distributed) is imported when a run starts; `import turf` never imports it.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

# What the driver sets itself on each shard's command line.
_OWNED = {"--shard", "--out", "--report", "--resume", "--force", "--json", "--until"}
_FILES = ("experiment.json", "games.jsonl", "summary.json")


class ClusterError(Exception):
    """A run that cannot go on: bad arguments, a shard that failed, a foreign --out."""


def default_turf():
    """The turf program: the build tree's (next to this package in build/<preset>/python) or the
    one on PATH."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sibling = os.path.join(here, "turf")
    if os.path.isfile(sibling) and os.access(sibling, os.X_OK):
        return sibling
    return shutil.which("turf")


def _inline_variants(args):
    """`--variant NAME=FILE` reads FILE on the driver: workers need no shared disk. Returns the
    arguments with each file replaced by a placeholder, and {placeholder: the file's bytes}."""
    out, files, i = [], {}, 0
    while i < len(args):
        a = args[i]
        if a == "--variant" or a.startswith("--variant="):
            value = a.split("=", 1)[1] if a != "--variant" else (args[i + 1] if i + 1 < len(args) else "")
            i += 1 if a != "--variant" else 2
            name, sep, path = value.partition("=")
            if not sep:
                name, path = os.path.splitext(os.path.basename(value))[0], value
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                raise ClusterError(f"cannot read the variant file '{path}'")
            key = f"@variant{len(files)}"
            files[key] = data
            out += ["--variant", f"{name}={key}"]
            continue
        out.append(a)
        i += 1
    return out, files


def run_shard(turf, args, k, n, variant_files=None):
    """One shard, run on a worker: `turf sim ARGS --shard K/N` into a scratch folder; returns
    {file name: bytes}. A failing turf raises ClusterError with turf's own message. The variant
    files come with the task (_inline_variants) and are written into the scratch folder."""
    with tempfile.TemporaryDirectory(prefix="turf-shard-") as scratch:
        out = os.path.join(scratch, "shard")
        args = list(args)
        for key, data in (variant_files or {}).items():
            path = os.path.join(scratch, key.lstrip("@") + ".json")
            with open(path, "wb") as f:
                f.write(data)
            args = [a.replace("=" + key, "=" + path) if a.endswith("=" + key) else a for a in args]
        p = subprocess.run([turf, "sim", *args, "--shard", f"{k}/{n}", "--out", out], capture_output=True, text=True)
        if p.returncode != 0:
            message = p.stderr.strip().removeprefix("error: ") or f"turf sim stopped with status {p.returncode}"
            raise ClusterError(message)
        files = {}
        for name in _FILES:
            with open(os.path.join(out, name), "rb") as f:
                files[name] = f.read()
        return files


def _experiment_key(experiment):
    """What makes two shards parts of one experiment: everything but the shard's own number."""
    e = dict(experiment)
    shard = e.pop("shard", [1, 1])
    return json.dumps(e, sort_keys=True), shard


def _check_args(args):
    for a in args:
        name = a.split("=", 1)[0]
        if name == "--until":
            raise ClusterError("a sequential test (--until) looks at the games in order: run it with turf sim on one machine")
        if name in _OWNED:
            raise ClusterError(f"{name} is the cluster driver's own option: give it before the --, not among turf sim's arguments")
    if not args:
        raise ClusterError("give the turf sim arguments after --, e.g. -- dungeon --seats easy -n 200")


def _kept_shards(shards_dir, n):
    """The finished shards already in shards_dir, checked to be parts of one experiment of n shards."""
    kept, key = {}, None
    if not os.path.isdir(shards_dir):
        return kept, key
    for entry in sorted(os.listdir(shards_dir)):
        path = os.path.join(shards_dir, entry)
        if entry.startswith(".") or not all(os.path.isfile(os.path.join(path, f)) for f in _FILES):
            continue  # a shard being written when the driver stopped: it runs again
        with open(os.path.join(path, "experiment.json"), encoding="utf-8") as f:
            this, (k, of) = _experiment_key(json.load(f))
        if of != n or entry != str(k):
            raise ClusterError(f"the shards kept in {shards_dir} were cut into {of}, not {n}: give --shards {of}")
        if key is not None and this != key:
            raise ClusterError(f"the shards kept in {shards_dir} belong to different experiments")
        key = this
        kept[k] = path
    return kept, key


def _write_shard(shards_dir, k, files):
    tmp = tempfile.mkdtemp(prefix=f".{k}-", dir=shards_dir)
    for name, data in files.items():
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(data)
    final = os.path.join(shards_dir, str(k))
    if os.path.isdir(final):
        shutil.rmtree(final)
    os.rename(tmp, final)
    return final


def run(client, args, shards, out, turf=None, resume=False, force=False, report=None, json_summary=False, log=None):
    """Runs `turf sim ARGS` as `shards` Dask tasks on `client`, writes OUT/shards/K as each one
    arrives and merges them into OUT. Returns the merge's standard output (the summary, or its
    JSON with json_summary). `log(text)` is told of progress."""
    from distributed import as_completed  # noqa: PLC0415 (Dask only when a run starts)

    log = log or (lambda text: print(text, file=sys.stderr, flush=True))
    turf = turf or default_turf()
    if not turf:
        raise ClusterError("no turf program found: give --turf PATH")
    _check_args(args)
    shard_args, variant_files = _inline_variants(list(args))
    if not 1 <= shards <= 100000:
        raise ClusterError(f"--shards must be in 1..100000, not {shards}")
    if os.path.exists(out) and os.listdir(out) and not (resume or force):
        raise ClusterError(f"{out} is not empty: --resume to go on with its shards, --force to replace it")
    if force and os.path.exists(out):
        shutil.rmtree(out)
    shards_dir = os.path.join(out, "shards")
    os.makedirs(shards_dir, exist_ok=True)
    # What this run is, so that --resume goes on with the same experiment only.
    plan_path = os.path.join(out, "cluster.json")
    plan = {"turf_sim": list(args), "shards": shards}
    if resume and os.path.exists(plan_path):
        with open(plan_path, encoding="utf-8") as f:
            before = json.load(f)
        if before.get("shards") != shards:
            raise ClusterError(f"{out} was cut into {before.get('shards')} shards, not {shards}: give --shards {before.get('shards')}")
        if before.get("turf_sim") != plan["turf_sim"]:
            raise ClusterError(f"{out} holds another experiment (turf sim {' '.join(before.get('turf_sim', []))}): run without --resume")
    with open(plan_path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(plan, f, indent=2)
    os.replace(plan_path + ".tmp", plan_path)
    kept, key = _kept_shards(shards_dir, shards) if resume else ({}, None)
    todo = [k for k in range(1, shards + 1) if k not in kept]
    log(f"{len(todo)} of {shards} shards to run" + (f" ({len(kept)} kept from before)" if kept else ""))
    start = time.monotonic()
    futures = {client.submit(run_shard, turf, shard_args, k, shards, variant_files, pure=False): k for k in todo}
    done = len(kept)
    try:
        for future in as_completed(futures):
            k = futures[future]
            files = future.result()  # a ClusterError of the shard is raised here
            this, _ = _experiment_key(json.loads(files["experiment.json"]))
            if key is not None and this != key:
                raise ClusterError(f"the shards kept in {shards_dir} belong to another experiment: run without --resume")
            key = this
            _write_shard(shards_dir, k, files)
            done += 1
            games = files["games.jsonl"].count(b"\n")
            log(f"shard {k}/{shards} in: {games} games; {done} of {shards} shards, {time.monotonic() - start:.0f} s")
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    merge = [turf, "sim", "merge", *[os.path.join(shards_dir, str(k)) for k in range(1, shards + 1)], "--out", out]
    if report:
        merge += ["--report", report]
    if json_summary:
        merge.append("--json")
    for name in _FILES:  # a merged result from an earlier run is replaced
        path = os.path.join(out, name)
        if os.path.exists(path):
            os.remove(path)
    p = subprocess.run(merge, capture_output=True, text=True)
    if p.returncode != 0:
        raise ClusterError(p.stderr.strip().removeprefix("error: "))
    return p.stdout


def main(argv):
    if "--" in argv:
        i = argv.index("--")
        ours, sim = argv[:i], argv[i + 1 :]
    else:
        ours, sim = argv, []
    ap = argparse.ArgumentParser(
        prog="python3 -m turf.cluster",
        description="Run a turf sim experiment as shards on a Dask cluster and merge them.",
        epilog="Everything after -- is turf sim's own arguments (game, --seats, -n, --seed, --sweep, -o, --threads).",
    )
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://10.0.0.5:8786")
    where.add_argument("--local", type=int, metavar="WORKERS", help="start a Dask cluster of this many worker processes here")
    ap.add_argument("--shards", type=int, default=0, help="slices of the experiment (default: 4 per worker)")
    ap.add_argument("--out", required=True, help="directory for the shards (OUT/shards/K) and the merged result")
    ap.add_argument("--report", help="write the merged HTML report here")
    ap.add_argument("--turf", help="the turf program on the workers (default: this build's, or turf on PATH)")
    ap.add_argument("--json", action="store_true", help="print the merged summary as JSON")
    ap.add_argument("--resume", action="store_true", help="keep the shards already in OUT/shards and run the others")
    ap.add_argument("--force", action="store_true", help="replace whatever OUT holds")
    try:
        a = ap.parse_args(ours)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        from distributed import Client, LocalCluster  # noqa: PLC0415
    except ImportError:
        print("error: the cluster driver needs Dask (Debian: apt install python3-distributed)", file=sys.stderr)
        return 2
    cluster = None
    try:
        _check_args(sim)  # before a cluster is started for nothing
        if a.local is not None:
            if not 1 <= a.local <= 256:
                raise ClusterError(f"--local must be in 1..256 workers, not {a.local}")
            cluster = LocalCluster(n_workers=a.local, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        else:
            client = Client(a.scheduler, timeout="30s")
        with client:
            workers = max(1, len(client.scheduler_info()["workers"]))
            shards = a.shards or 4 * workers
            text = run(client, sim, shards, a.out, turf=a.turf, resume=a.resume, force=a.force, report=a.report, json_summary=a.json)
        sys.stdout.write(text)
        return 0
    except ClusterError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:  # a scheduler that cannot be reached, an --out that cannot be written
        print(f"error: {e}", file=sys.stderr)
        return 2
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
