import { defineConfig } from 'vite';

// Down-levels the app and every dependency: object spread, classes and async functions are
// rewritten with helpers, which must never leak into the preview frame.
export default defineConfig({ build: { target: 'es2017' } });
