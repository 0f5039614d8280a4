// CSV files the back office downloads (the catalogue's export, the orders' export): streamed, so a file of 100,000
// rows never sits in memory, with a UTF-8 BOM first (spreadsheets then read Arabic text as UTF-8). A cell a
// spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) gets an apostrophe in
// front; the catalogue's import takes that apostrophe off again.
import { Readable, pipeline } from 'node:stream';

export type Cell = string | number;

/** A text cell made inert for spreadsheets. */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The rows `records` yields, under a header of `columns`, as a CSV stream; text cells are made inert. */
export async function csvStream(
  columns: readonly string[],
  records: AsyncIterable<Cell[]>,
): Promise<Readable> {
  const { stringify } = await import('csv-stringify');
  async function* inert(): AsyncGenerator<Cell[]> {
    for await (const row of records) yield row.map((c) => (typeof c === 'string' ? neutralise(c) : c));
  }
  const csv = stringify({ bom: true, header: true, columns: [...columns] });
  return pipeline(Readable.from(inert()), csv, () => {});
}
