// Only the version: the bundle (scripts/build-package.mjs) keeps this one field of package.json.
import { version } from '../../package.json';

/** The package's version, as `steergraph --version` prints it. */
export const VERSION: string = version;
