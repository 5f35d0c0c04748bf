// Runs Python code in Pyodide on node, with the checkout mounted at /repo and on sys.path;
// prints what the code's last expression evaluates to.  Used by bench/web.py.
//   node pyodide_run.mjs PYODIDE_DIR REPO CODE
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repo, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.runPython("import sys; sys.path[:0] = ['/repo', '/repo/bench']");
console.log(String(await py.runPythonAsync(code)));
