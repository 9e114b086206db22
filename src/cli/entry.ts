/**
 * The built command's entry (lib/cli.mjs, scripts/build-package.mjs): `main` over this process's
 * arguments and streams, as bin/steergraph.mjs runs it over the sources.
 */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  cwd: process.cwd(),
});
