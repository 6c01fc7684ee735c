/** One measured case, as the table prints it. */
export interface CaseFigures {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, connection errors and timeouts. */
  non2xx: number;
  errors: number;
  /** CPU time of the server process per answered request, in ms. */
  cpuMsPerRequest: number;
  /** CPU time of the PostgreSQL backends serving the server per request, in ms (PostgreSQL only). */
  databaseCpuMsPerRequest: number | undefined;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** The same read from the floor (floor-server.ts): its requests per second, and its CPU per request. */
  floor?: { requestsPerSecond: number; cpuMsPerRequest: number };
}

const COLUMNS = [
  ['case', 24],
  ['req/s', 9],
  ['floor req/s', 11],
  ['of floor', 8],
  ['of bare', 7],
  ['p50 ms', 8],
  ['p99 ms', 8],
  ['non-2xx', 9],
  ['errors', 8],
  ['CPU ms/req', 10],
  ['floor CPU', 9],
  ['DB CPU ms/req', 13],
  ['RSS MB before', 15],
  ['after', 7],
] as const;

/** A table in Markdown, so that it can go into docs/performance.md as printed. */
export function formatTable(rows: CaseFigures[], bareRequestsPerSecond: number): string {
  const cell = (value: string, index: number) => {
    const width = COLUMNS[index]?.[1] ?? 8;
    return index === 0 ? value.padEnd(width) : value.padStart(width);
  };
  const line = (values: string[]) => `| ${values.map(cell).join(' | ')} |`;
  const header = line(COLUMNS.map(([title]) => title));
  const rule = `| ${COLUMNS.map(([, width], index) => (index === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  const body = rows.map((row) =>
    line([
      row.label,
      row.requestsPerSecond.toFixed(0),
      row.floor?.requestsPerSecond.toFixed(0) ?? '',
      row.floor ? (row.requestsPerSecond / row.floor.requestsPerSecond).toFixed(2) : '',
      (row.requestsPerSecond / bareRequestsPerSecond).toFixed(2),
      row.p50Ms.toFixed(1),
      row.p99Ms.toFixed(1),
      row.non2xx > 0 ? `!! ${row.non2xx}` : '0',
      row.errors > 0 ? `!! ${row.errors}` : '0',
      row.cpuMsPerRequest.toFixed(2),
      row.floor?.cpuMsPerRequest.toFixed(2) ?? '',
      row.databaseCpuMsPerRequest?.toFixed(2) ?? '',
      Number.isNaN(row.rssBeforeMb) ? '' : row.rssBeforeMb.toFixed(0),
      Number.isNaN(row.rssAfterMb) ? '' : row.rssAfterMb.toFixed(0),
    ]),
  );
  const failing = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
  const warnings = failing.map(
    (row) =>
      `!!! ${row.label}: ${row.non2xx} non-2xx answers and ${row.errors} errors: its figures do not measure the real work`,
  );
  return [header, rule, ...body, ...(warnings.length > 0 ? ['', ...warnings] : [])].join('\n');
}
