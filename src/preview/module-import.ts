/**
 * Runs module text in the page: a Blob URL and a dynamic import() (DESIGN.md contract 3: the page
 * runs the emitted source itself). The URL is revoked once the import settles; the module stays
 * loaded.
 */
export async function importModuleText(source: string): Promise<unknown> {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  try {
    return await import(/* @vite-ignore */ url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
