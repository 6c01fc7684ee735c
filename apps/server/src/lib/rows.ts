/** The row an insert or update `returning()` must have produced. */
export function theRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('Expected the statement to return a row');
  return row;
}
