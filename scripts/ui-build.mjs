// Puts the web UI's static files beside its compiled sources (dist/ui, where `tsc -p ui` writes):
// index.html and app.css from ui/, and the vendored ES modules from node_modules, flat, under the
// names ui/index.html's import map gives them; then the compressed forms of the big files (gzip and
// brotli, beside each file), which the server reads instead of compressing at every start. Run by
// `npm run build` after both tsc passes.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'ui');
mkdirSync(out, { recursive: true });

const files = [
  ['ui/index.html', 'index.html'],
  ['ui/app.css', 'app.css'],
  ['node_modules/preact/dist/preact.module.js', 'vendor-preact.js'],
  ['node_modules/preact/hooks/dist/hooks.module.js', 'vendor-preact-hooks.js'],
  ['node_modules/htm/dist/htm.module.js', 'vendor-htm.js'],
  ['node_modules/htm/preact/index.module.js', 'vendor-htm-preact.js'],
  ['node_modules/uplot/dist/uPlot.esm.js', 'vendor-uplot.js'],
  ['node_modules/uplot/dist/uPlot.min.css', 'uPlot.min.css'],
];
for (const [from, to] of files) copyFileSync(join(root, from), join(out, to));

// The server's own code writes them (dist/, compiled by the tsc pass before this script).
const { writeCompressedUi } = await import(pathToFileURL(join(root, 'dist', 'api', 'routes', 'web-ui.js')).href);
writeCompressedUi(out);
