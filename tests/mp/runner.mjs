// A real MicroPython interpreter (the npm WebAssembly port) serving Python
// code to the test process, one JSON object per line on stdin/stdout.
//
//   node tests/mp/runner.mjs [--mount DIR]... [--heapsize BYTES] [--pystack WORDS]
//
// Each --mount DIR (default: the repo's firmware/) is copied into the
// interpreter's file system under the same absolute path (so tracebacks name
// the real files) and put on sys.path, the first given first.  --mount DIR=AT
// copies it to AT instead (e.g. "/", where the CIRCUITPY drive's files are on
// a board: each module's file name stays on the heap as an interned string, so
// memory benches mount the firmware where the board has it).
//
// Request:  {"code": "...", "reset": false, "mounts": [DIR...], "keep_globals": false, "timeout_ms": 300000}
//   reset: run in a new interpreter;
//   mounts: more directories for this request (copied in when first named);
//   keep_globals: carry on from the previous request as it left things.
//   Otherwise each request starts afresh: empty __main__ globals, sys.path =
//   its mounts, the --mount dirs, then the interpreter's own entries, and the
//   current directory the first --mount (as the CIRCUITPY drive's root is on
//   a board), and compiling with line numbers (opt_level 0: code.py sets 3 on
//   a board, and a run of it must not take them from the next request's
//   tracebacks). Imported modules stay cached until a reset.
// Reply:    {"stdout": "...", "stderr": "...", "error": null | {"type", "message", "traceback"}, "ms": N}
//
// Each request is a separate top-level runPython call: MicroPython's GC frees
// nothing inside a running call, so memory measurements need several requests.
// The interpreter runs in a worker thread: a new interpreter is a new worker
// (the npm module keeps global state, two interpreters in one thread clash),
// and a request that runs past its timeout ends the worker, not this process.
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { createInterface } from "node:readline";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_MOUNT = path.resolve(HERE, "..", "..", "firmware");
const DEFAULT_TIMEOUT_MS = 300000;

if (isMainThread) {
    await serve();
} else {
    await interpret();
}

function parseArgs(argv) {
    // heapsize is only the starting size (this build grows its heap); pystack
    // (Python frames, in words) stays the package's 2048 unless given.
    const opts = { mounts: [], config: { heapsize: 1024 * 1024 } };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        const value = argv[i + 1];
        if (a === "--mount" && value) { opts.mounts.push(mountOf(value)); i++; }
        else if (a === "--heapsize" && value) { opts.config.heapsize = parseInt(value, 10); i++; }
        else if (a === "--pystack" && value) { opts.config.pystack = parseInt(value, 10); i++; }
        else { process.stderr.write(`runner.mjs: unknown argument ${a}\n`); process.exit(2); }
    }
    if (opts.mounts.length === 0) opts.mounts.push(mountOf(DEFAULT_MOUNT));
    return opts;
}

// ---- main thread: the line protocol, one worker per interpreter ----------

async function serve() {
    const opts = parseArgs(process.argv.slice(2));
    let worker = null;
    let copied = [];

    const reply = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
    const failure = (type, message) => ({
        stdout: "", stderr: "", ms: 0,
        error: { type, message, traceback: `${type}: ${message}\n` },
    });

    function startWorker() {
        if (worker) worker.terminate();
        copied = [];
        worker = new Worker(fileURLToPath(import.meta.url), {
            workerData: opts.config,
        });
        worker.unref();
    }

    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
        if (!line.trim()) continue;
        let req;
        try {
            req = JSON.parse(line);
            if (typeof req.code !== "string") throw new Error("no \"code\" string");
        } catch (e) {
            reply(failure("ProtocolError", `bad request: ${e.message}`));
            continue;
        }
        const extra = (req.mounts || []).map(mountOf);
        const timeout = req.timeout_ms || DEFAULT_TIMEOUT_MS;
        try {
            if (req.reset || !worker) startWorker();
            const mounts = [...extra, ...opts.mounts];
            const paths = unique(mounts.map((m) => m.at));
            const fresh = mounts.filter((m) => !copied.includes(m.at));
            if (fresh.length) {
                copied.push(...fresh.map((m) => m.at));
                await ask(worker, { op: "copy", dirs: fresh });
            }
            const run = { op: "run", code: req.code, keep_globals: !!req.keep_globals, paths, cwd: opts.mounts[0].at };
            const answer = await withTimeout(ask(worker, run), timeout);
            reply(answer);
        } catch (e) {
            // A timeout or a crashed worker: that interpreter is gone.
            if (worker) worker.terminate();
            worker = null;
            reply(failure(e.code === "TIMEOUT" ? "Timeout" : "RunnerError", e.message));
        }
    }
    if (worker) await worker.terminate();
}

