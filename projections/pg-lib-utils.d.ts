// node-postgres's own conversion of a query parameter to the text it sends, and its literal quoting (pg/lib/utils.js
// has no types of its own; sql-literal.ts writes the same text, its unit test compares the two).
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): unknown;
  export function escapeLiteral(text: string): string;
}
