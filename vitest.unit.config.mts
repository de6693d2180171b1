import { defineConfig } from 'vitest/config';

// Unit tests of isomorphic code (src/shared), of scripts and of the UI kit's server-rendered markup, on Node.
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' },
});
