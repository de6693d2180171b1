/** Vite's `?raw` imports (docs read by tests/api/platform/docs.test.ts): the file's text. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}

/** Vite's `import.meta.glob` (the source scan of tests/api/platform/visitor-address.test.ts). */
interface ImportMeta {
  glob<T>(patterns: string | string[], options: { query?: string; import?: string; eager: true }): Record<string, T>;
}
