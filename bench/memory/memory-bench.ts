import type { Bench } from '../harness/bench.js';
export const memoryBench: Bench = { name: 'memory', title: 'todo', async run() { return []; } };
