// pytest inside Pyodide, on node: the same runtime (and Python 3.14) as the static app in
// the browser, with no threads, processes or sockets.  The checkout is mounted at /repo;
// only the pure-Python test tools named below are put on sys.path (never the native
// packages beside them), so code that would only work natively fails here too.
//
//   node run_pytest.mjs PYODIDE_DIR REPO SITE_PACKAGES [pytest arguments...]
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repo, sitePackages, ...pytestArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const NODEFS = py.FS.filesystems.NODEFS;
py.FS.mkdirTree("/repo");
py.FS.mount(NODEFS, { root: repo }, "/repo");
py.FS.mkdirTree("/site");
py.FS.mount(NODEFS, { root: sitePackages }, "/site");
py.globals.set("pytest_args", py.toPy(pytestArgs));
try {
  const status = await py.runPythonAsync(`
import os, sys
TOOLS = ("pytest", "_pytest", "py.py", "pluggy", "iniconfig", "packaging", "hypothesis",
         "_hypothesis_ftz_detector.py", "_hypothesis_globals.py", "_hypothesis_pytestplugin.py",
         "sortedcontainers", "attr", "attrs", "pygments", "pytest_timeout.py",
         # the app's own pure-Python dependencies, as the static build packs them
         "flet", "repath.py", "six.py", "msgpack", "segno")
os.makedirs("/tools", exist_ok=True)
for name in TOOLS:
    if os.path.exists("/site/" + name):
        os.symlink("/site/" + name, "/tools/" + name)
os.chdir("/repo")
sys.path[:0] = ["/repo", "/tools"]
import pytest
int(pytest.main(list(pytest_args)))
`);
  process.exitCode = Number(status);
} catch (err) {
  console.error(err.message); // a Python traceback, not the runtime's source
  process.exitCode = 3;
}
