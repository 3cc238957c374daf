// Run a Python script in Pyodide (the Python of xlwings Lite) under Node, offline:
//     node tests/pyodide/run.mjs DIR SCRIPT
// Every file of DIR is copied into Pyodide's home folder (/home/pyodide, the working directory,
// first on sys.path), SCRIPT (a file of DIR) runs there, and the files it writes into its home
// folder (new or changed) are copied back into DIR. TBXL_PYODIDE names the npm package to load
// (default "pyodide"; package.json also has "pyodide-314"). Pyodide loads its interpreter and
// standard library from that package in tests/pyodide/node_modules (no network); nothing else is
// installed.
import fs from "node:fs";
import path from "node:path";
const { loadPyodide } = await import(process.env.TBXL_PYODIDE || "pyodide");

const [dir, script] = process.argv.slice(2);
if (!dir || !script) {
  console.error("usage: node run.mjs DIR SCRIPT");
  process.exit(2);
}
const home = "/home/pyodide";
const pyodide = await loadPyodide({
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
const before = new Set(fs.readdirSync(dir));
for (const name of before) {
  const file = path.join(dir, name);
  if (fs.statSync(file).isFile()) pyodide.FS.writeFile(`${home}/${name}`, fs.readFileSync(file));
}
let code = 0;
try {
  pyodide.runPython(`import os, sys; os.chdir(${JSON.stringify(home)}); sys.path.insert(0, ${JSON.stringify(home)})`);
  await pyodide.runPythonAsync(fs.readFileSync(path.join(dir, script), "utf8"), { filename: script });
} catch (err) {
  console.error(String(err));
  code = 1;
}
for (const name of pyodide.FS.readdir(home)) {
  if (name === "." || name === "..") continue;
  if (!pyodide.FS.isFile(pyodide.FS.stat(`${home}/${name}`).mode)) continue;
  const data = pyodide.FS.readFile(`${home}/${name}`);
  const file = path.join(dir, name);
  if (!before.has(name) || !Buffer.from(data).equals(fs.readFileSync(file))) fs.writeFileSync(file, data);
}
process.exit(code);
