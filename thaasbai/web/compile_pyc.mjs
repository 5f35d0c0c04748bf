// Compiles Python sources to .pyc with Pyodide's own Python (the one the static app runs),
// under node: `thaasbai build-web` calls it through thaasbai/web/bytecode.py.
//
//   node compile_pyc.mjs PYODIDE_DIR WORK_DIR
//
// WORK_DIR/job.json lists the file names to compile into the code (co_filename); source i
// is WORK_DIR/src/<i>.py and its bytecode goes to WORK_DIR/out/<i>.pyc (unchecked
// hash-based, so nothing depends on file times).  A source that does not compile gets no
// .pyc.  PYTHONHASHSEED is fixed: the bytes depend only on the sources.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONHASHSEED: "0" } });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: workDir }, "/work");
const failed = py.runPython(`
import json, os, py_compile
names = json.load(open("/work/job.json", encoding="utf-8"))
os.makedirs("/work/out", exist_ok=True)
failed = 0
for i, name in enumerate(names):
    try:
        py_compile.compile(
            f"/work/src/{i}.py", f"/work/out/{i}.pyc", dfile=name, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    except py_compile.PyCompileError:
        failed += 1
failed
`);
console.log(`compiled ${py.runPython("len(names)") - failed}, failed ${failed}`);
