import { defineConfig } from 'vitest/config';

// Unit tests of isomorphic code (src/shared) and of scripts, on Node.
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node' },
});
