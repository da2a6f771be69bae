#!/usr/bin/env node
// The `selection-workshop` command (package.json "bin"): one contract method, JSON in, JSON out.
// Builds the Node side on first use and after a source change, else starts at once.
import { buildNode } from './build-node.mjs';

await buildNode({ electron: false });
const { cliMain } = await import('../build/node/cli.mjs');
await cliMain(process.argv.slice(2));
