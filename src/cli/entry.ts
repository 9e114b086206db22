/**
 * The built command's entry (lib/cli.mjs, scripts/build-package.mjs): `main` over this process's
 * arguments and streams, as bin/steergraph.mjs runs it over the sources. `--version` alone is
 * answered before the compiler is loaded (its modules are initialized only on the import of
 * main), so that it costs little more than Node's own start.
 */
import { VERSION } from './version';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { main } = await import('./main');
  process.exitCode = await main(argv, {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    cwd: process.cwd(),
  });
}
