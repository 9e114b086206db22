// Shared by the browser benchmarks: waits until a local server answers at `url`.

/** Resolves once `url` answers 2xx; throws after `ms` milliseconds. */
export async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer at ${url}`);
}
