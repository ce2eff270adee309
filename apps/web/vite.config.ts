import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the built SPA and everything it calls (architecture.md): in development, Vite proxies
// those paths to the API on its default port.
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    sourcemap: true,
    // identity.md #8: the redirect bridge is its own page, without the app's code.
    rollupOptions: { input: { main: 'index.html', redirect: 'redirect.html' } },
  },
  server: {
    proxy: { '/api': api, '/links': api, '/environment': api },
  },
});
