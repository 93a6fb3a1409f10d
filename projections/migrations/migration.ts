/** A schema change applied once, in `id` order. Ids are `NNNN-what`; never edit one that has shipped. */
export interface Migration {
  id: string;
  sql: string;
}
