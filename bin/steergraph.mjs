#!/usr/bin/env node
// The `steergraph` command. In the installed package it runs the built lib/cli.mjs (JavaScript,
// no TypeScript compiled at start-up). In this repository's checkout, where the sources are, it
// runs them through tsx, so what it runs is always what is checked out, never an older lib/.
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  const { tsImport } = await import('tsx/esm/api');
  const { main } = await tsImport('../src/cli/main.ts', import.meta.url);
  process.exitCode = await main(process.argv.slice(2), {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    cwd: process.cwd(),
  });
} else {
  await import('../lib/cli.mjs');
}
