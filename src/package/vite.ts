/**
 * Placeholder for the Vite plugin (`steergraph/vite`), so the package builds; the plugin's own
 * source, written on another branch, replaces this file.
 */
export default function steergraph(): import('vite').Plugin {
  return { name: 'steergraph' };
}
