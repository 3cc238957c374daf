// Run a Python script in Pyodide (the Python of xlwings Lite) under Node, offline:
//     node tests/pyodide/run.mjs DIR SCRIPT
// Every file of DIR is copied into Pyodide's home folder (/home/pyodide, the working directory,
// first on sys.path), SCRIPT (a file of DIR) runs there, and the files it writes into its home
// folder are copied back into DIR. Pyodide loads its interpreter and standard library from the
// npm package in tests/pyodide/node_modules (no network); nothing else is installed.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

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
  if (name === "." || name === ".." || before.has(name)) continue;
  const stat = pyodide.FS.stat(`${home}/${name}`);
  if (pyodide.FS.isFile(stat.mode)) fs.writeFileSync(path.join(dir, name), pyodide.FS.readFile(`${home}/${name}`));
}
process.exit(code);
