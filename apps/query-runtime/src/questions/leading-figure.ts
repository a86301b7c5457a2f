// An aggregate answers its measure's total and average both (`sum_x` and `avg_x`, or `sum` and
// `avg` of a chosen column), first the one it is named for. A question that asks for the other
// ("the average total price", "total hours worked" of `avg_hours_worked`) gets its rows with the
// figure it asked for first: the same values, led by the asked one (trials 18 and 21: 13 of 200
// questions had their answer as the row's second figure).

export type Figure = 'total' | 'average';

const prefixes: Record<Figure, [asked: string, other: string]> = { total: ['sum', 'avg'], average: ['avg', 'sum'] };
// The other figure's key, and the measure it is of (`avg_price` → `_price`; `avg` of a chosen column → none).
const otherKeys: Record<Figure, RegExp> = { total: /^avg(_.+)?$/, average: /^sum(_.+)?$/ };

/** One row's JSON text with the asked figure before the other of the same measure; the text itself when nothing moves. */
export function leadRowWith(row: string, figure: Figure): string {
  const [asked, other] = prefixes[figure];
  // (Cheap test first: most rows of most programs hold no such pair.)
  if (!row.includes(`"${other}`) || !row.includes(`"${asked}`)) return row;
  const parsed: unknown = JSON.parse(row);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return row;
  const record = parsed as Record<string, unknown>;
  const order = Object.keys(record);
  let moved = false;
  for (const key of Object.keys(record)) {
    const match = otherKeys[figure].exec(key);
    const partner = match ? `${asked}${match[1] ?? ''}` : undefined;
    if (partner === undefined || !(partner in record) || order.indexOf(partner) < order.indexOf(key)) continue;
    order.splice(order.indexOf(partner), 1);
    order.splice(order.indexOf(key), 0, partner);
    moved = true;
  }
  return moved ? JSON.stringify(Object.fromEntries(order.map((key) => [key, record[key]]))) : row;
}

/** A JSON array of rows with the asked figure first in each (see `leadRowWith`). */
export function leadRowsWith(json: string, figure: Figure | undefined): string {
  if (figure === undefined) return json;
  const [asked, other] = prefixes[figure];
  if (!json.includes(`"${other}`) || !json.includes(`"${asked}`)) return json;
  const rows: unknown = JSON.parse(json);
  if (!Array.isArray(rows)) return json;
  return `[${rows.map((row) => leadRowWith(JSON.stringify(row), figure)).join(',')}]`;
}
