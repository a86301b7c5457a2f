// Generated records shared by the benchmarks: orders with a city, a category, amounts, a date and a note.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
const cities = ['Berlin', 'Paris', 'Lisbon', 'Oslo', 'Rome', 'Vienna', 'Madrid', 'Prague', 'Dublin', 'Athens'];
export function* generated(count: number): Generator<Record<string, unknown>> {
  for (let i = 0; i < count; i += 1) {
    yield {
      id: i + 1,
      city: cities[i % cities.length],
      category: `c${i % 37}`,
      amount: Math.round(((i * 7919) % 100_000) / 7) / 100,
      quantity: (i * 31) % 500,
      paid: i % 3 !== 0,
      day: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      note: i % 11 === 0 ? null : `order ${i} for ${cities[(i * 3) % cities.length]}`,
    };
  }
}


/** A fixture API on loopback streaming `count` generated records as NDJSON (it holds none of them). */
export async function startRecordsFixture(count: number): Promise<{ port: number; close(): void }> {
  const server = createServer(async (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const record of generated(count)) if (!response.write(`${JSON.stringify(record)}\n`)) await once(response, 'drain');
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => void server.close() };
}
