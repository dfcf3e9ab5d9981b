// Finds the table names that the SQL written in the API host's source refers to, so a test
// can hold them against the tables the migrations create.

/** Stands in for a `${…}` interpolation: a bind parameter or a nested fragment. */
const HOLE = ' $hole ';

/** Returns the end (exclusive) of the template literal whose opening backtick is at `start`. */
function scanTemplate(source: string, start: number, onText: (text: string) => void): number {
  let text = '';
  let i = start + 1;
  while (i < source.length) {
    const char = source[i];
    if (char === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (char === '`') {
      onText(text);
      return i + 1;
    } else if (char === '$' && source[i + 1] === '{') {
      i = scanExpression(source, i + 2);
      text += HOLE;
    } else {
      text += char;
      i++;
    }
  }
  throw new Error(`unterminated template literal at ${start}`);
}

/** Returns the index just past the `}` that closes an interpolation starting at `start`. */
function scanExpression(source: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (char === '`') {
      i = scanTemplate(source, i, () => {});
    } else if (char === "'" || char === '"') {
      i = scanQuoted(source, i).end;
    } else if (char === '{') {
      depth++;
      i++;
    } else if (char === '}') {
      if (depth === 0) return i + 1;
      depth--;
      i++;
    } else {
      i++;
    }
  }
  throw new Error(`unterminated interpolation at ${start}`);
}

function scanQuoted(source: string, start: number): { text: string; end: number } {
  const quote = source[start];
  let i = start + 1;
  let text = '';
  while (i < source.length && source[i] !== quote) {
    if (source[i] === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else {
      text += source[i];
      i++;
    }
  }
  return { text, end: i + 1 };
}

// An untagged string counts as SQL only when it holds a statement written the way the
// code base writes SQL (upper-case keywords), so prose such as pt-BR messages never does.
const SQL_STATEMENT = /\b(SELECT\b[\s\S]*\bFROM|INSERT INTO|UPDATE\s+\w+\s+SET|DELETE FROM|CREATE TABLE)\b/;

/**
 * The SQL texts of a TypeScript source: every `sql` tagged template (nested fragments each
 * on their own, interpolations replaced by a placeholder) and every plain string or
 * untagged template that reads as an SQL statement (`sql.raw('…')`, driver calls).
 */
export function sqlTexts(source: string): string[] {
  const texts: string[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (char === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i) + 2;
      if (i < 2) break;
    } else if (char === "'" || char === '"') {
      const { text, end } = scanQuoted(source, i);
      if (SQL_STATEMENT.test(text)) texts.push(text);
      i = end;
    } else if (char === '`') {
      const tagged = /\bsql\s*$/.test(source.slice(Math.max(0, i - 10), i));
      // Nested templates inside interpolations are found by scanning their expressions too.
      const end = scanTemplate(source, i, (text) => {
        if (tagged || SQL_STATEMENT.test(text)) texts.push(text);
      });
      for (const nested of sqlTexts(interpolations(source.slice(i, end)))) texts.push(nested);
      i = end;
    } else {
      i++;
    }
  }
  return texts;
}

/** The source of a template literal's interpolations, joined, for a nested scan. */
function interpolations(template: string): string {
  const parts: string[] = [];
  let i = 1;
  while (i < template.length - 1) {
    if (template[i] === '\\') {
      i += 2;
    } else if (template[i] === '$' && template[i + 1] === '{') {
      const end = scanExpression(template, i + 2);
      parts.push(template.slice(i + 2, end - 1));
      i = end;
    } else {
      i++;
    }
  }
  return parts.join(';\n');
}

/** SQL text without comments and without the contents of its string literals. */
function stripLiterals(text: string): string {
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

// Keywords that may stand between FROM / JOIN and the relation.
const RELATION_PREFIXES = new Set(['lateral', 'only']);
// Where a FROM list ends.
const FROM_LIST_END = new Set([
  'where',
  'group',
  'order',
  'limit',
  'offset',
  'returning',
  'having',
  'union',
  'intersect',
  'except',
  'window',
  'for',
  'do',
  'set',
  ';',
]);
// Functions whose argument list uses FROM without naming a table: extract(epoch FROM x).
const FROM_FUNCTIONS = new Set(['extract', 'substring', 'trim', 'position', 'overlay']);

/** Names that SQL text defines for itself: CTEs (`name AS (`) and their column lists. */
export function definedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of stripLiterals(text).matchAll(
    /\b(\w+)\s*(?:\([^()]*\))?\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(/gi,
  )) {
    names.add(match[1]!.toLowerCase());
  }
  return names;
}

/**
 * The relation names an SQL text reads or writes after FROM, JOIN, INTO, UPDATE, DELETE
 * FROM and REFERENCES (schema-qualified when written so), lower-cased. Subqueries, table
 * functions (`generate_series(…)`), placeholders, `IS DISTINCT FROM`, `FOR UPDATE`,
 * `DO UPDATE` and `extract(… FROM …)` are not relations and are skipped.
 */
export function referencedRelations(text: string): string[] {
  const tokens = stripLiterals(text).match(/"[^"]+"|\$?\w+(?:\.\w+|\."[^"]+")*|[(),;]/g) ?? [];
  const lower = tokens.map((token) => token.toLowerCase());
  const found: string[] = [];
  const openers: string[] = [];
  // After INTO and REFERENCES a parenthesis opens a column list; after FROM and JOIN it
  // makes the name a table function such as generate_series(…).
  const relationAt = (index: number, columnList = false): string | null => {
    let k = index;
    while (RELATION_PREFIXES.has(lower[k] ?? '')) k++;
    const token = lower[k];
    if (!token || !/^("[^"]+"|[a-z_]\w*)(\.("[^"]+"|[a-z_]\w*))?$/.test(token)) return null;
    if (!columnList && lower[k + 1] === '(') return null;
    return token.replaceAll('"', '');
  };
  for (let i = 0; i < lower.length; i++) {
    const token = lower[i]!;
    if (token === '(') openers.push(lower[i - 1] ?? '');
    else if (token === ')') openers.pop();
    const previous = lower[i - 1];
    let relation: string | null = null;
    if (token === 'from') {
      if (previous === 'distinct' || FROM_FUNCTIONS.has(openers.at(-1) ?? '')) continue;
      relation = relationAt(i + 1);
      // FROM a, b: every item of the list is a relation (subqueries in it are skipped).
      let depth = 0;
      for (let k = i + 1; k < lower.length; k++) {
        const item = lower[k]!;
        if (item === '(') depth++;
        else if (item === ')' && depth-- === 0) break;
        else if (depth > 0) continue;
        else if (FROM_LIST_END.has(item)) break;
        else if (item === ',') {
          const next = relationAt(k + 1);
          if (next) found.push(next);
        }
      }
    } else if (token === 'join') {
      relation = relationAt(i + 1);
    } else if (token === 'into' || token === 'references') {
      relation = relationAt(i + 1, true);
    } else if (token === 'update') {
      // FOR UPDATE, FOR NO KEY UPDATE and ON CONFLICT … DO UPDATE lock or upsert; they name no table.
      if (previous === 'for' || previous === 'key' || previous === 'do') continue;
      relation = relationAt(i + 1);
    }
    if (relation) found.push(relation);
  }
  return found;
}
