#!/usr/bin/env node
// The `steergraph` command. It runs the TypeScript sources through tsx, so it works right after
// `npm install` with no build step.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  cwd: process.cwd(),
});
