/** Vite's `?raw` imports (docs read by tests/api/docs.test.ts): the file's text. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
