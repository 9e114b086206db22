/** Bundles the runtime core; see core-bundle.mjs. */
export function buildCoreSource(root: string): Promise<string>;
/** The generated TypeScript file's text. */
export function coreFileText(code: string): string;
