// Thaasbai: makes this build's Python snapshot (see pyodide-snapshot.mjs), in a worker of
// its own so the app's Python never waits for it.  It starts Pyodide as the app's worker
// does, unpacks the same app archive, imports the modules the running app had imported
// (the few that need the page, such as Flet's connection, are imported after a restore),
// and stores the snapshot.  Answers {ok, bytes, skipped} or {ok: false, error}.
// The build puts shell.NO_JSPI above this line: the snapshot is made the way the app's
// worker runs Python, without JSPI.
import { store } from './pyodide-snapshot.mjs';

const IMPORTS = `
import importlib, json, os, sys
APP = os.path.abspath("app.zip")
if APP not in sys.path:
    sys.path.insert(0, APP)
skipped = []
for name in json.loads(MODULES):
    if name in sys.modules or name in ("__main__", "main"):
        continue
    try:
        importlib.import_module(name)
    except Exception:
        skipped.append(name)
json.dumps(skipped)
`;

self.onmessage = async (event) => {
  const { pyodideUrl, appUrl, modules, key } = event.data;
  try {
    const archive = fetch(appUrl).then((r) => {
      if (!r.ok) throw new Error(`app archive: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    const { loadPyodide } = await import(pyodideUrl);
    const pyodide = await loadPyodide({ _makeSnapshot: true });
    pyodide.unpackArchive(await archive, 'gztar');
    // The list goes in as a Python string literal: a JavaScript object handed to Python
    // would be a reference the snapshot cannot hold.
    const code = IMPORTS.replace('MODULES', JSON.stringify(modules));
    const skipped = JSON.parse(pyodide.runPython(code));
    const snapshot = pyodide.makeMemorySnapshot();
    await store(key, snapshot);
    self.postMessage({ ok: true, bytes: snapshot.byteLength, skipped });
  } catch (e) {
    self.postMessage({ ok: false, error: String(e) });
  }
};
