import { defineConfig } from 'vite';
import steergraph from 'steergraph/vite';

// `?behavior` imports of scene files become behaviour modules (docs/vite.md)
export default defineConfig({
  plugins: [steergraph()],
});
