#!/usr/bin/env node
// `wrangler d1 export` writes each table followed by its rows, in the order the tables were created. A table
// rebuilt by a later migration (created as `x_new`, renamed) comes after the tables whose foreign keys name it, so
// executing the export as it is fails on the first row of such a table ("no such table: main.promo_codes"). This
// puts every CREATE TABLE first, then every row, then the rest (indexes and triggers, which the export writes last
// already), without changing any statement.
//   node scripts/lib/d1-dump.mjs <export.sql> <ordered.sql>
import { readFileSync, writeFileSync } from 'node:fs';

/** Splits the statements before the first index, view or trigger; answers them and the verbatim rest. */
function split(text) {
  const statements = [];
  let start = 0;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) {
        if (text[i + 1] === quote) i++;
        else quote = null;
      }
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      continue;
    }
    // Comments kept inside a CREATE statement's text may hold quotes or semicolons.
    if (ch === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (ch !== ';') continue;
    const statement = text.slice(start, i + 1).trim();
    if (/^CREATE\s+(UNIQUE\s+INDEX|INDEX|TRIGGER|VIEW)\b/i.test(statement)) {
      return { statements, rest: text.slice(start).trim() };
    }
    if (statement) statements.push(statement);
    start = i + 1;
  }
  return { statements, rest: text.slice(start).trim() };
}

export function tablesFirst(text) {
  const { statements, rest } = split(text);
  const kind = (s) => (/^PRAGMA\b/i.test(s) ? 0 : /^CREATE\s+(VIRTUAL\s+)?TABLE\b/i.test(s) ? 1 : 2);
  const ordered = [0, 1, 2].flatMap((k) => statements.filter((s) => kind(s) === k));
  return `${[...ordered, rest].filter(Boolean).join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('Usage: node scripts/lib/d1-dump.mjs <export.sql> <ordered.sql>');
    process.exit(1);
  }
  writeFileSync(output, tablesFirst(readFileSync(input, 'utf8')));
}