function unique(list) {
    return list.filter((d, i) => list.indexOf(d) === i);
}

function ask(worker, msg) {
    return new Promise((resolve, reject) => {
        const cleanup = () => {
            worker.off("message", onMessage);
            worker.off("error", onError);
            worker.off("exit", onExit);
        };
        const onMessage = (m) => { cleanup(); resolve(m); };
        const onError = (e) => { cleanup(); reject(e); };
        const onExit = (c) => { cleanup(); reject(new Error(`interpreter exited (code ${c})`)); };
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        worker.postMessage(msg);
    });
}

function withTimeout(promise, ms) {
    let timer;
    const expired = new Promise((_, reject) => {
        timer = setTimeout(() => {
            const e = new Error(`no answer within ${ms} ms: the interpreter was stopped`);
            e.code = "TIMEOUT";
            reject(e);
        }, ms);
    });
    return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

// ---- worker thread: one MicroPython interpreter --------------------------

async function interpret() {
    const { loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript");
    let out = [];
    let err = [];
    const mp = await loadMicroPython({
        ...workerData,
        linebuffer: false,
        stdout: (bytes) => { out.push(...bytes); },
        stderr: (bytes) => { err.push(...bytes); },
    });
    const decoder = new TextDecoder();
    // The interpreter's own sys.path entries (a Python list literal), kept behind the mounts.
    mp.runPython("import sys\nprint(repr(sys.path))\ndel sys");
    const basePath = decoder.decode(new Uint8Array(out)).trim();
    let onPath = null; // the mounts on sys.path now; null before the first request

    parentPort.on("message", (msg) => {
        if (msg.op === "copy") {
            for (const m of msg.dirs) copyTree(mp.FS, m.dir, m.at);
            parentPort.postMessage({ ok: true });
            return;
        }
        out = [];
        err = [];
        const started = performance.now();
        let error = null;
        try {
            // A separate call, and none at all when carrying on with the same
            // mounts: memory measurements across requests see no garbage of it.
            if (!msg.keep_globals || onPath === null) {
                mp.runPython(
                    `import sys, os\nsys.path.clear()\nsys.path.extend(${JSON.stringify(msg.paths)} + ${basePath})\n` +
                    `os.chdir(${JSON.stringify(msg.cwd)})\nimport micropython\nmicropython.opt_level(0)\n` +
                    `globals().clear()\n__name__ = '__main__'\n`);
                onPath = msg.paths;
            } else {
                const more = msg.paths.filter((d) => !onPath.includes(d));
                if (more.length) {
                    mp.runPython(`import sys as _s\nfor _d in reversed(${JSON.stringify(more)}):\n    _s.path.insert(0, _d)\ndel _s, _d\n`);
                    onPath = [...more, ...onPath];
                }
            }
            mp.runPython(msg.code);
        } catch (e) {
            if (e.name !== "PythonError") throw e;
            error = describe(e.type, e.message);
        }
        parentPort.postMessage({
            stdout: decoder.decode(new Uint8Array(out)),
            stderr: decoder.decode(new Uint8Array(err)),
            error,
            ms: Math.round(performance.now() - started),
        });
    });
}

// The PythonError message is the whole traceback; its last line is "Type: message".
function describe(type, traceback) {
    const lines = traceback.replace(/\n+$/, "").split("\n");
    const last = lines[lines.length - 1] || "";
    let message = last;
    if (last === type) message = "";
    else if (last.startsWith(type + ": ")) message = last.slice(type.length + 2);
    return { type, message, traceback };
}

// "DIR" or "DIR=AT": the directory on this machine and where the interpreter sees it.
function mountOf(spec) {
    const i = spec.lastIndexOf("=");
    const dir = path.resolve(i > 0 ? spec.slice(0, i) : spec);
    return { dir, at: i > 0 ? path.posix.resolve(spec.slice(i + 1)) : dir };
}

function copyTree(FS, dir, at) {
    if (at !== "/") FS.mkdirTree(at);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name.startsWith(".") || entry.name === "__pycache__" || entry.name.endsWith(".pyc")) continue;
        const full = path.join(dir, entry.name);
        const inside = path.posix.join(at, entry.name);
        if (entry.isDirectory()) copyTree(FS, full, inside);
        else if (entry.isFile()) FS.writeFile(inside, fs.readFileSync(full));
    }
}
