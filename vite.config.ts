import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildConfig } from './scripts/build-config.ts';
import { contentPlugin } from './scripts/content/vite-plugin.ts';

const config = buildConfig(process.env);

export default defineConfig({
  plugins: [react(), contentPlugin()],
  define: {
    __ACCESS_PASSWORD_SHA256__: JSON.stringify(config.accessPasswordSha256),
    __RESULT_ENDPOINT__: JSON.stringify(config.resultEndpoint),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
