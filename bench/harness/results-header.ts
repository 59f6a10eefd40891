/** The fixed top of bench/RESULTS.md, used when the file does not exist yet. */
export const RESULTS_HEADER = `# Benchmark results

Run every benchmark with \`npm run bench\` (quick scale, a smoke run) or
\`npm run bench -- --full\` (the scale the targets are judged at); \`--only api,memory\` selects
benchmarks. Each run is inserted below, newest first, with its date, commit, cores and command.
Pass/miss is decided on the median of a full-scale run only. Every miss is explained (where the
time or the bytes go) in the "Explanations" section.
`;
