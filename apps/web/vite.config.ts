import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (apps/server) serves the built app from apps/web/dist; in development
// vite serves it and forwards the API and the notification websocket to the server.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/taxrecon': { target: 'http://127.0.0.1:8080', ws: true, changeOrigin: false } },
  },
});
