// node-postgres's own conversion of a query parameter to the text it sends (pg/lib/utils.js has no types of its own).
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): unknown;
}
